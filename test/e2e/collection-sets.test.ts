import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS } from '../helpers/collection.js';
import { DEMO_CARDS, startTestServer, type TestServer, type TestUser } from '../helpers/server.js';
import { serversSharingADatabase } from '../helpers/shared-database.js';

/**
 * `GET /collection/sets` and `GET /collection/sets/{code}/missing`: a collection's progress
 * through each card set. Expected figures are worked out here from the demo card file itself.
 */

type SourceCard = { id: string; set: string; set_name: string; collector_number: string; lang: string; released_at: string; prices: Record<string, string | null> };
const source = JSON.parse(fs.readFileSync(path.join(DEMO_CARDS, 'default-cards.json'), 'utf8')) as SourceCard[];
const byId = new Map(source.map((c) => [c.id, c]));

/** The set's distinct collector numbers (any language, any case), as the source file has them. */
function numbersOf(set: string): Set<string> {
  return new Set(source.filter((c) => c.set === set).map((c) => c.collector_number.toLowerCase()));
}

/** The set's numbers in set order: by leading number, then as text; those without one last. */
function inSetOrder(numbers: Iterable<string>): string[] {
  const lead = (n: string) => (/^\d+/.test(n) ? Number(/^\d+/.exec(n)![0]) : Infinity);
  return [...numbers].sort((a, b) => lead(a) - lead(b) || (a < b ? -1 : a > b ? 1 : 0));
}

const WAR = (n: string) => source.find((c) => c.set === 'war' && c.collector_number === n && c.lang === 'en')!.id;
const TEFERI = WAR('221');
const TEFERI_STAR = WAR('221★');
const ABZAN_ES = '6be15da4-cce8-4788-bce1-4de4bc83f839'; // ktk 2, printed in Spanish only
const MANTIS = '82d5ce46-7118-4ede-ba1d-c387e7ce16e7'; // ktk 184: nonfoil $0.37, foil $3.51

let server: TestServer;
let user: TestUser;
let binderId: string;

type Held = { card_id: string; quantity: number; finish?: 'nonfoil' | 'foil' | 'etched'; language?: string; condition?: string; binder?: boolean };
const held: Held[] = [
  { card_id: CARDS.AHN, quantity: 2 },
  { card_id: CARDS.AHN, quantity: 1, finish: 'foil', binder: true },
  { card_id: CARDS.AHN, quantity: 1, language: 'ja', condition: 'lightly_played' },
  { card_id: CARDS.LUNGE, quantity: 4 },
  { card_id: TEFERI, quantity: 1, finish: 'foil', binder: true },
  { card_id: TEFERI_STAR, quantity: 1 },
  { card_id: ABZAN_ES, quantity: 3 },
  { card_id: MANTIS, quantity: 1, finish: 'foil' },
  { card_id: CARDS.ABBOT, quantity: 2, finish: 'etched' },
];

