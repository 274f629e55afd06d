import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import type { Database } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { Mailer } from '../mail/mailer.js';
import { writeTransaction } from '../db/transaction.js';
import { claimDue, type ClaimedDelivery } from './dialect.js';
import { deliveryHeaders } from './engine/body.js';
import { claimBudget, perUserShare } from './engine/claim.js';
import { shouldSend } from './engine/outcome.js';
import { backoffMs, nextWait, type PassSummary } from './engine/pacing.js';
import { afterFanout, fanOutStep } from './fanout.js';
import { createOutboundClient, type OutboundClient } from './http-client.js';
import { LineCache } from './line-cache.js';
import { createOutageLog, silentLog, type Log } from './log.js';
import type { WebhookMetrics } from './metrics.js';
import { createDisableNotifier } from './notifier.js';
import { createQueueStore } from './queue-store.js';
import { createRecorder, type AttemptOutcome, type RecordEffect } from './recorder.js';
import { purgeDeliveryLog } from './retention.js';
import type { SubscriptionRow } from './rows.js';
import { createSubscriptionStore } from './subscription-store.js';

export { silentLog, type Log } from './log.js';

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
  /**
   * Everything due at the current clock: passes until one starts no POST, each
   * waiting until the POSTs it started are recorded and any e-mail owed is sent;
   * answers how many POSTs it started. Lets a test drive the dispatcher and an
   * injected clock step by step.
   */
  step(): Promise<number>;
  /** Resolves when nothing this dispatcher started is still in flight. */
  idle(): Promise<void>;
  /** Purges the delivery log past the retention period now; returns deliveries removed (the `webhook-retention` job runs it hourly). */
  runRetention(): Promise<number>;
  /** Sends owed "subscription disabled" e-mails. */
  notifyDisabled(): Promise<number>;
}

const USER_AGENT = 'CardCollectionService-Webhooks/1.0';
const NOTIFY_SWEEP_MS = 30 * 1000;
/** The steps whose failures the outage log reports (once each). */
const PASS = 'fan-out, sealing and claiming';
const RECORDING = 'recording results';
const NOTIFYING = 'disable e-mail';
/** Passes per tick at most, so one tick never holds the database for long; new work is picked up next time. */
const MAX_PASSES = 40;

/**
 * The delivery loop: the shell around the engine's decisions. Each pass fans out
 * new outbox events and seals closed batches, then leases due deliveries (one
 * write transaction), and POSTs them within the overall and per-subscription
 * concurrency limits; outcomes are recorded by the recorder. Between passes it
 * sleeps until the next thing is due, at most `pollMs`. Several dispatchers
 * (processes) can run against one PostgreSQL database: leases and SKIP LOCKED
 * keep them from sending the same delivery twice at once, and an expired lease
 * hands a crashed dispatcher's work to the others.
 *
 * A failing step (the database is down) is logged once, not per poll: the loop
 * backs off and resumes when the database answers again; a result that cannot
 * be recorded is retried while its lease lasts, after which the lease rules
 * hand the delivery out again.
 */
