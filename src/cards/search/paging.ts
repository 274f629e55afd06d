/**
 * A parsed query over one index -> one page of printing ids: the default language
 * filter, one printing per card or artwork, the order's permutation and the cursor.
 */
import { Errors } from '../../errors.js';
import { decodeCursor, encodeCursor } from '../../http/cursor.js';
import type { Bitset } from './bitset.js';
import type { CardIndex } from './index.js';
import { evaluate } from './matcher.js';
import type { Dir, Order, Query, Unique } from './parser.js';

export interface SearchParams {
  q: string;
  unique?: Unique;
  order?: Order;
  dir?: Dir;
  limit: number;
  cursor?: string;
}

export interface SearchPage {
  ids: string[];
  /** The index build that answered; card data cached per build stays consistent with it. */
  generation: number;
  total: number;
  next_cursor: string | null;
  order: Order;
  dir: 'asc' | 'desc';
  unique: Unique;
}

const AUTO_DIR: Partial<Record<Order, 'asc' | 'desc'>> = { released: 'desc', rarity: 'desc', usd: 'desc', eur: 'desc', tix: 'desc' };

function hash(s: string): string {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}

/** Keeps, of each group's set bits, only the printing first in preference order. */
function keepPreferred(idx: CardIndex, bits: Bitset, groups: Int32Array, groupCount: number): void {
  const rank = idx.preferenceRank;
  const best = new Int32Array(groupCount).fill(-1);
  bits.forEach((i) => {
    const g = groups[i]!;
    const b = best[g]!;
    if (b < 0 || rank[i]! < rank[b]!) best[g] = i;
  });
  bits.forEach((i) => {
    if (best[groups[i]!] !== i) bits.clear(i);
  });
}

const ranks = new WeakMap<Int32Array, Int32Array>();

/** Position of every printing in an order (the inverse permutation), built on first use. */
function rankOf(idx: CardIndex, order: Order, dir: 'asc' | 'desc'): Int32Array {
  const perm = idx.orders.get(order)![dir];
  let rank = ranks.get(perm);
  if (!rank) {
    rank = new Int32Array(perm.length);
    for (let p = 0; p < perm.length; p++) rank[perm[p]!] = p;
    ranks.set(perm, rank);
  }
  return rank;
}

/** One page of the query's matches. Throws SearchParseError for terms only the data can reject. */
export function searchPage(idx: CardIndex, query: Query, params: SearchParams): SearchPage {
  const order: Order = query.order ?? params.order ?? 'name';
  const unique: Unique = query.unique ?? params.unique ?? 'cards';
  const dirOpt = query.dir ?? params.dir ?? 'auto';
  const dir = dirOpt === 'auto' ? (AUTO_DIR[order] ?? 'asc') : dirOpt;
  // English printings only unless the query names a language (Scryfall's default).
  const bits = evaluate(idx, query.root, query.mentionsLang ? undefined : idx.defaultLang);
  if (unique !== 'prints') keepPreferred(idx, bits, unique === 'cards' ? idx.group : idx.art, unique === 'cards' ? idx.groupCount : idx.size);
  const total = bits.count();
  const perm = idx.orders.get(order)![dir];
  const sortKey = `cards:${order}:${dir}:${unique}:${hash(params.q)}`;
  let start = 0;
  if (params.cursor) {
    const [generation, pos, lastId] = decodeCursor(params.cursor, sortKey, 3);
    if (generation === idx.generation && typeof pos === 'number' && perm[pos] !== undefined && idx.ids[perm[pos]!] === lastId) {
      start = pos + 1;
    } else {
      // The index was rebuilt since this page: continue after the same card.
      const i = typeof lastId === 'string' ? idx.byId.get(lastId) : undefined;
      const at = i === undefined ? -1 : perm.indexOf(i);
      if (at < 0) {
        throw Errors.validation([{ field: 'cursor', code: 'invalid_cursor', message: 'the card data changed since this page; start again without a cursor' }]);
      }
      start = at + 1;
    }
  }
  const ids: string[] = [];
  let lastPos = -1;
  let more = false;
  if (total * 64 < idx.size) {
    // Few matches: sort them by their place in the order instead of walking all of it.
    const rank = rankOf(idx, order, dir);
    const hits: number[] = [];
    bits.forEach((i) => {
      if (rank[i]! >= start) hits.push(i);
    });
    hits.sort((a, b) => rank[a]! - rank[b]!);
    for (const i of hits.slice(0, params.limit)) {
      ids.push(idx.ids[i]!);
      lastPos = rank[i]!;
    }
    more = hits.length > params.limit;
  } else {
    let p = start;
    for (; p < perm.length && ids.length < params.limit; p++) {
      const i = perm[p]!;
      if (bits.has(i)) {
        ids.push(idx.ids[i]!);
        lastPos = p;
      }
    }
    for (; p < perm.length; p++) {
      if (bits.has(perm[p]!)) {
        more = true;
        break;
      }
    }
  }
  const next_cursor = more && lastPos >= 0 ? encodeCursor(sortKey, [idx.generation, lastPos, ids[ids.length - 1]!]) : null;
  return { ids, generation: idx.generation, total, next_cursor, order, dir, unique };
}
