import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { CCS_BIN, ensureBuilt, spawnNode, type Child } from '../helpers/webhooks.js';

// The start-up warm-up (src/http/warm-up.ts): requests that change nothing, answered through
// the listening port before the process reports it is running.

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

/** The request-count series of /metrics for API routes (`ccs_http_requests_total{...} n`). */
async function apiRequestCounts(s: TestServer): Promise<string[]> {
  const res = await fetch(`${s.url}/metrics`);
  return (await res.text()).split('\n').filter((l) => l.startsWith('ccs_http_requests_total{') && l.includes('route="/api/'));
}

describe('the start-up warm-up', () => {
  it('answers its requests before the server is handed over, and leaves them out of the request metrics', async () => {
    const s = await startTestServer({ warmUp: { requests: 3000, maxMs: 60_000 } }, { cards: false });
    cleanups.push(() => s.close());
    // Every one refused by the auth hook: none reached a handler, a rate limit or usage.
    expect(s.warmUp).toMatchObject({ answered: 3000, statuses: { '401': 3000 }, cutShort: false });
    expect(await apiRequestCounts(s)).toEqual([]);

    // The same kind of request from a client is counted: the warm-up's were left out, not lost.
    const res = await fetch(`${s.url}/api/v1/profile`, { headers: { authorization: 'Bearer ccs_live_00000000000000000000000000000000abcdef' } });
    expect(res.status).toBe(401);
    expect(await apiRequestCounts(s)).toEqual([expect.stringMatching(/^ccs_http_requests_total\{method="GET",route="\/api\/v1\/profile",status="401"\} 1$/)]);
  }, 60_000);

  it('does nothing when CCS_WARM_UP_REQUESTS is 0', async () => {
    const s = await startTestServer({ warmUp: { requests: 0, maxMs: 3000 } }, { cards: false });
    cleanups.push(() => s.close());
    expect(s.warmUp).toEqual({ answered: 0, statuses: {}, ms: 0, cutShort: false });
  });
});

describe('ccs serve with the warm-up', () => {
  beforeAll(() => ensureBuilt(), 120_000);

  let child: Child | undefined;
  afterEach(() => child?.kill());

  it('answers /readyz 503 while warming up, logs none of its requests, stops at CCS_WARM_UP_MAX_MS and then reports running and ready', async () => {
    const s = await startTestServer({}, { cards: false });
    cleanups.push(() => s.close());
    child = spawnNode([CCS_BIN, 'serve', '--no-worker', '--port', '0'], {
      ...s.childEnv,
      LOG_LEVEL: 'info',
      // More than it can answer in the time it has: the time limit ends it.
      CCS_WARM_UP_REQUESTS: '100000000',
      CCS_WARM_UP_MAX_MS: '2500',
    });
    // Fastify logs its address when it listens, before the warm-up.
    const [, url] = await child.waitForOutput(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/, 60_000);
    const warming = await fetch(`${url}/readyz`);
    expect(warming.status).toBe(503);
    expect(await warming.json()).toMatchObject({ status: 'warming_up' });
    expect(child.output()).not.toMatch(/running at/);

    await child.waitForOutput(/running at/, 30_000);
    // pino writes its lines asynchronously and the banner synchronously, so a log line written
    // before the banner may arrive after it: wait for the lines themselves.
    await child.waitForOutput(/"request path warmed up"/, 30_000);
    await child.waitForOutput(/"url":"\/readyz"/, 30_000);
    // Thousands of requests answered, none in the request log; the test's own /readyz call is.
    expect(child.output()).not.toContain('"url":"/api/v1/');
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    const line = child.output().split('\n').find((l) => l.includes('"request path warmed up"'));
    expect(line, child.output()).toBeDefined();
    const result = (JSON.parse(line!) as { warmUp: { answered: number; statuses: Record<string, number>; cutShort: boolean } }).warmUp;
    expect(result.cutShort).toBe(true);
    expect(result.answered).toBeGreaterThan(100);
    expect(result.statuses).toEqual({ '401': result.answered });
    // Requests the cut left in the server's hands, answered after the end, are the warm-up's too.
    const counted = (await (await fetch(`${url}/metrics`)).text()).split('\n').filter((l) => l.startsWith('ccs_http_requests_total{') && l.includes('route="/api/'));
    expect(counted).toEqual([]);
    expect(child.output()).not.toContain('"url":"/api/v1/');
  }, 90_000);
});