export function createDispatcher(deps: DispatcherDeps): Dispatcher {
  const cfg = deps.config.webhooks;
  const log = deps.log ?? silentLog;
  const outage = createOutageLog(log);
  const { database, clock } = deps;
  const client =
    deps.client ??
    createOutboundClient({
      timeoutMs: cfg.timeoutMs,
      responseBodyBytes: cfg.responseBodyBytes,
      allowPrivate: cfg.allowPrivateTargets,
      localTargets: cfg.localTargets,
      userAgent: USER_AGENT,
    });
  const id = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const recorder = createRecorder({ database, clock, config: cfg, owner: id, log });
  const notifyDisabled = createDisableNotifier({ database, clock, mailer: deps.mailer, publicUrl: deps.config.publicUrl });
  const inFlight = new Map<string, Promise<void>>();
  const perSubscription = new Map<string, number>();
  const perUser = new Map<string, number>();
  const maxPerUser = perUserShare(cfg.concurrency, cfg.concurrencyPerSubscription);
  const lines = new LineCache();
  let running = false;
  let stopping = false;
  let loop: Promise<void> | undefined;
  let wakeRequested = false;
  let sleeping: { done: () => void; wakeable: boolean } | undefined;
  /** Backoff waits of results being re-recorded; stop() cuts them short. */
  const backoffs = new Set<() => void>();
  let lastNotifySweep = 0;
  let idleWaiters: Array<() => void> = [];
  let notifying: Promise<void> | undefined;
  let notifyAgain = false;
  let closed = false;

  function wake(): void {
    wakeRequested = true;
    if (sleeping?.wakeable) sleeping.done();
  }

  /** Sleeps `ms`; `wake()` cuts a wakeable sleep short (a backoff is not), `stop()` any. */
  function sleep(ms: number, wakeable = true): Promise<void> {
    if (ms <= 0 || (wakeable && wakeRequested)) {
      wakeRequested = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        sleeping = undefined;
        wakeRequested = false;
        resolve();
      }
      sleeping = { done, wakeable };
    });
  }

  /**
   * One write transaction: fan-out and sealing, then leasing due deliveries and
   * reading their bodies and subscriptions, then the next due time. Doing it all
   * in one transaction matters on SQLite, where every separate statement queues
   * behind the API's transactions for the single connection.
   */
  async function pass(): Promise<PassSummary & { started: number }> {
    const budget = running ? claimBudget(cfg.concurrency, inFlight.size) : 0;
    const out = await writeTransaction(database, async (trx) => {
      const fan = await fanOutStep(trx, { database, clock, config: cfg, lines });
      const queue = createQueueStore(trx);
      const now = clock.now();
      let claimed: ClaimedDelivery[] = [];
      let subs = new Map<string, SubscriptionRow>();
      let bodies = new Map<string, string>();
      if (budget > 0) {
        claimed = await claimDue(database, trx, {
          owner: id,
          now: now.toISOString(),
          leaseUntil: new Date(now.getTime() + cfg.leaseMs).toISOString(),
          limit: budget,
          inFlight: perSubscription,
          maxPerSubscription: cfg.concurrencyPerSubscription,
          inFlightByUser: perUser,
          maxPerUser,
        });
        if (claimed.length > 0) {
          // The URL is read now, not at sealing: an edited URL applies to retries too.
          const rows = await createSubscriptionStore(trx).findByIds([...new Set(claimed.map((d) => d.subscription_id))]);
          subs = new Map(rows.map((r) => [r.id, r]));
          bodies = await queue.bodiesOf(claimed.map((d) => d.id));
        }
      }
      const nextDue = await queue.nextDueAt(now.toISOString());
      return { fan, claimed, subs, bodies, nextDue, now };
    });
    afterFanout({ metrics: deps.metrics, lines, config: cfg }, out.fan);
    let started = 0;
    for (const d of out.claimed) {
      const sub = out.subs.get(d.subscription_id);
      if (!sub) continue; // deleted meanwhile; its deliveries went with it
      started += 1;
      start(d, sub, out.bodies.get(d.id) ?? null);
    }
    return { more: out.fan.more, filled: budget > 0 && out.claimed.length === budget, nextDue: out.nextDue, now: out.now, started };
  }

  /** Passes until nothing more is waiting (at most MAX_PASSES), then the periodic sweeps; answers the wait and the POSTs started. */
  async function tick(): Promise<{ wait: number; started: number }> {
    let last: PassSummary | undefined;
    let started = 0;
    for (let i = 0; i < MAX_PASSES; i++) {
      // A turn of the event loop between passes: on SQLite every statement completes at once, so
      // without it a tick of passes would hold requests (their sockets unread) until it ends.
      if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const p = await pass();
      last = p;
      started += p.started;
      if (!p.more && !p.filled) break;
    }
    outage.ok(PASS);

    const wall = Date.now();
    if (wall - lastNotifySweep >= NOTIFY_SWEEP_MS) {
      lastNotifySweep = wall;
      await requestNotify();
    }
    return { wait: nextWait(last, cfg.pollMs), started };
  }

  /** Sends owed e-mails now, or once more after the sweep already running (never two at once). */
  function requestNotify(): Promise<void> {
    if (notifying) {
      notifyAgain = true;
      return notifying;
    }
    notifying = (async () => {
      do {
        notifyAgain = false;
        await notifyDisabled().then(
          () => outage.ok(NOTIFYING),
          (err: unknown) => void outage.failed(NOTIFYING, err),
        );
      } while (notifyAgain);
    })().finally(() => {
      notifying = undefined;
    });
    return notifying;
  }

  function start(d: ClaimedDelivery, sub: SubscriptionRow, body: string | null): void {
    perSubscription.set(d.subscription_id, (perSubscription.get(d.subscription_id) ?? 0) + 1);
    perUser.set(d.user_id, (perUser.get(d.user_id) ?? 0) + 1);
    const claimedAt = Date.now();
    const p = deliver(d, sub, body, claimedAt)
      .catch((err: unknown) => log.error({ err, delivery: d.id }, 'webhook: delivery failed before its outcome could be recorded; the lease will expire and it will be retried'))
      .finally(() => {
        inFlight.delete(d.id);
        const n = (perSubscription.get(d.subscription_id) ?? 1) - 1;
        if (n <= 0) perSubscription.delete(d.subscription_id);
        else perSubscription.set(d.subscription_id, n);
        const u = (perUser.get(d.user_id) ?? 1) - 1;
        if (u <= 0) perUser.delete(d.user_id);
        else perUser.set(d.user_id, u);
        if (inFlight.size === 0) {
          const waiters = idleWaiters;
          idleWaiters = [];
          for (const w of waiters) w();
        }
        wake();
      });
    inFlight.set(d.id, p);
  }

  async function deliver(d: ClaimedDelivery, sub: SubscriptionRow, body: string | null, claimedAt: number): Promise<void> {
    if (body === null || d.signature === null) throw new Error(`delivery ${d.id} was claimed without a body`);
    let result: AttemptOutcome['result'] = null;
    if (shouldSend(d.kind, sub.status)) {
      const attemptedAt = clock.now();
      const r = await client.post({ url: sub.url, headers: deliveryHeaders(d.id, d.kind, d.signature), body });
      deps.metrics?.attemptDuration.observe({ result: r.ok ? 'success' : 'failure' }, r.durationMs / 1000);
      result = { ...r, attemptedAt };
    }
    const effect = await record({ delivery: d, subscription: sub, result, attemptId: newId() }, claimedAt);
    if (effect?.outcome) deps.metrics?.deliveries.inc({ outcome: effect.outcome });
    if (effect?.disabled) void requestNotify();
  }

  /**
   * Records an outcome, retrying with backoff while the database is unreachable
   * and the lease is still ours. Undefined when it gave up (stopping, or the lease
   * ran out): the delivery is then sent again by whoever leases it next.
   */
  async function record(o: AttemptOutcome, claimedAt: number): Promise<RecordEffect | undefined> {
    for (;;) {
      try {
        const effect = await recorder.record(o);
        outage.ok(RECORDING);
        return effect;
      } catch (err) {
        const wait = backoffMs(outage.failed(RECORDING, err), cfg.pollMs);
        if (stopping || Date.now() + wait - claimedAt >= cfg.leaseMs) return undefined;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, wait);
          function done() {
            clearTimeout(timer);
            backoffs.delete(done);
            resolve();
          }
          backoffs.add(done);
        });
      }
    }
  }

  async function runRetention(): Promise<number> {
    return purgeDeliveryLog(database, clock, cfg.retentionDays);
  }

  async function run(): Promise<void> {
    while (running) {
      let wait: number;
      let wakeable = true;
      try {
        wait = (await tick()).wait;
      } catch (err) {
        wait = backoffMs(outage.failed(PASS, err), cfg.pollMs);
        wakeable = false;
      }
      if (!running) break;
      await sleep(wait, wakeable);
    }
  }

  function idle(): Promise<void> {
    if (inFlight.size === 0) return Promise.resolve();
    return new Promise((resolve) => idleWaiters.push(resolve));
  }

  async function manually<T>(fn: () => Promise<T>): Promise<T> {
    const wasRunning = running;
    running = true;
    try {
      return await fn();
    } finally {
      running = wasRunning;
    }
  }

  return {
    id,
    start() {
      if (running) return;
      running = true;
      stopping = false;
      loop = run();
      log.info({ dispatcher: id }, 'webhook dispatcher started');
    },
    async stop() {
      running = false;
      stopping = true;
      wake();
      sleeping?.done();
      for (const done of [...backoffs]) done();
      await loop;
      loop = undefined;
      // In-flight POSTs end within timeoutMs; their results are worth recording before the database closes.
      await Promise.allSettled([...inFlight.values()]);
      await notifying;
      if (!closed) {
        closed = true;
        await client.close();
      }
    },
    wake,
    tick: () => manually(async () => (await tick()).wait),
    async step() {
      let total = 0;
      // Finishing POSTs free slots (and a subscription's share) for more that are due: go on until a pass starts nothing.
      for (let i = 0; i < MAX_PASSES; i++) {
        const { started } = await manually(tick);
        await idle();
        await notifying;
        total += started;
        if (started === 0) break;
      }
      return total;
    },
    idle,
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
