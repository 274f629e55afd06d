/**
 * Evaluates a parsed query over a CardIndex. Every node becomes a Bitset of
 * printing numbers; leaves scan one typed array or one interned text column.
 */
import { Bitset } from './bitset.js';
import type { FlagName } from './facts.js';
import type { CardIndex } from './index.js';
import type { TextColumn } from './text-column.js';
import { CONDITION_SCALE, parseManaSymbols, SearchParseError, type Node, type Op, type Query } from './parser.js';
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

function scan(size: number, test: (i: number) => boolean): Bitset {
  const out = new Bitset(size);
  const words = out.words;
  for (let i = 0; i < size; i++) if (test(i)) words[i >>> 5] |= 1 << (i & 31);
  return out;
}

/**
 * Printings whose value compares true; one tight loop per operator. Missing values
 * (NaN) fail every comparison, including !=.
 */
function numeric(size: number, arr: ArrayLike<number>, op: Op, value: number): Bitset {
  const out = new Bitset(size);
  const w = out.words;
  switch (op) {
    case ':':
    case '=':
      for (let i = 0; i < size; i++) if (arr[i] === value) w[i >>> 5] |= 1 << (i & 31);
      break;
    case '!=':
      for (let i = 0; i < size; i++) {
        const v = arr[i]!;
        if (v === v && v !== value) w[i >>> 5] |= 1 << (i & 31);
      }
      break;
    case '<':
      for (let i = 0; i < size; i++) if (arr[i]! < value) w[i >>> 5] |= 1 << (i & 31);
      break;
    case '<=':
      for (let i = 0; i < size; i++) if (arr[i]! <= value) w[i >>> 5] |= 1 << (i & 31);
      break;
    case '>':
      for (let i = 0; i < size; i++) if (arr[i]! > value) w[i >>> 5] |= 1 << (i & 31);
      break;
    case '>=':
      for (let i = 0; i < size; i++) if (arr[i]! >= value) w[i >>> 5] |= 1 << (i & 31);
      break;
  }
  return out;
}

/** Printings whose small-integer value (a colour mask, a rarity) is marked in `table`. */
function lookup(size: number, arr: Uint8Array, table: Uint8Array): Bitset {
  const out = new Bitset(size);
  const w = out.words;
  for (let i = 0; i < size; i++) if (table[arr[i]!] === 1) w[i >>> 5] |= 1 << (i & 31);
  return out;
}

const POPCOUNT = Array.from({ length: 64 }, (_, m) => (m.toString(2).match(/1/g) ?? []).length);

