import { isIP } from 'node:net';
import path from 'node:path';
import { parseCron } from './cards/cron.js';
import { searchPathIn, urlOptions } from './db/pg-options.js';
import { parseAllowedHosts } from './lib/hosts.js';
import { MAX_TIMER_MS } from './jobs/periodic.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://...` selects PostgreSQL; anything else (or unset) the SQLite file `sqlitePath`. */
  databaseUrl: string | undefined;
  sqlitePath: string;
  /** PostgreSQL only: the schema to use instead of `public` (CCS_PG_SCHEMA); lets tests and tenants isolate. */
  pgSchema: string | undefined;
  redisUrl: string | undefined;
  rateLimit: { free: number; pro: number; windowMs: number };
  /** What a request gets while Redis is unreachable: counted by this process alone (`open`) or 503 (`closed`). */
  rateLimitOnRedisError: 'open' | 'closed';
  /**
   * The longest a request waits on the database before it answers 503: for a pool connection,
   * for a new connection, for one statement (PostgreSQL), for another process's write lock (SQLite).
   */
  dbTimeoutMs: number;
  /** The longest a rate-limit count waits on Redis before the failure policy applies. */
  redisTimeoutMs: number;
  usageFlushMs: number;
  /** Days of hourly usage counts kept (CCS_USAGE_RETENTION_DAYS); the portal charts at most 366. */
  usageRetentionDays: number;
  /** On SIGTERM, how long in-flight requests may take before their connections are cut. */
  /** The longest a client may take to send a whole request, headers and body (CCS_REQUEST_TIMEOUT_MS): then 408. */
  requestTimeoutMs: number;
  shutdownGraceMs: number;
  /**
   * Once listening, answer this many requests that change nothing (401s over loopback) before
   * reporting ready, so V8 has compiled the request path when clients arrive; stop after `maxMs`
   * whatever is left. 0: off.
   */
  warmUp: { requests: number; maxMs: number };
  smtpUrl: string | undefined;
  signup: boolean;
  /** Portal sign-ups per client address per hour. */
  signupPerHour: number;
  logLevel: LogLevel;
  /** Largest request body accepted, in bytes. A 1,000-entry batch fits comfortably. */
  bodyLimit: number;
  /**
   * How long a request holds its `Idempotency-Key` before a retry may take the key over (the
   * holder is presumed dead: a crashed process never stores its response). Far longer than
   * any request runs, since a takeover of a live request would run it twice.
   */
  idempotencyLeaseMs: number;
  /** Collection imports (`POST /imports`): the largest file accepted, in bytes (`CCS_IMPORT_MAX_BYTES`). */
  imports: { maxBytes: number };
  publicUrl: string | undefined;
  /**
   * Host names (`host` or `host:port`, as in the Host header) trusted besides CCS_PUBLIC_URL's, for
   * links and the portal's origin check; undefined: the listening port's loopback names.
   */
  allowedHosts: string[] | undefined;
  /**
   * Which peers' `X-Forwarded-For` (and `-Proto`, `-Host`) to believe (CCS_TRUST_PROXY): false
   * (default: the socket's address is the client's), true (any peer), a number of proxy hops, or
   * addresses, CIDR ranges and the names `loopback`, `linklocal`, `uniquelocal`.
   */
  trustProxy: boolean | number | string[];
  /** Active (unrevoked) API keys an account may hold. */
  maxApiKeys: number;
  webhooks: {
    batchWindowMs: number;
    retryDelaysMs: number[];
    timeoutMs: number;
    disableAfter: number;
    dailyLimit: number;
    /** Largest batch: more events, or more body bytes, split into several deliveries. */
    batchMaxEvents: number;
    batchMaxBytes: number;
    /** How often an idle dispatcher looks for work. */
    pollMs: number;
    /** How long a claimed delivery belongs to one dispatcher; longer than timeoutMs. */
    leaseMs: number;
    /** Bytes of each response body kept in the delivery log. */
    responseBodyBytes: number;
    /** Concurrent POSTs per dispatcher process, overall and per subscription. */
    concurrency: number;
    concurrencyPerSubscription: number;
    retentionDays: number;
    maxSubscriptionsPerUser: number;
    /** Lets `https` targets resolve to private, loopback and link-local addresses. */
    allowPrivateTargets: boolean;
    /**
     * `http://localhost` and `http://127.0.0.1` targets: `allow` (delivered; the log keeps status and
     * timing, never the body or the cause of a failure), `deny` (refused), or `trusted` (delivered
     * and logged like any other target: for a single-user machine).
     */
    localTargets: 'allow' | 'deny' | 'trusted';
  };
  mailFrom: string;
  exports: {
    /** Exports of one user built at once (across every worker); further ones wait, `pending`. */
    maxRunningPerUser: number;
    /** Exports one user may have waiting (`pending`); a request past it is refused (409). */
    maxQueuedPerUser: number;
    /** Exports one worker process builds at once. */
    concurrency: number;
    /** Where finished files live: under `<data dir>/exports` (`file`), or in the database (`database`). */
    storage: 'file' | 'database';
    /** How long a claimed export belongs to one worker without a sign of life; then another takes it over. */
    leaseMs: number;
    /** How often an idle worker looks for pending exports. */
    pollMs: number;
    /** How often the expiry job deletes expired files. */
    expiryEveryMs: number;
  };
  /** Scheduled card refresh in worker processes: `CCS_CARD_DATA_URL` on `CCS_CARD_REFRESH_CRON` (UTC, default daily 04:00). */
  cardRefresh: { url: string | undefined; cron: string };
}

