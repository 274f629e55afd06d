import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS } from '../helpers/collection.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server.js';

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await server.createUser();
});
afterAll(async () => {
  await server?.close();
});

const STRONG = /^"[A-Za-z0-9_-]+"$/;
// Adds of the same card, finish, condition, language and binder merge; each test's entry gets a condition of its own.
const CONDITIONS = ['mint', 'near_mint', 'lightly_played', 'moderately_played', 'heavily_played', 'damaged'];
let entries = 0;

/** Each kind of single object: how to create one, and two different changes to it. */
const KINDS = [
  { kind: 'collection entry', path: '/api/v1/collection', create: () => ({ card_id: CARDS.AHN, condition: CONDITIONS[entries++ % CONDITIONS.length] }), a: { quantity: 5 }, b: { quantity: 7 } },
  { kind: 'binder', path: '/api/v1/binders', create: () => ({ name: 'Trade binder' }), a: { name: 'Keepers' }, b: { name: 'Foils' } },
  { kind: 'deck', path: '/api/v1/decks', create: () => ({ name: 'Burn', format: 'modern' }), a: { name: 'Big Burn' }, b: { visibility: 'public' } },
  {
    kind: 'price alert',
    path: '/api/v1/price-alerts',
    create: () => ({ card_id: CARDS.AHN, direction: 'above', threshold: '1.00' }),
    a: { threshold: '2.00' },
    b: { direction: 'below' },
  },
  {
    kind: 'webhook subscription',
    path: '/api/v1/webhooks',
    create: () => ({ url: 'https://example.com/hooks/ccs', events: ['*'] }),
    a: { description: 'first' },
    b: { events: ['deck.created'] },
  },
] as const;

async function create(k: (typeof KINDS)[number]): Promise<{ id: string; etag: string }> {
  const res = await user.api('POST', k.path, k.create());
  expect(res.status, res.text).toBe(201);
  const etag = res.headers.get('etag');
  expect(etag).toMatch(STRONG);
  return { id: res.body.data.id as string, etag: etag as string };
}

