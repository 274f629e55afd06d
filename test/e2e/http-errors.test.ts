import net from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_DOCS } from '../../src/error-docs.js';
import { metric } from '../helpers/outage.js';
import { PortalClient } from '../helpers/portal.js';
import { rawExchange, requestWithHeaders } from '../helpers/raw-http.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server.js';

/**
 * Errors the HTTP layer raises before any route runs are problem documents like every other
 * error, each problem's `type` resolves to a page explaining its code, links are built from
 * configured hosts only, and every answer carries the security headers (contract section 2).
 */
let server: TestServer;
let user: TestUser;
let port: number;

beforeAll(async () => {
  server = await startTestServer({}, { cards: false });
  user = await server.createUser({ scopes: ['profile:read', 'collection:write'] });
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server?.close();
});

function expectProblem(res: { status: number; headers: Record<string, string> | Headers; body: any }, status: number, code: string): void {
  const header = (name: string) => (res.headers instanceof Headers ? res.headers.get(name) : res.headers[name]);
  expect(res.status).toBe(status);
  expect(header('content-type')).toMatch(/^application\/problem\+json/);
  expect(header('x-content-type-options')).toBe('nosniff');
  expect(res.body).toMatchObject({ status, code, type: `${server.url}/docs/errors#${code}`, title: ERROR_DOCS[code]?.title });
  expect(res.body.request_id).toEqual(expect.any(String));
  expect(header('x-request-id')).toBe(res.body.request_id);
}

describe('a client that hangs up', () => {
  it('is not a database outage when it closes the connection halfway through its body', async () => {
    const aborted = metric((await server.request('GET', '/metrics')).text, 'ccs_client_aborted_requests_total') ?? 0;
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      `POST /api/v1/collection HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${user.key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n`,
    );
    // "100 Continue": the server has the request and waits for its body; half of it comes, then the client is gone.
    await once(socket, 'data');
    socket.write('{"card_id":');
    await new Promise((resolve) => socket.write('', resolve));
    socket.destroy();
    await expect.poll(async () => metric((await server.request('GET', '/metrics')).text, 'ccs_client_aborted_requests_total')).toBe(aborted + 1);
    const metrics = (await server.request('GET', '/metrics')).text;
    expect(metric(metrics, 'ccs_unavailable_responses_total', { cause: 'database' })).toBeUndefined();
    expect((await user.api('GET', '/api/v1/profile')).status).toBe(200);
  });
});

