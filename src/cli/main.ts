import { ConfigError, loadConfig } from '../config.js';
import { AppError } from '../errors.js';
import { UsageError } from './args.js';
import { keyCommand } from './keys.js';
import { oauthClientCommand } from './oauth-clients.js';
import { migrateCommand } from './migrate.js';
import { serveCommand } from './serve.js';
import { workerCommand } from './worker.js';
import { userCommand } from './users.js';
import { cardsCommand } from './cards.js';
import { seedCommand } from './seed.js';
import { openapiCommand } from './openapi.js';

const HELP = `ccs: Card Collection Service

Usage:
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

Configuration comes from the environment (PORT, HOST, CCS_DATA_DIR, DATABASE_URL, ...); see README.md.`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    const config = loadConfig();
    switch (command) {
      case 'serve':
        return await serveCommand(config, rest);
      case 'worker':
        return await workerCommand(config, rest);
      case 'migrate':
        return await migrateCommand(config);
      case 'user':
        return await userCommand(config, rest);
      case 'key':
        return await keyCommand(config, rest);
      case 'oauth-client':
        return await oauthClientCommand(config, rest);
      case 'cards':
        return await cardsCommand(config, rest);
      case 'seed':
        return await seedCommand(config, rest);
      case 'openapi':
        return await openapiCommand(config, rest);
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
    if (err instanceof UsageError || err instanceof ConfigError) {
      console.error(`ccs: ${err.message}\n\n${HELP}`);
      return 2;
    }
    if (err instanceof AppError) {
      const extra = Array.isArray(err.extra.errors)
        ? (err.extra.errors as Array<{ field: string; message: string }>).map((e) => `\n  ${e.field}: ${e.message}`).join('')
        : '';
      console.error(`ccs: ${err.message}${extra}`);
      return 1;
    }
    throw err;
  }
}
