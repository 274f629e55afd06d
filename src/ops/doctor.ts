import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Config, ConfigError, isPostgres, loadConfig } from '../config.js';
import { migrations } from '../db/migrations/index.js';
import { processesHolding } from './backup.js';

/*
 * `ccs doctor`: what an operator would check by hand before (or after) a deploy, each in plain
 * words. The decisions (which settings are wrong or risky, what the migration state means,
 * whether the disk is too full) are pure functions of what was read, tested on their own;
 * the reads themselves are bounded by a timeout each, and nothing is written anywhere but a
 * probe file in the data directory, removed at once.
 */

export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface Check {
  /** What was checked: `configuration`, `database`, `migrations`, `redis`, `smtp`, `data directory`, `card data`. */
  name: string;
  status: CheckStatus;
  message: string;
}

type Env = Record<string, string | undefined>;

/** Settings read outside `loadConfig`, or by the tools around the service. */
const OTHER_SETTINGS = ['NODE_ENV'];

const SPEC_WEBHOOKS = { batchWindowMs: 5_000, timeoutMs: 10_000, disableAfter: 10, dailyLimit: 1_000, retryDelaysMs: [30_000, 300_000, 1_800_000, 7_200_000, 43_200_000] };

/**
 * Parses every setting and reports each one that is wrong (not only the first, as starting the
 * service would), any CCS_ variable the service does not know (a typo is otherwise silently
 * ignored), and the values that work but are risky. Answers the configuration the service would
 * run with, when it can be loaded at all.
 */
export function checkConfiguration(env: Env): { checks: Check[]; config: Config | undefined; setAside: ReadonlySet<string> } {
  const checks: Check[] = [];
  const read = new Set<string>();
  const tracked = (e: Env): Env =>
    new Proxy(e, {
      get(target, key) {
        if (typeof key === 'string') read.add(key);
        return target[key as string];
      },
    });

  // Each bad setting is reported, then left out, until the rest loads.
  const working: Env = { ...env };
  const setAside = new Set<string>();
  let config: Config | undefined;
  for (let i = 0; i < 50 && !config; i++) {
    try {
      config = loadConfig(tracked(working));
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      const name = /^([A-Z][A-Z0-9_]*)\b/.exec(err.message)?.[1];
      checks.push({ name: 'configuration', status: 'fail', message: err.message });
      if (!name || !(name in working)) break;
      delete working[name];
      setAside.add(name);
    }
  }
  for (const key of Object.keys(env).sort()) {
    if (!key.startsWith('CCS_') || read.has(key) || OTHER_SETTINGS.includes(key)) continue;
    const near = [...read].filter((k) => k.startsWith('CCS_')).find((k) => k.startsWith(key) || key.startsWith(k) || editDistance(k, key) <= 2);
    checks.push({ name: 'configuration', status: 'warn', message: `${key} is not a setting ccs knows, so it has no effect${near ? ` (did you mean ${near}?)` : ''}` });
  }
  if (!config) return { checks, config, setAside };
  if (!checks.some((c) => c.status === 'fail')) {
    checks.unshift({ name: 'configuration', status: 'ok', message: `every setting parses (${isPostgres(config) ? 'PostgreSQL' : `SQLite at ${config.sqlitePath}`}${config.redisUrl ? ', Redis' : ''}${config.smtpUrl ? ', SMTP' : ''})` });
  }
  return { checks, config, setAside };
}

/** A process that has the SQLite file open; `worker` when it is a `ccs worker`. */
export interface SqliteHolder {
  pid: number;
  worker: boolean;
}

