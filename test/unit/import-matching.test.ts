import { describe, expect, it } from 'vitest';
import { MAX_QUANTITY as COLLECTION_MAX_QUANTITY, MAX_TAG_LENGTH as COLLECTION_MAX_TAG_LENGTH, MAX_TAGS as COLLECTION_MAX_TAGS } from '../../src/collection/schemas.js';
import { MAX_QUANTITY, MAX_TAG_LENGTH, MAX_TAGS } from '../../src/imports/fields.js';
import { createMemoryLookup, entryKey, matchRow, nameKey, nameKeysOf, planImport, type ImportRow, type MatchResult } from '../../src/imports/index.js';
import { collectorNumberVariants } from '../../src/lib/collector-numbers.js';
import { setCodeVariants } from '../../src/imports/match.js';
import { createNameIndexes, storedNamesOf } from '../../src/imports/batch-match.js';
import { mergeNotes } from '../../src/imports/plan.js';
import { demoCard, demoLookup, fixture, importDemo } from '../helpers/imports.js';

let rows = 0;
function row(fields: Partial<ImportRow>): ImportRow {
  rows++;
  return { row: rows, line: rows + 1, raw: `raw ${rows}`, quantity: 1, finish: 'nonfoil', condition: 'near_mint', ...fields };
}

async function match(fields: Partial<ImportRow>): Promise<MatchResult> {
  return matchRow(row(fields), demoLookup());
}

async function matched(fields: Partial<ImportRow>) {
  const result = await match(fields);
  if (result.kind !== 'matched') throw new Error(`unmatched: ${result.reason}`);
  return result;
}

const idOf = (name: string, set?: string, number?: string) => demoCard(name, set, number).id;

