import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startWalCheckpointer } from '../../src/db/checkpointer.js';
import { migrateToLatest, openDatabase } from '../../src/db/database.js';
import { waitUntil } from '../helpers/webhooks.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-wal-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the background WAL checkpointer', () => {
  it('copies committed pages into the database file from its own thread', async () => {
    const file = path.join(dir, 'a.db');
    const main = new SqliteDatabase(file);
    main.pragma('journal_mode = WAL');
    // With SQLite's own checkpoints off, only the worker can move pages into the file.
    main.pragma('wal_autocheckpoint = 0');
    main.exec('create table t (id integer primary key, body text)');
    const insert = main.prepare('insert into t (body) values (?)');
    main.transaction(() => {
      for (let i = 0; i < 500; i++) insert.run('x'.repeat(500));
    })();
    const before = fs.statSync(file).size;
    expect(before).toBeLessThan(100_000);

    const checkpointer = startWalCheckpointer(file, 10);
    try {
      const last = await waitUntil(() => (checkpointer.last && checkpointer.last.log > 0 && checkpointer.last.checkpointed === checkpointer.last.log ? checkpointer.last : undefined));
      expect(last.log).toBeGreaterThan(50);
      expect(fs.statSync(file).size).toBeGreaterThan(250_000);
      // Writers go on while it runs, and their pages follow.
      insert.run('after');
      await waitUntil(() => (checkpointer.last!.checkpointed === checkpointer.last!.log && checkpointer.last!.log !== last.log) || undefined);
    } finally {
      await checkpointer.stop();
      main.close();
    }
    const reopened = new SqliteDatabase(file, { readonly: true });
    expect(reopened.prepare('select count(*) as n from t').get()).toEqual({ n: 501 });
    reopened.close();
  });

  it('reports a failure instead of throwing, and stops cleanly', async () => {
    const errors: string[] = [];
    const checkpointer = startWalCheckpointer(path.join(dir, 'missing', 'nope.db'), 10, (m) => errors.push(m));
    await waitUntil(() => errors.length > 0 || undefined);
    expect(errors[0]).toMatch(/directory does not exist|unable to open/i);
    await checkpointer.stop();
  });

  it('starts the WAL over under steady writes: the main connection finishes a complete worker checkpoint', async () => {
    const file = path.join(dir, 'steady.db');
    const database = await openDatabase({ databaseUrl: undefined, sqlitePath: file, pgSchema: undefined }, { checkpointIntervalMs: 10, finishCheckpointAfterFrames: 100 });
    await migrateToLatest(database);
    const logs: number[] = [];
    database.walCheckpointer?.start((r) => {
      if (!('error' in r) && r.log >= 0) logs.push(r.log);
    });
    try {
      // The worker up first; then commits one after another with no pause (a pause lets the
      // worker finish by itself, as an idle moment does in the service), the event loop reached
      // between every few, as requests reach it, so the worker's reports arrive meanwhile.
      await waitUntil(() => logs.length > 0 || undefined);
      for (let i = 0; i < 2_500; i++) {
        await database.db.insertInto('meta').values({ key: `k${i}`, value: 'v'.repeat(200) }).execute();
        if (i % 10 === 9) await new Promise((resolve) => setImmediate(resolve));
      }
      // Without the main connection's part the WAL only grows once the writes begin (~5,000
      // frames stay under the backstop); with it, it starts over and stays short. (It may also
      // start over once before, while the test waits for the worker.)
      expect(database.walCheckpointer?.finishedOnMain).toBeGreaterThan(0);
      const firstRestart = logs.findIndex((log, i) => i > 0 && log < (logs[i - 1] ?? 0));
      expect(firstRestart, JSON.stringify(logs)).toBeGreaterThan(0);
      expect(Math.max(...logs.slice(firstRestart)), JSON.stringify(logs)).toBeLessThan(4_000);
    } finally {
      await database.close();
    }
    const reopened = new SqliteDatabase(file, { readonly: true });
    expect(reopened.prepare("select count(*) as n from meta where key like 'k%'").get()).toEqual({ n: 2_500 });
    reopened.close();
  });

  it('is stopped by closing the database, which then folds the WAL back into the file', async () => {
    const file = path.join(dir, 'ccs.db');
    const database = await openDatabase({ databaseUrl: undefined, sqlitePath: file, pgSchema: undefined }, { checkpointIntervalMs: 10 });
    await migrateToLatest(database);
    await database.db.insertInto('meta').values({ key: 'k', value: 'v' }).execute();
    expect(fs.existsSync(`${file}-wal`)).toBe(true);
    await database.close();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const reopened = new SqliteDatabase(file, { readonly: true });
    expect(reopened.prepare("select value from meta where key = 'k'").get()).toEqual({ value: 'v' });
    reopened.close();
  });
});
