import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { dropSchema, migrateToLatest, openDatabase, type Database } from '../../src/db/database.js';
import { writeTransaction } from '../../src/db/transaction.js';

// SQLite only: the helper's point there is the lock taken at BEGIN. (On PostgreSQL it is a plain transaction.)
let database: Database;
let dir: string;
let file: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-trx-'));
  file = path.join(dir, 'ccs.db');
  database = await openDatabase({ databaseUrl: undefined, sqlitePath: file, pgSchema: undefined }, { checkpointIntervalMs: 0 });
  await migrateToLatest(database);
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const keys = async () => (await database.db.selectFrom('meta').select('key').orderBy('key').execute()).map((r) => r.key);

/**
 * Another process writing the same file, as `ccs worker` beside `ccs serve` does: it takes the
 * write lock, says so, commits after `holdMs` and exits. (better-sqlite3 waits for a lock
 * synchronously, so the other writer cannot live in this process.)
 */
async function otherProcessWrites(key: string, holdMs: number): Promise<{ exited: Promise<void> }> {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1]);
    db.pragma('busy_timeout = 5000');
    db.exec('begin immediate');
    db.prepare("insert into meta (key, value) values (?, 'x')").run(process.argv[2]);
    console.log('locked');
    setTimeout(() => { db.exec('commit'); db.close(); }, Number(process.argv[3]));
  `;
  const child = spawn(process.execPath, ['-e', script, file, key, String(holdMs)], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve, reject) => child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`writer exited ${code}`)))));
  for await (const line of createInterface({ input: child.stdout })) if (line === 'locked') break;
  return { exited };
}

describe('write transactions on SQLite', () => {
  it('commits the work, or nothing of it when it throws', async () => {
    await writeTransaction(database, (trx) => trx.insertInto('meta').values({ key: 'kept', value: 'x' }).execute());
    await expect(
      writeTransaction(database, async (trx) => {
        await trx.insertInto('meta').values({ key: 'dropped', value: 'x' }).execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await keys()).toContain('kept');
    expect(await keys()).not.toContain('dropped');
  });

  it('reads then writes while another process holds the write lock, without SQLITE_BUSY', async () => {
    const other = await otherProcessWrites('other-process', 150);
    // A deferred transaction would read a snapshot from before the other commit, then fail to
    // write with SQLITE_BUSY (its snapshot is stale). Beginning IMMEDIATE waits for the lock first.
    const seen = await writeTransaction(database, async (trx) => {
      const before = (await trx.selectFrom('meta').select('key').execute()).map((r) => r.key);
      await trx.insertInto('meta').values({ key: 'this-process', value: 'x' }).execute();
      return before;
    });
    await other.exited;
    expect(seen).toContain('other-process');
    expect(await keys()).toEqual(expect.arrayContaining(['other-process', 'this-process']));
  });
});

const PG_URL = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;

describe.skipIf(!PG_URL)('migrations beside schemas being created and dropped (PostgreSQL only: set DATABASE_URL)', () => {
  it('migrates its own schema, fresh and again, while other schemas with tables come and go', async () => {
    const url = PG_URL ?? '';
    let churning = true;
    // What parallel test files (or other deployments in one database) do: schemas created and dropped.
    const churn = async (n: number) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      for (let k = 0; churning; k++) {
        const s = `t_churn_${process.pid}_${n}_${k}`;
        await client.query(`CREATE SCHEMA ${s}; CREATE TABLE ${s}.a (id int); CREATE TABLE ${s}.b (id int)`);
        await client.query(`DROP SCHEMA ${s} CASCADE`);
      }
      await client.end();
    };
    const churners = [churn(1), churn(2), churn(3)];
    const failures: string[] = [];
    try {
      for (let i = 0; i < 4; i++) {
        const schema = `t_migrate_${process.pid}_${i}`;
        for (const pass of ['fresh', 'again']) {
          const database = await openDatabase({ databaseUrl: url, sqlitePath: '', pgSchema: schema }, { schema });
          try {
            const applied = await migrateToLatest(database);
            expect(applied.length > 0, pass).toBe(pass === 'fresh');
          } catch (err) {
            failures.push(`${pass}: ${(err as Error).message}`);
          } finally {
            await database.close();
          }
        }
        await dropSchema(url, schema);
      }
    } finally {
      churning = false;
      await Promise.all(churners);
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
