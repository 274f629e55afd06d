/**
 * A collection's progress through each card set: how many of the set's cards (collector
 * numbers) it holds at least one copy of. Pure functions over the entries' facts and the
 * card index's catalogue of each set (`SetCards`); the I/O is in `listing.ts`.
 */
import type { SetCards } from '../cards/search/engine.js';
import { compareCollectorNumbers } from '../lib/collector-numbers.js';
import { cursorFor, encodeCursor } from '../lib/cursor.js';
import { fromCents } from '../lib/money.js';
import type { Dir, SetProgress, SetSort } from './schemas.js';
import type { HeldFactsRow } from './store.js';

export const SET_DEFAULT_DIR: Record<SetSort, Dir> = { released: 'desc', name: 'asc', completion: 'desc', value: 'desc' };

/** What one set's matching copies add up to. */
export interface SetTally {
  /** The set's name as the cards carry it (for a set the index does not know yet). */
  name: string;
  /** Collector numbers held, lower case. */
  owned: Set<string>;
  quantity: number;
  cents: number;
}

/** Adds entries' facts to the per-set tallies (by lower-case set code). */
export function tallySets(into: Map<string, SetTally>, facts: Iterable<Pick<HeldFactsRow, 'set_code' | 'set_name' | 'collector_number' | 'quantity' | 'cents'>>): void {
  for (const f of facts) {
    const code = f.set_code.toLowerCase();
    let t = into.get(code);
    if (!t) {
      t = { name: f.set_name, owned: new Set(), quantity: 0, cents: 0 };
      into.set(code, t);
    }
    t.owned.add(f.collector_number.toLowerCase());
    t.quantity += f.quantity;
    t.cents += f.cents ?? 0;
  }
}

/** A set's progress, and the value it sorts by. */
export interface SetRow {
  progress: SetProgress;
  cents: number;
}

/**
 * One set's progress. Its cards are the catalogue's numbers plus any held number the catalogue
 * lacks (this process's index predating an import another process made), so `owned` never
 * exceeds `cards`. `percent` is rounded down to a tenth: 100 means every card.
 */
export function progressOf(code: string, tally: SetTally, set: SetCards | undefined): SetRow {
  let unknown = 0;
  for (const n of tally.owned) if (!set?.numberSet.has(n)) unknown++;
  const cards = (set?.numbers.length ?? 0) + unknown;
  const owned = tally.owned.size;
  return {
    progress: {
      set: code,
      set_name: set?.name ?? tally.name,
      set_type: set?.set_type ?? null,
      released_at: set?.released_at ?? null,
      cards,
      owned,
      missing: cards - owned,
      percent: Math.floor((owned * 1000) / cards) / 10,
      quantity: tally.quantity,
      value: fromCents(tally.cents),
    },
    cents: tally.cents,
  };
}

/** The key a row sorts by under `sort` (ties: set code). */
export function sortKeyOf(row: SetRow, sort: SetSort): string | number {
  switch (sort) {
    case 'released':
      return row.progress.released_at ?? '';
    case 'name':
      return row.progress.set_name.toLowerCase();
    case 'completion':
      // owned / cards as an integer, exact enough to order any two sets of under 10^6 cards.
      return Math.floor((row.progress.owned * 1e9) / row.progress.cards);
    case 'value':
      return row.cents;
  }
}

function cmp(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Compares (key, code) pairs in `dir`: the order of the list and of its cursors. */
export function comparePosition(a: SetPosition, b: SetPosition, dir: Dir): number {
  const c = cmp(a[0], b[0]) || cmp(a[1], b[1]);
  return dir === 'asc' ? c : -c;
}

/** A position in the list (sort key, set code). */
export type SetPosition = readonly [string | number, string];

/** The list's cursor for one sort and direction: a position, its key a number or text as the sort's is. */
export function setCursor(sort: SetSort, dir: Dir): { encode(p: SetPosition): string; decode(cursor: string): SetPosition } {
  const key = `collection-sets:${sort}:${dir}`;
  const typed = sort === 'completion' || sort === 'value' ? cursorFor(key, ['int', 'string']) : cursorFor(key, ['string', 'string']);
  return { encode: (p) => encodeCursor(key, p), decode: (cursor) => typed.decode(cursor) };
}

/** The rows in list order. */
export function sortSets(rows: readonly SetRow[], sort: SetSort, dir: Dir): SetRow[] {
  return rows
    .map((row) => ({ row, pos: [sortKeyOf(row, sort), row.progress.set] as const }))
    .sort((a, b) => comparePosition(a.pos, b.pos, dir))
    .map((x) => x.row);
}

/** The rows after the cursor's position (all of them without one). */
export function setsAfter(sorted: readonly SetRow[], sort: SetSort, dir: Dir, after: SetPosition | undefined): readonly SetRow[] {
  if (after === undefined) return sorted;
  const start = sorted.findIndex((row) => comparePosition([sortKeyOf(row, sort), row.progress.set], after, dir) > 0);
  return start === -1 ? [] : sorted.slice(start);
}

/** The set's numbers not held, with their printing ids, after the cursor's number (exclusive). */
export function missingOf(set: SetCards, owned: ReadonlySet<string>, after: string | undefined): Array<{ number: string; id: string }> {
  const out: Array<{ number: string; id: string }> = [];
  set.numbers.forEach((number, i) => {
    if (owned.has(number)) return;
    if (after !== undefined && compareCollectorNumbers(number, after) <= 0) return;
    out.push({ number, id: set.ids[i] ?? '' });
  });
  return out;
}
