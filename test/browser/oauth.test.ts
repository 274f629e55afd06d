import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import * as oauth from 'oauth4webapi';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WEB_ROOT } from '../../src/portal/routes.js';
import { authorizationRequest, discover, insecure, registerApp, type AuthorizationRequest, type RegisteredApp } from '../helpers/oauth.js';
import { browserTestsSkipped, describeInChromium, launchChromium } from '../helpers/chromium.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server.js';

/**
 * OAuth in a real browser (Debian's chromium through playwright-core): a developer registers
 * an application on the portal's OAuth apps tab; a user signs in on the portal's page, reads
 * the consent page and clicks Allow; the browser lands on the application's own server, which
 * exchanges the code with oauth4webapi. Then the user revokes the application in the portal.
 */

const SHOTS = path.resolve(import.meta.dirname, '../../test-results/oauth');
const PASSWORD = 'correct horse battery';

/** The third-party application's web server: it receives the redirect, and serves the single-page app's page. */
async function startApplication() {
  const callbacks: URL[] = [];
  let spaPage = '';
  const srv = http.createServer((req, res) => {
    callbacks.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
    if (req.url?.startsWith('/spa')) return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(spaPage);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Deck Builder</title><h1>Connected</h1>');
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as AddressInfo).port;
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    spaUri: `http://127.0.0.1:${port}/spa`,
    serveSpa: (html: string) => {
      spaPage = html;
    },
    callbacks,
    close: () => new Promise<void>((resolve) => srv.close(() => resolve())) };
}

/**
 * A single-page application, a public client on its own origin: its one page starts the flow
 * (PKCE made with WebCrypto), and on the way back exchanges the code and calls the API with
 * fetch, which the browser allows only as far as the service's CORS answers do. The page writes
 * what it saw into #result.
 */
const SPA_PAGE = (authorize: string, token: string, api: string, clientId: string) => `<!doctype html><title>Binder App</title>
<pre id="result">working</pre>
<script type="module">
const b64url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/[+]/g, '-').replace(/[/]/g, '_').replace(/=+$/, '');
const here = location.origin + location.pathname;
const params = new URLSearchParams(location.search);
const out = document.getElementById('result');
if (!params.has('code')) {
  const verifier = b64url(crypto.getRandomValues(new Uint8Array(32)));
  sessionStorage.setItem('verifier', verifier);
  const challenge = b64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  const url = new URL(${JSON.stringify(authorize)});
  for (const [k, v] of Object.entries({ response_type: 'code', client_id: ${JSON.stringify(clientId)}, redirect_uri: here, scope: 'collection:read collection:write profile:read', state: 'spa-state', code_challenge: challenge, code_challenge_method: 'S256' })) url.searchParams.set(k, v);
  location.assign(url.href);
} else {
  try {
    const tokenRes = await fetch(${JSON.stringify(token)}, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ grant_type: 'authorization_code', code: params.get('code'), redirect_uri: here, client_id: ${JSON.stringify(clientId)}, code_verifier: sessionStorage.getItem('verifier') }) });
    const tokens = await tokenRes.json();
    const auth = { authorization: 'Bearer ' + tokens.access_token };
    const profile = await fetch(${JSON.stringify(api)} + '/profile', { headers: auth });
    const created = await fetch(${JSON.stringify(api)} + '/binders', { method: 'POST', headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': 'spa-binder-1' }, body: JSON.stringify({ name: 'Trade binder' }) });
    const binder = await created.json();
    const renamed = await fetch(${JSON.stringify(api)} + '/binders/' + binder.data.id, { method: 'PATCH', headers: { ...auth, 'content-type': 'application/json', 'if-match': created.headers.get('etag') }, body: JSON.stringify({ name: 'Trades' }) });
    const stale = await fetch(${JSON.stringify(api)} + '/binders/' + binder.data.id, { method: 'PATCH', headers: { ...auth, 'content-type': 'application/json', 'if-match': created.headers.get('etag') }, body: JSON.stringify({ name: 'Again' }) });
    const anonymous = await fetch(${JSON.stringify(api)} + '/profile');
    out.textContent = JSON.stringify({
      state: params.get('state'),
      token_status: tokenRes.status,
      profile_status: profile.status,
      username: (await profile.json()).data.username,
      rate_limit_remaining: profile.headers.get('ratelimit-remaining'),
      request_id: profile.headers.get('x-request-id'),
      created_status: created.status,
      location: created.headers.get('location'),
      etag: created.headers.get('etag'),
      renamed_status: renamed.status,
      renamed_name: (await renamed.json()).data.name,
      stale_status: stale.status,
      stale_code: (await stale.json()).code,
      anonymous_status: anonymous.status,
      www_authenticate: anonymous.headers.get('www-authenticate'),
    });
  } catch (err) {
    out.textContent = 'failed: ' + err;
  }
}
</script>`;

