import { CompiledQuery, sql } from 'kysely';
import type { Database } from './database.js';
import { registerSyncReader, runStatement, unregisterSyncReader } from './prepared.js';
import type { Executor } from './schema.js';

const BEGIN_IMMEDIATE = CompiledQuery.raw('begin immediate');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

/**
 * The one way to write: runs `work` in a transaction that commits entirely or not at all.
 *
 * SQLite: begins IMMEDIATE, taking the write lock up front (waiting for another process's
 * writer up to `CCS_DB_TIMEOUT_MS`, between tries that never block the event loop, and with
 * the connection free meanwhile for reads). A deferred transaction that reads and then writes
 * would instead fail with SQLITE_BUSY when another process (`ccs worker` beside
 * `ccs serve`, a CLI command) committed in between: its read snapshot is stale and no
 * waiting helps. One connection serves the process, so inside `work` every query must
 * go through `trx`. PostgreSQL: an ordinary transaction; row locks where a feature needs them.
 */
export interface WriteOptions {
  /**
   * Bulk work (a card import's swap of a whole Scryfall file) whose statements may rightly run
   * longer than a request may wait: on PostgreSQL it runs on the pool without the request's
   * statement timeout (`Database.bulk`). SQLite has one connection either way.
   */
  bulk?: boolean;
  /**
   * SQLite: when the waiting for another connection's write lock began (`performance.now()`),
   * if before this call: a grouped commit passes its oldest unit's arrival, so a unit queued
   * behind a group that waited out its bound does not wait a whole bound again.
   */
  waitingSince?: number;
}

export async function writeTransaction<T>(database: Database, work: (trx: Executor) => Promise<T>, options: WriteOptions = {}): Promise<T> {
  if (database.dialect === 'postgres') return (options.bulk ? database.bulk : database.db).transaction().execute(work);
  const deadline = (options.waitingSince ?? performance.now()) + database.writeWaitMs;
  let pause = 1;
  for (;;) {
    const outcome = await sqliteTransaction(database, work);
    if (!(outcome instanceof Held)) return outcome;
    const left = deadline - performance.now();
    if (left <= 0) throw outcome.error;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
    pause = Math.min(pause * 2, 25);
  }
}

/** What a try at the write lock that found it held answers: the SQLITE_BUSY error, thrown once the wait is over. */
class Held {
  constructor(readonly error: Error) {}
}

/** One try: the transaction's result, or `Held` (nothing ran, the connection is free again) when another connection holds the write lock. */
function sqliteTransaction<T>(database: Database, work: (trx: Executor) => Promise<T>): Promise<T | Held> {
  return database.db.connection().execute(async (conn) => {
    if (database.tryBeginWrite) {
      const busy = database.tryBeginWrite();
      if (busy) return new Held(busy);
    } else await conn.executeQuery(BEGIN_IMMEDIATE);
    // The connection is this transaction's until it ends: its prepared statements run directly.
    if (database.directStatements) registerSyncReader(conn, database.directStatements);
    try {
      const result = await work(conn);
      await runStatement(conn, COMMIT);
      return result;
    } catch (err) {
      await conn.executeQuery(ROLLBACK).catch(() => undefined);
      throw err;
    } finally {
      unregisterSyncReader(conn);
    }
  });
}

/**
 * Inside a `writeTransaction`: waits until no other write holds `name`, and holds it to the end
 * of this one, so a count-then-insert cap (webhook subscriptions, waiting exports) counts one
 * writer after the other. PostgreSQL: a transaction-scoped advisory lock on the name's hash (a
 * collision only serialises two unrelated writes); SQLite's write transaction already does it.
 */
export async function serialiseOn(trx: Executor, dialect: Database['dialect'], name: string): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(trx);
}
