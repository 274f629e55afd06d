import type { Kysely, Migration } from 'kysely';
import { oauthMigration } from './migrations/0009_oauth.js';

/**
 * One dialect-neutral migration set. Types are chosen to mean the same on SQLite
 * and PostgreSQL: text ids and timestamps, integer counts and cents.
 */
export const migrations: Record<string, Migration> = {
  '0001_core': {
    async up(db: Kysely<unknown>) {
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
    },
  },
  // Webhook subscriptions, deliveries (open batches, then sealed bodies), batch members and attempts.
  '0002_webhooks': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('webhook_subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('disabled_reason', 'text')
        .addColumn('disabled_at', 'text')
        .addColumn('disable_notified_at', 'text')
        .addColumn('quota_day', 'text')
        .addColumn('quota_used', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('dropped_today', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('dropped_total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webhook_subscriptions_user').on('webhook_subscriptions').columns(['user_id', 'status']).execute();

      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('subscription_id', 'text', (c) => c.notNull().references('webhook_subscriptions.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('event_count', 'integer', (c) => c.notNull())
        .addColumn('event_types', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('body_bytes', 'integer', (c) => c.notNull())
        .addColumn('signature', 'text')
        .addColumn('attempt_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text')
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('last_status_code', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('redelivery_of', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sealed_at', 'text')
        .addColumn('completed_at', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('webhook_deliveries_log').on('webhook_deliveries').columns(['subscription_id', 'id']).execute();
      await db.schema.createIndex('webhook_deliveries_sub_status').on('webhook_deliveries').columns(['subscription_id', 'status']).execute();
      await db.schema.createIndex('webhook_deliveries_created').on('webhook_deliveries').columns(['created_at']).execute();

      // The body lives apart from its delivery row: SQLite rewrites a whole row on every UPDATE,
      // and a delivery row is updated at claim and after each attempt while the body never changes.
      await db.schema
        .createTable('webhook_delivery_bodies')
        .addColumn('delivery_id', 'text', (c) => c.primaryKey().references('webhook_deliveries.id').onDelete('cascade'))
        .addColumn('body', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('webhook_batch_events')
        .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('webhook_batch_events_pk', ['delivery_id', 'position'])
        .execute();

      await db.schema
        .createTable('webhook_attempts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('attempted_at', 'text', (c) => c.notNull())
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('success', 'integer', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('response_body', 'text')
        .addColumn('response_truncated', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webhook_attempts_delivery').on('webhook_attempts').columns(['delivery_id', 'number']).execute();
    },
  },
  // Portal sign-in sessions; only a SHA-256 of the cookie's token is stored.
  '0006_portal_sessions': {
    async up(db: Kysely<unknown>) {
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
    },
  },
  // Deck listings: by last update, and a user's public decks.
  '0005_deck_indexes': {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('decks_user_updated').on('decks').columns(['user_id', 'updated_at', 'id']).execute();
      await db.schema.createIndex('decks_user_visibility').on('decks').columns(['user_id', 'visibility', 'created_at', 'id']).execute();
    },
  },
  // Card price history, price alerts, and the staging table card imports fill before swapping in.
  '0003_card_prices': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('card_prices')
        .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id'))
        .addColumn('finish', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('cents', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('card_prices_pk', ['card_id', 'finish', 'currency', 'date'])
        .execute();
      await db.schema.createIndex('card_prices_date').on('card_prices').columns(['date']).execute();

      await db.schema
        .createTable('price_alerts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id'))
        .addColumn('finish', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('direction', 'text', (c) => c.notNull())
        .addColumn('threshold', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('last_triggered_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('price_alerts_user').on('price_alerts').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('price_alerts_card').on('price_alerts').columns(['card_id']).execute();

      await db.schema
        .createTable('card_import_staging')
        .addColumn('import_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('oracle_id', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('set_code', 'text', (c) => c.notNull())
        .addColumn('set_name', 'text', (c) => c.notNull())
        .addColumn('set_type', 'text')
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
        .addPrimaryKeyConstraint('card_import_staging_pk', ['import_id', 'id'])
        .execute();
    },
  },
  // What the search index reads of each printing, stored by the importer so that index builds
  // never scan `cards` with its full JSON. Staging only holds rows of imports in progress, so
  // it is recreated with the new column rather than altered.
  '0007_card_search_facts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('card_facts')
        .addColumn('card_id', 'text', (c) => c.primaryKey().references('cards.id'))
        .addColumn('facts', 'text', (c) => c.notNull())
        .execute();
      await db.schema.dropTable('card_import_staging').execute();
      await db.schema
        .createTable('card_import_staging')
        .addColumn('import_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('oracle_id', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('set_code', 'text', (c) => c.notNull())
        .addColumn('set_name', 'text', (c) => c.notNull())
        .addColumn('set_type', 'text')
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
        .addColumn('facts', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('card_import_staging_pk', ['import_id', 'id'])
        .execute();
    },
  },
  '0008_drop_events_user': {
    // No query reads the outbox by user (the dispatcher reads by dispatched_at and id, the
    // purge by dispatched_at), while every collection write paid for this index: about a
    // quarter of SQLite's work per added entry, checkpoint included (docs/decisions.md).
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('events_user').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.createIndex('events_user').on('events').columns(['user_id', 'id']).execute();
    },
  },
  '0009_oauth': oauthMigration,
};
