import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { createDispatcher, type Dispatcher } from '../../src/webhooks/dispatcher.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { turnsDuring } from '../helpers/turns.js';
import { startReceiver, type Receiver } from '../helpers/webhooks.js';

const SECRET = 'imports-webhook-secret-0001';
const CONDITIONS = ['mint', 'near_mint', 'lightly_played', 'moderately_played', 'heavily_played', 'damaged'];

let server: TestServer;
let clock: ManualClock;
let dispatcher: Dispatcher;
let rx: Receiver;
beforeAll(async () => {
  clock = new ManualClock('2026-11-22T10:00:00.000Z');
  // The specification's 5-second window and the default batch bounds (1,000 events, CCS_BODY_LIMIT + 4 MiB).
  server = await startTestServer({}, { clock });
  dispatcher = createDispatcher({ database: server.ctx.database, clock, config: server.config, mailer: server.ctx.mailer });
  rx = await startReceiver();
});
afterAll(async () => {
  await dispatcher?.stop();
  await rx?.close();
  await server?.close();
});

/** Our csv with `n` distinct entries: demo printings in each condition, in their first finish. */
async function bigFile(n: number): Promise<string> {
  const cards = await server.ctx.database.db.selectFrom('cards').select(['id', 'finishes']).orderBy('id').execute();
  const lines = ['card_id,quantity,finish,condition'];
  for (const condition of CONDITIONS) {
    for (const c of cards) {
      if (lines.length > n) break;
      lines.push(`${c.id},${1 + (lines.length % 3)},${(JSON.parse(c.finishes) as string[])[0]},${condition}`);
    }
  }
  return lines.join('\n');
}

