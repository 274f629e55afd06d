import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { turnsDuring } from '../helpers/turns.js';

let server: TestServer;
const clock = new ManualClock('2026-11-22T10:15:00.000Z');
beforeAll(async () => {
  // A flush interval far beyond the test: only explicit flushes write.
  server = await startTestServer({ usageFlushMs: 3_600_000 }, { clock });
});
afterAll(async () => {
  await server?.close();
});

async function usageRows(keyId: string) {
  return server.ctx.database.db.selectFrom('api_usage').selectAll().where('key_id', '=', keyId).orderBy('route').orderBy('status_class').execute();
}

describe('per-key usage accounting', () => {
  it('aggregates requests in memory and writes them only when flushed', async () => {
    const user = await server.createUser({ scopes: ['profile:read'] });
    await user.api('GET', '/api/v1/profile');
    await user.api('GET', '/api/v1/profile');
    await user.api('GET', '/api/v1/cards/2dea2466-5c7f-40ce-b749-100ae89d2c90');
    expect(await usageRows(user.keyId)).toEqual([]);

    await server.ctx.usage.flush();
    const rows = await usageRows(user.keyId);
    expect(rows.map((r) => ({ route: r.route, status_class: r.status_class, count: Number(r.count), hour: r.hour }))).toEqual([
      { route: 'GET /api/v1/cards/:id', status_class: '4xx', count: 1, hour: '2026-11-22T10:00:00.000Z' },
      { route: 'GET /api/v1/profile', status_class: '2xx', count: 2, hour: '2026-11-22T10:00:00.000Z' },
    ]);
    const key = await server.ctx.database.db.selectFrom('api_keys').select('last_used_at').where('id', '=', user.keyId).executeTakeFirstOrThrow();
    expect(key.last_used_at).toBe('2026-11-22T10:15:00.000Z');
  });

  it('adds later flushes to the same hour and starts a new bucket each hour', async () => {
    const user = await server.createUser({ scopes: ['profile:read'] });
    await user.api('GET', '/api/v1/profile');
    await server.ctx.usage.flush();
    await user.api('GET', '/api/v1/profile');
    clock.advance(60 * 60 * 1000);
    await user.api('GET', '/api/v1/profile');
    await server.ctx.usage.flush();
    const rows = await usageRows(user.keyId);
    expect(rows.map((r) => [r.hour, Number(r.count)])).toEqual(
      expect.arrayContaining([
        ['2026-11-22T10:00:00.000Z', 2],
        ['2026-11-22T11:00:00.000Z', 1],
      ]),
    );
    clock.advance(-60 * 60 * 1000);
  });

  it('keeps counting everyone after a user is deleted with counts not yet written: that user\'s counts go with the account', async () => {
    const gone = await server.createUser({ scopes: ['profile:read'] });
    const stays = await server.createUser({ scopes: ['profile:read'] });
    await gone.api('GET', '/api/v1/profile');
    await server.ctx.database.db.deleteFrom('users').where('id', '=', gone.id).execute();
    await stays.api('GET', '/api/v1/profile');
    await stays.api('GET', '/api/v1/profile');
    // One bucket of a user who no longer exists made every flush fail (a foreign key), so no one's counts were written again.
    await server.ctx.usage.flush();
    expect((await usageRows(stays.keyId)).map((r) => Number(r.count))).toEqual([2]);
    expect(await usageRows(gone.keyId)).toEqual([]);
    await stays.api('GET', '/api/v1/profile');
    await server.ctx.usage.flush();
    expect((await usageRows(stays.keyId)).map((r) => Number(r.count))).toEqual([3]);
  });

  it('does not count requests that carry no valid credential', async () => {
    const total = async () => {
      const rows = await server.ctx.database.db.selectFrom('api_usage').select('count').execute();
      return rows.reduce((n, r) => n + Number(r.count), 0);
    };
    await server.ctx.usage.flush();
    const before = await total();
    await server.request('GET', '/api/v1/profile');
    await server.request('GET', '/api/v1/profile', { token: 'ccs_live_nope' });
    await server.ctx.usage.flush();
    expect(await total()).toBe(before);
  });
});

describe('usage retention', () => {
  it('purges the hourly counts older than CCS_USAGE_RETENTION_DAYS, oldest day first, and keeps the rest', async () => {
    const at = new ManualClock('2026-11-22T10:15:00.000Z');
    const own = await startTestServer({ usageFlushMs: 3_600_000, usageRetentionDays: 400 }, { clock: at, worker: true });
    try {
      const user = await own.createUser({ scopes: ['profile:read'] });
      const hourAgo = (hours: number) => new Date(Date.parse('2026-11-22T10:00:00.000Z') - hours * 3600_000).toISOString();
      // Three days of hours past the 400 days (so the purge takes several statements), and the hours either side of the line.
      const kept = [hourAgo(400 * 24), hourAgo(400 * 24 - 1), hourAgo(24), hourAgo(0)];
      const old = Array.from({ length: 72 }, (_, h) => hourAgo(403 * 24 - h)); // the last is 400 days and 1 hour before this hour
      await own.ctx.database.db
        .insertInto('api_usage')
        .values([...kept, ...old].map((hour) => ({ key_id: user.keyId, user_id: user.id, hour, route: 'GET /api/v1/profile', status_class: '2xx', count: 1, application_id: null })))
        .execute();
      const job = own.jobs.get('usage-retention') as { runNow(): Promise<void> } | undefined;
      expect(job).toBeDefined();
      await job?.runNow();
      const left = await own.ctx.database.db.selectFrom('api_usage').select('hour').where('key_id', '=', user.keyId).orderBy('hour').execute();
      expect(left.map((r) => r.hour)).toEqual([...kept].sort());
      // Run again: nothing older, nothing deleted.
      expect(await own.ctx.usageReports.purgeOlderThan(400)).toBe(0);

      // A backlog of days: other work gets turns of the event loop between them (on SQLite the
      // statements run on it, and a first purge after an upgrade can be millions of rows).
      await own.ctx.database.db
        .insertInto('api_usage')
        .values(old.map((hour) => ({ key_id: user.keyId, user_id: user.id, hour, route: 'GET /api/v1/profile', status_class: '2xx', count: 1, application_id: null })))
        .execute();
      const { result: purged, turns } = await turnsDuring(own.ctx.usageReports.purgeOlderThan(400));
      expect(purged).toBe(old.length);
      expect(turns).toBeGreaterThanOrEqual(3);
    } finally {
      await own.close();
    }
  });
});
