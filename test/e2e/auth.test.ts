import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawExchange } from '../helpers/raw-http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('authentication', () => {
  it('answers 401 missing_token with WWW-Authenticate when no token is sent', async () => {
    const res = await server.request('GET', '/api/v1/profile');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    // Every 401 names invalid_token, as the contract's table has it.
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="ccs", error="invalid_token"/);
    expect(res.body).toMatchObject({ status: 401, code: 'missing_token', title: 'Missing token' });
    expect(res.body.request_id).toEqual(expect.any(String));
  });

  it('answers 401 invalid_token for a malformed header, a bad checksum and an unknown key', async () => {
    const user = await server.createUser();
    const typo = user.key.slice(0, -1) + (user.key.endsWith('a') ? 'b' : 'a');
    for (const auth of ['Basic abc', 'Bearer', 'Bearer not-a-key', `Bearer ${typo}`, 'Bearer ccs_live_' + 'A'.repeat(38)]) {
      const res = await server.request('GET', '/api/v1/profile', { headers: { authorization: auth } });
      expect(res.status, auth).toBe(401);
      expect(res.body.code, auth).toBe('invalid_token');
      expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    }
  });

  it('refuses a request with two Authorization headers with 400, whichever comes first (Node would keep only the first)', async () => {
    const a = await server.createUser();
    const b = await server.createUser();
    const port = new URL(server.url).port;
    for (const [first, second] of [[a.key, b.key], ['not-a-key', a.key]]) {
      const res = await rawExchange(Number(port), `GET /api/v1/profile HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${first}\r\nauthorization: Bearer ${second}\r\nConnection: close\r\n\r\n`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'bad_request', detail: 'Send one Authorization header; this request has more than one.' });
    }
    // One header, as always, works.
    expect((await a.api('GET', '/api/v1/profile')).status).toBe(200);
  });

  it('answers 401 revoked_token on the very next request after revocation', async () => {
    const user = await server.createUser();
    expect((await user.api('GET', '/api/v1/profile')).status).toBe(200);
    await server.ctx.apiKeys.revoke(user.keyId, user.id);
    const res = await user.api('GET', '/api/v1/profile');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('revoked_token');
  });

  it('answers 403 insufficient_scope naming the missing scope', async () => {
    const user = await server.createUser({ scopes: ['cards:read'] });
    const res = await user.api('GET', '/api/v1/profile');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'insufficient_scope', missing_scope: 'profile:read' });
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="profile:read"');
  });

  it('returns the profile of the key owner', async () => {
    const user = await server.createUser({ scopes: ['profile:read'] });
    const res = await user.api('GET', '/api/v1/profile');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { id: user.id, username: user.username, email: `${user.username}@example.com`, plan: 'pro' }, meta: {} });
  });
});

describe('operations endpoints', () => {
  it('serves health, readiness, metrics, the OpenAPI document and the reference', async () => {
    expect((await server.request('GET', '/healthz')).body).toEqual({ status: 'ok' });
    expect((await server.request('GET', '/readyz')).body).toMatchObject({ status: 'ready' });
    const user = await server.createUser();
    await user.api('GET', '/api/v1/profile');
    const metrics = await server.request('GET', '/metrics');
    expect(metrics.text).toMatch(/ccs_http_requests_total\{method="GET",route="\/api\/v1\/profile",status="200"\} \d+/);
    expect(metrics.text).toContain('ccs_http_request_duration_seconds_bucket');
    const openapi = await server.request('GET', '/api/v1/openapi.json');
    expect(openapi.body.openapi).toBe('3.1.0');
    expect(Object.keys(openapi.body.paths)).toContain('/api/v1/profile');
    const docs = await fetch(`${server.url}/docs/`);
    expect(docs.status).toBe(200);
  });

  it("shows the process's own metrics beside each app's, and a second app in the process counts its requests apart", async () => {
    const profileCount = (text: string) => Number(/^ccs_http_requests_total\{method="GET",route="\/api\/v1\/profile",status="200"\} (\d+)/m.exec(text)?.[1] ?? 0);
    const before = profileCount((await server.request('GET', '/metrics')).text);
    const other = await startTestServer({}, { cards: false });
    try {
      const user = await other.createUser();
      await user.api('GET', '/api/v1/profile');
      await user.api('GET', '/api/v1/profile');
      const mine = (await server.request('GET', '/metrics')).text;
      const theirs = (await other.request('GET', '/metrics')).text;
      for (const text of [mine, theirs]) {
        expect(text).toMatch(/^ccs_process_cpu_seconds_total \d/m);
        expect(text).toMatch(/^ccs_nodejs_eventloop_lag_p99_seconds \d/m);
      }
      expect(profileCount(theirs)).toBe(2);
      expect(profileCount(mine)).toBe(before);
    } finally {
      await other.close();
    }
  });

  it('answers unknown routes with a 404 problem', async () => {
    const res = await server.request('GET', '/api/v1/nope');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });
});
