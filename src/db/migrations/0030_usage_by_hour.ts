import type { Kysely } from 'kysely';

/**
 * Usage counts past their retention are deleted oldest hour first (`usage-retention`): an index
 * on the hour alone, since the primary key and `api_usage_user_hour` lead with other columns.
 * Only an index: a process of the previous release writes and reads `api_usage` as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('api_usage_hour').on('api_usage').column('hour').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('api_usage_hour').execute();
}
