import type { Kysely } from 'kysely';

// The plan of a collection import while it is read: one row per entry it would create or
// grow, so a 100,000-row file's plan is never held in memory (docs/import-export.md). Rows
// live for one request; a crashed import's are swept by the next import.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('import_staging')
    .addColumn('import_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('card_id', 'text', (c) => c.notNull())
    .addColumn('finish', 'text', (c) => c.notNull())
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('binder_id', 'text')
    .addColumn('existing', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('purchase_price', 'text')
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('rows', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_staging_pk', ['import_id', 'key'])
    .execute();
  await db.schema.createIndex('import_staging_seq').on('import_staging').columns(['import_id', 'seq']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_staging').execute();
}
