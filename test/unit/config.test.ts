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
  });

  it('listens on PORT 1..65535, or on any free port for PORT=0, and refuses any other PORT', () => {
    expect(loadConfig({}).port).toBe(8080);
    expect(loadConfig({ PORT: '65535' }).port).toBe(65535);
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/^PORT must be a port number, 1 to 65535 \(or 0 for any free port\), got "70000"$/);
    expect(() => loadConfig({ PORT: '65536' })).toThrow(ConfigError);
  });
});
