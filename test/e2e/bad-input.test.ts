import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS } from '../helpers/collection.js';
import { rawRequest } from '../helpers/fuzz.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server.js';

/**
 * Sweeps every documented operation (from the live OpenAPI document) with malformed
 * input and asserts the contract: a 4xx problem document, never a 500, and nothing
 * changed (no outbox event, no row).
 */
let server: TestServer;
let user: TestUser;
let operations: Array<{ method: string; path: string; hasBody: boolean }>;

const ID = '01900000-0000-7000-8000-000000000000';

async function fingerprint(): Promise<string> {
  const db = server.ctx.database.db;
  const counts = await Promise.all(
    (['events', 'collection_entries', 'binders', 'decks', 'deck_cards', 'api_keys', 'users', 'exports'] as const).map(async (t) => {
      const r = await db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return `${t}=${Number(r.n)}`;
    }),
  );
  return counts.join(',');
}

beforeAll(async () => {
  // POST /imports takes files up to its own limit (CCS_IMPORT_MAX_BYTES); here the same as every body's.
  server = await startTestServer({ bodyLimit: 64 * 1024, imports: { maxBytes: 64 * 1024 } });
  user = await server.createUser();
  const doc = (await server.request('GET', '/api/v1/openapi.json')).body as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
  operations = [];
  for (const [p, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      operations.push({ method: method.toUpperCase(), path: p.replace(/\{[^}]+\}/g, ID).replace(/:([a-z_]+)/g, ID), hasBody: !!op.requestBody });
    }
  }
});
afterAll(async () => {
  await server?.close();
});

function expectProblem(res: { status: number; headers: Headers; body: any }, label: string) {
  expect(res.status, label).toBeGreaterThanOrEqual(400);
  expect(res.status, label).toBeLessThan(500);
  expect(res.headers.get('content-type'), label).toMatch(/^application\/problem\+json/);
  expect(res.body.code, label).toEqual(expect.any(String));
  expect(res.body.status, label).toBe(res.status);
  // The id a user quotes in a bug report is the one in the operator's log.
  expect(res.headers.get('x-request-id'), label).toBe(res.body.request_id);
}

