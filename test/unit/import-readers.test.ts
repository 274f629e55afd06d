import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARCHIDEKT_COLUMNS, CCS_COLUMNS, DECKBOX_COLUMNS, DRAGONSHIELD_COLUMNS, MANABOX_COLUMNS, MOXFIELD_COLUMNS, TCGPLAYER_COLUMNS } from '../../src/formats/columns.js';
import { csvRecords } from '../../src/imports/csv.js';
import { ImportFileError, openImport, type ImportRow, type ReadItem } from '../../src/imports/index.js';
import { hasFirstLine } from '../../src/imports/readers.js';
import { chunked, collectAll, fixture, readItems } from '../helpers/imports.js';

const rowsOf = (items: ReadItem[]): ImportRow[] => items.flatMap((i) => (i.kind === 'row' ? [i.row] : []));
const errorsOf = (items: ReadItem[]) => items.flatMap((i) => (i.kind === 'error' ? [i.error] : []));
const skipsOf = (items: ReadItem[]) => items.flatMap((i) => (i.kind === 'skip' ? [i.skip] : []));

/** The file-level error a source is refused with. */
async function refusal(source: Parameters<typeof openImport>[0], options?: Parameters<typeof openImport>[1]): Promise<ImportFileError> {
  try {
    const opened = await openImport(source, options);
    await collectAll(opened.items);
  } catch (err) {
    if (err instanceof ImportFileError) return err;
    throw err;
  }
  throw new Error('the file was accepted');
}

