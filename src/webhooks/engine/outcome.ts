/*
 * The outcome rules as pure functions: what one attempt (or the refusal to send)
 * does to its delivery (retry schedule, permanent failure) and to its
 * subscription (consecutive-failure count, auto-disable). The recorder
 * (`../recorder.ts`) reads the state, calls these and writes the answer.
 */

export type DeliveryKind = 'event' | 'test' | 'redelivery';
export type SubscriptionStatus = 'enabled' | 'disabled';

export interface OutcomePolicy {
  /** Delay before retry N is `retryDelaysMs[N-1]` (spec: 30 s, 5 min, 30 min, 2 h, 12 h). */
  retryDelaysMs: readonly number[];
  /** Consecutive failed POSTs that disable a subscription (spec: 10). */
  disableAfter: number;
}

/** What the receiver did with one POST. */
export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

/** The delivery's columns an outcome sets. */
export interface DeliveryPatch {
  status: 'delivered' | 'retrying' | 'failed';
  attempt_count: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  completed_at: string | null;
  updated_at: string;
}

/** What an outcome does to the subscription's consecutive-failure count. */
export type FailureCountChange = 'reset' | 'add' | 'keep';

export interface RecordDecision {
  /** The attempt's number in the log; null when nothing was sent. */
  attemptNumber: number | null;
  patch: DeliveryPatch;
  outcome: DeliveryPatch['status'];
  failures: FailureCountChange;
}

export const NOT_SENT_DISABLED = 'not sent: the subscription is disabled';

/** A disabled subscription's deliveries are not sent; a test send is, so an owner can check the endpoint before re-enabling. */
export function shouldSend(kind: DeliveryKind, subscriptionStatus: SubscriptionStatus): boolean {
  return subscriptionStatus === 'enabled' || kind === 'test';
}

/** Test sends are attempted once and leave the failure count alone; every other delivery counts. */
export function countsTowardFailures(kind: DeliveryKind): boolean {
  return kind !== 'test';
}

/** When retry `attemptNumber` (the attempt that just failed was number `attemptNumber`) is due, or null when no retry is left. */
export function retryDueAt(now: Date, attemptNumber: number, retryDelaysMs: readonly number[]): string | null {
  const delay = retryDelaysMs[attemptNumber - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay).toISOString();
}

export interface RecordInput {
  kind: DeliveryKind;
  /** Attempts stored before this one. */
  attemptCount: number;
  lastStatusCode: number | null;
  /** null: not sent, because the subscription is disabled. */
  result: AttemptResult | null;
  /** The subscription's status when the outcome is recorded (a failure is only retried while enabled). */
  subscriptionStatus: SubscriptionStatus;
  now: Date;
}

/**
 * One attempt's effect on its delivery: delivered on a 2xx; retried on the
 * schedule after a failure while retries are left (never for a test send or a
 * disabled subscription); otherwise permanently failed.
 */
export function decideRecord(input: RecordInput, policy: Pick<OutcomePolicy, 'retryDelaysMs'>): RecordDecision {
  const at = input.now.toISOString();
  const { result } = input;
  if (result === null) {
    return {
      attemptNumber: null,
      outcome: 'failed',
      failures: 'keep',
      patch: {
        status: 'failed',
        attempt_count: input.attemptCount,
        next_attempt_at: null,
        last_status_code: input.lastStatusCode,
        last_error: NOT_SENT_DISABLED,
        completed_at: at,
        updated_at: at,
      },
    };
  }
  const number = input.attemptCount + 1;
  const counts = countsTowardFailures(input.kind);
  if (result.ok) {
    return {
      attemptNumber: number,
      outcome: 'delivered',
      failures: counts ? 'reset' : 'keep',
      patch: { status: 'delivered', attempt_count: number, next_attempt_at: null, last_status_code: result.statusCode, last_error: null, completed_at: at, updated_at: at },
    };
  }
  const retryAt = counts && input.subscriptionStatus === 'enabled' ? retryDueAt(input.now, number, policy.retryDelaysMs) : null;
  const status = retryAt === null ? 'failed' : 'retrying';
  return {
    attemptNumber: number,
    outcome: status,
    failures: counts ? 'add' : 'keep',
    patch: {
      status,
      attempt_count: number,
      next_attempt_at: retryAt,
      last_status_code: result.statusCode,
      last_error: result.error,
      completed_at: retryAt === null ? at : null,
      updated_at: at,
    },
  };
}

/**
 * An attempt that was in flight when its subscription was disabled (the disable stopped the
 * delivery meanwhile, `failed` with the stop's reason): it was sent, so it is logged. A 2xx
 * means the receiver has the events: the delivery is delivered. Any other answer leaves it
 * stopped, with the stop's reason. The failure count stays as the disable left it.
 */
export function decideStoppedAttempt(input: { attemptCount: number; lastError: string | null; result: AttemptResult & { ok: boolean }; now: Date }): { attemptNumber: number; patch: DeliveryPatch } {
  const at = input.now.toISOString();
  const number = input.attemptCount + 1;
  const { result } = input;
  return {
    attemptNumber: number,
    patch: result.ok
      ? { status: 'delivered', attempt_count: number, next_attempt_at: null, last_status_code: result.statusCode, last_error: null, completed_at: at, updated_at: at }
      : { status: 'failed', attempt_count: number, next_attempt_at: null, last_status_code: result.statusCode, last_error: input.lastError, completed_at: at, updated_at: at },
  };
}

/** The consecutive-failure count after an outcome (the store applies the same change atomically). */
export function failureCountAfter(count: number, change: FailureCountChange): number {
  return change === 'reset' ? 0 : change === 'add' ? count + 1 : count;
}

export interface DisableDecision {
  /** `disabled_reason`: the count and the last error. */
  reason: string;
  /** `last_error` of the deliveries stopped by the disable. */
  stopped: string;
}

/** An enabled subscription whose consecutive failures reached the limit is disabled; its queued deliveries stop. */
export function decideDisable(
  after: { consecutiveFailures: number; status: SubscriptionStatus },
  lastError: string | null,
  policy: Pick<OutcomePolicy, 'disableAfter'>,
): DisableDecision | null {
  if (after.status !== 'enabled' || after.consecutiveFailures < policy.disableAfter) return null;
  const n = after.consecutiveFailures;
  return {
    reason: `${n} consecutive deliveries failed; the last: ${lastError ?? 'unknown error'}`,
    stopped: `stopped: the subscription was disabled after ${n} consecutive failures`,
  };
}

/** A retry scheduled by the attempt that disabled its subscription is stopped with the rest, so it ends failed. */
export function outcomeAfterDisable(outcome: RecordDecision['outcome']): RecordDecision['outcome'] {
  return outcome === 'retrying' ? 'failed' : outcome;
}
