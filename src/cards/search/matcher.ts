/**
 * Evaluates a parsed query over a CardIndex. Every node becomes a Bitset: over cards for
 * terms about the card (names, types, rules text, colours, costs, stats, legality...),
 * over printings for terms about one printing (set, rarity, prices, artist, language...).
 * A card-level subtree is evaluated over ~33,000 cards and turned into printings once;
 * an AND evaluates its card-level terms first, so printing-level terms only look at the
 * printings of the cards that are left.
 */
import { Bitset } from './bitset.js';
import type { CardFlag, PrintFlag } from './facts.js';
import { memoized, type CardIndex } from './index.js';
import { CONDITION_SCALE, parseManaSymbols, SearchParseError, type Node, type Op, type Query } from './parser.js';
import { compileRegex } from './regex.js';
import type { TextColumn } from './text-column.js';
import { fold, loose } from './text.js';

type NodeOf<T extends Node['type']> = Extract<Node, { type: T }>;

function compare(op: Op, a: number, b: number): boolean {
  switch (op) {
    case ':':
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
  }
}

/**
 * Members whose value compares true; one branch-free loop per operator. Missing values
 * (NaN) fail every comparison, including !=. With a sparse `within`, only its members
 * are looked at.
 */
function numeric(size: number, arr: ArrayLike<number>, op: Op, value: number, within?: Bitset): Bitset {
  if (within && within.count() * 8 < size) return numericSparse(size, arr, op, value, within);
  const out = new Bitset(size);
  const w = out.words;
  // Only `within`'s members: its words mask each result word as it is made.
  const mask = within?.words;
  let i = 0;
  for (let k = 0; k < w.length; k++) {
    const end = Math.min(size, i + 32);
    let word = 0;
    switch (op) {
      case ':':
      case '=':
        for (let b = 0; i < end; i++, b++) word |= +((arr[i] ?? NaN) === value) << b;
        break;
      case '!=':
        for (let b = 0; i < end; i++, b++) {
          const v = arr[i] ?? NaN;
          word |= +(!Number.isNaN(v) && v !== value) << b;
        }
        break;
      case '<':
        for (let b = 0; i < end; i++, b++) word |= +((arr[i] ?? NaN) < value) << b;
        break;
      case '<=':
        for (let b = 0; i < end; i++, b++) word |= +((arr[i] ?? NaN) <= value) << b;
        break;
      case '>':
        for (let b = 0; i < end; i++, b++) word |= +((arr[i] ?? NaN) > value) << b;
        break;
      case '>=':
        for (let b = 0; i < end; i++, b++) word |= +((arr[i] ?? NaN) >= value) << b;
        break;
    }
    w[k] = mask ? word & (mask[k] ?? 0) : word;
  }
  return out;
}

/**
 * `numeric` over the few members of `within`: its words' set bits in turn, no call per
 * member (a callback and a `compare` per member cost about as much as the test itself).
 */
function numericSparse(size: number, arr: ArrayLike<number>, op: Op, value: number, within: Bitset): Bitset {
  const out = new Bitset(size);
  const ow = out.words;
  const ww = within.words;
  for (let k = 0; k < ww.length; k++) {
    let bits = ww[k] ?? 0;
    if (bits === 0) continue;
    const base = k << 5;
    let word = 0;
    while (bits !== 0) {
      const t = bits & -bits;
      const v = arr[base + 31 - Math.clz32(t)] ?? NaN;
      let hit: boolean;
      switch (op) {
        case ':':
        case '=':
          hit = v === value;
          break;
        case '!=':
          // NaN (no value) fails every comparison, != included.
          hit = !Number.isNaN(v) && v !== value;
          break;
        case '<':
          hit = v < value;
          break;
        case '<=':
          hit = v <= value;
          break;
        case '>':
          hit = v > value;
          break;
        case '>=':
          hit = v >= value;
          break;
      }
      if (hit) word |= t;
      bits ^= t;
    }
    ow[k] = word;
  }
  return out;
}

const POPCOUNT = Array.from({ length: 64 }, (_, m) => (m.toString(2).match(/1/g) ?? []).length);
const bits = (m: number) => POPCOUNT[m & 31] ?? 0;
const maskTable = (test: (mask: number) => boolean) => Uint8Array.from({ length: 64 }, (_, m) => (test(m) ? 1 : 0));

function colorTest(node: NodeOf<'color'>): (mask: number) => boolean {
  const q = node.mask;
  const op = node.op;
  if (node.count !== undefined) {
    const c = node.count;
    return (m) => compare(op, bits(m), c);
  }
  if (node.multicolor) return op === '!=' ? (m) => bits(m) < 2 : (m) => bits(m) >= 2;
  if (node.field === 'produces' && q === 0) return op === '!=' ? (m) => (m & 32) === 0 : (m) => (m & 32) !== 0;
  // ":" means "at least these colours" for c:, "within these colours" for id: (what a deck of that identity may play).
  let effective = op;
  if (op === ':') effective = node.field === 'identity' ? '<=' : '>=';
  if (q === 0 && op === ':') effective = '=';
  switch (effective) {
    case '=':
      return (m) => (m & 31) === q;
    case '!=':
      return (m) => (m & 31) !== q;
    case '>=':
      return (m) => (m & q) === q;
    case '>':
      return (m) => (m & q) === q && (m & 31) !== q;
    case '<=':
      return (m) => (m & 31 & ~q) === 0;
    case '<':
      return (m) => (m & 31 & ~q) === 0 && (m & 31) !== q;
    default:
      return () => false;
  }
}

