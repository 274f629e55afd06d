import type { CardLookup } from '../cards/lookup.js';
import type { Database } from '../db/database.js';
import type { Executor } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { createCollectionListing, type EntrySearch } from './listing.js';
import type { CollectionStore } from './store.js';
import { createCollectionWrites } from './writes.js';

export interface CollectionDeps {
  database: Database;
  clock: Clock;
  store: (executor: Executor) => CollectionStore;
  cards: CardLookup;
  /** The card search, for `q` over a collection. */
  search: EntrySearch;
}

/** A user's collection: listing and its caches (`listing.ts`), and writes (`writes.ts`). */
export function createCollectionService(deps: CollectionDeps) {
  return {
    ...createCollectionListing({ db: deps.database.db, store: deps.store, cards: deps.cards, search: deps.search }),
    ...createCollectionWrites(deps),
  };
}

export type CollectionService = ReturnType<typeof createCollectionService>;
