import { describe, expect, it } from 'vitest';
import { axisTop } from '../../web/src/format.js';

describe("the usage chart's value axis", () => {
  it('puts each of its four gridlines on a whole number at or above the peak', () => {
    for (let peak = 0; peak <= 5_000; peak++) {
      const top = axisTop(peak);
      expect(top).toBeGreaterThanOrEqual(peak);
      for (const f of [0.25, 0.5, 0.75]) expect(Number.isInteger(top * f), `${peak}: ${top}`).toBe(true);
    }
  });

  it('rounds the top up to four times 1, 2 or 5 (or 2.5 from 10 up) times a power of ten', () => {
    expect([0, 4, 5, 7, 8, 9, 37, 100, 101, 950].map(axisTop)).toEqual([4, 4, 8, 8, 8, 20, 40, 100, 200, 1000]);
  });
});
