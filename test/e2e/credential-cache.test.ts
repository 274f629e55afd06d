import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { KEY_PREFIX, displayPrefix, generateApiKey, hashToken } from '../../src/auth/api-key-format.js';
import { ManualClock } from '../../src/lib/clock.js';
import { ccs } from '../helpers/cli.js';
import { PASSWORD, authorizationRequest, consentAndReturn, discover, exchange, insecure, OAuthBrowser, refresh, registerApp, type RegisteredApp } from '../helpers/oauth.js';
import { PortalClient } from '../helpers/portal.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server.js';
import { onAnotherConnection as runElsewhere } from '../helpers/sql.js';

/**
 * Credentials are cached in each process for as long as the auth epoch they were read under
 * is current (src/auth/credential-cache.ts). Each test fills this server's cache with a
 * successful request, changes the credential somewhere else (another process, another
 * server on the same database, or a second database connection) and shows that the very
 * next request here already sees the change. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */

const clock = new ManualClock('2026-11-22T10:00:00.000Z');
let server: TestServer;
/** A second server on the same database: its own connection, its own cache. */
let other: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { cards: false, clock });
  other = await startTestServer({}, { cards: false, clock, shareDatabaseWith: server });
}, 60_000);

afterAll(async () => {
  await other?.close();
  await server?.close();
});

/** Runs one statement on a connection of its own, as an operator's SQL shell would. */
function onAnotherConnection(statement: string, params: unknown[]): Promise<void> {
  return runElsewhere(server, statement, params);
}

async function profile(token: string) {
  return server.request('GET', '/api/v1/profile', { token });
}

/** Fills the cache: the credential answers 200 here (twice, so the second is a cache hit). */
async function cached(token: string) {
  expect((await profile(token)).status).toBe(200);
  const again = await profile(token);
  expect(again.status).toBe(200);
  return again;
}

describe('API keys', () => {
  it('refuses a key revoked by `ccs key revoke` in another process on the very next request', async () => {
    const u = await server.createUser();
    await cached(u.key);
    const revoked = await ccs(server, 'key', 'revoke', u.keyId);
    expect(revoked.code, revoked.stderr).toBe(0);
    const res = await profile(u.key);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('revoked_token');
  });

  it('refuses a key revoked in the portal of another server on the very next request', async () => {
    const u = await server.createUser();
    await cached(u.key);
    const portal = new PortalClient(other.url);
    expect((await portal.signIn(u.username, PASSWORD)).status).toBe(200);
    expect((await portal.request('POST', `/portal/api/keys/${u.keyId}/revoke`)).status).toBe(200);
    const res = await profile(u.key);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('revoked_token');
  });

  it('applies scopes narrowed on another connection on the very next request (403 insufficient_scope)', async () => {
    const u = await server.createUser();
    await cached(u.key);
    await onAnotherConnection('UPDATE api_keys SET scopes = ? WHERE id = ?', [JSON.stringify(['cards:read']), u.keyId]);
    const res = await profile(u.key);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('insufficient_scope');
  });

  it('counts a plan changed on another connection against the new budget on the very next request', async () => {
    const u = await server.createUser({ plan: 'pro' });
    const before = await cached(u.key);
    expect(before.headers.get('ratelimit-limit')).toBe(String(server.config.rateLimit.pro));
    await onAnotherConnection("UPDATE users SET plan = 'free' WHERE id = ?", [u.id]);
    const after = await profile(u.key);
    expect(after.status).toBe(200);
    expect(after.headers.get('ratelimit-limit')).toBe(String(server.config.rateLimit.free));
  });

  it('answers a key no account holds from memory after its first look-up, until the epoch moves', async () => {
    const u = await server.createUser();
    const key = generateApiKey();
    expect((await profile(key)).body.code).toBe('invalid_token');
    // Keys are drawn by the service and shown once, so no client holds one before its row
    // exists; only a row written by hand can follow a refusal. Such a row is seen once anything
    // moves the auth epoch, as every change to an existing credential does.
    await onAnotherConnection(
      'INSERT INTO api_keys (id, user_id, name, scopes, display_prefix, hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [randomUUID(), u.id, 'by hand', JSON.stringify(['profile:read']), displayPrefix(key), hashToken(key), new Date().toISOString()],
    );
    const remembered = await profile(key);
    expect(remembered.status).toBe(401);
    expect(remembered.body.code).toBe('invalid_token');
    // The same answer as a looked-up refusal, RFC 6750 challenge included (CONTRACT.md, 401).
    expect(remembered.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/);
    await onAnotherConnection("UPDATE users SET plan = 'pro' WHERE id = ?", [u.id]);
    expect((await profile(key)).status).toBe(200);
  });

  it('answers each remembered key for its own account, and refuses a key one character away from one', async () => {
    const a = await server.createUser();
    const b = await server.createUser();
    await cached(a.key);
    await cached(b.key);
    // Both tokens' hashes are now remembered by token: each must still answer for its own account.
    expect((await profile(a.key)).body.data.id).toBe(a.id);
    expect((await profile(b.key)).body.data.id).toBe(b.id);
    const at = KEY_PREFIX.length + 3;
    const typo = a.key.slice(0, at) + (a.key[at] === 'A' ? 'B' : 'A') + a.key.slice(at + 1);
    for (let i = 0; i < 2; i++) {
      const res = await profile(typo);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('invalid_token');
    }
    expect((await profile(a.key)).body.data.id).toBe(a.id);
  });

  it('refuses the key of a user deleted on another connection on the very next request', async () => {
    const u = await server.createUser();
    await cached(u.key);
    await onAnotherConnection('DELETE FROM users WHERE id = ?', [u.id]);
    const res = await profile(u.key);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalid_token');
  });

  it('answers GET /profile with an e-mail and username changed on another connection on the very next request, in every server', async () => {
    const u = await server.createUser();
    const before = await cached(u.key);
    expect(before.body.data).toEqual({ id: u.id, username: u.username, email: `${u.username}@example.com`, plan: 'pro' });
    expect((await other.request('GET', '/api/v1/profile', { token: u.key })).status).toBe(200);
    await onAnotherConnection('UPDATE users SET email = ? WHERE id = ?', [`moved-${u.username}@example.org`, u.id]);
    for (const at of [server, other]) {
      const res = await at.request('GET', '/api/v1/profile', { token: u.key });
      expect(res.status).toBe(200);
      expect(res.body.data.email).toBe(`moved-${u.username}@example.org`);
    }
    await onAnotherConnection('UPDATE users SET username = ? WHERE id = ?', [`${u.username}x`, u.id]);
    expect((await profile(u.key)).body.data).toMatchObject({ username: `${u.username}x`, email: `moved-${u.username}@example.org` });
  });

  it('keeps each server answering for keys that did not change, after another key was revoked', async () => {
    const a = await server.createUser();
    const b = await server.createUser();
    await cached(a.key);
    await cached(b.key);
    const revoked = await ccs(server, 'key', 'revoke', a.keyId);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect((await profile(a.key)).status).toBe(401);
    expect((await profile(b.key)).status).toBe(200);
    expect((await other.request('GET', '/api/v1/profile', { token: b.key })).status).toBe(200);
  });
});

