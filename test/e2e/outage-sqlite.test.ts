import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { isPostgres } from '../../src/config.js';
import { runDoctor } from '../../src/ops/doctor.js';
import type { PeriodicJob } from '../../src/jobs/periodic.js';
import { PASSWORD } from '../helpers/oauth.js';
import { captureLog, metric } from '../helpers/outage.js';
import { PortalClient } from '../helpers/portal.js';
import { startTestServer, type ApiResponse, type TestServer, type TestUser } from '../helpers/server.js';
import { waitUntil } from '../helpers/webhooks.js';

/*
 * How each condition is provoked for real, on the service's own SQLite file:
 * - busy: a second connection (another process would do the same) holds the write lock
 *   with BEGIN IMMEDIATE, so the service's writes wait out busy_timeout and get SQLITE_BUSY;
 * - full: `PRAGMA max_page_count` on the service's connection caps the file at its current
 *   size, so the first write that needs a new page gets SQLITE_FULL exactly as on a full disk
 *   (a tmpfs or loop mount would need privileges the test machine may not give);
 * - read-only: `PRAGMA query_only` on the service's connection makes SQLite refuse every write
 *   with SQLITE_READONLY, the code a read-only file gives (chmod would not stop root).
 * The pragmas are the connection's own, so nothing outlives the test.
 */
const ON_SQLITE = !isPostgres({ databaseUrl: process.env.DATABASE_URL });
const BOUND = 300;

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function start() {
  const log = captureLog();
  const server = await startTestServer({ dbTimeoutMs: BOUND, usageFlushMs: 3_600_000 }, { log });
  cleanups.push(() => server.close());
  const user = await server.createUser();
  const cards = (await server.ctx.database.db.selectFrom('cards').select(['id', 'finishes']).orderBy('id').execute())
    .filter((c) => c.finishes.includes('nonfoil'))
    .map((c) => c.id);
  let next = 0;
  const add = () => user.api('POST', '/api/v1/collection', { card_id: cards[next++], finish: 'nonfoil', notes: 'x'.repeat(2000) });
  return { server, user, log, add };
}

async function pragma(server: TestServer, statement: string): Promise<void> {
  await sql.raw(`pragma ${statement}`).execute(server.ctx.database.db);
}

function expectRefused(res: ApiResponse): void {
  expect(res.status, res.text.slice(0, 300)).toBe(503);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.headers.get('retry-after')).toBe('5');
  expect(res.body).toMatchObject({ code: 'service_unavailable', retry_after: 5 });
}

async function expectReadsWork(user: TestUser): Promise<void> {
  expect((await user.api('GET', '/api/v1/collection')).status).toBe(200);
  expect((await user.api('GET', '/api/v1/profile')).status).toBe(200);
}

/** The file is sound: `PRAGMA integrity_check` on a connection of its own, as an operator would run it. */
function expectIntact(server: TestServer): void {
  const check = new SqliteDatabase(server.config.sqlitePath, { readonly: true });
  try {
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
  } finally {
    check.close();
  }
}

async function unavailableCount(server: TestServer, cause: string): Promise<number | undefined> {
  return metric((await server.request('GET', '/metrics')).text, 'ccs_unavailable_responses_total', { cause });
}

