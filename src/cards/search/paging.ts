/**
 * A parsed query over one index -> one page of printings: the default filters (English
 * first, extras hidden), one printing per card or artwork (`unique`, `prefer`), the
 * order's permutation and the cursor.
 */
import { Errors } from '../../errors.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { Bitset } from './bitset.js';
import { asksForExtras } from './extras.js';
import { memoized, type CardIndex } from './index.js';
import { evaluate, evaluateCards, isCardLevel } from './matcher.js';
import { orderOf, rankOf } from './orders.js';
import type { Dir, Order, Prefer, Query, Unique } from './parser.js';

export interface SearchParams {
  q: string;
  unique?: Unique;
  order?: Order;
  dir?: Dir;
  limit: number;
  cursor?: string;
  /** Scryfall's `include_extras`, `include_multilingual`, `include_variations` parameters: each `true` is its `include:` term in `q`. */
  include?: SearchIncludes;
}

export interface SearchIncludes {
  extras?: boolean;
  multilingual?: boolean;
  variations?: boolean;
}

/** The query with the `include:` terms the parameters stand for added (a new object: the parsed one is left as it is). */
export function withIncludes(query: Query, include: SearchIncludes | undefined): Query {
  if (!include?.extras && !include?.multilingual && !include?.variations) return query;
  return {
    ...query,
    includeExtras: query.includeExtras || include.extras === true,
    includeVariations: query.includeVariations || include.variations === true,
    mentionsLang: query.mentionsLang || include.multilingual === true,
  };
}

/** What the include parameters add to a cursor's key (nothing without them, so cursors of plain searches stay as they were). */
function includesKey(include: SearchIncludes | undefined): string {
  const on = `${include?.extras ? 'e' : ''}${include?.multilingual ? 'm' : ''}${include?.variations ? 'v' : ''}`;
  return on ? `:${on}` : '';
}

export interface SearchPage {
  ids: string[];
  /** The same printings by their number in the index that answered. */
  rows: number[];
  /** The index build that answered; card data cached per build stays consistent with it. */
  generation: number;
  total: number;
  next_cursor: string | null;
  order: Order;
  dir: 'asc' | 'desc';
  unique: Unique;
}

const AUTO_DIR: Partial<Record<Order, 'asc' | 'desc'>> = { released: 'desc', rarity: 'desc', usd: 'desc', eur: 'desc', tix: 'desc', spoiled: 'desc' };

function hash(s: string): string {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}

/**
 * The printings a search considers before its terms: English first, extras and variations
 * hidden, unless the query says otherwise.
 */
function scopeOf(idx: CardIndex, langDefault: boolean, hideExtras: boolean, hideVariations: boolean): Bitset | undefined {
  if (!langDefault && !hideExtras && !hideVariations) return undefined;
  return memoized(idx, `scope:${scopeKeyOf(langDefault, hideExtras, hideVariations)}`, () => {
    const scope = langDefault ? idx.defaultLang.clone() : Bitset.full(idx.size);
    if (hideExtras) scope.andNot(idx.extras);
    return hideVariations ? scope.andNot(idx.variations) : scope;
  });
}

const scopeKeyOf = (langDefault: boolean, hideExtras: boolean, hideVariations: boolean) => `${+langDefault}:${+hideExtras}:${+hideVariations}`;

/**
 * How each printing ranks among its card's printings for a preference (lower wins). The
 * default preference is the printings' own order: the index keeps each card's printings
 * in it.
 */
function preferenceRank(idx: CardIndex, prefer: Prefer): Int32Array | undefined {
  if (prefer === 'default') return undefined;
  return memoized(idx, `prefer:${prefer}`, () => {
    const n = idx.size;
    const flag = (name: 'promo' | 'ub') => idx.flags.get(name) ?? new Bitset(n);
    const missingLast = (v: number) => (Number.isNaN(v) ? Infinity : v);
    let key: (i: number) => number;
    switch (prefer) {
      case 'oldest':
        key = (i) => missingLast((idx.released[i] ?? 0) || NaN);
        break;
      case 'newest':
        key = (i) => missingLast(-((idx.released[i] ?? 0) || NaN));
        break;
      case 'usd-low':
      case 'eur-low':
      case 'tix-low': {
        const price = idx[prefer.slice(0, 3) as 'usd' | 'eur' | 'tix'];
        key = (i) => missingLast(price[i] ?? NaN);
        break;
      }
      case 'usd-high':
      case 'eur-high':
      case 'tix-high': {
        const price = idx[prefer.slice(0, 3) as 'usd' | 'eur' | 'tix'];
        key = (i) => missingLast(-(price[i] ?? NaN));
        break;
      }
      case 'promo':
        key = (i) => (flag('promo').has(i) ? 0 : 1);
        break;
      case 'atypical':
        key = (i) => -(idx.atypical[i] ?? 0);
        break;
      case 'ub':
        key = (i) => (flag('ub').has(i) ? 0 : 1);
        break;
      case 'notub':
        key = (i) => (flag('ub').has(i) ? 1 : 0);
        break;
    }
    const keys = Float64Array.from({ length: n }, (_, i) => key(i));
    // Ties keep the default preference (the printings' own order).
    const order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => (idx.group[a] ?? 0) - (idx.group[b] ?? 0) || (keys[a] ?? 0) - (keys[b] ?? 0) || a - b);
    const rank = new Int32Array(n);
    order.forEach((i, r) => {
      rank[i] = r;
    });
    return rank;
  });
}

