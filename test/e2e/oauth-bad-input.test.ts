import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import {
  OAuthBrowser,
  PASSWORD,
  REDIRECT_URI,
  authorizationRequest,
  basic,
  consentAndReturn,
  exchange,
  insecure,
  registerApp,
  startOAuthScenario,
  tokenRequest,
  type Landing,
  type RegisteredApp,
} from '../helpers/oauth.js';
import type { TestServer, TestUser } from '../helpers/server.js';

/**
 * Every bad input of issue 12 gets the RFC's error and issues nothing: no code, no token,
 * no grant. Errors about the request itself (unknown client, unregistered redirect URI) are
 * shown to the person, never sent to a URI nobody registered.
 */


let server: TestServer;
const clock = new ManualClock('2026-11-22T10:00:00.000Z');
let as: oauth.AuthorizationServer;
let developer: TestUser;
let alice: TestUser;
let browser: OAuthBrowser;
let app: RegisteredApp;
let other: RegisteredApp;

beforeAll(async () => {
  ({ server, developer, alice, as, browser } = await startOAuthScenario({}, { clock, cards: false }));
  app = await registerApp(server, developer.id, { name: 'Deck Builder' });
  other = await registerApp(server, developer.id, { name: 'Other App', redirectUris: ['http://127.0.0.1:9/other'] });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** Counts of what the server has handed out, to show a bad request added nothing. */
async function issued(): Promise<Record<string, number>> {
  const rows = await server.ctx.database.db
    .selectFrom('oauth_records')
    .select(['model'])
    .where('model', 'in', ['AuthorizationCode', 'AccessToken', 'RefreshToken', 'Grant'])
    .execute();
  const out: Record<string, number> = { AuthorizationCode: 0, AccessToken: 0, RefreshToken: 0, Grant: 0 };
  for (const r of rows) out[r.model]! += 1;
  return out;
}

let before: Record<string, number>;
beforeEach(async () => {
  before = await issued();
});

async function expectNothingIssued(): Promise<void> {
  expect(await issued()).toEqual(before);
}

function expectErrorRedirect(landing: Landing, error: string, state: string): URL {
  expect(landing.kind).toBe('callback');
  if (landing.kind !== 'callback') throw new Error('no redirect');
  expect(`${landing.url.origin}${landing.url.pathname}`).toBe(REDIRECT_URI);
  expect(landing.url.searchParams.get('error')).toBe(error);
  expect(landing.url.searchParams.get('state')).toBe(state);
  expect(landing.url.searchParams.get('code')).toBeNull();
  return landing.url;
}


describe('the authorization request', () => {
  it('shows an error page, and redirects nowhere, for an unknown client', async () => {
    const request = await authorizationRequest(as, { ...app, clientId: 'no-such-client' });
    const res = await fetch(request.url, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const html = await res.text();
    expect(html).toContain('Unknown application');
    expect(html).toContain('invalid_client');
    await expectNothingIssued();
  });

  it('shows an error page, and redirects nowhere, for a redirect_uri that is not registered exactly', async () => {
    for (const uri of ['https://evil.example/callback', `${REDIRECT_URI}/`, 'http://127.0.0.1:10/callback', `${REDIRECT_URI}?x=1`, 'http://localhost:9/callback']) {
      const request = await authorizationRequest(as, app, { redirectUri: uri });
      const res = await fetch(request.url, { redirect: 'manual' });
      expect(res.status, uri).toBe(400);
      expect(res.headers.get('location'), uri).toBeNull();
      const html = await res.text();
      expect(html).toContain('has not registered');
      expect(html).toContain('invalid_redirect_uri');
    }
    // Another client's registered URI is no better.
    const stolen = await authorizationRequest(as, app, { redirectUri: other.redirectUri });
    expect((await fetch(stolen.url, { redirect: 'manual' })).status).toBe(400);
    await expectNothingIssued();
  });

  it('refuses a request without code_challenge: PKCE is required', async () => {
    const request = await authorizationRequest(as, app, { params: { code_challenge: undefined, code_challenge_method: undefined } });
    request.url.searchParams.delete('code_challenge');
    request.url.searchParams.delete('code_challenge_method');
    const url = expectErrorRedirect(await browser.go(request.url), 'invalid_request', request.state);
    expect(url.searchParams.get('error_description')).toMatch(/PKCE/);
    await expectNothingIssued();
  });

  it('refuses code_challenge_method=plain', async () => {
    const request = await authorizationRequest(as, app, { params: { code_challenge_method: 'plain', code_challenge: 'a'.repeat(43) } });
    const url = expectErrorRedirect(await browser.go(request.url), 'invalid_request', request.state);
    expect(url.searchParams.get('error_description')).toMatch(/code_challenge_method/);
    await expectNothingIssued();
  });

  it('refuses an unknown scope with invalid_scope instead of dropping it', async () => {
    for (const scope of ['collection:read collection:admin', 'openid', 'offline_access profile:read']) {
      const request = await authorizationRequest(as, app, { scope });
      const url = expectErrorRedirect(await browser.go(request.url), 'invalid_scope', request.state);
      expect(url.searchParams.get('error_description')).toMatch(/unsupported scope/);
    }
    const none = await authorizationRequest(as, app, { params: { scope: undefined } });
    none.url.searchParams.delete('scope');
    expectErrorRedirect(await browser.go(none.url), 'invalid_scope', none.state);
    await expectNothingIssued();
  });

  it('answers in the query only: another response_mode is unsupported_response_mode, sent in the query with state and iss', async () => {
    for (const mode of ['form_post', 'fragment', 'jwt', 'query.jwt']) {
      const request = await authorizationRequest(as, app, { params: { response_mode: mode } });
      const url = expectErrorRedirect(await browser.go(request.url), 'unsupported_response_mode', request.state);
      expect(url.hash, mode).toBe('');
      expect(url.searchParams.get('iss')).toBe(server.url);
    }
    await expectNothingIssued();
    // `query` itself, written out, is the ordinary flow.
    const explicit = await authorizationRequest(as, app, { params: { response_mode: 'query' } });
    const tokens = await exchange(as, app, explicit, await consentAndReturn(browser, explicit));
    expect(tokens.access_token).toMatch(/^ccs_at_/);
  });

  it('refuses the implicit and hybrid flows with unsupported_response_type in the query, never the fragment', async () => {
    for (const type of ['token', 'code id_token', 'code token']) {
      const request = await authorizationRequest(as, app, { params: { response_type: type } });
      const url = expectErrorRedirect(await browser.go(request.url), 'unsupported_response_type', request.state);
      expect(url.hash, type).toBe('');
      expect(url.searchParams.get('iss')).toBe(server.url);
    }
    await expectNothingIssued();
  });

  it('redirects with access_denied and the state when the user clicks Deny', async () => {
    const request = await authorizationRequest(as, app);
    const consent = await browser.go(request.url);
    expect(consent.kind).toBe('consent');
    if (consent.kind !== 'consent') return;
    expectErrorRedirect(await browser.decide(consent, 'deny'), 'access_denied', request.state);
    await expectNothingIssued();
  });

  it('sends a signed-out browser to the portal\u2019s sign-in first, then on to the consent page', async () => {
    const stranger = new OAuthBrowser(server);
    const request = await authorizationRequest(as, app);
    const landing = await stranger.go(request.url);
    expect(landing.kind).toBe('sign-in');
    if (landing.kind !== 'sign-in') return;
    const next = landing.url.searchParams.get('next')!;
    expect(next).toMatch(/^\/oauth\/interaction\/[A-Za-z0-9_-]+$/);
    await stranger.signIn(alice.username, PASSWORD);
    const consent = await stranger.go(next);
    expect(consent.kind).toBe('consent');
    await expectNothingIssued();
  });
});

describe('the consent form', () => {
  let consent: Extract<Landing, { kind: 'consent' }>;
  let request: Awaited<ReturnType<typeof authorizationRequest>>;

  beforeAll(async () => {
    request = await authorizationRequest(as, app);
    const landing = await browser.go(request.url);
    if (landing.kind !== 'consent') throw new Error('no consent page');
    consent = landing;
  });

  const post = (form: Record<string, string>, headers: Record<string, string> = {}, who: OAuthBrowser = browser) =>
    who.go(`/oauth/interaction/${consent.uid}/decision`, { method: 'POST', form, headers });

  it('refuses a post without the page\u2019s CSRF token', async () => {
    const res = await post({ decision: 'allow' });
    expect(res).toMatchObject({ kind: 'page', status: 403 });
    await expectNothingIssued();
  });

  it('refuses a token made for another session or another request', async () => {
    const res = await post({ decision: 'allow', csrf_token: consent.csrf.slice(0, -2) + (consent.csrf.endsWith('AA') ? 'BB' : 'AA') });
    expect(res).toMatchObject({ kind: 'page', status: 403 });
    await expectNothingIssued();
  });

  it('refuses a cross-site post even with a valid token', async () => {
    const res = await post({ decision: 'allow', csrf_token: consent.csrf }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(res).toMatchObject({ kind: 'page', status: 403 });
    await expectNothingIssued();
  });

  it('does nothing for a browser that is not signed in (an attacker\u2019s page posting blind)', async () => {
    const attacker = new OAuthBrowser(server);
    for (const [k, v] of browser.cookies) if (k.startsWith('ccs_oauth')) attacker.cookies.set(k, v);
    const res = await post({ decision: 'allow', csrf_token: consent.csrf }, {}, attacker);
    expect(res.kind).toBe('sign-in');
    await expectNothingIssued();
  });

  it('still lets the real user allow afterwards', async () => {
    const back = await browser.decide(consent, 'allow');
    expect(back.kind).toBe('callback');
    if (back.kind === 'callback') expect(back.url.searchParams.get('code')).toBeTruthy();
  });

  it('takes one decision per request: a second Allow (a double click, or Back and Allow again) grants nothing more', async () => {
    const fresh = await authorizationRequest(as, app);
    const landing = await browser.go(fresh.url);
    if (landing.kind !== 'consent') throw new Error('no consent page');
    const before = await issued();
    const decide = () =>
      browser.request('POST', `/oauth/interaction/${landing.uid}/decision`, {
        headers: { cookie: browser.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
        csrf: false,
        rawBody: new URLSearchParams({ csrf_token: landing.csrf, decision: 'allow' }).toString(),
      });
    // Both sent before the browser follows the first answer back to the application.
    const first = await decide();
    const second = await decide();
    expect(first.status).toBe(303);
    expect(second.status).toBe(400);
    expect(second.text).toContain('This request has expired');
    const back = await browser.go(first.headers.get('location')!);
    expect(back.kind).toBe('callback');
    expect((await issued()).Grant).toBe((before.Grant ?? 0) + 1);
    // After the application got its code, the form is spent as well.
    expect(await browser.go(`/oauth/interaction/${landing.uid}/decision`, { method: 'POST', form: { csrf_token: landing.csrf, decision: 'allow' } })).toMatchObject({ kind: 'page', status: 400 });
    expect((await issued()).Grant).toBe((before.Grant ?? 0) + 1);
  });
});

describe('the token endpoint', () => {
  /** A fresh code for `app`, not yet exchanged. */
  async function freshCode(forApp: RegisteredApp = app) {
    const request = await authorizationRequest(as, forApp);
    const callback = await consentAndReturn(browser, request);
    const params = oauth.validateAuthResponse(as, forApp.client, callback, request.state);
    return { request, code: params.get('code')!, params };
  }

  function expectJsonError(res: { status: number; headers: Headers; body: Record<string, string> }, status: number, error: string) {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.error).toBe(error);
    expect(res.body.access_token).toBeUndefined();
  }

  it('answers invalid_client for an unknown client', async () => {
    const { code, request } = await freshCode();
    before = await issued();
    const res = await tokenRequest(
      server,
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: request.verifier },
      { authorization: basic('no-such-client', 'whatever') },
    );
    expectJsonError(res, 401, 'invalid_client');
    await expectNothingIssued();
  });

  it('answers a client_id holding a NUL like an unknown client, on every endpoint (PostgreSQL cannot compare it)', async () => {
    for (const clientId of ['\u0000', 'a\u0000b']) {
      const authorize = await authorizationRequest(as, { ...app, clientId });
      const page = await fetch(authorize.url, { redirect: 'manual' });
      expect(page.status).toBe(400);
      expect(page.headers.get('location')).toBeNull();
      expect(await page.text()).toContain('invalid_client');
      expectJsonError(await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: 'x', client_id: clientId }), 401, 'invalid_client');
      const revoke = await fetch(`${server.url}/oauth/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: 'x', client_id: clientId }).toString(),
      });
      expect(revoke.status).toBe(401);
      expect(await revoke.json()).toMatchObject({ error: 'invalid_client' });
    }
    await expectNothingIssued();
  });

  it('answers 401 invalid_client, not invalid_request, to a request that names no client at all (RFC 6749 5.2)', async () => {
    const { code, request } = await freshCode();
    before = await issued();
    for (const form of [
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: request.verifier } as Record<string, string>,
      { grant_type: 'refresh_token', refresh_token: 'x' },
    ]) {
      const res = await tokenRequest(server, form);
      expectJsonError(res, 401, 'invalid_client');
      expect(res.headers.get('www-authenticate')).toBe(`Basic realm="${server.url}"`);
    }
    const revoke = await fetch(`${server.url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: 'abc' }).toString(),
    });
    expect(revoke.status).toBe(401);
    expect(await revoke.json()).toMatchObject({ error: 'invalid_client' });
    await expectNothingIssued();
    // Other malformed requests stay invalid_request.
    expectJsonError(await tokenRequest(server, { grant_type: 'authorization_code', code }, { authorization: basic(app.clientId, app.clientSecret!) }), 400, 'invalid_request');
  });

  it('answers invalid_client for a wrong client secret, sent either way', async () => {
    const { code, request } = await freshCode();
    before = await issued();
    const form = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: request.verifier };
    expectJsonError(await tokenRequest(server, form, { authorization: basic(app.clientId, `${app.clientSecret}x`) }), 401, 'invalid_client');
    expectJsonError(await tokenRequest(server, { ...form, client_id: app.clientId, client_secret: 'ccs_cs_wrong' }), 401, 'invalid_client');
    // A confidential client cannot leave its secret out.
    expectJsonError(await tokenRequest(server, { ...form, client_id: app.clientId }), 401, 'invalid_client');
    await expectNothingIssued();
    // The code itself was not used up by the failed attempts.
    const ok = await tokenRequest(server, form, { authorization: basic(app.clientId, app.clientSecret!) });
    expect(ok.status).toBe(200);
  });

  it('answers invalid_grant for a wrong code_verifier', async () => {
    const { code } = await freshCode();
    before = await issued();
    const res = await tokenRequest(
      server,
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: oauth.generateRandomCodeVerifier() },
      { authorization: basic(app.clientId, app.clientSecret!) },
    );
    expectJsonError(res, 400, 'invalid_grant');
    const missing = await tokenRequest(server, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI }, { authorization: basic(app.clientId, app.clientSecret!) });
    expect(missing.body.error).toMatch(/invalid_grant|invalid_request/);
    await expectNothingIssued();
  });

  it('answers invalid_grant for a redirect_uri other than the one the code was issued for', async () => {
    const two = await registerApp(server, developer.id, { redirectUris: [REDIRECT_URI, 'http://127.0.0.1:9/second'] });
    const { code, request } = await freshCode(two);
    before = await issued();
    const res = await tokenRequest(
      server,
      { grant_type: 'authorization_code', code, redirect_uri: 'http://127.0.0.1:9/second', code_verifier: request.verifier },
      { authorization: basic(two.clientId, two.clientSecret!) },
    );
    expectJsonError(res, 400, 'invalid_grant');
    await expectNothingIssued();
  });

  it('answers invalid_grant for a reused code, and revokes what its first use issued', async () => {
    const request = await authorizationRequest(as, app);
    const callback = await consentAndReturn(browser, request);
    const tokens = await exchange(as, app, request, callback);
    expect((await server.request('GET', '/api/v1/profile', { token: tokens.access_token })).status).toBe(200);
    before = await issued();
    const params = oauth.validateAuthResponse(as, app.client, callback, request.state);
    const again = await oauth.authorizationCodeGrantRequest(as, app.client, app.auth, params, REDIRECT_URI, request.verifier, insecure);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
    await expectNothingIssued();
    const res = await server.request('GET', '/api/v1/profile', { token: tokens.access_token });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('revoked_token');
    const refreshed = await oauth.refreshTokenGrantRequest(as, app.client, app.auth, tokens.refresh_token!, insecure);
    expect(refreshed.status).toBe(400);
  });

  it('answers invalid_grant for a code older than 60 seconds', async () => {
    // Two codes issued at the same moment: one exchanged at 59 s, the other tried at 60 s.
    const [early, late] = [await freshCode(), await freshCode()];
    clock.advance(59_000);
    const ok = await oauth.authorizationCodeGrantRequest(as, app.client, app.auth, early.params, REDIRECT_URI, early.request.verifier, insecure);
    expect(ok.status).toBe(200);
    clock.advance(1_000);
    before = await issued();
    const res = await oauth.authorizationCodeGrantRequest(as, app.client, app.auth, late.params, REDIRECT_URI, late.request.verifier, insecure);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
    await expectNothingIssued();
  });

  it('answers invalid_grant for a code issued to another client', async () => {
    const { code, request } = await freshCode();
    before = await issued();
    const res = await tokenRequest(
      server,
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: request.verifier },
      { authorization: basic(other.clientId, other.clientSecret!) },
    );
    expectJsonError(res, 400, 'invalid_grant');
    await expectNothingIssued();
  });

  it('answers invalid_grant for a refresh token of another client, which keeps working for its own', async () => {
    const request = await authorizationRequest(as, app);
    const tokens = await exchange(as, app, request, await consentAndReturn(browser, request));
    before = await issued();
    const res = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! }, { authorization: basic(other.clientId, other.clientSecret!) });
    expectJsonError(res, 400, 'invalid_grant');
    await expectNothingIssued();
    const own = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! }, { authorization: basic(app.clientId, app.clientSecret!) });
    expect(own.status).toBe(200);
  });

  it('refuses the password grant and unknown grant types', async () => {
    const res = await tokenRequest(server, { grant_type: 'password', username: alice.username, password: PASSWORD }, { authorization: basic(app.clientId, app.clientSecret!) });
    expectJsonError(res, 400, 'unsupported_grant_type');
    await expectNothingIssued();
  });

  it('answers a malformed body with invalid_request, never a 500', async () => {
    const res = await fetch(`${server.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    await res.text();
    // An empty body names no client: invalid_client (RFC 6749 5.2), as in the test above.
    const empty = await tokenRequest(server, {});
    expect(empty.status).toBe(401);
    expect(empty.body.error).toBe('invalid_client');
    // From an authenticated client, a body without grant_type is invalid_request.
    const noGrant = await tokenRequest(server, {}, { authorization: basic(app.clientId, app.clientSecret!) });
    expect(noGrant.status).toBe(400);
    expect(noGrant.body.error).toBe('invalid_request');
  });
});

describe('bearer tokens on the API', () => {
  it('answers 401 invalid_token for malformed and unknown access tokens', async () => {
    for (const token of ['ccs_at_short', `ccs_at_${'A'.repeat(43)}`, `ccs_rt_${'A'.repeat(43)}`]) {
      const res = await server.request('GET', '/api/v1/profile', { token });
      expect(res.status, token).toBe(401);
      expect(res.body.code).toBe('invalid_token');
    }
  });

  it('does not take a refresh token as an access token', async () => {
    const request = await authorizationRequest(as, app);
    const tokens = await exchange(as, app, request, await consentAndReturn(browser, request));
    const res = await server.request('GET', '/api/v1/profile', { token: tokens.refresh_token });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalid_token');
  });
});

describe('revocation (RFC 7009)', () => {
  it('does not let one client revoke another client\u2019s token', async () => {
    const request = await authorizationRequest(as, app);
    const tokens = await exchange(as, app, request, await consentAndReturn(browser, request));
    const res = await fetch(`${server.url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(other.clientId, other.clientSecret!) },
      body: new URLSearchParams({ token: tokens.access_token }).toString(),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'unauthorized_client' });
    expect((await server.request('GET', '/api/v1/profile', { token: tokens.access_token })).status).toBe(200);
  });

  it('answers 200 for a token it does not know, as RFC 7009 says', async () => {
    const res = await oauth.revocationRequest(as, app.client, app.auth, `ccs_at_${'B'.repeat(43)}`, insecure);
    expect(res.status).toBe(200);
  });
});
