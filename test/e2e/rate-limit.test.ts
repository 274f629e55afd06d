import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { deploymentId } from '../../src/db/deployment.js';
import { RedisRateLimitStore } from '../../src/http/rate-limit.js';
import { ManualClock } from '../../src/lib/clock.js';
import { PortalClient } from '../helpers/portal.js';
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

describe('counters of separate deployments on one Redis', () => {
  it('names each deployment by an id its database keeps: one for all its processes, another for another database', async () => {
    const a = await start({ free: 5, pro: 5 });
    const alsoA = await start({ free: 5, pro: 5 }, undefined, a);
    const b = await start({ free: 5, pro: 5 });
    const [idA, idAlsoA, idB] = await Promise.all([a, alsoA, b].map((s) => deploymentId(s.ctx.database)));
    expect(idA).toMatch(/^[0-9a-f-]{36}$/);
    expect(idAlsoA).toBe(idA);
    expect(idB).not.toBe(idA);
  });

  it.runIf(!!process.env.CCS_REDIS_URL)('keeps the per-address sign-up budget of one deployment from another sharing its Redis', async () => {
    // One clock for both, standing still: the hour's window cannot roll over between the sign-ups.
    const clock = new ManualClock('2026-11-22T10:59:59.000Z');
    const one = await startTestServer({ signupPerHour: 1 }, { cards: false, clock });
    const other = await startTestServer({ signupPerHour: 1 }, { cards: false, clock });
    servers.push(one, other);
    const signUp = (s: TestServer, name: string) => new PortalClient(s.url).signUp(`${name}${Date.now().toString(36)}`);
    expect((await signUp(one, 'first')).status).toBe(201);
    expect((await signUp(one, 'second')).status).toBe(429);
    expect((await signUp(other, 'third')).status).toBe(201);
  });
});