/** Settings that parse but invite trouble, in plain words. */
export function riskyValues(config: Config, facts: { sqliteHolders?: SqliteHolder[] } = {}): Check[] {
  const warn = (message: string): Check => ({ name: 'configuration', status: 'warn', message });
  const out: Check[] = [];
  const postgres = isPostgres(config);
  const holders = facts.sqliteHolders ?? [];
  const workers = holders.filter((h) => h.worker).length;
  // One `ccs serve --no-worker` beside one `ccs worker` is a documented layout; more writers wait on each other.
  if (!postgres && holders.length > 1 && (holders.length - workers > 1 || workers > 1)) {
    out.push(
      warn(
        `${holders.length} processes (${holders.map((h) => h.pid).join(', ')}) have the SQLite database open: SQLite lets one write at a time, so several processes wait on each other; run one \`ccs serve\` (and at most one \`ccs worker\` beside a \`serve --no-worker\`), or move to PostgreSQL (DATABASE_URL) to run several`,
      ),
    );
  }
  const publicHost = !['127.0.0.1', 'localhost', '::1'].includes(config.host);
  if (!config.publicUrl && !config.allowedHosts && publicHost) {
    out.push(
      warn(
        `HOST is ${config.host} but CCS_PUBLIC_URL is not set: a request's Host is trusted only for the loopback names, so clients elsewhere get an OAuth issuer, e-mail links and error-type links naming http://127.0.0.1:${config.port}; set CCS_PUBLIC_URL to the address clients use (or CCS_ALLOWED_HOSTS to the names they use)`,
      ),
    );
  }
  if (config.publicUrl && !config.publicUrl.startsWith('https://') && publicHost) {
    out.push(warn(`CCS_PUBLIC_URL (${config.publicUrl}) is not https: OAuth tokens and portal sessions would cross the network in the clear`));
  }
  if (postgres && !config.redisUrl) {
    out.push(warn('PostgreSQL without CCS_REDIS_URL: with several API processes each counts rate limits on its own, so a client gets the budget once per process; set CCS_REDIS_URL'));
  }
  if (!config.redisUrl && config.rateLimitOnRedisError === 'closed') {
    out.push(warn('CCS_RATE_LIMIT_ON_REDIS_ERROR=closed has no effect without CCS_REDIS_URL'));
  }
  if (config.webhooks.allowPrivateTargets) {
    out.push(warn('CCS_WEBHOOK_ALLOW_PRIVATE is on: users can make the dispatcher POST to addresses inside your network (private, loopback, link-local)'));
  }
  if (config.dbTimeoutMs > 30_000) {
    out.push(warn(`CCS_DB_TIMEOUT_MS is ${config.dbTimeoutMs}: while the database does not answer, requests hang this long before their 503`));
  }
  if (config.logLevel === 'debug' || config.logLevel === 'trace') {
    out.push(warn(`LOG_LEVEL is ${config.logLevel}: fine for finding a problem, heavy for a service under load`));
  }
  const w = config.webhooks;
  const differs: string[] = [];
  if (w.batchWindowMs !== SPEC_WEBHOOKS.batchWindowMs) differs.push(`CCS_WEBHOOK_BATCH_WINDOW_MS=${w.batchWindowMs} (5000)`);
  if (w.timeoutMs !== SPEC_WEBHOOKS.timeoutMs) differs.push(`CCS_WEBHOOK_TIMEOUT_MS=${w.timeoutMs} (10000)`);
  if (w.disableAfter !== SPEC_WEBHOOKS.disableAfter) differs.push(`CCS_WEBHOOK_DISABLE_AFTER=${w.disableAfter} (10)`);
  if (w.dailyLimit !== SPEC_WEBHOOKS.dailyLimit) differs.push(`CCS_WEBHOOK_DAILY_LIMIT=${w.dailyLimit} (1000)`);
  if (w.retryDelaysMs.join(',') !== SPEC_WEBHOOKS.retryDelaysMs.join(',')) differs.push(`CCS_WEBHOOK_RETRY_DELAYS_MS=${w.retryDelaysMs.join(',')} (${SPEC_WEBHOOKS.retryDelaysMs.join(',')})`);
  if (differs.length) out.push(warn(`webhook settings differ from the specification's values, which receivers may rely on: ${differs.join(', ')}`));
  return out;
}

