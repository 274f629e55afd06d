import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../src/config.js';
import { ManualClock } from '../../src/lib/clock.js';
import { createDispatcher, type Dispatcher } from '../../src/webhooks/dispatcher.js';
import { recordEvents } from '../../src/events/outbox.js';
import type { EventType } from '../../src/events/types.js';
import { EVENT_TYPES } from '../../src/events/types.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server.js';
import { startReceiver, waitUntil, type Received, type Receiver } from '../helpers/webhooks.js';

const WINDOW = 300;
const RETRIES = [100, 200, 300, 400, 500];

function webhookConfig(over: Partial<Config['webhooks']> = {}): Partial<Config> {
  return {
    webhooks: { ...loadConfig({}).webhooks, batchWindowMs: WINDOW, retryDelaysMs: RETRIES, timeoutMs: 500, leaseMs: 5_000, pollMs: 20, ...over },
  };
}

function hmac(secret: string, raw: Buffer): string {
  return createHmac('sha256', secret).update(raw).digest('hex');
}

async function subscribe(user: TestUser, url: string, events: string[] = ['*'], secret = 'a-test-secret-0123456789'): Promise<string> {
  const res = await user.api('POST', '/api/v1/webhooks', { url, events, secret });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as string;
}

/** Writes events straight into the outbox, the way every feature does inside its transaction. */
async function record(server: TestServer, userId: string, n: number, type: EventType = 'binder.created', data: (i: number) => unknown = (i) => ({ n: i })) {
  const now = server.ctx.clock.now();
  await server.ctx.database.db.transaction().execute((trx) =>
    recordEvents(
      trx,
      Array.from({ length: n }, (_, i) => ({ userId, type, data: data(i), at: now })),
    ),
  );
}

/** Every event is fanned out and the subscription has exactly `count` deliveries, none of them waiting: no other POST can follow. */
async function expectNothingMoreQueued(server: TestServer, subscriptionId: string, count = 1): Promise<void> {
  const db = server.ctx.database.db;
  const undispatched = await db.selectFrom('events').select('id').where('dispatched_at', 'is', null).execute();
  expect(undispatched).toEqual([]);
  const deliveries = await db.selectFrom('webhook_deliveries').select(['status']).where('subscription_id', '=', subscriptionId).execute();
  expect(deliveries).toHaveLength(count);
  if (count > 1) expect(deliveries.every((d) => d.status === 'delivered')).toBe(true);
}

/** Delivery ids are time-ordered; with two POSTs per subscription in flight, arrival order is not. */
function inCreationOrder(reqs: Received[]): Received[] {
  return [...reqs].sort((a, b) => String(a.headers['x-webhook-delivery']).localeCompare(String(b.headers['x-webhook-delivery'])));
}

const receivers: Receiver[] = [];
async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

/** A server without a dispatcher, and one the test drives step by step with the injected clock. */
function stepped(webhooks: Config['webhooks']) {
  const ctx = { clock: new ManualClock('2026-11-22T10:00:00.000Z') } as { clock: ManualClock; server: TestServer; dispatcher: Dispatcher };
  beforeAll(async () => {
    ctx.server = await startTestServer({ webhooks }, { clock: ctx.clock, cards: false });
    ctx.dispatcher = createDispatcher({ database: ctx.server.ctx.database, clock: ctx.clock, config: ctx.server.config, mailer: ctx.server.ctx.mailer });
  });
  afterAll(async () => {
    await ctx.dispatcher?.stop();
    await ctx.server?.close();
  });
  return ctx;
}

// The specification's numbers (5 s window, 30 s .. 12 h retries): the clock is driven, nothing waits for them.
const SPEC = loadConfig({}).webhooks;

/**
 * Drives the dispatcher across the end of a batch window `leftMs` away: nothing leaves a
 * millisecond before it, the batch leaves at it, and nothing more however long after.
 */
async function closeWindow(t: ReturnType<typeof stepped>, leftMs: number = SPEC.batchWindowMs): Promise<void> {
  t.clock.advance(leftMs - 1);
  expect(await t.dispatcher.step()).toBe(0);
  t.clock.advance(1);
  await t.dispatcher.step();
  t.clock.advance(SPEC.batchWindowMs * 2);
  expect(await t.dispatcher.step()).toBe(0);
}

