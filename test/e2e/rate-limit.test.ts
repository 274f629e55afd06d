import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const servers: TestServer[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
});

async function start(limits: { free: number; pro: number }, clock?: ManualClock, share?: TestServer) {
  const base = share?.config;
  const s = await startTestServer(
    { rateLimit: { ...limits, windowMs: 60_000 }, ...(base ? { redisUrl: base.redisUrl } : {}) },
    { clock, cards: false, shareDatabaseWith: share },
  );
  servers.push(s);
  return s;
}

describe('rate limiting per credential', () => {
  it('sends RateLimit-Limit, -Remaining and -Reset on every API response', async () => {
    const clock = new ManualClock('2026-11-22T10:00:15.000Z');
    const server = await start({ free: 5, pro: 50 }, clock);
    const user = await server.createUser({ plan: 'free' });
    const first = await user.api('GET', '/api/v1/profile');
    expect(first.headers.get('ratelimit-limit')).toBe('5');
    expect(first.headers.get('ratelimit-remaining')).toBe('4');
    expect(first.headers.get('ratelimit-reset')).toBe('45');
    const notFound = await user.api('GET', '/api/v1/cards/no-such-card');
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get('ratelimit-remaining')).toBe('3');
  });

  it('answers 429 rate_limited with Retry-After past the plan budget, and resets with the next window', async () => {
    const clock = new ManualClock('2026-11-22T10:00:50.000Z');
    const server = await start({ free: 3, pro: 10 }, clock);
    const user = await server.createUser({ plan: 'free' });
    for (let i = 0; i < 3; i++) expect((await user.api('GET', '/api/v1/profile')).status).toBe(200);
    const limited = await user.api('GET', '/api/v1/profile');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(limited.headers.get('retry-after')).toBe('10');
    expect(limited.body).toMatchObject({ code: 'rate_limited', status: 429, retry_after: 10 });
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');

    clock.advance(10_000);
    const next = await user.api('GET', '/api/v1/profile');
    expect(next.status).toBe(200);
    expect(next.headers.get('ratelimit-remaining')).toBe('2');
  });

  it('gives the pro plan its larger budget and keeps credentials apart', async () => {
    const clock = new ManualClock('2026-11-22T10:00:00.000Z');
    const server = await start({ free: 2, pro: 4 }, clock);
    const pro = await server.createUser({ plan: 'pro' });
    const free = await server.createUser({ plan: 'free' });
    for (let i = 0; i < 4; i++) expect((await pro.api('GET', '/api/v1/profile')).status).toBe(200);
    expect((await pro.api('GET', '/api/v1/profile')).status).toBe(429);
    expect((await free.api('GET', '/api/v1/profile')).headers.get('ratelimit-limit')).toBe('2');
  });

  it('counts rejected scope checks against the budget too', async () => {
    const server = await start({ free: 2, pro: 2 });
    const user = await server.createUser({ scopes: ['cards:read'] });
    expect((await user.api('GET', '/api/v1/profile')).status).toBe(403);
    expect((await user.api('GET', '/api/v1/profile')).status).toBe(403);
    expect((await user.api('GET', '/api/v1/profile')).status).toBe(429);
  });

  it.runIf(!!process.env.CCS_REDIS_URL)('shares one budget across server processes through Redis', async () => {
    const clock = new ManualClock('2026-11-22T10:00:00.000Z');
    const a = await start({ free: 4, pro: 4 }, clock);
    const b = await start({ free: 4, pro: 4 }, clock, a);
    const user = await a.createUser();
    const viaA = (p: string) => a.request('GET', p, { token: user.key });
    const viaB = (p: string) => b.request('GET', p, { token: user.key });
    expect((await viaA('/api/v1/profile')).status).toBe(200);
    expect((await viaB('/api/v1/profile')).headers.get('ratelimit-remaining')).toBe('2');
    expect((await viaA('/api/v1/profile')).status).toBe(200);
    expect((await viaB('/api/v1/profile')).status).toBe(200);
    expect((await viaA('/api/v1/profile')).status).toBe(429);
    expect((await viaB('/api/v1/profile')).status).toBe(429);
  });
});
