import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Config, isPostgres, loadConfig } from '../../src/config.js';
import type { PeriodicJob } from '../../src/jobs/periodic.js';
import { ManualClock } from '../../src/lib/clock.js';
import { parseCron } from '../../src/cards/cron.js';
import { cardRefreshJob } from '../../src/cards/refresh.js';
import { captureLog, metric, terminateBackends } from '../helpers/outage.js';
import { DEMO_CARDS, startTestServer, type ApiResponse, type TestServer, type TestUser } from '../helpers/server.js';
import { startTcpProxy } from '../helpers/tcp-proxy.js';
import { CCS_BIN, ensureBuilt, spawnNode, startReceiver, waitUntil } from '../helpers/webhooks.js';
import http from 'node:http';
import pg from 'pg';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

const PG_URL = process.env.DATABASE_URL ?? '';
const ON_POSTGRES = isPostgres({ databaseUrl: PG_URL });
/** CCS_DB_TIMEOUT_MS for these tests: no request may wait on the database longer than this (plus the read grace below). */
const BOUND = 1_000;
/** A statement on a connection that went silent is given up after the bound plus this grace (src/db/database.ts). */
const READ_GRACE = 1_000;
/** Scheduling slack on a loaded machine. */
const SLACK = 1_500;

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

function fastWebhooks(over: Partial<Config['webhooks']> = {}): Config['webhooks'] {
  return { ...loadConfig({}).webhooks, batchWindowMs: 0, retryDelaysMs: [100, 200, 300], timeoutMs: 500, leaseMs: 1_500, pollMs: 20, ...over };
}

/** A test server whose every database connection runs through a proxy the test can cut. */
async function behindProxy(overrides: Partial<Config> = {}, opts: Parameters<typeof startTestServer>[1] = {}) {
  const target = new URL(PG_URL);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  cleanups.push(() => proxy.close());
  const log = captureLog();
  const server = await startTestServer({ databaseUrl: proxy.via(PG_URL), dbTimeoutMs: BOUND, ...overrides }, { log, ...opts });
  // Dropping the test schema goes through the proxy too.
  cleanups.push(async () => {
    await proxy.up();
    await server.close();
  });
  return { proxy, server, log };
}

/** A connection of its own, straight to PostgreSQL (not through the proxy), in the server's schema: it holds locks. */
async function lockHolder(server: TestServer): Promise<pg.Client> {
  const other = new pg.Client({ connectionString: PG_URL, application_name: 'ccs-test-locker', options: `-c search_path=${server.ctx.database.schema}` });
  await other.connect();
  cleanups.push(() => other.end());
  return other;
}

async function timed(fn: () => Promise<ApiResponse>): Promise<{ res: ApiResponse; ms: number }> {
  const t0 = performance.now();
  const res = await fn();
  return { res, ms: performance.now() - t0 };
}

function expectUnavailable(res: ApiResponse): void {
  expect(res.status, res.text).toBe(503);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.headers.get('retry-after')).toBe('5');
  expect(res.body).toMatchObject({ status: 503, code: 'service_unavailable', retry_after: 5, request_id: expect.any(String) });
}

/** Printings that come as nonfoil: one distinct entry each, so no add merges into another. */
async function nonfoilCards(server: TestServer, n: number): Promise<string[]> {
  const rows = await server.ctx.database.db.selectFrom('cards').select(['id', 'finishes']).orderBy('id').execute();
  const ids = rows.filter((r) => r.finishes.includes('nonfoil')).map((r) => r.id);
  expect(ids.length).toBeGreaterThanOrEqual(n);
  return ids.slice(0, n);
}

interface Outcome {
  status: number;
  id: string | undefined;
  retryAfter: string | null;
  /** How long the client waited for this answer. */
  ms: number;
}

/** POSTs one entry per card, `concurrency` at a time; `progress` hears the answers so far after each. */
async function burst(user: TestUser, cards: string[], concurrency: number, progress: (outcomes: Outcome[]) => Promise<void> | void): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < cards.length) {
        const card = cards[next++]!;
        const { res, ms } = await timed(() => user.api('POST', '/api/v1/collection', { card_id: card, finish: 'nonfoil' }));
        outcomes.push({ status: res.status, id: res.body?.data?.id, retryAfter: res.headers.get('retry-after'), ms });
        await progress(outcomes);
      }
    }),
  );
  return outcomes;
}

