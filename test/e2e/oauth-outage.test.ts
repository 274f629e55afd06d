import { afterEach, describe, expect, it } from 'vitest';
import { isPostgres } from '../../src/config.js';
import { captureLog, metric } from '../helpers/outage.js';
import { authorizationRequest, basic, discover, registerApp, tokenRequest } from '../helpers/oauth.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startTcpProxy } from '../helpers/tcp-proxy.js';

const PG_URL = process.env.DATABASE_URL ?? '';
const ON_POSTGRES = isPostgres({ databaseUrl: PG_URL });
const BOUND = 1_000;

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function revokeRequest(server: TestServer, form: Record<string, string>, headers: Record<string, string>) {
  return fetch(`${server.url}/oauth/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
}

function expectUnavailable(res: { status: number; headers: Headers }, what: string): void {
  expect(res.status, what).toBe(503);
  expect(res.headers.get('retry-after'), what).toBe('5');
  expect(res.headers.get('content-type'), what).toMatch(/^application\/problem\+json/);
  // The headers every answer carries, though the provider had prepared (and dropped) its own.
  expect(res.headers.get('x-request-id'), what).toEqual(expect.any(String));
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
}

describe.skipIf(!ON_POSTGRES)('OAuth endpoints while PostgreSQL is unreachable (runs with DATABASE_URL)', () => {
  it('answers 503 with Retry-After on /oauth/token, /oauth/revoke and /oauth/authorize once the provider is built, counts them, and serves again by itself', async () => {
    const target = new URL(PG_URL);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cleanups.push(() => proxy.close());
    const log = captureLog();
    const server = await startTestServer({ databaseUrl: proxy.via(PG_URL), dbTimeoutMs: BOUND }, { log, cards: false });
    cleanups.push(async () => {
      await proxy.up();
      await server.close();
    });
    const developer = await server.createUser();
    const app = await registerApp(server, developer.id);
    const as = await discover(server);
    const auth = { authorization: basic(app.clientId, app.clientSecret!) };
    const badCode = { grant_type: 'authorization_code', code: 'not-a-code', redirect_uri: app.redirectUri, code_verifier: 'v'.repeat(43) };

    // With the database up: this builds the process's oidc-provider, which is where outages were 500s.
    const before = await tokenRequest(server, badCode, auth);
    expect(before.status).toBe(400);
    expect(before.body.error).toBe('invalid_grant');

    const mark = log.mark();
    await proxy.down();
    const token = await tokenRequest(server, badCode, auth);
    expectUnavailable(token, 'token');
    expect(token.body).toMatchObject({ status: 503, code: 'service_unavailable', retry_after: 5 });
    expectUnavailable(await revokeRequest(server, { token: 'ccs_rt_unknown' }, auth), 'revoke');
    const authorize = await fetch((await authorizationRequest(as, app)).url, { redirect: 'manual' });
    expectUnavailable(authorize, 'authorize');
    expect(authorize.headers.get('location')).toBeNull();
    const metrics = (await server.request('GET', '/metrics')).text;
    expect(metric(metrics, 'ccs_unavailable_responses_total', { cause: 'database' })).toBeGreaterThanOrEqual(3);
    expect(metric(metrics, 'ccs_database_up')).toBe(0);

    await proxy.up();
    const after = await tokenRequest(server, badCode, auth);
    expect(after.status).toBe(400);
    expect(after.body.error).toBe('invalid_grant');
    expect((await revokeRequest(server, { token: 'ccs_rt_unknown' }, auth)).status).toBe(200);
    // One line when it went, one when it came back, however many OAuth requests failed in between.
    expect(log.matching(/^database unreachable/, mark)).toHaveLength(1);
    expect(log.matching(/^database reachable again/, mark)).toHaveLength(1);
  });
});