describe.each(KINDS)('ETag and If-Match on a $kind', (k) => {
  it('carries the same strong ETag on create and GET, a new one after a change, and 304 for If-None-Match', async () => {
    const { id, etag } = await create(k);
    const got = await user.api('GET', `${k.path}/${id}`);
    expect(got.headers.get('etag')).toBe(etag);

    const notModified = await user.api('GET', `${k.path}/${id}`, undefined, { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    expect(notModified.headers.get('etag')).toBe(etag);
    // HEAD answers as GET would (RFC 9110 13.1.2), 304 included.
    const head = await user.api('HEAD', `${k.path}/${id}`, undefined, { 'if-none-match': etag });
    expect(head.status).toBe(304);
    expect(head.headers.get('etag')).toBe(etag);
    expect((await user.api('HEAD', `${k.path}/${id}`, undefined, { 'if-none-match': '"other"' })).status).toBe(200);

    const changed = await user.api('PATCH', `${k.path}/${id}`, k.a, { 'if-match': etag });
    expect(changed.status, changed.text).toBe(200);
    const next = changed.headers.get('etag');
    expect(next).toMatch(STRONG);
    expect(next).not.toBe(etag);
    expect((await user.api('GET', `${k.path}/${id}`)).headers.get('etag')).toBe(next);
    expect((await user.api('GET', `${k.path}/${id}`, undefined, { 'if-none-match': etag })).status).toBe(200);
  });

  it('answers 412 precondition_failed to a PATCH with a stale If-Match and changes nothing', async () => {
    const { id, etag } = await create(k);
    expect((await user.api('PATCH', `${k.path}/${id}`, k.a)).status).toBe(200);
    const before = await user.api('GET', `${k.path}/${id}`);
    const eventsBefore = (await server.events(user.id)).length;

    const stale = await user.api('PATCH', `${k.path}/${id}`, k.b, { 'if-match': etag });
    expect(stale.status).toBe(412);
    expect(stale.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(stale.body.code).toBe('precondition_failed');
    const after = await user.api('GET', `${k.path}/${id}`);
    expect(after.text).toBe(before.text);
    expect((await server.events(user.id)).length).toBe(eventsBefore);

    // A weak tag never satisfies If-Match; `*` does, for an object that exists.
    expect((await user.api('PATCH', `${k.path}/${id}`, k.b, { 'if-match': `W/${before.headers.get('etag')}` })).status).toBe(412);
    expect((await user.api('PATCH', `${k.path}/${id}`, k.b, { 'if-match': '*' })).status).toBe(200);
  });

  it('lets exactly one of two racing PATCHes with the same If-Match win; the other gets 412', async () => {
    const { id, etag } = await create(k);
    const [r1, r2] = await Promise.all([
      user.api('PATCH', `${k.path}/${id}`, k.a, { 'if-match': etag }),
      user.api('PATCH', `${k.path}/${id}`, k.b, { 'if-match': etag }),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 412]);
    const winner = r1.status === 200 ? r1 : r2;
    const now = await user.api('GET', `${k.path}/${id}`);
    expect(now.headers.get('etag')).toBe(winner.headers.get('etag'));
    expect(now.body.data).toEqual(winner.body.data);
  });

  it('answers 412 to a DELETE with a stale If-Match and deletes nothing; the current tag deletes', async () => {
    const { id, etag } = await create(k);
    const changed = await user.api('PATCH', `${k.path}/${id}`, k.a);
    const stale = await user.api('DELETE', `${k.path}/${id}`, undefined, { 'if-match': etag });
    expect(stale.status).toBe(412);
    expect(stale.body.code).toBe('precondition_failed');
    expect((await user.api('GET', `${k.path}/${id}`)).status).toBe(200);
    const gone = await user.api('DELETE', `${k.path}/${id}`, undefined, { 'if-match': changed.headers.get('etag') as string });
    expect(gone.status).toBe(204);
    expect((await user.api('GET', `${k.path}/${id}`)).status).toBe(404);
  });
});

describe('ETag: security', () => {
  it("answers 404, not 412, for another user's object whatever If-Match says", async () => {
    const mine = await create(KINDS[0]);
    const other = await server.createUser();
    const res = await other.api('PATCH', `/api/v1/collection/${mine.id}`, { quantity: 9 }, { 'if-match': mine.etag });
    expect(res.status).toBe(404);
    expect((await other.api('DELETE', `/api/v1/collection/${mine.id}`, undefined, { 'if-match': '*' })).status).toBe(404);
  });
});

describe('routes that answer lists', () => {
  it('carry no ETag and answer 200 with their body whatever If-None-Match says (only single objects are tagged)', async () => {
    const { etag } = await create(KINDS[0]);
    for (const path of ['/api/v1/collection?limit=5', '/api/v1/binders', '/api/v1/decks']) {
      for (const ifNoneMatch of ['*', etag]) {
        const res = await user.api('GET', path, undefined, { 'if-none-match': ifNoneMatch });
        expect(res.status, path).toBe(200);
        expect(res.headers.get('etag'), path).toBeNull();
        expect(Array.isArray(res.body.data), path).toBe(true);
      }
    }
  });
});

describe('webhook deliveries', () => {
  it('carry a strong ETag on Send Test, redelivery and GET, with 304 for If-None-Match while the delivery is unchanged', async () => {
    const sub = (await user.api('POST', '/api/v1/webhooks', { url: 'https://example.com/hooks/etag', events: ['*'] })).body.data;
    const queued = await user.api('POST', `/api/v1/webhooks/${sub.id}/test`);
    expect(queued.status, queued.text).toBe(202);
    expect(queued.headers.get('etag')).toMatch(STRONG);
    const path = `/api/v1/webhooks/${sub.id}/deliveries/${queued.body.data.id}`;
    const first = await user.api('GET', path);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(STRONG);
    // No worker runs here: the delivery waits, unchanged.
    const again = await user.api('GET', path, undefined, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    // Another user's delivery stays a 404 whatever the tag.
    const other = await server.createUser();
    expect((await other.api('GET', path, undefined, { 'if-none-match': etag! })).status).toBe(404);
  });
});
