import type { Condition, Finish } from '../collection/schemas.js';

export const IMPORT_FORMATS = ['moxfield', 'manabox', 'deckbox', 'archidekt', 'dragonshield', 'tcgplayer', 'csv', 'json'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Where a row came from: `row` counts data rows from 1; `line` is the file line it starts on (null in JSON). */
export interface RowPlace {
  row: number;
  line: number | null;
  /** The row as it was in the file (at most RAW_LIMIT characters). */
  raw: string;
}

/** One row of an import file, read into our vocabulary but not yet matched to a card. */
export interface ImportRow extends RowPlace {
  quantity: number;
  /** The card name as written, and any other spelling the file gives (TCGplayer's Simple Name). */
  name?: string;
  altNames?: string[];
  /** Set code as written (any case, the app's own spelling). */
  set?: string;
  /** Set name, for files that name the set instead of coding it (Deckbox's Edition). */
  setName?: string;
  /** Other names the set may have in the card data (Deckbox's `Extras: X` is Scryfall's `X Tokens`). */
  altSetNames?: string[];
  collectorNumber?: string;
  scryfallId?: string;
  /** Scryfall language code; undefined when the file does not say (the card's own language applies). */
  lang?: string;
  finish: Finish;
  /** The file's app has no word for etched and writes it as foil (Deckbox, TCGplayer). */
  foilMayBeEtched?: true;
  condition: Condition;
  /** USD decimal string, e.g. "12.30". */
  purchasePrice?: string;
  /** Our own formats carry the binder id; the apps' folder names are informational. */
  binderId?: string | null;
  /** Our `csv`'s `binder_name`, or a ManaBox row's binder: the binder to use when `binderId` is not one of the importer's. */
  binderName?: string;
  location?: string;
  tags?: string[];
  notes?: string | null;
  /** Things the reader changed or left out, for the report (a price in another currency). */
  warnings?: string[];
}

/** A row that could not be read (bad number, unknown word, missing name). */
export interface RowError extends RowPlace {
  reason: string;
}

export type ReadItem =
  | { kind: 'row'; row: ImportRow }
  | { kind: 'error'; error: RowError }
  /** A row deliberately left out (quantity 0, a wishlist row, a proxy); becomes a warning. */
  | { kind: 'skip'; skip: RowError };

export const RAW_LIMIT = 500;

export function clipRaw(raw: string): string {
  const s = raw.replace(/(\r\n|\r|\n)$/, '');
  return s.length > RAW_LIMIT ? `${s.slice(0, RAW_LIMIT - 3)}...` : s;
}
