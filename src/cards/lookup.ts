import type { CardRow, Executor } from '../db/schema.js';
import type { CardRowCache } from './row-cache.js';
import type { CardRef, CardStore } from './store.js';

export type { CardRef } from './store.js';

/**
 * What other features read of the card database: printings as stored, by id, name or set
 * and number, and the version every import moves. Collections, decks and price alerts get
 * this instead of the card store. A caller inside a write transaction passes it as
 * `within`, since SQLite serves a process with one connection.
 */
export interface CardLookup {
  /** One printing, from a cache that every import empties. */
  byId(id: string): Promise<CardRow | undefined>;
  byIds(ids: readonly string[], within?: Executor): Promise<CardRow[]>;
  /** Every candidate printing for decklist names (see `CardStore.findByNames`). */
  byNames(names: readonly string[], within?: Executor): Promise<CardRow[]>;
  byPrintings(printings: ReadonlyArray<{ set: string; collectorNumber: string }>, within?: Executor): Promise<CardRow[]>;
  /** Changes with every import; caches of anything derived from cards key on it. */
  version(): Promise<string | undefined>;
  /** The version synchronously where the database allows it (null: no import yet), undefined when it must be awaited. */
  versionNow(): string | null | undefined;
  /**
   * Lean printings (no JSON, no prices) for matching the rows of a collection file in
   * batches: by id, by (lower-case set code, collector number), by exact name, and every
   * distinct name (to fold names the way the file's app spells them).
   */
  refs: {
    byIds(ids: readonly string[]): Promise<CardRef[]>;
    byPrintings(printings: ReadonlyArray<{ set: string; collectorNumber: string }>): Promise<CardRef[]>;
    byNames(names: readonly string[]): Promise<CardRef[]>;
    names(): Promise<string[]>;
  };
}

/** A counter that moves with every change of the cards version (the auth epoch, migration 0018). */
export interface VersionEpoch {
  /** A number where it is read synchronously (SQLite), else a promise of one. */
  current(): number | Promise<number>;
}

export function createCardLookup(deps: {
  db: Executor;
  store: (executor: Executor) => CardStore;
  /** The row cache, given the lookup's own (epoch-kept) cards version to check against. */
  rows: (currentVersion: () => Promise<string | undefined>) => CardRowCache;
  epoch?: VersionEpoch;
}): CardLookup {
  const cards = deps.store(deps.db);
  // The cards version as last read, and the epoch read before it: valid while that epoch is.
  let kept: { epoch: number; version: string | null } | undefined;
  const keep = (epoch: number, version: string | null) => {
    kept = { epoch, version };
    return version;
  };
  async function version(): Promise<string | undefined> {
    if (!deps.epoch) return cards.cardsVersion();
    const epoch = await deps.epoch.current();
    if (kept?.epoch === epoch) return kept.version ?? undefined;
    return keep(epoch, (await cards.cardsVersion()) ?? null) ?? undefined;
  }
  const rows = deps.rows(version);
  function versionNow(): string | null | undefined {
    const epoch = deps.epoch?.current();
    if (typeof epoch === 'number' && kept?.epoch === epoch) return kept.version;
    const read = cards.cardsVersionNow();
    // Kept only under an epoch read before the version was (the same order as credentials).
    return read !== undefined && typeof epoch === 'number' ? keep(epoch, read) : read;
  }
  const storeFor = (within: Executor | undefined) => (within === undefined || within === deps.db ? cards : deps.store(within));
  return {
    byId: (id) => rows.byId(id),
    byIds: (ids, within) => storeFor(within).findByIds(ids),
    byNames: (names, within) => storeFor(within).findByNames(names),
    byPrintings: (printings, within) => storeFor(within).findByPrintings(printings),
    version,
    versionNow,
    refs: {
      byIds: (ids) => cards.refsByIds(ids),
      byPrintings: (printings) => cards.refsByPrintings(printings),
      byNames: (names) => cards.refsByNames(names),
      names: () => cards.distinctNames(),
    },
  };
}
