import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres, loadConfig } from '../../src/config.js';
import type { CollectionEntry } from '../../src/collection/schemas.js';
import { writeCollection } from '../../src/exports/formats/index.js';
import { newId } from '../../src/lib/ids.js';
import { CARDS, snapshot } from '../helpers/collection.js';
import { asyncOf, collectText, FIXTURES } from '../helpers/imports.js';
import { holdWriteLock } from '../helpers/sql.js';
import { waitUntil } from '../helpers/webhooks.js';
import { DEMO_CARDS, startTestServer, type ApiResponse, type TestServer, type TestUser } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Body = string | Uint8Array | ReadableStream<Uint8Array>;

/** POST /api/v1/imports with the file as the body, as a client uploads it. */
async function upload(key: string, query: string, body: Body, contentType = 'text/csv', headers: Record<string, string> = {}): Promise<ApiResponse> {
  const res = await fetch(`${server.url}/api/v1/imports${query ? `?${query}` : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': contentType, ...headers },
    body,
    // Streams go out as they are produced, without a length.
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

const file = (name: string) => readFileSync(join(FIXTURES, name));
const typeOf = (name: string) => (name.endsWith('.json') ? 'application/json' : 'text/csv');

async function collection(user: TestUser, query = ''): Promise<{ data: CollectionEntry[]; meta: { total: number; total_quantity: number; total_value: string } }> {
  const res = await user.api('GET', `/api/v1/collection?limit=200${query ? `&${query}` : ''}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** Rows of import plans still staged: every import leaves none, whatever its end. */
async function staged(): Promise<number> {
  const r = await server.ctx.database.db.selectFrom('import_staging').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

function expectProblem(res: ApiResponse, status: number, code: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.body.code).toBe(code);
  expect(res.body.status).toBe(status);
}

/** Trade-list counts are named, since nothing of ours holds them. */
const notTraded = (column: string, n: number) => `${column} ${n} not imported: ccs keeps no trade list (the copies are imported, none marked for trade)`;

/** Every app's fixture, with what the demo card database makes of it. */
const APPS = [
  { file: 'moxfield.csv', format: 'moxfield', rows: 8, matched: 7, created: 7, cards: 13, warnings: [notTraded('Tradelist Count', 1), 'skipped: a proxy (playtest) card'] },
  { file: 'manabox.csv', format: 'manabox', rows: 6, matched: 6, created: 6, cards: 7, warnings: ['purchase price 0.25 EUR left out: purchase prices are in USD'] },
  {
    file: 'manabox-collection.csv',
    format: 'manabox',
    rows: 3,
    matched: 2,
    created: 2,
    cards: 3,
    warnings: ['skipped: a ManaBox list (a wish list), not cards in the collection', 'in the ManaBox deck "Esper deck": a deck is not a binder, so the entry goes into no binder'],
    // Its binder rows go into a binder of that name, made with the entries.
    binders: ['Trade binder'],
  },
  { file: 'deckbox.csv', format: 'deckbox', rows: 5, matched: 5, created: 5, cards: 8, warnings: [notTraded('Tradelist Count', 1)] },
  { file: 'archidekt.csv', format: 'archidekt', rows: 5, matched: 5, created: 5, cards: 6, warnings: [] },
  {
    file: 'dragonshield.csv',
    format: 'dragonshield',
    rows: 5,
    matched: 5,
    created: 5,
    cards: 9,
    warnings: [notTraded('Trade Quantity', 1)],
    // Its folders are binders, made with the entries.
    binders: ['Binder', 'Tokens', 'Box 1'],
  },
  { file: 'tcgplayer.csv', format: 'tcgplayer', rows: 5, matched: 5, created: 5, cards: 8, warnings: [] },
] as const;

describe('importing each app\'s export', () => {
  for (const app of APPS) {
    it(`${app.file}: recognised as ${app.format}; a dry run reports and writes nothing, apply writes the same entries with their events`, async () => {
      const user = await server.createUser();
      const before = await snapshot(server, user.id);
      const dry = await upload(user.key, 'mode=dry_run', file(app.file));
      expect(dry.status, dry.text).toBe(200);
      const report = dry.body.data;
      expect(report).toMatchObject({
        format: app.format,
        rows: app.rows,
        matched: app.matched,
        entries_created: app.created,
        entries_merged: 0,
        cards_added: app.cards,
        unmatched: [],
        unmatched_count: 0,
      });
      expect(report.warnings.map((w: { message: string }) => w.message)).toEqual(app.warnings);
      const binders: readonly string[] = 'binders' in app ? app.binders : [];
      expect(report.binders_created).toEqual(binders);
      expect(report.entries).toHaveLength(app.created);
      expect(report.entries.every((e: { action: string }) => e.action === 'create')).toBe(true);
      expect(await snapshot(server, user.id)).toEqual(before);
      expect(await staged()).toBe(0);

      const applied = await upload(user.key, 'mode=apply', file(app.file));
      expect(applied.status, applied.text).toBe(201);
      // The same report, but that an entry bound for a binder made with the entries now has its id.
      const withIds = report.entries.map((e: { new_binder: string | null }) => (e.new_binder ? { ...e, binder_id: expect.any(String) } : e));
      expect(applied.body.data).toEqual({ ...report, entries: withIds });
      expect(await staged()).toBe(0);

      const list = await collection(user);
      expect(list.meta.total).toBe(app.created);
      expect(list.meta.total_quantity).toBe(app.cards);
      const all = await server.events(user.id);
      expect(all.filter((e) => e.type === 'binder.created').map((e) => e.payload.name)).toEqual(binders);
      const events = all.filter((e) => e.type !== 'binder.created');
      expect(events.map((e) => e.type)).toEqual(Array(app.created).fill('collection.entry.created'));
      // Each event's data is the entry exactly as the API shows it.
      const byId = new Map(list.data.map((e) => [e.id, e]));
      for (const e of events) expect(e.payload).toEqual(byId.get(e.payload.id));
      // The preview named what was then written.
      const written = list.data.map((e) => [e.card_id, e.finish, e.condition, e.language, e.quantity].join(' ')).sort();
      expect(report.entries.map((e: any) => [e.card_id, e.finish, e.condition, e.language, e.quantity].join(' ')).sort()).toEqual(written);
    });
  }

  it('reads the format named with format= as well as it detects it', async () => {
    const user = await server.createUser();
    for (const app of APPS) {
      const res = await upload(user.key, `format=${app.format}`, file(app.file));
      expect(res.status, `${app.file}: ${res.text}`).toBe(200);
      expect(res.body.data).toMatchObject({ format: app.format, matched: app.matched });
    }
    for (const [name, format] of [['ccs.csv', 'csv'], ['ccs.json', 'json']] as const) {
      const named = await upload(user.key, `format=${format}`, file(name), typeOf(name));
      const detected = await upload(user.key, '', file(name), typeOf(name));
      expect([named.status, detected.status]).toEqual([200, 200]);
      expect(named.body.data).toEqual(detected.body.data);
      expect(named.body.data).toMatchObject({ format, rows: 4, matched: 4, cards_added: 8 });
    }
  });

  it('maps each app\'s words onto ours: a Moxfield file\'s finishes, conditions, languages, prices', async () => {
    const user = await server.createUser();
    expect((await upload(user.key, 'mode=apply', file('moxfield.csv'))).status).toBe(201);
    const rows = (await collection(user, 'sort=name')).data.map((e) => [e.card.name, e.card.set, e.card.collector_number, e.quantity, e.finish, e.condition, e.language, e.purchase_price]);
    expect(rows).toEqual([
      ['Abbot of Keral Keep', '2x2', '446', 1, 'etched', 'near_mint', 'en', '1.50'],
      ['Abzan Falconer', 'ktk', '2', 1, 'nonfoil', 'heavily_played', 'es', null],
      ['Ajani, the Greathearted', 'war', '184', 1, 'nonfoil', 'near_mint', 'en', null],
      ['Ajani, the Greathearted', 'war', '184★', 2, 'foil', 'lightly_played', 'de', '12.00'],
      ['Esika, God of the Tree // The Prismatic Bridge', 'khm', '168', 4, 'nonfoil', 'moderately_played', 'en', '0.25'],
      ['Island', 'war', '253', 3, 'nonfoil', 'near_mint', 'en', null],
      ['Lydari Elephant', 'psdg', '6', 1, 'nonfoil', 'mint', 'ja', null],
    ]);
  });
});

describe('what an app file carries beyond the card', () => {
  it('imports the tags of an Archidekt file, and leaves a euro purchase price out with a warning', async () => {
    const user = await server.createUser();
    const body = [
      'Quantity,Name,Finish,Condition,Date Added,Language,Purchase Price,Tags,Edition Name,Edition Code,Multiverse Id,Scryfall ID,Collector Number',
      '2,"Ajani, the Greathearted",Normal,NM,2026-03-01,EN,€2.00,"Trade,Binder A",War of the Spark,war,0,,184',
    ].join('\n');
    const res = await upload(user.key, 'format=archidekt&mode=apply', body);
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.warnings).toEqual([{ row: 1, line: 2, message: 'purchase price €2.00 left out: purchase prices are in USD' }]);
    const [entry] = (await collection(user)).data;
    expect([entry?.card.collector_number, entry?.tags, entry?.purchase_price]).toEqual(['184', ['Trade', 'Binder A'], null]);
  });
});

describe("a copy's flags, trade counts and ManaBox binders", () => {
  const BOLT = 'f29ba16f-c8fb-42fe-aabf-87089cb214a7'; // Lightning Bolt, 2x2 117
  const KIORA_EMBLEM = 'e45f7850-2ebb-4530-9859-f87b4e0e27be'; // Kiora, the Crashing Wave Emblem, tbng 11
  const UNSTABLE_ANGEL = 'e2235007-b02e-463b-95e1-a8bea74a0f9d'; // Angel // Angel, tust 1, foil only
  const MOXFIELD_HEADER = '"Count","Tradelist Count","Name","Edition","Condition","Language","Foil","Tags","Last Modified","Collector Number","Alter","Proxy","Purchase Price"';
  const DECKBOX_HEADER = 'Count,Tradelist Count,Name,Edition,Card Number,Condition,Language,Foil,Signed,Artist Proof,Altered Art,Misprint,Promo,Textless,My Price';
  const MANABOX_HEADER =
    'Binder Name,Binder Type,Name,Set code,Set name,Collector number,Foil,Rarity,Quantity,ManaBox ID,Scryfall ID,Purchase price,Misprint,Altered,Signed,Condition,Language,Proxy,Purchase price currency';

  /** Exports the user's collection in `format`, empties it, and imports the file back: the entries as they come back. */
  async function roundTrip(user: TestUser, format: 'moxfield_csv' | 'manabox_csv' | 'deckbox_csv', importAs: string): Promise<{ file: string; report: any; back: CollectionEntry[] }> {
    const original = (await collection(user)).data;
    const exported = await collectText(writeCollection(format, asyncOf(original)));
    for (const e of original) expect((await user.api('DELETE', `/api/v1/collection/${e.id}`)).status).toBe(204);
    const res = await upload(user.key, `format=${importAs}&mode=apply`, exported);
    expect(res.status, res.text).toBe(201);
    return { file: exported, report: res.body.data, back: (await collection(user)).data };
  }

  it('shows an altered copy merging into plain ones in the dry run: the tag, the price kept, and a warning for the flag, the price and the trade count', async () => {
    const user = await server.createUser();
    const body = [
      MOXFIELD_HEADER,
      '"1","0","Lightning Bolt","2x2","Near Mint","English","","","2025-06-27 06:59:41.710000","117","True","False","40.00"',
      '"3","2","Lightning Bolt","2x2","Near Mint","English","","","2025-06-27 06:59:41.710000","117","False","False","1.00"',
    ].join('\n');
    const dry = await upload(user.key, 'mode=dry_run', body);
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body.data.entries).toEqual([
      expect.objectContaining({ action: 'create', card_id: BOLT, quantity: 4, purchase_price: '40.00', tags: ['altered'], rows: [1, 2] }),
    ]);
    expect(dry.body.data.warnings.map((w: { row: number; message: string }) => [w.row, w.message])).toEqual([
      [2, 'Tradelist Count 2 not imported: ccs keeps no trade list (the copies are imported, none marked for trade)'],
      [
        2,
        'joins row 1 in one entry (same card, finish, condition, language and binder), whose tags cover all 4 copies, though "altered" marks only the other 1; import such copies into another binder to keep them apart',
      ],
      [2, 'purchase price 1.00 not kept: joins row 1 in one entry, which keeps 40.00 (an entry has one purchase price)'],
    ]);
  });

  it("compares a row's flags with the entry it joins in the collection, and keeps an altered copy in another binder apart", async () => {
    const user = await server.createUser();
    const altered = (await user.api('POST', '/api/v1/binders', { name: 'Altered' })).body.data;
    expect((await user.api('POST', '/api/v1/collection', { card_id: BOLT, quantity: 3, purchase_price: '1.00' })).status).toBe(201);
    const row = '"1","0","Lightning Bolt","2x2","Near Mint","English","","","","117","True","False","40.00"';
    const dry = await upload(user.key, 'mode=dry_run', `${MOXFIELD_HEADER}\n${row}\n`);
    expect(dry.body.data.entries).toEqual([expect.objectContaining({ action: 'merge', quantity: 1, tags: ['altered'], purchase_price: '40.00' })]);
    expect(dry.body.data.warnings.map((w: { message: string }) => w.message)).toEqual([
      'joins your entry in one entry (same card, finish, condition, language and binder), whose tags cover all 4 copies, though "altered" marks only this row\'s 1; import such copies into another binder to keep them apart',
      'purchase price 40.00 not kept: joins your entry in one entry, which keeps 1.00 (an entry has one purchase price)',
    ]);
    const apart = await upload(user.key, `mode=apply&binder_id=${altered.id}`, `${MOXFIELD_HEADER}\n${row}\n`);
    expect(apart.status, apart.text).toBe(201);
    expect(apart.body.data.warnings).toEqual([]);
    const rows = (await collection(user)).data.map((e) => [e.binder_id, e.quantity, e.tags, e.purchase_price]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(rows).toEqual([
      [altered.id, 1, ['altered'], '40.00'],
      [null, 3, [], '1.00'],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
  });

  it('keeps Moxfield, ManaBox and Deckbox flags as tags through an import, an export in that format and an import of it', async () => {
    const user = await server.createUser();
    const cases = [
      {
        format: 'moxfield_csv',
        importAs: 'moxfield',
        body: `${MOXFIELD_HEADER}\n"1","0","Lightning Bolt","2x2","Near Mint","English","","","","117","True","False",""\n"2","0","Lightning Bolt","2x2","Near Mint","English","foil","","","117","False","False",""\n`,
        tags: [['altered'], []],
      },
      {
        format: 'manabox_csv',
        importAs: 'manabox',
        body: `${MANABOX_HEADER}\nMain,binder,Lightning Bolt,2X2,Double Masters 2022,117,normal,uncommon,1,,${BOLT},,true,true,false,near_mint,en,false,USD\nMain,binder,Lightning Bolt,2X2,Double Masters 2022,117,foil,uncommon,2,,${BOLT},,false,false,false,near_mint,en,false,USD\n`,
        tags: [['misprint', 'altered'], []],
      },
      {
        format: 'deckbox_csv',
        importAs: 'deckbox',
        body: `${DECKBOX_HEADER}\n1,0,Lightning Bolt,Double Masters 2022,117,Near Mint,English,,signed,proof,altered,misprint,,,\n2,0,Lightning Bolt,Double Masters 2022,117,Near Mint,English,foil,,,,,,,\n`,
        tags: [['signed', 'artist-proof', 'altered', 'misprint'], []],
      },
    ] as const;
    for (const c of cases) {
      const first = await upload(user.key, `format=${c.importAs}&mode=apply`, c.body);
      expect(first.status, first.text).toBe(201);
      const shape = (list: CollectionEntry[]) => list.map((e) => [e.card_id, e.finish, e.quantity, e.tags]).sort((a, b) => String(a[1]).localeCompare(String(b[1])));
      const imported = (await collection(user)).data;
      expect(shape(imported), c.format).toEqual([
        [BOLT, 'foil', 2, c.tags[1]],
        [BOLT, 'nonfoil', 1, c.tags[0]],
      ]);
      const { back } = await roundTrip(user, c.format, c.importAs);
      expect(shape(back), c.format).toEqual(shape(imported));
      for (const e of back) expect((await user.api('DELETE', `/api/v1/collection/${e.id}`)).status).toBe(204);
    }
  });

  it("imports Deckbox's token and emblem rows as the token set's printings, and writes them back so", async () => {
    const user = await server.createUser();
    const body = [DECKBOX_HEADER, '1,0,Angel,Extras: Unstable,1,Near Mint,English,,,,,,,,', '"2",0,"Emblem: Kiora, the Crashing Wave",Extras: Born of the Gods,11,Near Mint,English,,,,,,,,'].join('\n');
    const res = await upload(user.key, 'mode=apply', body);
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ format: 'deckbox', matched: 2, unmatched: [] });
    // The Unstable tokens exist only as foils, and Deckbox's row did not say foil: said, not silently changed.
    expect(res.body.data.warnings.map((w: { message: string }) => w.message)).toEqual(['Angel // Angel (TUST 1) exists only as foil; imported as foil, not nonfoil']);
    const shape = (list: CollectionEntry[]) => list.map((e) => [e.card_id, e.quantity, e.finish]).sort();
    const imported = (await collection(user)).data;
    expect(shape(imported)).toEqual([[UNSTABLE_ANGEL, 1, 'foil'], [KIORA_EMBLEM, 2, 'nonfoil']].sort());
    const { file: written, report, back } = await roundTrip(user, 'deckbox_csv', 'deckbox');
    expect(written).toContain('"Emblem: Kiora, the Crashing Wave",Extras: Born of the Gods,11,');
    expect(written).toContain('Angel // Angel,Extras: Unstable,1,');
    expect(report.warnings).toEqual([]);
    expect(shape(back)).toEqual(shape(imported));
  });

  it("puts ManaBox's binder rows into binders of those names (yours first, in any case, else made with the entries); deck rows into none, with a warning", async () => {
    const user = await server.createUser();
    const trade = (await user.api('POST', '/api/v1/binders', { name: 'trade binder' })).body.data;
    const body = [
      MANABOX_HEADER,
      `Trade Binder,binder,Lightning Bolt,2X2,Double Masters 2022,117,normal,uncommon,2,,${BOLT},1.00,false,false,false,near_mint,en,false,USD`,
      `Main,binder,Lightning Bolt,2X2,Double Masters 2022,117,normal,uncommon,1,,${BOLT},,false,true,false,near_mint,en,false,USD`,
      `Deck: Izzet,deck,Lightning Bolt,2X2,Double Masters 2022,117,normal,uncommon,4,,${BOLT},,false,false,false,near_mint,en,false,USD`,
      `Wants,list,Lightning Bolt,2X2,Double Masters 2022,117,foil,uncommon,4,,${BOLT},,false,false,false,near_mint,en,false,USD`,
    ].join('\n');
    const dry = await upload(user.key, 'mode=dry_run', body);
    expect(dry.status, dry.text).toBe(200);
    const report = dry.body.data;
    expect(report.binders_created).toEqual(['Main']);
    expect(report.entries.map((e: any) => [e.binder_id, e.new_binder, e.quantity, e.tags, e.purchase_price])).toEqual([
      [trade.id, null, 2, [], '1.00'],
      [null, 'Main', 1, ['altered'], null],
      [null, null, 4, [], null],
    ]);
    expect(report.warnings.map((w: { row: number; message: string }) => [w.row, w.message])).toEqual([
      [3, 'in the ManaBox deck "Deck: Izzet": a deck is not a binder, so the entry goes into no binder'],
      [4, 'skipped: a ManaBox list (a wish list), not cards in the collection'],
    ]);
    const applied = await upload(user.key, 'mode=apply', body);
    expect(applied.status, applied.text).toBe(201);
    const binders = (await user.api('GET', '/api/v1/binders')).body.data as Array<{ id: string; name: string }>;
    const main = binders.find((b) => b.name === 'Main');
    expect(binders.map((b) => b.name)).toEqual(['trade binder', 'Main']);
    const placed = (await collection(user)).data.map((e) => [e.binder_id, e.quantity]).sort((a, b) => Number(a[1]) - Number(b[1]));
    expect(placed).toEqual([[main?.id, 1], [trade.id, 2], [null, 4]]);
    // binder_id= still puts every row into that one binder.
    const other = await server.createUser();
    const into = (await other.api('POST', '/api/v1/binders', { name: 'Inbox' })).body.data;
    const all = await upload(other.key, `mode=apply&binder_id=${into.id}`, body);
    expect(all.status, all.text).toBe(201);
    expect(all.body.data.binders_created).toEqual([]);
    expect((await collection(other)).data.map((e) => [e.binder_id, e.quantity, e.tags])).toEqual([[into.id, 7, ['altered']]]);
  });
});

describe('which printing a row that does not pin one gets', () => {
  it('takes the regular printing, not its ★ alternate art, for a row naming only the card or the card and its set', async () => {
    const user = await server.createUser();
    const names = ['Chandra, Fire Artisan', 'Arlinn, Voice of the Pack', 'Ajani, the Greathearted', 'Gideon Blackblade'];
    const tcgplayer = [
      'Quantity,Name,Simple Name,Set,Card Number,Set Code,Printing,Condition,Language,Rarity,Product ID,SKU',
      ...names.map((n) => `1,"${n}","${n.replaceAll(',', '')}",War of the Spark,,WAR,Normal,Near Mint,English,Rare,,`),
    ].join('\n');
    const moxfield = ['"Count","Name","Edition","Condition","Language","Foil"', ...names.map((n) => `"1","${n}","","Near Mint","English",""`)].join('\n');
    for (const [format, body] of [['tcgplayer', tcgplayer], ['moxfield', moxfield]] as const) {
      const res = await upload(user.key, `format=${format}&mode=apply`, body);
      expect(res.status, res.text).toBe(201);
    }
    // And by name alone, a printing that is not a promo: War of the Spark's Bontu, not the later promo pack's.
    expect((await upload(user.key, 'format=moxfield&mode=apply', '"Count","Name"\n"1","God-Eternal Bontu"\n')).status).toBe(201);
    const rows = (await collection(user, 'sort=name')).data.map((e) => [e.card.name, e.card.set, e.card.collector_number, e.quantity]);
    expect(rows).toEqual([
      ['Ajani, the Greathearted', 'war', '184', 2],
      ['Arlinn, Voice of the Pack', 'war', '150', 2],
      ['Chandra, Fire Artisan', 'war', '119', 2],
      ['Gideon Blackblade', 'war', '13', 2],
      ['God-Eternal Bontu', 'war', '92', 1],
    ]);
  });
});

describe('merging', () => {
  it('adds to an identical existing entry by the POST /collection rule, and merges rows of the file that are the same entry', async () => {
    const user = await server.createUser();
    const existing = await user.api('POST', '/api/v1/collection', { card_id: CARDS.AJANI, quantity: 1, tags: ['old'], notes: 'kept' });
    expect(existing.status).toBe(201);
    // Two rows of the same entry, one of the existing one (same card, finish, condition, language, no binder), one new.
    const csv = [
      'card_id,quantity,finish,condition,language,tags,notes,purchase_price',
      `${CARDS.AJANI},2,nonfoil,near_mint,en,trade,ignored,1.00`,
      `${CARDS.AHN},1,foil,lightly_played,en,,,`,
      `${CARDS.AHN},3,foil,lightly_played,en,deck,a note,0.20`,
    ].join('\n');
    const dry = await upload(user.key, 'mode=dry_run', csv);
    expect(dry.body.data).toMatchObject({ format: 'csv', rows: 3, matched: 3, entries_created: 1, entries_merged: 1, cards_added: 6 });
    expect(dry.body.data.entries.map((e: any) => [e.action, e.card_id, e.quantity, e.rows])).toEqual([
      ['merge', CARDS.AJANI, 2, [1]],
      ['create', CARDS.AHN, 4, [2, 3]],
    ]);
    const events = (await server.events(user.id)).length;
    const applied = await upload(user.key, 'mode=apply', csv);
    expect(applied.status, applied.text).toBe(201);
    expect(applied.body.data).toMatchObject({ entries_created: 1, entries_merged: 1, cards_added: 6 });

    const ajani = (await user.api('GET', `/api/v1/collection/${existing.body.data.id}`)).body.data;
    expect(ajani).toMatchObject({ quantity: 3, tags: ['old', 'trade'], notes: 'kept', purchase_price: '1.00' });
    const list = await collection(user);
    expect(list.meta).toMatchObject({ total: 2, total_quantity: 7 });
    const ahn = list.data.find((e) => e.card_id === CARDS.AHN);
    expect(ahn).toMatchObject({ quantity: 4, finish: 'foil', condition: 'lightly_played', tags: ['deck'], notes: 'a note', purchase_price: '0.20' });

    const recorded = (await server.events(user.id)).slice(events);
    expect(recorded.map((e) => [e.type, e.payload.id])).toEqual([
      ['collection.entry.updated', ajani.id],
      ['collection.entry.created', ahn?.id],
    ]);
    expect(recorded[0]?.payload).toEqual(ajani);
    expect(recorded[1]?.payload).toEqual(ahn);

    // The same file again: everything merges.
    const again = await upload(user.key, 'mode=apply', csv);
    expect(again.body.data).toMatchObject({ entries_created: 0, entries_merged: 2 });
    expect((await collection(user)).meta).toMatchObject({ total: 2, total_quantity: 13 });
  });

  it("merges entries in and out of binders at once, keeping text PostgreSQL's array literals escape exactly, and another account's same entries alone", async () => {
    const user = await server.createUser();
    const other = await server.createUser();
    const vault = (await user.api('POST', '/api/v1/binders', { name: 'Vault' })).body.data;
    const held = [
      { card_id: CARDS.AJANI, quantity: 1, tags: ['old'] },
      { card_id: CARDS.AHN, quantity: 2, finish: 'foil', binder_id: vault.id, notes: 'kept', purchase_price: '3.00' },
      { card_id: CARDS.ABBOT, finish: 'etched' },
    ];
    expect((await user.api('POST', '/api/v1/collection/batch', { entries: held })).status).toBe(201);
    // The same cards, finishes and conditions in another account (no binder: binders are per account).
    expect((await other.api('POST', '/api/v1/collection/batch', { entries: held.map(({ binder_id: _, ...e }) => e) })).status).toBe(201);
    const others = (await collection(other)).data;

    const odd = ['{a,b}', 'say "hi"', 'back\\slash', 'NULL', 'comma, here', ''.padEnd(40, '}')];
    const note = 'a "quoted" {note}, with \\ and NULL\n';
    const file = JSON.stringify([
      { card_id: CARDS.AJANI, quantity: 2, finish: 'nonfoil', condition: 'near_mint', language: 'en', tags: odd, notes: note, purchase_price: '1.50' },
      { card_id: CARDS.AHN, quantity: 1, finish: 'foil', condition: 'near_mint', language: 'en', binder_id: vault.id, tags: ['x'], notes: 'not taken', purchase_price: '9.00' },
      { card_id: CARDS.ABBOT, quantity: 3, finish: 'etched', condition: 'near_mint', language: 'en', notes: null, purchase_price: null },
    ]);
    const events = (await server.events(user.id)).length;
    const res = await upload(user.key, 'mode=apply', file, 'application/json');
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ entries_created: 0, entries_merged: 3, unmatched: [] });

    const after = (await collection(user)).data;
    const byCard = (id: string) => after.find((e) => e.card_id === id);
    expect(after).toHaveLength(3);
    expect(byCard(CARDS.AJANI)).toMatchObject({ quantity: 3, tags: ['old', ...odd], notes: note, purchase_price: '1.50', binder_id: null });
    expect(byCard(CARDS.AHN)).toMatchObject({ quantity: 3, tags: ['x'], notes: 'kept', purchase_price: '3.00', binder_id: vault.id });
    expect(byCard(CARDS.ABBOT)).toMatchObject({ quantity: 4, tags: [], notes: null, purchase_price: null });
    // Each event carries its entry as the API shows it after the write.
    const recorded = (await server.events(user.id)).slice(events);
    expect(recorded.map((e) => e.type)).toEqual(Array(3).fill('collection.entry.updated'));
    expect(recorded.map((e) => e.payload).sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual([...after].sort((a, b) => (a.id < b.id ? -1 : 1)));
    expect((await collection(other)).data).toEqual(others);
  });

  it('replays a retry with the same Idempotency-Key and file without importing it again, and refuses the key with another file', async () => {
    const user = await server.createUser();
    const csv = (n: number) => ['card_id,quantity,finish,condition,language', `${CARDS.AHN},${n},nonfoil,near_mint,en`].join('\n');
    const key = { 'idempotency-key': 'import-retry-1' };
    const first = await upload(user.key, 'mode=apply', csv(3), 'text/csv', key);
    expect(first.status, first.text).toBe(201);
    const retry = await upload(user.key, 'mode=apply', csv(3), 'text/csv', key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotency-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    const before = await snapshot(server, user.id);
    const other = await upload(user.key, 'mode=apply', csv(5), 'text/csv', key);
    expectProblem(other, 422, 'idempotency_key_reused');
    expect(await snapshot(server, user.id)).toEqual(before);
    expect((await collection(user)).meta).toMatchObject({ total: 1, total_quantity: 3 });
    // A JSON file is fingerprinted by its bytes as well.
    const json = (n: number) => JSON.stringify([{ card_id: CARDS.AJANI, quantity: n }]);
    const jsonKey = { 'idempotency-key': 'import-retry-2' };
    expect((await upload(user.key, 'mode=dry_run', json(1), 'application/json', jsonKey)).status).toBe(200);
    expectProblem(await upload(user.key, 'mode=dry_run', json(2), 'application/json', jsonKey), 422, 'idempotency_key_reused');
  });

  it('leaves the Idempotency-Key unused when the database fails the apply after the plan was staged, so the retry imports once', async () => {
    const outage = await startTestServer({ dbTimeoutMs: 300 });
    try {
      const user = await outage.createUser();
      // Well over one staging batch (1,000 rows), so the plan is saved in several transactions before the apply.
      const rows = Array.from({ length: 2_500 }, (_, i) => `${CARDS.AHN},1,nonfoil,near_mint,en,,,,tag-${i % 7}`);
      const csv = ['card_id,quantity,finish,condition,language,binder_name,purchase_price,notes,tags', ...rows].join('\n');
      const key = { 'idempotency-key': 'import-outage-1' };
      const post = () =>
        fetch(`${outage.url}/api/v1/imports?mode=apply`, { method: 'POST', headers: { authorization: `Bearer ${user.key}`, 'content-type': 'text/csv', ...key }, body: csv });
      // The database is locked from another connection just as the apply begins (a real lock, a real timeout).
      const collection = outage.ctx.collection;
      const importEntries = collection.importEntries;
      collection.importEntries = async (...args) => {
        const release = await holdWriteLock(outage, 'users');
        try {
          return await importEntries.apply(collection, args);
        } finally {
          await release();
        }
      };
      let first: Response;
      try {
        first = await post();
      } finally {
        collection.importEntries = importEntries;
      }
      expect(first.status, await first.clone().text()).toBe(503);
      expect(first.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await outage.request('GET', '/api/v1/collection', { token: user.key })).body.meta.total_quantity).toBe(0);
      const retry = await post();
      expect(retry.status, await retry.clone().text()).toBe(201);
      expect(retry.headers.get('idempotency-replayed')).toBeNull();
      expect((await outage.request('GET', '/api/v1/collection', { token: user.key })).body.meta.total_quantity).toBe(2_500);
      const again = await post();
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotency-replayed')).toBe('true');
      expect((await outage.request('GET', '/api/v1/collection', { token: user.key })).body.meta.total_quantity).toBe(2_500);
    } finally {
      await outage.close();
    }
  });

  it('puts every entry into the binder named by binder_id, which must be one of the caller\'s', async () => {
    const user = await server.createUser();
    const other = await server.createUser();
    const binder = (await user.api('POST', '/api/v1/binders', { name: 'Imports' })).body.data;
    const theirs = (await other.api('POST', '/api/v1/binders', { name: 'Theirs' })).body.data;
    const res = await upload(user.key, `mode=apply&binder_id=${binder.id}`, file('deckbox.csv'));
    expect(res.status, res.text).toBe(201);
    const list = await collection(user, `binder_id=${binder.id}`);
    expect(list.meta.total).toBe(5);
    expect((await user.api('GET', `/api/v1/binders/${binder.id}`)).body.data).toMatchObject({ entry_count: 5, card_count: 8 });

    const before = await snapshot(server, user.id);
    for (const id of [theirs.id, '01900000-0000-7000-8000-000000000000', 'not-a-binder']) {
      expectProblem(await upload(user.key, `mode=apply&binder_id=${id}`, file('deckbox.csv')), 404, 'not_found');
    }
    expect(await snapshot(server, user.id)).toEqual(before);
  });

  it('keeps the binders our own csv names when they are the caller\'s, and drops others with a warning', async () => {
    const user = await server.createUser();
    const binder = (await user.api('POST', '/api/v1/binders', { name: 'Mine' })).body.data;
    const csv = ['card_id,quantity,binder_id', `${CARDS.AJANI},1,${binder.id}`, `${CARDS.AHN},1,01900000-0000-7000-8000-00000000beef`].join('\n');
    const res = await upload(user.key, 'mode=apply', csv);
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.warnings).toEqual([
      { row: 2, line: 3, message: 'binder 01900000-0000-7000-8000-00000000beef is not one of your binders; the entry goes into no binder' },
    ]);
    const list = await collection(user);
    expect(Object.fromEntries(list.data.map((e) => [e.card_id, e.binder_id]))).toEqual({ [CARDS.AJANI]: binder.id, [CARDS.AHN]: null });
  });
});

