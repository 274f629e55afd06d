import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Provider, { errors, interactionPolicy, type AdapterFactory, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { hashToken } from '../auth/api-key-format.js';
import { ACCESS_TOKEN_PREFIX, REFRESH_TOKEN_PREFIX } from '../auth/oauth-token-format.js';
import { isScope, SCOPES } from '../auth/scopes.js';
import { databaseOutageCause } from '../availability/causes.js';
import type { ServerKeys } from './keys.js';
import { OAUTH_PATHS } from './paths.js';
import { acceptsResource } from './resources.js';

/**
 * The authorization server: oidc-provider (panva, OpenID Certified), configured down to what
 * the contract offers (section 7): the authorization code flow with PKCE S256 and nothing
 * else, opaque `ccs_at_`/`ccs_rt_` tokens, refresh tokens that rotate on every use, RFC 7009
 * revocation. Sign-in and consent are ours (src/oauth/routes.ts); everything of the protocol
 * is the library's.
 */



export const CODE_TTL_SECONDS = 60;
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** From each issue: an application that keeps refreshing keeps its access, up to the grant's lifetime. */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
/** After a year the user is asked again. */
export const GRANT_TTL_SECONDS = 365 * 24 * 3600;
/** Time to sign in and decide on the consent page. */
export const INTERACTION_TTL_SECONDS = 30 * 60;

/** oidc-provider's description of a token or revocation request that names no client at all. */
const NO_CLIENT_AUTH = 'no client authentication mechanism provided';

/** The one resource server: this service's API. */
export function apiResource(issuer: string): string {
  return `${issuer}/api/v1`;
}

/**
 * The issuer whose API `indicator` names (RFC 8707 `resource`), when it has the form of one;
 * whether that issuer is one of this server's is the caller's to check.
 */
export function issuerOfResource(indicator: string): string | undefined {
  const url = URL.parse(indicator);
  if (!url || url.search || url.hash || url.username || url.password) return undefined;
  return apiResource(url.origin) === indicator ? url.origin : undefined;
}

export interface ProviderDeps {
  adapter: AdapterFactory;
  keys: ServerKeys;
  accountExists(userId: string): Promise<boolean>;
  /** Cookies only over https (when CCS_PUBLIC_URL is an https URL). */
  secureCookies: boolean;
  renderError(ctx: KoaContextWithOIDC, out: { error: string; error_description?: string | undefined }): void;
  log(level: 'warn' | 'error', msg: string, err: unknown): void;
  /** Ends the grant of `token` (an access or refresh token, expired or not) if it was issued to `clientId`. */
  revokeGrantOfToken(token: string, clientId: string): Promise<void>;
  /**
   * Whether `indicator` is this service's API under any name it answers to: without
   * CCS_PUBLIC_URL a grant made through `localhost` is refreshed through `127.0.0.1` as well.
   */
  isOwnResource(indicator: string, req: IncomingMessage): boolean;
}

/**
 * Every scope the request names must be ours. oidc-provider keeps scopes it does not know in
 * the request and grants none of them; the contract wants the request refused instead, with
 * an `invalid_scope` error sent back to the (already verified) redirect URI. The login prompt's
 * checks run first on every authorization request, before anyone is asked to sign in.
 */
export function unknownScopeCheck(): interactionPolicy.Check {
  return new interactionPolicy.Check('unknown_scope', 'a requested scope is not supported', (ctx) => {
    // As the client sent it: oidc-provider has already quietly removed `offline_access` from its params.
    const raw = ctx.oidc.route === 'authorization' ? ctx.query.scope : ctx.oidc.params?.scope;
    const requested = typeof raw === 'string' ? raw.split(' ').filter(Boolean) : [];
    if (requested.length === 0) throw new errors.InvalidScope(`request at least one of: ${SCOPES.join(' ')}`, '');
    const unknown = requested.filter((s) => !isScope(s));
    if (unknown.length) throw new errors.InvalidScope(`unsupported scope: ${unknown.join(' ')}`, unknown.join(' '));
    return interactionPolicy.Check.NO_NEED_TO_PROMPT;
  });
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The generateTokenId every oidc-provider model has (its type declarations leave it out). */
interface TokenIdSource {
  generateTokenId(): string;
}

function prefixTokenIds(prototype: object, prefix: string): void {
  const proto = prototype as TokenIdSource;
  const original = proto.generateTokenId;
  proto.generateTokenId = function prefixed(this: TokenIdSource) {
    return prefix + original.call(this);
  };
}

/** Requests the provider left unanswered because the database could not serve them, with the error. */
const unanswered = new WeakMap<IncomingMessage, unknown>();

/** The outage that kept the provider from answering `req` (the caller answers 503), if any. */
export function outageOf(req: IncomingMessage): unknown {
  return unanswered.get(req);
}

export function createProvider(issuer: string, deps: ProviderDeps): Provider {
  const resource = apiResource(issuer);
  const policy = interactionPolicy.base();
  const login = policy.get('login');
  if (!login) throw new Error("oidc-provider's base interaction policy has no login prompt");
  login.checks.add(unknownScopeCheck(), 0);
  const cookie = { httpOnly: true, sameSite: 'lax' as const, secure: deps.secureCookies };

  const configuration: Configuration = {
    adapter: deps.adapter,
    jwks: deps.keys.jwks as Configuration['jwks'],
    cookies: {
      keys: deps.keys.cookieKeys,
      names: { session: 'ccs_oauth_session', interaction: 'ccs_oauth_interaction', resume: 'ccs_oauth_resume' },
      long: cookie,
      short: cookie,
    },
    routes: {
      authorization: OAUTH_PATHS.authorization,
      token: OAUTH_PATHS.token,
      revocation: OAUTH_PATHS.revocation,
      // Not served (only the three above are passed to the provider), but kept out of the service's own paths.
      jwks: '/oauth/jwks',
      userinfo: '/oauth/userinfo',
      end_session: '/oauth/end-session',
      pushed_authorization_request: '/oauth/par',
      introspection: '/oauth/introspect',
      registration: '/oauth/register',
      code_verification: '/oauth/device',
      device_authorization: '/oauth/device/auth',
      backchannel_authentication: '/oauth/backchannel',
      challenge: '/oauth/challenge',
    },
    responseTypes: ['code'],
    // Always required; oidc-provider accepts only S256, so `plain` is refused.
    pkce: { required: () => true },
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'none'],
    clientDefaults: { grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], id_token_signed_response_alg: 'ES256' },
    allowOmittingSingleRegisteredRedirectUri: false,
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      dPoP: { enabled: false },
      revocation: {
        enabled: true,
        // RFC 7009 2.1: a client revokes only its own tokens. A public client is told nothing either way.
        allowedPolicy: async (_ctx, client, token) => {
          if (token.clientId === client.clientId) return true;
          if (client.clientAuthMethod === 'none') return false;
          throw new errors.UnauthorizedClient('the token was not issued to this client');
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (ctx, indicator) => {
          // A resource the code or refresh token holds, not named again, is ours (resources.ts).
          const source = ctx.oidc.params?.resource ? undefined : (ctx.oidc.entities.RefreshToken ?? ctx.oidc.entities.AuthorizationCode);
          if (!acceptsResource(indicator, resource, (i) => deps.isOwnResource(i, ctx.req), source?.resourceIndicators)) throw new errors.InvalidTarget();
          return { scope: SCOPES.join(' '), accessTokenFormat: 'opaque', accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS };
        },
      },
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${OAUTH_PATHS.interaction}/${interaction.uid}`,
    },
    // Each consent is a grant of its own: a replayed code or refresh token costs only that grant.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    findAccount: async (_ctx, sub) => ((await deps.accountExists(sub)) ? { accountId: sub, claims: async () => ({ sub }) } : undefined),
    // Every client may refresh; tokens never end with oidc-provider's browser session (sign-in is the portal's).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    // Revoking any token (RFC 7009) ends its whole grant: oidc-provider already takes the grant's other
    // tokens with it, and a grant left without tokens would linger in the user's Authorized apps.
    revokeGrantPolicy: () => true,
    expiresWithSession: async () => false,
    clientBasedCORS: () => true,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: CODE_TTL_SECONDS,
      RefreshToken: REFRESH_TOKEN_TTL_SECONDS,
      Grant: GRANT_TTL_SECONDS,
      Interaction: INTERACTION_TTL_SECONDS,
      Session: INTERACTION_TTL_SECONDS,
      IdToken: ACCESS_TOKEN_TTL_SECONDS,
    },
    renderError: async (ctx, out) => deps.renderError(ctx, out),
  };

  const provider = new Provider(issuer, configuration);

  // Token values: the library's 256 random bits behind our prefixes, so a leaked token is easy to
  // recognise (secret scanners) and the API can tell an access token from an API key before any look-up.
  prefixTokenIds(provider.AccessToken.prototype, ACCESS_TOKEN_PREFIX);
  prefixTokenIds(provider.RefreshToken.prototype, REFRESH_TOKEN_PREFIX);
  // Client secrets are stored only as their SHA-256 (in the client's `client_secret`), like API keys.
  provider.Client.prototype.compareClientSecret = function compareHashedSecret(this: { clientSecret?: string }, actual: string) {
    return typeof this.clientSecret === 'string' && sameHash(hashToken(actual), this.clientSecret);
  };

  // An outage is no fault of ours: the provider's server_error (a 500) becomes the HTTP layer's 503
  // with Retry-After, counted and tracked like every other one, and not logged per request.
  const outages = new WeakMap<object, unknown>();
  provider.use(async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (!databaseOutageCause(err)) throw err;
      outages.set(ctx, err);
    }
    if (!outages.has(ctx)) return;
    ctx.respond = false;
    // Whatever the provider meant to send (its 500, cookies, a redirect) is not sent.
    for (const name of ctx.res.getHeaderNames()) ctx.res.removeHeader(name);
    unanswered.set(ctx.req, outages.get(ctx));
  });
  // RFC 7009 for a token that has expired: oidc-provider finds nothing to revoke and answers 200,
  // leaving the grant, and so its refresh token, alive. A client disconnecting with the access
  // token it holds (expired or not) means the grant to end, as docs/oauth.md promises.
  provider.use(async (ctx, next) => {
    await next();
    const oidc = (ctx as Partial<KoaContextWithOIDC>).oidc;
    if (oidc?.route !== 'revocation' || ctx.status !== 200 || !oidc.client) return;
    if (oidc.entities.AccessToken || oidc.entities.RefreshToken) return;
    const token = oidc.params?.token;
    if (typeof token === 'string' && token.length <= 200) await deps.revokeGrantOfToken(token, oidc.client.clientId);
  });
  // RFC 6749 5.2 names a request with no client authentication at all `invalid_client`, where
  // oidc-provider answers 400 `invalid_request`: a 401 (with the Basic challenge HTTP asks of
  // every 401) on the two endpoints clients authenticate to.
  provider.use(async (ctx, next) => {
    await next();
    const route = (ctx as Partial<KoaContextWithOIDC>).oidc?.route;
    if ((route !== 'token' && route !== 'revocation') || ctx.status !== 400) return;
    const body = ctx.body as { error?: unknown; error_description?: unknown } | undefined;
    if (body?.error !== 'invalid_request' || body.error_description !== NO_CLIENT_AUTH) return;
    ctx.status = 401;
    ctx.body = { error: 'invalid_client', error_description: 'client authentication is required: HTTP Basic or client_id and client_secret in the body, or client_id alone for a public client' };
    ctx.set('WWW-Authenticate', `Basic realm="${ctx.oidc.provider.issuer}"`);
  });
  provider.on('server_error', (ctx: object, err: unknown) => {
    if (databaseOutageCause(err)) outages.set(ctx, err);
    else deps.log('error', 'oauth server error', err);
  });
  // Koa's own event for errors it caught; without a listener it prints them to stderr.
  (provider as unknown as { on(event: 'error', fn: (err: unknown) => void): void }).on('error', (err) => deps.log('error', 'oauth error', err));
  return provider;
}
