/** The subset of pino's API the webhook engine logs through (Fastify's logger fits). */
export interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

export const silentLog: Log = { info() {}, warn() {}, error() {}, debug() {} };

/**
 * Logs the first failure of each step of the dispatcher and its recovery, not
 * every retry: a database outage is one line (and one when it ends), not a line
 * per poll or per delivery.
 */
export function createOutageLog(log: Log) {
  const failing = new Map<string, { since: number; failures: number }>();
  return {
    /** Notes a failure of `step`; answers how many in a row it has had. */
    failed(step: string, err: unknown): number {
      const streak = failing.get(step);
      if (streak) {
        streak.failures += 1;
        return streak.failures;
      }
      failing.set(step, { since: Date.now(), failures: 1 });
      log.error({ err, step }, `webhook dispatcher: ${step} failed; backing off and retrying (logged once until it works again)`);
      return 1;
    },
    /** Notes a success of `step`, logging the recovery if it had been failing. */
    ok(step: string): void {
      const streak = failing.get(step);
      if (!streak) return;
      failing.delete(step);
      log.info({ step, failures: streak.failures, down_ms: Date.now() - streak.since }, `webhook dispatcher: ${step} works again`);
    },
  };
}

export type OutageLog = ReturnType<typeof createOutageLog>;
