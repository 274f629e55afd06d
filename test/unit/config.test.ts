import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('configuration defaults are the specification and contract numbers', () => {
  const config = loadConfig({});

  it('bounds every wait on the database at 5 s and on Redis at 1 s', () => {
    expect(config.dbTimeoutMs).toBe(5_000);
    expect(config.redisTimeoutMs).toBe(1_000);
  });

  it('keeps serving when Redis is unreachable unless told to refuse', () => {
    expect(config.rateLimitOnRedisError).toBe('open');
    expect(loadConfig({ CCS_RATE_LIMIT_ON_REDIS_ERROR: 'closed' }).rateLimitOnRedisError).toBe('closed');
    expect(loadConfig({ CCS_RATE_LIMIT_ON_REDIS_ERROR: 'CLOSED' }).rateLimitOnRedisError).toBe('closed');
  });

  it('rate limits free accounts at 120 and pro at 600 requests a minute', () => {
    expect(config.rateLimit).toEqual({ free: 120, pro: 600, windowMs: 60_000 });
  });

  it('batches webhooks for 5 s, retries on the spec schedule, times out at 10 s, disables after 10 failures and caps 1,000 a day', () => {
    expect(config.webhooks).toMatchObject({
      batchWindowMs: 5_000,
      retryDelaysMs: [30_000, 300_000, 1_800_000, 7_200_000, 43_200_000],
      timeoutMs: 10_000,
      disableAfter: 10,
      dailyLimit: 1_000,
    });
  });

  it('refuses a setting it cannot read instead of guessing', () => {
    expect(() => loadConfig({ CCS_RATE_LIMIT_ON_REDIS_ERROR: 'maybe' })).toThrow(ConfigError);
    expect(() => loadConfig({ CCS_DB_TIMEOUT_MS: '50' })).toThrow(/CCS_DB_TIMEOUT_MS must be an integer >= 100/);
    expect(() => loadConfig({ CCS_DB_TIMEOUT_MS: 'soon' })).toThrow(ConfigError);
    // Numbers are written in decimal: "0x1F40" or "1e3" is a slip, not a number to guess at.
    expect(() => loadConfig({ PORT: '0xB861' })).toThrow(/PORT must be a port number/);
    expect(() => loadConfig({ CCS_RATE_LIMIT_FREE: '1e3' })).toThrow(/CCS_RATE_LIMIT_FREE must be an integer >= 1, got "1e3"/);
    expect(() => loadConfig({ LOG_LEVEL: 'INFO' })).toThrow(/LOG_LEVEL must be one of .*, got "INFO"/);
  });

  it('reads DATABASE_URL as PostgreSQL (any case of its scheme) or a SQLite file, and refuses anything else', () => {
    expect(loadConfig({ DATABASE_URL: 'Postgres://postgres@127.0.0.1/x' }).databaseUrl).toBe('Postgres://postgres@127.0.0.1/x');
    expect(loadConfig({ DATABASE_URL: 'sqlite:/var/lib/ccs/ccs.db' }).sqlitePath).toBe('/var/lib/ccs/ccs.db');
    expect(loadConfig({ DATABASE_URL: 'sqlite:///var/lib/ccs/ccs.db' }).sqlitePath).toBe('/var/lib/ccs/ccs.db');
    expect(loadConfig({ DATABASE_URL: '/var/lib/ccs/ccs.db' }).sqlitePath).toBe('/var/lib/ccs/ccs.db');
    for (const typo of ['postgress://postgres@127.0.0.1/x', ' postgres://postgres@127.0.0.1/x', 'mysql://x/y', 'redis://127.0.0.1:6379']) {
      expect(() => loadConfig({ DATABASE_URL: typo }), typo).toThrow(/DATABASE_URL must be postgres:\/\/user@host\/db \(PostgreSQL\) or a SQLite file/);
    }
    // A server's address without its scheme is refused; a path that starts like one is a file, whatever it holds.
    for (const address of ['postgres@127.0.0.1:5432/test', '//127.0.0.1:5432/test', '127.0.0.1:5432/test', '127.0.0.1/test', 'localhost/test']) {
      expect(() => loadConfig({ DATABASE_URL: address }), address).toThrow(/looks like a server's address without its scheme/);
    }
    expect(loadConfig({ DATABASE_URL: '/srv/ccs@prod/ccs.db' }).sqlitePath).toBe('/srv/ccs@prod/ccs.db');
    expect(loadConfig({ DATABASE_URL: './data@2/ccs.db' }).sqlitePath).toMatch(/\/data@2\/ccs\.db$/);
    expect(loadConfig({ DATABASE_URL: 'data/ccs.db' }).sqlitePath).toMatch(/\/data\/ccs\.db$/);
    expect(loadConfig({ DATABASE_URL: 'backups/ccs@2024.db' }).sqlitePath).toMatch(/\/backups\/ccs@2024\.db$/);
  });

  it('refuses timer settings Node cannot wait for, naming the limit', () => {
    expect(() => loadConfig({ CCS_SHUTDOWN_GRACE_MS: '2147483648' })).toThrow(/CCS_SHUTDOWN_GRACE_MS must be at most 2147483647 ms/);
    // A retention past any date the clock can subtract to (the purge would fail every hour).
    expect(() => loadConfig({ CCS_USAGE_RETENTION_DAYS: '200000000' })).toThrow(/CCS_USAGE_RETENTION_DAYS must be at most 36500 days/);
    expect(() => loadConfig({ CCS_WEBHOOK_RETENTION_DAYS: '36501' })).toThrow(/CCS_WEBHOOK_RETENTION_DAYS must be at most 36500 days/);
    expect(loadConfig({ CCS_USAGE_RETENTION_DAYS: '36500' }).usageRetentionDays).toBe(36500);
    expect(() => loadConfig({ CCS_WEBHOOK_RETRY_DELAYS_MS: '1,2147483648' })).toThrow(/CCS_WEBHOOK_RETRY_DELAYS_MS must hold values of at most 2147483647 ms/);
    expect(loadConfig({ CCS_SHUTDOWN_GRACE_MS: '2147483647' }).shutdownGraceMs).toBe(2147483647);
  });

  it('believes X-Forwarded-For only from the peers CCS_TRUST_PROXY names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ CCS_TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ CCS_TRUST_PROXY: 'on' }).trustProxy).toBe(true);
    expect(loadConfig({ CCS_TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ CCS_TRUST_PROXY: 'uniquelocal, 203.0.113.4, 2001:db8::/32' }).trustProxy).toEqual(['uniquelocal', '203.0.113.4', '2001:db8::/32']);
    for (const bad of ['caddy', '10.0.0.0/33', '1.2.3.4/8/9']) expect(() => loadConfig({ CCS_TRUST_PROXY: bad }), bad).toThrow(/CCS_TRUST_PROXY must be off, on/);
  });

  it('refuses a CCS_PG_SCHEMA PostgreSQL could not be given safely, and an SMTP URL that is not one', () => {
    expect(loadConfig({ CCS_PG_SCHEMA: 'tenant_2' }).pgSchema).toBe('tenant_2');
    expect(() => loadConfig({ CCS_PG_SCHEMA: 'bad;schema' })).toThrow(/CCS_PG_SCHEMA must be a lower-case name/);
    expect(loadConfig({ CCS_SMTP_URL: 'smtp://mail.example.org:587' }).smtpUrl).toBe('smtp://mail.example.org:587');
    for (const bad of ['notaurl', 'http://x']) expect(() => loadConfig({ CCS_SMTP_URL: bad }), bad).toThrow(/CCS_SMTP_URL must be smtp:\/\//);
    expect(loadConfig({ CCS_REDIS_URL: 'rediss://cache.internal:6380' }).redisUrl).toBe('rediss://cache.internal:6380');
    expect(loadConfig({ CCS_REDIS_URL: '/run/redis/redis.sock' }).redisUrl).toBe('/run/redis/redis.sock');
    for (const bad of ['notaurl', 'http://x']) expect(() => loadConfig({ CCS_REDIS_URL: bad }), bad).toThrow(/CCS_REDIS_URL must be redis:\/\//);
    expect(loadConfig({ CCS_MAIL_FROM: 'Cards <cards@example.org>' }).mailFrom).toBe('Cards <cards@example.org>');
    expect(() => loadConfig({ CCS_MAIL_FROM: 'nobody' })).toThrow(/CCS_MAIL_FROM must be an address/);
  });

  it('takes the schema a PostgreSQL URL names in its search_path option as the deployment\'s schema, and refuses one it cannot use', () => {
    const url = (options: string) => `postgres://postgres@db:5432/ccs?options=${encodeURIComponent(options)}`;
    expect(loadConfig({ DATABASE_URL: url('-c search_path=tenant_2') }).pgSchema).toBe('tenant_2');
    expect(loadConfig({ DATABASE_URL: url('-csearch_path=tenant_2 -c statement_timeout=5000') }).pgSchema).toBe('tenant_2');
    expect(loadConfig({ DATABASE_URL: url('--search_path=tenant_2'), CCS_PG_SCHEMA: 'tenant_2' }).pgSchema).toBe('tenant_2');
    expect(loadConfig({ DATABASE_URL: url('-c statement_timeout=5000') }).pgSchema).toBeUndefined();
    expect(() => loadConfig({ DATABASE_URL: url('-c search_path=tenant_2'), CCS_PG_SCHEMA: 'other' })).toThrow(/search_path to "tenant_2" but CCS_PG_SCHEMA is "other": name the schema once/);
    for (const bad of ['tenant,public', '"$user",public', 'Tenant']) {
      expect(() => loadConfig({ DATABASE_URL: url(`-c search_path=${bad}`) }), bad).toThrow(/ccs keeps its tables in one schema/);
    }
  });

  it('listens on PORT 1..65535, or on any free port for PORT=0, and refuses any other PORT', () => {
    expect(loadConfig({}).port).toBe(8080);
    expect(loadConfig({ PORT: '65535' }).port).toBe(65535);
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/^PORT must be a port number, 1 to 65535 \(or 0 for any free port\), got "70000"$/);
    expect(() => loadConfig({ PORT: '65536' })).toThrow(ConfigError);
  });
});
