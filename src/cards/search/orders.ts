/**
 * Sort orders: every order key as two precomputed permutations of printing numbers
 * (ascending, descending), so a page is a walk along one of them, never a sort per query.
 */
import { dayOf } from './facts.js';
import type { CardIndex, IndexSetRow } from './index.js';

/** A sort order as a permutation of printing numbers; values missing for the key come last in either direction. */
export interface Permutation {
  asc: Int32Array;
  desc: Int32Array;
}

/** Scryfall's colour order: W, U, B, R, G, then multicolour (by combination), then colourless. */
function colorKey(mask: number): number {
  const c = mask & 31;
  if (c === 0) return 1000;
  if ((c & (c - 1)) === 0) return 31 - Math.clz32(c);
  return 100 + c;
}

export function buildOrders(index: CardIndex, baseRank: Int32Array, base: number[], setRows: IndexSetRow[]): void {
  const n = index.size;
  const perm = (key: (i: number) => number): Permutation => {
    // Missing values (NaN) go last whichever the direction.
    const present: number[] = [];
    const missing: number[] = [];
    for (const i of base) (Number.isNaN(key(i)) ? missing : present).push(i);
    const keys = new Float64Array(n);
    for (const i of present) keys[i] = key(i);
    const asc = present.slice().sort((a, b) => keys[a]! - keys[b]! || baseRank[a]! - baseRank[b]!);
    const desc = present.slice().sort((a, b) => keys[b]! - keys[a]! || baseRank[a]! - baseRank[b]!);
    return { asc: Int32Array.from([...asc, ...missing]), desc: Int32Array.from([...desc, ...missing]) };
  };
  const rankOf = (values: string[]) => {
    const sorted = [...new Set(values)].sort();
    const r = new Map(sorted.map((v, i) => [v, i]));
    return values.map((v) => r.get(v)!);
  };
  const nameAsc = Int32Array.from(base);
  index.orders.set('name', { asc: nameAsc, desc: Int32Array.from(base).reverse() });
  const setDay = new Map(setRows.map((s) => [s.code, dayOf(s.released_at)]));
  const setCodes = Array.from({ length: n }, (_, i) => index.setCode.get(i));
  const setRank = rankOf(setCodes);
  index.orders.set('set', perm((i) => setRank[i]! * 1e6 + (Number.isNaN(index.cnNum[i]!) ? 999999 : Math.min(index.cnNum[i]!, 999998))));
  index.orders.set('released', perm((i) => (index.released[i] || setDay.get(setCodes[i]!) || NaN)));
  index.orders.set('rarity', perm((i) => index.rarity[i]!));
  index.orders.set('color', perm((i) => colorKey(index.colors[i]!)));
  index.orders.set('usd', perm((i) => index.usd[i]!));
  index.orders.set('eur', perm((i) => index.eur[i]!));
  index.orders.set('tix', perm((i) => index.tix[i]!));
  index.orders.set('cmc', perm((i) => index.cmc[i]!));
  index.orders.set('power', perm((i) => index.pow[0][i]!));
  index.orders.set('toughness', perm((i) => index.tou[0][i]!));
  index.orders.set('edhrec', perm((i) => index.edhrec[i]!));
  const artists = Array.from({ length: n }, (_, i) => index.artist.get(i));
  const artistRank = rankOf(artists);
  index.orders.set('artist', perm((i) => (artists[i] === '' ? NaN : artistRank[i]!)));
}
