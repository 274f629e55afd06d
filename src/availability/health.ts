/**
 * What this process knows about one dependency (the database, Redis): whether it is
 * reachable, since when, and how many errors it gave, learnt from the work the process
 * does anyway (no probing on the request path). Outages are logged once when they start
 * and once when they end, however many requests and jobs hit them in between.
 */
import { CAUSE_DETAIL, type OutageCause } from './causes.js';

/** The subset of pino's API used here (Fastify's logger and `ccs worker`'s line logger fit). */
export interface HealthLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentHealthLog: HealthLog = { info() {}, warn() {}, error() {} };

export interface DependencyHealth {
  readonly name: 'database' | 'redis';
  /** False from a connection-class error until the dependency answers again. */
  readonly up: boolean;
  /** Epoch ms of the last sign of life (start-up counts as one). */
  readonly lastReachableAt: number;
  /** Counts outages (and write-refusing conditions) as they start: one log line each. */
  readonly episode: number;
  /** Errors seen, by cause (a lost connection, a busy or full database ...). */
  readonly errors: ReadonlyMap<OutageCause, number>;
  /** An error of this cause: counted, and logged if it starts an outage. */
  failed(cause: OutageCause, err: unknown): void;
  /**
   * A sign of life: a new connection, a successful commit, ping or job round. `connection`: it
   * proves only that the dependency answers (a ping, a new connection), not that a condition
   * of its writes (busy, full, read-only) is over, so those stay as they were: a load
   * balancer's `/readyz` every second would otherwise log each condition afresh every time.
   */
  reachable(proof?: 'work' | 'connection'): void;
  /**
   * Called when a connection opens: answers its birth mark, which `fromConnection` ties to
   * the connection's errors.
   */
  connectionOpened(): number;
  /**
   * Ties `err` to the connection it came from. An outage that began after that connection
   * opened has already been reported (and the dependency has answered since, on newer
   * connections), so such a connection dying late is counted but starts no new outage: a
   * restart that ends a dozen pooled connections one by one is one outage, not several.
   */
  fromConnection(err: unknown, birth: number): void;
  /** Seconds since the last sign of life while down; 0 while up. */
  secondsSinceReachable(): number;
  /** Logs go here from now on (the process's logger exists after the storage is opened). */
  sendLogTo(log: HealthLog): void;
}

/**
 * A condition that does not take the dependency down (a busy, full or read-only SQLite
 * file refuses writes but serves reads) is logged once and then again only after this
 * long without it, since nothing tells us it ended.
 */
const QUIET_REARM_MS = 60_000;

const CONDITION_EFFECT = 'Requests that need it answer 503 (a busy, full or read-only database still serves reads) until it clears.';

/** Error fields worth a log line: never the whole error object of a driver (it can carry parameters). */
function describe(err: unknown): { code?: string; message: string } {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return { ...(typeof code === 'string' ? { code } : {}), message: err.message };
  }
  return { message: String(err) };
}

export function createDependencyHealth(name: 'database' | 'redis', opts: { log?: HealthLog; now?: () => number } = {}): DependencyHealth {
  const now = opts.now ?? Date.now;
  let log = opts.log ?? silentHealthLog;
  let up = true;
  let lastReachableAt = now();
  let downSince = 0;
  let errorsWhileDown = 0;
  let episode = 0;
  /** Outages (unreachable) begun so far: a connection's birth mark. */
  let outagesBegun = 0;
  const births = new WeakMap<object, number>();
  const errors = new Map<OutageCause, number>();
  /** Conditions other than "unreachable": when each was last logged and last seen. */
  const conditions = new Map<OutageCause, { loggedAt: number; lastAt: number }>();

  return {
    name,
    get up() {
      return up;
    },
    get lastReachableAt() {
      return lastReachableAt;
    },
    get episode() {
      return episode;
    },
    errors,
    failed(cause, err) {
      errors.set(cause, (errors.get(cause) ?? 0) + 1);
      const at = now();
      const unreachable = cause === 'database' || cause === 'redis';
      if (unreachable) {
        errorsWhileDown += 1;
        if (!up) return;
        const birth = typeof err === 'object' && err !== null ? births.get(err) : undefined;
        if (birth !== undefined && birth < outagesBegun) return;
        up = false;
        outagesBegun += 1;
        downSince = at;
        errorsWhileDown = 1;
        episode += 1;
        const consequence = name === 'database' ? 'requests answer 503 and background jobs back off until it answers again' : 'rate limits fall back to the configured policy until it answers again';
        log.error({ dependency: name, error: describe(err) }, `${name} unreachable: ${consequence}`);
        return;
      }
      const seen = conditions.get(cause);
      if (seen && at - seen.lastAt < QUIET_REARM_MS) {
        seen.lastAt = at;
        return;
      }
      conditions.set(cause, { loggedAt: at, lastAt: at });
      episode += 1;
      log.error({ dependency: name, cause, error: describe(err) }, `${CAUSE_DETAIL[cause]} ${CONDITION_EFFECT}`);
    },
    reachable(proof = 'work') {
      lastReachableAt = now();
      if (conditions.size > 0 && proof === 'work') {
        for (const cause of conditions.keys()) log.info({ dependency: name, cause }, `${name} answers again (${cause} cleared)`);
        conditions.clear();
      }
      if (up) return;
      up = true;
      log.info({ dependency: name, down_ms: lastReachableAt - downSince, errors: errorsWhileDown }, `${name} reachable again`);
    },
    connectionOpened() {
      return outagesBegun;
    },
    fromConnection(err, birth) {
      if (typeof err === 'object' && err !== null && !births.has(err)) births.set(err, birth);
    },
    secondsSinceReachable() {
      return up ? 0 : (now() - lastReachableAt) / 1000;
    },
    sendLogTo(next) {
      // An outage that began before the process had a log (Redis down at start-up, say) is
      // logged now, so its "reachable again" line is not the only one.
      if (!up && log === silentHealthLog && next !== silentHealthLog) {
        const consequence = name === 'database' ? 'requests answer 503 and background jobs back off until it answers again' : 'rate limits fall back to the configured policy until it answers again';
        next.error({ dependency: name, since_ms: now() - downSince }, `${name} unreachable: ${consequence}`);
      }
      log = next;
    },
  };
}
