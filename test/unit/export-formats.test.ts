import { describe, expect, it } from 'vitest';
import type { CollectionEntry } from '../../src/collection/schemas.js';
import { EXPORT_FILE_TYPES, EXPORT_FORMATS, isDeckOnlyFormat, writeCollection, writeDeck, type CollectionExportFormat, type DeckExportCard } from '../../src/exports/formats/index.js';
import { moxfieldTimestamp } from '../../src/exports/formats/collection.js';
import { asyncOf, collectText, demoCard, entryOf } from '../helpers/imports.js';

const write = (format: CollectionExportFormat, entries: CollectionEntry[]) => collectText(writeCollection(format, asyncOf(entries)));
const lines = (text: string) => text.split('\r\n');

/** An entry for a card outside the demo data, to try names the demo cards lack. */
function entryNamed(name: string): CollectionEntry {
  const base = entryOf(demoCard('Shivan Dragon'));
  return { ...base, card: { ...base.card, name } };
}

const ajani = () =>
  entryOf(demoCard('Ajani, the Greathearted', 'war', '184★'), {
    quantity: 2,
    finish: 'foil',
    condition: 'lightly_played',
    language: 'de',
    purchase_price: '3.50',
  });

describe('collection export headers: exactly what each app writes', () => {
  const headers: Record<Exclude<CollectionExportFormat, 'json'>, string> = {
    moxfield_csv:
      '"Count","Tradelist Count","Name","Edition","Condition","Language","Foil","Tags","Last Modified","Collector Number","Alter","Proxy","Purchase Price"',
    manabox_csv:
      'Name,Set code,Set name,Collector number,Foil,Rarity,Quantity,ManaBox ID,Scryfall ID,Purchase price,Misprint,Altered,Condition,Language,Purchase price currency',
    deckbox_csv: 'Count,Tradelist Count,Name,Edition,Card Number,Condition,Language,Foil,Signed,Artist Proof,Altered Art,Misprint,Promo,Textless,My Price',
    archidekt_csv:
      'Quantity,Name,Finish,Condition,Date Added,Language,Purchase Price,Tags,Edition Name,Edition Code,Multiverse Id,Scryfall ID,Collector Number',
    csv: 'id,card_id,name,set,collector_number,quantity,finish,condition,language,binder_id,purchase_price,tags,notes,set_name,rarity,unit_value_usd,total_value_usd,created_at,updated_at,binder_name',
  };
  for (const [format, header] of Object.entries(headers)) {
    it(`${format} starts with the app's header line and ends each line with CRLF`, async () => {
      const text = await write(format as CollectionExportFormat, [ajani()]);
      expect(lines(text)[0]).toBe(header);
      expect(text.endsWith('\r\n')).toBe(true);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    });
  }

  it('an empty collection is the header line alone', async () => {
    expect(await write('manabox_csv', [])).toBe(`${headers.manabox_csv}\r\n`);
    expect(await write('json', [])).toBe('{"data":[]}\n');
  });
});

