import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CardIndex } from '../../src/cards/search/index.js';
import { evaluate } from '../../src/cards/search/matcher.js';
import { assertNoCollectionTerms, formatNode, KEYWORD_NAMES, parseQuery, SearchParseError, type Node, type Query } from '../../src/cards/search/parser.js';
import { demoCards, indexOf, parseError } from '../helpers/card-index.js';

/** The tree without positions and tokens, for structural comparisons. */
function shape(node: Node): unknown {
  return JSON.parse(JSON.stringify(node, (k, v) => (k === 'pos' || k === 'token' ? undefined : v)));
}

function root(q: string): unknown {
  return shape(parseQuery(q).root);
}

describe('search parser: terms', () => {
  it('reads bare words and quoted phrases as name terms joined by AND', () => {
    expect(root('lightning')).toEqual({ type: 'name', value: 'lightning', exact: false });
    expect(root('teferi "time raveler"')).toEqual({
      type: 'and',
      children: [
        { type: 'name', value: 'teferi', exact: false },
        { type: 'name', value: 'time raveler', exact: false },
      ],
    });
  });

  it('reads exact names with ! before a word or a quoted name', () => {
    expect(root('!"Teferi, Time Raveler"')).toEqual({ type: 'name', value: 'Teferi, Time Raveler', exact: true });
    expect(root('!Opt')).toEqual({ type: 'name', value: 'Opt', exact: true });
  });

  it('takes a result-shaping term given twice with the same value', () => {
    expect(parseQuery('order:cmc t:elf order:CMC').order).toBe('cmc');
    expect(parseQuery('++ unique:prints').unique).toBe('prints');
  });

  it('reads every mana symbol a cost can hold, hybrids in any order', () => {
    for (const q of ['m:{W/U/P}', 'm:{p/g}', 'm:{2/W}', 'm:{C/W}', 'm:{C/P}', 'm:{HW}', 'm:{∞}', 'm:{½}', 'm:{S}{X}{Y}{Z}', 'm:{12}', 'm:2ww', 'm={G/P}{G/P}']) {
      expect(parseQuery(q).root, q).toMatchObject({ type: 'mana' });
    }
  });

  it('separates terms at invisible characters pasted with a query (zero-width space, word joiner, BOM) and at every Unicode space or line break', () => {
    for (const sep of ['\u200b', '\u2060', '\ufeff', '\u2028', '\u2029', '\u2003', '\u202f', '\u0085']) {
      expect(root(`${sep}t:angel${sep}c:w${sep}`)).toEqual(root('t:angel c:w'));
      // A quoted phrase holding one stays one phrase when the query is written back.
      expect(parseQuery(formatNode(parseQuery(`"a${sep}b"`).root)).root, JSON.stringify(sep)).toEqual(parseQuery(`"a${sep}b"`).root);
    }
  });

  it('keeps apostrophes and hyphens inside words', () => {
    expect(root("Will-o'-the-Wisp")).toEqual({ type: 'name', value: "Will-o'-the-Wisp", exact: false });
  });

  it('unescapes \\" inside quotes', () => {
    expect(root('o:"\\"hello\\""')).toMatchObject({ type: 'text', field: 'oracle', value: '"hello"' });
  });

  it.each([
    ['t:creature', { type: 'text', field: 'type', op: ':', value: 'creature' }],
    ['type:creature', { type: 'text', field: 'type', value: 'creature' }],
    ['o:draw', { type: 'text', field: 'oracle', value: 'draw' }],
    ['oracle:"draw a card"', { type: 'text', field: 'oracle', value: 'draw a card' }],
    ['fo:flying', { type: 'text', field: 'fulloracle', value: 'flying' }],
    ['ft:ancient', { type: 'text', field: 'flavor', value: 'ancient' }],
    ['flavor:ancient', { type: 'text', field: 'flavor', value: 'ancient' }],
    ['a:rallis', { type: 'text', field: 'artist', value: 'rallis' }],
    ['artist:rallis', { type: 'text', field: 'artist', value: 'rallis' }],
    ['kw:flying', { type: 'text', field: 'keyword', value: 'flying' }],
    ['keyword:"first strike"', { type: 'text', field: 'keyword', value: 'first strike' }],
    ['s:war', { type: 'text', field: 'set', value: 'war' }],
    ['set:war', { type: 'text', field: 'set', value: 'war' }],
    ['e:war', { type: 'text', field: 'set', value: 'war' }],
    ['cn:221', { type: 'text', field: 'cn', value: '221' }],
    ['cn>=100', { type: 'number', field: 'cn', op: '>=', value: 100 }],
    ['lang:ja', { type: 'text', field: 'lang', value: 'ja' }],
    ['lang:japanese', { type: 'text', field: 'lang', value: 'ja' }],
    ['mv>=3', { type: 'number', field: 'cmc', op: '>=', value: 3 }],
    ['cmc=2', { type: 'number', field: 'cmc', op: '=', value: 2 }],
    ['pow>3', { type: 'number', field: 'pow', op: '>', value: 3 }],
    ['power<=1', { type: 'number', field: 'pow', op: '<=', value: 1 }],
    ['tou!=2', { type: 'number', field: 'tou', op: '!=', value: 2 }],
    ['loy:4', { type: 'number', field: 'loy', op: ':', value: 4 }],
    ['pow>tou', { type: 'number', field: 'pow', op: '>', other: 'tou' }],
    ['usd<1', { type: 'number', field: 'usd', op: '<', value: 1 }],
    ['eur>=0.5', { type: 'number', field: 'eur', op: '>=', value: 0.5 }],
    ['tix<.25', { type: 'number', field: 'tix', op: '<', value: 0.25 }],
    ['year=2019', { type: 'number', field: 'year', op: '=', value: 2019 }],
    ['date>=2019-05-03', { type: 'date', op: '>=', day: 20190503, last: 20190503 }],
    // A year or a month is the whole period, from its first day to its last.
    ['date=2019', { type: 'date', op: '=', day: 20190101, last: 20191231 }],
    ['date<=2019-07', { type: 'date', op: '<=', day: 20190701, last: 20190731 }],
    ['date:2019-4', { type: 'date', op: ':', day: 20190401, last: 20190430 }],
    ['date>2020-02', { type: 'date', op: '>', day: 20200201, last: 20200229 }],
    ['date:2019-02', { type: 'date', op: ':', day: 20190201, last: 20190228 }],
    ['date=2020-02-29', { type: 'date', op: '=', day: 20200229, last: 20200229 }],
    ['date=2000-02-29', { type: 'date', op: '=', day: 20000229 }],
    ['date<war', { type: 'date', op: '<', set: 'war' }],
    ['r:mythic', { type: 'rarity', op: ':', rank: 4 }],
    ['rarity>=r', { type: 'rarity', op: '>=', rank: 2 }],
    ['f:modern', { type: 'format', status: 'legal', format: 'modern' }],
    ['format:commander', { type: 'format', status: 'legal', format: 'commander' }],
    ['legal:pauper', { type: 'format', status: 'legal', format: 'pauper' }],
    ['banned:legacy', { type: 'format', status: 'banned', format: 'legacy' }],
    ['restricted:vintage', { type: 'format', status: 'restricted', format: 'vintage' }],
    ['is:dfc', { type: 'is', value: 'dfc' }],
    ['is:modal', { type: 'is', value: 'modal' }],
    ['is:mdfc', { type: 'is', value: 'mdfc' }],
    ['not:reprint', { type: 'not', child: { type: 'is', value: 'reprint' } }],
    ['m:{2}{W}{W}', { type: 'mana', op: ':', symbols: ['2', 'W', 'W'] }],
    ['mana:2ww', { type: 'mana', op: ':', symbols: ['2', 'W', 'W'] }],
    ['m:{W/U}{2/B}', { type: 'mana', op: ':', symbols: ['W/U', '2/B'] }],
    ['name:bolt', { type: 'name', value: 'bolt', exact: false }],
    // As every text keyword and on Scryfall, where the exact name is written with "!".
    ['name=bolt', { type: 'name', value: 'bolt', exact: false }],
    ['name!=bolt', { type: 'not', child: { type: 'name', value: 'bolt', exact: false } }],
  ])('parses %s', (q, expected) => {
    expect(root(q)).toMatchObject(expected);
  });

  it('accepts keywords in any case', () => {
    expect(root('T:Creature')).toMatchObject({ type: 'text', field: 'type', value: 'Creature' });
  });

  it('knows every keyword of contract section 5', () => {
    for (const k of ['t', 'type', 'o', 'oracle', 'c', 'color', 'id', 'identity', 'm', 'mana', 'mv', 'cmc', 'pow', 'tou', 'loy', 'r', 'rarity', 's', 'set', 'e', 'cn', 'f', 'format', 'legal', 'banned', 'restricted', 'usd', 'eur', 'tix', 'is', 'not', 'a', 'artist', 'ft', 'flavor', 'kw', 'keyword', 'lang', 'year', 'date', 'order', 'dir', 'unique']) {
      expect(KEYWORD_NAMES, k).toContain(k);
    }
  });
});

