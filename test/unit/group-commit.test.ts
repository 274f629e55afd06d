import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Database } from '../../src/db/database.js';
import { createWriteTransactions } from '../../src/db/group-commit.js';
import { preparedQuery } from '../../src/db/prepared.js';

// Runs against a real SQLite file: grouping only happens there (PostgreSQL commits each unit alone).
let database: Database;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-group-'));
  database = await openDatabase({ databaseUrl: undefined, sqlitePath: path.join(dir, 'ccs.db'), pgSchema: undefined });
  await migrateToLatest(database);
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const put = preparedQuery((db, key: string, value: string) => db.insertInto('meta').values({ key, value }));
const keys = async (prefix: string) =>
  (await database.db.selectFrom('meta').select('key').where('key', 'like', `${prefix}%`).orderBy('key').execute()).map((r) => r.key);

describe('grouped write transactions on SQLite', () => {
  it('commits concurrent units together, and a unit that throws fails alone with none of its writes kept', async () => {
    const writes = createWriteTransactions(database);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        writes.run(async (trx) => {
          await put(trx, `g1-${String(i).padStart(2, '0')}-a`, 'x');
          if (i % 5 === 0) throw new Error(`unit ${i} refused`);
          await put(trx, `g1-${String(i).padStart(2, '0')}-b`, 'x');
          return i;
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 20 }, (_, i) => (i % 5 === 0 ? 'rejected' : 'fulfilled')));
    expect((results[5] as PromiseRejectedResult).reason.message).toBe('unit 5 refused');
    expect((results[7] as PromiseFulfilledResult<number>).value).toBe(7);
    const expected = Array.from({ length: 20 }, (_, i) => i)
      .filter((i) => i % 5 !== 0)
      .flatMap((i) => [`g1-${String(i).padStart(2, '0')}-a`, `g1-${String(i).padStart(2, '0')}-b`]);
    expect(await keys('g1-')).toEqual(expected);
  });

  it('lets a later unit in the same transaction see an earlier one, as sequential transactions would', async () => {
    const writes = createWriteTransactions(database);
    const [, seen] = await Promise.all([
      writes.run((trx) => put(trx, 'g2-first', 'x')),
      writes.run(async (trx) => (await trx.selectFrom('meta').select('key').where('key', '=', 'g2-first').execute()).length),
    ]);
    expect(seen).toBe(1);
  });

  it('fails every unit of a transaction whose commit fails, keeping none of their writes', async () => {
    const writes = createWriteTransactions(database);
    // A deferred foreign-key violation is only checked at COMMIT, so the whole transaction fails there.
    const results = await Promise.allSettled([
      writes.run(async (trx) => {
        await sql`pragma defer_foreign_keys = on`.execute(trx);
        await put(trx, 'g3-ok', 'x');
      }),
      writes.run(async (trx) => {
        await sql`insert into binders (id, user_id, name, position, created_at, updated_at) values ('b-orphan', 'no-such-user', 'x', 0, 'now', 'now')`.execute(trx);
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await keys('g3-')).toEqual([]);
  });

  it('fails every unit with SQLITE_FULL when the database fills up mid-transaction, keeping none of them, and commits again once there is room', async () => {
    const writes = createWriteTransactions(database);
    // SQLite rolls the whole transaction back by itself on SQLITE_FULL; the units before the
    // one that hit it are gone too, and every unit must say why (not "no such savepoint").
    await sql`vacuum`.execute(database.db);
    const pages = (await sql<{ page_count: number }>`pragma page_count`.execute(database.db)).rows[0]!.page_count;
    await sql.raw(`pragma max_page_count = ${pages + 2}`).execute(database.db);
    try {
      const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => writes.run((trx) => put(trx, `g4-${i}`, 'x'.repeat(3000)))));
      expect(results.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 'rejected'));
      for (const r of results) expect((r as PromiseRejectedResult).reason.code).toBe('SQLITE_FULL');
      expect(await keys('g4-')).toEqual([]);
    } finally {
      await sql.raw('pragma max_page_count = 1073741823').execute(database.db);
    }
    await writes.run((trx) => put(trx, 'g4-after', 'x'));
    expect(await keys('g4-')).toEqual(['g4-after']);
  });
});