describe('collection export rows', () => {
  it('moxfield_csv quotes every field, empty ones included, in Moxfield words', async () => {
    const [, row] = lines(await write('moxfield_csv', [ajani()]));
    expect(row).toBe('"2","0","Ajani, the Greathearted","war","Good (Lightly Played)","German","foil","","2026-03-02 11:22:33.456000","184★","False","False","3.50"');
  });

  it('manabox_csv writes the set code upper case, the Scryfall id, and USD', async () => {
    const [, row] = lines(await write('manabox_csv', [ajani()]));
    expect(row).toBe('"Ajani, the Greathearted",WAR,War of the Spark,184★,foil,rare,2,,bee535c3-4ccd-4eb1-85e9-d28bf6dc0710,3.50,false,false,good,de,USD');
  });

  it('deckbox_csv names the set and writes an etched card as a foil (Deckbox has no etched)', async () => {
    const out = lines(await write('deckbox_csv', [ajani(), entryOf(demoCard('Abbot of Keral Keep'), { finish: 'etched', language: 'zhs' })]));
    expect(out[1]).toBe('2,0,"Ajani, the Greathearted",War of the Spark,184★,Good (Lightly Played),German,foil,,,,,,,');
    expect(out[2]).toBe('1,0,Abbot of Keral Keep,Double Masters 2022,446,Near Mint,Chinese,foil,,,,,,,');
  });

  it("writes a copy's flags, kept as tags (altered, signed, misprint...), back into each app's flag columns", async () => {
    const bolt = demoCard('Lightning Bolt', '2x2', '117');
    const flagged = entryOf(bolt, { tags: ['altered', 'signed', 'misprint', 'artist-proof', 'promo', 'textless', 'trade'] });
    const plain = entryOf(bolt, { tags: ['trade'] });
    const mox = lines(await write('moxfield_csv', [flagged, plain]));
    expect(mox[1]).toMatch(/"117","True","False",""$/);
    expect(mox[2]).toMatch(/"117","False","False",""$/);
    const manabox = lines(await write('manabox_csv', [flagged, plain]));
    expect(manabox[1]).toMatch(/,true,true,near_mint,en,USD$/);
    expect(manabox[2]).toMatch(/,false,false,near_mint,en,USD$/);
    const deckbox = lines(await write('deckbox_csv', [flagged, plain]));
    expect(deckbox[1]).toBe('1,0,Lightning Bolt,Double Masters 2022,117,Near Mint,English,,signed,proof,altered,misprint,promo,textless,');
    expect(deckbox[2]).toBe('1,0,Lightning Bolt,Double Masters 2022,117,Near Mint,English,,,,,,,,');
  });

  it('deckbox_csv files tokens and emblems as Deckbox does: "Extras: <set>", "Emblem: <planeswalker>"', async () => {
    const out = lines(
      await write('deckbox_csv', [
        entryOf(demoCard('Kiora, the Crashing Wave Emblem', 'tbng', '11')),
        entryOf(demoCard('Angel // Angel', 'tust', '1')),
        entryOf(demoCard('Angel', 'tonc', '3')),
      ]),
    );
    expect(out.slice(1, 4)).toEqual([
      '1,0,"Emblem: Kiora, the Crashing Wave",Extras: Born of the Gods,11,Near Mint,English,,,,,,,,',
      '1,0,Angel // Angel,Extras: Unstable,1,Near Mint,English,foil,,,,,,,',
      '1,0,Angel,Extras: Phyrexia: All Will Be One Commander,3,Near Mint,English,,,,,,,,',
    ]);
  });

  it("archidekt_csv writes Archidekt's short conditions and language codes", async () => {
    const entry = entryOf(demoCard('Lydari Elephant'), { condition: 'mint', language: 'ja' });
    const [, row] = lines(await write('archidekt_csv', [entry]));
    expect(row).toBe('1,Lydari Elephant,Normal,M,2026-03-01,JP,,,Sega Dreamcast Cards,psdg,0,fc34ce52-f917-4e97-a372-f9d18b8ea1fc,6');
  });

  it('csv writes the entry under its API names, tags joined by ";", values and dates, then the binder\'s name', async () => {
    const entry = { ...ajani(), binder_id: 'b1', tags: ['trade', 'deck: esper'], value: { currency: 'usd' as const, unit: '4.10', total: '8.20' } };
    const text = await collectText(writeCollection('csv', asyncOf([entry, { ...entry, binder_id: null }]), { binderNames: new Map([['b1', 'Trade, main']]) }));
    const [, row, unbound] = lines(text);
    expect(row).toBe(
      `${entry.id},bee535c3-4ccd-4eb1-85e9-d28bf6dc0710,"Ajani, the Greathearted",war,184★,2,foil,lightly_played,de,b1,3.50,trade;deck: esper,,War of the Spark,rare,4.10,8.20,2026-03-01T10:00:00.000Z,2026-03-02T11:22:33.456Z,"Trade, main"`,
    );
    expect(unbound!.endsWith('2026-03-02T11:22:33.456Z,')).toBe(true);
  });

  it('quotes commas, doubles quotes and keeps line breaks inside quotes', async () => {
    const arrows = entryNamed('Borrowing 100,000 Arrows');
    const kongming = { ...entryNamed('Kongming, "Sleeping Dragon"'), notes: 'line one\r\nline two, "quoted"' };
    const manabox = lines(await write('manabox_csv', [arrows, kongming]));
    expect(manabox[1]!.startsWith('"Borrowing 100,000 Arrows",M20,')).toBe(true);
    expect(manabox[2]!.startsWith('"Kongming, ""Sleeping Dragon""",M20,')).toBe(true);
    const csv = await write('csv', [kongming]);
    expect(csv).toContain(',"line one\r\nline two, ""quoted""",');
    const moxfield = lines(await write('moxfield_csv', [arrows]));
    expect(moxfield[1]!.startsWith('"1","0","Borrowing 100,000 Arrows","m20",')).toBe(true);
  });

  it('json is one document: {"data":[...]} with one API entry per line', async () => {
    const a = ajani();
    const b = entryOf(demoCard('Abbot of Keral Keep'), { finish: 'etched' });
    const text = await write('json', [a, b]);
    expect(text.split('\n')).toEqual(['{"data":[', JSON.stringify(a) + ',', JSON.stringify(b), ']}', '']);
    expect(JSON.parse(text)).toEqual({ data: [a, b] });
  });

  it("Moxfield's Last Modified is UTC with microseconds and no zone", () => {
    expect(moxfieldTimestamp('2026-03-02T11:22:33.456Z')).toBe('2026-03-02 11:22:33.456000');
    expect(moxfieldTimestamp('2026-03-02T11:22:33Z')).toBe('2026-03-02 11:22:33.000000');
  });
});

