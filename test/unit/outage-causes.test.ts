import SqliteDatabase from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseOutageCause } from '../../src/availability/causes.js';
import { createDependencyHealth } from '../../src/availability/health.js';
import { FailoverRateLimitStore, MemoryRateLimitStore, type RateLimitStore } from '../../src/http/rate-limit.js';
import { freePort, captureLog } from '../helpers/outage.js';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

/** What `fn` throws (the test fails if it throws nothing). */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected an error');
}

describe('which database errors mean "unavailable" (503) rather than a fault (500)', () => {
  it.each([
    ['a refused connection', coded('ECONNREFUSED'), 'database'],
    ['a reset connection', coded('ECONNRESET'), 'database'],
    ['an unresolvable host', coded('ENOTFOUND'), 'database'],
    ['pg: a connection lost mid-query', new Error('Connection terminated unexpectedly'), 'database'],
    ['pg: a connect that timed out', new Error('Connection terminated due to connection timeout'), 'database'],
    ['pg-pool: no free connection in time', new Error('timeout exceeded when trying to connect'), 'database'],
    ['pg: a statement with no answer (query_timeout)', new Error('Query read timeout'), 'database'],
    ['pg: a client broken by an earlier error', new Error('Client has encountered a connection error and is not queryable'), 'database'],
    ['PostgreSQL: admin shutdown (57P01, a restart)', coded('57P01', 'terminating connection due to administrator command'), 'database'],
    ['PostgreSQL: cannot connect now (57P03, starting up)', coded('57P03'), 'database'],
    ['PostgreSQL: connection failure (08006)', coded('08006'), 'database'],
    ['PostgreSQL: statement timeout (57014)', coded('57014', 'canceling statement due to statement timeout'), 'database_timeout'],
    ['PostgreSQL: too many connections (53300)', coded('53300'), 'database_busy'],
    ['PostgreSQL: disk full (53100)', coded('53100'), 'database_full'],
    ['PostgreSQL: a standby after failover (25006)', coded('25006'), 'database_readonly'],
    ['PostgreSQL: a named statement a migration made stale (0A000)', coded('0A000', 'cached plan must not change result type'), 'database_changed'],
    ['SQLite: busy', coded('SQLITE_BUSY'), 'database_busy'],
    ['SQLite: busy snapshot', coded('SQLITE_BUSY_SNAPSHOT'), 'database_busy'],
    ['SQLite: full', coded('SQLITE_FULL'), 'database_full'],
    ['SQLite: read-only', coded('SQLITE_READONLY'), 'database_readonly'],
    ['SQLite: read-only, file moved', coded('SQLITE_READONLY_DBMOVED'), 'database_readonly'],
    ['SQLite: disk I/O error', coded('SQLITE_IOERR_WRITE'), 'database'],
    ['every address refused', new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]), 'database'],
  ])('%s is an outage', (_label, err, cause) => {
    expect(databaseOutageCause(err)).toBe(cause);
  });

  it.each([
    ['a unique violation', coded('23505')],
    ['a foreign-key violation', coded('23503')],
    ['a syntax error', coded('42601')],
    ['any other unsupported feature (0A000)', coded('0A000', 'cannot use window function in check constraint')],
    ['text PostgreSQL cannot store', coded('22021')],
    ['a SQLite constraint', coded('SQLITE_CONSTRAINT_UNIQUE')],
    ['a SQLite syntax error', coded('SQLITE_ERROR')],
    ['a bug', new TypeError('x is undefined')],
    ['not an error at all', 'boom'],
    ['nothing', undefined],
  ])('%s is a fault', (_label, err) => {
    expect(databaseOutageCause(err)).toBeUndefined();
  });

  it('recognises what the drivers really throw: pg against a closed port, SQLite against a read-only file and a held lock', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await freePort(), user: 'x', database: 'x', connectionTimeoutMillis: 2_000 });
    const refused = await client.connect().then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(databaseOutageCause(refused)).toBe('database');

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-causes-'));
    try {
      const file = path.join(dir, 'a.db');
      const rw = new SqliteDatabase(file);
      rw.pragma('journal_mode = WAL');
      rw.exec('create table t (x)');
      const ro = new SqliteDatabase(file, { readonly: true });
      const readonly = thrown(() => ro.exec('insert into t values (1)'));
      expect(databaseOutageCause(readonly)).toBe('database_readonly');
      const other = new SqliteDatabase(file);
      other.pragma('busy_timeout = 0');
      rw.exec('begin immediate');
      const busy = thrown(() => other.exec('insert into t values (1)'));
      expect(databaseOutageCause(busy)).toBe('database_busy');
      rw.exec('rollback');
      for (const db of [ro, other, rw]) db.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a dependency's health", () => {
  it('logs an outage once when it starts and once when it ends, with how long it lasted', () => {
    let now = 1_000;
    const log = captureLog();
    const health = createDependencyHealth('database', { log, now: () => now });
    for (let i = 0; i < 10; i++) health.failed('database', coded('ECONNREFUSED'));
    expect(health.up).toBe(false);
    now += 4_500;
    expect(health.secondsSinceReachable()).toBe(4.5);
    health.reachable();
    expect(health.secondsSinceReachable()).toBe(0);
    expect(log.lines.map((l) => l.msg)).toEqual([expect.stringMatching(/^database unreachable/), 'database reachable again']);
    expect(log.lines[1]!.obj).toMatchObject({ down_ms: 4_500, errors: 10 });
    expect(health.errors.get('database')).toBe(10);
  });

  it('logs an outage that began before the process had a log (Redis down at start-up) when the log arrives, then its end', () => {
    let now = 1_000;
    const health = createDependencyHealth('redis', { now: () => now });
    health.failed('redis', coded('ECONNREFUSED'));
    now += 2_000;
    const log = captureLog();
    health.sendLogTo(log);
    now += 1_000;
    health.reachable();
    expect(log.lines.map((l) => l.msg)).toEqual([expect.stringMatching(/^redis unreachable/), 'redis reachable again']);
    expect(log.lines[0]!.obj).toMatchObject({ dependency: 'redis', since_ms: 2_000 });
    // A dependency that was up when the log came says nothing.
    const quiet = captureLog();
    createDependencyHealth('database').sendLogTo(quiet);
    expect(quiet.lines).toEqual([]);
  });

  it('counts a connection from before an outage dying after the database answered again, without starting a second outage', () => {
    const log = captureLog();
    const health = createDependencyHealth('database', { log });
    const pooled = [health.connectionOpened(), health.connectionOpened()];
    const first = coded('57P01');
    health.fromConnection(first, pooled[0]!);
    health.failed('database', first);
    // A new connection answers: the outage ends.
    const fresh = health.connectionOpened();
    health.reachable();
    // The other pooled connection's backend was ended by the same restart; its error arrives late.
    const late = coded('57P01');
    health.fromConnection(late, pooled[1]!);
    health.failed('database', late);
    expect(health.up).toBe(true);
    expect(health.errors.get('database')).toBe(2);
    expect(log.matching(/^database unreachable/)).toHaveLength(1);
    // A connection opened after that outage dying is news: a second outage.
    const again = coded('57P01');
    health.fromConnection(again, fresh);
    health.failed('database', again);
    expect(health.up).toBe(false);
    expect(log.matching(/^database unreachable/)).toHaveLength(2);
    // So is an error no connection vouches for (a connect that fails).
    health.reachable();
    health.failed('database', coded('ECONNREFUSED'));
    expect(log.matching(/^database unreachable/)).toHaveLength(3);
  });

  it('logs a write-refusing condition once, again only after a quiet minute, and its end at the next write that works', () => {
    let now = 0;
    const log = captureLog();
    const health = createDependencyHealth('database', { log, now: () => now });
    health.failed('database_full', coded('SQLITE_FULL'));
    now += 30_000;
    health.failed('database_full', coded('SQLITE_FULL'));
    expect(log.matching(/full/)).toHaveLength(1);
    // Reads go on: the database counts as up.
    expect(health.up).toBe(true);
    now += 61_000;
    health.failed('database_full', coded('SQLITE_FULL'));
    expect(log.matching(/full/)).toHaveLength(2);
    health.reachable();
    expect(log.matching(/answers again \(database_\w+ cleared\)/)).toHaveLength(1);
  });

  it('keeps a write-refusing condition through pings and new connections, which prove only that the database answers', () => {
    let now = 1_000;
    const log = captureLog();
    const health = createDependencyHealth('database', { log, now: () => now });
    for (let second = 0; second < 20; second++) {
      // A write refused every second, and a load balancer's /readyz between.
      health.failed('database_busy', coded('SQLITE_BUSY'));
      now += 500;
      health.reachable('connection');
      now += 500;
    }
    expect(log.matching(/busy/)).toHaveLength(1);
    expect(log.matching(/answers again/)).toHaveLength(0);
    health.reachable();
    expect(log.matching(/answers again \(database_busy cleared\)/)).toHaveLength(1);
  });
});

