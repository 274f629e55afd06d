import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres, loadConfig } from '../../src/config.js';
import { dropSchema, migrateToLatest, openDatabase, type Database } from '../../src/db/database.js';
import { createStatisticsRefresher } from '../../src/db/statistics.js';

describe.skipIf(!isPostgres(loadConfig()))('refreshing statistics on PostgreSQL', () => {
  let pg: Database;
  let other: Database;
  let schema: string;
  beforeAll(async () => {
    schema = `t_stats_${process.pid}_${Date.now().toString(36)}`;
    pg = await openDatabase(loadConfig(), { schema, poolSize: 2 });
    await migrateToLatest(pg);
    other = await openDatabase(loadConfig(), { schema, poolSize: 1 });
  });
  afterAll(async () => {
    await other?.close();
    await pg?.close();
    const url = loadConfig().databaseUrl;
    if (url) await dropSchema(url, schema);
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
