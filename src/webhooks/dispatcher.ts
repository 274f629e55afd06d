import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import type { Database } from '../db/database.js';
import type { Executor } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { Mailer } from '../mail/mailer.js';
import { writeTransaction } from '../db/transaction.js';
import { claimDue, type ClaimedDelivery } from './dialect.js';
import { afterFanout, fanOutStep, LineCache } from './fanout.js';
import { createOutboundClient, type OutboundClient, type OutboundResult } from './http-client.js';
import type { WebhookMetrics } from './metrics.js';
import { disabledNotice } from './notice.js';
import { purgeDeliveryLog } from './retention.js';
import { createWebhookStore, type SubscriptionRow } from './store.js';

/** The subset of pino's API the dispatcher logs through (Fastify's logger fits). */
export interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

export const silentLog: Log = { info() {}, warn() {}, error() {}, debug() {} };

export interface DispatcherDeps {
  database: Database;
  clock: Clock;
  config: Pick<Config, 'webhooks' | 'publicUrl'>;
  mailer: Mailer;
  metrics?: WebhookMetrics;
  log?: Log;
  /** Replaces the outbound client (tests). */
  client?: OutboundClient;
}

export interface Dispatcher {
  /** Identifies this dispatcher's leases. */
  readonly id: string;
  start(): void;
  /** Stops claiming, waits for in-flight POSTs to be recorded, closes connections. */
  stop(): Promise<void>;
  /** Looks for work now instead of at the next poll. */
  wake(): void;
  /** One pass: fan-out and sealing, claiming and sending (without waiting for the POSTs). */
  tick(): Promise<number>;
  /** Resolves when nothing this dispatcher started is still in flight. */
  idle(): Promise<void>;
  /** Purges the delivery log past the retention period; returns deliveries removed. */
  runRetention(): Promise<number>;
  /** Sends owed "subscription disabled" e-mails. */
  notifyDisabled(): Promise<number>;
}

const USER_AGENT = 'CardCollectionService-Webhooks/1.0';
const MAINTENANCE_MS = 60 * 60 * 1000;
const NOTIFY_SWEEP_MS = 30 * 1000;

function plusMs(at: Date, ms: number): string {
  return new Date(at.getTime() + ms).toISOString();
}

/**
 * The delivery loop. Each pass fans out new outbox events and seals closed
 * batches (one transaction), then leases due deliveries and POSTs them within
 * the overall and per-subscription concurrency limits. Between passes it sleeps
 * until the next thing is due, at most `pollMs`. Several dispatchers (processes)
 * can run against one PostgreSQL database: leases and SKIP LOCKED keep them
 * from sending the same delivery twice at once, and an expired lease hands a
 * crashed dispatcher's work to the others.
 */