describe('condition, finish and language words per app', () => {
  const cases: Array<[string, Partial<CollectionEntry>, Record<string, string>]> = [
    ['mint', { condition: 'mint' }, { moxfield_csv: 'Mint', deckbox_csv: 'Mint', manabox_csv: 'mint', archidekt_csv: 'M' }],
    ['near_mint', { condition: 'near_mint' }, { moxfield_csv: 'Near Mint', deckbox_csv: 'Near Mint', manabox_csv: 'near_mint', archidekt_csv: 'NM' }],
    ['lightly_played', { condition: 'lightly_played' }, { moxfield_csv: 'Good (Lightly Played)', deckbox_csv: 'Good (Lightly Played)', manabox_csv: 'good', archidekt_csv: 'LP' }],
    ['moderately_played', { condition: 'moderately_played' }, { moxfield_csv: 'Played', deckbox_csv: 'Played', manabox_csv: 'light_played', archidekt_csv: 'MP' }],
    ['heavily_played', { condition: 'heavily_played' }, { moxfield_csv: 'Heavily Played', deckbox_csv: 'Heavily Played', manabox_csv: 'played', archidekt_csv: 'HP' }],
    ['damaged', { condition: 'damaged' }, { moxfield_csv: 'Damaged', deckbox_csv: 'Poor', manabox_csv: 'poor', archidekt_csv: 'D' }],
    ['zhs', { language: 'zhs' }, { moxfield_csv: 'Chinese', deckbox_csv: 'Chinese', manabox_csv: 'zh_CN', archidekt_csv: 'CS' }],
    ['zht', { language: 'zht' }, { moxfield_csv: 'Traditional Chinese', deckbox_csv: 'Traditional Chinese', manabox_csv: 'zh_TW', archidekt_csv: 'CT' }],
    ['ko', { language: 'ko' }, { moxfield_csv: 'Korean', deckbox_csv: 'Korean', manabox_csv: 'ko', archidekt_csv: 'KR' }],
    ['ph', { language: 'ph' }, { moxfield_csv: 'Phyrexian', deckbox_csv: 'Phyrexian', manabox_csv: 'ph', archidekt_csv: 'PH' }],
  ];
  const column: Record<string, Record<string, number>> = {
    condition: { moxfield_csv: 4, deckbox_csv: 5, manabox_csv: 12, archidekt_csv: 3 },
    language: { moxfield_csv: 5, deckbox_csv: 6, manabox_csv: 13, archidekt_csv: 5 },
  };
  for (const [label, fields, words] of cases) {
    it(`writes ${label} in each app's word`, async () => {
      const which = 'condition' in fields ? 'condition' : 'language';
      for (const [format, word] of Object.entries(words)) {
        const row = lines(await write(format as CollectionExportFormat, [entryOf(demoCard('Shivan Dragon'), fields)]))[1]!;
        const cells = row.split(',').map((c) => c.replace(/^"|"$/g, ''));
        expect(cells[column[which]![format]!], `${format} ${label}`).toBe(word);
      }
    });
  }

  it("writes each finish in each app's word", async () => {
    const expected: Record<string, [string, string, string]> = {
      moxfield_csv: ['', 'foil', 'etched'],
      manabox_csv: ['normal', 'foil', 'etched'],
      deckbox_csv: ['', 'foil', 'foil'],
      archidekt_csv: ['Normal', 'Foil', 'Etched'],
    };
    const at: Record<string, number> = { moxfield_csv: 6, manabox_csv: 4, deckbox_csv: 7, archidekt_csv: 2 };
    for (const [format, words] of Object.entries(expected)) {
      const entries = (['nonfoil', 'foil', 'etched'] as const).map((finish) => entryOf(demoCard('Shivan Dragon'), { finish }));
      const rows = lines(await write(format as CollectionExportFormat, entries)).slice(1, 4);
      expect(rows.map((r) => r.split(',')[at[format]!]!.replace(/^"|"$/g, '')), format).toEqual(words);
    }
  });
});