describe('a client that stops sending', () => {
  it('gets 408 request_timeout once its request has taken CCS_REQUEST_TIMEOUT_MS, instead of holding its socket for ever', async () => {
    const slow = await startTestServer({ requestTimeoutMs: 1_000 }, { cards: false });
    try {
      const key = (await slow.createUser({ scopes: ['collection:write'] })).key;
      const slowPort = Number(new URL(slow.url).port);
      const socket = net.connect(slowPort, '127.0.0.1');
      await once(socket, 'connect');
      const started = performance.now();
      let answer = '';
      socket.on('data', (d: Buffer) => {
        answer += d.toString();
      });
      // Headers and half a body, then nothing more.
      socket.write(`POST /api/v1/collection HTTP/1.1\r\nHost: 127.0.0.1:${slowPort}\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"card_id":`);
      await once(socket, 'close');
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toContain('"code":"request_timeout"');
      expect(performance.now() - started).toBeLessThan(10_000);
      // No credential, no route: a 404 waits for its body too, and is cut off the same way.
      const anonymous = net.connect(slowPort, '127.0.0.1');
      await once(anonymous, 'connect');
      let anonymousAnswer = '';
      anonymous.on('data', (d: Buffer) => {
        anonymousAnswer += d.toString();
      });
      anonymous.write(`POST /api/v1/nope HTTP/1.1\r\nHost: 127.0.0.1:${slowPort}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a`);
      await once(anonymous, 'close');
      expect(anonymousAnswer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await slow.close();
    }
  });
});

describe('errors the HTTP layer raises itself are problem documents', () => {
  it('answers a malformed request line with 400 bad_request', async () => {
    const res = await rawExchange(port, 'GARBAGE\r\n\r\n');
    expectProblem(res, 400, 'bad_request');
    expect(res.headers.connection).toBe('close');
  });

  it('answers pipelined requests before a bad one, never a 400 in their place, and closes after them', async () => {
    /** Everything the server writes on one connection until it closes it. */
    const exchange = (payload: string) =>
      new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(payload));
        const chunks: Buffer[] = [];
        const timer = setTimeout(() => socket.destroy(), 5_000);
        socket.on('data', (c: Buffer) => chunks.push(c));
        socket.on('close', () => {
          clearTimeout(timer);
          resolve(Buffer.concat(chunks).toString('latin1'));
        });
      });
    const body = JSON.stringify({ name: `Pipelined ${Date.now()}` });
    const post = `POST /api/v1/binders HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${user.key}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    const closing = `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`;
    const before = (await user.api('GET', '/api/v1/binders?limit=200')).body.data.length;
    // A request after `Connection: close`, then one that is not HTTP at all: neither is answered.
    for (const tail of [`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`, 'GARBAGE\r\n\r\n']) {
      const raw = await exchange(post + closing + tail);
      // A status line follows the previous body directly.
      const statuses = [...raw.matchAll(/HTTP\/1\.1 (\d{3}) [A-Z]/g)].map((m) => Number(m[1]));
      expect(statuses, raw.slice(0, 300)).toEqual([201, 200]);
    }
    // Garbage after a plain pipelined write: its answer is written, then the connection closes.
    const raw = await exchange(`${post}GARBAGE\r\n\r\n`);
    expect([...raw.matchAll(/HTTP\/1\.1 (\d{3}) [A-Z]/g)].map((m) => Number(m[1]))).toEqual([201]);
    expect((await user.api('GET', '/api/v1/binders?limit=200')).body.data.length).toBe(before + 3);
  });

  it('answers a broken header and a bad Content-Length with 400 bad_request', async () => {
    expectProblem(await rawExchange(port, `GET /api/v1/profile HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nNo colon here\r\n\r\n`), 400, 'bad_request');
    expectProblem(await rawExchange(port, `POST /api/v1/collection HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: abc\r\n\r\n`), 400, 'bad_request');
  });

  it('answers an HTTP/1.1 request without Host with 400 bad_request', async () => {
    const res = await rawExchange(port, 'GET /api/v1/profile HTTP/1.1\r\nConnection: close\r\n\r\n');
    expectProblem(res, 400, 'bad_request');
    expect(res.body.detail).toMatch(/Host header/);
  });

  it('answers 414 uri_too_long for a request target over the limits, without echoing it', async () => {
    const huge = `/api/v1/cards/${'x'.repeat(20_000)}`;
    const overflow = await rawExchange(port, `GET ${huge} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    expectProblem(overflow, 414, 'uri_too_long');
    const long = await rawExchange(port, `GET /api/v1/cards/${'y'.repeat(9_000)} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    expectProblem(long, 414, 'uri_too_long');
    const param = await server.request('GET', `/api/v1/cards/${'z'.repeat(300)}`, { token: user.key });
    expectProblem({ ...param, headers: param.headers }, 414, 'uri_too_long');
    // Letters outside hex, so the request_id (a UUID) can never match by chance.
    for (const r of [overflow.text, long.text, param.text]) expect(r).not.toMatch(/xxxx|yyyy|zzzz/);
  });

  it('answers 431 headers_too_large for headers over the limit', async () => {
    const res = await rawExchange(port, `GET /api/v1/profile HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`);
    expectProblem(res, 431, 'headers_too_large');
    // Written before any route runs, still readable by a page on another origin when it is the API's.
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const portal = await rawExchange(port, `GET /portal/api/session HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`);
    expect(portal.status).toBe(431);
    expect(portal.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers CONNECT (a proxy tunnel) with 405 method_not_allowed instead of dropping the connection', async () => {
    // A 405 carries Allow: what the target's path answers, none for a host:port this server does not have.
    for (const [target, allow] of [
      ['/api/v1/profile', 'GET, HEAD'],
      ['/api/v1/collection?limit=1', 'GET, HEAD, POST'],
      ['/api/v1/no-such-thing', ''],
      ['/api/v1/cards/%zz', ''],
      ['127.0.0.1:443', ''],
    ] as const) {
      const res = await rawExchange(port, `CONNECT ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      expectProblem(res, 405, 'method_not_allowed');
      expect(res.body.detail).toContain('not a proxy');
      expect(res.headers.allow, target).toBe(allow);
    }
    // A client that resets the connection at once: the answer fails to go out, and the process lives on.
    for (let i = 0; i < 5; i++) {
      const socket = net.connect(port, '127.0.0.1');
      await once(socket, 'connect');
      socket.write(`CONNECT /api/v1/profile HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      socket.resetAndDestroy();
    }
    expect((await user.api('GET', '/api/v1/profile')).status).toBe(200);
  });

  it('answers an unsupported Expect with 417 expectation_failed', async () => {
    const res = await rawExchange(port, `POST /api/v1/collection HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nExpect: magic\r\nContent-Length: 2\r\n\r\n{}`);
    expect(res.status).toBe(417);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ code: 'expectation_failed', type: `${server.url}/docs/errors#expectation_failed` });
    // Like every other error: the id a user quotes in a bug report.
    expect(res.body.request_id).toEqual(expect.any(String));
    expect(res.headers['x-request-id']).toBe(res.body.request_id);
  });

  it('answers two Host headers with 400 bad_request (RFC 9112 3.2), instead of using the first', async () => {
    const res = await rawExchange(port, `GET /api/v1/profile HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nHost: evil.example\r\nAuthorization: Bearer ${user.key}\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'bad_request', detail: 'The request carries more than one Host header.' });
  });

  it('answers a transfer coding other than chunked with 400 bad_request, instead of reading compressed bytes as JSON', async () => {
    const body = '{"name":"x"}';
    const chunk = `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    const res = await rawExchange(port, `POST /api/v1/binders HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${user.key}\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\nConnection: close\r\n\r\n${chunk}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'bad_request', detail: expect.stringContaining('Transfer-Encoding "gzip, chunked" is not supported') });
    const chunked = await rawExchange(port, `GET /api/v1/profile HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${user.key}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n`);
    expect(chunked.status).toBe(200);
  });

  it('answers a request target holding a raw "#" with 400 bad_request, instead of reading the fragment as a query', async () => {
    for (const target of ['/api/v1/collection#limit=1', '/api/v1/collection?limit=2#limit=1', '/api/v1/collection#x', '/api/v1/profile#']) {
      const res = await rawExchange(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${user.key}\r\nConnection: close\r\n\r\n`);
      expect(res.status, target).toBe(400);
      expect(res.body, target).toMatchObject({ code: 'bad_request', detail: expect.stringContaining('"#"') });
    }
  });

  it('answers a path that is not valid percent-encoding with 400 bad_request', async () => {
    expectProblem(await server.request('GET', '/api/v1/cards/%zz', { token: user.key }), 400, 'bad_request');
  });

  it('answers a query string that is not valid percent-encoding of UTF-8 with 400 bad_request, as a path', async () => {
    for (const query of ['q=%zz', 'q=%FF', 'q=%', 'limit=5&q=bolt%E2%9C']) {
      const res = await server.request('GET', `/api/v1/cards/search?${query}`, { token: user.key });
      expectProblem(res, 400, 'bad_request');
      expect(res.body.detail).toMatch(/query string is not valid percent-encoding/);
    }
    // Valid escapes, a literal "+" and non-ASCII letters escaped as UTF-8 pass (this key then lacks cards:read: 403).
    expect((await server.request('GET', '/api/v1/cards/search?q=%E2%9C%93%20t%3Acreature+bolt', { token: user.key })).status).not.toBe(400);
    expect((await server.request('GET', `/api/v1/cards/search?q=${encodeURIComponent('t:creature é')}`, { token: user.key })).status).not.toBe(400);
  });

  it('answers 415 unsupported_media_type for a body that is not JSON', async () => {
    const res = await server.request('POST', '/api/v1/collection', { token: user.key, raw: 'a=b', headers: { 'content-type': 'text/plain' } });
    expectProblem(res, 415, 'unsupported_media_type');
  });

  it('answers 404 for an unknown route and 405 with Allow for a method the path does not answer', async () => {
    expectProblem(await server.request('GET', '/api/v1/nothing-here', { token: user.key }), 404, 'not_found');
    expectProblem(await server.request('GET', '/nothing-here'), 404, 'not_found');
    const wrong = await server.request('DELETE', '/api/v1/profile', { token: user.key });
    expectProblem(wrong, 405, 'method_not_allowed');
    expect(wrong.headers.get('allow')).toBe('GET, HEAD');
  });

  it('keeps serving after all of these', async () => {
    expect((await server.request('GET', '/healthz')).status).toBe(200);
    expect((await user.api('GET', '/api/v1/profile')).status).toBe(200);
  });
});