/** Nothing a client was told is created is missing, and every entry in the database has exactly its event (and no event lacks its entry). */
async function expectNothingLost(server: TestServer, user: TestUser, outcomes: Outcome[]): Promise<void> {
  for (const o of outcomes) {
    expect([201, 503]).toContain(o.status);
    if (o.status === 503) {
      expect(o.retryAfter).toBe('5');
      // Quickly, too: no write across the cut waits longer than the bound (plus the read grace for a silent connection).
      expect(o.ms).toBeLessThan(BOUND + READ_GRACE + SLACK);
    }
  }
  const entries = await server.ctx.database.db.selectFrom('collection_entries').select('id').where('user_id', '=', user.id).execute();
  const inDb = new Set(entries.map((e) => e.id));
  const told = outcomes.filter((o) => o.status === 201).map((o) => o.id!);
  for (const id of told) expect(inDb.has(id), `entry ${id} answered 201 but is not in the database`).toBe(true);
  const events = (await server.events(user.id)).filter((e) => e.type === 'collection.entry.created');
  const eventIds = events.map((e) => e.payload.id as string).sort();
  expect(eventIds).toEqual([...inDb].sort());
  // A 503 may still have committed (the answer to COMMIT was lost with the connection); never more than the 503s.
  expect(inDb.size - told.length).toBeLessThanOrEqual(outcomes.filter((o) => o.status === 503).length);
}