/**
 * Mana costs as symbol counts; generic costs count as that many "#" units. `{0}` is a symbol
 * of its own: as zero units it would be in every cost, and `m:{0}` would find every card.
 */
function manaBag(symbols: string[]): Map<string, number> {
  const bag = new Map<string, number>();
  for (const s of symbols) {
    if (/^0+$/.test(s)) bag.set('0', (bag.get('0') ?? 0) + 1);
    else if (/^\d+$/.test(s)) bag.set('#', (bag.get('#') ?? 0) + Number(s));
    else {
      // Hybrid symbols compare regardless of the order they are written in.
      const key = s.includes('/') ? s.split('/').sort().join('/') : s;
      bag.set(key, (bag.get(key) ?? 0) + 1);
    }
  }
  return bag;
}

function bagContains(big: Map<string, number>, small: Map<string, number>): boolean {
  for (const [k, v] of small) if ((big.get(k) ?? 0) < v) return false;
  return true;
}

function bagEquals(a: Map<string, number>, b: Map<string, number>): boolean {
  // Both ways: {3}{U}{U} contains {2}{U}{U} with the same symbol kinds, but is not equal to it.
  return a.size === b.size && bagContains(a, b) && bagContains(b, a);
}

/** A test over a card's costs ("{1}{G} // {3}{G}{G}") that passes when any face passes. */
function anyFace(faceTest: (symbols: string[]) => boolean): (costs: string) => boolean {
  return (costs) => {
    for (const face of costs.split(' // ')) {
      if (face === '') continue;
      const symbols = parseManaSymbols(face);
      if (symbols && faceTest(symbols)) return true;
    }
    return false;
  };
}

function manaTest(node: NodeOf<'mana'>): (cost: string) => boolean {
  const want = manaBag(node.symbols);
  return anyFace((symbols) => {
    const bag = manaBag(symbols);
    switch (node.op) {
      case ':':
      case '>=':
        return bagContains(bag, want);
      case '=':
        return bagEquals(bag, want);
      case '!=':
        return !bagEquals(bag, want);
      case '>':
        return bagContains(bag, want) && !bagEquals(bag, want);
      // A {0} costs nothing: at most RR holds a card whose cost is {0}.
      case '<=':
        return bagContains(want, withoutZero(bag));
      case '<':
        return bagContains(want, withoutZero(bag)) && !bagEquals(bag, want);
    }
  });
}

function withoutZero(bag: Map<string, number>): Map<string, number> {
  if (!bag.has('0')) return bag;
  const rest = new Map(bag);
  rest.delete('0');
  return rest;
}

const SYMBOL_COLORS: Record<string, number> = { W: 1, U: 2, B: 4, R: 8, G: 16 };

/**
 * Devotion: the mana symbols of a permanent's cost that are of the asked colour(s); a
 * hybrid symbol counts once toward each of its colours. ":" means at least.
 */
function devotionTest(node: NodeOf<'devotion'>): (cost: string) => boolean {
  const op = node.op === ':' ? '>=' : node.op;
  return anyFace((symbols) => {
    let n = 0;
    for (const s of symbols) {
      let m = 0;
      for (const part of s.split('/')) m |= SYMBOL_COLORS[part] ?? 0;
      if ((m & node.mask) !== 0) n++;
    }
    return compare(op, n, node.count);
  });
}

/** The column a text keyword searches, and whether it is about the card or the printing. */
function textColumn(index: CardIndex, field: NodeOf<'text'>['field'] | NodeOf<'regex'>['field'], tilde: boolean): TextColumn {
  const c = index.cards;
  switch (field) {
    case 'name':
      return c.nameRaw;
    case 'type':
      return c.type;
    case 'oracle':
      return tilde ? c.oracleTilde : c.oracle;
    case 'fulloracle':
      return tilde ? c.fullTilde : c.fullOracle;
    case 'keyword':
      return c.keywords;
    case 'oracleid':
      return c.oracleId;
    case 'flavor':
      return index.flavor;
    case 'artist':
      return index.artist;
    case 'game':
      return index.games;
    case 'set':
      return index.setCode;
    case 'settype':
      return index.setType;
    case 'cn':
      return index.cn;
    case 'lang':
      return index.lang;
    case 'border':
      return index.border;
    case 'frame':
      return index.frame;
    case 'watermark':
      return index.watermark;
    case 'stamp':
      return index.stamp;
    case 'lore':
      return index.flavor;
  }
}

