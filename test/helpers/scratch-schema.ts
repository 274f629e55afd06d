import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { loadConfig } from '../../src/config.js';
import { type Database, dropSchema, openDatabase } from '../../src/db/database.js';
import { migrations } from '../../src/db/migrations/index.js';

/**
 * Runs `work` on the database of DATABASE_URL in a schema of its own, nothing migrated yet, with a
 * migrator over every migration (to run them up to one, or down again); drops the schema after.
 * For the migration tests, which check what a migration leaves in PostgreSQL.
 */
export async function inScratchSchema(name: string, work: (s: { database: Database; schema: string; migrator: Migrator }) => Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-mig-'));
  const config = loadConfig({ ...process.env, CCS_DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const schema = `t_${name}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const database = await openDatabase(config, { schema });
  try {
    const migrator = new Migrator({ db: database.bulk, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema });
    await work({ database, schema, migrator });
  } finally {
    await database.close();
    if (config.databaseUrl) await dropSchema(config.databaseUrl, schema);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
