import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCards } from '../../src/cards/import.js';
import { DEMO_CARDS, startTestServer, type TestServer, type TestUser } from '../helpers/server.js';
import { turnsDuring } from '../helpers/turns.js';

const TEFERI = '5cb76266-ae50-4bbc-8f96-d98f309b02d3'; // War of the Spark: priced in every snapshot
const CHANDRA_M20 = '49d2a680-4f3b-4bfa-b77b-d2dfaced9f23'; // Core Set 2020: in the snapshots from its release on
const PRICE_KEY = { nonfoil: 'usd', foil: 'usd_foil', etched: 'usd_etched' } as const;

type Snapshot = { date: string; prices: Map<string, Record<string, string | null>> };
const SNAPSHOTS = path.join(DEMO_CARDS, 'snapshots');
const snapshots: Snapshot[] = fs
  .readdirSync(SNAPSHOTS)
  .sort()
  .map((f) => {
    const cards = JSON.parse(gunzipSync(fs.readFileSync(path.join(SNAPSHOTS, f))).toString('utf8')) as Array<{ id: string; prices: Record<string, string | null> }>;
    return { date: /(\d{4}-\d{2}-\d{2})/.exec(f)![1]!, prices: new Map(cards.map((c) => [c.id, c.prices])) };
  });

type Holding = { card_id: string; finish: 'nonfoil' | 'foil' | 'etched'; quantity: number };

/** The series worked out from the snapshot files themselves, in cents. */
function expected(holdings: Holding[], range: { from?: string; to?: string } = {}) {
  const out: Array<{ date: string; total: string; priced_quantity: number }> = [];
  for (const s of snapshots) {
    if ((range.from && s.date < range.from) || (range.to && s.date > range.to)) continue;
    let cents = 0;
    let priced = 0;
    for (const h of holdings) {
      const price = s.prices.get(h.card_id)?.[PRICE_KEY[h.finish]];
      if (price == null) continue;
      cents += Math.round(Number(price) * 100) * h.quantity;
      priced += h.quantity;
    }
    if (priced > 0) out.push({ date: s.date, total: (cents / 100).toFixed(2), priced_quantity: priced });
  }
  return out;
}

let server: TestServer;
let user: TestUser;
let binderId: string;
const holdings: Holding[] = [
  { card_id: TEFERI, finish: 'nonfoil', quantity: 2 },
  { card_id: TEFERI, finish: 'foil', quantity: 1 },
  { card_id: CHANDRA_M20, finish: 'nonfoil', quantity: 3 },
];

