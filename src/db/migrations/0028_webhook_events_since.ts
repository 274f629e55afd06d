import { type Kysely, sql } from 'kysely';

/**
 * The time from which a subscription takes events: its creation, then each re-enable. Fan-out
 * matches events against subscriptions as they are when it runs, which may be long after the
 * events (a lagging or stopped dispatcher): without this a new subscription got events from
 * before it existed, and a re-enabled one the events of the time it was disabled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_subscriptions').addColumn('events_since', 'text').execute();
  await sql`UPDATE webhook_subscriptions SET events_since = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_subscriptions').dropColumn('events_since').execute();
}
