import type { Kysely } from 'kysely';

// Deck listings: by last update, and a user's public decks.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('decks_user_updated').on('decks').columns(['user_id', 'updated_at', 'id']).execute();
  await db.schema.createIndex('decks_user_visibility').on('decks').columns(['user_id', 'visibility', 'created_at', 'id']).execute();
}
