import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../src/config.js';
import { recordEvents } from '../../src/events/outbox.js';
import { fanOutOnce } from '../../src/webhooks/fanout.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  // No dispatcher: these tests look at the API and the log, not at sending.
  const webhooks: Config['webhooks'] = { ...loadConfig({}).webhooks, batchWindowMs: 100, maxSubscriptionsPerUser: 3 };
  server = await startTestServer({ webhooks }, { cards: false });
});
afterAll(async () => {
  await server?.close();
});

const URL_OK = 'https://hooks.example.com/ccs';

async function create(user: TestUser, body: Record<string, unknown>) {
  return user.api('POST', '/api/v1/webhooks', body);
}

describe('webhook subscriptions API', () => {
  it('creates a subscription and shows a generated secret exactly once', async () => {
    const user = await server.createUser({ scopes: ['webhooks:manage'] });
    const res = await create(user, { url: URL_OK, events: ['deck.created', 'binder.updated'], description: 'CI hook' });
    expect(res.status).toBe(201);
    const sub = res.body.data;
    expect(sub).toMatchObject({
      url: URL_OK,
      events: ['deck.created', 'binder.updated'],
      description: 'CI hook',
      status: 'enabled',
      consecutive_failures: 0,
      disabled_reason: null,
      disabled_at: null,
      deliveries_today: 0,
      daily_limit: 1000,
      dropped_events_today: 0,
      dropped_events_total: 0,
    });
    expect(sub.id).toEqual(expect.any(String));
    expect(sub.created_at).toBe(sub.updated_at);
    expect(sub.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(sub.secret_hint).toBe(sub.secret.slice(-4));

    const got = await user.api('GET', `/api/v1/webhooks/${sub.id}`);
    expect(got.status).toBe(200);
    expect(got.body.data.secret).toBeUndefined();
    expect(got.body.data.secret_hint).toBe(sub.secret_hint);
    const list = await user.api('GET', '/api/v1/webhooks');
    expect(list.body.data.map((s: { secret?: string }) => s.secret)).toEqual([undefined]);
    expect(list.text).not.toContain(sub.secret);
  });

  it('never echoes a secret the caller chose', async () => {
    const user = await server.createUser({ scopes: ['webhooks:manage'] });
    const res = await create(user, { url: URL_OK, events: ['*'], secret: 'my-own-secret-1234567' });
    expect(res.status).toBe(201);
    expect(res.body.data.secret).toBeUndefined();
    expect(res.body.data.secret_hint).toBe('4567');
    expect(res.body.data.description).toBeNull();
    expect(res.text).not.toContain('my-own-secret');
  });

  it('counts a chosen secret\'s characters by code point, and its hint shows the last four whole', async () => {
    const user = await server.createUser({ scopes: ['webhooks:manage'] });
    const longest = await create(user, { url: URL_OK, events: ['*'], secret: `${'🔑'.repeat(252)}abc🔒` });
    expect(longest.status, longest.text).toBe(201);
    expect(longest.body.data.secret_hint).toBe('abc🔒');
    const split = await create(user, { url: URL_OK, events: ['*'], secret: '0123456789abcdef🔑abc' });
    expect(split.status, split.text).toBe(201);
    expect(split.body.data.secret_hint).toBe('🔑abc');
  });

  it('accepts http only for localhost and 127.0.0.1', async () => {
    const user = await server.createUser({ scopes: ['webhooks:manage'] });
    for (const url of ['http://localhost:3000/hook', 'http://127.0.0.1:9/x']) {
      const res = await create(user, { url, events: ['*'] });
      expect(res.status, url).toBe(201);
    }
  });

  it('stores the URL in its normalised (WHATWG) form, on create and on update', async () => {
    const user = await server.createUser({ scopes: ['webhooks:manage'] });
    const made = await create(user, { url: 'HTTPS://Hooks.Example.COM:443/a/./b/../c d?x=1', events: ['*'] });
    expect(made.status).toBe(201);
    expect(made.body.data.url).toBe('https://hooks.example.com/a/c%20d?x=1');
    expect((await user.api('GET', `/api/v1/webhooks/${made.body.data.id}`)).body.data.url).toBe('https://hooks.example.com/a/c%20d?x=1');
    const local = await user.api('PATCH', `/api/v1/webhooks/${made.body.data.id}`, { url: 'HTTP://LOCALHOST:3000/hook' });
    expect(local.body.data.url).toBe('http://localhost:3000/hook');
    const idn = await user.api('PATCH', `/api/v1/webhooks/${made.body.data.id}`, { url: 'https://bücher.example/hook' });
    expect(idn.body.data.url).toBe('https://xn--bcher-kva.example/hook');
  });

  it('normalises "*" and duplicate event types', async () => {
    const user = await server.createUser({ scopes: ['webhooks:manage'] });
    const all = await create(user, { url: URL_OK, events: ['deck.created', '*'] });
    expect(all.body.data.events).toEqual(['*']);
    const dup = await create(user, { url: URL_OK, events: ['deck.deleted', 'deck.created', 'deck.deleted'] });
    expect(dup.body.data.events).toEqual(['deck.created', 'deck.deleted']);
  });

  it.each([
    ['a relative URL', { url: '/hooks', events: ['*'] }, 'url', 'invalid_webhook_url'],
    ['a URL without scheme', { url: 'hooks.example.com/x', events: ['*'] }, 'url', 'invalid_webhook_url'],
    ['an empty URL', { url: '', events: ['*'] }, 'url', 'invalid_webhook_url'],
    ['plain http to a public host', { url: 'http://hooks.example.com/x', events: ['*'] }, 'url', 'invalid_webhook_url'],
    ['plain http to a private address', { url: 'http://10.0.0.5/x', events: ['*'] }, 'url', 'invalid_webhook_url'],
    ['plain http to 127.1 (not written as 127.0.0.1)', { url: 'http://127.1/x', events: ['*'] }, 'url', 'invalid_webhook_url'],
    ['plain http to localhost.evil.com', { url: 'http://localhost.evil.com/x', events: ['*'] }, 'url', 'invalid_webhook_url'],
    ['an ftp URL', { url: 'ftp://hooks.example.com/x', events: ['*'] }, 'url', 'invalid_webhook_url'],
    ['credentials in the URL', { url: 'https://user:pw@hooks.example.com/x', events: ['*'] }, 'url', 'invalid_webhook_url'],
    ['https to a private address', { url: 'https://192.168.1.10/x', events: ['*'] }, 'url', 'invalid_webhook_url'],
    ['https to the metadata address', { url: 'https://169.254.169.254/latest', events: ['*'] }, 'url', 'invalid_webhook_url'],
    ['a URL longer than 2048 characters', { url: `https://hooks.example.com/${'a'.repeat(2048)}`, events: ['*'] }, 'url', 'invalid_webhook_url'],
    ['a NUL byte in the URL', { url: 'https://hooks.example.com/a\u0000b', events: ['*'] }, 'url', 'invalid_webhook_url'],
    ['a newline in the URL', { url: 'https://hooks.example.com/\r\nX-Injected: 1', events: ['*'] }, 'url', 'invalid_webhook_url'],
    ['https:host without slashes', { url: 'https:hooks.example.com/x', events: ['*'] }, 'url', 'invalid_webhook_url'],
    ['https:/// with an empty authority', { url: 'https:///hooks.example.com/x', events: ['*'] }, 'url', 'invalid_webhook_url'],
    ['backslashes for slashes', { url: 'https:\\\\hooks.example.com\\x', events: ['*'] }, 'url', 'invalid_webhook_url'],
    ['port 0', { url: 'https://hooks.example.com:0/x', events: ['*'] }, 'url', 'invalid_webhook_url'],
    ['plain http to localhost. (trailing dot)', { url: 'http://localhost./x', events: ['*'] }, 'url', 'invalid_webhook_url'],
    ['https to localhost. (trailing dot)', { url: 'https://localhost./x', events: ['*'] }, 'url', 'invalid_webhook_url'],
    ['an empty user name', { url: 'https://@hooks.example.com/x', events: ['*'] }, 'url', 'invalid_webhook_url'],
    ['a fragment', { url: 'https://hooks.example.com/x#part', events: ['*'] }, 'url', 'invalid_webhook_url'],
    ['a missing URL', { events: ['*'] }, 'url', 'required'],
    ['a non-string URL', { url: 42, events: ['*'] }, 'url', 'invalid_type'],
    ['empty events', { url: URL_OK, events: [] }, 'events', 'invalid_event_type'],
    ['an unknown event type', { url: URL_OK, events: ['deck.created', 'deck.exploded'] }, 'events[1]', 'invalid_event_type'],
    ['a wildcard other than "*"', { url: URL_OK, events: ['deck.*'] }, 'events[0]', 'invalid_event_type'],
    ['missing events', { url: URL_OK }, 'events', 'required'],
    ['events that are not an array', { url: URL_OK, events: 'deck.created' }, 'events', 'invalid_type'],
    ['a non-string event', { url: URL_OK, events: [7] }, 'events[0]', 'invalid_type'],
    ['a 15-character secret', { url: URL_OK, events: ['*'], secret: 'x'.repeat(15) }, 'secret', 'invalid_length'],
    ['a secret of 8 emoji (16 UTF-16 units, but 8 characters)', { url: URL_OK, events: ['*'], secret: '🔑'.repeat(8) }, 'secret', 'invalid_length'],
    ['a 257-character secret', { url: URL_OK, events: ['*'], secret: '🔑'.repeat(257) }, 'secret', 'invalid_length'],
    ['an empty secret', { url: URL_OK, events: ['*'], secret: '' }, 'secret', 'invalid_length'],
    ['a non-string secret', { url: URL_OK, events: ['*'], secret: 1234567890123456 }, 'secret', 'invalid_type'],
    ['a 501-character description', { url: URL_OK, events: ['*'], description: 'd'.repeat(501) }, 'description', 'invalid_length'],
    ['an unknown field', { url: URL_OK, events: ['*'], active: true }, 'active', 'unknown_field'],
  ])('answers 422 for %s', async (_name, body, field, code) => {
    const user = await server.createUser({ scopes: ['webhooks:manage'] });
    const res = await create(user, body);
    expect(res.status, res.text).toBe(422);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors).toContainEqual({ field, code, message: expect.any(String) });
    expect((await user.api('GET', '/api/v1/webhooks')).body.meta.total).toBe(0);
  });

  it('reports every invalid field at once', async () => {
    const user = await server.createUser({ scopes: ['webhooks:manage'] });
    const res = await create(user, { url: 'http://example.com', events: ['nope'], secret: 'short' });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`).sort()).toEqual([
      'events[0]:invalid_event_type',
      'secret:invalid_length',
      'url:invalid_webhook_url',
    ]);
  });

  it('answers 422 for invalid values on PATCH too, and changes nothing', async () => {
    const user = await server.createUser({ scopes: ['webhooks:manage'] });
    const { body } = await create(user, { url: URL_OK, events: ['*'] });
    for (const patch of [{ url: 'http://example.com' }, { events: [] }, { events: ['x'] }, { secret: 'short' }, { status: 'disabled' }]) {
      const res = await user.api('PATCH', `/api/v1/webhooks/${body.data.id}`, patch);
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect(res.body.code).toBe('validation_failed');
    }
    expect((await user.api('GET', `/api/v1/webhooks/${body.data.id}`)).body.data).toMatchObject({ url: URL_OK, events: ['*'] });
  });

  it('updates url, events, secret and description', async () => {
    const user = await server.createUser({ scopes: ['webhooks:manage'] });
    const { body } = await create(user, { url: URL_OK, events: ['*'], description: 'old' });
    const res = await user.api('PATCH', `/api/v1/webhooks/${body.data.id}`, {
      url: 'https://other.example.com/hook',
      events: ['export.completed'],
      secret: 'rotated-secret-abcdefWXYZ',
      description: null,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ url: 'https://other.example.com/hook', events: ['export.completed'], description: null, secret_hint: 'WXYZ' });
    expect(res.body.data.secret).toBeUndefined();
    expect((await user.api('GET', `/api/v1/webhooks/${body.data.id}`)).body.data).toEqual(res.body.data);
  });

  it('keeps the subscription and its ETag through a PATCH or an enable that changes nothing', async () => {
    const user = await server.createUser({ scopes: ['webhooks:manage'] });
    const created = await create(user, { url: URL_OK, events: ['binder.created'], secret: 'same-secret-abcdefWXYZ' });
    const id = created.body.data.id as string;
    const etag = created.headers.get('etag')!;
    for (const patch of [{ events: ['binder.created'] }, { url: URL_OK }, { description: null }, { secret: 'same-secret-abcdefWXYZ' }]) {
      const res = await user.api('PATCH', `/api/v1/webhooks/${id}`, patch, { 'if-match': etag });
      expect(res.status, JSON.stringify(patch)).toBe(200);
      expect(res.headers.get('etag'), JSON.stringify(patch)).toBe(etag);
    }
    const enabled = await user.api('POST', `/api/v1/webhooks/${id}/enable`);
    expect(enabled.headers.get('etag')).toBe(etag);
    expect((await user.api('GET', `/api/v1/webhooks/${id}`)).body.data.updated_at).toBe(created.body.data.updated_at);
  });

  it('counts a description in characters (code points): 500 emoji fit, 501 do not', async () => {
    const user = await server.createUser({ scopes: ['webhooks:manage'] });
    const ok = await create(user, { url: URL_OK, events: ['*'], description: '\u{1F600}'.repeat(500) });
    expect(ok.status).toBe(201);
    const long = await user.api('PATCH', `/api/v1/webhooks/${ok.body.data.id}`, { description: '\u{1F600}'.repeat(501) });
    expect([long.status, long.body.errors?.[0]?.field]).toEqual([422, 'description']);
  });

  it('lists subscriptions with cursor pagination and a total', async () => {
    const user = await server.createUser({ scopes: ['webhooks:manage'] });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(user, { url: `${URL_OK}/${i}`, events: ['*'] })).body.data.id);
    const first = await user.api('GET', '/api/v1/webhooks?limit=2');
    expect(first.body.meta).toEqual({ total: 3, next_cursor: expect.any(String) });
    const second = await user.api('GET', `/api/v1/webhooks?limit=2&cursor=${encodeURIComponent(first.body.meta.next_cursor)}`);
    expect(second.body.meta.next_cursor).toBeNull();
    expect([...first.body.data, ...second.body.data].map((s: { id: string }) => s.id)).toEqual(ids);
    const bad = await user.api('GET', '/api/v1/webhooks?cursor=garbage');
    expect(bad.status).toBe(422);
    // A misspelt parameter is refused, as on every other list, not silently ignored.
    const typo = await user.api('GET', '/api/v1/webhooks?limt=2');
    expect(typo.status).toBe(422);
    expect(typo.body.errors).toEqual([expect.objectContaining({ field: 'limt', code: 'unknown_field' })]);
  });

  it('caps the number of subscriptions per account', async () => {
    const user = await server.createUser({ scopes: ['webhooks:manage'] });
    for (let i = 0; i < 3; i++) expect((await create(user, { url: URL_OK, events: ['*'] })).status).toBe(201);
    const res = await create(user, { url: URL_OK, events: ['*'] });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('conflict');
  });

  it('holds the cap when many subscriptions are created at once', async () => {
    const user = await server.createUser({ scopes: ['webhooks:manage'] });
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(user, { url: URL_OK, events: ['*'] })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(17);
    expect((await user.api('GET', '/api/v1/webhooks')).body.meta.total).toBe(3);
  });

  it('deletes a subscription with 204, then 404', async () => {
    const user = await server.createUser({ scopes: ['webhooks:manage'] });
    const { body } = await create(user, { url: URL_OK, events: ['*'] });
    const del = await user.api('DELETE', `/api/v1/webhooks/${body.data.id}`);
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect((await user.api('GET', `/api/v1/webhooks/${body.data.id}`)).status).toBe(404);
    expect((await user.api('DELETE', `/api/v1/webhooks/${body.data.id}`)).status).toBe(404);
  });
});

describe('webhook API security', () => {
  it('requires the webhooks:manage scope on every route', async () => {
    const owner = await server.createUser({ scopes: ['webhooks:manage'] });
    const { body } = await create(owner, { url: URL_OK, events: ['*'] });
    const id = body.data.id as string;
    const user = await server.createUser({ scopes: ['collection:write', 'decks:write', 'profile:read'] });
    const routes: Array<[string, string]> = [
      ['GET', '/api/v1/webhooks'],
      ['POST', '/api/v1/webhooks'],
      ['GET', `/api/v1/webhooks/${id}`],
      ['PATCH', `/api/v1/webhooks/${id}`],
      ['DELETE', `/api/v1/webhooks/${id}`],
      ['POST', `/api/v1/webhooks/${id}/test`],
      ['POST', `/api/v1/webhooks/${id}/enable`],
      ['GET', `/api/v1/webhooks/${id}/deliveries`],
      ['GET', `/api/v1/webhooks/${id}/deliveries/x`],
      ['POST', `/api/v1/webhooks/${id}/deliveries/x/redeliver`],
    ];
    for (const [method, path] of routes) {
      const res = await user.api(method, path, method === 'POST' || method === 'PATCH' ? { url: URL_OK, events: ['*'] } : undefined);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toMatchObject({ code: 'insufficient_scope', missing_scope: 'webhooks:manage' });
    }
    expect((await server.request('GET', '/api/v1/webhooks')).status).toBe(401);
  });

  it("answers 404 for another user's subscription and its deliveries, and leaves it untouched", async () => {
    const owner = await server.createUser({ scopes: ['webhooks:manage'] });
    const other = await server.createUser({ scopes: ['webhooks:manage'] });
    const { body } = await create(owner, { url: URL_OK, events: ['*'] });
    const id = body.data.id as string;
    const probes: Array<[string, string, unknown?]> = [
      ['GET', `/api/v1/webhooks/${id}`],
      ['PATCH', `/api/v1/webhooks/${id}`, { description: 'mine now' }],
      ['DELETE', `/api/v1/webhooks/${id}`],
      ['POST', `/api/v1/webhooks/${id}/test`],
      ['POST', `/api/v1/webhooks/${id}/enable`],
      ['GET', `/api/v1/webhooks/${id}/deliveries`],
    ];
    for (const [method, path, payload] of probes) {
      const res = await other.api(method, path, payload);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    expect((await other.api('GET', '/api/v1/webhooks')).body.data).toEqual([]);
    const still = await owner.api('GET', `/api/v1/webhooks/${id}`);
    expect(still.body.data.description).toBeNull();
    // The stranger's Send Test queued nothing.
    expect((await owner.api('GET', `/api/v1/webhooks/${id}/deliveries`)).body.meta.total).toBe(0);
  });

  it('answers 404 for an unknown id', async () => {
    const user = await server.createUser({ scopes: ['webhooks:manage'] });
    expect((await user.api('GET', '/api/v1/webhooks/00000000-0000-7000-8000-000000000000')).status).toBe(404);
    expect((await user.api('GET', "/api/v1/webhooks/' OR 1=1 --")).status).toBe(404);
  });
});

describe('delivery log API', () => {
  it('lists deliveries newest first with their event types, filters by status and event type, and pages with a cursor', async () => {
    const user = await server.createUser({ scopes: ['webhooks:manage'] });
    const { body } = await create(user, { url: URL_OK, events: ['export.completed', 'deck.created'] });
    const id = body.data.id as string;
    const sent: string[] = [];
    for (let i = 0; i < 3; i++) sent.push((await user.api('POST', `/api/v1/webhooks/${id}/test`)).body.data.id);
    // An open batch shows as pending too, with no body yet.
    await server.ctx.database.db.transaction().execute((trx) =>
      recordEvents(trx, [{ userId: user.id, type: 'deck.created', data: { name: 'x' }, at: server.ctx.clock.now() }]),
    );
    await fanOutOnce({ database: server.ctx.database, clock: server.ctx.clock, config: { ...server.config.webhooks, batchWindowMs: 60_000 } });

    const all = await user.api('GET', `/api/v1/webhooks/${id}/deliveries?limit=2`);
    expect(all.status).toBe(200);
    expect(all.body.meta).toEqual({ total: 4, next_cursor: expect.any(String) });
    const rest = await user.api('GET', `/api/v1/webhooks/${id}/deliveries?limit=2&cursor=${encodeURIComponent(all.body.meta.next_cursor)}`);
    const ids = [...all.body.data, ...rest.body.data].map((d: { id: string }) => d.id);
    expect(ids.slice(1)).toEqual([...sent].reverse());
    const batch = all.body.data[0];
    expect(batch).toMatchObject({ kind: 'event', status: 'pending', event_count: 1, event_types: ['deck.created'], attempt_count: 0 });
    expect(all.body.data[1]).toMatchObject({ kind: 'test', event_types: ['deck.created', 'export.completed'] });
    const byType = async (type: string) => (await user.api('GET', `/api/v1/webhooks/${id}/deliveries?event_type=${type}`)).body.meta.total;
    expect(await byType('deck.created')).toBe(4);
    expect(await byType('export.completed')).toBe(3);
    expect(await byType('binder.created')).toBe(0);
    const badType = await user.api('GET', `/api/v1/webhooks/${id}/deliveries?event_type=deck.%25`);
    expect(badType.status).toBe(422);
    expect(badType.body.errors[0]).toMatchObject({ field: 'event_type', code: 'invalid_event_type' });
    const detail = await user.api('GET', `/api/v1/webhooks/${id}/deliveries/${batch.id}`);
    expect(detail.body.data).toMatchObject({ request_body: null, attempts: [] });
    const redeliver = await user.api('POST', `/api/v1/webhooks/${id}/deliveries/${batch.id}/redeliver`);
    expect(redeliver.status).toBe(409);

    const pending = await user.api('GET', `/api/v1/webhooks/${id}/deliveries?status=pending`);
    expect(pending.body.meta.total).toBe(4);
    const delivered = await user.api('GET', `/api/v1/webhooks/${id}/deliveries?status=delivered`);
    expect(delivered.body).toEqual({ data: [], meta: { total: 0, next_cursor: null } });
    expect((await user.api('GET', `/api/v1/webhooks/${id}/deliveries?status=exploded`)).status).toBe(422);
    const typo = await user.api('GET', `/api/v1/webhooks/${id}/deliveries?stauts=failed`);
    expect(typo.status).toBe(422);
    expect(typo.body.errors).toEqual([expect.objectContaining({ field: 'stauts', code: 'unknown_field' })]);

    const test = await user.api('GET', `/api/v1/webhooks/${id}/deliveries/${sent[0]}`);
    expect(test.body.data).toMatchObject({ id: sent[0], kind: 'test', status: 'pending', attempts: [] });
    expect(JSON.parse(test.body.data.request_body).map((e: { type: string }) => e.type)).toEqual(['deck.created', 'export.completed']);
    expect((await user.api('GET', `/api/v1/webhooks/${id}/deliveries/nope`)).status).toBe(404);
  });

  it('documents the webhook routes in the OpenAPI document', async () => {
    const res = await server.request('GET', '/api/v1/openapi.json');
    const paths = Object.keys(res.body.paths);
    for (const p of [
      '/api/v1/webhooks',
      '/api/v1/webhooks/{id}',
      '/api/v1/webhooks/{id}/test',
      '/api/v1/webhooks/{id}/enable',
      '/api/v1/webhooks/{id}/deliveries',
      '/api/v1/webhooks/{id}/deliveries/{delivery_id}',
      '/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
