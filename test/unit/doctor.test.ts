import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { migrations } from '../../src/db/migrations/index.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkConfiguration, diskSpace, migrationState, riskyValues, runDoctor } from '../../src/ops/doctor.js';
import { postgresCommand } from '../../src/ops/backup.js';

const MB = 1048576;

describe('doctor: settings', () => {
  it('reports every setting that does not parse, not only the first, and still loads the rest', () => {
    const { checks, config } = checkConfiguration({ CCS_WEBHOOK_TIMEOUT_MS: '-1', PORT: 'eighty', CCS_SIGNUP: 'perhaps' });
    expect(checks.filter((c) => c.status === 'fail').map((c) => c.message)).toEqual([
      'PORT must be a port number, 1 to 65535 (or 0 for any free port), got "eighty"',
      'CCS_SIGNUP must be on or off, got "perhaps"',
      'CCS_WEBHOOK_TIMEOUT_MS must be an integer >= 1, got "-1"',
    ]);
    expect(config?.port).toBe(8080);
  });

  it('reports a PORT outside 1..65535 as a bad setting, naming PORT', () => {
    for (const value of ['70000', '65536', '-1', '80.5']) {
      const { checks } = checkConfiguration({ PORT: value });
      expect(checks.filter((c) => c.status === 'fail').map((c) => c.message), value).toEqual([
        `PORT must be a port number, 1 to 65535 (or 0 for any free port), got "${value}"`,
      ]);
    }
    expect(checkConfiguration({ PORT: '65535' }).checks.filter((c) => c.status === 'fail')).toEqual([]);
  });

  it('names a CCS_ variable the service does not read, with the setting it probably meant', () => {
    const { checks } = checkConfiguration({ CCS_RATELIMIT_FREE: '10', CCS_SOMETHING_ELSE: '1', CCS_RATE_LIMIT_PRO: '900' });
    expect(checks.filter((c) => c.status === 'warn').map((c) => c.message)).toEqual([
      'CCS_RATELIMIT_FREE is not a setting ccs knows, so it has no effect (did you mean CCS_RATE_LIMIT_FREE?)',
      'CCS_SOMETHING_ELSE is not a setting ccs knows, so it has no effect',
    ]);
    expect(checks[0]).toMatchObject({ status: 'ok', message: expect.stringContaining('every setting parses') });
  });

  it('warns about values that work but invite trouble', () => {
    const risky = (env: Record<string, string>, facts = {}) => riskyValues(loadConfig(env), facts).map((c) => c.message);
    expect(risky({})).toEqual([]);
    const serve = (pid: number) => ({ pid, worker: false });
    const worker = (pid: number) => ({ pid, worker: true });
    expect(risky({}, { sqliteHolders: [serve(11)] })).toEqual([]);
    expect(risky({}, { sqliteHolders: [serve(11), serve(12)] })[0]).toMatch(/^2 processes \(11, 12\) have the SQLite database open/);
    // `ccs serve --no-worker` beside one `ccs worker`, as docs/webhooks.md describes, is no warning; a second worker is.
    expect(risky({}, { sqliteHolders: [serve(11), worker(12)] })).toEqual([]);
    expect(risky({}, { sqliteHolders: [serve(11), worker(12), worker(13)] })[0]).toMatch(/^3 processes/);
    expect(risky({ HOST: '0.0.0.0' })[0]).toMatch(/CCS_PUBLIC_URL is not set/);
    expect(risky({ HOST: '0.0.0.0', CCS_PUBLIC_URL: 'https://cards.example.org' })).toEqual([]);
    expect(risky({ HOST: '0.0.0.0', CCS_PUBLIC_URL: 'http://cards.example.org' })[0]).toMatch(/is not https/);
    expect(risky({ DATABASE_URL: 'postgres://db/ccs' })[0]).toMatch(/^PostgreSQL without CCS_REDIS_URL/);
    expect(risky({ DATABASE_URL: 'postgres://db/ccs', CCS_REDIS_URL: 'redis://r' })).toEqual([]);
    expect(risky({ CCS_WEBHOOK_ALLOW_PRIVATE: 'on' })[0]).toMatch(/inside your network/);
    expect(risky({ CCS_WEBHOOK_BATCH_WINDOW_MS: '1000', CCS_WEBHOOK_DAILY_LIMIT: '50' })).toEqual([
      "webhook settings differ from the specification's values, which receivers may rely on: CCS_WEBHOOK_BATCH_WINDOW_MS=1000 (5000), CCS_WEBHOOK_DAILY_LIMIT=50 (1000)",
    ]);
  });
});