async function upload(key: string, query: string, body: string) {
  const res = await fetch(`${server.url}/api/v1/imports?${query}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' }, body });
  return { status: res.status, body: (await res.json()) as any };
}

describe('webhooks for an import', () => {
  it('records an event per entry in the import\'s transaction, and a 3,000-row import reaches a receiver as a handful of signed deliveries', async () => {
    const user = await server.createUser();
    const sub = await user.api('POST', '/api/v1/webhooks', { url: rx.url, events: ['collection.entry.created', 'collection.entry.updated'], secret: SECRET });
    expect(sub.status, sub.text).toBe(201);
    const file = await bigFile(3_000);

    // A dry run and a refused apply record nothing.
    expect((await upload(user.key, 'mode=dry_run', file)).status).toBe(200);
    expect((await upload(user.key, 'mode=apply', `${file}\nnot-a-card,1,nonfoil,near_mint`)).status).toBe(422);
    expect(await server.events(user.id)).toEqual([]);

    const applied = await upload(user.key, 'mode=apply', file);
    expect(applied.status).toBe(201);
    expect(applied.body.data).toMatchObject({ rows: 3_000, matched: 3_000, entries_created: 3_000 });
    const outbox = await server.events(user.id);
    expect(outbox).toHaveLength(3_000);
    expect(new Set(outbox.map((e) => e.type))).toEqual(new Set(['collection.entry.created']));
    expect(new Set(outbox.map((e) => e.occurred_at))).toEqual(new Set([clock.now().toISOString()]));

    // Full batches (1,000 events) go at once; the rest when the 5-second window closes.
    await dispatcher.step();
    clock.advance(server.config.webhooks.batchWindowMs);
    await dispatcher.step();
    expect(rx.requests.length).toBeGreaterThanOrEqual(3);
    expect(rx.requests.length).toBeLessThanOrEqual(10);
    const delivered: Array<{ id: string; type: string; data: { id: string; quantity: number } }> = [];
    for (const req of rx.requests) {
      expect(req.headers['x-webhook-signature']).toBe(createHmac('sha256', SECRET).update(req.raw).digest('hex'));
      const events = req.json as typeof delivered;
      expect(events.length).toBeLessThanOrEqual(server.config.webhooks.batchMaxEvents);
      delivered.push(...events);
    }
    expect(delivered.map((e) => e.id).sort()).toEqual(outbox.map((e) => e.id).sort());
    const entry = delivered[0]!;
    expect((await user.api('GET', `/api/v1/collection/${entry.data.id}`)).body.data).toEqual(entry.data);

    // Importing the same file again grows every entry: one collection.entry.updated each, batched the same way.
    const before = rx.requests.length;
    clock.advance(1_000);
    const again = await upload(user.key, 'mode=apply', file);
    expect(again.body.data).toMatchObject({ entries_created: 0, entries_merged: 3_000 });
    clock.advance(server.config.webhooks.batchWindowMs);
    await dispatcher.step();
    const updates = rx.requests.slice(before).flatMap((r) => r.json as typeof delivered);
    expect(updates).toHaveLength(3_000);
    expect(new Set(updates.map((e) => e.type))).toEqual(new Set(['collection.entry.updated']));
    const first = updates.find((e) => e.data.id === entry.data.id);
    expect(first?.data.quantity).toBe(entry.data.quantity * 2);
  }, 120_000);
});

describe('one request, one delivery', () => {
  it('delivers the events of a 1,000-entry batch write as one delivery counted once, even when the request is as large as CCS_BODY_LIMIT allows', async () => {
    const user = await server.createUser();
    const sub = await user.api('POST', '/api/v1/webhooks', { url: rx.url, events: ['collection.entry.created'], secret: SECRET });
    expect(sub.status, sub.text).toBe(201);
    // The longest names and set names, so each event carries as much card as the demo data has.
    const cards = await server.ctx.database.db
      .selectFrom('cards')
      .select(['id', 'finishes'])
      .orderBy((eb) => eb.fn('length', ['name']), 'desc')
      .orderBy('id')
      .limit(200)
      .execute();
    // A control character is written `\u0001` in JSON, in the request as in the event: six bytes for one character.
    const fill = (n: number) => '\u0001'.repeat(n);
    const entry = (c: (typeof cards)[number], condition: string, notes: number) => ({ card_id: c.id, finish: (JSON.parse(c.finishes) as string[])[0], condition, notes: fill(notes), tags: [`t${fill(39)}`] });
    const entriesWith = (notes: number) => CONDITIONS.flatMap((condition) => cards.map((c) => entry(c, condition, notes))).slice(0, 1_000);
    // As many characters of notes as the body limit lets 1,000 entries carry.
    let notes = 2_000;
    while (Buffer.byteLength(JSON.stringify({ entries: entriesWith(notes) })) > server.config.bodyLimit) notes -= 10;
    const entries = entriesWith(notes);
    expect(entries).toHaveLength(1_000);
    const before = rx.requests.length;
    const res = await user.api('POST', '/api/v1/collection/batch', { entries });
    expect(res.status, res.text.slice(0, 300)).toBe(201);

    // Fanned out while the window is open, as the worker does every CCS_WEBHOOK_POLL_MS; sent when it closes.
    await dispatcher.step();
    clock.advance(server.config.webhooks.batchWindowMs);
    await dispatcher.step();
    const got = rx.requests.slice(before);
    expect(got).toHaveLength(1);
    const body = got[0]!;
    // Larger than the request, and than 1 MiB (the old cap, which split such a request in several deliveries).
    expect(body.raw.length).toBeGreaterThan(server.config.bodyLimit);
    expect(body.raw.length).toBeLessThanOrEqual(server.config.webhooks.batchMaxBytes);
    expect(body.headers['x-webhook-signature']).toBe(createHmac('sha256', SECRET).update(body.raw).digest('hex'));
    expect((body.json as unknown[]).length).toBe(1_000);
    expect((await user.api('GET', `/api/v1/webhooks/${sub.body.data.id}`)).body.data.deliveries_today).toBe(1);
  }, 120_000);
});

describe('a wide fan-out beside other work', () => {
  it('lets the event loop turn between the passes a fan-out over its line budget takes', async () => {
    const user = await server.createUser();
    const sub = await user.api('POST', '/api/v1/webhooks', { url: rx.url, events: ['collection.entry.created'], secret: SECRET });
    expect(sub.status, sub.text).toBe(201);
    const applied = await upload(user.key, 'mode=apply', await bigFile(2_100));
    expect(applied.body.data).toMatchObject({ entries_created: 2_100 });
    const before = rx.requests.length;

    // 2,100 lines for one subscription, 1,000 a pass: three passes in one tick. On SQLite every
    // statement completes at once, so only the dispatcher's own turns between passes let other
    // work (a request's socket, a timer) run during the tick; on PostgreSQL the round trips do too.
    const { turns } = await turnsDuring(dispatcher.tick());
    expect(turns).toBeGreaterThanOrEqual(2);
    const undispatched = await server.ctx.database.db.selectFrom('events').select('id').where('user_id', '=', user.id).where('dispatched_at', 'is', null).execute();
    expect(undispatched).toEqual([]);

    // The two full batches went out during the tick; the rest when the window closes.
    await dispatcher.idle();
    clock.advance(server.config.webhooks.batchWindowMs);
    await dispatcher.step();
    const delivered = rx.requests.slice(before).flatMap((r) => r.json as unknown[]);
    expect(delivered).toHaveLength(2_100);
  }, 120_000);
});
