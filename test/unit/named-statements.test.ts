import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema, openDatabase, type Database } from '../../src/db/database.js';
import { preparedQuery } from '../../src/db/prepared.js';

// PostgreSQL only, on a real server: prepared queries run as named statements (issue 15).
const url = process.env.DATABASE_URL;
const ON_POSTGRES = url?.startsWith('postgres') ?? false;
const schema = `named_${process.pid}_${randomBytes(3).toString('hex')}`;

let database: Database;
beforeAll(async () => {
  if (!ON_POSTGRES || !url) return;
  // One connection: every statement below runs where the previous ones were parsed.
  database = await openDatabase({ databaseUrl: url, sqlitePath: '', pgSchema: undefined }, { schema, poolSize: 1 });
  await sql`create table things (id text primary key, name text not null)`.execute(database.db);
  await sql`insert into things values ('a', 'Alpha'), ('b', 'Beta')`.execute(database.db);
});
afterAll(async () => {
  if (!ON_POSTGRES || !url) return;
  await database.close();
  await dropSchema(url, schema);
});

// A table of the test's own, outside the app's schema types.
const thing = preparedQuery((db, id: string) => db.selectFrom(sql`things`.as('t') as never).selectAll().where(sql.ref('id'), '=', id));

/** Changes the table from another connection, as a rolling upgrade's migration in another process does. */
async function alterElsewhere(statement: string): Promise<void> {
  const other = await openDatabase({ databaseUrl: url, sqlitePath: '', pgSchema: undefined }, { schema, poolSize: 1 });
  try {
    await sql.raw(statement).execute(other.db);
  } finally {
    await other.close();
  }
}

const preparedHere = async () =>
  (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(database.db)).rows;

describe.skipIf(!ON_POSTGRES)('prepared queries on PostgreSQL', () => {
  it('parses a prepared query once per connection under its own name, then only binds new values', async () => {
    expect(await thing(database.db, 'a')).toEqual([{ id: 'a', name: 'Alpha' }]);
    expect(await thing(database.db, 'b')).toEqual([{ id: 'b', name: 'Beta' }]);
    const named = (await preparedHere()).filter((s) => s.statement.includes('things'));
    expect(named).toHaveLength(1);
    expect(named[0]?.name).toMatch(/^ccs_\d+_\d+$/);
    // Other statements stay unnamed: the set of names is bounded by the prepared queries in the code.
    await sql`select name from things where id = ${'a'}`.execute(database.db);
    expect((await preparedHere()).filter((s) => s.statement.includes('things'))).toHaveLength(1);
  });

  it('runs a prepared read again, parsed afresh, when another process changed the columns it returns', async () => {
    expect(await thing(database.db, 'a')).toEqual([{ id: 'a', name: 'Alpha' }]);
    await alterElsewhere('alter table things add column note text');
    expect(await thing(database.db, 'a')).toEqual([{ id: 'a', name: 'Alpha', note: null }]);
  });

  it('fails a transaction whose prepared statement went stale inside it, once: the next transaction parses it afresh', async () => {
    expect(await thing(database.db, 'b')).toHaveLength(1);
    await alterElsewhere('alter table things add column extra integer');
    const first = database.db.transaction().execute((trx) => thing(trx, 'b'));
    await expect(first).rejects.toMatchObject({ code: '0A000' });
    expect(await database.db.transaction().execute((trx) => thing(trx, 'b'))).toEqual([{ id: 'b', name: 'Beta', note: null, extra: null }]);
  });
});
