import { sql } from 'kysely';
import type { Database } from './database.js';

/** Tables whose statistics a bulk write may leave stale enough to matter. */
export type AnalyzedTable = 'collection_entries' | 'cards' | 'card_facts' | 'card_prices';

export interface StatisticsRefresher {
  /** After a bulk write committed: refreshes the tables' statistics (PostgreSQL; nothing on SQLite). Resolves when done; never rejects. */
  refresh(tables: readonly AnalyzedTable[]): Promise<void>;
  /** Starts no more refreshes and waits for the running ones (before the database closes). */
  stop(): Promise<void>;
}

/**
 * PostgreSQL plans from statistics that autovacuum refreshes once about a tenth of a table has
 * changed. A bulk write can leave rows the planner does not know of for long: an import of a
 * user's 60,000 entries into a table of millions, or a card import just before the first
 * requests. Planned as if such a user had a few dozen entries, a listing sorts all of them for
 * each page (see `entriesFirst` in `collection/store.ts`). This runs `ANALYZE` on the tables a
 * bulk write filled once it has committed: a sample of the table, taking no lock that reads or
 * writes wait for. It runs on the request pool, so `CCS_DB_TIMEOUT_MS` bounds it, and with
 * `SKIP_LOCKED`, so a table a `VACUUM` or another `ANALYZE` holds is skipped rather than waited
 * for: a shutdown never waits on it for longer than a statement. One at a time per table; a
 * request while one runs waits for it and runs once more (its rows may have come after the sample).
 */
export function createStatisticsRefresher(database: Database, onError: (err: unknown) => void = () => {}): StatisticsRefresher {
  const running = new Map<AnalyzedTable, Promise<void>>();
  const again = new Set<AnalyzedTable>();
  let stopped = false;

  const analyze = (table: AnalyzedTable): Promise<void> => {
    const current = running.get(table);
    if (current) {
      again.add(table);
      return current;
    }
    const run = (async () => {
      do {
        again.delete(table);
        try {
          await sql`analyze (skip_locked) ${sql.table(table)}`.execute(database.db);
        } catch (err) {
          if (!stopped) onError(err);
        }
      } while (again.has(table) && !stopped);
    })().finally(() => running.delete(table));
    running.set(table, run);
    return run;
  };

  return {
    async refresh(tables) {
      if (database.dialect !== 'postgres' || stopped) return;
      await Promise.all(tables.map(analyze));
    },
    async stop() {
      stopped = true;
      await Promise.all(running.values());
    },
  };
}