describe('search parser: colours', () => {
  it.each([
    ['c:rg', { field: 'color', op: ':', mask: 8 | 16 }],
    ['c=wubrg', { field: 'color', op: '=', mask: 31 }],
    ['color<=uw', { field: 'color', op: '<=', mask: 3 }],
    ['id:esper', { field: 'identity', op: ':', mask: 1 | 2 | 4 }],
    ['identity:azorius', { field: 'identity', mask: 3 }],
    ['ci:golgari', { field: 'identity', mask: 4 | 16 }],
    ['c:boros', { mask: 1 | 8 }],
    ['c:simic', { mask: 2 | 16 }],
    ['c:jund', { mask: 4 | 8 | 16 }],
    ['c:naya', { mask: 1 | 8 | 16 }],
    ['c:bant', { mask: 1 | 2 | 16 }],
    ['c:grixis', { mask: 2 | 4 | 8 }],
    ['c:abzan', { mask: 1 | 4 | 16 }],
    ['c:temur', { mask: 2 | 8 | 16 }],
    // Four colours, each named for the colour it lacks: Commander 2016's names and the Ikoria nicknames.
    ['c:chaos', { mask: 2 | 4 | 8 | 16 }],
    ['c:glint', { mask: 2 | 4 | 8 | 16 }],
    ['c:aggression', { mask: 1 | 4 | 8 | 16 }],
    ['c:dune', { mask: 1 | 4 | 8 | 16 }],
    ['c:altruism', { mask: 1 | 2 | 8 | 16 }],
    ['c:ink', { mask: 1 | 2 | 8 | 16 }],
    ['c:growth', { mask: 1 | 2 | 4 | 16 }],
    ['c:witch', { mask: 1 | 2 | 4 | 16 }],
    ['c:artifice', { mask: 1 | 2 | 4 | 8 }],
    ['c:yore', { mask: 1 | 2 | 4 | 8 }],
    ['c:white', { mask: 1 }],
    ['c:colorless', { mask: 0 }],
    ['c:c', { mask: 0 }],
    ['c:m', { multicolor: true }],
    ['c:multicolor', { multicolor: true }],
    ['c>=2', { op: '>=', count: 2 }],
  ])('parses %s', (q, expected) => {
    expect(root(q)).toMatchObject({ type: 'color', ...expected });
  });
});