describe('every problem type resolves to a page that explains its code', () => {
  it('serves /docs/errors as a public HTML page with an anchor per catalogue code', async () => {
    const res = await fetch(`${server.url}/docs/errors`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    for (const code of Object.keys(ERROR_DOCS)) expect(html, code).toContain(`id="${code}"`);
  });

  it('resolves the type URIs of real answers', async () => {
    const answers = [
      await server.request('GET', '/api/v1/profile'),
      await server.request('GET', '/api/v1/profile', { token: 'ccs_live_nope' }),
      await user.api('GET', '/api/v1/webhooks'),
      await user.api('GET', '/api/v1/collection?cursor=garbage'),
      await rawExchange(port, 'NONSENSE\r\n\r\n'),
    ];
    for (const answer of answers) {
      const type = new URL(answer.body.type);
      expect(type.origin).toBe(server.url);
      const page = await fetch(type.origin + type.pathname);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`id="${type.hash.slice(1)}"`);
    }
  });
});

describe('links and the portal trust only configured hosts', () => {
  it('builds problem types from the listening address when the Host header names another site', async () => {
    const res = await requestWithHeaders(port, { path: '/api/v1/profile', headers: { host: 'evil.example' } });
    expect(res.status).toBe(401);
    expect(res.body.type).toBe(`http://127.0.0.1:${port}/docs/errors#missing_token`);
  });

  it('uses the name the client used when it is one of the listening address\'s own', async () => {
    const res = await requestWithHeaders(port, { path: '/api/v1/profile', headers: { host: `localhost:${port}` } });
    expect(res.body.type).toBe(`http://localhost:${port}/docs/errors#missing_token`);
  });

  it('gives OAuth clients the trusted issuer whatever the Host header says', async () => {
    const res = await requestWithHeaders(port, { path: '/.well-known/oauth-authorization-server', headers: { host: 'evil.example' } });
    expect(res.status).toBe(200);
    expect(res.body.issuer).toBe(`http://127.0.0.1:${port}`);
    expect(res.body.token_endpoint).toBe(`http://127.0.0.1:${port}/oauth/token`);
  });

  it('refuses a portal form from a foreign origin even when the Host header names that origin', async () => {
    const portal = new PortalClient(server.url);
    expect((await portal.signUp(`trust_${Date.now().toString(36)}`)).status).toBe(201);
    const body = JSON.stringify({ name: 'k', scopes: ['cards:read'] });
    const headers = { cookie: portal.cookieHeader(), 'x-csrf-token': portal.csrf, 'content-type': 'application/json' };
    const foreign = await requestWithHeaders(port, { method: 'POST', path: '/portal/api/keys', body, headers: { ...headers, host: 'evil.example', origin: 'http://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('csrf_failed');
    expect(foreign.body.type).toBe(`http://127.0.0.1:${port}/docs/errors#csrf_failed`);
    const own = await requestWithHeaders(port, { method: 'POST', path: '/portal/api/keys', body, headers: { ...headers, host: `localhost:${port}`, origin: `http://localhost:${port}` } });
    expect(own.status).toBe(201);
  });

  it('uses CCS_PUBLIC_URL for every link, and CCS_ALLOWED_HOSTS replaces the loopback names', async () => {
    const pub = await startTestServer({ publicUrl: 'https://ccs.example.com' }, { shareDatabaseWith: server });
    const lan = await startTestServer({ allowedHosts: ['ccs.lan'] }, { shareDatabaseWith: server });
    try {
      const pubPort = Number(new URL(pub.url).port);
      for (const host of ['evil.example', `127.0.0.1:${pubPort}`]) {
        const res = await requestWithHeaders(pubPort, { path: '/api/v1/profile', headers: { host } });
        expect(res.body.type).toBe('https://ccs.example.com/docs/errors#missing_token');
      }
      const lanPort = Number(new URL(lan.url).port);
      expect((await requestWithHeaders(lanPort, { path: '/api/v1/profile', headers: { host: 'ccs.lan' } })).body.type).toBe('http://ccs.lan/docs/errors#missing_token');
      expect((await requestWithHeaders(lanPort, { path: '/api/v1/profile', headers: { host: `localhost:${lanPort}` } })).body.type).toBe('http://ccs.lan/docs/errors#missing_token');
    } finally {
      await pub.close();
      await lan.close();
    }
  });
});

describe('security headers', () => {
  it('sends X-Content-Type-Options: nosniff on every /api/v1 answer, errors included', async () => {
    const answers = [
      await user.api('GET', '/api/v1/profile'),
      await server.request('GET', '/api/v1/profile'),
      await user.api('GET', '/api/v1/webhooks'),
      await user.api('GET', '/api/v1/collection?limit=0'),
      await user.api('GET', '/api/v1/nope'),
      await server.request('GET', '/api/v1/openapi.json'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 403, 422, 404, 200]);
    for (const a of answers) expect(a.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('gives /docs and its pages a Content-Security-Policy and frame protection', async () => {
    for (const p of ['/docs', '/docs/static/swagger-ui.css', '/docs/json', '/docs/errors', '/docs/guides', '/docs/guides/webhooks']) {
      const res = await fetch(server.url + p);
      await res.arrayBuffer();
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-security-policy'), p).toMatch(/frame-ancestors 'none'/);
      expect(res.headers.get('content-security-policy'), p).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(res.headers.get('x-frame-options'), p).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
    }
  });
});

describe('the branded reference and the guides', () => {
  it('brands /docs: title, favicon, logo and links to the guides', async () => {
    const html = await (await fetch(`${server.url}/docs`)).text();
    expect(html).toContain('<title>Card Collection Service · API reference</title>');
    expect(html).toMatch(/rel="icon" type="image\/svg\+xml" href="[^"]*\/theme\/favicon\.svg"/);
    expect(html).not.toContain('favicon-32x32.png');
    const init = await (await fetch(`${server.url}/docs/static/swagger-initializer.js`)).text();
    expect(init).toContain('data:image/svg+xml;base64,');
    const doc = (await server.request('GET', '/api/v1/openapi.json')).body;
    for (const guide of ['webhooks', 'card-search', 'oauth', 'import-export']) expect(doc.info.description).toContain(`(/docs/guides/${guide})`);
  });

  it('serves the guides as pages, with links between them pointing at their pages', async () => {
    const index = await (await fetch(`${server.url}/docs/guides`)).text();
    for (const guide of ['webhooks', 'card-search', 'oauth', 'import-export', 'api-notes', 'readme']) expect(index).toContain(`href="/docs/guides/${guide}"`);
    const webhooks = await (await fetch(`${server.url}/docs/guides/webhooks`)).text();
    expect(webhooks).toContain('<h1 id="webhooks">Webhooks</h1>');
    expect(webhooks).toContain('href="/docs/guides/webhook-pipeline"');
    expect(webhooks).not.toMatch(/href="[^"]*\.md"/);
  });

  it('answers 404 for a guide that does not exist, however it is spelled', async () => {
    for (const p of ['/docs/guides/nope', '/docs/guides/..%2Fpackage', '/docs/guides/..%2F..%2Fpackage.json', '/docs/guides/README.md']) {
      const res = await server.request('GET', p);
      expect(res.status, p).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
  });

  it('answers 404 for a portal file path holding a NUL or a way up, however it is spelled', async () => {
    for (const p of ['/portal/assets/%00', '/portal/assets/x%00y.js', '/portal/assets/..%5cx', '/portal/assets/..%2F..%2Fpackage.json', '/portal/favicon%00.svg']) {
      const res = await server.request('GET', p);
      expect(res.status, p).toBe(404);
      expect(res.body.code, p).toBe('not_found');
    }
  });
});

describe('browser pages on other origins (CORS)', () => {
  const origin = { origin: 'https://binders.example' };

  it('answers a preflight for a method the path answers with 204 and what the page may send', async () => {
    const res = await fetch(`${server.url}/api/v1/collection`, {
      method: 'OPTIONS',
      headers: { ...origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, idempotency-key' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization, content-type, idempotency-key, if-match, if-none-match');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('refuses a preflight for a method the path does not answer, and a bare OPTIONS, with the 405 they always got', async () => {
    const wrong = await fetch(`${server.url}/api/v1/profile`, { method: 'OPTIONS', headers: { ...origin, 'access-control-request-method': 'DELETE' } });
    expectProblem({ status: wrong.status, headers: wrong.headers, body: await wrong.json() }, 405, 'method_not_allowed');
    expect(wrong.headers.get('allow')).toBe('GET, HEAD');
    expect(wrong.headers.get('access-control-allow-methods')).toBeNull();
    const bare = await fetch(`${server.url}/api/v1/profile`, { method: 'OPTIONS' });
    expectProblem({ status: bare.status, headers: bare.headers, body: await bare.json() }, 405, 'method_not_allowed');
    const unknown = await fetch(`${server.url}/api/v1/nothing-here`, { method: 'OPTIONS', headers: { ...origin, 'access-control-request-method': 'GET' } });
    expectProblem({ status: unknown.status, headers: unknown.headers, body: await unknown.json() }, 404, 'not_found');
  });

  it('lets a page read answers and errors of the API, with the headers a client needs, but not the portal\u2019s', async () => {
    const ok = await server.request('GET', '/api/v1/profile', { token: user.key, headers: origin });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    expect(ok.headers.get('access-control-expose-headers')).toContain('ratelimit-remaining');
    expect(ok.headers.get('access-control-expose-headers')).toContain('etag');
    const refused = await server.request('GET', '/api/v1/profile', { headers: origin });
    expectProblem(refused, 401, 'missing_token');
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(refused.headers.get('access-control-expose-headers')).toContain('www-authenticate');
    const portal = await server.request('GET', '/portal/api/session', { headers: origin });
    expect(portal.headers.get('access-control-allow-origin')).toBeNull();
    const portalPreflight = await fetch(`${server.url}/portal/api/session`, { method: 'OPTIONS', headers: { ...origin, 'access-control-request-method': 'POST' } });
    expect(portalPreflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
