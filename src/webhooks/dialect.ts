import { sql, type Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import type { Executor, WebhookDeliveriesTable } from '../db/schema.js';
import { pickClaimable, saturatedSubscriptions } from './engine/claim.js';

/*
 * The only dialect-specific SQL of the webhook engine, kept in one place.
 * SQLite has one writer, so a transaction begun IMMEDIATE and a conditional
 * UPDATE are already exclusive; PostgreSQL needs row locks and an advisory lock
 * so several dispatcher processes can share the queue.
 */

/**
 * Serialises fan-out and sealing across dispatcher processes. Two fan-outs at
 * once could open two batches for one subscription, and a seal racing a fan-out
 * could drop the event being appended. PostgreSQL: a transaction-scoped advisory
 * lock per schema, skipped (false) when another process holds it. SQLite: the
 * IMMEDIATE transaction already excludes every other writer.
 */
export async function tryFanoutLock(database: Database, trx: Executor): Promise<boolean> {
  if (database.dialect !== 'postgres') return true;
  const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(hashtext(current_schema() || '.ccs_webhook_fanout')) as ok`.execute(trx);
  return rows[0]?.ok === true;
}

export type ClaimedDelivery = Pick<
  Selectable<WebhookDeliveriesTable>,
  'id' | 'subscription_id' | 'user_id' | 'kind' | 'status' | 'signature' | 'attempt_count' | 'event_count'
>;

/**
 * Leases up to `limit` due deliveries to `owner`, inside the caller's write
 * transaction. A delivery is due when it is pending or retrying, its time has
 * come, and nobody holds a live lease on it (an expired lease is how a killed
 * dispatcher's work comes back). Candidates are read first and picked by
 * `pickClaimable` (no subscription, nor account, over its share of POSTs in flight). SQLite: the IMMEDIATE transaction
 * excludes every other writer, so a plain UPDATE of the pick is exclusive.
 * PostgreSQL: the pick is leased with `FOR UPDATE SKIP LOCKED` and the
 * conditions re-checked, so concurrent dispatchers lease disjoint rows.
 */
export async function claimDue(
  database: Database,
  trx: Executor,
  opts: {
    owner: string;
    now: string;
    leaseUntil: string;
    limit: number;
    inFlight: ReadonlyMap<string, number>;
    maxPerSubscription: number;
    /** POSTs in flight here by account, and the most one account may have (`perUserShare`). */
    inFlightByUser?: ReadonlyMap<string, number>;
    maxPerUser?: number;
  },
): Promise<ClaimedDelivery[]> {
  if (opts.limit <= 0) return [];
  const saturated = saturatedSubscriptions(opts.inFlight, opts.maxPerSubscription);
  const byUser = opts.inFlightByUser && opts.maxPerUser !== undefined ? { inFlight: opts.inFlightByUser, max: opts.maxPerUser } : undefined;
  const saturatedUsers = byUser ? saturatedSubscriptions(byUser.inFlight, byUser.max) : [];
  const lease = { lease_owner: opts.owner, lease_until: opts.leaseUntil };
  const candidates = await trx
    .selectFrom('webhook_deliveries')
    .select(CLAIM_COLUMNS)
    .where('status', 'in', ['pending', 'retrying'])
    .where('next_attempt_at', '<=', opts.now)
    .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<', opts.now)]))
    .$if(saturated.length > 0, (q) => q.where('subscription_id', 'not in', saturated))
    .$if(saturatedUsers.length > 0, (q) => q.where('user_id', 'not in', saturatedUsers))
    // Matches the (status, next_attempt_at) index, so no sort: first attempts, then retries, oldest first.
    .orderBy('status')
    .orderBy('next_attempt_at')
    .limit(Math.min(opts.limit * 4, 1000))
    .execute();
  const picked = pickClaimable(candidates, opts.inFlight, opts.maxPerSubscription, opts.limit, byUser);
  if (picked.length === 0) return [];
  const ids = picked.map((p) => p.id);
  if (database.dialect !== 'postgres') {
    await trx.updateTable('webhook_deliveries').set(lease).where('id', 'in', ids).execute();
    return picked;
  }
  return trx
    .updateTable('webhook_deliveries')
    .set(lease)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('id', 'in', ids)
        .where('status', 'in', ['pending', 'retrying'])
        .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<', opts.now)]))
        .forUpdate()
        .skipLocked(),
    )
    .returning(CLAIM_COLUMNS)
    .execute();
}

const CLAIM_COLUMNS = ['id', 'subscription_id', 'user_id', 'kind', 'status', 'signature', 'attempt_count', 'event_count'] as const;
