import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthEpochReader } from '../../src/auth/store.js';
import { migrateToLatest, openDatabase, type Database } from '../../src/db/database.js';
import { preparedQuery } from '../../src/db/prepared.js';
import { writeTransaction } from '../../src/db/transaction.js';

// SQLite only: there the per-request point reads run synchronously on the process's one
// connection, which a write transaction holds across awaits.
let database: Database;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-sync-reads-'));
  database = await openDatabase({ databaseUrl: undefined, sqlitePath: path.join(dir, 'ccs.db'), pgSchema: undefined }, { checkpointIntervalMs: 0 });
  await migrateToLatest(database);
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const metaValue = preparedQuery((db, key: string) => db.selectFrom('meta').select('value').where('key', '=', key));
const epochNow = () => database.db.selectFrom('auth_epoch').select('epoch').where('id', '=', 1).executeTakeFirstOrThrow();

/** Runs a write transaction that does `write`, then waits for `release` and rolls back. */
function heldOpen(write: (trx: Parameters<Parameters<typeof writeTransaction>[1]>[0]) => Promise<unknown>) {
  let release!: () => void;
  let started!: () => void;
  const isStarted = new Promise<void>((r) => (started = r));
  const done = writeTransaction(database, async (trx) => {
    await write(trx);
    started();
    await new Promise<void>((r) => (release = r));
    throw new Error('rolled back on purpose');
  }).catch((err: Error) => err.message);
  return { isStarted, release: () => release(), done };
}

describe('synchronous point reads on SQLite', () => {
  it('answers a prepared read at once outside a transaction, with what is committed', async () => {
    await database.db.insertInto('meta').values({ key: 'sync-1', value: 'a' }).execute();
    expect(metaValue.now(database.db, 'sync-1')).toEqual([{ value: 'a' }]);
    expect(await metaValue(database.db, 'sync-1')).toEqual([{ value: 'a' }]);
  });

  it('leaves writes, even one that returns rows, to Kysely\'s queue', async () => {
    const change = preparedQuery((db, key: string, value: string) => db.updateTable('meta').set({ value }).where('key', '=', key).returning('value'));
    expect(change.now(database.db, 'sync-1', 'never')).toBeUndefined();
    expect(metaValue.now(database.db, 'sync-1')).toEqual([{ value: 'a' }]);
    expect(await change(database.db, 'sync-1', 'b')).toEqual([{ value: 'b' }]);
    expect(await change(database.db, 'sync-1', 'a')).toEqual([{ value: 'a' }]);
  });

  it('never reads inside another request\'s open write transaction: it waits, and sees no row that was rolled back', async () => {
    const trx = heldOpen((t) => t.insertInto('meta').values({ key: 'sync-2', value: 'uncommitted' }).execute());
    await trx.isStarted;
    expect(metaValue.now(database.db, 'sync-2')).toBeUndefined();
    const read = metaValue(database.db, 'sync-2');
    trx.release();
    expect(await trx.done).toBe('rolled back on purpose');
    expect(await read).toEqual([]);
    expect(metaValue.now(database.db, 'sync-2')).toEqual([]);
  });

  it('never reads an auth epoch bump that its transaction then rolls back', async () => {
    const before = Number((await epochNow()).epoch);
    const reader = createAuthEpochReader(database);
    const trx = heldOpen((t) => t.updateTable('auth_epoch').set((eb) => ({ epoch: eb('epoch', '+', 1) })).where('id', '=', 1).execute());
    await trx.isStarted;
    // Read while the bump is uncommitted: the reader must not answer the bumped value, which a
    // credential looked up after the rollback would otherwise be cached under.
    const during = reader.current();
    expect(typeof during).not.toBe('number');
    trx.release();
    await trx.done;
    expect(await during).toBe(before);
  });

  it("runs a write transaction's prepared statements directly on its connection, its own writes visible, and only while it lasts", async () => {
    const put = preparedQuery((db, key: string, value: string) => db.insertInto('meta').values({ key, value }));
    let executor: Parameters<Parameters<typeof writeTransaction>[1]>[0] | undefined;
    await writeTransaction(database, async (t) => {
      executor = t;
      expect(await put(t, 'sync-3', 'own')).toEqual([]);
      expect(metaValue.now(t, 'sync-3')).toEqual([{ value: 'own' }]);
      // Another caller on the root instance meanwhile: no direct read inside this transaction.
      expect(metaValue.now(database.db, 'sync-3')).toBeUndefined();
    });
    expect(executor && metaValue.now(executor, 'sync-3')).toBeUndefined();
    expect(metaValue.now(database.db, 'sync-3')).toEqual([{ value: 'own' }]);
  });

  it('rolls back what a direct statement wrote when the transaction fails', async () => {
    const put = preparedQuery((db, key: string, value: string) => db.insertInto('meta').values({ key, value }));
    await expect(
      writeTransaction(database, async (t) => {
        await put(t, 'sync-4', 'doomed');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(metaValue.now(database.db, 'sync-4')).toEqual([]);
  });
});