export class ConfigError extends Error {}

/** PostgreSQL's URL schemes (case-insensitive, as URL schemes are). */
const POSTGRES_URL = /^postgres(ql)?:\/\//i;

type Env = Record<string, string | undefined>;

const DECIMAL = /^\d+$/;

/** The longest retention a `_DAYS` setting may name. */
const MAX_DAYS = 36_500;

function int(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  // Decimal digits only: Number() would also read "0x10", "1e3" and " 5 ".
  const n = DECIMAL.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(n) || n < min) throw new ConfigError(`${name} must be an integer >= ${min}, got "${raw}"`);
  if (name.endsWith('_MS') && n > MAX_TIMER_MS) throw new ConfigError(`${name} must be at most ${MAX_TIMER_MS} ms (about 24.8 days), got "${raw}"`);
  // A retention is subtracted from today as a date: past ~270,000 years there is no such date.
  if (name.endsWith('_DAYS') && n > MAX_DAYS) throw new ConfigError(`${name} must be at most ${MAX_DAYS} days (100 years), got "${raw}"`);
  return n;
}

/** A TCP port to listen on; 0 takes any free one, which is how tests start their servers. */
function port(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return parsePort(raw, name);
}

/** `raw` as a port number, in decimal digits only (the `PORT` variable and `serve --port`). */
export function parsePort(raw: string, name: string): number {
  const n = DECIMAL.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new ConfigError(`${name} must be a port number, 1 to 65535 (or 0 for any free port), got "${raw}"`);
  return n;
}

function intList(env: Env, name: string, fallback: number[]): number[] {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const list = raw.split(',').map((s) => (DECIMAL.test(s.trim()) ? Number(s.trim()) : Number.NaN));
  if (list.length === 0 || list.some((n) => !Number.isInteger(n) || n < 0)) {
    throw new ConfigError(`${name} must be a comma-separated list of non-negative integers, got "${raw}"`);
  }
  if (name.endsWith('_MS') && list.some((n) => n > MAX_TIMER_MS)) throw new ConfigError(`${name} must hold values of at most ${MAX_TIMER_MS} ms (about 24.8 days), got "${raw}"`);
  return list;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be on or off, got "${env[name]}"`);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${env[name]}"`);
  return raw as T;
}

/** A lease shorter than the request timeout would let a second dispatcher resend a live delivery. */
function webhookLeaseMs(env: Env): number {
  const timeout = int(env, 'CCS_WEBHOOK_TIMEOUT_MS', 10_000, 1);
  const lease = int(env, 'CCS_WEBHOOK_LEASE_MS', Math.max(60_000, timeout * 3), 1);
  if (lease <= timeout) throw new ConfigError(`CCS_WEBHOOK_LEASE_MS (${lease}) must be longer than CCS_WEBHOOK_TIMEOUT_MS (${timeout})`);
  return lease;
}

