import { describe, expect, it } from 'vitest';
import { nextChunkSize } from '../../src/collection/listing.js';

describe('nextChunkSize: value-history statements sized to about 4 ms each', () => {
  it('shrinks a chunk whose statement took longer, in proportion', () => {
    // A year of daily prices: 50 holdings took 100 ms, so 2 fit in 4 ms.
    expect(nextChunkSize(50, 100)).toBe(2);
    expect(nextChunkSize(50, 8)).toBe(25);
  });

  it('grows a quick chunk at most fourfold a statement, and never past 2,000 holdings', () => {
    expect(nextChunkSize(50, 2)).toBe(100);
    expect(nextChunkSize(50, 0.5)).toBe(200);
    expect(nextChunkSize(1_000, 0)).toBe(2_000);
  });

  it('prices at least one holding a statement, however slow', () => {
    expect(nextChunkSize(1, 5_000)).toBe(1);
    expect(nextChunkSize(50, 10_000)).toBe(1);
  });
});
