import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCcsClient } from '../../src/client/index.js';
import { ManualClock } from '../../src/lib/clock.js';
import { CARDS } from '../helpers/collection.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const clock = new ManualClock();
let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  // A small free plan, so a burst meets the rate limit; the clock moves only when the client waits.
  server = await startTestServer({ rateLimit: { free: 5, pro: 600, windowMs: 60_000 } }, { clock });
  user = await server.createUser({ plan: 'pro' });
});
afterAll(async () => {
  await server?.close();
});

async function quantityOf(userId: string, cardId: string): Promise<number> {
  const rows = await server.ctx.database.db.selectFrom('collection_entries').select('quantity').where('user_id', '=', userId).where('card_id', '=', cardId).execute();
  return rows.reduce((n, r) => n + r.quantity, 0);
}

describe('the typed client (ccs/client) against the real service', () => {
  it('adds, reads with the ETag, and updates with If-Match, typed from the description', async () => {
    const ccs = createCcsClient({ baseUrl: server.url, token: user.key });
    const added = await ccs.POST('/api/v1/collection', { body: { card_id: CARDS.LUNGE, quantity: 2 } });
    expect(added.response.status).toBe(201);
    const entry = added.data?.data;
    expect(entry?.card.name).toBe('Desperate Lunge');
    const id = entry?.id as string;
    const etag = added.response.headers.get('etag') as string;

    const changed = await ccs.PATCH('/api/v1/collection/{id}', { params: { path: { id }, header: { 'If-Match': etag } }, body: { quantity: 4 } });
    expect(changed.data?.data.quantity).toBe(4);
    const stale = await ccs.PATCH('/api/v1/collection/{id}', { params: { path: { id }, header: { 'If-Match': etag } }, body: { quantity: 9 } });
    expect(stale.response.status).toBe(412);
    expect(stale.error?.code).toBe('precondition_failed');
  });

  it('sends an import file as it is, CSV text with its Content-Type, and reads the report', async () => {
    const importer = await server.createUser({ plan: 'pro' });
    const ccs = createCcsClient({ baseUrl: server.url, token: importer.key });
    const file = `Count,Name,Edition\n2,Desperate Lunge,war\n`;
    const preview = await ccs.POST('/api/v1/imports', { params: { query: { mode: 'dry_run' } }, body: file, headers: { 'content-type': 'text/csv' } });
    expect(preview.response.status, JSON.stringify(preview.error)).toBe(200);
    expect(preview.data?.data).toMatchObject({ rows: 1, matched: 1, cards_added: 2 });
    // A JSON export read from disk goes as it is too, not as a quoted string.
    const json = JSON.stringify({ data: [{ card_id: CARDS.LUNGE, quantity: 1 }] });
    const fromText = await ccs.POST('/api/v1/imports', { params: { query: { mode: 'dry_run' } }, body: json as never, headers: { 'content-type': 'application/json' } });
    expect(fromText.response.status, JSON.stringify(fromText.error)).toBe(200);
    expect(fromText.data?.data).toMatchObject({ format: 'json', matched: 1 });
  });

  it('adds once when the connection fails after the service acted: the retry carries the same Idempotency-Key', async () => {
    const owner = await server.createUser({ scopes: ['collection:write'] });
    let dropped = false;
    const ccs = createCcsClient({
      baseUrl: server.url,
      token: owner.key,
      sleep: async () => undefined,
      // The first answer is lost on the way back, as when a connection drops.
      fetch: async (req) => {
        const res = await fetch(req);
        if (!dropped) {
          dropped = true;
          await res.body?.cancel();
          throw new TypeError('fetch failed');
        }
        return res;
      },
    });
    const res = await ccs.POST('/api/v1/collection', { body: { card_id: CARDS.AHN, quantity: 3 } });
    expect(res.response.status).toBe(201);
    expect(res.response.headers.get('idempotency-replayed')).toBe('true');
    expect(await quantityOf(owner.id, CARDS.AHN)).toBe(3);
    expect((await server.events(owner.id)).filter((e) => e.type === 'collection.entry.created')).toHaveLength(1);
  });

  it('waits out a 429 for Retry-After seconds and then succeeds', async () => {
    const free = await server.createUser({ plan: 'free', scopes: ['profile:read'] });
    const waits: number[] = [];
    const ccs = createCcsClient({
      baseUrl: server.url,
      token: free.key,
      // Waiting moves the service's clock: the next window opens without a real wait.
      sleep: async (ms) => {
        waits.push(ms);
        clock.advance(ms);
      },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await ccs.GET('/api/v1/profile')).response.status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200]);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(0);
  });

  it('pages through a whole listing with paginate()', async () => {
    const owner = await server.createUser({ scopes: ['collection:write'] });
    const cards = await server.ctx.database.db.selectFrom('cards').select(['id', 'finishes']).orderBy('id').limit(400).execute();
    const ids = cards.filter((c) => (JSON.parse(c.finishes) as string[]).includes('nonfoil')).slice(0, 120).map((c) => c.id);
    const ccs = createCcsClient({ baseUrl: server.url, token: owner.key });
    const batch = await ccs.POST('/api/v1/collection/batch', { body: { entries: ids.map((card_id) => ({ card_id })) } });
    expect(batch.response.status).toBe(201);
    const seen: string[] = [];
    for await (const entry of ccs.paginate('/api/v1/collection', { params: { query: { limit: 50, sort: 'name' } } })) seen.push(entry.card_id);
    expect(seen.sort()).toEqual([...ids].sort());
    await expect(async () => {
      for await (const _ of ccs.paginate('/api/v1/collection', { params: { query: { cursor: 'not-a-cursor' } } })) {
        // never reached
      }
    }).rejects.toMatchObject({ name: 'CcsApiError', status: 422 });
  });
});

describe('examples/collection-client.mjs', () => {
  it('adds a card and lists the collection through ccs/client as built in dist/', async () => {
    expect(fs.existsSync(path.join(ROOT, 'dist/client/index.js')), 'run npm run build first').toBe(true);
    const owner = await server.createUser({ scopes: ['collection:write'] });
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'examples/collection-client.mjs'), CARDS.AHN, '2'], {
      cwd: ROOT,
      env: { ...process.env, CCS_URL: server.url, CCS_KEY: owner.key },
    });
    expect(stdout).toMatch(/^added 2 x Ahn-Crop Invader \(war\) \[etag "[^"]+"\]$/m);
    expect(stdout).toMatch(/^2 cards$/m);
    expect(await quantityOf(owner.id, CARDS.AHN)).toBe(2);
  });
});