beforeAll(async () => {
  server = await startTestServer();
  user = await server.createUser({ scopes: ['collection:read', 'collection:write'] });
  binderId = (await user.api('POST', '/api/v1/binders', { name: 'Foils' })).body.data.id;
  for (const h of held) {
    const { binder, ...body } = h;
    const res = await user.api('POST', '/api/v1/collection', { ...body, binder_id: binder ? binderId : null });
    expect(res.status, res.text).toBe(201);
  }
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const sets = (query = '') => user.api('GET', `/api/v1/collection/sets${query}`);
const missing = (code: string, query = '') => user.api('GET', `/api/v1/collection/sets/${code}/missing${query}`);

/** Every page of a set's missing cards (`query` starts with `&`), each page checked. */
async function allMissing(code: string, query = '', limit = 200): Promise<Array<{ id: string; collector_number: string }>> {
  const out: Array<{ id: string; collector_number: string }> = [];
  let cursor: string | null = null;
  do {
    const res = await missing(code, `?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status, res.text).toBe(200);
    out.push(...res.body.data);
    cursor = res.body.meta.next_cursor;
  } while (cursor);
  return out;
}

/** What the filters' copies add up to per set, from the source file. */
function expectedSets(keep: (h: Held) => boolean = () => true) {
  const out = new Map<string, { owned: Set<string>; quantity: number; cents: number }>();
  for (const h of held.filter(keep)) {
    const card = byId.get(h.card_id)!;
    const t = out.get(card.set) ?? { owned: new Set<string>(), quantity: 0, cents: 0 };
    t.owned.add(card.collector_number.toLowerCase());
    t.quantity += h.quantity;
    const price = card.prices[{ nonfoil: 'usd', foil: 'usd_foil', etched: 'usd_etched' }[h.finish ?? 'nonfoil']];
    t.cents += price == null ? 0 : Math.round(Number(price) * 100) * h.quantity;
    out.set(card.set, t);
  }
  return out;
}

describe('GET /collection/sets', () => {
  it("counts each set's cards and the collector numbers held, in any language, finish, condition or binder", async () => {
    const res = await sets();
    expect(res.status, res.text).toBe(200);
    const want = expectedSets();
    expect(res.body.meta).toEqual({ total: want.size, next_cursor: null });
    for (const row of res.body.data) {
      const t = want.get(row.set)!;
      const cards = numbersOf(row.set).size;
      const any = source.find((c) => c.set === row.set)!;
      expect(row).toEqual({
        set: row.set,
        set_name: any.set_name,
        set_type: expect.any(String),
        released_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        cards,
        owned: t.owned.size,
        missing: cards - t.owned.size,
        percent: Math.floor((t.owned.size * 1000) / cards) / 10,
        quantity: t.quantity,
        value: (t.cents / 100).toFixed(2),
      });
    }
    // War of the Spark: Ahn-Crop (three copies in three ways counted once), Lunge, Teferi and Teferi ★ (a number of its own).
    expect(res.body.data.find((r: { set: string }) => r.set === 'war')).toMatchObject({ cards: 311, owned: 4, quantity: 10 });
    // Khans: a number printed only in Spanish counts like any other.
    expect(res.body.data.find((r: { set: string }) => r.set === 'ktk')).toMatchObject({ cards: 2, owned: 2, missing: 0, percent: 100 });
  });

  it('agrees with the collection list: the same copies and the same value per set', async () => {
    for (const row of (await sets()).body.data) {
      const list = await user.api('GET', `/api/v1/collection?set=${row.set}&limit=1`);
      expect(list.body.meta.total_quantity).toBe(row.quantity);
      expect(list.body.meta.total_value).toBe(row.value);
    }
  });

  it('lists sets newest first by default; sorts by name, completion and value; ties by set code', async () => {
    const data = (await sets()).body.data as Array<{ set: string; set_name: string; released_at: string; percent: number; owned: number; cards: number; value: string }>;
    const byRelease = [...data].sort((a, b) => (a.released_at < b.released_at ? 1 : a.released_at > b.released_at ? -1 : a.set < b.set ? 1 : -1));
    expect(data.map((r) => r.set)).toEqual(byRelease.map((r) => r.set));
    const byName = (await sets('?sort=name')).body.data.map((r: { set_name: string }) => r.set_name);
    expect(byName).toEqual([...byName].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const byCompletion = (await sets('?sort=completion')).body.data as typeof data;
    for (let i = 1; i < byCompletion.length; i++) {
      const [a, b] = [byCompletion[i - 1]!, byCompletion[i]!];
      expect(a.owned / a.cards).toBeGreaterThanOrEqual(b.owned / b.cards);
    }
    expect(byCompletion[0]).toMatchObject({ set: 'ktk', percent: 100 }); // the one complete set
    const byValue = ((await sets('?sort=value&dir=asc')).body.data as typeof data).map((r) => Number(r.value));
    expect(byValue).toEqual([...byValue].sort((a, b) => a - b));
  });

  it('pages with limit and cursor through every set exactly once, in every sort and direction', async () => {
    const all = (await sets()).body.data.length;
    for (const order of ['released', 'name', 'completion', 'value']) {
      for (const dir of ['asc', 'desc']) {
        const whole = (await sets(`?sort=${order}&dir=${dir}`)).body.data.map((r: { set: string }) => r.set);
        const walked: string[] = [];
        let cursor: string | null = null;
        do {
          const res = await sets(`?sort=${order}&dir=${dir}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
          expect(res.status, res.text).toBe(200);
          expect(res.body.meta.total).toBe(all);
          walked.push(...res.body.data.map((r: { set: string }) => r.set));
          cursor = res.body.meta.next_cursor;
        } while (cursor);
        expect(walked).toEqual(whole);
      }
    }
  });

  it('counts only the copies the filters select: finish, condition, binder, set and q', async () => {
    const pick = async (query: string) => new Map((await sets(query)).body.data.map((r: { set: string; owned: number; quantity: number }) => [r.set, [r.owned, r.quantity]]));
    const asExpected = (keep: (h: Held) => boolean) => new Map([...expectedSets(keep)].map(([set, t]) => [set, [t.owned.size, t.quantity]]));
    expect(await pick('?finish=foil')).toEqual(asExpected((h) => h.finish === 'foil'));
    expect(await pick('?condition=lightly_played')).toEqual(asExpected((h) => h.condition === 'lightly_played'));
    expect(await pick(`?binder_id=${binderId}`)).toEqual(asExpected((h) => h.binder === true));
    expect(await pick('?binder_id=none')).toEqual(asExpected((h) => !h.binder));
    expect(await pick('?set=WAR')).toEqual(asExpected((h) => byId.get(h.card_id)!.set === 'war'));
    expect(await pick('?q=t:planeswalker')).toEqual(asExpected((h) => h.card_id === TEFERI || h.card_id === TEFERI_STAR));
    expect(await pick(`?q=${encodeURIComponent('is:foil usd>1')}`)).toEqual(asExpected((h) => h.card_id === MANTIS || h.card_id === TEFERI));
  });

  it('shows a write at once', async () => {
    const other = await server.createUser({ scopes: ['collection:read', 'collection:write'] });
    const before = (await other.api('GET', '/api/v1/collection/sets')).body;
    expect(before).toEqual({ data: [], meta: { total: 0, next_cursor: null } });
    const add = await other.api('POST', '/api/v1/collection', { card_id: CARDS.LYDARI_JA });
    const after = (await other.api('GET', '/api/v1/collection/sets')).body.data;
    expect(after).toEqual([expect.objectContaining({ set: 'psdg', cards: 1, owned: 1, percent: 100, quantity: 1, value: '0.00' })]);
    await other.api('DELETE', `/api/v1/collection/${add.body.data.id}`);
    expect((await other.api('GET', '/api/v1/collection/sets')).body.data).toEqual([]);
  });

  it('refuses bad parameters with a problem and a field', async () => {
    for (const [query, field, status] of [
      ['?sort=rarity', 'sort', 422],
      ['?dir=up', 'dir', 422],
      ['?limit=0', 'limit', 422],
      ['?limit=201', 'limit', 422],
      ['?cursor=nonsense', 'cursor', 422],
      ['?binder_id=nope', 'binder_id', 422],
      ['?include_extras=true', 'include_extras', 422],
    ] as const) {
      const res = await sets(query);
      expect(res.status, query).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(res.body.errors.map((e: { field: string }) => e.field), query).toContain(field);
    }
    const bad = await sets('?q=frob:1');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_query');
    // A cursor of another sort is not this list's.
    const named = await sets('?sort=name&limit=1');
    expect((await sets(`?sort=value&cursor=${named.body.meta.next_cursor}`)).status).toBe(422);
  });

  it("needs collection:read and shows only the caller's own copies", async () => {
    const cardsOnly = await server.createUser({ scopes: ['cards:read'] });
    const denied = await cardsOnly.api('GET', '/api/v1/collection/sets');
    expect(denied.status).toBe(403);
    expect(denied.body.missing_scope).toBe('collection:read');
    const stranger = await server.createUser({ scopes: ['collection:read'] });
    expect((await stranger.api('GET', '/api/v1/collection/sets')).body.data).toEqual([]);
    expect((await stranger.api('GET', '/api/v1/collection/sets/war/missing?limit=1')).body.meta).toMatchObject({ total: 311, cards: 311, owned: 0 });
  });
});

