import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database } from '../db/database.js';
import type { Executor } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { writeTransaction } from '../db/transaction.js';
import { createLogStore } from './log-store.js';
import { createOutboxStore } from './outbox-store.js';

const PURGE_BATCH = 500;

export function retentionCutoff(clock: Clock, retentionDays: number): string {
  return new Date(clock.now().getTime() - retentionDays * 24 * 3600_000).toISOString();
}

/**
 * The delivery log keeps 30 days (CCS_WEBHOOK_RETENTION_DAYS): finished
 * deliveries created before the cutoff are deleted with their attempts, in
 * small batches so the purge never holds a long lock. Unfinished work is never
 * purged (the whole retry schedule ends well inside the period anyway).
 * Outbox events dispatched before the cutoff go too, so the outbox does not grow forever.
 * Answers the number of deliveries purged.
 */
export async function purgeDeliveryLog(database: Database, clock: Clock, retentionDays: number): Promise<number> {
  const cutoff = retentionCutoff(clock, retentionDays);
  const purge = async (step: (trx: Executor) => Promise<number>): Promise<number> => {
    let total = 0;
    for (;;) {
      const n = await writeTransaction(database, step);
      total += n;
      if (n < PURGE_BATCH) return total;
      // SQLite's statements run on the event loop: requests are served between the batches.
      await nextTurn();
    }
  };
  const deliveries = await purge((trx) => createLogStore(trx).purgeFinishedBefore(cutoff, PURGE_BATCH));
  await purge((trx) => createOutboxStore(trx).purgeDispatchedBefore(cutoff, PURGE_BATCH));
  return deliveries;
}
