import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { createWriteTransactions } from '../db/group-commit.js';
import type { Executor } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { writeTransaction } from '../db/transaction.js';
import type { ClaimedDelivery } from './dialect.js';
import { decideDisable, decideRecord, decideStoppedAttempt, outcomeAfterDisable, type RecordDecision } from './engine/outcome.js';
import type { OutboundResult } from './http-client.js';
import type { Log } from './log.js';
import { createQueueStore } from './queue-store.js';
import type { AttemptRow, SubscriptionRow } from './rows.js';
import { createSubscriptionStore } from './subscription-store.js';

/** One claimed delivery's attempt, ready to record. */
export interface AttemptOutcome {
  delivery: ClaimedDelivery;
  subscription: SubscriptionRow;
  /** null: not sent, because the subscription is disabled. */
  result: (OutboundResult & { attemptedAt: Date }) | null;
  /** Identifies the attempt, so recording it twice (a retried commit) logs it once. */
  attemptId: string;
}

export interface RecordEffect {
  /** For the deliveries metric; absent when nothing was recorded here (lease lost, already recorded, delivery deleted). */
  outcome?: RecordDecision['outcome'];
  /** This outcome disabled the subscription: an e-mail is owed. */
  disabled: boolean;
}

export interface RecorderDeps {
  database: Database;
  clock: Clock;
  config: Pick<Config['webhooks'], 'retryDelaysMs' | 'disableAfter'>;
  /** The lease owner whose results these are. */
  owner: string;
  log: Log;
}

/** The delivery log's row for one attempt. */
function attemptRow(o: AttemptOutcome, result: NonNullable<AttemptOutcome['result']>, number: number): AttemptRow {
  return {
    id: o.attemptId,
    delivery_id: o.delivery.id,
    number,
    attempted_at: result.attemptedAt.toISOString(),
    duration_ms: result.durationMs,
    status_code: result.statusCode,
    success: result.ok ? 1 : 0,
    error: result.error,
    response_body: result.responseBody,
    response_truncated: result.responseTruncated ? 1 : 0,
  };
}

/**
 * Writes attempt outcomes, applying the retry and disable rules of
 * `engine/outcome.ts`. Outcomes are written through group commit: under load one
 * commit covers many attempts (at most 200, gathered for a millisecond), which is
 * what lets one SQLite file keep up with thousands of deliveries per second. A
 * unit that fails is rolled back alone; the others still commit.
 */
export function createRecorder(deps: RecorderDeps) {
  const { clock, config, owner, log } = deps;
  const writes = createWriteTransactions(deps.database, {
    transaction: (work, o) => writeTransaction(deps.database, work, o),
    groupOnPostgres: true,
    maxUnits: 200,
    gatherMs: 1,
  });

  async function recordStopped(queue: ReturnType<typeof createQueueStore>, o: AttemptOutcome, attemptCount: number, lastError: string | null, now: Date): Promise<RecordEffect> {
    const result = o.result;
    if (!result) return { disabled: false };
    const decision = decideStoppedAttempt({ attemptCount, lastError, result, now });
    const logged = await queue.insertAttempt(attemptRow(o, result, decision.attemptNumber));
    if (!logged) return { disabled: false };
    const owned = await queue.finishAttempt(o.delivery.id, owner, decision.patch, ['failed']);
    return { outcome: owned ? decision.patch.status : undefined, disabled: false };
  }

  async function recordOne(trx: Executor, o: AttemptOutcome): Promise<RecordEffect> {
    const queue = createQueueStore(trx);
    const subscriptions = createSubscriptionStore(trx);
    const { delivery: d, subscription: sub, result } = o;
    const now = clock.now();
    const at = now.toISOString();
    const current = await queue.findLocked(d.id);
    if (!current) return { disabled: false };
    // A dispatcher whose lease ran out (stalled, cut off) while it waited for the receiver records
    // nothing: the delivery went to another, which sends and records it. Its attempt and failure
    // would count against a subscription another dispatcher may have delivered to meanwhile.
    if (current.lease_owner !== owner) return { disabled: false };
    // Still ours, but a disable (another attempt's tenth failure) stopped it while this one was
    // in flight: it was sent, so it is logged, and a 2xx makes it delivered.
    if (current.status === 'failed' && result) return recordStopped(queue, o, current.attempt_count, current.last_error, now);
    if (current.status !== 'pending' && current.status !== 'retrying') return { disabled: false };
    // Only a failure's retry depends on the subscription as it is now.
    const live = result && !result.ok ? ((await subscriptions.findById(sub.id)) ?? sub) : sub;
    const decision = decideRecord(
      { kind: d.kind, attemptCount: current.attempt_count, lastStatusCode: current.last_status_code, result, subscriptionStatus: live.status, now },
      config,
    );
    if (result && decision.attemptNumber !== null) {
      const logged = await queue.insertAttempt(attemptRow(o, result, decision.attemptNumber));
      if (!logged) return { disabled: false };
    }
    const owned = await queue.finishAttempt(d.id, owner, decision.patch);
    const outcome = owned ? decision.outcome : undefined;
    if (decision.failures === 'reset') await subscriptions.resetFailures(sub.id);
    if (decision.failures !== 'add') return { outcome, disabled: false };

    const after = await subscriptions.addFailure(sub.id);
    const disable = after ? decideDisable({ consecutiveFailures: after.consecutive_failures, status: after.status }, result?.error ?? null, config) : null;
    if (!disable || !(await subscriptions.disable(sub.id, disable.reason, at))) return { outcome, disabled: false };
    const stopped = await queue.failQueued(sub.id, disable.stopped, at);
    log.warn({ subscription: sub.id, failures: after?.consecutive_failures, stopped }, 'webhook: subscription disabled');
    return { outcome: outcome && outcomeAfterDisable(outcome), disabled: true };
  }

  return {
    /** Records one outcome; resolves with its effect once the transaction holding it has committed. */
    record(o: AttemptOutcome): Promise<RecordEffect> {
      // Keyed by the subscription, whose row a unit may lock (its failure count, a disable).
      return writes.run((trx) => recordOne(trx, o), o.subscription.id);
    },
  };
}

export type Recorder = ReturnType<typeof createRecorder>;
