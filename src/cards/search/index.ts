/**
 * The compact in-memory card index one process searches. Columns, not objects:
 * numbers live in typed arrays; text is interned (one copy per distinct string, members
 * point at it), so a text predicate runs once per distinct string.
 *
 * Two levels. What is true of a card whatever its printing (names, type line, rules text,
 * colours, mana value, legality...) is stored once per card (`cards`), so those terms scan
 * ~33,000 cards instead of 100,000 printings (or 500,000 with every language). What varies
 * by printing (set, rarity, prices, artist, language, finishes...) is stored per printing.
 * Printings are numbered so that each card's printings are contiguous, in the order the
 * default preference ranks them (English, paper, not a promo, newest): turning cards into
 * printings, or keeping one printing per card, is a walk over ranges.
 *
 * Built from the `cards` table (the store of record); never written to.
 *
 * The parts: `text-column.ts` (interned string columns), `facts.ts` (what a printing's
 * row and JSON say), `builder.ts` (rows -> index), `orders.ts` (sort permutations).
 */
import type { Bitset } from './bitset.js';
import type { CardFlag, PrintFlag } from './facts.js';
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
  set_type: string | null;
  released_at: string | null;
  day: number;
}

/** Facts stored once per card (oracle id); arrays have one entry per card. */
export interface CardColumns {
  /**
   * Every name and face name, and the printed (foreign) names of the card's printings,
   * loose (punctuation dropped), one per line: a card is found by any of them.
   */
  name: TextColumn;
  /** The same names, folded. */
  nameRaw: TextColumn;
  type: TextColumn;
  oracle: TextColumn;
  /** Rules text with the card's own names replaced by "~". */
  oracleTilde: TextColumn;
  fullOracle: TextColumn;
  fullTilde: TextColumn;
  keywords: TextColumn;
  mana: TextColumn;
  oracleId: TextColumn;
  cmc: Float64Array;
  /** Power, toughness and loyalty of the first two faces. */
  pow: [Float64Array, Float64Array];
  tou: [Float64Array, Float64Array];
  loy: [Float64Array, Float64Array];
  edhrec: Float64Array;
  colors: Uint8Array;
  identity: Uint8Array;
  produces: Uint8Array;
  flags: Map<CardFlag, Bitset>;
  legal: Map<string, Bitset>;
  banned: Map<string, Bitset>;
  restricted: Map<string, Bitset>;
  /** Distinct printings (set + number), sets, paper printings, paper sets and artworks of the card. */
  prints: Float64Array;
  sets: Float64Array;
  paperPrints: Float64Array;
  paperSets: Float64Array;
  illustrations: Float64Array;
}

export interface CardIndex {
  /** The `cards_version` the index was built from. */
  version: string;
  /** Distinguishes builds inside one process, so a page cursor from an old index is noticed. */
  generation: number;
  /** Number of printings. */
  size: number;
  /** Number of cards (oracle groups); printings without an oracle id are cards of their own. */
  cardCount: number;
  ids: string[];
  byId: Map<string, number>;
  /** Card of each printing. */
  group: Int32Array;
  /** The printings of card g are groupStart[g] .. groupStart[g + 1] - 1, in default preference order. */
  groupStart: Int32Array;
  oracleGroup: Map<string, number>;
  /** Distinct artwork of each printing, for unique=art. */
  art: Int32Array;
  artCount: number;
  /** Display name of each printing. */
  names: string[];
  cards: CardColumns;

  // ---- per printing ----
  flavor: TextColumn;
  artist: TextColumn;
  lang: TextColumn;
  setCode: TextColumn;
  setType: TextColumn;
  cn: TextColumn;
  border: TextColumn;
  frame: TextColumn;
  frameEffects: TextColumn;
  games: TextColumn;
  watermark: TextColumn;
  stamp: TextColumn;
  promoTypes: TextColumn;
  illustration: TextColumn;
  rarityName: TextColumn;
  /** Cheapest price over finishes, in cents; NaN when unknown. */
  usd: Float64Array;
  eur: Float64Array;
  tix: Float64Array;
  /**
   * Each finish's own price in cents (NaN when unknown), for a collection's copies, whose price is
   * their finish's: `usd>5` must find a foil worth 16 whose nonfoil printing costs 2. Scryfall has
   * no etched EUR price and a nonfoil-only tix one.
   */
  finishPrice: { usd: { nonfoil: Float64Array; foil: Float64Array; etched: Float64Array }; eur: { nonfoil: Float64Array; foil: Float64Array } };
  /** Penny Dreadful rank (1 = most played), NaN when unknown. */
  penny: Float64Array;
  released: Int32Array;
  /** Release day as YYYYMMDD, NaN when unknown: for comparisons. */
  day: Float64Array;
  /** Day Scryfall previewed the printing, else its release day (order:spoiled). */
  spoiled: Float64Array;
  cnNum: Float64Array;
  rarity: Uint8Array;
  artists: Uint8Array;
  /** How unusual the printing looks (prefer:atypical). */
  atypical: Uint8Array;
  flags: Map<PrintFlag, Bitset>;
  /** new:art, new:artist, new:flavor, new:frame, new:language, new:rarity: the card's first printing with that value. */
  newness: Map<NewKind, Bitset>;
  /** English printings, plus the printings of cards that have no English printing. */
  defaultLang: Bitset;
  /** Tokens, emblems, art cards, schemes, planes, vanguards and memorabilia: hidden unless asked for. */
  extras: Bitset;
  /** Printings Scryfall marks as variations of another (`variation`): hidden unless `include:variations`. */
  variations: Bitset;
  /** Set codes and set types that hold at least one extra (`s:`/`st:` of those ask for extras). */
  extraSets: Set<string>;
  extraSetTypes: Set<string>;
  sets: Map<string, IndexSet>;
  /** Sort orders, built on first use (see `orders.ts`). */
  orders: Map<Order, Permutation>;
  /** Keys the orders sort by, one entry per printing. */
  base: Int32Array;
  /** Folded full, face and printed (foreign) names -> cards, for exact lookups. */
  exactName: Map<string, number[]>;
  /** Distinct compact names (letters and digits only) -> cards, for fuzzy lookups. */
  compactNames: string[];
  compactGroups: number[][];
  bySetNumber: Map<string, number>;
  byMtgo: Map<number, number>;
  byMultiverse: Map<number, number>;
  byIllustration: Map<string, number[]>;
  /** Values computed on first use for this build (preferences, cheapest printings...). */
  memo: Map<string, unknown>;
}

export const NEW_KINDS = ['art', 'artist', 'flavor', 'frame', 'language', 'rarity'] as const;
export type NewKind = (typeof NEW_KINDS)[number];

/** A value computed once per index build, on first use. */
/** A sort order as a permutation of printing numbers; values missing for the key come last in either direction. */
export interface Permutation {
  asc: Int32Array;
  desc: Int32Array;
}

export function memoized<T>(index: CardIndex, key: string, make: () => T): T {
  if (index.memo.has(key)) return index.memo.get(key) as T;
  const value = make();
  index.memo.set(key, value);
  return value;
}
