import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { eventLine, type OutboxEvent } from '../../src/webhooks/engine/body.js';
import {
  admit,
  planFanout,
  windowCloseFor,
  type FanoutLimits,
  type FanoutPlan,
  type FanoutSubscription,
  type OpenBatch,
  type Quota,
} from '../../src/webhooks/engine/fanout.js';

// The specification's numbers, as the configuration's defaults give them.
const SPEC: FanoutLimits = loadConfig({}).webhooks;
const T0 = '2026-11-22T10:00:00.000Z';

function at(ms: number, base = T0): string {
  return new Date(Date.parse(base) + ms).toISOString();
}

let seq = 0;
function event(user: string, offsetMs: number, type = 'deck.created', payload = '{"n":1}', base = T0): OutboxEvent {
  seq += 1;
  return { id: `e${String(seq).padStart(6, '0')}`, user_id: user, type, occurred_at: at(offsetMs, base), payload };
}

const fresh: Quota = { day: null, used: 0, droppedToday: 0, droppedTotal: 0 };
function sub(id: string, user: string, types: string[] = ['*'], quota: Quota = fresh, since = '2000-01-01T00:00:00.000Z'): FanoutSubscription {
  return { id, userId: user, types, since, quota };
}

function plan(opts: { events: OutboxEvent[]; subscriptions: FanoutSubscription[]; open?: OpenBatch[]; limits?: Partial<FanoutLimits>; now?: string }): FanoutPlan {
  let n = 0;
  return planFanout({
    events: opts.events,
    subscriptions: opts.subscriptions,
    open: opts.open ?? [],
    now: opts.now ?? at(60_000),
    limits: { ...SPEC, ...opts.limits },
    newId: () => `b${++n}`,
  });
}

/** Event ids per batch, in batch order. */
function eventsByBatch(p: FanoutPlan): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const m of p.members) {
    out[m.delivery_id] ??= [];
    out[m.delivery_id]?.push(m.event_id);
  }
  return out;
}

describe('fan-out: which events go to which subscription', () => {
  it('sends every event of a user to each of that user\'s subscriptions that selected its type, and all of them to "*"', () => {
    const events = [event('u1', 0, 'deck.created'), event('u1', 1, 'binder.created'), event('u1', 2, 'export.completed'), event('u1', 3, 'deck.deleted')];
    const p = plan({ events, subscriptions: [sub('s-decks', 'u1', ['deck.created', 'deck.deleted']), sub('s-all', 'u1', ['*'])] });
    const bySub = Object.fromEntries(p.batches.map((b) => [b.subscriptionId, eventsByBatch(p)[b.id]]));
    expect(bySub['s-decks']).toEqual([events[0]!.id, events[3]!.id]);
    expect(bySub['s-all']).toEqual(events.map((e) => e.id));
  });

  it('gives a subscription only the events of its time: none from before it was created or last re-enabled, however late the fan-out runs', () => {
    const events = [event('u1', 0, 'deck.created'), event('u1', 1_000, 'deck.created'), event('u1', 2_000, 'deck.created')];
    const p = plan({ events, subscriptions: [sub('s-new', 'u1', ['*'], fresh, at(1_000)), sub('s-old', 'u1', ['*'])] });
    const bySub = Object.fromEntries(p.batches.map((b) => [b.subscriptionId, eventsByBatch(p)[b.id]]));
    expect(bySub['s-new']).toEqual([events[1]!.id, events[2]!.id]);
    expect(bySub['s-old']).toEqual(events.map((e) => e.id));
  });

  it("never places one user's events in another user's subscription", () => {
    const p = plan({ events: [event('bob', 0), event('bob', 1)], subscriptions: [sub('s-alice', 'alice')] });
    expect(p.members).toEqual([]);
    expect(p.batches).toEqual([]);
    expect(p.opened).toBe(0);
  });

  it('keeps the events of a batch in the order they were recorded, at consecutive positions', () => {
    const events = [event('u1', 0), event('u1', 10), event('u1', 20)];
    const p = plan({ events, subscriptions: [sub('s1', 'u1')] });
    expect(p.members).toEqual(events.map((e, i) => ({ delivery_id: 'b1', position: i, event_id: e.id })));
  });

  it('stages the exact event lines for sealing, and marks a batch opened by this step as complete in memory', () => {
    const events = [event('u1', 0, 'deck.created', '{"name":"ü \\"q\\""}'), event('u1', 5)];
    const p = plan({ events, subscriptions: [sub('s1', 'u1')] });
    const staged = p.lines.get('b1');
    expect(staged?.fresh).toBe(true);
    expect(staged?.lines).toEqual(events.map(eventLine));
    expect(staged?.bytes).toBe(events.map(eventLine).reduce((n, l) => n + Buffer.byteLength(l), 0));
  });
});

