import { PostgresAdapter } from 'kysely';
import type { Executor } from '../db/schema.js';
import type { DeliveryPatch } from './engine/outcome.js';
import { DELIVERY_COLUMNS, inChunks, UNFINISHED, type AttemptRow, type DeliveryRow } from './rows.js';

/**
 * The delivery queue: sealed deliveries waiting for an attempt, the leases
 * dispatchers hold on them (claiming is in `dialect.ts`), and each attempt's
 * outcome as it is recorded.
 */
export function createQueueStore(db: Executor) {
  return {
    /** Queues a delivery whose body is already final (test sends, redeliveries). */
    async insertSealed(row: DeliveryRow, body: string): Promise<void> {
      await db.insertInto('webhook_deliveries').values(row).execute();
      await db.insertInto('webhook_delivery_bodies').values({ delivery_id: row.id, body }).execute();
    },

    async bodiesOf(deliveryIds: readonly string[]): Promise<Map<string, string>> {
      const rows = await inChunks(deliveryIds, (slice) =>
        db.selectFrom('webhook_delivery_bodies').select(['delivery_id', 'body']).where('delivery_id', 'in', slice).execute(),
      );
      return new Map(rows.map((r) => [r.delivery_id, r.body]));
    },

    async find(id: string): Promise<DeliveryRow | undefined> {
      return db.selectFrom('webhook_deliveries').select(DELIVERY_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /**
     * The delivery, its row locked until the transaction ends on PostgreSQL, so its lease cannot
     * change hands between this read and the writes that follow (SQLite's write transaction
     * already excludes every other writer).
     */
    async findLocked(id: string): Promise<DeliveryRow | undefined> {
      const q = db.selectFrom('webhook_deliveries').select(DELIVERY_COLUMNS).where('id', '=', id);
      return (db.getExecutor().adapter instanceof PostgresAdapter ? q.forUpdate() : q).executeTakeFirst();
    },

    /** Logs an attempt; false when an attempt with this id is already logged (a retried recording that had committed). */
    async insertAttempt(row: AttemptRow): Promise<boolean> {
      const r = await db
        .insertInto('webhook_attempts')
        .values(row)
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    /**
     * Records an attempt's outcome if `owner` still holds the lease and the delivery is in one of
     * `from` (pending or retrying; `failed` for the attempt a disable stopped in flight,
     * `decideStoppedAttempt`); false when it was lost.
     */
    async finishAttempt(id: string, owner: string, patch: DeliveryPatch, from: readonly DeliveryRow['status'][] = ['pending', 'retrying']): Promise<boolean> {
      const r = await db
        .updateTable('webhook_deliveries')
        .set({ ...patch, lease_owner: null, lease_until: null })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .where('status', 'in', from)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** Stops a disabled subscription's queued work; test sends are left to finish their single attempt. */
    async failQueued(subscriptionId: string, reason: string, at: string): Promise<number> {
      const r = await db
        .updateTable('webhook_deliveries')
        .set({ status: 'failed', next_attempt_at: null, last_error: reason, completed_at: at, updated_at: at })
        .where('subscription_id', '=', subscriptionId)
        .where('status', 'in', ['pending', 'retrying'])
        .where('kind', '!=', 'test')
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    /** The earliest time anything queued becomes due, so an idle dispatcher sleeps exactly that long. */
    async nextDueAt(now: string): Promise<string | null> {
      const r = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.min('next_attempt_at').as('at'))
        .where('status', 'in', UNFINISHED)
        // Work leased to a live dispatcher is not ours to wait for.
        .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<', now)]))
        .executeTakeFirstOrThrow();
      return (r.at as string | null) ?? null;
    },

    /** Unfinished deliveries, and the due time of the oldest one waiting (null when none is due). */
    async stats(now: string): Promise<{ depth: number; oldestDue: string | null }> {
      const queued = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', UNFINISHED)
        .executeTakeFirstOrThrow();
      const due = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.min('next_attempt_at').as('at'))
        .where('status', 'in', UNFINISHED)
        .where('next_attempt_at', '<=', now)
        .executeTakeFirstOrThrow();
      return { depth: Number(queued.n), oldestDue: (due.at as string | null) ?? null };
    },
  };
}

export type QueueStore = ReturnType<typeof createQueueStore>;
