import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Driver,
  type MigrationProvider,
  type PostgresDialectConfig,
  type CompiledQuery,
  type QueryResult,
  type TableMetadata,
} from 'kysely';
import pg from 'pg';
import { databaseOutageCause } from '../availability/causes.js';
import { createDependencyHealth, type DependencyHealth } from '../availability/health.js';
import { type Config, isPostgres } from '../config.js';
import { startWalCheckpointer, type CheckpointResult, type WalCheckpointer } from './checkpointer.js';
import { migrations } from './migrations/index.js';
import { urlOptions, withoutUrlOptions, withSearchPath } from './pg-options.js';
import type { DB } from './schema.js';
import { forgetStatementPlans, registerSyncReader, statementNameFor, type SyncReader } from './prepared.js';
import { takeFileLock } from './migration-lock.js';

// COUNT(*) and SUM() come back as int8/numeric; every value we store fits a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  /** For requests and jobs: every wait on it is bounded by `CCS_DB_TIMEOUT_MS` (then it throws, and a request answers 503). */
  db: Kysely<DB>;
  /**
   * The same database for work whose statements may rightly run longer than a request may
   * wait (card imports, migrations): no statement timeout. On SQLite it is `db` itself.
   */
  bulk: Kysely<DB>;
  dialect: Dialect;
  /** The PostgreSQL schema in use (tests isolate each run in its own). */
  schema: string | undefined;
  /** SQLite: the database file. */
  file?: string;
  /** Reachability and errors as this process has seen them (logged once per outage). */
  health: DependencyHealth;
  /**
   * SQLite: runs a statement at once on the process's connection and answers its rows. Only
   * for the holder of the connection: a write transaction registers it for its own executor
   * (`writeTransaction`), so its prepared statements skip Kysely's driver.
   */
  directStatements?: SyncReader;
  /**
   * SQLite: begins a write transaction (BEGIN IMMEDIATE) on the process's connection without
   * waiting: undefined when it began, the SQLITE_BUSY error when another connection holds the
   * write lock. `writeTransaction` waits between tries off the event loop: SQLite's own
   * busy_timeout sleeps inside the call, freezing every request of the process, and each
   * background job waiting in turn stacked those freezes.
   */
  tryBeginWrite?: () => Error | undefined;
  /** How long a write waits for another connection's write lock before it fails (`CCS_DB_TIMEOUT_MS`). */
  writeWaitMs: number;
  /** SQLite files: the background WAL checkpointer, which the job registry starts and stops. */
  walCheckpointer: WalCheckpointerJob | undefined;
  /** Asks the database (`select 1`): a failure counts as an outage, an answer ends one and clears every condition. */
  ping(): Promise<void>;
  /**
   * Asks the database, counting a failure as an outage, but takes an answer for no more than a
   * connection: a read-only or full database still answers a `select`, so its condition stays.
   */
  check(): Promise<void>;
  close(): Promise<void>;
}

export interface WalCheckpointerJob {
  /** Starts checkpointing from a worker thread; `report` hears every result and failure. */
  start(report: (result: CheckpointResult | { error: string; code?: string }) => void): void;
  stop(): Promise<void>;
  /** Checkpoints the main connection ran to finish a complete worker checkpoint (so the WAL starts over). */
  readonly finishedOnMain: number;
}

export interface OpenOptions {
  /** PostgreSQL only: use (and create) this schema instead of `public`. */
  schema?: string;
  poolSize?: number;
  /** SQLite files only: how often the checkpointer job checkpoints the WAL (ms); 0: no checkpointer, SQLite does it in commits. */
  checkpointIntervalMs?: number;
  /** SQLite files only: WAL frames after which the main connection finishes a complete worker checkpoint (default 4,000). */
  finishCheckpointAfterFrames?: number;
  /** PostgreSQL `application_name` of every connection (default `ccs`, or `ccs:<schema>` with a schema of its own). */
  applicationName?: string;
}

