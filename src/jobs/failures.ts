/**
 * How every background job meets a failure: an outage (the database unreachable, busy,
 * full or read-only) is logged once, retried with growing back-off, and the job says
 * when it resumes; any other error is a fault, logged every time with its stack and
 * retried at the job's next regular round (so it cannot flood the log).
 */
import { databaseOutageCause, type OutageCause } from '../availability/causes.js';
import type { DependencyHealth } from '../availability/health.js';
import type { JobLog } from './registry.js';

export interface Backoff {
  /** The wait after the first failure; it doubles with each failure that follows. */
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { initialMs: 1_000, maxMs: 60_000 };

/** The wait before retry number `streak` (1-based): initial, doubling, capped. */
export function backoffDelay(streak: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  const doublings = Math.min(Math.max(streak, 1) - 1, 30);
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** doublings);
}

export interface Failure {
  /** Set when the error means the database cannot serve now (retry soon), undefined for a fault. */
  outage: OutageCause | undefined;
  /** How long to wait before retrying an outage. */
  retryInMs: number;
}

export interface FailureTracker {
  /** Failed rounds since the last success. */
  readonly streak: number;
  failed(err: unknown): Failure;
  succeeded(): void;
}

export interface FailureTrackerOptions {
  log: JobLog;
  /** The database's health: outages seen by jobs count there too, and a job's success is a sign of life. */
  health?: DependencyHealth;
  backoff?: Backoff;
  /** What a fault's log line says (default `<job> failed`). */
  faultMessage?: string;
  /** Log a fault once per streak of failures too, for a job that retries on its own timer (the checkpointer). */
  faultsOncePerStreak?: boolean;
  now?: () => number;
}

/** Short, safe fields of an error for a log line (a driver's error object can carry query parameters). */
function brief(err: unknown): { code?: string; message: string } {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return { ...(typeof code === 'string' ? { code } : {}), message: err.message };
  }
  return { message: String(err) };
}

export function createFailureTracker(job: string, opts: FailureTrackerOptions): FailureTracker {
  const now = opts.now ?? Date.now;
  let streak = 0;
  let outageLogged = false;
  let faultLogged = false;
  let since = 0;
  return {
    get streak() {
      return streak;
    },
    failed(err) {
      if (streak === 0) since = now();
      streak += 1;
      const outage = databaseOutageCause(err);
      if (outage) {
        opts.health?.failed(outage, err);
        const retryInMs = backoffDelay(streak, opts.backoff);
        if (!outageLogged) {
          outageLogged = true;
          opts.log.error({ job, cause: outage, error: brief(err), retry_in_ms: retryInMs }, `${job} paused: the database cannot serve it (${outage}); retrying with back-off`);
        }
        return { outage, retryInMs };
      }
      if (!(opts.faultsOncePerStreak && faultLogged)) opts.log.error({ job, err }, opts.faultMessage ?? `${job} failed`);
      faultLogged = true;
      return { outage: undefined, retryInMs: backoffDelay(streak, opts.backoff) };
    },
    succeeded() {
      opts.health?.reachable();
      if (streak === 0) return;
      if (outageLogged || (opts.faultsOncePerStreak && faultLogged)) opts.log.info({ job, failures: streak, paused_ms: now() - since }, `${job} resumed`);
      streak = 0;
      outageLogged = false;
      faultLogged = false;
    },
  };
}

/**
 * For a job that runs its own loop (the webhook dispatcher): its outage errors are logged
 * once per outage of the database rather than once per pass and per delivery; everything
 * else goes through unchanged.
 */
export interface LoopLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

export function outageAwareLog(job: string, log: LoopLog, health: DependencyHealth): LoopLog {
  let loggedEpisode = -1;
  const filter =
    (level: 'error' | 'warn') =>
    (obj: object, msg?: string): void => {
      const err = (obj as { err?: unknown }).err;
      const outage = databaseOutageCause(err);
      if (!outage) {
        log[level](obj, msg);
        return;
      }
      health.failed(outage, err);
      if (loggedEpisode === health.episode) {
        log.debug({ job, cause: outage, detail: msg }, `${job}: still waiting for the database`);
        return;
      }
      loggedEpisode = health.episode;
      log.error({ job, cause: outage, error: brief(err), detail: msg }, `${job} paused: the database cannot serve it (${outage}); it retries by itself`);
    };
  // Spelled out: a pino logger's methods live on its prototype, so a spread would lose them.
  return { info: (obj, msg) => log.info(obj, msg), debug: (obj, msg) => log.debug(obj, msg), warn: filter('warn'), error: filter('error') };
}
