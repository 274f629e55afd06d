import fs from 'node:fs';
import path from 'node:path';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres } from '../../src/config.js';
import { call, startDeployment, startVerifyingReceiver, windowsOf, type ApiProcess, type Deployment, type Post, type VerifyingReceiver } from '../helpers/deployment.js';
import { OAuthBrowser, PASSWORD, authorizationRequest, consentAndReturn, discover, exchange, insecure, registerApp, type RegisteredApp } from '../helpers/oauth.js';
import { PortalClient } from '../helpers/portal.js';
import type { TestServer } from '../helpers/server.js';
import { delay, waitUntil } from '../helpers/webhooks.js';

/*
 * Issue 17: the scale-out deployment as an operator runs it, 2 `ccs serve --no-worker` and
 * 2 `ccs worker` processes on one PostgreSQL schema and one Redis, driven over HTTP by several
 * users and an OAuth application at once, with receivers that verify every signature. The
 * settings below shrink the specification's numbers so each rule shows in seconds; what is
 * proven comes from the receivers' records and the database, never from sleeping.
 *
 * Imports and exports across processes (an import through one API searchable through the
 * other, an export requested on one downloadable from the other) are the last two tests.
 */

const ON = isPostgres({ databaseUrl: process.env.DATABASE_URL }) && !!process.env.CCS_REDIS_URL;

const WINDOW = 1_500;
const MAX_EVENTS = 10;
const DAILY_LIMIT = 10;
const DISABLE_AFTER = 3;
const LEASE = 2_500;
const DB_BOUND = 2_000;
const FREE_LIMIT = 8;
/** A request never waits on the database longer than the bound plus a second's grace for a connection that went silent (src/db/database.ts), plus scheduling slack. */
const ANSWER_BOUND = DB_BOUND + 1_000 + 2_000;
const SECRET = 'scale-out-test-secret-0123456789';

let dep: Deployment;
let cards: string[];

beforeAll(async () => {
  if (!ON) return;
  dep = await startDeployment({
    // The first API process fails open when Redis is unreachable, the second closed.
    apis: [{ CCS_RATE_LIMIT_ON_REDIS_ERROR: 'open' }, { CCS_RATE_LIMIT_ON_REDIS_ERROR: 'closed' }],
    workers: 2,
    env: {
      CCS_WEBHOOK_BATCH_WINDOW_MS: String(WINDOW),
      CCS_WEBHOOK_BATCH_MAX_EVENTS: String(MAX_EVENTS),
      CCS_WEBHOOK_DAILY_LIMIT: String(DAILY_LIMIT),
      CCS_WEBHOOK_DISABLE_AFTER: String(DISABLE_AFTER),
      CCS_WEBHOOK_RETRY_DELAYS_MS: '200,200,200,200,200',
      CCS_WEBHOOK_TIMEOUT_MS: '1000',
      CCS_WEBHOOK_LEASE_MS: String(LEASE),
      CCS_WEBHOOK_POLL_MS: '50',
      // Two POSTs in flight per dispatcher, so with receivers that take a moment both dispatchers get work.
      CCS_WEBHOOK_CONCURRENCY: '2',
      CCS_DB_TIMEOUT_MS: String(DB_BOUND),
      CCS_REDIS_TIMEOUT_MS: '500',
      CCS_RATE_LIMIT_FREE: String(FREE_LIMIT),
      CCS_RATE_LIMIT_PRO: '1000000',
      // A day-long window: no budget resets in the middle of a test (but at 00:00 UTC).
      CCS_RATE_LIMIT_WINDOW_MS: '86400000',
    },
  });
  const rows = await dep.server.ctx.database.db.selectFrom('cards').select(['id', 'finishes']).orderBy('id').execute();
  cards = rows.filter((r) => r.finishes.includes('nonfoil')).map((r) => r.id);
}, 120_000);

afterAll(async () => {
  await dep?.close();
});

const receivers: VerifyingReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