describe.skipIf(!isPostgres(loadConfig()))('statistics on PostgreSQL', () => {
  it("refreshes the collection table's statistics after an apply of 1,000 entries or more, so listings are planned for the rows it wrote", async () => {
    const user = await server.createUser();
    const cards = JSON.parse(readFileSync(join(DEMO_CARDS, 'default-cards.json'), 'utf8')) as Array<{ id: string; finishes?: string[] }>;
    const rows = new Set<string>();
    for (const condition of ['near_mint', 'lightly_played']) {
      for (const card of cards) if (rows.size < 1_000) rows.add(`${card.id},1,${card.finishes?.[0] ?? 'nonfoil'},${condition},en`);
    }
    const analyzed = async () =>
      (
        await sql<{ at: Date | null }>`select last_analyze as at from pg_stat_user_tables where schemaname = ${server.ctx.database.schema} and relname = 'collection_entries'`.execute(
          server.ctx.database.db,
        )
      ).rows[0]?.at?.getTime() ?? 0;
    const before = await analyzed();
    const res = await upload(user.key, 'mode=apply', ['card_id,quantity,finish,condition,language', ...rows].join('\n'));
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.entries_created).toBe(1_000);
    // In the background, after the answer: the next reads are planned with it.
    await waitUntil(async () => (await analyzed()) > before, 10_000);
  });
});