/** What the recorded migrations mean for this version of ccs. */
export function migrationState(recorded: string[] | undefined): Check {
  const known = Object.keys(migrations).sort();
  if (recorded === undefined) return { name: 'migrations', status: 'warn', message: `no migrations recorded yet: \`ccs migrate\` (or the first \`ccs serve\`) creates the tables (${known.length} migrations)` };
  const pending = known.filter((m) => !recorded.includes(m));
  const unknown = recorded.filter((m) => !known.includes(m));
  if (unknown.length) {
    return {
      name: 'migrations',
      status: 'warn',
      message: `the database has migrations this version of ccs does not know (${unknown.join(', ')}): a newer version migrated it; old processes keep working during a rolling deploy only if those migrations are additive, so finish the upgrade`,
    };
  }
  if (pending.length) {
    return { name: 'migrations', status: 'warn', message: `${pending.length} migration${pending.length === 1 ? '' : 's'} pending (${pending.join(', ')}): run \`ccs migrate\` before starting the new version` };
  }
  return { name: 'migrations', status: 'ok', message: `up to date (${known.length} migrations, last ${known.at(-1)})` };
}

/** Whether the disk under the data directory has room: fails under 100 MB free, warns under 1 GB or 5%. */
export function diskSpace(dir: string, free: number, total: number): Check {
  const mb = (n: number) => `${Math.round(n / 1048576).toLocaleString('en-US')} MB`;
  const share = total > 0 ? free / total : 1;
  const message = `${dir}: ${mb(free)} free of ${mb(total)}`;
  if (free < 100 * 1048576) return { name: 'disk', status: 'fail', message: `${message}; writes will start failing (503) when it runs out` };
  if (free < 1024 * 1048576 || share < 0.05) return { name: 'disk', status: 'warn', message: `${message}; free some space or grow the disk soon` };
  return { name: 'disk', status: 'ok', message };
}

export interface DoctorReport {
  ok: boolean;
  problems: number;
  warnings: number;
  checks: Check[];
}

export function report(checks: Check[]): DoctorReport {
  const problems = checks.filter((c) => c.status === 'fail').length;
  return { ok: problems === 0, problems, warnings: checks.filter((c) => c.status === 'warn').length, checks };
}

/** Runs every check against the environment given (the process's own, for `ccs doctor`). */
export async function runDoctor(env: Env, opts: { timeoutMs?: number } = {}): Promise<DoctorReport> {
  const timeoutMs = opts.timeoutMs ?? 5_000;
  const { checks, config, setAside } = checkConfiguration(env);
  if (!config) return report(checks);
  // A setting that could not be read was left out to check the rest: what depends on it would be
  // checked against a default the service would never use (a bad DATABASE_URL is not "SQLite, sound").
  const unread = (names: string[]) => names.filter((n) => setAside.has(n));
  const holders = isPostgres(config) ? undefined : processesHolding(config.sqlitePath)?.map((pid) => ({ pid, worker: isWorkerProcess(pid) }));
  checks.push(...riskyValues(config, { sqliteHolders: holders }));

  // (CCS_DATA_DIR is any path, so it is never set aside; the schema matters on PostgreSQL only.)
  const databaseSettings = unread(isPostgres(config) ? ['DATABASE_URL', 'CCS_PG_SCHEMA'] : ['DATABASE_URL']);
  if (databaseSettings.length > 0) {
    checks.push({ name: 'database', status: 'warn', message: `not checked: ${databaseSettings.join(' and ')} cannot be read (above), so which database the service would use is unknown` });
  } else {
    const recorded = isPostgres(config) ? await postgresChecks(config, timeoutMs, checks) : sqliteChecks(config, checks);
    if (recorded !== null) checks.push(migrationState(recorded));
  }
  if (config.redisUrl) checks.push(await redisCheck(config.redisUrl, timeoutMs));
  if (config.smtpUrl) checks.push(await smtpCheck(config.smtpUrl, timeoutMs));
  checks.push(...dataDirChecks(config));
  return report(checks);
}

