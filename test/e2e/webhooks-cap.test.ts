import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../src/config.js';
import { recordEvents } from '../../src/events/outbox.js';
import { ManualClock } from '../../src/lib/clock.js';
import { retentionJob } from '../../src/service-jobs.js';
import { createDispatcher, type Dispatcher } from '../../src/webhooks/dispatcher.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server.js';
import { startReceiver, type Receiver } from '../helpers/webhooks.js';

function fast(over: Partial<Config['webhooks']> = {}): Config['webhooks'] {
  return { ...loadConfig({}).webhooks, batchWindowMs: 300, retryDelaysMs: [100, 200, 300, 400, 500], timeoutMs: 500, leaseMs: 5_000, pollMs: 20, ...over };
}

async function record(server: TestServer, userId: string, n = 1) {
  const at = server.ctx.clock.now();
  await server.ctx.database.db.transaction().execute((trx) =>
    recordEvents(trx, Array.from({ length: n }, (_, i) => ({ userId, type: 'collection.entry.updated' as const, data: { i, at: at.toISOString() }, at }))),
  );
}

async function sub(user: TestUser, id: string) {
  return (await user.api('GET', `/api/v1/webhooks/${id}`)).body.data;
}

const silentLog = { info() {}, warn() {}, error() {}, debug() {} };

const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

describe('daily delivery limit (injected clock, dispatcher driven step by step)', () => {
  // The specification's window and retry schedule; a limit of 3 instead of 1,000 keeps the test short.
  const webhooks: Config['webhooks'] = { ...loadConfig({}).webhooks, dailyLimit: 3 };
  let server: TestServer;
  let clock: ManualClock;
  let dispatcher: Dispatcher;
  beforeAll(async () => {
    clock = new ManualClock('2026-11-22T23:58:00.000Z');
    server = await startTestServer({ webhooks }, { clock, cards: false });
    dispatcher = createDispatcher({ database: server.ctx.database, clock, config: server.config, mailer: server.ctx.mailer });
  });
  afterAll(async () => {
    await dispatcher?.stop();
    await server?.close();
  });

  it('counts a batch once, not retries or tests, drops events past the limit until 00:00 UTC and counts them', async () => {
    // The first POST fails once so a retry happens; retries must not count.
    const rx = await startReceiver((_req, n) => (n === 0 ? { status: 500 } : { status: 200 }));
    receivers.push(rx);
    const user = await server.createUser();
    const id = (await user.api('POST', '/api/v1/webhooks', { url: rx.url, events: ['*'] })).body.data.id as string;

    // Delivery 1: two events in one window, failed once and retried.
    await record(server, user.id, 2);
    clock.advance(webhooks.batchWindowMs);
    await dispatcher.step();
    expect((await user.api('GET', `/api/v1/webhooks/${id}/deliveries?status=retrying`)).body.meta.total).toBe(1);
    clock.advance(webhooks.retryDelaysMs[0] ?? 0);
    await dispatcher.step();
    expect(rx.requests).toHaveLength(2);
    expect(rx.requests[1]?.headers['x-webhook-delivery']).toBe(rx.requests[0]?.headers['x-webhook-delivery']);
    // Deliveries 2 and 3.
    for (let i = 0; i < 2; i++) {
      await record(server, user.id);
      clock.advance(webhooks.batchWindowMs);
      await dispatcher.step();
      expect(rx.requests).toHaveLength(3 + i);
    }
    await user.api('POST', `/api/v1/webhooks/${id}/test`);
    await dispatcher.step();
    expect(rx.requests).toHaveLength(5);
    expect(await sub(user, id)).toMatchObject({ deliveries_today: 3, daily_limit: 3, dropped_events_today: 0, dropped_events_total: 0 });

    // Past the limit: dropped, not queued, and nothing is sent when the window would have closed.
    await record(server, user.id, 2);
    expect(await dispatcher.step()).toBe(0);
    expect(await sub(user, id)).toMatchObject({ deliveries_today: 3, dropped_events_today: 2, dropped_events_total: 2 });
    clock.advance(webhooks.batchWindowMs);
    expect(await dispatcher.step()).toBe(0);
    expect(rx.requests).toHaveLength(5);
    const log = await user.api('GET', `/api/v1/webhooks/${id}/deliveries`);
    expect(log.body.meta.total).toBe(4); // three batches and the test

    // Midnight UTC: the counters read as a new day, and events flow again.
    clock.set('2026-11-23T00:00:00.000Z');
    expect(await sub(user, id)).toMatchObject({ deliveries_today: 0, dropped_events_today: 0, dropped_events_total: 2 });
    await record(server, user.id);
    clock.advance(webhooks.batchWindowMs);
    await dispatcher.step();
    expect(rx.requests).toHaveLength(6);
    expect((rx.requests[5]?.json as Array<{ timestamp: string }> | undefined)?.[0]?.timestamp).toBe('2026-11-23T00:00:00.000Z');
    expect(await sub(user, id)).toMatchObject({ deliveries_today: 1, dropped_events_today: 0, dropped_events_total: 2 });
  });
});