describe('fan-out: the 5-second batching window', () => {
  it('batches every event within 5 s of the first into one delivery (50 events in quick succession: one batch of 50)', () => {
    const events = Array.from({ length: 50 }, (_, i) => event('u1', i * 90));
    const p = plan({ events, subscriptions: [sub('s1', 'u1')] });
    expect(p.batches).toHaveLength(1);
    expect(p.batches[0]).toMatchObject({ count: 50, closesAt: at(5_000), fresh: true, closeNow: false });
    expect(p.opened).toBe(1);
  });

  it('opens the window with the first event: the batch closes exactly 5 s after its timestamp', () => {
    const p = plan({ events: [event('u1', 1_234)], subscriptions: [sub('s1', 'u1')] });
    expect(p.batches[0]?.closesAt).toBe(at(6_234));
  });

  it('takes an event stamped 1 ms before the window closes, and opens a new batch for one stamped at the close', () => {
    const events = [event('u1', 0), event('u1', 4_999), event('u1', 5_000)];
    const p = plan({ events, subscriptions: [sub('s1', 'u1')] });
    expect(Object.values(eventsByBatch(p))).toEqual([[events[0]!.id, events[1]!.id], [events[2]!.id]]);
    expect(p.batches.map((b) => b.closesAt)).toEqual([at(5_000), at(10_000)]);
  });

  it('measures the window on event timestamps, not on when fan-out runs', () => {
    // Fan-out runs a minute late: the window still closes 5 s after the first event.
    const p = plan({ events: [event('u1', 0)], subscriptions: [sub('s1', 'u1')], now: at(60_000) });
    expect(p.batches[0]).toMatchObject({ closesAt: at(5_000), createdAt: at(60_000) });
  });

  it('appends to a batch opened by an earlier step while its window is open, and reports it grown, not fresh', () => {
    const open: OpenBatch = { id: 'old', subscriptionId: 's1', userId: 'u1', count: 2, bytes: 100, types: ['deck.created'], closesAt: at(5_000), createdAt: T0 };
    const e = event('u1', 3_000, 'binder.created');
    const p = plan({ events: [e], subscriptions: [sub('s1', 'u1')], open: [open] });
    expect(p.members).toEqual([{ delivery_id: 'old', position: 2, event_id: e.id }]);
    expect(p.batches).toEqual([
      { ...open, count: 3, bytes: 100 + 1 + Buffer.byteLength(eventLine(e)), types: ['binder.created', 'deck.created'], fresh: false, grown: true, closeNow: false },
    ]);
    expect(p.lines.get('old')?.fresh).toBe(false);
    expect(p.opened).toBe(0);
  });

  it('leaves a batch whose window has closed for sealing (unchanged) and opens a new one', () => {
    const open: OpenBatch = { id: 'old', subscriptionId: 's1', userId: 'u1', count: 2, bytes: 100, types: ['deck.created'], closesAt: at(5_000), createdAt: T0 };
    const p = plan({ events: [event('u1', 7_000)], subscriptions: [sub('s1', 'u1')], open: [open] });
    expect(p.batches.map((b) => [b.id, b.fresh])).toEqual([['b1', true]]);
    expect(p.batches[0]?.closesAt).toBe(at(12_000));
  });
});

describe('fan-out: the size caps (1,000 events, 1 MiB)', () => {
  it('seals a batch as soon as it holds 1,000 events and starts the next, which inherits the remaining window', () => {
    const events = Array.from({ length: 2_500 }, (_, i) => event('u1', Math.floor(i / 1000)));
    const p = plan({ events, subscriptions: [sub('s1', 'u1')] });
    expect(p.batches.map((b) => [b.count, b.closeNow, b.closesAt])).toEqual([
      [1_000, true, at(5_000)],
      [1_000, true, at(5_000)],
      [500, false, at(5_000)],
    ]);
    expect(p.opened).toBe(3);
  });

  it('splits by event count under a smaller cap, in order, without losing or repeating an event', () => {
    const events = Array.from({ length: 50 }, (_, i) => event('u1', i));
    const p = plan({ events, subscriptions: [sub('s1', 'u1')], limits: { batchMaxEvents: 20 } });
    expect(p.batches.map((b) => b.count)).toEqual([20, 20, 10]);
    expect(Object.values(eventsByBatch(p)).flat()).toEqual(events.map((e) => e.id));
  });

  it('never lets a body exceed the byte cap, except a single event larger than the cap, which is sent alone', () => {
    const limits = { batchMaxBytes: 4_096 };
    const events = [
      ...Array.from({ length: 10 }, (_, i) => event('u1', i, 'binder.created', JSON.stringify({ i, blob: 'b'.repeat(1000) }))),
      event('u1', 10, 'binder.created', JSON.stringify({ i: 10, blob: 'B'.repeat(6000) })),
    ];
    const p = plan({ events, subscriptions: [sub('s1', 'u1')], limits });
    for (const b of p.batches) {
      const body = `[${(p.lines.get(b.id)?.lines ?? []).join(',')}]`;
      expect(Buffer.byteLength(body)).toBe(b.bytes);
      if (b.count > 1) expect(b.bytes).toBeLessThanOrEqual(4_096);
    }
    const last = p.batches.at(-1);
    expect(last).toMatchObject({ count: 1, closeNow: true });
    expect(last?.bytes).toBeGreaterThan(6_000);
    expect(Object.values(eventsByBatch(p)).flat()).toEqual(events.map((e) => e.id));
  });

  it('closes a stored batch that cannot take the next event now, and hands its window to the new one', () => {
    const open: OpenBatch = { id: 'old', subscriptionId: 's1', userId: 'u1', count: 20, bytes: 500, types: ['deck.created'], closesAt: at(5_000), createdAt: T0 };
    const p = plan({ events: [event('u1', 100)], subscriptions: [sub('s1', 'u1')], open: [open], limits: { batchMaxEvents: 20 } });
    expect(p.batches.map((b) => [b.id, b.fresh, b.grown, b.closeNow, b.closesAt])).toEqual([
      ['old', false, false, true, at(5_000)],
      ['b1', true, true, false, at(5_000)],
    ]);
  });

  it('does not inherit a window that has already passed for the event', () => {
    expect(windowCloseFor(at(6_000), at(5_000), 5_000)).toBe(at(11_000));
    expect(windowCloseFor(at(4_000), at(5_000), 5_000)).toBe(at(5_000));
    expect(windowCloseFor(at(4_000), undefined, 5_000)).toBe(at(9_000));
  });
});

