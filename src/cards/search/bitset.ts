/**
 * Fixed-size bit sets over printing (or card) numbers. Search evaluates every AST node
 * to one of these, so AND / OR / NOT cost N/32 word operations, whatever the query.
 *
 * Loops index typed arrays they allocated themselves and never read past `words.length`;
 * `?? 0` only satisfies `noUncheckedIndexedAccess` (V8 drops it on in-bounds reads).
 */
export class Bitset {
  readonly words: Uint32Array;

  constructor(
    readonly size: number,
    words?: Uint32Array,
  ) {
    this.words = words ?? new Uint32Array((size + 31) >>> 5);
  }

  static full(size: number): Bitset {
    const b = new Bitset(size);
    b.words.fill(0xffffffff);
    b.trim();
    return b;
  }

  /** The members for which `test` holds (for building; hot paths use `lookup` or word loops). */
  static where(size: number, test: (i: number) => boolean): Bitset {
    const out = new Bitset(size);
    for (let i = 0; i < size; i++) if (test(i)) out.set(i);
    return out;
  }

  /**
   * The members whose key is marked in `table` (`table[keys[i]] === 1`): a colour mask in
   * a table of masks, a string id in a table of matching strings. Branch-free (a filter over 100,000 values with
   * unpredictable outcomes runs ~3x faster a word at a time), without a call per member.
   */
  static lookup(size: number, keys: ArrayLike<number>, table: Uint8Array): Bitset {
    const out = new Bitset(size);
    const w = out.words;
    let i = 0;
    for (let k = 0; k < w.length; k++) {
      const end = Math.min(size, i + 32);
      let word = 0;
      for (let b = 0; i < end; i++, b++) word |= (table[keys[i] ?? 0] ?? 0) << b;
      w[k] = word;
    }
    return out;
  }

  /** Members from a list (any order, duplicates allowed). */
  static of(size: number, members: Iterable<number>): Bitset {
    const out = new Bitset(size);
    for (const i of members) out.set(i);
    return out;
  }

  clone(): Bitset {
    return new Bitset(this.size, this.words.slice());
  }

  has(i: number): boolean {
    return (((this.words[i >>> 5] ?? 0) >>> (i & 31)) & 1) === 1;
  }

  set(i: number): void {
    const k = i >>> 5;
    this.words[k] = (this.words[k] ?? 0) | (1 << (i & 31));
  }

  clear(i: number): void {
    const k = i >>> 5;
    this.words[k] = (this.words[k] ?? 0) & ~(1 << (i & 31));
  }

  /** Sets the members from..to-1. */
  setRange(from: number, to: number): void {
    const w = this.words;
    let i = from;
    while (i < to && (i & 31) !== 0) this.set(i++);
    for (; i + 32 <= to; i += 32) w[i >>> 5] = 0xffffffff;
    while (i < to) this.set(i++);
  }

  and(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i] = (a[i] ?? 0) & (b[i] ?? 0);
    return this;
  }

  or(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i] = (a[i] ?? 0) | (b[i] ?? 0);
    return this;
  }

  /** Removes the members of `other`. */
  andNot(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i] = (a[i] ?? 0) & ~(b[i] ?? 0);
    return this;
  }

  not(): this {
    const a = this.words;
    for (let i = 0; i < a.length; i++) a[i] = ~(a[i] ?? 0) >>> 0;
    this.trim();
    return this;
  }

  isEmpty(): boolean {
    const a = this.words;
    for (let i = 0; i < a.length; i++) if (a[i] !== 0) return false;
    return true;
  }

  count(): number {
    let n = 0;
    const a = this.words;
    for (let i = 0; i < a.length; i++) n += popcount(a[i] ?? 0);
    return n;
  }

  /** Members of both, without building the intersection. */
  countAnd(other: Bitset): number {
    let n = 0;
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) n += popcount((a[i] ?? 0) & (b[i] ?? 0));
    return n;
  }

  /** The k-th member (0-based) in ascending order, or -1 when there are k or fewer. */
  nth(k: number): number {
    if (k < 0) return -1;
    const a = this.words;
    for (let w = 0; w < a.length; w++) {
      let v = a[w] ?? 0;
      const c = popcount(v);
      if (k >= c) {
        k -= c;
        continue;
      }
      for (; k > 0; k--) v &= v - 1;
      return (w << 5) + (31 - Math.clz32(v & -v));
    }
    return -1;
  }

  /** Calls fn for every member in ascending order. */
  forEach(fn: (i: number) => void): void {
    const a = this.words;
    for (let w = 0; w < a.length; w++) {
      let v = a[w] ?? 0;
      while (v !== 0) {
        const t = v & -v;
        fn((w << 5) + (31 - Math.clz32(t)));
        v ^= t;
      }
    }
  }

  /** Bits past `size` stay zero so counts and NOT are exact. */
  private trim(): void {
    const extra = this.words.length * 32 - this.size;
    const last = this.words.length - 1;
    if (extra > 0 && last >= 0) this.words[last] = (this.words[last] ?? 0) & (0xffffffff >>> extra);
  }
}

export function popcount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
