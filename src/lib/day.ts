/** Whether `value` is a day that exists on the calendar, written `YYYY-MM-DD`: `2019-02-31` and `9999-99-99` are not. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  // Date rolls an impossible day over into the next month (or gives NaN); a real day comes back unchanged.
  const parsed = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}
