import type { Config } from '../config.js';
import { isPostgres } from '../config.js';
import { BackupError, backupSqlite, postgresCommand, restoreSqlite, type SqliteCopyReport } from '../ops/backup.js';
import { parse, UsageError } from './args.js';

function summary(r: SqliteCopyReport): string {
  const counts = Object.entries(r.counts)
    .map(([t, n]) => `${t} ${n.toLocaleString('en-US')}`)
    .join(', ');
  return `${(r.bytes / 1048576).toFixed(1)} MB, integrity ok, last migration ${r.migrations.at(-1) ?? 'none'}; ${counts}`;
}

/**
 * `ccs backup <file> [--force]`: an online copy of the SQLite database, safe while `ccs serve`
 * runs and writes. On PostgreSQL it prints the pg_dump command to use instead (exit 1: no
 * backup was made by this command).
 */
export async function backupCommand(config: Config, argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { force: { type: 'boolean', default: false } }, true);
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new UsageError('ccs backup needs one file name: ccs backup <file>');
  if (isPostgres(config)) {
    process.stderr.write('ccs backup copies the embedded SQLite database; on PostgreSQL use pg_dump, for example:\n');
    process.stdout.write(`${postgresCommand('dump', config.databaseUrl ?? '', config.pgSchema, file)}\n`);
    return 1;
  }
  try {
    const r = await backupSqlite(config.sqlitePath, file, { overwrite: values.force });
    process.stdout.write(`backed up ${config.sqlitePath} to ${r.file}: ${summary(r)}\n`);
    return 0;
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    process.stderr.write(`ccs backup: ${err.message}\n`);
    return 1;
  }
}

/**
 * `ccs restore <file>`: puts a backup made by `ccs backup` in place of the SQLite database,
 * keeping the replaced one beside it. Refuses while any process has the database open.
 */
export async function restoreCommand(config: Config, argv: string[]): Promise<number> {
  const { positionals } = parse(argv, {}, true);
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new UsageError('ccs restore needs one file name: ccs restore <file>');
  if (isPostgres(config)) {
    process.stderr.write('ccs restore puts back a SQLite backup; on PostgreSQL use pg_restore on a dump made by pg_dump, for example:\n');
    process.stdout.write(`${postgresCommand('restore', config.databaseUrl ?? '', config.pgSchema, file)}\n`);
    return 1;
  }
  try {
    const r = restoreSqlite(file, config.sqlitePath);
    process.stdout.write(
      `restored ${file} to ${config.sqlitePath}: ${summary(r.restored)}\n${r.previous ? `the database it replaced is kept as ${r.previous}\n` : ''}start ccs again; it applies any migrations the backup predates\n`,
    );
    return 0;
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    process.stderr.write(`ccs restore: ${err.message}\n`);
    return 1;
  }
}