/** Keeps, of each card's (or artwork's) members of `bits`, only the one the preference ranks first. */
function keepPreferred(idx: CardIndex, bits: Bitset, rank: Int32Array | undefined, unique: 'cards' | 'art'): void {
  const key = unique === 'cards' ? idx.group : idx.art;
  const better = (a: number, b: number) => (rank ? (rank[a] ?? 0) < (rank[b] ?? 0) : a < b);
  if (unique === 'cards' && !rank) {
    // Each card's printings are contiguous and in default preference order: the first member wins.
    let last = -1;
    bits.forEach((i) => {
      const g = idx.group[i] ?? 0;
      if (g === last) bits.clear(i);
      else last = g;
    });
    return;
  }
  const best = new Map<number, number>();
  bits.forEach((i) => {
    const k = key[i] ?? 0;
    const b = best.get(k);
    if (b === undefined || better(i, b)) best.set(k, i);
  });
  bits.forEach((i) => {
    if (best.get(key[i] ?? 0) !== i) bits.clear(i);
  });
}

/**
 * The printing that stands for each card within a scope, -1 for cards with none: what a
 * query about cards alone shows, without turning its card set into printings.
 */
function picksOf(idx: CardIndex, scope: Bitset | undefined, scopeKey: string, prefer: Prefer): { pick: Int32Array; has: Bitset } {
  return memoized(idx, `pick:${scopeKey}:${prefer}`, () => {
    const rank = preferenceRank(idx, prefer);
    const pick = new Int32Array(idx.cardCount).fill(-1);
    const has = new Bitset(idx.cardCount);
    for (let g = 0; g < idx.cardCount; g++) {
      let best = -1;
      for (let i = idx.groupStart[g] ?? 0; i < (idx.groupStart[g + 1] ?? 0); i++) {
        if (scope && !scope.has(i)) continue;
        if (best < 0 || (rank && (rank[i] ?? 0) < (rank[best] ?? 0))) best = i;
        if (!rank) break;
      }
      pick[g] = best;
      if (best >= 0) has.set(g);
    }
    return { pick, has };
  });
}

/**
 * What the first searches on a fresh index would otherwise build: the default scope's
 * chosen printings and the posting lists of the card text columns.
 */
export function pagingSteps(idx: CardIndex): Array<() => void> {
  return [
    () => picksOf(idx, scopeOf(idx, true, true, true), scopeKeyOf(true, true, true), 'default'),
    ...[idx.cards.type, idx.cards.oracle, idx.cards.name, idx.cards.keywords, idx.cards.mana].map((col) => () => col.warm()),
  ];
}

// One buffer for the few matches of the search being paged (searches run one at a time on the
// event loop): a page allocates no list of its matches, so it leaves less for the young
// generation's collections, which otherwise fall between requests (bench/README.md).
let scratchList = new Int32Array(1024);
function scratch(n: number): Int32Array {
  if (scratchList.length < n) scratchList = new Int32Array(Math.max(n, scratchList.length * 2));
  return scratchList;
}

/** What a query found, before any order or page. */
interface Results {
  total: number;
  /** Whether printing i is a result. */
  member: (i: number) => boolean;
  /** Every result's printing, when they are few (in a shared buffer: read before the next search). */
  few: Int32Array | undefined;
  /** The k-th result's printing (0 <= k < total), counted in index order. */
  nth: (k: number) => number;
}