describe('reading each app\'s export (fixtures with the real header lines)', () => {
  it('reads a Moxfield export: lower-case set codes, Deckbox condition words, language names, proxies skipped', async () => {
    const { format, items } = await readItems(fixture('moxfield.csv'));
    expect(format).toBe('moxfield');
    const rows = rowsOf(items);
    expect(rows.map((r) => [r.row, r.line, r.quantity, r.name, r.set, r.collectorNumber, r.finish, r.condition, r.lang ?? null, r.purchasePrice ?? null])).toEqual([
      [1, 2, 1, 'Ajani, the Greathearted', 'war', '184', 'nonfoil', 'near_mint', 'en', null],
      [2, 3, 2, 'Ajani, the Greathearted', 'war', '184★', 'foil', 'lightly_played', 'de', '12.00'],
      [3, 4, 1, 'Abbot of Keral Keep', '2x2', '446', 'etched', 'near_mint', 'en', '1.50'],
      [4, 5, 4, 'Esika, God of the Tree // The Prismatic Bridge', 'khm', '168', 'nonfoil', 'moderately_played', 'en', '0.25'],
      [5, 6, 1, 'Abzan Falconer', 'ktk', '2', 'nonfoil', 'heavily_played', 'es', null],
      [6, 7, 1, 'Lydari Elephant', 'psdg', '6', 'nonfoil', 'mint', 'ja', null],
      [8, 9, 3, 'Island', 'war', '253', 'nonfoil', 'near_mint', 'en', null],
    ]);
    expect(skipsOf(items)).toEqual([{ row: 7, line: 8, reason: 'skipped: a proxy (playtest) card', raw: expect.stringContaining('"Shivan Dragon"') }]);
    expect(rows[0]!.raw).toBe('"1","1","Ajani, the Greathearted","war","Near Mint","English","","","2025-06-27 06:59:41.710000","184","False","False",""');
  });

  it('reads a ManaBox export: Scryfall ids, Cardmarket grades, locale-tag languages, a foreign-currency price left out', async () => {
    const { format, items } = await readItems(fixture('manabox.csv'));
    expect(format).toBe('manabox');
    const rows = rowsOf(items);
    expect(rows.map((r) => [r.scryfallId, r.set, r.finish, r.condition, r.lang, r.purchasePrice ?? null])).toEqual([
      ['bee535c3-4ccd-4eb1-85e9-d28bf6dc0710', 'WAR', 'foil', 'near_mint', 'en', '4.50'],
      ['b5c9649e-9ae5-4926-bf08-71ba23aa37f1', 'SOI', 'nonfoil', 'lightly_played', 'en', '0.12'],
      ['355dcac7-120b-4c52-b077-bf36c41c579d', '2X2', 'etched', 'moderately_played', 'en', '12.00'],
      ['6be15da4-cce8-4788-bce1-4de4bc83f839', 'KTK', 'nonfoil', 'heavily_played', 'es', null],
      ['fc34ce52-f917-4e97-a372-f9d18b8ea1fc', 'PSDG', 'nonfoil', 'damaged', 'ja', null],
      ['5cb76266-ae50-4bbc-8f96-d98f309b02d3', 'WAR', 'nonfoil', 'lightly_played', 'zhs', '1.50'],
    ]);
    expect(rows[4]!.warnings).toEqual(['purchase price 0.25 EUR left out: purchase prices are in USD']);
  });

  it("reads ManaBox's whole-collection export: a binder row's binder by name, a deck row into no binder with a warning, wish-list rows skipped", async () => {
    const { format, items } = await readItems(fixture('manabox-collection.csv'));
    expect(format).toBe('manabox');
    expect(rowsOf(items).map((r) => [r.name, r.location, r.binderName ?? null, r.condition, r.lang, r.warnings ?? []])).toEqual([
      ['Mantis Rider', 'Trade binder', 'Trade binder', 'near_mint', 'en', []],
      ['Gideon Blackblade', 'Esper deck', null, 'mint', 'de', ['in the ManaBox deck "Esper deck": a deck is not a binder, so the entry goes into no binder']],
    ]);
    expect(skipsOf(items).map((s) => [s.row, s.reason])).toEqual([[2, 'skipped: a ManaBox list (a wish list), not cards in the collection']]);
  });

  it('reads a Deckbox inventory: set names, blank conditions, "Chinese" as simplified', async () => {
    const { format, items } = await readItems(fixture('deckbox.csv'));
    expect(format).toBe('deckbox');
    expect(rowsOf(items).map((r) => [r.quantity, r.name, r.setName, r.set, r.collectorNumber, r.condition, r.finish, r.lang])).toEqual([
      [1, 'Ajani, the Greathearted', 'War of the Spark', 'war', '184', 'near_mint', 'nonfoil', 'en'],
      [2, 'Odds // Ends', 'Dissension', 'dis', '153', 'near_mint', 'foil', 'en'],
      [1, 'Abbot of Keral Keep', 'Double Masters 2022', '2x2', '446', 'lightly_played', 'foil', 'en'],
      [1, 'Llanowar Elves', 'Limited Edition Alpha', '1e', '210', 'moderately_played', 'nonfoil', 'zhs'],
      [3, 'Corpse Knight', 'Core Set 2020', 'm20', '206', 'heavily_played', 'nonfoil', 'zht'],
    ]);
  });

  it("reads an Archidekt export: Finish column, short grades, Archidekt's language codes", async () => {
    const { format, items } = await readItems(fixture('archidekt.csv'));
    expect(format).toBe('archidekt');
    expect(rowsOf(items).map((r) => [r.name, r.finish, r.condition, r.lang, r.purchasePrice ?? null])).toEqual([
      ['Ajani, the Greathearted', 'nonfoil', 'near_mint', 'en', null],
      ['Ajani, the Greathearted', 'foil', 'lightly_played', 'ja', null],
      ['Akki Lavarunner // Tok-Tok, Volcano Born', 'nonfoil', 'moderately_played', 'ko', '3.25'],
      ['Abbot of Keral Keep', 'etched', 'heavily_played', 'zhs', null],
      ['Renowned Weaponsmith', 'nonfoil', 'damaged', 'zht', null],
    ]);
  });

  it('reads a Dragon Shield export after its "sep=," line: folders, CamelCase grades, foil treatments, token decorations', async () => {
    const { format, items } = await readItems(fixture('dragonshield.csv'));
    expect(format).toBe('dragonshield');
    const rows = rowsOf(items);
    expect(rows.map((r) => [r.line, r.location, r.name, r.finish, r.condition, r.lang, r.purchasePrice ?? null])).toEqual([
      [3, 'Binder', 'Ajani, the Greathearted', 'foil', 'near_mint', 'en', null],
      [4, 'Binder', 'Aberrant Researcher', 'nonfoil', 'lightly_played', 'de', '0.10'],
      [5, 'Binder', 'Life // Death', 'nonfoil', 'moderately_played', 'zhs', '0.50'],
      [6, 'Tokens', 'Spirit Token', 'nonfoil', 'lightly_played', 'en', null],
      [7, 'Box 1', 'Teferi, Time Raveler', 'foil', 'damaged', 'it', '2.00'],
    ]);
    expect(rows[3]!.altNames).toEqual(['Spirit']);
  });

  it('reads a TCGplayer export: decorated names with Simple Name as a fallback, a foil folded into the condition', async () => {
    const { format, items } = await readItems(fixture('tcgplayer.csv'));
    expect(format).toBe('tcgplayer');
    const rows = rowsOf(items);
    expect(rows.map((r) => [r.name, r.altNames, r.set, r.setName, r.finish, r.condition, r.lang])).toEqual([
      ['Ajani, the Greathearted (JP Alternate Art)', ['Ajani the Greathearted', 'Ajani, the Greathearted'], 'WAR', 'War of the Spark', 'foil', 'near_mint', 'en'],
      ['Life // Death', ['Life'], 'DDJ', 'Duel Decks: Izzet vs. Golgari', 'nonfoil', 'lightly_played', 'en'],
      ['Shivan Dragon', undefined, 'M20', 'Core Set 2020', 'nonfoil', 'moderately_played', 'fr'],
      ['Abbot of Keral Keep', undefined, '2X2', 'Double Masters 2022', 'foil', 'near_mint', 'en'],
      ['Island', undefined, 'WAR', 'War of the Spark', 'nonfoil', 'damaged', 'en'],
    ]);
  });

  it('reads our own csv back: binder ids, ";"-separated tags, notes with line breaks, and line numbers after a multi-line row', async () => {
    const { format, items } = await readItems(fixture('ccs.csv'));
    expect(format).toBe('csv');
    const rows = rowsOf(items);
    expect(rows.map((r) => [r.row, r.line, r.scryfallId, r.binderId, r.tags, r.notes])).toEqual([
      [1, 2, 'bee535c3-4ccd-4eb1-85e9-d28bf6dc0710', '0192a1b0-7c3e-7d10-9f00-00000000b001', ['trade', 'deck: esper'], 'From the "Spark" prerelease,\nsigned by the artist'],
      [2, 4, '355dcac7-120b-4c52-b077-bf36c41c579d', null, [], null],
      [3, 5, 'f6cd7465-9dd0-473c-ac5e-dd9e2f22f5f6', null, [], null],
      [4, 6, '6be15da4-cce8-4788-bce1-4de4bc83f839', null, [], null],
    ]);
  });

  it('reads our own json back, entry by entry, without line numbers', async () => {
    const { format, items } = await readItems(fixture('ccs.json'));
    expect(format).toBe('json');
    const rows = rowsOf(items);
    expect(rows.map((r) => [r.row, r.line, r.quantity, r.scryfallId, r.name, r.finish, r.condition, r.lang, r.binderId, r.tags])).toEqual([
      [1, null, 2, 'bee535c3-4ccd-4eb1-85e9-d28bf6dc0710', 'Ajani, the Greathearted', 'foil', 'lightly_played', 'de', '0192a1b0-7c3e-7d10-9f00-00000000b001', ['trade', 'deck: esper']],
      [2, null, 1, '355dcac7-120b-4c52-b077-bf36c41c579d', 'Abbot of Keral Keep', 'etched', 'near_mint', 'en', null, []],
      [3, null, 4, 'f6cd7465-9dd0-473c-ac5e-dd9e2f22f5f6', 'Esika, God of the Tree // The Prismatic Bridge', 'nonfoil', 'moderately_played', 'en', null, []],
      [4, null, 1, '6be15da4-cce8-4788-bce1-4de4bc83f839', 'Abzan Falconer', 'nonfoil', 'damaged', 'es', null, []],
    ]);
    expect(rows[0]!.raw.startsWith('{"id":"0192a1b0-7c3e-7d10-9f00-0000000000a1"')).toBe(true);
  });

  it('reads a large JSON export in one pass (time linear in its size, not quadratic in its chunks)', async () => {
    const entry = fixture('ccs.json').toString('utf8').split('\n')[2]!.replace(/,$/, '');
    const body = Buffer.from(`{"data":[\n${Array.from({ length: 5_000 }, () => entry).join(',\n')}\n]}\n`);
    const started = performance.now();
    const { items } = await readItems(body);
    expect(rowsOf(items)).toHaveLength(5_000);
    expect(performance.now() - started).toBeLessThan(6_000);
  });

  it('reads the same rows whether the body arrives whole or in 7-byte pieces (multi-byte characters split)', async () => {
    for (const name of ['moxfield.csv', 'dragonshield.csv', 'ccs.csv', 'ccs.json']) {
      const whole = await readItems(fixture(name));
      const pieces = await readItems(chunked(fixture(name), 7));
      expect(pieces, name).toEqual(whole);
    }
  });
});