/** A receiver that takes a moment to answer, so POSTs overlap and both dispatchers claim work. */
async function receiver(answer?: VerifyingReceiver['answer']): Promise<VerifyingReceiver> {
  const rx = await startVerifyingReceiver(SECRET, { senders: () => dep.workers.map((w) => w.pid) });
  rx.answer =
    answer ??
    (async () => {
      await delay(100);
      return { status: 200 };
    });
  receivers.push(rx);
  return rx;
}

async function user(plan: 'free' | 'pro' = 'pro') {
  return dep.server.createUser({ plan });
}

async function subscribe(api: ApiProcess, token: string, url: string): Promise<string> {
  const res = await call(api, token, 'POST', '/api/v1/webhooks', { url, events: ['*'], secret: SECRET });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as string;
}

function eventIdsOf(posts: Post[]): string[] {
  return posts.flatMap((p) => p.events.map((e) => e.id));
}

async function outboxIds(userId: string): Promise<string[]> {
  return (await dep.server.events(userId)).map((e) => e.id);
}

/** Every POST a receiver got was signed right and answered, and none was sent twice at once. */
function expectCleanPosts(rx: VerifyingReceiver): void {
  expect(rx.posts.every((p) => p.signatureValid)).toBe(true);
  expect(rx.overlapping).toEqual([]);
}

/**
 * One POST per subscription per batching window, from the deliveries' ids and timestamps:
 * no POST holds events further apart than the window, and a subscription's next delivery
 * (ids are time-ordered) only starts when the one before could not take its first event:
 * that event is stamped at or after the earlier window's close, or the earlier batch was full,
 * or the event reached the dispatchers (`dispatched_at`, the fan-out) only after the earlier
 * batch had been sealed and sent off (its transaction committed late).
 */
async function expectOnePostPerWindow(subscriptionId: string, posts: Post[]): Promise<void> {
  const db = dep.server.ctx.database.db;
  const rows = await db.selectFrom('webhook_deliveries').select(['id', 'sealed_at', 'event_count']).where('subscription_id', '=', subscriptionId).where('kind', '=', 'event').orderBy('id').execute();
  const byId = new Map(posts.map((p) => [p.deliveryId, p]));
  expect(rows.map((r) => r.id).sort()).toEqual([...byId.keys()].sort());
  const fannedOut = new Map(
    (await db.selectFrom('events').select(['id', 'dispatched_at']).where('id', 'in', posts.flatMap((p) => p.events.map((e) => e.id))).execute()).map((e) => [e.id, e.dispatched_at]),
  );
  for (const [i, row] of rows.entries()) {
    const ts = byId.get(row.id)!.events.map((e) => Date.parse(e.timestamp));
    expect(Math.max(...ts) - Math.min(...ts)).toBeLessThan(WINDOW);
    if (i === 0) continue;
    const before = rows[i - 1]!;
    // The event that opened a batch is its first (fan-out goes in outbox order); its window closes WINDOW later.
    const opened = Date.parse(byId.get(before.id)!.events[0]!.timestamp);
    const first = byId.get(row.id)!.events[0]!;
    const windowClosed = Date.parse(first.timestamp) >= opened + WINDOW;
    const full = before.event_count >= MAX_EVENTS;
    const late = fannedOut.get(first.id)! >= before.sealed_at!;
    expect(windowClosed || full || late, `delivery ${row.id} was opened while ${before.id} could still take its first event`).toBe(true);
  }
  // Never more POSTs than windows when no event came late: the greedy partition is the fewest possible.
  expect(rows.length).toBeGreaterThanOrEqual(windowsOf(posts.flatMap((p) => p.events.map((e) => Date.parse(e.timestamp))), WINDOW).length);
}

