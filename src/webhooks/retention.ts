import type { Database } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { writeTransaction } from './dialect.js';
import { createWebhookStore } from './store.js';

export function retentionCutoff(clock: Clock, retentionDays: number): string {
  return new Date(clock.now().getTime() - retentionDays * 24 * 3600_000).toISOString();
}

/**
 * The delivery log keeps 30 days (CCS_WEBHOOK_RETENTION_DAYS): finished
 * deliveries created before the cutoff are deleted with their attempts, in
 * small batches so the purge never holds a long lock. Unfinished work is never
 * purged (the whole retry schedule ends well inside the period anyway).
 */
export async function purgeDeliveryLog(database: Database, clock: Clock, retentionDays: number): Promise<number> {
  const cutoff = retentionCutoff(clock, retentionDays);
  let total = 0;
  for (;;) {
    const n = await writeTransaction(database, (trx) => createWebhookStore(trx).purgeFinishedBefore(cutoff, 500));
    total += n;
    if (n < 500) return total;
  }
}
