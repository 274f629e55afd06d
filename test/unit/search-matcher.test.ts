import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { toCardRow } from '../../src/cards/import.js';
import { IndexBuilder } from '../../src/cards/search/builder.js';
import { searchFacts } from '../../src/cards/search/facts.js';
import type { CardIndex } from '../../src/cards/search/index.js';
import { compileEntryPredicate, evaluate, type EntryFacts } from '../../src/cards/search/matcher.js';
import { parseQuery, SearchParseError } from '../../src/cards/search/parser.js';
import { demoCard, demoCards, indexOf, reprintOf } from '../helpers/card-index.js';

const TEFERI = '5cb76266-ae50-4bbc-8f96-d98f309b02d3';

let index: CardIndex;

beforeAll(() => {
  index = indexOf(demoCards());
});

/** Distinct names of the printings a query matches. */
function names(q: string): string[] {
  const bits = evaluate(index, parseQuery(q).root);
  const out = new Set<string>();
  bits.forEach((i) => {
    out.add(index.names[i]!);
  });
  return [...out].sort();
}

function ids(q: string): Set<string> {
  const out = new Set<string>();
  evaluate(index, parseQuery(q).root).forEach((i) => {
    out.add(index.ids[i]!);
  });
  return out;
}

describe('matcher: names and faces', () => {
  it('matches bare words anywhere in the name, ignoring case and punctuation', () => {
    expect(names('teferi raveler')).toEqual(['Teferi, Time Raveler']);
    expect(names('teferi time')).toEqual(["Teferi's Time Twist", 'Teferi, Time Raveler']);
    expect(names('TEFERIS')).toContain("Teferi's Time Twist");
    expect(names('"time raveler"')).toEqual(['Teferi, Time Raveler']);
  });

  it('finds multi-face cards by either face name', () => {
    expect(names('perfected form')).toEqual(['Aberrant Researcher // Perfected Form']);
    expect(names('despair')).toEqual(['Driven // Despair']);
    expect(names('tok-tok')).toEqual(['Akki Lavarunner // Tok-Tok, Volcano Born']);
    expect(names('"bone offering"')).toEqual(['Altar of Bhaal // Bone Offering']);
    expect(names('"prismatic bridge"')).toEqual(['Esika, God of the Tree // The Prismatic Bridge']);
  });

  it('matches exact names: the full name or one face, nothing longer', () => {
    expect(names('!"Teferi, Time Raveler"')).toEqual(['Teferi, Time Raveler']);
    expect(names('!"teferi, time raveler"')).toEqual(['Teferi, Time Raveler']);
    expect(names('!"Perfected Form"')).toEqual(['Aberrant Researcher // Perfected Form']);
    expect(names('!Teferi')).toEqual([]);
  });

  it('reads name= as name: (contains) and name!= as its negation; the exact name is written with !', () => {
    expect(names('name=teferi')).toEqual(names('teferi'));
    expect(names('name=teferi')).toContain('Teferi, Time Raveler');
    expect(ids('name!=teferi')).toEqual(ids('-teferi'));
    expect(names('name!=teferi')).not.toContain('Teferi, Time Raveler');
    expect(names('name=teferi')).not.toEqual(names('!teferi'));
  });

  it('anchors ^ and $ of a t: regular expression at each face\'s type line, as name: anchors them at each face\'s name', () => {
    const akki = 'Akki Lavarunner // Tok-Tok, Volcano Born';
    // Creature — Goblin Warrior // Legendary Creature — Goblin Shaman
    expect(names('t:/^legendary/ akki')).toEqual([akki]);
    expect(names('t:/^legendary creature — goblin shaman$/')).toEqual([akki]);
    expect(names('t:/goblin warrior$/ akki')).toEqual([akki]);
    expect(names('name:/^tok-tok/')).toEqual([akki]);
    // The whole line still counts, and t: without a regular expression matches what it did.
    expect(names('t:/^creature — goblin warrior \\/\\/ legendary creature — goblin shaman$/')).toEqual([akki]);
    expect(names('t:"warrior // legendary"')).toEqual([akki]);
    expect(names('t:"warrior legendary"')).toEqual([]);
  });

  it('anchors ^ and $ of an o: regular expression at each ability of each face, reminder text left out', () => {
    // Tok-Tok's "Protection from red", and Cerulean Drake's "Protection from red (This creature ...)".
    expect(names('o:/^protection from red$/')).toEqual(['Akki Lavarunner // Tok-Tok, Volcano Born', 'Cerulean Drake']);
    // "Flying, intimidate, trample (A creature with intimidate ...)" on Withengar Unbound, the back face.
    expect(names('o:/^flying, intimidate, trample$/')).toEqual(['Elbrus, the Binding Blade // Withengar Unbound']);
    // "Aftermath (Cast this spell only from your graveyard. Then exile it.)" on the second half.
    expect(names('o:/^aftermath$/')).toEqual(['Driven // Despair', 'Leave // Chance']);
    expect(names('fo:/^aftermath \\(cast this spell only from your graveyard\\. then exile it\\.\\)$/')).toEqual(['Driven // Despair', 'Leave // Chance']);
  });

  it('searches face texts, face types and face colours', () => {
    expect(names('o:"mill a card"')).toContain('Aberrant Researcher // Perfected Form');
    expect(names('t:demon t:legendary')).toContain('Elbrus, the Binding Blade // Withengar Unbound');
    // Elbrus is colourless on its front face, black on its back.
    expect(names('c:b elbrus')).toEqual(['Elbrus, the Binding Blade // Withengar Unbound']);
    expect(names('pow>=5 perfected')).toEqual(['Aberrant Researcher // Perfected Form']);
  });

  it('replaces ~ in o: with the card\'s own name', () => {
    expect(names('o:"~ deals" o:"each creature"').length).toBeGreaterThan(0);
    // Each card whose rules text says "Whenever <its own name> attacks", and no other (the demo file, checked by hand).
    expect(names('o:"whenever ~ attacks"')).toEqual([
      'Audacious Thief',
      'Drakuseth, Maw of Flames',
      'Dreadhorde Arcanist',
      'Eternal Taskmaster',
      'Ilharg, the Raze-Boar',
      'Krenko, Tin Street Kingpin',
      'Lavakin Brawler',
      'Parhelion II',
      'Rubblebelt Rioters',
      'Scorch Spitter',
      'Skyknight Vanguard',
      'Thunderkin Awakener',
      'Trusted Pegasus',
    ]);
  });
});

