/**
 * The jobs a process runs, by role, in the order they start (they stop in reverse):
 * - every process on a SQLite file: `wal-checkpointer`;
 * - an API process (`ccs serve`): `usage-flush`;
 * - a worker (`ccs worker`, `ccs serve` without --no-worker): `webhook-dispatcher`,
 *   `webhook-retention`, `idempotency-purge`, `export-worker`, `export-expiry`, and `card-refresh`
 *   when `CCS_CARD_DATA_URL` is set.
 */
import { parseCron } from './cards/cron.js';
import { cardRefreshJob } from './cards/refresh.js';
import type { AppContext } from './context.js';
import { startWebhookDispatcher, type Dispatcher } from './webhooks/dispatcher.js';
import { purgeDeliveryLog } from './webhooks/retention.js';
import { expireExports, exportWorkerJob } from './exports/job.js';
import { createFailureTracker, outageAwareLog, type LoopLog } from './jobs/failures.js';
import { createPeriodicJob, type PeriodicJob, type Timers } from './jobs/periodic.js';
import { createJobRegistry, type Job, type JobRegistry } from './jobs/registry.js';

const RETENTION_EVERY_MS = 60 * 60 * 1000;
/** Not at start-up: a process that restarts often would purge on every start. */
const RETENTION_FIRST_MS = 60 * 1000;

export interface Roles {
  /** Serves HTTP: request usage is counted and must be flushed. */
  api: boolean;
  /** Runs the webhook dispatcher and the scheduled jobs. */
  worker: boolean;
}

export interface DispatcherJob extends Job {
  /** The running dispatcher, between start and stop. */
  readonly dispatcher: Dispatcher | undefined;
}

/** Builds the registry for a process's roles, and sends the health trackers' outage lines to `log`. */
export function createServiceJobs(ctx: AppContext, roles: Roles, log: LoopLog): JobRegistry {
  ctx.database.health.sendLogTo(log);
  ctx.redisHealth?.sendLogTo(log);
  const { config } = ctx;
  // Long enough for the dispatcher to record the POSTs in flight (each ends within the webhook timeout).
  const jobs = createJobRegistry({ log, stopTimeoutMs: Math.max(config.shutdownGraceMs, config.webhooks.timeoutMs) + 5_000 });
  const checkpointer = walCheckpointerJob(ctx, log);
  if (checkpointer) jobs.add(checkpointer);
  if (roles.worker) {
    jobs.add(dispatcherJob(ctx, log));
    jobs.add(retentionJob(ctx, log));
    jobs.add(exportWorkerJob(ctx.exportJobs, { log, health: ctx.database.health }));
    jobs.add(exportExpiryJob(ctx, log));
    jobs.add(idempotencyPurgeJob(ctx, log));
    jobs.add(usageRetentionJob(ctx, log));
    const url = config.cardRefresh.url;
    if (url) jobs.add(cardRefreshJob(ctx, { url, cron: parseCron(config.cardRefresh.cron), log }));
  }
  // Added last, so stopped first (jobs stop in reverse): the final flush of the API's usage counts
  // runs as soon as requests have drained, not after a card refresh or the dispatcher's last POSTs.
  if (roles.api) jobs.add(usageFlushJob(ctx, log));
  return jobs;
}

/** Per-key request counts go to the database every `CCS_USAGE_FLUSH_MS`, and once more on stop. */
export function usageFlushJob(ctx: AppContext, log: LoopLog): PeriodicJob {
  return createPeriodicJob({
    name: 'usage-flush',
    run: async () => ((await ctx.usage.flush()) ? undefined : 'untouched'),
    nextDelayMs: () => ctx.config.usageFlushMs,
    runOnStop: true,
    log,
    health: ctx.database.health,
  });
}