describe('search parser: structure', () => {
  it('binds AND tighter than OR', () => {
    expect(root('a b or c')).toEqual({
      type: 'or',
      children: [
        { type: 'and', children: [{ type: 'name', value: 'a', exact: false }, { type: 'name', value: 'b', exact: false }] },
        { type: 'name', value: 'c', exact: false },
      ],
    });
  });

  it('groups with parentheses and negates terms and groups with -', () => {
    expect(root('(t:elf or t:goblin) -c:r')).toEqual({
      type: 'and',
      children: [
        { type: 'or', children: [{ type: 'text', field: 'type', op: ':', value: 'elf' }, { type: 'text', field: 'type', op: ':', value: 'goblin' }] },
        { type: 'not', child: { type: 'color', field: 'color', op: ':', mask: 8 } },
      ],
    });
    expect(root('-(o:draw or o:discard)')).toMatchObject({ type: 'not', child: { type: 'or' } });
    expect(root('-"fire"')).toEqual({ type: 'not', child: { type: 'name', value: 'fire', exact: false } });
  });

  it('reads each "-" as a negation: two cancel out, three negate', () => {
    expect(root('--t:goblin')).toEqual(root('t:goblin'));
    expect(root('---t:goblin')).toEqual(root('-t:goblin'));
    expect(root('--(o:draw or o:discard)')).toEqual(root('(o:draw or o:discard)'));
    expect(root('---(o:draw or o:discard)')).toEqual(root('-(o:draw or o:discard)'));
    expect(root('--bolt')).toEqual(root('bolt'));
  });

  it('accepts "or" and "and" in any case', () => {
    expect(root('a OR b')).toMatchObject({ type: 'or' });
    expect(root('a AND b')).toMatchObject({ type: 'and' });
  });

  it('takes order:, dir: and unique: out of the filter', () => {
    const q = parseQuery('t:creature order:usd dir:desc unique:prints');
    expect(q).toMatchObject({ order: 'usd', dir: 'desc', unique: 'prints' });
    expect(shape(q.root)).toEqual({ type: 'text', field: 'type', op: ':', value: 'creature' });
    expect(shape(parseQuery('a or order:name').root)).toEqual({ type: 'name', value: 'a', exact: false });
    expect(shape(parseQuery('order:name').root)).toEqual({ type: 'all' });
  });

  it("reads Scryfall's ++ and @@ written against a term as unique:prints and unique:art, then the term", () => {
    const prints = parseQuery('++t:goblin');
    expect(prints.unique).toBe('prints');
    expect(shape(prints.root)).toEqual({ type: 'text', field: 'type', op: ':', value: 'goblin' });
    const art = parseQuery('@@forest');
    expect(art.unique).toBe('art');
    expect(shape(art.root)).toEqual({ type: 'name', value: 'forest', exact: false });
    expect(parseQuery('@@!"Forest"').root).toMatchObject({ type: 'name', value: 'Forest', exact: true });
    // Inside a quoted phrase it is text.
    expect(parseQuery('"++forest"').unique).toBeUndefined();
  });

  it('notes lang: so the default English-first filter can stand aside', () => {
    expect(parseQuery('lang:any').mentionsLang).toBe(true);
    expect(parseQuery('lang:any').root).toEqual({ type: 'all' });
    expect(parseQuery('bolt').mentionsLang).toBe(false);
  });

  it('parses collection-only keywords into flagged nodes', () => {
    const q = parseQuery('binder:trades condition>=lp finish:foil qty>=2 t:creature');
    expect(q.collectionTerms.map((t) => [t.field, t.op, t.value])).toEqual([
      ['binder', ':', 'trades'],
      ['condition', '>=', 'lightly_played'],
      ['finish', ':', 'foil'],
      ['qty', '>=', '2'],
    ]);
    expect(q.collectionTerms.every((t) => t.collectionOnly)).toBe(true);
    expect(() => assertNoCollectionTerms(q)).toThrow(SearchParseError);
    const err = (() => {
      try {
        assertNoCollectionTerms(parseQuery('t:elf qty>=2'));
      } catch (e) {
        return e as SearchParseError;
      }
    })();
    expect(err).toMatchObject({ position: 6, token: 'qty>=2' });
  });
});

