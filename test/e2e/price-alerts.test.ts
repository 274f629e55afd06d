import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCards, type ImportOptions } from '../../src/cards/import.js';
import { ManualClock } from '../../src/lib/clock.js';
import { DEMO_CARDS, startTestServer, type TestServer, type TestUser } from '../helpers/server.js';

const SNAPSHOTS = path.join(DEMO_CARDS, 'snapshots');
const snapshots = fs
  .readdirSync(SNAPSHOTS)
  .filter((f) => f.endsWith('.json.gz'))
  .sort()
  .map((f) => ({ file: path.join(SNAPSHOTS, f), date: /(\d{4}-\d{2}-\d{2})/.exec(f)![1]! }));

const TEFERI = '5cb76266-ae50-4bbc-8f96-d98f309b02d3';
const ARCANIST = 'fd97b3cf-924e-4f77-bb82-0bf19592389f';
const KARN = '3ec0c0fb-1a4f-45f4-85b7-346a6d3ce2c5';
const ANGEL_TOKEN_FOIL_ONLY = 'a5108f4b-f2ee-41ba-b5e4-29f942b478b3';

describe('price alerts: CRUD', () => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    user = await server.createUser({ scopes: ['collection:write'] });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates an armed alert with defaults nonfoil/usd and returns it with 201', async () => {
    const res = await user.api('POST', '/api/v1/price-alerts', { card_id: TEFERI, direction: 'above', threshold: '20.00' });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      card_id: TEFERI,
      finish: 'nonfoil',
      currency: 'usd',
      direction: 'above',
      threshold: '20.00',
      status: 'armed',
      last_triggered_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const got = await user.api('GET', `/api/v1/price-alerts/${res.body.data.id}`);
    expect(got.body.data).toEqual(res.body.data);
  });

  it('lists alerts with total and a cursor, filtered by card and status', async () => {
    const u = await server.createUser({ scopes: ['collection:write'] });
    for (const t of ['1', '2', '3']) await u.api('POST', '/api/v1/price-alerts', { card_id: TEFERI, direction: 'below', threshold: t });
    await u.api('POST', '/api/v1/price-alerts', { card_id: KARN, direction: 'below', threshold: '5' });
    const first = await u.api('GET', '/api/v1/price-alerts?limit=2');
    expect(first.body.meta.total).toBe(4);
    expect(first.body.data).toHaveLength(2);
    const second = await u.api('GET', `/api/v1/price-alerts?limit=2&cursor=${first.body.meta.next_cursor}`);
    expect(second.body.data).toHaveLength(2);
    expect(second.body.meta.next_cursor).toBeNull();
    expect(new Set([...first.body.data, ...second.body.data].map((a: { id: string }) => a.id)).size).toBe(4);
    const karn = await u.api('GET', `/api/v1/price-alerts?card_id=${KARN}`);
    expect(karn.body.meta.total).toBe(1);
    expect((await u.api('GET', '/api/v1/price-alerts?status=triggered')).body.meta.total).toBe(0);
  });

  it('takes a card id in capitals, as GET /cards/{id} does, and keeps it as the card database writes it', async () => {
    const u = await server.createUser({ scopes: ['collection:write'] });
    const res = await u.api('POST', '/api/v1/price-alerts', { card_id: KARN.toUpperCase(), direction: 'below', threshold: '5' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.card_id).toBe(KARN);
    expect((await u.api('GET', `/api/v1/price-alerts?card_id=${KARN.toUpperCase()}`)).body.meta.total).toBe(1);
  });

  it('updates threshold and direction (re-arming) and deletes with 204', async () => {
    const created = (await user.api('POST', '/api/v1/price-alerts', { card_id: TEFERI, finish: 'foil', direction: 'above', threshold: '50' })).body.data;
    const patched = await user.api('PATCH', `/api/v1/price-alerts/${created.id}`, { threshold: '45.5', direction: 'below' });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ threshold: '45.50', direction: 'below', status: 'armed', finish: 'foil' });
    const del = await user.api('DELETE', `/api/v1/price-alerts/${created.id}`);
    expect(del.status).toBe(204);
    expect((await user.api('GET', `/api/v1/price-alerts/${created.id}`)).status).toBe(404);
  });

  it('keeps an alert, its updated_at and ETag, through a PATCH that changes nothing', async () => {
    const created = await user.api('POST', '/api/v1/price-alerts', { card_id: TEFERI, direction: 'above', threshold: '18' });
    const etag = created.headers.get('etag')!;
    for (const patch of [{}, { status: 'armed' }, { threshold: '18.00' }, { direction: 'above', finish: 'nonfoil', currency: 'usd' }]) {
      const res = await user.api('PATCH', `/api/v1/price-alerts/${created.body.data.id}`, patch, { 'if-match': etag });
      expect(res.status, JSON.stringify(patch)).toBe(200);
      expect(res.headers.get('etag'), JSON.stringify(patch)).toBe(etag);
      expect(res.body.data).toEqual(created.body.data);
    }
    expect((await user.api('DELETE', `/api/v1/price-alerts/${created.body.data.id}`, undefined, { 'if-match': etag })).status).toBe(204);
  });

  it('rejects unknown cards, finishes the printing lacks and prices the data has no column for', async () => {
    const unknown = await user.api('POST', '/api/v1/price-alerts', { card_id: 'nope', direction: 'above', threshold: '1' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0]).toMatchObject({ field: 'card_id', code: 'unknown_card' });
    const etched = await user.api('POST', '/api/v1/price-alerts', { card_id: TEFERI, finish: 'etched', direction: 'above', threshold: '1' });
    expect(etched.status).toBe(422);
    expect(etched.body.errors[0]).toMatchObject({ field: 'finish', code: 'unavailable_finish' });
    const nonfoilOnFoilOnly = await user.api('POST', '/api/v1/price-alerts', { card_id: ANGEL_TOKEN_FOIL_ONLY, direction: 'above', threshold: '1' });
    expect(nonfoilOnFoilOnly.status).toBe(422);
    const tixFoil = await user.api('POST', '/api/v1/price-alerts', { card_id: TEFERI, finish: 'foil', currency: 'tix', direction: 'above', threshold: '1' });
    expect(tixFoil.status).toBe(422);
    expect(tixFoil.body.errors[0]).toMatchObject({ field: 'currency', code: 'unsupported_price' });
    const bad = await user.api('POST', '/api/v1/price-alerts', { card_id: TEFERI, direction: 'sideways', threshold: '-1', extra: 1 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(expect.arrayContaining(['direction', 'threshold', 'extra']));
    // A value outside a fixed set says which values there are, as everywhere else.
    expect(bad.body.errors).toContainEqual({ field: 'direction', code: 'invalid_value', message: 'must be one of: above, below' });
    expect(bad.body.errors.filter((e: { field: string }) => e.field === 'direction')).toHaveLength(1);
  });
});

