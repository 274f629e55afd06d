import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { ADD_ENTRY, MERGE_ENTRY, VERSION_SHARDS } from './0019_collection_write_locks.js';
import { BUMP_SKIP_LOCKED } from './0020_version_shards_skip_locked.js';

/**
 * PostgreSQL: the same locks and counters as migrations 0019 and 0020, at less of the
 * database's CPU a write (issue 15: on the 16-core machine PostgreSQL's four cores ran out at
 * ~6,600 POSTs/s while the API processes idled a quarter of the time).
 *
 * - A counter is claimed with an advisory lock instead of a row lock. `SELECT ... FOR UPDATE
 *   SKIP LOCKED` wrote a lock into the row (a WAL record and a dirtied page) and the UPDATE then
 *   wrote it again; now the first of the user's eight counters whose advisory lock
 *   (`ccs.version:<user>`, key = counter) is free is taken, a lock table entry only, and updated
 *   once. Every bump claims its counter this way, so an UPDATE never waits on a row another
 *   bump holds; only when all eight are held does a bump wait, on its pid's counter. A
 *   transaction that bumps twice finds its own lock free (advisory locks are re-entrant), so it
 *   never waits on itself.
 * - The one-statement add and merge take their two locks (the owner's, shared; the entry
 *   identity's, exclusive) inline, without `ccs_lock_collection`'s set-returning loop: the same
 *   lock keys in the same order, so they exclude and are excluded by every other writer as before.
 *   They bump inline too, instead of calling `ccs_bump_collection`.
 * - These three functions no longer carry `SET search_path FROM CURRENT`: a function with a SET
 *   clause saves and restores the setting on every call (~40 µs of the server's CPU a call on
 *   the developers' 2-core machine, measured with pgbench). They resolve their tables through the
 *   caller's search_path, as every other statement of the service does (the service's
 *   connections set it to their schema, `src/db/database.ts`); `ccs_bump_collection` is only
 *   called from `ccs_lock_collection`, which keeps its clause.
 */
function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

// Two PERFORMs, not one with two calls: the owner's lock must come first (the order every
// writer takes its locks in), and a select list's evaluation order is not documented.
export const ownerShared = (user: string) => `pg_advisory_xact_lock_shared(hashtextextended('ccs.collection:' || ${user}, 0))`;
export const entryLock = (user: string) => `pg_advisory_xact_lock(hashtextextended('ccs.entry:' || ${user} || ':' || p_key, 0))`;

/** The advisory lock key of `user`'s counter `shard` (shared with migration 0026's claim, which must take the very same locks). */
export const counterKey = (user: string, shard: string) => `hashtextextended('ccs.version:' || ${user}, ${shard})`;

/** The bump's variables, declared by every function that runs `bump`. */
export const bumpVariables = `v_base integer := pg_backend_pid() % ${VERSION_SHARDS};
         v_shard integer;
         v_bumped boolean := false;`;

/** Adds one to the first of `user`'s counters whose advisory lock is free (see above). */
export const bump = (user: string) => `FOR i IN 0..${VERSION_SHARDS - 1} LOOP
           v_shard := (v_base + i) % ${VERSION_SHARDS};
           IF pg_try_advisory_xact_lock(${counterKey(user, 'v_shard')}) THEN
             UPDATE collection_version_shards SET n = n + 1 WHERE user_id = ${user} AND shard = v_shard;
             v_bumped := FOUND;
             IF NOT v_bumped THEN
               INSERT INTO collection_version_shards (user_id, shard, n) VALUES (${user}, v_shard, 1)
                 ON CONFLICT (user_id, shard) DO UPDATE SET n = collection_version_shards.n + 1;
               v_bumped := true;
             END IF;
             EXIT;
           END IF;
         END LOOP;
         IF NOT v_bumped THEN
           PERFORM pg_advisory_xact_lock(${counterKey(user, 'v_base')});
           INSERT INTO collection_version_shards (user_id, shard, n) VALUES (${user}, v_base, 1)
             ON CONFLICT (user_id, shard) DO UPDATE SET n = collection_version_shards.n + 1;
         END IF;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION ccs_bump_collection(p_user text) RETURNS void LANGUAGE plpgsql AS $$
       DECLARE
         ${bumpVariables}
       BEGIN
         ${bump('p_user')}
       END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION ccs_add_entry(p_key text, p_entry jsonb, p_event jsonb) RETURNS SETOF collection_entries
       LANGUAGE plpgsql AS $$
       DECLARE
         e collection_entries := jsonb_populate_record(NULL::collection_entries, p_entry);
         ${bumpVariables}
       BEGIN
         PERFORM ${ownerShared('e.user_id')};
         PERFORM ${entryLock('e.user_id')};
         RETURN QUERY SELECT * FROM collection_entries WHERE user_id = e.user_id AND card_id = e.card_id AND finish = e.finish
           AND condition = e.condition AND language = e.language AND binder_id IS NOT DISTINCT FROM e.binder_id;
         IF FOUND THEN RETURN; END IF;
         INSERT INTO collection_entries SELECT (e).*;
         INSERT INTO events SELECT * FROM jsonb_populate_record(NULL::events, p_event);
         ${bump('e.user_id')}
       END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION ccs_merge_entry(p_key text, p_before jsonb, p_after jsonb, p_event jsonb) RETURNS boolean
       LANGUAGE plpgsql AS $$
       DECLARE
         b collection_entries := jsonb_populate_record(NULL::collection_entries, p_before);
         a collection_entries := jsonb_populate_record(NULL::collection_entries, p_after);
         ${bumpVariables}
       BEGIN
         PERFORM ${ownerShared('b.user_id')};
         PERFORM ${entryLock('b.user_id')};
         UPDATE collection_entries AS c SET quantity = a.quantity, tags = a.tags, purchase_price = a.purchase_price, notes = a.notes, updated_at = a.updated_at
           WHERE c.id = b.id AND c.user_id = b.user_id AND (c.*)::collection_entries IS NOT DISTINCT FROM b;
         IF NOT FOUND THEN RETURN false; END IF;
         INSERT INTO events SELECT * FROM jsonb_populate_record(NULL::events, p_event);
         ${bump('b.user_id')}
         RETURN true;
       END $$`,
    )
    .execute(db);
}

/** Back to migration 0020's counter claim and 0019's add and merge. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql.raw(BUMP_SKIP_LOCKED).execute(db);
  for (const f of [ADD_ENTRY, MERGE_ENTRY]) await sql.raw(f.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION')).execute(db);
}
