import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import {
  decideDisable,
  decideRecord,
  decideStoppedAttempt,
  failureCountAfter,
  outcomeAfterDisable,
  retryDueAt,
  shouldSend,
  type AttemptResult,
  type DeliveryKind,
  type RecordInput,
} from '../../src/webhooks/engine/outcome.js';

// The specification's numbers, as the configuration's defaults give them.
const SPEC = loadConfig({}).webhooks;
const NOW = new Date('2026-11-22T10:00:00.000Z');
const fail: AttemptResult = { ok: false, statusCode: 500, error: 'receiver answered 500' };
const ok: AttemptResult = { ok: true, statusCode: 204, error: null };

function input(over: Partial<RecordInput> = {}): RecordInput {
  return { kind: 'event', attemptCount: 0, lastStatusCode: null, result: fail, subscriptionStatus: 'enabled', now: NOW, ...over };
}

const plus = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

describe('retry schedule', () => {
  it('is the specification\'s: 30 s, 5 min, 30 min, 2 h, 12 h', () => {
    expect(SPEC.retryDelaysMs).toEqual([30_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000]);
  });

  it.each([
    [1, 30_000],
    [2, 5 * 60_000],
    [3, 30 * 60_000],
    [4, 2 * 3_600_000],
    [5, 12 * 3_600_000],
  ])('schedules retry %i that long after the failure before it', (retry, delay) => {
    // Attempt number `retry` is the one that failed (the first attempt is number 1).
    const d = decideRecord(input({ attemptCount: retry - 1 }), SPEC);
    expect(d).toMatchObject({ attemptNumber: retry, outcome: 'retrying', failures: 'add' });
    expect(d.patch).toEqual({
      status: 'retrying',
      attempt_count: retry,
      next_attempt_at: plus(delay),
      last_status_code: 500,
      last_error: 'receiver answered 500',
      completed_at: null,
      updated_at: NOW.toISOString(),
    });
  });

  it('marks the delivery permanently failed when the 5th retry (6th attempt) fails', () => {
    const d = decideRecord(input({ attemptCount: 5 }), SPEC);
    expect(d).toMatchObject({ attemptNumber: 6, outcome: 'failed', failures: 'add' });
    expect(d.patch).toMatchObject({ status: 'failed', attempt_count: 6, next_attempt_at: null, completed_at: NOW.toISOString() });
  });

  it('retryDueAt has no retry beyond the schedule', () => {
    expect(retryDueAt(NOW, 5, SPEC.retryDelaysMs)).toBe(plus(12 * 3_600_000));
    expect(retryDueAt(NOW, 6, SPEC.retryDelaysMs)).toBeNull();
    expect(retryDueAt(NOW, 1, [])).toBeNull();
  });

  it('keeps the whole schedule under 15 hours, inside the 30-day log', () => {
    expect(SPEC.retryDelaysMs.reduce((a, b) => a + b, 0)).toBeLessThan(15 * 3_600_000);
  });
});

