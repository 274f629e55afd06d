import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS } from '../helpers/collection.js';
import { createResponseValidator, type RecordedResponse } from '../helpers/openapi.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server.js';

let server: TestServer;
let user: TestUser;
let doc: Record<string, any>;
type Op = { path: string; method: string; op: Record<string, any> };
let operations: Op[];

beforeAll(async () => {
  server = await startTestServer({ publicUrl: 'https://cards.test' });
  user = await server.createUser();
  doc = (await server.request('GET', '/api/v1/openapi.json')).body;
  operations = Object.entries<Record<string, any>>(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
});
afterAll(async () => {
  await server?.close();
});

const resolve = (obj: any) => (obj?.$ref ? obj.$ref.replace('#/', '').split('/').reduce((o: any, p: string) => o?.[p], doc) : obj);
const paramNames = (op: Record<string, any>) => (op.parameters ?? []).map((p: any) => resolve(p).name);

describe('the API description', () => {
  it('names the server, the licence and every tag', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'https://cards.test' })]);
    expect(doc.info.license).toMatchObject({ name: 'MIT' });
    const tags = new Set(doc.tags.map((t: any) => t.name));
    for (const { op } of operations) for (const t of op.tags ?? []) expect(tags.has(t), t).toBe(true);
  });

  it('gives every operation a unique operationId, a summary, a 2xx response and its scope', () => {
    expect(operations.length).toBeGreaterThanOrEqual(40);
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of operations) {
      const label = `${method} ${path}`;
      expect(op.operationId, label).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(op.summary, label).toEqual(expect.any(String));
      expect(Object.keys(op.responses).some((s) => /^2\d\d$/.test(s)), label).toBe(true);
      // A key, or a token with one of the scopes (exports: collection:read, or decks:read for a deck's).
      const [bearer, ...oauth] = op.security;
      expect(bearer, label).toEqual({ bearer: [] });
      expect(oauth.length, label).toBe(path.startsWith('/api/v1/exports') ? 2 : 1);
      // One scope an alternative; a deck checked against the collection needs both read scopes at once.
      const needed = path === '/api/v1/decks/{id}/missing' ? ['decks:read', 'collection:read'] : [expect.stringMatching(/^[a-z]+:[a-z]+$/)];
      for (const o of oauth) expect(o, label).toEqual({ oauth2: needed });
    }
  });

  it('declares every error as application/problem+json with the shared Problem schema, with its headers', () => {
    for (const { path, method, op } of operations) {
      const label = `${method} ${path}`;
      for (const s of ['401', '403', '429', '503']) expect(op.responses[s], `${label} ${s}`).toBeDefined();
      for (const [status, response] of Object.entries<any>(op.responses)) {
        if (Number(status) < 400) continue;
        expect(response.content, `${label} ${status}`).toEqual({ 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } });
      }
      expect(Object.keys(op.responses['429'].headers)).toEqual(expect.arrayContaining(['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']));
      expect(Object.keys(op.responses['503'].headers)).toContain('Retry-After');
      const success = Object.entries<any>(op.responses).find(([s]) => /^2/.test(s))?.[1];
      expect(Object.keys(success.headers), label).toEqual(expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']));
    }
    expect(doc.components.schemas.Problem.required).toEqual(expect.arrayContaining(['type', 'title', 'status', 'detail', 'code', 'request_id']));
  });

  it('declares what follows from each operation: 404 with path parameters, 422 with input, 400/409/413/415 and Idempotency-Key on writes', () => {
    for (const { path, method, op } of operations) {
      const label = `${method} ${path}`;
      if (path.includes('{')) expect(op.responses['404'], label).toBeDefined();
      const validated = (op.parameters ?? []).map(resolve).some((p: any) => p.in === 'path' || p.in === 'query');
      if (op.requestBody || validated) expect(op.responses['422'], label).toBeDefined();
      if (['post', 'patch', 'delete'].includes(method)) {
        for (const s of ['400', '409', '413', '415', '422']) expect(op.responses[s], `${label} ${s}`).toBeDefined();
        expect(paramNames(op), label).toContain('Idempotency-Key');
        const success = Object.entries<any>(op.responses).find(([s]) => /^2/.test(s))?.[1];
        expect(Object.keys(success.headers), label).toContain('Idempotency-Replayed');
      } else {
        expect(paramNames(op), label).not.toContain('Idempotency-Key');
      }
    }
    expect(doc.paths['/api/v1/cards/search'].get.responses['400']).toBeDefined();
    expect(doc.paths['/api/v1/collection'].get.responses['400']).toBeDefined();
    expect(doc.paths['/api/v1/profile'].get.responses['404']).toBeUndefined();
    expect(doc.paths['/api/v1/profile'].get.responses['422']).toBeUndefined();
  });

  it('declares ETag, If-Match with 412, and If-None-Match with 304 on the single objects', () => {
    for (const path of ['/api/v1/collection/{id}', '/api/v1/binders/{id}', '/api/v1/decks/{id}', '/api/v1/price-alerts/{id}', '/api/v1/webhooks/{id}']) {
      const ops = doc.paths[path];
      expect(Object.keys(ops.get.responses['200'].headers), path).toContain('ETag');
      expect(ops.get.responses['304'], path).toBeDefined();
      expect(paramNames(ops.get), path).toContain('If-None-Match');
      for (const m of ['patch', 'delete']) {
        expect(paramNames(ops[m]), `${m} ${path}`).toContain('If-Match');
        expect(ops[m].responses['412'], `${m} ${path}`).toBeDefined();
      }
      expect(Object.keys(ops.patch.responses['200'].headers), path).toContain('ETag');
    }
    expect(Object.keys(doc.paths['/api/v1/collection'].post.responses['201'].headers)).toContain('ETag');
    expect(doc.paths['/api/v1/collection'].get.responses['412']).toBeUndefined();
    const delivery = doc.paths['/api/v1/webhooks/{id}/deliveries/{delivery_id}'].get;
    expect(Object.keys(delivery.responses['200'].headers)).toContain('ETag');
    expect(delivery.responses['304']).toBeDefined();
    expect(Object.keys(doc.paths['/api/v1/webhooks/{id}/test'].post.responses['202'].headers)).toContain('ETag');
  });

  it('declares the Location of a queued export, the Content-Disposition of a download, and Idempotency-Replayed on a write\'s kept 400', () => {
    expect(Object.keys(doc.paths['/api/v1/exports'].post.responses['202'].headers)).toContain('Location');
    const download = doc.paths['/api/v1/exports/{id}/download'].get.responses['200'];
    expect(Object.keys(download.headers)).toContain('Content-Disposition');
    expect(download.content['application/json'].schema).toMatchObject({ type: 'object', required: ['data'] });
    expect(download.content['text/csv'].schema).toMatchObject({ type: 'string' });
    for (const { path, method, op } of operations.filter((o) => ['post', 'patch', 'delete'].includes(o.method) && o.path.startsWith('/api/v1/'))) {
      expect(Object.keys(op.responses['400'].headers), `${method} ${path}`).toContain('Idempotency-Replayed');
    }
    // Filters have no defaults: only a new entry's fields do.
    const listParams = doc.paths['/api/v1/collection'].get.parameters.map(resolve);
    for (const name of ['finish', 'condition']) expect(listParams.find((p: any) => p.name === name).description, name).not.toMatch(/default/);
  });
});

