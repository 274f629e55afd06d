import type { Selectable } from 'kysely';
import { preparedQuery } from '../db/prepared.js';
import type { AccessTokenRecord } from '../auth/service.js';
import type { Executor, OAuthClientsTable, OAuthRecordsTable } from '../db/schema.js';

export type OAuthClientRow = Selectable<OAuthClientsTable>;
export type OAuthRecordRow = Selectable<OAuthRecordsTable>;


/** A grant the user gave, with the application it was given to. */
export interface GrantRow {
  grant_id: string;
  client_id: string;
  scope: string | null;
  created_at: string;
  last_used_at: string | null;
  name: string;
  homepage_url: string | null;
}

const CLIENT_COLUMNS = ['id', 'user_id', 'name', 'homepage_url', 'redirect_uris', 'type', 'secret_hash', 'secret_hint', 'created_at', 'updated_at'] as const;

// The per-request look-up of a `ccs_at_` bearer token: one primary-key read joined with its owner
// and its grant. The grant's own state decides too: a token saved just after its grant was
// revoked (a refresh racing a reuse of its refresh token, or the user's revocation, on
// PostgreSQL) was never marked revoked itself, and must not outlive the grant.
const accessTokenByHash = preparedQuery((db, hash: string) =>
  db
    .selectFrom('oauth_records as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('oauth_records as g', (join) => join.onRef('g.grant_id', '=', 'r.grant_id').on('g.model', '=', 'Grant'))
    .select([
      'r.user_id',
      'r.client_id',
      'r.grant_id',
      'r.scope',
      'r.expires_at',
      'r.revoked_at',
      'g.id as grant_record',
      'g.revoked_at as grant_revoked_at',
      'u.username',
      'u.email',
      'u.plan',
    ])
    .where('r.model', '=', 'AccessToken')
    .where('r.id', '=', hash),
);

/** `dialect`: where the owner lock needs SQL of its own (PostgreSQL row locks; SQLite's write transaction already serialises). */
export function createOAuthStore(db: Executor, dialect: 'sqlite' | 'postgres' = 'sqlite') {
  return {
    // ---- registered applications ----------------------------------------------------
    async insertClient(row: OAuthClientRow): Promise<void> {
      await db.insertInto('oauth_clients').values(row).execute();
    },
    async findClient(id: string): Promise<OAuthClientRow | undefined> {
      return db.selectFrom('oauth_clients').select(CLIENT_COLUMNS).where('id', '=', id).executeTakeFirst();
    },
    async findClients(ids: readonly string[]): Promise<OAuthClientRow[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('oauth_clients').select(CLIENT_COLUMNS).where('id', 'in', [...ids]).execute();
    },
    async listClients(userId: string): Promise<OAuthClientRow[]> {
      return db.selectFrom('oauth_clients').select(CLIENT_COLUMNS).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    },
    /** Holds the developer's row until the transaction ends, so two registrations count one after the other. */
    async lockOwner(userId: string): Promise<void> {
      if (dialect === 'postgres') await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
    },
    async countClients(userId: string): Promise<number> {
      const row = await db.selectFrom('oauth_clients').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async setClientSecret(id: string, secretHash: string, secretHint: string, at: string): Promise<void> {
      await db.updateTable('oauth_clients').set({ secret_hash: secretHash, secret_hint: secretHint, updated_at: at }).where('id', '=', id).execute();
    },
    async deleteClient(id: string): Promise<void> {
      await db.deleteFrom('oauth_clients').where('id', '=', id).execute();
    },

    // ---- the authorization server's artefacts ----------------------------------------
    /** Saves an artefact; a re-save replaces its payload but never un-consumes, un-revokes or forgets its last use. */
    async upsertRecord(row: OAuthRecordRow): Promise<void> {
      const changes = {
        payload: row.payload,
        grant_id: row.grant_id,
        user_id: row.user_id,
        client_id: row.client_id,
        uid: row.uid,
        scope: row.scope,
        expires_at: row.expires_at,
      };
      await db
        .insertInto('oauth_records')
        .values(row)
        .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(changes))
        .execute();
    },
    /** A live record (not revoked, not expired at `nowIso`) by its hashed id, or by its uid (sessions). */
    async findRecord(model: string, by: { id: string } | { uid: string }, nowIso: string): Promise<OAuthRecordRow | undefined> {
      let q = db.selectFrom('oauth_records').selectAll().where('model', '=', model);
      q = 'id' in by ? q.where('id', '=', by.id) : q.where('uid', '=', by.uid);
      return q
        .where('revoked_at', 'is', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso)]))
        .executeTakeFirst();
    },
    /** Marks a record used; false when it already was (or is gone), so a racing second use can be caught. */
    async consumeRecord(model: string, id: string, at: string): Promise<boolean> {
      const res = await db
        .updateTable('oauth_records')
        .set({ consumed_at: at })
        .where('model', '=', model)
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
    /** The grant a record belongs to, whatever its state. */
    async grantOf(model: string, id: string): Promise<string | null> {
      const row = await db.selectFrom('oauth_records').select('grant_id').where('model', '=', model).where('id', '=', id).executeTakeFirst();
      return row?.grant_id ?? null;
    },
    /** The grant of an access or refresh token issued to `clientId`, whatever its state. */
    async grantOfToken(id: string, clientId: string): Promise<string | null> {
      const row = await db
        .selectFrom('oauth_records')
        .select('grant_id')
        .where('model', 'in', ['AccessToken', 'RefreshToken'])
        .where('id', '=', id)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      return row?.grant_id ?? null;
    },
    async revokeRecord(model: string, id: string, at: string): Promise<void> {
      await db.updateTable('oauth_records').set({ revoked_at: at }).where('model', '=', model).where('id', '=', id).where('revoked_at', 'is', null).execute();
    },
    async deleteRecord(model: string, id: string): Promise<void> {
      await db.deleteFrom('oauth_records').where('model', '=', model).where('id', '=', id).execute();
    },
    /** Revokes a grant's records: of one model, or every model when `model` is undefined. */
    async revokeByGrant(grantId: string, at: string, model?: string): Promise<void> {
      let q = db.updateTable('oauth_records').set({ revoked_at: at }).where('grant_id', '=', grantId).where('revoked_at', 'is', null);
      if (model) q = q.where('model', '=', model);
      await q.execute();
    },
    /** Everything one user gave one application (grants and their tokens); the number of grants revoked. */
    async revokeForUserAndClient(userId: string, clientId: string, at: string): Promise<number> {
      const grants = await db
        .selectFrom('oauth_records')
        .select('grant_id')
        .where('model', '=', 'Grant')
        .where('user_id', '=', userId)
        .where('client_id', '=', clientId)
        .where('revoked_at', 'is', null)
        .execute();
      await db
        .updateTable('oauth_records')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('client_id', '=', clientId)
        .where('revoked_at', 'is', null)
        .execute();
      return grants.length;
    },
    /** Everything given to one application, by every user. */
    async revokeForClient(clientId: string, at: string): Promise<void> {
      await db.updateTable('oauth_records').set({ revoked_at: at }).where('client_id', '=', clientId).where('revoked_at', 'is', null).execute();
    },
    /** Drops records that expired before `beforeIso` (kept a while so an expired token still says so). */
    async purgeExpired(beforeIso: string): Promise<void> {
      await db.deleteFrom('oauth_records').where('expires_at', '<', beforeIso).execute();
    },
    async findAccessToken(hash: string): Promise<AccessTokenRecord | undefined> {
      // The join on users makes user_id non-null; the adapter writes client and grant ids for every token.
      return (await accessTokenByHash(db, hash))[0] as AccessTokenRecord | undefined;
    },
    /** The live grants of a user, newest first, with their applications. */
    async listGrants(userId: string, nowIso: string): Promise<GrantRow[]> {
      const rows = await db
        .selectFrom('oauth_records as r')
        .innerJoin('oauth_clients as c', 'c.id', 'r.client_id')
        .select(['r.grant_id', 'r.client_id', 'r.scope', 'r.created_at', 'r.last_used_at', 'c.name', 'c.homepage_url'])
        .where('r.model', '=', 'Grant')
        .where('r.user_id', '=', userId)
        .where('r.revoked_at', 'is', null)
        .where((eb) => eb.or([eb('r.expires_at', 'is', null), eb('r.expires_at', '>', nowIso)]))
        .orderBy('r.created_at', 'desc')
        .execute();
      // The query selects grants by client and grant id, so neither is null here; a row without them is skipped.
      return rows.flatMap((r) => (r.grant_id !== null && r.client_id !== null ? [{ ...r, grant_id: r.grant_id, client_id: r.client_id }] : []));
    },

    // ---- keys --------------------------------------------------------------------------
    /** Inserts a key unless one with that id exists; whoever came first wins, and everyone reads theirs. */
    async ensureKey(id: string, material: string, at: string): Promise<string> {
      await db
        .insertInto('oauth_keys')
        .values({ id, material, created_at: at })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      const row = await db.selectFrom('oauth_keys').select('material').where('id', '=', id).executeTakeFirstOrThrow();
      return row.material;
    },
  };
}

export type OAuthStore = ReturnType<typeof createOAuthStore>;
