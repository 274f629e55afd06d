import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';

/*
 * Backups of the embedded database, and putting one back. SQLite's online backup API copies
 * the pages of a consistent snapshot while the service keeps serving and writing (WAL: readers
 * never block the writer); PostgreSQL has pg_dump and pg_restore, which do it better than we could.
 */

/** The tables whose row counts a backup reports: enough to recognise the data at a glance. */
export const COUNTED_TABLES = ['users', 'api_keys', 'collection_entries', 'binders', 'decks', 'webhook_subscriptions', 'events', 'cards'] as const;

export interface SqliteCopyReport {
  file: string;
  bytes: number;
  integrity: string;
  counts: Record<string, number>;
  /** Migrations recorded in the copy, in order. */
  migrations: string[];
}

/** `PRAGMA integrity_check` ("ok" when sound), row counts and recorded migrations of a SQLite file, opened read-only. */
export function inspectSqlite(file: string): SqliteCopyReport {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map((r) => r.integrity_check).join('; ');
    const tables = new Set((db.prepare("select name from sqlite_master where type = 'table'").all() as Array<{ name: string }>).map((r) => r.name));
    const counts: Record<string, number> = {};
    for (const t of COUNTED_TABLES) {
      if (tables.has(t)) counts[t] = (db.prepare(`select count(*) as n from "${t}"`).get() as { n: number }).n;
    }
    const migrations = tables.has('kysely_migration')
      ? (db.prepare('select name from kysely_migration order by name').all() as Array<{ name: string }>).map((r) => r.name)
      : [];
    return { file, bytes: fs.statSync(file).size, integrity, counts, migrations };
  } finally {
    db.close();
  }
}

/**
 * Copies a live SQLite database to `dest` with better-sqlite3's online backup: the whole
 * database in one step, so the copy is one consistent snapshot (a step restarts by itself if
 * another connection writes meanwhile), while the service goes on reading and writing. The
 * copy is written beside `dest` and renamed into place only once it passes `integrity_check`,
 * so a failed or interrupted backup never leaves a half-written file under the name asked for.
 */
export async function backupSqlite(source: string, dest: string, opts: { overwrite?: boolean } = {}): Promise<SqliteCopyReport> {
  if (!fs.existsSync(source)) throw new BackupError(`there is no database at ${source} to back up`);
  const target = path.resolve(dest);
  if (target === path.resolve(source)) throw new BackupError('the backup file cannot be the database itself');
  // --force replaces a file, never a directory (the rename would fail only after the whole copy).
  if (fs.existsSync(target) && fs.statSync(target).isDirectory()) throw new BackupError(`${target} is a directory; name the backup file, e.g. ${path.join(target, 'ccs-backup.db')}`);
  if (fs.existsSync(target) && !opts.overwrite) throw new BackupError(`${target} already exists (pass --force to replace it)`);
  if (!fs.existsSync(path.dirname(target))) throw new BackupError(`the directory ${path.dirname(target)} does not exist`);
  const partial = `${target}.partial-${process.pid}`;
  fs.rmSync(partial, { force: true });
  const db = new SqliteDatabase(source, { fileMustExist: true });
  try {
    // Waits out a writer's lock (at most this long) rather than failing at once.
    db.pragma('busy_timeout = 5000');
    await db.backup(partial, { progress: () => 0x7fffffff });
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    db.close();
  }
  // The copy is a self-contained file: no WAL beside it, journal mode as an ordinary database.
  const copy = new SqliteDatabase(partial);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  const report = inspectSqlite(partial);
  if (report.integrity !== 'ok') {
    fs.rmSync(partial, { force: true });
    throw new BackupError(`the copy failed its integrity check (${report.integrity}); nothing was written to ${target}`);
  }
  try {
    fsyncFile(partial);
    fs.renameSync(partial, target);
  } catch (err) {
    // Whatever stops the copy taking its name (the target turned into a directory meanwhile, a
    // full disk), the whole-database copy beside it is not left behind.
    fs.rmSync(partial, { force: true });
    throw new BackupError(`could not put the copy at ${target}: ${(err as Error).message}; nothing was written there`);
  }
  fsyncDir(path.dirname(target));
  return { ...report, file: target };
}