describe('search parser: errors name the token and its position', () => {
  it.each([
    ['foo:bar', 0, 'foo:bar', /Unknown keyword "foo"/],
    ['t:elf frob>3', 6, 'frob>3', /Unknown keyword "frob"/],
    ['o:"draw', 2, '"draw', /Unterminated quote/],
    ['(t:elf or t:goblin', 0, '(', /Unclosed "\("/],
    ['t:elf)', 5, ')', /Unmatched "\)"/],
    ['or t:elf', 0, 'or', /needs a term on both sides/],
    ['t:elf or', 6, 'or', /needs a term on both sides/],
    ['t:elf or or t:goblin', 6, 'or', /needs a term on both sides/],
    ['c:xyz', 0, 'c:xyz', /not a colour/],
    ['cmc>abc', 0, 'cmc>abc', /not a number/],
    ['r:epic', 0, 'r:epic', /not a rarity/],
    ['f:chess', 0, 'f:chess', /not a format/],
    ['is:awesome', 0, 'is:awesome', /not supported/],
    ['order:price', 0, 'order:price', /not an order/],
    ['unique:everything', 0, 'unique:everything', /not a unique mode/],
    ['t:', 0, 't:', /needs a value/],
    ['t>creature', 0, 't>creature', /does not take ">"/],
    ['a - b', 2, '-', /Nothing to negate/],
    ['t:elf --frob:3', 6, '--frob:3', /Unknown keyword "frob"/],
    ['a -- b', 2, '--', /Nothing to negate/],
    ['t:""', 0, 't:""', /needs a value/],
    ['o:""', 0, 'o:""', /needs a value/],
    ['kw:""', 0, 'kw:""', /needs a value/],
    ['bolt ""', 5, '""', /Empty term/],
    ['()', 0, '()', /Empty parentheses/],
    ['   ', 0, '', /empty/],
    ['m:{', 0, 'm:{', /not a mana cost/],
    ['lang:klingon', 0, 'lang:klingon', /not a language/],
    ['date>=soon!', 0, 'date>=soon!', /not a date/],
    // Days that do not exist are refused, not read as days no card was released on.
    ['date=2019-02-31', 0, 'date=2019-02-31', /^"2019-02-31" is not a date: February 2019 has 28 days \(at position 0: "date=2019-02-31"\)$/],
    ['t:elf date<2019-04-31', 6, 'date<2019-04-31', /"2019-04-31" is not a date: April 2019 has 30 days/],
    ['date=2100-02-29', 0, 'date=2100-02-29', /February 2100 has 28 days/],
    ['date>=2019-00-10', 0, 'date>=2019-00-10', /"2019-00-10" is not a date: months are 01 to 12/],
    ['date:2019-13', 0, 'date:2019-13', /"2019-13" is not a date: months are 01 to 12/],
    ['date:2019-07-00', 0, 'date:2019-07-00', /July 2019 has 31 days/],
    ['name>bolt', 0, 'name>bolt', /"name" does not take ">"/],
    // A symbol no mana cost holds is refused, not a search that matches nothing.
    ['m:{foo}', 0, 'm:{foo}', /^"\{FOO\}" is not a mana symbol/],
    ['t:elf m:{W/W}', 6, 'm:{W/W}', /"\{W\/W\}" is not a mana symbol/],
    ['m:2{w/u/b}', 0, 'm:2{w/u/b}', /"\{W\/U\/B\}" is not a mana symbol/],
    ['m>={2/p}', 0, 'm>={2/p}', /"\{2\/P\}" is not a mana symbol/],
    // A result-shaping term given twice with different values: one would be dropped unseen.
    ['order:cmc dir:desc order:name', 19, 'order:name', /"order" is given twice \(order:cmc at position 0\)/],
    ['unique:art t:elf ++', 17, '++', /"unique" is given twice/],
    ['prefer:oldest prefer:newest', 14, 'prefer:newest', /"prefer" is given twice/],
    // A word shaped like a keyword is one: unknown, whatever its letters.
    ['ｔ:goblin', 0, 'ｔ:goblin', /Unknown keyword "ｔ"/],
    ['t:elf ö:x', 6, 'ö:x', /Unknown keyword "ö"/],
    ['t.x:foo', 0, 't.x:foo', /Unknown keyword "t\.x"/],
    ['1:foo', 0, '1:foo', /Unknown keyword "1"/],
    ['a-b<3', 0, 'a-b<3', /Unknown keyword "a-b"/],
    ['𝐭:goblin', 0, '𝐭:goblin', /Unknown keyword "𝐭"/],
  ])('%s', (q, position, token, message) => {
    const err = parseError(q);
    expect(err.position).toBe(position);
    expect(err.token).toBe(token);
    expect(err.message).toMatch(message);
  });

  it('rejects nesting deeper than 32 and queries longer than 1000 characters', () => {
    expect(parseError(`${'('.repeat(40)}a${')'.repeat(40)}`).message).toMatch(/nested more than 32/);
    expect(parseError('a '.repeat(600)).message).toMatch(/longer than 1000/);
  });
});

