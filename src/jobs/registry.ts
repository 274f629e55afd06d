/**
 * Background jobs (webhook dispatcher, retention, card refresh, usage flush, WAL
 * checkpointer) are entries in one registry: `ccs serve`, `ccs worker` and the one-shot
 * commands build theirs with `createServiceJobs` and start and stop them the same way.
 * Jobs start in the order they were added and stop in the reverse order, so producers
 * stop before what they feed (the dispatcher before the usage flush, everything before the
 * checkpointer, which must stop before the database closes).
 */

/** The subset of pino's API jobs log through (Fastify's logger and `ccs worker`'s line logger fit). */
export interface JobLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Job {
  /** Stable and unique: it names the job in logs. */
  readonly name: string;
  start(): void;
  /** Finishes what is in flight; resolves when the job holds nothing open. */
  stop(): Promise<void>;
}

export interface JobRegistry {
  readonly names: readonly string[];
  add<J extends Job>(job: J): J;
  get(name: string): Job | undefined;
  /** Starts every job in order; if one fails to start, the ones already started are stopped and the error thrown. */
  start(): Promise<void>;
  /** Stops every started job in reverse order. A job that fails, or takes longer than `stopTimeoutMs`, is logged and passed over. */
  stop(): Promise<void>;
  /** The job being stopped now, if any (a stop that runs long says what it waits for). */
  readonly stopping: string | undefined;
}

export function createJobRegistry(opts: { log: JobLog; stopTimeoutMs: number }): JobRegistry {
  const jobs: Job[] = [];
  const started: Job[] = [];
  let stopping: Promise<void> | undefined;
  let current: string | undefined;

  async function stopOne(job: Job): Promise<void> {
    current = job.name;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), opts.stopTimeoutMs);
    });
    try {
      const outcome = await Promise.race([job.stop().then(() => 'stopped' as const), late]);
      if (outcome === 'late') opts.log.error({ job: job.name, timeout_ms: opts.stopTimeoutMs }, `${job.name} did not stop in time; shutting down without it`);
    } catch (err) {
      opts.log.error({ job: job.name, err }, `${job.name} failed to stop cleanly`);
    } finally {
      clearTimeout(timer);
      current = undefined;
    }
  }

  async function stopAll(): Promise<void> {
    for (let job = started.pop(); job; job = started.pop()) await stopOne(job);
  }

  return {
    get names() {
      return jobs.map((j) => j.name);
    },
    add(job) {
      if (jobs.some((j) => j.name === job.name)) throw new Error(`a job named ${job.name} is already registered`);
      if (started.length > 0 || stopping) throw new Error('jobs are added before the registry starts');
      jobs.push(job);
      return job;
    },
    get(name) {
      return jobs.find((j) => j.name === name);
    },
    async start() {
      for (const job of jobs) {
        try {
          job.start();
        } catch (err) {
          await stopAll();
          throw err;
        }
        started.push(job);
      }
    },
    stop() {
      stopping ??= stopAll();
      return stopping;
    },
    get stopping() {
      return current;
    },
  };
}
