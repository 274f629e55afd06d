import { createHash, randomBytes } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { createAdapterFactory } from '../../src/oauth/adapter.js';
import { createOAuthStore } from '../../src/oauth/store.js';
import {
  OAuthBrowser,
  PASSWORD,
  REDIRECT_URI,
  authorizationRequest,
  consentAndReturn,
  discover,
  exchange,
  insecure,
  refresh,
  registerApp,
  startOAuthScenario,
  type RegisteredApp,
} from '../helpers/oauth.js';
import { PortalClient } from '../helpers/portal.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server.js';

/**
 * OAuth2 for third-party applications (contract section 7), end to end over HTTP. The
 * application is oauth4webapi; the browser is a cookie-keeping client that reads the consent
 * page and submits its form (test/browser/oauth.test.ts does the same in Chromium).
 */

const CARD = '2dea2466-5c7f-40ce-b749-100ae89d2c90';

let server: TestServer;
const clock = new ManualClock('2026-11-22T10:00:00.000Z');
let as: oauth.AuthorizationServer;
let developer: TestUser;
let alice: TestUser;
let browser: OAuthBrowser;

beforeAll(async () => {
  ({ server, developer, alice, as, browser } = await startOAuthScenario({ usageFlushMs: 3_600_000 }, { clock }));
}, 60_000);

afterAll(async () => {
  await server?.close();
});

function api(token: string, method: string, path: string, body?: unknown) {
  return server.request(method, path, { token, body });
}

/** The whole dance for one set of tokens. */
async function connect(app: RegisteredApp, scope: string) {
  const request = await authorizationRequest(as, app, { scope });
  const callback = await consentAndReturn(browser, request);
  return exchange(as, app, request, callback);
}

describe('authorization server metadata', () => {
  it('serves RFC 8414 metadata at the root with exactly the contract fields', async () => {
    const res = await server.request('GET', '/.well-known/oauth-authorization-server');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      issuer: server.url,
      authorization_endpoint: `${server.url}/oauth/authorize`,
      token_endpoint: `${server.url}/oauth/token`,
      revocation_endpoint: `${server.url}/oauth/revoke`,
      scopes_supported: ['collection:read', 'collection:write', 'decks:read', 'decks:write', 'cards:read', 'webhooks:manage', 'profile:read'],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      authorization_response_iss_parameter_supported: true,
    });
  });

  it('names CCS_PUBLIC_URL as the issuer, without its path, when it is set', async () => {
    const other = await startTestServer({ publicUrl: 'https://cards.example.org/some/path' }, { cards: false });
    try {
      const res = await other.request('GET', '/.well-known/oauth-authorization-server');
      expect(res.body.issuer).toBe('https://cards.example.org');
      expect(res.body.token_endpoint).toBe('https://cards.example.org/oauth/token');
    } finally {
      await other.close();
    }
  });

  it('declares an oauth2 scheme in the API description and names each operation\u2019s scope', async () => {
    const doc = (await server.request('GET', '/api/v1/openapi.json')).body;
    const scheme = doc.components.securitySchemes.oauth2;
    expect(scheme.type).toBe('oauth2');
    expect(scheme.flows.authorizationCode).toMatchObject({ authorizationUrl: '/oauth/authorize', tokenUrl: '/oauth/token' });
    expect(Object.keys(scheme.flows.authorizationCode.scopes).sort()).toEqual([...as.scopes_supported!].sort());
    expect(doc.components.securitySchemes.bearer.scheme).toBe('bearer');
    expect(doc.paths['/api/v1/collection'].post.security).toEqual([{ bearer: [] }, { oauth2: ['collection:write'] }]);
    expect(doc.paths['/api/v1/profile'].get.security).toEqual([{ bearer: [] }, { oauth2: ['profile:read'] }]);
    expect(doc.paths['/api/v1/exports'].post.security).toEqual([{ bearer: [] }, { oauth2: ['collection:read'] }, { oauth2: ['decks:read'] }]);
    for (const [path, ops] of Object.entries<Record<string, { security?: unknown[] }>>(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        // A key, or a token with the scope (exports: either of two, collection:read or a deck's decks:read).
        expect(op.security, `${method} ${path}`).toHaveLength(path.startsWith('/api/v1/exports') ? 3 : 2);
      }
    }
  });
});

