import type { Kysely } from 'kysely';

// No query reads the outbox by user (the dispatcher reads by dispatched_at and id, the
// purge by dispatched_at), while every collection write paid for this index: about a
// quarter of SQLite's work per added entry, checkpoint included (docs/decisions.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('events_user').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('events_user').on('events').columns(['user_id', 'id']).execute();
}