describe('price alerts: security', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers 404 for another user's alert, on read, update and delete", async () => {
    const alice = await server.createUser({ scopes: ['collection:write'] });
    const bob = await server.createUser({ scopes: ['collection:write'] });
    const a = (await alice.api('POST', '/api/v1/price-alerts', { card_id: TEFERI, direction: 'above', threshold: '20' })).body.data;
    expect((await bob.api('GET', `/api/v1/price-alerts/${a.id}`)).status).toBe(404);
    expect((await bob.api('PATCH', `/api/v1/price-alerts/${a.id}`, { threshold: '1' })).status).toBe(404);
    expect((await bob.api('DELETE', `/api/v1/price-alerts/${a.id}`)).status).toBe(404);
    expect((await bob.api('GET', '/api/v1/price-alerts')).body.meta.total).toBe(0);
    expect((await alice.api('GET', `/api/v1/price-alerts/${a.id}`)).body.data.threshold).toBe('20.00');
  });

  it('needs collection:read to read and collection:write to change', async () => {
    const reader = await server.createUser({ scopes: ['collection:read'] });
    const cardsOnly = await server.createUser({ scopes: ['cards:read'] });
    expect((await reader.api('GET', '/api/v1/price-alerts')).status).toBe(200);
    const write = await reader.api('POST', '/api/v1/price-alerts', { card_id: TEFERI, direction: 'above', threshold: '20' });
    expect(write.status).toBe(403);
    expect(write.body.missing_scope).toBe('collection:write');
    expect((await cardsOnly.api('GET', '/api/v1/price-alerts')).body.missing_scope).toBe('collection:read');
    expect((await server.request('GET', '/api/v1/price-alerts')).status).toBe(401);
  });
});

