import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/database.js';
import { inScratchSchema } from '../helpers/scratch-schema.js';

describe.skipIf(!process.env.DATABASE_URL?.startsWith('postgres'))('migrations 0024 and 0025 on PostgreSQL', () => {
  it("add the text-parameter merge and its non-waiting variant beside 0022's, which processes of the previous release still call, and their downs drop only their own", async () => {
    await inScratchSchema('mig24', async ({ database, schema, migrator }) => {
      const functions = async () =>
        (
          await sql<{ proname: string }>`select proname from pg_proc where pronamespace = cast(${schema} as regnamespace) and proname like 'ccs_add_%' order by proname`.execute(
            database.db,
          )
        ).rows.map((r) => r.proname);
      expect(await migrateToLatest(database)).toEqual(expect.arrayContaining(['0024_merge_parameters_as_text', '0025_batched_adds_do_not_wait']));
      expect(await functions()).toEqual(['ccs_add_entry', 'ccs_add_entry_merging', 'ccs_add_or_merge', 'ccs_add_or_merge_unless_busy']);
      expect((await migrator.migrateTo('0024_merge_parameters_as_text')).error).toBeUndefined();
      expect(await functions()).toEqual(['ccs_add_entry', 'ccs_add_entry_merging', 'ccs_add_or_merge']);
      expect((await migrator.migrateTo('0023_merge_function_as_reviewed')).error).toBeUndefined();
      expect(await functions()).toEqual(['ccs_add_entry', 'ccs_add_entry_merging']);
    });
  });
});
