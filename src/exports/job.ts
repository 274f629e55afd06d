/**
 * Building export files in the background, and deleting them when they expire.
 *
 * The worker claims pending exports with a lease (one write transaction; on PostgreSQL an
 * advisory lock serialises claimers, so the per-user limit holds across processes, and the
 * rows are taken `FOR UPDATE SKIP LOCKED`), streams each one's rows from the database through
 * its format writer into the storage, renewing the lease as it goes, and completes it (status,
 * counts, expiry and the `export.completed` event) in one transaction, only while it still
 * holds the lease. A worker that dies leaves its lease to run out; the next claim takes the
 * export over (a new attempt, with a file of its own). An export whose workers keep dying is
 * failed after `MAX_ATTEMPTS`, so one poisonous export cannot crash workers for ever.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { databaseOutageCause } from '../availability/causes.js';
import type { DependencyHealth } from '../availability/health.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Executor } from '../db/schema.js';
import { writeTransaction } from '../db/transaction.js';
import { recordEvent } from '../events/outbox.js';
import { createFailureTracker, type LoopLog } from '../jobs/failures.js';
import type { Job } from '../jobs/registry.js';
import type { Clock } from '../lib/clock.js';
import { EXPORT_ROW_RETENTION_MS, EXPORT_TTL_MS, failureReason, toExportView, type ExportService } from './service.js';
import type { ExportStorage } from './storage.js';
import type { ExportRow, ExportStore } from './store.js';

/** Claims of one export before it is failed: its workers died this many times while writing it. */
export const MAX_ATTEMPTS = 3;
/** Claimable exports read per claim; the per-user limit picks among them. */
const CANDIDATES = 200;
/** Expired files removed per round of the expiry job's loop. */
const EXPIRY_BATCH = 100;

/** What building exports needs; `src/context.ts` builds it once per process. */
export interface ExportJobDeps {
  database: Database;
  clock: Clock;
  config: Pick<Config, 'exports' | 'publicUrl'>;
  store: (executor: Executor) => ExportStore;
  storage: ExportStorage;
  service: Pick<ExportService, 'render' | 'onQueued'>;
}

export interface ClaimCandidate {
  id: string;
  user_id: string;
}

/**
 * Which candidates (oldest first) to claim: at most `limit`, and no user past `maxPerUser`
 * running at once, counting what already runs under a live lease. The rest wait.
 */
export function pickClaims<C extends ClaimCandidate>(candidates: readonly C[], running: ReadonlyMap<string, number>, maxPerUser: number, limit: number): C[] {
  const load = new Map(running);
  const picked: C[] = [];
  for (const c of candidates) {
    if (picked.length >= limit) break;
    const n = load.get(c.user_id) ?? 0;
    if (n >= maxPerUser) continue;
    load.set(c.user_id, n + 1);
    picked.push(c);
  }
  return picked;
}

/** The worker lost its lease while writing (another worker took the export over). */
class LeaseLost extends Error {}
/** The worker is stopping: the export goes back to the queue. */
class Interrupted extends Error {}

export type ProcessOutcome = 'completed' | 'failed' | 'lost' | 'interrupted';

export interface ExportWorker {
  /** Identifies this worker's leases. */
  readonly id: string;
  /** Leases up to `limit` claimable exports to this worker. */
  claim(limit: number): Promise<ExportRow[]>;
  /** Builds one claimed export to its end. Never throws. */
  process(row: ExportRow): Promise<ProcessOutcome>;
  /** Claims and builds exports one by one until none is claimable now; answers how many it built (tests drive the worker with it). */
  step(): Promise<number>;
  start(): void;
  /** Stops claiming; exports being written go back to the queue. */
  stop(): Promise<void>;
  /** Looks for work now instead of at the next poll. */
  wake(): void;
}

export interface ExportWorkerOptions {
  log: LoopLog;
  health?: DependencyHealth;
  /** Names this worker's leases (default: host, process id and a random part). */
  id?: string;
}