// ---- property tests -------------------------------------------------------

const ATOMS = [
  'bolt', 'teferi', '"time raveler"', '!"Opt"', 't:creature', 'o:draw', 'c:rg', 'id<=esper', 'c=m', 'mv>=3', 'pow>tou',
  'r>=rare', 's:war', 'cn:221', 'f:modern', 'banned:legacy', 'usd<1.5', 'is:dfc', 'not:reprint', 'a:rallis', 'kw:flying',
  'lang:ja', 'year=2019', 'date>=war', 'm:{1}{G}{G}', 'ft:"the end"',
  // issue 14: regular expressions and the rest of Scryfall's keywords
  'o:/dr[a-z]w/', 'name:/^t.*r$/', 't:/\\bgod\\b/', 'ft:/(a|b)+/', 'a:/\\//', 'fo:/~ \\spp/', 'in:war', 'in:rare', 'in:ja',
  'devotion:{u/b}{u/b}', 'pt>=5', 'powtou<cmc', 'new:art', 'has:watermark', 'b:ths', 'st:masters', 'stamp:oval',
  'cheapest:usd', 'mv:odd', 'prints>1', 'is:party', 'is:prerelease', 'is:shockland',
  'lore:bolas', 'lore!="dragon avatar"', 'is:bear', 'st:draftinnovation', 'border:white', 'game:arena', 'frame:2015', 'frame:showcase',
  'name=bolt', 'name!=bolt', 'date<=2019-07', 'date!=2019',
];
const DIRECTIVES = [
  'order:usd', 'unique:art', 'dir:desc', 'prefer:oldest', 'include:extras', 'display:text', '++', 'order:penny', 'order:review',
  'prefer:eur-high', 'prefer:notub', 'include:variations', 'include:multilingual',
];
const JUNK = ['(', ')', '-', '!', '"', ':', '<', '>=', 'or', 'and', ' ', 'foo:', 'c:', '\\', '{', 'é', '💥', '\u0000', '||', '/', 'o:/', '\\/', '(?=', 'in:', 'otag:'];

