import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Executor } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { writeTransaction } from '../db/transaction.js';
import { createBatchStore, type BatchStore } from './batch-store.js';
import { tryFanoutLock } from './dialect.js';
import { eventLine, parseTypes, typesJson, type OutboxEvent } from './engine/body.js';
import { planFanout, type FanoutPlan, type FanoutSubscription, type OpenBatch, type StagedLines } from './engine/fanout.js';
import { isComplete, linesFromMemory, sealBatch, withinBytes } from './engine/sealing.js';
import type { LineCache } from './line-cache.js';
import type { WebhookMetrics } from './metrics.js';
import { createOutboxStore } from './outbox-store.js';
import type { DeliveryRow, NewDeliveryRow, SubscriptionRow } from './rows.js';
import { createSubscriptionStore, type SubscriptionStore } from './subscription-store.js';

export { LineCache } from './line-cache.js';

/*
 * The fan-out shell: reads the outbox cursor, the subscriptions and their open
 * batches, asks the pure engine (`engine/fanout.ts`, `engine/sealing.ts`) what
 * to do, and writes the answer, all in one transaction.
 */

/*
 * What one step does at most, so a large change (a binder of 5,000 entries deleted with 20 "*"
 * subscriptions: 100,000 event lines, 100 MB of bodies) is spread over many short steps with the
 * event loop turning between them, instead of one step holding this process (and, on SQLite,
 * its connection) for seconds: event lines placed in batches, and body bytes sealed and signed.
 */
export const STEP_LINES = 1_000;
export const STEP_SEAL_BYTES = 1024 * 1024;

export interface FanoutDeps {
  database: Database;
  clock: Clock;
  config: Config['webhooks'];
  metrics?: WebhookMetrics;
  /** This process's copy of open batches' event lines; sealing reads the outbox only when it is incomplete. */
  lines?: LineCache;
  /** What one step places and seals at most (STEP_LINES, STEP_SEAL_BYTES); tests make them small. */
  budgets?: { lines: number; sealBytes: number };
}

export interface FanoutResult {
  /** False when another dispatcher held the fan-out lock (PostgreSQL). */
  ran: boolean;
  /** For LineCache.apply once the transaction has committed. */
  staged: Map<string, StagedLines>;
  sealedIds: string[];
  events: number;
  /** True when a full chunk was read, or more closed batches wait: call again. */
  more: boolean;
  opened: number;
  dropped: number;
  sealed: number;
}

/**
 * One fan-out step in a transaction of its own: places the next undispatched
 * events in batches, marks them dispatched and seals the batches that are due.
 * Either all of it commits or none of it does, so a crash can only delay an event.
 */
export async function fanOutOnce(deps: FanoutDeps, chunk = 500, sealLimit = 25): Promise<FanoutResult> {
  const result = await writeTransaction(deps.database, (trx) => fanOutStep(trx, deps, chunk, sealLimit));
  afterFanout(deps, result);
  return result;
}

/** What a committed fan-out step leaves to do outside its transaction: metrics and the line cache. */
export function afterFanout(deps: Pick<FanoutDeps, 'metrics' | 'lines' | 'config'>, result: FanoutResult): void {
  if (result.events) deps.metrics?.fannedOutEvents.inc(result.events);
  if (result.dropped) deps.metrics?.droppedEvents.inc(result.dropped);
  deps.lines?.apply(result.staged, result.sealedIds, Date.now(), deps.config.batchWindowMs * 2 + 10 * 60_000);
}

/** `fanOutOnce` inside a write transaction the caller owns (the dispatcher also claims in it). */
export async function fanOutStep(trx: Executor, deps: Omit<FanoutDeps, 'metrics'>, chunk = 500, sealLimit = 25): Promise<FanoutResult> {
  const result: FanoutResult = { ran: false, staged: new Map(), sealedIds: [], events: 0, more: false, opened: 0, dropped: 0, sealed: 0 };
  if (!(await tryFanoutLock(deps.database, trx))) return result;
  result.ran = true;
  const outbox = createOutboxStore(trx);
  const subscriptions = createSubscriptionStore(trx);
  const batches = createBatchStore(trx);
  const now = deps.clock.now().toISOString();

  const events = await outbox.undispatched(chunk);
  result.more = events.length === chunk;
  if (events.length > 0) {
    const plan = await planFromDatabase(subscriptions, batches, events, now, deps.config, deps.budgets?.lines ?? STEP_LINES);
    await writePlan(subscriptions, batches, plan, now);
    const placed = events.slice(0, plan.consumed);
    await outbox.markDispatched(
      placed.map((e) => e.id),
      now,
    );
    result.events = placed.length;
    if (placed.length < events.length) result.more = true;
    result.staged = plan.lines;
    result.opened = plan.opened;
    result.dropped = plan.dropped;
  }

  // Sealed in small groups so the first POSTs leave while later batches are still being built.
  const sealing = await sealDueBatches(subscriptions, batches, now, { count: sealLimit, bytes: deps.budgets?.sealBytes ?? STEP_SEAL_BYTES }, (id) =>
    linesFromMemory(deps.lines?.peek(id), result.staged.get(id)),
  );
  result.sealedIds = sealing.sealed;
  result.sealed = result.sealedIds.length;
  if (sealing.more) result.more = true;
  return result;
}