describe('webhook batching of API-created events, step by step (injected clock)', () => {
  const t = stepped(SPEC);

  it('batches 50 binders created through the API into exactly one POST of 50 events, sent when the 5-second window closes', async () => {
    // API-DRIVEN: the events come from POST /api/v1/binders (binders feature); the lead can check it here.
    const user = await t.server.createUser();
    const rx = await receiver();
    const id = await subscribe(user, rx.url, ['binder.created']);
    for (let i = 0; i < 50; i++) {
      const res = await user.api('POST', '/api/v1/binders', { name: `Binder ${i}` });
      expect(res.status, res.text).toBe(201);
    }
    await closeWindow(t);
    await expectNothingMoreQueued(t.server, id);
    expect(rx.requests).toHaveLength(1);
    const events = rx.requests[0]!.json as Array<{ id: string; type: string; timestamp: string; data: { name: string } }>;
    expect(events).toHaveLength(50);
    expect(events.map((e) => e.data.name)).toEqual(Array.from({ length: 50 }, (_, i) => `Binder ${i}`));
    const outbox = await t.server.events(user.id);
    expect(events.map((e) => e.id)).toEqual(outbox.filter((e) => e.type === 'binder.created').map((e) => e.id));
    for (const e of events) {
      expect(Object.keys(e)).toEqual(['id', 'type', 'timestamp', 'data']);
      expect(e.type).toBe('binder.created');
      expect(e.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  it('batches 50 outbox events recorded in separate transactions within the window into one POST', async () => {
    const user = await t.server.createUser();
    const rx = await receiver();
    const id = await subscribe(user, rx.url, ['collection.entry.created']);
    // One every 98 ms: the last is 4.802 s after the first, inside the window the first opened.
    for (let i = 0; i < 50; i++) {
      if (i > 0) t.clock.advance(98);
      await record(t.server, user.id, 1, 'collection.entry.created', () => ({ i }));
      expect(await t.dispatcher.step()).toBe(0);
    }
    await closeWindow(t, SPEC.batchWindowMs - 49 * 98);
    await expectNothingMoreQueued(t.server, id);
    expect(rx.requests).toHaveLength(1);
    expect((rx.requests[0]!.json as unknown[]).length).toBe(50);
  });
});

describe('webhook delivery', () => {
  let server: TestServer;
  beforeAll(async () => {
    // These tests read what the receiver (on 127.0.0.1) answered, so the log must keep it: the
    // operator's `trusted` setting. The default loopback policy is tested in webhooks-loopback.test.ts.
    server = await startTestServer(webhookConfig({ localTargets: 'trusted' }), { worker: true, cards: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('signs the exact body bytes with HMAC-SHA256 of the secret and sends the documented headers', async () => {
    const user = await server.createUser();
    const rx = await receiver();
    const created = await user.api('POST', '/api/v1/webhooks', { url: rx.url, events: ['deck.created'] });
    const secret = created.body.data.secret as string;
    expect(secret).toMatch(/^whsec_/);
    await record(server, user.id, 3, 'deck.created', (i) => ({ name: `Deck ${i}`, note: 'ünïcödé ✓ "quoted"' }));
    const [req] = await rx.waitFor(1);
    expect(req!.method).toBe('POST');
    expect(req!.headers['content-type']).toBe('application/json');
    expect(req!.headers['x-webhook-signature']).toBe(hmac(secret, req!.raw));
    expect(req!.headers['x-webhook-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(req!.headers['user-agent']).toMatch(/CardCollectionService/);
    expect(req!.headers['x-webhook-test']).toBeUndefined();
    const deliveryId = req!.headers['x-webhook-delivery'] as string;
    const log = await waitUntil(async () => {
      const r = await user.api('GET', `/api/v1/webhooks/${created.body.data.id}/deliveries/${deliveryId}`);
      return r.body.data.status === 'delivered' ? r : undefined;
    });
    expect(log.status).toBe(200);
    expect(log.body.data).toMatchObject({ id: deliveryId, status: 'delivered', kind: 'event', event_count: 3, attempt_count: 1 });
    expect(Buffer.from(log.body.data.request_body, 'utf8').equals(req!.raw)).toBe(true);
    expect(log.body.data.attempts).toEqual([
      expect.objectContaining({ number: 1, status_code: 200, success: true, error: null, response_body: 'ok', response_body_truncated: false }),
    ]);
  });

  it('sends only the event types a subscription selected, and everything for "*"', async () => {
    const user = await server.createUser();
    const decksOnly = await receiver();
    const all = await receiver();
    await subscribe(user, decksOnly.url, ['deck.created', 'deck.deleted']);
    await subscribe(user, all.url, ['*']);
    await record(server, user.id, 1, 'deck.created');
    await record(server, user.id, 1, 'binder.created');
    await record(server, user.id, 1, 'export.completed');
    await record(server, user.id, 1, 'deck.deleted');
    const [a] = await decksOnly.waitFor(1);
    const [b] = await all.waitFor(1);
    expect((a!.json as Array<{ type: string }>).map((e) => e.type)).toEqual(['deck.created', 'deck.deleted']);
    expect((b!.json as Array<{ type: string }>).map((e) => e.type)).toEqual(['deck.created', 'binder.created', 'export.completed', 'deck.deleted']);
  });

  it('never sends one user\'s events to another user\'s subscription', async () => {
    const alice = await server.createUser();
    const bob = await server.createUser();
    const rx = await receiver();
    await subscribe(alice, rx.url);
    await record(server, bob.id, 2);
    await record(server, alice.id, 1, 'deck.created', () => ({ owner: 'alice' }));
    const [req] = await rx.waitFor(1);
    expect(req!.json).toEqual([expect.objectContaining({ type: 'deck.created', data: { owner: 'alice' } })]);
  });

  it('opens a new batch for events after the window closed', async () => {
    const user = await server.createUser();
    const rx = await receiver();
    await subscribe(user, rx.url);
    await record(server, user.id, 2);
    await rx.waitFor(1);
    await record(server, user.id, 3);
    await rx.waitFor(2);
    expect(rx.requests.map((r) => (r.json as unknown[]).length)).toEqual([2, 3]);
    expect(rx.requests[0]!.headers['x-webhook-delivery']).not.toBe(rx.requests[1]!.headers['x-webhook-delivery']);
  });

  it('sends a delivery just after its window closes', async () => {
    const user = await server.createUser();
    const rx = await receiver();
    await subscribe(user, rx.url);
    await record(server, user.id, 1);
    const [first] = await server.events(user.id);
    const [req] = await rx.waitFor(1);
    const windowEnd = Date.parse(first!.occurred_at) + WINDOW;
    expect(req!.at).toBeGreaterThanOrEqual(windowEnd - 5);
    // The exact moment is pinned by the step-by-step tests above; on the real clock this checks that
    // the running loop wakes for the window's end, not for a later poll, window or lease (5 s), with
    // room for a loaded machine's timer lag.
    expect(req!.at - windowEnd).toBeLessThan(1_000);
  });

  it('fails an attempt when the receiver hangs past the timeout', async () => {
    const user = await server.createUser();
    const rx = await receiver(() => 'hang');
    const id = await subscribe(user, rx.url);
    await record(server, user.id, 1);
    const [req] = await rx.waitFor(1);
    const deliveryId = req!.headers['x-webhook-delivery'] as string;
    const detail = await waitUntil(async () => {
      const r = await user.api('GET', `/api/v1/webhooks/${id}/deliveries/${deliveryId}`);
      return r.body.data.attempt_count >= 1 ? r.body.data : undefined;
    }, 5_000);
    expect(detail.status).toBe('retrying');
    expect(detail.attempts[0]).toMatchObject({ status_code: null, success: false });
    expect(detail.attempts[0].error).toMatch(/timeout/);
    expect(detail.attempts[0].duration_ms).toBeGreaterThanOrEqual(450);
    expect(detail.attempts[0].duration_ms).toBeLessThan(2_000);
    await user.api('DELETE', `/api/v1/webhooks/${id}`);
  });

  it('keeps a truncated response body in the log', async () => {
    const user = await server.createUser();
    const rx = await receiver(() => ({ status: 500, body: 'x'.repeat(10_000) }));
    const id = await subscribe(user, rx.url);
    await record(server, user.id, 1);
    const [req] = await rx.waitFor(1);
    const deliveryId = req!.headers['x-webhook-delivery'] as string;
    const detail = await waitUntil(async () => {
      const r = await user.api('GET', `/api/v1/webhooks/${id}/deliveries/${deliveryId}`);
      return r.body.data.attempt_count >= 1 ? r.body.data : undefined;
    });
    expect(detail.attempts[0].response_body).toHaveLength(server.config.webhooks.responseBodyBytes);
    expect(detail.attempts[0].response_body_truncated).toBe(true);
    expect(detail.attempts[0].error).toBe('receiver answered 500');
    await user.api('DELETE', `/api/v1/webhooks/${id}`);
  });

  it('sends a test delivery with X-Webhook-Test and one realistic event per subscribed type', async () => {
    const user = await server.createUser();
    const rx = await receiver();
    const created = await user.api('POST', '/api/v1/webhooks', { url: rx.url, events: ['deck.created', 'price.alert.triggered', 'collection.entry.created'] });
    const res = await user.api('POST', `/api/v1/webhooks/${created.body.data.id}/test`);
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ kind: 'test', status: 'pending', event_count: 3 });
    const [req] = await rx.waitFor(1);
    expect(req!.headers['x-webhook-test']).toBe('true');
    expect(req!.headers['x-webhook-delivery']).toBe(res.body.data.id);
    expect(req!.headers['x-webhook-signature']).toBe(hmac(created.body.data.secret, req!.raw));
    const events = req!.json as Array<{ id: string; type: string; timestamp: string; data: any }>;
    expect(events.map((e) => e.type).sort()).toEqual(['collection.entry.created', 'deck.created', 'price.alert.triggered']);
    const byType = Object.fromEntries(events.map((e) => [e.type, e.data]));
    expect(byType['deck.created']).toMatchObject({ name: expect.any(String), format: 'modern', cards: [expect.objectContaining({ quantity: 4 })] });
    expect(byType['collection.entry.created']).toMatchObject({ card: { name: 'Lightning Bolt' }, quantity: expect.any(Number), condition: 'near_mint' });
    expect(byType['price.alert.triggered']).toMatchObject({ alert: { direction: 'above' }, card: { name: 'Lightning Bolt' }, price: '1.28', previous_price: '1.19' });
    // No real event was recorded, and the test is not counted against the daily limit.
    expect(await server.events(user.id)).toHaveLength(0);
    const sub = await user.api('GET', `/api/v1/webhooks/${created.body.data.id}`);
    expect(sub.body.data.deliveries_today).toBe(0);
  });

  it('sends one test event of every type for a "*" subscription', async () => {
    const user = await server.createUser();
    const rx = await receiver();
    const id = await subscribe(user, rx.url, ['*']);
    await user.api('POST', `/api/v1/webhooks/${id}/test`);
    const [req] = await rx.waitFor(1);
    expect((req!.json as Array<{ type: string }>).map((e) => e.type).sort()).toEqual([...EVENT_TYPES].sort());
  });
});

describe('webhook retries', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(webhookConfig(), { worker: true, cards: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('delivers on a retry and resets the failure count on the 2xx', async () => {
    const user = await server.createUser();
    const rx = await receiver((_req, n) => (n < 2 ? { status: 502 } : { status: 204 }));
    const id = await subscribe(user, rx.url);
    await record(server, user.id, 1);
    const reqs = await rx.waitFor(3);
    const deliveryId = reqs[0]!.headers['x-webhook-delivery'];
    const detail = await waitUntil(async () => {
      const r = await user.api('GET', `/api/v1/webhooks/${id}/deliveries/${deliveryId}`);
      return r.body.data.status === 'delivered' ? r.body.data : undefined;
    });
    expect(detail.attempts.map((a: { status_code: number }) => a.status_code)).toEqual([502, 502, 204]);
    expect((await user.api('GET', `/api/v1/webhooks/${id}`)).body.data.consecutive_failures).toBe(0);
  });

  it('redelivers a failed delivery as a new delivery with the same body', async () => {
    const user = await server.createUser();
    let up = false;
    const rx = await receiver(() => (up ? { status: 200 } : { status: 500 }));
    const id = await subscribe(user, rx.url);
    await record(server, user.id, 2);
    const [first] = await rx.waitFor(1);
    const original = first!.headers['x-webhook-delivery'] as string;
    up = true;
    const res = await user.api('POST', `/api/v1/webhooks/${id}/deliveries/${original}/redeliver`);
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ kind: 'redelivery', redelivery_of: original, status: 'pending', event_count: 2, event_types: ['binder.created'] });
    const again = await waitUntil(() => rx.requests.find((r) => r.headers['x-webhook-delivery'] === res.body.data.id));
    expect(again.raw.equals(first!.raw)).toBe(true);
    expect(again.headers['x-webhook-test']).toBeUndefined();
    expect(again.headers['x-webhook-signature']).toBe(hmac('a-test-secret-0123456789', again.raw));
    await user.api('DELETE', `/api/v1/webhooks/${id}`);
  });
});


describe('webhook retries, step by step (injected clock)', () => {
  const t = stepped(SPEC);

  it('retries on the specification\'s schedule after each failure, with identical bytes, then fails permanently after the fifth retry', async () => {
    const user = await t.server.createUser();
    const rx = await receiver(() => ({ status: 500, body: 'nope' }));
    const id = await subscribe(user, rx.url);
    await record(t.server, user.id, 4);
    t.clock.advance(SPEC.batchWindowMs);
    await t.dispatcher.step();
    expect(rx.requests).toHaveLength(1);
    // Retry N comes retryDelaysMs[N-1] after the failure before it: not a millisecond earlier, and at that moment.
    for (const [i, delay] of SPEC.retryDelaysMs.entries()) {
      t.clock.advance(delay - 1);
      expect(await t.dispatcher.step(), `retry ${i + 1} early`).toBe(0);
      t.clock.advance(1);
      await t.dispatcher.step();
      expect(rx.requests, `retry ${i + 1}`).toHaveLength(i + 2);
    }
    const deliveryId = rx.requests[0]?.headers['x-webhook-delivery'];
    const detail = (await user.api('GET', `/api/v1/webhooks/${id}/deliveries/${deliveryId}`)).body.data;
    expect(detail).toMatchObject({ status: 'failed', attempt_count: 6, next_attempt_at: null, last_status_code: 500 });
    expect(detail.attempts.map((a: { number: number }) => a.number)).toEqual([1, 2, 3, 4, 5, 6]);
    const times = detail.attempts.map((a: { attempted_at: string }) => Date.parse(a.attempted_at));
    expect(times.slice(1).map((at: number, i: number) => at - times[i])).toEqual(SPEC.retryDelaysMs);

    // Nothing else arrives: a day later there is still nothing to send.
    t.clock.advance(24 * 3_600_000);
    expect(await t.dispatcher.step()).toBe(0);
    expect(rx.requests).toHaveLength(6);
    for (const r of rx.requests) {
      expect(r.headers['x-webhook-delivery']).toBe(deliveryId);
      expect(r.raw.equals(rx.requests[0]?.raw ?? Buffer.alloc(0))).toBe(true);
      expect(r.headers['x-webhook-signature']).toBe(rx.requests[0]?.headers['x-webhook-signature']);
    }
    const failed = await user.api('GET', `/api/v1/webhooks/${id}/deliveries?status=failed`);
    expect(failed.body.data.map((d: { id: string }) => d.id)).toEqual([deliveryId]);
    expect((await user.api('GET', `/api/v1/webhooks/${id}`)).body.data.consecutive_failures).toBe(6);
    await user.api('DELETE', `/api/v1/webhooks/${id}`);
  });

  it('treats a redirect as a failure and never follows it', async () => {
    const user = await t.server.createUser();
    const target = await receiver();
    const rx = await receiver(() => ({ status: 302, headers: { location: target.url } }));
    const id = await subscribe(user, rx.url);
    await record(t.server, user.id, 1);
    t.clock.advance(SPEC.batchWindowMs);
    await t.dispatcher.step();
    const deliveryId = rx.requests[0]?.headers['x-webhook-delivery'];
    const detail = (await user.api('GET', `/api/v1/webhooks/${id}/deliveries/${deliveryId}`)).body.data;
    expect(detail.status).toBe('retrying');
    expect(detail.attempts[0]).toMatchObject({ status_code: 302, success: false });
    expect(detail.attempts[0].error).toMatch(/redirect \(302\) not followed/);
    // The retry is redirected too, and not followed either.
    t.clock.advance(SPEC.retryDelaysMs[0] ?? 0);
    await t.dispatcher.step();
    expect(rx.requests).toHaveLength(2);
    expect(target.requests).toHaveLength(0);
    await user.api('DELETE', `/api/v1/webhooks/${id}`);
  });

  it('attempts a failing test delivery once and leaves the failure count alone', async () => {
    const user = await t.server.createUser();
    const rx = await receiver(() => ({ status: 503 }));
    const id = await subscribe(user, rx.url);
    const res = await user.api('POST', `/api/v1/webhooks/${id}/test`);
    await t.dispatcher.step();
    expect(rx.requests).toHaveLength(1);
    const detail = (await user.api('GET', `/api/v1/webhooks/${id}/deliveries/${res.body.data.id}`)).body.data;
    expect(detail).toMatchObject({ status: 'failed', attempt_count: 1, next_attempt_at: null });
    // Past the whole retry schedule, nothing else is sent.
    t.clock.advance(SPEC.retryDelaysMs.reduce((a, b) => a + b, 0) + 1);
    expect(await t.dispatcher.step()).toBe(0);
    expect(rx.requests).toHaveLength(1);
    expect((await user.api('GET', `/api/v1/webhooks/${id}`)).body.data.consecutive_failures).toBe(0);
  });

  it('sends at most 10 test deliveries per endpoint a minute (tests are outside the daily limit): 429 with Retry-After, then again', async () => {
    const user = await t.server.createUser();
    const rx = await receiver(() => ({ status: 204 }));
    const id = await subscribe(user, rx.url, ['deck.created']);
    const first = await user.api('POST', `/api/v1/webhooks/${id}/test`);
    for (let i = 1; i < 10; i++) {
      t.clock.advance(1_000);
      expect((await user.api('POST', `/api/v1/webhooks/${id}/test`)).status).toBe(202);
    }
    t.clock.advance(1_000);
    // Sent with an Idempotency-Key, as ccs/client sends every write: the refusal is not kept for the key.
    const key = `test-${id}`;
    const refused = await user.api('POST', `/api/v1/webhooks/${id}/test`, undefined, { 'idempotency-key': key });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    // The first of the ten leaves the minute 50 s from now.
    expect(refused.headers.get('retry-after')).toBe('50');
    // A test redelivered is a test too.
    expect((await user.api('POST', `/api/v1/webhooks/${id}/deliveries/${first.body.data.id}/redeliver`)).status).toBe(429);
    t.clock.advance(50_000);
    // The retry after Retry-After runs, with the same key.
    const retried = await user.api('POST', `/api/v1/webhooks/${id}/test`, undefined, { 'idempotency-key': key });
    expect(retried.status, retried.text).toBe(202);
    expect(retried.headers.get('idempotency-replayed')).toBeNull();
    await t.dispatcher.step();
    expect(rx.requests).toHaveLength(11);
    await user.api('DELETE', `/api/v1/webhooks/${id}`);
  });

  it('redelivers a test delivery as a test delivery: X-Webhook-Test, attempted once, not counted', async () => {
    const user = await t.server.createUser();
    const rx = await receiver(() => ({ status: 503 }));
    const id = await subscribe(user, rx.url, ['deck.created']);
    const test = (await user.api('POST', `/api/v1/webhooks/${id}/test`)).body.data;
    await t.dispatcher.step();
    const res = await user.api('POST', `/api/v1/webhooks/${id}/deliveries/${test.id}/redeliver`);
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ kind: 'test', redelivery_of: test.id, status: 'pending', event_count: 1, event_types: ['deck.created'] });
    await t.dispatcher.step();
    expect(rx.requests).toHaveLength(2);
    const [original, again] = rx.requests;
    expect(again!.headers['x-webhook-delivery']).toBe(res.body.data.id);
    expect(again!.headers['x-webhook-test']).toBe('true');
    expect(again!.raw.equals(original!.raw)).toBe(true);
    // A redelivery of that redelivery is still sample data, so still a test.
    const twice = await user.api('POST', `/api/v1/webhooks/${id}/deliveries/${res.body.data.id}/redeliver`);
    expect(twice.body.data).toMatchObject({ kind: 'test', redelivery_of: res.body.data.id });
    await t.dispatcher.step();
    expect(rx.requests[2]?.headers['x-webhook-test']).toBe('true');
    // Like a test send: no retry past the whole schedule, failure count and daily count untouched.
    t.clock.advance(SPEC.retryDelaysMs.reduce((a, b) => a + b, 0) + 1);
    expect(await t.dispatcher.step()).toBe(0);
    expect(rx.requests).toHaveLength(3);
    const detail = (await user.api('GET', `/api/v1/webhooks/${id}/deliveries/${res.body.data.id}`)).body.data;
    expect(detail).toMatchObject({ kind: 'test', status: 'failed', attempt_count: 1, next_attempt_at: null });
    const sub = (await user.api('GET', `/api/v1/webhooks/${id}`)).body.data;
    expect(sub).toMatchObject({ consecutive_failures: 0, deliveries_today: 0 });
  });
});

describe('webhook batch size cap, step by step (injected clock)', () => {
  const t = stepped({ ...SPEC, batchMaxEvents: 20, batchMaxBytes: 4096 });

  it('splits a batch larger than the event cap into several deliveries, in order, each counted once', async () => {
    const user = await t.server.createUser();
    const rx = await receiver();
    const id = await subscribe(user, rx.url);
    await record(t.server, user.id, 50);
    // Full batches leave at once; the rest waits for the window, which it inherits.
    await t.dispatcher.step();
    expect(rx.requests).toHaveLength(2);
    await closeWindow(t);
    await expectNothingMoreQueued(t.server, id, 3);
    const batches = inCreationOrder(rx.requests).map((r) => r.json as Array<{ data: { n: number } }>);
    expect(batches.map((b) => b.length)).toEqual([20, 20, 10]);
    expect(batches.flat().map((e) => e.data.n)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(new Set(rx.requests.map((r) => r.headers['x-webhook-delivery'])).size).toBe(3);
    expect((await user.api('GET', `/api/v1/webhooks/${id}`)).body.data.deliveries_today).toBe(3);
  });

  it('splits by body size: no delivery exceeds the byte cap unless one event alone does', async () => {
    const user = await t.server.createUser();
    const rx = await receiver();
    const id = await subscribe(user, rx.url);
    await record(t.server, user.id, 10, 'binder.created', (i) => ({ i, blob: 'b'.repeat(1000) }));
    await record(t.server, user.id, 1, 'binder.created', () => ({ i: 10, blob: 'B'.repeat(6000) }));
    t.clock.advance(SPEC.batchWindowMs);
    await t.dispatcher.step();
    // Nothing else arrives, however long we wait.
    t.clock.advance(SPEC.batchWindowMs * 2);
    expect(await t.dispatcher.step()).toBe(0);
    const requests = inCreationOrder(rx.requests);
    await expectNothingMoreQueued(t.server, id, requests.length);
    const sizes = requests.map((r) => r.raw.length);
    const counts = requests.map((r) => (r.json as unknown[]).length);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(11);
    sizes.forEach((size, i) => {
      if ((counts[i] ?? 0) > 1) expect(size).toBeLessThanOrEqual(4096);
    });
    expect(counts.at(-1)).toBe(1);
    expect(sizes.at(-1)).toBeGreaterThan(6000);
    const ids = requests.flatMap((r) => (r.json as Array<{ data: { i: number } }>).map((e) => e.data.i));
    expect(ids).toEqual(Array.from({ length: 11 }, (_, i) => i));
  });
});
