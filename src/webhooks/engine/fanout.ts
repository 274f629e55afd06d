import { eventLine, typeMatcher, type OutboxEvent } from './body.js';

/*
 * Fan-out as a pure function of (state, events, clock): which events go to which
 * subscription, the daily limit, and when a batch stops taking events (its window
 * closes, or it is full). The shell (`../fanout.ts`) reads the state, calls
 * `planFanout` and writes what it answers, all in one transaction.
 */

export interface FanoutLimits {
  /** A batch takes events whose timestamps fall within this long of its first one (spec: 5 s). */
  batchWindowMs: number;
  /** Events per delivery before a batch is split. */
  batchMaxEvents: number;
  /** Body bytes per delivery before a batch is split (one larger event is sent alone). */
  batchMaxBytes: number;
  /** Deliveries opened per subscription per UTC day (spec: 1,000). */
  dailyLimit: number;
}

/** A subscription's daily counters: the UTC day (`YYYY-MM-DD`) they belong to, deliveries opened that day and events dropped. */
export interface Quota {
  day: string | null;
  used: number;
  droppedToday: number;
  droppedTotal: number;
}

/** An enabled subscription as fan-out sees it. */
export interface FanoutSubscription {
  id: string;
  userId: string;
  /** The selected event types; `["*"]` for all. */
  types: readonly string[];
  /** Events that happened before this (its creation, or its last re-enable) are not its own. */
  since: string;
  quota: Quota;
}

/** A batch still collecting events. */
export interface OpenBatch {
  id: string;
  subscriptionId: string;
  userId: string;
  count: number;
  /** Body bytes so far, brackets and commas included. */
  bytes: number;
  /** Distinct event types, sorted. */
  types: readonly string[];
  /** When the window closes (ISO): the batch takes no event stamped at or after it. */
  closesAt: string;
  createdAt: string;
}

/** A batch this step opened or changed. */
export interface BatchChange extends OpenBatch {
  /** Opened by this step (to insert), rather than already stored (to update). */
  fresh: boolean;
  /** Took events in this step. */
  grown: boolean;
  /** Nothing more fits: due now rather than when its window closes. */
  closeNow: boolean;
}

/** An event's place in a batch. */
export interface BatchMember {
  delivery_id: string;
  position: number;
  event_id: string;
}

/** Event lines a step appended to a batch; `fresh` when the step opened the batch (so the lines are all of it). */
export interface StagedLines {
  lines: string[];
  bytes: number;
  fresh: boolean;
}

export interface FanoutPlan {
  /** Batches opened or changed, in the order the step first touched them. */
  batches: BatchChange[];
  members: BatchMember[];
  /** Quotas that changed, by subscription id. */
  quotas: Map<string, Quota>;
  /** Lines appended per batch id, for the shell's line cache. */
  lines: Map<string, StagedLines>;
  opened: number;
  dropped: number;
  /** Events this step placed (or dropped, or found no subscription for): the first `consumed` of the input, in order. */
  consumed: number;
}

export interface FanoutInput {
  /** Undispatched outbox events, in id order. */
  events: readonly OutboxEvent[];
  /** Enabled subscriptions of the events' users, in id order. */
  subscriptions: readonly FanoutSubscription[];
  /** Their open batches (at most one each). */
  open: readonly OpenBatch[];
  /** The clock (ISO): a new batch's `createdAt`. */
  now: string;
  limits: FanoutLimits;
  newId: () => string;
  /**
   * Event lines a step places before it stops taking events (the rest stay for the next
   * step): the shell writes and seals them in one transaction, so this bounds how long a step
   * holds the event loop and, on SQLite, the connection. A step always takes its first event,
   * and each event it takes goes to all its subscriptions, so it may pass this by one event's.
   */
  maxLines?: number;
}

function plusMs(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}

/** The UTC day of a timestamp; the daily limit counts by the event's own time. */
export function utcDayOf(iso: string): string {
  return iso.slice(0, 10);
}

/**
 * Opening a batch for an event on `day`: counters roll over to a new day, then the
 * batch is admitted if the day's limit is not reached, or the event is dropped and
 * counted. Events older than the counters' day count against that day.
 */
export function admit(quota: Quota, day: string, dailyLimit: number): { quota: Quota; admitted: boolean } {
  const current = quota.day === null || day > quota.day ? { day, used: 0, droppedToday: 0, droppedTotal: quota.droppedTotal } : quota;
  if (current.used >= dailyLimit) {
    return { quota: { ...current, droppedToday: current.droppedToday + 1, droppedTotal: current.droppedTotal + 1 }, admitted: false };
  }
  return { quota: { ...current, used: current.used + 1 }, admitted: true };
}

/** Whether an open batch can take an event of `size` bytes stamped `at`: 'window' when its window has closed, 'full' when it cannot hold it. */
export function batchRefuses(batch: Pick<OpenBatch, 'count' | 'bytes' | 'closesAt'>, at: string, size: number, limits: FanoutLimits): 'window' | 'full' | null {
  if (at >= batch.closesAt) return 'window';
  if (batch.count >= limits.batchMaxEvents || batch.bytes + 1 + size > limits.batchMaxBytes) return 'full';
  return null;
}