describe('rate limits when Redis answers with errors (out of memory, a read-only replica)', () => {
  const replyError = () => Object.assign(new Error("OOM command not allowed when used memory > 'maxmemory'."), { name: 'ReplyError' });

  it('stays down without reconnecting, logs it once, tries Redis again once a second, and is up at the first answer', async () => {
    let now = 0;
    const log = captureLog();
    const health = createDependencyHealth('redis', { log, now: () => now });
    let failing = true;
    let calls = 0;
    const shared = new MemoryRateLimitStore();
    const flaky: RateLimitStore = {
      hit: (key, windowMs, at) => {
        calls += 1;
        if (failing) return Promise.reject(replyError());
        return shared.hit(key, windowMs, at);
      },
      refund: async () => undefined,
      close: async () => undefined,
    };
    const disconnects: boolean[] = [];
    const redis = { status: 'ready' as const, disconnect: (reconnect?: boolean) => void disconnects.push(!!reconnect) };
    const store = new FailoverRateLimitStore(flaky, redis as never, 'closed', health, () => now);

    await expect(store.hit('k', 60_000, 0)).rejects.toMatchObject({ code: 'service_unavailable' });
    expect(health.up).toBe(false);
    // Many requests within the second: refused per the policy, Redis not asked again, nothing logged again.
    for (let i = 0; i < 20; i++) {
      now += 40;
      await expect(store.hit('k', 60_000, 0)).rejects.toMatchObject({ code: 'service_unavailable' });
    }
    expect(calls).toBe(1);
    // It answered: reconnecting would only come back at once and call it well.
    expect(disconnects).toEqual([]);
    now = 1_000;
    await expect(store.hit('k', 60_000, 0)).rejects.toMatchObject({ code: 'service_unavailable' });
    expect(calls).toBe(2);
    failing = false;
    now = 2_000;
    expect(await store.hit('k', 60_000, 0)).toBe(1);
    expect(health.up).toBe(true);
    expect(log.lines.map((l) => l.msg)).toEqual([expect.stringMatching(/^redis unreachable/), 'redis reachable again']);
    expect(log.lines[0]!.obj).toMatchObject({ error: { message: expect.stringContaining('OOM command not allowed') } });
  });

  it('still reconnects after a timeout on a live connection (a peer that went silent)', async () => {
    const health = createDependencyHealth('redis');
    const silent: RateLimitStore = { hit: () => Promise.reject(coded('ETIMEDOUT')), refund: async () => undefined, close: async () => undefined };
    const disconnects: boolean[] = [];
    const store = new FailoverRateLimitStore(silent, { status: 'ready', disconnect: (r?: boolean) => void disconnects.push(!!r) } as never, 'open', health);
    expect(await store.hit('k', 60_000, 0)).toBe(1);
    expect(disconnects).toEqual([true]);
  });
});

