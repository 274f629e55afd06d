import { type Kysely, sql } from 'kysely';

/**
 * The date of the import that set each printing's current prices (its `--as-of`), which
 * `GET /cards/{id}/prices` answers as `as_of`. It cannot be read back from `card_prices`:
 * the last import sets the prices whatever its date, so after a back-dated import the
 * latest point is not the current price's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('card_prices_as_of')
    .addColumn('card_id', 'text', (c) => c.primaryKey().references('cards.id'))
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();
  // Imports before this one left no record; the latest point is right unless one was back-dated.
  await sql`INSERT INTO card_prices_as_of (card_id, date) SELECT card_id, MAX(date) FROM card_prices GROUP BY card_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('card_prices_as_of').execute();
}