describe('delivery log retention (injected clock)', () => {
  let server: TestServer;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = new ManualClock('2026-01-01T12:00:00.000Z');
    server = await startTestServer({ webhooks: fast() }, { clock, cards: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps deliveries for 30 days, then the scheduled purge removes them with their attempts', async () => {
    const rx = await startReceiver();
    receivers.push(rx);
    const user = await server.createUser();
    const id = (await user.api('POST', '/api/v1/webhooks', { url: rx.url, events: ['*'] })).body.data.id as string;
    const old = (await user.api('POST', `/api/v1/webhooks/${id}/test`)).body.data.id as string;
    const dispatcher = createDispatcher({ database: server.ctx.database, clock, config: server.config, mailer: server.ctx.mailer });
    await dispatcher.tick();
    await dispatcher.idle();
    await dispatcher.stop();
    expect((await user.api('GET', `/api/v1/webhooks/${id}/deliveries/${old}`)).body.data.status).toBe('delivered');

    clock.advance(29 * 24 * 3600_000);
    const recent = (await user.api('POST', `/api/v1/webhooks/${id}/test`)).body.data.id as string;
    const again = createDispatcher({ database: server.ctx.database, clock, config: server.config, mailer: server.ctx.mailer });
    expect(await again.runRetention()).toBe(0);
    expect((await user.api('GET', `/api/v1/webhooks/${id}/deliveries`)).body.meta.total).toBe(2);
    await again.stop();

    // Day 31: the old delivery is out of the log, and a round of the scheduled `webhook-retention` job purges it.
    clock.advance(2 * 24 * 3600_000);
    const listed = await user.api('GET', `/api/v1/webhooks/${id}/deliveries`);
    expect(listed.body.data.map((d: { id: string }) => d.id)).toEqual([recent]);
    // Gone by id too, before the purge: neither readable nor redeliverable.
    expect((await user.api('GET', `/api/v1/webhooks/${id}/deliveries/${old}`)).status).toBe(404);
    expect((await user.api('POST', `/api/v1/webhooks/${id}/deliveries/${old}/redeliver`)).status).toBe(404);
    await retentionJob(server.ctx, silentLog).runNow();
    expect(await server.ctx.database.db.selectFrom('webhook_deliveries').select('id').where('id', '=', old).executeTakeFirst()).toBeUndefined();
    const attempts = await server.ctx.database.db.selectFrom('webhook_attempts').select('id').where('delivery_id', '=', old).execute();
    expect(attempts).toEqual([]);
    expect((await user.api('GET', `/api/v1/webhooks/${id}/deliveries/${old}`)).status).toBe(404);
    // The recent (still pending: no dispatcher sent it) delivery is kept.
    expect((await user.api('GET', `/api/v1/webhooks/${id}/deliveries/${recent}`)).status).toBe(200);
  });

  it('purges outbox events dispatched more than 30 days ago, and keeps newer ones', async () => {
    const user = await server.createUser();
    const count = async () =>
      Number((await server.ctx.database.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow()).n);
    await record(server, user.id, 3);
    const dispatcher = createDispatcher({ database: server.ctx.database, clock, config: server.config, mailer: server.ctx.mailer });
    await dispatcher.tick();
    await dispatcher.idle();
    clock.advance(29 * 24 * 3600_000);
    await record(server, user.id, 2);
    await dispatcher.tick();
    await dispatcher.idle();
    expect(await count()).toBe(5);
    await dispatcher.runRetention();
    expect(await count()).toBe(5);
    clock.advance(2 * 24 * 3600_000);
    await dispatcher.runRetention();
    expect(await count()).toBe(2);
    await dispatcher.stop();
  });
});
