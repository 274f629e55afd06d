import type { Selectable } from 'kysely';
import type {
  EventsTable,
  Executor,
  WebhookAttemptsTable,
  WebhookBatchEventsTable,
  WebhookDeliveriesTable,
  WebhookSubscriptionsTable,
} from '../db/schema.js';

export type SubscriptionRow = Selectable<WebhookSubscriptionsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;
export type NewSubscriptionRow = Omit<SubscriptionRow, 'consecutive_failures' | 'quota_used' | 'dropped_today' | 'dropped_total'>;
export type NewDeliveryRow = Omit<DeliveryRow, 'attempt_count'>;
export type OutboxEvent = Pick<EventsTable, 'id' | 'user_id' | 'type' | 'occurred_at' | 'payload'>;

/** Delivery columns (the body is in its own table). */
const DELIVERY_SUMMARY = [
  'id',
  'subscription_id',
  'user_id',
  'kind',
  'status',
  'event_count',
  'event_types',
  'body_bytes',
  'signature',
  'attempt_count',
  'next_attempt_at',
  'lease_owner',
  'lease_until',
  'last_status_code',
  'last_error',
  'redelivery_of',
  'created_at',
  'sealed_at',
  'completed_at',
  'updated_at',
] as const;
export type DeliverySummaryRow = DeliveryRow;

/** Matches one type inside the stored JSON array; event types hold no LIKE wildcards (checked by the caller). */
function typePattern(type: string): string {
  return `%${JSON.stringify(type)}%`;
}

// SQLite caps bound parameters per statement; stay well under it.
const CHUNK = 400;

