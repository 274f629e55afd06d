import type { Executor } from '../db/schema.js';

export interface SessionRow {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface ActiveSessionRow {
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  username: string;
  email: string;
  plan: 'free' | 'pro';
}

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

// Each event in a delivery body starts `{"id":"…","type":"…"` (src/webhooks/fanout.ts eventLine).
const EVENT_TYPE_IN_LINE = /\{"id":"[^"\\]*","type":"([a-z.]+)"/g;

function typesIn(text: string, into: Set<string>): void {
  for (const m of text.matchAll(EVENT_TYPE_IN_LINE)) into.add(m[1]!);
}

/**
 * Read-only view of the webhook tables for the delivery log's event-type column and
 * filter, which the webhooks service does not offer (yet): the types are read from the
 * exact body sent, or from the outbox events of a batch still collecting them.
 */
export function createDeliveryTypesReader(db: Executor) {
  return {
    async eventTypes(subscriptionId: string, deliveryIds: readonly string[]): Promise<Map<string, string[]>> {
      const out = new Map<string, Set<string>>();
      if (deliveryIds.length === 0) return new Map();
      // The body moved to webhook_delivery_bodies (webhooks issue); deliveries now also carry `event_types`.
      const rows = await db
        .selectFrom('webhook_deliveries as d')
        .leftJoin('webhook_delivery_bodies as b', 'b.delivery_id', 'd.id')
        .select(['d.id as id', 'b.body as body'])
        .where('d.subscription_id', '=', subscriptionId)
        .where('d.id', 'in', deliveryIds)
        .execute();
      const open: string[] = [];
      for (const r of rows) {
        const set = new Set<string>();
        out.set(r.id, set);
        if (r.body === null) open.push(r.id);
        else typesIn(r.body, set);
      }
      if (open.length) {
        const events = await db
          .selectFrom('webhook_batch_events as b')
          .innerJoin('events as e', 'e.id', 'b.event_id')
          .select(['b.delivery_id', 'e.type'])
          .where('b.delivery_id', 'in', open)
          .execute();
        for (const e of events) out.get(e.delivery_id)!.add(e.type);
      }
      return new Map([...out].map(([id, set]) => [id, [...set].sort()]));
    },
  };
}
