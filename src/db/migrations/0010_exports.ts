import type { Kysely } from 'kysely';

/**
 * Bulk exports (docs/import-export.md):
 * - `exports`: one row per requested export, its state (`pending -> running -> completed | failed`),
 *   the lease of the worker building it (`lease_owner`, `lease_until`; an expired lease is how a
 *   crashed worker's export comes back), and once completed its size and expiry. `file_attempt`
 *   names the attempt whose file is complete (a retried export writes a new one).
 * - `export_files`: the files themselves, in chunks, for `CCS_EXPORT_STORAGE=database` (hosts
 *   that share a database but no disk). `bytea` reads as BLOB storage on SQLite too (a blob is
 *   never converted by a column's affinity).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    // No foreign keys: deleting a binder or deck must not delete the exports made from it.
    .addColumn('binder_id', 'text')
    .addColumn('deck_id', 'text')
    .addColumn('q', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer')
    .addColumn('size_bytes', 'bigint')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_attempt', 'integer')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('purged_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // GET /exports: a user's exports, newest first.
  await db.schema.createIndex('exports_user').on('exports').columns(['user_id', 'created_at', 'id']).execute();
  // Claiming: pending and running exports, oldest first.
  await db.schema.createIndex('exports_status').on('exports').columns(['status', 'created_at']).execute();
  // The expiry job: completed exports past their expiry whose file is still there.
  await db.schema.createIndex('exports_expiry').on('exports').columns(['expires_at']).execute();

  await db.schema
    .createTable('export_files')
    .addColumn('export_id', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('export_files_pk', ['export_id', 'attempt', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('export_files').execute();
  await db.schema.dropTable('exports').execute();
}
