import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { ADD_OR_MERGE } from './0024_merge_parameters_as_text.js';
import { ADD_OR_MERGE_UNLESS_BUSY_WITH_COUNTER } from './0026_batched_adds_claim_a_counter.js';

/**
 * PostgreSQL: `ccs_add_or_merge` and `ccs_add_or_merge_unless_busy` merge an add into its entry
 * only when the entry was last changed before the add's own time (its `updated_at`); otherwise
 * they answer the entry unmerged, as for a merge they cannot make, and the service merges it
 * stamped no earlier than that change, with an event id made after reading it (`mergeAlone`).
 * In the same millisecond, the add's event id (made before the statement waited) would sort
 * before the change it merged after. An entry this statement's own transaction wrote (an earlier
 * add of the same batch, `addOrMergeMany`) is merged as before: those adds' events were made in
 * the order the statement applies them. An add's event and `updated_at` are
 * stamped before the statement waits for its locks, so two adds of one card racing wrote their
 * events in the opposite order to the merges: the last event by time said 31 copies where the
 * entry held 40 (found by the resources audit). Processes of the previous release calling these
 * functions are served as before, bar the extra unmerged answers, which they already handle.
 */
function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const MERGE_CONDITION = 'IF p_parts IS NULL OR v_quantity > p_max';

function onlyIntoOlder(fn: string): string {
  if (!fn.includes(MERGE_CONDITION)) throw new Error('migration 0029: the merge condition is not in the function text');
  return fn.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION').replace(MERGE_CONDITION, `${MERGE_CONDITION}
           OR (x.updated_at >= e.updated_at AND NOT EXISTS (SELECT 1 FROM collection_entries c WHERE c.id = x.id AND c.xmin = pg_current_xact_id()::xid))`);
}

export const ADD_OR_MERGE_INTO_OLDER = onlyIntoOlder(ADD_OR_MERGE);
export const ADD_OR_MERGE_UNLESS_BUSY_INTO_OLDER = onlyIntoOlder(ADD_OR_MERGE_UNLESS_BUSY_WITH_COUNTER);

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql.raw(ADD_OR_MERGE_INTO_OLDER).execute(db);
  await sql.raw(ADD_OR_MERGE_UNLESS_BUSY_INTO_OLDER).execute(db);
}

/** Back to the texts of 0024 and 0026. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql.raw(ADD_OR_MERGE.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION')).execute(db);
  await sql.raw(ADD_OR_MERGE_UNLESS_BUSY_WITH_COUNTER).execute(db);
}
