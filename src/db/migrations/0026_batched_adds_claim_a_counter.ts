import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { VERSION_SHARDS } from './0019_collection_write_locks.js';
import { counterKey } from './0021_cheaper_collection_writes.js';
import { ADD_OR_MERGE_UNLESS_BUSY, TRY_LOCKS } from './0025_batched_adds_do_not_wait.js';
import { addOrMergeFunction } from './0024_merge_parameters_as_text.js';

/**
 * PostgreSQL: `ccs_add_or_merge_unless_busy` (migration 0025) also claims one of the user's
 * version counters before it writes, and answers busy when other writers hold all eight, so a
 * statement of several adds never waits for a counter either. Before, the bump that ends an add
 * fell back to waiting for its counter when all eight were held (0021), and it waited holding the
 * locks the statement's earlier adds had taken; past the statement timeout every add of the
 * statement failed with a 503 (found in review). With a counter held, the bump always finds one it
 * may take without waiting (its own: advisory locks are re-entrant), so it never reaches its
 * fallback.
 */
function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const CLAIM_A_COUNTER = `v_shard := NULL;
         FOR i IN 0..${VERSION_SHARDS - 1} LOOP
           IF pg_try_advisory_xact_lock(${counterKey('e.user_id', `(v_base + i) % ${VERSION_SHARDS}`)}) THEN
             v_shard := (v_base + i) % ${VERSION_SHARDS};
             EXIT;
           END IF;
         END LOOP;
         IF v_shard IS NULL THEN
           merged := NULL;
           entry := NULL;
           RETURN NEXT;
           RETURN;
         END IF;`;

export const ADD_OR_MERGE_UNLESS_BUSY_WITH_COUNTER = addOrMergeFunction(
  'ccs_add_or_merge_unless_busy',
  `${TRY_LOCKS}
         ${CLAIM_A_COUNTER}`,
).replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION');

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql.raw(ADD_OR_MERGE_UNLESS_BUSY_WITH_COUNTER).execute(db);
}

/** Back to 0025's text. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql.raw(ADD_OR_MERGE_UNLESS_BUSY.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION')).execute(db);
}
