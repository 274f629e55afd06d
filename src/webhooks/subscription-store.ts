import type { Executor } from '../db/schema.js';
import { inChunks, type NewSubscriptionRow, type SubscriptionRow } from './rows.js';

/**
 * The subscription row: what its owner edits, and the counters the engine keeps
 * on it (daily quota, consecutive failures, disable and its owed e-mail).
 */
export function createSubscriptionStore(db: Executor) {
  return {
    async insert(row: NewSubscriptionRow): Promise<void> {
      await db.insertInto('webhook_subscriptions').values(row).execute();
    },

    /** `forUpdate` (PostgreSQL, inside a write): holds the row until the transaction ends, so writers of one subscription queue up. */
    async findOwned(userId: string, id: string, forUpdate = false): Promise<SubscriptionRow | undefined> {
      const q = db.selectFrom('webhook_subscriptions').selectAll().where('id', '=', id).where('user_id', '=', userId);
      return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
    },

    async findById(id: string): Promise<SubscriptionRow | undefined> {
      return db.selectFrom('webhook_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findByIds(ids: readonly string[]): Promise<SubscriptionRow[]> {
      return inChunks(ids, (slice) => db.selectFrom('webhook_subscriptions').selectAll().where('id', 'in', slice).execute());
    },

    async list(userId: string, opts: { limit: number; afterId?: string }): Promise<SubscriptionRow[]> {
      let q = db.selectFrom('webhook_subscriptions').selectAll().where('user_id', '=', userId);
      if (opts.afterId) q = q.where('id', '>', opts.afterId);
      return q.orderBy('id').limit(opts.limit).execute();
    },

    /** Subscriptions, of every user, that dropped events at their daily cap on `day` (YYYY-MM-DD, UTC). */
    async countDroppingOn(day: string): Promise<number> {
      const r = await db
        .selectFrom('webhook_subscriptions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('quota_day', '=', day)
        .where('dropped_today', '>', 0)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    async count(userId: string): Promise<number> {
      const r = await db
        .selectFrom('webhook_subscriptions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    async update(id: string, patch: Partial<NewSubscriptionRow> & { consecutive_failures?: number }): Promise<void> {
      await db.updateTable('webhook_subscriptions').set(patch).where('id', '=', id).execute();
    },

    async deleteOwned(userId: string, id: string): Promise<boolean> {
      const r = await db.deleteFrom('webhook_subscriptions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    /** Enabled subscriptions of these users, in id order (the order fan-out visits them). */
    async enabledOf(userIds: readonly string[]): Promise<SubscriptionRow[]> {
      return inChunks(userIds, (slice) =>
        db.selectFrom('webhook_subscriptions').selectAll().where('user_id', 'in', slice).where('status', '=', 'enabled').orderBy('id').execute(),
      );
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

    /** Claims the owed e-mail for one sender (or, with `at` null, gives the claim back); false when that did not apply. */
    async markNotified(id: string, disabledAt: string, at: string | null): Promise<boolean> {
      let q = db.updateTable('webhook_subscriptions').set({ disable_notified_at: at }).where('id', '=', id).where('disabled_at', '=', disabledAt);
      q = at === null ? q.where('disable_notified_at', 'is not', null) : q.where('disable_notified_at', 'is', null);
      const r = await q.executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}

export type SubscriptionStore = ReturnType<typeof createSubscriptionStore>;