describe('rows that cannot be imported', () => {
  const csv = [
    'Count,Name,Edition,Collector Number,Condition,Foil',
    '1,Ajani the Greathearted,war,184★,Near Mint,',
    '2,Not A Real Card,war,999,Near Mint,',
    'abc,Island,war,253,Near Mint,',
    '-1,Island,war,253,Near Mint,',
    '1.5,Island,war,253,Near Mint,',
    '1,Island,war,253,Pristine,',
  ].join('\r\n');

  it('are listed by a dry run with their row, line, reason and raw text', async () => {
    const user = await server.createUser();
    const res = await upload(user.key, 'mode=dry_run', csv);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ format: 'moxfield', rows: 6, matched: 1, unmatched_count: 5, entries_created: 1 });
    expect(res.body.data.unmatched).toEqual([
      { row: 2, line: 3, reason: 'no card found for set war number 999, name "Not A Real Card"', raw: '2,Not A Real Card,war,999,Near Mint,' },
      { row: 3, line: 4, reason: 'Count "abc" is not a whole number of copies', raw: 'abc,Island,war,253,Near Mint,' },
      { row: 4, line: 5, reason: 'Count "-1" is not a whole number of copies', raw: '-1,Island,war,253,Near Mint,' },
      { row: 5, line: 6, reason: 'Count "1.5" is not a whole number of copies', raw: '1.5,Island,war,253,Near Mint,' },
      { row: 6, line: 7, reason: 'unknown condition "Pristine"', raw: '1,Island,war,253,Pristine,' },
    ]);
  });

  it('make apply write nothing and answer 422 import_rejected carrying the report', async () => {
    const user = await server.createUser();
    await user.api('POST', '/api/v1/collection', { card_id: CARDS.AJANI });
    const before = await snapshot(server, user.id);
    const res = await upload(user.key, 'mode=apply', csv);
    expectProblem(res, 422, 'import_rejected');
    expect(res.body.detail).toMatch(/5 rows could not be imported, so nothing was written/);
    expect(res.body).toMatchObject({ format: 'moxfield', rows: 6, matched: 1, unmatched_count: 5, entries_merged: 1 });
    expect(res.body.unmatched.map((u: { line: number }) => u.line)).toEqual([3, 4, 5, 6, 7]);
    expect(await snapshot(server, user.id)).toEqual(before);
    expect(await staged()).toBe(0);
  });

  it('include rows of our json whose tags the collection would refuse: more than 20, over 40 characters, blank, holding a NUL', async () => {
    const user = await server.createUser();
    const rows = [
      { card_id: CARDS.AJANI, quantity: 1, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      { card_id: CARDS.AJANI, quantity: 1, tags: ['x'.repeat(41)] },
      { card_id: CARDS.AJANI, quantity: 1, tags: ['ok', '   '] },
      { card_id: CARDS.AHN, quantity: 1, tags: ['fine'] },
      { card_id: CARDS.AJANI, quantity: 1, tags: ['a\u0000b'] },
    ];
    const res = await upload(user.key, 'mode=dry_run', JSON.stringify(rows), 'application/json');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.unmatched.map((u: { row: number; reason: string }) => [u.row, u.reason])).toEqual([
      [1, 'more than 20 tags'],
      [2, `the tag "${'x'.repeat(41)}" is longer than 40 characters`],
      [3, 'a tag is empty or only spaces'],
      [5, 'a tag holds a NUL character'],
    ]);
    expect(res.body.data.matched).toBe(1);
  });

  it('are skipped with on_unmatched=skip, and the rest is imported', async () => {
    const user = await server.createUser();
    const res = await upload(user.key, 'mode=apply&on_unmatched=skip', csv);
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ matched: 1, entries_created: 1, unmatched_count: 5 });
    expect(res.body.data.unmatched).toHaveLength(5);
    const list = await collection(user);
    expect(list.data.map((e) => [e.card_id, e.quantity])).toEqual([[expect.any(String), 1]]);
    expect(list.data[0]?.card.name).toBe('Ajani, the Greathearted');
    expect((await server.events(user.id)).map((e) => e.type)).toEqual(['collection.entry.created']);
  });
});

