import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { TestServer } from './server.js';

/**
 * Runs one statement (`?` placeholders) on a connection of its own, as an operator's SQL shell
 * or another process would: nothing of the server's process sees it coming.
 */
export async function onAnotherConnection(server: TestServer, statement: string, params: unknown[]): Promise<void> {
  if (server.config.databaseUrl?.startsWith('postgres')) {
    const schema = server.childEnv.CCS_PG_SCHEMA;
    const client = new pg.Client({ connectionString: server.config.databaseUrl, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
    await client.connect();
    try {
      let n = 0;
      await client.query(statement.replace(/\?/g, () => `$${++n}`), params);
    } finally {
      await client.end();
    }
    return;
  }
  const db = new SqliteDatabase(server.config.sqlitePath);
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(statement).run(...params);
  } finally {
    db.close();
  }
}

/**
 * Holds writes to `table` off from another connection until the returned release is called:
 * on PostgreSQL an EXCLUSIVE lock on the table (reads go on), on SQLite the database's write
 * lock (BEGIN IMMEDIATE; reads go on under WAL).
 */
export async function holdWriteLock(server: TestServer, table: string): Promise<() => Promise<void>> {
  if (server.config.databaseUrl?.startsWith('postgres')) {
    const schema = server.childEnv.CCS_PG_SCHEMA;
    const client = new pg.Client({ connectionString: server.config.databaseUrl, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
    await client.connect();
    await client.query('BEGIN');
    await client.query(`LOCK TABLE ${pg.escapeIdentifier(table)} IN EXCLUSIVE MODE`);
    return async () => {
      await client.query('COMMIT');
      await client.end();
    };
  }
  const db = new SqliteDatabase(server.config.sqlitePath);
  db.exec('BEGIN IMMEDIATE');
  return async () => {
    db.exec('COMMIT');
    db.close();
  };
}
