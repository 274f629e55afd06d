import type { Kysely } from 'kysely';

// What the search index reads of each printing, stored by the importer so that index builds
// never scan `cards` with its full JSON. Staging only holds rows of imports in progress, so
// it is recreated with the new column rather than altered.
export async function up(db: Kysely<unknown>): Promise<void> {
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
}
