import type { Selectable } from 'kysely';
import { preparedQuery } from '../db/prepared.js';
import type { Executor, UsersTable } from '../db/schema.js';

/** A user as accounts read it; the collection's version is the collection's business. */
export type UserRow = Omit<Selectable<UsersTable>, 'collection_version'>;

/**
 * Usernames compare without regard to case (unique index on `lower(username)`, migration 0012);
 * they are ASCII letters, digits, `_` and `-`, so SQL's `lower` and JavaScript's agree.
 */
// Read on every GET /profile: compiled once (building a Kysely query costs more than SQLite's answer).
const userById = preparedQuery((db, id: string) =>
  db.selectFrom('users').select(['id', 'username', 'email', 'password_hash', 'plan', 'created_at', 'updated_at']).where('id', '=', id),
);

export function createUserStore(db: Executor) {
  return {
    /** False when the username (in any case) or e-mail was taken meanwhile: a unique index refused the row. */
    async insert(row: UserRow): Promise<boolean> {
      try {
        await db.insertInto('users').values(row).execute();
        return true;
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') return false;
        throw err;
      }
    },
    async any(): Promise<boolean> {
      return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
    },
    async findByUsername(username: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'password_hash', 'plan', 'created_at', 'updated_at'])
        .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
        .executeTakeFirst();
    },
    async findByLogin(login: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'password_hash', 'plan', 'created_at', 'updated_at'])
        .where((eb) => eb.or([eb(eb.fn('lower', ['username']), '=', login.toLowerCase()), eb('email', '=', login.toLowerCase())]))
        .executeTakeFirst();
    },
    async findById(id: string): Promise<UserRow | undefined> {
      return (await userById(db, id))[0];
    },
    async exists(username: string, email: string): Promise<{ username: boolean; email: boolean }> {
      const rows = await db
        .selectFrom('users')
        .select(['username', 'email'])
        .where((eb) => eb.or([eb(eb.fn('lower', ['username']), '=', username.toLowerCase()), eb('email', '=', email)]))
        .execute();
      return { username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()), email: rows.some((r) => r.email === email) };
    },
    async updatePassword(id: string, hash: string, at: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: hash, updated_at: at }).where('id', '=', id).execute();
    },
  };
}

export type UserStore = ReturnType<typeof createUserStore>;
