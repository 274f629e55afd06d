import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Config, isPostgres, loadConfig } from '../../src/config.js';
import { createContext, type AppContext } from '../../src/context.js';
import { recordEvents } from '../../src/events/outbox.js';
import { createDispatcher, type Dispatcher } from '../../src/webhooks/dispatcher.js';
import { createOutboundClient, type OutboundClient } from '../../src/webhooks/http-client.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { CCS_BIN, delay, ensureBuilt, spawnNode, startReceiver, waitUntil, type Child, type Receiver } from '../helpers/webhooks.js';

function fast(over: Partial<Config['webhooks']> = {}): Config['webhooks'] {
  return { ...loadConfig({}).webhooks, batchWindowMs: 300, retryDelaysMs: [100, 200, 300, 400, 500], timeoutMs: 1_000, leaseMs: 1_500, pollMs: 20, ...over };
}

async function record(server: TestServer, userId: string, n: number) {
  const at = server.ctx.clock.now();
  await server.ctx.database.db.transaction().execute((trx) =>
    recordEvents(trx, Array.from({ length: n }, (_, i) => ({ userId, type: 'collection.entry.created' as const, data: { i }, at }))),
  );
}

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

function spawnWorker(server: TestServer, env: Record<string, string>): Child {
  const worker = spawnNode([CCS_BIN, 'worker'], { ...server.childEnv, LOG_LEVEL: 'info', ...env });
  cleanups.push(() => worker.kill());
  return worker;
}

describe('crash safety', () => {
  beforeAll(() => ensureBuilt(), 120_000);

  it('a batch whose dispatcher is killed with SIGKILL mid-delivery is delivered after the lease expires', async () => {
    const LEASE = 1_500;
    const server = await startTestServer({ webhooks: fast({ leaseMs: LEASE }) }, { cards: false });
    cleanups.push(() => server.close());
    // The first POST never gets an answer: the dispatcher is killed while it waits.
    const rx: Receiver = await startReceiver((_req, n) => (n === 0 ? 'hang' : { status: 200, body: 'ok' }));
    cleanups.push(() => rx.close());
    const user = await server.createUser();
    const created = await user.api('POST', '/api/v1/webhooks', { url: rx.url, events: ['*'] });
    expect(created.status).toBe(201);
    await record(server, user.id, 50);

    const env = { CCS_WEBHOOK_BATCH_WINDOW_MS: '300', CCS_WEBHOOK_TIMEOUT_MS: '1000', CCS_WEBHOOK_LEASE_MS: String(LEASE), CCS_WEBHOOK_POLL_MS: '20' };
    const first = spawnWorker(server, env);
    const [inFlight] = await rx.waitFor(1, 20_000);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    expect(first.output()).toContain('ccs worker ready');
    // The worker logs as `ccs serve` does (pino's lines: numeric levels, hostname), so one alert covers both.
    const ready = first.output().split('\n').find((l) => l.includes('ccs worker ready'));
    expect(JSON.parse(ready ?? '{}')).toMatchObject({ level: 30, pid: expect.any(Number), hostname: expect.any(String), msg: 'ccs worker ready' });

    const deliveryId = inFlight!.headers['x-webhook-delivery'] as string;
    const row = await server.ctx.database.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', deliveryId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempt_count: 0, event_count: 50 });
    expect(row.lease_owner).toEqual(expect.any(String));

    const second = spawnWorker(server, env);
    const [, redelivered] = await rx.waitFor(2, 20_000);
    expect(redelivered!.headers['x-webhook-delivery']).toBe(deliveryId);
    expect(redelivered!.raw.equals(inFlight!.raw)).toBe(true);
    expect(redelivered!.headers['x-webhook-signature']).toBe(inFlight!.headers['x-webhook-signature']);
    expect((redelivered!.json as unknown[]).length).toBe(50);
    // Not before the killed dispatcher's lease ran out. The lease runs from the claim, which came
    // before the first POST arrived (by a few to a few hundred ms on a loaded machine): compare
    // with the lease's own end, as the database holds it.
    expect(redelivered!.at).toBeGreaterThanOrEqual(Date.parse(String(row.lease_until)) - 50);
    expect(redelivered!.at - inFlight!.at).toBeGreaterThanOrEqual(LEASE / 2);

    const done = await waitUntil(async () => {
      const r = await user.api('GET', `/api/v1/webhooks/${created.body.data.id}/deliveries/${deliveryId}`);
      return r.body.data.status === 'delivered' ? r.body.data : undefined;
    });
    expect(done.attempt_count).toBe(1);
    expect(done.attempts).toHaveLength(1);
    // Nothing is left to send: every event is fanned out and the only delivery is delivered.
    expect(await server.ctx.database.db.selectFrom('events').select('id').where('dispatched_at', 'is', null).execute()).toEqual([]);
    expect(await server.ctx.database.db.selectFrom('webhook_deliveries').select('status').execute()).toEqual([{ status: 'delivered' }]);

    // SIGTERM stops a worker cleanly, after what it had in flight; by then no third POST came.
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(rx.requests).toHaveLength(2);
  });
});