describe('matcher: keywords', () => {
  it('t: and o: match substrings of the type line and the rules text (without reminder text)', () => {
    expect(names('t:planeswalker t:teferi')).toEqual(['Invasion of New Phyrexia // Teferi Akosa of Zhalfir', 'Teferi, Time Raveler']);
    expect(names('o:"each opponent can cast spells only"')).toEqual(['Teferi, Time Raveler']);
    expect(names('fo:"this creature can\'t be blocked"').length).toBeGreaterThanOrEqual(names('o:"this creature can\'t be blocked"').length);
  });

  it('c: means at least these colours, c= exactly, c<= at most', () => {
    const atLeast = names('c:uw');
    expect(atLeast).toContain('Teferi, Time Raveler');
    expect(atLeast).toContain('Citizen'); // five-colour token
    expect(names('c=uw')).toContain('Teferi, Time Raveler');
    expect(names('c=uw')).not.toContain('Citizen');
    expect(names('c<=w t:creature')).not.toContain('Teferi, Time Raveler');
    expect(names('c:azorius')).toEqual(atLeast);
    expect(names('c:c t:creature')).toContain('Blightsteel Colossus // Blightsteel Colossus');
  });

  it('id: means within the identity, as a commander deck would allow', () => {
    const esper = names('id:esper t:legendary');
    expect(esper).toContain('Teferi, Time Raveler');
    expect(esper).not.toContain('Niv-Mizzet Reborn');
    expect(names('id=uw')).toContain('Teferi, Time Raveler');
    expect(names('id:c t:creature')).toContain('Blightsteel Colossus // Blightsteel Colossus');
  });

  it('counts colours and knows multicolour', () => {
    expect(names('c:m teferi')).toEqual(['Invasion of New Phyrexia // Teferi Akosa of Zhalfir', 'Teferi, Time Raveler']);
    expect(names('c>=5 t:creature')).toContain('Niv-Mizzet Reborn');
    expect(names('c=1 teferi raveler')).toEqual([]);
    expect(names('c=1 teferi')).toEqual(["Teferi's Time Twist"]);
  });

  it('compares mana value, power, toughness, loyalty and power against toughness', () => {
    expect(names('mv=3 teferi raveler')).toEqual(['Teferi, Time Raveler']);
    expect(names('loy=4 teferi')).toEqual(['Invasion of New Phyrexia // Teferi Akosa of Zhalfir', 'Teferi, Time Raveler']);
    expect(names('t:planeswalker loy>=7').length).toBeGreaterThan(0);
    for (const i of ids('pow>tou t:creature')) {
      const g = index.group[index.byId.get(i)!]!;
      const { pow, tou } = index.cards;
      expect(pow[0][g]! > tou[0][g]! || pow[1][g]! > tou[1][g]!).toBe(true);
    }
  });

  it('matches mana costs by symbols, in either notation', () => {
    expect(names('m:{1}{W}{U} teferi')).toEqual(['Teferi, Time Raveler']);
    expect(names('m:1wu teferi')).toEqual(['Teferi, Time Raveler']);
    expect(names('m={1}{W}{U}')).toContain('Teferi, Time Raveler');
    expect(names('m={W}{U}')).not.toContain('Teferi, Time Raveler');
    expect(names('m:{U/R}')).toContain('Invert // Invent');
    expect(names('m:{R/U} s:grn')).toEqual(['Invert // Invent']);
  });

  it('finds a {0} in a cost only where one is printed: m:{0} is not every card, and {0} costs fit under any cost', () => {
    const cards = demoCards();
    const withZero = indexOf([
      ...cards,
      reprintOf(demoCard(cards, 'Air Elemental'), { oracle_id: 'e2e2e2e2-0000-4000-8000-00000000aaaa', name: 'Zero Drone', mana_cost: '{0}', cmc: 0 }),
    ]);
    const named = (q: string) => {
      const out = new Set<string>();
      evaluate(withZero, parseQuery(q).root).forEach((i) => {
        out.add(withZero.names[i]!);
      });
      return [...out].sort();
    };
    for (const q of ['m:{0}', 'm:0', 'm>={0}', 'm={0}']) expect(named(q), q).toEqual(['Zero Drone']);
    expect(named('m:{R}{0}')).toEqual([]);
    expect(named('m!={0} zero drone')).toEqual([]);
    expect(named('m<={U} zero drone')).toEqual(['Zero Drone']);
    expect(named('-m:{0} air elemental')).toEqual(['Air Elemental']);
  });

  it('compares whole mana costs with = != > <: the generic amount and each symbol\'s count must agree, not only the kinds of symbol', () => {
    // Agent of Treachery {5}{U}{U}, Air Elemental {3}{U}{U}, Atemsis {3}{U}{U}{U}: the same kinds as {2}{U}{U}, more of them.
    const exact = names('m={2}{U}{U}');
    expect(exact.length).toBeGreaterThan(0);
    for (const name of ['Agent of Treachery', 'Air Elemental', 'Atemsis, All-Seeing']) {
      expect(exact).not.toContain(name);
      expect(names(`m>{2}{U}{U} !"${name}"`)).toEqual([name]);
      expect(names(`m!={2}{U}{U} !"${name}"`)).toEqual([name]);
      expect(names(`m<{2}{U}{U} !"${name}"`)).toEqual([]);
    }
    expect(names('m<={3}{U}{U} !"Air Elemental"')).toEqual(['Air Elemental']);
  });

  it('compares rarity by rank', () => {
    expect(names('r:mythic s:war t:planeswalker')).toContain('Liliana, Dreadhorde General');
    expect(names('r>=rare teferi raveler')).toEqual(['Teferi, Time Raveler']);
    expect(names('r<rare teferi raveler')).toEqual([]);
    expect(names('r:common teferi')).toEqual(["Teferi's Time Twist"]);
  });

  it('finds a printing by set and collector number', () => {
    expect([...ids('s:war cn:221')]).toEqual([TEFERI]);
    expect(names('e:WAR cn>=220 cn<=221').length).toBe(2);
  });

  it('checks legality per format: legal, banned, restricted', () => {
    expect(names('f:standard teferi raveler')).toEqual(['Teferi, Time Raveler']);
    expect(names('f:pauper teferi raveler')).toEqual([]);
    expect(names('f:pauper teferi')).toEqual(["Teferi's Time Twist"]);
    expect(names('f:pauper r:uncommon s:m20 t:creature')).not.toContain('Teferi, Time Raveler');
    expect(names('banned:pauper')).toEqual(['Hymn to Tourach']);
    expect(names('banned:historic')).toEqual(['Lightning Bolt']);
    expect(names('restricted:paupercommander')).toEqual(['Aberrant Researcher // Perfected Form', 'Abzan Falconer']);
    expect(names('banned:legacy')).toEqual([]);
  });

  it('compares prices in usd, eur and tix (the cheapest finish)', () => {
    expect(names('usd>=14.9 usd<15 teferi')).toEqual(['Teferi, Time Raveler']);
    expect(names('usd>15 teferi raveler')).toEqual([]);
    expect(names('eur>0').length).toBeGreaterThan(0);
    expect(names('tix>0').length).toBeGreaterThan(0);
  });

  it('compares prices of the few printings a card term leaves as a scan of every price would, for every operator', () => {
    // `t:planeswalker` leaves ~90 of the 756 printings: the price is then tested on those alone.
    const records = demoCards().filter((c) => {
      const types = [c.type_line, ...((c.card_faces as Array<{ type_line?: string }> | undefined) ?? []).map((f) => f.type_line)];
      return types.some((t) => typeof t === 'string' && /planeswalker/i.test(t));
    });
    const cheapest = (c: Record<string, unknown>) => {
      const p = c.prices as Record<string, string | null>;
      const known = [p.usd, p.usd_foil, p.usd_etched].filter((v): v is string => v !== null && v !== undefined).map(Number);
      return known.length ? Math.min(...known) : undefined;
    };
    const tests: Record<string, (v: number) => boolean> = {
      '=': (v) => v === 1, '!=': (v) => v !== 1, '<': (v) => v < 1, '<=': (v) => v <= 1, '>': (v) => v > 1, '>=': (v) => v >= 1,
    };
    for (const [op, test] of Object.entries(tests)) {
      const expected = new Set(records.filter((c) => {
        const v = cheapest(c);
        return v !== undefined && test(v);
      }).map((c) => c.id as string));
      expect(expected.size, op).toBeGreaterThan(0);
      expect(ids(`t:planeswalker usd${op}1`), op).toEqual(expected);
    }
  });

  it('knows is: and not: values', () => {
    expect(names('is:split')).toEqual(['Breaking // Entering', 'Driven // Despair', 'Invert // Invent', 'Leave // Chance', 'Life // Death', 'Odds // Ends']);
    expect(names('is:transform')).toContain('Aberrant Researcher // Perfected Form');
    expect(names('is:mdfc')).toEqual(['Esika, God of the Tree // The Prismatic Bridge', 'Rowan, Scholar of Sparks // Will, Scholar of Frost', 'Shaile, Dean of Radiance // Embrose, Dean of Shadow']);
    expect(names('is:dfc')).toContain('Angel // Angel');
    expect(names('is:flip')).toEqual(['Akki Lavarunner // Tok-Tok, Volcano Born']);
    expect(names('is:meld')).toEqual(['Brisela, Voice of Nightmares', 'Bruna, the Fading Light']);
    expect(names('is:adventure')).toEqual(['Altar of Bhaal // Bone Offering']);
    expect(names('is:etched')).toHaveLength(1);
    expect(names('is:token').length).toBeGreaterThan(25);
    expect(names('is:emblem')).toContain('Kiora, the Crashing Wave Emblem');
    expect(names('is:emblem')).toContain('The Ring // The Ring Tempts You');
    expect(names('is:planar')).toHaveLength(4);
    expect(names('is:scheme')).toHaveLength(3);
    expect(names('is:vanguard')).toEqual(['Akroma, Angel of Wrath Avatar']);
    expect(names('is:reversible')).toHaveLength(2);
    expect(names('is:commander niv')).toEqual(['Niv-Mizzet Reborn']);
    expect(names('is:commander teferi')).toEqual([]);
    expect(names('is:foil -is:nonfoil').length).toBeGreaterThan(0);
    expect(names('not:nonfoil')).toEqual(names('-is:nonfoil'));
    expect(names('is:hybrid')).toContain('Invert // Invent');
  });

  it('matches artists and flavour text on any face', () => {
    expect(names('a:"chris rallis"')).toContain('Teferi, Time Raveler');
    expect(names('a:"nils hamm"')).toContain('Aberrant Researcher // Perfected Form');
    expect(names('ft:"laboratory notes"')).toEqual(['Aberrant Researcher // Perfected Form']);
  });

  it('matches keywords from the data, or read off the rules text when the data has none', () => {
    expect(names('kw:flying perfected')).toEqual(['Aberrant Researcher // Perfected Form']);
    expect(names('kw:flying t:angel s:m20')).toContain('Angel of Vitality');
    expect(names('kw:amass s:war').length).toBeGreaterThan(3);
    expect(names('kw:"first strike" s:m20').length).toBeGreaterThan(0);
    expect(names('kw:flying s:m20')).not.toContain('Teferi, Time Raveler');
  });

  it('filters by language, year and date (also relative to a set)', () => {
    expect(names('lang:ja')).toEqual(['Lydari Elephant']);
    expect(names('lang:es')).toEqual(['Abzan Falconer']);
    expect(names('year=2019 teferi')).toContain('Teferi, Time Raveler');
    expect(names('year<2019 teferi')).toEqual([]);
    expect(names('date>=2019-07-12 t:planeswalker s:m20').length).toBeGreaterThan(0);
    expect(names('date<m20 teferi raveler')).toEqual(['Teferi, Time Raveler']);
    expect(names('date>war teferi raveler')).toEqual([]);
  });

  it('reads date:YYYY and date:YYYY-MM as the whole year or month, for every operator', () => {
    const released = demoCards().map((c) => ({ id: c.id as string, day: c.released_at as string }));
    const where = (test: (day: string) => boolean) => new Set(released.filter((r) => test(r.day)).map((r) => r.id));
    const periods: Array<[string, string, string]> = [
      ['2019', '2019-01-01', '2019-12-31'],
      ['2019-07', '2019-07-01', '2019-07-31'],
      ['2019-7', '2019-07-01', '2019-07-31'],
      ['2019-07-12', '2019-07-12', '2019-07-12'],
    ];
    for (const [period, first, last] of periods) {
      const inside = (d: string) => d >= first && d <= last;
      const ops: Record<string, (d: string) => boolean> = {
        ':': inside, '=': inside, '!=': (d) => !inside(d), '<': (d) => d < first, '<=': (d) => d <= last, '>': (d) => d > last, '>=': (d) => d >= first,
      };
      expect(where(inside).size, period).toBeGreaterThan(0);
      for (const [op, test] of Object.entries(ops)) expect(ids(`date${op}${period}`), `date${op}${period}`).toEqual(where(test));
    }
    for (const op of [':', '=', '!=', '<', '<=', '>', '>=']) expect(ids(`date${op}2019`), op).toEqual(ids(`year${op}2019`));
  });

  it('reports date: with an unknown set as a parse error at its position', () => {
    expect(() => evaluate(index, parseQuery('t:elf date>xyz').root)).toThrow(SearchParseError);
  });
});