describe.skipIf(!ON_POSTGRES)('PostgreSQL outages (PostgreSQL only: set DATABASE_URL=postgres://...)', () => {
  it('answers 503 with Retry-After within the bound while PostgreSQL is down, keeps /healthz alive, and serves again by itself', async () => {
    const { proxy, server, log } = await behindProxy({}, { cards: false });
    const user = await server.createUser();
    expect((await user.api('GET', '/api/v1/profile')).status).toBe(200);

    const mark = log.mark();
    await proxy.down();
    const during = await Promise.all([
      timed(() => user.api('GET', '/api/v1/profile')),
      timed(() => user.api('GET', '/api/v1/collection')),
      timed(() => user.api('POST', '/api/v1/binders', { name: 'Trade binder' })),
      timed(() => user.api('GET', '/api/v1/webhooks')),
    ]);
    for (const { res, ms } of during) {
      expectUnavailable(res);
      expect(ms).toBeLessThan(BOUND + SLACK);
    }
    expect((await server.request('GET', '/healthz')).status).toBe(200);
    const ready = await server.request('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'unavailable', database: 'postgres', failing: 'database' });
    const metrics = (await server.request('GET', '/metrics')).text;
    expect(metric(metrics, 'ccs_unavailable_responses_total', { cause: 'database' })).toBeGreaterThanOrEqual(4);
    expect(metric(metrics, 'ccs_database_errors_total', { cause: 'database' })).toBeGreaterThanOrEqual(4);
    expect(metric(metrics, 'ccs_database_up')).toBe(0);
    expect(metric(metrics, 'ccs_database_seconds_since_reachable')).toBeGreaterThan(0);

    await proxy.up();
    expect((await user.api('GET', '/api/v1/profile')).status).toBe(200);
    expect((await user.api('POST', '/api/v1/binders', { name: 'Trade binder' })).status).toBe(201);
    expect((await server.request('GET', '/readyz')).status).toBe(200);
    const after = (await server.request('GET', '/metrics')).text;
    expect(metric(after, 'ccs_database_up')).toBe(1);
    expect(metric(after, 'ccs_database_seconds_since_reachable')).toBe(0);
    // One line when it went, one when it came back, however many requests failed in between.
    expect(log.matching(/^database unreachable/, mark)).toHaveLength(1);
    expect(log.matching(/^database reachable again/, mark)).toHaveLength(1);
  });

  it('answers 503 within the bound when PostgreSQL stops answering on open connections, even with every pool slot taken', async () => {
    const { proxy, server } = await behindProxy({}, { cards: false });
    const user = await server.createUser();
    // Warm the pool, so requests run into connections that go silent mid-statement.
    await Promise.all(Array.from({ length: 5 }, () => user.api('GET', '/api/v1/profile')));

    proxy.silence();
    // More requests than the pool has connections (5): the rest wait for a slot, within the bound too.
    const during = await Promise.all(Array.from({ length: 8 }, () => timed(() => user.api('GET', '/api/v1/profile'))));
    for (const { res, ms } of during) {
      expectUnavailable(res);
      expect(ms).toBeLessThan(BOUND + READ_GRACE + SLACK);
    }

    await proxy.up();
    expect((await user.api('GET', '/api/v1/profile')).status).toBe(200);
  });

  it('reports the database down on /metrics in a process no other request reaches (out of rotation), and up once it answers', async () => {
    const { proxy, server } = await behindProxy({}, { cards: false });
    expect(metric((await server.request('GET', '/metrics')).text, 'ccs_database_up')).toBe(1);
    // Silent, so no connection error tells the process: nothing but scrapes reach it, and the scrape itself asks the database.
    proxy.silence();
    expect(metric((await server.request('GET', '/metrics')).text, 'ccs_database_up')).toBe(0);
    await proxy.up();
    expect(metric((await server.request('GET', '/metrics')).text, 'ccs_database_up')).toBe(1);
  });

  it('answers a write with an Idempotency-Key within the same bound as one without when the database goes silent (the key is released behind the answer)', async () => {
    const { proxy, server } = await behindProxy({}, { cards: false });
    const user = await server.createUser();
    await Promise.all(Array.from({ length: 5 }, () => user.api('GET', '/api/v1/profile')));
    proxy.silence();
    const keyed = await timed(() => user.api('POST', '/api/v1/binders', { name: 'Keyed' }, { 'idempotency-key': 'silent-db-1' }));
    expectUnavailable(keyed.res);
    expect(keyed.ms).toBeLessThan(BOUND + READ_GRACE + SLACK);
    await proxy.up();
    // Released once the database answered again: the retry runs (a 409 with Retry-After: 1 until then).
    await waitUntil(async () => (await user.api('POST', '/api/v1/binders', { name: 'Keyed' }, { 'idempotency-key': 'silent-db-1' })).status === 201, 10_000);
  });

  it('answers 503 when a statement waits past the bound (a lock held elsewhere), and the connection lives on', async () => {
    const { server, log } = await behindProxy();
    const user = await server.createUser();
    const [card] = await nonfoilCards(server, 1);
    const other = await lockHolder(server);
    // Adding an entry bumps its owner's collection version: hold that row.
    await other.query('begin');
    await other.query('select id from users where id = $1 for update', [user.id]);
    const { res, ms } = await timed(() => user.api('POST', '/api/v1/collection', { card_id: card, finish: 'nonfoil' }));
    expectUnavailable(res);
    expect(ms).toBeGreaterThanOrEqual(BOUND - 50);
    expect(ms).toBeLessThan(BOUND + SLACK);
    await other.query('rollback');
    expect((await user.api('POST', '/api/v1/collection', { card_id: card, finish: 'nonfoil' })).status).toBe(201);
    const metrics = (await server.request('GET', '/metrics')).text;
    expect(metric(metrics, 'ccs_unavailable_responses_total', { cause: 'database_timeout' })).toBe(1);
    expect(metric(metrics, 'ccs_database_up')).toBe(1);
    expect(log.matching(/did not answer in time/)).toHaveLength(1);
  });

  it('frees an Idempotency-Key whose request ended in a 503 once the database is back, so the retry runs instead of getting 409 until the lease ends', async () => {
    // A statement timeout longer than the test, so the add is still waiting when the database goes.
    const { proxy, server } = await behindProxy({ idempotencyLeaseMs: 5 * 60_000, dbTimeoutMs: 30_000 });
    const user = await server.createUser();
    const [card] = await nonfoilCards(server, 1);
    const other = await lockHolder(server);
    // The add waits for the entries table, its key claimed (the claim itself needs only the user's row),
    // until the database goes away under it.
    await other.query('begin');
    await other.query('lock table collection_entries in exclusive mode');
    const key = { 'idempotency-key': 'retry-after-outage' };
    const first = user.api('POST', '/api/v1/collection', { card_id: card, finish: 'nonfoil' }, key);
    await waitUntil(async () => {
      // This server's own connections only: other test files share the PostgreSQL server and may be waiting on locks of their own.
      const { rows } = await other.query("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and application_name = $1", [`ccs:${server.ctx.database.schema}`]);
      return rows[0].n > 0 || undefined;
    });
    await proxy.down();
    expectUnavailable(await first);
    // The backend of the cut connection still waits for the lock and would commit the add once it is
    // free (the in-doubt case docs/api-notes.md describes); this test is about the key, so it goes.
    expect(await terminateBackends(server)).toBeGreaterThan(0);
    await other.query('rollback');
    await proxy.up();
    // Released again within a second or so of the database's return (the lease is five minutes).
    const retried = await waitUntil(async () => {
      const res = await user.api('POST', '/api/v1/collection', { card_id: card, finish: 'nonfoil' }, key);
      return res.status === 409 ? undefined : res;
    }, 5_000, 200);
    expect(retried.status, retried.text).toBe(201);
    const again = await user.api('POST', '/api/v1/collection', { card_id: card, finish: 'nonfoil' }, key);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    const entries = await server.ctx.database.db.selectFrom('collection_entries').select('quantity').where('user_id', '=', user.id).execute();
    expect(entries).toEqual([{ quantity: 1 }]);
  });

  it.each([
    ['pg_terminate_backend kills its connections', 'terminate'],
    ['the network to PostgreSQL is cut and restored', 'proxy'],
  ] as const)('loses no committed entry and no event when %s in the middle of a write burst', async (_label, how) => {
    const { proxy, server } = await behindProxy();
    const user = await server.createUser();
    const cards = await nonfoilCards(server, 120);
    let terminated = 0;
    let restored: Promise<void> | undefined;
    const outcomes = await burst(user, cards, 8, async (sofar) => {
      const done = sofar.length;
      if (how === 'terminate' && (done === 30 || done === 70)) terminated += await terminateBackends(server);
      if (how === 'proxy' && done === 30) {
        await proxy.down();
        // Up again once the requests running into the cut have been answered.
        restored = waitUntil(() => sofar.filter((o) => o.status === 503).length >= 8 || undefined).then(() => proxy.up());
      }
    });
    await restored;
    if (how === 'terminate') expect(terminated).toBeGreaterThan(0);
    else expect(outcomes.filter((o) => o.status === 503).length).toBeGreaterThanOrEqual(8);
    await expectNothingLost(server, user, outcomes);
    // And the service goes on: the next write succeeds.
    const more = await nonfoilCards(server, 121);
    expect((await user.api('POST', '/api/v1/collection', { card_id: more[120], finish: 'nonfoil' })).status).toBe(201);
  });

  it('keeps delivering webhooks after its dispatcher connections are terminated, logging the outage once', async () => {
    const { server, log } = await behindProxy({ webhooks: fastWebhooks() }, { worker: true });
    const rx = await startReceiver();
    cleanups.push(() => rx.close());
    const user = await server.createUser();
    expect((await user.api('POST', '/api/v1/webhooks', { url: rx.url, events: ['collection.entry.created'] })).status).toBe(201);
    const [first, second] = await nonfoilCards(server, 2);
    expect((await user.api('POST', '/api/v1/collection', { card_id: first, finish: 'nonfoil' })).status).toBe(201);
    await rx.waitFor(1);

    expect(await terminateBackends(server)).toBeGreaterThan(0);
    const added = await waitUntil(async () => {
      const res = await user.api('POST', '/api/v1/collection', { card_id: second, finish: 'nonfoil' });
      return res.status === 201 ? res : undefined;
    });
    // Delivery is at least once: the first batch may arrive again if its result was cut with the
    // connections, so wait for the new entry's event rather than for a number of POSTs.
    const eventIds = () => rx.requests.flatMap((r) => (r.json as Array<{ data: { id: string } }>).map((e) => e.data.id));
    await waitUntil(() => eventIds().includes(added.body.data.id));
    expect(eventIds()).toContain(added.body.data.id);
    // Should this fail, the message shows what each outage line was opened by.
    const outageLines = JSON.stringify(log.matching(/^webhook-dispatcher paused|^database (unreachable|reachable again)/));
    expect(log.matching(/^webhook-dispatcher paused/).length, outageLines).toBeLessThanOrEqual(1);
  });

  /** A delivery whose receiver answers 2xx only after the database has gone; its result cannot be recorded then. */
  async function answeredDuringOutage(LEASE: number) {
    const { proxy, server, log } = await behindProxy({ webhooks: fastWebhooks({ leaseMs: LEASE, timeoutMs: 1_000 }) }, { worker: true });
    let answerFirst: () => void = () => undefined;
    const firstAnswered = new Promise<void>((resolve) => {
      answerFirst = resolve;
    });
    const rx = await startReceiver((_req, n) => (n === 0 ? firstAnswered.then(() => ({ status: 200, body: 'ok' })) : { status: 200, body: 'ok' }));
    cleanups.push(() => rx.close());
    const user = await server.createUser();
    const sub = await user.api('POST', '/api/v1/webhooks', { url: rx.url, events: ['collection.entry.created'] });
    const [card] = await nonfoilCards(server, 1);
    expect((await user.api('POST', '/api/v1/collection', { card_id: card, finish: 'nonfoil' })).status).toBe(201);
    const [inFlight] = await rx.waitFor(1);
    await proxy.down();
    answerFirst();
    // The dispatcher tries to record the 2xx and cannot (its log reports the outage once, as
    // `webhook-dispatcher paused`); it retries while its lease lasts.
    const answeredAt = Date.now();
    await waitUntil(() => (log.lines.some((l) => /^webhook-dispatcher paused/.test(l.msg)) && Date.now() - answeredAt > 300) || undefined);
    const deliveryId = inFlight!.headers['x-webhook-delivery'];
    const delivered = () =>
      waitUntil(async () => {
        const r = await user.api('GET', `/api/v1/webhooks/${sub.body.data.id}/deliveries/${deliveryId}`);
        return r.body?.data?.status === 'delivered' ? r.body.data : undefined;
      });
    return { proxy, rx, inFlight: inFlight!, deliveryId, delivered };
  }

  it('records a result the database refused once it is back, while the lease lasts, without sending again', async () => {
    const { proxy, rx, delivered } = await answeredDuringOutage(30_000);
    await proxy.up();
    expect((await delivered()).status).toBe('delivered');
    expect(rx.requests).toHaveLength(1);
  });

  it('sends a delivery whose result could not be recorded during the outage again once its lease expires', async () => {
    const LEASE = 1_500;
    const { proxy, rx, inFlight, deliveryId, delivered } = await answeredDuringOutage(LEASE);
    // The outage outlasts the lease: the dispatcher gives the result up, and the lease rules send it again.
    await waitUntil(() => (Date.now() - inFlight.at > LEASE + 200 ? true : undefined));
    await proxy.up();
    const [, again] = await rx.waitFor(2, 15_000);
    expect(again!.headers['x-webhook-delivery']).toBe(deliveryId);
    expect(again!.at - inFlight.at).toBeGreaterThanOrEqual(LEASE - 100);
    expect((await delivered()).status).toBe('delivered');
  });

  it('pauses the usage flush, retention and card refresh during the outage, logs each once, and resumes them', async () => {
    const clock = new ManualClock('2026-11-22T03:59:00.000Z');
    const { proxy, server, log } = await behindProxy({ usageFlushMs: 3_600_000 }, { worker: true, clock });
    const bulk = await serveFile(path.join(DEMO_CARDS, 'default-cards.json'));
    cleanups.push(() => bulk.close());
    const refresh = cardRefreshJob(server.ctx, { url: bulk.url, cron: parseCron('0 4 * * *'), log });
    const usage = server.jobs.get('usage-flush') as PeriodicJob;
    const retention = server.jobs.get('webhook-retention') as PeriodicJob;
    const user = await server.createUser();
    for (let i = 0; i < 3; i++) expect((await user.api('GET', '/api/v1/profile')).status).toBe(200);

    await proxy.down();
    for (let i = 0; i < 3; i++) {
      await usage.runNow();
      await retention.runNow();
      await refresh.runNow();
    }
    for (const job of ['usage-flush', 'webhook-retention', 'card-refresh']) {
      expect(log.matching(new RegExp(`^${job} paused`)), job).toHaveLength(1);
    }
    await proxy.up();
    await usage.runNow();
    await retention.runNow();
    await refresh.runNow();
    for (const job of ['usage-flush', 'webhook-retention', 'card-refresh']) {
      expect(log.matching(new RegExp(`^${job} resumed`)), job).toHaveLength(1);
    }
    // Nothing counted during the outage was lost, and the slot that failed was imported after it.
    const usageRows = await server.ctx.database.db.selectFrom('api_usage').select(['route', 'count']).where('key_id', '=', user.keyId).execute();
    expect(usageRows.find((r) => r.route === 'GET /api/v1/profile')?.count).toBe(3);
    expect(log.matching(/^scheduled card refresh: done/)).toHaveLength(1);
    expect((await server.ctx.database.db.selectFrom('meta').select('value').where('key', '=', 'cards_refresh_slot').executeTakeFirst())?.value).toBe('2026-11-22T04:00:00.000Z');
  });

  describe('ccs serve, as an operator runs it', () => {
    beforeAll(() => ensureBuilt(), 120_000);

    it('stays up through a database outage, answering 503 meanwhile, and serves again without a restart', async () => {
      const { proxy, server } = await behindProxy({}, { cards: false });
      const user = await server.createUser();
      const child = spawnNode([CCS_BIN, 'serve', '--no-worker', '--port', '0'], { ...server.childEnv, LOG_LEVEL: 'info', CCS_DB_TIMEOUT_MS: String(BOUND) });
      cleanups.push(() => child.kill());
      const [, url] = await child.waitForOutput(/running at (http:\/\/\S+)/);
      const get = () => fetch(`${url}/api/v1/profile`, { headers: { authorization: `Bearer ${user.key}` } });
      expect((await get()).status).toBe(200);

      await proxy.down();
      for (let i = 0; i < 5; i++) {
        const res = await get();
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
      }
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      await proxy.up();
      expect((await get()).status).toBe(200);
      expect(child.child.exitCode).toBeNull();
      // The child's log reaches this process through a pipe: wait for the line rather than race it.
      await child.waitForOutput(/database unreachable/);
      expect(child.output().match(/database unreachable/g)).toHaveLength(1);
      expect(child.output()).not.toMatch(/unhandled error|Unhandled 'error' event/i);
      child.child.kill('SIGTERM');
      expect(await child.exited).toBe(0);
    });

    it('exits by its deadline on SIGTERM while the database holds connections open without answering, serve and worker alike', async () => {
      const { proxy, server } = await behindProxy({}, { cards: false });
      const user = await server.createUser();
      // Deadline: the grace, a webhook POST's timeout, and 5 s to record and flush (src/cli/shutdown.ts).
      const env = { ...server.childEnv, LOG_LEVEL: 'info', CCS_DB_TIMEOUT_MS: String(BOUND), CCS_SHUTDOWN_GRACE_MS: '500', CCS_WEBHOOK_TIMEOUT_MS: '500', CCS_USAGE_FLUSH_MS: '600000' };
      const deadline = 500 + 500 + 5_000;
      const api = spawnNode([CCS_BIN, 'serve', '--no-worker', '--port', '0'], env);
      cleanups.push(() => api.kill());
      const worker = spawnNode([CCS_BIN, 'worker'], env);
      cleanups.push(() => worker.kill());
      const [, url] = await api.waitForOutput(/running at (http:\/\/\S+)/);
      await worker.waitForOutput(/ccs worker ready/);
      // Counted and not yet flushed: the flush at shutdown is one of the things that waits on the database.
      expect((await fetch(`${url}/api/v1/profile`, { headers: { authorization: `Bearer ${user.key}` } })).status).toBe(200);

      proxy.silence();
      const t0 = performance.now();
      api.child.kill('SIGTERM');
      worker.child.kill('SIGTERM');
      const codes = await Promise.all([api.exited, worker.exited]);
      const ms = performance.now() - t0;
      expect(codes).toEqual([1, 1]);
      expect(ms).toBeGreaterThanOrEqual(deadline - 100);
      expect(ms).toBeLessThan(deadline + SLACK);
      for (const child of [api, worker]) expect(child.output()).toContain(`still stopping after ${deadline} ms (`);
    }, 30_000);
  });
});

async function serveFile(file: string): Promise<{ url: string; close(): Promise<void> }> {
  const srv = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}/default-cards.json`,
    close: () => new Promise<void>((resolve) => srv.close(() => resolve())),
  };
}
