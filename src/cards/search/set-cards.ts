/**
 * Each set's cards, one per collector number: what a collection's set progress counts against.
 * Built once per index from the set-and-number look-up, whose printing of each number is the
 * preferred one (English where the number was printed in English).
 */
import { memoized, type CardIndex } from './index.js';

export interface SetCards {
  code: string;
  name: string;
  set_type: string | null;
  released_at: string | null;
  /** The set's collector numbers, lower case, in set order. */
  numbers: readonly string[];
  /** The preferred printing's id of each number, in the same order. */
  ids: readonly string[];
  /** `numbers` as a set, for membership tests. */
  numberSet: ReadonlySet<string>;
}

/**
 * Every set of the index that holds at least one printing, by (lower-case) code. About 60 ms
 * for 140,000 numbers, so it is built after an index build in the background (`setCardsStep`).
 */
export function setCardsOf(idx: CardIndex): ReadonlyMap<string, SetCards> {
  return memoized(idx, 'set-cards', () => {
    // Interned columns and the index's own leading numbers: no string is cut or parsed here.
    const bySet = new Map<string, number[]>();
    for (const i of idx.bySetNumber.values()) {
      const code = idx.setCode.get(i);
      const list = bySet.get(code);
      if (list) list.push(i);
      else bySet.set(code, [i]);
    }
    const { cnNum, cn } = idx;
    // compareCollectorNumbers' order, from the values the index parsed once.
    const inSetOrder = (a: number, b: number): number => {
      const la = cnNum[a] ?? NaN;
      const lb = cnNum[b] ?? NaN;
      if (Number.isNaN(la) !== Number.isNaN(lb)) return Number.isNaN(la) ? 1 : -1;
      if (la !== lb && !Number.isNaN(la)) return la - lb;
      const x = cn.get(a);
      const y = cn.get(b);
      return x < y ? -1 : x > y ? 1 : 0;
    };
    const out = new Map<string, SetCards>();
    for (const [code, list] of bySet) {
      list.sort(inSetOrder);
      const numbers = list.map((i) => cn.get(i));
      const info = idx.sets.get(code);
      out.set(code, {
        code,
        name: info?.name ?? code.toUpperCase(),
        set_type: info?.set_type ?? null,
        released_at: info?.released_at ?? null,
        numbers,
        ids: list.map((i) => idx.ids[i] ?? ''),
        numberSet: new Set(numbers),
      });
    }
    return out;
  });
}

/** The step that builds the catalogue after an index build, with the other warm-ups. */
export function setCardsStep(idx: CardIndex): () => void {
  return () => {
    setCardsOf(idx);
  };
}
