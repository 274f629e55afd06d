/**
 * A job that does one round of work, waits, and does the next: the shape of the usage
 * flush, the delivery-log retention and the scheduled card refresh. Failures go through
 * the shared tracker (`failures.ts`): an outage backs off and retries, a fault waits for
 * the next regular round. Rounds never overlap, and `stop()` waits for the one running.
 */
import type { DependencyHealth } from '../availability/health.js';
import { createFailureTracker, type Backoff } from './failures.js';
import type { Job, JobLog } from './registry.js';

/** Timers, so tests drive the schedule instead of sleeping. */
export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/**
 * setTimeout's limit: a longer wait fires after 1 ms instead. A job's longer wait is cut to it
 * (and its `nextDelayMs` asked again); the config refuses longer `*_MS` settings.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export const realTimers: Timers = {
  set(fn, ms) {
    const t = setTimeout(fn, Math.min(ms, MAX_TIMER_MS));
    // A job never keeps the process alive by itself: stop() is for orderly shutdown.
    t.unref();
    return t;
  },
  clear(handle) {
    clearTimeout(handle as NodeJS.Timeout);
  },
};

export interface PeriodicJobOptions {
  name: string;
  /**
   * One round of work; it answers `'untouched'` when the round had nothing to do and asked nothing of the
   * database, so it says nothing of the database's health (a quiet process's usage flush during
   * an outage must not report the database reachable, nor the job resumed).
   */
  run(): Promise<unknown>;
  /** How long to wait for the next regular round (asked after each round, and for the first). */
  nextDelayMs(): number;
  /** The first round's wait, when it differs from `nextDelayMs()`. */
  firstDelayMs?: number;
  /** Runs a last round when stopped (the usage flush writes what it holds). */
  runOnStop?: boolean;
  log: JobLog;
  health?: DependencyHealth;
  backoff?: Backoff;
  /** The log line for a fault (default `<name> failed`). */
  faultMessage?: string;
  timers?: Timers;
}

export interface PeriodicJob extends Job {
  /** Runs a round now with the same failure handling, then waits as after any round. */
  runNow(): Promise<void>;
}

export function createPeriodicJob(opts: PeriodicJobOptions): PeriodicJob {
  const timers = opts.timers ?? realTimers;
  const failures = createFailureTracker(opts.name, { log: opts.log, health: opts.health, backoff: opts.backoff, faultMessage: opts.faultMessage });
  let running = false;
  let timer: unknown;
  let current: Promise<void> | undefined;

  function arm(ms: number): void {
    if (timer !== undefined) timers.clear(timer);
    timer = undefined;
    if (!running) return;
    timer = timers.set(
      () => {
        timer = undefined;
        void round();
      },
      Math.max(0, ms),
    );
  }

  /** One round; never throws. Answers how long to wait before the next. */
  async function attempt(): Promise<number> {
    try {
      if ((await opts.run()) !== 'untouched') failures.succeeded();
      return opts.nextDelayMs();
    } catch (err) {
      const failure = failures.failed(err);
      return failure.outage ? failure.retryInMs : opts.nextDelayMs();
    }
  }

  function round(): Promise<void> {
    current ??= attempt().then((wait) => {
      current = undefined;
      arm(wait);
    });
    return current;
  }

  return {
    name: opts.name,
    start() {
      if (running) return;
      running = true;
      arm(opts.firstDelayMs ?? opts.nextDelayMs());
    },
    async stop() {
      running = false;
      arm(0);
      while (current) await current;
      if (opts.runOnStop) await attempt();
    },
    async runNow() {
      await current;
      await round();
    },
  };
}
