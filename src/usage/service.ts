import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database } from '../db/database.js';
import type { Executor } from '../db/schema.js';
import { writeTransaction } from '../db/transaction.js';
import type { Clock } from '../lib/clock.js';
import type { UsageFilter, UsageStore } from './store.js';

export type { UsageFilter } from './store.js';

type Sums = Array<{ dim: string; status_class: string; count: number }>;

/** Reads of the API usage counts, for the portal's charts, and their retention. */
export function createUsageService(deps: {
  database: Database;
  clock: Clock;
  store: (executor: Executor) => UsageStore;
  recorder: { flush(): Promise<unknown> };
}) {
  const reads = deps.store(deps.database.db);
  return {
    /** Deletes the counts of hours more than `days` ago, a day of hours a transaction, oldest first. Answers the rows deleted. */
    async purgeOlderThan(days: number): Promise<number> {
      // From the start of this hour, as buckets are: the bucket `days` before this one is kept whole.
      const hourStart = Math.floor(deps.clock.now().getTime() / 3600_000) * 3600_000;
      const cutoff = new Date(hourStart - days * 24 * 3600_000).toISOString();
      let total = 0;
      for (;;) {
        const n = await writeTransaction(deps.database, (trx) => deps.store(trx).purgeOldestDayBefore(cutoff));
        if (n === 0) return total;
        total += n;
        // SQLite's statements run on the event loop: requests are served between the days.
        await nextTurn();
      }
    },

    /** Request counts by status class, summed per hour, per route, per API key and per OAuth application. */
    async sums(filter: Omit<UsageFilter, 'via'>): Promise<{ byHour: Sums; byRoute: Sums; byKey: Sums; byApp: Sums }> {
      // Counts sit in memory until the next flush; push this process's out so the answer is current.
      await deps.recorder.flush().catch(() => undefined);
      const [byHour, byRoute, byKey, byApp] = await Promise.all([
        reads.sumForUser('hour', filter),
        reads.sumForUser('route', filter),
        reads.sumForUser('key_id', { ...filter, via: 'api_key' }),
        reads.sumForUser('application_id', { ...filter, via: 'oauth' }),
      ]);
      return { byHour, byRoute, byKey, byApp };
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
