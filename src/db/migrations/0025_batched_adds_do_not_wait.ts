import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { entryLock, ownerShared } from './0021_cheaper_collection_writes.js';
import { addOrMergeFunction } from './0024_merge_parameters_as_text.js';

/**
 * PostgreSQL: `ccs_add_or_merge_unless_busy`, the add of migration 0024 for the statements that
 * carry several adds (the adds of one turn of a process, `CollectionStore.addOrMergeMany`). It
 * tries the two locks instead of waiting for them: when another writer holds either (an import
 * or a patch of that user, another add of that identity), it writes nothing and answers one row
 * with `merged` and `entry` null, and the service sends that add alone, to wait as every add
 * did. So an add that would wait never holds up the other adds of its statement, nor the locks
 * they already took (other users' owner locks, counters), and a statement of several adds never
 * waits on a lock while holding others: it cannot deadlock with `ccs_lock_collection`, which
 * takes its identity locks in another order. (A statement may still wait for a version counter
 * when another writer holds all eight of that user's, 0021; a deadlock there is detected by
 * PostgreSQL and the statement's adds are sent again one at a time; migration 0026 removes that
 * wait.) The owner's lock is tried
 * first and, if taken, kept until commit even when the entry's is not: it is shared.
 */
function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function try_(lock: string): string {
  const tried = lock.replace(/^pg_advisory_xact_lock/, 'pg_try_advisory_xact_lock');
  if (tried === lock) throw new Error(`not an advisory lock call: ${lock}`);
  return tried;
}

// Two IFs, not one OR: the owner's lock must be tried first, and SQL does not fix the order in which OR's operands run.
export const TRY_LOCKS = `IF NOT ${try_(ownerShared('e.user_id'))} THEN
           merged := NULL;
           entry := NULL;
           RETURN NEXT;
           RETURN;
         END IF;
         IF NOT ${try_(entryLock('e.user_id'))} THEN
           merged := NULL;
           entry := NULL;
           RETURN NEXT;
           RETURN;
         END IF;`;

export const ADD_OR_MERGE_UNLESS_BUSY = addOrMergeFunction('ccs_add_or_merge_unless_busy', TRY_LOCKS);

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql.raw(ADD_OR_MERGE_UNLESS_BUSY).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP FUNCTION IF EXISTS ccs_add_or_merge_unless_busy(text, jsonb, text, text, text, text, text[], bigint, integer, text, text)`.execute(db);
}