function textMatch(index: CardIndex, node: NodeOf<'text'>, size: number, within: Bitset | undefined): Bitset {
  const v = fold(node.value);
  const col = textColumn(index, node.field, v.includes('~'));
  let hit: Bitset;
  switch (node.field) {
    case 'keyword':
    case 'game':
      hit = col.select((s) => s.includes(`\u0001${v}\u0001`), size, within);
      break;
    case 'set':
    case 'settype':
    case 'cn':
    case 'lang':
    case 'border':
    case 'watermark':
    case 'stamp':
    case 'oracleid':
      hit = col.select((s) => s === v, size, within);
      break;
    case 'frame':
      // A frame (1993, 2015, future) or a frame effect (legendary, showcase...).
      hit = col.select((s) => s === v, size, within).or(index.frameEffects.select((s) => s.includes(`\u0001${v}\u0001`), size, within));
      break;
    default:
      hit = col.contains(v, size, within);
  }
  return node.op === '!=' ? (within ? within.clone() : Bitset.full(size)).andNot(hit) : hit;
}

/** `lore:`: the card's names, its type line or the printing's flavour text contains the text. */
function loreMatch(index: CardIndex, node: NodeOf<'text'>, within: Bitset | undefined): Bitset {
  const n = index.size;
  const v = fold(node.value);
  const l = loose(node.value);
  const cards = index.cards.type.contains(v, index.cardCount);
  if (l !== '') cards.or(index.cards.name.contains(l, index.cardCount));
  const hit = printingsOf(index, cards, within).or(index.flavor.contains(v, n, within));
  return node.op === '!=' ? scopeOrAll(n, within).andNot(hit) : hit;
}

/**
 * A multi-face card's type line ("A // B") followed by each face's, one per line, so that `^`
 * and `$` see every face as they do in names (which list the full name, then each face).
 */
function typeLines(typeLine: string): string {
  return typeLine.includes(' // ') ? `${typeLine}\n${typeLine.split(' // ').join('\n')}` : typeLine;
}

function regexMatch(index: CardIndex, node: NodeOf<'regex'>, size: number, within: Bitset | undefined): Bitset {
  const re = compileRegex(node.pattern);
  const col = textColumn(index, node.field, node.pattern.includes('~'));
  // The type line's face lines are pieces of it, so a literal the pattern needs (no line break
  // in it) is in the stored line whenever it is in those lines: the prefilter holds for both.
  const hit = col.containsAll(re.required, node.field === 'type' ? (s) => re.test(typeLines(s)) : re.test, size, within);
  return node.op === '!=' ? (within ? within.clone() : Bitset.full(size)).andNot(hit) : hit;
}

function nameMatch(index: CardIndex, node: NodeOf<'name'>, within: Bitset | undefined): Bitset {
  const size = index.cardCount;
  if (node.exact) {
    // A map lookup, not a scan: full names, face names and printed names.
    const out = Bitset.of(size, index.exactName.get(fold(node.value)) ?? []);
    return within ? out.and(within) : out;
  }
  // Punctuation-insensitive: "teferis" finds "Teferi's", "time raveler" finds "Teferi, Time Raveler".
  const v = loose(node.value);
  if (v === '') {
    const raw = fold(node.value);
    return index.cards.nameRaw.select((s) => s.includes(raw), size, within);
  }
  return index.cards.name.contains(v, size, within);
}

/** Power, toughness, loyalty and power + toughness of both faces of each card. */
function statFaces(index: CardIndex, field: 'cmc' | 'pow' | 'tou' | 'loy' | 'pt'): [ArrayLike<number>, ArrayLike<number>] {
  const c = index.cards;
  switch (field) {
    case 'cmc':
      return [c.cmc, c.cmc];
    case 'pt':
      return memoized(index, 'pt', () => {
        const sum = (face: 0 | 1) => Float64Array.from(c.pow[face], (p, g) => p + (c.tou[face][g] ?? NaN));
        return [sum(0), sum(1)];
      });
    default:
      return c[field];
  }
}

function cardNumber(index: CardIndex, node: NodeOf<'number'>, within: Bitset | undefined): Bitset {
  const n = index.cardCount;
  const c = index.cards;
  switch (node.field) {
    case 'cmc':
    case 'pow':
    case 'tou':
    case 'loy':
    case 'pt': {
      const [a0, a1] = statFaces(index, node.field);
      if (node.other) {
        // Field against field, face by face (a transformed creature's back face counts).
        const other = node.other;
        const [d0, d1] = memoized(index, `diff:${node.field}:${other}`, () => {
          const [b0, b1] = statFaces(index, other);
          const diff = (x: ArrayLike<number>, y: ArrayLike<number>) => {
            const d = new Float64Array(n);
            for (let g = 0; g < n; g++) d[g] = (x[g] ?? NaN) - (y[g] ?? NaN);
            return d;
          };
          return [diff(a0, b0), diff(a1, b1)];
        });
        return numeric(n, d0, node.op, 0, within).or(numeric(n, d1, node.op, 0, within));
      }
      // Any face counts (a transformed creature's power, a split card's halves share cmc).
      const hit = numeric(n, a0, node.op, node.value, within);
      return node.field === 'cmc' ? hit : hit.or(numeric(n, a1, node.op, node.value, within));
    }
    case 'prints':
      return numeric(n, c.prints, node.op, node.value, within);
    case 'sets':
      return numeric(n, c.sets, node.op, node.value, within);
    case 'paperprints':
      return numeric(n, c.paperPrints, node.op, node.value, within);
    case 'papersets':
      return numeric(n, c.paperSets, node.op, node.value, within);
    case 'illustrations':
      return numeric(n, c.illustrations, node.op, node.value, within);
    default:
      return new Bitset(n);
  }
}

