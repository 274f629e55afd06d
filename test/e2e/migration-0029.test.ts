import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { dropSchema, migrateToLatest, openDatabase } from '../../src/db/database.js';
import { migrations } from '../../src/db/migrations/index.js';

describe.skipIf(!process.env.DATABASE_URL?.startsWith('postgres'))('migration 0029 on PostgreSQL', () => {
  it('makes both merging functions leave an entry changed at or after the add to the service, and its down restores their previous texts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-mig-'));
    const config = loadConfig({ ...process.env, CCS_DATA_DIR: dir, LOG_LEVEL: 'silent' });
    const schema = `t_mig29_${process.pid}_${randomBytes(4).toString('hex')}`;
    const database = await openDatabase(config, { schema });
    const bodies = async () =>
      (
        await sql<{ proname: string; prosrc: string }>`select proname, prosrc from pg_proc where pronamespace = cast(${schema} as regnamespace) and proname like 'ccs_add_or_merge%' order by proname`.execute(
          database.db,
        )
      ).rows.map((r) => [r.proname, r.prosrc.includes('x.updated_at >= e.updated_at AND NOT EXISTS')]);
    try {
      expect(await migrateToLatest(database)).toContain('0029_merge_only_into_older_changes');
      expect(await bodies()).toEqual([
        ['ccs_add_or_merge', true],
        ['ccs_add_or_merge_unless_busy', true],
      ]);
      const migrator = new Migrator({ db: database.bulk, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema });
      expect((await migrator.migrateTo('0028_webhook_events_since')).error).toBeUndefined();
      expect(await bodies()).toEqual([
        ['ccs_add_or_merge', false],
        ['ccs_add_or_merge_unless_busy', false],
      ]);
    } finally {
      await database.close();
      if (config.databaseUrl) await dropSchema(config.databaseUrl, schema);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
