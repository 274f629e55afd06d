import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The auth epoch: one counter that every change able to invalidate a resolved credential
 * bumps, in the changing statement's own transaction, so each process's credential cache
 * (src/auth/credential-cache.ts) can tell with one cheap read that it is still current.
 *
 * Triggers, not calls in the services: they also catch the CLI in another process, an
 * operator's SQL (a plan changed or a user deleted by hand) and writes added later. They
 * fire only on what a Principal is made of: a key's revocation, scopes, owner or hash; an
 * access token's row (revocation, re-save, deletion); a user's username or plan (and, since
 * 0017, e-mail), or the user's deletion. Not on `last_used_at` (usage flushes) nor `collection_version`
 * (every collection write): those must not serialise on one row.
 */
const ON: Array<{ name: string; event: string; when?: string }> = [
  { name: 'api_keys_update', event: 'AFTER UPDATE OF revoked_at, scopes, user_id, hash ON api_keys' },
  { name: 'api_keys_delete', event: 'AFTER DELETE ON api_keys' },
  { name: 'users_update', event: 'AFTER UPDATE OF plan, username, id ON users' },
  { name: 'users_delete', event: 'AFTER DELETE ON users' },
  { name: 'oauth_tokens_update', event: 'AFTER UPDATE ON oauth_records', when: "OLD.model = 'AccessToken'" },
  { name: 'oauth_tokens_delete', event: 'AFTER DELETE ON oauth_records', when: "OLD.model = 'AccessToken'" },
];

const BUMP = 'UPDATE auth_epoch SET epoch = epoch + 1 WHERE id = 1';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_epoch')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('epoch', 'bigint', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO auth_epoch (id, epoch) VALUES (1, 0)`.execute(db);
  if (isPostgres(db)) {
    // `SET search_path FROM CURRENT`: the function finds this schema's table whoever calls it.
    await sql
      .raw(`CREATE FUNCTION ccs_bump_auth_epoch() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$ BEGIN ${BUMP}; RETURN NULL; END $$`)
      .execute(db);
    for (const t of ON) {
      await sql
        .raw(`CREATE TRIGGER auth_epoch_${t.name} ${t.event} FOR EACH ROW ${t.when ? `WHEN (${t.when}) ` : ''}EXECUTE FUNCTION ccs_bump_auth_epoch()`)
        .execute(db);
    }
    return;
  }
  for (const t of ON) {
    await sql.raw(`CREATE TRIGGER auth_epoch_${t.name} ${t.event} FOR EACH ROW ${t.when ? `WHEN ${t.when} ` : ''}BEGIN ${BUMP}; END`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  for (const t of ON) {
    const table = t.event.split(' ON ')[1];
    await sql.raw(postgres ? `DROP TRIGGER IF EXISTS auth_epoch_${t.name} ON ${table}` : `DROP TRIGGER IF EXISTS auth_epoch_${t.name}`).execute(db);
  }
  if (postgres) await sql`DROP FUNCTION IF EXISTS ccs_bump_auth_epoch()`.execute(db);
  await db.schema.dropTable('auth_epoch').execute();
}
