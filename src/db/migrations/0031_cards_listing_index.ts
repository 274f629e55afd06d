import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * SQLite only: the columns a collection listing sorts and totals by (name, set and number, the
 * three USD prices), by card id, in an index. SQLite keeps a card's Scryfall JSON in its row, so
 * every card of a 60,000-entry collection read for a total or a sort touched a page of the 1 GB
 * table; the index answers the same in a few MB (totals 120 -> 35 ms there, an order of every
 * entry 160 -> 75 ms). PostgreSQL moves the JSON out of line (TOAST), so its rows are narrow
 * already and it gets nothing. Only an index: the previous release reads and writes as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await db.schema
    .createIndex('cards_listing')
    .on('cards')
    .columns(['id', 'name', 'set_code', 'collector_number', 'price_usd', 'price_usd_foil', 'price_usd_etched'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await db.schema.dropIndex('cards_listing').execute();
}
