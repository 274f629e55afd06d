import type { Selectable } from 'kysely';
import type { Executor, UsersTable } from '../db/schema.js';

/** A user as accounts read it; the collection's version is the collection's business. */
export type UserRow = Omit<Selectable<UsersTable>, 'collection_version'>;

export function createUserStore(db: Executor) {
  return {
    async insert(row: UserRow): Promise<void> {
      await db.insertInto('users').values(row).execute();
    },
    async findByUsername(username: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'password_hash', 'plan', 'created_at', 'updated_at'])
        .where('username', '=', username)
        .executeTakeFirst();
    },
    async findByLogin(login: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'password_hash', 'plan', 'created_at', 'updated_at'])
        .where((eb) => eb.or([eb('username', '=', login), eb('email', '=', login.toLowerCase())]))
        .executeTakeFirst();
    },
    async findById(id: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'password_hash', 'plan', 'created_at', 'updated_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async exists(username: string, email: string): Promise<{ username: boolean; email: boolean }> {
      const rows = await db
        .selectFrom('users')
        .select(['username', 'email'])
        .where((eb) => eb.or([eb('username', '=', username), eb('email', '=', email)]))
        .execute();
      return { username: rows.some((r) => r.username === username), email: rows.some((r) => r.email === email) };
    },
    async updatePassword(id: string, hash: string, at: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: hash, updated_at: at }).where('id', '=', id).execute();
    },
    /** Marks the user's collection as changed so cached pages and totals are recomputed. */
    async bumpCollectionVersion(id: string): Promise<void> {
      await db
        .updateTable('users')
        .set((eb) => ({ collection_version: eb('collection_version', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
  };
}

export type UserStore = ReturnType<typeof createUserStore>;