/**
 * A delivery's body before a batch is split for size, beyond the largest request body: the
 * events of any one request fit one delivery, so a request never costs two of the day's
 * deliveries. An entry's event is its request text (JSON escapes the same characters either
 * way) plus the card and the entry's own fields, under 4 KB for 1,000 entries (contract
 * section 4's cap on a batch write).
 */
const BATCH_BYTES_BEYOND_BODY_LIMIT = 4 * 1024 * 1024;

/** A PostgreSQL schema name ccs can use unquoted. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads configuration from the environment; every default is the specification's value. */
export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(env.CCS_DATA_DIR || './data');
  const logLevel = (env.LOG_LEVEL || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  const databaseUrl = env.DATABASE_URL || undefined;
  let sqlitePath = path.join(dataDir, 'ccs.db');
  if (databaseUrl && !POSTGRES_URL.test(databaseUrl)) {
    // Anything with a scheme but PostgreSQL's or SQLite's is a typo or another database, never a file name.
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]+):/.exec(databaseUrl)?.[1]?.toLowerCase();
    const sqlite = databaseUrl.trim() === databaseUrl && (scheme === undefined ? !databaseUrl.includes('://') : scheme === 'sqlite');
    if (!sqlite) {
      throw new ConfigError(`DATABASE_URL must be postgres://user@host/db (PostgreSQL) or a SQLite file (sqlite:/path/ccs.db, or a plain path), got "${databaseUrl}"`);
    }
    // A server's address with its scheme forgotten would otherwise become a new, empty SQLite file of that name.
    // A path that starts like one (/, ./, ../, ~) is a file, whatever it holds ("/srv/ccs@prod/ccs.db").
    const pathLike = /^(\/[^/]|\.{1,2}\/|~)/.test(databaseUrl);
    const hostLike = /^(localhost|\d{1,3}(\.\d{1,3}){3})(:\d+)?(\/|$)/i.test(databaseUrl) || /^[^/\\]+:\d+(\/|$)/.test(databaseUrl);
    // user@host: an @ before any /; "backups/ccs@2024.db" is a file.
    if (scheme === undefined && !pathLike && (databaseUrl.startsWith('//') || /^[^/]+@/.test(databaseUrl) || hostLike)) {
      throw new ConfigError(
        `DATABASE_URL "${databaseUrl}" looks like a server's address without its scheme: write postgres://${databaseUrl.replace(/^\/\//, '')} (or sqlite:${databaseUrl} if it really is a file)`,
      );
    }
    sqlitePath = path.resolve(databaseUrl.replace(/^sqlite:(\/\/)?/i, ''));
  }
  let pgSchema = env.CCS_PG_SCHEMA || undefined;
  if (pgSchema !== undefined && !SCHEMA_NAME.test(pgSchema)) {
    throw new ConfigError(`CCS_PG_SCHEMA must be a lower-case name (letters, digits and _, not starting with a digit), got "${pgSchema}"`);
  }
  // A schema named in the URL's options is the deployment's schema, as CCS_PG_SCHEMA names it.
  const urlSearchPath = databaseUrl && POSTGRES_URL.test(databaseUrl) ? searchPathIn(urlOptions(databaseUrl)) : undefined;
  if (urlSearchPath !== undefined) {
    if (!SCHEMA_NAME.test(urlSearchPath)) {
      throw new ConfigError(
        `DATABASE_URL's options set search_path to "${urlSearchPath}": ccs keeps its tables in one schema, named by a lower-case name (letters, digits and _); name it there or in CCS_PG_SCHEMA`,
      );
    }
    if (pgSchema !== undefined && pgSchema !== urlSearchPath) {
      throw new ConfigError(`DATABASE_URL's options set search_path to "${urlSearchPath}" but CCS_PG_SCHEMA is "${pgSchema}": name the schema once`);
    }
    pgSchema = urlSearchPath;
  }
  const redisUrl = env.CCS_REDIS_URL || undefined;
  // ioredis reads redis:// and rediss:// URLs, or a Unix socket's path.
  if (redisUrl !== undefined && !/^rediss?:\/\/[^/\s]/i.test(redisUrl) && !redisUrl.startsWith('/')) {
    throw new ConfigError(`CCS_REDIS_URL must be redis://host:port (rediss:// for TLS) or a Unix socket path, got "${redisUrl}"`);
  }
  const mailFrom = env.CCS_MAIL_FROM || 'Card Collection Service <no-reply@localhost>';
  if (!/^([^<>@]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/.test(mailFrom.trim())) {
    throw new ConfigError(`CCS_MAIL_FROM must be an address, "name@example.org" or "Name <name@example.org>", got "${mailFrom}"`);
  }
  const smtpUrl = env.CCS_SMTP_URL || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/\s]/i.test(smtpUrl)) {
    throw new ConfigError(`CCS_SMTP_URL must be smtp://[user:pass@]host[:port] or smtps://..., got "${smtpUrl}"`);
  }
  const bodyLimit = int(env, 'CCS_BODY_LIMIT', 2 * 1024 * 1024, 1024);
  return {
    port: port(env, 'PORT', 8080),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl,
    sqlitePath,
    pgSchema,
    redisUrl,
    rateLimit: {
      free: int(env, 'CCS_RATE_LIMIT_FREE', 120, 1),
      pro: int(env, 'CCS_RATE_LIMIT_PRO', 600, 1),
      windowMs: int(env, 'CCS_RATE_LIMIT_WINDOW_MS', 60_000, 1),
    },
    rateLimitOnRedisError: oneOf(env, 'CCS_RATE_LIMIT_ON_REDIS_ERROR', ['open', 'closed'] as const, 'open'),
    dbTimeoutMs: int(env, 'CCS_DB_TIMEOUT_MS', 5_000, 100),
    redisTimeoutMs: int(env, 'CCS_REDIS_TIMEOUT_MS', 1_000, 50),
    usageFlushMs: int(env, 'CCS_USAGE_FLUSH_MS', 10_000, 1),
    usageRetentionDays: int(env, 'CCS_USAGE_RETENTION_DAYS', 400, 1),
    shutdownGraceMs: int(env, 'CCS_SHUTDOWN_GRACE_MS', 10_000, 0),
    requestTimeoutMs: int(env, 'CCS_REQUEST_TIMEOUT_MS', 300_000, 1_000),
    warmUp: { requests: int(env, 'CCS_WARM_UP_REQUESTS', 30_000, 0), maxMs: int(env, 'CCS_WARM_UP_MAX_MS', 3_000, 0) },
    smtpUrl,
    signup: flag(env, 'CCS_SIGNUP', true),
    signupPerHour: int(env, 'CCS_SIGNUP_PER_HOUR', 20, 1),
    logLevel,
    bodyLimit,
    idempotencyLeaseMs: int(env, 'CCS_IDEMPOTENCY_LEASE_MS', 5 * 60_000, 1_000),
    imports: { maxBytes: int(env, 'CCS_IMPORT_MAX_BYTES', 25 * 1024 * 1024, 1024) },
    publicUrl: publicUrl(env),
    allowedHosts: allowedHosts(env),
    trustProxy: trustProxy(env),
    maxApiKeys: int(env, 'CCS_MAX_API_KEYS', 50, 1),
    webhooks: {
      batchWindowMs: int(env, 'CCS_WEBHOOK_BATCH_WINDOW_MS', 5_000),
      retryDelaysMs: intList(env, 'CCS_WEBHOOK_RETRY_DELAYS_MS', [30_000, 300_000, 1_800_000, 7_200_000, 43_200_000]),
      timeoutMs: int(env, 'CCS_WEBHOOK_TIMEOUT_MS', 10_000, 1),
      disableAfter: int(env, 'CCS_WEBHOOK_DISABLE_AFTER', 10, 1),
      dailyLimit: int(env, 'CCS_WEBHOOK_DAILY_LIMIT', 1_000, 1),
      batchMaxEvents: int(env, 'CCS_WEBHOOK_BATCH_MAX_EVENTS', 1_000, 1),
      batchMaxBytes: int(env, 'CCS_WEBHOOK_BATCH_MAX_BYTES', bodyLimit + BATCH_BYTES_BEYOND_BODY_LIMIT, 1024),
      pollMs: int(env, 'CCS_WEBHOOK_POLL_MS', 250, 1),
      leaseMs: webhookLeaseMs(env),
      responseBodyBytes: int(env, 'CCS_WEBHOOK_RESPONSE_BODY_BYTES', 4096),
      concurrency: int(env, 'CCS_WEBHOOK_CONCURRENCY', 64, 1),
      concurrencyPerSubscription: int(env, 'CCS_WEBHOOK_CONCURRENCY_PER_SUBSCRIPTION', 2, 1),
      retentionDays: int(env, 'CCS_WEBHOOK_RETENTION_DAYS', 30, 1),
      maxSubscriptionsPerUser: int(env, 'CCS_WEBHOOK_MAX_SUBSCRIPTIONS', 25, 1),
      allowPrivateTargets: flag(env, 'CCS_WEBHOOK_ALLOW_PRIVATE', false),
      localTargets: oneOf(env, 'CCS_WEBHOOK_LOCAL_TARGETS', ['allow', 'deny', 'trusted'] as const, 'allow'),
    },
    mailFrom,
    exports: {
      maxRunningPerUser: int(env, 'CCS_EXPORT_MAX_RUNNING_PER_USER', 2, 1),
      maxQueuedPerUser: int(env, 'CCS_EXPORT_MAX_QUEUED_PER_USER', 20, 1),
      concurrency: int(env, 'CCS_EXPORT_CONCURRENCY', 2, 1),
      storage: oneOf(env, 'CCS_EXPORT_STORAGE', ['file', 'database'] as const, 'file'),
      leaseMs: int(env, 'CCS_EXPORT_LEASE_MS', 120_000, 1_000),
      pollMs: int(env, 'CCS_EXPORT_POLL_MS', 1_000, 1),
      expiryEveryMs: int(env, 'CCS_EXPORT_EXPIRY_EVERY_MS', 60 * 60 * 1000, 1_000),
    },
    cardRefresh: cardRefresh(env),
  };
}