const structuredQuery: fc.Arbitrary<string> = fc.letrec<{ q: string; term: string }>((tie) => ({
  term: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...ATOMS),
    fc.tuple(fc.constant('-'), tie('term')).map(([a, b]) => a + b),
    tie('q').map((q) => `(${q})`),
  ),
  q: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('term'),
    fc.tuple(fc.constantFrom(...DIRECTIVES), tie('q')).map(([a, b]) => `${a} ${b}`),
    fc.tuple(tie('term'), tie('q')).map(([a, b]) => `${a} ${b}`),
    fc.tuple(tie('term'), tie('q')).map(([a, b]) => `${a} or ${b}`),
  ),
})).q;

/** Whether a generated query sets each result-shaping term to one value at most (two differing is a 400). */
function oneValueEach(q: string): boolean {
  const seen = new Map<string, string>();
  for (const word of q.replace(/[()]/g, ' ').split(/\s+/)) {
    const [name, value] = word === '++' ? ['unique', 'prints'] : word.split(':');
    if (!name || value === undefined || !['order', 'dir', 'unique', 'prefer'].includes(name)) continue;
    if ((seen.get(name) ?? value) !== value) return false;
    seen.set(name, value);
  }
  return true;
}

function parsesOrFailsCleanly(q: string): void {
  let result: Query | undefined;
  try {
    result = parseQuery(q);
  } catch (err) {
    if (!(err instanceof SearchParseError)) throw err;
    expect(err.position).toBeGreaterThanOrEqual(0);
    expect(err.position).toBeLessThanOrEqual(q.length);
    expect(typeof err.token).toBe('string');
    return;
  }
  expect(result.root).toBeDefined();
}

