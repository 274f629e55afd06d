/**
 * The compact in-memory card index one process searches. Columns, not objects:
 * numbers live in typed arrays indexed by printing number; text is interned (one
 * copy per distinct string, printings point at it), so a text predicate runs once
 * per distinct string and 100,000 printings of ~30,000 cards cost tens of MB.
 * Built from the `cards` table (the store of record); never written to.
 *
 * The parts: `text-column.ts` (interned string columns), `facts.ts` (what a printing's
 * row and JSON say), `builder.ts` (rows -> index), `orders.ts` (sort permutations).
 */
import type { Bitset } from './bitset.js';
import type { FlagName } from './facts.js';
import type { Permutation } from './orders.js';
import type { Order } from './parser.js';
import type { TextColumn } from './text-column.js';


export interface IndexSetRow {
  code: string;
  name: string;
  set_type: string | null;
  released_at: string | null;
  card_count: number;
}

export interface IndexSet {
  code: string;
  name: string;
  day: number;
}

export interface CardIndex {
  /** The `cards_version` the index was built from. */
  version: string;
  /** Distinguishes builds inside one process, so a page cursor from an old index is noticed. */
  generation: number;
  size: number;
  ids: string[];
  byId: Map<string, number>;
  /** Card (oracle) group of each printing; printings without an oracle id are groups of their own. */
  group: Int32Array;
  groupCount: number;
  /** Printing numbers of each group in preference order (English, paper, newest first): CSR layout. */
  groupStart: Int32Array;
  groupMembers: Int32Array;
  oracleGroup: Map<string, number>;
  /** Distinct artwork of each printing, for unique=art. */
  art: Int32Array;
  names: string[];
  name: TextColumn;
  nameRaw: TextColumn;
  type: TextColumn;
  oracle: TextColumn;
  oracleTilde: TextColumn;
  fullOracle: TextColumn;
  flavor: TextColumn;
  artist: TextColumn;
  keywords: TextColumn;
  mana: TextColumn;
  lang: TextColumn;
  setCode: TextColumn;
  setType: TextColumn;
  cn: TextColumn;
  border: TextColumn;
  frame: TextColumn;
  games: TextColumn;
  watermark: TextColumn;
  oracleId: TextColumn;
  cmc: Float64Array;
  pow: [Float64Array, Float64Array];
  tou: [Float64Array, Float64Array];
  loy: [Float64Array, Float64Array];
  /** Cheapest price over finishes, in cents; NaN when unknown. */
  usd: Float64Array;
  eur: Float64Array;
  tix: Float64Array;
  released: Int32Array;
  /** Release day as YYYYMMDD, NaN when unknown: for comparisons. */
  day: Float64Array;
  edhrec: Float64Array;
  cnNum: Float64Array;
  rarity: Uint8Array;
  colors: Uint8Array;
  identity: Uint8Array;
  produces: Uint8Array;
  flags: Map<FlagName, Bitset>;
  legal: Map<string, Bitset>;
  banned: Map<string, Bitset>;
  restricted: Map<string, Bitset>;
  /** English printings, plus the printings of cards that have no English one. */
  defaultLang: Bitset;
  sets: Map<string, IndexSet>;
  orders: Map<Order, Permutation>;
  /** All printings in preference order, for choosing one printing per card or per artwork. */
  preference: Int32Array;
  /** Position of each printing in `preference`. */
  preferenceRank: Int32Array;
  /** Folded full and face names -> groups, for exact lookups. */
  exactName: Map<string, number[]>;
  /** Folded printed (foreign) names -> the printings that carry them. */
  exactPrinted: Map<string, number[]>;
  /** Distinct compact names (letters and digits only) -> groups, for fuzzy lookups. */
  compactNames: string[];
  compactGroups: number[][];
  bySetNumber: Map<string, number>;
  byMtgo: Map<number, number>;
  byMultiverse: Map<number, number>;
  byIllustration: Map<string, number[]>;
}