/** A printing-level number column sorted: its printings by value (unknown ones left out), and the values. */
function sortedColumn(index: CardIndex, key: 'usd' | 'eur' | 'tix' | 'day'): { order: Int32Array; values: Float64Array } {
  return memoized(index, `sorted:${key}`, () => {
    const arr = index[key];
    const known: number[] = [];
    arr.forEach((v, i) => {
      if (!Number.isNaN(v)) known.push(i);
    });
    const order = Int32Array.from(known).sort((a, b) => (arr[a] ?? 0) - (arr[b] ?? 0));
    return { order, values: Float64Array.from(order, (i) => arr[i] ?? NaN) };
  });
}

/** First position in ascending `values` whose value is >= v (or > v when `strict`). */
function lowerBound(values: Float64Array, v: number, strict: boolean): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const x = values[mid] ?? 0;
    if (x < v || (strict && x === v)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * `numeric` over a printing column, answered from the sorted column when the matches are a
 * run of it small enough that setting their bits beats scanning every printing (a price
 * over 5 is a few percent of the printings).
 */
function numericRange(index: CardIndex, key: 'usd' | 'eur' | 'tix' | 'day', op: Op, value: number, within: Bitset | undefined): Bitset {
  const n = index.size;
  if (op === '!=' || (within && within.count() * 8 < n)) return numeric(n, index[key], op, value, within);
  const { order, values } = sortedColumn(index, key);
  const [from, to] =
    op === '<' ? [0, lowerBound(values, value, false)]
    : op === '<=' ? [0, lowerBound(values, value, true)]
    : op === '>' ? [lowerBound(values, value, true), values.length]
    : op === '>=' ? [lowerBound(values, value, false), values.length]
    : [lowerBound(values, value, false), lowerBound(values, value, true)];
  if ((to - from) * 3 > n) return numeric(n, index[key], op, value, within);
  const out = new Bitset(n);
  for (let p = from; p < to; p++) out.set(order[p] ?? 0);
  return within ? out.and(within) : out;
}

/** Each rarity's printings, for `r:` terms: a copy instead of a scan. */
function rarityMatch(index: CardIndex, op: Op, rank: number, within: Bitset | undefined): Bitset {
  const byRank = memoized(index, 'rarities', () => Array.from({ length: 6 }, (_, r) => numeric(index.size, index.rarity, '=', r)));
  const out = new Bitset(index.size);
  byRank.forEach((bits, r) => {
    if (compare(op === ':' ? '=' : op, r, rank)) out.or(bits);
  });
  return within ? out.and(within) : out;
}

function printNumber(index: CardIndex, node: NodeOf<'number'>, within: Bitset | undefined): Bitset {
  const n = index.size;
  switch (node.field) {
    case 'usd':
    case 'eur':
    case 'tix':
      return numericRange(index, node.field, node.op, Math.round(node.value * 100), within);
    case 'artists':
      return numeric(n, index.artists, node.op, node.value, within);
    case 'cn':
      return numeric(n, index.cnNum, node.op, node.value, within);
    case 'year': {
      // Years as day ranges: year>=2015 is day >= 20150000, year=2015 is 20150000 <= day < 20160000.
      const from = node.value * 10000;
      const to = from + 10000;
      const day = (op: Op, v: number) => numericRange(index, 'day', op, v, within);
      switch (node.op) {
        case ':':
        case '=':
          return day('>=', from).and(day('<', to));
        case '!=':
          return day('<', from).or(day('>=', to));
        case '<':
          return day('<', from);
        case '<=':
          return day('<', to);
        case '>':
          return day('>=', to);
        case '>=':
          return day('>=', from);
      }
      break;
    }
  }
  return new Bitset(n);
}

/** `date:` against a period (a day, a month, a year, or a set's release day), as `year` is against a year. */
function dateMatch(index: CardIndex, node: NodeOf<'date'>, within: Bitset | undefined): Bitset {
  let first = node.day;
  let last = node.last ?? first;
  if (first === undefined || last === undefined) {
    const set = index.sets.get(node.set ?? '');
    if (!set || set.day === 0) {
      throw new SearchParseError(`"${node.set}" is neither a date (YYYY, YYYY-MM or YYYY-MM-DD) nor a known set (at position ${node.pos}: "${node.token}")`, node.pos, node.token);
    }
    first = last = set.day;
  }
  const day = (op: Op, v: number) => numericRange(index, 'day', op, v, within);
  switch (node.op) {
    case ':':
    case '=':
      return first === last ? day('=', first) : day('>=', first).and(day('<=', last));
    case '!=':
      return day('<', first).or(day('>', last));
    case '<':
      return day('<', first);
    case '<=':
      return day('<=', last);
    case '>':
      return day('>', last);
    case '>=':
      return day('>=', first);
  }
}

const CARD_IS = new Set<string>([
  'dfc', 'mdfc', 'split', 'flip', 'transform', 'meld', 'leveler', 'adventure', 'class', 'saga', 'mutate', 'prototype',
  'augment', 'host', 'token', 'emblem', 'planar', 'scheme', 'vanguard', 'art_series', 'reversible', 'commander',
  'permanent', 'spell', 'historic', 'vanilla', 'frenchvanilla', 'hybrid', 'phyrexian', 'reserved', 'party', 'modal',
  'companion', 'gamechanger', 'outlaw', 'bikeland', 'bounceland', 'canopyland', 'checkland', 'creatureland', 'dual',
  'fastland', 'fetchland', 'filterland', 'gainland', 'painland', 'scryland', 'shadowland', 'shockland', 'storageland',
  'tangoland', 'triland', 'multicolor', 'colorless', 'monocolor', 'unique', 'brawler', 'duelcommander', 'bear',
]);

function cardIs(index: CardIndex, value: string): Bitset {
  const n = index.cardCount;
  const c = index.cards;
  const flag = (f: CardFlag) => c.flags.get(f) ?? new Bitset(n);
  const legalIn = (format: string) => (c.legal.get(format)?.clone() ?? new Bitset(n)).or(c.restricted.get(format) ?? new Bitset(n));
  switch (value) {
    case 'multicolor':
      return Bitset.lookup(n, c.colors, maskTable((m) => bits(m) >= 2));
    case 'colorless':
      return Bitset.lookup(n, c.colors, maskTable((m) => (m & 31) === 0));
    case 'monocolor':
      return Bitset.lookup(n, c.colors, maskTable((m) => bits(m) === 1));
    case 'unique':
      // Scryfall: printed in one set only.
      return numeric(n, c.sets, '=', 1);
    case 'brawler': {
      // Brawl's commander may also be a legendary planeswalker (Commander's may not, without saying so).
      const walkers = memoized(index, 'is:brawler-planeswalker', () =>
        c.type.select((s) => {
          const front = s.split(' // ')[0] ?? '';
          return /\blegendary\b/.test(front) && /\bplaneswalker\b/.test(front);
        }, n),
      );
      return legalIn('brawl').or(legalIn('standardbrawl')).and(flag('commander').clone().or(walkers));
    }
    case 'duelcommander':
      return legalIn('duel').and(flag('commander'));
    case 'bear':
      // Scryfall's "bear": a 2/2 creature with mana value 2 (its front face a creature).
      return memoized(index, 'is:bear', () =>
        c.type
          .select((s) => /\bcreature\b/.test(s.split(' // ')[0] ?? ''), n)
          .and(numeric(n, c.cmc, '=', 2))
          .and(numeric(n, c.pow[0], '=', 2))
          .and(numeric(n, c.tou[0], '=', 2)),
      ).clone();
    default:
      return flag(value as CardFlag).clone();
  }
}

function printIs(index: CardIndex, value: string, within: Bitset | undefined): Bitset {
  const n = index.size;
  if (value.startsWith('promo:')) {
    const v = `\u0001${value.slice(6)}\u0001`;
    return index.promoTypes.select((s) => s.includes(v), n, within);
  }
  if (value.startsWith('frame:')) {
    const v = `\u0001${value.slice(6)}\u0001`;
    return index.frameEffects.select((s) => s.includes(v), n, within);
  }
  const flag = index.flags.get(value as PrintFlag);
  return flag ? flag.clone() : new Bitset(n);
}

/**
 * Cards with at least one printing (in any language) that passes `test`: printed in a
 * set, at a rarity, in a language, in a game, in a kind of set, in boosters.
 */
function inMatch(index: CardIndex, node: NodeOf<'in'>): Bitset {
  const n = index.size;
  let printings: Bitset;
  switch (node.kind) {
    case 'set':
      printings = index.setCode.select((s) => s === node.value, n);
      break;
    case 'settype':
      printings = index.setType.select((s) => s === node.value, n);
      break;
    case 'lang':
      printings = index.lang.select((s) => s === node.value, n);
      break;
    case 'game':
      printings = index.games.select((s) => s.includes(`\u0001${node.value}\u0001`), n);
      break;
    case 'rarity':
      printings = index.rarityName.select((s) => s === node.value, n);
      break;
    case 'booster':
      printings = index.flags.get('booster') ?? new Bitset(n);
      break;
  }
  return cardsOf(index, printings);
}

/** The cards of some printings. */
export function cardsOf(index: CardIndex, printings: Bitset): Bitset {
  const out = new Bitset(index.cardCount);
  printings.forEach((i) => {
    out.set(index.group[i] ?? 0);
  });
  return out;
}

/** Each card's cheapest printing in a currency (ties: the preferred one); printings without a price never are. */
function cheapestPrintings(index: CardIndex, currency: 'usd' | 'eur' | 'tix'): Bitset {
  return memoized(index, `cheapest:${currency}`, () => {
    const price = index[currency];
    const out = new Bitset(index.size);
    for (let g = 0; g < index.cardCount; g++) {
      let best = -1;
      for (let i = index.groupStart[g] ?? 0; i < (index.groupStart[g + 1] ?? 0); i++) {
        const p = price[i] ?? NaN;
        if (!Number.isNaN(p) && (best < 0 || p < (price[best] ?? NaN))) best = i;
      }
      if (best >= 0) out.set(best);
    }
    return out;
  });
}

/** Whether a node is decided by the card alone (the same for all its printings). */
export function isCardLevel(node: Node): boolean {
  switch (node.type) {
    case 'all':
    case 'name':
    case 'color':
    case 'mana':
    case 'devotion':
    case 'format':
    case 'parity':
    case 'in':
      return true;
    case 'text':
      return node.field === 'type' || node.field === 'oracle' || node.field === 'fulloracle' || node.field === 'keyword' || node.field === 'oracleid';
    case 'regex':
      return node.field !== 'flavor' && node.field !== 'artist';
    case 'number':
      return ['cmc', 'pow', 'tou', 'loy', 'pt', 'prints', 'sets', 'paperprints', 'papersets', 'illustrations'].includes(node.field);
    case 'is':
      return CARD_IS.has(node.value);
    case 'and':
    case 'or':
      return node.children.every(isCardLevel);
    case 'not':
      return isCardLevel(node.child);
    default:
      return false;
  }
}

/** Rough cost of evaluating a node, so AND can run cheap, selective terms first. */
function cost(node: Node): number {
  switch (node.type) {
    case 'all':
    case 'is':
    case 'format':
    case 'has':
    case 'new':
    case 'cheapest':
      return 0;
    case 'rarity':
    case 'color':
    case 'number':
    case 'date':
    case 'parity':
      return 1;
    case 'text':
      return node.field === 'oracle' || node.field === 'fulloracle' || node.field === 'flavor' || node.field === 'artist' || node.field === 'lore' ? 4 : 2;
    case 'mana':
    case 'devotion':
    case 'name':
    case 'block':
    case 'in':
      return 3;
    case 'regex':
      return 6;
    case 'not':
      return cost(node.child);
    case 'and':
    case 'or':
      return Math.max(...node.children.map(cost));
    case 'collection':
      return 5;
  }
}

const byCost = (nodes: Node[]) => [...nodes].sort((a, b) => cost(a) - cost(b));

function cardLeaf(index: CardIndex, node: Node, within: Bitset | undefined): Bitset {
  const n = index.cardCount;
  const c = index.cards;
  switch (node.type) {
    case 'name':
      return nameMatch(index, node, within);
    case 'text':
      return textMatch(index, node, n, within);
    case 'regex':
      return regexMatch(index, node, n, within);
    case 'number':
      return cardNumber(index, node, within);
    case 'parity':
      return Bitset.where(n, (g) => {
        const v = c.cmc[g] ?? NaN;
        return Number.isInteger(v) && (v % 2 === 0) === node.even;
      });
    case 'color': {
      const arr = node.field === 'color' ? c.colors : node.field === 'identity' ? c.identity : c.produces;
      return Bitset.lookup(n, arr, maskTable(colorTest(node)));
    }
    case 'mana':
      return c.mana.select(manaTest(node), n, within);
    case 'devotion':
      return c.mana.select(devotionTest(node), n, within).and(c.flags.get('permanent') ?? new Bitset(n));
    case 'format': {
      const empty = new Bitset(n);
      if (node.status === 'legal') {
        // Scryfall counts restricted cards as playable in a format.
        return (c.legal.get(node.format)?.clone() ?? empty).or(c.restricted.get(node.format) ?? empty);
      }
      return (c[node.status].get(node.format) ?? empty).clone();
    }
    case 'is':
      return cardIs(index, node.value);
    case 'in':
      return inMatch(index, node);
    default:
      return Bitset.full(n);
  }
}

function printLeaf(index: CardIndex, node: Node, within: Bitset | undefined): Bitset {
  const n = index.size;
  switch (node.type) {
    case 'text':
      return node.field === 'lore' ? loreMatch(index, node, within) : textMatch(index, node, n, within);
    case 'regex':
      return regexMatch(index, node, n, within);
    case 'number':
      return printNumber(index, node, within);
    case 'rarity':
      return rarityMatch(index, node.op, node.rank, within);
    case 'date':
      return dateMatch(index, node, within);
    case 'is':
      return printIs(index, node.value, within);
    case 'has':
      return (index.flags.get(`has_${node.value}` as PrintFlag) ?? new Bitset(n)).clone();
    case 'new':
      return (index.newness.get(node.kind) ?? new Bitset(n)).clone();
    case 'block': {
      const sets = new Set(node.sets);
      return index.setCode.select((s) => sets.has(s), n, within);
    }
    case 'cheapest':
      return cheapestPrintings(index, node.currency).clone();
    case 'collection':
      throw new SearchParseError(`"${node.field}:" at position ${node.pos} only works when searching a collection.`, node.pos, node.token);
    default:
      return Bitset.full(n);
  }
}

/** Everything `within` holds, or every member when there is no `within`. */
const scopeOrAll = (size: number, within: Bitset | undefined) => (within ? within.clone() : Bitset.full(size));

/**
 * The node kinds both levels evaluate alike: OR, NOT and a leaf, each a subset of `within`.
 * `level` evaluates a child at the same level; `leaf` a leaf.
 */
function combine(
  size: number,
  node: Node,
  within: Bitset | undefined,
  level: (child: Node, within: Bitset | undefined) => Bitset,
  leaf: (node: Node, within: Bitset | undefined) => Bitset,
): Bitset {
  switch (node.type) {
    case 'all':
      return scopeOrAll(size, within);
    case 'or': {
      const acc = new Bitset(size);
      for (const child of node.children) acc.or(level(child, within));
      return acc;
    }
    case 'not':
      return scopeOrAll(size, within).andNot(level(node.child, within));
    default: {
      const out = leaf(node, within);
      return within ? out.and(within) : out;
    }
  }
}

/** ANDs `children` in turn, each looking only at what the earlier ones left. */
function allOf(size: number, children: Node[], within: Bitset | undefined, level: (child: Node, within: Bitset | undefined) => Bitset): Bitset {
  let acc = within;
  for (const child of byCost(children)) {
    if (acc?.isEmpty()) break;
    acc = level(child, acc);
  }
  return acc === within || acc === undefined ? scopeOrAll(size, within) : acc;
}

/** Evaluates a card-level node over cards; with `within`, the result is a subset of it. */
export function evaluateCards(index: CardIndex, node: Node, within?: Bitset): Bitset {
  const level = (child: Node, w: Bitset | undefined) => evaluateCards(index, child, w);
  if (node.type === 'and') return allOf(index.cardCount, node.children, within, level);
  return combine(index.cardCount, node, within, level, (leaf, w) => cardLeaf(index, leaf, w));
}

/** The printings of some cards (within `within` when given). */
export function printingsOf(index: CardIndex, cards: Bitset, within?: Bitset): Bitset {
  const n = index.size;
  let out: Bitset;
  if (cards.count() * 8 < index.cardCount) {
    out = new Bitset(n);
    cards.forEach((g) => {
      out.setRange(index.groupStart[g] ?? 0, index.groupStart[g + 1] ?? 0);
    });
  } else {
    const gw = cards.words;
    const group = index.group;
    out = new Bitset(n);
    const w = out.words;
    let i = 0;
    for (let k = 0; k < w.length; k++) {
      const end = Math.min(n, i + 32);
      let word = 0;
      for (let b = 0; i < end; i++, b++) {
        const g = group[i] ?? 0;
        word |= (((gw[g >>> 5] ?? 0) >>> (g & 31)) & 1) << b;
      }
      w[k] = word;
    }
  }
  return within ? out.and(within) : out;
}

/**
 * Evaluates a node over printings; with `within`, only those printings are considered
 * and the result is a subset of them. Collection terms are rejected before this.
 */
export function evaluate(index: CardIndex, node: Node, within?: Bitset): Bitset {
  if (isCardLevel(node)) return printingsOf(index, evaluateCards(index, node), within);
  const level = (child: Node, w: Bitset | undefined) => evaluate(index, child, w);
  if (node.type === 'and') {
    // The card-level terms together, over cards, then the printing-level ones over their printings.
    const cardTerms = node.children.filter(isCardLevel);
    const [only] = cardTerms;
    const cards = cardTerms.length ? evaluateCards(index, cardTerms.length === 1 && only ? only : { type: 'and', children: cardTerms }) : undefined;
    return allOf(index.size, node.children.filter((c) => !isCardLevel(c)), cards ? printingsOf(index, cards, within) : within, level);
  }
  return combine(index.size, node, within, level, (leaf, w) => printLeaf(index, leaf, w));
}

// ---- collection entries ---------------------------------------------------

/** What the collection knows about one of its entries; matched against collection-only keywords. */
export interface EntryFacts {
  card_id: string;
  finish: string;
  condition: string;
  quantity: number;
  binder_id: string | null;
  /** The binder's name, so `binder:trades` can name it; the id always works. */
  binder_name?: string | null;
  /** The copy's language (an English printing may be owned in Japanese): what `lang:` tests in a collection. */
  language?: string;
  /** The entry's tags as stored, a JSON array of strings (parsed only by a query with `tag:`). */
  tags?: string;
}

/** Tests an entry; `cardsVersion` is the card data it tests against (the index's version). */
export type EntryPredicate = ((entry: EntryFacts) => boolean) & { readonly cardsVersion?: string };

const FINISH_IS = new Set(['foil', 'nonfoil', 'etched']);

function isEntryLevel(node: Node): boolean {
  switch (node.type) {
    case 'collection':
      return true;
    case 'is':
      return FINISH_IS.has(node.value);
    case 'text':
      return node.field === 'lang';
    case 'number':
      return node.field === 'usd' || node.field === 'eur' || node.field === 'tix';
    case 'and':
    case 'or':
      return node.children.some(isEntryLevel);
    case 'not':
      return isEntryLevel(node.child);
    default:
      return false;
  }
}

function collectionTest(node: NodeOf<'collection'>): EntryPredicate {
  const want = node.number ?? NaN;
  switch (node.field) {
    case 'qty':
      return (e) => compare(node.op, e.quantity, want);
    case 'finish':
      return node.op === '!=' ? (e) => e.finish !== node.value : (e) => e.finish === node.value;
    case 'condition':
      return (e) => compare(node.op, CONDITION_SCALE.indexOf(e.condition), want);
    case 'binder': {
      const v = node.value.toLowerCase();
      const hit = (e: EntryFacts) =>
        v === 'none' || v === 'unassigned' ? e.binder_id === null : e.binder_id === node.value || (e.binder_name ?? '').toLowerCase() === v;
      return node.op === '!=' ? (e) => !hit(e) : hit;
    }
    case 'tag': {
      const v = node.value.trim().toLowerCase();
      const hit = (e: EntryFacts) => {
        const tags = tagsOf(e.tags);
        // Trimmed on both sides: a tag may be stored with the spaces it was written with.
        return v === 'none' ? tags.length === 0 : tags.some((t) => t.trim().toLowerCase() === v);
      };
      return node.op === '!=' ? (e) => !hit(e) : hit;
    }
  }
}

/** An entry's stored tags; none when absent or not a JSON array of strings. */
function tagsOf(stored: string | undefined): string[] {
  if (!stored || stored === '[]') return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Compiles a query into a predicate over collection entries. Card-level subtrees
 * are evaluated once into bit sets; `is:foil|nonfoil|etched` and the
 * collection-only keywords test the entry itself (its finish, not the card's).
 * Extras are not hidden here: a collection shows what its owner has.
 */
export function compileEntryPredicate(index: CardIndex, query: Query): EntryPredicate {
  const compile = (node: Node): EntryPredicate => {
    if (!isEntryLevel(node)) {
      const matches = evaluate(index, node);
      return (e) => {
        const i = index.byId.get(e.card_id);
        return i !== undefined && matches.has(i);
      };
    }
    switch (node.type) {
      case 'collection':
        return collectionTest(node);
      case 'is':
        return (e) => e.finish === node.value;
      case 'text': {
        // lang: tests the copy's language, as is:foil tests its finish; the printing's where the facts lack it.
        const matches = evaluate(index, node);
        const want = node.value;
        return (e) => {
          if (e.language === undefined) {
            const i = index.byId.get(e.card_id);
            return i !== undefined && matches.has(i);
          }
          return node.op === '!=' ? e.language !== want : e.language === want;
        };
      }
      case 'number':
        return copyPriceTest(index, node);
      case 'and': {
        const parts = node.children.map(compile);
        return (e) => parts.every((p) => p(e));
      }
      case 'or': {
        const parts = node.children.map(compile);
        return (e) => parts.some((p) => p(e));
      }
      case 'not': {
        const inner = compile(node.child);
        return (e) => !inner(e);
      }
      default:
        return () => false;
    }
  };
  return compile(query.root);
}

/**
 * `usd`/`eur`/`tix` on a copy: the price of its own finish (what its `value` is made of), as
 * `is:foil` tests its finish; a copy whose finish has no price in that currency never matches.
 */
function copyPriceTest(index: CardIndex, node: NodeOf<'number'>): EntryPredicate {
  const cents = Math.round(node.value * 100);
  const column = (finish: string): Float64Array | undefined => {
    if (node.field === 'usd') return index.finishPrice.usd[finish as 'nonfoil' | 'foil' | 'etched'];
    if (node.field === 'eur') return finish === 'nonfoil' || finish === 'foil' ? index.finishPrice.eur[finish] : undefined;
    return finish === 'nonfoil' ? index.tix : undefined;
  };
  return (e) => {
    const i = index.byId.get(e.card_id);
    const price = i === undefined ? undefined : column(e.finish)?.[i];
    return price !== undefined && !Number.isNaN(price) && compare(node.op, price, cents);
  };
}