describe('the writers stream', () => {
  /** A million entries, counted as the writer pulls them. */
  function counted(): { entries: AsyncGenerator<CollectionEntry>; pulled: () => number } {
    let pulled = 0;
    const template = ajani();
    async function* entries(): AsyncGenerator<CollectionEntry> {
      for (let i = 0; i < 1_000_000; i++) {
        pulled++;
        yield template;
      }
    }
    return { entries: entries(), pulled: () => pulled };
  }

  for (const format of ['json', 'csv', 'moxfield_csv', 'manabox_csv', 'deckbox_csv', 'archidekt_csv'] as const) {
    it(`${format} hands out its first chunk after pulling a few hundred entries, not the whole collection`, async () => {
      const source = counted();
      const out = writeCollection(format, source.entries);
      const first = await out.next();
      expect(first.done).toBe(false);
      expect(first.value!.length).toBeGreaterThan(1000);
      expect(first.value!.length).toBeLessThan(256 * 1024);
      expect(source.pulled()).toBeLessThan(5_000);
      await out.return(undefined);
    });
  }

  it('a source that fails mid-export fails the export', async () => {
    async function* failing(): AsyncGenerator<CollectionEntry> {
      yield ajani();
      throw new Error('database went away');
    }
    await expect(collectText(writeCollection('manabox_csv', failing()))).rejects.toThrow('database went away');
    await expect(collectText(writeCollection('json', failing()))).rejects.toThrow('database went away');
  });
});

describe('deck exports', () => {
  const card = (name: string, quantity: number, board: DeckExportCard['board'], extra: Partial<DeckExportCard> = {}): DeckExportCard => {
    const c = demoCard(name);
    return { quantity, board, name: c.name, layout: c.layout, set: c.set, collector_number: c.collector_number, mtgo_id: c.mtgo_id, ...extra };
  };
  const deck = {
    name: 'Esper',
    cards: [
      card('Jace, Arcane Strategist', 1, 'commander'),
      card('Aberrant Researcher // Perfected Form', 4, 'main'),
      card('Odds // Ends', 2, 'main'),
      card('Lydari Elephant', 1, 'main'),
      card('Shivan Dragon', 3, 'sideboard', { name: 'Shivan "Big" Dragon & <Co>' }),
      card('Island', 1, 'maybe'),
    ],
  };
  const writeDeckText = (format: 'arena' | 'mtgo' | 'mtgo_dek') => collectText(writeDeck(format, deck));

  it('arena lists sections with set and number', async () => {
    expect(await writeDeckText('arena')).toBe(`Commander
1 Jace, Arcane Strategist (WAR) 270

Deck
4 Aberrant Researcher (SOI) 49
2 Odds // Ends (DIS) 153
1 Lydari Elephant (PSDG) 6

Sideboard
3 Shivan "Big" Dragon & <Co> (M20) 335

Maybeboard
1 Island (WAR) 253
`);
  });

  it('mtgo is the main deck, a blank line, then the sideboard with the commander', async () => {
    expect(await writeDeckText('mtgo')).toBe(`4 Aberrant Researcher
2 Odds/Ends
1 Lydari Elephant

1 Jace, Arcane Strategist
3 Shivan "Big" Dragon & <Co>
`);
  });

  it("mtgo_dek is MTGO's XML: catalog ids, MTGO names, escaped attributes, the commander in the sideboard", async () => {
    const expected = `<?xml version="1.0" encoding="utf-8"?>
<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <NetDeckID>0</NetDeckID>
  <PreconstructedDeckID>0</PreconstructedDeckID>
  <Cards CatID="59886" Quantity="4" Sideboard="false" Name="Aberrant Researcher" Annotation="0" />
  <Cards CatID="24367" Quantity="2" Sideboard="false" Name="Odds/Ends" Annotation="0" />
  <Cards Quantity="1" Sideboard="false" Name="Lydari Elephant" Annotation="0" />
  <Cards CatID="72182" Quantity="1" Sideboard="true" Name="Jace, Arcane Strategist" Annotation="0" />
  <Cards CatID="73587" Quantity="3" Sideboard="true" Name="Shivan &quot;Big&quot; Dragon &amp; &lt;Co&gt;" Annotation="0" />
</Deck>
`;
    expect(await writeDeckText('mtgo_dek')).toBe(expected.replace(/\n/g, '\r\n'));
  });

  it('names a reversible printing (X // X) by its one name in mtgo_dek, as in mtgo: MTGO has no card "X/X"', async () => {
    const reversible = { name: 'Colossus', cards: [card('Blightsteel Colossus // Blightsteel Colossus', 1, 'main')] };
    expect(await collectText(writeDeck('mtgo', reversible))).toBe('1 Blightsteel Colossus\n');
    expect(await collectText(writeDeck('mtgo_dek', reversible))).toContain('Name="Blightsteel Colossus" Annotation="0"');
  });

  it('every format has a download type; deck-only formats are marked', () => {
    expect(EXPORT_FORMATS).toHaveLength(9);
    for (const f of EXPORT_FORMATS) expect(EXPORT_FILE_TYPES[f].contentType).toMatch(/charset=utf-8$/);
    expect(EXPORT_FORMATS.filter(isDeckOnlyFormat)).toEqual(['arena', 'mtgo', 'mtgo_dek']);
    expect(EXPORT_FILE_TYPES.mtgo_dek).toEqual({ contentType: 'application/xml; charset=utf-8', extension: 'dek' });
  });
});
