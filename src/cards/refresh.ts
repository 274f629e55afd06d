/**
 * Scheduled card refresh: re-imports `CCS_CARD_DATA_URL` on `CCS_CARD_REFRESH_CRON`
 * while a worker runs. Any number of workers may run it: each scheduled slot is claimed
 * in the database first (one conditional UPDATE of a `meta` row), so exactly one of them
 * imports it. A slot the database could not serve (an outage) is retried with back-off
 * until it can; a slot that failed otherwise (a broken file) waits for the next one.
 */
import { databaseOutageCause } from '../availability/causes.js';
import type { Clock } from '../lib/clock.js';
import type { Database } from '../db/database.js';
import { createPeriodicJob, MAX_TIMER_MS, type PeriodicJob, type Timers } from '../jobs/periodic.js';
import type { JobLog } from '../jobs/registry.js';
import type { Cron } from './cron.js';
import type { CardImporter, ImportSummary } from './import.js';
import { createImportStore } from './import-store.js';

const SLOT_KEY = 'cards_refresh_slot';

export type RefreshLog = JobLog;

export interface CardRefresh {
  /** Claims `slot` and imports if no other process has; resolves with the summary, or undefined when another process had it. */
  runSlot(slot: Date): Promise<ImportSummary | undefined>;
  stop(): Promise<void>;
}

export interface CardRefreshJob extends PeriodicJob, CardRefresh {}

/** What the job needs of the service (an AppContext has it all). */
export interface CardRefreshDeps {
  database: Database;
  clock: Clock;
  cardImporter: CardImporter;
}

export function cardRefreshJob(ctx: CardRefreshDeps, opts: { url: string; cron: Cron; log: RefreshLog; timers?: Timers }): CardRefreshJob {
  /** A slot this process claimed but could not finish (the database went away): retried without claiming again. */
  let claimed: string | undefined;
  let due = opts.cron.next(ctx.clock.now());
  /** The timer was cut to setTimeout's limit: waking up is not yet the slot's time. */
  let early = false;

  async function runSlot(slot: Date): Promise<ImportSummary | undefined> {
    const id = slot.toISOString();
    if (claimed !== id) {
      if (!(await createImportStore(ctx.database.db).claimSlot(SLOT_KEY, id))) return undefined;
      claimed = id;
    }
    opts.log.info({ slot: id, url: opts.url }, 'scheduled card refresh: importing');
    const summary = await ctx.cardImporter.run({ file: opts.url });
    claimed = undefined;
    opts.log.info({ slot: id, cards: summary.cards, prices: summary.prices, alerts: summary.alerts, ms: summary.ms }, 'scheduled card refresh: done');
    return summary;
  }

  // Never the same slot twice, even if the clock has not moved past it.
  const advance = () => {
    due = opts.cron.next(new Date(Math.max(ctx.clock.now().getTime(), due.getTime())));
  };

  const job = createPeriodicJob({
    name: 'card-refresh',
    log: opts.log,
    health: ctx.database.health,
    timers: opts.timers,
    faultMessage: 'scheduled card refresh failed; the card data is unchanged',
    nextDelayMs() {
      const left = due.getTime() - ctx.clock.now().getTime();
      early = left > MAX_TIMER_MS;
      return Math.max(left, 0);
    },
    async run() {
      if (early) return;
      try {
        await runSlot(due);
      } catch (err) {
        // An outage retries this slot; anything else gives it up.
        if (!databaseOutageCause(err)) {
          claimed = undefined;
          advance();
        }
        throw err;
      }
      advance();
    },
  });
  return { ...job, runSlot };
}

/** Creates the job and starts it (tests and callers outside the job registry). */
export function startCardRefresh(ctx: CardRefreshDeps, opts: { url: string; cron: Cron; log: RefreshLog; timers?: Timers }): CardRefreshJob {
  const job = cardRefreshJob(ctx, opts);
  job.start();
  return job;
}