export function createWebhookStore(db: Executor) {
  return {
    // ---- subscriptions -------------------------------------------------------------
    async insertSubscription(row: NewSubscriptionRow): Promise<void> {
      await db.insertInto('webhook_subscriptions').values(row).execute();
    },

    async findSubscription(userId: string, id: string): Promise<SubscriptionRow | undefined> {
      return db.selectFrom('webhook_subscriptions').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },

    async findSubscriptionById(id: string): Promise<SubscriptionRow | undefined> {
      return db.selectFrom('webhook_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findSubscriptionsByIds(ids: readonly string[]): Promise<SubscriptionRow[]> {
      const out: SubscriptionRow[] = [];
      for (let i = 0; i < ids.length; i += CHUNK) {
        out.push(...(await db.selectFrom('webhook_subscriptions').selectAll().where('id', 'in', ids.slice(i, i + CHUNK)).execute()));
      }
      return out;
    },

    async listSubscriptions(userId: string, opts: { limit: number; afterId?: string }): Promise<SubscriptionRow[]> {
      let q = db.selectFrom('webhook_subscriptions').selectAll().where('user_id', '=', userId);
      if (opts.afterId) q = q.where('id', '>', opts.afterId);
      return q.orderBy('id').limit(opts.limit).execute();
    },

    async countSubscriptions(userId: string): Promise<number> {
      const r = await db
        .selectFrom('webhook_subscriptions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    async updateSubscription(id: string, patch: Partial<NewSubscriptionRow> & { consecutive_failures?: number }): Promise<void> {
      await db.updateTable('webhook_subscriptions').set(patch).where('id', '=', id).execute();
    },

    async deleteSubscription(userId: string, id: string): Promise<boolean> {
      const r = await db.deleteFrom('webhook_subscriptions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    async enabledSubscriptionsOf(userIds: readonly string[]): Promise<SubscriptionRow[]> {
      const out: SubscriptionRow[] = [];
      for (let i = 0; i < userIds.length; i += CHUNK) {
        out.push(
          ...(await db
            .selectFrom('webhook_subscriptions')
            .selectAll()
            .where('user_id', 'in', userIds.slice(i, i + CHUNK))
            .where('status', '=', 'enabled')
            .orderBy('id')
            .execute()),
        );
      }
      return out;
    },

    async setQuota(id: string, q: { quota_day: string; quota_used: number; dropped_today: number; dropped_total: number }): Promise<void> {
      await db.updateTable('webhook_subscriptions').set(q).where('id', '=', id).execute();
    },

    /** Adds one failure atomically (several dispatchers may record at once) and returns the new count. */
    async addFailure(id: string): Promise<{ consecutive_failures: number; status: SubscriptionRow['status'] } | undefined> {
      return db
        .updateTable('webhook_subscriptions')
        .set((eb) => ({ consecutive_failures: eb('consecutive_failures', '+', 1) }))
        .where('id', '=', id)
        .returning(['consecutive_failures', 'status'])
        .executeTakeFirst();
    },

    async resetFailures(id: string): Promise<void> {
      await db.updateTable('webhook_subscriptions').set({ consecutive_failures: 0 }).where('id', '=', id).where('consecutive_failures', '!=', 0).execute();
    },

    /** Disables an enabled subscription; false when it already was (so only one caller mails the owner). */
    async disable(id: string, reason: string, at: string): Promise<boolean> {
      const r = await db
        .updateTable('webhook_subscriptions')
        .set({ status: 'disabled', disabled_reason: reason, disabled_at: at, disable_notified_at: null, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'enabled')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async owedNotifications(limit: number): Promise<Array<SubscriptionRow & { email: string }>> {
      return db
        .selectFrom('webhook_subscriptions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .selectAll('s')
        .select('u.email')
        .where('s.status', '=', 'disabled')
        .where('s.disable_notified_at', 'is', null)
        .where('s.disabled_at', 'is not', null)
        .limit(limit)
        .execute();
    },

    /** Claims the owed e-mail for one sender; false when another process already took it. */
    async markNotified(id: string, disabledAt: string, at: string | null): Promise<boolean> {
      let q = db.updateTable('webhook_subscriptions').set({ disable_notified_at: at }).where('id', '=', id).where('disabled_at', '=', disabledAt);
      q = at === null ? q.where('disable_notified_at', 'is not', null) : q.where('disable_notified_at', 'is', null);
      const r = await q.executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    // ---- outbox ---------------------------------------------------------------------
    async undispatchedEvents(limit: number): Promise<OutboxEvent[]> {
      return db
        .selectFrom('events')
        .select(['id', 'user_id', 'type', 'occurred_at', 'payload'])
        .where('dispatched_at', 'is', null)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async markDispatched(ids: readonly string[], at: string): Promise<void> {
      for (let i = 0; i < ids.length; i += CHUNK) {
        await db.updateTable('events').set({ dispatched_at: at }).where('id', 'in', ids.slice(i, i + CHUNK)).execute();
      }
    },

    // ---- deliveries -----------------------------------------------------------------
    async insertDeliveries(rows: NewDeliveryRow[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 20) await db.insertInto('webhook_deliveries').values(rows.slice(i, i + 20)).execute();
    },

    async insertBody(deliveryId: string, body: string): Promise<void> {
      await db.insertInto('webhook_delivery_bodies').values({ delivery_id: deliveryId, body }).execute();
    },

    async bodyOf(deliveryId: string): Promise<string | null> {
      const r = await db.selectFrom('webhook_delivery_bodies').select('body').where('delivery_id', '=', deliveryId).executeTakeFirst();
      return r?.body ?? null;
    },

    async bodiesOf(deliveryIds: readonly string[]): Promise<Map<string, string>> {
      const out = new Map<string, string>();
      for (let i = 0; i < deliveryIds.length; i += CHUNK) {
        const rows = await db.selectFrom('webhook_delivery_bodies').select(['delivery_id', 'body']).where('delivery_id', 'in', deliveryIds.slice(i, i + CHUNK)).execute();
        for (const r of rows) out.set(r.delivery_id, r.body);
      }
      return out;
    },

    async openBatches(subscriptionIds: readonly string[]): Promise<DeliverySummaryRow[]> {
      const out: DeliverySummaryRow[] = [];
      for (let i = 0; i < subscriptionIds.length; i += CHUNK) {
        out.push(
          ...(await db
            .selectFrom('webhook_deliveries')
            .select(DELIVERY_SUMMARY)
            .where('subscription_id', 'in', subscriptionIds.slice(i, i + CHUNK))
            .where('status', '=', 'batching')
            .execute()),
        );
      }
      return out;
    },

    async setBatchSize(id: string, eventCount: number, eventTypes: string, bodyBytes: number, at: string): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({ event_count: eventCount, event_types: eventTypes, body_bytes: bodyBytes, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    async closeBatchNow(id: string, at: string): Promise<void> {
      await db.updateTable('webhook_deliveries').set({ next_attempt_at: at }).where('id', '=', id).where('status', '=', 'batching').execute();
    },

    async insertBatchEvents(rows: WebhookBatchEventsTable[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 300) await db.insertInto('webhook_batch_events').values(rows.slice(i, i + 300)).execute();
    },

    async dueBatches(now: string, limit: number): Promise<DeliverySummaryRow[]> {
      return db
        .selectFrom('webhook_deliveries')
        .select(DELIVERY_SUMMARY)
        .where('status', '=', 'batching')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .limit(limit)
        .execute();
    },

    /** The events of open batches, in batch order, read back from the outbox to build their bodies. */
    async batchMembers(deliveryIds: readonly string[]): Promise<Array<OutboxEvent & { delivery_id: string }>> {
      const out: Array<OutboxEvent & { delivery_id: string }> = [];
      for (let i = 0; i < deliveryIds.length; i += CHUNK) {
        out.push(
          ...(await db
            .selectFrom('webhook_batch_events as b')
            .innerJoin('events as e', 'e.id', 'b.event_id')
            .select(['b.delivery_id', 'e.id', 'e.user_id', 'e.type', 'e.occurred_at', 'e.payload'])
            .where('b.delivery_id', 'in', deliveryIds.slice(i, i + CHUNK))
            .orderBy('b.delivery_id')
            .orderBy('b.position')
            .execute()),
        );
      }
      return out;
    },

    /** Seals an open batch; false when another dispatcher already did. */
    async seal(
      id: string,
      body: string,
      patch: Pick<DeliveryRow, 'status' | 'body_bytes' | 'signature' | 'event_count' | 'next_attempt_at' | 'sealed_at' | 'updated_at' | 'last_error' | 'completed_at'>,
    ): Promise<boolean> {
      const r = await db.updateTable('webhook_deliveries').set(patch).where('id', '=', id).where('status', '=', 'batching').executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return false;
      await db.insertInto('webhook_delivery_bodies').values({ delivery_id: id, body }).execute();
      return true;
    },

    async deleteBatchMembers(deliveryIds: readonly string[]): Promise<void> {
      for (let i = 0; i < deliveryIds.length; i += CHUNK) {
        await db.deleteFrom('webhook_batch_events').where('delivery_id', 'in', deliveryIds.slice(i, i + CHUNK)).execute();
      }
    },

    async findDelivery(subscriptionId: string, id: string): Promise<DeliveryRow | undefined> {
      return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).where('subscription_id', '=', subscriptionId).executeTakeFirst();
    },

    async findDeliveryById(id: string): Promise<DeliverySummaryRow | undefined> {
      return db.selectFrom('webhook_deliveries').select(DELIVERY_SUMMARY).where('id', '=', id).executeTakeFirst();
    },

    async listDeliveries(
      subscriptionId: string,
      opts: { statuses?: readonly DeliveryRow['status'][]; eventType?: string; since: string; limit: number; beforeId?: string },
    ): Promise<DeliverySummaryRow[]> {
      let q = db.selectFrom('webhook_deliveries').select(DELIVERY_SUMMARY).where('subscription_id', '=', subscriptionId).where('created_at', '>=', opts.since);
      if (opts.statuses) q = q.where('status', 'in', opts.statuses);
      if (opts.eventType) q = q.where('event_types', 'like', typePattern(opts.eventType));
      if (opts.beforeId) q = q.where('id', '<', opts.beforeId);
      return q.orderBy('id', 'desc').limit(opts.limit).execute();
    },

    async countDeliveries(subscriptionId: string, opts: { statuses?: readonly DeliveryRow['status'][]; eventType?: string; since: string }): Promise<number> {
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

    async releaseLease(id: string, owner: string): Promise<void> {
      await db.updateTable('webhook_deliveries').set({ lease_owner: null, lease_until: null }).where('id', '=', id).where('lease_owner', '=', owner).execute();
    },

    /** Records an attempt's outcome if `owner` still holds the lease; false when it was lost. */
    async finishAttempt(
      id: string,
      owner: string,
      patch: Pick<DeliveryRow, 'status' | 'attempt_count' | 'next_attempt_at' | 'last_status_code' | 'last_error' | 'completed_at' | 'updated_at'>,
    ): Promise<boolean> {
      const r = await db
        .updateTable('webhook_deliveries')
        .set({ ...patch, lease_owner: null, lease_until: null })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .where('status', 'in', ['pending', 'retrying'])
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

    async insertAttempt(row: AttemptRow): Promise<void> {
      await db.insertInto('webhook_attempts').values(row).execute();
    },

    async attempts(deliveryId: string): Promise<AttemptRow[]> {
      return db.selectFrom('webhook_attempts').selectAll().where('delivery_id', '=', deliveryId).orderBy('number').orderBy('attempted_at').execute();
    },

    /** Finished deliveries created before `cutoff`, oldest first (attempts go with them by cascade). */
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

    /**
     * Outbox events fanned out before the cutoff. By then every delivery built from
     * them has sealed its own body (retries resend those bytes), so nothing reads them;
     * an event still listed in an open batch is kept.
     */
    async purgeDispatchedEventsBefore(cutoff: string, limit: number): Promise<number> {
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

    async queueStats(now: string): Promise<{ depth: number; oldestDue: string | null; undispatched: number }> {
      const queued = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['batching', 'pending', 'retrying'])
        .executeTakeFirstOrThrow();
      const due = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.min('next_attempt_at').as('at'))
        .where('status', 'in', ['batching', 'pending', 'retrying'])
        .where('next_attempt_at', '<=', now)
        .executeTakeFirstOrThrow();
      const outbox = await db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('dispatched_at', 'is', null)
        .executeTakeFirstOrThrow();
      return { depth: Number(queued.n), oldestDue: (due.at as string | null) ?? null, undispatched: Number(outbox.n) };
    },

    /** The earliest time anything queued becomes due, so an idle dispatcher sleeps exactly that long. */
    async nextDueAt(now: string): Promise<string | null> {
      const r = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.min('next_attempt_at').as('at'))
        .where('status', 'in', ['batching', 'pending', 'retrying'])
        // Work leased to a live dispatcher is not ours to wait for.
        .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<', now)]))
        .executeTakeFirstOrThrow();
      return (r.at as string | null) ?? null;
    },

    async ownerEmail(userId: string): Promise<string | undefined> {
      const r = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
      return r?.email;
    },
  };
}

export type WebhookStore = ReturnType<typeof createWebhookStore>;