let server: TestServer;
let application: Awaited<ReturnType<typeof startApplication>>;
let browserApp: Browser;
let as: oauth.AuthorizationServer;
let developer: TestUser;
let alice: TestUser;
let registered: RegisteredApp;
let accessToken = '';
const consoleProblems: string[] = [];

async function newPage(): Promise<Page> {
  const context = await browserApp.newContext({ viewport: { width: 1200, height: 860 }, locale: 'en-GB', timezoneId: 'UTC' });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (err) => consoleProblems.push(err.message));
  page.on('console', (msg) => {
    // A refused script or style, and any resource the pages ask for that is not there (a /favicon.ico they forgot to name).
    if (/content security policy|refused|failed to load resource/i.test(msg.text())) consoleProblems.push(`${msg.text()} ${msg.location().url}`);
  });
  return page;
}

async function signInOnPortalPage(page: Page, username: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

beforeAll(async () => {
  if (browserTestsSkipped()) return;
  if (!fs.existsSync(path.join(WEB_ROOT, 'index.html'))) throw new Error('The portal is not built: run "npm run build" first.');
  fs.mkdirSync(SHOTS, { recursive: true });
  application = await startApplication();
  server = await startTestServer({ usageFlushMs: 200 }, { cards: false });
  developer = await server.createUser();
  alice = await server.createUser();
  as = await discover(server);
  browserApp = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browserApp?.close();
  await server?.close();
  await application?.close();
});

describeInChromium('OAuth in a browser', () => {
  it('registers an application on the OAuth apps tab and shows its secret once', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/portal/`);
    await signInOnPortalPage(page, developer.username);
    await page.getByRole('navigation', { name: 'Portal sections' }).getByRole('link', { name: 'OAuth apps' }).click();
    await page.getByRole('heading', { level: 1, name: 'OAuth apps' }).waitFor();
    await page.getByRole('button', { name: 'Register app' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Register an OAuth application' });
    await dialog.waitFor();
    await dialog.getByLabel('Name', { exact: true }).fill('Deck Builder');
    await dialog.getByLabel('Homepage (optional)').fill('https://deckbuilder.example');
    // Two bad lines of three: the error says which line each problem is about.
    const problemsBefore = consoleProblems.length;
    await dialog.getByLabel('Redirect URIs').fill('https://deckbuilder.example/callback\nhttp://deckbuilder.example/cb\nhttps://deckbuilder.example/cb#frag');
    await dialog.getByRole('button', { name: 'Register' }).click();
    const uriError = dialog.getByText(/http:\/\/deckbuilder\.example\/cb: The redirect URI must use https/);
    await uriError.waitFor();
    expect(await uriError.textContent()).toContain('https://deckbuilder.example/cb#frag: The redirect URI must not contain a fragment');
    // The browser logs the refused registration (422); nothing else.
    expect(consoleProblems.splice(problemsBefore)).toEqual([expect.stringMatching(/status of 422/)]);
    await dialog.getByLabel('Redirect URIs').fill(`${application.redirectUri}\nhttps://deckbuilder.example/callback`);
    await dialog.getByRole('radio', { name: /Confidential/ }).check();
    await page.screenshot({ path: path.join(SHOTS, '01-register.png') });
    await dialog.getByRole('button', { name: 'Register' }).click();

    const shown = page.getByRole('dialog', { name: 'Your application is registered' });
    await shown.waitFor();
    const clientId = await shown.getByTestId('client-id').inputValue();
    const secret = await shown.getByTestId('client-secret').inputValue();
    expect(secret).toMatch(/^ccs_cs_/);
    await page.screenshot({ path: path.join(SHOTS, '02-credentials.png') });
    await shown.getByRole('button', { name: 'I have copied the secret' }).click();
    const row = page.getByRole('row', { name: /Deck Builder/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(clientId);
    expect(await page.content()).not.toContain(secret);
    registered = { clientId, clientSecret: secret, redirectUri: application.redirectUri, client: { client_id: clientId }, auth: oauth.ClientSecretBasic(secret) };
    await page.context().close();
  });

  it('signs the user in on the portal\u2019s page, shows the consent page, and Allow brings the browser back to the application', async () => {
    const page = await newPage();
    const request: AuthorizationRequest = await authorizationRequest(as, registered, { scope: 'collection:read profile:read' });
    await page.goto(request.url.href);
    await signInOnPortalPage(page, alice.username);

    await page.getByRole('heading', { level: 1, name: /Allow Deck Builder to use your account\?/ }).waitFor();
    await page.getByText('See your collection: the cards you own').waitFor();
    await page.getByText('See your username, e-mail address and plan.').waitFor();
    await page.getByRole('link', { name: 'https://deckbuilder.example' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, '03-consent.png'), fullPage: true });
    await Promise.all([page.waitForURL((u) => u.href.startsWith(application.redirectUri)), page.getByRole('button', { name: 'Allow' }).click()]);
    await page.getByRole('heading', { name: 'Connected' }).waitFor();

    const callback = application.callbacks.find((u) => u.pathname === '/callback')!;
    expect(callback.searchParams.get('state')).toBe(request.state);
    const full = new URL(page.url());
    const params = oauth.validateAuthResponse(as, registered.client, full, request.state);
    const res = await oauth.authorizationCodeGrantRequest(as, registered.client, registered.auth, params, registered.redirectUri, request.verifier, insecure);
    const tokens = await oauth.processAuthorizationCodeResponse(as, registered.client, res);
    accessToken = tokens.access_token;
    const me = await server.request('GET', '/api/v1/profile', { token: accessToken });
    expect(me.status).toBe(200);
    expect(me.body.data.username).toBe(alice.username);
    // The consent page's CSP let the browser follow the redirect to the application; nothing was refused.
    expect(consoleProblems).toEqual([]);

    // Authorized apps: the user sees the application, and revokes it.
    await page.goto(`${server.url}/portal/authorized-apps`);
    await page.getByRole('heading', { level: 1, name: 'Authorized apps' }).waitFor();
    const row = page.getByRole('row', { name: /Deck Builder/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('collection:read');
    expect(await row.textContent()).toContain('profile:read');
    await page.screenshot({ path: path.join(SHOTS, '04-authorized-apps.png'), fullPage: true });
    await page.getByRole('button', { name: 'Revoke Deck Builder' }).click();
    const confirm = page.getByRole('dialog', { name: "Revoke this application's access?" });
    await confirm.getByRole('button', { name: 'Revoke access' }).click();
    await page.getByText('No authorized apps').waitFor();
    const after = await server.request('GET', '/api/v1/profile', { token: accessToken });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('revoked_token');
    expect(consoleProblems).toEqual([]);
    await page.context().close();
  });

  it('lets a single-page app on another origin, a public client, exchange its code and call the API from the page', async () => {
    const spa = await registerApp(server, developer.id, { type: 'public', name: 'Binder App', redirectUris: [application.spaUri] });
    expect(spa.clientSecret).toBeNull();
    application.serveSpa(SPA_PAGE(as.authorization_endpoint!, as.token_endpoint!, `${server.url}/api/v1`, spa.clientId));
    const page = await newPage();
    await page.goto(application.spaUri);
    await signInOnPortalPage(page, alice.username);
    await page.getByRole('heading', { level: 1, name: /Allow Binder App to use your account\?/ }).waitFor();
    await Promise.all([page.waitForURL((u) => u.href.startsWith(`${application.spaUri}?`)), page.getByRole('button', { name: 'Allow' }).click()]);
    await page.waitForFunction("document.getElementById('result').textContent !== 'working'");
    const text = (await page.locator('#result').textContent()) ?? '';
    expect(text).not.toMatch(/^failed/);
    const seen = JSON.parse(text) as Record<string, unknown>;
    expect(seen).toMatchObject({
      state: 'spa-state',
      token_status: 200,
      profile_status: 200,
      username: alice.username,
      created_status: 201,
      renamed_status: 200,
      renamed_name: 'Trades',
      // The headers a client needs are readable across origins: ETag for If-Match, the rate limit, the request id.
      stale_status: 412,
      stale_code: 'precondition_failed',
      anonymous_status: 401,
    });
    expect(seen.rate_limit_remaining).toMatch(/^\d+$/);
    expect(seen.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.etag).toMatch(/^(W\/)?"/);
    expect(seen.location).toMatch(/^\/api\/v1\/binders\/[0-9a-f-]{36}$/);
    expect(seen.www_authenticate).toMatch(/^Bearer /);
    // The binder is Alice's, made with her token from the page.
    const binders = await alice.api('GET', '/api/v1/binders');
    expect(binders.body.data.map((b: { name: string }) => b.name)).toContain('Trades');
    // Chromium logs the two refusals the page asked for, and nothing else (a CORS refusal would be logged here too).
    expect(consoleProblems.map((p) => /status of (\d+)/.exec(p)?.[1] ?? p)).toEqual(['412', '401']);
    await page.context().close();
  });
});