describe('price alerts: the weekly snapshots of May to August 2019', () => {
  let server: TestServer;
  let user: TestUser;
  const alerts: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer({}, { cards: false });
    user = await server.createUser({ scopes: ['collection:write'] });
    await importCards(server.ctx, { file: snapshots[0]!.file, asOf: snapshots[0]!.date });
    const make = async (name: string, body: Record<string, string>) => {
      const res = await user.api('POST', '/api/v1/price-alerts', body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      alerts[name] = res.body.data.id;
    };
    // Teferi, Time Raveler: 12.60 on 05-12, 17.94 on 06-02, 18.25 on 06-16, 17.88 on 06-23 ... 14.90 on 08-04.
    await make('teferi18', { card_id: TEFERI, direction: 'above', threshold: '18.00' });
    await make('teferi15below', { card_id: TEFERI, direction: 'below', threshold: '15.50' });
    await make('teferiFoil', { card_id: TEFERI, finish: 'foil', direction: 'above', threshold: '44.00' });
    await make('teferiNever', { card_id: TEFERI, direction: 'above', threshold: '19.00' });
    // Dreadhorde Arcanist: 8.87 (07-07) -> 10.38 (07-14) -> 9.99 (07-21) -> 10.31 (07-28) -> 10.00 (08-04).
    await make('arcanist10', { card_id: ARCANIST, direction: 'above', threshold: '10.00' });
    // Karn, the Great Creator: 9.89 -> 11.04 (05-19) ... 10.25 (07-14) -> 9.99 (07-21) -> 10.00 -> 9.99.
    await make('karn10', { card_id: KARN, direction: 'below', threshold: '10.00' });
    for (const s of snapshots.slice(1)) {
      await importCards(server.ctx, { file: s.file, asOf: s.date });
    }
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  async function fired(alertId: string) {
    const events = (await server.events(user.id)).filter((e) => e.type === 'price.alert.triggered' && e.payload.alert.id === alertId);
    return events.map((e) => e.payload);
  }

  it('fires Teferi above 18.00 exactly once, when 17.94 became 18.25, and re-arms when it fell back', async () => {
    const events = await fired(alerts.teferi18!);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      price: '18.25',
      previous_price: '17.94',
      alert: { id: alerts.teferi18, card_id: TEFERI, status: 'triggered', direction: 'above', threshold: '18.00', finish: 'nonfoil', currency: 'usd' },
      card: { id: TEFERI, name: 'Teferi, Time Raveler', set: 'war', prices: { usd: '18.25' } },
    });
    expect(events[0].alert.last_triggered_at).toEqual(expect.any(String));
    // 17.88 on 06-23 crossed back: armed again, and it never reached 18 again.
    const now = (await user.api('GET', `/api/v1/price-alerts/${alerts.teferi18}`)).body.data;
    expect(now.status).toBe('armed');
    expect(now.last_triggered_at).toBe(events[0].alert.last_triggered_at);
  });

  it('fires a "below" alert when the price falls through it: Teferi 16.03 -> 15.19 under 15.50', async () => {
    const events = await fired(alerts.teferi15below!);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ price: '15.19', previous_price: '16.03' });
    expect((await user.api('GET', `/api/v1/price-alerts/${alerts.teferi15below}`)).body.data.status).toBe('triggered');
  });

  it('watches the finish it was set on: the foil price 42.26 -> 40.19 -> 44.45 crosses 44.00 once', async () => {
    const events = await fired(alerts.teferiFoil!);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ price: '44.45', previous_price: '40.19', alert: { finish: 'foil' } });
  });

  it('never fires when the price never reaches the threshold', async () => {
    expect(await fired(alerts.teferiNever!)).toHaveLength(0);
    expect((await user.api('GET', `/api/v1/price-alerts/${alerts.teferiNever}`)).body.data.status).toBe('armed');
  });

  it('fires again after re-arming: Dreadhorde Arcanist crosses 10.00 up, down and up', async () => {
    const events = await fired(alerts.arcanist10!);
    expect(events.map((e) => [e.previous_price, e.price])).toEqual([
      ['8.87', '10.38'],
      ['9.99', '10.31'],
    ]);
    expect((await user.api('GET', `/api/v1/price-alerts/${alerts.arcanist10}`)).body.data.status).toBe('triggered');
  });

  it('fires Karn below 10.00 when 10.25 became 9.99, and not again while it hovers at 10.00 and 9.99', async () => {
    const events = await fired(alerts.karn10!);
    expect(events.map((e) => [e.previous_price, e.price])).toEqual([['10.25', '9.99']]);
  });

  it('records each event for the alert owner only, with the contract payload', async () => {
    const all = (await server.events()).filter((e) => e.type === 'price.alert.triggered');
    expect(all.every((e) => e.user_id === user.id)).toBe(true);
    expect(all).toHaveLength(6);
    for (const e of all) expect(Object.keys(e.payload).sort()).toEqual(['alert', 'card', 'previous_price', 'price']);
  });

  it('writes no event and changes no alert when an import fails', async () => {
    const before = (await server.events()).length;
    const bad = path.join(server.config.dataDir, 'broken.json');
    fs.writeFileSync(bad, '[{"object":"card","id":"x","name":"X","set":"xxx"}, {"object":"card", "id": ');
    await expect(importCards(server.ctx, { file: bad, asOf: '2019-08-11' })).rejects.toThrow(/not a complete Scryfall bulk JSON array/);
    expect((await server.events()).length).toBe(before);
  });
});