/** An absolute http(s) URL without query or fragment; links are built by appending paths to it. */
function publicUrl(env: Env): string | undefined {
  const raw = env.CCS_PUBLIC_URL;
  if (!raw) return undefined;
  const url = URL.parse(raw);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(`CCS_PUBLIC_URL must be an absolute http(s) URL such as https://ccs.example.com, got "${raw}"`);
  }
  return url.href.replace(/\/$/, '');
}

const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function trustProxy(env: Env): boolean | number | string[] {
  const raw = env.CCS_TRUST_PROXY?.trim();
  if (raw === undefined || raw === '' || ['off', 'false', 'no'].includes(raw.toLowerCase())) return false;
  if (['on', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (DECIMAL.test(raw)) return Number(raw);
  const list = raw.split(',').map((s) => s.trim());
  for (const item of list) {
    const [address, bits, extra] = item.split('/');
    const family = isIP(address ?? '');
    const bitsOk = bits === undefined || (DECIMAL.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!(PROXY_RANGES.has(item) || (family !== 0 && bitsOk && extra === undefined))) {
      throw new ConfigError(`CCS_TRUST_PROXY must be off, on, a number of proxy hops, or a comma-separated list of addresses, CIDR ranges, loopback, linklocal, uniquelocal; "${item}" is none of them`);
    }
  }
  return list;
}

function allowedHosts(env: Env): string[] | undefined {
  const raw = env.CCS_ALLOWED_HOSTS;
  if (raw === undefined || raw.trim() === '') return undefined;
  try {
    return parseAllowedHosts(raw);
  } catch (err) {
    throw new ConfigError(`CCS_ALLOWED_HOSTS: ${(err as Error).message}; list host or host:port entries separated by commas`);
  }
}

function cardRefresh(env: Env): Config['cardRefresh'] {
  const url = env.CCS_CARD_DATA_URL || undefined;
  const cron = env.CCS_CARD_REFRESH_CRON || '0 4 * * *';
  if (url && !/^https?:\/\//i.test(url)) throw new ConfigError(`CCS_CARD_DATA_URL must be an http(s) URL, got "${url}"`);
  try {
    parseCron(cron);
  } catch (err) {
    throw new ConfigError(`CCS_CARD_REFRESH_CRON: ${(err as Error).message}`);
  }
  return { url, cron };
}

export function isPostgres(config: Pick<Config, 'databaseUrl'>): boolean {
  return !!config.databaseUrl && POSTGRES_URL.test(config.databaseUrl);
}
