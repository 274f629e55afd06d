import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { VERSION_SHARDS } from './0019_collection_write_locks.js';

/**
 * PostgreSQL: a collection write never waits on a version counter another transaction holds.
 *
 * Migration 0019 bumped the counter picked by the backend's pid, so two writers of one user
 * whose pids fell on the same counter waited for each other's commit: briefly for a one-statement
 * add, for the whole of a longer transaction (an add into a binder, a small batch, a patch)
 * otherwise, one time in eight. Now every user has all eight counters from the start (a trigger
 * on `users`, and existing users filled in here), and a bump takes the first counter no other
 * transaction holds, starting at its pid's (`FOR UPDATE SKIP LOCKED`). Only when all eight are
 * held (nine writers of one user in transactions at once) does it wait, on its pid's counter.
 * The version (their sum) is unchanged: new counters start at 0.
 */
function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** `ccs_bump_collection` as this migration defines it (migration 0021's down restores it). */
export const BUMP_SKIP_LOCKED = `CREATE OR REPLACE FUNCTION ccs_bump_collection(p_user text) RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
   DECLARE s integer;
   BEGIN
     SELECT shard INTO s FROM collection_version_shards WHERE user_id = p_user
       ORDER BY (shard + ${VERSION_SHARDS} - pg_backend_pid() % ${VERSION_SHARDS}) % ${VERSION_SHARDS}
       FOR UPDATE SKIP LOCKED LIMIT 1;
     IF FOUND THEN
       UPDATE collection_version_shards SET n = n + 1 WHERE user_id = p_user AND shard = s;
     ELSE
       INSERT INTO collection_version_shards (user_id, shard, n) VALUES (p_user, pg_backend_pid() % ${VERSION_SHARDS}, 1)
         ON CONFLICT (user_id, shard) DO UPDATE SET n = collection_version_shards.n + 1;
     END IF;
   END $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql
    .raw(
      `INSERT INTO collection_version_shards (user_id, shard, n)
       SELECT u.id, s, 0 FROM users u CROSS JOIN generate_series(0, ${VERSION_SHARDS - 1}) AS s
       ON CONFLICT (user_id, shard) DO NOTHING`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION ccs_user_version_shards() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
       BEGIN
         INSERT INTO collection_version_shards (user_id, shard, n)
           SELECT NEW.id, s, 0 FROM generate_series(0, ${VERSION_SHARDS - 1}) AS s
           ON CONFLICT (user_id, shard) DO NOTHING;
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  await sql.raw('CREATE TRIGGER ccs_user_version_shards AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION ccs_user_version_shards()').execute(db);
  await sql.raw(BUMP_SKIP_LOCKED).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql.raw('DROP TRIGGER IF EXISTS ccs_user_version_shards ON users').execute(db);
  await sql.raw('DROP FUNCTION IF EXISTS ccs_user_version_shards()').execute(db);
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION ccs_bump_collection(p_user text) RETURNS void LANGUAGE sql SET search_path FROM CURRENT AS $$
         INSERT INTO collection_version_shards (user_id, shard, n) VALUES (p_user, pg_backend_pid() % ${VERSION_SHARDS}, 1)
         ON CONFLICT (user_id, shard) DO UPDATE SET n = collection_version_shards.n + 1
       $$`,
    )
    .execute(db);
}