describe('the CSV tokenizer', () => {
  const tricky = [
    'a,"b ""quoted"", with comma",c\r\n',
    '"multi\r\nline\nnote","",\r',
    'x,y,z\n',
    '\n',
    '"é ★ 漢字",,"end"',
  ].join('');
  const read = async (chunks: string[]) => {
    const out: Array<{ cells: string[]; line: number; raw: string }> = [];
    async function* source() {
      yield* chunks;
    }
    for await (const r of csvRecords(source(), ',', 1)) out.push(r);
    return out;
  };

  it('reads quotes, doubled quotes, CRLF, LF and CR breaks, and breaks inside quotes, with the line each record starts on', async () => {
    expect((await read([tricky])).map((r) => [r.line, r.cells])).toEqual([
      [1, ['a', 'b "quoted", with comma', 'c']],
      [2, ['multi\r\nline\nnote', '', '']],
      [5, ['x', 'y', 'z']],
      [6, ['']],
      [7, ['é ★ 漢字', '', 'end']],
    ]);
  });

  it('reads the same records however the text is cut into chunks', async () => {
    const whole = await read([tricky]);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(tricky.length), { maxLength: 12 }), async (cuts) => {
        const at = [...new Set([0, ...cuts, tricky.length])].sort((a, b) => a - b);
        const chunks = at.slice(1).map((end, i) => tricky.slice(at[i], end));
        expect(await read(chunks)).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });
});

