/*
 * When the dispatcher loop runs next, as pure decisions: after a pass, and after
 * a failure (a database outage backs off instead of retrying every poll).
 */

export interface PassSummary {
  /** Fan-out read a full chunk, or more closed batches wait: go again at once. */
  more: boolean;
  /** The pass claimed as many deliveries as it had room for: there may be more due. */
  filled: boolean;
  /** The earliest time anything queued becomes due (window close, retry), or null. */
  nextDue: string | null;
  /** The clock when the pass read `nextDue`. */
  now: Date;
}

/**
 * How long to sleep after a tick: until the next thing is due, at most `pollMs`.
 * Something due now that this dispatcher could not claim (its slots are full,
 * another dispatcher is sealing) waits a poll; finishing POSTs wake it sooner.
 */
export function nextWait(last: PassSummary | undefined, pollMs: number): number {
  if (!last || last.nextDue === null) return pollMs;
  if (last.more || last.filled) return 0;
  const wait = Date.parse(last.nextDue) - last.now.getTime();
  return wait > 0 ? Math.min(wait, pollMs) : pollMs;
}

/** Longest wait between tries while the database is unreachable. */
export const MAX_BACKOFF_MS = 5_000;

/**
 * The wait before try `failures + 1` after `failures` (>= 1) consecutive failures:
 * a second at first (or a poll, when polls are longer), doubling, at most
 * `MAX_BACKOFF_MS` (or a poll), so the dispatcher resumes within seconds of the
 * database coming back without hammering it meanwhile.
 */
export function backoffMs(failures: number, pollMs: number): number {
  const first = Math.max(pollMs, 1_000);
  const cap = Math.max(pollMs, MAX_BACKOFF_MS);
  return Math.min(first * 2 ** Math.min(Math.max(failures, 1) - 1, 16), cap);
}