describe.skipIf(!ON_SQLITE)('SQLite refusing writes (SQLite only: runs without DATABASE_URL)', () => {
  it('answers 503 to writes while another connection holds the write lock (SQLITE_BUSY), keeps serving reads, and writes again once it is released', async () => {
    const { server, user, log, add } = await start();
    expect((await add()).status).toBe(201);
    const other = new SqliteDatabase(server.config.sqlitePath);
    cleanups.push(() => other.close());
    other.exec('begin immediate');

    const t0 = performance.now();
    expectRefused(await add());
    expect(performance.now() - t0).toBeLessThan(BOUND + 1_500);
    await expectReadsWork(user);
    expect(await unavailableCount(server, 'database_busy')).toBe(1);

    other.exec('rollback');
    expect((await add()).status).toBe(201);
    expectIntact(server);
    expect(log.matching(/busy with another writer/)).toHaveLength(1);
    expect(log.matching(/answers again \(database_\w+ cleared\)/)).toHaveLength(1);
  });

  it('logs the busy condition once while a load balancer polls /readyz between refused writes, and its end once writes work', async () => {
    const { server, log, add } = await start();
    expect((await add()).status).toBe(201);
    const other = new SqliteDatabase(server.config.sqlitePath);
    cleanups.push(() => other.close());
    other.exec('begin immediate');
    try {
      for (let i = 0; i < 4; i++) {
        expectRefused(await add());
        // The database answers a ping: that says nothing of whether the lock is free.
        expect((await server.request('GET', '/readyz')).status).toBe(200);
      }
    } finally {
      other.exec('rollback');
    }
    expect(log.matching(/busy with another writer/)).toHaveLength(1);
    expect(log.matching(/answers again/)).toHaveLength(0);
    expect((await add()).status).toBe(201);
    expect(log.matching(/answers again \(database_busy cleared\)/)).toHaveLength(1);
  });

  it('keeps answering reads at once while another connection holds the write lock, and refuses a write within its bound though the background jobs wait too', async () => {
    const bound = 2_000;
    const server = await startTestServer({ dbTimeoutMs: bound, usageFlushMs: 100 }, { log: captureLog(), worker: true });
    cleanups.push(() => server.close());
    const user = await server.createUser();
    const card = (await server.ctx.database.db.selectFrom('cards').select('id').where('finishes', 'like', '%nonfoil%').executeTakeFirstOrThrow()).id;
    const add = () => user.api('POST', '/api/v1/collection', { card_id: card, finish: 'nonfoil' });
    expect((await add()).status).toBe(201);
    const other = new SqliteDatabase(server.config.sqlitePath);
    cleanups.push(() => other.close());
    other.exec('begin immediate');
    try {
      // The usage flush (every 100 ms) and the worker's jobs are waiting for the lock as well.
      const t0 = performance.now();
      const write = add();
      // Writes with an Idempotency-Key (ccs/client sends one on every write): their key's row waits for the lock too.
      const keyed = Array.from({ length: 3 }, (_, i) => user.api('POST', '/api/v1/collection', { card_id: card, finish: 'nonfoil' }, { 'idempotency-key': `held-${i}` }));
      await new Promise((r) => setTimeout(r, 50));
      for (let i = 0; i < 5; i++) {
        const r0 = performance.now();
        expect((await user.api('GET', '/api/v1/profile')).status).toBe(200);
        // A wait for the lock that slept inside SQLite would hold every request of the process for the whole bound.
        expect(performance.now() - r0).toBeLessThan(bound / 2);
      }
      expectRefused(await write);
      // Each within its own bound, not one after another (three keyed writes waiting in turn took three bounds).
      for (const res of await Promise.all(keyed)) expectRefused(res);
      expect(performance.now() - t0).toBeLessThan(2 * bound); // waiting in turn takes three bounds
    } finally {
      other.exec('rollback');
    }
    expect((await add()).status).toBe(200);
    expectIntact(server);
  });

  it('keeps answering while a key revoke, a portal sign-in and a webhook delete (writes outside a transaction) wait for the lock, and does each once it is released', async () => {
    const bound = 2_000;
    const server = await startTestServer({ dbTimeoutMs: bound, usageFlushMs: 3_600_000 }, { log: captureLog() });
    cleanups.push(() => server.close());
    const user = await server.createUser();
    const portal = new PortalClient(server.url);
    expect((await portal.signIn(user.username, PASSWORD)).status).toBe(200);
    const hook = await user.api('POST', '/api/v1/webhooks', { url: 'https://example.com/hook', events: ['collection.entry.created'] });
    expect(hook.status).toBe(201);
    const newcomer = new PortalClient(server.url);
    expect((await newcomer.session()).status).toBe(200);
    const other = new SqliteDatabase(server.config.sqlitePath);
    cleanups.push(() => other.close());

    // Held for the whole bound: each write is refused with a 503 within it, and the process answers meanwhile.
    other.exec('begin immediate');
    try {
      const t0 = performance.now();
      const revoke = portal.request('POST', `/portal/api/keys/${user.keyId}/revoke`);
      const deleted = user.api('DELETE', `/api/v1/webhooks/${hook.body.data.id}`);
      const signIn = newcomer.signIn(user.username, PASSWORD);
      await new Promise((r) => setTimeout(r, 50));
      for (let i = 0; i < 5; i++) {
        const r0 = performance.now();
        expect((await user.api('GET', '/api/v1/profile')).status).toBe(200);
        // SQLite's own busy wait sleeps inside the call: every request of the process waited the whole bound.
        expect(performance.now() - r0).toBeLessThan(bound / 2);
      }
      for (const res of await Promise.all([revoke, deleted, signIn])) expect(res.status, res.text.slice(0, 200)).toBe(503);
      expect(performance.now() - t0).toBeLessThan(2 * bound); // waiting in turn takes three bounds
    } finally {
      other.exec('rollback');
    }
    expect((await user.api('GET', `/api/v1/webhooks/${hook.body.data.id}`)).status).toBe(200);

    // Released during the wait: the same writes go through.
    other.exec('begin immediate');
    const revoke = portal.request('POST', `/portal/api/keys/${user.keyId}/revoke`);
    const deleted = user.api('DELETE', `/api/v1/webhooks/${hook.body.data.id}`);
    await new Promise((r) => setTimeout(r, 200));
    other.exec('rollback');
    expect((await deleted).status).toBe(204);
    expect((await revoke).status).toBe(200);
    expect((await user.api('GET', '/api/v1/profile')).body).toMatchObject({ code: 'revoked_token' });
    expectIntact(server);
  });

  it('answers 503 to writes when the database is full (SQLITE_FULL), keeps serving reads and loses nothing, and writes again once there is room', async () => {
    const { server, user, log, add } = await start();
    // No free pages left over from the card import, so the cap is reached within a few writes.
    await sql`vacuum`.execute(server.ctx.database.db);
    const pages = (await sql<{ page_count: number }>`pragma page_count`.execute(server.ctx.database.db)).rows[0]!.page_count;
    await pragma(server, `max_page_count = ${pages}`);
    // Writes go on while they fit in pages the file already has; the first that needs one more fails.
    const answers: ApiResponse[] = [];
    for (let i = 0; i < 200 && !answers.some((a) => a.status !== 201); i++) answers.push(await add());
    const refused = answers.at(-1)!;
    expectRefused(refused);
    expect(answers.filter((a) => a.status !== 201 && a.status !== 503)).toEqual([]);
    await expectReadsWork(user);
    // Every entry answered 201 is there with its event; the refused one left no trace.
    const created = answers.filter((a) => a.status === 201).map((a) => a.body.data.id as string);
    const entries = await server.ctx.database.db.selectFrom('collection_entries').select('id').where('user_id', '=', user.id).execute();
    expect(entries.map((e) => e.id).sort()).toEqual([...created].sort());
    expect((await server.events(user.id)).map((e) => e.payload.id).sort()).toEqual([...created].sort());
    expect(await unavailableCount(server, 'database_full')).toBe(1);

    expectIntact(server);
    await pragma(server, 'max_page_count = 1073741823');
    expect((await add()).status).toBe(201);
    expectIntact(server);
    expect(log.matching(/database is full/)).toHaveLength(1);
  });

  it('answers 503 to writes when the file is read-only (SQLITE_READONLY), keeps serving reads, and holds usage counts until it can write them', async () => {
    const { server, user, log, add } = await start();
    await pragma(server, 'query_only = 1');
    expectRefused(await add());
    expectRefused(await user.api('POST', '/api/v1/binders', { name: 'Trades' }));
    await expectReadsWork(user);
    expect(await unavailableCount(server, 'database_readonly')).toBe(2);

    // The usage flush cannot write either: it logs once and keeps its counts.
    const usage = server.jobs.get('usage-flush') as PeriodicJob;
    await usage.runNow();
    await usage.runNow();
    expect(log.matching(/^usage-flush paused/)).toHaveLength(1);

    expectIntact(server);
    await pragma(server, 'query_only = 0');
    expect((await add()).status).toBe(201);
    expectIntact(server);
    await usage.runNow();
    expect(log.matching(/^usage-flush resumed/)).toHaveLength(1);
    const counted = await server.ctx.database.db.selectFrom('api_usage').select(['route', 'status_class', 'count']).where('key_id', '=', user.keyId).execute();
    expect(counted).toContainEqual({ route: 'POST /api/v1/collection', status_class: '5xx', count: 1 });
    expect(counted).toContainEqual({ route: 'GET /api/v1/profile', status_class: '2xx', count: 1 });
    expect(log.matching(/read-only/)).toHaveLength(1);
  });

  it('keeps the last-used time of a key through a usage flush that fails, and writes it with the next', async () => {
    const { server, user } = await start();
    await user.api('GET', '/api/v1/profile');
    const lastUsed = async () => (await server.ctx.database.db.selectFrom('api_keys').select('last_used_at').where('id', '=', user.keyId).executeTakeFirstOrThrow()).last_used_at;
    await pragma(server, 'query_only = 1');
    await expect(server.ctx.usage.flush()).rejects.toThrow();
    expect(await lastUsed()).toBeNull();
    await pragma(server, 'query_only = 0');
    await server.ctx.usage.flush();
    expect(await lastUsed()).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
  });

  // The pragmas above stand in for conditions a test cannot always create; where this process may
  // mount a filesystem (root with CAP_SYS_ADMIN, as on the CI machines), a disk really runs full.
  it('answers 503 to writes when the disk is really full (a small tmpfs), keeps serving reads, stays sound, and writes again once space is freed', async (t) => {
    const disk = mountSmallDisk(64);
    if (!disk) return t.skip();
    cleanups.push(() => disk.unmount());
    const log = captureLog();
    const server = await startTestServer({ sqlitePath: path.join(disk.dir, 'ccs.db'), dbTimeoutMs: BOUND, usageFlushMs: 3_600_000 }, { log });
    cleanups.push(() => server.close());
    const user = await server.createUser();
    const [card, later] = (await server.ctx.database.db.selectFrom('cards').select(['id', 'finishes']).orderBy('id').execute()).filter((c) => c.finishes.includes('nonfoil')).map((c) => c.id);
    expect((await user.api('POST', '/api/v1/collection', { card_id: card, finish: 'nonfoil' })).status).toBe(201);
    // An empty WAL, then no byte left on the disk: the next commit cannot append its pages. A reader
    // (a background job) can keep the checkpoint from truncating, and a WAL left long would be reused
    // in place without new space: checkpoint until the file is empty.
    await waitUntil(async () => {
      const [row] = (await sql<{ busy: number; log: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(server.ctx.database.db)).rows;
      return row?.busy === 0 && fs.statSync(path.join(disk.dir, 'ccs.db-wal')).size === 0 ? true : undefined;
    });
    const filler = disk.fill();

    const refused = await user.api('POST', '/api/v1/collection', { card_id: later, finish: 'nonfoil' });
    expectRefused(refused);
    await expectReadsWork(user);
    expect((await server.request('GET', '/healthz')).status).toBe(200);
    expect(await unavailableCount(server, 'database_full')).toBe(1);
    expect(log.matching(/database is full/)).toHaveLength(1);
    expectIntact(server);

    fs.rmSync(filler);
    const again = await user.api('POST', '/api/v1/collection', { card_id: later, finish: 'nonfoil' });
    expect(again.status, again.text).toBe(201);
    expect((await user.api('GET', '/api/v1/collection')).body.meta.total).toBe(2);
    expectIntact(server);
  });

  it('ccs doctor fails a database on a read-only mount, which ccs serve cannot start on', async (t) => {
    const disk = mountSmallDisk(16);
    if (!disk) return t.skip();
    cleanups.push(() => disk.unmount());
    const env = { CCS_DATA_DIR: disk.dir, PATH: process.env.PATH ?? '' };
    const server = await startTestServer({ sqlitePath: path.join(disk.dir, 'ccs.db') }, { cards: false });
    await server.close();
    expect((await runDoctor(env)).checks.find((c) => c.name === 'database')?.status).toBe('ok');
    execFileSync('mount', ['-o', 'remount,ro', disk.dir], { stdio: 'ignore' });
    const database = (await runDoctor(env)).checks.find((c) => c.name === 'database');
    expect(database?.status).toBe('fail');
    expect(database?.message).toMatch(/the SQLite database cannot be written: .*ccs\.db \(EROFS\)/);
  });
});

/** A tmpfs of `mb` megabytes of the test's own, or undefined where this process may not mount one. */
function mountSmallDisk(mb: number): { dir: string; fill(): string; unmount(): void } | undefined {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${mb}m`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return {
    dir,
    /** Writes a file until the disk refuses another byte; answers its path. */
    fill() {
      const file = path.join(dir, 'filler');
      const fd = fs.openSync(file, 'w');
      try {
        for (const size of [1 << 20, 1 << 12, 1]) {
          const chunk = Buffer.alloc(size);
          for (;;) {
            try {
              fs.writeSync(fd, chunk);
            } catch {
              break;
            }
          }
        }
      } finally {
        fs.closeSync(fd);
      }
      return file;
    },
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