describe('matching a row to a card', () => {
  it('takes the Scryfall id first, whatever else the row says', async () => {
    const m = await matched({ scryfallId: idOf('Ajani, the Greathearted', 'war', '184★'), name: 'Something Else', set: 'm20', collectorNumber: '1' });
    expect([m.card.id, m.by]).toEqual([idOf('Ajani, the Greathearted', 'war', '184★'), 'id']);
  });

  it('falls back from an unknown Scryfall id to set and number, with a warning', async () => {
    const m = await matched({ scryfallId: '00000000-0000-4000-8000-000000000000', name: 'Island', set: 'WAR', collectorNumber: '254' });
    expect([m.card.id, m.by]).toEqual([idOf('Island', 'war', '254'), 'set_number']);
    expect(m.warnings).toEqual(['Scryfall id 00000000-0000-4000-8000-000000000000 is not in the card database; matched by the row\'s other columns']);
  });

  it('matches set codes in any case and collector numbers with suffixes, stars and leading zeros', async () => {
    expect((await matched({ name: 'Ajani, the Greathearted', set: 'WAR', collectorNumber: '184★' })).card.id).toBe(idOf('Ajani, the Greathearted', 'war', '184★'));
    expect((await matched({ name: 'Ajani, the Greathearted', set: 'war', collectorNumber: '184*' })).card.id).toBe(idOf('Ajani, the Greathearted', 'war', '184★'));
    expect((await matched({ name: 'Brisela, Voice of Nightmares', set: 'EMN', collectorNumber: '15B' })).card.collector_number).toBe('15b');
    expect((await matched({ name: 'Island', set: 'war', collectorNumber: '0253' })).card.id).toBe(idOf('Island', 'war', '253'));
    expect((await matched({ name: 'Corpse Knight', set: 'm20', collectorNumber: '206†' })).card.collector_number).toBe('206†');
  });

  it("understands the apps' own set codes: The List, promo packs, Dragon Shield's guild kits", () => {
    expect(setCodeVariants('LIST')).toEqual(['list', 'plst']);
    expect(setCodeVariants('plist')).toEqual(['plist', 'plst']);
    expect(setCodeVariants('PPBLB')).toEqual(['ppblb', 'pblb']);
    expect(setCodeVariants('GK2_AZORIU')).toEqual(['gk2_azoriu', 'gk2']);
    expect(collectorNumberVariants('033a')).toEqual(['033a', '033A', '33a', '33A']);
    // A leading zero and MTGO's star together.
    expect(collectorNumberVariants('0184*')).toContain('184★');
  });

  it("does not let a set and number pin a card whose name disagrees (an app's own numbering)", async () => {
    // m20 number 1 is Aerial Assault: the row's name overrules its number.
    const m = await matched({ name: 'Shivan Dragon', set: 'm20', collectorNumber: '1' });
    expect([m.card.id, m.by]).toEqual([idOf('Shivan Dragon'), 'name_set']);
  });

  it('matches double-faced and split cards by the full name, "A/B", or the front face', async () => {
    const esika = idOf('Esika, God of the Tree // The Prismatic Bridge');
    expect((await matched({ name: 'Esika, God of the Tree // The Prismatic Bridge' })).card.id).toBe(esika);
    expect((await matched({ name: 'Esika, God of the Tree' })).card.id).toBe(esika);
    expect((await matched({ name: 'The Prismatic Bridge', set: 'KHM' })).card.id).toBe(esika);
    expect((await matched({ name: 'Odds/Ends' })).card.id).toBe(idOf('Odds // Ends'));
    expect((await matched({ name: 'odds//ends', set: 'dis', collectorNumber: '153' })).by).toBe('set_number');
  });

  it('folds case, accents, apostrophes and the punctuation TCGplayer drops', () => {
    expect(nameKey("Lim-Dûl’s Vault")).toBe(nameKey("Lim-Duls Vault"));
    expect(nameKey('Ajani the Greathearted')).toBe(nameKey('Ajani, the Greathearted'));
    expect(nameKey('Æther Vial')).toBe(nameKey('aether vial'));
    expect(nameKeysOf('Fire // Ice')).toEqual(['fire // ice', 'fire', 'ice']);
  });

  it('prefers the printing in the row\'s language, else English, and keeps the row\'s language on the entry', async () => {
    const es = await matched({ name: 'Abzan Falconer', set: 'ktk', collectorNumber: '2', lang: 'es' });
    expect([es.card.lang, es.entry.language]).toEqual(['es', 'es']);
    const de = await matched({ name: 'Abzan Falconer', set: 'ktk', collectorNumber: '2', lang: 'de' });
    expect([de.card.id, de.entry.language]).toEqual([idOf('Abzan Falconer'), 'de']);
    const unstated = await matched({ name: 'Lydari Elephant' });
    expect(unstated.entry.language).toBe('ja');
    const lookup = createMemoryLookup([
      { id: 'ja-1', name: 'Island', set: 'war', set_name: 'War of the Spark', collector_number: '253', lang: 'ja', finishes: ['nonfoil'] },
      { id: 'en-1', name: 'Island', set: 'war', set_name: 'War of the Spark', collector_number: '253', lang: 'en', finishes: ['nonfoil'] },
    ]);
    const pick = async (lang?: string) => {
      const r = await matchRow(row({ name: 'Island', set: 'war', collectorNumber: '253', ...(lang ? { lang } : {}) }), lookup);
      return r.kind === 'matched' ? r.card.id : r.reason;
    };
    expect([await pick('ja'), await pick('en'), await pick(), await pick('fr')]).toEqual(['ja-1', 'en-1', 'en-1', 'en-1']);
  });

  it('reads "foil" from Deckbox and TCGplayer as etched for a printing made etched and not foil (they have no etched word)', async () => {
    const m = await matched({ name: 'Abbot of Keral Keep', set: '2x2', collectorNumber: '446', finish: 'foil', foilMayBeEtched: true });
    expect([m.entry.finish, m.warnings]).toEqual(['etched', []]);
    const solRing = { id: 'c21-263', name: 'Sol Ring', set: 'c21', set_name: 'Commander 2021', collector_number: '263', lang: 'en', finishes: ['nonfoil', 'etched'] };
    const both = await matchRow(row({ name: 'Sol Ring', set: 'c21', collectorNumber: '263', finish: 'foil', foilMayBeEtched: true }), createMemoryLookup([solRing]));
    expect(both).toMatchObject({ kind: 'matched', entry: { finish: 'etched' }, warnings: [] });
  });

  it('does not turn "foil" into etched from an app that has an etched word: an etched-only printing says so, one with other finishes is unmatched', async () => {
    const only = await matched({ name: 'Abbot of Keral Keep', set: '2x2', collectorNumber: '446', finish: 'foil' });
    expect([only.entry.finish, only.warnings]).toEqual(['etched', ['Abbot of Keral Keep (2X2 446) exists only as etched; imported as etched, not foil']]);
    const solRing = { id: 'c21-263', name: 'Sol Ring', set: 'c21', set_name: 'Commander 2021', collector_number: '263', lang: 'en', finishes: ['nonfoil', 'etched'] };
    const both = await matchRow(row({ name: 'Sol Ring', set: 'c21', collectorNumber: '263', finish: 'foil' }), createMemoryLookup([solRing]));
    expect(both).toMatchObject({ kind: 'unmatched', reason: 'Sol Ring (C21 263) has no foil finish (it has nonfoil, etched)' });
  });

  it('takes the only finish a printing has, with a warning, and refuses a finish a printing with several lacks', async () => {
    const only = await matched({ name: 'Jace, Arcane Strategist', set: 'war', collectorNumber: '270', finish: 'nonfoil' });
    expect([only.entry.finish, only.warnings]).toEqual(['foil', ['Jace, Arcane Strategist (WAR 270) exists only as foil; imported as foil, not nonfoil']]);
    const none = await match({ name: 'Island', set: 'war', collectorNumber: '253', finish: 'etched' });
    expect(none).toMatchObject({ kind: 'unmatched', reason: 'Island (WAR 253) has no etched finish (it has nonfoil, foil)' });
  });

  it('by name alone, picks a printing with the row\'s finish', async () => {
    const lookup = createMemoryLookup([
      { id: 'plain', name: 'Sol Ring', set: 'c21', set_name: 'Commander 2021', collector_number: '263', lang: 'en', finishes: ['nonfoil'] },
      { id: 'shiny', name: 'Sol Ring', set: 'cmr', set_name: 'Commander Legends', collector_number: '472', lang: 'en', finishes: ['foil'] },
    ]);
    const pick = async (finish: 'nonfoil' | 'foil') => {
      const r = await matchRow(row({ name: 'Sol Ring', finish }), lookup);
      return r.kind === 'matched' ? [r.card.id, r.warnings] : r.reason;
    };
    expect([await pick('foil'), await pick('nonfoil')]).toEqual([['shiny', []], ['plain', []]]);
  });

  it('matches by set name when the file names the set (Deckbox), preferring the stated number', async () => {
    const m = await matched({ name: 'Zombie Army', setName: 'War of the Spark Tokens', collectorNumber: '9' });
    expect([m.card.set, m.card.collector_number, m.by]).toEqual(['twar', '9', 'name']);
    expect(m.warnings).toEqual([]);
  });

  it('matches by name when the set is unknown, and says which printing it took', async () => {
    const m = await matched({ name: 'Shivan Dragon', set: 'XYZ', collectorNumber: '7' });
    expect([m.card.id, m.by]).toEqual([idOf('Shivan Dragon'), 'name']);
    expect(m.warnings).toEqual(['no printing XYZ 7 of "Shivan Dragon" is known; matched by name to Shivan Dragon (M20 335)']);
  });

  it('matches by name within the set when the number names no printing of the card, and says which printing it took', async () => {
    const m = await matched({ name: 'Teferi, Time Raveler', set: 'war', collectorNumber: '184★' });
    expect([m.card.set, m.card.collector_number, m.by]).toEqual(['war', '221', 'name_set']);
    expect(m.warnings).toEqual(['no printing war 184★ of "Teferi, Time Raveler" is known; matched by name within the set to Teferi, Time Raveler (WAR 221)']);
    // A set without a number is no mistake: the set's printing, without a warning.
    expect((await matched({ name: 'Teferi, Time Raveler', set: 'war' })).warnings).toEqual([]);
  });

  it('takes a set name written where the set code belongs as that set: the printing in it, no warning that it is missing', async () => {
    const m = await matched({ name: 'Shivan Dragon', set: 'Core Set 2020' });
    expect([m.card.set, m.by]).toEqual(['m20', 'name']);
    expect(m.warnings).toEqual([]);
  });

  it('leaves a row it cannot place unmatched, saying what it looked for', async () => {
    expect(await match({ name: 'Black Lotus', set: 'LEA', collectorNumber: '232' })).toEqual({
      kind: 'unmatched',
      place: { row: rows, line: rows + 1, raw: `raw ${rows}` },
      reason: 'no card found for set LEA number 232, name "Black Lotus"',
    });
  });
});

