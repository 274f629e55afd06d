/**
 * Interned text columns: one copy of each distinct string, and per printing the id of
 * its string, so a text predicate runs once per distinct value, not once per printing.
 */
import { Bitset } from './bitset.js';

/** One interned text value per printing. */
export class TextColumn {
  readonly strings: string[] = [];
  private readonly lookup = new Map<string, number>();
  private refs: number[] = [];
  ids: Int32Array = new Int32Array(0);

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

  /** Appends the next printing's value by id. */
  push(id: number): void {
    this.refs.push(id);
  }

  seal(): void {
    this.ids = Int32Array.from(this.refs);
    this.refs = [];
    this.lookup.clear();
  }

  /** Trigram -> ids of the strings containing it (ascending), when enabled. */
  private trigrams: Map<string, Int32Array> | undefined;

  /**
   * Indexes every 3-character substring, so `contains` with a needle of 3 or more
   * characters tests only the strings that have all its trigrams (big text columns).
   */
  enableTrigrams(): void {
    const lists = new Map<string, number[]>();
    for (let id = 0; id < this.strings.length; id++) {
      const v = this.strings[id]!;
      for (let k = 0; k + 3 <= v.length; k++) {
        const g = v.substring(k, k + 3);
        let list = lists.get(g);
        if (!list) lists.set(g, (list = []));
        if (list[list.length - 1] !== id) list.push(id);
      }
    }
    this.trigrams = new Map();
    for (const [g, list] of lists) this.trigrams.set(g, Int32Array.from(list));
  }

  /** Printings whose value contains `needle` (already folded). */
  contains(needle: string, size: number, within?: Bitset): Bitset {
    const grams = this.trigrams;
    if (!grams || needle.length < 3 || (within && within.count() * 4 < this.strings.length)) {
      return this.select((v) => v.includes(needle), size, within);
    }
    // Candidates: strings holding every trigram of the needle; rarest lists first.
    const lists: Int32Array[] = [];
    for (let k = 0; k + 3 <= needle.length; k++) {
      const list = grams.get(needle.substring(k, k + 3));
      if (!list) return new Bitset(size);
      lists.push(list);
    }
    lists.sort((a, b) => a.length - b.length);
    let candidates: Int32Array = lists[0]!;
    for (let l = 1; l < lists.length && candidates.length > 0; l++) {
      const other = lists[l]!;
      const next: number[] = [];
      let j = 0;
      for (const c of candidates) {
        while (j < other.length && other[j]! < c) j++;
        if (j < other.length && other[j] === c) next.push(c);
      }
      candidates = Int32Array.from(next);
    }
    const hits = new Uint8Array(this.strings.length);
    let any = false;
    for (const c of candidates) {
      if (this.strings[c]!.includes(needle)) {
        hits[c] = 1;
        any = true;
      }
    }
    const out = new Bitset(size);
    if (!any) return out;
    const ids = this.ids;
    const words = out.words;
    for (let i = 0; i < size; i++) if (hits[ids[i]!] === 1) words[i >>> 5] |= 1 << (i & 31);
    return within ? out.and(within) : out;
  }

  /**
   * The printings whose value satisfies `test`; `test` runs once per distinct value.
   * With `within`, only those printings are considered (and returned): when they are
   * few, only their values are tested, which makes a selective term cheap before an
   * expensive one.
   */
  select(test: (value: string) => boolean, size: number, within?: Bitset): Bitset {
    if (within && within.count() * 4 < this.strings.length) {
      const memo = new Uint8Array(this.strings.length);
      const out = new Bitset(size);
      const ids = this.ids;
      within.forEach((i) => {
        const s = ids[i]!;
        let m = memo[s]!;
        if (m === 0) memo[s] = m = test(this.strings[s]!) ? 1 : 2;
        if (m === 1) out.set(i);
      });
      return out;
    }
    const hits = new Uint8Array(this.strings.length);
    let any = false;
    for (let s = 0; s < this.strings.length; s++) {
      if (test(this.strings[s]!)) {
        hits[s] = 1;
        any = true;
      }
    }
    const out = new Bitset(size);
    if (!any) return out;
    const ids = this.ids;
    const words = out.words;
    for (let i = 0; i < size; i++) if (hits[ids[i]!] === 1) words[i >>> 5] |= 1 << (i & 31);
    return within ? out.and(within) : out;
  }

  get(i: number): string {
    return this.strings[this.ids[i]!]!;
  }
}