describe('format detection', () => {
  it('names the app from its header line, whatever the column order and case', async () => {
    const cases: Array<[string, string]> = [
      ['Name,Quantity,Set code,Set name,Collector number,Foil,Language,Scryfall ID,ManaBox ID,Purchase price,Misprint,Altered,Condition,Purchase price currency', 'manabox'],
      ['COUNT,NAME,EDITION,CONDITION,LANGUAGE,FOIL,COLLECTOR NUMBER', 'moxfield'],
      ['Count,Tradelist Count,Name,Edition,Card Number,Condition,Language,Foil', 'deckbox'],
      ['Quantity,Name,Finish,Condition,Date Added,Language,Purchase Price,Tags,Edition Name,Edition Code,Multiverse Id,Scryfall ID,MTGO ID,Collector Number', 'archidekt'],
      ['Folder Name,Quantity,Trade Quantity,Card Name,Set Code,Set Name,Card Number,Condition,Printing,Language,Price Bought,Date Bought', 'dragonshield'],
      ['Quantity,Name,Simple Name,Set,Card Number,Set Code,External ID,Printing,Condition,Language,Rarity,Product ID,SKU,Price,Price Each', 'tcgplayer'],
      ['card_id,quantity', 'csv'],
    ];
    for (const [header, format] of cases) {
      const opened = await openImport(`${header}\n`);
      expect(opened.format, header).toBe(format);
    }
  });

  it('names the app from the exact header each app writes, as src/formats/columns.ts lists it', async () => {
    const headers: Array<[readonly string[], string]> = [
      [MOXFIELD_COLUMNS, 'moxfield'],
      [MANABOX_COLUMNS, 'manabox'],
      [DECKBOX_COLUMNS, 'deckbox'],
      [ARCHIDEKT_COLUMNS, 'archidekt'],
      [DRAGONSHIELD_COLUMNS, 'dragonshield'],
      [TCGPLAYER_COLUMNS, 'tcgplayer'],
      [CCS_COLUMNS, 'csv'],
    ];
    for (const [columns, format] of headers) {
      const opened = await openImport(`${columns.map((c) => `"${c}"`).join(',')}\n`);
      expect(opened.format, format).toBe(format);
      expect(opened.columns).toEqual([...columns]);
    }
  });

  it('an unknown header is unknown_import_format naming the columns it saw', async () => {
    const err = await refusal('Card,Amount,Where\r\nSol Ring,1,box\r\n');
    expect(err.code).toBe('unknown_import_format');
    expect(err.details.columns).toEqual(['Card', 'Amount', 'Where']);
    expect(err.message).toContain('"Card", "Amount", "Where"');
  });

  it('a named format skips detection but still needs its required columns', async () => {
    const opened = await openImport('Name,Edition\r\nShivan Dragon,m20\r\n', { format: 'moxfield' });
    expect(rowsOf(await collectAll(opened.items)).map((r) => [r.name, r.quantity])).toEqual([['Shivan Dragon', 1]]);
    const err = await refusal('Name,Set code\r\nShivan Dragon,M20\r\n', { format: 'manabox' });
    expect(err.code).toBe('missing_columns');
    expect(err.details.missing).toEqual(['Quantity']);
    expect(err.message).toBe('The manabox file lacks the column Quantity.');
    const both = await refusal('Set Code\r\nM20\r\n', { format: 'dragonshield' });
    expect(both.details.missing).toEqual(['Quantity', 'Card Name']);
  });

  it('accepts a UTF-8 byte order mark, Excel\'s sep= line, and semicolon-separated files', async () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), fixture('manabox.csv')]);
    expect((await readItems(bom)).items).toEqual((await readItems(fixture('manabox.csv'))).items);
    const semicolons = await readItems('sep=;\nQuantity;Name;Simple Name\n2;Shivan Dragon;Shivan Dragon\n');
    expect(semicolons.format).toBe('tcgplayer');
    expect(rowsOf(semicolons.items).map((r) => [r.line, r.quantity, r.name])).toEqual([[3, 2, 'Shivan Dragon']]);
    const excel = await readItems('\uFEFFQuantity;Name;Simple Name\r\n1;"Kongming, ""Sleeping Dragon""";x\r\n');
    expect(rowsOf(excel.items)[0]!.name).toBe('Kongming, "Sleeping Dragon"');
  });
});

