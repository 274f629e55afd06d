import type { Executor } from '../db/schema.js';
import { DELIVERY_COLUMNS, type AttemptRow, type DeliveryRow } from './rows.js';

/** Matches one type inside the stored JSON array; event types hold no LIKE wildcards (checked by the caller). */
function typePattern(type: string): string {
  return `%${JSON.stringify(type)}%`;
}

export interface LogFilter {
  statuses?: readonly DeliveryRow['status'][];
  eventType?: string;
  /** Deliveries created before this are past the retention period and not shown. */
  since: string;
}

/** The delivery log as its owner reads it (newest first, with bodies and attempts), and its retention purge. */
export function createLogStore(db: Executor) {
  return {
    async find(subscriptionId: string, id: string): Promise<DeliveryRow | undefined> {
      return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).where('subscription_id', '=', subscriptionId).executeTakeFirst();
    },

    async list(subscriptionId: string, opts: LogFilter & { limit: number; beforeId?: string }): Promise<DeliveryRow[]> {
      let q = db.selectFrom('webhook_deliveries').select(DELIVERY_COLUMNS).where('subscription_id', '=', subscriptionId).where('created_at', '>=', opts.since);
      if (opts.statuses) q = q.where('status', 'in', opts.statuses);
      if (opts.eventType) q = q.where('event_types', 'like', typePattern(opts.eventType));
      if (opts.beforeId) q = q.where('id', '<', opts.beforeId);
      return q.orderBy('id', 'desc').limit(opts.limit).execute();
    },

    async count(subscriptionId: string, opts: LogFilter): Promise<number> {
      let q = db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('subscription_id', '=', subscriptionId)
        .where('created_at', '>=', opts.since);
      if (opts.statuses) q = q.where('status', 'in', opts.statuses);
      if (opts.eventType) q = q.where('event_types', 'like', typePattern(opts.eventType));
      const r = await q.executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** When the subscription's test deliveries made after `since` were made, oldest first, at most `limit`. */
    async testsSince(subscriptionId: string, since: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('webhook_deliveries')
        .select('created_at')
        .where('subscription_id', '=', subscriptionId)
        .where('kind', '=', 'test')
        .where('created_at', '>', since)
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map((r) => r.created_at);
    },

    async bodyOf(deliveryId: string): Promise<string | null> {
      const r = await db.selectFrom('webhook_delivery_bodies').select('body').where('delivery_id', '=', deliveryId).executeTakeFirst();
      return r?.body ?? null;
    },

    async attempts(deliveryId: string): Promise<AttemptRow[]> {
      return db.selectFrom('webhook_attempts').selectAll().where('delivery_id', '=', deliveryId).orderBy('number').orderBy('attempted_at').execute();
    },

    /** Finished deliveries created before `cutoff`, oldest first, with their bodies and attempts. */
    async purgeFinishedBefore(cutoff: string, limit: number): Promise<number> {
      const ids = await db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('created_at', '<', cutoff)
        .where('status', 'in', ['delivered', 'failed'])
        .orderBy('created_at')
        .limit(limit)
        .execute();
      if (ids.length === 0) return 0;
      const list = ids.map((r) => r.id);
      await db.deleteFrom('webhook_attempts').where('delivery_id', 'in', list).execute();
      await db.deleteFrom('webhook_delivery_bodies').where('delivery_id', 'in', list).execute();
      await db.deleteFrom('webhook_deliveries').where('id', 'in', list).execute();
      return list.length;
    },
  };
}

export type LogStore = ReturnType<typeof createLogStore>;
