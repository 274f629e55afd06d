/**
 * Interned text columns: one copy of each distinct string, and per member (a card or a
 * printing) the id of its string, so a text predicate runs once per distinct value, not
 * once per member.
 */
import { Bitset } from './bitset.js';

/** The three UTF-16 units at `k` as one number: no substring to allocate and hash. */
function gram(s: string, k: number): number {
  return s.charCodeAt(k) * 4294967296 + s.charCodeAt(k + 1) * 65536 + s.charCodeAt(k + 2);
}

/** Sorted intersection of two ascending id lists. */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  let j = 0;
  for (const c of a) {
    while (j < b.length && (b[j] ?? 0) < c) j++;
    if (b[j] === c) out[n++] = c;
  }
  return out.subarray(0, n);
}

// One buffer for the matching values of the term being evaluated (terms are evaluated one at
// a time, synchronously): a search allocates no list per term, so it leaves less garbage for
// the young generation's collections that fall between requests (bench/README.md).
let scratchHits = new Int32Array(1024);
function scratch(n: number): Int32Array {
  if (scratchHits.length < n) scratchHits = new Int32Array(Math.max(n, scratchHits.length * 2));
  return scratchHits;
}

/** One interned text value per member. */
export class TextColumn {
  readonly strings: string[] = [];
  private readonly lookup = new Map<string, number>();
  private refs: number[] = [];
  ids: Int32Array = new Int32Array(0);
  /** The members of each value (CSR: `members[start[id]..start[id + 1]]`), built on first use. */
  private postings: { start: Int32Array; members: Int32Array } | undefined;
  /** Trigram (as a number, see `gram`) -> ids of the strings containing it (ascending), when enabled. */
  private trigrams: Map<number, Int32Array> | undefined;

  /** The id of a value, adding it when new. */
  intern(value: string): number {
    let id = this.lookup.get(value);
    if (id === undefined) {
      id = this.strings.length;
      this.strings.push(value);
      this.lookup.set(value, id);
    }
    return id;
  }

  /** Appends the next member's value by id. */
  push(id: number): void {
    this.refs.push(id);
  }

  /** Fixes the members, in the order given: `order[k]` is the push number of member k. */
  seal(order?: ArrayLike<number>): void {
    const refs = this.refs;
    this.ids = order ? Int32Array.from({ length: order.length }, (_, k) => refs[order[k] ?? 0] ?? 0) : Int32Array.from(refs);
    this.refs = [];
    this.lookup.clear();
  }

  /**
   * Indexes every 3-character substring, so `contains` with a needle of 3 or more
   * characters tests only the strings that have all its trigrams (big text columns). A
   * generator: it stops every few thousand values, so an index build can let requests in
   * (IndexBuilder.finishing).
   */
  *enablingTrigrams(): Generator<void, void, void> {
    const lists = new Map<number, number[]>();
    const strings = this.strings;
    for (let id = 0; id < strings.length; id++) {
      const v = strings[id] ?? '';
      for (let k = 0; k + 3 <= v.length; k++) {
        const g = gram(v, k);
        let list = lists.get(g);
        if (!list) {
          list = [];
          lists.set(g, list);
        }
        if (list[list.length - 1] !== id) list.push(id);
      }
      if ((id & 2047) === 2047) yield;
    }
    const trigrams = new Map<number, Int32Array>();
    let k = 0;
    for (const [g, list] of lists) {
      trigrams.set(g, Int32Array.from(list));
      if ((++k & 8191) === 0) yield;
    }
    // Set at the end: a column is searched with all of its trigrams or none.
    this.trigrams = trigrams;
  }

  /** Ids of the strings that may contain `needle` (all of its trigrams), or undefined when trigrams cannot tell. */
  private candidates(needle: string): Int32Array | undefined {
    const grams = this.trigrams;
    if (!grams || needle.length < 3) return undefined;
    const lists: Int32Array[] = [];
    for (let k = 0; k + 3 <= needle.length; k++) {
      const list = grams.get(gram(needle, k));
      if (!list) return new Int32Array(0);
      lists.push(list);
    }
    // The rarest three narrow enough (measured: intersecting every list costs more than it
    // saves); the caller tests each candidate anyway.
    lists.sort((a, b) => a.length - b.length);
    let out = lists[0] ?? new Int32Array(0);
    for (const other of lists.slice(1, 3)) {
      if (out.length === 0) break;
      out = intersect(out, other);
    }
    return out;
  }

