import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ccs as runCcs } from '../helpers/cli.js';
import { startTestServer, type TestServer, DEMO_CARDS } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  // The CLI works on the same database as this server, the way an operator's shell would.
  server = await startTestServer({}, { cards: false });
});
afterAll(async () => {
  await server?.close();
});

const ccs = (...args: string[]) => runCcs(server, ...args);

// Each test starts several `ccs` processes one after another, each loading the service and opening
// the database: on a 2-core machine running the rest of the suite beside them, 30 s is not enough.
const SPAWNING = { timeout: 120_000 };

describe('ccs command line', SPAWNING, () => {
  it('migrates an up-to-date database without error', async () => {
    const res = await ccs('migrate');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('up to date');
  });

  it('creates a user, then a key whose secret alone is printed and works against the API', async () => {
    expect((await ccs('user', 'create', '--username', 'alice', '--email', 'alice@example.com', '--password', 'long enough password', '--plan', 'pro')).code).toBe(0);
    const created = await ccs('key', 'create', '--user', 'alice', '--name', 'ci', '--scopes', 'profile:read,cards:read');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^ccs_live_[0-9A-Za-z]{38}\n$/);
    const res = await server.request('GET', '/api/v1/profile', { token: created.stdout.trim() });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ username: 'alice', plan: 'pro' });
  });

  it('prints one JSON object with --json, lists keys without secrets, and revokes', async () => {
    const created = await ccs('key', 'create', '--user', 'alice', '--name', 'json key', '--scopes', 'collection:read', '--json');
    const obj = JSON.parse(created.stdout) as { id: string; key: string; name: string; scopes: string[] };
    expect(Object.keys(obj).sort()).toEqual(['id', 'key', 'name', 'scopes']);
    expect(obj).toMatchObject({ name: 'json key', scopes: ['collection:read'] });

    const list = await ccs('key', 'list', '--user', 'alice');
    expect(list.stdout).toContain(obj.id);
    expect(list.stdout).toContain('json key');
    expect(list.stdout).not.toContain(obj.key);

    const revoked = await ccs('key', 'revoke', obj.id);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout.trim()).toBe(`revoked ${obj.id} (json key)`);
    const res = await server.request('GET', '/api/v1/profile', { token: obj.key });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('revoked_token');

    // Again: says so, with the first revocation's time, which stays.
    const revokedAt = async () => (await server.ctx.database.db.selectFrom('api_keys').select('revoked_at').where('id', '=', obj.id).executeTakeFirstOrThrow()).revoked_at;
    const at = await revokedAt();
    const again = await ccs('key', 'revoke', obj.id);
    expect(again.code).toBe(0);
    expect(again.stdout.trim()).toBe(`${obj.id} (json key) was already revoked at ${at}; nothing changed`);
    expect(await revokedAt()).toBe(at);
  });

  it('says in two lines, without a stack trace or the usage text, that the database is unreachable or a setting is wrong', async () => {
    const withEnv = (env: Record<string, string>, ...args: string[]) => runCcs({ ...server, childEnv: { ...server.childEnv, ...env } }, ...args);
    const down = await withEnv({ DATABASE_URL: 'postgres://postgres@127.0.0.1:9/none' }, 'migrate');
    expect(down.code).toBe(1);
    expect(down.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^ccs: The database is unreachable\. \(connect ECONNREFUSED 127\.0\.0\.1:9\)$/),
      'Start it, or check DATABASE_URL (or CCS_DATA_DIR); `ccs doctor` checks the connection.',
    ]);
    const setting = await withEnv({ CCS_BODY_LIMIT: 'ten' }, 'migrate');
    expect(setting.code).toBe(2);
    expect(setting.stderr.trim().split('\n')).toEqual(['ccs: CCS_BODY_LIMIT must be an integer >= 1024, got "ten"', '(`ccs doctor` checks every setting at once; README.md lists them.)']);
    // A server's address without its scheme would have become an empty SQLite file of that name.
    for (const url of ['postgres@127.0.0.1:5432/test', '//127.0.0.1:5432/test', '127.0.0.1:5432/test']) {
      const noScheme = await withEnv({ DATABASE_URL: url }, 'migrate');
      expect(noScheme.code, url).toBe(2);
      expect(noScheme.stderr, url).toContain(`DATABASE_URL "${url}" looks like a server's address without its scheme: write postgres://`);
    }
    // Node's timers cannot wait longer: a longer setting would fire after 1 ms.
    const timer = await withEnv({ CCS_SHUTDOWN_GRACE_MS: '3000000000' }, 'migrate');
    expect(timer.code).toBe(2);
    expect(timer.stderr).toContain('CCS_SHUTDOWN_GRACE_MS must be at most 2147483647 ms');
    // A HOST that names no address is the host's problem, not the database's.
    const host = await withEnv({ HOST: 'nonexistent.invalid' }, 'serve', '--no-worker', '--port', '0');
    expect(host.code).toBe(1);
    expect(host.stderr).toContain('ccs: cannot listen on nonexistent.invalid:0: that host name has no address (set HOST, or --host)');
  });

  it('rejects bad arguments with a usage message and exit code 2', async () => {
    const unknownScope = await ccs('key', 'create', '--user', 'alice', '--name', 'x', '--scopes', 'everything');
    expect(unknownScope.code).toBe(1);
    expect(unknownScope.stderr).toContain('Unknown scope "everything"');
    const missing = await ccs('user', 'create', '--username', 'bob');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--email is required');
    expect((await ccs('frobnicate')).code).toBe(2);
    // A well-formed command naming no account: the reason, exit 1, no usage text.
    const nobody = await ccs('key', 'list', '--user', 'nobody-here');
    expect(nobody.code).toBe(1);
    expect(nobody.stderr.trim()).toBe('ccs: no user "nobody-here" (ccs user create makes one)');
    // A refused value is said once, by field.
    const taken = await ccs('user', 'create', '--username', 'alice', '--email', 'other@example.com', '--password', 'long enough password');
    expect(taken.code).toBe(1);
    expect(taken.stderr.trim().split('\n')).toEqual(['ccs: Validation failed', expect.stringMatching(/^ {2}username: /)]);
    expect((await ccs('migrate', 'now')).code).toBe(2);
  });

  it('refuses a serve address that names no host or port with a usage message and exit code 2', async () => {
    // An empty --host (a script's unset variable) would listen on every interface.
    const noHost = await ccs('serve', '--host', '');
    expect(noHost.code).toBe(2);
    expect(noHost.stderr).toContain('--host must name an address');
    // --port reads like PORT: decimal digits only.
    for (const port of ['0x4717', '1.8e4', '']) {
      const loose = await ccs('serve', '--port', port);
      expect(loose.code, port).toBe(2);
      expect(loose.stderr, port).toContain(`--port must be a port number, 1 to 65535 (or 0 for any free port), got "${port}"`);
    }
    const version = await ccs('--version');
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^ccs \d+\.\d+\.\d+/);
  });

  it('says plainly that the port is taken, without a stack trace, when serve cannot listen', async () => {
    const taken = new URL(server.url).port;
    const res = await ccs('serve', '--no-worker', '--port', taken);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`ccs: cannot listen on 127.0.0.1:${taken}: another process uses that port`);
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });

  it('still starts and migrates when a newer version recorded migrations this one does not know (a rolling deploy, a rollback)', async () => {
    await server.ctx.database.db.insertInto('kysely_migration' as never).values({ name: '9999_from_a_newer_version', timestamp: new Date().toISOString() } as never).execute();
    try {
      const migrated = await ccs('migrate');
      expect(migrated.stderr).toBe('');
      expect(migrated.code).toBe(0);
      expect(migrated.stdout).toContain('database is up to date');
      expect(migrated.stdout).toContain('it also holds a migration of a newer release (9999_from_a_newer_version), left as they are');
      // A command that opens the whole service (its context migrates first) runs too.
      expect((await ccs('key', 'list', '--user', 'alice')).code).toBe(0);
    } finally {
      await server.ctx.database.db.deleteFrom('kysely_migration' as never).where('name' as never, '=', '9999_from_a_newer_version' as never).execute();
    }
  });

  it('prints a command\'s usage for --help and runs nothing: seed --help creates no demo account', async () => {
    for (const command of ['seed', 'migrate', 'serve', 'key', 'restore']) {
      const help = await ccs(command, '--help');
      expect(help.code, command).toBe(0);
      expect(help.stdout, command).toMatch(new RegExp(`^Usage:\\n  ccs ${command}`));
    }
    expect((await ccs('key', 'list', '-h')).stdout).toContain('ccs key list --user U');
    const demo = await server.ctx.database.db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirst();
    expect(demo).toBeUndefined();
  });

  // The demo file lists one printing twice (as real bulk files occasionally do): 755 distinct printings.
  it('imports Scryfall bulk files idempotently and prints a summary', async () => {
    const file = path.join(DEMO_CARDS, 'default-cards.json');
    const rulings = path.join(DEMO_CARDS, 'rulings.json');
    const first = await ccs('cards', 'import', file, '--rulings', rulings);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/imported 755 printings \(755 new, 0 updated\), 1114 rulings \(1114 new\)/);
    const second = await ccs('cards', 'import', file, '--rulings', rulings);
    expect(second.stdout).toMatch(/imported 755 printings \(0 new, 755 updated\), 1114 rulings \(0 new\)/);
    expect(await server.ctx.cards.count()).toBe(755);
  });

  it('fails a truncated file with a clear message and keeps the previous data', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const bad = path.join(os.tmpdir(), `truncated-${process.pid}.json`);
    const whole = fs.readFileSync(path.join(DEMO_CARDS, 'default-cards.json'), 'utf8');
    fs.writeFileSync(bad, whole.slice(0, Math.floor(whole.length / 2)));
    const before = await server.ctx.cards.count();
    const res = await ccs('cards', 'import', bad);
    fs.rmSync(bad);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/not a complete Scryfall bulk JSON array/);
    expect(await server.ctx.cards.count()).toBe(before);
  });

  it('writes the API description where told, and says in one line when it cannot', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      expect((await ccs('openapi', '--out', file)).code).toBe(0);
      expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ openapi: '3.1.0' });
      const missing = path.join(dir, 'no', 'such', 'openapi.json');
      const res = await ccs('openapi', '--out', missing);
      expect(res.code).toBe(1);
      expect(res.stderr.split('\n').filter((l) => l.startsWith('ccs'))).toEqual([`ccs: ${missing}: no such file or directory`]);
      expect(res.stderr).not.toMatch(/\n\s+at /);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ends quietly, with status 0, when the reader of its output stops reading (ccs openapi | head)', async () => {
    const child = spawn('bash', ['-c', `"${process.execPath}" "${BIN}" openapi | head -c 20 > /dev/null; echo "status \${PIPESTATUS[0]}" >&2`], { env: server.childEnv });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    await new Promise((resolve) => child.once('exit', resolve));
    expect(err).not.toMatch(/EPIPE|\n\s+at /);
    expect(err).toMatch(/status 0/);
  });
});

