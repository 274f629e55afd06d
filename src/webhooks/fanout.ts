import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Executor, WebhookBatchEventsTable } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { writeTransaction } from '../db/transaction.js';
import { tryFanoutLock } from './dialect.js';
import type { WebhookMetrics } from './metrics.js';
import { signBody } from './signer.js';
import { createWebhookStore, type NewDeliveryRow, type OutboxEvent, type SubscriptionRow, type WebhookStore } from './store.js';

export interface FanoutDeps {
  database: Database;
  clock: Clock;
  config: Config['webhooks'];
  metrics?: WebhookMetrics;
  /** This process's copy of open batches' event lines; sealing reads the outbox only when it is incomplete. */
  lines?: LineCache;
}

/**
 * Event lines of the open batches this process's fan-out built, so sealing can
 * skip reading every payload back from the outbox. Only an optimisation: a
 * batch is served from here only when the cache holds exactly its stored event
 * count (so anything appended by another dispatcher, before a restart, or by a
 * rolled-back pass falls back to the database), and changes are applied only
 * after their transaction commits.
 */
export class LineCache {
  private readonly entries = new Map<string, { lines: string[]; bytes: number; at: number }>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  /** The cached lines of a batch, if this process has followed it from its first event. */
  peek(id: string): readonly string[] | undefined {
    return this.entries.get(id)?.lines;
  }

  /** Applies a committed pass: lines appended (per batch, `fresh` when the pass opened it) and batches sealed. */
  apply(staged: ReadonlyMap<string, { lines: string[]; bytes: number; fresh: boolean }>, sealed: readonly string[], now: number, maxAgeMs: number): void {
    for (const [id, add] of staged) {
      let entry = this.entries.get(id);
      if (!entry) {
        // Only a batch seen from its start can be complete; stop caching when over budget.
        if (!add.fresh || this.bytes + add.bytes > this.maxBytes) continue;
        entry = { lines: [], bytes: 0, at: now };
        this.entries.set(id, entry);
      }
      entry.lines.push(...add.lines);
      entry.bytes += add.bytes;
      this.bytes += add.bytes;
    }
    for (const id of sealed) this.drop(id);
    // Batches sealed by another dispatcher never come back here; age them out.
    for (const [id, entry] of this.entries) if (now - entry.at > maxAgeMs) this.drop(id);
  }

  private drop(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(id);
  }
}

export interface FanoutResult {
  /** False when another dispatcher held the fan-out lock (PostgreSQL). */
  ran: boolean;
  /** For LineCache.apply once the transaction has committed. */
  staged: Map<string, { lines: string[]; bytes: number; fresh: boolean }>;
  sealedIds: string[];
  events: number;
  /** True when a full chunk was read, or more closed batches wait: call again. */
  more: boolean;
  opened: number;
  dropped: number;
  sealed: number;
}

/** The event as it appears in a delivery body; `payload` is already the JSON the API returned. */
export function eventLine(e: Pick<OutboxEvent, 'id' | 'type' | 'occurred_at' | 'payload'>): string {
  return `{"id":${JSON.stringify(e.id)},"type":${JSON.stringify(e.type)},"timestamp":${JSON.stringify(e.occurred_at)},"data":${e.payload}}`;
}

export function bodyOf(lines: readonly string[]): string {
  return `[${lines.join(',')}]`;
}

/** The stored form of a delivery's event types: distinct, sorted, JSON. */
export function typesJson(types: Iterable<string>): string {
  return JSON.stringify([...new Set(types)].sort());
}

export function parseTypes(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
}

export function subscribedTypes(row: Pick<SubscriptionRow, 'events'>): string[] {
  const parsed: unknown = JSON.parse(row.events);
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
}

function matcher(row: SubscriptionRow): (type: string) => boolean {
  const types = subscribedTypes(row);
  if (types.includes('*')) return () => true;
  const set = new Set(types);
  return (type) => set.has(type);
}

function plusMs(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}

interface Batch {
  id: string;
  subscriptionId: string;
  userId: string;
  count: number;
  bytes: number;
  types: Set<string>;
  /** Window close: `next_attempt_at` while batching. */
  closesAt: string;
  isNew: boolean;
  dirty: boolean;
  closeNow: boolean;
  createdAt: string;
}

interface Quota {
  day: string | null;
  used: number;
  droppedToday: number;
  droppedTotal: number;
  dirty: boolean;
}

/**
 * One fan-out step, in one transaction: reads the next undispatched outbox
 * events in id order, appends each to the open batch of every enabled
 * subscription of its user that wants its type (opening a batch, and counting it
 * against the daily limit, when none is open; dropping and counting the event
 * when the limit is reached), marks the events dispatched, then seals every
 * batch whose window has closed or that is full. Either all of it commits or
 * none of it does, so a crash can only delay an event.
 */
