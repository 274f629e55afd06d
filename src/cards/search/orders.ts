/**
 * Sort orders: every order key as two permutations of printing numbers (ascending,
 * descending), so a page is a walk along one of them, never a sort per query. The name
 * order is built with the index; the others on first use (and warmed in the background
 * after a build, see `lifecycle.ts`), which keeps a 500,000-printing build short.
 */
import { memoized, type CardIndex, type Permutation } from './index.js';

export type { Permutation } from './index.js';
import { ORDERS, type Order } from './parser.js';
import { fold } from './text.js';

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The name order, which every other order falls back on for ties: cards by name, then
 * each card's printings newest first, then by set and collector number.
 */
export function buildBaseOrder(index: CardIndex, cardNames: string[]): Int32Array {
  const keys = cardNames.map(fold);
  const byName = Int32Array.from({ length: index.cardCount }, (_, g) => g).sort((a, b) => cmp(keys[a] ?? '', keys[b] ?? '') || a - b);
  const out = new Int32Array(index.size);
  let k = 0;
  const { released, cnNum } = index;
  for (const g of byName) {
    const range: number[] = [];
    for (let i = index.groupStart[g] ?? 0; i < (index.groupStart[g + 1] ?? 0); i++) range.push(i);
    range.sort((a, b) => {
      const ra = released[a] ?? 0;
      const rb = released[b] ?? 0;
      if (ra !== rb) return rb - ra;
      const s = cmp(index.setCode.get(a), index.setCode.get(b));
      if (s !== 0) return s;
      const ca = cnNum[a] ?? NaN;
      const cb = cnNum[b] ?? NaN;
      if (ca !== cb && !Number.isNaN(ca) && !Number.isNaN(cb)) return ca - cb;
      return cmp(index.cn.get(a), index.cn.get(b)) || a - b;
    });
    for (const i of range) out[k++] = i;
  }
  return out;
}

/** Scryfall's colour order: W, U, B, R, G, then multicolour (by combination), then colourless. */
function colorKey(mask: number): number {
  const c = mask & 31;
  if (c === 0) return 1000;
  if ((c & (c - 1)) === 0) return 31 - Math.clz32(c);
  return 100 + c;
}

/** Frame effects that make a printing "booster fun" (an alternative treatment). */
const BOOSTER_FUN_EFFECTS = ['showcase', 'extendedart', 'inverted', 'etched', 'shatteredglass'];

/**
 * `order:review`, as Scryfall describes it: the way set reviews go through a set, by colour
 * (as `order:color`) then mana value, with booster-fun printings (Scryfall's `boosterfun`
 * promo type, showcase and other alternative frames, borderless) after all the others.
 */
function reviewKeys(index: CardIndex): Float64Array {
  const { cards, group } = index;
  const fx = Uint8Array.from(index.frameEffects.strings, (s) => (BOOSTER_FUN_EFFECTS.some((e) => s.includes(`\u0001${e}\u0001`)) ? 1 : 0));
  const promo = Uint8Array.from(index.promoTypes.strings, (s) => (s.includes('\u0001boosterfun\u0001') ? 1 : 0));
  const borderless = index.border.strings.indexOf('borderless');
  return Float64Array.from({ length: index.size }, (_, i) => {
    const g = group[i] ?? 0;
    const fun = fx[index.frameEffects.ids[i] ?? 0] === 1 || promo[index.promoTypes.ids[i] ?? 0] === 1 || index.border.ids[i] === borderless;
    const cmc = cards.cmc[g] ?? NaN;
    return (fun ? 1e7 : 0) + colorKey(cards.colors[g] ?? 0) * 1e3 + (Number.isNaN(cmc) ? 0 : Math.min(cmc, 999));
  });
}

/** Rank of each distinct string (sorted), per member; the empty string has no rank (NaN). */
function textRanks(strings: string[], ids: Int32Array): Float64Array {
  const sorted = strings.map((s, id) => [s, id] as const).sort((a, b) => cmp(a[0], b[0]));
  const rank = new Float64Array(strings.length);
  sorted.forEach(([s, id], r) => {
    rank[id] = s === '' ? Number.NaN : r;
  });
  return Float64Array.from(ids, (id) => rank[id] ?? NaN);
}

