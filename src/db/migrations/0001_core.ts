import type { Kysely } from 'kysely';

// Accounts and keys, the card database, collections, binders and decks, the event outbox and API usage.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull().defaultTo('free'))
    .addColumn('collection_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('display_prefix', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_user').on('api_keys').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('oracle_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('set_code', 'text', (c) => c.notNull())
    .addColumn('set_name', 'text', (c) => c.notNull())
    .addColumn('collector_number', 'text', (c) => c.notNull())
    .addColumn('rarity', 'text', (c) => c.notNull())
    .addColumn('layout', 'text', (c) => c.notNull())
    .addColumn('released_at', 'text')
    .addColumn('finishes', 'text', (c) => c.notNull())
    .addColumn('price_usd', 'integer')
    .addColumn('price_usd_foil', 'integer')
    .addColumn('price_usd_etched', 'integer')
    .addColumn('price_eur', 'integer')
    .addColumn('price_eur_foil', 'integer')
    .addColumn('price_tix', 'integer')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cards_oracle').on('cards').column('oracle_id').execute();
  await db.schema.createIndex('cards_name').on('cards').column('name').execute();
  await db.schema.createIndex('cards_set').on('cards').columns(['set_code', 'collector_number']).execute();

  await db.schema
    .createTable('rulings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('oracle_id', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rulings_oracle').on('rulings').columns(['oracle_id', 'published_at']).execute();

  await db.schema
    .createTable('sets')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('set_type', 'text')
    .addColumn('released_at', 'text')
    .addColumn('card_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('icon_svg_uri', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('binders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('binders_user').on('binders').columns(['user_id', 'position']).execute();

  await db.schema
    .createTable('collection_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('finish', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('binder_id', 'text', (c) => c.references('binders.id').onDelete('set null'))
    .addColumn('purchase_price', 'integer')
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('notes', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('entries_user_added').on('collection_entries').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('entries_identity')
    .on('collection_entries')
    .columns(['user_id', 'card_id', 'finish', 'condition', 'language', 'binder_id'])
    .execute();
  await db.schema.createIndex('entries_binder').on('collection_entries').columns(['binder_id']).execute();

  await db.schema
    .createTable('decks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('decks_user').on('decks').columns(['user_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('deck_cards')
    .addColumn('deck_id', 'text', (c) => c.notNull().references('decks.id').onDelete('cascade'))
    .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id'))
    .addColumn('board', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('deck_cards_pk', ['deck_id', 'board', 'card_id'])
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('dispatched_at', 'text')
    .execute();
  await db.schema.createIndex('events_undispatched').on('events').columns(['dispatched_at', 'id']).execute();
  await db.schema.createIndex('events_user').on('events').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('api_usage')
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('status_class', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_usage_pk', ['key_id', 'hour', 'route', 'status_class'])
    .execute();
  await db.schema.createIndex('api_usage_user_hour').on('api_usage').columns(['user_id', 'hour']).execute();
}
