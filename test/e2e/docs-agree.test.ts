import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server.js';

/**
 * Claims of the README and docs/ that an audit found the service did not keep (issue 16), each
 * checked against the running service: a query over 1,000 characters is 400 `invalid_query`, a
 * foreign cursor is 422 with `code: invalid_cursor`, RateLimit headers are where the README says,
 * and card-search.md's supported and unsupported keywords are what the parser does.
 */
let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await server.createUser({ scopes: ['cards:read', 'collection:write', 'decks:read', 'webhooks:manage'] });
});
afterAll(async () => {
  await server?.close();
});

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('q over 1,000 characters', () => {
  const long = `t:creature ${'o:draw '.repeat(150)}`.slice(0, 1001);

  it.each(['/api/v1/cards/search', '/api/v1/collection'])('answers 400 invalid_query on %s, naming the position', async (endpoint) => {
    const res = await user.api('GET', `${endpoint}?q=${encodeURIComponent(long)}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ code: 'invalid_query', position: 1000 });
    expect(res.body.detail).toMatch(/longer than 1000 characters/);
  });

  it.each(['/api/v1/cards/search', '/api/v1/collection'])('accepts exactly 1,000 characters on %s', async (endpoint) => {
    const q = `${'lightning '.repeat(100).slice(0, 999)}x`;
    expect(q).toHaveLength(1000);
    const res = await user.api('GET', `${endpoint}?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
  });
});

describe('a cursor this listing did not hand out', () => {
  const garbled = ['garbage', Buffer.from(JSON.stringify(['someone-elses-listing', 1])).toString('base64url'), 'x'.repeat(1001)];
  const listings = ['/api/v1/collection', '/api/v1/binders', '/api/v1/decks', '/api/v1/webhooks', '/api/v1/price-alerts', '/api/v1/cards/search?q=t:creature&'];

  it('answers 422 with code invalid_cursor on every listing, and names the field', async () => {
    for (const listing of listings) {
      for (const cursor of garbled) {
        const sep = listing.endsWith('&') ? '' : '?';
        const res = await user.api('GET', `${listing}${sep}cursor=${encodeURIComponent(cursor)}`);
        const label = `${listing} ${cursor.slice(0, 20)}`;
        expect(res.status, label).toBe(422);
        expect(res.body.code, label).toBe('invalid_cursor');
        expect(res.body.type, label).toMatch(/\/docs\/errors#invalid_cursor$/);
        expect(res.body.errors, label).toEqual([expect.objectContaining({ field: 'cursor', code: 'invalid_cursor' })]);
      }
    }
  });

  it('answers invalid_cursor for another listing\'s real cursor', async () => {
    await user.api('POST', '/api/v1/binders', { name: 'a' });
    await user.api('POST', '/api/v1/binders', { name: 'b' });
    const cursor = (await user.api('GET', '/api/v1/binders?limit=1')).body.meta.next_cursor as string;
    expect(cursor).toEqual(expect.any(String));
    const res = await user.api('GET', `/api/v1/decks?cursor=${encodeURIComponent(cursor)}`);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('invalid_cursor');
  });
});

describe('RateLimit headers, as the README describes them', () => {
  const names = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'];

  it('are on every answer to a request with a valid credential, errors after authentication included', async () => {
    const answers = [
      await user.api('GET', '/api/v1/cards/search?q=bolt'),
      await user.api('GET', '/api/v1/profile'),
      await user.api('GET', '/api/v1/decks/01900000-0000-7000-8000-000000000000'),
      await user.api('GET', '/api/v1/collection?limit=0'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 403, 404, 422]);
    for (const a of answers) for (const n of names) expect(a.headers.get(n), `${a.status} ${n}`).toMatch(/^\d+$/);
  });

  it('are absent where no credential was accepted: 401s, unknown routes and public endpoints', async () => {
    const answers = [
      await server.request('GET', '/api/v1/profile'),
      await server.request('GET', '/api/v1/profile', { token: 'ccs_live_not_a_real_key' }),
      await user.api('GET', '/api/v1/no-such-route'),
      await server.request('GET', '/api/v1/openapi.json'),
      await server.request('GET', '/healthz'),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 401, 404, 200, 200]);
    for (const a of answers) for (const n of names) expect(a.headers.get(n), `${a.status} ${n}`).toBeNull();
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toMatch(/without a valid credential[^.]*carry no `RateLimit-\*`/);
  });
});

describe('docs/card-search.md against the parser', () => {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/card-search.md'), 'utf8');
  const unsupported = doc.slice(doc.indexOf('### Not supported'), doc.indexOf('\n## ', doc.indexOf('### Not supported')));

  it('lists is:booster once, as supported, and the parser filters by it', async () => {
    expect(unsupported).not.toMatch(/booster/);
    expect(doc).toMatch(/`is:` \/ `not:` \|[^\n]*printings `[^`]*\bbooster\b/);
    const inBoosters = await user.api('GET', `/api/v1/cards/search?q=${encodeURIComponent('s:nec is:booster')}`);
    const notInBoosters = await user.api('GET', `/api/v1/cards/search?q=${encodeURIComponent('s:nec -is:booster')}`);
    expect(inBoosters.status).toBe(200);
    expect(notInBoosters.status).toBe(200);
    const names = (r: typeof inBoosters) => r.body.data.map((c: { name: string }) => c.name);
    expect(names(notInBoosters)).toContain('Bonehoard');
    expect(names(inBoosters)).not.toContain('Bonehoard');
  });

  it('refuses every keyword the doc lists as not supported with 400 invalid_query', async () => {
    const keywords = [...unsupported.matchAll(/`([a-z]+:[a-z]*)`/g)].map((m) => m[1]!);
    expect(keywords.length).toBeGreaterThanOrEqual(5);
    for (const keyword of keywords) {
      const q = keyword.endsWith(':') ? `${keyword}something` : keyword;
      const res = await user.api('GET', `/api/v1/cards/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(400);
      expect(res.body.code, q).toBe('invalid_query');
    }
  });
});