const DEFAULT_CHECKPOINT_INTERVAL_MS = 200;
/** The main connection's own checkpoint threshold (pages) while the worker does the work. */
const BACKSTOP_AUTOCHECKPOINT_PAGES = 10_000;
/**
 * WAL frames after which the main connection finishes a complete worker checkpoint itself, so
 * that its next commit starts the WAL over (see `walCheckpointerJob`).
 */
const FINISH_CHECKPOINT_AFTER_FRAMES = 4_000;

/**
 * Kysely prepares every query afresh; preparing costs more than running a point lookup.
 * Queries are built from a bounded set of shapes (values are bound, never inlined), so the
 * prepared statements are kept and reused. Kysely runs one query at a time on SQLite, so
 * a shared statement is never used by two callers at once.
 */
function withStatementCache(sqlite: SqliteDatabase.Database, max = 500) {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(query: string): SqliteDatabase.Statement {
      let stmt = cache.get(query);
      if (stmt) return stmt;
      stmt = sqlite.prepare(query);
      // Schema changes (migrations) invalidate nothing here: better-sqlite3 re-prepares internally.
      const oldest = cache.size >= max ? cache.keys().next() : undefined;
      if (oldest && !oldest.done) cache.delete(oldest.value);
      cache.set(query, stmt);
      return stmt;
    },
  };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'sqlitePath' | 'pgSchema'> & Partial<Pick<Config, 'dbTimeoutMs'>>,
  options: OpenOptions = {},
): Promise<Database> {
  const timeoutMs = config.dbTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const health = createDependencyHealth('database');
  if (isPostgres(config) && config.databaseUrl) return openPostgres(config.databaseUrl, options.schema ?? config.pgSchema, timeoutMs, health, options);
  return openSqlite(config.sqlitePath, timeoutMs, health, options);
}

const DEFAULT_TIMEOUT_MS = 5_000;
/** A statement's answer may trail its server-side timeout by this much before the connection is taken for dead. */
const READ_TIMEOUT_GRACE_MS = 1_000;

/** Any error on a connection, also while it is checked out (pg-pool listens only while it is idle): counted, never thrown. */
function watchClient(client: pg.PoolClient, health: DependencyHealth, readTimeout: boolean): void {
  // Renewed whenever the connection answers: one that answered after an outage began is not a
  // leftover of it, and its death later is news.
  let birth = health.connectionOpened();
  client.on('error', (err) => {
    health.fromConnection(err, birth);
    health.failed(databaseOutageCause(err) ?? 'database', err);
  });
  const query = client.query as (...a: unknown[]) => unknown;
  // Whether the connection is inside a transaction: a statement failing there cannot simply run again.
  let inTransaction = false;
  const send = (self: pg.PoolClient, args: unknown[]): unknown => {
    const result = query.apply(self, args);
    if (result instanceof Promise) {
      // Registered before the caller's own handlers, so the error is marked before anyone reports it.
      result.then(
        () => {
          birth = health.connectionOpened();
        },
        (err: unknown) => {
          health.fromConnection(err, birth);
          // A statement that got no answer in time (query_timeout) leaves the connection stuck behind
          // it for good if the peer is gone: end it, so the rollback that follows fails at once and
          // the pool drops it instead of handing it to the next request.
          if (readTimeout && err instanceof Error && err.message === 'Query read timeout') client.end().catch(() => undefined);
        },
      );
    }
    return result;
  };
  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    const [text, values] = args;
    if (typeof text === 'string' && (values === undefined || (Array.isArray(values) && values.length === 0))) {
      if (/^(begin|start transaction)\b/i.test(text)) inTransaction = true;
      else if (/^(commit|rollback|end|abort)\s*$/i.test(text)) inTransaction = false;
    }
    // Kysely sends (text, values); the text of a prepared query runs as a named statement.
    const name = args.length === 2 && typeof text === 'string' && Array.isArray(values) ? statementNameFor(text) : undefined;
    if (name === undefined) return send(this, args);
    const result = send(this, [{ name, text, values }]);
    if (!(result instanceof Promise)) return result;
    return result.catch((err: unknown) => {
      if (!isStalePlan(err)) throw err;
      forgetStatementPlans();
      // Outside a transaction the statement runs again under its new name; inside, the transaction has failed.
      if (inTransaction) throw err;
      return send(this, [{ name: statementNameFor(text as string), text, values }]);
    });
  } as typeof client.query;
}

