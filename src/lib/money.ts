/** Money travels as decimal strings ("12.30") and is stored as integer cents. */
const DECIMAL = /^\d{1,9}(\.\d{1,2})?$/;

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
