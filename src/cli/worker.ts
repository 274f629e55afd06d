import type { Config } from '../config.js';
import { createContext } from '../context.js';
import { createServiceJobs, type DispatcherJob } from '../service-jobs.js';
import { parse } from './args.js';
import { lineLogger } from './log.js';
import { shutdownDeadlineMs, stopOnSignal } from './shutdown.js';

/**
 * `ccs worker`: the webhook dispatcher and the scheduled jobs without the HTTP API. Run
 * any number next to `ccs serve --no-worker` on PostgreSQL; they share the queue through
 * leases and never send one delivery twice at once. Stops cleanly on SIGTERM/SIGINT,
 * finishing (and recording) the POSTs in flight.
 */
export async function workerCommand(config: Config, argv: string[]): Promise<number> {
  parse(argv, {});
  const log = lineLogger(config.logLevel);
  const ctx = await createContext(config);
  const jobs = createServiceJobs(ctx, { api: false, worker: true }, log);
  await jobs.start();
  const dispatcher = (jobs.get('webhook-dispatcher') as DispatcherJob | undefined)?.dispatcher;
  log.info({ dispatcher: dispatcher?.id, database: ctx.database.dialect, jobs: jobs.names }, 'ccs worker ready');
  let closing = false;
  const clean = await stopOnSignal(
    log,
    shutdownDeadlineMs(config),
    'ccs worker stopping: finishing in-flight deliveries',
    async () => {
      await jobs.stop();
      closing = true;
      await ctx.close();
    },
    () => (closing ? 'closing the database and Redis connections' : jobs.stopping ? `stopping ${jobs.stopping}` : undefined),
  );
  return clean ? 0 : 1;
}
