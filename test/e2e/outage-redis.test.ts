import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.js';
import { ManualClock } from '../../src/lib/clock.js';
import { PortalClient } from '../helpers/portal.js';
import { captureLog, metric, startPrivateRedis, type PrivateRedis } from '../helpers/outage.js';
import { startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';
import { startTcpProxy } from '../helpers/tcp-proxy.js';
import { waitUntil } from '../helpers/webhooks.js';

const ON_REDIS = !!process.env.CCS_REDIS_URL;
const REDIS_BOUND = 500;
const SLACK = 1_500;

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

/** A test server counting in a Redis of the test's own, which the test kills with SIGKILL. */
async function withPrivateRedis(policy: Config['rateLimitOnRedisError'], limit: number) {
  const redis = await startPrivateRedis();
  cleanups.push(() => redis.kill());
  const log = captureLog();
  const server = await startTestServer(
    { redisUrl: redis.url, redisTimeoutMs: REDIS_BOUND, rateLimitOnRedisError: policy, rateLimit: { free: limit, pro: limit, windowMs: 60_000 } },
    // A clock that stands still mid-window: a minute boundary passing during the test (the
    // limit's windows are whole minutes) would start a new count and make the 429 a 200.
    { cards: false, log, clock: new ManualClock('2026-11-22T10:00:30.000Z') },
  );
  cleanups.push(() => server.close());
  await redis.untilClientReady();
  return { redis, server, log };
}

/** A server (open policy) whose Redis connection runs through a proxy the test can silence, and a user it has counted once. */
async function behindRedisProxy() {
  const redis = await startPrivateRedis();
  cleanups.push(() => redis.kill());
  const proxy = await startTcpProxy({ host: '127.0.0.1', port: redis.port });
  cleanups.push(() => proxy.close());
  const server = await startTestServer({ redisUrl: proxy.via(redis.url), redisTimeoutMs: REDIS_BOUND, rateLimitOnRedisError: 'open' }, { cards: false });
  cleanups.push(() => server.close());
  await redis.untilClientReady();
  const user = await server.createUser();
  expect((await user.api('GET', '/api/v1/profile')).status).toBe(200);
  return { redis, proxy, server, user };
}

/** The shared counters this server keeps in `redis` right now. */
async function sharedCounters(redis: PrivateRedis): Promise<number> {
  const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await client.connect();
    return (await client.keys('ccs:rl:*')).length;
  } finally {
    client.disconnect();
  }
}

async function timed(fn: () => Promise<ApiResponse>): Promise<{ res: ApiResponse; ms: number }> {
  const t0 = performance.now();
  const res = await fn();
  return { res, ms: performance.now() - t0 };
}

async function backAgain(server: TestServer, redis: PrivateRedis): Promise<void> {
  await redis.restart();
  // The client reconnects on its own back-off (at most 2 s between attempts).
  await waitUntil(() => server.ctx.redisHealth?.up || undefined, 10_000);
}

