import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventLine, typeMatcher, type OutboxEvent } from '../../src/webhooks/engine/body.js';
import { planFanout, utcDayOf, type FanoutLimits, type OpenBatch, type Quota } from '../../src/webhooks/engine/fanout.js';
import { decideDisable, decideRecord, failureCountAfter, retryDueAt, shouldSend, type OutcomePolicy } from '../../src/webhooks/engine/outcome.js';
import { isComplete, sealBatch, withinBytes } from '../../src/webhooks/engine/sealing.js';

/*
 * The engine's pure decisions driven through random interleavings of event arrivals,
 * clock moves (window closes, midnight), fan-out steps of any chunk size, sealing
 * limits, POST successes and failures, and re-enables. The simulator stands in for
 * the database (it applies what the decisions answer, as the stores do); the
 * properties are the specification's.
 */

const LIMITS: FanoutLimits = { batchWindowMs: 1_000, batchMaxEvents: 3, batchMaxBytes: 400, dailyLimit: 4 };
const POLICY: OutcomePolicy = { retryDelaysMs: [100, 250], disableAfter: 5 };
const TYPES = ['deck.created', 'binder.created'] as const;
const START = Date.parse('2026-11-22T23:59:50.000Z'); // midnight UTC falls inside most runs

interface SimSubscription {
  id: string;
  userId: string;
  types: string[];
  status: 'enabled' | 'disabled';
  secret: string;
  quota: Quota;
  failures: number;
  /** Independent model: consecutive failed POSTs since the last 2xx or re-enable. */
  streak: number;
  /** Events that fan-out saw for this subscription while it was enabled and that it selected. */
  routed: number;
}

interface SimBatch extends OpenBatch {
  members: string[];
  lines: string[];
  nextAttemptAt: string;
}

interface SimDelivery {
  id: string;
  subscriptionId: string;
  events: string[];
  body: string;
  signature: string;
  status: 'pending' | 'retrying' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: string | null;
  openedDay: string;
}

type Action =
  | { kind: 'arrive'; user: number; type: number; count: number; size: number }
  | { kind: 'advance'; ms: number }
  | { kind: 'fanout'; chunk: number; sealLimit: number; maxLines: number | undefined; sealBytes: number }
  | { kind: 'attempt'; pick: number; ok: boolean; all: boolean }
  | { kind: 'enable'; sub: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('arrive' as const), user: fc.nat(1), type: fc.nat(1), count: fc.integer({ min: 1, max: 5 }), size: fc.nat(250) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.oneof(fc.nat(300), fc.integer({ min: 900, max: 1_100 }), fc.integer({ min: 1_000, max: 20_000 })) }) },
  { weight: 3, arbitrary: fc.record({
      kind: fc.constant('fanout' as const),
      chunk: fc.integer({ min: 1, max: 12 }),
      sealLimit: fc.integer({ min: 1, max: 4 }),
      // The shell's per-step budgets (STEP_LINES, STEP_SEAL_BYTES), small enough to cut steps short.
      maxLines: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
      sealBytes: fc.integer({ min: 1, max: 1_200 }),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('attempt' as const), pick: fc.nat(20), ok: fc.boolean(), all: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('enable' as const), sub: fc.nat(2) }) },
);

class Simulator {
  clock = START;
  seq = 0;
  ids = 0;
  outbox: Array<OutboxEvent & { dispatched: boolean }> = [];
  subscriptions: SimSubscription[] = [
    this.subscription('s1', 'u0', ['*']),
    this.subscription('s2', 'u0', ['deck.created']),
    this.subscription('s3', 'u1', ['*']),
  ];
  batches = new Map<string, SimBatch>();
  deliveries: SimDelivery[] = [];
  /** What the runs went through, so the test can tell it exercised every rule. */
  seen = { dropped: 0, splits: 0, retries: 0, permanentFailures: 0, disables: 0, sealedDisabled: 0, midnight: 0, cutShort: 0, sealCutShort: 0 };

  subscription(id: string, userId: string, types: string[]): SimSubscription {
    return { id, userId, types, status: 'enabled', secret: `secret-${id}-0123456789`, quota: { day: null, used: 0, droppedToday: 0, droppedTotal: 0 }, failures: 0, streak: 0, routed: 0 };
  }

