/**
 * Fixed-size bit sets over printing numbers. Search evaluates every AST node to
 * one of these, so AND / OR / NOT cost N/32 word operations, whatever the query.
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

  clone(): Bitset {
    return new Bitset(this.size, this.words.slice());
  }

  has(i: number): boolean {
    return (this.words[i >>> 5]! & (1 << (i & 31))) !== 0;
  }

  set(i: number): void {
    this.words[i >>> 5]! |= 1 << (i & 31);
  }

  clear(i: number): void {
    this.words[i >>> 5]! &= ~(1 << (i & 31));
  }

  and(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i] = a[i]! & b[i]!;
    return this;
  }

  or(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i] = a[i]! | b[i]!;
    return this;
  }

  /** Removes the bits set in `other`. */
  andNot(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i] = a[i]! & ~b[i]!;
    return this;
  }

  not(): this {
    const a = this.words;
    for (let i = 0; i < a.length; i++) a[i] = ~a[i]! >>> 0;
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
    for (let i = 0; i < a.length; i++) {
      let v = a[i]!;
      v -= (v >>> 1) & 0x55555555;
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      n += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return n;
  }

  /** Calls fn for every set bit in ascending order. */
  forEach(fn: (i: number) => void): void {
    const a = this.words;
    for (let w = 0; w < a.length; w++) {
      let v = a[w]!;
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
    if (extra > 0 && this.words.length > 0) this.words[this.words.length - 1]! &= 0xffffffff >>> extra;
  }
}
