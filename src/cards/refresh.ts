/**
 * Scheduled card refresh: re-imports `CCS_CARD_DATA_URL` on `CCS_CARD_REFRESH_CRON`
 * while a worker runs. Any number of workers may run it: each scheduled slot is claimed
 * in the database first (one conditional UPDATE of a `meta` row), so exactly one of them
 * imports it.
 */
import type { AppContext } from '../context.js';
import type { Cron } from './cron.js';
import { importCards, type ImportSummary } from './import.js';

const SLOT_KEY = 'cards_refresh_slot';
// setTimeout's limit; longer waits are re-armed.
const MAX_DELAY = 2 ** 31 - 1;

export interface RefreshLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface CardRefresh {
  /** Claims `slot` and imports if no other process has; resolves with the summary, or undefined when another process had it. */
  runSlot(slot: Date): Promise<ImportSummary | undefined>;
  stop(): Promise<void>;
}

/** True if this process is the first to claim the slot. */
async function claim(ctx: AppContext, slot: string): Promise<boolean> {
  const db = ctx.database.db;
  await db.insertInto('meta').values({ key: SLOT_KEY, value: '' }).onConflict((oc) => oc.column('key').doNothing()).execute();
  const res = await db.updateTable('meta').set({ value: slot }).where('key', '=', SLOT_KEY).where('value', '<', slot).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function startCardRefresh(ctx: AppContext, opts: { url: string; cron: Cron; log: RefreshLog }): CardRefresh {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let last = 0;

  async function runSlot(slot: Date): Promise<ImportSummary | undefined> {
    const id = slot.toISOString();
    if (!(await claim(ctx, id))) return undefined;
    opts.log.info({ slot: id, url: opts.url }, 'scheduled card refresh: importing');
    const summary = await importCards(ctx, { file: opts.url });
    opts.log.info({ slot: id, cards: summary.cards, prices: summary.prices, alerts: summary.alerts, ms: summary.ms }, 'scheduled card refresh: done');
    return summary;
  }

  function arm(): void {
    if (stopped) return;
    // Never the same slot twice, even if the clock has not moved past it.
    const due = opts.cron.next(new Date(Math.max(ctx.clock.now().getTime(), last)));
    last = due.getTime();
    const wait = () => {
      const left = due.getTime() - ctx.clock.now().getTime();
      timer = setTimeout(left > MAX_DELAY ? wait : fire, Math.min(Math.max(left, 0), MAX_DELAY));
      timer.unref();
    };
    const fire = () => {
      running = runSlot(due)
        .catch((err: unknown) => opts.log.error({ err, slot: due.toISOString() }, 'scheduled card refresh failed; the card data is unchanged'))
        .finally(arm);
    };
    wait();
  }

  arm();
  return {
    runSlot,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