describe('doctor: migrations', () => {
  const known = Object.keys(migrations).sort();

  it('is up to date when every known migration is recorded', () => {
    expect(migrationState(known)).toMatchObject({ status: 'ok', message: expect.stringMatching(/^up to date/) });
  });

  it('names pending migrations and the command that applies them', () => {
    expect(migrationState(known.slice(0, -1))).toMatchObject({ status: 'warn', message: `1 migration pending (${known.at(-1)}): run \`ccs migrate\` before starting the new version` });
    expect(migrationState(undefined).status).toBe('warn');
  });

  it('recognises a database migrated by a newer version (a rolling deploy in progress)', () => {
    expect(migrationState([...known, '9999_future']).message).toMatch(/does not know \(9999_future\): a newer version migrated it/);
  });
});

describe('doctor: disk', () => {
  it('fails under 100 MB free, warns under 1 GB or 5 %, and is fine otherwise', () => {
    expect(diskSpace('/data', 50 * MB, 100_000 * MB).status).toBe('fail');
    expect(diskSpace('/data', 500 * MB, 100_000 * MB).status).toBe('warn');
    expect(diskSpace('/data', 4_000 * MB, 100_000 * MB).status).toBe('warn');
    expect(diskSpace('/data', 20_000 * MB, 100_000 * MB)).toEqual({ name: 'disk', status: 'ok', message: '/data: 20,000 MB free of 100,000 MB' });
  });
});

describe('doctor: what depends on a setting it cannot read', () => {
  it('does not check the default SQLite database in place of a DATABASE_URL it cannot read, and says so', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-doctor-'));
    try {
      const { checks } = await runDoctor({ DATABASE_URL: 'mysql://x', CCS_DATA_DIR: dir });
      expect(checks.filter((c) => c.status === 'fail').map((c) => c.name)).toEqual(['configuration']);
      expect(checks.filter((c) => c.name === 'database')).toEqual([
        { name: 'database', status: 'warn', message: 'not checked: DATABASE_URL cannot be read (above), so which database the service would use is unknown' },
      ]);
      expect(checks.map((c) => c.name)).not.toContain('migrations');
      expect(checks.map((c) => c.name)).not.toContain('card data');
      // Nothing was made at the default SQLite path either.
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('backup commands for PostgreSQL', () => {
  it('prints pg_dump and pg_restore for the schema in use, quoting arguments and leaving the password out', () => {
    expect(postgresCommand('dump', 'postgres://ccs:s3cret@db:5432/ccs', 'tenant_a', '/backups/it is.dump')).toBe(
      "PGPASSWORD=... pg_dump --format=custom --schema='tenant_a' --file='/backups/it is.dump' 'postgres://ccs@db:5432/ccs'",
    );
    expect(postgresCommand('restore', 'postgres://db/ccs', undefined, "o'clock.dump")).toBe("pg_restore --clean --if-exists --no-owner --dbname='postgres://db/ccs' 'o'\\''clock.dump'");
    // The dump holds one schema; the restore names none, so it creates that schema on an empty database.
    expect(postgresCommand('restore', 'postgres://ccs:s3cret@db/ccs', 'tenant_a', 'x.dump')).toBe("PGPASSWORD=... pg_restore --clean --if-exists --no-owner --dbname='postgres://ccs@db/ccs' 'x.dump'");
  });
});