/** The OAuth dance through one API process, as an application and a signed-in browser do it. */
async function authorize(api: ApiProcess, app: RegisteredApp, username: string, scope: string) {
  // The helpers read `url` (and `ctx` to register the application directly in the database).
  const via = { ...dep.server, url: api.url } as TestServer;
  const as = await discover(via);
  const browser = new OAuthBrowser(via);
  expect((await browser.signIn(username, PASSWORD)).status).toBe(200);
  const request = await authorizationRequest(as, app, { scope });
  const callback = await consentAndReturn(browser, request);
  return { as, tokens: await exchange(as, app, request, callback) };
}

describe.skipIf(!ON)('2 API processes and 2 dispatchers on one PostgreSQL schema and one Redis (PostgreSQL + Redis only: set DATABASE_URL=postgres://... and CCS_REDIS_URL)', () => {
  it('delivers every event written through both APIs by several users and an OAuth application exactly once, one signed POST per subscription per batch window, whichever process recorded the events', async () => {
    const developer = await user();
    const app = await registerApp(dep.server, developer.id, { name: 'Collection Sync' });
    const writers: Array<{ userId: string; token: string; rx: VerifyingReceiver; subscription: string }> = [];
    for (let i = 0; i < 3; i++) {
      const u = await user();
      const rx = await receiver();
      writers.push({ userId: u.id, token: u.key, rx, subscription: await subscribe(dep.api(i), u.key, rx.url) });
    }
    // One more user writes only through an application she authorized, which also made her subscription.
    const alice = await user();
    const { tokens } = await authorize(dep.api(0), app, alice.username, 'collection:write webhooks:manage');
    const aliceRx = await receiver();
    const aliceSub = await subscribe(dep.api(1), tokens.access_token, aliceRx.url);
    writers.push({ userId: alice.id, token: tokens.access_token, rx: aliceRx, subscription: aliceSub });
    expect((await call(dep.api(0), alice.key, 'GET', `/api/v1/webhooks/${aliceSub}`)).body.data.application_id).toBe(app.clientId);

    // Rounds of writes, every user at once, alternating between the two API processes; a round
    // starts once the previous one has been delivered (its window closed), so windows are distinct.
    const ROUNDS = 3;
    const PER_ROUND = 6;
    const recordedBy = new Map<string, string>();
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(
        writers.map(async (w) => {
          for (let j = 0; j < PER_ROUND; j++) {
            const api = dep.api(j);
            const res = await call(api, w.token, 'POST', '/api/v1/collection', { card_id: cards[round * PER_ROUND + j], finish: 'nonfoil' });
            expect(res.status, res.text).toBe(201);
            recordedBy.set(res.body.data.id, api.name);
          }
        }),
      );
      await Promise.all(writers.map((w) => waitUntil(() => eventIdsOf(w.rx.posts).length >= (round + 1) * PER_ROUND || undefined, 20_000)));
    }

    const senders = new Set<number | undefined>();
    for (const w of writers) {
      expectCleanPosts(w.rx);
      const expected = await outboxIds(w.userId);
      const got = eventIdsOf(w.rx.posts);
      // Every event, once: none lost, none twice.
      expect(got.length).toBe(expected.length);
      expect([...got].sort()).toEqual([...expected].sort());
      expect(new Set(w.rx.posts.map((p) => p.deliveryId)).size).toBe(w.rx.posts.length);
      await expectOnePostPerWindow(w.subscription, w.rx.posts);
      expect(w.rx.posts.length).toBeGreaterThanOrEqual(ROUNDS);
      // A batch holds events recorded by both API processes.
      const mixed = w.rx.posts.filter((p) => new Set(p.events.map((e) => recordedBy.get(e.data.id))).size === 2);
      expect(mixed.length).toBeGreaterThan(0);
      for (const p of w.rx.posts) senders.add(p.senderPid);
      const sub = (await call(dep.api(0), w.token, 'GET', `/api/v1/webhooks/${w.subscription}`)).body.data;
      expect(sub).toMatchObject({ status: 'enabled', consecutive_failures: 0, deliveries_today: w.rx.posts.length, dropped_events_today: 0 });
    }
    // Both dispatchers sent deliveries (the process behind each connection, from /proc).
    expect([...senders].sort()).toEqual(dep.workers.map((w) => w.pid).sort());
  }, 120_000);

  it('counts one rate-limit budget for a credential across both API processes', async () => {
    const u = await user('free');
    const remaining: Array<string | null> = [];
    for (let i = 0; i < FREE_LIMIT; i++) {
      const res = await call(dep.api(i), u.key, 'GET', '/api/v1/profile');
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe(String(FREE_LIMIT));
      remaining.push(res.headers.get('ratelimit-remaining'));
    }
    expect(remaining).toEqual(Array.from({ length: FREE_LIMIT }, (_, i) => String(FREE_LIMIT - 1 - i)));
    for (const api of dep.apis) {
      const res = await call(api, u.key, 'GET', '/api/v1/profile');
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('rate_limited');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  }, 120_000);

  it('refuses a key revoked through one API process on the other on the very next request', async () => {
    const u = await user();
    const [a, b] = dep.apis as [ApiProcess, ApiProcess];
    expect((await call(b, u.key, 'GET', '/api/v1/profile')).status).toBe(200);
    const portal = new PortalClient(a.url);
    expect((await portal.signIn(u.username, PASSWORD)).status).toBe(200);
    expect((await portal.request('POST', `/portal/api/keys/${u.keyId}/revoke`)).status).toBe(200);
    const after = await call(b, u.key, 'GET', '/api/v1/profile');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('revoked_token');
  }, 120_000);

  it('refuses an OAuth grant revoked through one API process on the other on the very next request, from the portal and through RFC 7009', async () => {
    const developer = await user();
    const app = await registerApp(dep.server, developer.id, { name: 'Deck Builder' });
    const bob = await user();
    const [a, b] = dep.apis as [ApiProcess, ApiProcess];

    // Revoked by the user in the portal of one process: the token fails on the other.
    const first = await authorize(a, app, bob.username, 'profile:read');
    expect((await call(b, first.tokens.access_token, 'GET', '/api/v1/profile')).status).toBe(200);
    const portal = new PortalClient(b.url);
    expect((await portal.signIn(bob.username, PASSWORD)).status).toBe(200);
    expect((await portal.request('POST', `/portal/api/authorized-apps/${app.clientId}/revoke`)).status).toBe(204);
    const afterPortal = await call(a, first.tokens.access_token, 'GET', '/api/v1/profile');
    expect(afterPortal.status).toBe(401);
    expect(afterPortal.body.code).toBe('revoked_token');

    // Revoked by the application at one process's revocation endpoint: fails on the other.
    const second = await authorize(a, app, bob.username, 'profile:read');
    expect((await call(b, second.tokens.access_token, 'GET', '/api/v1/profile')).status).toBe(200);
    await oauth.processRevocationResponse(await oauth.revocationRequest(second.as, app.client, app.auth, second.tokens.access_token, insecure));
    const afterRevoke = await call(b, second.tokens.access_token, 'GET', '/api/v1/profile');
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.body.code).toBe('revoked_token');
  }, 120_000);

  it('holds the daily delivery cap across both dispatchers: deliveries stop at the limit, and every other event is dropped and counted', async () => {
    const u = await user();
    const rx = await receiver();
    const subscription = await subscribe(dep.api(0), u.key, rx.url);
    // 150 events through both APIs at once: at MAX_EVENTS a batch, far more batches than the cap allows.
    const TOTAL = 150;
    await Promise.all(
      Array.from({ length: 6 }, async (_, k) => {
        const entries = cards.slice(k * 25, k * 25 + 25).map((card_id) => ({ card_id, finish: 'nonfoil' }));
        const res = await call(dep.api(k), u.key, 'POST', '/api/v1/collection/batch', { entries });
        expect(res.status, res.text).toBe(201);
      }),
    );
    const db = dep.server.ctx.database.db;
    // Settled: every event fanned out, nothing of the subscription waiting to be sent.
    await waitUntil(async () => {
      const undispatched = await db.selectFrom('events').select('id').where('user_id', '=', u.id).where('dispatched_at', 'is', null).execute();
      const open = await db.selectFrom('webhook_deliveries').select('id').where('subscription_id', '=', subscription).where('status', '!=', 'delivered').execute();
      return (undispatched.length === 0 && open.length === 0 && rx.posts.every((p) => p.endedAt !== undefined)) || undefined;
    }, 30_000, 100);
    expectCleanPosts(rx);
    expect(rx.posts).toHaveLength(DAILY_LIMIT);
    for (const p of rx.posts) expect(p.events.length).toBeLessThanOrEqual(MAX_EVENTS);
    const delivered = eventIdsOf(rx.posts);
    expect(new Set(delivered).size).toBe(delivered.length);
    const sub = (await call(dep.api(1), u.key, 'GET', `/api/v1/webhooks/${subscription}`)).body.data;
    expect(sub).toMatchObject({ deliveries_today: DAILY_LIMIT, daily_limit: DAILY_LIMIT, dropped_events_today: TOTAL - delivered.length });
    expect(sub.dropped_events_today).toBeGreaterThan(0);
  }, 120_000);

  it('disables a failing subscription after its consecutive failures, counted across both dispatchers, stops its retries and e-mails the owner', async () => {
    const u = await user();
    const rx = await receiver(() => ({ status: 500 }));
    const subscription = await subscribe(dep.api(1), u.key, rx.url);
    expect((await call(dep.api(0), u.key, 'POST', '/api/v1/binders', { name: 'Failing hook' })).status).toBe(201);
    const disabled = await waitUntil(async () => {
      const s = (await call(dep.api(0), u.key, 'GET', `/api/v1/webhooks/${subscription}`)).body.data;
      return s.status === 'disabled' ? s : undefined;
    }, 20_000, 50);
    expect(disabled.consecutive_failures).toBe(DISABLE_AFTER);
    // The first attempt and each retry, by whichever dispatcher claimed it, one at a time.
    expect(rx.posts).toHaveLength(DISABLE_AFTER);
    expect(new Set(rx.posts.map((p) => p.deliveryId)).size).toBe(1);
    expectCleanPosts(rx);
    const deliveries = (await call(dep.api(1), u.key, 'GET', `/api/v1/webhooks/${subscription}/deliveries`)).body.data;
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ status: 'failed', attempt_count: DISABLE_AFTER, next_attempt_at: null });
    // Without CCS_SMTP_URL the owner's mail is written under <data dir>/mail, whichever process sent it.
    const mailDir = path.join(dep.server.config.dataDir, 'mail');
    const mail = await waitUntil(() => {
      if (!fs.existsSync(mailDir)) return undefined;
      return fs
        .readdirSync(mailDir)
        .map((f) => fs.readFileSync(path.join(mailDir, f), 'utf8'))
        .find((text) => text.includes(`${u.username}@example.com`));
    });
    expect(mail).toContain(rx.url.replace('http://', ''));
  }, 120_000);

  it('survives a PostgreSQL outage in a write burst through both APIs with both dispatchers delivering: 503 with Retry-After within the bound, nothing committed lost, every event delivered, every process back by itself', async () => {
    const rx = await receiver();
    const users = await Promise.all(Array.from({ length: 8 }, () => user()));
    for (const [i, u] of users.entries()) await subscribe(dep.api(i), u.key, rx.url);
    const PER_USER = 10;
    const jobs = users.flatMap((u, i) => Array.from({ length: PER_USER }, (_, j) => ({ u, card: cards[200 + i * PER_USER + j]! })));
    const outcomes: Array<{ userId: string; status: number; id?: string; retryAfter: string | null; type: string | null; code?: string; ms: number }> = [];
    let next = 0;
    let cut = false;
    let restored: Promise<void> | undefined;
    await Promise.all(
      Array.from({ length: 8 }, async (_, lane) => {
        while (next < jobs.length) {
          const k = next++;
          const { u, card } = jobs[k]!;
          const res = await call(dep.api(k + lane), u.key, 'POST', '/api/v1/collection', { card_id: card, finish: 'nonfoil' });
          outcomes.push({ userId: u.id, status: res.status, id: res.body?.data?.id, retryAfter: res.headers.get('retry-after'), type: res.headers.get('content-type'), code: res.body?.code, ms: res.ms });
          if (!cut && outcomes.length >= 20) {
            cut = true;
            await dep.pgProxy.down();
            // Back once enough requests have run into the cut (both dispatchers poll into it meanwhile).
            restored = waitUntil(() => outcomes.filter((o) => o.status === 503).length >= 12 || undefined, 30_000).then(() => dep.pgProxy.up());
          }
        }
      }),
    );
    await restored;

    const refused = outcomes.filter((o) => o.status === 503);
    expect(refused.length).toBeGreaterThanOrEqual(12);
    for (const o of outcomes) {
      expect([201, 503], JSON.stringify(o)).toContain(o.status);
      expect(o.ms).toBeLessThan(ANSWER_BOUND);
    }
    for (const o of refused) {
      expect(o.retryAfter).toBe('5');
      expect(o.type).toMatch(/^application\/problem\+json/);
      expect(o.code).toBe('service_unavailable');
    }

    // Nothing a client was told is created is missing; every entry has its event.
    const db = dep.server.ctx.database.db;
    const ids = new Set(users.map((u) => u.id));
    const entries = (await db.selectFrom('collection_entries').select(['id', 'user_id']).execute()).filter((e) => ids.has(e.user_id));
    const inDb = new Set(entries.map((e) => e.id));
    const told = outcomes.filter((o) => o.status === 201).map((o) => o.id!);
    for (const id of told) expect(inDb.has(id), `entry ${id} answered 201 but is not in the database`).toBe(true);
    // A 503 may still have committed (the answer to COMMIT was lost with the connection): never more than the 503s.
    expect(inDb.size - told.length).toBeLessThanOrEqual(refused.length);
    const events = (await dep.server.events()).filter((e) => ids.has(e.user_id));
    expect(events.map((e) => e.payload.id).sort()).toEqual([...inDb].sort());

    // Every event delivered after the outage (at least once: a POST whose result could not be
    // recorded during the cut is sent again as the same delivery, never at the same time).
    const expected = events.map((e) => e.id);
    await waitUntil(() => expected.every((id) => eventIdsOf(rx.posts).includes(id)) || undefined, 30_000, 100);
    expectCleanPosts(rx);
    const byEvent = new Map<string, Set<string>>();
    for (const p of rx.posts) for (const e of p.events) byEvent.set(e.id, (byEvent.get(e.id) ?? new Set()).add(p.deliveryId));
    for (const [event, deliveries] of byEvent) expect(deliveries.size, `event ${event} came in different deliveries`).toBe(1);

    // Every process recovered without a restart: each API is ready and writes; both dispatchers are alive and deliver.
    for (const api of dep.apis) {
      await waitUntil(async () => (await call(api, undefined, 'GET', '/readyz')).status === 200 || undefined, 10_000, 100);
      const res = await call(api, users[0]!.key, 'POST', '/api/v1/binders', { name: `after the outage (${api.name})` });
      expect(res.status, res.text).toBe(201);
      expect(api.proc.child.exitCode).toBeNull();
      expect(api.proc.output()).not.toMatch(/Unhandled|uncaught/i);
    }
    for (const w of dep.workers) {
      expect(w.proc.child.exitCode).toBeNull();
      expect(w.proc.output()).not.toMatch(/Unhandled|uncaught/i);
    }
    await waitUntil(() => rx.posts.some((p) => p.events.some((e) => e.type === 'binder.created')) || undefined, 20_000);
  }, 120_000);

  it('keeps every API process serving per CCS_RATE_LIMIT_ON_REDIS_ERROR while the shared Redis is down, and shares the budget again when it returns', async () => {
    const [open, closed] = dep.apis as [ApiProcess, ApiProcess];
    const u = await user();
    expect((await call(open, u.key, 'GET', '/api/v1/profile')).status).toBe(200);
    expect((await call(closed, u.key, 'GET', '/api/v1/profile')).status).toBe(200);

    await dep.redis.kill();
    for (let i = 0; i < 3; i++) {
      const served = await call(open, u.key, 'GET', '/api/v1/profile');
      expect(served.status, served.text).toBe(200);
      expect(served.ms).toBeLessThan(500 + 2_000);
      const refused = await call(closed, u.key, 'GET', '/api/v1/profile');
      expect(refused.status, refused.text).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(refused.body.code).toBe('service_unavailable');
      expect(refused.ms).toBeLessThan(500 + 2_000);
    }
    expect((await call(open, undefined, 'GET', '/readyz')).body).toMatchObject({ status: 'ready', redis: 'unreachable' });
    expect((await call(closed, undefined, 'GET', '/readyz')).body).toMatchObject({ status: 'unavailable', failing: 'redis' });

    await dep.redis.restart();
    for (const api of dep.apis) {
      await waitUntil(async () => (await call(api, undefined, 'GET', '/readyz')).body?.redis === 'up' || undefined, 15_000, 100);
    }
    // One budget again: a fresh free account's count goes down across both processes.
    const fresh = await user('free');
    const remaining: Array<string | null> = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(dep.api(i), fresh.key, 'GET', '/api/v1/profile');
      expect(res.status).toBe(200);
      remaining.push(res.headers.get('ratelimit-remaining'));
    }
    expect(remaining).toEqual([FREE_LIMIT - 1, FREE_LIMIT - 2, FREE_LIMIT - 3, FREE_LIMIT - 4].map(String));
  }, 120_000);

  it('delivers a batch once, after the lease expires, when the dispatcher sending it is killed with SIGKILL mid-POST', async () => {
    const u = await user();
    // The first POST is held unanswered: the batch is in flight when its dispatcher dies.
    const rx = await receiver((_p, n) => (n === 0 ? 'hold' : { status: 200 }));
    const subscription = await subscribe(dep.api(0), u.key, rx.url);
    expect((await call(dep.api(1), u.key, 'POST', '/api/v1/binders', { name: 'In flight' })).status).toBe(201);
    await waitUntil(() => rx.posts[0], 20_000);
    const first = rx.posts[0]!;
    const sender = dep.workers.find((w) => w.pid === first.senderPid);
    expect(sender, 'the process that sent the POST').toBeDefined();
    sender!.proc.child.kill('SIGKILL');
    expect(await sender!.proc.exited).toBeNull();

    const again = await waitUntil(() => rx.posts[1], 20_000);
    expect(again.deliveryId).toBe(first.deliveryId);
    expect(again.raw.equals(first.raw)).toBe(true);
    expect(again.senderPid).not.toBe(sender!.pid);
    // Not before the lease ran out (measured from the claim, a moment before the first POST arrived); a dispatcher polls every 50 ms.
    expect(again.startedAt - first.startedAt).toBeGreaterThanOrEqual(LEASE - 500);
    const done = await waitUntil(async () => {
      const r = await call(dep.api(0), u.key, 'GET', `/api/v1/webhooks/${subscription}/deliveries/${first.deliveryId}`);
      return r.body.data.status === 'delivered' ? r.body.data : undefined;
    });
    // Once: recorded as delivered by its first successful attempt, so nothing is owed any more.
    expect(done.attempt_count).toBe(1);
    expect(rx.posts).toHaveLength(2);
  }, 120_000);

  describe('imports and exports across processes', () => {
    /** Three nonfoil English printings of different cards, as rows an app's file would name. */
    async function someCards() {
      const rows = await dep.server.ctx.database.db
        .selectFrom('cards')
        .select(['id', 'name', 'set_code', 'collector_number', 'finishes', 'lang'])
        .where('lang', '=', 'en')
        .orderBy('id')
        .execute();
      const seen = new Set<string>();
      const picked = rows.filter((r) => r.finishes.includes('nonfoil') && !r.name.includes('//') && !seen.has(r.name) && seen.add(r.name));
      expect(picked.length).toBeGreaterThanOrEqual(3);
      return picked.slice(0, 3);
    }

    it('makes an import done through one API process searchable through the other (index freshness)', async () => {
      const u = await user();
      const [a, b] = dep.apis as [ApiProcess, ApiProcess];
      const picked = await someCards();
      // The other process has answered this user's collection before the import, so any page it cached is stale after it.
      const before = await call(b, u.key, 'GET', '/api/v1/collection');
      expect(before.body.meta.total).toBe(0);
      const csv = [
        '"Count","Tradelist Count","Name","Edition","Condition","Language","Foil","Tags","Last Modified","Collector Number","Alter","Proxy","Purchase Price"',
        ...picked.map((c, i) => `"${i + 1}","0","${c.name.replaceAll('"', '""')}","${c.set_code}","Near Mint","English","","","2025-06-27 06:59:41.710000","${c.collector_number}","False","False",""`),
      ].join('\n');
      const res = await fetch(`${a.url}/api/v1/imports?format=moxfield&mode=apply`, {
        method: 'POST',
        headers: { authorization: `Bearer ${u.key}`, 'content-type': 'text/csv' },
        body: csv,
      });
      const report = (await res.json()) as { data: { entries_created: number; matched: number } };
      expect(res.status, JSON.stringify(report)).toBe(201);
      expect(report.data).toMatchObject({ matched: 3, entries_created: 3 });

      const after = await call(b, u.key, 'GET', '/api/v1/collection');
      expect(after.body.meta).toMatchObject({ total: 3, total_quantity: 6 });
      for (const [i, c] of picked.entries()) {
        const found = await call(b, u.key, 'GET', `/api/v1/collection?q=${encodeURIComponent(`!"${c.name}"`)}`);
        expect(found.status, found.text).toBe(200);
        expect(found.body.data.map((e: { card_id: string; quantity: number }) => [e.card_id, e.quantity])).toEqual([[c.id, i + 1]]);
      }
    }, 60_000);

    it('lets an export requested on one API process be built by a worker and downloaded from the other', async () => {
      const u = await user();
      const [a, b] = dep.apis as [ApiProcess, ApiProcess];
      const picked = await someCards();
      for (const c of picked) expect((await call(a, u.key, 'POST', '/api/v1/collection', { card_id: c.id, quantity: 2 })).status).toBe(201);

      const requested = await call(a, u.key, 'POST', '/api/v1/exports', { source: 'collection', format: 'csv' });
      expect(requested.status, requested.text).toBe(202);
      const id = requested.body.data.id as string;
      // Built by one of the two `ccs worker` processes; seen from the API process that did not take the request.
      const done = await waitUntil(async () => {
        const r = await call(b, u.key, 'GET', `/api/v1/exports/${id}`);
        return r.body.data.status === 'completed' ? r.body.data : undefined;
      }, 30_000);
      expect(done).toMatchObject({ row_count: 3, download_url: expect.stringContaining(`/api/v1/exports/${id}/download`) });

      const file = await fetch(`${b.url}/api/v1/exports/${id}/download`, { headers: { authorization: `Bearer ${u.key}` } });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toMatch(/^attachment/);
      const text = await file.text();
      expect(Buffer.byteLength(text)).toBe(done.size_bytes);
      for (const c of picked) expect(text).toContain(c.id);
      // And the completion reached the outbox once, whichever worker built it.
      const completed = (await dep.server.events(u.id)).filter((e) => e.type === 'export.completed');
      expect(completed.map((e) => e.payload.id)).toEqual([id]);
    }, 60_000);
  });
});