describe('price alerts: days without a price, and alerts changed during an import', () => {
  const clock = new ManualClock('2026-11-22T10:00:00.000Z');
  let server: TestServer;
  let user: TestUser;
  let day = 0;
  const teferi = (JSON.parse(fs.readFileSync(path.join(DEMO_CARDS, 'default-cards.json'), 'utf8')) as Array<Record<string, unknown>>).find((c) => c.id === TEFERI)!;
  /** Imports Teferi alone, at these prices, as the next day's file. */
  async function priced(prices: { usd?: string | null; usd_foil?: string | null }, progress?: ImportOptions['progress']) {
    day++;
    const file = path.join(server.config.dataDir, `teferi-${day}.json`);
    fs.writeFileSync(file, JSON.stringify([{ ...teferi, prices: { ...(teferi.prices as object), ...prices } }]));
    return importCards(server.ctx, { file, asOf: `2020-01-${String(day).padStart(2, '0')}`, ...(progress ? { progress } : {}) });
  }
  const alert = async (id: string) => (await user.api('GET', `/api/v1/price-alerts/${id}`)).body.data;
  const firings = async (id: string) =>
    (await server.events(user.id)).filter((e) => e.type === 'price.alert.triggered' && e.payload.alert.id === id).map((e) => [e.payload.previous_price, e.payload.price]);

  beforeAll(async () => {
    server = await startTestServer({}, { clock });
    user = await server.createUser({ scopes: ['collection:write'] });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('re-arms a triggered alert whose price comes back on the other side after a day without one, and fires at the next crossing', async () => {
    const id = (await user.api('POST', '/api/v1/price-alerts', { card_id: TEFERI, finish: 'foil', direction: 'below', threshold: '40' })).body.data.id;
    await priced({ usd_foil: '41.00' });
    await priced({ usd_foil: '38.00' });
    expect((await alert(id)).status).toBe('triggered');
    await priced({ usd_foil: null });
    expect((await alert(id)).status).toBe('triggered');
    await priced({ usd_foil: '45.00' });
    expect((await alert(id)).status).toBe('armed');
    await priced({ usd_foil: '38.00' });
    expect((await alert(id)).status).toBe('triggered');
    expect(await firings(id)).toEqual([
      ['41.00', '38.00'],
      ['45.00', '38.00'],
    ]);
    // An armed alert fires across a day without a price too: from the last price known, 45.00, to 30.00.
    await priced({ usd_foil: '45.00' });
    expect((await alert(id)).status).toBe('armed');
    await priced({ usd_foil: null });
    await priced({ usd_foil: '30.00' });
    expect(await firings(id)).toEqual([
      ['41.00', '38.00'],
      ['45.00', '38.00'],
      ['45.00', '30.00'],
    ]);
    expect((await alert(id)).status).toBe('triggered');
  });

  it('dates a firing by when the import applied it, not when the import began', async () => {
    await priced({ usd: '10.00' });
    const id = (await user.api('POST', '/api/v1/price-alerts', { card_id: TEFERI, direction: 'above', threshold: '12' })).body.data.id;
    const began = clock.now().toISOString();
    // A minute passes between reading the file and swapping it in.
    await priced({ usd: '13.00' }, (p) => {
      if (p.phase === 'swap') clock.advance(60_000);
    });
    const fired = await alert(id);
    expect(fired.status).toBe('triggered');
    expect(fired.last_triggered_at).toBe(new Date(Date.parse(began) + 60_000).toISOString());
    const [event] = (await server.events(user.id)).filter((e) => e.type === 'price.alert.triggered' && e.payload.alert.id === id);
    expect(event!.occurred_at).toBe(fired.last_triggered_at);
  });

  it.skipIf(!process.env.DATABASE_URL?.startsWith('postgres'))(
    'leaves an alert the user changed or deleted while the import was swapping as the user made it (PostgreSQL: the import does not lock alerts)',
    async () => {
      await priced({ usd: '5.99' });
      const changed = (await user.api('POST', '/api/v1/price-alerts', { card_id: TEFERI, direction: 'above', threshold: '6.00' })).body.data;
      const deleted = (await user.api('POST', '/api/v1/price-alerts', { card_id: TEFERI, direction: 'above', threshold: '6.50' })).body.data;
      const before = (await server.events(user.id)).length;
      const priceAlerts = server.ctx.priceAlerts;
      const apply = priceAlerts.applyPriceMoves;
      // The import read both alerts; the user's edits commit on their own connections before it applies the moves.
      priceAlerts.applyPriceMoves = async (...args) => {
        clock.advance(1_000);
        expect((await user.api('PATCH', `/api/v1/price-alerts/${changed.id}`, { threshold: '8.00' })).status).toBe(200);
        expect((await user.api('DELETE', `/api/v1/price-alerts/${deleted.id}`)).status).toBe(204);
        return apply.apply(priceAlerts, args);
      };
      try {
        await priced({ usd: '7.00' });
      } finally {
        priceAlerts.applyPriceMoves = apply;
      }
      expect(await alert(changed.id)).toMatchObject({ threshold: '8.00', status: 'armed', last_triggered_at: null });
      expect((await server.events(user.id)).slice(before).filter((e) => e.type === 'price.alert.triggered')).toEqual([]);
    },
  );

  it('refuses a threshold over 9999999.99 alike on both databases, naming the field', async () => {
    const res = await user.api('POST', '/api/v1/price-alerts', { card_id: TEFERI, direction: 'above', threshold: '21474836.48' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'threshold' })]);
    const top = await user.api('POST', '/api/v1/price-alerts', { card_id: TEFERI, direction: 'above', threshold: '9999999.99' });
    expect(top.status).toBe(201);
    const patched = await user.api('PATCH', `/api/v1/price-alerts/${top.body.data.id}`, { threshold: '99999999.99' });
    expect(patched.status).toBe(422);
    expect(patched.body.errors).toEqual([expect.objectContaining({ field: 'threshold' })]);
  });
});
