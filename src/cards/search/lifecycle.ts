/**
 * The index's lifecycle in one process: builds it from the database, keeps it in step
 * with imports, and hands the current one to queries.
 *
 * Freshness: a search never answers from an index older than the last import it can see.
 * An import in this process calls invalidate() and the next search waits for the rebuilt
 * index. An import in another process changes the `meta` row `cards_version`: every search
 * compares it with the index's (`currentVersion`: the card lookup's, kept per auth epoch, so
 * it costs no query while the epoch stands) and waits for a rebuild when they differ. Answering
 * from the old index meanwhile gave results that broke their own query: the old index's prices
 * chose the cards, the new rows showed them (`usd>14` listing a card at 10.97). So that few
 * searches wait, a timer looks at the version every `checkIntervalMs` once an index exists
 * and starts the rebuild itself: an idle process is up to date when its next search comes.
 *
 * "In the background" on the same event loop: a build reads pages of facts and finishes
 * the index in steps (`IndexBuilder.finishing`), pausing for a turn of the loop every
 * `sliceMs`, so the process keeps serving every route during the seconds a build takes
 * (SQLite answers synchronously: without the pauses the whole build was one stall).
 */
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database } from '../../db/database.js';
import { createCardStore } from '../store.js';
import { IndexBuilder } from './builder.js';
import type { CardIndex } from './index.js';
import { inBackground, orderSteps } from './orders.js';
import { pagingSteps } from './paging.js';
import { setCardsStep } from './set-cards.js';

export interface IndexLifecycleOptions {
  database: Database;
  /**
   * The cards version now, as cheaply as the caller can tell it (default: a read of the `meta`
   * row); every search compares it with the index's.
   */
  currentVersion?: () => Promise<string | undefined>;
  /** How often the timer looks for another process's import, in ms, once an index exists. */
  checkIntervalMs?: number;
  pageSize?: number;
  /** Build the sort orders and other first-use structures in the background after each build (default true). */
  warmOrders?: boolean;
  /**
   * The longest a build runs before it lets other work in, in ms (default 20). A build takes
   * seconds; SQLite answers synchronously, so without these pauses every request of the
   * process would wait for the whole build.
   */
  sliceMs?: number;
}

/** Pauses work for one turn of the event loop once `sliceMs` have passed since the last pause. */
function slicer(sliceMs: number) {
  let since = performance.now();
  let pauses = 0;
  return {
    due: () => performance.now() - since >= sliceMs,
    async pause(): Promise<void> {
      await nextTurn();
      pauses += 1;
      since = performance.now();
    },
    get pauses(): number {
      return pauses;
    },
  };
}

/**
 * Runs `steps` to the end, pausing where `slice` says. Not an async function: a finished
 * generator keeps its locals (the whole builder's working set) for as long as something
 * holds it, and a suspended async frame holds what it awaited; here only `run` holds it.
 */
function inSlices<T>(steps: Generator<void, T, void>, slice: ReturnType<typeof slicer>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const run = (): void => {
      try {
        for (;;) {
          const step = steps.next();
          if (step.done) {
            resolve(step.value);
            return;
          }
          if (slice.due()) {
            slice.pause().then(run, reject);
            return;
          }
        }
      } catch (err) {
        reject(err);
      }
    };
    run();
  });
}

