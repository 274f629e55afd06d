import { describe, expect, it } from 'vitest';
import { utcDayOf } from '../../src/cards/import.js';
import { fromCents, toCents } from '../../src/lib/money.js';

describe('money as decimal strings and integer cents', () => {
  it('reads up to 9,999,999.99, and nothing longer (no price rather than a number PostgreSQL cannot store)', () => {
    expect(toCents('0.07')).toBe(7);
    expect(toCents('12.3')).toBe(1230);
    expect(toCents('9999999.99')).toBe(999_999_999);
    for (const bad of ['10000000.00', '21474836.48', '999999999.99', '0.555', '-1.00', '1e3', ' 1.00', '']) expect(toCents(bad), bad).toBeNull();
  });

  it('writes cents back exactly, 100,000 copies of the largest price included', () => {
    expect(fromCents(999_999_999 * 100_000 + 21)).toBe('999999999000.21');
    expect(fromCents(7)).toBe('0.07');
  });
});

describe('the day a bulk-data object dates its prices', () => {
  it('is the UTC day of its updated_at', () => {
    expect(utcDayOf('2019-08-11T09:07:44.177+00:00')).toBe('2019-08-11');
    expect(utcDayOf('2019-08-09T23:30:00.000-05:00')).toBe('2019-08-10');
    expect(utcDayOf('2019-08-10T01:00:00+0200')).toBe('2019-08-09');
    expect(utcDayOf('2019-08-10T01:00:00Z')).toBe('2019-08-10');
    expect(utcDayOf('2019-08-10T01:00:00')).toBe('2019-08-10');
    expect(utcDayOf('2019-08-10')).toBe('2019-08-10');
    for (const bad of ['2019-02-31', 'yesterday', '2019-13-01T00:00:00Z']) expect(utcDayOf(bad), bad).toBeUndefined();
  });
});