/** PostgreSQL's refusal to run a named statement whose result columns a schema change altered. */
function isStalePlan(err: unknown): boolean {
  return databaseOutageCause(err) === 'database_changed';
}

async function openPostgres(url: string, schema: string | undefined, timeoutMs: number, health: DependencyHealth, options: OpenOptions): Promise<Database> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const applicationName = options.applicationName ?? (schema && schema !== 'public' ? `ccs:${schema}` : 'ccs');
  const base: pg.PoolConfig = {
    // With a schema, the URL's own options go in `options` below, merged (node-postgres would let them replace ours).
    connectionString: schema ? withoutUrlOptions(url) : url,
    application_name: applicationName,
    // A connect, or a wait for a free connection, that does not finish in time fails (503) instead of queueing forever.
    connectionTimeoutMillis: timeoutMs,
    // Finds connections whose peer vanished without a word (a failover, a NAT that forgot them).
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // Ours replaces only the URL's search_path setting (config.ts made it the schema): its others stay.
    ...(schema ? { options: withSearchPath(urlOptions(url), schema) } : {}),
  };
  if (schema) {
    const admin = new pg.Client(base);
    admin.on('error', () => undefined);
    await admin.connect();
    try {
      // Only when missing: PostgreSQL checks the right to create schemas before it looks, and a
      // role that owns a schema an administrator made may not have that right.
      const exists = await admin.query('select 1 from pg_catalog.pg_namespace where nspname = $1', [schema]);
      if (!exists.rowCount) await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const makePool = (extra: pg.PoolConfig) => {
    const pool = new pg.Pool({ ...base, ...extra });
    // An idle connection that dies emits on the pool too; watchClient has already counted it.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      watchClient(client, health, extra.query_timeout !== undefined);
      health.reachable('connection');
    });
    return pool;
  };
  const pool = makePool({
    max: options.poolSize ?? 10,
    // The server cancels a statement past the bound (57014 -> 503) and the connection lives on;
    // a statement with no answer at all past the bound and a grace is a dead connection.
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs + READ_TIMEOUT_GRACE_MS,
  });
  const bulkPool = makePool({ max: 2 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const bulk = new Kysely<DB>({ dialect: new OwnSchemaPostgresDialect({ pool: bulkPool }) });
  return {
    db,
    bulk,
    dialect: 'postgres',
    schema,
    health,
    walCheckpointer: undefined,
    writeWaitMs: timeoutMs,
    ping: () => ping(db, health),
    check: () => check(db, health),
    close: async () => {
      await Promise.all([db.destroy(), bulk.destroy()]);
    },
  };
}

async function ping(db: Kysely<DB>, health: DependencyHealth): Promise<void> {
  await check(db, health);
  health.reachable('connection');
}

async function check(db: Kysely<DB>, health: DependencyHealth): Promise<void> {
  try {
    await sql`select 1`.execute(db);
  } catch (err) {
    health.failed(databaseOutageCause(err) ?? 'database', err);
    throw err;
  }
}

/** Runs one statement without SQLite's busy wait: its result, or the SQLITE_BUSY error when another connection holds the write lock. */
type WithoutWaiting = <T>(run: () => T) => T | Busy;

/**
 * Text with a NUL, which PostgreSQL cannot store (SQLSTATE 22021), is refused on SQLite as well,
 * under the same code: both databases answer the same 422 and write nothing, and data written on
 * SQLite can always move to PostgreSQL (an export imported there). JSON text columns (`tags`)
 * hold a NUL as the escape `\u0000`, which both store.
 */
function refuseNul(params: readonly unknown[]): void {
  for (const p of params) {
    if (typeof p === 'string' && p.includes('\u0000')) {
      throw Object.assign(new Error('Text holding a NUL character cannot be stored (refused as PostgreSQL refuses it).'), { code: '22021' });
    }
  }
}

class Busy {
  constructor(readonly error: Error) {}
}

function isBusy(err: unknown): boolean {
  return String((err as { code?: unknown } | undefined)?.code ?? '').startsWith('SQLITE_BUSY');
}

/**
 * SQLite rolls a transaction back by itself on some errors (SQLITE_FULL, SQLITE_BUSY,
 * SQLITE_IOERR); the ROLLBACK that follows then fails with "no transaction is active" and
 * would replace the error that says what happened (and decides the 503).
 */
class SqliteDriverKeepingCause extends SqliteDriver {
  private readonly turns = new Turns();
  private connection: WriteWaitingConnection | undefined;

  constructor(
    config: ConstructorParameters<typeof SqliteDriver>[0],
    private readonly sqlite: SqliteDatabase.Database,
    private readonly lockWait: LockWait,
  ) {
    super(config);
  }

  override async init(): Promise<void> {
    await super.init();
    // Kysely's one connection, taken once: turns at it are this driver's own, so a write waiting for another process's lock can give its turn up.
    const inner = await super.acquireConnection();
    await super.releaseConnection();
    this.connection = new WriteWaitingConnection(inner, this.sqlite, this.lockWait, this.turns);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = this.connection;
    if (!connection) throw new Error('The SQLite driver is not initialised');
    const askedAt = performance.now();
    const turn = this.turns.take();
    if (turn) await turn;
    connection.askedAt = askedAt;
    return connection;
  }

  override async releaseConnection(): Promise<void> {
    this.turns.give();
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.sqlite.inTransaction) await super.rollbackTransaction(connection);
  }
}