export async function fanOutOnce(deps: FanoutDeps, chunk = 500, sealLimit = 25): Promise<FanoutResult> {
  const result = await writeTransaction(deps.database, (trx) => fanOutStep(trx, deps, chunk, sealLimit));
  afterFanout(deps, result);
  return result;
}

/** What a committed fan-out step leaves to do outside its transaction: metrics and the line cache. */
export function afterFanout(deps: Pick<FanoutDeps, 'metrics' | 'lines' | 'config' | 'clock'>, result: FanoutResult): void {
  countFanout(deps.metrics, result);
  deps.lines?.apply(result.staged, result.sealedIds, Date.now(), deps.config.batchWindowMs * 2 + 10 * 60_000);
}

export function countFanout(metrics: WebhookMetrics | undefined, result: FanoutResult): void {
  if (result.events) metrics?.fannedOutEvents.inc(result.events);
  if (result.dropped) metrics?.droppedEvents.inc(result.dropped);
}

/** `fanOutOnce` inside a write transaction the caller owns (the dispatcher also claims in it). */
export async function fanOutStep(trx: Executor, deps: Omit<FanoutDeps, 'metrics'>, chunk = 500, sealLimit = 25): Promise<FanoutResult> {
  const cfg = deps.config;
  const result: FanoutResult = { ran: false, staged: new Map(), sealedIds: [], events: 0, more: false, opened: 0, dropped: 0, sealed: 0 };
  if (!(await tryFanoutLock(deps.database, trx))) return result;
  result.ran = true;
  const store = createWebhookStore(trx);
  const now = deps.clock.now().toISOString();

  const events = await store.undispatchedEvents(chunk);
  result.events = events.length;
  result.more = events.length === chunk;
  if (events.length > 0) {
    const userIds = [...new Set(events.map((e) => e.user_id))];
    const subs = await store.enabledSubscriptionsOf(userIds);
    const subsByUser = new Map<string, Array<{ row: SubscriptionRow; wants: (type: string) => boolean }>>();
    for (const row of subs) {
      const list = subsByUser.get(row.user_id) ?? [];
      list.push({ row, wants: matcher(row) });
      subsByUser.set(row.user_id, list);
    }

    const open = new Map<string, Batch>();
    const touched: Batch[] = [];
    for (const b of await store.openBatches(subs.map((s) => s.id))) {
      const batch: Batch = {
        id: b.id,
        subscriptionId: b.subscription_id,
        userId: b.user_id,
        count: b.event_count,
        bytes: b.body_bytes,
        types: new Set(parseTypes(b.event_types)),
        closesAt: b.next_attempt_at ?? now,
        isNew: false,
        dirty: false,
        closeNow: false,
        createdAt: b.created_at,
      };
      open.set(b.subscription_id, batch);
      touched.push(batch);
    }
    // A batch split for size hands its window to the next one, so no event waits longer than one window.
    const inheritedClose = new Map<string, string>();
    const quotas = new Map<string, Quota>();
    const members: WebhookBatchEventsTable[] = [];

    for (const e of events) {
      const targets = subsByUser.get(e.user_id);
      if (!targets) continue;
      let line = '';
      let size = 0;
      for (const { row, wants } of targets) {
        if (!wants(e.type)) continue;
        if (size === 0) {
          line = eventLine(e);
          size = Buffer.byteLength(line);
        }
        let batch = open.get(row.id);
        if (batch) {
          const windowOver = e.occurred_at >= batch.closesAt;
          const full = batch.count >= cfg.batchMaxEvents || batch.bytes + 1 + size > cfg.batchMaxBytes;
          if (windowOver || full) {
            if (!windowOver) {
              batch.closeNow = true;
              inheritedClose.set(row.id, batch.closesAt);
            }
            open.delete(row.id);
            batch = undefined;
          }
        }
        if (!batch) {
          let quota = quotas.get(row.id);
          if (!quota) {
            quota = { day: row.quota_day, used: row.quota_used, droppedToday: row.dropped_today, droppedTotal: row.dropped_total, dirty: false };
            quotas.set(row.id, quota);
          }
          const day = e.occurred_at.slice(0, 10);
          if (quota.day === null || day > quota.day) {
            quota.day = day;
            quota.used = 0;
            quota.droppedToday = 0;
            quota.dirty = true;
          }
          if (quota.used >= cfg.dailyLimit) {
            quota.droppedToday += 1;
            quota.droppedTotal += 1;
            quota.dirty = true;
            result.dropped += 1;
            continue;
          }
          quota.used += 1;
          quota.dirty = true;
          const inherited = inheritedClose.get(row.id);
          batch = {
            id: newId(),
            subscriptionId: row.id,
            userId: row.user_id,
            count: 0,
            bytes: 2,
            types: new Set(),
            closesAt: inherited && e.occurred_at < inherited ? inherited : plusMs(e.occurred_at, cfg.batchWindowMs),
            isNew: true,
            dirty: true,
            closeNow: false,
            createdAt: now,
          };
          open.set(row.id, batch);
          touched.push(batch);
          result.opened += 1;
        }
        members.push({ delivery_id: batch.id, position: batch.count, event_id: e.id });
        let staged = result.staged.get(batch.id);
        if (!staged) {
          staged = { lines: [], bytes: 0, fresh: batch.isNew };
          result.staged.set(batch.id, staged);
        }
        staged.lines.push(line);
        staged.bytes += size;
        batch.bytes += size + (batch.count > 0 ? 1 : 0);
        batch.count += 1;
        batch.types.add(e.type);
        batch.dirty = true;
        if (batch.count >= cfg.batchMaxEvents || batch.bytes >= cfg.batchMaxBytes) {
          // Nothing more fits: send it now rather than at the window's end.
          batch.closeNow = true;
          inheritedClose.set(row.id, batch.closesAt);
          open.delete(row.id);
        }
      }
    }

    const fresh: NewDeliveryRow[] = touched
      .filter((b) => b.isNew)
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
    await store.insertDeliveries(fresh);
    await store.insertBatchEvents(members);
    for (const b of touched) {
      if (b.isNew) continue;
      if (b.dirty) await store.setBatchSize(b.id, b.count, typesJson(b.types), b.bytes, now);
      if (b.closeNow) await store.closeBatchNow(b.id, now);
    }
    for (const [id, q] of quotas) {
      if (q.dirty && q.day) await store.setQuota(id, { quota_day: q.day, quota_used: q.used, dropped_today: q.droppedToday, dropped_total: q.droppedTotal });
    }
    await store.markDispatched(
      events.map((e) => e.id),
      now,
    );
  }

  // Sealed in small groups so the first POSTs leave while later batches are still being built.
  const sealed = await sealDueBatches(store, now, sealLimit, (id) => {
    const cached = deps.lines?.peek(id);
    const staged = result.staged.get(id);
    if (staged?.fresh) return staged.lines;
    if (!cached) return undefined;
    return staged ? [...cached, ...staged.lines] : cached;
  });
  result.sealedIds = sealed;
  result.sealed = sealed.length;
  if (result.sealed === sealLimit) result.more = true;
  return result;
}