/** `listFew`: fill `few` when the results are few (a page sorts them; a random draw does not need them). */
function resultsOf(idx: CardIndex, query: Query, unique: Unique, listFew = true): Results {
  const prefer = query.prefer ?? 'default';
  // English printings only unless the query names a language, extras only when asked for (Scryfall's defaults).
  const langDefault = !query.mentionsLang;
  const hideExtras = !asksForExtras(idx, query);
  const hideVariations = !query.includeVariations;
  const scope = scopeOf(idx, langDefault, hideExtras, hideVariations);
  if (unique === 'cards' && isCardLevel(query.root)) {
    // About cards only: evaluate over cards and show each card's chosen printing.
    const cards = evaluateCards(idx, query.root);
    const { pick, has } = picksOf(idx, scope, scopeKeyOf(langDefault, hideExtras, hideVariations), prefer);
    const total = cards.countAnd(has);
    let few: Int32Array | undefined;
    if (listFew && total * 64 < idx.size) {
      const list = scratch(cards.count());
      let n = 0;
      cards.forEach((g) => {
        const i = pick[g] ?? -1;
        if (i >= 0) list[n++] = i;
      });
      few = list.subarray(0, n);
    }
    return {
      total,
      member: (i) => pick[idx.group[i] ?? 0] === i && cards.has(idx.group[i] ?? 0),
      few,
      nth: (k) => pick[cards.clone().and(has).nth(k)] ?? -1,
    };
  }
  const bits = evaluate(idx, query.root, scope);
  if (unique !== 'prints') keepPreferred(idx, bits, preferenceRank(idx, prefer), unique);
  const total = bits.count();
  let few: Int32Array | undefined;
  if (listFew && total * 64 < idx.size) {
    const list = scratch(total);
    let n = 0;
    bits.forEach((i) => {
      list[n++] = i;
    });
    few = list.subarray(0, n);
  }
  return { total, member: (i) => bits.has(i), few, nth: (k) => bits.nth(k) };
}

/**
 * `GET /cards/random`: one of the results `searchPage` would list for the query, each as likely
 * (`random` in [0, 1)), or undefined when there are none.
 */
export function randomResult(idx: CardIndex, query: Query, unique: Unique | undefined, random: () => number): number | undefined {
  const results = resultsOf(idx, query, query.unique ?? unique ?? 'cards', false);
  if (results.total === 0) return undefined;
  const i = results.nth(Math.min(results.total - 1, Math.floor(random() * results.total)));
  return i < 0 ? undefined : i;
}

/** One page of the query's matches (with the `include:` terms `params.include` adds). Throws SearchParseError for terms only the data can reject. */
export function searchPage(idx: CardIndex, parsed: Query, params: SearchParams): SearchPage {
  const query = withIncludes(parsed, params.include);
  const order: Order = query.order ?? params.order ?? 'name';
  const unique: Unique = query.unique ?? params.unique ?? 'cards';
  const dirOpt = query.dir ?? params.dir ?? 'auto';
  const dir = dirOpt === 'auto' ? (AUTO_DIR[order] ?? 'asc') : dirOpt;
  const perm = orderOf(idx, order)[dir];
  const { member, total, few } = resultsOf(idx, query, unique);

  const sortKey = `cards:${order}:${dir}:${unique}:${hash(params.q)}${includesKey(params.include)}`;
  let start = 0;
  if (params.cursor) {
    const [generation, pos, lastId] = decodeCursor(params.cursor, sortKey, 3);
    if (generation === idx.generation && typeof pos === 'number' && idx.ids[perm[pos] ?? -1] === lastId) {
      start = pos + 1;
    } else {
      // The index was rebuilt since this page: continue after the same card.
      const i = typeof lastId === 'string' ? idx.byId.get(lastId) : undefined;
      const at = i === undefined ? -1 : perm.indexOf(i);
      if (at < 0) {
        throw Errors.invalidCursor('the card data changed since this page; start again without a cursor');
      }
      start = at + 1;
    }
  }
  const rows: number[] = [];
  let lastPos = -1;
  let more = false;
  if (few) {
    // Few matches: sort them by their place in the order instead of walking all of it.
    // Their places in the order, sorted as numbers in place: perm[place] is the printing.
    const rank = rankOf(idx, order, dir);
    let n = 0;
    for (let k = 0; k < few.length; k++) {
      const place = rank[few[k] ?? 0] ?? 0;
      if (place >= start) few[n++] = place;
    }
    const places = few.subarray(0, n).sort();
    for (let k = 0; k < Math.min(n, params.limit); k++) {
      lastPos = places[k] ?? 0;
      rows.push(perm[lastPos] ?? 0);
    }
    more = n > params.limit;
  } else {
    let p = start;
    for (; p < perm.length && rows.length < params.limit; p++) {
      const i = perm[p] ?? 0;
      if (member(i)) {
        rows.push(i);
        lastPos = p;
      }
    }
    for (; p < perm.length; p++) {
      if (member(perm[p] ?? 0)) {
        more = true;
        break;
      }
    }
  }
  const ids = rows.map((i) => idx.ids[i] ?? '');
  const next_cursor = more && lastPos >= 0 ? encodeCursor(sortKey, [idx.generation, lastPos, ids[ids.length - 1] ?? '']) : null;
  return { ids, rows, generation: idx.generation, total, next_cursor, order, dir, unique };
}