describe('folded names for decklists (storedNamesOf)', () => {
  it('gives the stored names a written name folds to, a whole name before a face of another card', async () => {
    const indexes = createNameIndexes({ names: async () => ['Fire // Ice', 'Fire', "Lim-Dûl's Vault", 'Æther Vial'] });
    const stored = await storedNamesOf(indexes, 'v1', ['fire', 'ICE', "Lim-Dul's Vault", 'Aether Vial', 'Nothing Like It']);
    expect(Object.fromEntries(stored)).toEqual({
      fire: ['Fire'],
      ICE: ['Fire // Ice'],
      "Lim-Dul's Vault": ["Lim-Dûl's Vault"],
      'Aether Vial': ['Æther Vial'],
      'Nothing Like It': [],
    });
  });
});

describe('importing the fixtures against the demo cards', () => {
  const cases: Array<[string, number, string[]]> = [
    ['moxfield.csv', 7, []],
    ['manabox.csv', 6, []],
    ['manabox-collection.csv', 2, []],
    ['deckbox.csv', 5, []],
    ['archidekt.csv', 5, []],
    ['dragonshield.csv', 5, []],
    ['tcgplayer.csv', 5, []],
    ['ccs.csv', 4, []],
    ['ccs.json', 4, []],
  ];
  for (const [file, matchedRows, unmatched] of cases) {
    it(`matches every card row of ${file}`, async () => {
      const { report } = await importDemo(fixture(file));
      expect(report.unmatched.map((u) => u.reason)).toEqual(unmatched);
      expect(report.matched).toBe(matchedRows);
    });
  }

  it('a TCGplayer row is matched by its decorated name, its Simple Name, or its split card half', async () => {
    const { results } = await importDemo(fixture('tcgplayer.csv'));
    const cards = results.map((r) => (r.kind === 'matched' ? `${r.card.set} ${r.card.collector_number} ${r.entry.finish}` : r.kind));
    expect(cards).toEqual(['war 184★ foil', 'ddj 77 nonfoil', 'm20 335 nonfoil', '2x2 446 etched', 'war 253 nonfoil']);
  });

  it('a Dragon Shield row is matched by front face and by the undecorated token name', async () => {
    const { results } = await importDemo(fixture('dragonshield.csv'));
    const ids = results.map((r) => (r.kind === 'matched' ? r.card.id : r.kind));
    expect(ids).toEqual([
      idOf('Ajani, the Greathearted', 'war', '184★'),
      idOf('Aberrant Researcher // Perfected Form'),
      idOf('Life // Death'),
      idOf('Spirit', 'twar'),
      idOf('Teferi, Time Raveler'),
    ]);
  });
});

