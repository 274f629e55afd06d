import { beforeAll, describe, expect, it } from 'vitest';
import type { CardIndex } from '../../src/cards/search/index.js';
import { searchPage, withIncludes, type SearchIncludes } from '../../src/cards/search/paging.js';
import { parseQuery } from '../../src/cards/search/parser.js';
import { demoCards, indexOf } from '../helpers/card-index.js';

// Scryfall's include_extras, include_multilingual and include_variations parameters are the
// include: terms of the query language, nothing more.

let index: CardIndex;

beforeAll(() => {
  index = indexOf(demoCards());
});

const TERMS: Array<[keyof SearchIncludes, string]> = [
  ['extras', 'include:extras'],
  ['multilingual', 'include:multilingual'],
  ['variations', 'include:variations'],
];

describe('withIncludes', () => {
  it.each(TERMS)('makes include.%s=true the query with %s', (name, term) => {
    for (const q of ['c:uw', 't:token', 'lang:ja', 'teferi', 's:twar']) {
      const byParam = withIncludes(parseQuery(q), { [name]: true });
      const byTerm = parseQuery(`${q} ${term}`);
      expect({ ...byParam, root: undefined }, q).toEqual({ ...byTerm, root: undefined });
      const byParamPage = searchPage(index, parseQuery(q), { q, unique: 'prints', limit: 5000, include: { [name]: true } });
      expect(byParamPage.ids, q).toEqual(searchPage(index, byTerm, { q, unique: 'prints', limit: 5000 }).ids);
      expect(byParamPage.total, q).toBeGreaterThan(0);
    }
  });

  it('changes nothing for false or no parameters, and leaves the parsed query as it was', () => {
    const parsed = parseQuery('c:uw t:token');
    expect(withIncludes(parsed, undefined)).toBe(parsed);
    expect(withIncludes(parsed, { extras: false, multilingual: false, variations: false })).toBe(parsed);
    const asked = parseQuery('c:uw include:extras');
    expect(withIncludes(asked, { extras: false }).includeExtras).toBe(true);
    const before = JSON.stringify(parsed);
    withIncludes(parsed, { extras: true, multilingual: true, variations: true });
    expect(JSON.stringify(parsed)).toBe(before);
  });

  it('gives a page made with include parameters a cursor of its own', () => {
    const q = 'c:uw';
    const withExtras = searchPage(index, parseQuery(q), { q, limit: 2, include: { extras: true } });
    expect(withExtras.next_cursor).not.toBeNull();
    const cursor = withExtras.next_cursor ?? '';
    expect(() => searchPage(index, parseQuery(q), { q, limit: 2, cursor })).toThrow();
    expect(searchPage(index, parseQuery(q), { q, limit: 2, cursor, include: { extras: true } }).ids).toHaveLength(2);
  });
});
