import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Database, migrateToLatest } from '../../src/db/database.js';
import { MERGING_FUNCTION } from '../../src/db/migrations/0022_one_statement_merge.js';
import { inScratchSchema } from '../helpers/scratch-schema.js';

/** PostgreSQL's own text of the merging function in this schema. */
async function definition(db: Database['db']): Promise<string> {
  const { rows } = await sql<{ def: string }>`select pg_get_functiondef('ccs_add_entry_merging(text, jsonb, jsonb, jsonb)'::regprocedure) as def`.execute(db);
  return rows[0]?.def ?? '';
}

describe.skipIf(!process.env.DATABASE_URL?.startsWith('postgres'))('migration 0023 on PostgreSQL', () => {
  it("replaces the merging function of a database that ran 0022's first text with the reviewed one", async () => {
    await inScratchSchema('mig23', async ({ database, migrator }) => {
      expect((await migrator.migrateTo('0022_one_statement_merge')).error).toBeUndefined();
      // 0022 as first committed updated the entry without requiring it unchanged since its read.
      const first = MERGING_FUNCTION.replace('WHERE c.id = x.id AND (c.*)::collection_entries IS NOT DISTINCT FROM x;', 'WHERE c.id = x.id;');
      expect(first).not.toBe(MERGING_FUNCTION);
      await sql.raw(first).execute(database.bulk);
      expect(await definition(database.db)).not.toContain('(c.*)::collection_entries IS NOT DISTINCT FROM x');

      expect(await migrateToLatest(database)).toContain('0023_merge_function_as_reviewed');
      expect(await definition(database.db)).toContain('(c.*)::collection_entries IS NOT DISTINCT FROM x');
    });
  });
});
