import { preparedQuery } from '../db/prepared.js';
import { oneInFlight } from '../lib/one-in-flight.js';
import { turnShared } from '../lib/turn-window.js';
import type { Selectable } from 'kysely';
import type { ApiKeysTable, Executor, UsersTable } from '../db/schema.js';

export type ApiKeyRow = Selectable<ApiKeysTable>;

/** A key with what a request needs of its owner. */
export type CredentialRow = Pick<ApiKeyRow, 'id' | 'user_id' | 'scopes' | 'revoked_at'> &
  Pick<Selectable<UsersTable>, 'username' | 'email' | 'plan'>;

const LISTED = ['id', 'user_id', 'name', 'scopes', 'display_prefix', 'hash', 'created_at', 'last_used_at', 'revoked_at'] as const;

const credentialByHash = preparedQuery((db, hash: string) =>
  db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select(['k.id', 'k.user_id', 'k.scopes', 'k.revoked_at', 'u.username', 'u.email', 'u.plan'])
    .where('k.hash', '=', hash),
);

/** `dialect`: where the owner lock needs SQL of its own (PostgreSQL row locks; SQLite's write transaction already serialises). */
export function createApiKeyStore(db: Executor, dialect: 'sqlite' | 'postgres' = 'sqlite') {
  return {
    async insert(row: ApiKeyRow): Promise<void> {
      await db.insertInto('api_keys').values(row).execute();
    },
    /** The hot path of every request: one indexed lookup by hash, joined with its owner. */
    async findCredentialByHash(hash: string): Promise<CredentialRow | undefined> {
      return (await credentialByHash(db, hash))[0];
    },
    async listByUser(userId: string): Promise<ApiKeyRow[]> {
      return db.selectFrom('api_keys').select(LISTED).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    },
    async findById(id: string): Promise<ApiKeyRow | undefined> {
      return db.selectFrom('api_keys').select(LISTED).where('id', '=', id).executeTakeFirst();
    },
    /** Keys not revoked: the ones that count against the account's cap. */
    async countActive(userId: string): Promise<number> {
      const row = await db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /**
     * Inside a write transaction: holds the owner's row so two creates cannot both pass the cap
     * (PostgreSQL). FOR NO KEY UPDATE serialises the creates as FOR UPDATE did, without blocking
     * the foreign-key checks (FOR KEY SHARE) of the user's other writes meanwhile.
     */
    async lockOwner(userId: string): Promise<void> {
      if (dialect === 'postgres') await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
    },
    async revoke(id: string, at: string): Promise<boolean> {
      const res = await db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
  };
}

export type ApiKeyStore = ReturnType<typeof createApiKeyStore>;

const authEpoch = preparedQuery((db) => db.selectFrom('auth_epoch').select('epoch').where('id', '=', 1));

/** The auth epoch as a request reads it: a number, or a promise of one where a round trip is needed. */
export interface AuthEpochReader {
  current(): number | Promise<number>;
}

/**
 * The epoch is read at most once per event-loop turn: the requests one turn serves share the
 * read (`lib/turn-window.ts` says when that is correct and where it is not).
 * SQLite: a synchronous one-row read on the process's connection, which sees its own commits
 * and other processes' alike (outside a write transaction; inside one it waits for the
 * commit, so it never sees a bump that may yet roll back). PostgreSQL: one round trip,
 * shared as a promise.
 */
export function createAuthEpochReader(database: { db: Executor }): AuthEpochReader {
  const shared = turnShared<0, number | Promise<number>>();
  // A round trip is made once at a time (lib/one-in-flight.ts): turns that arrive while one is
  // under way share the next, so reads stay at one per round trip however short the turns.
  const roundTrip = oneInFlight(() => authEpoch(database.db).then((r) => Number(r[0]?.epoch)));
  const read = (): number | Promise<number> => {
    const rows = authEpoch.now(database.db);
    return rows ? Number(rows[0]?.epoch) : roundTrip();
  };
  return {
    current: () => shared.get(0, read),
  };
}
