import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { Bitset } from '../../src/cards/search/bitset.js';
import type { CardIndex } from '../../src/cards/search/index.js';
import { randomResult, searchPage } from '../../src/cards/search/paging.js';
import { parseQuery } from '../../src/cards/search/parser.js';
import type { Unique } from '../../src/cards/search/parser.js';
import { demoCards, indexOf } from '../helpers/card-index.js';

let index: CardIndex;

beforeAll(() => {
  index = indexOf(demoCards());
});

describe('Bitset.nth', () => {
  it('answers the k-th member in ascending order, and -1 past the last', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.array(fc.nat(299)), (size, raw) => {
        const members = [...new Set(raw.filter((i) => i < size))].sort((a, b) => a - b);
        const bits = Bitset.of(size, members);
        members.forEach((m, k) => {
          expect(bits.nth(k)).toBe(m);
        });
        expect(bits.nth(members.length)).toBe(-1);
        expect(bits.nth(-1)).toBe(-1);
      }),
    );
  });
});

describe('GET /cards/random: one of the results a search lists, each as likely', () => {
  /** Every printing the search lists, over all its pages. */
  function listed(q: string, unique?: Unique): string[] {
    const page = searchPage(index, parseQuery(q), { q, unique, limit: 5000 });
    expect(page.next_cursor).toBeNull();
    return page.ids;
  }

  /** The result for each of the `total` equal slices of [0, 1) the random number can fall in. */
  function everyDraw(q: string, unique?: Unique): string[] {
    const total = listed(q, unique).length;
    return Array.from({ length: total }, (_, k) => {
      const i = randomResult(index, parseQuery(q), unique, () => (k + 0.5) / total);
      return i === undefined ? '' : (index.ids[i] ?? '');
    });
  }

  it.each([
    ['t:dragon', undefined],
    ['s:war r:mythic', undefined],
    ['teferi', 'prints' as const],
    ['t:creature', 'art' as const],
    ['lang:any mv=3', undefined],
    ['t:token include:extras', undefined],
    ['c:g unique:prints', undefined],
  ])('draws each result of %s (unique=%s) for exactly one slice of the random range', (q, unique) => {
    const draws = everyDraw(q, unique);
    expect(draws.length).toBeGreaterThan(1);
    // The same list, entry for entry (as lists: the demo file holds one printing twice, and the index keeps both).
    expect([...draws].sort()).toEqual([...listed(q, unique)].sort());
  });

  it('keeps to the range at its ends and answers nothing when nothing matches', () => {
    const q = parseQuery('s:war r:mythic');
    const all = listed('s:war r:mythic');
    expect(all).toContain(index.ids[randomResult(index, q, undefined, () => 0)!]);
    expect(all).toContain(index.ids[randomResult(index, q, undefined, () => 0.9999999999)!]);
    expect(randomResult(index, parseQuery('t:dragon t:instant'), undefined, () => 0.5)).toBeUndefined();
  });
});