function describe(err: unknown): string {
  const e = err as { code?: string; message?: string };
  const message = (e.message ?? String(err)).split('\n')[0] ?? '';
  return e.code && !message.includes(e.code) ? `${message} (${e.code})` : message;
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

/** Reachability, version and schema of PostgreSQL; answers the recorded migrations, or null when it could not tell. */
async function postgresChecks(config: Config, timeoutMs: number, checks: Check[]): Promise<string[] | undefined | null> {
  const url = config.databaseUrl ?? '';
  // Drivers load only for what is configured: the doctor stays quick on a laptop install.
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, statement_timeout: timeoutMs, application_name: 'ccs-doctor' });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    checks.push({ name: 'database', status: 'fail', message: `cannot reach PostgreSQL at ${redact(url)}: ${describe(err)}` });
    return null;
  }
  try {
    const version = (await client.query<{ server_version: string }>('show server_version')).rows[0]?.server_version;
    const schema = config.pgSchema ?? 'public';
    checks.push({ name: 'database', status: 'ok', message: `PostgreSQL ${version} at ${redact(url)}, schema ${schema}` });
    const table = await client.query<{ present: boolean }>("select to_regclass($1) is not null as present", [`${quoteIdent(schema)}.kysely_migration`]);
    if (!table.rows[0]?.present) return undefined;
    const cards = await client.query<{ present: boolean }>("select to_regclass($1) is not null as present", [`${quoteIdent(schema)}.cards`]);
    if (cards.rows[0]?.present) {
      // Whether there is any, not how many: a count over a big card table is slow on PostgreSQL.
      const any = (await client.query(`select 1 from ${quoteIdent(schema)}.cards limit 1`)).rowCount ?? 0;
      checks.push(any > 0 ? { name: 'card data', status: 'ok', message: 'present' } : NO_CARD_DATA);
    }
    return (await client.query<{ name: string }>(`select name from ${quoteIdent(schema)}.kysely_migration order by name`)).rows.map((r) => r.name);
  } catch (err) {
    checks.push({ name: 'database', status: 'fail', message: `PostgreSQL answered the connection but not a query: ${describe(err)}` });
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const NO_CARD_DATA: Check = {
  name: 'card data',
  status: 'warn',
  message: 'no card data: searches find nothing and entries cannot be added; run `ccs cards import <file|url>` or `ccs seed`',
};

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The SQLite file: there, readable, sound (`quick_check`), and the card data in it. */
function sqliteChecks(config: Config, checks: Check[]): string[] | undefined | null {
  const file = config.sqlitePath;
  if (!fs.existsSync(file)) {
    checks.push({ name: 'database', status: 'warn', message: `no SQLite database at ${file} yet: \`ccs migrate\` or the first \`ccs serve\` creates it` });
    return null;
  }
  let db: SqliteDatabase.Database;
  try {
    db = new SqliteDatabase(file, { readonly: true, fileMustExist: true, timeout: 1_000 });
  } catch (err) {
    checks.push({ name: 'database', status: 'fail', message: `cannot open the SQLite database at ${file}: ${describe(err)}` });
    return null;
  }
  try {
    const quick = (db.pragma('quick_check') as Array<{ quick_check: string }>).map((r) => r.quick_check).join('; ');
    const mode = db.pragma('journal_mode', { simple: true });
    // The service writes the file and, beside it, its -wal and -shm files: a read-only file or directory (a read-only mount, permissions) stops it at start.
    const readOnly = [file, path.dirname(file)].flatMap((f) => {
      try {
        fs.accessSync(f, fs.constants.W_OK);
        return [];
      } catch (err) {
        return [`${f} (${(err as { code?: string }).code ?? describe(err)})`];
      }
    });
    if (quick !== 'ok') checks.push({ name: 'database', status: 'fail', message: `the SQLite database at ${file} is damaged: ${quick}; restore a backup (ccs restore)` });
    else if (readOnly.length) checks.push({ name: 'database', status: 'fail', message: `the SQLite database cannot be written: ${readOnly.join(', ')}; \`ccs serve\` and every command refuse to start on it until it is writable` });
    else checks.push({ name: 'database', status: 'ok', message: `SQLite at ${file} (${Math.round(fs.statSync(file).size / 1048576)} MB, journal ${mode}), sound` });
    const tables = new Set((db.prepare("select name from sqlite_master where type = 'table'").all() as Array<{ name: string }>).map((r) => r.name));
    if (tables.has('cards')) {
      const cards = (db.prepare('select count(*) as n from cards').get() as { n: number }).n;
      checks.push(
        cards > 0
          ? { name: 'card data', status: 'ok', message: `${cards.toLocaleString('en-US')} printings` }
          : NO_CARD_DATA,
      );
    }
    if (!tables.has('kysely_migration')) return undefined;
    return (db.prepare('select name from kysely_migration order by name').all() as Array<{ name: string }>).map((r) => r.name);
  } catch (err) {
    checks.push({ name: 'database', status: 'fail', message: `the SQLite database at ${file} cannot be read: ${describe(err)}` });
    return null;
  } finally {
    db.close();
  }
}

async function redisCheck(url: string, timeoutMs: number): Promise<Check> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: timeoutMs, commandTimeout: timeoutMs, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  // The connection's own error says why (refused, unknown host); the rejected connect only that it closed.
  let cause: unknown;
  redis.on('error', (err) => {
    cause ??= err;
  });
  try {
    await redis.connect();
    await redis.ping();
    const info = await redis.info('server');
    const version = /redis_version:(\S+)/.exec(info)?.[1];
    return { name: 'redis', status: 'ok', message: `Redis ${version ?? ''} at ${redact(url)} answers`.replace('  ', ' ') };
  } catch (err) {
    return { name: 'redis', status: 'fail', message: `cannot reach Redis at ${redact(url)}: ${describe(cause ?? err)}; rate limits then follow CCS_RATE_LIMIT_ON_REDIS_ERROR` };
  } finally {
    redis.disconnect();
  }
}