describe('outcome of an attempt', () => {
  it('delivers on a 2xx at any attempt and resets the failure count', () => {
    for (let n = 0; n < 6; n++) {
      const d = decideRecord(input({ attemptCount: n, result: ok }), SPEC);
      expect(d).toMatchObject({ attemptNumber: n + 1, outcome: 'delivered', failures: 'reset' });
      expect(d.patch).toMatchObject({ status: 'delivered', next_attempt_at: null, last_status_code: 204, last_error: null, completed_at: NOW.toISOString() });
    }
  });

  it('counts every failed POST of an event delivery or redelivery, first attempt or retry', () => {
    for (const kind of ['event', 'redelivery'] as DeliveryKind[]) {
      for (let n = 0; n < 6; n++) expect(decideRecord(input({ kind, attemptCount: n }), SPEC).failures).toBe('add');
    }
  });

  it('attempts a test send once: a failure is final and leaves the failure count alone, as does a success', () => {
    expect(decideRecord(input({ kind: 'test' }), SPEC)).toMatchObject({ attemptNumber: 1, outcome: 'failed', failures: 'keep', patch: { next_attempt_at: null } });
    expect(decideRecord(input({ kind: 'test', result: ok }), SPEC)).toMatchObject({ outcome: 'delivered', failures: 'keep' });
  });

  it('does not retry a failure once the subscription is disabled', () => {
    expect(decideRecord(input({ subscriptionStatus: 'disabled' }), SPEC)).toMatchObject({ outcome: 'failed', failures: 'add', patch: { status: 'failed', next_attempt_at: null } });
  });

  it('fails a delivery that was not sent because its subscription is disabled, without an attempt or a count', () => {
    const d = decideRecord(input({ result: null, attemptCount: 2, lastStatusCode: 503, subscriptionStatus: 'disabled' }), SPEC);
    expect(d).toEqual({
      attemptNumber: null,
      outcome: 'failed',
      failures: 'keep',
      patch: {
        status: 'failed',
        attempt_count: 2,
        next_attempt_at: null,
        last_status_code: 503,
        last_error: 'not sent: the subscription is disabled',
        completed_at: NOW.toISOString(),
        updated_at: NOW.toISOString(),
      },
    });
  });

  it('keeps the error of a timeout or network failure with no status code', () => {
    const d = decideRecord(input({ result: { ok: false, statusCode: null, error: 'timeout: no response within 10000 ms' } }), SPEC);
    expect(d.patch).toMatchObject({ last_status_code: null, last_error: 'timeout: no response within 10000 ms' });
  });

  it('sends to a disabled subscription only a test delivery', () => {
    expect(shouldSend('event', 'enabled')).toBe(true);
    expect(shouldSend('redelivery', 'enabled')).toBe(true);
    expect(shouldSend('test', 'enabled')).toBe(true);
    expect(shouldSend('event', 'disabled')).toBe(false);
    expect(shouldSend('redelivery', 'disabled')).toBe(false);
    expect(shouldSend('test', 'disabled')).toBe(true);
  });
});

describe('consecutive failures and auto-disable', () => {
  it('is the specification\'s: 10 consecutive failed deliveries', () => {
    expect(SPEC.disableAfter).toBe(10);
  });

  it('adds one per failure and goes back to 0 on a 2xx', () => {
    expect(failureCountAfter(9, 'add')).toBe(10);
    expect(failureCountAfter(9, 'reset')).toBe(0);
    expect(failureCountAfter(9, 'keep')).toBe(9);
  });

  it('disables the subscription after 10 consecutive failed deliveries, not before', () => {
    expect(decideDisable({ consecutiveFailures: 9, status: 'enabled' }, 'receiver answered 500', SPEC)).toBeNull();
    expect(decideDisable({ consecutiveFailures: 10, status: 'enabled' }, 'receiver answered 500', SPEC)).toEqual({
      reason: '10 consecutive deliveries failed; the last: receiver answered 500',
      stopped: 'stopped: the subscription was disabled after 10 consecutive failures',
    });
    // Two dispatchers recording at once can push the count past the limit.
    expect(decideDisable({ consecutiveFailures: 11, status: 'enabled' }, null, SPEC)?.reason).toBe('11 consecutive deliveries failed; the last: unknown error');
  });

  it('does not disable a subscription twice', () => {
    expect(decideDisable({ consecutiveFailures: 12, status: 'disabled' }, 'x', SPEC)).toBeNull();
  });

  it('ends a retry scheduled by the disabling failure as failed', () => {
    expect(outcomeAfterDisable('retrying')).toBe('failed');
    expect(outcomeAfterDisable('failed')).toBe('failed');
    expect(outcomeAfterDisable('delivered')).toBe('delivered');
  });
});

describe('an attempt in flight when a disable stopped its delivery', () => {
  const now = new Date('2026-11-30T12:00:00.000Z');
  it('is the next attempt, and delivers the delivery on a 2xx', () => {
    expect(decideStoppedAttempt({ attemptCount: 3, lastError: 'stopped', result: { ok: true, statusCode: 204, error: null }, now })).toEqual({
      attemptNumber: 4,
      patch: { status: 'delivered', attempt_count: 4, next_attempt_at: null, last_status_code: 204, last_error: null, completed_at: now.toISOString(), updated_at: now.toISOString() },
    });
  });

  it('leaves it stopped, with the stop\'s reason, on any other answer', () => {
    expect(decideStoppedAttempt({ attemptCount: 0, lastError: 'stopped', result: { ok: false, statusCode: null, error: 'timeout' }, now }).patch).toMatchObject({
      status: 'failed',
      attempt_count: 1,
      last_error: 'stopped',
      next_attempt_at: null,
    });
  });
});