function toFanoutSubscription(row: SubscriptionRow): FanoutSubscription {
  return {
    id: row.id,
    userId: row.user_id,
    types: parseTypes(row.events),
    since: row.events_since ?? row.created_at,
    quota: { day: row.quota_day, used: row.quota_used, droppedToday: row.dropped_today, droppedTotal: row.dropped_total },
  };
}

function toOpenBatch(row: DeliveryRow, now: string): OpenBatch {
  return {
    id: row.id,
    subscriptionId: row.subscription_id,
    userId: row.user_id,
    count: row.event_count,
    bytes: row.body_bytes,
    types: parseTypes(row.event_types),
    closesAt: row.next_attempt_at ?? now,
    createdAt: row.created_at,
  };
}

async function planFromDatabase(
  subscriptions: SubscriptionStore,
  batches: BatchStore,
  events: OutboxEvent[],
  now: string,
  config: Config['webhooks'],
  maxLines: number,
): Promise<FanoutPlan> {
  const subs = await subscriptions.enabledOf([...new Set(events.map((e) => e.user_id))]);
  const open = await batches.open(subs.map((s) => s.id));
  return planFanout({
    events,
    subscriptions: subs.map(toFanoutSubscription),
    open: open.map((row) => toOpenBatch(row, now)),
    now,
    limits: config,
    newId,
    maxLines,
  });
}

async function writePlan(subscriptions: SubscriptionStore, batches: BatchStore, plan: FanoutPlan, now: string): Promise<void> {
  const fresh: NewDeliveryRow[] = plan.batches
    .filter((b) => b.fresh)
    .map((b) => ({
      id: b.id,
      subscription_id: b.subscriptionId,
      user_id: b.userId,
      kind: 'event',
      status: 'batching',
      event_count: b.count,
      event_types: typesJson(b.types),
      body_bytes: b.bytes,
      signature: null,
      next_attempt_at: b.closeNow ? now : b.closesAt,
      lease_owner: null,
      lease_until: null,
      last_status_code: null,
      last_error: null,
      redelivery_of: null,
      created_at: b.createdAt,
      sealed_at: null,
      completed_at: null,
      updated_at: now,
    }));
  await batches.insert(fresh);
  await batches.insertMembers(plan.members);
  for (const b of plan.batches) {
    if (b.fresh) continue;
    if (b.grown) await batches.setSize(b.id, b.count, typesJson(b.types), b.bytes, now);
    if (b.closeNow) await batches.closeNow(b.id, now);
  }
  // In id order, as the recorder's groups lock subscription rows: no two transactions wait on each other.
  for (const [id, q] of [...plan.quotas].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (q.day !== null) await subscriptions.setQuota(id, { quota_day: q.day, quota_used: q.used, dropped_today: q.droppedToday, dropped_total: q.droppedTotal });
  }
}

/**
 * Turns closed batches into sealed deliveries. Lines come from memory when it
 * accounts for the whole batch, otherwise from the outbox; both give the same bytes.
 * `more` when batches were left due: `limit.count` of them were found, or more than `limit.bytes` of bodies.
 */
async function sealDueBatches(
  subscriptions: SubscriptionStore,
  batches: BatchStore,
  now: string,
  limit: { count: number; bytes: number },
  fromMemory: (id: string) => readonly string[] | undefined,
): Promise<{ sealed: string[]; more: boolean }> {
  const found = await batches.due(now, limit.count);
  const due = withinBytes(found, limit.bytes);
  if (due.length === 0) return { sealed: [], more: false };
  const more = due.length < found.length || found.length === limit.count;
  const subs = new Map((await subscriptions.findByIds([...new Set(due.map((d) => d.subscription_id))])).map((s) => [s.id, s]));
  const lines = new Map<string, readonly string[]>();
  const missing: string[] = [];
  for (const d of due) {
    const known = fromMemory(d.id);
    if (isComplete(known, d.event_count)) lines.set(d.id, known);
    else missing.push(d.id);
  }
  const read = new Map<string, string[]>();
  for (const m of await batches.members(missing)) {
    const list = read.get(m.delivery_id) ?? [];
    list.push(eventLine(m));
    read.set(m.delivery_id, list);
  }
  for (const [id, list] of read) lines.set(id, list);
  const sealed: string[] = [];
  for (const batch of due) {
    const sub = subs.get(batch.subscription_id);
    if (!sub) continue;
    const { body, patch } = sealBatch(lines.get(batch.id) ?? [], sub, now);
    if (await batches.seal(batch.id, body, patch)) sealed.push(batch.id);
  }
  await batches.deleteMembers(due.map((d) => d.id));
  return { sealed, more };
}