  /** Members whose value contains `needle` (already folded). */
  contains(needle: string, size: number, within?: Bitset): Bitset {
    const test = (s: string) => s.includes(needle);
    const pool = this.candidates(needle);
    if (!pool) return this.select(test, size, within);
    if (within && within.count() < pool.length) return this.selectWithin(test, size, within);
    // The candidates tested in place: no call per value (most candidates are hits, each a scan).
    const hits = scratch(pool.length);
    let n = 0;
    const strings = this.strings;
    for (let k = 0; k < pool.length; k++) {
      const c = pool[k] ?? 0;
      if ((strings[c] ?? '').includes(needle)) hits[n++] = c;
    }
    return this.membersOfValues(hits.subarray(0, n), size, within);
  }

  /**
   * Members whose value satisfies `test`, where `test` can only pass on values containing
   * every string of `required`: trigrams narrow the values `test` runs on.
   */
  containsAll(required: readonly string[], test: (value: string) => boolean, size: number, within?: Bitset): Bitset {
    let pool: Int32Array | undefined;
    for (const r of required) {
      const c = this.candidates(r);
      if (!c) continue;
      pool = pool ? intersect(pool, c) : c;
    }
    // Test whichever is fewer: the candidate values, or the values of `within`'s members.
    if (!pool) return this.select(test, size, within);
    if (within && within.count() < pool.length) return this.selectWithin(test, size, within);
    const hits = scratch(pool.length);
    let n = 0;
    for (const c of pool) if (test(this.strings[c] ?? '')) hits[n++] = c;
    return this.membersOfValues(hits.subarray(0, n), size, within);
  }

  /**
   * The members holding one of the values `hits` (ids): through the postings when they are
   * few, else in one branch-free pass over all members.
   */
  private membersOfValues(hits: Int32Array, size: number, within: Bitset | undefined): Bitset {
    if (hits.length === 0) return new Bitset(size);
    const { start, members } = this.postingsOf();
    let total = 0;
    for (const h of hits) total += (start[h + 1] ?? 0) - (start[h] ?? 0);
    let out: Bitset;
    if (total * 8 < size) {
      out = new Bitset(size);
      for (const h of hits) for (let k = start[h] ?? 0; k < (start[h + 1] ?? 0); k++) out.set(members[k] ?? 0);
    } else {
      const marked = new Uint8Array(this.strings.length);
      for (const h of hits) marked[h] = 1;
      out = Bitset.lookup(size, this.ids, marked);
    }
    return within ? out.and(within) : out;
  }

  /** Builds now what the column would build on first use. */
  warm(): void {
    this.postingsOf();
  }

  private postingsOf(): { start: Int32Array; members: Int32Array } {
    if (!this.postings) {
      const ids = this.ids;
      const start = new Int32Array(this.strings.length + 1);
      for (const id of ids) start[id + 1] = (start[id + 1] ?? 0) + 1;
      for (let id = 0; id < this.strings.length; id++) start[id + 1] = (start[id + 1] ?? 0) + (start[id] ?? 0);
      const fill = start.slice(0, this.strings.length);
      const members = new Int32Array(ids.length);
      ids.forEach((id, i) => {
        const k = fill[id] ?? 0;
        members[k] = i;
        fill[id] = k + 1;
      });
      this.postings = { start, members };
    }
    return this.postings;
  }

  /** True when `within` holds few enough members that testing only their values is cheaper. */
  private sparse(within: Bitset | undefined): within is Bitset {
    return within !== undefined && within.count() * 4 < this.strings.length;
  }

  /**
   * The members whose value satisfies `test`; `test` runs once per distinct value.
   * With `within`, only those members are considered (and returned): when they are
   * few, only their values are tested, which makes a selective term cheap before an
   * expensive one.
   */
  select(test: (value: string) => boolean, size: number, within?: Bitset): Bitset {
    if (this.sparse(within)) return this.selectWithin(test, size, within);
    const hits = scratch(this.strings.length);
    let n = 0;
    const strings = this.strings;
    for (let id = 0; id < strings.length; id++) if (test(strings[id] ?? '')) hits[n++] = id;
    return this.membersOfValues(hits.subarray(0, n), size, within);
  }

  /** `select` testing only the values of `within`'s members, each value once. */
  private selectWithin(test: (value: string) => boolean, size: number, within: Bitset): Bitset {
    const memo = new Uint8Array(this.strings.length);
    const out = new Bitset(size);
    const ids = this.ids;
    within.forEach((i) => {
      const s = ids[i] ?? 0;
      let m = memo[s] ?? 0;
      if (m === 0) memo[s] = m = test(this.strings[s] ?? '') ? 1 : 2;
      if (m === 1) out.set(i);
    });
    return out;
  }

  get(i: number): string {
    return this.strings[this.ids[i] ?? -1] ?? '';
  }
}
