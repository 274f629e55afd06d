import { CompiledQuery } from 'kysely';
import type { Database } from './database.js';
import type { Executor } from './schema.js';
import { writeTransaction } from './transaction.js';

type Work<T> = (trx: Executor) => Promise<T>;

interface Job {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(reason: unknown): void;
}

const SAVEPOINT = CompiledQuery.raw('savepoint unit_of_work');
const RELEASE = CompiledQuery.raw('release unit_of_work');
const ROLLBACK_TO = CompiledQuery.raw('rollback to unit_of_work');

export interface WriteTransactions {
  /** Runs `work` in a transaction of its own: it commits entirely or not at all. */
  run<T>(work: Work<T>): Promise<T>;
}

/**
 * Write transactions for request handlers. On SQLite one commit costs more than the
 * writes of a typical request (~150 µs of WAL frames against ~60 µs of inserts), and
 * only one writer runs at a time anyway, so writes that arrive while a commit is under
 * way are grouped: they run one after another in the next transaction, each inside its
 * own savepoint. A unit that throws is rolled back to its savepoint and fails alone;
 * every unit is answered only after the transaction holding it commits, and if that
 * commit fails, every unit in it fails. PostgreSQL commits concurrently, so there each
 * unit is simply its own transaction.
 */
export function createWriteTransactions(database: Database): WriteTransactions {
  if (database.dialect === 'postgres') return { run: (work) => writeTransaction(database, work) };

  let queue: Job[] = [];
  let flushing = false;

  async function flush(): Promise<void> {
    flushing = true;
    while (queue.length > 0) {
      const jobs = queue;
      queue = [];
      // Each unit's answer, given only once the transaction holding it has committed.
      const outcomes: Array<() => void> = [];
      try {
        await writeTransaction(database, async (trx) => {
          for (const job of jobs) {
            await trx.executeQuery(SAVEPOINT);
            try {
              const value = await job.work(trx);
              await trx.executeQuery(RELEASE);
              outcomes.push(() => job.resolve(value));
            } catch (error) {
              await trx.executeQuery(ROLLBACK_TO);
              await trx.executeQuery(RELEASE);
              outcomes.push(() => job.reject(error));
            }
          }
        });
      } catch (error) {
        for (const job of jobs) job.reject(error);
        continue;
      }
      for (const settle of outcomes) settle();
    }
    flushing = false;
  }

  return {
    run<T>(work: Work<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (v: unknown) => void, reject });
        // The first write starts a transaction on the next turn; later ones join the queue
        // the running flush picks up when its commit is done.
        if (!flushing) {
          flushing = true;
          setImmediate(() => void flush());
        }
      });
    },
  };
}
