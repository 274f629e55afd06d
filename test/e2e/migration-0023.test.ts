import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { type Database, dropSchema, migrateToLatest, openDatabase } from '../../src/db/database.js';
import { MERGING_FUNCTION } from '../../src/db/migrations/0022_one_statement_merge.js';
import { migrations } from '../../src/db/migrations/index.js';

/** PostgreSQL's own text of the merging function in this schema. */
async function definition(db: Database['db']): Promise<string> {
  const { rows } = await sql<{ def: string }>`select pg_get_functiondef('ccs_add_entry_merging(text, jsonb, jsonb, jsonb)'::regprocedure) as def`.execute(db);
  return rows[0]?.def ?? '';
}

describe.skipIf(!process.env.DATABASE_URL?.startsWith('postgres'))('migration 0023 on PostgreSQL', () => {
  it("replaces the merging function of a database that ran 0022's first text with the reviewed one", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-mig-'));
    const config = loadConfig({ ...process.env, CCS_DATA_DIR: dir, LOG_LEVEL: 'silent' });
    const schema = `t_mig23_${process.pid}_${randomBytes(4).toString('hex')}`;
    const database = await openDatabase(config, { schema });
    try {
      const migrator = new Migrator({ db: database.bulk, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema });
      expect((await migrator.migrateTo('0022_one_statement_merge')).error).toBeUndefined();
      // 0022 as first committed updated the entry without requiring it unchanged since its read.
      const first = MERGING_FUNCTION.replace('WHERE c.id = x.id AND (c.*)::collection_entries IS NOT DISTINCT FROM x;', 'WHERE c.id = x.id;');
      expect(first).not.toBe(MERGING_FUNCTION);
      await sql.raw(first).execute(database.bulk);
      expect(await definition(database.db)).not.toContain('(c.*)::collection_entries IS NOT DISTINCT FROM x');

      expect(await migrateToLatest(database)).toContain('0023_merge_function_as_reviewed');
      expect(await definition(database.db)).toContain('(c.*)::collection_entries IS NOT DISTINCT FROM x');
    } finally {
      await database.close();
      if (config.databaseUrl) await dropSchema(config.databaseUrl, schema);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