  get now(): string {
    return new Date(this.clock).toISOString();
  }

  run(a: Action): void {
    if (a.kind === 'arrive') this.arrive(`u${a.user}`, TYPES[a.type] ?? 'deck.created', a.count, a.size);
    else if (a.kind === 'advance') this.clock += a.ms;
    else if (a.kind === 'fanout') this.fanout(a.chunk, a.sealLimit, a.maxLines, a.sealBytes);
    else if (a.kind === 'attempt') this.attempts(a.pick, a.ok, a.all);
    else this.enable(a.sub);
  }

  arrive(user: string, type: string, count: number, size: number): void {
    for (let i = 0; i < count; i++) {
      this.seq += 1;
      const id = `e${String(this.seq).padStart(5, '0')}`;
      this.outbox.push({ id, user_id: user, type, occurred_at: this.now, payload: JSON.stringify({ n: this.seq, pad: 'x'.repeat(size) }), dispatched: false });
    }
  }

  /**
   * One fan-out step as the shell runs it: place a chunk of events (fewer when the line budget
   * stops the plan: the rest stay undispatched), then seal up to `sealLimit` due batches within
   * `sealBytes` of bodies (always one).
   */
  fanout(chunk: number, sealLimit: number, maxLines?: number, sealBytes = Number.POSITIVE_INFINITY): void {
    const now = this.now;
    const read = this.outbox.filter((e) => !e.dispatched).slice(0, chunk);
    const users = new Set(read.map((e) => e.user_id));
    const subs = this.subscriptions.filter((s) => users.has(s.userId) && s.status === 'enabled');
    const open = [...this.batches.values()].filter((b) => subs.some((s) => s.id === b.subscriptionId));
    const plan = planFanout({
      events: read,
      subscriptions: subs.map((s) => ({ id: s.id, userId: s.userId, types: s.types, since: '2000-01-01T00:00:00.000Z', quota: s.quota })),
      open: open.map((b) => ({ ...b, closesAt: b.nextAttemptAt })),
      now,
      limits: LIMITS,
      newId: () => `d${String(++this.ids).padStart(5, '0')}`,
      maxLines,
    });
    const events = read.slice(0, plan.consumed);
    if (read.length > 0) expect(events.length).toBeGreaterThan(0);
    if (maxLines === undefined) expect(events).toHaveLength(read.length);
    // Stopped by the budget only once it was reached, and passing it by one event's lines at most.
    else if (events.length < read.length) expect(plan.members.length).toBeGreaterThanOrEqual(maxLines);
    if (maxLines !== undefined) expect(plan.members.length).toBeLessThan(maxLines + subs.length);
    if (events.length < read.length) this.seen.cutShort += 1;
    for (const s of subs) {
      const wants = typeMatcher(s.types);
      s.routed += events.filter((e) => e.user_id === s.userId && wants(e.type)).length;
    }
    for (const b of plan.batches) {
      const stored = this.batches.get(b.id);
      if (b.fresh) {
        expect(stored).toBeUndefined();
        this.batches.set(b.id, { ...b, count: 0, members: [], lines: [], nextAttemptAt: b.closeNow ? now : b.closesAt });
      } else {
        expect(stored).toBeDefined();
        if (stored && b.closeNow) stored.nextAttemptAt = now;
      }
    }
    for (const m of plan.members) {
      const batch = this.batches.get(m.delivery_id);
      const event = events.find((e) => e.id === m.event_id);
      if (!batch || !event) throw new Error('a member of an unknown batch or event');
      // Positions are consecutive, and an event only joins a batch whose window is still open at its timestamp.
      expect(m.position).toBe(batch.members.length);
      expect(event.occurred_at < (plan.batches.find((b) => b.id === batch.id)?.closesAt ?? '')).toBe(true);
      batch.members.push(m.event_id);
      batch.count = batch.members.length;
    }
    for (const [id, staged] of plan.lines) this.batches.get(id)?.lines.push(...staged.lines);
    for (const b of plan.batches) {
      const stored = this.batches.get(b.id);
      if (stored) Object.assign(stored, { bytes: b.bytes, types: b.types });
    }
    let dropped = 0;
    for (const [id, q] of plan.quotas) {
      const s = this.subscriptions.find((x) => x.id === id);
      if (!s) continue;
      dropped += q.droppedTotal - s.quota.droppedTotal;
      if (s.quota.day !== null && q.day !== s.quota.day) this.seen.midnight += 1;
      s.quota = q;
    }
    expect(plan.dropped).toBe(dropped);
    this.seen.dropped += dropped;
    this.seen.splits += plan.batches.filter((b) => b.closeNow).length;
    for (const e of events) e.dispatched = true;
    this.seal(sealLimit, sealBytes);
  }