describe('matcher: index rows', () => {
  it('reads the full JSON when a row has no stored facts, with the same results', () => {
    const cards = demoCards().slice(0, 200);
    const fromData = new IndexBuilder();
    const fromFacts = new IndexBuilder();
    for (const c of cards) {
      const row = toCardRow(c, 'x')!;
      fromData.addCard(row, row.data);
      fromFacts.addFacts(searchFacts(row, c, 'x'));
    }
    const a = fromData.finish([], 'a');
    const b = fromFacts.finish([], 'b');
    for (const q of ['t:creature o:draw', 'kw:flying', 'c:rg', 'f:pauper', 'a:"chris rallis"', 'is:reprint', 'ft:the', 'pow>tou']) {
      const ia: string[] = [];
      const ib: string[] = [];
      evaluate(a, parseQuery(q).root).forEach((i) => {
        ia.push(a.ids[i]!);
      });
      evaluate(b, parseQuery(q).root).forEach((i) => {
        ib.push(b.ids[i]!);
      });
      expect(ib, q).toEqual(ia);
    }
  });
});

describe('matcher: logic', () => {
  it('combines with or, parentheses and negation', () => {
    expect(names('(is:split or is:flip) c:r')).toEqual(['Akki Lavarunner // Tok-Tok, Volcano Born', 'Breaking // Entering', 'Invert // Invent', 'Leave // Chance', 'Odds // Ends']);
    expect(names('is:split -c:r')).toEqual(['Driven // Despair', 'Life // Death']);
    expect(names('is:split -(c:r or c:g)')).toEqual([]);
  });

  const LEAVES = [
    't:creature', 'c:r', 'mv>=3', 'r:rare', 's:war', 'is:foil', 'o:draw', 'usd<1', 'kw:flying', 'f:pauper', 'id<=wu', 'is:dfc',
    // regular expressions, card-level and printing-level, and keywords of issue 14
    'o:/^{t}:/', 'name:/^[a-m]/', 't:/\\bgod\\b/', 'ft:/\\bthe\\b/', 'a:/^[a-k]/', 'in:m20', 'devotion:rr', 'pt>=6',
    'new:artist', 'has:flavor', 'is:party', 'cheapest:usd', 'mv:odd', 'b:ths',
  ];

  it('obeys the laws of boolean algebra (De Morgan, double negation, or over and)', () => {
    const leaf = fc.constantFrom(...LEAVES);
    fc.assert(
      fc.property(leaf, leaf, leaf, (a, b, c) => {
        expect(ids(`-(${a} or ${b})`)).toEqual(ids(`-${a} -${b}`));
        expect(ids(`-(${a} ${b})`)).toEqual(ids(`-${a} or -${b}`));
        expect(ids(`-(-${a})`)).toEqual(ids(a));
        expect(ids(`${a} (${b} or ${c})`)).toEqual(ids(`(${a} ${b}) or (${a} ${c})`));
        const all = ids('lang:any');
        const both = new Set([...ids(a), ...ids(`-${a}`)]);
        expect(both).toEqual(all);
      }),
      { numRuns: 200 },
    );
  });
});