/** Whether a batch is as large as it may get, so it is sent now instead of at its window's end. */
export function batchIsFull(batch: Pick<OpenBatch, 'count' | 'bytes'>, limits: FanoutLimits): boolean {
  return batch.count >= limits.batchMaxEvents || batch.bytes >= limits.batchMaxBytes;
}

/**
 * When a new batch's window closes. A batch split for size hands its window on, so
 * no event waits longer than one window; otherwise the window opens with the event.
 */
export function windowCloseFor(at: string, inherited: string | undefined, windowMs: number): string {
  return inherited !== undefined && at < inherited ? inherited : plusMs(at, windowMs);
}

interface Working {
  change: BatchChange;
  types: Set<string>;
}

/**
 * Places each event, in order, in the open batch of every subscription of its
 * user that wants its type: a batch whose window has closed or that is full is
 * left for sealing and a new one opened, counted against the daily limit (the
 * event is dropped and counted when the limit is reached).
 */
export function planFanout(input: FanoutInput): FanoutPlan {
  const { limits } = input;
  const plan: FanoutPlan = { batches: [], members: [], quotas: new Map(), lines: new Map(), opened: 0, dropped: 0, consumed: 0 };

  const byUser = new Map<string, Array<{ sub: FanoutSubscription; wants: (type: string) => boolean }>>();
  for (const sub of input.subscriptions) {
    const list = byUser.get(sub.userId) ?? [];
    list.push({ sub, wants: typeMatcher(sub.types) });
    byUser.set(sub.userId, list);
  }
  const open = new Map<string, Working>();
  for (const b of input.open) {
    open.set(b.subscriptionId, { change: { ...b, fresh: false, grown: false, closeNow: false }, types: new Set(b.types) });
  }
  const touched = new Set<Working>();
  const inheritedClose = new Map<string, string>();
  const quotas = new Map(input.subscriptions.map((s) => [s.id, s.quota]));

  /** Leaves a full batch for sealing now; the next one of its subscription inherits its window. */
  const closeEarly = (subscriptionId: string, w: Working) => {
    w.change.closeNow = true;
    touched.add(w);
    inheritedClose.set(subscriptionId, w.change.closesAt);
    open.delete(subscriptionId);
  };

  for (const e of input.events) {
    if (input.maxLines !== undefined && plan.consumed > 0 && plan.members.length >= input.maxLines) break;
    plan.consumed += 1;
    const targets = byUser.get(e.user_id);
    if (!targets) continue;
    let line: string | undefined;
    let size = 0;
    for (const { sub, wants } of targets) {
      // Matched as the subscription is now, but only events of its time: a lagging fan-out must not
      // give a new subscription older events, nor a re-enabled one those of while it was disabled.
      if (!wants(e.type) || e.occurred_at < sub.since) continue;
      if (line === undefined) {
        line = eventLine(e);
        size = Buffer.byteLength(line);
      }
      let batch = open.get(sub.id);
      if (batch) {
        const refused = batchRefuses(batch.change, e.occurred_at, size, limits);
        if (refused === 'full') closeEarly(sub.id, batch);
        else if (refused === 'window') open.delete(sub.id);
        if (refused) batch = undefined;
      }
      if (!batch) {
        const quota = quotas.get(sub.id) ?? sub.quota;
        const verdict = admit(quota, utcDayOf(e.occurred_at), limits.dailyLimit);
        quotas.set(sub.id, verdict.quota);
        plan.quotas.set(sub.id, verdict.quota);
        if (!verdict.admitted) {
          plan.dropped += 1;
          continue;
        }
        batch = {
          change: {
            id: input.newId(),
            subscriptionId: sub.id,
            userId: sub.userId,
            count: 0,
            bytes: 2,
            types: [],
            closesAt: windowCloseFor(e.occurred_at, inheritedClose.get(sub.id), limits.batchWindowMs),
            createdAt: input.now,
            fresh: true,
            grown: false,
            closeNow: false,
          },
          types: new Set(),
        };
        open.set(sub.id, batch);
        plan.opened += 1;
      }
      const b = batch.change;
      plan.members.push({ delivery_id: b.id, position: b.count, event_id: e.id });
      let staged = plan.lines.get(b.id);
      if (!staged) {
        staged = { lines: [], bytes: 0, fresh: b.fresh };
        plan.lines.set(b.id, staged);
      }
      staged.lines.push(line);
      staged.bytes += size;
      b.bytes += size + (b.count > 0 ? 1 : 0);
      b.count += 1;
      batch.types.add(e.type);
      b.grown = true;
      touched.add(batch);
      if (batchIsFull(b, limits)) closeEarly(sub.id, batch);
    }
  }

  for (const w of touched) plan.batches.push({ ...w.change, types: [...w.types].sort() });
  return plan;
}
