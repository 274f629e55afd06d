import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** What one `wal_checkpoint(PASSIVE)` reported: frames in the WAL and frames copied into the database. */
export interface CheckpointResult {
  log: number;
  checkpointed: number;
}

export interface WalCheckpointer {
  /** The most recent result, once the first checkpoint ran. */
  readonly last: CheckpointResult | undefined;
  /** Stops checkpointing and closes the worker's connection. */
  stop(): Promise<void>;
}

// Runs in the worker: its own connection, checkpointing on a timer. A PASSIVE checkpoint
// takes no lock a writer needs, so the main thread's commits never wait on it.
// SQLite fsyncs the database file only after a checkpoint that reached the WAL's end, which
// under steady writes is never the worker's (commits go on while it copies): the pages it
// copied stayed dirty until a checkpoint on the main connection flushed them all, ~15 ms of
// fsync on the event loop (measured with strace on the twelfth round's host). So, given a
// descriptor of the file (\`flushFd\`), the worker flushes it after each checkpoint that copied
// something new; an fsync flushes the file's dirty pages whichever descriptor asks, and one
// more never weakens durability. The descriptor is the caller's to close, after every SQLite
// connection of this process to the file is closed: closing any descriptor of a file drops all
// of the process's POSIX locks on it, SQLite's included.
const WORKER_SOURCE = `
const fs = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
let copied = '';
let flushFd = workerData.flushFd;
function checkpoint() {
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    const now = r.log + '/' + r.checkpointed;
    // The checkpoint's result is posted even if the flush fails: the flush only adds durability
    // (SQLite fsyncs by itself after a complete checkpoint), and a lasting failure of it must
    // not stop the main connection from finishing checkpoints.
    if (flushFd !== undefined && r.checkpointed > 0 && now !== copied) {
      try {
        fs.fsyncSync(flushFd);
      } catch {
        flushFd = undefined;
      }
    }
    copied = now;
    parentPort.postMessage({ log: r.log, checkpointed: r.checkpointed });
  } catch (e) {
    parentPort.postMessage({ error: String(e && e.message || e), code: e && typeof e.code === 'string' ? e.code : undefined });
  }
}
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

/**
 * Copies committed WAL frames into the database file from a worker thread. SQLite's own
 * automatic checkpoint runs inside the commit that crosses the threshold, so every few
 * dozen write requests one of them paid for copying megabytes and two fsyncs; measured on
 * single-entry adds that was half of all commit time. The main connection keeps a high
 * automatic threshold as a backstop in case this thread ever falls behind. `flushFd`: a
 * descriptor of the database file for the worker to fsync (see above), closed by the caller.
 */
export function startWalCheckpointer(
  file: string,
  intervalMs: number,
  onError: (message: string, code?: string) => void = (message) => process.emitWarning(`WAL checkpoint failed: ${message}`),
  onResult: (result: CheckpointResult) => void = () => undefined,
  flushFd?: number,
): WalCheckpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, intervalMs, driver, flushFd } });
  // Never keeps the process alive by itself: stop() is for orderly shutdown.
  worker.unref();
  let last: CheckpointResult | undefined;
  worker.on('message', (m: CheckpointResult | { error: string; code?: string }) => {
    if ('error' in m) onError(m.error, m.code);
    else {
      last = m;
      onResult(m);
    }
  });
  worker.on('error', (e) => onError(e.message));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    get last() {
      return last;
    },
    async stop() {
      // Held until the worker has closed its connection, or the process could end first.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