let demo: CardIndex;

describe('search parser: properties', () => {
  beforeAll(() => {
    demo = indexOf(demoCards());
  });

  it('never crashes on random text: it parses or raises a SearchParseError', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), parsesOrFailsCleanly), { numRuns: 2000 });
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 100 }), parsesOrFailsCleanly), { numRuns: 1000 });
  });

  it('never crashes on query-like token soup', () => {
    const soup = fc.array(fc.constantFrom(...ATOMS, ...DIRECTIVES, ...JUNK), { maxLength: 30 }).map((parts) => parts.join(fc.sample(fc.constantFrom('', ' '), 1)[0]));
    fc.assert(fc.property(soup, parsesOrFailsCleanly), { numRuns: 2000 });
    fc.assert(fc.property(fc.array(fc.constantFrom(...ATOMS, ...DIRECTIVES, ...JUNK)), (parts) => parsesOrFailsCleanly(parts.join(''))), { numRuns: 1000 });
  });

  it('stays total with random text inside /.../: the pattern runs or is a SearchParseError, never another exception', () => {
    // Regular-expression syntax, Scryfall's shorthands, what RE2 refuses, and text that is none of these.
    const pieces = [
      'a', 'b', 'é', '.', '*', '+', '?', '*?', '{2}', '{2,', '{,3}', '(', ')', '(?:', '(?i)', '(?=', '(?!', '(?<=', '(?P<n>', '[', ']', '[^',
      '-', '|', '^', '$', '\\', '\\/', '/', '\\1', '\\b', '\\d', '\\w', '\\p{L}', '\\pN', '\\x{41}', '\\u00e9', '\\Q', '\\E', '\\z',
      '\\sm', '\\ss', '\\spt', '\\spp', '\\smm', '~', '"', ' ', ':', '💥', '\u0000',
    ];
    const body = fc.oneof(fc.string({ maxLength: 40 }), fc.array(fc.constantFrom(...pieces), { maxLength: 25 }).map((p) => p.join('')));
    const term = fc.tuple(fc.constantFrom('name:', 't:', 'o:', 'fo:', 'ft:', 'a:', 'o!=', '-name:'), body).map(([k, b]) => `${k}/${b}/`);
    fc.assert(fc.property(term, parsesOrFailsCleanly), { numRuns: 2000 });
    // And a pattern that parses also runs over real cards without throwing.
    fc.assert(
      fc.property(term, (q) => {
        let parsed: Query;
        try {
          parsed = parseQuery(q);
        } catch (err) {
          if (err instanceof SearchParseError) return;
          throw err;
        }
        // Runs to a count of printings the index holds (the property is that it runs at all).
        const count = evaluate(demo, parsed.root).count();
        expect(Number.isInteger(count) && count >= 0 && count <= demo.size, `${q}: ${count}`).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('parses every well-formed query, and printing the tree gives a query with the same tree', () => {
    fc.assert(
      fc.property(structuredQuery.filter(oneValueEach), (q) => {
        const parsed = parseQuery(q);
        const again = parseQuery(formatNode(parsed.root));
        expect(shape(again.root)).toEqual(shape(parsed.root));
      }),
      { numRuns: 1000 },
    );
  });
});
