import type { Config } from './config.js';
import { buildApp, type App } from './app.js';
import { createContext, type AppContext, type ContextOptions } from './context.js';
import { startWebhookDispatcher, type Dispatcher } from './webhooks/dispatcher.js';
import { startCardRefresh } from './cards/refresh.js';
import { parseCron } from './cards/cron.js';

const IDLE_SWEEP_MS = 50;

export interface RunningServer {
  app: App;
  ctx: AppContext;
  url: string;
  /** The in-process webhook dispatcher, when started with `worker: true`. */
  dispatcher: Dispatcher | undefined;
  /** Stops accepting, lets in-flight requests finish (for up to `shutdownGraceMs`), flushes usage and closes storage. */
  close(): Promise<void>;
}

export interface StartOptions extends ContextOptions {
  logger?: boolean;
  /** Run a webhook dispatcher in this process (`ccs serve` does unless --no-worker). */
  worker?: boolean;
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const ctx = await createContext(config, options);
  const app = await buildApp(ctx, { logger: options.logger });
  const flushTimer = setInterval(() => {
    ctx.usage.flush().catch((err: unknown) => app.log.warn({ err }, 'usage flush failed; will retry'));
  }, config.usageFlushMs);
  flushTimer.unref();
  const dispatcher = options.worker ? startWebhookDispatcher(ctx, app.log) : undefined;
  const refresh = options.worker && config.cardRefresh.url ? startCardRefresh(ctx, { url: config.cardRefresh.url, cron: parseCron(config.cardRefresh.cron), log: app.log }) : undefined;
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  let closing: Promise<void> | undefined;
  return {
    app,
    ctx,
    dispatcher,
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    close() {
      closing ??= (async () => {
        clearInterval(flushTimer);
        // Closing only drops the connections idle at that moment; one whose request finishes
        // later would be kept alive for Fastify's 72 s keep-alive, so idle ones are dropped as
        // they appear. A client that stops reading, or never finishes its body, would hold the
        // close open for minutes: past the grace period its connection is cut.
        const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
        const cut = setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceMs);
        try {
          await app.close();
        } finally {
          clearInterval(sweep);
          clearTimeout(cut);
        }
        // After the API drains, so events it just recorded still get fanned out on the next start, not lost.
        await dispatcher?.stop();
        await refresh?.stop();
        await ctx.close();
      })();
      return closing;
    },
  };
}
