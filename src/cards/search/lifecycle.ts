/**
 * The index's lifecycle in one process: builds it from the database, keeps it in step
 * with imports, and hands the current one to queries.
 *
 * Freshness: an import in this process calls invalidate() and the next search
 * waits for the rebuilt index. An import in another process changes the `meta`
 * row `cards_version`; a search looks at it at most once per `checkIntervalMs`,
 * and on a change rebuilds in the background while the old index keeps answering.
 */
import { performance } from 'node:perf_hooks';
import type { Database } from '../../db/database.js';
import { createCardStore } from '../store.js';
import { IndexBuilder } from './builder.js';
import type { CardIndex } from './index.js';
import { inBackground, orderSteps } from './orders.js';
import { pagingSteps } from './paging.js';

export interface IndexLifecycleOptions {
  database: Database;
  /** How often a search may look for another process's import. */
  checkIntervalMs?: number;
  pageSize?: number;
  /** Build the sort orders and other first-use structures in the background after each build (default true). */
  warmOrders?: boolean;
}

export function createIndexLifecycle(opts: IndexLifecycleOptions) {
  const store = createCardStore(opts.database.db);
  const pageSize = opts.pageSize ?? 2000;
  let checkIntervalMs = opts.checkIntervalMs ?? 1000;
  let current: CardIndex | undefined;
  let building: Promise<CardIndex> | undefined;
  let lastCheck = 0;
  /** True until an index reflecting the latest in-process import exists. */
  let mustWait = true;
  /** Bumped by invalidate(): a build that started before the bump is already stale. */
  let epoch = 0;
  let lastBuildMs = 0;

  /** The index's input from the stored facts, or undefined when some are too old to use. */
  async function fromFacts(): Promise<IndexBuilder | undefined> {
    const builder = new IndexBuilder();
    let after: string | undefined;
    for (;;) {
      const rows = await store.factsPage(after, pageSize);
      for (const row of rows) if (!builder.addFacts(row.facts)) return undefined;
      const last = rows[rows.length - 1];
      if (rows.length < pageSize || !last) return builder;
      after = last.card_id;
    }
  }

  async function fromRows(): Promise<IndexBuilder> {
    const builder = new IndexBuilder();
    let after: string | undefined;
    for (;;) {
      const rows = await store.rowsPage(after, pageSize);
      for (const row of rows) builder.addCard(row, row.data);
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
    const builder = (await store.countFacts()) === (await store.count()) ? await fromFacts() : undefined;
    const index = (builder ?? (await fromRows())).finish(await store.listSets(), version);
    lastBuildMs = performance.now() - started;
    // An import that committed while we read leaves a newer version: look again at once.
    return { index, stale: ((await store.cardsVersion()) ?? '') !== version };
  }

  function rebuild(): Promise<CardIndex> {
    if (building) return building;
    const startedAt = epoch;
    building = build()
      .then(({ index, stale }) => {
        current = index;
        if (opts.warmOrders !== false) inBackground([...pagingSteps(index), ...orderSteps(index)]);
        lastCheck = stale ? 0 : performance.now();
        if (epoch === startedAt) mustWait = false;
        return index;
      })
      .finally(() => {
        building = undefined;
      });
    return building;
  }

  async function index(): Promise<CardIndex> {
    while (!current || mustWait) await (building ?? rebuild());
    const now = performance.now();
    if (now - lastCheck >= checkIntervalMs && !building) {
      lastCheck = now;
      const version = (await store.cardsVersion()) ?? '';
      if (version !== current.version) {
        // Another process imported: rebuild without making this request wait.
        rebuild().catch(() => {
          lastCheck = 0;
        });
      }
    }
    return current;
  }

  return {
    get checkIntervalMs(): number {
      return checkIntervalMs;
    },
    set checkIntervalMs(ms: number) {
      checkIntervalMs = ms;
    },
    /** How long the last index build took, in ms (for logs and benchmarks). */
    get lastBuildMs(): number {
      return lastBuildMs;
    },

    /** The current index, building it first if needed. */
    index,

    /** Forces a rebuild now (tests, benchmarks). */
    async rebuild(): Promise<CardIndex> {
      epoch += 1;
      mustWait = true;
      return index();
    },

    /** Called after an import in this process: the next search waits for the new data. */
    invalidate(): void {
      epoch += 1;
      mustWait = true;
      // Start now if this process serves searches; a CLI import never builds one.
      if (current && !building) rebuild().catch(() => undefined);
    },
  };
}

export type IndexLifecycle = ReturnType<typeof createIndexLifecycle>;
