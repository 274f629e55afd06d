import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { isPostgres, loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import { takeFileLock } from '../../src/db/migration-lock.js';
import { migrations } from '../../src/db/migrations/index.js';
import { ccs } from '../helpers/cli.js';
import { freePort } from '../helpers/outage.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { CCS_BIN, ensureBuilt, spawnNode } from '../helpers/webhooks.js';

const ON_POSTGRES = isPostgres({ databaseUrl: process.env.DATABASE_URL });

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

beforeAll(() => ensureBuilt(), 120_000);

async function server(opts: { cards?: boolean } = {}): Promise<TestServer> {
  const s = await startTestServer({}, { cards: opts.cards ?? false });
  cleanups.push(() => s.close());
  return s;
}

interface DoctorJson {
  ok: boolean;
  problems: number;
  warnings: number;
  checks: Array<{ name: string; status: 'ok' | 'warn' | 'fail'; message: string }>;
}

async function doctor(s: TestServer, env: Record<string, string | undefined> = {}): Promise<{ code: number; report: DoctorJson; stderr: string }> {
  const childEnv = { ...s.childEnv, ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
  const res = await ccs({ ...s, childEnv: childEnv as Record<string, string> }, 'doctor', '--json');
  return { code: res.code, report: JSON.parse(res.stdout) as DoctorJson, stderr: res.stderr };
}

const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-ops-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

describe('ccs doctor', () => {
  it('passes a healthy installation with exit code 0: configuration, database, migrations, data directory and disk', async () => {
    const s = await server({ cards: true });
    const { code, report } = await doctor(s);
    expect(code).toBe(0);
    expect(report.ok).toBe(true);
    expect(report.problems).toBe(0);
    const byName = (name: string) => report.checks.filter((c) => c.name === name);
    expect(byName('configuration')[0]).toMatchObject({ status: 'ok' });
    expect(byName('database')).toEqual([expect.objectContaining({ status: 'ok', message: expect.stringMatching(ON_POSTGRES ? /^PostgreSQL / : /^SQLite at .*sound$/) })]);
    expect(byName('migrations')).toEqual([expect.objectContaining({ status: 'ok', message: expect.stringMatching(/^up to date/) })]);
    expect(byName('data directory')).toEqual([expect.objectContaining({ status: 'ok', message: expect.stringContaining('is writable') })]);
    expect(byName('disk')[0]?.message).toMatch(/MB free of/);
    if (process.env.CCS_REDIS_URL) expect(byName('redis')).toEqual([expect.objectContaining({ status: 'ok' })]);

    // The same as plain lines for a person.
    const plain = await ccs(s, 'doctor');
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/^ccs doctor: (everything looks right|no problems, \d+ warnings?)\n/);
    expect(plain.stdout).toMatch(/^ {2}ok {4}migrations: up to date/m);
  }, 90_000);

  it('names every bad setting, unknown setting and unreachable dependency in plain words, with exit code 1', async () => {
    const s = await server();
    const [pgPort, redisPort, smtpPort] = await Promise.all([freePort(), freePort(), freePort()]);
    const { code, report } = await doctor(s, {
      CCS_WEBHOOK_TIMEOUT_MS: 'ten seconds',
      CCS_RATE_LIMIT_ON_REDIS_ERROR: 'maybe',
      CCS_WEBHOK_POLL_MS: '100',
      DATABASE_URL: `postgres://ccs:secret@127.0.0.1:${pgPort}/ccs`,
      CCS_PG_SCHEMA: undefined,
      CCS_REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      CCS_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      HOST: '0.0.0.0',
    });
    expect(code).toBe(1);
    expect(report.ok).toBe(false);
    const messages = report.checks.map((c) => `${c.status} ${c.name}: ${c.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'fail configuration: CCS_WEBHOOK_TIMEOUT_MS must be an integer >= 1, got "ten seconds"',
        'fail configuration: CCS_RATE_LIMIT_ON_REDIS_ERROR must be one of open, closed, got "maybe"',
        'warn configuration: CCS_WEBHOK_POLL_MS is not a setting ccs knows, so it has no effect (did you mean CCS_WEBHOOK_POLL_MS?)',
        expect.stringMatching(/^warn configuration: HOST is 0\.0\.0\.0 but CCS_PUBLIC_URL is not set/),
        expect.stringMatching(new RegExp(`^fail database: cannot reach PostgreSQL at postgres://ccs:\\*\\*\\*@127\\.0\\.0\\.1:${pgPort}/ccs: .*ECONNREFUSED`)),
        expect.stringMatching(new RegExp(`^fail redis: cannot reach Redis at redis://127\\.0\\.0\\.1:${redisPort}: .*ECONNREFUSED`)),
        expect.stringMatching(new RegExp(`^fail smtp: the SMTP server at smtp://127\\.0\\.0\\.1:${smtpPort} does not accept a session: .*ECONNREFUSED`)),
      ]),
    );
    // The password never appears in what the doctor prints.
    expect(JSON.stringify(report)).not.toContain('secret');
    expect(report.problems).toBe(messages.filter((m) => m.startsWith('fail')).length);
  }, 90_000);

  it('greets the SMTP server (EHLO) without sending any mail', async () => {
    const s = await server();
    let sessions = 0;
    let mails = 0;
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onConnect: (_session, callback) => {
        sessions += 1;
        callback();
      },
      onData: (stream, _session, callback) => {
        mails += 1;
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    cleanups.push(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
    const port = (smtp.server.address() as AddressInfo).port;
    const { report } = await doctor(s, { CCS_SMTP_URL: `smtp://127.0.0.1:${port}` });
    expect(report.checks.find((c) => c.name === 'smtp')).toMatchObject({ status: 'ok', message: expect.stringContaining('nothing was sent') });
    expect(sessions).toBe(1);
    expect(mails).toBe(0);
  }, 90_000);

  it.skipIf(ON_POSTGRES)('warns when several processes have the SQLite database open', async () => {
    const s = await server();
    // This test process holds the database through its server; a `ccs serve` beside it is the second.
    const child = spawnNode([CCS_BIN, 'serve', '--no-worker', '--port', '0'], { ...s.childEnv, LOG_LEVEL: 'warn' });
    cleanups.push(() => child.kill());
    await child.waitForOutput(/running at/, 60_000);
    const { code, report } = await doctor(s);
    expect(code).toBe(0);
    const warning = report.checks.find((c) => c.status === 'warn' && /processes .* have the SQLite database open/.test(c.message));
    expect(warning?.message).toContain(String(child.child.pid));
    expect(warning?.message).toContain(String(process.pid));
  }, 90_000);
});

describe.skipIf(ON_POSTGRES)('first start on a new SQLite file (SQLite)', () => {
  it('migrates a new file, and upgrades one, from several processes at once (a serve and a worker starting together): all succeed', async () => {
    // Kysely's SQLite migration lock is a no-op; the loser of the race used to fail (3 runs in 9 on a new file, 4 in 10 on an upgrade).
    const migrated = (dir: string) => {
      const db = new SqliteDatabase(path.join(dir, 'ccs.db'), { readonly: true });
      try {
        return (db.prepare('select name from kysely_migration').all() as Array<{ name: string }>).map((r) => r.name).sort();
      } finally {
        db.close();
      }
    };
    const runAll = async (dir: string, n: number, round: string) => {
      const env = { PATH: process.env.PATH ?? '', CCS_DATA_DIR: dir, LOG_LEVEL: 'silent' };
      const results = await Promise.all(Array.from({ length: n }, () => ccs({ childEnv: env }, 'migrate')));
      for (const res of results) expect(res.code, `${round}: ${res.stderr}`).toBe(0);
      expect(migrated(dir)).toEqual(Object.keys(migrations).sort());
      // Every process let go of the lock: it is free at once.
      (await takeFileLock(path.join(dir, 'ccs.db.migrate-lock'), { waitMs: 0 }))();
    };
    for (let round = 0; round < 3; round++) await runAll(tmp(), 2, `new file, round ${round}`);
    // An older file: the last four migrations (one adds a column, two an index) not yet applied.
    const base = tmp();
    await runAll(base, 1, 'base');
    const db = new SqliteDatabase(path.join(base, 'ccs.db'));
    db.exec(
      "alter table webhook_subscriptions drop column events_since; drop index api_usage_hour; drop index cards_listing; delete from kysely_migration where name like '0028%' or name like '0029%' or name like '0030%' or name like '0031%'",
    );
    db.close();
    for (let round = 0; round < 6; round++) {
      const dir = tmp();
      fs.copyFileSync(path.join(base, 'ccs.db'), path.join(dir, 'ccs.db'));
      await runAll(dir, 4, `upgrade, round ${round}`);
    }
  }, 180_000);
});

describe.skipIf(ON_POSTGRES)('ccs backup and ccs restore (SQLite)', () => {
  it('copies the database while a server writes to it: the copy passes integrity_check and is one consistent snapshot', async () => {
    const s = await server({ cards: true });
    const user = await s.createUser();
    const cards = (await s.ctx.database.db.selectFrom('cards').select(['id', 'finishes']).orderBy('id').execute()).filter((c) => c.finishes.includes('nonfoil')).map((c) => c.id);
    const count = async () => (await s.ctx.database.db.selectFrom('collection_entries').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

    // A writer adds entries the whole time; the backup runs in the middle of it.
    let writing = true;
    let added = 0;
    const writer = (async () => {
      for (let i = 0; writing && i < cards.length; i++) {
        const res = await user.api('POST', '/api/v1/collection', { card_id: cards[i], finish: 'nonfoil', notes: 'x'.repeat(500) });
        expect(res.status, res.text).toBe(201);
        added += 1;
      }
    })();
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (added >= 20) {
          clearInterval(check);
          resolve();
        }
      }, 5);
    });
    const before = await count();
    const file = path.join(tmp(), 'backup.db');
    const res = await ccs(s, 'backup', file);
    const after = await count();
    writing = false;
    await writer;

    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(new RegExp(`^backed up .*ccs\\.db to ${file.replace(/[.]/g, '\\.')}: .*integrity ok`));
    expect(after).toBeGreaterThan(before);
    const copy = new SqliteDatabase(file, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
      const entries = (copy.prepare('select count(*) as n from collection_entries').get() as { n: number }).n;
      expect(entries).toBeGreaterThanOrEqual(before);
      expect(entries).toBeLessThanOrEqual(after);
      // Consistent: every entry in the copy has its event, and no event lacks its entry.
      const events = (copy.prepare("select count(*) as n from events where type = 'collection.entry.created'").get() as { n: number }).n;
      expect(events).toBe(entries);
      expect((copy.prepare('select count(*) as n from users').get() as { n: number }).n).toBe(1);
      expect((copy.prepare('select count(*) as n from cards').get() as { n: number }).n).toBe(await s.ctx.cards.count());
    } finally {
      copy.close();
    }
    expect(fs.readdirSync(path.dirname(file))).toEqual(['backup.db']);

    // An existing file is not replaced unless asked.
    const again = await ccs(s, 'backup', file);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists (pass --force to replace it)');
    expect((await ccs(s, 'backup', file, '--force')).code).toBe(0);

    // A directory is never a backup file, forced or not, and no copy is left beside it.
    const dir = path.join(path.dirname(file), 'backups');
    fs.mkdirSync(dir);
    for (const args of [[dir], [dir, '--force'], [`${dir}/`, '--force']]) {
      const refused = await ccs(s, 'backup', ...args);
      expect(refused.code, args.join(' ')).toBe(1);
      expect(refused.stderr.trim()).toBe(`ccs backup: ${dir} is a directory; name the backup file, e.g. ${path.join(dir, 'ccs-backup.db')}`);
    }
    expect(fs.readdirSync(path.dirname(file)).sort()).toEqual(['backup.db', 'backups']);
    expect(fs.readdirSync(dir)).toEqual([]);
  }, 90_000);

  it('restores a backup, refusing while any process has the database open, and keeps the database it replaces', async () => {
    const s = await server();
    const user = await s.createUser();
    expect((await user.api('POST', '/api/v1/binders', { name: 'Before the backup' })).status).toBe(201);
    const file = path.join(tmp(), 'backup.db');
    expect((await ccs(s, 'backup', file)).code).toBe(0);
    expect((await user.api('POST', '/api/v1/binders', { name: 'After the backup' })).status).toBe(201);

    // This test process still has the database open through its server.
    const refused = await ccs(s, 'restore', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`processes ${process.pid} have ${s.config.sqlitePath} open`);

    // Into a data directory no process holds (an operator's restore after stopping the service).
    const other = tmp();
    const env = { ...s.childEnv, CCS_DATA_DIR: other };
    expect((await ccs({ ...s, childEnv: env }, 'migrate')).code).toBe(0);
    const restored = await ccs({ ...s, childEnv: env }, 'restore', file);
    expect(restored.code, restored.stderr).toBe(0);
    const target = path.join(other, 'ccs.db');
    expect(restored.stdout).toContain(`restored ${file} to ${target}`);
    const kept = /kept as (\S+)/.exec(restored.stdout)?.[1];
    expect(kept && fs.existsSync(kept)).toBe(true);
    const db = new SqliteDatabase(target, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect((db.prepare('select name from binders').all() as Array<{ name: string }>).map((b) => b.name)).toEqual(['Before the backup']);
    } finally {
      db.close();
    }
    // The restored database serves: the user's key from before the backup works against it.
    const child = spawnNode([CCS_BIN, 'serve', '--no-worker', '--port', '0'], { ...env, LOG_LEVEL: 'warn' });
    cleanups.push(() => child.kill());
    const [, url] = await child.waitForOutput(/running at (http:\/\/\S+)/, 60_000);
    const binders = await fetch(`${url}/api/v1/binders`, { headers: { authorization: `Bearer ${user.key}` } });
    expect(binders.status).toBe(200);
    expect(((await binders.json()) as { data: Array<{ name: string }> }).data.map((b) => b.name)).toEqual(['Before the backup']);
    child.child.kill('SIGTERM');
    await child.exited;

    // A file that is not a database is refused, and the restored one stays.
    const junk = path.join(tmp(), 'junk.db');
    fs.writeFileSync(junk, 'not a database');
    const bad = await ccs({ ...s, childEnv: env }, 'restore', junk);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/is not a SQLite database/);
  }, 90_000);
});

