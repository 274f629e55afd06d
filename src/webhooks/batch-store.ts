import type { Executor, WebhookBatchEventsTable } from '../db/schema.js';
import type { OutboxEvent } from './engine/body.js';
import type { SealPatch } from './engine/sealing.js';
import { DELIVERY_COLUMNS, forChunks, inChunks, type DeliveryRow, type NewDeliveryRow } from './rows.js';

/**
 * Open batches: delivery rows in `batching` and their members
 * (`webhook_batch_events`), written by the fan-out and turned into sealed
 * deliveries by sealing, both under the fan-out lock.
 */
export function createBatchStore(db: Executor) {
  return {
    async open(subscriptionIds: readonly string[]): Promise<DeliveryRow[]> {
      return inChunks(subscriptionIds, (slice) =>
        db.selectFrom('webhook_deliveries').select(DELIVERY_COLUMNS).where('subscription_id', 'in', slice).where('status', '=', 'batching').execute(),
      );
    },

    async insert(rows: readonly NewDeliveryRow[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 20) await db.insertInto('webhook_deliveries').values(rows.slice(i, i + 20)).execute();
    },

    async setSize(id: string, eventCount: number, eventTypes: string, bodyBytes: number, at: string): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({ event_count: eventCount, event_types: eventTypes, body_bytes: bodyBytes, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    async closeNow(id: string, at: string): Promise<void> {
      await db.updateTable('webhook_deliveries').set({ next_attempt_at: at }).where('id', '=', id).where('status', '=', 'batching').execute();
    },

    async insertMembers(rows: readonly WebhookBatchEventsTable[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 300) await db.insertInto('webhook_batch_events').values(rows.slice(i, i + 300)).execute();
    },

    /** Open batches whose window has closed (or that are full), earliest first. */
    async due(now: string, limit: number): Promise<DeliveryRow[]> {
      return db
        .selectFrom('webhook_deliveries')
        .select(DELIVERY_COLUMNS)
        .where('status', '=', 'batching')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .limit(limit)
        .execute();
    },

    /** The events of open batches, in batch order, read back from the outbox to build their bodies. */
    async members(deliveryIds: readonly string[]): Promise<Array<OutboxEvent & { delivery_id: string }>> {
      return inChunks(deliveryIds, (slice) =>
        db
          .selectFrom('webhook_batch_events as b')
          .innerJoin('events as e', 'e.id', 'b.event_id')
          .select(['b.delivery_id', 'e.id', 'e.user_id', 'e.type', 'e.occurred_at', 'e.payload'])
          .where('b.delivery_id', 'in', slice)
          .orderBy('b.delivery_id')
          .orderBy('b.position')
          .execute(),
      );
    },

    /** Seals an open batch with its body; false when another dispatcher already did. */
    async seal(id: string, body: string, patch: SealPatch): Promise<boolean> {
      const r = await db.updateTable('webhook_deliveries').set(patch).where('id', '=', id).where('status', '=', 'batching').executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return false;
      await db.insertInto('webhook_delivery_bodies').values({ delivery_id: id, body }).execute();
      return true;
    },

    async deleteMembers(deliveryIds: readonly string[]): Promise<void> {
      await forChunks(deliveryIds, (slice) => db.deleteFrom('webhook_batch_events').where('delivery_id', 'in', slice).execute());
    },
  };
}

export type BatchStore = ReturnType<typeof createBatchStore>;
