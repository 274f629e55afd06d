import type { Config } from '../config.js';
import { createContext } from '../context.js';
import { startWebhookDispatcher, type Log } from '../webhooks/dispatcher.js';
import { parse } from './args.js';
import { startCardRefresh } from '../cards/refresh.js';
import { parseCron } from '../cards/cron.js';

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;

/** JSON lines on stdout, pino-style, so `ccs worker` logs look like `ccs serve` logs. */
function lineLogger(level: Config['logLevel']): Log {
  const min = level === 'silent' ? Infinity : LEVELS.indexOf(level);
  const at = (name: (typeof LEVELS)[number]) => (obj: object, msg?: string) => {
    if (LEVELS.indexOf(name) < min) return;
    const fields = Object.fromEntries(
      Object.entries(obj).map(([k, v]) => [k, v instanceof Error ? { message: v.message, stack: v.stack } : v]),
    );
    process.stdout.write(`${JSON.stringify({ level: name, time: Date.now(), pid: process.pid, msg, ...fields })}\n`);
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/**
 * `ccs worker`: a webhook dispatcher without the HTTP API. Run any number next
 * to `ccs serve --no-worker` on PostgreSQL; they share the queue through leases
 * and never send one delivery twice at once. Stops cleanly on SIGTERM/SIGINT,
 * finishing (and recording) the POSTs in flight.
 */
export async function workerCommand(config: Config, argv: string[]): Promise<number> {
  parse(argv, {});
  const log = lineLogger(config.logLevel);
  const ctx = await createContext(config);
  const dispatcher = startWebhookDispatcher(ctx, log);
  const refresh = config.cardRefresh.url ? startCardRefresh(ctx, { url: config.cardRefresh.url, cron: parseCron(config.cardRefresh.cron), log }) : undefined;
  log.info({ dispatcher: dispatcher.id, database: ctx.database.dialect }, 'ccs worker ready');
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      log.info({ signal }, 'ccs worker stopping: finishing in-flight deliveries');
      resolve();
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
  await dispatcher.stop();
  await refresh?.stop();
  await ctx.close();
  return 0;
}
