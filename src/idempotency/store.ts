import type { Selectable } from 'kysely';
import type { Executor, IdempotencyKeysTable } from '../db/schema.js';

export type IdempotencyRow = Selectable<IdempotencyKeysTable>;

/** One row per (user, key); every write names the holder's `lock_token`, so a taken-over key ignores its old holder. */
export function createIdempotencyStore(db: Executor) {
  return {
    /** True when this request inserted the key (and so runs); false when a row was there already. */
    async claim(row: IdempotencyRow): Promise<boolean> {
      const r = await db
        .insertInto('idempotency_keys')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async find(userId: string, key: string): Promise<IdempotencyRow | undefined> {
      return db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
    },

    /** Hands a running key whose holder is presumed dead to a new holder; false when someone else changed it first. */
    async takeOver(userId: string, key: string, previousToken: string | null, token: string, at: string): Promise<boolean> {
      let q = db
        .updateTable('idempotency_keys')
        .set({ lock_token: token, locked_at: at })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('state', '=', 'running');
      q = previousToken === null ? q.where('lock_token', 'is', null) : q.where('lock_token', '=', previousToken);
      const r = await q.executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async complete(
      userId: string,
      key: string,
      token: string,
      response: { status_code: number; response_headers: string; response_body: string; completed_at: string },
    ): Promise<boolean> {
      const r = await db
        .updateTable('idempotency_keys')
        .set({ ...response, state: 'completed', lock_token: null, locked_at: null })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('lock_token', '=', token)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /**
     * Inside the request's write transaction: records that the write happened, committing or
     * rolling back with it. False when the key is no longer this request's (taken over after
     * its lease), so the write must not happen.
     */
    async markApplied(userId: string, key: string, token: string): Promise<boolean> {
      const r = await db
        .updateTable('idempotency_keys')
        .set({ state: 'applied' })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('lock_token', '=', token)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /**
     * The request answered a 5xx. A key whose write never committed is freed (the next request
     * with it runs afresh); one whose write did commit (`applied`: the failure came after it) is
     * only let go, so a retry learns that the write happened instead of running it twice.
     * Conditional in the database, so a commit still in flight on a lost connection is waited for.
     */
    async release(userId: string, key: string, token: string): Promise<void> {
      const deleted = await db
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('lock_token', '=', token)
        .where('state', '=', 'running')
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) > 0) return;
      await db
        .updateTable('idempotency_keys')
        .set({ lock_token: null, locked_at: null })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('lock_token', '=', token)
        .where('state', '=', 'applied')
        .execute();
    },

    /** Deletes an expired row, unless it was replaced meanwhile (its `created_at` moved). */
    async deleteExpired(userId: string, key: string, createdAt: string): Promise<void> {
      await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).where('created_at', '=', createdAt).execute();
    },

    /**
     * Deletes the oldest rows created at or before `cutoff`, about `limit` at a time (rows sharing the
     * boundary's timestamp go together), so a purge never holds a long lock; answers how many went.
     */
    async purgeCreatedUpTo(cutoff: string, limit: number): Promise<number> {
      const boundary = await db
        .selectFrom('idempotency_keys')
        .select('created_at')
        .where('created_at', '<=', cutoff)
        .orderBy('created_at')
        .limit(1)
        .offset(limit - 1)
        .executeTakeFirst();
      let q = db.deleteFrom('idempotency_keys').where('created_at', '<=', cutoff);
      if (boundary) q = q.where('created_at', '<=', boundary.created_at);
      const r = await q.executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