describe('files that are refused whole', () => {
  it('refuses UTF-16 (either byte order mark, or none and NUL bytes)', async () => {
    const text = 'Quantity,Name,Simple Name\r\n1,Shivan Dragon,Shivan Dragon\r\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from([0xfe, 0xff, ...Buffer.from(text, 'utf16le').swap16()]);
    for (const [label, bytes] of [['le', le], ['be', be], ['bare', Buffer.from(text, 'utf16le')]] as const) {
      const err = await refusal(bytes);
      expect(err.code, label).toBe('invalid_encoding');
    }
    expect((await refusal(le)).message).toMatch(/^The file is UTF-16/);
    expect((await refusal(chunked(le, 1))).code).toBe('invalid_encoding');
  });

  it('refuses Latin-1 that is not valid UTF-8, naming the line', async () => {
    const latin1 = Buffer.from('Quantity,Name,Simple Name\r\n1,Shivan Dragon,x\r\n1,Lim-D\u00fbl\'s Vault,x\r\n', 'latin1');
    const err = await refusal(latin1);
    expect(err.code).toBe('invalid_encoding');
    expect(err.message).toContain('line 3');
    expect((await refusal(chunked(latin1, 5))).code).toBe('invalid_encoding');
  });

  it('refuses an empty file, a blank one, and one with a header but no rows', async () => {
    for (const body of ['', '   \r\n\r\n', Buffer.alloc(0), '\uFEFF']) expect((await refusal(body)).code).toBe('empty_file');
    expect((await refusal('Quantity,Name,Simple Name\r\n')).message).toBe('The file has a header line but no rows.');
    expect((await refusal('Quantity,Name,Simple Name\r\n,,\r\n\r\n')).code).toBe('empty_file');
    expect((await refusal('{"data":[]}')).code).toBe('empty_file');
  });

  it('stops a CSV bomb of millions of empty rows early', async () => {
    const header = 'Quantity,Name,Simple Name\n';
    let served = 0;
    async function* bomb(): AsyncGenerator<string> {
      yield header;
      for (let i = 0; i < 200; i++) {
        served++;
        yield ',,\n'.repeat(100_000);
      }
    }
    const started = performance.now();
    const err = await refusal(bomb());
    expect(err.code).toBe('too_many_empty_rows');
    expect(served).toBeLessThan(5);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect((await refusal(header + '\n'.repeat(50))).code).toBe('empty_file');
    expect((await refusal(header + '\n'.repeat(50), { maxEmptyRows: 10 })).code).toBe('too_many_empty_rows');
  });

  it('stops a bomb of bare line breaks in large chunks as quickly (every record costs its characters, whatever its width)', async () => {
    const header = 'Quantity,Name,Simple Name\n';
    for (const filler of ['\n', '\r\n', 'x\n']) {
      const started = performance.now();
      const err = await refusal(chunked(header + filler.repeat(1_000_000), 64 * 1024), { maxEmptyRows: 10_000, maxRows: 10_000 });
      expect(err.code).toBe(filler === 'x\n' ? 'too_many_rows' : 'too_many_empty_rows');
      expect(performance.now() - started).toBeLessThan(5_000);
    }
  });

  it('refuses more rows than the limit, and more bytes than the limit', async () => {
    const body = 'Quantity,Name,Simple Name\n' + '1,Island,Island\n'.repeat(11);
    expect((await refusal(body, { maxRows: 10 })).code).toBe('too_many_rows');
    expect((await refusal(body, { maxBytes: 100 })).code).toBe('too_large');
    expect((await refusal(chunked(body, 16), { maxBytes: 100 })).code).toBe('too_large');
  });

  it('refuses malformed CSV with the line it starts on', async () => {
    const err = await refusal('Quantity,Name,Simple Name\n1,Island,Island\n2,"Shivan Dragon,x\n');
    expect(err.code).toBe('invalid_csv');
    expect(err.message).toBe('The CSV is malformed in the row starting at line 3: a quoted field is never closed.');
    expect((await refusal('Quantity,Name,Simple Name\n1,"Island"x,Island\n')).code).toBe('invalid_csv');
    const huge = await refusal(`Quantity,Name,Simple Name\n1,Island,Island\n1,"${'x'.repeat(70_000)}",x\n`);
    expect(huge.message).toBe('The CSV is malformed in the row starting at line 3: a row is longer than 65536 characters.');
  });

  it('refuses JSON that is not a list of entries', async () => {
    for (const body of ['{"entries":[]}', '{"data":[{"quantity":1}', '[{"quantity":1},]', '{"data":[],"meta":{}}', '[1,2]', '{"data":{}}']) {
      const err = await refusal(body);
      expect(err.code, body).toBe('invalid_json');
    }
    expect((await refusal('Quantity,Name\n', { format: 'json' })).code).toBe('invalid_json');
  });
});