/** Whose turn the one SQLite connection is: first come, first served, handed straight to the next in line. */
class Turns {
  private taken = false;
  private readonly queue: Array<() => void> = [];

  /** Undefined when the turn is taken at once; else a promise that settles when it is this caller's. */
  take(): Promise<void> | undefined {
    if (!this.taken) {
      this.taken = true;
      return undefined;
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  give(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.taken = false;
  }
}

interface LockWait {
  statements: { prepare(query: string): SqliteDatabase.Statement };
  withoutWaiting: WithoutWaiting;
  waitMs: number;
}

/**
 * A write outside a transaction (revoking a key, a portal session, a webhook's enable or
 * delete) waits for another process's write lock as a write transaction does: tries at
 * `busy_timeout` 0, and between tries gives the connection up for a timer's while, so SQLite's
 * busy wait (which sleeps inside the synchronous call) never holds the event loop and other
 * requests' statements go on. It gives up `CCS_DB_TIMEOUT_MS` after asking for the connection,
 * with the SQLITE_BUSY error (a 503). A statement that found the lock held did nothing, so
 * trying again is safe. Only `writeTransaction` holds the connection across statements
 * (`db.connection()`), and inside its transaction nothing waits here.
 */
class WriteWaitingConnection implements DatabaseConnection {
  askedAt = 0;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly sqlite: SqliteDatabase.Database,
    private readonly lockWait: LockWait,
    private readonly turns: Turns,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.lockWait.statements.prepare(query.sql).readonly) return this.inner.executeQuery<R>(query);
    refuseNul(query.parameters);
    if (this.sqlite.inTransaction) return this.inner.executeQuery<R>(query);
    const deadline = this.askedAt + this.lockWait.waitMs;
    let pause = 1;
    for (;;) {
      // Kysely's SQLite connection runs the statement synchronously (and may throw synchronously).
      const outcome = this.lockWait.withoutWaiting(() => {
        try {
          return this.inner.executeQuery<R>(query);
        } catch (err) {
          if (isBusy(err)) throw err;
          return Promise.reject(err);
        }
      });
      if (!(outcome instanceof Busy)) return outcome;
      const left = deadline - performance.now();
      if (left <= 0) throw outcome.error;
      this.turns.give();
      try {
        await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
      } finally {
        const turn = this.turns.take();
        if (turn) await turn;
      }
      pause = Math.min(pause * 2, 25);
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class SqliteDialectKeepingCause extends SqliteDialect {
  constructor(
    private readonly driverConfig: ConstructorParameters<typeof SqliteDriver>[0],
    private readonly sqlite: SqliteDatabase.Database,
    private readonly lockWait: LockWait,
  ) {
    super(driverConfig);
  }

  override createDriver(): Driver {
    return new SqliteDriverKeepingCause(this.driverConfig, this.sqlite, this.lockWait);
  }
}

async function openSqlite(file: string, timeoutMs: number, health: DependencyHealth, options: OpenOptions): Promise<Database> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // Turning a new file to WAL takes it whole: two processes starting on one new file (a serve
  // and a worker) meet here, and SQLite answers the second "locked" at once, without its busy
  // wait. The second waits its turn; once the file is in WAL, this is a read.
  for (let attempt = 1; ; attempt++) {
    try {
      sqlite.pragma('journal_mode = WAL');
      break;
    } catch (err) {
      if (!isBusy(err) || attempt >= 100) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.min(10 * attempt, 200)));
    }
  }
  // WAL + NORMAL keeps every commit durable against process crashes, fsyncing at checkpoints.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // A write waits this long for another process's lock, then fails with SQLITE_BUSY (503).
  sqlite.pragma(`busy_timeout = ${Math.trunc(timeoutMs)}`);
  const interval = options.checkpointIntervalMs ?? DEFAULT_CHECKPOINT_INTERVAL_MS;
  const walCheckpointer =
    file !== ':memory:' && interval > 0 ? walCheckpointerJob(sqlite, file, interval, options.finishCheckpointAfterFrames ?? FINISH_CHECKPOINT_AFTER_FRAMES) : undefined;
  const statements = withStatementCache(sqlite);
  const noWait = sqlite.prepare('pragma busy_timeout = 0');
  const waitAgain = sqlite.prepare(`pragma busy_timeout = ${Math.trunc(timeoutMs)}`);
  const beginImmediate = sqlite.prepare('begin immediate');
  const withoutWaiting: WithoutWaiting = (run) => {
    noWait.get();
    try {
      return run();
    } catch (err) {
      if (isBusy(err)) return new Busy(err as Error);
      throw err;
    } finally {
      // Reads (and a COMMIT) still wait the bounded time.
      waitAgain.get();
    }
  };
  const tryBeginWrite = (): Error | undefined => {
    const outcome = withoutWaiting(() => beginImmediate.run());
    return outcome instanceof Busy ? outcome.error : undefined;
  };
  const db = new Kysely<DB>({ dialect: new SqliteDialectKeepingCause({ database: statements }, sqlite, { statements, withoutWaiting, waitMs: timeoutMs }) });
  registerSyncReader(db, syncReader(sqlite, statements));
  const directStatements: SyncReader = (query, params) => {
    const stmt = statements.prepare(query);
    if (!stmt.readonly) refuseNul(params);
    if (stmt.reader) return stmt.all(params as unknown[]) as unknown[];
    stmt.run(params as unknown[]);
    return [];
  };
  return {
    db,
    bulk: db,
    dialect: 'sqlite',
    schema: undefined,
    file,
    health,
    walCheckpointer,
    directStatements,
    tryBeginWrite,
    writeWaitMs: timeoutMs,
    ping: () => ping(db, health),
    check: () => check(db, health),
    // The worker's connection goes first, so the main one closes last and folds the WAL back.
    close: async () => {
      try {
        await walCheckpointer?.stop();
        await db.destroy();
      } finally {
        walCheckpointer?.release();
      }
    },
  };
}