/** `ccs serve ...` on the test server's database, once its banner is out: its URL, what it printed, and a SIGTERM that answers how it exited. */
async function serve(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], { env: { ...server.childEnv, LOG_LEVEL: 'silent', ...env } });
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m && out.includes('Get an API key')) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}${err}`)));
  });
  // Serving before it is stopped.
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
  return {
    url,
    out: () => out,
    async stop(): Promise<[number | null, NodeJS.Signals | null]> {
      const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (code, signal) => resolve([code, signal])));
      child.kill('SIGTERM');
      return exited;
    },
  };
}

describe('ccs serve', SPAWNING, () => {
  it('--seed makes no demo account (a known password) in a database that has accounts already', async () => {
    // This server's database has alice (made above).
    const seeded = await serve(['--no-worker', '--port', '0', '--seed']);
    expect(await seeded.stop(), seeded.out()).toEqual([0, null]);
    expect(seeded.out()).toContain('Demo user not created: this database has accounts already');
    expect(seeded.out()).not.toContain('Demo API key');
    expect(seeded.out()).not.toContain('demo-password');
    expect(await server.ctx.accounts.findByUsername('demo')).toBeUndefined();
  });

  it('starts, answers, and exits cleanly on SIGTERM', async () => {
    // With a name of its own, the banner sends people to that name: the portal refuses other origins.
    const running = await serve(['--port', '0'], { CCS_ALLOWED_HOSTS: 'ccs.lan:8443' });
    expect(running.out()).toContain('(clients use http://ccs.lan:8443)');
    expect(running.out()).toContain('Portal:          http://ccs.lan:8443/portal');
    expect(await running.stop()).toEqual([0, null]);
    await expect(fetch(`${running.url}/healthz`)).rejects.toThrow();
  });
});