describe('rows that are refused one by one', () => {
  const read = async (rows: string[]) => (await readItems(['Quantity,Name,Simple Name,Set Code,Card Number,Printing,Condition,Language', ...rows].join('\n') + '\n')).items;

  it('reads quantities like "2x" and "x3", refuses anything that is not a whole number of copies, skips 0', async () => {
    const items = await read(['2x,Island,,,,,,', 'x3,Island,,,,,,', 'two,Island,,,,,,', '2.5,Island,,,,,,', '-1,Island,,,,,,', ',Island,,,,,,', '100001,Island,,,,,,', '0,Island,,,,,,']);
    expect(rowsOf(items).map((r) => r.quantity)).toEqual([2, 3]);
    expect(errorsOf(items).map((e) => [e.row, e.line, e.reason])).toEqual([
      [3, 4, 'Quantity "two" is not a whole number of copies'],
      [4, 5, 'Quantity "2.5" is not a whole number of copies'],
      [5, 6, 'Quantity "-1" is not a whole number of copies'],
      [6, 7, 'Quantity is empty'],
      [7, 8, 'Quantity 100001 is more than 100000'],
    ]);
    expect(skipsOf(items).map((s) => s.reason)).toEqual(['skipped: quantity 0']);
  });

  it('refuses unknown words and bad prices, and keeps the raw row for the report', async () => {
    const items = await read(['1,Island,,,,shiny,,', '1,Island,,,,,Pristine,', '1,Island,,,,,,Klingon']);
    expect(errorsOf(items).map((e) => [e.reason, e.raw])).toEqual([
      ['unknown finish "shiny"', '1,Island,,,,shiny,,'],
      ['unknown condition "Pristine"', '1,Island,,,,,Pristine,'],
      ['unknown language "Klingon"', '1,Island,,,,,,Klingon'],
    ]);
    const prices = await readItems('Quantity,Name,Purchase Price,Edition Code\n1,Island,abc,war\n1,Island,1.234,war\n1,Island,$1.5,war\n1,Island,"1,234.50",war\n1,Island,"0,50",war\n');
    expect(errorsOf(prices.items).map((e) => e.reason)).toEqual(['Purchase Price "abc" is not a price', 'Purchase Price "1.234" is not a price']);
    expect(rowsOf(prices.items).map((r) => r.purchasePrice)).toEqual(['1.50', '1234.50', '0.50']);
  });

  it('leaves a price in euros or pounds out with a warning instead of reading it as dollars', async () => {
    const { items } = await readItems('Quantity,Name,Purchase Price,Edition Code\n1,Island,€2.00,war\n1,Island,2.00 GBP,war\n1,Island,$2.00,war\n1,Island,2.00 USD,war\n');
    expect(rowsOf(items).map((r) => [r.purchasePrice, r.warnings ?? []])).toEqual([
      [undefined, ['purchase price €2.00 left out: purchase prices are in USD']],
      [undefined, ['purchase price 2.00 GBP left out: purchase prices are in USD']],
      ['2.00', []],
      ['2.00', []],
    ]);
  });

  it("reads a copy's flag columns as tags (Moxfield Alter; ManaBox Altered, Misprint, Signed; Deckbox's six), before the app's own tags", async () => {
    const mox = await readItems(
      [
        '"Count","Tradelist Count","Name","Edition","Condition","Language","Foil","Tags","Last Modified","Collector Number","Alter","Proxy","Purchase Price"',
        '"1","0","Lightning Bolt","2x2","Near Mint","English","","altered,Cube","","117","True","False","40.00"',
        '"3","0","Lightning Bolt","2x2","Near Mint","English","","","","117","False","False","1.00"',
      ].join('\n'),
    );
    expect(rowsOf(mox.items).map((r) => r.tags ?? [])).toEqual([['altered', 'Cube'], []]);
    const manabox = await readItems(
      [
        'Binder Name,Binder Type,Name,Set code,Set name,Collector number,Foil,Rarity,Quantity,ManaBox ID,Scryfall ID,Purchase price,Misprint,Altered,Signed,Condition,Language,Proxy,Purchase price currency',
        'Main,binder,Lightning Bolt,2X2,Double Masters 2022,117,normal,uncommon,1,,,,true,TRUE,true,near_mint,en,false,USD',
        'Main,binder,Lightning Bolt,2X2,Double Masters 2022,117,normal,uncommon,1,,,,false,false,,near_mint,en,false,USD',
      ].join('\n'),
    );
    expect(rowsOf(manabox.items).map((r) => r.tags ?? [])).toEqual([['misprint', 'altered', 'signed'], []]);
    const deckbox = await readItems(
      [
        'Count,Tradelist Count,Name,Edition,Card Number,Condition,Language,Foil,Signed,Artist Proof,Altered Art,Misprint,Promo,Textless,My Price',
        '1,0,Lightning Bolt,Double Masters 2022,117,Near Mint,English,,signed,proof,altered,misprint,promo,textless,',
        '1,0,Lightning Bolt,Double Masters 2022,117,Near Mint,English,,,,altered,,,,',
        '1,0,Lightning Bolt,Double Masters 2022,117,Near Mint,English,,,,,,,,',
      ].join('\n'),
    );
    expect(rowsOf(deckbox.items).map((r) => r.tags ?? [])).toEqual([['signed', 'artist-proof', 'altered', 'misprint', 'promo', 'textless'], ['altered'], []]);
  });

  it('reads the "no" words apps and people write in a flag column as unset, any other word as set', async () => {
    const alter = async (cells: string[]) => {
      const header = '"Count","Name","Edition","Collector Number","Alter"';
      const { items } = await readItems([header, ...cells.map((c) => `"1","Lightning Bolt","2x2","117","${c}"`)].join('\n'));
      return rowsOf(items).map((r) => (r.tags ?? []).includes('altered'));
    };
    expect(await alter(['False', ' false ', 'no', 'N', 'off', 'None', 'null', 'nil', '0', '0.0', '-', ''])).toEqual(Array(12).fill(false));
    expect(await alter(['True', 'yes', 'Y', 'x', '1', 'altered', 'on'])).toEqual(Array(7).fill(true));
  });

  it('says so when a binder or folder name has no visible characters, instead of dropping it silently', async () => {
    const manabox = await readItems(
      [
        'Binder Name,Binder Type,Name,Set code,Set name,Collector number,Foil,Rarity,Quantity,ManaBox ID,Scryfall ID,Purchase price,Condition,Language',
        '"\u202e",binder,Lightning Bolt,2X2,Double Masters 2022,117,normal,uncommon,1,,,,near_mint,en',
        'Main,binder,Lightning Bolt,2X2,Double Masters 2022,117,normal,uncommon,1,,,,near_mint,en',
      ].join('\n'),
    );
    expect(rowsOf(manabox.items).map((r) => [r.binderName ?? null, r.warnings ?? []])).toEqual([
      [null, ['the binder name has no visible characters, so the entry goes into no binder']],
      ['Main', []],
    ]);
    const dragon = await readItems(
      ['Folder Name,Quantity,Trade Quantity,Card Name,Set Code,Set Name,Card Number,Condition,Printing,Language', '\u200f\u0007,1,0,Lightning Bolt,2X2,Double Masters 2022,117,NearMint,Normal,English'].join('\n'),
    );
    expect(rowsOf(dragon.items).map((r) => [r.binderName ?? null, r.warnings ?? []])).toEqual([[null, ['the folder name has no visible characters, so the entry goes into no binder']]]);
  });

  it('names a trade-list count above 0 in a warning (Moxfield, Deckbox, Dragon Shield): the copies are imported, the count has nowhere to go', async () => {
    const mox = await readItems('"Count","Tradelist Count","Name","Edition","Collector Number"\n"3","2","Lightning Bolt","2x2","117"\n"1","0","Lightning Bolt","2x2","117"\n');
    expect(rowsOf(mox.items).map((r) => [r.quantity, r.warnings ?? []])).toEqual([
      [3, ['Tradelist Count 2 not imported: ccs keeps no trade list (the copies are imported, none marked for trade)']],
      [1, []],
    ]);
    const dragon = await readItems(fixture('dragonshield.csv'));
    expect(rowsOf(dragon.items)[0]!.warnings).toEqual(['Trade Quantity 1 not imported: ccs keeps no trade list (the copies are imported, none marked for trade)']);
  });

  it("reads Deckbox's token and emblem rows: Extras: <set> is the set <set> Tokens, Emblem: <planeswalker> is <planeswalker> Emblem", async () => {
    const { items } = await readItems(
      [
        'Count,Tradelist Count,Name,Edition,Card Number,Condition,Language,Foil,Signed,Artist Proof,Altered Art,Misprint,Promo,Textless,My Price',
        '1,0,Angel,Extras: Unstable,1,Near Mint,English,,,,,,,,',
        '1,0,"Emblem: Kiora, the Crashing Wave",Extras: Born of the Gods,11,Near Mint,English,,,,,,,,',
        '1,0,Lightning Bolt,Double Masters 2022,117,Near Mint,English,,,,,,,,',
      ].join('\n'),
    );
    expect(rowsOf(items).map((r) => [r.name, r.altNames ?? [], r.setName, r.altSetNames ?? []])).toEqual([
      ['Angel', [], 'Extras: Unstable', ['Unstable Tokens']],
      ['Kiora, the Crashing Wave Emblem', ['Emblem: Kiora, the Crashing Wave'], 'Extras: Born of the Gods', ['Born of the Gods Tokens']],
      ['Lightning Bolt', [], 'Double Masters 2022', []],
    ]);
  });

  it('reads an app\'s Tags column: separated by commas or semicolons, tags the collection cannot hold left out with a warning', async () => {
    const long = 'x'.repeat(41);
    const many = Array.from({ length: 22 }, (_, i) => `t${i}`).join(',');
    const { items } = await readItems(`Quantity,Name,Edition Code,Tags\n1,Island,war,"Trade, Binder A;Trade"\n1,Island,war,"ok,${long}"\n1,Island,war,"${many}"\n1,Island,war,\n`);
    const rows = rowsOf(items);
    expect(rows.map((r) => r.tags ?? [])).toEqual([['Trade', 'Binder A'], ['ok'], Array.from({ length: 20 }, (_, i) => `t${i}`), []]);
    expect(rows.map((r) => r.warnings ?? [])).toEqual([
      [],
      [`Tags: "${long}" left out (tags are 1..40 characters, at most 20 an entry)`],
      ['Tags: "t20", "t21" left out (tags are 1..40 characters, at most 20 an entry)'],
      [],
    ]);
  });

  it('says a row may have an unquoted comma when it has more fields than the header and cannot be read, though the extra ones are blank', async () => {
    const { items } = await readItems('Quantity,Name,Finish,Condition,Language,Edition Code,Collector Number,Scryfall ID\n1,Ajani, the Greathearted,Foil,NM,EN,war,184★,\n');
    expect(errorsOf(items).map((e) => e.reason)).toEqual([
      'Scryfall ID "184★" is not a Scryfall id (the row has 9 fields but the header has 8: a comma in a name must be inside quotes)',
    ]);
  });

  it('refuses a row with more fields than the header (an unquoted comma in a name)', async () => {
    const items = (await readItems('Name,Set code,Collector number,Foil,Quantity\nTeferi, Time Raveler,WAR,221,normal,1\nIsland,WAR,253,normal,1,,\n')).items;
    expect(errorsOf(items).map((e) => e.reason)).toEqual(['the row has 6 fields but the header has 5 (a comma in a name must be inside quotes)']);
    expect(rowsOf(items).map((r) => r.name)).toEqual(['Island']);
  });

  it('refuses a row with neither a name nor a Scryfall id, and a Scryfall id that is not one', async () => {
    const items = (await readItems('Name,Set code,Collector number,Quantity,Scryfall ID\n,WAR,253,1,\nIsland,WAR,253,1,not-a-uuid\n')).items;
    expect(errorsOf(items).map((e) => e.reason)).toEqual(['the row has no card name and no Scryfall id', 'Scryfall ID "not-a-uuid" is not a Scryfall id']);
  });

  it('reads a JSON entry without a quantity as one copy, as POST /collection does', async () => {
    const items = (await readItems('{"data":[{"card_id":"bee535c3-4ccd-4eb1-85e9-d28bf6dc0710"}]}')).items;
    expect(errorsOf(items)).toEqual([]);
    expect(rowsOf(items).map((r) => r.quantity)).toEqual([1]);
  });

  it('calls an object that is not JSON at all malformed, at the byte where it goes wrong, instead of describing the shape it should have', async () => {
    for (const [body, byte] of [['{nope', 1], ["{'data': []}", 1], ['  {  ]', 5]] as const) {
      await expect(readItems(body), body).rejects.toThrow(`The file is not valid JSON (byte ${byte}): after "{" a member name in double quotes must follow.`);
    }
  });

  it('says what to do with a GET /collection page posted as it is: "data" must be the object\'s only member, whichever comes first', async () => {
    for (const body of ['{"data":[{"card_id":"bee535c3-4ccd-4eb1-85e9-d28bf6dc0710"}],"meta":{"total":1}}', '{"meta":{"total":1},"data":[]}']) {
      await expect(readItems(body)).rejects.toThrow(/"data" must be its only member: send a GET \/collection page without its "meta"/);
    }
  });

  it('refuses JSON entries without a card or with a bad quantity, row by row', async () => {
    const items = (await readItems('[{"card_id":"bee535c3-4ccd-4eb1-85e9-d28bf6dc0710","quantity":1},{"quantity":1},{"card_id":"bee535c3-4ccd-4eb1-85e9-d28bf6dc0710","quantity":"2"},{"card":{"name":"Island"},"quantity":1,"finish":"gold"}]')).items;
    expect(rowsOf(items).map((r) => r.row)).toEqual([1]);
    expect(errorsOf(items).map((e) => [e.row, e.reason])).toEqual([
      [2, 'the entry has no card_id and no card.name'],
      [3, 'quantity must be a whole number from 1 to 100000'],
      [4, 'unknown finish "gold"'],
    ]);
  });
});

describe('the first line', () => {
  it('is complete once a line break follows the first non-blank character, exactly as /\\S[^\\r\\n]*[\\r\\n]/ says, without its quadratic retries', () => {
    const text = fc.stringMatching(/^[ \t\r\na,{[\]]*$/, { maxLength: 40 });
    fc.assert(fc.property(text, (t) => hasFirstLine(t) === /\S[^\r\n]*[\r\n]/.test(t)));
    expect(hasFirstLine('\n\n  {"a":1}')).toBe(false);
    expect(hasFirstLine('\n\n  {"a":1}\r')).toBe(true);
  });

  it('reads a compact JSON file on one line, longer than the 64 KiB the header look-ahead stops at', async () => {
    const entries = Array.from({ length: 3000 }, () => ({ card_id: '6cc78151-8cb0-4521-9674-fb0c67e24a17', quantity: 1 }));
    const opened = await openImport(chunked(JSON.stringify(entries), 16_384));
    expect(opened.format).toBe('json');
    expect(rowsOf(await collectAll(opened.items))).toHaveLength(3000);
  });
});