  seal(limit: number, sealBytes = Number.POSITIVE_INFINITY): void {
    const now = this.now;
    const found = [...this.batches.values()].filter((b) => b.nextAttemptAt <= now).sort((a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt)).slice(0, limit);
    const due = withinBytes(
      found.map((b) => ({ batch: b, body_bytes: b.bytes })),
      sealBytes,
    ).map((x) => x.batch);
    if (due.length < found.length) this.seen.sealCutShort += 1;
    for (const batch of due) {
      const sub = this.subscriptions.find((s) => s.id === batch.subscriptionId);
      if (!sub) throw new Error('batch of an unknown subscription');
      // What fan-out staged is the whole batch, and it is what reading the outbox back gives.
      expect(isComplete(batch.lines, batch.count)).toBe(true);
      const fromOutbox = batch.members.map((id) => {
        const e = this.outbox.find((x) => x.id === id);
        if (!e) throw new Error('member missing from the outbox');
        return eventLine(e);
      });
      expect(batch.lines).toEqual(fromOutbox);
      const { body, patch } = sealBatch(fromOutbox, sub, now);
      if (patch.status === 'failed') this.seen.sealedDisabled += 1;
      const first = this.outbox.find((x) => x.id === batch.members[0]);
      this.deliveries.push({
        id: batch.id,
        subscriptionId: sub.id,
        events: batch.members,
        body,
        signature: patch.signature,
        status: patch.status,
        attempts: 0,
        nextAttemptAt: patch.next_attempt_at,
        openedDay: first ? utcDayOf(first.occurred_at) : '',
      });
      this.batches.delete(batch.id);
    }
  }

  /** POSTs one due delivery, or every one, each answered alike. */
  attempts(pick: number, ok: boolean, all: boolean): void {
    const now = this.now;
    const due = this.deliveries.filter((d) => (d.status === 'pending' || d.status === 'retrying') && d.nextAttemptAt !== null && d.nextAttemptAt <= now);
    const chosen = all ? due : due.slice(pick % Math.max(due.length, 1)).slice(0, 1);
    // One attempt may stop the others (auto-disable); those are no longer sent.
    for (const d of chosen) if (d.status === 'pending' || d.status === 'retrying') this.attempt(d, ok);
  }

  attempt(d: SimDelivery, ok: boolean): void {
    const sub = this.subscriptions.find((s) => s.id === d.subscriptionId);
    if (!sub) throw new Error('delivery of an unknown subscription');
    const sent = shouldSend('event', sub.status);
    // Auto-disable stops a subscription's queued deliveries, so nothing due is left to send to a disabled one.
    expect(sent).toBe(true);
    const { body, signature } = d;
    const decision = decideRecord(
      { kind: 'event', attemptCount: d.attempts, lastStatusCode: null, result: ok ? { ok, statusCode: 200, error: null } : { ok, statusCode: 500, error: 'receiver answered 500' }, subscriptionStatus: sub.status, now: new Date(this.clock) },
      POLICY,
    );
    d.attempts = decision.patch.attempt_count;
    d.status = decision.patch.status;
    d.nextAttemptAt = decision.patch.next_attempt_at;
    // Retries carry the same body and signature: nothing here may change them.
    expect([d.body, d.signature]).toEqual([body, signature]);
    expect(d.attempts).toBeLessThanOrEqual(1 + POLICY.retryDelaysMs.length);
    if (d.status === 'retrying') {
      expect(d.nextAttemptAt).toBe(retryDueAt(new Date(this.clock), d.attempts, POLICY.retryDelaysMs));
      this.seen.retries += 1;
    }
    if (!ok && d.attempts === 1 + POLICY.retryDelaysMs.length) {
      expect(d.status).toBe('failed');
      this.seen.permanentFailures += 1;
    }

    sub.failures = failureCountAfter(sub.failures, decision.failures);
    sub.streak = ok ? 0 : sub.streak + 1;
    expect(sub.failures).toBe(sub.streak);
    const disable = decideDisable({ consecutiveFailures: sub.failures, status: sub.status }, 'receiver answered 500', POLICY);
    expect(disable !== null).toBe(sub.streak >= POLICY.disableAfter);
    if (disable) {
      this.seen.disables += 1;
      sub.status = 'disabled';
      for (const q of this.deliveries) {
        if (q.subscriptionId === sub.id && (q.status === 'pending' || q.status === 'retrying')) {
          q.status = 'failed';
          q.nextAttemptAt = null;
        }
      }
    }
  }

