// First: V8 settings that must precede the service's own allocations (see the module).
import '../lib/v8-flags.js';
import { ConfigError, loadConfig } from '../config.js';
import { CAUSE_DETAIL, databaseOutageCause } from '../availability/causes.js';
import { AppError } from '../errors.js';
import { UsageError } from './args.js';

const HELP = `ccs: Card Collection Service

Usage:
  ccs --version
  ccs serve [--port N] [--host H] [--no-worker] [--seed]
  ccs worker
  ccs migrate
  ccs user create --username U --email E --password P [--plan free|pro]
  ccs key create --user U --name N --scopes a,b [--json]
  ccs key list --user U [--json]
  ccs key revoke <key-id>
  ccs oauth-client create --user U --name N --redirect-uri URI [--redirect-uri URI2] [--homepage URL] [--public] [--json]
  ccs oauth-client list --user U [--json]
  ccs oauth-client delete <client-id>
  ccs cards import <file|url> [--rulings <file|url>] [--as-of YYYY-MM-DD]
  ccs seed
  ccs openapi [--out FILE]
  ccs doctor [--json]
  ccs backup <file> [--force]
  ccs restore <file>

Configuration comes from the environment (PORT, HOST, CCS_DATA_DIR, DATABASE_URL, ...); see README.md.`;

/** The package's version, from the package.json beside dist/ and src/. */
async function version(): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return `ccs ${pkg.version}`;
}

/** A start that could not listen, said as an operator would fix it (no stack trace); undefined for anything else. */
function listenProblem(err: unknown): string | undefined {
  const e = err as { code?: unknown; address?: unknown; port?: unknown; syscall?: unknown };
  if (e.syscall !== 'listen' || typeof e.code !== 'string') return undefined;
  const where = `${String(e.address ?? 'the address')}:${String(e.port ?? '?')}`;
  if (e.code === 'EADDRINUSE') return `cannot listen on ${where}: another process uses that port (set PORT, or --port)`;
  if (e.code === 'EACCES') return `cannot listen on ${where}: not allowed to use that port (ports below 1024 need privileges; set PORT)`;
  if (e.code === 'EADDRNOTAVAIL') return `cannot listen on ${where}: this machine has no such address (set HOST, or --host)`;
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return `cannot listen on ${where}: that host name has no address (set HOST, or --host)`;
  return `cannot listen on ${where}: ${e.code}`;
}

/** A file the command was told to read or write that it could not, in one line (`--out /no/such/dir/x.json`). */
function fileProblem(err: unknown): string | undefined {
  const e = err as { code?: unknown; path?: unknown; syscall?: unknown };
  if (typeof e.code !== 'string' || typeof e.path !== 'string' || typeof e.syscall !== 'string') return undefined;
  const why: Record<string, string> = { ENOENT: 'no such file or directory', EACCES: 'permission denied', EISDIR: 'it is a directory', ENOTDIR: 'a part of the path is not a directory', ENOSPC: 'no space left on the device', EROFS: 'read-only file system' };
  return `${e.path}: ${why[e.code] ?? e.code}`;
}

/** The usage lines of one command, or undefined when it has none. */
function helpOf(command: string): string | undefined {
  const lines = HELP.split('\n').filter((l) => l.startsWith(`  ccs ${command} `) || l === `  ccs ${command}`);
  return lines.length ? `Usage:\n${lines.join('\n')}\n\nConfiguration comes from the environment; see README.md.` : undefined;
}

/** Each command loads only what it uses: a one-shot command need not load the HTTP server and the OAuth provider. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  // `ccs openapi | head`: a reader that stops reading is not an error of ours; end quietly, as a
  // shell tool does, instead of printing a stack trace for EPIPE
  // (one-shot commands only: a server or worker whose output pipe closes stops as it always did.)
  if (command !== 'serve' && command !== 'worker') {
    process.stdout.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') throw err;
      process.exit(process.exitCode ?? 0);
    });
  }
  // Help is asked for, never a run: `ccs seed --help` must not seed a database.
  if (command !== undefined && (rest.includes('--help') || rest.includes('-h'))) {
    const usage = helpOf(command);
    if (usage === undefined) {
      console.error(`ccs: unknown command "${command}"\n\n${HELP}`);
      return 2;
    }
    console.log(usage);
    return 0;
  }
  try {
    // Before loading the configuration: the doctor reports every bad setting instead of stopping at the first.
    if (command === 'doctor') return await (await import('./doctor.js')).doctorCommand(undefined, rest);
    const config = loadConfig();
    switch (command) {
      case 'serve':
        return await (await import('./serve.js')).serveCommand(config, rest);
      case 'worker':
        return await (await import('./worker.js')).workerCommand(config, rest);
      case 'migrate':
        return await (await import('./migrate.js')).migrateCommand(config, rest);
      case 'user':
        return await (await import('./users.js')).userCommand(config, rest);
      case 'key':
        return await (await import('./keys.js')).keyCommand(config, rest);
      case 'oauth-client':
        return await (await import('./oauth-clients.js')).oauthClientCommand(config, rest);
      case 'cards':
        return await (await import('./cards.js')).cardsCommand(config, rest);
      case 'seed':
        return await (await import('./seed.js')).seedCommand(config, rest);
      case 'backup':
        return await (await import('./backup.js')).backupCommand(config, rest);
      case 'restore':
        return await (await import('./backup.js')).restoreCommand(config, rest);
      case 'openapi':
        return await (await import('./openapi.js')).openapiCommand(config, rest);
      case 'version':
      case '--version':
      case '-v':
        console.log(await version());
        return 0;
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        console.log(HELP);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`ccs: ${err.message}\n\n${HELP}`);
      return 2;
    }
    // A setting, not the command line: the usage text would only bury the one line that matters.
    if (err instanceof ConfigError) {
      console.error(`ccs: ${err.message}\n(\`ccs doctor\` checks every setting at once; README.md lists them.)`);
      return 2;
    }
    if (err instanceof AppError) {
      // A validation error's message is its field errors joined: each is printed once, on its own line.
      const fields = Array.isArray(err.extra.errors) ? (err.extra.errors as Array<{ field: string; message: string }>) : [];
      console.error(fields.length ? `ccs: ${err.title}${fields.map((e) => `\n  ${e.field}: ${e.message}`).join('')}` : `ccs: ${err.message}`);
      return 1;
    }
    const listen = listenProblem(err);
    if (listen) {
      console.error(`ccs: ${listen}`);
      return 1;
    }
    const file = fileProblem(err);
    if (file) {
      console.error(`ccs: ${file}`);
      return 1;
    }
    const cause = databaseOutageCause(err);
    if (cause) {
      const message = (err as { message?: unknown }).message;
      console.error(
        `ccs: ${CAUSE_DETAIL[cause]} (${typeof message === 'string' && message ? message : String(err)})\nStart it, or check DATABASE_URL (or CCS_DATA_DIR); \`ccs doctor\` checks the connection.`,
      );
      return 1;
    }
    throw err;
  }
}