function colorTest(node: NodeOf<'color'>): (mask: number) => boolean {
  const q = node.mask;
  const op = node.op;
  if (node.count !== undefined) {
    const c = node.count;
    return (m) => compare(op, POPCOUNT[m & 31]!, c);
  }
  if (node.multicolor) return op === '!=' ? (m) => POPCOUNT[m & 31]! < 2 : (m) => POPCOUNT[m & 31]! >= 2;
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

/** Mana costs as symbol counts; generic costs count as that many "#" units. */
function manaBag(symbols: string[]): Map<string, number> {
  const bag = new Map<string, number>();
  for (const s of symbols) {
    if (/^\d+$/.test(s)) bag.set('#', (bag.get('#') ?? 0) + Number(s));
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
  return a.size === b.size && bagContains(a, b);
}

function manaTest(node: NodeOf<'mana'>): (cost: string) => boolean {
  const want = manaBag(node.symbols);
  const faceTest = (bag: Map<string, number>): boolean => {
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
      case '<=':
        return bagContains(want, bag);
      case '<':
        return bagContains(want, bag) && !bagEquals(bag, want);
    }
  };
  return (costs) => {
    const faces = costs.split(' // ').filter((c) => c !== '');
    if (faces.length === 0) return false;
    for (const face of faces) {
      const symbols = parseManaSymbols(face);
      if (symbols && faceTest(manaBag(symbols))) return true;
    }
    return false;
  };
}

function textColumn(index: CardIndex, field: NodeOf<'text'>['field'], value: string): { col: TextColumn; test: (s: string) => boolean; needle?: string } {
  const v = fold(value);
  const contains = (col: TextColumn) => ({ col, test: (s: string) => s.includes(v) });
  const equals = (col: TextColumn) => ({ col, test: (s: string) => s === v });
  const listed = (col: TextColumn) => ({ col, test: (s: string) => s.includes(`\u0001${v}\u0001`) });
  switch (field) {
    case 'name':
      return contains(index.nameRaw);
    case 'type':
      return contains(index.type);
    case 'oracle':
      if (v.includes('~')) return contains(index.oracleTilde);
      return { col: index.oracle, test: (s: string) => s.includes(v), needle: v };
    case 'fulloracle':
      return contains(index.fullOracle);
    case 'flavor':
      return contains(index.flavor);
    case 'artist':
      return contains(index.artist);
    case 'keyword':
      return listed(index.keywords);
    case 'game':
      return listed(index.games);
    case 'set':
      return equals(index.setCode);
    case 'settype':
      return equals(index.setType);
    case 'cn':
      return equals(index.cn);
    case 'lang':
      return equals(index.lang);
    case 'border':
      return equals(index.border);
    case 'frame':
      return equals(index.frame);
    case 'watermark':
      return equals(index.watermark);
    case 'oracleid':
      return equals(index.oracleId);
  }
}

function nameMatch(index: CardIndex, node: NodeOf<'name'>, within: Bitset | undefined): Bitset {
  if (node.exact) {
    // A map lookup, not a scan: full names, face names and printed names.
    const key = fold(node.value);
    const out = new Bitset(index.size);
    for (const g of index.exactName.get(key) ?? []) {
      for (let k = index.groupStart[g]!; k < index.groupStart[g + 1]!; k++) out.set(index.groupMembers[k]!);
    }
    for (const i of index.exactPrinted.get(key) ?? []) out.set(i);
    return within ? out.and(within) : out;
  }
  // Punctuation-insensitive: "teferis" finds "Teferi's", "time raveler" finds "Teferi, Time Raveler".
  const v = loose(node.value);
  if (v === '') {
    const raw = fold(node.value);
    return index.nameRaw.select((s) => s.includes(raw), index.size, within);
  }
  return index.name.contains(v, index.size, within);
}

const STAT_FIELDS = { cmc: null, pow: 'pow', tou: 'tou', loy: 'loy' } as const;

function numberMatch(index: CardIndex, node: NodeOf<'number'>): Bitset {
  const n = index.size;
  if (node.other) {
    const faces = (f: 'cmc' | 'pow' | 'tou' | 'loy'): [Float64Array, Float64Array] => {
      const key = STAT_FIELDS[f];
      return key === null ? [index.cmc, index.cmc] : index[key];
    };
    const [a0, a1] = faces(node.field as 'cmc' | 'pow' | 'tou' | 'loy');
    const [b0, b1] = faces(node.other);
    return scan(n, (i) => {
      const x0 = a0[i]!;
      const y0 = b0[i]!;
      const x1 = a1[i]!;
      const y1 = b1[i]!;
      return (x0 === x0 && y0 === y0 && compare(node.op, x0, y0)) || (x1 === x1 && y1 === y1 && compare(node.op, x1, y1));
    });
  }
  switch (node.field) {
    case 'cmc':
      return numeric(n, index.cmc, node.op, node.value);
    case 'pow':
    case 'tou':
    case 'loy': {
      const [f0, f1] = index[node.field];
      return numeric(n, f0, node.op, node.value).or(numeric(n, f1, node.op, node.value));
    }
    case 'usd':
    case 'eur':
    case 'tix':
      return numeric(n, index[node.field], node.op, Math.round(node.value * 100));
    case 'year': {
      // Years as day ranges: year>=2015 is day >= 20150000, year=2015 is 20150000 <= day < 20160000.
      const from = node.value * 10000;
      const to = from + 10000;
      switch (node.op) {
        case ':':
        case '=':
          return numeric(n, index.day, '>=', from).and(numeric(n, index.day, '<', to));
        case '!=':
          return numeric(n, index.day, '<', from).or(numeric(n, index.day, '>=', to));
        case '<':
          return numeric(n, index.day, '<', from);
        case '<=':
          return numeric(n, index.day, '<', to);
        case '>':
          return numeric(n, index.day, '>=', to);
        case '>=':
          return numeric(n, index.day, '>=', from);
      }
      break;
    }
    case 'cn':
      return numeric(n, index.cnNum, node.op, node.value);
  }
  return new Bitset(n);
}

function dateMatch(index: CardIndex, node: NodeOf<'date'>): Bitset {
  let day = node.day;
  if (day === undefined) {
    const set = index.sets.get(node.set ?? '');
    if (!set || set.day === 0) {
      throw new SearchParseError(`"${node.set}" is neither a date (YYYY-MM-DD) nor a known set (at position ${node.pos}: "${node.token}")`, node.pos, node.token);
    }
    day = set.day;
  }
  return numeric(index.size, index.day, node.op === ':' ? '=' : node.op, day);
}

function isMatch(index: CardIndex, value: string): Bitset {
  const table = (test: (mask: number) => boolean) => Uint8Array.from(POPCOUNT, (_, m) => (test(m) ? 1 : 0));
  switch (value) {
    case 'multicolor':
      return lookup(index.size, index.colors, table((m) => POPCOUNT[m]! >= 2));
    case 'colorless':
      return lookup(index.size, index.colors, table((m) => m === 0));
    case 'monocolor':
      return lookup(index.size, index.colors, table((m) => POPCOUNT[m]! === 1));
  }
  const flag = index.flags.get(value as FlagName);
  return flag ? flag.clone() : new Bitset(index.size);
}

/** Rough cost of evaluating a node, so AND can run cheap, selective terms first. */
function cost(node: Node): number {
  switch (node.type) {
    case 'all':
    case 'is':
    case 'format':
      return 0;
    case 'rarity':
    case 'color':
    case 'number':
    case 'date':
      return 1;
    case 'text':
      return node.field === 'oracle' || node.field === 'fulloracle' || node.field === 'flavor' || node.field === 'artist' || node.field === 'name' ? 4 : 2;
    case 'mana':
    case 'name':
      return 3;
    case 'not':
      return cost(node.child);
    case 'and':
    case 'or':
      return Math.max(...node.children.map(cost));
    case 'collection':
      return 5;
  }
}

function leaf(index: CardIndex, node: Node, within: Bitset | undefined): Bitset {
  const n = index.size;
  switch (node.type) {
    case 'name':
      return nameMatch(index, node, within);
    case 'text': {
      const { col, test, needle } = textColumn(index, node.field, node.value);
      const hit = needle !== undefined ? col.contains(needle, n, within) : col.select(test, n, within);
      return node.op === '!=' ? (within ? within.clone() : Bitset.full(n)).andNot(hit) : hit;
    }
    case 'number':
      return numberMatch(index, node);
    case 'color': {
      const arr = node.field === 'color' ? index.colors : node.field === 'identity' ? index.identity : index.produces;
      const test = colorTest(node);
      return lookup(n, arr, Uint8Array.from({ length: 64 }, (_, m) => (test(m) ? 1 : 0)));
    }
    case 'mana':
      return index.mana.select(manaTest(node), n, within);
    case 'rarity':
      return numeric(n, index.rarity, node.op === ':' ? '=' : node.op, node.rank);
    case 'date':
      return dateMatch(index, node);
    case 'format': {
      const empty = new Bitset(n);
      if (node.status === 'legal') {
        // Scryfall counts restricted cards as playable in a format.
        return (index.legal.get(node.format)?.clone() ?? empty).or(index.restricted.get(node.format) ?? empty);
      }
      return (index[node.status].get(node.format) ?? empty).clone();
    }
    case 'is':
      return isMatch(index, node.value);
    case 'collection':
      throw new SearchParseError(`"${node.field}:" at position ${node.pos} only works when searching a collection.`, node.pos, node.token);
    default:
      return Bitset.full(n);
  }
}

/**
 * Evaluates a card-level node; with `within`, only those printings are considered
 * and the result is a subset of them. Collection terms are rejected before this.
 */
export function evaluate(index: CardIndex, node: Node, within?: Bitset): Bitset {
  switch (node.type) {
    case 'all':
      return within ? within.clone() : Bitset.full(index.size);
    case 'and': {
      // Cheap terms first: each later term only looks at what the earlier ones left.
      let acc = within;
      for (const child of [...node.children].sort((a, b) => cost(a) - cost(b))) {
        acc = evaluate(index, child, acc);
        if (acc.isEmpty()) break;
      }
      return acc === within ? (within ? within.clone() : Bitset.full(index.size)) : acc!;
    }
    case 'or': {
      const acc = new Bitset(index.size);
      for (const child of node.children) acc.or(evaluate(index, child, within));
      return acc;
    }
    case 'not': {
      const inner = evaluate(index, node.child, within);
      return (within ? within.clone() : Bitset.full(index.size)).andNot(inner);
    }
    default: {
      const out = leaf(index, node, within);
      return within ? out.and(within) : out;
    }
  }
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
}

export type EntryPredicate = (entry: EntryFacts) => boolean;

const FINISH_IS = new Set(['foil', 'nonfoil', 'etched']);

function isEntryLevel(node: Node): boolean {
  switch (node.type) {
    case 'collection':
      return true;
    case 'is':
      return FINISH_IS.has(node.value);
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
  switch (node.field) {
    case 'qty':
      return (e) => compare(node.op, e.quantity, node.number!);
    case 'finish':
      return node.op === '!=' ? (e) => e.finish !== node.value : (e) => e.finish === node.value;
    case 'condition': {
      const want = node.number!;
      return (e) => compare(node.op, CONDITION_SCALE.indexOf(e.condition), want);
    }
    case 'binder': {
      const v = node.value.toLowerCase();
      const hit = (e: EntryFacts) =>
        v === 'none' || v === 'unassigned' ? e.binder_id === null : e.binder_id === node.value || (e.binder_name ?? '').toLowerCase() === v;
      return node.op === '!=' ? (e) => !hit(e) : hit;
    }
  }
}

/**
 * Compiles a query into a predicate over collection entries. Card-level subtrees
 * are evaluated once into bit sets; `is:foil|nonfoil|etched` and the
 * collection-only keywords test the entry itself (its finish, not the card's).
 */
export function compileEntryPredicate(index: CardIndex, query: Query): EntryPredicate {
  const compile = (node: Node): EntryPredicate => {
    if (!isEntryLevel(node)) {
      const bits = evaluate(index, node);
      return (e) => {
        const i = index.byId.get(e.card_id);
        return i !== undefined && bits.has(i);
      };
    }
    switch (node.type) {
      case 'collection':
        return collectionTest(node);
      case 'is':
        return (e) => e.finish === node.value;
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
