import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { type Config, isPostgres } from '../config.js';
import { startWalCheckpointer } from './checkpointer.js';
import { migrations } from './migrations/index.js';
import type { DB } from './schema.js';

// COUNT(*) and SUM() come back as int8/numeric; every value we store fits a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** The PostgreSQL schema in use (tests isolate each run in its own). */
  schema: string | undefined;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL only: use (and create) this schema instead of `public`. */
  schema?: string;
  poolSize?: number;
  /** SQLite files only: how often a worker thread checkpoints the WAL (ms); 0 leaves it to SQLite. */
  checkpointIntervalMs?: number;
}

const DEFAULT_CHECKPOINT_INTERVAL_MS = 200;
/** The main connection's own checkpoint threshold (pages) while the worker does the work. */
const BACKSTOP_AUTOCHECKPOINT_PAGES = 10_000;

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

export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'sqlitePath' | 'pgSchema'>, options: OpenOptions = {}): Promise<Database> {
  if (isPostgres(config)) {
    const schema = options.schema ?? config.pgSchema;
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
    if (schema) {
      const admin = new pg.Client({ connectionString: config.databaseUrl });
      await admin.connect();
      try {
        await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      } finally {
        await admin.end();
      }
    }
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: options.poolSize ?? 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      schema,
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      close: () => db.destroy(),
    };
  }

  const file = config.sqlitePath;
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  // WAL + NORMAL keeps every commit durable against process crashes, fsyncing at checkpoints.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const interval = options.checkpointIntervalMs ?? DEFAULT_CHECKPOINT_INTERVAL_MS;
  const checkpointer = file !== ':memory:' && interval > 0 ? startWalCheckpointer(file, interval) : undefined;
  if (checkpointer) sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_AUTOCHECKPOINT_PAGES}`);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    schema: undefined,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    // The worker's connection goes first, so the main one closes last and folds the WAL back.
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider,
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Drops a PostgreSQL schema; used by tests to clean up after themselves. */
export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await admin.end();
  }
}