describe('registration', () => {
  it('registers an application in the portal and shows its secret once', async () => {
    const portal = new PortalClient(server.url);
    await portal.signIn(developer.username, PASSWORD);
    const created = await portal.request('POST', '/portal/api/oauth-apps', {
      body: { name: 'Price Tracker', homepage_url: 'https://prices.example', redirect_uris: [REDIRECT_URI, 'https://prices.example/cb'], type: 'confidential' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Price Tracker', type: 'confidential', redirect_uris: [REDIRECT_URI, 'https://prices.example/cb'] });
    const secret: string = created.body.data.client_secret;
    expect(secret).toMatch(/^ccs_cs_[A-Za-z0-9_-]{43}$/);
    expect(created.body.data.secret_hint).toBe(secret.slice(-4));

    const list = await portal.request('GET', '/portal/api/oauth-apps');
    expect(list.body.data).toHaveLength(1);
    expect(list.text).not.toContain(secret);
    const row = await server.ctx.database.db.selectFrom('oauth_clients').selectAll().where('id', '=', created.body.data.client_id).executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);

    // The secret works at the token endpoint (wrong ones are in oauth-bad-input.test.ts).
    const app: RegisteredApp = {
      clientId: created.body.data.client_id,
      clientSecret: secret,
      redirectUri: REDIRECT_URI,
      client: { client_id: created.body.data.client_id },
      auth: oauth.ClientSecretBasic(secret),
    };
    const tokens = await connect(app, 'profile:read');
    expect(tokens.access_token).toMatch(/^ccs_at_/);
  });
});

describe('the authorization code flow', () => {
  let app: RegisteredApp;
  let first: oauth.TokenEndpointResponse;

  beforeAll(async () => {
    app = await registerApp(server, developer.id, { name: 'Deck Builder' });
  });

  it('shows a consent page naming the application and each scope in plain words', async () => {
    const request = await authorizationRequest(as, app, { scope: 'collection:write profile:read webhooks:manage' });
    const consent = await browser.go(request.url);
    expect(consent.kind).toBe('consent');
    if (consent.kind !== 'consent') return;
    expect(consent.html).toContain('Allow <strong>Deck Builder</strong> to use your account?');
    expect(consent.html).toContain('https://deckbuilder.example');
    expect(consent.html).toContain(`Signed in as <strong>${alice.username}</strong>`);
    expect(consent.html).toContain('Add, change and remove cards in your collection');
    expect(consent.html).toContain('See your username, e-mail address and plan.');
    expect(consent.html).toContain('send the changes in your account to a web address');
    // What a subscription receives does not depend on the other scopes: the consent page says so.
    expect(consent.html).toContain('private ones included, even without the other permissions here');
    expect(consent.html).not.toContain('Create, change and delete your decks');
    expect(consent.html).toMatch(/<button[^>]*value="allow"[^>]*>Allow<\/button>/);
    expect(consent.html).toMatch(/<button[^>]*value="deny"[^>]*>Deny<\/button>/);
    // The form posts to us; the browser then follows our redirects to the application.
    expect(consent.csp).toContain("form-action 'self' http://127.0.0.1:9");
    expect(consent.csp).toContain("frame-ancestors 'none'");
    expect(consent.csp).not.toContain('script-src');
  });

  it('redirects back with a code and the state after Allow, and exchanges the code for ccs_ tokens', async () => {
    const request = await authorizationRequest(as, app, { scope: 'collection:write profile:read webhooks:manage' });
    const callback = await consentAndReturn(browser, request);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe(request.state);
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(callback.searchParams.get('iss')).toBe(server.url);

    const params = oauth.validateAuthResponse(as, app.client, callback, request.state);
    const res = await oauth.authorizationCodeGrantRequest(as, app.client, app.auth, params, app.redirectUri, request.verifier, insecure);
    expect(res.headers.get('cache-control')).toBe('no-store');
    first = await oauth.processAuthorizationCodeResponse(as, app.client, res);
    expect(first.access_token).toMatch(/^ccs_at_[A-Za-z0-9_-]{43}$/);
    expect(first.refresh_token).toMatch(/^ccs_rt_[A-Za-z0-9_-]{43}$/);
    expect(first.expires_in).toBe(3600);
    expect(first.token_type.toLowerCase()).toBe('bearer');
    expect(first.scope!.split(' ').sort()).toEqual(['collection:write', 'profile:read', 'webhooks:manage']);
  });

  it('lets the access token act for the user on the API, like an API key', async () => {
    const profile = await api(first.access_token, 'GET', '/api/v1/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.data.username).toBe(alice.username);
    expect(profile.headers.get('ratelimit-limit')).toBe('600');

    const added = await api(first.access_token, 'POST', '/api/v1/collection', { card_id: CARD, quantity: 2 });
    expect(added.status).toBe(201);
    // collection:write implies collection:read, as for keys.
    const listed = await api(first.access_token, 'GET', '/api/v1/collection');
    expect(listed.status).toBe(200);
    expect(listed.body.meta.total).toBe(1);
    // The entry is Alice's: her own key sees it.
    expect((await alice.api('GET', '/api/v1/collection')).body.meta.total).toBe(1);
    const event = (await server.events(alice.id)).find((e) => e.type === 'collection.entry.created');
    expect(event?.payload.card_id ?? event?.payload.data?.card_id).toBeDefined();
  });

  it('answers 403 insufficient_scope naming the scope the grant lacks', async () => {
    const res = await api(first.access_token, 'GET', '/api/v1/decks');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'insufficient_scope', missing_scope: 'decks:read' });
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="decks:read"');
  });

  it('keeps only hashes of codes and tokens', async () => {
    const rows = await server.ctx.database.db.selectFrom('oauth_records').selectAll().execute();
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(first.access_token);
    expect(dump).not.toContain(first.refresh_token);
    const hash = (v: string) => createHash('sha256').update(v).digest('hex');
    expect(rows.some((r) => r.model === 'AccessToken' && r.id === hash(first.access_token))).toBe(true);
    expect(rows.some((r) => r.model === 'RefreshToken' && r.id === hash(first.refresh_token!))).toBe(true);
  });

  it('creates webhook subscriptions for the user, marked with the application', async () => {
    const created = await api(first.access_token, 'POST', '/api/v1/webhooks', { url: 'https://hooks.example/ccs', events: ['*'] });
    expect(created.status).toBe(201);
    expect(created.body.data.application_id).toBe(app.clientId);
    // It is Alice's subscription: her own key lists it, with the same field.
    const mine = await alice.api('GET', `/api/v1/webhooks/${created.body.data.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.application_id).toBe(app.clientId);
    const byKey = await alice.api('POST', '/api/v1/webhooks', { url: 'https://hooks.example/mine', events: ['*'] });
    expect(byKey.body.data.application_id).toBeNull();
    // The portal names the application.
    const portal = new PortalClient(server.url);
    await portal.signIn(alice.username, PASSWORD);
    const listed = await portal.request('GET', '/portal/api/webhooks');
    const shown = listed.body.data.find((w: { id: string }) => w.id === created.body.data.id);
    expect(shown).toMatchObject({ application_id: app.clientId, application_name: 'Deck Builder' });
  });

  it('rotates the refresh token on every use', async () => {
    const second = await refresh(as, app, first.refresh_token!);
    expect(second.refresh_token).toMatch(/^ccs_rt_/);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.expires_in).toBe(3600);
    expect((await api(second.access_token, 'GET', '/api/v1/profile')).status).toBe(200);
    const third = await refresh(as, app, second.refresh_token!);
    expect(third.refresh_token).not.toBe(second.refresh_token);
    expect((await api(third.access_token, 'GET', '/api/v1/profile')).status).toBe(200);

    // Presenting a used refresh token again revokes the whole grant: every token of it.
    const replay = await oauth.refreshTokenGrantRequest(as, app.client, app.auth, first.refresh_token!, insecure);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    const latest = await oauth.refreshTokenGrantRequest(as, app.client, app.auth, third.refresh_token!, insecure);
    expect(latest.status).toBe(400);
    expect(await latest.json()).toMatchObject({ error: 'invalid_grant' });
    for (const token of [first.access_token, second.access_token, third.access_token]) {
      const res = await api(token, 'GET', '/api/v1/profile');
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('revoked_token');
    }
  });

  it('spends nothing on a token request refused for its resource indicator: the next correct exchange or refresh works', async () => {
    const foreign = { additionalParameters: { resource: 'https://evil.example/' }, ...insecure };
    const request = await authorizationRequest(as, app, { scope: 'profile:read' });
    const params = oauth.validateAuthResponse(as, app.client, await consentAndReturn(browser, request), request.state);
    const refusedCode = await oauth.authorizationCodeGrantRequest(as, app.client, app.auth, params, app.redirectUri, request.verifier, foreign);
    expect([refusedCode.status, ((await refusedCode.json()) as { error: string }).error]).toEqual([400, 'invalid_target']);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      app.client,
      await oauth.authorizationCodeGrantRequest(as, app.client, app.auth, params, app.redirectUri, request.verifier, insecure),
    );

    const refused = await oauth.refreshTokenGrantRequest(as, app.client, app.auth, tokens.refresh_token!, foreign);
    expect([refused.status, ((await refused.json()) as { error: string }).error]).toEqual([400, 'invalid_target']);
    expect((await api(tokens.access_token, 'GET', '/api/v1/profile')).status).toBe(200);
    const next = await refresh(as, app, tokens.refresh_token!);
    expect((await api(next.access_token, 'GET', '/api/v1/profile')).status).toBe(200);

    // The API under another name the server answers to (localhost beside 127.0.0.1) is the same API.
    const elsewhere = new URL(server.url);
    elsewhere.hostname = 'localhost';
    const asElsewhere = await oauth.processDiscoveryResponse(elsewhere, await oauth.discoveryRequest(elsewhere, { algorithm: 'oauth2', ...insecure }));
    expect(asElsewhere.issuer).toBe(elsewhere.origin);
    const there = await oauth.processRefreshTokenResponse(
      asElsewhere,
      app.client,
      await oauth.refreshTokenGrantRequest(asElsewhere, app.client, app.auth, next.refresh_token!, insecure),
    );
    expect((await api(there.access_token, 'GET', '/api/v1/profile')).status).toBe(200);
    const named = await refresh(as, app, there.refresh_token!);
    expect((await api(named.access_token, 'GET', '/api/v1/profile')).status).toBe(200);
  });

  it('exchanges a code and refreshes at another process of the deployment reached on its own port, and spends nothing on a resource the grant does not hold', async () => {
    const other = await startTestServer({}, { clock, cards: false, shareDatabaseWith: server });
    try {
      const asOther = await discover(other);
      expect(asOther.issuer).not.toBe(as.issuer);
      const request = await authorizationRequest(as, app, { scope: 'profile:read' });
      const params = oauth.validateAuthResponse(as, app.client, await consentAndReturn(browser, request), request.state);
      // Issued at one process, exchanged at the other (its grant names the first one's API).
      const tokens = await oauth.processAuthorizationCodeResponse(
        asOther,
        app.client,
        await oauth.authorizationCodeGrantRequest(asOther, app.client, app.auth, params, app.redirectUri, request.verifier, insecure),
      );
      expect((await api(tokens.access_token, 'GET', '/api/v1/profile')).status).toBe(200);
      const there = await refresh(asOther, app, tokens.refresh_token!);
      expect((await api(there.access_token, 'GET', '/api/v1/profile')).status).toBe(200);
      const back = await refresh(as, app, there.refresh_token!);

      // Another name of this server's API, which the grant was not given for: refused before the token is spent.
      const elsewhere = new URL(server.url);
      elsewhere.hostname = 'localhost';
      const unGranted = { additionalParameters: { resource: `${elsewhere.origin}/api/v1` }, ...insecure };
      const refused = await oauth.refreshTokenGrantRequest(as, app.client, app.auth, back.refresh_token!, unGranted);
      expect([refused.status, ((await refused.json()) as { error: string }).error]).toEqual([400, 'invalid_target']);
      const after = await refresh(as, app, back.refresh_token!);
      expect((await api(after.access_token, 'GET', '/api/v1/profile')).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('revokes an access token through RFC 7009, effective on the next request, and its grant with it', async () => {
    const tokens = await connect(app, 'profile:read');
    expect((await api(tokens.access_token, 'GET', '/api/v1/profile')).status).toBe(200);
    const res = await oauth.revocationRequest(as, app.client, app.auth, tokens.access_token, insecure);
    await oauth.processRevocationResponse(res);
    const after = await api(tokens.access_token, 'GET', '/api/v1/profile');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('revoked_token');
    // RFC 7009 lets the server take the refresh token with it; we end the whole grant.
    const renewed = await oauth.refreshTokenGrantRequest(as, app.client, app.auth, tokens.refresh_token!, insecure);
    expect(renewed.status).toBe(400);
    expect(await renewed.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses an access token saved after its grant was revoked: a refresh racing a reuse of its refresh token issues nothing that works', async () => {
    const tokens = await connect(app, 'profile:read');
    const db = server.ctx.database.db;
    const sha = (v: string) => createHash('sha256').update(v).digest('hex');
    const { grant_id: grantId } = await db.selectFrom('oauth_records').select('grant_id').where('id', '=', sha(tokens.access_token)).executeTakeFirstOrThrow();
    // The race on PostgreSQL, in its order: the reuse revokes the grant's rows, then the winning
    // refresh saves the access token it made (never marked revoked itself).
    const replay = await oauth.refreshTokenGrantRequest(as, app.client, app.auth, tokens.refresh_token!, insecure);
    expect(replay.status).toBe(200);
    const reused = await oauth.refreshTokenGrantRequest(as, app.client, app.auth, tokens.refresh_token!, insecure);
    expect(reused.status).toBe(400);
    const late = `ccs_at_${randomBytes(32).toString('base64url')}`;
    const adapter = createAdapterFactory({ store: createOAuthStore(db), clock, isOwnResource: () => true })('AccessToken');
    await adapter.upsert(late, { kind: 'AccessToken', grantId: grantId!, clientId: app.client.client_id, accountId: alice.id, scope: 'profile:read' }, 3600);
    const row = await db.selectFrom('oauth_records').select('revoked_at').where('id', '=', sha(late)).executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeNull();
    const res = await api(late, 'GET', '/api/v1/profile');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('revoked_token');
    expect((await api(tokens.access_token, 'GET', '/api/v1/profile')).body.code).toBe('revoked_token');
  });

  it('revokes a refresh token through RFC 7009, and with it the grant\u2019s access tokens', async () => {
    const tokens = await connect(app, 'profile:read');
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, app.client, app.auth, tokens.refresh_token!, insecure));
    expect((await api(tokens.access_token, 'GET', '/api/v1/profile')).status).toBe(401);
    const again = await oauth.refreshTokenGrantRequest(as, app.client, app.auth, tokens.refresh_token!, insecure);
    expect(again.status).toBe(400);
  });

  it('answers 401 expired_token once the hour is over', async () => {
    const tokens = await connect(app, 'profile:read');
    clock.advance(3_599_000);
    expect((await api(tokens.access_token, 'GET', '/api/v1/profile')).status).toBe(200);
    clock.advance(1_000);
    const res = await api(tokens.access_token, 'GET', '/api/v1/profile');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('expired_token');
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    // The refresh token outlives it.
    const renewed = await refresh(as, app, tokens.refresh_token!);
    expect((await api(renewed.access_token, 'GET', '/api/v1/profile')).status).toBe(200);
  });

  it('ends the grant when a client revokes (RFC 7009) an access token that has already expired', async () => {
    const tokens = await connect(app, 'profile:read');
    clock.advance(3_600_000);
    expect((await api(tokens.access_token, 'GET', '/api/v1/profile')).body.code).toBe('expired_token');
    // Another application cannot end it with the token.
    const stranger = await registerApp(server, developer.id, { name: 'Stranger' });
    const foreign = await oauth.revocationRequest(as, stranger.client, stranger.auth, tokens.access_token, insecure);
    expect(foreign.status).toBe(200);
    const still = await refresh(as, app, tokens.refresh_token!);
    const res = await oauth.revocationRequest(as, app.client, app.auth, tokens.access_token, insecure);
    await oauth.processRevocationResponse(res);
    // The rotated refresh token and the access token issued with it go with the grant.
    const renewed = await oauth.refreshTokenGrantRequest(as, app.client, app.auth, still.refresh_token!, insecure);
    expect(renewed.status).toBe(400);
    expect(await renewed.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await api(still.access_token, 'GET', '/api/v1/profile')).body.code).toBe('revoked_token');
  });

  it('accepts client_secret_post as well as client_secret_basic', async () => {
    const postApp = { ...app, auth: oauth.ClientSecretPost(app.clientSecret!) };
    const tokens = await connect(postApp, 'profile:read');
    expect((await api(tokens.access_token, 'GET', '/api/v1/profile')).status).toBe(200);
    const renewed = await refresh(as, postApp, tokens.refresh_token!);
    expect(renewed.access_token).toMatch(/^ccs_at_/);
  });

  it('lets a public client in with PKCE alone, and rotates its refresh tokens too', async () => {
    const publicApp = await registerApp(server, developer.id, { type: 'public', name: 'Phone App' });
    expect(publicApp.clientSecret).toBeNull();
    const tokens = await connect(publicApp, 'cards:read');
    expect((await api(tokens.access_token, 'GET', `/api/v1/cards/${CARD}`)).status).toBe(200);
    const renewed = await refresh(as, publicApp, tokens.refresh_token!);
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
  });
});

describe('authorized apps', () => {
  let app: RegisteredApp;
  let portal: PortalClient;

  beforeAll(async () => {
    app = await registerApp(server, developer.id, { name: 'Collection Sync' });
    portal = new PortalClient(server.url);
    await portal.signIn(alice.username, PASSWORD);
  });

  it('lists every application the user allowed, with scopes, when and last use', async () => {
    const tokens = await connect(app, 'collection:read cards:read');
    const before = (await portal.request('GET', '/portal/api/authorized-apps')).body.data.find((a: { client_id: string }) => a.client_id === app.clientId);
    expect(before).toMatchObject({ name: 'Collection Sync', homepage_url: 'https://deckbuilder.example', scopes: ['collection:read', 'cards:read'], last_used_at: null });
    expect(before.granted_at).toBe(clock.now().toISOString());

    clock.advance(60_000);
    expect((await api(tokens.access_token, 'GET', '/api/v1/collection')).status).toBe(200);
    await server.ctx.usage.flush();
    const after = (await portal.request('GET', '/portal/api/authorized-apps')).body.data.find((a: { client_id: string }) => a.client_id === app.clientId);
    expect(after.last_used_at).toBe(clock.now().toISOString());

    // Authorizing again with more scopes shows one line with all of them.
    await connect(app, 'decks:read');
    const merged = (await portal.request('GET', '/portal/api/authorized-apps')).body.data.filter((a: { client_id: string }) => a.client_id === app.clientId);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ scopes: ['collection:read', 'decks:read', 'cards:read'], grants: 2 });
  });

  it('shows usage per application in the portal', async () => {
    const tokens = await connect(app, 'profile:read');
    await api(tokens.access_token, 'GET', '/api/v1/profile');
    await api(tokens.access_token, 'GET', '/api/v1/decks');
    await alice.api('GET', '/api/v1/profile');
    const report = await portal.request('GET', `/portal/api/usage?application_id=${app.clientId}`);
    expect(report.status).toBe(200);
    expect(report.body.data.application_id).toBe(app.clientId);
    expect(report.body.data.routes.map((r: { route: string; requests: number }) => [r.route, r.requests])).toEqual(
      expect.arrayContaining([
        ['GET /api/v1/profile', 1],
        ['GET /api/v1/decks', 1],
      ]),
    );
    const all = await portal.request('GET', '/portal/api/usage');
    const line = all.body.data.applications.find((a: { application_id: string }) => a.application_id === app.clientId);
    expect(line).toMatchObject({ name: 'Collection Sync' });
    expect(line.requests).toBeGreaterThanOrEqual(3);
    // API keys are listed on their own; no grant shows up as a key.
    expect(all.body.data.keys.every((k: { key_id: string }) => k.key_id === alice.keyId)).toBe(true);
  });

  it('revokes an application from the portal: every token of it gets 401 on the next request', async () => {
    const a = await connect(app, 'profile:read');
    const b = await connect(app, 'profile:read');
    expect((await api(a.access_token, 'GET', '/api/v1/profile')).status).toBe(200);
    const res = await portal.request('POST', `/portal/api/authorized-apps/${app.clientId}/revoke`);
    expect(res.status).toBe(204);
    for (const t of [a, b]) {
      const after = await api(t.access_token, 'GET', '/api/v1/profile');
      expect(after.status).toBe(401);
      expect(after.body.code).toBe('revoked_token');
      const refreshed = await oauth.refreshTokenGrantRequest(as, app.client, app.auth, t.refresh_token!, insecure);
      expect(refreshed.status).toBe(400);
    }
    const list = (await portal.request('GET', '/portal/api/authorized-apps')).body.data;
    expect(list.some((x: { client_id: string }) => x.client_id === app.clientId)).toBe(false);
    expect((await portal.request('POST', `/portal/api/authorized-apps/${app.clientId}/revoke`)).status).toBe(404);
    // The user can allow it again.
    const again = await connect(app, 'profile:read');
    expect((await api(again.access_token, 'GET', '/api/v1/profile')).status).toBe(200);
  });

  it('ends every token of an application its developer deletes', async () => {
    const doomed = await registerApp(server, developer.id, { name: 'Doomed' });
    const tokens = await connect(doomed, 'profile:read');
    const dev = new PortalClient(server.url);
    await dev.signIn(developer.username, PASSWORD);
    expect((await portal.request('DELETE', `/portal/api/oauth-apps/${doomed.clientId}`)).status).toBe(404);
    expect((await dev.request('DELETE', `/portal/api/oauth-apps/${doomed.clientId}`)).status).toBe(204);
    expect((await api(tokens.access_token, 'GET', '/api/v1/profile')).status).toBe(401);
    const token = await oauth.refreshTokenGrantRequest(as, doomed.client, doomed.auth, tokens.refresh_token!, insecure);
    expect(token.status).toBe(401);
    expect(await token.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('rotates a client secret: the new one works at once and the old one no longer does', async () => {
    const dev = new PortalClient(server.url);
    await dev.signIn(developer.username, PASSWORD);
    const rotated = await dev.request('POST', `/portal/api/oauth-apps/${app.clientId}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const secret: string = rotated.body.data.client_secret;
    expect(secret).not.toBe(app.clientSecret);
    const tokens = await connect({ ...app, auth: oauth.ClientSecretBasic(secret) }, 'profile:read');
    expect(tokens.access_token).toMatch(/^ccs_at_/);
    const old = await oauth.refreshTokenGrantRequest(as, app.client, oauth.ClientSecretBasic(app.clientSecret!), tokens.refresh_token!, insecure);
    expect(old.status).toBe(401);
    expect(await old.json()).toMatchObject({ error: 'invalid_client' });
    // Tokens issued before the rotation keep working.
    expect((await api(tokens.access_token, 'GET', '/api/v1/profile')).status).toBe(200);
    // Public clients have nothing to rotate.
    const pub = await registerApp(server, developer.id, { type: 'public' });
    expect((await dev.request('POST', `/portal/api/oauth-apps/${pub.clientId}/rotate-secret`)).status).toBe(409);
  });
});

describe('rate limits per (user, application)', () => {
  it('gives each application its own budget per user, and all of a user\u2019s API keys one budget', async () => {
    const small = await startTestServer({ rateLimit: { free: 3, pro: 3, windowMs: 60_000 } }, { cards: false, clock: new ManualClock('2026-11-22T10:00:00.000Z') });
    try {
      const dev = await small.createUser();
      const bob = await small.createUser();
      const smallAs = await discover(small);
      const b = new OAuthBrowser(small);
      await b.signIn(bob.username, PASSWORD);
      const appA = await registerApp(small, dev.id, { name: 'A' });
      const appB = await registerApp(small, dev.id, { name: 'B' });
      const tokenFor = async (x: RegisteredApp) => {
        const request = await authorizationRequest(smallAs, x, { scope: 'profile:read' });
        return exchange(smallAs, x, request, await consentAndReturn(b, request));
      };
      const [a1, a2, bTok] = [await tokenFor(appA), await tokenFor(appA), await tokenFor(appB)];
      const get = (token: string) => small.request('GET', '/api/v1/profile', { token });
      // Two grants of one application share its budget.
      expect((await get(a1.access_token)).headers.get('ratelimit-remaining')).toBe('2');
      expect((await get(a2.access_token)).headers.get('ratelimit-remaining')).toBe('1');
      expect((await get(a1.access_token)).status).toBe(200);
      expect((await get(a2.access_token)).status).toBe(429);
      // Another application, and the user's own key, are counted apart.
      expect((await get(bTok.access_token)).headers.get('ratelimit-remaining')).toBe('2');
      expect((await small.request('GET', '/api/v1/profile', { token: bob.key })).headers.get('ratelimit-remaining')).toBe('2');
      // A second key of the same account spends the same budget as the first.
      const second = await small.ctx.apiKeys.create(bob.id, { name: 'second', scopes: ['profile:read'] });
      expect((await small.request('GET', '/api/v1/profile', { token: second.key })).headers.get('ratelimit-remaining')).toBe('1');
    } finally {
      await small.close();
    }
  });
});

describe('Idempotency-Key across credentials', () => {
  it('never replays the answer kept for the user\u2019s own key, or for another application, to an application: a webhook\u2019s secret is shown once', async () => {
    const appA = await registerApp(server, developer.id, { name: 'Idem A' });
    const appB = await registerApp(server, developer.id, { name: 'Idem B' });
    const [a, b] = [await connect(appA, 'webhooks:manage'), await connect(appB, 'webhooks:manage')];
    const body = { url: 'https://hooks.example/idem', events: ['deck.created'] };
    const headers = { 'idempotency-key': 'setup-webhook-1' };
    const own = await alice.api('POST', '/api/v1/webhooks', body, headers);
    expect(own.status, own.text).toBe(201);
    expect(own.body.data.secret).toEqual(expect.any(String));
    // The same key and body from an application is another request: refused, nothing of the first answer shown.
    const fromA = await server.request('POST', '/api/v1/webhooks', { token: a.access_token, body, headers });
    expect(fromA.status).toBe(422);
    expect(fromA.body.code).toBe('idempotency_key_reused');
    expect(fromA.text).not.toContain(own.body.data.secret);
    // The application's own key is its own: its retry is replayed to it, never to another application.
    const keyA = { 'idempotency-key': 'app-webhook-1' };
    const first = await server.request('POST', '/api/v1/webhooks', { token: a.access_token, body, headers: keyA });
    expect(first.status, first.text).toBe(201);
    const again = await server.request('POST', '/api/v1/webhooks', { token: a.access_token, body, headers: keyA });
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.body.data.secret).toBe(first.body.data.secret);
    const fromB = await server.request('POST', '/api/v1/webhooks', { token: b.access_token, body, headers: keyA });
    expect(fromB.status).toBe(422);
    expect(fromB.text).not.toContain(first.body.data.secret);
    // The user's own keys still share theirs: a retry with a second key of the account is replayed.
    const second = await server.ctx.apiKeys.create(alice.id, { name: 'second', scopes: ['webhooks:manage'] });
    const viaSecond = await server.request('POST', '/api/v1/webhooks', { token: second.key, body, headers });
    expect(viaSecond.headers.get('idempotency-replayed')).toBe('true');
  });
});

describe('an operation that needs two scopes', () => {
  it('answers a deck checked against the collection only to a grant of both decks:read and collection:read', async () => {
    const app = await registerApp(server, developer.id, { name: 'Deck Checker' });
    const deck = await alice.api('POST', '/api/v1/decks', { name: 'Checked', format: 'casual', cards: [{ card_id: CARD, quantity: 2 }] });
    expect(deck.status, deck.text).toBe(201);
    const path = `/api/v1/decks/${deck.body.data.id}/missing`;
    const decksOnly = await connect(app, 'decks:read');
    const refused = await api(decksOnly.access_token, 'GET', path);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'insufficient_scope', missing_scope: 'collection:read' });
    expect(refused.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="collection:read"');
    const collectionOnly = await connect(app, 'collection:read');
    expect((await api(collectionOnly.access_token, 'GET', path)).body.missing_scope).toBe('decks:read');
    const both = await connect(app, 'decks:read collection:read');
    const answered = await api(both.access_token, 'GET', path);
    expect(answered.status, answered.text).toBe(200);
    expect(answered.body.meta).toMatchObject({ match: 'card', needed: 2 });
  });
});