describe('OAuth access tokens', () => {
  let app: RegisteredApp;
  let browser: OAuthBrowser;
  let alice: TestUser;

  beforeAll(async () => {
    const developer = await server.createUser();
    alice = await server.createUser();
    app = await registerApp(server, developer.id, { name: 'Cache Test' });
    browser = new OAuthBrowser(server);
    expect((await browser.signIn(alice.username, PASSWORD)).status).toBe(200);
  });

  /** Tokens issued by this server; `as` is the other server's metadata, for revoking there. */
  async function connect(scope = 'profile:read') {
    const as = await discover(server);
    const request = await authorizationRequest(as, app, { scope });
    return exchange(as, app, request, await consentAndReturn(browser, request));
  }

  it('refuses an access token revoked at another server\u2019s RFC 7009 endpoint on the very next request', async () => {
    const tokens = await connect();
    await cached(tokens.access_token);
    const elsewhere = await discover(other);
    await oauth.processRevocationResponse(await oauth.revocationRequest(elsewhere, app.client, app.auth, tokens.access_token, insecure));
    const res = await profile(tokens.access_token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('revoked_token');
  });

  // The refresh grant checks the issuer, which is each test server's own URL, so this one is
  // done here: the writes of this process's own connection invalidate its cache too.
  it('refuses the grant\u2019s access tokens once a used refresh token is replayed (rotation reuse detection)', async () => {
    const first = await connect();
    const as = await discover(server);
    const second = await refresh(as, app, first.refresh_token!);
    await cached(first.access_token);
    await cached(second.access_token);
    const replay = await oauth.refreshTokenGrantRequest(as, app.client, app.auth, first.refresh_token!, insecure);
    expect(replay.status).toBe(400);
    for (const token of [first.access_token, second.access_token]) {
      const res = await profile(token);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('revoked_token');
    }
  });

  it('refuses the tokens of an application revoked in the portal of another server on the very next request', async () => {
    const tokens = await connect();
    await cached(tokens.access_token);
    const portal = new PortalClient(other.url);
    expect((await portal.signIn(alice.username, PASSWORD)).status).toBe(200);
    expect((await portal.request('POST', `/portal/api/authorized-apps/${app.clientId}/revoke`)).status).toBe(204);
    const res = await profile(tokens.access_token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('revoked_token');
  });

  it('answers GET /profile for an access token with the account\u2019s current e-mail, changed on another connection', async () => {
    const tokens = await connect();
    const before = await cached(tokens.access_token);
    expect(before.body.data).toMatchObject({ id: alice.id, username: alice.username });
    await onAnotherConnection('UPDATE users SET email = ? WHERE id = ?', [`oauth-${alice.username}@example.org`, alice.id]);
    const res = await profile(tokens.access_token);
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe(`oauth-${alice.username}@example.org`);
  });

  it('refuses an access token revoked on another connection on the very next request', async () => {
    const tokens = await connect();
    await cached(tokens.access_token);
    await onAnotherConnection("UPDATE oauth_records SET revoked_at = ? WHERE model = 'AccessToken' AND grant_id IN (SELECT grant_id FROM oauth_records WHERE model = 'AccessToken' AND revoked_at IS NULL AND user_id = ?)", [
      clock.now().toISOString(),
      alice.id,
    ]);
    const res = await profile(tokens.access_token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('revoked_token');
  });

  it('answers expired_token for a cached access token as soon as its hour is over', async () => {
    const tokens = await connect();
    await cached(tokens.access_token);
    clock.advance(3_599_000);
    expect((await profile(tokens.access_token)).status).toBe(200);
    clock.advance(1_000);
    const res = await profile(tokens.access_token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('expired_token');
  });
});
