/**
 * Which errors mean "the database (or Redis) cannot serve right now" rather than a fault
 * in the service. The first kind answers 503 with Retry-After and makes background jobs
 * back off; everything else stays a 500 and is logged as a bug.
 */

/** Why a request got 503: the label of `ccs_unavailable_responses_total`. */
export type OutageCause = 'database' | 'database_timeout' | 'database_busy' | 'database_full' | 'database_readonly' | 'database_changed' | 'redis';

/** Socket errors of a peer that is down, unreachable or gone. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTCONN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * pg and pg-pool raise these as plain Errors without a code: a connection lost mid-query,
 * a connect or a pool slot that did not come in time, a statement that got no answer
 * (`query_timeout`), a client already broken by an earlier error.
 */
const PG_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
];

const STALE_PLAN = /^cached plan must not change result type/;

/** SQLSTATEs (PostgreSQL) that are about availability, not about the statement. */
function pgStateCause(state: string): OutageCause | undefined {
  // Class 08: connection exception. 57P01..03: admin shutdown, crash shutdown, cannot connect now
  // (a restart or failover).
  if (state.startsWith('08') || state === '57P01' || state === '57P02' || state === '57P03') return 'database';
  // Cancelled, which is what statement_timeout does to a statement (or a lock wait) past the bound.
  if (state === '57014') return 'database_timeout';
  if (state === '53300') return 'database_busy'; // too_many_connections
  if (state === '53100') return 'database_full'; // disk_full
  if (state === '25006') return 'database_readonly'; // read_only_sql_transaction: connected to a standby after failover
  return undefined;
}

/** better-sqlite3 codes: primary code plus extended suffix, e.g. SQLITE_BUSY_SNAPSHOT, SQLITE_READONLY_DBMOVED. */
function sqliteCause(code: string): OutageCause | undefined {
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'database_busy';
  if (code === 'SQLITE_FULL') return 'database_full';
  if (code.startsWith('SQLITE_READONLY')) return 'database_readonly';
  if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN')) return 'database';
  return undefined;
}

function codeOf(err: object): string | undefined {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The outage an error from the database driver stands for, or undefined when it is a
 * fault (a bug, a constraint the code should have checked): those stay 500.
 */
export function databaseOutageCause(err: unknown): OutageCause | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const code = codeOf(err);
  if (code !== undefined) {
    if (NETWORK_CODES.has(code)) return 'database';
    if (code.startsWith('SQLITE_')) return sqliteCause(code);
    // A named statement a migration in another process made stale (db/prepared.ts): the
    // process parses afresh, so the same request made again succeeds.
    if (code === '0A000' && STALE_PLAN.test(String((err as { message?: unknown }).message))) return 'database_changed';
    if (/^[0-9A-Z]{5}$/.test(code)) return pgStateCause(code);
  }
  const message = (err as { message?: unknown }).message;
  if (typeof message === 'string' && PG_MESSAGES.some((re) => re.test(message))) return 'database';
  // Node reports a connect that failed on every address (IPv4 and IPv6) as an AggregateError.
  if (err instanceof AggregateError) return err.errors.some((e) => databaseOutageCause(e) !== undefined) ? 'database' : undefined;
  return undefined;
}

/** How each cause reads in a 503's detail and in the log. */
export const CAUSE_DETAIL: Record<OutageCause, string> = {
  database: 'The database is unreachable.',
  database_timeout: 'The database did not answer in time.',
  database_busy: 'The database is busy with another writer (or, on PostgreSQL, has no connection to spare).',
  database_full: 'The database is full: no more data can be written.',
  database_readonly: 'The database is read-only: no changes can be written.',
  database_changed: 'The database schema changed during this request (an upgrade is under way); the same request again will succeed.',
  redis: 'The rate-limit store (Redis) is unreachable.',
};