beforeAll(async () => {
  server = await startTestServer({}, { cards: false });
  for (const s of snapshots) await importCards(server.ctx, { file: path.join(SNAPSHOTS, `default-cards-${s.date}.json.gz`), asOf: s.date });
  user = await server.createUser({ scopes: ['collection:read', 'collection:write'] });
  binderId = (await user.api('POST', '/api/v1/binders', { name: 'Trade' })).body.data.id;
  for (const h of holdings) {
    const res = await user.api('POST', '/api/v1/collection', { ...h, binder_id: h.finish === 'foil' ? binderId : null });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const history = (query = '') => user.api('GET', `/api/v1/collection/value-history${query}`);

describe('GET /collection/value-history', () => {
  it("values today's holdings at each recorded day's price of their finish, oldest first", async () => {
    const res = await history();
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ currency: 'usd' });
    expect(res.body.data).toEqual(expected(holdings));
    expect(res.body.data).toHaveLength(snapshots.length);
    // Before Core Set 2020 came out only Teferi had a price; from then on all six cards did.
    expect(res.body.data[0].priced_quantity).toBe(3);
    expect(res.body.data.at(-1).priced_quantity).toBe(6);
  });

  it('ends at the collection\'s total_value when the last import recorded its prices', async () => {
    const list = await user.api('GET', '/api/v1/collection');
    expect((await history()).body.data.at(-1).total).toBe(list.body.meta.total_value);
  });

  it('keeps to from and to, both inclusive', async () => {
    const range = { from: snapshots[3]!.date, to: snapshots[7]!.date };
    const res = await history(`?from=${range.from}&to=${range.to}`);
    expect(res.body.data.map((p: { date: string }) => p.date)).toEqual(snapshots.slice(3, 8).map((s) => s.date));
    expect(res.body.data).toEqual(expected(holdings, range));
  });

  it("takes the list's filters: binder, finish, set and a q search", async () => {
    expect((await history(`?binder_id=${binderId}`)).body.data).toEqual(expected(holdings.filter((h) => h.finish === 'foil')));
    expect((await history('?binder_id=none')).body.data).toEqual(expected(holdings.filter((h) => h.finish !== 'foil')));
    expect((await history('?finish=nonfoil')).body.data).toEqual(expected(holdings.filter((h) => h.finish === 'nonfoil')));
    expect((await history('?set=M20')).body.data).toEqual(expected(holdings.filter((h) => h.card_id === CHANDRA_M20)));
    expect((await history(`?q=${encodeURIComponent('t:planeswalker c:r')}`)).body.data).toEqual(expected(holdings.filter((h) => h.card_id === CHANDRA_M20)));
  });

  it('values a collection of more cards than one statement prices alike', async () => {
    const big = await server.createUser({ scopes: ['collection:read', 'collection:write'] });
    const last = snapshots.at(-1)!;
    const cards = JSON.parse(gunzipSync(fs.readFileSync(path.join(SNAPSHOTS, `default-cards-${last.date}.json.gz`))).toString('utf8')) as Array<{ id: string; finishes: string[] }>;
    const many: Holding[] = cards.filter((c) => c.finishes.includes('nonfoil')).slice(0, 600).map((c, k) => ({ card_id: c.id, finish: 'nonfoil', quantity: 1 + (k % 4) }));
    expect(many.length).toBe(600);
    for (let i = 0; i < many.length; i += 300) {
      expect((await big.api('POST', '/api/v1/collection/batch', { entries: many.slice(i, i + 300) })).status).toBe(201);
    }
    // The same cards again in another condition: one holding per card and finish.
    expect((await big.api('POST', '/api/v1/collection/batch', { entries: many.slice(0, 100).map((h) => ({ ...h, condition: 'damaged' })) })).status).toBe(201);
    const res = await big.api('GET', '/api/v1/collection/value-history');
    expect(res.body.data).toEqual(expected([...many, ...many.slice(0, 100)]));

    // Priced a chunk a statement with the event loop let go between them (on SQLite the
    // statements run on it): other work gets turns while a large history is computed.
    const { result: history, turns } = await turnsDuring(server.ctx.collection.valueHistory(big.id, {}));
    expect(history.data).toEqual(res.body.data);
    expect(turns).toBeGreaterThanOrEqual(2);
  });

  it("counts only the caller's entries, and is empty for an empty collection", async () => {
    const other = await server.createUser({ scopes: ['collection:read'] });
    const res = await other.api('GET', '/api/v1/collection/value-history');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it('answers 422 for days that are not on the calendar, a reversed range or an unknown parameter; 400 for a bad q', async () => {
    for (const query of ['?from=2019-02-30', '?to=yesterday', '?from=2019-08-01&to=2019-07-01', '?limit=5', '?binder_id=nope']) {
      const res = await history(query);
      expect(res.status, query).toBe(422);
      expect(res.body.code).toBe('validation_failed');
    }
    expect((await history('?q=%28')).status).toBe(400);
  });

  it('needs collection:read', async () => {
    const cardsOnly = await server.createUser({ scopes: ['cards:read'] });
    const res = await cardsOnly.api('GET', '/api/v1/collection/value-history');
    expect(res.status).toBe(403);
    expect(res.body.missing_scope).toBe('collection:read');
  });
});