describe('the merge plan and report', () => {
  const ajani = idOf('Ajani, the Greathearted', 'war', '184');

  it('merges rows that resolve to the same entry: quantities add, tags unite, the first price and note win, and the report names those not kept', async () => {
    const csv = [
      'card_id,quantity,finish,condition,language,purchase_price,tags,notes',
      `${ajani},2,nonfoil,near_mint,en,,a;b,`,
      `${ajani},3,nonfoil,NM,English,1.50,b;c,first note`,
      `${ajani},1,nonfoil,near_mint,en,2.00,,second note`,
      `${ajani},1,foil,near_mint,en,,,`,
    ].join('\n');
    const { report, entries } = await importDemo(csv);
    expect(report).toMatchObject({ format: 'csv', rows: 4, matched: 4, entries_created: 2, entries_merged: 0, cards_added: 7, unmatched: [] });
    expect(report.warnings).toEqual([
      { row: 3, line: 4, message: 'purchase price 2.00 not kept: joins rows 1, 2 in one entry, which keeps 1.50 (an entry has one purchase price)' },
      { row: 3, line: 4, message: 'notes not kept: joins rows 1, 2 in one entry, which keeps its own (an entry has one note)' },
    ]);
    expect(entries.map((e) => [e.finish, e.quantity, e.tags, e.purchase_price, e.notes, e.rows, e.existing])).toEqual([
      ['nonfoil', 6, ['a', 'b', 'c'], '1.50', 'first note', [1, 2, 3], false],
      ['foil', 1, [], null, null, [4], false],
    ]);
  });

  it("says when an altered copy joins plain copies in one entry (the tag then covers them all), and which price is not kept", async () => {
    const moxfield = [
      '"Count","Tradelist Count","Name","Edition","Condition","Language","Foil","Tags","Last Modified","Collector Number","Alter","Proxy","Purchase Price"',
      '"1","0","Lightning Bolt","2x2","Near Mint","English","","","2025-06-27 06:59:41.710000","117","True","False","40.00"',
      '"3","2","Lightning Bolt","2x2","Near Mint","English","","","2025-06-27 06:59:41.710000","117","False","False","1.00"',
    ].join('\n');
    const { report, entries } = await importDemo(moxfield);
    expect(entries.map((e) => [e.card_id, e.quantity, e.purchase_price, e.tags, e.rows])).toEqual([[idOf('Lightning Bolt', '2x2', '117'), 4, '40.00', ['altered'], [1, 2]]]);
    expect(report.warnings).toEqual([
      { row: 2, line: 3, message: 'Tradelist Count 2 not imported: ccs keeps no trade list (the copies are imported, none marked for trade)' },
      {
        row: 2,
        line: 3,
        message:
          'joins row 1 in one entry (same card, finish, condition, language and binder), whose tags cover all 4 copies, though "altered" marks only the other 1; import such copies into another binder to keep them apart',
      },
      { row: 2, line: 3, message: 'purchase price 1.00 not kept: joins row 1 in one entry, which keeps 40.00 (an entry has one purchase price)' },
    ]);
    // Rows of one entry that agree on their flags and price merge without a word.
    const agreeing = await importDemo([moxfield.split('\n')[0], moxfield.split('\n')[1], moxfield.split('\n')[1]].join('\n'));
    expect([agreeing.entries.map((e) => [e.quantity, e.tags]), agreeing.report.warnings]).toEqual([[[2, ['altered']]], []]);
  });

  it("compares a row's flags and price with the user's entry it joins, when the plan knows that entry's", () => {
    const draft = { quantity: 1, tags: ['altered', 'Cube'], purchase_price: '40.00', notes: null };
    expect(mergeNotes(draft, { entry: undefined, before: 3, facts: { tags: ['signed', 'Cube'], purchase_price: '2.00', notes: null } })).toEqual([
      'joins your entry in one entry (same card, finish, condition, language and binder), whose tags cover all 4 copies, though "altered" marks only this row\'s 1, "signed" marks only the other 3; import such copies into another binder to keep them apart',
      'purchase price 40.00 not kept: joins your entry in one entry, which keeps 2.00 (an entry has one purchase price)',
    ]);
    // The same flags, and a price where the entry has none: nothing is lost.
    expect(mergeNotes(draft, { entry: undefined, before: 3, facts: { tags: ['altered'], purchase_price: null, notes: null } })).toEqual([]);
    // Tags that are not a copy's flags unite as merges do, without a word.
    expect(mergeNotes({ ...draft, tags: ['Cube'] }, { entry: undefined, before: 3, facts: { tags: ['Trade'], purchase_price: null, notes: null } })).toEqual([]);
    // Without the entry's facts nothing is claimed about it.
    expect(mergeNotes(draft, { entry: undefined, before: 3, facts: undefined })).toEqual([]);
  });

  it("matches Deckbox's token and emblem rows to the set's token printings", async () => {
    const deckbox = [
      'Count,Tradelist Count,Name,Edition,Card Number,Condition,Language,Foil,Signed,Artist Proof,Altered Art,Misprint,Promo,Textless,My Price',
      '1,0,Angel,Extras: Unstable,1,Near Mint,English,foil,,,,,,,',
      '1,0,"Emblem: Kiora, the Crashing Wave",Extras: Born of the Gods,11,Near Mint,English,,,,,,,,',
      '1,0,Angel,Extras: War of the Spark,2,Near Mint,English,,,,,,,,',
    ].join('\n');
    const { report, results } = await importDemo(deckbox);
    expect(report).toMatchObject({ rows: 3, matched: 3, unmatched: [], warnings: [] });
    expect(results.map((r) => (r.kind === 'matched' ? `${r.card.name}|${r.card.set}|${r.card.collector_number}` : r.kind))).toEqual([
      'Angel // Angel|tust|1',
      'Kiora, the Crashing Wave Emblem|tbng|11',
      'Angel|twar|2',
    ]);
  });

  it('counts rows that grow an existing entry as merged, and the rest as created', async () => {
    const existing = new Set([entryKey({ card_id: ajani, finish: 'nonfoil', condition: 'near_mint', language: 'en', binder_id: null })]);
    const csv = ['card_id,quantity,finish', `${ajani},2,nonfoil`, `${ajani},1,foil`].join('\n');
    const { report, entries } = await importDemo(csv, { existing });
    expect([report.entries_created, report.entries_merged, report.cards_added]).toEqual([1, 1, 3]);
    expect(entries.map((e) => e.existing)).toEqual([true, false]);
  });

  it('puts every row in the requested binder, else our formats\' own binder, else none', async () => {
    const csv = ['card_id,quantity,binder_id', `${ajani},1,b1`, `${ajani},1,`].join('\n');
    expect((await importDemo(csv)).entries.map((e) => e.binder_id)).toEqual(['b1', null]);
    expect((await importDemo(csv, { binderId: 'b9' })).entries.map((e) => [e.binder_id, e.quantity])).toEqual([['b9', 2]]);
    expect((await importDemo(fixture('moxfield.csv'), { binderId: 'b9' })).entries.every((e) => e.binder_id === 'b9')).toBe(true);
  });

  it('refuses a row that would take an entry past the quantity limit, counting what is already there', async () => {
    const key = entryKey({ card_id: ajani, finish: 'nonfoil', condition: 'near_mint', language: 'en', binder_id: null });
    const csv = ['card_id,quantity', `${ajani},60000`, `${ajani},30000`].join('\n');
    const { report } = await importDemo(csv, { existing: new Map([[key, 20_000]]) });
    expect([report.matched, report.cards_added]).toEqual([1, 60_000]);
    expect(report.unmatched).toEqual([{ row: 2, line: 3, reason: 'the entry would hold 110000 copies, more than 100000', raw: `${ajani},30000` }]);
  });

  it('refuses a row whose tags would take its entry past 20, counting the tags the earlier rows of that entry brought', async () => {
    const tags = (p: string, n: number) => Array.from({ length: n }, (_, i) => `${p}${i}`).join(';');
    const csv = ['card_id,quantity,tags', `${ajani},1,${tags('a', 15)}`, `${ajani},1,${tags('a', 15)}`, `${ajani},1,${tags('b', 6)}`, `${ajani},1,${tags('c', 5)}`].join('\n');
    const { report, entries } = await importDemo(csv);
    expect([report.matched, report.cards_added]).toEqual([3, 3]);
    expect(report.unmatched).toEqual([{ row: 3, line: 4, reason: 'the entry would hold 21 tags, more than 20', raw: `${ajani},1,${tags('b', 6)}` }]);
    expect(entries[0]?.tags).toHaveLength(20);
  });

  it('reports unmatched rows with row, line, reason and raw text, and skipped rows as warnings', async () => {
    const { report } = await importDemo(
      ['Quantity,Name,Set code,Collector number,Binder Type,Foil', '1,Black Lotus,LEA,232,binder,normal', 'two,Island,WAR,253,binder,normal', '1,Island,WAR,253,list,normal', '1,Island,WAR,253,binder,normal'].join('\r\n'),
    );
    expect(report).toMatchObject({ format: 'manabox', rows: 4, matched: 1, entries_created: 1, cards_added: 1, unmatched_count: 2, warnings_count: 1 });
    expect(report.unmatched).toEqual([
      { row: 1, line: 2, reason: 'no card found for set LEA number 232, name "Black Lotus"', raw: '1,Black Lotus,LEA,232,binder,normal' },
      { row: 2, line: 3, reason: 'Quantity "two" is not a whole number of copies', raw: 'two,Island,WAR,253,binder,normal' },
    ]);
    expect(report.warnings).toEqual([{ row: 3, line: 4, message: 'skipped: a ManaBox list (a wish list), not cards in the collection' }]);
  });

  it('lists at most maxListed unmatched rows and warnings, and counts them all', () => {
    const place = (n: number) => ({ row: n, line: n + 1, raw: `r${n}` });
    const results: MatchResult[] = Array.from({ length: 5 }, (_, i) => ({ kind: 'unmatched', place: place(i + 1), reason: 'no card' }));
    results.push(...Array.from({ length: 4 }, (_, i): MatchResult => ({ kind: 'skipped', place: place(i + 6), reason: 'skipped: quantity 0' })));
    const { report } = planImport(results, { format: 'moxfield', existing: new Set(), maxListed: 2 });
    expect([report.unmatched.length, report.unmatched_count, report.warnings.length, report.warnings_count, report.rows]).toEqual([2, 5, 2, 4, 9]);
  });

  it('keeps the quantity and tag limits in step with the collection schema', () => {
    expect(MAX_QUANTITY).toBe(COLLECTION_MAX_QUANTITY);
    expect(MAX_TAGS).toBe(COLLECTION_MAX_TAGS);
    expect(MAX_TAG_LENGTH).toBe(COLLECTION_MAX_TAG_LENGTH);
  });
});