/**
 * Reads on the process's one connection without Kysely's queue, for the per-request point
 * reads (`preparedQuery`). Only outside a transaction: a write transaction holds the
 * connection across awaits, and a read slipped in between would see its uncommitted rows
 * (a version bump that may yet roll back); then the caller queues behind it as before.
 */
function syncReader(sqlite: SqliteDatabase.Database, statements: { prepare(query: string): SqliteDatabase.Statement }): SyncReader {
  return (query, params) => {
    if (sqlite.inTransaction) return undefined;
    const stmt = statements.prepare(query);
    // Reads only (not `reader`, which an UPDATE ... RETURNING also is): writes keep Kysely's queue.
    return stmt.readonly ? (stmt.all(params as unknown[]) as unknown[]) : undefined;
  };
}

/** The checkpointer job, and `release()` for the database's close, after its connection is closed. */
function walCheckpointerJob(sqlite: SqliteDatabase.Database, file: string, intervalMs: number, finishAfterFrames: number): WalCheckpointerJob & { release(): void } {
  let running: WalCheckpointer | undefined;
  let finishedOnMain = 0;
  /** The WAL's size at the last finishing checkpoint: an idle WAL is not finished again and again. */
  let finishedAt = -1;
  // After the finishing step fails it rests a minute, so a lasting failure is logged about once a minute, not every round.
  let finishRestsUntil = 0;
  // For the worker to fsync; closed only by `release`, once no connection of this process has
  // the file open (closing a descriptor drops the process's POSIX locks on the file).
  let flushFd: number | undefined;
  return {
    get finishedOnMain() {
      return finishedOnMain;
    },
    release() {
      if (flushFd !== undefined) fs.closeSync(flushFd);
      flushFd = undefined;
    },
    start(report) {
      if (running) return;
      // A file this process may not write (a read-only mount) is still served (writes answer 503);
      // then the worker's checkpoints fail and are reported as before, with nothing to flush.
      if (flushFd === undefined) {
        try {
          flushFd = fs.openSync(file, 'r+');
        } catch {
          flushFd = undefined;
        }
      }
      running = startWalCheckpointer(
        file,
        intervalMs,
        (error, code) => report({ error, code }),
        (result) => {
          // The worker's round is reported first, so a failure of the finishing step below is the
          // round's last word.
          report(result);
          // SQLite starts the WAL over only when a write begins with every frame already in the
          // database file. Under steady writes the worker never gets there (commits go on while
          // it copies), so the WAL grew to the backstop, and the commit that crossed it copied
          // the frames of the worker's last ~200 ms and fsynced both files on the event loop: a
          // 24-45 ms stall every ~2 s of POSTs on the twelfth round's host. Finishing here, right
          // after a complete worker checkpoint, copies only the few frames committed since.
          if (result.log >= finishAfterFrames && result.checkpointed === result.log && result.log !== finishedAt && !sqlite.inTransaction && Date.now() >= finishRestsUntil) {
            try {
              // PASSIVE never waits: busy (the worker mid-round) is answered, not slept on.
              const [done] = sqlite.pragma('wal_checkpoint(PASSIVE)') as Array<{ busy: number; log: number; checkpointed: number }>;
              if (done && done.busy === 0 && done.checkpointed === done.log) {
                finishedOnMain++;
                finishedAt = result.log;
              }
            } catch (err) {
              // Reported as the worker's failures are; the worker's next round, or the backstop, checkpoints instead.
              const e = err as { message?: string; code?: unknown };
              finishRestsUntil = Date.now() + 60_000;
              report({ error: String(e.message ?? err), code: typeof e.code === 'string' ? e.code : undefined });
            }
          }
        },
        flushFd,
      );
      // SQLite's own threshold stays as a backstop should the worker ever fall behind or fail.
      sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_AUTOCHECKPOINT_PAGES}`);
    },
    async stop() {
      const stopping = running;
      running = undefined;
      await stopping?.stop();
    },
  };
}

/**
 * What Kysely's migrator asks of the database (does the schema exist, do its two tables), answered
 * for this connection's own schema only. Kysely's PostgreSQL introspector lists the tables of every
 * schema, and a schema another deployment (or test file) drops meanwhile fails that listing
 * ("schema ... does not exist", "relation ... does not exist"); here the catalog is read with one
 * plain query that names no other object, so nothing another schema does can fail it.
 */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<Array<{ name: string }>> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace where nspname = current_schema()`.execute(this.db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string }>`
      select c.relname as name, n.nspname as schema
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p')`.execute(this.db);
    return rows.map((r) => ({ name: r.name, schema: r.schema, isView: false, columns: [] }));
  }

  async getMetadata(): Promise<{ tables: TableMetadata[] }> {
    return { tables: await this.getTables() };
  }
}