describe.skipIf(!ON_POSTGRES)('ccs backup on PostgreSQL', () => {
  it('prints the pg_dump command for this database and schema, without a password, and exits 1', async () => {
    const s = await server();
    const res = await ccs(s, 'backup', '/backups/ccs.dump');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('on PostgreSQL use pg_dump');
    expect(res.stdout.trim()).toBe(`pg_dump --format=custom --schema='${s.ctx.database.schema}' --file='/backups/ccs.dump' '${process.env.DATABASE_URL}'`);
    const restore = await ccs(s, 'restore', '/backups/ccs.dump');
    expect(restore.code).toBe(1);
    expect(restore.stdout.trim()).toBe(`pg_restore --clean --if-exists --no-owner --dbname='${process.env.DATABASE_URL}' '/backups/ccs.dump'`);
  }, 90_000);

  it('takes a schema named in DATABASE_URL\'s search_path option as CCS_PG_SCHEMA: doctor, backup and the connections name it', async () => {
    const s = await server();
    const schema = s.ctx.database.schema ?? 'public';
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.searchParams.set('options', `-c work_mem=5MB -c search_path=${schema}`);
    const env = { DATABASE_URL: url.toString(), CCS_PG_SCHEMA: undefined };
    const { code, report } = await doctor(s, env);
    expect(code).toBe(0);
    expect(report.checks.find((c) => c.name === 'database')?.message).toMatch(new RegExp(`, schema ${schema}$`));
    expect(report.checks.find((c) => c.name === 'migrations')?.message).toMatch(/^up to date/);
    const childEnv = { ...s.childEnv, DATABASE_URL: url.toString() } as Record<string, string>;
    delete childEnv.CCS_PG_SCHEMA;
    const backup = await ccs({ ...s, childEnv }, 'backup', '/backups/ccs.dump');
    expect(backup.stdout).toContain(`--schema='${schema}'`);
    // Connections on that URL alone use the schema, are named after it, and keep the URL's other settings.
    const config = loadConfig({ ...childEnv, LOG_LEVEL: 'silent', CCS_WARM_UP_REQUESTS: '0', PORT: '0', HOST: '127.0.0.1' });
    expect(config.pgSchema).toBe(schema);
    const db = await openDatabase(config);
    try {
      const { rows } = await sql<{ mem: string; app: string; schema: string }>`select current_setting('work_mem') as mem, current_setting('application_name') as app, current_schema() as schema`.execute(db.db);
      expect(rows[0]).toEqual({ mem: '5MB', app: `ccs:${schema}`, schema });
    } finally {
      await db.close();
    }
    // CCS_PG_SCHEMA with other options in the URL: node-postgres let the URL's options replace
    // the service's search_path, and the tables went to public.
    const other = new URL(process.env.DATABASE_URL ?? '');
    other.searchParams.set('options', '-c work_mem=5MB');
    const both = loadConfig({ ...childEnv, DATABASE_URL: other.toString(), CCS_PG_SCHEMA: schema, LOG_LEVEL: 'silent', CCS_WARM_UP_REQUESTS: '0', PORT: '0', HOST: '127.0.0.1' });
    const db2 = await openDatabase(both);
    try {
      const { rows } = await sql<{ mem: string; schema: string }>`select current_setting('work_mem') as mem, current_schema() as schema`.execute(db2.db);
      expect(rows[0]).toEqual({ mem: '5MB', schema });
    } finally {
      await db2.close();
    }
  }, 90_000);

  it('opens a schema its role owns without the right to create schemas in the database', async () => {
    const name = `ccs_owner_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    cleanups.push(async () => {
      await admin.query(`drop schema if exists ${name} cascade`);
      await admin.query(`drop role if exists ${name}`);
      await admin.end();
    });
    // A login role that is neither superuser nor the database's owner: no CREATE on the database.
    await admin.query(`create role ${name} login`);
    await admin.query(`create schema ${name} authorization ${name}`);
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.username = name;
    const db = await openDatabase({ databaseUrl: url.toString(), sqlitePath: '', pgSchema: name });
    try {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db.db);
      expect(rows[0]?.schema).toBe(name);
    } finally {
      await db.close();
    }
  }, 90_000);

  // The commands as printed, run for real: a dump of the service's schema restored onto a new
  // server's empty database (where `--schema` on the restore failed every table), then again over it.
  it.skipIf(!hasPgTools())('restores the printed dump onto an empty database, and again over it', async () => {
    const s = await server();
    await s.createUser();
    await s.createUser();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-pgdump-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'ccs.dump');
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const fresh = `ccs_restore_${process.pid}_${Date.now()}`;
    await admin.query(`create database ${fresh}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${fresh}`);
      await admin.end();
    });
    const freshUrl = Object.assign(new URL(process.env.DATABASE_URL ?? ''), { pathname: `/${fresh}` }).toString();
    const sh = (command: string) => execFileSync('sh', ['-c', command], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

    sh((await ccs(s, 'backup', file)).stdout.trim());
    const restore = (await ccs({ childEnv: { ...s.childEnv, DATABASE_URL: freshUrl } }, 'restore', file)).stdout.trim();
    const users = async () => {
      const c = new pg.Client({ connectionString: freshUrl });
      await c.connect();
      try {
        return (await c.query(`select count(*)::int as n from ${s.ctx.database.schema}.users`)).rows[0].n as number;
      } finally {
        await c.end();
      }
    };
    const expected = Number((await s.ctx.database.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    sh(restore);
    expect(await users()).toBe(expected);
    sh(restore);
    expect(await users()).toBe(expected);
  }, 90_000);
});

function hasPgTools(): boolean {
  try {
    execFileSync('sh', ['-c', 'command -v pg_dump && command -v pg_restore'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