export interface RestoreReport {
  restored: SqliteCopyReport;
  /** Where the database that was replaced now is (null when there was none). */
  previous: string | null;
}

/**
 * Puts a backup in place of the SQLite database: refuses while any process has the database
 * open (a server would go on with the old file's pages and corrupt the new one), checks the
 * backup, keeps the replaced database (and its WAL) beside it, then renames the copy in.
 */
export function restoreSqlite(backup: string, database: string, now: Date = new Date()): RestoreReport {
  if (!fs.existsSync(backup)) throw new BackupError(`there is no file at ${backup}`);
  const holders = processesHolding(database);
  if (holders === undefined) throw new BackupError('cannot tell whether a process has the database open (no /proc here); stop every ccs process, then move the backup into place by hand');
  if (holders.length > 0) {
    throw new BackupError(`processes ${holders.join(', ')} have ${database} open; stop every ccs process using it (serve, worker) before restoring`);
  }
  let checked: SqliteCopyReport;
  try {
    checked = inspectSqlite(backup);
  } catch (err) {
    throw new BackupError(`${backup} is not a SQLite database (${(err as Error).message})`);
  }
  if (checked.integrity !== 'ok') throw new BackupError(`${backup} failed its integrity check: ${checked.integrity}`);
  if (checked.migrations.length === 0) throw new BackupError(`${backup} is not a ccs database (it has no migrations table)`);

  fs.mkdirSync(path.dirname(database), { recursive: true });
  const incoming = `${database}.restore-${process.pid}`;
  fs.copyFileSync(backup, incoming);
  fsyncFile(incoming);
  let previous: string | null = null;
  if (fs.existsSync(database)) {
    previous = `${database}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(database, previous);
    for (const suffix of ['-wal', '-shm']) {
      if (fs.existsSync(database + suffix)) fs.renameSync(database + suffix, previous + suffix);
    }
  }
  fs.renameSync(incoming, database);
  fsyncDir(path.dirname(database));
  return { restored: { ...checked, file: database }, previous };
}

/**
 * The ids of other processes that have `file` (or its -wal / -shm) open, from /proc/<pid>/fd;
 * undefined where /proc cannot tell (not Linux). Processes of other users are visible only to root.
 */
export function processesHolding(file: string): number[] | undefined {
  if (!fs.existsSync('/proc/self/fd')) return undefined;
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch {
    real = path.resolve(file);
  }
  const wanted = new Set([real, `${real}-wal`, `${real}-shm`]);
  const holders: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = fs.readlinkSync(`/proc/${entry}/fd/${fd}`);
      } catch {
        continue;
      }
      if (wanted.has(target)) {
        holders.push(Number(entry));
        break;
      }
    }
  }
  return holders;
}

/**
 * The pg_dump (or pg_restore) command line for this database and schema, with any password left
 * out of it. The dump holds the one schema; the restore names none, so that it creates the schema
 * too: `pg_restore --schema` restores only what is *in* the schema, and on a new server's empty
 * database every table then failed on its missing schema.
 */
export function postgresCommand(kind: 'dump' | 'restore', databaseUrl: string, schema: string | undefined, file: string): string {
  const url = new URL(databaseUrl);
  const hadPassword = url.password !== '';
  url.password = '';
  const quoted = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const schemaArg = schema ? ` --schema=${quoted(schema)}` : '';
  const command =
    kind === 'dump'
      ? `pg_dump --format=custom${schemaArg} --file=${quoted(file)} ${quoted(url.toString())}`
      : `pg_restore --clean --if-exists --no-owner --dbname=${quoted(url.toString())} ${quoted(file)}`;
  return hadPassword ? `PGPASSWORD=... ${command}` : command;
}

export class BackupError extends Error {}

function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function fsyncDir(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Not every platform can fsync a directory; the rename is still atomic.
  }
}