  enable(index: number): void {
    const sub = this.subscriptions[index];
    if (!sub || sub.status === 'enabled') return;
    Object.assign(sub, { status: 'enabled', failures: 0, streak: 0 });
  }

  /** Lets every window close and fans out until nothing is left undispatched or open. */
  drain(): void {
    for (let i = 0; i < 1_000 && (this.outbox.some((e) => !e.dispatched) || this.batches.size > 0); i++) {
      this.clock += LIMITS.batchWindowMs;
      this.fanout(50, 50);
    }
    expect(this.outbox.every((e) => e.dispatched)).toBe(true);
    expect(this.batches.size).toBe(0);
  }
}

describe('webhook engine properties (random interleavings, injected clock)', () => {
  /** Runs `check` after random interleavings, then asserts the runs went through every rule (so the check could have failed). */
  function forAllInterleavings(check: (sim: Simulator) => void): void {
    const seen: Record<string, number> = {};
    fc.assert(
      fc.property(fc.array(action, { minLength: 10, maxLength: 80 }), (actions) => {
        const sim = new Simulator();
        for (const a of actions) sim.run(a);
        sim.drain();
        for (const [k, v] of Object.entries(sim.seen)) seen[k] = (seen[k] ?? 0) + v;
        check(sim);
      }),
      { numRuns: 1_000 },
    );
    for (const k of Object.keys(new Simulator().seen)) expect(seen[k], `runs with ${k}`).toBeGreaterThan(0);
  }

  it('never loses or duplicates an event: each one a subscription selected is in exactly one of its deliveries, or dropped and counted', () => {
    forAllInterleavings((sim) => {
      for (const sub of sim.subscriptions) {
        const placed = sim.deliveries.filter((d) => d.subscriptionId === sub.id).flatMap((d) => d.events);
        expect(new Set(placed).size).toBe(placed.length);
        const wants = typeMatcher(sub.types);
        for (const id of placed) {
          const e = sim.outbox.find((x) => x.id === id);
          expect(e?.user_id).toBe(sub.userId);
          expect(e && wants(e.type)).toBe(true);
        }
        expect(placed.length + sub.quota.droppedTotal).toBe(sub.routed);
      }
    });
  });

  it('keeps each delivery in recording order, within the size caps, and each subscription within the daily limit', () => {
    forAllInterleavings((sim) => {
      const perDay = new Map<string, number>();
      for (const d of sim.deliveries) {
        expect([...d.events].sort()).toEqual(d.events);
        expect(d.events.length).toBeGreaterThan(0);
        expect(d.events.length).toBeLessThanOrEqual(LIMITS.batchMaxEvents);
        if (d.events.length > 1) expect(Buffer.byteLength(d.body)).toBeLessThanOrEqual(LIMITS.batchMaxBytes);
        const key = `${d.subscriptionId} ${d.openedDay}`;
        perDay.set(key, (perDay.get(key) ?? 0) + 1);
      }
      for (const n of perDay.values()) expect(n).toBeLessThanOrEqual(LIMITS.dailyLimit);
    });
  });
});
