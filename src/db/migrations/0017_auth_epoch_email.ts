import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The auth epoch also moves when a user's e-mail changes: a resolved credential now carries
 * the whole profile (id, username, e-mail, plan), and `GET /profile` answers from it, so
 * every process must see an e-mail change on its next request, as it sees a revocation.
 * E-mail changes are rare; collection writes (`collection_version`) still do not bump it.
 */
const BUMP = 'UPDATE auth_epoch SET epoch = epoch + 1 WHERE id = 1';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

async function replaceUsersTrigger(db: Kysely<unknown>, columns: string): Promise<void> {
  const event = `AFTER UPDATE OF ${columns} ON users`;
  if (isPostgres(db)) {
    await sql.raw('DROP TRIGGER IF EXISTS auth_epoch_users_update ON users').execute(db);
    await sql.raw(`CREATE TRIGGER auth_epoch_users_update ${event} FOR EACH ROW EXECUTE FUNCTION ccs_bump_auth_epoch()`).execute(db);
    return;
  }
  await sql.raw('DROP TRIGGER IF EXISTS auth_epoch_users_update').execute(db);
  await sql.raw(`CREATE TRIGGER auth_epoch_users_update ${event} FOR EACH ROW BEGIN ${BUMP}; END`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await replaceUsersTrigger(db, 'plan, username, id, email');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceUsersTrigger(db, 'plan, username, id');
}
