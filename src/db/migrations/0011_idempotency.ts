import type { Kysely } from 'kysely';

/**
 * Idempotency keys (contract section 1, docs/api-notes.md "Idempotency-Key"): one row per
 * (user, key). The primary key is what decides a race between two processes: the first
 * INSERT wins and runs the request, the others find its row. `state` is `running` until the
 * response is stored (`completed`), then the row replays it; `lock_token` names the request
 * that holds a running key, so only it may complete or release it. Rows go 24 h after
 * `created_at` (the `idempotency-purge` job), found through the `created_at` index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('lock_token', 'text')
    .addColumn('locked_at', 'text')
    .addColumn('status_code', 'integer')
    .addColumn('response_headers', 'text')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').columns(['created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
