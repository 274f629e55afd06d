import fs from 'node:fs';

/**
 * A lock file beside a SQLite database, held while one process migrates it. Kysely's SQLite
 * migration lock is a no-op and its SQLite migrations run outside a transaction, so two
 * processes starting on one file (a `serve --no-worker` and a `worker`, or an upgrade) could
 * both run a pending migration, and the second failed halfway ("duplicate column name").
 * SQLite files are local, so a file created exclusively (`wx`) is a lock every process on the
 * machine sees; one left by a process that died (its pid gone) or long ago is taken over.
 */
export interface FileLockOptions {
  /** How long to wait for another process's migration (default 5 minutes: an index on a big table takes a while). */
  waitMs?: number;
  /** A lock older than this is a leftover, whoever wrote it (default 30 minutes). */
  staleMs?: number;
}

/** Whether the process that wrote the lock still runs; a lock not yet written (created, its pid on the way) counts as held. */
function holderAlive(text: string): boolean {
  const pid = Number(/^(\d+)/.exec(text)?.[1]);
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, as another user's process.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock at `lockPath`, waiting for another holder; throws after `waitMs`. Answers its release. */
export async function takeFileLock(lockPath: string, options: FileLockOptions = {}): Promise<() => void> {
  const waitMs = options.waitMs ?? 5 * 60_000;
  const staleMs = options.staleMs ?? 30 * 60_000;
  const deadline = Date.now() + waitMs;
  for (let delay = 25; ; delay = Math.min(delay * 2, 500)) {
    try {
      fs.writeFileSync(lockPath, `${process.pid} ${new Date().toISOString()}\n`, { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let text = '';
    let age = 0;
    try {
      text = fs.readFileSync(lockPath, 'utf8');
      age = Date.now() - fs.statSync(lockPath).mtimeMs;
    } catch {
      continue; // released meanwhile
    }
    // A lock still empty after seconds was left by a process that died as it took it.
    const unwritten = !/^\d+/.test(text) && age > 10_000;
    if (!holderAlive(text) || unwritten || age > staleMs) {
      fs.rmSync(lockPath, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new Error(`another process (${text.trim()}) has been migrating this database for over ${Math.round(waitMs / 1000)} s; if no ccs process runs, remove ${lockPath}`);
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
