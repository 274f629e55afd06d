/**
 * Money travels as decimal strings ("12.30") and is stored as integer cents, up to 9,999,999.99:
 * within PostgreSQL's `integer` (a card price of 21,474,836.48 failed a whole import there, while
 * SQLite took it), and a unit price times the 100,000 copies an entry may hold stays exact in a
 * double. A longer amount is no amount (a card price that does not parse: no price).
 */
const DECIMAL = /^\d{1,7}(\.\d{1,2})?$/;

export function toCents(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (!DECIMAL.test(value)) return null;
  const [whole, frac = ''] = value.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

export function fromCents(cents: number): string;
export function fromCents(cents: number | null | undefined): string | null;
export function fromCents(cents: number | null | undefined): string | null {
  if (cents === null || cents === undefined) return null;
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
