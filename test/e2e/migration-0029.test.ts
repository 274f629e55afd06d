import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/database.js';
import { inScratchSchema } from '../helpers/scratch-schema.js';

describe.skipIf(!process.env.DATABASE_URL?.startsWith('postgres'))('migration 0029 on PostgreSQL', () => {
  it('makes both merging functions leave an entry changed at or after the add to the service, and its down restores their previous texts', async () => {
    await inScratchSchema('mig29', async ({ database, schema, migrator }) => {
      const bodies = async () =>
        (
          await sql<{ proname: string; prosrc: string }>`select proname, prosrc from pg_proc where pronamespace = cast(${schema} as regnamespace) and proname like 'ccs_add_or_merge%' order by proname`.execute(
            database.db,
          )
        ).rows.map((r) => [r.proname, r.prosrc.includes('x.updated_at >= e.updated_at AND NOT EXISTS')]);
      expect(await migrateToLatest(database)).toContain('0029_merge_only_into_older_changes');
      expect(await bodies()).toEqual([
        ['ccs_add_or_merge', true],
        ['ccs_add_or_merge_unless_busy', true],
      ]);
      expect((await migrator.migrateTo('0028_webhook_events_since')).error).toBeUndefined();
      expect(await bodies()).toEqual([
        ['ccs_add_or_merge', false],
        ['ccs_add_or_merge_unless_busy', false],
      ]);
    });
  });
});