describe.skipIf(!ON_REDIS)('Redis outages (with CCS_REDIS_URL set; each test runs a redis-server of its own)', () => {
  it('keeps serving while Redis is down with CCS_RATE_LIMIT_ON_REDIS_ERROR=open, counting in the process meanwhile, and shares counts again when it returns', async () => {
    const { redis, server, log } = await withPrivateRedis('open', 5);
    const user = await server.createUser();
    const first = await user.api('GET', '/api/v1/profile');
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-remaining')).toBe('4');
    expect(await sharedCounters(redis)).toBe(1);

    const mark = log.mark();
    await redis.kill();
    // Served, quickly, with rate-limit headers; the budget is still enforced, by this process alone.
    const during: Array<{ res: ApiResponse; ms: number }> = [];
    for (let i = 0; i < 6; i++) during.push(await timed(() => user.api('GET', '/api/v1/profile')));
    for (const { ms } of during) expect(ms).toBeLessThan(REDIS_BOUND + SLACK);
    expect(during.slice(0, 5).map((d) => d.res.status)).toEqual([200, 200, 200, 200, 200]);
    expect(during[0]!.res.headers.get('ratelimit-limit')).toBe('5');
    expect(during[5]!.res.status).toBe(429);
    expect((await server.request('GET', '/readyz')).body).toMatchObject({ status: 'ready', redis: 'unreachable' });
    const metrics = (await server.request('GET', '/metrics')).text;
    expect(metric(metrics, 'ccs_redis_up')).toBe(0);
    expect(metric(metrics, 'ccs_redis_errors_total', { cause: 'redis' })).toBeGreaterThanOrEqual(1);
    expect(metric(metrics, 'ccs_rate_limit_local_counts_total')).toBeGreaterThanOrEqual(6);
    expect(log.matching(/^redis unreachable/, mark)).toHaveLength(1);

    await backAgain(server, redis);
    const shared = await user.api('GET', '/api/v1/profile');
    expect(shared.status).toBe(200);
    // A fresh Redis: the window's count starts again there, and the counter is in Redis, not in memory.
    expect(shared.headers.get('ratelimit-remaining')).toBe('4');
    expect(await sharedCounters(redis)).toBe(1);
    expect(log.matching(/^redis reachable again/, mark)).toHaveLength(1);
    expect(metric((await server.request('GET', '/metrics')).text, 'ccs_redis_up')).toBe(1);
  });

  it('answers 503 with Retry-After while Redis is down with CCS_RATE_LIMIT_ON_REDIS_ERROR=closed, and serves again when it returns', async () => {
    const { redis, server, log } = await withPrivateRedis('closed', 100);
    const user = await server.createUser();
    expect((await user.api('GET', '/api/v1/profile')).status).toBe(200);

    const mark = log.mark();
    await redis.kill();
    for (let i = 0; i < 3; i++) {
      const { res, ms } = await timed(() => user.api('GET', '/api/v1/profile'));
      expect(ms).toBeLessThan(REDIS_BOUND + SLACK);
      expect(res.status, res.text).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.body).toMatchObject({ code: 'service_unavailable', retry_after: 5 });
    }
    expect((await server.request('GET', '/healthz')).status).toBe(200);
    expect((await server.request('GET', '/readyz')).body).toMatchObject({ status: 'unavailable', failing: 'redis' });
    const metrics = (await server.request('GET', '/metrics')).text;
    const redisLines = JSON.stringify(log.matching(/^redis /, mark));
    expect(metric(metrics, 'ccs_unavailable_responses_total', { cause: 'redis' }), redisLines).toBe(3);
    expect(log.matching(/^redis unreachable/, mark), redisLines).toHaveLength(1);

    await backAgain(server, redis);
    const after = await user.api('GET', '/api/v1/profile');
    expect(after.status, after.text).toBe(200);
    expect((await server.request('GET', '/readyz')).status).toBe(200);
  });

  it('counts a Redis that answers but refuses the counters (out of memory) as down until it takes them again: /readyz says so, one log line each way (closed)', async () => {
    const { redis, server, log } = await withPrivateRedis('closed', 100);
    const user = await server.createUser();
    expect((await user.api('GET', '/api/v1/profile')).status).toBe(200);
    const admin = new Redis(redis.url, { maxRetriesPerRequest: 0 });
    cleanups.push(() => admin.disconnect());
    // At maxmemory every INCRBY is refused (Redis denies writes that may grow memory), the counter existing or not.
    await admin.config('SET', 'maxmemory', '1');
    const mark = log.mark();
    for (let i = 0; i < 5; i++) {
      const res = await user.api('GET', '/api/v1/profile');
      expect(res.status, res.text).toBe(503);
      expect(res.body).toMatchObject({ code: 'service_unavailable' });
      // Between requests: still down (it connected again and called itself well, every request, before).
      expect((await server.request('GET', '/readyz')).body).toMatchObject({ status: 'unavailable', failing: 'redis', redis: 'unreachable' });
    }
    expect(log.matching(/^redis unreachable/, mark)).toHaveLength(1);
    expect(JSON.stringify(log.matching(/^redis unreachable/, mark))).toContain('OOM');
    expect(log.matching(/^redis reachable again/, mark)).toHaveLength(0);

    await admin.config('SET', 'maxmemory', '0');
    // Tried again once a second: the first request it answers ends the outage.
    await waitUntil(async () => (await user.api('GET', '/api/v1/profile')).status === 200, 5_000);
    expect((await server.request('GET', '/readyz')).status).toBe(200);
    expect(log.matching(/^redis reachable again/, mark)).toHaveLength(1);
  });

  it('stops waiting on a Redis that went silent (open): one request waits the bound, the next ones none, and counting is shared again once it answers', async () => {
    const { redis, proxy, server, user } = await behindRedisProxy();

    proxy.silence();
    const first = await timed(() => user.api('GET', '/api/v1/profile'));
    expect(first.res.status).toBe(200);
    expect(first.ms).toBeLessThan(REDIS_BOUND + SLACK);
    const next = await timed(() => user.api('GET', '/api/v1/profile'));
    expect(next.res.status).toBe(200);
    // Nothing is sent to Redis while it is known to be down.
    expect(next.ms).toBeLessThan(REDIS_BOUND);

    await proxy.up();
    await waitUntil(() => server.ctx.redisHealth?.up || undefined, 10_000);
    expect((await user.api('GET', '/api/v1/profile')).status).toBe(200);
    expect(await sharedCounters(redis)).toBe(1);
  });

  it('makes no request wait longer than the bound on a Redis gone silent, not even one sent while an earlier count is timing out on the same connection', async () => {
    const { proxy, user } = await behindRedisProxy();

    proxy.silence();
    const first = timed(() => user.api('GET', '/api/v1/profile'));
    // Half-way through the first count's wait (not a spec delay: it places the second request
    // while the first is still out on the silent connection).
    await new Promise((resolve) => setTimeout(resolve, REDIS_BOUND / 2));
    const second = await timed(() => user.api('GET', '/api/v1/profile'));
    expect(second.res.status).toBe(200);
    // The second count was sent on the silent connection too: it waits its own bound, no more
    // (the client re-sent it on the next connection when the first one's timeout dropped the old).
    expect(second.ms).toBeLessThan(REDIS_BOUND + SLACK);
    expect((await first).res.status).toBe(200);
    await proxy.up();
  });

  it('keeps portal sign-in working while Redis is down (open), with its throttling counted in the process', async () => {
    const { redis, server } = await withPrivateRedis('open', 100);
    const user = await server.createUser();
    const browser = new PortalClient(server.url);
    await browser.session();
    await redis.kill();
    const wrong = await browser.request('POST', '/portal/api/sign-in', { body: { login: user.username, password: 'wrong password here' } });
    expect(wrong.status, wrong.text).toBe(401);
    const signIn = await browser.request('POST', '/portal/api/sign-in', { body: { login: user.username, password: 'correct horse battery' } });
    expect(signIn.status, signIn.text).toBe(200);
  });
});