describe('real responses against the description', () => {
  it('records what the server answers, and those answers validate', async () => {
    const added = await user.api('POST', '/api/v1/collection', { card_id: CARDS.AHN }, { 'idempotency-key': 'openapi-1' });
    await user.api('POST', '/api/v1/collection', { card_id: CARDS.AHN }, { 'idempotency-key': 'openapi-1' });
    await user.api('GET', `/api/v1/collection/${added.body.data.id}`, undefined, { 'if-none-match': added.headers.get('etag') as string });
    await user.api('PATCH', `/api/v1/collection/${added.body.data.id}`, { quantity: 2 }, { 'if-match': '"stale"' });
    await user.api('GET', '/api/v1/collection?sort=nope');
    const check = createResponseValidator(doc);
    const mine = server.recorded.filter((r) => r.route?.startsWith('/api/v1/collection'));
    expect(mine.map((r) => r.status)).toEqual([201, 201, 304, 412, 422]);
    expect(mine.flatMap(check)).toEqual([]);
  });

  it('reports a status, content type, body or header the description does not declare', () => {
    const check = createResponseValidator(doc);
    const base: RecordedResponse = {
      method: 'GET',
      route: '/api/v1/profile',
      url: '/api/v1/profile',
      status: 200,
      contentType: 'application/json; charset=utf-8',
      headers: {},
      body: JSON.stringify({ data: { id: 'u', username: 'a', email: 'a@example.com', plan: 'pro' }, meta: {} }),
    };
    expect(check(base)).toEqual([]);
    expect(check({ ...base, status: 418 })).toEqual([expect.stringContaining('status 418 is not declared')]);
    expect(check({ ...base, contentType: 'text/html' })).toEqual([expect.stringContaining('content type text/html')]);
    expect(check({ ...base, body: JSON.stringify({ data: { id: 1 }, meta: {} }) })).toEqual([expect.stringContaining('does not match the response schema')]);
    expect(check({ ...base, headers: { 'idempotency-replayed': 'true' } })).toEqual([expect.stringContaining('idempotency-replayed is sent but not declared')]);
    expect(check({ ...base, status: 404, contentType: 'application/problem+json' })).toEqual([expect.stringContaining('status 404 is not declared')]);
    expect(check({ ...base, route: undefined, status: 404 })).toEqual([]);
  });
});
