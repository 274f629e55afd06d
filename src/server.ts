import type { Config } from './config.js';
import { buildApp, type App, type BuildOptions } from './app.js';
import { createContext, type AppContext, type ContextOptions } from './context.js';
import type { LoopLog } from './jobs/failures.js';
import type { JobRegistry } from './jobs/registry.js';
import { createServiceJobs, type DispatcherJob } from './service-jobs.js';
import type { Dispatcher } from './webhooks/dispatcher.js';
import { createWarmUpMarker, NOTHING, warmUp, warmUpPlan, type WarmUpMarker, type WarmUpResult } from './http/warm-up.js';

const IDLE_SWEEP_MS = 50;

export interface RunningServer {
  app: App;
  ctx: AppContext;
  url: string;
  /** The in-process webhook dispatcher, when started with `worker: true`. */
  dispatcher: Dispatcher | undefined;
  /** What the start-up warm-up did (`config.warmUp`); it ends before this object is returned. */
  warmUp: WarmUpResult;
  /** This process's background jobs (see src/jobs). */
  jobs: JobRegistry;
  /** Stops accepting, lets in-flight requests finish (for up to `shutdownGraceMs`), flushes usage and closes storage. */
  close(): Promise<void>;
  /** What a close under way is doing now (undefined before and after). */
  readonly closing: string | undefined;
}

export interface StartOptions extends ContextOptions {
  logger?: boolean;
  observe?: BuildOptions['observe'];
  /** Run a webhook dispatcher in this process (`ccs serve` does unless --no-worker). */
  worker?: boolean;
  /** Where jobs and the outage trackers log (default: the app's logger). */
  log?: LoopLog;
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const ctx = await createContext(config, options);
  const marker = createWarmUpMarker();
  const app = await buildApp(ctx, { logger: options.logger, observe: options.observe, warmUp: marker });
  const jobs = createServiceJobs(ctx, { api: true, worker: options.worker === true }, options.log ?? app.log);
  await jobs.start();
  const dispatcher = (jobs.get('webhook-dispatcher') as DispatcherJob | undefined)?.dispatcher;
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await jobs.stop();
    await app.close();
    await ctx.close();
    // A HOST that names no address fails in the lookup before listen(): say so, or it reads as the database's.
    const e = err as { syscall?: unknown; hostname?: unknown };
    if (e.syscall === 'getaddrinfo' && e.hostname === config.host) Object.assign(err as object, { syscall: 'listen', address: config.host, port: config.port });
    throw err;
  }
  const warmed = await warmUpServer(app, marker, config.warmUp);
  let closing: Promise<void> | undefined;
  prepareCardSearch(ctx, app.log, () => closing !== undefined);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  let stage: 'requests' | 'jobs' | 'storage' | 'done' | undefined;
  return {
    app,
    ctx,
    dispatcher,
    warmUp: warmed,
    jobs,
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    close() {
      closing ??= (async () => {
        // Closing only drops the connections idle at that moment; one whose request finishes
        // later would be kept alive for Fastify's 72 s keep-alive, so idle ones are dropped as
        // they appear. A client that stops reading, or never finishes its body, would hold the
        // close open for minutes: past the grace period its connection is cut.
        stage = 'requests';
        const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
        const cut = setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceMs);
        try {
          await app.close();
        } finally {
          clearInterval(sweep);
          clearTimeout(cut);
        }
        // After the API drains: its last usage counts are flushed, and events it just recorded
        // are fanned out on the next start, not lost.
        stage = 'jobs';
        await jobs.stop();
        stage = 'storage';
        await ctx.close();
        stage = 'done';
      })();
      return closing;
    },
    get closing() {
      if (stage === 'requests') return 'finishing in-flight requests';
      if (stage === 'jobs') return jobs.stopping ? `stopping ${jobs.stopping}` : 'stopping background jobs';
      if (stage === 'storage') return 'closing the database and Redis connections';
      return undefined;
    },
  };
}

/**
 * Builds the card-search index in the background once the process serves, so that the first
 * search after a start does not wait for it (~4 s at 100,000 printings, ~15 s at 500,000). The
 * build pauses every few ms for other requests; a search that arrives meanwhile waits for it,
 * as it would have, and a build that fails is retried by the next search.
 */
function prepareCardSearch(ctx: AppContext, log: App['log'], closing: () => boolean): void {
  const started = performance.now();
  ctx.cardSearch.prepare().then(
    (built) => {
      if (built) log.info({ ms: Math.round(performance.now() - started), buildMs: Math.round(ctx.cardSearch.lastBuildMs) }, 'card search index built');
    },
    (err: unknown) => {
      if (!closing()) log.warn({ err }, 'card search index not built at start; the first search builds it');
    },
  );
}

/**
 * The start-up warm-up (src/http/warm-up.ts), once the server listens: clients that arrive
 * meanwhile are served as usual, `/readyz` answers 503 until it ends, and a warm-up that fails
 * or runs long never stops the process from starting.
 */
async function warmUpServer(app: App, marker: WarmUpMarker, options: Config['warmUp']): Promise<WarmUpResult> {
  if (options.requests <= 0) return NOTHING;
  const started = performance.now();
  try {
    const result = await warmUp(app.server, warmUpPlan(marker.begin()), options);
    app.log.info({ warmUp: result }, 'request path warmed up');
    return result;
  } catch (err) {
    app.log.warn({ err }, 'warm-up failed; serving without it');
    return { ...NOTHING, ms: Math.round(performance.now() - started), cutShort: true };
  } finally {
    marker.end();
  }
}
