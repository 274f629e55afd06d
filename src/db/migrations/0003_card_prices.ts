import type { Kysely } from 'kysely';

// Card price history, price alerts, and the staging table card imports fill before swapping in.
export async function up(db: Kysely<unknown>): Promise<void> {
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
}