/** A clean-up run hourly (first a minute after start) that logs how much it removed. */
function hourlyPurgeJob(ctx: AppContext, log: LoopLog, job: { name: string; message: string; purge: () => Promise<number> }, timers?: Timers): PeriodicJob {
  return createPeriodicJob({
    name: job.name,
    run: async () => {
      const purged = await job.purge();
      if (purged > 0) log.info({ job: job.name, purged }, job.message);
    },
    firstDelayMs: RETENTION_FIRST_MS,
    nextDelayMs: () => RETENTION_EVERY_MS,
    log,
    health: ctx.database.health,
    timers,
  });
}

/** The delivery log and dispatched outbox events past `CCS_WEBHOOK_RETENTION_DAYS` go, hourly. */
export function retentionJob(ctx: AppContext, log: LoopLog): PeriodicJob {
  return hourlyPurgeJob(ctx, log, {
    name: 'webhook-retention',
    message: 'webhook delivery log purged',
    purge: () => purgeDeliveryLog(ctx.database, ctx.clock, ctx.config.webhooks.retentionDays),
  });
}

/** Export files past their expiry (7 days after completion) are deleted, hourly by default (`CCS_EXPORT_EXPIRY_EVERY_MS`). */
export function exportExpiryJob(ctx: AppContext, log: LoopLog): PeriodicJob {
  return createPeriodicJob({
    name: 'export-expiry',
    run: async () => {
      const removed = await expireExports(ctx.exportJobs);
      if (removed.files + removed.rows > 0) log.info({ job: 'export-expiry', ...removed }, 'expired exports removed');
    },
    firstDelayMs: RETENTION_FIRST_MS,
    nextDelayMs: () => ctx.config.exports.expiryEveryMs,
    log,
    health: ctx.database.health,
  });
}

/**
 * Hourly usage counts older than `CCS_USAGE_RETENTION_DAYS` (400) go, a day of hours a statement:
 * each key adds a row per route and status class every hour it is used, for ever.
 */
export function usageRetentionJob(ctx: AppContext, log: LoopLog, timers?: Timers): PeriodicJob {
  return hourlyPurgeJob(ctx, log, { name: 'usage-retention', message: 'old usage counts purged', purge: () => ctx.usageReports.purgeOlderThan(ctx.config.usageRetentionDays) }, timers);
}

/**
 * Responses kept for `Idempotency-Key` retries go 24 h after their first request, hourly.
 * Reads already ignore an expired key, so the purge only keeps the table small.
 */
export function idempotencyPurgeJob(ctx: AppContext, log: LoopLog, timers?: Timers): PeriodicJob {
  return hourlyPurgeJob(ctx, log, { name: 'idempotency-purge', message: 'expired idempotency keys purged', purge: () => ctx.idempotency.purge() }, timers);
}

/** The dispatcher runs its own loop (and survives errors inside it); its outage lines are logged once per outage. */
export function dispatcherJob(ctx: AppContext, log: LoopLog): DispatcherJob {
  let dispatcher: Dispatcher | undefined;
  return {
    name: 'webhook-dispatcher',
    get dispatcher() {
      return dispatcher;
    },
    start() {
      dispatcher ??= startWebhookDispatcher(ctx, outageAwareLog('webhook-dispatcher', log, ctx.database.health));
    },
    async stop() {
      const running = dispatcher;
      dispatcher = undefined;
      await running?.stop();
    },
  };
}

/** SQLite files: WAL checkpoints from a worker thread. It retries on its own timer; failures are logged once per streak. */
export function walCheckpointerJob(ctx: AppContext, log: LoopLog): Job | undefined {
  const checkpointer = ctx.database.walCheckpointer;
  if (!checkpointer) return undefined;
  const failures = createFailureTracker('wal-checkpointer', { log, faultMessage: 'WAL checkpoint failed; the main connection checkpoints by itself meanwhile', faultsOncePerStreak: true });
  return {
    name: 'wal-checkpointer',
    start() {
      checkpointer.start((report) => {
        if (!('error' in report)) failures.succeeded();
        else failures.failed(Object.assign(new Error(report.error), report.code ? { code: report.code } : {}));
      });
    },
    stop: () => checkpointer.stop(),
  };
}
