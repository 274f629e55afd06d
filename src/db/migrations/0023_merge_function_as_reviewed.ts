import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { MERGING_FUNCTION } from './0022_one_statement_merge.js';

/**
 * PostgreSQL: `ccs_add_entry_merging` as migration 0022 now defines it. 0022's text changed after
 * it was first committed (`ffcef62`; reviewed in `1b2c7cd`): the merge also declines when the row
 * changed between its read and its update, takes its template pieces in their order
 * (`WITH ORDINALITY`), and dollar-quotes its tags pattern. A database that ran the first text has
 * 0022 recorded and would keep the old function; this replaces it. On a database that ran the
 * current 0022 it writes the same definition again.
 */
function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql.raw(MERGING_FUNCTION).execute(db);
}

// Nothing to undo: 0022's down drops the function.
export async function down(): Promise<void> {}
