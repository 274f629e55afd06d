import { createHash, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type KoaContextWithOIDC } from 'oidc-provider';
import { SCOPES } from '../auth/scopes.js';
import type { AppContext } from '../context.js';
import { AppError, Errors } from '../errors.js';
import { SESSION_COOKIE, checkOrigin, clearSessionCookie, isSecure } from '../portal/session.js';
import { trustedHosts } from '../http/trusted-hosts.js';
import { consentPage, errorPage, orderScopes, pageCsp, protocolErrorPage, redirectSource } from './pages.js';
import { createOAuthServers, type OAuthServer } from './servers.js';
import { OAUTH_PATHS } from './paths.js';
import { apiResource, issuerOfResource } from './provider.js';

/** What the contract's RFC 8414 document lists, and nothing it does not (contract section 7). */
export function authorizationServerMetadata(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}${OAUTH_PATHS.authorization}`,
    token_endpoint: `${issuer}${OAUTH_PATHS.token}`,
    revocation_endpoint: `${issuer}${OAUTH_PATHS.revocation}`,
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    // RFC 9207: every authorization response carries `iss`; saying so makes clients check it (mix-up defence).
    authorization_response_iss_parameter_supported: true,
  };
}

/** What stands in for a `response_mode` other than `query`: a mode the provider does not know. */
const UNSUPPORTED_RESPONSE_MODE = 'unsupported';

/** What stands in for a `response_type` holding `token`: one the provider refuses, answered in the query. */
const UNSUPPORTED_RESPONSE_TYPE = 'unsupported';

/**
 * The authorization request's URL with any `response_mode` other than `query` replaced by one the
 * provider refuses. oidc-provider also answers `fragment` and `form_post` (its auto-posting page
 * carries no Content-Security-Policy); only `query` is advertised and documented, so the others
 * get `unsupported_response_mode`, sent back in the query like every other error. A
 * `response_type` holding `token` (`token`, `code id_token` ...) would have the provider send its
 * error in the fragment, which a server-side client never sees: it is replaced by one the
 * provider refuses as `unsupported_response_type`, in the query.
 */
export function onlyQueryResponseMode(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  const modes = params.getAll('response_mode');
  const types = params.getAll('response_type');
  const queryMode = modes.every((m) => m === 'query');
  const queryType = types.every((t) => !t.includes('token'));
  if (queryMode && queryType) return url;
  if (!queryMode) params.set('response_mode', UNSUPPORTED_RESPONSE_MODE);
  if (!queryType) params.set('response_type', UNSUPPORTED_RESPONSE_TYPE);
  return `${url.slice(0, at)}?${params.toString()}`;
}

/** The consent form's CSRF token: bound to the portal session and to this one authorization request. */
export function consentCsrfToken(sessionToken: string, uid: string): string {
  return createHash('sha256').update(`ccs-oauth-consent\u0000${sessionToken}\u0000${uid}`).digest('base64url');
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const UID = '^[A-Za-z0-9_-]{1,64}$';
const UidParams = { type: 'object', properties: { uid: { type: 'string', pattern: UID } }, required: ['uid'] } as const;

/** oidc-provider's own sign-in session lives for one authorization request only; see `forward`. */
const PROVIDER_SESSION_COOKIE = 'ccs_oauth_session';

function withoutCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return header;
  const kept = header.split(';').filter((part) => {
    const key = (part.split('=', 1)[0] ?? '').trim();
    return key !== name && key !== `${name}.sig`;
  });
  return kept.length ? kept.join(';') : undefined;
}

/**
 * The OAuth2 authorization server (contract section 7), mounted beside the API:
 * - `/.well-known/oauth-authorization-server` at the root (RFC 8414);
 * - `/oauth/authorize`, `/oauth/token`, `/oauth/revoke`: handed to oidc-provider untouched
 *   (before Fastify reads the body, so the library parses its own form posts);
 * - `/oauth/interaction/:uid`: our sign-in hand-off to the portal and the consent page.
 */
export const oauthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const config = ctx.config;
  const portal = ctx.portal;
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : undefined;

  await app.register(cookie);

  const trusted = trustedHosts(config);
  const servers = createOAuthServers({
    store: ctx.oauthStore,
    clock: ctx.clock,
    secureCookies: isSecure(config),
    trustForwarded: publicOrigin !== undefined,
    accountExists: async (userId) => {
      try {
        await ctx.accounts.getProfile(userId);
        return true;
      } catch (err) {
        if (err instanceof AppError && err.status === 404) return false;
        throw err;
      }
    },
    renderError: (koa: KoaContextWithOIDC, out) => {
      const page = protocolErrorPage(out);
      koa.type = 'html';
      koa.set('content-security-policy', pageCsp());
      koa.set('cache-control', 'no-store');
      koa.set('referrer-policy', 'same-origin');
      koa.set('x-content-type-options', 'nosniff');
      // As every other page: browsers without frame-ancestors still refuse to frame it.
      koa.set('x-frame-options', 'DENY');
      koa.body = errorPage(page.title, page.message, page.details);
    },
    log: (level, msg, err) => app.log[level]({ err }, msg),
    isOwnResource: (indicator, req) => {
      const issuer = issuerOfResource(indicator);
      return issuer !== undefined && trusted.isTrustedOriginOnPort(issuer, req.socket?.localPort);
    },
  });

  /**
   * The issuer: CCS_PUBLIC_URL's origin, else the origin the request was sent to when that host
   * is trusted (CCS_ALLOWED_HOSTS, or the listening port's loopback names), else the first trusted
   * one: the same base the problem documents and the portal's origin check use.
   */
  function issuerOf(req: FastifyRequest): string {
    if (publicOrigin) return publicOrigin;
    const url = URL.parse(trusted.baseFor(req));
    if (!url?.host) throw Errors.badRequest('The Host header is not a valid host.');
    return url.origin;
  }

  async function serverFor(req: FastifyRequest): Promise<OAuthServer> {
    return servers.forIssuer(issuerOf(req));
  }

  function sendPage(reply: FastifyReply, status: number, html: string, formTargets: string[] = []): FastifyReply {
    return reply
      .code(status)
      .header('content-security-policy', pageCsp(formTargets))
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'same-origin')
      .header('x-content-type-options', 'nosniff')
      .header('x-frame-options', 'DENY')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  const expired = (reply: FastifyReply) =>
    sendPage(reply, 400, errorPage('This request has expired', 'The sign-in request is over or was opened in another browser. Go back to the application and start again.'));
  const forbidden = (reply: FastifyReply, why: string) =>
    sendPage(reply, 403, errorPage('This form cannot be accepted', `${why} Reload the page and try again.`));

  // ---- metadata -------------------------------------------------------------------------------

  app.get('/.well-known/oauth-authorization-server', { config: { auth: 'none' }, schema: { hide: true } }, async (req, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    reply.header('access-control-allow-origin', '*');
    return authorizationServerMetadata(issuerOf(req));
  });

  // ---- the protocol: oidc-provider's own ---------------------------------------------------------

  const forward = async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const server = await serverFor(req);
    const raw = req.raw as IncomingMessage;
    // A new authorization request starts without oidc-provider's session: the portal's sign-in is
    // the only one, and an old provider session must never stand in for whoever is signed in now.
    if (req.routeOptions.url === OAUTH_PATHS.authorization) {
      raw.headers.cookie = withoutCookie(raw.headers.cookie, PROVIDER_SESSION_COOKIE);
      if (raw.url) raw.url = onlyQueryResponseMode(raw.url);
    }
    // The provider builds its URLs and cookie flags from the request; behind CCS_PUBLIC_URL that is the public URL.
    delete raw.headers['x-forwarded-proto'];
    delete raw.headers['x-forwarded-host'];
    if (publicOrigin) {
      const pub = new URL(publicOrigin);
      raw.headers['x-forwarded-proto'] = pub.protocol.slice(0, -1);
      raw.headers['x-forwarded-host'] = pub.host;
    } else {
      // The provider builds URLs from Host: make it the issuer's, so a foreign Host never shows up in them.
      raw.headers.host = new URL(server.provider.issuer).host;
    }
    const res = reply.raw as ServerResponse;
    res.setHeader('x-request-id', req.id);
    res.setHeader('x-content-type-options', 'nosniff');
    // Not hijacked until the provider has answered: an outage it did not answer reaches the error
    // handler as a 503 with Retry-After (counted, tracked), like any other request's.
    await server.handle(raw, res);
    reply.hijack();
  };
  const endpoints: Array<{ url: string; method: Array<'GET' | 'POST' | 'OPTIONS'> }> = [
    { url: OAUTH_PATHS.authorization, method: ['GET'] },
    { url: `${OAUTH_PATHS.authorization}/:uid`, method: ['GET'] },
    { url: OAUTH_PATHS.token, method: ['POST', 'OPTIONS'] },
    { url: OAUTH_PATHS.revocation, method: ['POST', 'OPTIONS'] },
  ];
  for (const e of endpoints) {
    app.route({
      method: e.method,
      url: e.url,
      // The protocol authenticates its own callers (client credentials, PKCE, the portal session).
      config: { auth: 'none' },
      schema: { hide: true },
      onRequest: forward,
      // Never reached: `forward` hijacks the reply, or throws.
      handler: async () => undefined,
    });
  }

  // ---- sign-in and consent ----------------------------------------------------------------------

  await app.register(async (pages) => {
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    /** The portal session and its cookie value, when the browser is signed in. */
    async function signedIn(req: FastifyRequest, reply: FastifyReply) {
      const token = req.cookies[SESSION_COOKIE];
      const session = token ? await portal.resolve(token) : undefined;
      if (token && !session) clearSessionCookie(reply, config);
      return session && token ? { session, token } : undefined;
    }

    /** The pending authorization request this browser holds, or undefined when it is gone. */
    async function interactionOf(req: FastifyRequest, reply: FastifyReply, server: OAuthServer, uid: string) {
      try {
        const details = await server.provider.interactionDetails(req.raw, reply.raw);
        return details.uid === uid ? details : undefined;
      } catch (err) {
        if (err instanceof errors.SessionNotFound) return undefined;
        throw err;
      }
    }

    const signInFirst = (reply: FastifyReply, uid: string) =>
      reply.redirect(`/portal/sign-in?next=${encodeURIComponent(`${OAUTH_PATHS.interaction}/${uid}`)}`, 303);

    pages.get<{ Params: { uid: string } }>(`${OAUTH_PATHS.interaction}/:uid`, { config: { auth: 'none' }, schema: { hide: true, params: UidParams } }, async (req, reply) => {
      const { uid } = req.params;
      const server = await serverFor(req);
      const details = await interactionOf(req, reply, server, uid);
      if (!details) return expired(reply);
      const who = await signedIn(req, reply);
      if (!who) return signInFirst(reply, uid);
      const params = details.params as { client_id?: string; redirect_uri?: string; scope?: string };
      const client = params.client_id ? await server.store.findClient(params.client_id) : undefined;
      if (!client || !params.redirect_uri) return expired(reply);
      const source = redirectSource(params.redirect_uri);
      const html = consentPage({
        uid,
        csrfToken: consentCsrfToken(who.token, uid),
        appName: client.name,
        homepageUrl: client.homepage_url,
        redirectUri: params.redirect_uri,
        username: who.session.profile.username,
        scopes: orderScopes((params.scope ?? '').split(' ')),
      });
      return sendPage(reply, 200, html, source ? [source] : []);
    });

    /** Same-origin, signed in, and the token this page was given: else nothing happens. */
    async function checkForm(req: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) {
      try {
        checkOrigin(req, config);
      } catch (err) {
        if (err instanceof AppError) return { fail: forbidden(reply, err.message) };
        throw err;
      }
      const who = await signedIn(req, reply);
      if (!who) return { fail: signInFirst(reply, req.params.uid) };
      const body = (req.body ?? {}) as Record<string, unknown>;
      const sent = typeof body.csrf_token === 'string' ? body.csrf_token : '';
      if (!sameToken(sent, consentCsrfToken(who.token, req.params.uid))) {
        return { fail: forbidden(reply, 'The form did not come from this page or has expired.') };
      }
      return { who, body };
    }

    pages.post<{ Params: { uid: string } }>(`${OAUTH_PATHS.interaction}/:uid/decision`, { config: { auth: 'none' }, schema: { hide: true, params: UidParams } }, async (req, reply) => {
      const checked = await checkForm(req, reply);
      if ('fail' in checked) return checked.fail;
      const { who, body } = checked;
      const { uid } = req.params;
      const server = await serverFor(req);
      const details = await interactionOf(req, reply, server, uid);
      // Decided already (a double click, or Back and Allow again before the application got its
      // code): a second grant would only linger beside the one the code is issued from.
      if (!details || details.result) return expired(reply);
      const params = details.params as { client_id?: string; scope?: string };

      if (body.decision === 'deny') {
        reply.hijack();
        await server.provider.interactionFinished(
          req.raw,
          reply.raw,
          { error: 'access_denied', error_description: 'The user did not allow access.' },
          { mergeWithLastSubmission: false },
        );
        return reply;
      }
      if (body.decision !== 'allow' || !params.client_id) {
        return sendPage(reply, 400, errorPage('This form cannot be accepted', 'Choose Allow or Deny.'));
      }
      // The grant holds exactly the scopes this request named (all known: the login prompt checked them).
      const grant = new server.provider.Grant({ accountId: who.session.userId, clientId: params.client_id });
      grant.addResourceScope(apiResource(server.provider.issuer), params.scope ?? '');
      const grantId = await grant.save();
      reply.hijack();
      await server.provider.interactionFinished(
        req.raw,
        reply.raw,
        { login: { accountId: who.session.userId, remember: false }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
      return reply;
    });

    // "Not you?": sign out of the portal and sign in again, coming back to this request.
    pages.post<{ Params: { uid: string } }>(`${OAUTH_PATHS.interaction}/:uid/switch`, { config: { auth: 'none' }, schema: { hide: true, params: UidParams } }, async (req, reply) => {
      const checked = await checkForm(req, reply);
      if ('fail' in checked) return checked.fail;
      await portal.signOut(checked.who.token);
      clearSessionCookie(reply, config);
      return signInFirst(reply, req.params.uid);
    });
  });
};