describe('files refused whole, each changing nothing', () => {
  let user: TestUser;
  let before: Awaited<ReturnType<typeof snapshot>>;
  beforeAll(async () => {
    user = await server.createUser();
    await user.api('POST', '/api/v1/collection', { card_id: CARDS.AJANI });
    before = await snapshot(server, user.id);
  });
  const unchanged = async () => {
    expect(await snapshot(server, user.id)).toEqual(before);
    expect(await staged()).toBe(0);
  };
  const moxfield = '"Count","Name","Edition","Collector Number"\r\n"1","Lim-Dûl\'s Vault","all","1"\r\n';

  it('a header naming one column twice, in any case or spacing: which cell counts would be a guess', async () => {
    for (const [body, name, at] of [
      ['Count,Count,Name,Edition\r\n1,2,Angel,twar\r\n', 'Count', '1 and 2'],
      ['"Count","Name","name ","Edition"\r\n"1","Angel","Forest","twar"\r\n', 'name', '2 and 3'],
    ] as const) {
      const res = await upload(user.key, 'mode=apply', body);
      expectProblem(res, 422, 'validation_failed');
      expect(res.body.errors).toEqual([{ field: 'body', code: 'duplicate_columns', message: expect.stringContaining(`the column "${name}" twice (columns ${at})`) }]);
      await unchanged();
    }
    // Blank header cells (a trailing comma) name no column and are no duplicates.
    expect((await upload(user.key, 'mode=dry_run', '"Count","Name","Edition","Collector Number",,\r\n"1","Lim-Dûl\'s Vault","all","1",,\r\n')).status).toBe(200);
  });

  it('a UTF-16 file (with its byte order mark, or without)', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(moxfield, 'utf16le')]);
    for (const body of [utf16, Buffer.from(moxfield, 'utf16le')]) {
      const res = await upload(user.key, 'mode=apply', body);
      expectProblem(res, 422, 'validation_failed');
      expect(res.body.errors).toEqual([{ field: 'body', code: 'invalid_encoding', message: expect.stringMatching(/UTF-16.*Save the file as UTF-8/) }]);
    }
    await unchanged();
  });

  it('a Latin-1 file that is not valid UTF-8, naming the line', async () => {
    const res = await upload(user.key, 'mode=apply', Buffer.from(moxfield, 'latin1'));
    expectProblem(res, 422, 'validation_failed');
    expect(res.body.errors[0]).toMatchObject({ code: 'invalid_encoding', message: expect.stringContaining('line 2') });
    await unchanged();
  });

  it('a header without the columns the named app requires', async () => {
    const res = await upload(user.key, 'mode=apply&format=manabox', file('moxfield.csv'));
    expectProblem(res, 422, 'validation_failed');
    expect(res.body.errors[0]).toMatchObject({ code: 'missing_columns', message: 'The manabox file lacks the column Quantity.' });
    expect(res.body.missing).toEqual(['Quantity']);
    await unchanged();
  });

  it('a header no app writes: 422 unknown_import_format naming the columns seen', async () => {
    const res = await upload(user.key, 'mode=apply', 'Qty,Card,Where\n1,Island,war\n');
    expectProblem(res, 422, 'unknown_import_format');
    expect(res.body.columns).toEqual(['Qty', 'Card', 'Where']);
    expect(res.body.detail).toContain('"Qty", "Card", "Where"');
    await unchanged();
  });

  it('an empty file, a blank one, and a header without rows', async () => {
    for (const body of ['', '\r\n\r\n', '\uFEFF', 'Count,Name,Edition\r\n']) {
      const res = await upload(user.key, 'mode=apply', body);
      expectProblem(res, 422, 'validation_failed');
      expect(res.body.errors[0].code, JSON.stringify(body)).toBe('empty_file');
    }
    expect((await upload(user.key, 'mode=apply', '[]', 'application/json')).body.errors[0].code).toBe('empty_file');
    await unchanged();
  });

  it('malformed JSON: 400 invalid_json; malformed CSV: 400 invalid_csv with its line', async () => {
    for (const body of ['{', '[{"card_id":', 'nope', '{"entries":[]}']) expectProblem(await upload(user.key, 'mode=apply', body, 'application/json'), 400, 'invalid_json');
    const csv = await upload(user.key, 'mode=apply', 'Count,Name,Edition\n1,"Island,war\n');
    expectProblem(csv, 400, 'invalid_csv');
    expect(csv.body.line).toBe(2);
    await unchanged();
  });

  it('a CSV bomb of two million empty rows, in bounded time', async () => {
    const started = Date.now();
    const res = await upload(user.key, 'mode=apply', `Count,Name,Edition\n${'\n'.repeat(2_000_000)}`);
    expectProblem(res, 422, 'validation_failed');
    expect(res.body.errors[0].code).toBe('too_many_empty_rows');
    expect(Date.now() - started).toBeLessThan(20_000);
    await unchanged();
  });

  it('a single enormous row', async () => {
    const res = await upload(user.key, 'mode=apply', `Count,Name,Edition\n1,"${'x'.repeat(5_000_000)}",war\n`);
    expectProblem(res, 400, 'invalid_csv');
    expect(res.body.detail).toContain('a row is longer than 65536 characters');
    await unchanged();
  });

  it('a body that is neither text/csv nor application/json: 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await upload(user.key, 'mode=apply', file('moxfield.csv'), type);
      expectProblem(res, 415, 'unsupported_media_type');
      expect(res.body.detail).toContain('text/csv');
    }
    await unchanged();
  });

  it('a file declared in a charset other than UTF-8: 415 saying so, while a declared UTF-8 or ASCII one is read', async () => {
    for (const type of ['text/csv; charset=windows-1252', 'application/json; charset=utf-16', 'text/csv; charset="latin1"']) {
      const res = await upload(user.key, 'mode=apply', file('moxfield.csv'), type);
      expectProblem(res, 415, 'unsupported_media_type');
      expect(res.body.detail, type).toContain('Import files are UTF-8; this one was declared');
    }
    await unchanged();
    for (const type of ['text/csv; charset=UTF-8', 'text/csv;charset=utf8', 'text/csv; charset=us-ascii']) {
      expect((await upload(user.key, 'mode=dry_run', file('moxfield.csv'), type)).status, type).toBe(200);
    }
  });

  it('a JSON file holding half a surrogate pair: the row is refused, never stored altered', async () => {
    const body = '{"data":[{"card_id":"' + CARDS.LUNGE + '","quantity":1,"notes":"\\ud800x"},{"card_id":"' + CARDS.LUNGE + '","quantity":1,"tags":["\\udfff"]}]}';
    const res = await upload(user.key, 'mode=apply', body, 'application/json');
    expectProblem(res, 422, 'import_rejected');
    expect(res.text).toContain('notes is not valid Unicode (an unpaired surrogate)');
    expect(res.text).toContain('tags are not valid Unicode (an unpaired surrogate)');
    await unchanged();
  });

  it('a bad query: 422 naming the parameter', async () => {
    for (const q of ['mode=now', 'format=excel', 'on_unmatched=maybe', 'extra=1']) {
      const res = await upload(user.key, q, file('moxfield.csv'));
      expectProblem(res, 422, 'validation_failed');
    }
    await unchanged();
  });
});

