import { describe, expect, it } from 'vitest';
import { claimBudget, perUserShare, pickClaimable, saturatedSubscriptions } from '../../src/webhooks/engine/claim.js';
import { backoffMs, MAX_BACKOFF_MS, nextWait } from '../../src/webhooks/engine/pacing.js';
import { createOutageLog, type Log } from '../../src/webhooks/log.js';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const plus = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

describe('claiming', () => {
  it('claims every free slot when idle, and waits for a quarter of the slots while POSTs are in flight', () => {
    expect(claimBudget(64, 0)).toBe(64);
    expect(claimBudget(64, 48)).toBe(16);
    expect(claimBudget(64, 49)).toBe(0);
    expect(claimBudget(64, 64)).toBe(0);
    expect(claimBudget(1, 0)).toBe(1);
    expect(claimBudget(1, 1)).toBe(0);
  });

  it('keeps each subscription within its share of POSTs in flight, in candidate order', () => {
    const c = (id: string, sub: string) => ({ id, subscription_id: sub });
    const candidates = [c('1', 'a'), c('2', 'a'), c('3', 'a'), c('4', 'b'), c('5', 'c'), c('6', 'b')];
    expect(pickClaimable(candidates, new Map(), 2, 10).map((d) => d.id)).toEqual(['1', '2', '4', '5', '6']);
    expect(pickClaimable(candidates, new Map([['a', 1]]), 2, 10).map((d) => d.id)).toEqual(['1', '4', '5', '6']);
    expect(pickClaimable(candidates, new Map(), 2, 3).map((d) => d.id)).toEqual(['1', '2', '4']);
    expect(pickClaimable(candidates, new Map(), 2, 0)).toEqual([]);
    expect(saturatedSubscriptions(new Map([['a', 2], ['b', 1]]), 2)).toEqual(['a']);
  });

  it('keeps each account within a quarter of the slots, so one account\'s silent receivers cannot hold them all', () => {
    expect(perUserShare(64, 2)).toBe(16);
    expect(perUserShare(4, 2)).toBe(2);
    expect(perUserShare(1, 1)).toBe(1);
    // Account u1 owns subscriptions a, b and c; u2 owns d.
    const c = (id: string, sub: string, user: string) => ({ id, subscription_id: sub, user_id: user });
    const candidates = [c('1', 'a', 'u1'), c('2', 'b', 'u1'), c('3', 'c', 'u1'), c('4', 'a', 'u1'), c('5', 'd', 'u2'), c('6', 'd', 'u2')];
    expect(pickClaimable(candidates, new Map(), 2, 10, { inFlight: new Map(), max: 3 }).map((d) => d.id)).toEqual(['1', '2', '3', '5', '6']);
    // u1 has two in flight already: one more, then u2's.
    expect(pickClaimable(candidates, new Map(), 2, 10, { inFlight: new Map([['u1', 2]]), max: 3 }).map((d) => d.id)).toEqual(['1', '5', '6']);
    expect(pickClaimable(candidates, new Map(), 2, 10, { inFlight: new Map([['u1', 3]]), max: 3 }).map((d) => d.id)).toEqual(['5', '6']);
  });
});

describe('pacing', () => {
  it('sleeps until the next thing is due, at most a poll, and not at all while more work waits', () => {
    const pass = { more: false, filled: false, nextDue: plus(100), now: NOW };
    expect(nextWait(pass, 250)).toBe(100);
    expect(nextWait({ ...pass, nextDue: plus(10_000) }, 250)).toBe(250);
    expect(nextWait({ ...pass, more: true }, 250)).toBe(0);
    expect(nextWait({ ...pass, filled: true }, 250)).toBe(0);
    // Due already but not claimable here: a poll (finishing POSTs wake the loop sooner).
    expect(nextWait({ ...pass, nextDue: plus(-5) }, 250)).toBe(250);
    expect(nextWait({ ...pass, nextDue: null }, 250)).toBe(250);
    expect(nextWait(undefined, 250)).toBe(250);
  });

  it('backs off after failures: 1 s, doubling, at most 5 s (or a poll when polls are longer)', () => {
    expect([1, 2, 3, 4, 5, 50].map((n) => backoffMs(n, 250))).toEqual([1_000, 2_000, 4_000, MAX_BACKOFF_MS, MAX_BACKOFF_MS, MAX_BACKOFF_MS]);
    expect(backoffMs(1, 20_000)).toBe(20_000);
    expect(backoffMs(3, 20_000)).toBe(20_000);
  });
});

describe('the outage log', () => {
  function capture() {
    const lines: Array<{ level: string; obj: object; msg?: string }> = [];
    const at = (level: string) => (obj: object, msg?: string) => lines.push({ level, obj, msg });
    const log: Log = { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') };
    return { log, lines };
  }

  it('logs the first failure of a step once, counts the rest, and logs the recovery once', () => {
    const { log, lines } = capture();
    const outage = createOutageLog(log);
    const err = new Error('connection terminated');
    expect([1, 2, 3].map(() => outage.failed('claiming', err))).toEqual([1, 2, 3]);
    expect(lines).toEqual([{ level: 'error', obj: { err, step: 'claiming' }, msg: expect.stringMatching(/claiming failed; backing off/) }]);
    outage.ok('claiming');
    outage.ok('claiming');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ level: 'info', obj: { step: 'claiming', failures: 3 }, msg: expect.stringMatching(/works again/) });
    // A new outage is a new line.
    outage.failed('claiming', err);
    expect(lines).toHaveLength(3);
  });

  it('keeps each step apart', () => {
    const { log, lines } = capture();
    const outage = createOutageLog(log);
    outage.failed('claiming', new Error('a'));
    outage.failed('recording results', new Error('b'));
    outage.failed('claiming', new Error('c'));
    outage.ok('recording results');
    expect(lines.map((l) => [l.level, (l.obj as { step: string }).step])).toEqual([
      ['error', 'claiming'],
      ['error', 'recording results'],
      ['info', 'recording results'],
    ]);
  });
});
