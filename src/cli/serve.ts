import { ConfigError, parsePort, type Config } from '../config.js';
import { parse, UsageError } from './args.js';
import { shutdownDeadlineMs, stopOnSignal } from './shutdown.js';

export async function serveCommand(config: Config, argv: string[]): Promise<number> {
  const { values } = parse(argv, {
    port: { type: 'string' },
    host: { type: 'string' },
    'no-worker': { type: 'boolean', default: false },
    seed: { type: 'boolean', default: false },
  });
  let port = config.port;
  try {
    if (values.port !== undefined) port = parsePort(values.port, '--port');
  } catch (err) {
    throw err instanceof ConfigError ? new UsageError(err.message) : err;
  }
  // An empty --host (a script's unset variable) would listen on every interface: refused, as HOST= falls back to the default.
  if (values.host !== undefined && values.host.trim() === '') throw new UsageError('--host must name an address (127.0.0.1 by default; 0.0.0.0 for every interface)');
  const effective: Config = { ...config, port, host: values.host ?? config.host };

  // Loaded once the command line is known to be good: a mistyped option is refused at once, not
  // after the whole server (HTTP, OAuth provider, card search) has been read in.
  const { startServer } = await import('../server.js');
  const server = await startServer(effective, { logger: true, worker: !values['no-worker'] });
  const log = server.app.log;
  let demoKey: string | undefined;
  let demoUser = false;
  if (values.seed) {
    const { seedDemo } = await import('./seed.js');
    const seeded = await seedDemo(server.ctx, { quiet: false, onlyIntoEmpty: true });
    demoKey = seeded.key;
    demoUser = seeded.demoUser;
  }

  // The address the portal accepts: CCS_PUBLIC_URL, else the first CCS_ALLOWED_HOSTS name (its
  // sign-in refuses other origins), else the listening address.
  const url = effective.publicUrl?.replace(/\/+$/, '') ?? (effective.allowedHosts?.[0] ? `http://${effective.allowedHosts[0]}` : server.url);
  const lines = [
    '',
    `  Card Collection Service is running at ${server.url}${url === server.url ? '' : ` (clients use ${url})`}`,
    `  Portal:          ${url}/portal  (${effective.signup ? 'sign up or sign in' : 'sign in'}: API keys, usage, webhooks)`,
    `  API reference:   ${url}/docs`,
    `  OpenAPI:         ${url}/api/v1/openapi.json`,
    `  Database:        ${server.ctx.database.dialect === 'sqlite' ? effective.sqlitePath : 'PostgreSQL'}`,
    `  Webhooks:        ${server.dispatcher ? 'dispatcher running in this process' : 'no dispatcher here (--no-worker); run `ccs worker`'}`,
  ];
  if (demoKey) {
    lines.push('', `  Demo API key (user "demo", all scopes; shown once): ${demoKey}`, `    curl -H "Authorization: Bearer ${demoKey}" ${url}/api/v1/collection`);
  }
  lines.push(
    '',
    `  Get an API key:  open ${url}/portal, then API Keys > Create Key${demoUser ? ' (demo user: demo / demo-password)' : ''}`,
    `                   or: npx ccs key create --user ${demoUser ? 'demo' : '<username>'} --name my-tool --scopes collection:read,cards:read`,
    '',
  );
  process.stdout.write(`${lines.join('\n')}\n`);

  const clean = await stopOnSignal(log, shutdownDeadlineMs(effective), 'shutting down: finishing in-flight requests', () => server.close(), () => server.closing);
  return clean ? 0 : 1;
}