export function createExportWorker(deps: ExportJobDeps, opts: ExportWorkerOptions): ExportWorker {
  const { database, clock, config } = deps;
  const cfg = config.exports;
  const id = opts.id ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const log = opts.log;
  const failures = createFailureTracker('export-worker', { log, health: opts.health });
  const inFlight = new Set<Promise<ProcessOutcome>>();
  let running = false;
  let stopping = false;
  let loop: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let wakeUp: (() => void) | undefined;
  let wakeRequested = false;
  let unsubscribe: (() => void) | undefined;

  const iso = (ms: number) => new Date(ms).toISOString();

  async function claim(limit: number): Promise<ExportRow[]> {
    if (limit <= 0) return [];
    const leased = await writeTransaction(database, async (trx) => {
      const store = deps.store(trx);
      if (!(await store.tryClaimLock())) return [];
      const now = clock.now().getTime();
      const [running, candidates] = await Promise.all([store.runningPerUser(iso(now)), store.candidates(iso(now), CANDIDATES)]);
      const picked = pickClaims(candidates, running, cfg.maxRunningPerUser, limit);
      return store.lease(
        picked.map((p) => p.id),
        id,
        iso(now),
        iso(now + cfg.leaseMs),
      );
    });
    const out: ExportRow[] = [];
    for (const row of leased.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0))) {
      if (row.attempts > MAX_ATTEMPTS) {
        const at = clock.now().toISOString();
        const reason = `The export was interrupted ${MAX_ATTEMPTS} times while being written (its worker stopped); request it again.`;
        await deps.store(database.db).finish(row.id, id, { status: 'failed', error: reason, finished_at: at, updated_at: at });
        log.error({ job: 'export-worker', export: row.id, attempts: row.attempts - 1 }, 'export failed: its workers kept stopping while writing it');
        continue;
      }
      out.push(row);
    }
    return out;
  }

  /** Passes the chunks through, renewing the lease every third of its length, and stops when the lease is lost or the worker stops. */
  async function* guarded(row: ExportRow, chunks: AsyncIterable<string>): AsyncGenerator<string> {
    let renewedAt = clock.now().getTime();
    for await (const chunk of chunks) {
      if (stopping) throw new Interrupted();
      const now = clock.now().getTime();
      if (now - renewedAt >= cfg.leaseMs / 3) {
        if (!(await deps.store(database.db).renew(row.id, id, iso(now + cfg.leaseMs)))) throw new LeaseLost();
        renewedAt = now;
      }
      yield chunk;
    }
  }

  async function complete(row: ExportRow, rows: number, bytes: number): Promise<boolean> {
    return writeTransaction(database, async (trx) => {
      const at = clock.now();
      const finishedAt = at.toISOString();
      const changes = {
        status: 'completed' as const,
        row_count: rows,
        size_bytes: bytes,
        error: null,
        file_attempt: row.attempts,
        finished_at: finishedAt,
        expires_at: iso(at.getTime() + EXPORT_TTL_MS),
        updated_at: finishedAt,
      };
      if (!(await deps.store(trx).finish(row.id, id, changes))) return false;
      const done: ExportRow = { ...row, ...changes, lease_owner: null, lease_until: null };
      await recordEvent(trx, { userId: row.user_id, type: 'export.completed', data: toExportView(done, finishedAt, config.publicUrl), at });
      return true;
    });
  }

  async function build(row: ExportRow): Promise<ProcessOutcome> {
    const tally = { rows: 0 };
    const key = { exportId: row.id, attempt: row.attempts };
    try {
      const chunks = await deps.service.render(row, tally);
      const bytes = await deps.storage.write(key, guarded(row, chunks));
      if (await complete(row, tally.rows, bytes)) {
        log.info({ job: 'export-worker', export: row.id, format: row.format, rows: tally.rows, bytes }, 'export completed');
        return 'completed';
      }
      log.info({ job: 'export-worker', export: row.id }, 'export written, but another worker had taken it over; its result stands');
      return 'lost';
    } catch (err) {
      if (err instanceof LeaseLost) {
        log.info({ job: 'export-worker', export: row.id }, 'export taken over by another worker (the lease ran out); stopped writing it');
        return 'lost';
      }
      if (err instanceof Interrupted) {
        await deps.store(database.db).release(row.id, id, clock.now().toISOString()).catch(() => undefined);
        return 'interrupted';
      }
      if (databaseOutageCause(err)) {
        // Nothing to record while the database cannot serve: the lease runs out and the export is built again.
        failures.failed(err);
        return 'interrupted';
      }
      const at = clock.now().toISOString();
      log.error({ job: 'export-worker', export: row.id, err }, 'export failed');
      const failed = await deps.store(database.db)
        .finish(row.id, id, { status: 'failed', error: failureReason(err), finished_at: at, updated_at: at })
        .catch((e: unknown) => {
          failures.failed(e);
          return false;
        });
      await deps.storage.remove(row.id).catch(() => undefined);
      return failed ? 'failed' : 'interrupted';
    }
  }

  function track(row: ExportRow): void {
    const p = build(row).finally(() => {
      inFlight.delete(p);
      wake();
    });
    inFlight.add(p);
  }

  function wake(): void {
    wakeRequested = true;
    wakeUp?.();
  }

  function sleep(ms: number): Promise<void> {
    if (wakeRequested || !running) {
      wakeRequested = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        timer = undefined;
        wakeUp = undefined;
        wakeRequested = false;
        resolve();
      };
      wakeUp = done;
      timer = setTimeout(done, ms);
      timer.unref();
    });
  }

  async function run(): Promise<void> {
    while (running) {
      let wait = cfg.pollMs;
      const free = cfg.concurrency - inFlight.size;
      if (free > 0) {
        try {
          for (const row of await claim(free)) track(row);
          failures.succeeded();
        } catch (err) {
          const failure = failures.failed(err);
          if (failure.outage) wait = failure.retryInMs;
        }
      }
      await sleep(wait);
    }
  }

  return {
    id,
    claim,
    process: build,
    async step() {
      let built = 0;
      for (;;) {
        const [row] = await claim(1);
        if (!row) return built;
        await build(row);
        built += 1;
      }
    },
    start() {
      if (running) return;
      running = true;
      stopping = false;
      unsubscribe = deps.service.onQueued(wake);
      loop = run();
    },
    async stop() {
      running = false;
      stopping = true;
      unsubscribe?.();
      wake();
      await loop;
      await Promise.all([...inFlight]);
    },
    wake,
  };
}

