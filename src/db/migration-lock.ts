import SqliteDatabase from 'better-sqlite3';

/**
 * A lock beside a SQLite database, held while one process migrates it. Kysely's SQLite
 * migration lock is a no-op and its SQLite migrations run outside a transaction, so two
 * processes starting on one file (a `serve --no-worker` and a `worker`, or an upgrade) could
 * both run a pending migration, and the second failed halfway ("duplicate column name").
 *
 * The lock is SQLite's own: an exclusive transaction on a small side database
 * (`<file>.migrate-lock`), so the operating system drops it when its process ends, however it
 * ends: no stale lock to detect, nothing to take over from a live holder. It is polled without
 * SQLite's busy wait, so the event loop never blocks while another process migrates.
 */
export interface FileLockOptions {
  /** How long to wait for another process's migration (default 5 minutes: an index on a big table takes a while). */
  waitMs?: number;
}

function isBusy(err: unknown): boolean {
  const code = (err as { code?: string }).code ?? '';
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
}

/** Takes the lock at `lockPath`, waiting for another holder; throws after `waitMs`. Answers its release. */
export async function takeFileLock(lockPath: string, options: FileLockOptions = {}): Promise<() => void> {
  const waitMs = options.waitMs ?? 5 * 60_000;
  const deadline = Date.now() + waitMs;
  const lock = new SqliteDatabase(lockPath, { timeout: 0 });
  try {
    for (let delay = 10; ; delay = Math.min(delay * 2, 250)) {
      try {
        lock.exec('BEGIN EXCLUSIVE');
        return () => {
          try {
            lock.exec('COMMIT');
          } finally {
            lock.close();
          }
        };
      } catch (err) {
        if (!isBusy(err)) throw err;
      }
      if (Date.now() > deadline) throw new Error(`another process has been migrating this database for over ${Math.round(waitMs / 1000)} s (its lock: ${lockPath})`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  } catch (err) {
    lock.close();
    throw err;
  }
}
