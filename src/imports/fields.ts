/** The collection's `MAX_QUANTITY` (src/collection/schemas.ts; a test keeps them equal): kept here so these pure modules load no schema code. */
export const MAX_QUANTITY = 100_000;
/** The collection's `MAX_TAGS`, likewise. */
export const MAX_TAGS = 20;
/** The collection's `MAX_TAG_LENGTH`, likewise. */
export const MAX_TAG_LENGTH = 40;

/**
 * An app's `Tags` cell: tags separated by commas or semicolons (no sample showed how the apps
 * write several, and both are seen), trimmed, duplicates dropped. Tags the collection would
 * refuse (too long, past the count) are left out with a warning rather than refusing the row:
 * the card is what an app file is imported for.
 */
export function parseAppTags(cell: string, column: string, taken: readonly string[] = []): { tags: string[]; warning?: string } {
  // `taken`: tags the row already has (its flags), which come first and are not repeated.
  const all = [...new Set(cell.split(/[,;]/).map((t) => t.trim()).filter((t) => t !== '' && !taken.includes(t)))];
  const tooLong = all.filter((t) => t.length > MAX_TAG_LENGTH);
  const fitting = all.filter((t) => t.length <= MAX_TAG_LENGTH);
  const room = Math.max(0, MAX_TAGS - taken.length);
  const tags = fitting.slice(0, room);
  const left = [...tooLong, ...fitting.slice(room)];
  if (left.length === 0) return { tags };
  const named = left.map((t) => `"${t.slice(0, 50)}"`).join(', ');
  return { tags, warning: `${column}: ${named} left out (tags are 1..${MAX_TAG_LENGTH} characters, at most ${MAX_TAGS} an entry)` };
}

/**
 * Cell parsers shared by every reader. Each returns the value, or throws a RowProblem
 * whose message becomes the row's `reason`.
 */
export class RowProblem extends Error {}

/** A quantity as the apps and people write it: "3", "3x", "x3". Zero means "skip this row". */
export function parseQuantity(cell: string, column: string): number {
  const m = /^(?:x\s*)?(\d{1,9})(?:\s*x)?$/i.exec(cell.trim());
  if (!m) throw new RowProblem(cell.trim() === '' ? `${column} is empty` : `${column} "${cell.trim()}" is not a whole number of copies`);
  const n = Number(m[1]);
  if (n > MAX_QUANTITY) throw new RowProblem(`${column} ${n} is more than ${MAX_QUANTITY}`);
  return n;
}

const MAX_PRICE_CENTS = 999_999_999; // the schema's 9,999,999.99

/**
 * A price as the apps write it ("12.0", "$0.50", "1,234.56", "0,50" in a European file)
 * to our decimal string "12.00"; undefined for an empty cell.
 */
/** The currency a price cell names when it is not the US dollar (`€2.00`, `2.00 GBP`); undefined for dollars or none. */
export function foreignCurrency(cell: string): 'EUR' | 'GBP' | undefined {
  const m = /^\s*(EUR|GBP|[€£])|(EUR|GBP|[€£])\s*$/i.exec(cell);
  const sign = (m?.[1] ?? m?.[2])?.toUpperCase();
  if (sign === undefined) return undefined;
  return sign === '€' || sign === 'EUR' ? 'EUR' : 'GBP';
}

export function parsePrice(cell: string, column: string): string | undefined {
  let s = cell.trim().replace(/^(?:US\$|USD|EUR|GBP|[$€£])\s*/i, '').replace(/\s*(?:USD|EUR|GBP|[$€£])$/i, '');
  if (s === '') return undefined;
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) s = s.replace(/,/g, '');
  else if (/^\d+,\d{1,2}$/.test(s)) s = s.replace(',', '.');
  const m = /^(\d+)(?:\.(\d*))?$/.exec(s);
  const fraction = (m?.[2] ?? '').replace(/0+$/, '');
  if (!m || fraction.length > 2) throw new RowProblem(`${column} "${cell.trim()}" is not a price`);
  const cents = Number(m[1]) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents > MAX_PRICE_CENTS) throw new RowProblem(`${column} "${cell.trim()}" is more than 9999999.99`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseScryfallId(cell: string, column: string): string | undefined {
  const s = cell.trim();
  if (s === '') return undefined;
  if (!UUID.test(s)) throw new RowProblem(`${column} "${s}" is not a Scryfall id`);
  return s.toLowerCase();
}

export const MAX_NAME_LENGTH = 200;

export function parseName(cell: string, column: string): string | undefined {
  const s = cell.trim().replace(/\s+/g, ' ');
  if (s === '') return undefined;
  if (s.length > MAX_NAME_LENGTH) throw new RowProblem(`${column} is longer than ${MAX_NAME_LENGTH} characters`);
  return s;
}

/** True for the words apps write for "yes" in flag columns (Moxfield's Proxy, ManaBox's Misprint). */
export function isYes(cell: string): boolean {
  return /^(true|yes|y|1|x)$/i.test(cell.trim());
}

/**
 * A flag column that says yes (`Alter`, `Signed`...): Moxfield and ManaBox write True/False, Deckbox the
 * flag's own word (`signed`, `promo`) or nothing, so anything but an empty cell or a "no" word (false, no,
 * n, off, none, null, nil, 0, -) is set.
 */
export function isFlagSet(cell: string): boolean {
  const v = cell.trim();
  return v !== '' && !/^(false|no|n|off|none|null|nil|0+(\.0+)?|-)$/i.test(v);
}
