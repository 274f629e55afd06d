import type { Executor } from '../db/schema.js';
import type { OutboxEvent } from './engine/body.js';
import { forChunks } from './rows.js';

/**
 * The outbox as the webhook engine sees it: a cursor over undispatched events
 * (`dispatched_at` null, in id order), advanced by the fan-out in the same
 * transaction that places the events in batches.
 */
export function createOutboxStore(db: Executor) {
  return {
    async undispatched(limit: number): Promise<OutboxEvent[]> {
      return db
        .selectFrom('events')
        .select(['id', 'user_id', 'type', 'occurred_at', 'payload'])
        .where('dispatched_at', 'is', null)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async markDispatched(ids: readonly string[], at: string): Promise<void> {
      await forChunks(ids, (slice) => db.updateTable('events').set({ dispatched_at: at }).where('id', 'in', slice).execute());
    },

    async countUndispatched(): Promise<number> {
      const r = await db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('dispatched_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /**
     * Outbox events fanned out before the cutoff. By then every delivery built from
     * them has sealed its own body (retries resend those bytes), so nothing reads them;
     * an event still listed in an open batch is kept.
     */
    async purgeDispatchedBefore(cutoff: string, limit: number): Promise<number> {
      const ids = await db
        .selectFrom('events')
        .select('id')
        .where('dispatched_at', '<', cutoff)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('webhook_batch_events as b').select('b.event_id').whereRef('b.event_id', '=', 'events.id'))))
        .limit(limit)
        .execute();
      if (ids.length === 0) return 0;
      await db.deleteFrom('events').where('id', 'in', ids.map((r) => r.id)).execute();
      return ids.length;
    },
  };
}

export type OutboxStore = ReturnType<typeof createOutboxStore>;