/** Connects and greets (EHLO, STARTTLS and AUTH where the server offers them); sends no mail. */
async function smtpCheck(url: string, timeoutMs: number): Promise<Check> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(url, { connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
  try {
    await transport.verify();
    return { name: 'smtp', status: 'ok', message: `SMTP server at ${redact(url)} accepts a session (nothing was sent)` };
  } catch (err) {
    return { name: 'smtp', status: 'fail', message: `the SMTP server at ${redact(url)} does not accept a session: ${describe(err)}; disable e-mails will not go out` };
  } finally {
    transport.close();
  }
}

/** The data directory is there and writable, with room on its disk. */
function dataDirChecks(config: Config): Check[] {
  const dir = config.dataDir;
  if (!fs.existsSync(dir)) {
    const parent = nearestExisting(dir);
    const disk = statfs(parent);
    // On SQLite the database file lives there, so the first start makes it; on PostgreSQL only export files and e-mail files do.
    const when = isPostgres(config) ? 'when it first writes an export file or an e-mail there' : 'on first start';
    return [{ name: 'data directory', status: 'warn', message: `${dir} does not exist yet; ccs creates it ${when}` }, ...(disk ? [diskSpace(parent, disk.free, disk.total)] : [])];
  }
  const out: Check[] = [];
  const probe = path.join(dir, `.doctor-${process.pid}`);
  try {
    fs.writeFileSync(probe, 'ok');
    fs.rmSync(probe);
    out.push({ name: 'data directory', status: 'ok', message: `${dir} is writable` });
  } catch (err) {
    out.push({ name: 'data directory', status: 'fail', message: `cannot write to ${dir}: ${describe(err)}` });
  }
  const disk = statfs(dir);
  if (disk) out.push(diskSpace(dir, disk.free, disk.total));
  return out;
}

function statfs(dir: string): { free: number; total: number } | undefined {
  try {
    const s = fs.statfsSync(dir);
    return { free: s.bavail * s.bsize, total: s.blocks * s.bsize };
  } catch {
    return undefined;
  }
}

function nearestExisting(dir: string): string {
  let d = path.resolve(dir);
  while (!fs.existsSync(d) && path.dirname(d) !== d) d = path.dirname(d);
  return d;
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next.push(Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)));
    }
    row = next;
  }
  return row[b.length] ?? 0;
}

/** Whether process `pid` runs `ccs worker` (its command line has `worker` right after the script). */
function isWorkerProcess(pid: number): boolean {
  try {
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const script = argv.findIndex((a) => /(^|\/)(ccs(\.js)?|start\.js)$/.test(a));
    return script >= 0 && argv[script + 1] === 'worker';
  } catch {
    return false;
  }
}
