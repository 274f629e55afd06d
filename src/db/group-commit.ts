import { CompiledQuery } from 'kysely';
import type { Database } from './database.js';
import { runStatement } from './prepared.js';
import type { Executor } from './schema.js';
import { writeTransaction, type WriteOptions } from './transaction.js';

type Work<T> = (trx: Executor) => Promise<T>;

interface Job {
  work: Work<unknown>;
  /** Units of a group run in the order of their keys (see `run`). */
  key: string | undefined;
  /** When it was queued (`performance.now()`): its wait for the write lock counts from here. */
  at: number;
  resolve(value: unknown): void;
  reject(reason: unknown): void;
}

const SAVEPOINT = CompiledQuery.raw('savepoint unit_of_work');
const RELEASE = CompiledQuery.raw('release unit_of_work');
const ROLLBACK_TO = CompiledQuery.raw('rollback to unit_of_work');

export interface WriteTransactions {
  /**
   * Runs `work` in a transaction of its own: it commits entirely or not at all. `key`: the row
   * the unit locks that other writers' units lock too (the webhook recorder's subscription). A
   * group runs its units in key order (units without one last, each in arrival order), so two
   * processes' groups lock those rows in one order: in arrival order they could each hold a row
   * the other's next unit wants, a deadlock PostgreSQL ends by failing one whole group.
   */
  run<T>(work: Work<T>, key?: string): Promise<T>;
}

export interface GroupCommitOptions {
  /** Runs one transaction around `work` (default: Kysely's `transaction()`). The dispatcher passes one that begins IMMEDIATE on SQLite. */
  transaction?: <T>(work: Work<T>, options?: WriteOptions) => Promise<T>;
  /** Group on PostgreSQL too (default: there each unit is its own transaction). */
  groupOnPostgres?: boolean;
  /** At most this many units per transaction (default: every unit waiting). */
  maxUnits?: number;
  /** How long the first unit waits for others before its transaction starts; 0 (default) is the next turn of the event loop. */
  gatherMs?: number;
}

/**
 * Write transactions for many small units of work. On SQLite one commit costs more than
 * the writes of a typical request (~150 µs of WAL frames against ~60 µs of inserts), and
 * only one writer runs at a time anyway, so writes that arrive while a commit is under
 * way are grouped: they run one after another in the next transaction, each inside its
 * own savepoint. A unit that throws is rolled back to its savepoint and fails alone;
 * every unit is answered only after the transaction holding it commits, and if that
 * commit fails, every unit in it fails. PostgreSQL commits concurrently, so there each
 * unit is simply its own transaction unless `groupOnPostgres` asks for groups.
 */
/** Units with keys first, in key order; the sort is stable, so equal keys keep their arrival order. */
function byKey(a: Job, b: Job): number {
  if (a.key === b.key) return 0;
  if (a.key === undefined) return 1;
  if (b.key === undefined) return -1;
  return a.key < b.key ? -1 : 1;
}

export function createWriteTransactions(database: Database, options: GroupCommitOptions = {}): WriteTransactions {
  const transaction = options.transaction ?? (<T>(work: Work<T>, o?: WriteOptions) => writeTransaction(database, work, o));
  if (database.dialect === 'postgres' && !options.groupOnPostgres) return { run: (work) => transaction(work) };
  const maxUnits = options.maxUnits ?? Number.POSITIVE_INFINITY;
  const gatherMs = options.gatherMs ?? 0;

  let queue: Job[] = [];
  let flushing = false;

  async function commitGroup(arrived: Job[]): Promise<void> {
    const jobs = arrived.some((j) => j.key !== undefined) ? [...arrived].sort(byKey) : arrived;
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      let waitingSince = Number.POSITIVE_INFINITY;
      for (const job of jobs) waitingSince = Math.min(waitingSince, job.at);
      await transaction(async (trx) => {
        for (const job of jobs) {
          await runStatement(trx, SAVEPOINT);
          try {
            const value = await job.work(trx);
            await runStatement(trx, RELEASE);
            outcomes.push({ ok: true, value });
          } catch (error) {
            try {
              await runStatement(trx, ROLLBACK_TO);
              await runStatement(trx, RELEASE);
            } catch {
              // SQLite rolled the whole transaction back by itself (SQLITE_FULL, SQLITE_BUSY,
              // SQLITE_IOERR): the savepoint is gone, and so is every unit before this one.
              // They all fail with the error that says why, not with the failed ROLLBACK TO.
              throw error;
            }
            outcomes.push({ ok: false, error });
          }
        }
      }, { waitingSince });
    } catch (error) {
      for (const job of jobs) job.reject(error);
      return;
    }
    database.health.reachable();
    jobs.forEach((job, i) => {
      const o = outcomes[i];
      if (o?.ok) job.resolve(o.value);
      else job.reject(o ? o.error : new Error('unit of work was not run'));
    });
  }

  async function flush(): Promise<void> {
    flushing = true;
    while (queue.length > 0) {
      const jobs = queue.length > maxUnits ? queue.slice(0, maxUnits) : queue;
      queue = queue.slice(jobs.length);
      await commitGroup(jobs);
    }
    flushing = false;
  }

  return {
    run<T>(work: Work<T>, key?: string): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, key, at: performance.now(), resolve: resolve as (v: unknown) => void, reject });
        // The first write starts a transaction shortly; later ones join the queue
        // the running flush picks up when its commit is done.
        if (!flushing) {
          flushing = true;
          if (gatherMs > 0) setTimeout(() => void flush(), gatherMs);
          else setImmediate(() => void flush());
        }
      });
    },
  };
}