export function createDispatcher(deps: DispatcherDeps): Dispatcher {
  const cfg = deps.config.webhooks;
  const log = deps.log ?? silentLog;
  const { database, clock } = deps;
  const store = createWebhookStore(database.db);
  const client =
    deps.client ??
    createOutboundClient({
      timeoutMs: cfg.timeoutMs,
      responseBodyBytes: cfg.responseBodyBytes,
      allowPrivate: cfg.allowPrivateTargets,
      userAgent: USER_AGENT,
    });
  const id = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const inFlight = new Map<string, Promise<void>>();
  const perSubscription = new Map<string, number>();
  const lines = new LineCache();
  let running = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let wakeRequested = false;
  let lastMaintenance = 0;
  let lastNotifySweep = 0;
  let idleWaiters: Array<() => void> = [];
  let closed = false;

  function wake(): void {
    wakeRequested = true;
    wakeUp?.();
  }

  function sleep(ms: number): Promise<void> {
    if (wakeRequested || ms <= 0) {
      wakeRequested = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        wakeRequested = false;
        resolve();
      }
      wakeUp = done;
    });
  }

  interface Pass {
    more: boolean;
    filled: boolean;
    started: number;
    nextDue: string | null;
    now: Date;
  }

  /**
   * One write transaction: fan-out and sealing, then leasing due deliveries and
   * reading their bodies and subscriptions, then the next due time. Doing it all
   * in one transaction matters on SQLite, where every separate statement queues
   * behind the API's transactions for the single connection.
   */
  async function pass(): Promise<Pass> {
    const free = cfg.concurrency - inFlight.size;
    // Claim in groups rather than one slot at a time; finishing POSTs wake us anyway.
    const mayClaim = running && free > 0 && !(inFlight.size > 0 && free < Math.ceil(cfg.concurrency / 4));
    const out = await writeTransaction(database, async (trx) => {
      const fan = await fanOutStep(trx, { database, clock, config: cfg, lines });
      const tx = createWebhookStore(trx);
      const now = clock.now();
      let claimed: ClaimedDelivery[] = [];
      let subs = new Map<string, SubscriptionRow>();
      let bodies = new Map<string, string>();
      if (mayClaim) {
        claimed = await claimDue(database, trx, {
          owner: id,
          now: now.toISOString(),
          leaseUntil: plusMs(now, cfg.leaseMs),
          limit: free,
          inFlight: perSubscription,
          maxPerSubscription: cfg.concurrencyPerSubscription,
        });
        if (claimed.length > 0) {
          // The URL is read now, not at sealing: an edited URL applies to retries too.
          subs = new Map((await tx.findSubscriptionsByIds([...new Set(claimed.map((d) => d.subscription_id))])).map((r) => [r.id, r]));
          bodies = await tx.bodiesOf(claimed.map((d) => d.id));
        }
      }
      const nextDue = await tx.nextDueAt(now.toISOString());
      return { fan, claimed, subs, bodies, nextDue, now };
    });
    afterFanout({ metrics: deps.metrics, lines, config: cfg, clock }, out.fan);
    let started = 0;
    for (const d of out.claimed) {
      const sub = out.subs.get(d.subscription_id);
      if (!sub) continue; // deleted meanwhile; its deliveries went with it
      started += 1;
      start(d, sub, out.bodies.get(d.id) ?? null);
    }
    return { more: out.fan.more, filled: mayClaim && out.claimed.length === free, started, nextDue: out.nextDue, now: out.now };
  }

  async function tick(): Promise<number> {
    // Bounded, so one pass never holds the database for long; new work is picked up next time.
    let last: Pass | undefined;
    for (let i = 0; i < 40; i++) {
      last = await pass();
      if (!last.more && !last.filled) break;
    }

    const wall = Date.now();
    if (wall - lastNotifySweep >= NOTIFY_SWEEP_MS) {
      lastNotifySweep = wall;
      await notifyDisabled().catch((err: unknown) => log.warn({ err }, 'webhook: disable notification sweep failed'));
    }
    if (wall - lastMaintenance >= MAINTENANCE_MS) {
      lastMaintenance = wall;
      await runRetention().catch((err: unknown) => log.warn({ err }, 'webhook: delivery log purge failed'));
    }

    if (!last || last.nextDue === null) return cfg.pollMs;
    if (last.more || last.filled) return 0;
    const wait = Date.parse(last.nextDue) - last.now.getTime();
    if (wait > 0) return Math.min(wait, cfg.pollMs);
    // Due but not claimable here (concurrency full, another dispatcher sealing): finishing POSTs wake us sooner.
    return cfg.pollMs;
  }

  function start(d: ClaimedDelivery, sub: SubscriptionRow, body: string | null): void {
    perSubscription.set(d.subscription_id, (perSubscription.get(d.subscription_id) ?? 0) + 1);
    const p = deliver(d, sub, body)
      .catch((err: unknown) => log.error({ err, delivery: d.id }, 'webhook: delivery bookkeeping failed; the lease will expire and it will be retried'))
      .finally(() => {
        inFlight.delete(d.id);
        const n = (perSubscription.get(d.subscription_id) ?? 1) - 1;
        if (n <= 0) perSubscription.delete(d.subscription_id);
        else perSubscription.set(d.subscription_id, n);
        if (inFlight.size === 0) {
          const waiters = idleWaiters;
          idleWaiters = [];
          for (const w of waiters) w();
        }
        wake();
      });
    inFlight.set(d.id, p);
  }

  async function deliver(d: ClaimedDelivery, sub: SubscriptionRow, body: string | null): Promise<void> {
    if (body === null || d.signature === null) throw new Error(`delivery ${d.id} was claimed without a body`);
    if (sub.status === 'disabled' && d.kind !== 'test') {
      await record({ d, sub, result: null });
      return;
    }
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-webhook-signature': d.signature,
      'x-webhook-delivery': d.id,
    };
    if (d.kind === 'test') headers['x-webhook-test'] = 'true';
    const attemptedAt = clock.now();
    const result = await client.post({ url: sub.url, headers, body });
    deps.metrics?.attemptDuration.observe({ result: result.ok ? 'success' : 'failure' }, result.durationMs / 1000);
    await record({ d, sub, result: { ...result, attemptedAt } });
  }

  interface Outcome {
    d: ClaimedDelivery;
    sub: SubscriptionRow;
    /** null: not sent, because the subscription is disabled. */
    result: (OutboundResult & { attemptedAt: Date }) | null;
  }

  // Results are written in small group transactions: under load one commit covers many attempts,
  // which is what lets one SQLite file keep up with thousands of deliveries per second.
  let queue: Array<{ item: Outcome; done: (err?: unknown) => void }> = [];
  let flushing = false;

  function record(item: Outcome): Promise<void> {
    return new Promise((resolve, reject) => {
      queue.push({ item, done: (err) => (err ? reject(err) : resolve()) });
      // A millisecond's grace gathers the results of POSTs that finish together into one commit.
      if (!flushing && queue.length === 1) setTimeout(() => void flush(), 1);
    });
  }

  async function flush(): Promise<void> {
    if (flushing) return;
    flushing = true;
    try {
      while (queue.length > 0) {
        const group = queue.slice(0, 200);
        queue = queue.slice(group.length);
        let effects: Array<RecordEffect> = [];
        try {
          effects = await writeTransaction(database, async (trx) => {
            const out: RecordEffect[] = [];
            for (const { item } of group) out.push(await recordOne(trx, item));
            return out;
          });
          for (const g of group) g.done();
        } catch {
          // One bad item must not lose the others' results: record them one by one.
          effects = [];
          for (const g of group) {
            try {
              effects.push(await writeTransaction(database, (trx) => recordOne(trx, g.item)));
              g.done();
            } catch (err) {
              g.done(err);
            }
          }
        }
        for (const e of effects) {
          if (e.outcome) deps.metrics?.deliveries.inc({ outcome: e.outcome });
        }
        if (effects.some((e) => e.disabled)) await notifyDisabled().catch((err: unknown) => log.warn({ err }, 'webhook: disable e-mail failed; will retry'));
      }
    } finally {
      flushing = false;
    }
  }

  interface RecordEffect {
    outcome?: 'delivered' | 'retrying' | 'failed';
    disabled: boolean;
  }

  /** Records one attempt (or the refusal to send for a disabled subscription) and applies the retry and disable rules. */
  async function recordOne(trx: Executor, { d, sub, result }: Outcome): Promise<RecordEffect> {
    const tx = createWebhookStore(trx);
    const now = clock.now();
    const at = now.toISOString();
    const current = await tx.findDeliveryById(d.id);
    if (!current) return { disabled: false };
    if (result === null) {
      await tx.finishAttempt(d.id, id, {
        status: 'failed',
        attempt_count: current.attempt_count,
        next_attempt_at: null,
        last_status_code: current.last_status_code,
        last_error: 'not sent: the subscription is disabled',
        completed_at: at,
        updated_at: at,
      });
      return { outcome: 'failed', disabled: false };
    }
    const number = current.attempt_count + 1;
    await tx.insertAttempt({
      id: newId(),
      delivery_id: d.id,
      number,
      attempted_at: result.attemptedAt.toISOString(),
      duration_ms: result.durationMs,
      status_code: result.statusCode,
      success: result.ok ? 1 : 0,
      error: result.error,
      response_body: result.responseBody,
      response_truncated: result.responseTruncated ? 1 : 0,
    });
    const counts = d.kind !== 'test';
    if (result.ok) {
      const owned = await tx.finishAttempt(d.id, id, {
        status: 'delivered',
        attempt_count: number,
        next_attempt_at: null,
        last_status_code: result.statusCode,
        last_error: null,
        completed_at: at,
        updated_at: at,
      });
      if (counts) await tx.resetFailures(sub.id);
      return { outcome: owned ? 'delivered' : undefined, disabled: false };
    }
    const live = (await tx.findSubscriptionById(sub.id)) ?? sub;
    // Retry N waits retryDelaysMs[N-1] after the failure that precedes it; tests never retry.
    const retryIndex = number - 1;
    const canRetry = counts && live.status === 'enabled' && retryIndex < cfg.retryDelaysMs.length;
    let outcome: RecordEffect['outcome'] = canRetry ? 'retrying' : 'failed';
    const owned = await tx.finishAttempt(d.id, id, {
      status: canRetry ? 'retrying' : 'failed',
      attempt_count: number,
      next_attempt_at: canRetry ? plusMs(now, cfg.retryDelaysMs[retryIndex]!) : null,
      last_status_code: result.statusCode,
      last_error: result.error,
      completed_at: canRetry ? null : at,
      updated_at: at,
    });
    if (!owned) outcome = undefined;
    if (!counts) return { outcome, disabled: false };
    const after = await tx.addFailure(sub.id);
    let disabled = false;
    if (after && after.status === 'enabled' && after.consecutive_failures >= cfg.disableAfter) {
      const reason = `${after.consecutive_failures} consecutive deliveries failed; the last: ${result.error ?? 'unknown error'}`;
      if (await tx.disable(sub.id, reason, at)) {
        disabled = true;
        const stopped = await tx.failQueued(sub.id, `stopped: the subscription was disabled after ${after.consecutive_failures} consecutive failures`, at);
        if (outcome === 'retrying') outcome = 'failed';
        log.warn({ subscription: sub.id, failures: after.consecutive_failures, stopped }, 'webhook: subscription disabled');
      }
    }
    return { outcome, disabled };
  }

  async function notifyDisabled(): Promise<number> {
    let sent = 0;
    for (const row of await store.owedNotifications(20)) {
      const disabledAt = row.disabled_at;
      if (!disabledAt) continue;
      const at = clock.now().toISOString();
      // Claim first so only one dispatcher mails; give the claim back if sending fails.
      if (!(await store.markNotified(row.id, disabledAt, at))) continue;
      try {
        await deps.mailer.send({ to: row.email, ...disabledNotice(row, deps.config.publicUrl) });
        sent += 1;
      } catch (err) {
        await store.markNotified(row.id, disabledAt, null);
        throw err;
      }
    }
    return sent;
  }

  async function runRetention(): Promise<number> {
    return purgeDeliveryLog(database, clock, cfg.retentionDays);
  }

  async function run(): Promise<void> {
    while (running) {
      let wait = cfg.pollMs;
      try {
        wait = await tick();
      } catch (err) {
        log.error({ err }, 'webhook: dispatcher pass failed; retrying');
        wait = Math.max(cfg.pollMs, 1000);
      }
      if (!running) break;
      await sleep(wait);
    }
  }

  return {
    id,
    start() {
      if (running) return;
      running = true;
      loop = run();
      log.info({ dispatcher: id }, 'webhook dispatcher started');
    },
    async stop() {
      running = false;
      wake();
      await loop;
      loop = undefined;
      // In-flight POSTs end within timeoutMs; their results are worth recording before the database closes.
      await Promise.allSettled([...inFlight.values()]);
      if (!closed) {
        closed = true;
        await client.close();
      }
    },
    wake,
    async tick() {
      const wasRunning = running;
      running = true;
      try {
        return await tick();
      } finally {
        running = wasRunning;
      }
    },
    idle() {
      if (inFlight.size === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    runRetention,
    notifyDisabled,
  };
}

/** Starts a dispatcher on a context's storage and wakes it whenever this process queues a delivery. */
export function startWebhookDispatcher(
  ctx: Pick<AppContext, 'database' | 'clock' | 'config' | 'mailer' | 'webhookMetrics' | 'webhooks'>,
  log?: Log,
): Dispatcher {
  const dispatcher = createDispatcher({ database: ctx.database, clock: ctx.clock, config: ctx.config, mailer: ctx.mailer, metrics: ctx.webhookMetrics, log });
  const unsubscribe = ctx.webhooks.onQueued(() => dispatcher.wake());
  dispatcher.start();
  return {
    ...dispatcher,
    async stop() {
      unsubscribe();
      await dispatcher.stop();
    },
  };
}