/** The bulk pool's dialect: migrations run there, and look only at their own schema. */
class OwnSchemaPostgresDialect extends PostgresDialect {
  constructor(config: PostgresDialectConfig) {
    super(config);
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}


export async function migrateToLatest(database: Database): Promise<string[]> {
  // On SQLite one process migrates at a time (Kysely's SQLite lock is a no-op; migration-lock.ts);
  // the next finds the first's work recorded. PostgreSQL takes Kysely's own advisory lock.
  if (database.dialect !== 'sqlite' || !database.file || database.file === ':memory:') return migrateOnce(database);
  const release = await takeFileLock(`${database.file}.migrate-lock`);
  try {
    return await migrateOnce(database);
  } finally {
    release();
  }
}

async function migrateOnce(database: Database): Promise<string[]> {
  // Migrations a newer version recorded (a rolling deploy, a rollback) are not this version's to
  // run or judge: they stand in as done, so an older process still starts (Kysely would call the
  // history "corrupted" and refuse). Releases keep their migrations additive for exactly this.
  const known = await provider.getMigrations();
  const newer = (await recordedMigrations(database)).filter((name) => !(name in known));
  const withNewer: MigrationProvider = {
    getMigrations: async () => ({ ...known, ...Object.fromEntries(newer.map((name) => [name, { up: async () => undefined }])) }),
  };
  const migrator = new Migrator({
    // An index built on a big table may take longer than a request may wait.
    db: database.bulk,
    provider: withNewer,
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Migrations a newer release recorded that this one does not know (a rolling deploy, a rollback). */
export async function migrationsOfNewerRelease(database: Database): Promise<string[]> {
  const known = await provider.getMigrations();
  return (await recordedMigrations(database)).filter((name) => !(name in known));
}

/** The migrations the database has recorded (none before the first migration). */
async function recordedMigrations(database: Database): Promise<string[]> {
  const db = database.schema ? database.bulk.withSchema(database.schema) : database.bulk;
  try {
    const rows = await (db as unknown as Kysely<{ kysely_migration: { name: string } }>).selectFrom('kysely_migration').select('name').execute();
    return rows.map((r) => r.name);
  } catch (err) {
    // No table yet (SQLite: "no such table"; PostgreSQL: 42P01): nothing recorded.
    const e = err as { code?: string; message?: string };
    if (e.code === '42P01' || /no such table/.test(e.message ?? '')) return [];
    throw err;
  }
}

/** Drops a PostgreSQL schema; used by tests to clean up after themselves. */
export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: DEFAULT_TIMEOUT_MS });
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await admin.end();
  }
}
