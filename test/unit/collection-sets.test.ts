import { describe, expect, it } from 'vitest';
import type { SetCards } from '../../src/cards/search/engine.js';
import { missingOf, progressOf, setCursor, setsAfter, sortSets, tallySets, type SetRow, type SetTally } from '../../src/collection/sets.js';
import { compareCollectorNumbers } from '../../src/lib/collector-numbers.js';
import { encodeCursor } from '../../src/lib/cursor.js';

function catalogue(code: string, numbers: string[], extra: Partial<SetCards> = {}): SetCards {
  const sorted = [...numbers].sort(compareCollectorNumbers);
  return { code, name: code.toUpperCase(), set_type: 'expansion', released_at: '2020-01-01', numbers: sorted, ids: sorted.map((n) => `${code}-${n}`), numberSet: new Set(sorted), ...extra };
}

function tally(owned: string[], quantity = owned.length, cents = 0): SetTally {
  return { name: 'Fallback', owned: new Set(owned), quantity, cents };
}

describe('compareCollectorNumbers', () => {
  it('orders by the leading number, then as text, numbers without one last', () => {
    const shuffled = ['a-81', '10a', '2', '1★', '10', 'h13', '1', '221', '22', '★5'];
    expect(shuffled.sort(compareCollectorNumbers)).toEqual(['1', '1★', '2', '10', '10a', '22', '221', 'a-81', 'h13', '★5']);
  });

  it('is zero only for the same text', () => {
    expect(compareCollectorNumbers('x', 'x')).toBe(0);
    expect(compareCollectorNumbers('a-1', 'b-1')).toBeLessThan(0);
    expect(compareCollectorNumbers('007', '7')).toBeLessThan(0);
  });
});

describe('tallySets', () => {
  it('counts each collector number once per set, in any case, and adds copies and value', () => {
    const into = new Map<string, SetTally>();
    tallySets(into, [
      { set_code: 'WAR', set_name: 'War of the Spark', collector_number: '15B', quantity: 2, cents: 30 },
      { set_code: 'war', set_name: 'War of the Spark', collector_number: '15b', quantity: 1, cents: null },
      { set_code: 'm20', set_name: 'Core Set 2020', collector_number: '1', quantity: 4, cents: 100 },
    ]);
    expect([...into.keys()]).toEqual(['war', 'm20']);
    expect(into.get('war')).toEqual({ name: 'War of the Spark', owned: new Set(['15b']), quantity: 3, cents: 30 });
  });
});

describe('progressOf', () => {
  it('counts against the catalogue and rounds the percentage down to a tenth', () => {
    const { progress } = progressOf('war', tally(['1', '2']), catalogue('war', ['1', '2', '3']));
    expect(progress).toMatchObject({ cards: 3, owned: 2, missing: 1, percent: 66.6, set_name: 'WAR', set_type: 'expansion' });
  });

  it('reaches 100 only when every card is held', () => {
    const numbers = Array.from({ length: 1000 }, (_, i) => String(i + 1));
    expect(progressOf('big', tally(numbers.slice(1)), catalogue('big', numbers)).progress.percent).toBe(99.9);
    expect(progressOf('big', tally(numbers), catalogue('big', numbers)).progress.percent).toBe(100);
  });

  it('counts a held number the catalogue lacks (an older index) as a card of the set too', () => {
    const { progress } = progressOf('war', tally(['1', '999']), catalogue('war', ['1', '2']));
    expect(progress).toMatchObject({ cards: 3, owned: 2, missing: 1 });
    expect(progressOf('new', tally(['1']), undefined).progress).toMatchObject({ cards: 1, owned: 1, percent: 100, set_name: 'Fallback', set_type: null, released_at: null });
  });
});

describe('sorting and paging', () => {
  const row = (set: string, owned: number, cards: number, cents: number, released: string | null, name = set): SetRow => ({
    progress: { set, set_name: name, set_type: null, released_at: released, cards, owned, missing: cards - owned, percent: 0, quantity: owned, value: '0.00' },
    cents,
  });
  const rows = [row('a', 1, 2, 500, '2020-01-01', 'Zeta'), row('b', 2, 4, 100, '2021-01-01', 'alpha'), row('c', 3, 3, 500, null, 'Beta'), row('d', 0, 9, 0, '2021-01-01', 'gamma')];
  const codes = (list: readonly SetRow[]) => list.map((r) => r.progress.set);

  it('sorts by each key, ties by set code in the direction asked', () => {
    expect(codes(sortSets(rows, 'released', 'desc'))).toEqual(['d', 'b', 'a', 'c']);
    expect(codes(sortSets(rows, 'name', 'asc'))).toEqual(['b', 'c', 'd', 'a']);
    expect(codes(sortSets(rows, 'completion', 'desc'))).toEqual(['c', 'b', 'a', 'd']);
    expect(codes(sortSets(rows, 'value', 'desc'))).toEqual(['c', 'a', 'b', 'd']);
    expect(codes(sortSets(rows, 'value', 'asc'))).toEqual(['d', 'b', 'a', 'c']);
  });

  it('resumes after a cursor position, also when that set has gone', () => {
    const sorted = sortSets(rows, 'value', 'desc');
    expect(codes(setsAfter(sorted, 'value', 'desc', [500, 'c']))).toEqual(['a', 'b', 'd']);
    // A position between rows (the set 'bb' worth 500 was deleted): the rows after it.
    expect(codes(setsAfter(sorted, 'value', 'desc', [500, 'b']))).toEqual(['a', 'b', 'd']);
    expect(codes(setsAfter(sorted, 'value', 'desc', [0, 'd']))).toEqual([]);
  });

  it("round-trips a position through the sort's cursor and refuses another sort's", () => {
    const cursor = setCursor('completion', 'desc');
    expect(cursor.decode(cursor.encode([12345, 'war']))).toEqual([12345, 'war']);
    expect(() => setCursor('name', 'desc').decode(cursor.encode([12345, 'war']))).toThrow(/cursor/);
    // A text key where the sort's key is a number is not this list's cursor.
    expect(() => cursor.decode(encodeCursor('collection-sets:completion:desc', ['x', 'war']))).toThrow(/cursor/);
  });
});

describe('missingOf', () => {
  it('lists the numbers not held in set order, after the cursor', () => {
    const set = catalogue('war', ['3', '1', '2', '1★', '10']);
    expect(missingOf(set, new Set(['2']), undefined)).toEqual([
      { number: '1', id: 'war-1' },
      { number: '1★', id: 'war-1★' },
      { number: '3', id: 'war-3' },
      { number: '10', id: 'war-10' },
    ]);
    expect(missingOf(set, new Set(['2']), '1★').map((m) => m.number)).toEqual(['3', '10']);
    expect(missingOf(set, new Set(['2']), '2').map((m) => m.number)).toEqual(['3', '10']);
  });
});