describe('several dispatchers on PostgreSQL', () => {
  const pg = isPostgres(loadConfig());

  it.skipIf(!pg)('share the queue with no duplicate and no lost delivery', async () => {
    const server = await startTestServer({ webhooks: fast({ batchMaxEvents: 1, leaseMs: 30_000, timeoutMs: 5_000 }) }, { cards: false });
    cleanups.push(() => server.close());
    const receivers: Receiver[] = [];
    for (let i = 0; i < 4; i++) {
      // A little latency so both dispatchers have POSTs in flight at the same time.
      const rx = await startReceiver(() => new Promise((resolve) => setTimeout(() => resolve({ status: 200 }), Math.random() * 15)));
      receivers.push(rx);
      cleanups.push(() => rx.close());
    }
    const users = await Promise.all(Array.from({ length: 5 }, () => server.createUser()));
    for (const user of users) {
      for (const rx of receivers) expect((await user.api('POST', '/api/v1/webhooks', { url: rx.url, events: ['*'] })).status).toBe(201);
    }

    // Two dispatchers, each with its own connection pool, as two `ccs worker` processes would have.
    const sent = [0, 0];
    const dispatchers: Dispatcher[] = [];
    const contexts: AppContext[] = [];
    for (let i = 0; i < 2; i++) {
      const ctx = await createContext(server.config, { databaseOptions: { schema: server.ctx.database.schema, poolSize: 5 } });
      contexts.push(ctx);
      const real = createOutboundClient({ timeoutMs: 5_000, responseBodyBytes: 1024, allowPrivate: false, userAgent: 'test' });
      const client: OutboundClient = {
        post: (req) => {
          sent[i]! += 1;
          return real.post(req);
        },
        close: () => real.close(),
      };
      const d = createDispatcher({ database: ctx.database, clock: ctx.clock, config: { ...server.config, webhooks: { ...server.config.webhooks, concurrency: 8 } }, mailer: ctx.mailer, client });
      dispatchers.push(d);
      d.start();
    }
    cleanups.push(async () => {
      for (const d of dispatchers) await d.stop();
      for (const c of contexts) await c.close();
    });

    // Events keep arriving while both dispatchers fan out and send.
    const PER_USER = 30;
    for (let round = 0; round < 3; round++) {
      await Promise.all(users.map((u) => record(server, u.id, PER_USER / 3)));
      await delay(50);
    }
    const expected = users.length * PER_USER * receivers.length;
    await waitUntil(() => receivers.reduce((n, r) => n + r.requests.length, 0) >= expected, 60_000, 50);
    // Stopping waits for every POST in flight: after it, nothing more can arrive.
    for (const d of dispatchers) await d.stop();

    const all = receivers.flatMap((r) => r.requests);
    expect(all).toHaveLength(expected);
    const deliveryIds = all.map((r) => r.headers['x-webhook-delivery'] as string);
    expect(new Set(deliveryIds).size).toBe(expected);
    // Each receiver holds one subscription per user, so it must see every event exactly once.
    const eventIds = (await server.events()).map((e) => e.id).sort();
    expect(eventIds).toHaveLength(users.length * PER_USER);
    for (const r of receivers) expect(r.requests.flatMap((q) => (q.json as Array<{ id: string }>).map((e) => e.id)).sort()).toEqual(eventIds);
    const rows = await server.ctx.database.db.selectFrom('webhook_deliveries').select(['status', 'attempt_count']).execute();
    expect(rows).toHaveLength(expected);
    expect(rows.every((r) => r.status === 'delivered' && r.attempt_count === 1)).toBe(true);
    expect(sent[0]! + sent[1]!).toBe(expected);
    expect(sent[0]).toBeGreaterThan(0);
    expect(sent[1]).toBeGreaterThan(0);
  });
});
