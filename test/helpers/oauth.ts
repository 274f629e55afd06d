import * as oauth from 'oauth4webapi';
import type { Config } from '../../src/config.js';
import type { Clock } from '../../src/lib/clock.js';
import { PortalClient } from './portal.js';
import { startTestServer, type TestServer } from './server.js';

/**
 * The application side of the flow is oauth4webapi (panva), a client library none of us wrote;
 * the browser side is a PortalClient that follows redirects by hand, reads the consent page
 * and submits its form the way a browser would (one test does the same in real Chromium).
 */

export interface RegisteredApp {
  clientId: string;
  clientSecret: string | null;
  redirectUri: string;
  client: oauth.Client;
  auth: oauth.ClientAuth;
}

/** Where a browser ends up after following the server's redirects. */
export type Landing =
  | { kind: 'callback'; url: URL }
  | { kind: 'sign-in'; url: URL }
  | { kind: 'consent'; uid: string; csrf: string; html: string; csp: string | null }
  | { kind: 'page'; status: number; html: string; headers: Headers };

export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

/** oauth4webapi refuses http unless told: the test server is plain http on 127.0.0.1. */
export const insecure = { [oauth.allowInsecureRequests]: true } as const;

export async function discover(server: TestServer): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(server.url);
  const res = await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure });
  return oauth.processDiscoveryResponse(issuer, res);
}

export async function registerApp(
  server: TestServer,
  ownerId: string,
  opts: { type?: 'confidential' | 'public'; redirectUris?: string[]; name?: string; auth?: 'basic' | 'post' } = {},
): Promise<RegisteredApp> {
  const redirectUris = opts.redirectUris ?? [REDIRECT_URI];
  const created = await server.ctx.oauth.createClient(ownerId, {
    name: opts.name ?? 'Deck Builder',
    homepage_url: 'https://deckbuilder.example',
    redirect_uris: redirectUris,
    type: opts.type ?? 'confidential',
  });
  const secret = created.client_secret;
  const auth = secret === null ? oauth.None() : opts.auth === 'post' ? oauth.ClientSecretPost(secret) : oauth.ClientSecretBasic(secret);
  return { clientId: created.client_id, clientSecret: secret, redirectUri: redirectUris[0]!, client: { client_id: created.client_id }, auth };
}

export interface AuthorizationRequest {
  url: URL;
  state: string;
  verifier: string;
}

export async function authorizationRequest(
  as: oauth.AuthorizationServer,
  app: RegisteredApp,
  opts: { scope?: string; params?: Record<string, string | undefined>; redirectUri?: string } = {},
): Promise<AuthorizationRequest> {
  const verifier = oauth.generateRandomCodeVerifier();
  const challenge = await oauth.calculatePKCECodeChallenge(verifier);
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: app.clientId,
    redirect_uri: opts.redirectUri ?? app.redirectUri,
    scope: opts.scope ?? 'collection:read profile:read',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...opts.params,
  };
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return { url, state, verifier };
}

export class OAuthBrowser extends PortalClient {
  constructor(readonly server: TestServer) {
    super(server.url);
  }

  /** GET or POST, following redirects inside the server until the browser would leave it or show a page. */
  async go(start: URL | string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<Landing> {
    let url = new URL(start, this.server.url);
    let method = init.method ?? 'GET';
    let body: string | undefined = init.form ? new URLSearchParams(init.form).toString() : undefined;
    for (let hops = 0; hops < 10; hops++) {
      if (url.origin !== new URL(this.server.url).origin) return { kind: 'callback', url };
      if (url.pathname === '/portal/sign-in') return { kind: 'sign-in', url };
      const headers: Record<string, string> = { ...(hops === 0 ? (init.headers ?? {}) : {}) };
      if (this.cookies.size) headers.cookie = this.cookieHeader();
      if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
      const res = await this.request(method, url.pathname + url.search, { headers, csrf: false, rawBody: body });
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        url = new URL(location, url);
        method = 'GET';
        body = undefined;
        continue;
      }
      const uid = /action="\/oauth\/interaction\/([^/"]+)\/decision"/.exec(res.text)?.[1];
      const csrf = /name="csrf_token" value="([^"]+)"/.exec(res.text)?.[1];
      if (res.status === 200 && uid && csrf) return { kind: 'consent', uid, csrf, html: res.text, csp: res.headers.get('content-security-policy') };
      return { kind: 'page', status: res.status, html: res.text, headers: res.headers };
    }
    throw new Error('too many redirects');
  }

  /** Clicks Allow or Deny on a consent page and follows the browser back to the application. */
  async decide(consent: Extract<Landing, { kind: 'consent' }>, decision: 'allow' | 'deny'): Promise<Landing> {
    return this.go(`/oauth/interaction/${consent.uid}/decision`, { method: 'POST', form: { csrf_token: consent.csrf, decision } });
  }
}

/** The whole browser part: authorize, consent with Allow (or Deny), back at the redirect URI. */
export async function consentAndReturn(browser: OAuthBrowser, request: AuthorizationRequest, decision: 'allow' | 'deny' = 'allow'): Promise<URL> {
  const consent = await browser.go(request.url);
  if (consent.kind !== 'consent') throw new Error(`expected the consent page, got ${JSON.stringify(consent).slice(0, 500)}`);
  const back = await browser.decide(consent, decision);
  if (back.kind !== 'callback') throw new Error(`expected a redirect to the application, got ${JSON.stringify(back).slice(0, 500)}`);
  return back.url;
}

/** Authorization code to tokens through oauth4webapi, as an application would. */
export async function exchange(as: oauth.AuthorizationServer, app: RegisteredApp, request: AuthorizationRequest, callback: URL) {
  const params = oauth.validateAuthResponse(as, app.client, callback, request.state);
  const res = await oauth.authorizationCodeGrantRequest(as, app.client, app.auth, params, app.redirectUri, request.verifier, insecure);
  return oauth.processAuthorizationCodeResponse(as, app.client, res);
}

export async function refresh(as: oauth.AuthorizationServer, app: RegisteredApp, refreshToken: string) {
  const res = await oauth.refreshTokenGrantRequest(as, app.client, app.auth, refreshToken, insecure);
  return oauth.processRefreshTokenResponse(as, app.client, res);
}

/** A raw POST to the token endpoint, for the requests a well-behaved library would never send. */
export async function tokenRequest(server: TestServer, form: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, string>) : {} };
}

export function basic(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}

export const PASSWORD = 'correct horse battery';

/**
 * A server with a developer (who registers applications) and a user, Alice, whose browser is
 * signed in to the portal; the authorization server's metadata is discovered as a client would.
 */
export async function startOAuthScenario(config: Partial<Config>, opts: { clock?: Clock; cards?: boolean }) {
  const server = await startTestServer(config, opts);
  const developer = await server.createUser();
  const alice = await server.createUser();
  const as = await discover(server);
  const browser = new OAuthBrowser(server);
  const signedIn = await browser.signIn(alice.username, PASSWORD);
  if (signedIn.status !== 200) throw new Error(`portal sign-in failed: ${signedIn.status}`);
  return { server, developer, alice, as, browser };
}