describe('GET /collection/sets/{code}/missing', () => {
  it('lists one printing of every number not held, in set order, with the set\'s counts', async () => {
    const res = await missing('war', '?limit=200');
    expect(res.status, res.text).toBe(200);
    const heldWar = new Set(held.map((h) => byId.get(h.card_id)!).filter((c) => c.set === 'war').map((c) => c.collector_number.toLowerCase()));
    const want = inSetOrder([...numbersOf('war')].filter((n) => !heldWar.has(n)));
    expect(res.body.meta).toMatchObject({ total: want.length, cards: 311, owned: heldWar.size });
    expect(res.body.data.map((c: { collector_number: string }) => c.collector_number.toLowerCase())).toEqual(want.slice(0, 200));
    // The card summary a collection entry carries, English where the number was printed in English.
    expect(res.body.data[0]).toEqual({
      id: expect.any(String),
      oracle_id: expect.any(String),
      name: expect.any(String),
      set: 'war',
      set_name: 'War of the Spark',
      collector_number: want[0],
      rarity: expect.any(String),
      lang: 'en',
      image_uris: expect.any(Object),
      prices: expect.any(Object),
    });
  });

  it('pages through every missing card exactly once, in set order', async () => {
    const whole = (await allMissing('war')).map((c) => c.id);
    const walked = (await allMissing('WAR', '', 37)).map((c) => c.id);
    expect(walked).toEqual(whole);
    expect(walked).toHaveLength(new Set(walked).size);
    expect(walked).toHaveLength(311 - 4);
    for (const id of [CARDS.AHN, CARDS.LUNGE, TEFERI, TEFERI_STAR]) expect(walked).not.toContain(id);
  });

  it('takes the printing there is where a number was printed in one other language only', async () => {
    const other = await server.createUser({ scopes: ['collection:read'] });
    const res = await other.api('GET', '/api/v1/collection/sets/ktk/missing');
    expect(res.body.data.map((c: { id: string; lang: string }) => [c.id, c.lang])).toEqual([
      [ABZAN_ES, 'es'],
      [MANTIS, 'en'],
    ]);
  });

  it('counts only the copies the filters select: the cards held in no foil', async () => {
    const res = await missing('war', '?finish=foil&q=t:planeswalker');
    expect(res.body.meta).toMatchObject({ owned: 1 });
    const ids = (await allMissing('war', '&finish=foil&q=t:planeswalker')).map((c) => c.id);
    expect(ids).toContain(TEFERI_STAR);
    expect(ids).not.toContain(TEFERI);
    expect(ids).toContain(CARDS.AHN);
  });

  it('answers 404 for a set the card database lacks, and refuses a cursor of another set', async () => {
    const res = await missing('zzz');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    const page = await missing('war', '?limit=1');
    expect((await missing('m20', `?cursor=${page.body.meta.next_cursor}`)).status).toBe(422);
    expect((await missing('war', '?sort=name')).status).toBe(422);
    expect((await missing('war-of-the-spark-x')).status).toBe(422);
  });
});

describe('set progress read from memory', () => {
  const pair = serversSharingADatabase();

  it('sees a write made by another process on the next read', async () => {
    const user = await pair.server.createUser({ scopes: ['collection:read', 'collection:write'] });
    await user.api('POST', '/api/v1/collection', { card_id: CARDS.AHN });
    const first = await user.api('GET', '/api/v1/collection/sets');
    expect(first.body.data).toEqual([expect.objectContaining({ set: 'war', owned: 1 })]);
    expect((await user.api('GET', '/api/v1/collection/sets')).text).toBe(first.text);
    const added = await pair.other.request('POST', '/api/v1/collection', { token: user.key, body: { card_id: CARDS.LUNGE } });
    expect(added.status, added.text).toBe(201);
    expect((await user.api('GET', '/api/v1/collection/sets')).body.data).toEqual([expect.objectContaining({ set: 'war', owned: 2, quantity: 2 })]);
    const missingHere = await user.api('GET', '/api/v1/collection/sets/war/missing?limit=1');
    expect(missingHere.body.meta).toMatchObject({ owned: 2, total: 309 });
  });
});
