import { sql, type Selectable, type SqlBool, type Updateable } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Executor, ExportsTable } from '../db/schema.js';

export type ExportRow = Selectable<ExportsTable>;

/** An export that can be claimed at `now`: waiting, or running under a lease that ran out (its worker died). */
function claimable(now: string) {
  return sql<SqlBool>`(${sql.ref('status')} = 'pending' or (${sql.ref('status')} = 'running' and ${sql.ref('lease_until')} < ${now}))`;
}

export function createExportStore(db: Executor, dialect: Dialect) {
  return {
    async insert(row: ExportRow): Promise<void> {
      await db.insertInto('exports').values(row).execute();
    },

    async findOwned(userId: string, id: string): Promise<ExportRow | undefined> {
      return db.selectFrom('exports').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },

    async findById(id: string): Promise<ExportRow | undefined> {
      return db.selectFrom('exports').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** A user's exports, newest first, after the keyset (created_at, id). */
    /** `sources`: only exports of these (undefined: all). */
    async page(userId: string, after: readonly [string, string] | undefined, limit: number, sources?: readonly string[]): Promise<ExportRow[]> {
      let q = db.selectFrom('exports').selectAll().where('user_id', '=', userId);
      if (sources) q = q.where('source', 'in', sources.length > 0 ? sources : ['']);
      if (after) q = q.where(sql<SqlBool>`(${sql.ref('created_at')}, ${sql.ref('id')}) < (${after[0]}, ${after[1]})`);
      return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    async count(userId: string, sources?: readonly string[]): Promise<number> {
      let q = db.selectFrom('exports').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId);
      if (sources) q = q.where('source', 'in', sources.length > 0 ? sources : ['']);
      const r = await q.executeTakeFirstOrThrow();
      return Number(r.n);
    },

    async countPending(userId: string): Promise<number> {
      const r = await db
        .selectFrom('exports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /**
     * Serialises claiming across worker processes, so the per-user limit on running exports
     * holds exactly. PostgreSQL: a transaction-scoped advisory lock per schema, skipped (false)
     * while another worker holds it. SQLite: the IMMEDIATE write transaction already excludes
     * every other writer.
     */
    async tryClaimLock(): Promise<boolean> {
      if (dialect !== 'postgres') return true;
      const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(hashtext(current_schema() || '.ccs_export_claim')) as ok`.execute(db);
      return rows[0]?.ok === true;
    },

    /** Exports running under a live lease, per user. */
    async runningPerUser(now: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('exports')
        .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('status', '=', 'running')
        .where('lease_until', '>=', now)
        .groupBy('user_id')
        .execute();
      return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
    },

    /** Claimable exports, oldest first. PostgreSQL skips rows another transaction holds. */
    async candidates(now: string, limit: number): Promise<Array<Pick<ExportRow, 'id' | 'user_id' | 'created_at'>>> {
      const q = db
        .selectFrom('exports')
        .select(['id', 'user_id', 'created_at'])
        .where('status', 'in', ['pending', 'running'])
        .where(claimable(now))
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit);
      return dialect === 'postgres' ? q.forUpdate().skipLocked().execute() : q.execute();
    },

    /** Leases these exports to `owner` if they are still claimable; answers the rows leased, oldest first. */
    async lease(ids: readonly string[], owner: string, now: string, until: string): Promise<ExportRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .updateTable('exports')
        .set((eb) => ({
          status: 'running',
          lease_owner: owner,
          lease_until: until,
          attempts: eb('attempts', '+', 1),
          started_at: sql<string>`coalesce(${sql.ref('started_at')}, ${now})`,
          updated_at: now,
        }))
        .where('id', 'in', ids)
        .where(claimable(now))
        .returningAll()
        .execute();
      // PostgreSQL's RETURNING follows no order: the oldest are worked on first, as they were chosen.
      return rows.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    },

    /** Extends `owner`'s lease; false when it no longer holds it. */
    async renew(id: string, owner: string, until: string): Promise<boolean> {
      const r = await db
        .updateTable('exports')
        .set({ lease_until: until })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Applies `changes` to a running export only while `owner` holds its lease; false when it was lost. */
    async finish(id: string, owner: string, changes: Updateable<ExportsTable>): Promise<boolean> {
      const r = await db
        .updateTable('exports')
        .set({ ...changes, lease_owner: null, lease_until: null })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Completed exports whose file is past its expiry and still stored. */
    async expiredFiles(now: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('exports')
        .select('id')
        .where('expires_at', '<=', now)
        .where('purged_at', 'is', null)
        .orderBy('expires_at')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    async markPurged(ids: readonly string[], at: string): Promise<void> {
      if (ids.length === 0) return;
      await db.updateTable('exports').set({ purged_at: at, updated_at: at }).where('id', 'in', ids).execute();
    },

    /** Give a running export back to the queue (its worker is stopping); the attempt does not count. */
    async release(id: string, owner: string, at: string): Promise<boolean> {
      const r = await db
        .updateTable('exports')
        .set((eb) => ({ status: 'pending', lease_owner: null, lease_until: null, attempts: eb('attempts', '-', 1), updated_at: at }))
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Completed or failed exports that finished before `before` and whose files are gone (failed ones never kept one). */
    async finishedBefore(before: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('exports')
        .select('id')
        .where('status', 'in', ['completed', 'failed'])
        .where('finished_at', '<', before)
        .where((eb) => eb.or([eb('status', '=', 'failed'), eb('purged_at', 'is not', null)]))
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    async deleteRows(ids: readonly string[]): Promise<void> {
      if (ids.length > 0) await db.deleteFrom('exports').where('id', 'in', ids).execute();
    },

    // ---- files in the database (CCS_EXPORT_STORAGE=database) ----

    async insertChunk(exportId: string, attempt: number, seq: number, data: Buffer): Promise<void> {
      await db.insertInto('export_files').values({ export_id: exportId, attempt, seq, data }).execute();
    },

    /** Up to `limit` chunks of one attempt's file after `afterSeq`, in order. */
    async chunks(exportId: string, attempt: number, afterSeq: number, limit: number): Promise<Array<{ seq: number; data: Buffer }>> {
      return db
        .selectFrom('export_files')
        .select(['seq', 'data'])
        .where('export_id', '=', exportId)
        .where('attempt', '=', attempt)
        .where('seq', '>', afterSeq)
        .orderBy('seq')
        .limit(limit)
        .execute();
    },

    async hasChunks(exportId: string, attempt: number): Promise<boolean> {
      const row = await db.selectFrom('export_files').select('seq').where('export_id', '=', exportId).where('attempt', '=', attempt).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    async deleteChunks(exportId: string, attempt?: number): Promise<void> {
      let q = db.deleteFrom('export_files').where('export_id', '=', exportId);
      if (attempt !== undefined) q = q.where('attempt', '=', attempt);
      await q.execute();
    },
  };
}

export type ExportStore = ReturnType<typeof createExportStore>;