/**
 * Deletes the files of exports past their expiry (7 days after completion) and, 30 days later,
 * the exports themselves (failed ones 37 days after failing). Answers what it removed.
 */
export async function expireExports(deps: Pick<ExportJobDeps, 'database' | 'clock' | 'store' | 'storage'>): Promise<{ files: number; rows: number }> {
  const store = deps.store(deps.database.db);
  const now = deps.clock.now();
  let files = 0;
  for (;;) {
    const ids = await store.expiredFiles(now.toISOString(), EXPIRY_BATCH);
    for (const exportId of ids) await deps.storage.remove(exportId);
    await store.markPurged(ids, now.toISOString());
    files += ids.length;
    if (ids.length < EXPIRY_BATCH) break;
  }
  let rows = 0;
  const before = new Date(now.getTime() - EXPORT_TTL_MS - EXPORT_ROW_RETENTION_MS).toISOString();
  for (;;) {
    const ids = await store.finishedBefore(before, EXPIRY_BATCH);
    // Files first (idempotent): a failed export's partial file, if its removal had failed.
    for (const exportId of ids) await deps.storage.remove(exportId);
    await store.deleteRows(ids);
    rows += ids.length;
    if (ids.length < EXPIRY_BATCH) break;
  }
  return { files, rows };
}

/** The export worker as a registry job. */
export function exportWorkerJob(deps: ExportJobDeps, opts: ExportWorkerOptions): Job & { readonly worker: ExportWorker } {
  const worker = createExportWorker(deps, opts);
  return { name: 'export-worker', worker, start: () => worker.start(), stop: () => worker.stop() };
}
