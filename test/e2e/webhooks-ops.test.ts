import { createHmac } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../src/config.js';
import { recordEvents } from '../../src/events/outbox.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { CCS_BIN, EXAMPLE_RECEIVER, ensureBuilt, spawnNode, startReceiver, waitUntil } from '../helpers/webhooks.js';

function fast(over: Partial<Config['webhooks']> = {}): Config['webhooks'] {
  return { ...loadConfig({}).webhooks, batchWindowMs: 200, retryDelaysMs: [100, 200, 300, 400, 500], timeoutMs: 1_000, leaseMs: 5_000, pollMs: 20, ...over };
}

async function record(server: TestServer, userId: string, n: number) {
  const at = server.ctx.clock.now();
  await server.ctx.database.db.transaction().execute((trx) =>
    recordEvents(trx, Array.from({ length: n }, (_, i) => ({ userId, type: 'binder.updated' as const, data: { i }, at }))),
  );
}

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

describe('the example receiver', () => {
  it('accepts real deliveries and answers 401 to a bad signature', async () => {
    const secret = 'example-receiver-secret-42';
    const example = spawnNode([EXAMPLE_RECEIVER], { ...process.env, WEBHOOK_SECRET: secret, PORT: '0' } as Record<string, string>);
    cleanups.push(() => example.kill());
    const [, url] = await example.waitForOutput(/listening on (http:\/\/\S+)/);
    const server = await startTestServer({ webhooks: fast() }, { worker: true, cards: false });
    cleanups.push(() => server.close());
    const user = await server.createUser();
    const created = await user.api('POST', '/api/v1/webhooks', { url: `${url}hooks`, events: ['*'], secret });
    await record(server, user.id, 3);
    const events = await server.events(user.id);
    await example.waitForOutput(new RegExp(events[2]!.id));
    expect(example.output()).toMatch(/delivery \S+: 3 event\(s\)/);
    for (const e of events) expect(example.output()).toContain(`binder.updated ${e.id}`);
    await waitUntil(async () => (await user.api('GET', `/api/v1/webhooks/${created.body.data.id}/deliveries?status=delivered`)).body.meta.total === 1);

    const body = JSON.stringify([{ id: 'forged', type: 'deck.deleted', timestamp: new Date().toISOString(), data: {} }]);
    const forged = await fetch(url!, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-webhook-signature': 'ab'.repeat(32) } });
    expect(forged.status).toBe(401);
    const unsigned = await fetch(url!, { method: 'POST', body });
    expect(unsigned.status).toBe(401);
    const signed = await fetch(url!, { method: 'POST', body, headers: { 'x-webhook-signature': createHmac('sha256', secret).update(body).digest('hex') } });
    expect(signed.status).toBe(204);
    // As large a delivery as the service sends by default (CCS_WEBHOOK_BATCH_MAX_BYTES, 6 MiB) is taken.
    const big = JSON.stringify([{ id: 'big', type: 'collection.entry.created', timestamp: new Date().toISOString(), data: { notes: 'x'.repeat(loadConfig({}).webhooks.batchMaxBytes) } }]);
    const large = await fetch(url!, { method: 'POST', body: big, headers: { 'x-webhook-signature': createHmac('sha256', secret).update(big).digest('hex') } });
    expect(large.status).toBe(204);
  });
});

describe('metrics', () => {
  it('exposes deliveries by outcome, attempt latency, queue depth and oldest pending age', async () => {
    // A long first retry keeps the failed delivery queued while the metrics are read.
    const server = await startTestServer({ webhooks: fast({ retryDelaysMs: [60_000] }) }, { worker: true, cards: false });
    cleanups.push(() => server.close());
    const ok = await startReceiver();
    const failing = await startReceiver(() => ({ status: 500 }));
    cleanups.push(() => ok.close(), () => failing.close());
    const user = await server.createUser();
    await user.api('POST', '/api/v1/webhooks', { url: ok.url, events: ['*'] });
    await user.api('POST', '/api/v1/webhooks', { url: failing.url, events: ['*'] });
    await record(server, user.id, 2);
    await ok.waitFor(1);
    await failing.waitFor(1);
    const text = await waitUntil(async () => {
      const t = (await server.request('GET', '/metrics')).text;
      return /ccs_webhook_deliveries_total\{outcome="retrying"\} 1\n/.test(t) && /ccs_webhook_queue_depth 1\n/.test(t) ? t : undefined;
    });
    expect(text).toMatch(/ccs_webhook_deliveries_total\{outcome="delivered"\} 1/);
    expect(text).toMatch(/ccs_webhook_attempt_duration_seconds_count\{result="success"\} 1/);
    expect(text).toMatch(/ccs_webhook_attempt_duration_seconds_count\{result="failure"\} 1/);
    expect(text).toMatch(/ccs_webhook_queue_depth 1/); // the retrying one
    expect(text).toMatch(/ccs_webhook_oldest_pending_age_seconds \d/);
    expect(text).toMatch(/ccs_webhook_outbox_undispatched_events 0/);
    expect(text).toMatch(/ccs_webhook_events_fanned_out_total 2/);
  });

  it('shows on every process, the API processes beside a separate worker included, how many subscriptions dropped events at their daily cap today', async () => {
    const worker = await startTestServer({ webhooks: fast({ dailyLimit: 1 }) }, { worker: true, cards: false });
    cleanups.push(() => worker.close());
    // An API process without a dispatcher on the same database (as `serve --no-worker` beside `ccs worker`).
    const api = await startTestServer({ webhooks: fast({ dailyLimit: 1 }) }, { cards: false, shareDatabaseWith: worker });
    cleanups.push(() => api.close());
    const rx = await startReceiver();
    cleanups.push(() => rx.close());
    const user = await worker.createUser();
    const sub = (await user.api('POST', '/api/v1/webhooks', { url: rx.url, events: ['*'] })).body.data;
    const gauge = async () => Number(/^ccs_webhook_subscriptions_dropping_events (\S+)$/m.exec((await api.request('GET', '/metrics')).text)?.[1]);
    expect(await gauge()).toBe(0);
    // Events made through the API of the process without a dispatcher.
    const binder = (name: string) => api.request('POST', '/api/v1/binders', { token: user.key, body: { name } });
    expect((await binder('First')).status).toBe(201);
    await rx.waitFor(1);
    // The day's one delivery is spent: the next events are dropped.
    for (const name of ['Second', 'Third']) expect((await binder(name)).status).toBe(201);
    await waitUntil(async () => ((await user.api('GET', `/api/v1/webhooks/${sub.id}`)).body.data.dropped_events_today === 2 ? true : undefined));
    expect(await waitUntil(async () => ((await gauge()) === 1 ? 1 : undefined))).toBe(1);
    // The per-process counter is the fan-out's own: zero where none runs.
    expect((await api.request('GET', '/metrics')).text).toMatch(/^ccs_webhook_events_dropped_total 0$/m);
  });
});

describe('ccs serve and the in-process dispatcher', () => {
  beforeAll(() => ensureBuilt(), 120_000);

  it('runs a dispatcher by default and none with --no-worker', async () => {
    const server = await startTestServer({ webhooks: fast() }, { cards: false });
    cleanups.push(() => server.close());
    const rx = await startReceiver();
    cleanups.push(() => rx.close());
    const user = await server.createUser();
    await user.api('POST', '/api/v1/webhooks', { url: rx.url, events: ['*'] });
    const env = { ...server.childEnv, CCS_WEBHOOK_BATCH_WINDOW_MS: '200', CCS_WEBHOOK_POLL_MS: '20' };

    const apiOnly = spawnNode([CCS_BIN, 'serve', '--port', '0', '--no-worker'], env);
    cleanups.push(() => apiOnly.kill());
    const [, apiOnlyUrl] = await apiOnly.waitForOutput(/is running at (http:\/\/\S+)/);
    expect(apiOnly.output()).toMatch(/no dispatcher here \(--no-worker\)/);
    await record(server, user.id, 1);
    expect((await server.ctx.database.db.selectFrom('events').select('dispatched_at').executeTakeFirstOrThrow()).dispatched_at).toBeNull();

    // The event waits in the outbox while a full `ccs serve` starts next to the API-only one and delivers it.
    const full = spawnNode([CCS_BIN, 'serve', '--port', '0'], env);
    cleanups.push(() => full.kill());
    await full.waitForOutput(/is running at/);
    expect(full.output()).toMatch(/dispatcher running in this process/);
    const [req] = await rx.waitFor(1, 20_000);
    expect((req?.json as unknown[] | undefined)?.length).toBe(1);
    // The API-only process had the event first and all along, and did nothing with it: it fanned out and sent nothing.
    const metrics = await (await fetch(`${apiOnlyUrl}/metrics`)).text();
    expect(metrics).toMatch(/^ccs_webhook_events_fanned_out_total 0$/m);
    expect(metrics).not.toMatch(/^ccs_webhook_deliveries_total\{/m);
    expect(metrics).not.toMatch(/^ccs_webhook_attempt_duration_seconds_count\{/m);
    for (const proc of [apiOnly, full]) {
      proc.child.kill('SIGTERM');
      expect(await proc.exited).toBe(0);
    }
  });
});
