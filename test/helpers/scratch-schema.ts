import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { type Database, dropSchema, migrateToLatest, openDatabase } from '../../src/db/database.js';
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

/**
 * For a file of PostgreSQL tests: a schema of its own on DATABASE_URL, migrated, opened with a
 * pool of two before the file's tests and dropped after them. `open()` opens another connection
 * to it (another process, as far as the database can tell), closed with the rest.
 */
export function migratedScratchSchema(name: string): { readonly database: Database; readonly schema: string; open(poolSize?: number): Promise<Database> } {
  const opened: Database[] = [];
  const state = {} as { database: Database; schema: string };
  beforeAll(async () => {
    state.schema = `t_${name}_${process.pid}_${Date.now().toString(36)}`;
    state.database = await openDatabase(loadConfig(), { schema: state.schema, poolSize: 2 });
    await migrateToLatest(state.database);
  });
  afterAll(async () => {
    for (const d of opened.splice(0)) await d.close();
    await state.database?.close();
    const url = loadConfig().databaseUrl;
    if (url && state.schema) await dropSchema(url, state.schema);
  });
  return {
    get database() {
      return state.database;
    },
    get schema() {
      return state.schema;
    },
    async open(poolSize = 1) {
      const d = await openDatabase(loadConfig(), { schema: state.schema, poolSize });
      opened.push(d);
      return d;
    },
  };
}
