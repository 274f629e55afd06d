import type { Kysely } from 'kysely';

// Portal sign-in sessions; only a SHA-256 of the cookie's token is stored.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('portal_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('portal_sessions_user').on('portal_sessions').columns(['user_id']).execute();
  await db.schema.createIndex('portal_sessions_expiry').on('portal_sessions').columns(['expires_at']).execute();
}