/**
 * Turns closed batches into deliveries: the body is serialised once, here, from
 * the outbox rows, and stored with its signature, so every attempt sends
 * identical bytes. A batch of a subscription disabled meanwhile is sealed
 * straight to `failed`; it can still be redelivered once the owner re-enables.
 */
async function sealDueBatches(
  store: WebhookStore,
  now: string,
  limit: number,
  known: (id: string) => readonly string[] | undefined,
): Promise<string[]> {
  const due = await store.dueBatches(now, limit);
  if (due.length === 0) return [];
  const subs = new Map((await store.findSubscriptionsByIds([...new Set(due.map((d) => d.subscription_id))])).map((s) => [s.id, s]));
  const lines = new Map<string, readonly string[]>();
  const missing: string[] = [];
  for (const d of due) {
    const cached = known(d.id);
    if (cached && cached.length === d.event_count) lines.set(d.id, cached);
    else missing.push(d.id);
  }
  const read = new Map<string, string[]>();
  for (const m of await store.batchMembers(missing)) {
    const list = read.get(m.delivery_id) ?? [];
    list.push(eventLine(m));
    read.set(m.delivery_id, list);
  }
  for (const [id, list] of read) lines.set(id, list);
  const sealed: string[] = [];
  for (const batch of due) {
    const sub = subs.get(batch.subscription_id);
    if (!sub) continue;
    const members = lines.get(batch.id) ?? [];
    const body = bodyOf(members);
    const enabled = sub.status === 'enabled';
    const ok = await store.seal(batch.id, body, {
      status: enabled ? 'pending' : 'failed',
      body_bytes: Buffer.byteLength(body),
      signature: signBody(sub.secret, body),
      event_count: members.length,
      next_attempt_at: enabled ? now : null,
      sealed_at: now,
      updated_at: now,
      last_error: enabled ? null : 'the subscription was disabled before this batch was sent',
      completed_at: enabled ? null : now,
    });
    if (ok) sealed.push(batch.id);
  }
  await store.deleteBatchMembers(due.map((d) => d.id));
  return sealed;
}