describe('rate limits under concurrent requests', () => {
  it('counts each of many requests arriving together exactly once, each with its own remaining budget', async () => {
    const clock = new ManualClock('2026-11-22T10:00:00.000Z');
    const server = await start({ free: 2, pro: 20 }, clock);
    const user = await server.createUser({ plan: 'pro' });
    const answers = await Promise.all(Array.from({ length: 30 }, () => user.api('GET', '/api/v1/profile')));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(20);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
    expect(ok.map((a) => Number(a.headers.get('ratelimit-remaining'))).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it.skipIf(!process.env.CCS_REDIS_URL)('shares one budget between two processes counting in Redis, requests arriving together on both', async () => {
    const clock = new ManualClock('2026-11-22T10:00:00.000Z');
    const a = await start({ free: 2, pro: 25 }, clock);
    const b = await start({ free: 2, pro: 25 }, clock, a);
    const user = await a.createUser({ plan: 'pro' });
    const on = (s: TestServer) => Array.from({ length: 20 }, () => s.request('GET', '/api/v1/profile', { token: user.key }));
    const answers = await Promise.all([...on(a), ...on(b)]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(25);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(15);
    const remaining = answers.filter((r) => r.status === 200).map((r) => Number(r.headers.get('ratelimit-remaining')));
    expect(remaining.sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i));
  });
});

describe.skipIf(!process.env.CCS_REDIS_URL)('counters in Redis', () => {
  it('sends the hits of one turn as one command, numbering each counter\'s hits in the order they came, and sets each new counter\'s expiry', async () => {
    const redis = new Redis(process.env.CCS_REDIS_URL!);
    const prefix = `ccs:test:rl:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
    const store = new RedisRateLimitStore(redis, prefix, 60_000);
    try {
      const sent = redis as unknown as { ccsHits(...args: unknown[]): Promise<unknown> };
      const original = sent.ccsHits.bind(redis);
      let commands = 0;
      sent.ccsHits = (...args) => {
        commands++;
        return original(...args);
      };
      const now = Date.parse('2026-11-22T10:00:30.000Z');
      const a = [0, 1, 2, 3, 4].map(() => store.hit('a', 60_000, now));
      const b = [store.hit('b', 60_000, now), store.hit('b', 60_000, now)];
      expect(await Promise.all(a)).toEqual([1, 2, 3, 4, 5]);
      expect(await Promise.all(b)).toEqual([1, 2]);
      expect(commands).toBe(1);
      // The next turn goes on from there.
      expect(await Promise.all([store.hit('a', 60_000, now), store.hit('b', 60_000, now)])).toEqual([6, 3]);
      expect(commands).toBe(2);
      // Hits made while a call is out go together in the next one, sent when it returns.
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      sent.ccsHits = (...args) => {
        commands++;
        return original(...args).then((v) => gate.then(() => v));
      };
      const held = store.hit('a', 60_000, now);
      await new Promise((resolve) => setImmediate(resolve));
      const waiting = [store.hit('a', 60_000, now), store.hit('b', 60_000, now)];
      await new Promise((resolve) => setImmediate(resolve));
      waiting.push(store.hit('a', 60_000, now));
      await new Promise((resolve) => setImmediate(resolve));
      expect(commands).toBe(3);
      release();
      expect(await held).toBe(7);
      expect(await Promise.all(waiting)).toEqual([8, 4, 9]);
      expect(commands).toBe(4);
      // The window's counter lives until its window ends, plus a second.
      const ttl = await redis.pttl(`${prefix}a:${Math.floor(now / 60_000)}`);
      expect(ttl).toBeGreaterThan(29_000);
      expect(ttl).toBeLessThanOrEqual(31_000);
    } finally {
      redis.disconnect();
    }
  });

  it('fails only the hits of a counter Redis cannot add to, and gives hits waiting behind a failed call a call of their own', async () => {
    const redis = new Redis(process.env.CCS_REDIS_URL!);
    const prefix = `ccs:test:rl:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
    const store = new RedisRateLimitStore(redis, prefix);
    try {
      const now = Date.parse('2026-11-22T10:00:30.000Z');
      await redis.set(`${prefix}broken:${Math.floor(now / 60_000)}`, 'not a number', 'PX', 60_000);
      const outcome = (p: Promise<number>) => p.then(String, (e: Error) => e.message);
      const same = await Promise.all([outcome(store.hit('broken', 60_000, now)), outcome(store.hit('fine', 60_000, now))]);
      // With Redis's own words for it.
      expect(same).toEqual([expect.stringMatching(/^Redis refused the rate-limit counter: .*not an integer/), '1']);

      const sent = redis as unknown as { ccsHits(...args: unknown[]): Promise<unknown> };
      const original = sent.ccsHits.bind(redis);
      let fail: (err: Error) => void = () => undefined;
      let calls = 0;
      sent.ccsHits = (...args) => {
        calls++;
        if (calls > 1) return original(...args);
        return new Promise((_resolve, reject) => {
          fail = reject;
        });
      };
      const first = outcome(store.hit('fine', 60_000, now));
      await new Promise((resolve) => setImmediate(resolve));
      const waiting = outcome(store.hit('fine', 60_000, now));
      await new Promise((resolve) => setImmediate(resolve));
      fail(new Error('Command timed out'));
      expect(await first).toBe('Command timed out');
      expect(await waiting).toBe('2');
      expect(calls).toBe(2);
    } finally {
      redis.disconnect();
    }
  });

  it('gives a hit back without going below zero, and never creates a counter (it would have no expiry)', async () => {
    const redis = new Redis(process.env.CCS_REDIS_URL!);
    const prefix = `ccs:test:rl:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
    const store = new RedisRateLimitStore(redis, prefix);
    try {
      const now = Date.parse('2026-11-22T10:00:30.000Z');
      const key = `${prefix}attempts:${Math.floor(now / 60_000)}`;
      await store.hit('attempts', 60_000, now);
      await store.hit('attempts', 60_000, now);
      await store.refund('attempts', 60_000, now);
      expect(await redis.get(key)).toBe('1');
      expect(await redis.pttl(key)).toBeGreaterThan(0);
      await store.refund('attempts', 60_000, now);
      await store.refund('attempts', 60_000, now);
      expect(await redis.get(key)).toBe('0');
      expect(await store.hit('attempts', 60_000, now)).toBe(1);
      await store.refund('never-hit', 60_000, now);
      expect(await redis.exists(`${prefix}never-hit:${Math.floor(now / 60_000)}`)).toBe(0);
    } finally {
      redis.disconnect();
    }
  });
});
