import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../src/config.js';
import { recordEvents } from '../../src/events/outbox.js';
import { ManualClock } from '../../src/lib/clock.js';
import { fanOutOnce, LineCache } from '../../src/webhooks/fanout.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const SECRET = 'sealing-test-secret-0001';
let server: TestServer;
let clock: ManualClock;
let webhooks: Config['webhooks'];
beforeAll(async () => {
  clock = new ManualClock('2026-11-22T10:00:00.000Z');
  webhooks = { ...loadConfig({}).webhooks, batchWindowMs: 1_000 };
  server = await startTestServer({ webhooks }, { clock, cards: false });
});
afterAll(async () => {
  await server?.close();
});

async function record(userId: string, n: number, tag: string) {
  await server.ctx.database.db.transaction().execute((trx) =>
    recordEvents(trx, Array.from({ length: n }, (_, i) => ({ userId, type: 'binder.updated' as const, data: { tag, i, text: 'ü "q" \u2028' }, at: clock.now() }))),
  );
}

/** The body built independently from the outbox rows, with JSON.stringify of each parsed payload. */
async function expectedBody(userId: string): Promise<string> {
  const rows = await server.events(userId);
  return JSON.stringify(rows.map((r) => ({ id: r.id, type: r.type, timestamp: r.occurred_at, data: r.payload })));
}

async function sealedBody(subscriptionId: string) {
  const db = server.ctx.database.db;
  const d = await db.selectFrom('webhook_deliveries').selectAll().where('subscription_id', '=', subscriptionId).executeTakeFirstOrThrow();
  const b = await db.selectFrom('webhook_delivery_bodies').select('body').where('delivery_id', '=', d.id).executeTakeFirstOrThrow();
  return { delivery: d, body: b.body };
}

describe('sealing', () => {
  it.each([
    ['from this process\'s line cache', 'cache'],
    ['from the outbox (no cache)', 'outbox'],
    ['from the outbox when the batch was opened by another dispatcher', 'mixed'],
  ])('serialises the batch %s to the same exact bytes, signed over them', async (_name, mode) => {
    const user = await server.createUser();
    const created = await user.api('POST', '/api/v1/webhooks', { url: 'https://hooks.example.com/x', events: ['*'], secret: SECRET });
    const cache = new LineCache();
    const deps = { database: server.ctx.database, clock, config: webhooks };
    await record(user.id, 3, 'a');
    await fanOutOnce(mode === 'cache' ? { ...deps, lines: cache } : deps);
    clock.advance(100);
    await record(user.id, 2, 'b');
    await fanOutOnce(mode === 'outbox' ? deps : { ...deps, lines: cache });
    const open = await server.ctx.database.db.selectFrom('webhook_deliveries').select('id').where('subscription_id', '=', created.body.data.id).executeTakeFirstOrThrow();
    // The cache path is taken only for a batch followed from its first event.
    expect(cache.peek(open.id)?.length).toBe(mode === 'cache' ? 5 : undefined);
    clock.advance(1_000);
    const r = await fanOutOnce(mode === 'outbox' ? deps : { ...deps, lines: cache });
    expect(r.sealed).toBe(1);

    const { delivery, body } = await sealedBody(created.body.data.id);
    expect(body).toBe(await expectedBody(user.id));
    expect(delivery).toMatchObject({ status: 'pending', event_count: 5, body_bytes: Buffer.byteLength(body) });
    expect(delivery.signature).toBe(createHmac('sha256', SECRET).update(body).digest('hex'));
    const members = await server.ctx.database.db.selectFrom('webhook_batch_events').select('event_id').where('delivery_id', '=', delivery.id).execute();
    expect(members).toEqual([]);
  });

  it('spreads a large change over short steps, within the line and body budgets, placing every event once and sealing each batch whole', async () => {
    const user = await server.createUser();
    const subs: string[] = [];
    for (const path of ['a', 'b', 'c']) {
      const created = await user.api('POST', '/api/v1/webhooks', { url: `https://hooks.example.com/${path}`, events: ['*'], secret: SECRET });
      subs.push(created.body.data.id);
    }
    const deps = { database: server.ctx.database, clock, config: webhooks, lines: new LineCache(), budgets: { lines: 4, sealBytes: 1 } };
    await record(user.id, 10, 'big');
    // Each event goes to 3 subscriptions: a step takes events until 4 lines are placed, so 2 a step.
    const placed: number[] = [];
    for (let r = await fanOutOnce(deps); r.events > 0; r = await fanOutOnce(deps)) {
      placed.push(r.events);
      expect(r.more).toBe(placed.reduce((a, b) => a + b) < 10);
    }
    expect(placed).toEqual([2, 2, 2, 2, 2]);
    const undispatched = await server.ctx.database.db.selectFrom('events').select('id').where('user_id', '=', user.id).where('dispatched_at', 'is', null).execute();
    expect(undispatched).toEqual([]);

    clock.advance(1_000);
    // A body byte budget of 1 seals one batch a step, and says there is more while others wait.
    const sealed: Array<[number, boolean]> = [];
    for (let r = await fanOutOnce(deps); r.sealed > 0; r = await fanOutOnce(deps)) sealed.push([r.sealed, r.more]);
    expect(sealed).toEqual([
      [1, true],
      [1, true],
      [1, false],
    ]);
    const body = await expectedBody(user.id);
    for (const id of subs) {
      const { delivery, body: sent } = await sealedBody(id);
      expect(sent).toBe(body);
      expect(delivery).toMatchObject({ status: 'pending', event_count: 10 });
      expect(delivery.signature).toBe(createHmac('sha256', SECRET).update(sent).digest('hex'));
    }
  });
});
