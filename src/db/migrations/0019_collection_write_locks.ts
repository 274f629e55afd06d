import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * PostgreSQL: a user's collection writes stop queueing on one row (issue 15).
 *
 * Until now every collection write began with `UPDATE users SET collection_version = ...`,
 * which both merged concurrent adds (the row lock) and retired cached pages (the bump), and
 * held that row lock for the whole transaction: one user's writes ran one at a time however
 * many processes served them. Here the two jobs part:
 *
 * - the lock becomes advisory and finer: adds take the owner's lock shared plus an exclusive
 *   lock per entry identity they merge into; writes that move many entries (patches, deletes,
 *   binder changes, imports) take the owner's lock exclusively. Adds of different cards run
 *   side by side; adds of one card merge one after another, as before.
 * - the version becomes the sum of a few counters per user, each bumped by the connections
 *   whose backend pid falls on it, so concurrent writers rarely touch one row. A sum read in
 *   one statement counts exactly the writes committed in its snapshot, which is all a cache
 *   key needs.
 *
 * `ccs_lock_collection` does both in one round trip, locks in a fixed order (owner, then
 * identity hashes ascending) so that no two writers can deadlock. SQLite writes one at a time
 * anyway and keeps `users.collection_version`.
 */
export const VERSION_SHARDS = 8;

/** `ccs_add_entry` as this migration creates it (migration 0021's down restores it). */
export const ADD_ENTRY = `CREATE FUNCTION ccs_add_entry(p_key text, p_entry jsonb, p_event jsonb) RETURNS SETOF collection_entries
   LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
   DECLARE e collection_entries := jsonb_populate_record(NULL::collection_entries, p_entry);
   BEGIN
     PERFORM ccs_lock_collection(e.user_id, false, ARRAY[p_key], false);
     RETURN QUERY SELECT * FROM collection_entries WHERE user_id = e.user_id AND card_id = e.card_id AND finish = e.finish
       AND condition = e.condition AND language = e.language AND binder_id IS NOT DISTINCT FROM e.binder_id;
     IF FOUND THEN RETURN; END IF;
     INSERT INTO collection_entries SELECT (e).*;
     INSERT INTO events SELECT * FROM jsonb_populate_record(NULL::events, p_event);
     PERFORM ccs_bump_collection(e.user_id);
   END $$`;

/** `ccs_merge_entry` as this migration creates it (likewise). */
export const MERGE_ENTRY = `CREATE FUNCTION ccs_merge_entry(p_key text, p_before jsonb, p_after jsonb, p_event jsonb) RETURNS boolean
   LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
   DECLARE
     b collection_entries := jsonb_populate_record(NULL::collection_entries, p_before);
     a collection_entries := jsonb_populate_record(NULL::collection_entries, p_after);
   BEGIN
     PERFORM ccs_lock_collection(b.user_id, false, ARRAY[p_key], false);
     UPDATE collection_entries AS c SET quantity = a.quantity, tags = a.tags, purchase_price = a.purchase_price, notes = a.notes, updated_at = a.updated_at
       WHERE c.id = b.id AND c.user_id = b.user_id AND (c.*)::collection_entries IS NOT DISTINCT FROM b;
     IF NOT FOUND THEN RETURN false; END IF;
     INSERT INTO events SELECT * FROM jsonb_populate_record(NULL::events, p_event);
     PERFORM ccs_bump_collection(b.user_id);
     RETURN true;
   END $$`;

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .createTable('collection_version_shards')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('collection_version_shards_pk', ['user_id', 'shard'])
    .execute();
  // Versions go on from where they were, so a process still running the old code keeps its keys apart.
  await sql`INSERT INTO collection_version_shards (user_id, shard, n) SELECT id, 0, collection_version FROM users WHERE collection_version > 0`.execute(db);
  await sql
    .raw(
      `CREATE FUNCTION ccs_bump_collection(p_user text) RETURNS void LANGUAGE sql SET search_path FROM CURRENT AS $$
         INSERT INTO collection_version_shards (user_id, shard, n) VALUES (p_user, pg_backend_pid() % ${VERSION_SHARDS}, 1)
         ON CONFLICT (user_id, shard) DO UPDATE SET n = collection_version_shards.n + 1
       $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION ccs_lock_collection(p_user text, p_exclusive boolean, p_keys text[], p_bump boolean) RETURNS void
       LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
       DECLARE k bigint;
       BEGIN
         IF p_exclusive THEN
           PERFORM pg_advisory_xact_lock(hashtextextended('ccs.collection:' || p_user, 0));
         ELSE
           PERFORM pg_advisory_xact_lock_shared(hashtextextended('ccs.collection:' || p_user, 0));
         END IF;
         FOR k IN SELECT DISTINCT hashtextextended('ccs.entry:' || p_user || ':' || x, 0) FROM unnest(p_keys) AS x ORDER BY 1 LOOP
           PERFORM pg_advisory_xact_lock(k);
         END LOOP;
         IF p_bump THEN
           PERFORM ccs_bump_collection(p_user);
         END IF;
       END $$`,
    )
    .execute(db);
  // An add's locks and its look-up of the entry it may merge into, in one round trip: the
  // look-up runs after the locks are held, with a snapshot of its own (a volatile function's
  // statements each take one), so it sees an add of the same card that committed meanwhile.
  await sql
    .raw(
      `CREATE FUNCTION ccs_lock_entry(p_user text, p_key text, p_card text, p_finish text, p_condition text, p_language text, p_binder text)
       RETURNS SETOF collection_entries LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
       BEGIN
         PERFORM ccs_lock_collection(p_user, false, ARRAY[p_key], true);
         IF p_binder IS NULL THEN
           RETURN QUERY SELECT * FROM collection_entries WHERE user_id = p_user AND card_id = p_card AND finish = p_finish
             AND condition = p_condition AND language = p_language AND binder_id IS NULL;
         ELSE
           RETURN QUERY SELECT * FROM collection_entries WHERE user_id = p_user AND card_id = p_card AND finish = p_finish
             AND condition = p_condition AND language = p_language AND binder_id = p_binder;
         END IF;
       END $$`,
    )
    .execute(db);
  // An add outside any transaction, in one statement (one round trip, no BEGIN or COMMIT): under
  // the add's locks, either the new entry and its event are written and nothing is answered,
  // or the entries it would merge into are answered and nothing is written. Rows travel as
  // JSON and are read by column name.
  await sql.raw(ADD_ENTRY).execute(db);
  // The merge that follows when ccs_add_entry answered an entry, also in one statement: it
  // writes only if the entry is still exactly as that answer read it (else false, and the
  // caller starts over), so a change in between is never overwritten.
  await sql.raw(MERGE_ENTRY).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP FUNCTION IF EXISTS ccs_merge_entry(text, jsonb, jsonb, jsonb)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS ccs_add_entry(text, jsonb, jsonb)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS ccs_lock_entry(text, text, text, text, text, text, text)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS ccs_lock_collection(text, boolean, text[], boolean)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS ccs_bump_collection(text)`.execute(db);
  await db.schema.dropTable('collection_version_shards').ifExists().execute();
}
