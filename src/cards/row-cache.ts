import type { Executor } from '../db/schema.js';
import { LruCache } from '../lib/lru-cache.js';
import type { CardRow } from '../db/schema.js';
import { createCardStore } from './store.js';

export interface CardRowCache {
  /** The printing as the database holds it now, or undefined when there is none. */
  byId(id: string): Promise<CardRow | undefined>;
}

/**
 * Card rows by id for the paths that look up one printing per request (adding an entry).
 * A row with its Scryfall JSON costs ~30 µs to read; the cards change only in an import,
 * which moves `cards_version` in the same transaction. Each look-up asks for that version
 * (`currentVersion`: the card lookup's, kept per auth epoch, or a one-row read) and starts
 * over when it moved, so a cached row is never older than the last committed import,
 * whichever process ran it. Bounded by row count and JSON bytes.
 */
export function createCardRowCache(
  db: Executor,
  currentVersion?: () => Promise<string | undefined>,
  maxRows = 20_000,
  maxBytes = 64 * 1024 * 1024,
): CardRowCache {
  const store = createCardStore(db);
  const readVersion = currentVersion ?? (() => store.cardsVersion());
  const rows = new LruCache<CardRow>(maxRows, maxBytes);
  let version: string | undefined;
  return {
    async byId(id) {
      const current = (await readVersion()) ?? '';
      if (current !== version) {
        rows.clear();
        version = current;
      }
      const hit = rows.get(id);
      if (hit) return hit;
      const row = await store.findById(id);
      // Read after the version: at worst a newer row sits under the older version, until the next look-up clears it.
      if (row) rows.set(id, row, row.data.length);
      return row;
    },
  };
}
