import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import { ManualClock } from '../../src/lib/clock.js';
import { createDispatcher, type Dispatcher, type Log } from '../../src/webhooks/dispatcher.js';
import { claimDue } from '../../src/webhooks/dialect.js';
import { createQueueStore } from '../../src/webhooks/queue-store.js';
import type { DeliveryRow } from '../../src/webhooks/rows.js';
import { createRecorder } from '../../src/webhooks/recorder.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { recordEvents as record, startReceiver, waitUntil, type Receiver } from '../helpers/webhooks.js';

/*
 * The dispatcher's own side of surviving a database outage (issue 10): the
 * database it uses refuses every query while `down`, as a dead connection does,
 * on SQLite and PostgreSQL alike. (Cutting real PostgreSQL connections is tested
 * with the job registry.) The service's API keeps its own, healthy connection.
 */

const WINDOW = 100;

/** Refuses every query while `down`; rollbacks still run, as they do on a live SQLite file. */
class Outage implements KyselyPlugin {
  down = false;
  refusals: number[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    const rollback = node.kind === 'RawNode' && node.sqlFragments.join('').trim() === 'rollback';
    if (this.down && !rollback) {
      this.refusals.push(Date.now());
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    }
    return node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

function captureLog() {
  const lines: Array<{ level: string; msg: string; step?: string }> = [];
  const at = (level: string) => (obj: object, msg?: string) => lines.push({ level, msg: msg ?? '', step: (obj as { step?: string }).step });
  const log: Log = { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') };
  return { log, lines, errors: (step: string) => lines.filter((l) => l.level === 'error' && l.step === step).length };
}

let server: TestServer;
let clock: ManualClock;
let webhooks: Config['webhooks'];
beforeAll(async () => {
  clock = new ManualClock('2026-11-22T10:00:00.000Z');
  webhooks = { ...loadConfig({}).webhooks, batchWindowMs: WINDOW, pollMs: 20 };
  server = await startTestServer({ webhooks }, { clock, cards: false });
});
afterAll(async () => {
  await server?.close();
});

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function setUp(behaviour?: Parameters<typeof startReceiver>[0]) {
  const outage = new Outage();
  const flaky: Database = { ...server.ctx.database, db: server.ctx.database.db.withPlugin(outage) };
  const { log, lines, errors } = captureLog();
  const dispatcher: Dispatcher = createDispatcher({ database: flaky, clock, config: { ...server.config, webhooks }, mailer: server.ctx.mailer, log });
  const rx: Receiver = await startReceiver(behaviour);
  cleanups.push(() => rx.close(), () => dispatcher.stop());
  const user = await server.createUser();
  const created = await user.api('POST', '/api/v1/webhooks', { url: rx.url, events: ['*'] });
  expect(created.status).toBe(201);
  return { outage, dispatcher, rx, user, log, lines, errors, subscriptionId: created.body.data.id as string };
}

/** A running dispatcher whose POST the receiver answers with `status`, the database going down before the answer can be recorded. */
async function answeredThenCut(status: number) {
  let outage: Outage | undefined;
  const ctx = await setUp(() => {
    if (outage) outage.down = true;
    return { status };
  });
  outage = ctx.outage;
  await record(server, ctx.user.id, 1);
  clock.advance(WINDOW);
  ctx.dispatcher.start();
  const [sent] = await ctx.rx.waitFor(1);
  await waitUntil(() => ctx.errors('recording results') === 1);
  return { ctx, sent };
}

/** A delivery row of `subscriptionId` as the sealing step writes it, due now, with `fields` changed. */
function deliveryRow(subscriptionId: string, userId: string, fields: Partial<DeliveryRow> & { id: string }): DeliveryRow {
  const at = clock.now().toISOString();
  return {
    subscription_id: subscriptionId,
    user_id: userId,
    kind: 'event',
    status: 'pending',
    event_count: 1,
    event_types: '["deck.created"]',
    body_bytes: 2,
    signature: 'ab',
    attempt_count: 0,
    next_attempt_at: at,
    lease_owner: null,
    lease_until: null,
    last_status_code: null,
    last_error: null,
    redelivery_of: null,
    created_at: at,
    sealed_at: at,
    completed_at: null,
    updated_at: at,
    ...fields,
  };
}

async function deliveriesOf(subscriptionId: string) {
  return server.ctx.database.db.selectFrom('webhook_deliveries').selectAll().where('subscription_id', '=', subscriptionId).execute();
}

describe('a dispatcher during a database outage', () => {
  it('logs a failing pass once however often it retries, backs off, and delivers when the database answers again', async () => {
    const { outage, dispatcher, rx, user, errors, lines } = await setUp();
    await record(server, user.id, 2);
    clock.advance(WINDOW);
    outage.down = true;
    dispatcher.start();
    await waitUntil(() => outage.refusals.length >= 2, 10_000);
    const [first = 0, second = 0] = outage.refusals;
    // Not once per 20 ms poll: the second try waited for the backoff.
    expect(second - first).toBeGreaterThanOrEqual(900);
    expect(errors('fan-out, sealing and claiming')).toBe(1);

    outage.down = false;
    const [req] = await rx.waitFor(1, 10_000);
    expect(req?.json).toHaveLength(2);
    expect(errors('fan-out, sealing and claiming')).toBe(1);
    expect(lines).toContainEqual(expect.objectContaining({ level: 'info', step: 'fan-out, sealing and claiming', msg: expect.stringMatching(/works again/) }));
  });

  it('records a result the database refused once it answers again, so the receiver gets the delivery once', async () => {
    const { ctx } = await answeredThenCut(204);
    ctx.outage.down = false;
    const [delivered] = await waitUntil(async () => {
      const rows = await deliveriesOf(ctx.subscriptionId);
      return rows[0]?.status === 'delivered' ? rows : undefined;
    });
    expect(delivered).toMatchObject({ attempt_count: 1, lease_owner: null });
    await ctx.dispatcher.stop();
    expect(ctx.rx.requests).toHaveLength(1);
    const attempts = await server.ctx.database.db.selectFrom('webhook_attempts').select('status_code').where('delivery_id', '=', delivered?.id ?? '').execute();
    expect(attempts).toEqual([{ status_code: 204 }]);
    expect(ctx.errors('recording results')).toBe(1);
  });

  it('stops promptly during an outage, and the lease rules hand its unrecorded delivery to the next dispatcher', async () => {
    const { ctx, sent } = await answeredThenCut(200);
    const t0 = Date.now();
    await ctx.dispatcher.stop();
    // It does not wait out the 60 s lease retrying.
    expect(Date.now() - t0).toBeLessThan(5_000);
    const [leased] = await deliveriesOf(ctx.subscriptionId);
    expect(leased).toMatchObject({ status: 'pending', attempt_count: 0, lease_owner: ctx.dispatcher.id });

    // The database is back; another dispatcher leaves the leased delivery alone until the lease expires.
    ctx.outage.down = false;
    const next = createDispatcher({ database: server.ctx.database, clock, config: { ...server.config, webhooks }, mailer: server.ctx.mailer });
    cleanups.push(() => next.stop());
    expect(await next.step()).toBe(0);
    clock.advance(webhooks.leaseMs + 1);
    expect(await next.step()).toBe(1);
    const again = ctx.rx.requests[1];
    expect(again?.headers['x-webhook-delivery']).toBe(sent?.headers['x-webhook-delivery']);
    expect(again?.raw.equals(sent?.raw ?? Buffer.alloc(0))).toBe(true);
    expect((await deliveriesOf(ctx.subscriptionId))[0]).toMatchObject({ status: 'delivered', attempt_count: 1 });
  });

  it('logs an attempt once when recording it is retried after its commit went through (the answer was lost)', async () => {
    const { user, subscriptionId, log } = await setUp();
    const sub = await server.ctx.database.db.selectFrom('webhook_subscriptions').selectAll().where('id', '=', subscriptionId).executeTakeFirstOrThrow();
    const delivery = deliveryRow(subscriptionId, user.id, { id: `d-${subscriptionId}`, lease_owner: 'dispatcher-a', lease_until: new Date(clock.now().getTime() + 60_000).toISOString() });
    await createQueueStore(server.ctx.database.db).insertSealed(delivery, '[]');
    const recorder = createRecorder({ database: server.ctx.database, clock, config: webhooks, owner: 'dispatcher-a', log });
    const outcome = {
      delivery,
      subscription: sub,
      result: { ok: false, statusCode: 500, error: 'receiver answered 500', durationMs: 3, responseBody: '', responseTruncated: false, attemptedAt: clock.now() },
      attemptId: `a-${subscriptionId}`,
    };
    expect(await recorder.record(outcome)).toEqual({ outcome: 'retrying', disabled: false });
    expect(await recorder.record(outcome)).toEqual({ disabled: false });
    const attempts = await server.ctx.database.db.selectFrom('webhook_attempts').select('number').where('delivery_id', '=', delivery.id).execute();
    expect(attempts).toEqual([{ number: 1 }]);
    expect((await deliveriesOf(subscriptionId))[0]).toMatchObject({ status: 'retrying', attempt_count: 1 });
    expect((await user.api('GET', `/api/v1/webhooks/${subscriptionId}`)).body.data.consecutive_failures).toBe(1);
  });

  it('records nothing for a dispatcher whose lease ran out while it waited: no attempt, no failure against the subscription another dispatcher delivered to', async () => {
    const { user, subscriptionId, log } = await setUp();
    const sub = await server.ctx.database.db.selectFrom('webhook_subscriptions').selectAll().where('id', '=', subscriptionId).executeTakeFirstOrThrow();
    const at = clock.now().toISOString();
    const base = {
      subscription_id: subscriptionId,
      user_id: user.id,
      kind: 'event' as const,
      event_count: 1,
      event_types: '["deck.created"]',
      body_bytes: 2,
      signature: 'ab',
      next_attempt_at: at,
      last_error: null,
      redelivery_of: null,
      created_at: at,
      sealed_at: at,
      updated_at: at,
    };
    // Dispatcher a stalled past its lease; b took the delivery over: one b still holds, one b has delivered.
    const held = { ...base, id: `h-${subscriptionId}`, status: 'pending' as const, attempt_count: 0, lease_owner: 'dispatcher-b', lease_until: new Date(clock.now().getTime() + 60_000).toISOString(), last_status_code: null, completed_at: null };
    const done = { ...base, id: `d-${subscriptionId}`, status: 'delivered' as const, attempt_count: 1, lease_owner: null, lease_until: null, last_status_code: 200, completed_at: at };
    const queue = createQueueStore(server.ctx.database.db);
    await queue.insertSealed(held, '[]');
    await queue.insertSealed(done, '[]');
    const stale = createRecorder({ database: server.ctx.database, clock, config: webhooks, owner: 'dispatcher-a', log });
    for (const delivery of [held, done]) {
      const failed = { ok: false, statusCode: null, error: 'connection failed', durationMs: 3000, responseBody: '', responseTruncated: false, attemptedAt: clock.now() };
      expect(await stale.record({ delivery, subscription: sub, result: failed, attemptId: `a-${delivery.id}` })).toEqual({ disabled: false });
    }
    const attempts = await server.ctx.database.db.selectFrom('webhook_attempts').select('id').where('delivery_id', 'in', [held.id, done.id]).execute();
    expect(attempts).toEqual([]);
    expect(await deliveriesOf(subscriptionId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: held.id, status: 'pending', attempt_count: 0, lease_owner: 'dispatcher-b' }),
        expect.objectContaining({ id: done.id, status: 'delivered', attempt_count: 1 }),
      ]),
    );
    expect((await user.api('GET', `/api/v1/webhooks/${subscriptionId}`)).body.data.consecutive_failures).toBe(0);
  });

  it('claims no more for an account that has its share of POSTs in flight, and the other accounts\' deliveries meanwhile', async () => {
    const one = await setUp();
    const two = await setUp();
    const at = clock.now().toISOString();
    const due = (id: string, ctx: typeof one) => deliveryRow(ctx.subscriptionId, ctx.user.id, { id });
    const queue = createQueueStore(server.ctx.database.db);
    for (const d of [due(`u1a-${one.subscriptionId}`, one), due(`u1b-${one.subscriptionId}`, one), due(`u2a-${two.subscriptionId}`, two)]) await queue.insertSealed(d, '[]');
    const claim = (owner: string, inFlightByUser: Map<string, number>) =>
      claimDue(server.ctx.database, server.ctx.database.db, {
        owner,
        now: at,
        leaseUntil: new Date(clock.now().getTime() + 60_000).toISOString(),
        limit: 10,
        inFlight: new Map(),
        maxPerSubscription: 5,
        inFlightByUser,
        maxPerUser: 2,
      });
    // The first account has its two in flight here: only the second's is claimed.
    expect((await claim('dispatcher-x', new Map([[one.user.id, 2]]))).map((d) => d.id)).toEqual([`u2a-${two.subscriptionId}`]);
    // With one in flight, one more of the first account's.
    expect((await claim('dispatcher-y', new Map([[one.user.id, 1]]))).map((d) => d.user_id)).toEqual([one.user.id]);
  });

  it('logs an attempt that was in flight when a disable stopped its delivery: delivered on a 2xx, stopped otherwise', async () => {
    const { user, subscriptionId, log } = await setUp();
    const sub = await server.ctx.database.db.selectFrom('webhook_subscriptions').selectAll().where('id', '=', subscriptionId).executeTakeFirstOrThrow();
    const at = clock.now().toISOString();
    const inFlight = (id: string) =>
      deliveryRow(subscriptionId, user.id, {
        id,
        status: 'retrying',
        attempt_count: 3,
        lease_owner: 'dispatcher-a',
        lease_until: new Date(clock.now().getTime() + 60_000).toISOString(),
        last_status_code: 500,
        last_error: 'receiver answered 500',
      });
    const answered = inFlight(`ok-${subscriptionId}`);
    const refused = inFlight(`no-${subscriptionId}`);
    const queue = createQueueStore(server.ctx.database.db);
    await queue.insertSealed(answered, '[]');
    await queue.insertSealed(refused, '[]');
    // Another attempt's tenth failure disabled the subscription while both POSTs were out.
    const stop = 'stopped: the subscription was disabled after 10 consecutive failures';
    expect(await queue.failQueued(subscriptionId, stop, at)).toBe(2);
    const recorder = createRecorder({ database: server.ctx.database, clock, config: webhooks, owner: 'dispatcher-a', log });
    const result = (ok: boolean) => ({ ok, statusCode: ok ? 200 : 500, error: ok ? null : 'receiver answered 500', durationMs: 11, responseBody: '', responseTruncated: false, attemptedAt: clock.now() });
    expect(await recorder.record({ delivery: answered, subscription: sub, result: result(true), attemptId: `a-${answered.id}` })).toEqual({ outcome: 'delivered', disabled: false });
    expect(await recorder.record({ delivery: refused, subscription: sub, result: result(false), attemptId: `a-${refused.id}` })).toEqual({ outcome: 'failed', disabled: false });
    const attempts = await server.ctx.database.db.selectFrom('webhook_attempts').select(['delivery_id', 'number', 'success']).where('delivery_id', 'in', [answered.id, refused.id]).orderBy('delivery_id').execute();
    expect(attempts).toEqual([
      { delivery_id: refused.id, number: 4, success: 0 },
      { delivery_id: answered.id, number: 4, success: 1 },
    ]);
    expect(await deliveriesOf(subscriptionId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: answered.id, status: 'delivered', attempt_count: 4, last_error: null, lease_owner: null }),
        expect.objectContaining({ id: refused.id, status: 'failed', attempt_count: 4, last_error: stop, lease_owner: null }),
      ]),
    );
    // The failure count is the disable's business, not these late answers'.
    expect((await user.api('GET', `/api/v1/webhooks/${subscriptionId}`)).body.data.consecutive_failures).toBe(0);
  });
});