describe('matcher: collection entries', () => {
  const entry = (over: Partial<EntryFacts> = {}): EntryFacts => ({
    card_id: TEFERI,
    finish: 'nonfoil',
    condition: 'near_mint',
    quantity: 1,
    binder_id: null,
    binder_name: null,
    ...over,
  });
  const test = (q: string, e: EntryFacts) => compileEntryPredicate(index, parseQuery(q))(e);

  it('evaluates card terms against the entry\'s card', () => {
    expect(test('teferi t:planeswalker', entry())).toBe(true);
    expect(test('t:creature', entry())).toBe(false);
    expect(test('-t:creature', entry({ card_id: 'not-a-card' }))).toBe(false);
  });

  it('reads is:foil and finish: as the entry\'s finish, not the card\'s', () => {
    expect(test('is:foil', entry())).toBe(false);
    expect(test('is:foil', entry({ finish: 'foil' }))).toBe(true);
    expect(test('finish:foil teferi', entry({ finish: 'foil' }))).toBe(true);
    expect(test('-finish:foil', entry())).toBe(true);
  });

  it('compares usd, eur and tix with the price of the copy\'s own finish, as its value is made of (Teferi: 14.90 nonfoil, 39.35 foil)', () => {
    expect(test('usd>20', entry({ finish: 'foil' }))).toBe(true);
    expect(test('usd>20', entry())).toBe(false);
    expect(test('usd=39.35', entry({ finish: 'foil' }))).toBe(true);
    expect(test('usd<15', entry())).toBe(true);
    expect(test('usd<15', entry({ finish: 'foil' }))).toBe(false);
    // No etched printing, no euro or tix price: nothing to compare, so no match (and a negation finds it).
    expect(test('usd>=0', entry({ finish: 'etched' }))).toBe(false);
    expect(test('eur>=0', entry())).toBe(false);
    expect(test('-tix>=0', entry())).toBe(true);
    expect(test('usd>20 or qty>=5', entry())).toBe(false);
    expect(test('teferi usd>20', entry({ finish: 'foil' }))).toBe(true);
  });

  it('compares quantity, condition and binder', () => {
    expect(test('qty>=2', entry({ quantity: 3 }))).toBe(true);
    expect(test('qty>=2', entry())).toBe(false);
    expect(test('condition>=lp', entry())).toBe(true);
    expect(test('condition>=nm', entry({ condition: 'heavily_played' }))).toBe(false);
    expect(test('condition:hp', entry({ condition: 'heavily_played' }))).toBe(true);
    expect(test('binder:Trades', entry({ binder_id: 'b1', binder_name: 'trades' }))).toBe(true);
    expect(test('binder:b1', entry({ binder_id: 'b1', binder_name: 'trades' }))).toBe(true);
    expect(test('binder:none', entry())).toBe(true);
    expect(test('binder:none or qty>5', entry({ binder_id: 'b1' }))).toBe(false);
  });
});