describe('malformed input never crashes the service or changes anything', () => {
  it('finds the write and list operations to sweep', () => {
    expect(operations.filter((o) => o.hasBody).length).toBeGreaterThanOrEqual(10);
    expect(operations.filter((o) => o.method === 'GET').length).toBeGreaterThanOrEqual(10);
  });

  it('answers 400 invalid_json for bodies that are not JSON', async () => {
    const before = await fingerprint();
    for (const op of operations.filter((o) => o.hasBody)) {
      for (const raw of ['{', '{"a":', 'nope', '[1,2', '{"a":1}}', '\u0000']) {
        const res = await server.request(op.method, op.path, { token: user.key, raw });
        expectProblem(res, `${op.method} ${op.path} ${JSON.stringify(raw)}`);
      }
      const res = await server.request(op.method, op.path, { token: user.key, raw: '{' });
      if (res.status !== 404) expect(res.body.code).toBe('invalid_json');
    }
    expect(await fingerprint()).toBe(before);
  });

  it('answers 4xx for wrong JSON shapes, unknown fields and hostile keys', async () => {
    const before = await fingerprint();
    // Raw strings, so hostile keys such as "__proto__" reach the server exactly as written.
    const bodies: string[] = [
      'null', '[]', '"string"', '42', 'true', '{}',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"x":1}}}',
      '{"unknown_field":1}',
      '{"quantity":-1}',
      JSON.stringify({ name: 'x'.repeat(100_000) }),
    ];
    for (const op of operations.filter((o) => o.hasBody)) {
      for (const raw of bodies) {
        const res = await server.request(op.method, op.path, { token: user.key, raw });
        expectProblem(res, `${op.method} ${op.path} ${raw.slice(0, 60)}`);
      }
    }
    expect(await fingerprint()).toBe(before);
  });

  it('answers 413 payload_too_large for bodies over the limit', async () => {
    const writes = operations.filter((o) => o.hasBody);
    for (const op of writes) {
      const res = await server.request(op.method, op.path, { token: user.key, raw: JSON.stringify({ pad: 'x'.repeat(70 * 1024) }) });
      expect(res.status, `${op.method} ${op.path}`).toBe(413);
      expect(res.body.code).toBe('payload_too_large');
    }
  });

  it('names every wrong field of an ordinary body, at most 100, and answers a body of thousands of wrong items with the first', async () => {
    const batch = (n: number) => user.api('POST', '/api/v1/collection/batch', { entries: Array.from({ length: n }, () => 1) });
    const three = await batch(3);
    expect(three.status).toBe(422);
    expect(three.body.errors.map((e: { field: string }) => e.field)).toEqual(['entries[0]', 'entries[1]', 'entries[2]']);
    const many = await batch(150);
    expect(many.status).toBe(422);
    expect(many.body.errors).toHaveLength(100);
    // Listing 20,000 errors would cost the process more than the request is worth: the first says what is wrong.
    const huge = await batch(20_000);
    expect(huge.status).toBe(422);
    expect(huge.body.errors.length).toBeGreaterThanOrEqual(1);
    expect(huge.body.errors[0]).toMatchObject({ field: 'entries' });
    expect(huge.text.length).toBeLessThan(20_000);
  });

  it('refuses a body nested thousands deep with 400 invalid_json before parsing it, brackets inside strings not counting', async () => {
    const deep = await server.request('POST', '/api/v1/binders', { token: user.key, raw: `${'['.repeat(20_000)}${']'.repeat(20_000)}` });
    expect(deep.status).toBe(400);
    expect(deep.body).toMatchObject({ code: 'invalid_json', detail: 'The body is nested deeper than 512 levels.' });
    // Long, but flat: brackets in a string are text.
    const flat = await server.request('POST', '/api/v1/binders', { token: user.key, raw: JSON.stringify({ name: 'Brackets', description: '['.repeat(20_000).slice(0, 1000) }) });
    expect(flat.status, flat.text).toBe(201);
    const long = await server.request('POST', '/api/v1/binders', { token: user.key, raw: JSON.stringify({ name: 'x', zz: '['.repeat(20_000) }) });
    expect(long.body.code).toBe('validation_failed');
  });

  it('answers 415 for a body that is not declared as JSON', async () => {
    for (const op of operations.filter((o) => o.hasBody)) {
      const res = await server.request(op.method, op.path, { token: user.key, raw: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expectProblem(res, `${op.method} ${op.path}`);
      expect(res.status).toBe(415);
    }
  });

  it('answers a NUL in a path with 404 and in a query with 400, and a cursor holding one (or a value of the wrong kind) with invalid_cursor, on every database alike', async () => {
    const get = (path: string) => server.request('GET', path, { token: user.key });
    for (const path of ['/api/v1/decks/%00', '/api/v1/webhooks/%00/deliveries', '/api/v1/cards/%00/printings', '/api/v1/sets/%00', '/api/v1/users/a%00b/decks']) {
      const res = await get(path);
      expect([res.status, res.body.code], path).toEqual([404, 'not_found']);
    }
    for (const path of ['/api/v1/collection?set=%00', '/api/v1/price-alerts?card_id=%00']) {
      const res = await get(path);
      expect([res.status, res.body.code], path).toEqual([400, 'bad_request']);
    }
    const cursor = (value: unknown[]) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const path of [
      `/api/v1/collection?cursor=${cursor(['collection:added:desc', '2026-11-29T08:29:32.599Z\u0000', 'x'])}`,
      `/api/v1/webhooks?cursor=${cursor(['webhooks', 1.5])}`,
      `/api/v1/webhooks?cursor=${cursor(['webhooks', null])}`,
      `/api/v1/webhooks?cursor=${cursor(['webhooks', 'a\u0000'])}`,
    ]) {
      const res = await get(path);
      expect([res.status, res.body.code], path).toEqual([422, 'invalid_cursor']);
    }
  });

  it('answers 4xx for bad list parameters', async () => {
    const lists = operations.filter((o) => o.method === 'GET' && !o.path.includes(ID));
    for (const op of lists) {
      for (const q of ['limit=0', 'limit=201', 'limit=abc', 'limit=-5', 'cursor=%%%', 'cursor=bm90LWEtY3Vyc29y', 'limit=1.5']) {
        const res = await server.request('GET', `${op.path}?${q}`, { token: user.key });
        if (res.status === 200) {
          // Endpoints that take no pagination ignore these parameters; that is fine.
          continue;
        }
        expectProblem(res, `GET ${op.path}?${q}`);
      }
    }
  });

  it('takes numbers in the query only in decimal digits, and each parameter once: 0x10, 1e1, +5 and a repeated limit are 422 naming it', async () => {
    for (const q of ['limit=0x10', 'limit=1e1', 'limit=%2B5', 'limit=%207', 'limit=0b11', 'limit=', 'limit=50&limit=60']) {
      const res = await server.request('GET', `/api/v1/collection?${q}`, { token: user.key });
      expect(res.status, q).toBe(422);
      expect(res.body.errors[0], q).toMatchObject({ field: 'limit', code: 'invalid_type' });
    }
    expect((await server.request('GET', '/api/v1/collection?limit=50&limit=60', { token: user.key })).body.errors[0].message).toBe('must be given once');
    expect((await server.request('GET', '/api/v1/collection?limit=0x10', { token: user.key })).body.errors[0].message).toBe('must be a whole number in decimal digits');
    expect((await server.request('GET', '/api/v1/collection?sort=name&sort=value', { token: user.key })).status).toBe(422);
    // Decimal digits are read as before, a leading zero or minus included (the range check then applies).
    expect((await server.request('GET', '/api/v1/collection?limit=010', { token: user.key })).status).toBe(200);
    expect((await server.request('GET', '/api/v1/collection?limit=-5', { token: user.key })).body.errors[0]).toMatchObject({ field: 'limit', code: 'out_of_range' });
    // A number with decimals where one is allowed (a price filter): digits, a point, digits.
    expect((await server.request('GET', '/api/v1/cards/search?q=t%3Aelf&limit=10', { token: user.key })).status).toBe(200);
  });

  it('survives random JSON bodies on every write endpoint without a 5xx', async () => {
    const writes = operations.filter((o) => o.hasBody);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...writes), fc.jsonValue({ maxDepth: 3 }), async (op, value) => {
        const res = await server.request(op.method, op.path, { token: user.key, raw: JSON.stringify(value) });
        expect(res.status, `${op.method} ${op.path} ${JSON.stringify(value).slice(0, 80)}`).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it('answers a problem document to what the HTTP parser itself rejects: a control character in a header, headers over the limit, a malformed request line', async () => {
    const port = Number(new URL(server.url).port);
    const cases: Array<[string, Parameters<typeof rawRequest>[1], number, string]> = [
      ['a control character in a header value', { operation: '', method: 'GET', target: '/api/v1/profile', headers: [['Authorization', `Bearer ${user.key}\u0001`]], body: undefined }, 400, 'bad_request'],
      ['headers over the size limit', { operation: '', method: 'GET', target: '/api/v1/profile', headers: [['X-Padding', 'y'.repeat(40_000)]], body: undefined }, 431, 'headers_too_large'],
      ['a request target with a space in it', { operation: '', method: 'GET', target: '/api/v1/pro file', headers: [], body: undefined }, 400, 'bad_request'],
      ['a header without a name', { operation: '', method: 'GET', target: '/api/v1/profile', headers: [['', 'value']], body: undefined }, 400, 'bad_request'],
    ];
    for (const [label, req, status, code] of cases) {
      const res = await rawRequest(port, req);
      expect(res.status, label).toBe(status);
      expect(res.headers['content-type'], label).toMatch(/^application\/problem\+json(; charset=utf-8)?$/);
      const body = JSON.parse(res.body.toString('utf8'));
      expect(body, label).toMatchObject({ status, code, type: `${server.url}/docs/errors#${code}`, request_id: res.headers['x-request-id'] });
    }
    // A path whose percent-encoding does not decode fails in the router, before any route: a problem document too.
    const badUrl = await rawRequest(port, { operation: '', method: 'GET', target: '/api/v1/webhooks/%/deliveries', headers: [['Authorization', `Bearer ${user.key}`]], body: undefined });
    expect(badUrl.status).toBe(400);
    expect(badUrl.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(badUrl.body.toString('utf8'))).toMatchObject({ status: 400, code: 'bad_request' });
    // The server is fine afterwards.
    expect((await server.request('GET', '/healthz')).status).toBe(200);
  });
});

describe('JSON bodies are UTF-8 text, stored as sent or refused', () => {
  const post = (path: string, body: Buffer | string, contentType = 'application/json', method = 'POST') =>
    fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${user.key}`, 'content-type': contentType }, body }).then(async (res) => ({
      status: res.status,
      headers: res.headers,
      body: (await res.json().catch(() => null)) as any,
    }));

  it('refuses bytes that are not UTF-8 with 400 invalid_json, and a body declared in another charset with 415', async () => {
    const before = await fingerprint();
    const latin1 = Buffer.from('{"name":"caf\xe9"}', 'latin1');
    const bad = await post('/api/v1/binders', latin1);
    expectProblem(bad, 'latin-1 bytes');
    expect([bad.status, bad.body.code, bad.body.detail]).toEqual([400, 'invalid_json', 'The request body is not valid UTF-8.']);
    const declared = await post('/api/v1/binders', latin1, 'application/json; charset=iso-8859-1');
    expect([declared.status, declared.body.code]).toEqual([415, 'unsupported_media_type']);
    expect(await fingerprint()).toBe(before);
    // UTF-8, declared or not, is read as such.
    const ok = await post('/api/v1/binders', Buffer.from('{"name":"café ✓"}', 'utf8'), 'application/json; charset=UTF-8');
    expect([ok.status, ok.body.data.name]).toEqual([201, 'café ✓']);
    await user.api('DELETE', `/api/v1/binders/${ok.body.data.id}`);
  });

  it('refuses a compressed body (Content-Encoding) with 415 saying so, instead of reading its bytes as a broken file', async () => {
    const before = await fingerprint();
    const csv = 'card_id,quantity\n2dea2466-5c7f-40ce-b749-100ae89d2c90,1\n';
    for (const [path, body, type] of [
      ['/api/v1/imports?mode=apply', gzipSync(csv), 'text/csv'],
      ['/api/v1/binders', gzipSync('{"name":"zipped"}'), 'application/json'],
    ] as const) {
      const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${user.key}`, 'content-type': type, 'content-encoding': 'gzip' }, body });
      expect(res.status, path).toBe(415);
      const problem = (await res.json()) as { code: string; detail: string };
      expect(problem.code).toBe('unsupported_media_type');
      expect(problem.detail).toContain('Content-Encoding "gzip"');
    }
    expect(await fingerprint()).toBe(before);
    const plain = await fetch(`${server.url}/api/v1/binders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.key}`, 'content-type': 'application/json', 'content-encoding': 'identity' },
      body: '{"name":"identity is no coding"}',
    });
    expect(plain.status).toBe(201);
  });

  it('refuses a string with an unpaired surrogate escape with 422 naming the field, on every database alike', async () => {
    const before = await fingerprint();
    for (const [raw, field, message] of [
      ['{"name":"s\\ud800"}', 'name', /unpaired surrogate/],
      ['{"name":"s\\udc00x"}', 'name', /unpaired surrogate/],
      ['{"name":"ok","description":"a\\ud83d"}', 'description', /unpaired surrogate/],
    ] as const) {
      const res = await post('/api/v1/binders', raw);
      expectProblem(res, raw);
      expect([res.status, res.body.code]).toEqual([422, 'validation_failed']);
      expect(res.body.errors).toEqual([expect.objectContaining({ field, code: 'invalid_value', message: expect.stringMatching(message) })]);
    }
    const entry = await post('/api/v1/collection/batch', '{"entries":[{"card_id":"x"},{"card_id":"y","tags":["a","\\ud83d1"]}]}');
    expect(entry.body.errors).toEqual([expect.objectContaining({ field: 'entries[1].tags[1]', code: 'invalid_value' })]);
    expect(await fingerprint()).toBe(before);
    // A pair, escaped, is a character like any other.
    const pair = await post('/api/v1/binders', '{"name":"\\ud83d\\ude00 binder"}');
    expect([pair.status, pair.body.data.name]).toEqual([201, '😀 binder']);
    expect((await user.api('GET', `/api/v1/binders/${pair.body.data.id}`)).headers.get('etag')).toBe(pair.headers.get('etag'));
    await user.api('DELETE', `/api/v1/binders/${pair.body.data.id}`);
  });

  it('refuses text holding a NUL with 422 and writes nothing, on every database alike (PostgreSQL cannot store it), tags included (kept as JSON they could hold one, and the csv export then could not be imported back)', async () => {
    const before = await fingerprint();
    const binder = await post('/api/v1/binders', '{"name":"a\\u0000b"}');
    const entry = await post('/api/v1/collection', JSON.stringify({ card_id: CARDS.AHN, notes: 'x\u0000y' }));
    const batch = await post('/api/v1/collection/batch', JSON.stringify({ entries: [{ card_id: CARDS.AHN, condition: 'damaged' }, { card_id: CARDS.AHN, notes: 'n\u0000' }] }));
    for (const [i, res] of [binder, entry, batch].entries()) {
      expectProblem(res, `NUL ${i}`);
      expect([res.status, res.body.code]).toEqual([422, 'validation_failed']);
    }
    expect(await fingerprint()).toBe(before);
    const tagged = await post('/api/v1/collection', JSON.stringify({ card_id: CARDS.AHN, condition: 'damaged', tags: ['n\u0000'] }));
    expectProblem(tagged, 'NUL in a tag');
    expect([tagged.status, tagged.body.errors]).toEqual([422, [expect.objectContaining({ field: 'tags[0]', code: 'invalid_characters' })]]);
    expect(await fingerprint()).toBe(before);
  });

  it('refuses __proto__ and constructor keys as unknown fields (422), not as invalid JSON', async () => {
    const proto = await post('/api/v1/binders', '{"name":"p","__proto__":{"a":1}}');
    expect([proto.status, proto.body.errors]).toEqual([422, [expect.objectContaining({ field: '__proto__', code: 'unknown_field' })]]);
    const ctor = await post('/api/v1/binders', '{"name":"p","constructor":{"prototype":{"a":1}}}');
    expect([ctor.status, ctor.body.errors]).toEqual([422, [expect.objectContaining({ field: 'constructor', code: 'unknown_field' })]]);
  });

  it('reads Content-Type: application/json with an empty body as no body: a DELETE or a bodiless POST works, a write that needs a body is 422', async () => {
    const binder = (await user.api('POST', '/api/v1/binders', { name: 'Empty body' })).body.data;
    const deleted = await post(`/api/v1/binders/${binder.id}`, '', 'application/json', 'DELETE');
    expect(deleted.status).toBe(204);
    const needsBody = await post('/api/v1/binders', '');
    expect([needsBody.status, needsBody.body.code]).toEqual([422, 'validation_failed']);
  });
});