/** The sort key of every printing for one order; NaN where the printing has no value. */
function keysOf(index: CardIndex, order: Exclude<Order, 'name'>): Float64Array {
  const n = index.size;
  const { group, cards } = index;
  const perCard = (values: ArrayLike<number>, f: (v: number) => number = (v) => v) => Float64Array.from(group, (g) => f(values[g] ?? NaN));
  switch (order) {
    case 'set': {
      const setRank = textRanks(index.setCode.strings, index.setCode.ids);
      return Float64Array.from({ length: n }, (_, i) => {
        const cn = index.cnNum[i] ?? NaN;
        return (setRank[i] ?? 0) * 1e6 + (Number.isNaN(cn) ? 999999 : Math.min(cn, 999998));
      });
    }
    case 'released': {
      const setDay = new Map([...index.sets.values()].map((s) => [s.code, s.day]));
      return Float64Array.from({ length: n }, (_, i) => (index.released[i] || setDay.get(index.setCode.get(i))) || NaN);
    }
    case 'rarity':
      return Float64Array.from(index.rarity);
    case 'color':
      return perCard(cards.colors, colorKey);
    case 'usd':
    case 'eur':
    case 'tix':
      return index[order];
    case 'spoiled':
      return index.spoiled;
    case 'cmc':
      return perCard(cards.cmc);
    case 'power':
      return perCard(cards.pow[0]);
    case 'toughness':
      return perCard(cards.tou[0]);
    case 'edhrec':
      return perCard(cards.edhrec);
    case 'penny':
      return index.penny;
    case 'review':
      return reviewKeys(index);
    case 'artist':
      return textRanks(index.artist.strings, index.artist.ids);
  }
}

/**
 * Orders the printings by `keys`, ties in name order, missing values last. The
 * descending order is the ascending one with its runs of equal keys reversed, so ties
 * stay in name order both ways.
 */
function permutationOf(base: Int32Array, keys: Float64Array): Permutation {
  const present: number[] = [];
  const missing: number[] = [];
  for (const i of base) (Number.isNaN(keys[i] ?? NaN) ? missing : present).push(i);
  // Array.prototype.sort is stable: ties keep the name order they arrived in.
  present.sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0));
  const desc: number[] = [];
  for (let end = present.length; end > 0; ) {
    let start = end - 1;
    const key = keys[present[start] ?? 0];
    while (start > 0 && keys[present[start - 1] ?? 0] === key) start--;
    for (let k = start; k < end; k++) desc.push(present[k] ?? 0);
    end = start;
  }
  return { asc: Int32Array.from([...present, ...missing]), desc: Int32Array.from([...desc, ...missing]) };
}

/** The permutation of one order, built on first use. */
export function orderOf(index: CardIndex, order: Order): Permutation {
  let perm = index.orders.get(order);
  if (!perm) {
    perm = order === 'name' ? { asc: index.base, desc: index.base.slice().reverse() } : permutationOf(index.base, keysOf(index, order));
    index.orders.set(order, perm);
  }
  return perm;
}

/** Position of every printing in an order (the inverse permutation), built on first use. */
export function rankOf(index: CardIndex, order: Order, dir: 'asc' | 'desc'): Int32Array {
  return memoized(index, `rank:${order}:${dir}`, () => {
    const perm = orderOf(index, order)[dir];
    const rank = new Int32Array(perm.length);
    perm.forEach((i, p) => {
      rank[i] = p;
    });
    return rank;
  });
}

/**
 * Runs `steps` one per macrotask (setImmediate), so a fresh index answers searches at once
 * while what it builds on first use is prepared between them.
 */
export function inBackground(steps: Array<() => void>, schedule: (fn: () => void) => void = setImmediate): void {
  const next = () => {
    const step = steps.shift();
    if (step === undefined) return;
    step();
    schedule(next);
  };
  schedule(next);
}

/** The steps that build the orders not built yet. */
export function orderSteps(index: CardIndex): Array<() => void> {
  return ORDERS.filter((o) => !index.orders.has(o)).flatMap((o) => [() => orderOf(index, o), () => rankOf(index, o, 'asc')]);
}
