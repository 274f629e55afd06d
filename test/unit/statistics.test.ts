import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPostgres, loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import { createStatisticsRefresher } from '../../src/db/statistics.js';
import { migratedScratchSchema } from '../helpers/scratch-schema.js';

describe.skipIf(!isPostgres(loadConfig()))('refreshing statistics on PostgreSQL', () => {
  const scratch = migratedScratchSchema('stats');
  let pg: Database;
  let other: Database;
  let schema: string;
  beforeAll(async () => {
    ({ database: pg, schema } = scratch);
    other = await scratch.open();
  });

  const analyzedAt = async () =>
    (
      await sql<{ at: Date | null }>`select last_analyze as at from pg_stat_user_tables where schemaname = ${schema} and relname = 'collection_entries'`.execute(pg.db)
    ).rows[0]?.at?.getTime() ?? 0;

  it('analyzes the table, and skips it at once while a VACUUM or another ANALYZE holds it, so nothing (a shutdown) waits on it', async () => {
    const errors: unknown[] = [];
    const statistics = createStatisticsRefresher(pg, (err) => errors.push(err));
    await statistics.refresh(['collection_entries']);
    const first = await analyzedAt();
    expect(first).toBeGreaterThan(0);

    // The lock a VACUUM or ANALYZE holds, taken in another connection's open transaction.
    await other.db.transaction().execute(async (trx) => {
      await sql`lock table collection_entries in share update exclusive mode`.execute(trx);
      const started = performance.now();
      await statistics.refresh(['collection_entries']);
      await statistics.stop();
      expect(performance.now() - started).toBeLessThan(2_000);
    });
    expect(await analyzedAt()).toBe(first);
    expect(errors).toEqual([]);
    // Stopped: no more refreshes.
    await statistics.refresh(['collection_entries']);
    expect(await analyzedAt()).toBe(first);
  });
});