describe('the size limit (CCS_IMPORT_MAX_BYTES, here 256 KiB)', () => {
  const limit = 256 * 1024;
  let small: TestServer;
  beforeAll(async () => {
    small = await startTestServer({ imports: { maxBytes: limit } }, { cards: false });
  });
  afterAll(async () => {
    await small?.close();
  });

  it('answers 413 from the declared length before reading, and for a body streamed without one as soon as it passes the limit', async () => {
    const user = await small.createUser();
    const before = await snapshot(small, user.id);
    const post = async (body: Body, headers: Record<string, string> = {}) => {
      const res = await fetch(`${small.url}/api/v1/imports?mode=apply`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.key}`, 'content-type': 'text/csv', ...headers },
        body,
        ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
      } as RequestInit);
      return { status: res.status, headers: res.headers, body: (await res.json()) as any, text: '' };
    };
    const declared = await post(Buffer.alloc(limit + 1, 0x41));
    expectProblem(declared, 413, 'payload_too_large');
    expect(declared.body.detail).toContain(`the limit is ${limit}`);

    // Rows the reader refuses one by one (cheap), sent for ever: only the server's limit stops them.
    let sent = 0;
    const chunk = Buffer.from(`abc,${'x'.repeat(200)},war\n`.repeat(100));
    const endless = () =>
      new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(Buffer.from('Count,Name,Edition\n'));
        },
        pull(c) {
          sent += chunk.length;
          c.enqueue(chunk);
        },
      });
    const streamed = await post(endless());
    expectProblem(streamed, 413, 'payload_too_large');
    expect(sent).toBeGreaterThan(limit);
    // With an Idempotency-Key the file is read whole before the import: the same limit, the same answer.
    sent = 0;
    const keyed = await post(endless(), { 'idempotency-key': 'too-large' });
    expectProblem(keyed, 413, 'payload_too_large');
    expect(sent).toBeGreaterThan(limit);
    expectProblem(await post(Buffer.alloc(limit + 1, 0x41), { 'idempotency-key': 'too-large-2' }), 413, 'payload_too_large');
    expect(await snapshot(small, user.id)).toEqual(before);
    // The connection still serves the next request.
    expect((await post(file('deckbox.csv'))).status).toBe(422);
  });
});

describe('imports running at once', () => {
  it('runs two of an account\'s imports at once; a third is 429 with Retry-After, and runs once one has finished; other accounts go on', async () => {
    const [a, b] = [await server.createUser(), await server.createUser()];
    const small = `card_id,quantity\n${CARDS.AHN},1\n`;
    // An upload whose rows keep coming until the test ends it: its import runs meanwhile.
    const held = (user: TestUser) => {
      let end!: () => void;
      const ended = new Promise<void>((resolve) => {
        end = resolve;
      });
      const body = new ReadableStream<Uint8Array>({
        async start(ctl) {
          ctl.enqueue(Buffer.from(small));
          await ended;
          ctl.close();
        },
      });
      return { answer: upload(user.key, 'mode=dry_run', body), end };
    };
    // Each held upload is running once the service counts it (a probing upload could take its place).
    const runningFor = (user: TestUser, n: number) => waitUntil(() => (server.ctx.imports.runningFor(user.id) === n ? true : undefined), 30_000);
    const running = [held(a), held(a)];
    await runningFor(a, 2);
    const mine = await upload(a.key, 'mode=dry_run', small);
    expectProblem(mine, 429, 'rate_limited');
    expect(mine.headers.get('retry-after')).toBe('10');
    expect(mine.body.detail).toContain('You have 2 imports running already');
    // Other accounts are not held up, however many uploads stall: no cap for the whole process.
    running.push(held(b), held(b));
    await runningFor(b, 2);
    for (const user of [await server.createUser(), await server.createUser()]) expect((await upload(user.key, 'mode=dry_run', small)).status).toBe(200);
    for (const r of running) r.end();
    for (const r of running) expect((await r.answer).status).toBe(200);
    expect((await upload(a.key, 'mode=dry_run', small)).status).toBe(200);
  });
});

describe('the API description', () => {
  it('documents POST /imports: the file as a text/csv or application/json body, the query, every answer, the scope', async () => {
    const doc = (await server.request('GET', '/api/v1/openapi.json')).body;
    const op = doc.paths['/api/v1/imports'].post;
    expect(op.summary).toMatch(/Import a collection file/);
    expect(op.description).toContain('`text/csv`');
    expect(Object.keys(op.requestBody.content).sort()).toEqual(['application/json', 'text/csv']);
    const named = op.parameters.filter((p: { $ref?: string }) => !p.$ref);
    expect(named.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual(['query:binder_id', 'query:format', 'query:mode', 'query:on_unmatched']);
    // A retried import with the same Idempotency-Key is replayed, never applied twice (409 while the first runs).
    expect(op.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    expect(Object.keys(op.responses).sort()).toEqual(['200', '201', '400', '401', '403', '404', '409', '413', '414', '415', '422', '429', '431', '503']);
    expect(op.security).toEqual([{ bearer: [] }, { oauth2: ['collection:write'] }]);
  });
});

describe('security', () => {
  it('needs collection:write: a read-only key gets 403 naming the scope, and nothing is read or written', async () => {
    const reader = await server.createUser({ scopes: ['collection:read'] });
    const res = await upload(reader.key, 'mode=apply', file('moxfield.csv'));
    expectProblem(res, 403, 'insufficient_scope');
    expect(res.body.missing_scope).toBe('collection:write');
    expect(res.headers.get('www-authenticate')).toContain('scope="collection:write"');
    expect((await collection(reader)).meta.total).toBe(0);
  });

  it('needs a credential', async () => {
    expectProblem(await upload('', 'mode=apply', file('moxfield.csv')), 401, 'invalid_token');
    const res = await fetch(`${server.url}/api/v1/imports`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: file('moxfield.csv') });
    expect(res.status).toBe(401);
  });
});

describe('the collection after an import', () => {
  it('shows the imported entries at once, in totals and q searches, in this process and in another one on the same database', async () => {
    const user = await server.createUser();
    const other = await startTestServer({}, { shareDatabaseWith: server });
    try {
      const read = async (base: string, query: string) => {
        const res = await fetch(`${base}/api/v1/collection?${query}`, { headers: { authorization: `Bearer ${user.key}` } });
        return (await res.json()) as { data: CollectionEntry[]; meta: { total: number; total_quantity: number } };
      };
      // Warm every cache both processes keep: pages, totals, q matches.
      for (const base of [server.url, other.url]) {
        expect((await read(base, 'limit=5')).meta.total).toBe(0);
        expect((await read(base, 'q=ajani')).meta.total).toBe(0);
        expect((await read(base, 'q=t:dragon')).meta.total).toBe(0);
      }
      expect((await upload(user.key, 'mode=apply', file('tcgplayer.csv'))).status).toBe(201);
      for (const base of [server.url, other.url]) {
        const all = await read(base, 'limit=5');
        expect(all.meta).toMatchObject({ total: 5, total_quantity: 8 });
        expect((await read(base, 'q=ajani')).data.map((e) => [e.card.name, e.finish])).toEqual([['Ajani, the Greathearted', 'foil']]);
        expect((await read(base, 'q=t:dragon')).data.map((e) => e.card.name)).toEqual(['Shivan Dragon']);
        expect((await read(base, 'q=is:foil')).meta.total).toBe(1);
        expect((await read(base, 'q=is:etched')).data.map((e) => e.card.name)).toEqual(['Abbot of Keral Keep']);
      }
    } finally {
      await other.close();
    }
  });
});

describe('round trips through the API', () => {
  for (const format of ['csv', 'json'] as const) {
    it(`our ${format} export imported back gives the same collection`, async () => {
      const user = await server.createUser();
      const binder = (await user.api('POST', '/api/v1/binders', { name: 'Trade' })).body.data;
      const batch = await user.api('POST', '/api/v1/collection/batch', {
        entries: [
          { card_id: CARDS.AJANI, quantity: 2, finish: 'foil', condition: 'lightly_played', language: 'de', purchase_price: '12.00', tags: ['trade', 'deck: esper'], notes: 'From the "Spark" prerelease,\nsigned' },
          { card_id: CARDS.ABBOT, finish: 'etched', binder_id: binder.id },
          { card_id: CARDS.AHN, quantity: 7, condition: 'damaged', binder_id: binder.id, tags: ['x'] },
          { card_id: CARDS.LYDARI_JA, condition: 'mint' },
          { card_id: CARDS.LUNGE, quantity: 100_000, notes: '=1+1' },
        ],
      });
      expect(batch.status, batch.text).toBe(201);
      const shape = (e: CollectionEntry) => [e.card_id, e.quantity, e.finish, e.condition, e.language, e.binder_id, e.purchase_price, e.tags, e.notes];
      const original = (await collection(user)).data;
      const exported = await collectText(writeCollection(format, asyncOf(original)));
      for (const e of original) expect((await user.api('DELETE', `/api/v1/collection/${e.id}`)).status).toBe(204);
      expect((await collection(user)).meta.total).toBe(0);

      const res = await upload(user.key, 'mode=apply', exported, format === 'json' ? 'application/json' : 'text/csv');
      expect(res.status, res.text).toBe(201);
      expect(res.body.data).toMatchObject({ format, rows: 5, matched: 5, entries_created: 5, unmatched: [], warnings: [] });
      const back = (await collection(user)).data;
      expect(back.map(shape).sort()).toEqual(original.map(shape).sort());
    });
  }

  it('keeps the binders of our csv by name when it moves to another account: its binders of those names, and the others created with the entries', async () => {
    const from = await server.createUser();
    const to = await server.createUser();
    const trade = (await from.api('POST', '/api/v1/binders', { name: 'Trade' })).body.data;
    const deckBox = (await from.api('POST', '/api/v1/binders', { name: 'Deck box' })).body.data;
    const batch = await from.api('POST', '/api/v1/collection/batch', {
      entries: [
        { card_id: CARDS.AJANI, binder_id: trade.id },
        { card_id: CARDS.AHN, quantity: 3, binder_id: deckBox.id },
        { card_id: CARDS.LUNGE },
      ],
    });
    expect(batch.status, batch.text).toBe(201);
    // The file as the export job writes it: each entry's binder by id and by name.
    const names = new Map([
      [trade.id as string, 'Trade'],
      [deckBox.id as string, 'Deck box'],
    ]);
    const file = await collectText(writeCollection('csv', asyncOf((await collection(from)).data), { binderNames: names }));
    expect(file.split('\r\n')[0]).toMatch(/,binder_name$/);
    // The other account has a "trade" binder (names match in any case), and no "Deck box".
    const theirs = (await to.api('POST', '/api/v1/binders', { name: 'trade' })).body.data;

    // A dry run names the binder it would create, and writes nothing.
    const preview = await upload(to.key, 'mode=dry_run', file);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data).toMatchObject({ binders_created: ['Deck box'], warnings: [], entries_created: 3 });
    expect(preview.body.data.entries.find((e: { card_id: string }) => e.card_id === CARDS.AHN)).toMatchObject({ binder_id: null, new_binder: 'Deck box', quantity: 3 });
    expect(preview.body.data.entries.find((e: { card_id: string }) => e.card_id === CARDS.AJANI)).toMatchObject({ binder_id: theirs.id, new_binder: null });
    expect((await to.api('GET', '/api/v1/binders')).body.data.map((b: { name: string }) => b.name)).toEqual(['trade']);

    const res = await upload(to.key, 'mode=apply', file);
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ binders_created: ['Deck box'], warnings: [], entries_created: 3 });
    const binders = (await to.api('GET', '/api/v1/binders')).body.data;
    expect(binders.map((b: { name: string; position: number; card_count: number }) => [b.name, b.position, b.card_count])).toEqual([
      ['trade', 1, 1],
      ['Deck box', 2, 3],
    ]);
    const made = binders[1];
    expect(res.body.data.entries.find((e: { card_id: string }) => e.card_id === CARDS.AHN)).toMatchObject({ binder_id: made.id, new_binder: 'Deck box' });
    const placed = (await collection(to)).data.map((e) => [e.card_id, e.binder_id]).sort();
    expect(placed).toEqual([[CARDS.AHN, made.id], [CARDS.AJANI, theirs.id], [CARDS.LUNGE, null]].sort());
    // The new binder's event is recorded with the entries', as POST /binders records its own (the first, for "trade").
    const events = await server.ctx.database.db.selectFrom('events').select(['type', 'occurred_at', 'id']).where('user_id', '=', to.id).execute();
    expect(events.filter((e) => e.type === 'binder.created')).toHaveLength(2);
    expect(events.filter((e) => e.type === 'collection.entry.created')).toHaveLength(3);
    // By timestamp and id, as receivers order them, the binder comes before the entries put into it.
    const order = [...events].sort((a, b) => (a.occurred_at < b.occurred_at ? -1 : a.occurred_at > b.occurred_at ? 1 : a.id < b.id ? -1 : 1)).map((e) => e.type);
    expect(order.lastIndexOf('binder.created')).toBeLessThan(order.indexOf('collection.entry.created'));

    // Importing the file again merges into the binders it made: none is made twice.
    const again = await upload(to.key, 'mode=apply', file);
    expect(again.status, again.text).toBe(201);
    expect(again.body.data).toMatchObject({ binders_created: [], entries_created: 0, entries_merged: 3 });
    expect((await to.api('GET', '/api/v1/binders')).body.data).toHaveLength(2);

    // A name no binder could have (a cell of 5,000 characters) makes none, and is named in the report only in part.
    const long = await upload(to.key, 'mode=dry_run', `card_id,quantity,binder_name\n${CARDS.LUNGE},1,${'b'.repeat(5_000)}\n`);
    expect(long.status, long.text).toBe(200);
    expect(long.body.data.binders_created).toEqual([]);
    expect(long.body.data.warnings).toEqual([expect.objectContaining({ message: expect.stringContaining(`binder "${'b'.repeat(100)}…" is longer than 100 characters`) })]);

    // A hand-edited file's direction marks and control characters are dropped from the name (the API refuses them in names).
    const marked = await upload(to.key, 'mode=apply', `card_id,quantity,binder_name\n${CARDS.LUNGE},1,"\u202eFoils\u202c\t"\n`);
    expect(marked.status, marked.text).toBe(201);
    expect(marked.body.data.binders_created).toEqual(['Foils']);
    expect((await to.api('GET', '/api/v1/binders')).body.data.map((b: { name: string }) => b.name)).toContain('Foils');
  });

  it('keeps two binders of the file apart when their names differ only in case, or not at all, and merges into them on a second import', async () => {
    const from = await server.createUser();
    const to = await server.createUser();
    const made = [];
    for (const name of ['Trade, Binder', 'trade, binder', 'Dup', 'Dup']) made.push((await from.api('POST', '/api/v1/binders', { name })).body.data);
    const batch = await from.api('POST', '/api/v1/collection/batch', {
      entries: [
        { card_id: CARDS.AJANI, quantity: 1, binder_id: made[0].id },
        { card_id: CARDS.AJANI, quantity: 2, binder_id: made[1].id },
        { card_id: CARDS.AHN, quantity: 3, binder_id: made[2].id },
        { card_id: CARDS.AHN, quantity: 4, binder_id: made[3].id },
      ],
    });
    expect(batch.status, batch.text).toBe(201);
    const file = await collectText(writeCollection('csv', asyncOf((await collection(from)).data), { binderNames: new Map(made.map((b) => [b.id as string, b.name as string])) }));
    // In the order the file first names them, which is the collection's order, not the binders'.
    const layout = async () =>
      (await to.api('GET', '/api/v1/binders')).body.data.map((b: { name: string; card_count: number }) => [b.name, b.card_count]).sort(
        (a: [string, number], b: [string, number]) => a[1] - b[1],
      );

    const res = await upload(to.key, 'mode=apply', file);
    expect(res.status, res.text).toBe(201);
    expect([...res.body.data.binders_created].sort()).toEqual(['Dup', 'Dup', 'Trade, Binder', 'trade, binder']);
    expect(await layout()).toEqual([
      ['Trade, Binder', 1],
      ['trade, binder', 2],
      ['Dup', 3],
      ['Dup', 4],
    ]);
    const again = await upload(to.key, 'mode=apply', file);
    expect(again.status, again.text).toBe(201);
    expect(again.body.data).toMatchObject({ binders_created: [], entries_merged: 4, entries_created: 0 });
    expect(await layout()).toEqual([
      ['Trade, Binder', 2],
      ['trade, binder', 4],
      ['Dup', 6],
      ['Dup', 8],
    ]);
  });

  it('puts the entries into a binder of the planned name made since the file was planned, rather than making a second', async () => {
    const to = await server.createUser();
    const binders = server.ctx.binders;
    const ensureNamed = binders.ensureNamed;
    let made: string | undefined;
    // Another request makes "Trade" between the plan and the write (the import's write then holds the owner's lock).
    binders.ensureNamed = async (trx, userId, wanted, now) => {
      made = newId();
      const at = now.toISOString();
      await trx.insertInto('binders').values({ id: made, user_id: userId, name: 'TRADE', description: null, position: 1, created_at: at, updated_at: at }).execute();
      return ensureNamed.call(binders, trx, userId, wanted, now);
    };
    try {
      const res = await upload(to.key, 'mode=apply', `card_id,quantity,binder_name\n${CARDS.LUNGE},2,Trade\n${CARDS.AJANI},1,Spares\n`);
      expect(res.status, res.text).toBe(201);
      expect(res.body.data.binders_created).toEqual(['Spares']);
      const list = (await to.api('GET', '/api/v1/binders')).body.data;
      expect(list.map((b: { name: string; position: number; card_count: number }) => [b.name, b.position, b.card_count])).toEqual([
        ['TRADE', 1, 2],
        ['Spares', 2, 1],
      ]);
      expect(res.body.data.entries.find((e: { card_id: string }) => e.card_id === CARDS.LUNGE)).toMatchObject({ binder_id: made, new_binder: null });
    } finally {
      binders.ensureNamed = ensureNamed;
    }
  });

  it('refuses a file with an unmatched row whole, its report naming the binder it would make without an id for it', async () => {
    const to = await server.createUser();
    const res = await upload(to.key, 'mode=apply', `card_id,quantity,binder_name\n${CARDS.LUNGE},1,Spares\n00000000-0000-4000-8000-000000000000,1,Spares\n`);
    expect(res.status, res.text).toBe(422);
    expect(res.body).toMatchObject({ code: 'import_rejected', binders_created: ['Spares'] });
    expect(res.body.entries).toEqual([expect.objectContaining({ card_id: CARDS.LUNGE, binder_id: null, new_binder: 'Spares' })]);
    expect((await to.api('GET', '/api/v1/binders')).body.data).toEqual([]);
  });

  it('creates at most 100 binders for one file: rows naming more go into no binder, with a warning', async () => {
    const to = await server.createUser();
    const rows = Array.from({ length: 102 }, (_, i) => `${CARDS.LUNGE},1,Box ${String(i + 1).padStart(3, '0')}`);
    const res = await upload(to.key, 'mode=apply', `card_id,quantity,binder_name\n${rows.join('\n')}\n`);
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.binders_created).toHaveLength(100);
    expect(res.body.data.binders_created.at(-1)).toBe('Box 100');
    expect(res.body.data.warnings.map((w: { message: string }) => w.message)).toEqual([
      'binder "Box 101" would be more than 100 new binders for one import; the entry goes into no binder',
      'binder "Box 102" would be more than 100 new binders for one import; the entry goes into no binder',
    ]);
    const binders = await to.api('GET', '/api/v1/binders?limit=200');
    expect(binders.body.meta.total).toBe(100);
    expect(binders.body.data.map((b: { position: number }) => b.position)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });
});
