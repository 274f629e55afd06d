import { describe, expect, it } from 'vitest';
import { daysInMonth, isCalendarDay } from '../../src/lib/day.js';

describe('calendar days', () => {
  it.each(['2019-08-04', '2020-02-29', '2000-02-29', '2019-12-31', '0001-01-01'])('takes %s, a day on the calendar', (day) => {
    expect(isCalendarDay(day)).toBe(true);
  });

  it.each(['2019-02-29', '2100-02-29', '2019-04-31', '2019-13-01', '2019-00-10', '2019-07-00', '9999-99-99', '2019-7-4', '2019-07-04T00:00', ''])('refuses %s', (day) => {
    expect(isCalendarDay(day)).toBe(false);
  });

  it('counts the days of each month, leap years by the Gregorian rule', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2019, m))).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect([2020, 2100, 2000].map((y) => daysInMonth(y, 2))).toEqual([29, 28, 29]);
  });
});
