import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres, loadConfig } from '../../src/config.js';
import { migrateToLatest, openDatabase, type Database } from '../../src/db/database.js';
import { createWriteTransactions, type GroupCommitOptions } from '../../src/db/group-commit.js';
import type { Executor } from '../../src/db/schema.js';
import { preparedQuery } from '../../src/db/prepared.js';
import { migratedScratchSchema } from '../helpers/scratch-schema.js';

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
const plainKeys = async () => (await sql<{ key: string }>`select key from plain order by key`.execute(database.db)).rows.map((r) => r.key);
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
    // On a table without triggers: for one with triggers (meta, since migration 0018) SQLite
    // keeps a statement journal and rolls back only the failing statement, the ordinary case.
    await sql`create table if not exists plain (key text primary key, value text not null)`.execute(database.db);
    const putPlain = (trx: Executor, key: string, value: string) => sql`insert into plain (key, value) values (${key}, ${value})`.execute(trx);
    await sql`vacuum`.execute(database.db);
    const pages = (await sql<{ page_count: number }>`pragma page_count`.execute(database.db)).rows[0]!.page_count;
    await sql.raw(`pragma max_page_count = ${pages + 2}`).execute(database.db);
    try {
      const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => writes.run((trx) => putPlain(trx, `g4-${i}`, 'x'.repeat(3000)))));
      expect(results.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 'rejected'));
      for (const r of results) expect((r as PromiseRejectedResult).reason.code).toBe('SQLITE_FULL');
      expect(await plainKeys()).toEqual([]);
    } finally {
      await sql.raw('pragma max_page_count = 1073741823').execute(database.db);
    }
    await writes.run((trx) => putPlain(trx, 'g4-after', 'x'));
    expect(await plainKeys()).toEqual(['g4-after']);
  });
});

/** A transaction runner that counts the transactions it runs and the units each held (by their keys). */
function countingTransactions(db: Database) {
  const groups: number[] = [];
  const transaction: NonNullable<GroupCommitOptions['transaction']> = (work) =>
    db.db.transaction().execute(async (trx) => {
      groups.push(0);
      return work(trx);
    });
  const unit = (trx: Executor, key: string) => {
    groups.push((groups.pop() ?? 0) + 1);
    return putOn(trx, key);
  };
  return { groups, transaction, unit };
}

const putOn = (trx: Executor, key: string) => trx.insertInto('meta').values({ key, value: 'x' }).execute();

describe('grouped write transactions with options (the webhook recorder uses them)', () => {
  it("runs groups in the caller's transaction and holds at most maxUnits units in one", async () => {
    const { groups, transaction, unit } = countingTransactions(database);
    const writes = createWriteTransactions(database, { transaction, maxUnits: 4 });
    await Promise.all(Array.from({ length: 10 }, (_, i) => writes.run((trx) => unit(trx, `g6-${String(i).padStart(2, '0')}`))));
    expect(groups).toEqual([4, 4, 2]);
    expect(await keys('g6-')).toHaveLength(10);
  });

  it('waits gatherMs for company before the first transaction, so units a moment apart share one commit', async () => {
    const apart = async (gatherMs: number, prefix: string) => {
      const { groups, transaction, unit } = countingTransactions(database);
      const writes = createWriteTransactions(database, { transaction, gatherMs });
      const first = writes.run((trx) => unit(trx, `${prefix}-a`));
      // This timer is set before the gather timer fires, and is shorter: it always runs first.
      const second = new Promise<void>((resolve) => setTimeout(resolve, 5)).then(() => writes.run((trx) => unit(trx, `${prefix}-b`)));
      await Promise.all([first, second]);
      return groups;
    };
    expect(await apart(50, 'g5')).toEqual([2]);
    expect(await apart(0, 'g6')).toEqual([1, 1]);
  });

  it('runs a group\'s units in the order of their keys, those without one last, each answered with its own result', async () => {
    const { groups, transaction } = countingTransactions(database);
    const writes = createWriteTransactions(database, { transaction, gatherMs: 20 });
    const ran: string[] = [];
    const unit = (name: string, key?: string) =>
      writes.run(async (trx) => {
        ran.push(name);
        await putOn(trx, `g7-${name}`);
        return name;
      }, key);
    const answers = await Promise.all([unit('c1', 'c'), unit('none1'), unit('a1', 'a'), unit('c2', 'c'), unit('b1', 'b'), unit('none2')]);
    expect(answers).toEqual(['c1', 'none1', 'a1', 'c2', 'b1', 'none2']);
    expect(ran).toEqual(['a1', 'b1', 'c1', 'c2', 'none1', 'none2']);
    expect(groups).toEqual([0]);
  });
});

describe.skipIf(!isPostgres(loadConfig()))('grouped write transactions on PostgreSQL (groupOnPostgres)', () => {
  const scratch = migratedScratchSchema('group');
  let pg: Database;
  beforeAll(() => {
    pg = scratch.database;
  });

  it('is one transaction per unit by default', async () => {
    const { groups, transaction, unit } = countingTransactions(pg);
    const writes = createWriteTransactions(pg, { transaction });
    await Promise.all(Array.from({ length: 3 }, (_, i) => writes.run((trx) => unit(trx, `p1-${i}`))));
    expect(groups).toEqual([1, 1, 1]);
  });

  it('groups units when asked, and a unit that fails is rolled back alone to its savepoint', async () => {
    const { groups, transaction, unit } = countingTransactions(pg);
    const writes = createWriteTransactions(pg, { transaction, groupOnPostgres: true });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        writes.run(async (trx) => {
          await unit(trx, `p2-${i}`);
          // A failed statement aborts a PostgreSQL transaction unless it is rolled back to a savepoint.
          if (i === 2) await putOn(trx, 'p2-0');
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(groups).toEqual([5]);
    const kept = (await pg.db.selectFrom('meta').select('key').where('key', 'like', 'p2-%').orderBy('key').execute()).map((r) => r.key);
    expect(kept).toEqual(['p2-0', 'p2-1', 'p2-3', 'p2-4']);
  });

  it('never deadlocks two processes\' groups that lock the same rows: each group takes them in key order', async () => {
    const other = await scratch.open(2);
    await pg.db.insertInto('meta').values([{ key: 'p3-x', value: '0' }, { key: 'p3-y', value: '0' }]).execute();
    const touch = (trx: Executor, key: string) => trx.updateTable('meta').set({ value: key }).where('key', '=', key).execute();
    const pause = () => new Promise((resolve) => setTimeout(resolve, 150));
    // Each unit locks its row, then holds it a moment, so the two groups overlap.
    const unit = (writes: ReturnType<typeof createWriteTransactions>, key: string) =>
      writes.run(async (trx) => {
        await touch(trx, key);
        await pause();
      }, key);
    const first = createWriteTransactions(pg, { groupOnPostgres: true, gatherMs: 20 });
    const second = createWriteTransactions(other, { groupOnPostgres: true, gatherMs: 20 });
    // Arrival order y, x in one process and x, y in the other: run so, each would wait for the other's row.
    const results = await Promise.allSettled([unit(first, 'p3-y'), unit(first, 'p3-x'), unit(second, 'p3-x'), unit(second, 'p3-y')]);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : r.status))).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
  });
});