describe('fan-out: the daily limit (1,000 deliveries per subscription per UTC day)', () => {
  it('counts a batch once, however many events it holds', () => {
    const p = plan({ events: Array.from({ length: 50 }, (_, i) => event('u1', i)), subscriptions: [sub('s1', 'u1')] });
    expect(p.quotas.get('s1')).toEqual({ day: '2026-11-22', used: 1, droppedToday: 0, droppedTotal: 0 });
  });

  it('counts each part of a split batch', () => {
    const p = plan({ events: Array.from({ length: 50 }, (_, i) => event('u1', i)), subscriptions: [sub('s1', 'u1')], limits: { batchMaxEvents: 20 } });
    expect(p.quotas.get('s1')?.used).toBe(3);
  });

  it('opens the 1,000th delivery of the day, then drops events that would open the 1,001st and counts them', () => {
    const quota: Quota = { day: '2026-11-22', used: 999, droppedToday: 0, droppedTotal: 7 };
    // Three windows' worth of events: the first opens delivery 1,000, the other two are past the limit.
    const events = [event('u1', 0), event('u1', 1), event('u1', 6_000), event('u1', 12_000), event('u1', 12_001)];
    const p = plan({ events, subscriptions: [sub('s1', 'u1', ['*'], quota)] });
    expect(Object.values(eventsByBatch(p))).toEqual([[events[0]!.id, events[1]!.id]]);
    expect(p.dropped).toBe(3);
    expect(p.quotas.get('s1')).toEqual({ day: '2026-11-22', used: 1_000, droppedToday: 3, droppedTotal: 10 });
  });

  it('starts counting afresh at 00:00 UTC by the event\'s timestamp', () => {
    const quota: Quota = { day: '2026-11-22', used: 1_000, droppedToday: 12, droppedTotal: 40 };
    const events = [event('u1', -1, 'deck.created', '{}', '2026-11-23T00:00:00.000Z'), event('u1', 0, 'deck.created', '{}', '2026-11-23T00:00:00.000Z')];
    const p = plan({ events, subscriptions: [sub('s1', 'u1', ['*'], quota)] });
    expect(p.dropped).toBe(1); // 23:59:59.999 is still the old day
    expect(Object.values(eventsByBatch(p))).toEqual([[events[1]!.id]]);
    expect(p.quotas.get('s1')).toEqual({ day: '2026-11-23', used: 1, droppedToday: 0, droppedTotal: 41 });
  });

  it('keeps the limit per subscription: one at its limit does not stop another of the same user', () => {
    const full: Quota = { day: '2026-11-22', used: 1_000, droppedToday: 0, droppedTotal: 0 };
    const p = plan({ events: [event('u1', 0)], subscriptions: [sub('s-full', 'u1', ['*'], full), sub('s-ok', 'u1')] });
    expect(p.batches.map((b) => b.subscriptionId)).toEqual(['s-ok']);
    expect(p.quotas.get('s-full')?.droppedToday).toBe(1);
  });

  it('admit: rolls the counters to a new day, counts against the current day for an older event, and never exceeds the limit', () => {
    const q: Quota = { day: '2026-11-22', used: 3, droppedToday: 1, droppedTotal: 5 };
    expect(admit(q, '2026-11-23', 3)).toEqual({ admitted: true, quota: { day: '2026-11-23', used: 1, droppedToday: 0, droppedTotal: 5 } });
    expect(admit(q, '2026-11-21', 3)).toEqual({ admitted: false, quota: { day: '2026-11-22', used: 3, droppedToday: 2, droppedTotal: 6 } });
    expect(admit(q, '2026-11-22', 4)).toEqual({ admitted: true, quota: { ...q, used: 4 } });
    expect(admit(fresh, '2026-11-22', 1)).toEqual({ admitted: true, quota: { day: '2026-11-22', used: 1, droppedToday: 0, droppedTotal: 0 } });
  });
});
