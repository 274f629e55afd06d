import { sql } from 'kysely';
import type { Executor } from '../db/schema.js';

export interface UsageBucket {
  /** The API key, or the OAuth grant, the requests were made with. */
  keyId: string;
  userId: string;
  /** The OAuth application; null for API keys. */
  applicationId: string | null;
  hour: string;
  route: string;
  statusClass: string;
  count: number;
}

export interface UsageFilter {
  userId: string;
  fromHour: string;
  toHour: string;
  keyId?: string;
  applicationId?: string;
  /** Only requests made with API keys, or only those of OAuth applications. */
  via?: 'api_key' | 'oauth';
}

export function createUsageStore(db: Executor) {
  return {
    /**
     * Deletes the counts of hours before `cutoff`, starting from the oldest and at most one day
     * of hours a statement, so a long backlog never holds the write lock for long. Answers the
     * rows deleted; 0 when nothing is older.
     */
    async purgeOldestDayBefore(cutoff: string): Promise<number> {
      const oldest = await db.selectFrom('api_usage').select((eb) => eb.fn.min('hour').as('hour')).executeTakeFirst();
      if (!oldest?.hour || oldest.hour >= cutoff) return 0;
      const dayLater = new Date(Date.parse(oldest.hour) + 24 * 3600_000).toISOString();
      const until = dayLater < cutoff ? dayLater : cutoff;
      const res = await db.deleteFrom('api_usage').where('hour', '<', until).executeTakeFirst();
      return Number(res.numDeletedRows);
    },

    async addCounts(buckets: UsageBucket[]): Promise<void> {
      for (let i = 0; i < buckets.length; i += 200) {
        const rows = buckets.slice(i, i + 200).map((b) => ({
          key_id: b.keyId,
          user_id: b.userId,
          hour: b.hour,
          route: b.route,
          status_class: b.statusClass,
          count: b.count,
          application_id: b.applicationId,
        }));
        await db
          .insertInto('api_usage')
          .values(rows)
          .onConflict((oc) => oc.columns(['key_id', 'hour', 'route', 'status_class']).doUpdateSet({ count: sql`api_usage.count + excluded.count` }))
          .execute();
      }
    },
    /** Which of these users still exist: counts of a deleted one went with the account (ON DELETE CASCADE). */
    async existingUsers(ids: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await db.selectFrom('users').select('id').where('id', 'in', ids.slice(i, i + 500)).execute();
        for (const r of rows) found.add(r.id);
      }
      return found;
    },
    async touchLastUsed(keyId: string, at: string): Promise<void> {
      await db
        .updateTable('api_keys')
        .set({ last_used_at: at })
        .where('id', '=', keyId)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
        .execute();
    },
    /** An OAuth grant's last use, shown per application under "Authorized apps". */
    async touchGrant(grantId: string, at: string): Promise<void> {
      await db
        .updateTable('oauth_records')
        .set({ last_used_at: at })
        .where('model', '=', 'Grant')
        .where('grant_id', '=', grantId)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
        .execute();
    },
    async listForUser(userId: string, fromHour: string, toHour: string, keyId?: string) {
      let q = db
        .selectFrom('api_usage')
        .select(['key_id', 'hour', 'route', 'status_class', 'count'])
        .where('user_id', '=', userId)
        .where('hour', '>=', fromHour)
        .where('hour', '<=', toHour);
      if (keyId) q = q.where('key_id', '=', keyId);
      return q.orderBy('hour').execute();
    },
    /**
     * Request counts summed over one dimension (hour, route or key) and status class, for the
     * portal's charts. Hours are RFC 3339 text, so the range compares as strings in both dialects.
     */
    async sumForUser(
      dimension: 'hour' | 'route' | 'key_id' | 'application_id',
      filter: UsageFilter,
    ): Promise<Array<{ dim: string; status_class: string; count: number }>> {
      let q = db
        .selectFrom('api_usage')
        .select((eb) => [eb.ref(dimension).as('dim'), 'status_class', eb.fn.sum<number | string>('count').as('count')])
        .where('user_id', '=', filter.userId)
        .where('hour', '>=', filter.fromHour)
        .where('hour', '<=', filter.toHour);
      if (filter.keyId) q = q.where('key_id', '=', filter.keyId);
      if (filter.applicationId) q = q.where('application_id', '=', filter.applicationId);
      if (filter.via === 'api_key') q = q.where('application_id', 'is', null);
      if (filter.via === 'oauth') q = q.where('application_id', 'is not', null);
      const rows = await q.groupBy([dimension, 'status_class']).execute();
      // SUM is numeric on PostgreSQL and may arrive as text; normalise here, once.
      return rows.map((r) => ({ dim: r.dim ?? '', status_class: r.status_class, count: Number(r.count) }));
    },
  };
}

export type UsageStore = ReturnType<typeof createUsageStore>;