export function createIndexLifecycle(opts: IndexLifecycleOptions) {
  const store = createCardStore(opts.database.db);
  const pageSize = opts.pageSize ?? 2000;
  let checkIntervalMs = opts.checkIntervalMs ?? 1000;
  const currentVersion = opts.currentVersion ?? (() => store.cardsVersion());
  let current: CardIndex | undefined;
  let building: Promise<CardIndex> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** When the last build failed (performance.now()). */
  let failedAt = Number.NEGATIVE_INFINITY;
  /** True until a build finishes that saw no newer import while it read (set again by `invalidate`). */
  let mustWait = true;
  let lastBuildMs = 0;
  let lastBuildPauses = 0;
  const sliceMs = opts.sliceMs ?? 20;

  /** The index's input from the stored facts, or undefined when some are too old to use. */
  async function fromFacts(slice: ReturnType<typeof slicer>): Promise<IndexBuilder | undefined> {
    const builder = new IndexBuilder();
    let after: string | undefined;
    for (;;) {
      const rows = await store.factsPage(after, pageSize);
      for (const row of rows) {
        if (!builder.addFacts(row.facts)) return undefined;
        if (slice.due()) await slice.pause();
      }
      const last = rows[rows.length - 1];
      if (rows.length < pageSize || !last) return builder;
      after = last.card_id;
    }
  }

  async function fromRows(slice: ReturnType<typeof slicer>): Promise<IndexBuilder> {
    const builder = new IndexBuilder();
    let after: string | undefined;
    for (;;) {
      const rows = await store.rowsPage(after, pageSize);
      for (const row of rows) {
        builder.addCard(row, row.data);
        if (slice.due()) await slice.pause();
      }
      const last = rows[rows.length - 1];
      if (rows.length < pageSize || !last) return builder;
      after = last.id;
    }
  }

  async function build(): Promise<{ index: CardIndex; stale: boolean }> {
    const started = performance.now();
    const version = (await store.cardsVersion()) ?? '';
    // Every import stores each printing's search facts; only rows older than that (or
    // facts an older version stored, which lack what this one reads) make us read whole cards.
    const slice = slicer(sliceMs);
    const builder = (await store.countFacts()) === (await store.count()) ? await fromFacts(slice) : undefined;
    const sets = await store.listSets();
    const index = await inSlices((builder ?? (await fromRows(slice))).finishing(sets, version), slice);
    lastBuildMs = performance.now() - started;
    lastBuildPauses = slice.pauses;
    // An import that committed while we read leaves a newer version: look again at once.
    return { index, stale: ((await store.cardsVersion()) ?? '') !== version };
  }

  function rebuild(): Promise<CardIndex> {
    if (building) return building;
    building = build()
      .then(
        ({ index, stale }) => {
          current = index;
          if (opts.warmOrders !== false && !stopped) inBackground([...pagingSteps(index), ...orderSteps(index), setCardsStep(index)]);
          // Current if no import committed while it read, whoever asked for it (the timer, a search, an import here).
          if (!stale) mustWait = false;
          schedule(stale ? 0 : checkIntervalMs);
          return index;
        },
        (err: unknown) => {
          failedAt = performance.now();
          schedule(checkIntervalMs);
          throw err;
        },
      )
      .finally(() => {
        building = undefined;
      });
    return building;
  }

  /** Looks for another process's import in `ms`, replacing any look already planned. */
  function schedule(ms: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(look, ms);
    // Nothing to keep a process (a CLI command, a test) alive for.
    timer.unref();
  }

  function look(): void {
    timer = undefined;
    if (building || !current) return; // the build reschedules when it ends
    const built = current.version;
    store
      .cardsVersion()
      .then((version) => {
        if ((version ?? '') !== built && !building) return rebuild().then(() => undefined);
        schedule(checkIntervalMs);
      })
      // The database is down, or the build failed: look again later; a search retries at once.
      .catch(() => schedule(checkIntervalMs));
  }

  /**
   * Whether a search may start a build: not within `checkIntervalMs` of a failed one, while an
   * index exists to answer from (a build that keeps failing must not run on every search).
   */
  const mayBuild = () => building !== undefined || !current || performance.now() - failedAt >= checkIntervalMs;

  /** Waits for the running build, or a new one; a failure is the caller's only when there is no index. */
  async function settle(): Promise<void> {
    try {
      await (building ?? rebuild());
    } catch (err) {
      if (!current) throw err;
    }
  }

  async function index(): Promise<CardIndex> {
    // Builds started before the newest import answer stale and another follows: two at most.
    for (let tries = 0; (!current || (mustWait && tries < 2)) && mayBuild(); tries++) await settle();
    if (!current) throw new Error('no card index'); // unreachable: the first build sets it or throws
    const version = (await currentVersion()) ?? '';
    // Another process imported since this index was built.
    for (let tries = 0; tries < 2 && current.version !== version && mayBuild(); tries++) await settle();
    return current;
  }

  return {
    get checkIntervalMs(): number {
      return checkIntervalMs;
    },
    set checkIntervalMs(ms: number) {
      checkIntervalMs = ms;
      if (timer) schedule(ms);
    },
    /** The `cards_version` the current index was built from (undefined before the first build). */
    get builtVersion(): string | undefined {
      return current?.version;
    },
    /** Stops the timer (the process is closing). */
    stop(): void {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
    /** How long the last index build took, in ms (for logs and benchmarks). */
    get lastBuildMs(): number {
      return lastBuildMs;
    },
    /** How often the last build let other work in (tests). */
    get lastBuildPauses(): number {
      return lastBuildPauses;
    },

    /** The current index, building it first if needed. */
    index,

    /**
     * Builds the first index now if there are cards to index (a serving process at start), so
     * that no search waits for it. Resolves false when there was nothing to do: no cards, an
     * index already, or the process closing.
     */
    async prepare(): Promise<boolean> {
      if (stopped || current || building) return false;
      if ((await store.cardsVersion()) === undefined) return false;
      // The process may have begun closing meanwhile: no build on a closing database.
      if (stopped) return false;
      await index();
      return true;
    },

    /** Forces a build from what the database holds now, after any one running (tests, benchmarks). */
    async rebuild(): Promise<CardIndex> {
      await building?.catch(() => undefined);
      return rebuild();
    },

    /**
     * Called after an import in this process committed `version`: the next search waits for an
     * index of it. Nothing to do when the timer or a search has built one already.
     */
    invalidate(version?: string): void {
      if (version !== undefined && current?.version === version) return;
      mustWait = true;
      // Start now if this process serves searches; a CLI import never builds one. A build running
      // already either read the new version (and clears mustWait) or answers stale, and the next follows.
      if (current && !building) rebuild().catch(() => undefined);
    },
  };
}

export type IndexLifecycle = ReturnType<typeof createIndexLifecycle>;
