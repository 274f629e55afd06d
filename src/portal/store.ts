import type { Selectable } from 'kysely';
import type { Executor, PortalSessionsTable, UsersTable } from '../db/schema.js';

export type SessionRow = Selectable<PortalSessionsTable>;

/** A live session with the account it signs in. */
export type ActiveSessionRow = Pick<SessionRow, 'id' | 'user_id' | 'created_at' | 'last_seen_at' | 'expires_at'> &
  Pick<Selectable<UsersTable>, 'username' | 'email' | 'plan'>;

export function createPortalSessionStore(db: Executor) {
  return {
    async insert(row: SessionRow): Promise<void> {
      await db.insertInto('portal_sessions').values(row).execute();
    },
    /** One indexed lookup per portal request, joined with the user it signs in. */
    async findActive(tokenHash: string, nowIso: string): Promise<ActiveSessionRow | undefined> {
      return db
        .selectFrom('portal_sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.id', 's.user_id', 's.created_at', 's.last_seen_at', 's.expires_at', 'u.username', 'u.email', 'u.plan'])
        .where('s.token_hash', '=', tokenHash)
        .where('s.expires_at', '>', nowIso)
        .executeTakeFirst();
    },
    async touch(id: string, lastSeenAt: string, expiresAt: string): Promise<void> {
      await db.updateTable('portal_sessions').set({ last_seen_at: lastSeenAt, expires_at: expiresAt }).where('id', '=', id).execute();
    },
    async deleteByHash(tokenHash: string): Promise<void> {
      await db.deleteFrom('portal_sessions').where('token_hash', '=', tokenHash).execute();
    },
    async deleteOthers(userId: string, keepId: string): Promise<void> {
      await db.deleteFrom('portal_sessions').where('user_id', '=', userId).where('id', '!=', keepId).execute();
    },
    async deleteExpired(nowIso: string): Promise<void> {
      await db.deleteFrom('portal_sessions').where('expires_at', '<=', nowIso).execute();
    },
  };
}

export type PortalSessionStore = ReturnType<typeof createPortalSessionStore>;
