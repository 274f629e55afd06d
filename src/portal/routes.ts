import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import { SCOPES, SCOPE_DESCRIPTIONS, expandScopes } from '../auth/scopes.js';
import type { AppContext } from '../context.js';
import { Errors } from '../errors.js';
import { EVENT_TYPES } from '../events/types.js';
import { guardedBy } from '../http/route-auth.js';
import { Envelope, IdParams, Problem } from '../http/schemas.js';
import {
  ApiKey,
  Catalog,
  ChangePasswordBody,
  CreatedApiKey,
  CreateKeyBody,
  PortalCreatedWebhook,
  PortalDelivery,
  PortalDeliveryDetail,
  PortalDeliveryMeta,
  PortalDeliveryQuery,
  PortalWebhook,
  Profile,
  SessionView,
  SignInBody,
  SignUpBody,
  UsageQuery,
  UsageReport,
} from './schemas.js';
import { CreateWebhookBody, DeliveryParams, UpdateWebhookBody, WebhookDelivery } from '../webhooks/schemas.js';
import type { OpenedSession, ResolvedSession } from './service.js';
import {
  SESSION_COOKIE,
  clearSessionCookie,
  csrfTokenFor,
  ensurePreSessionSecret,
  portalGuard,
  setSessionCookie,
} from './session.js';

/** `npm run build` writes the front end here (see web/vite.config.ts); two levels up from src/portal and dist/portal alike. */
export const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

const Problems = { 400: Problem, 401: Problem, 403: Problem, 404: Problem, 409: Problem, 422: Problem, 429: Problem } as const;

// The page loads only its own files; nothing inline, nothing from elsewhere, never framed.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function securityHeaders(reply: FastifyReply): void {
  reply.header('content-security-policy', CSP);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'same-origin');
}

/**
 * The developer portal: its JSON API under /portal/api (session cookie + CSRF, never the
 * bearer hook of /api/v1) and the built single-page app under /portal.
 */
/** The portal's guarded scope, as a feature that adds portal routes sees it. */
export type PortalScope = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/** Routes another feature adds to the portal: they run behind the same session guard, CSRF and headers. */
export type PortalExtension = (api: PortalScope, helpers: { sessionOf(req: FastifyRequest): ResolvedSession; problems: typeof Problems }) => void;

export const portalRoutes: FastifyPluginAsync<{ ctx: AppContext; extensions?: PortalExtension[] }> = async (instance, { ctx, extensions }) => {
  const portal = ctx.portal;
  const config = ctx.config;

  await instance.register(cookie);
  await instance.register(fastifyStatic, { serve: false });

  instance.get('/', { config: { auth: 'none' }, schema: { hide: true } }, async (_req, reply) => reply.redirect('/portal/', 302));

  await instance.register(
    async (scope) => {
      const api = scope.withTypeProvider<TypeBoxTypeProvider>();
      guardedBy(api, 'portal');
      api.addHook('onRequest', portalGuard(portal, config, ctx.clock));
      api.addHook('onSend', async (_req, reply) => {
        // Per-user data: no shared cache may keep it.
        reply.header('cache-control', 'no-store');
        reply.header('x-content-type-options', 'nosniff');
      });

      const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
      const sessionOf = (req: FastifyRequest) => {
        if (!req.portalSession) throw Errors.unavailable('portal session missing');
        return req.portalSession;
      };
      const signedIn = (reply: FastifyReply, opened: OpenedSession): SessionView => {
        setSessionCookie(reply, config, opened.token, opened.expiresAt, ctx.clock.now().getTime());
        return {
          authenticated: true,
          user: opened.profile,
          csrf_token: csrfTokenFor(opened.token),
          signup_enabled: portal.signupEnabled(),
          expires_at: opened.expiresAt,
        };
      };

      api.route({
        method: 'GET',
        url: '/session',
        config: { portal: 'anonymous' },
        schema: { hide: true, response: { 200: Envelope(SessionView), ...Problems } },
        handler: async (req, reply) => {
          const s = req.portalSession;
          const token = req.cookies[SESSION_COOKIE];
          if (s && token) {
            return {
              data: { authenticated: true, user: s.profile, csrf_token: csrfTokenFor(token), signup_enabled: portal.signupEnabled(), expires_at: s.expiresAt },
              meta: {},
            };
          }
          const pre = ensurePreSessionSecret(req, reply, config);
          return {
            data: { authenticated: false, user: null, csrf_token: csrfTokenFor(pre), signup_enabled: portal.signupEnabled(), expires_at: null },
            meta: {},
          };
        },
      });

      api.route({
        method: 'POST',
        url: '/sign-up',
        config: { portal: 'anonymous' },
        schema: { hide: true, body: SignUpBody, response: { 201: Envelope(SessionView), ...Problems } },
        handler: async (req, reply) => {
          const opened = await portal.signUp(req.body, client(req));
          return reply.code(201).send({ data: signedIn(reply, opened), meta: {} });
        },
      });

      api.route({
        method: 'POST',
        url: '/sign-in',
        config: { portal: 'anonymous' },
        schema: { hide: true, body: SignInBody, response: { 200: Envelope(SessionView), ...Problems } },
        handler: async (req, reply) => {
          const opened = await portal.signIn(req.body.login, req.body.password, client(req));
          // A fresh token on every sign-in: a session fixed before it is never upgraded.
          const previous = req.cookies[SESSION_COOKIE];
          if (previous) await portal.signOut(previous);
          return { data: signedIn(reply, opened), meta: {} };
        },
      });

      api.route({
        method: 'POST',
        url: '/sign-out',
        config: { portal: 'session' },
        schema: { hide: true, response: { 204: Type.Null(), ...Problems } },
        handler: async (req, reply) => {
          const token = req.cookies[SESSION_COOKIE];
          if (token) await portal.signOut(token);
          clearSessionCookie(reply, config);
          return reply.code(204).send(null);
        },
      });

      api.route({
        method: 'GET',
        url: '/profile',
        config: { portal: 'session' },
        schema: { hide: true, response: { 200: Envelope(Profile), ...Problems } },
        handler: async (req) => ({ data: await ctx.accounts.getProfile(sessionOf(req).userId), meta: {} }),
      });

      api.route({
        method: 'POST',
        url: '/profile/password',
        config: { portal: 'session' },
        schema: { hide: true, body: ChangePasswordBody, response: { 204: Type.Null(), ...Problems } },
        handler: async (req, reply) => {
          await portal.changePassword(sessionOf(req), req.body.current_password, req.body.new_password);
          return reply.code(204).send(null);
        },
      });

      api.route({
        method: 'GET',
        url: '/catalog',
        config: { portal: 'session' },
        schema: { hide: true, response: { 200: Envelope(Catalog), ...Problems } },
        handler: async () => ({
          data: {
            scopes: SCOPES.map((scope) => ({
              scope,
              description: SCOPE_DESCRIPTIONS[scope],
              implies: [...expandScopes([scope])].filter((s) => s !== scope),
            })),
            event_types: [...EVENT_TYPES],
            webhooks: {
              daily_limit: config.webhooks.dailyLimit,
              disable_after: config.webhooks.disableAfter,
              retention_days: config.webhooks.retentionDays,
              batch_window_seconds: config.webhooks.batchWindowMs / 1000,
            },
          },
          meta: {},
        }),
      });

      api.route({
        method: 'GET',
        url: '/keys',
        config: { portal: 'session' },
        schema: { hide: true, response: { 200: Envelope(Type.Array(ApiKey), Type.Object({ total: Type.Integer() })), ...Problems } },
        handler: async (req) => {
          const keys = await ctx.apiKeys.list(sessionOf(req).userId);
          return { data: keys, meta: { total: keys.length } };
        },
      });

      api.route({
        method: 'POST',
        url: '/keys',
        config: { portal: 'session' },
        schema: { hide: true, body: CreateKeyBody, response: { 201: Envelope(CreatedApiKey), ...Problems } },
        handler: async (req, reply) => {
          const created = await ctx.apiKeys.create(sessionOf(req).userId, req.body);
          return reply.code(201).send({ data: created, meta: {} });
        },
      });

      api.route({
        method: 'POST',
        url: '/keys/:id/revoke',
        config: { portal: 'session' },
        schema: { hide: true, params: IdParams, response: { 200: Envelope(ApiKey), ...Problems } },
        handler: async (req) => ({ data: await ctx.apiKeys.revoke(req.params.id, sessionOf(req).userId), meta: {} }),
      });

      // Features that add pages to the portal (OAuth apps, authorized apps) register here, inside the guard.
      for (const extend of extensions ?? []) extend(api, { sessionOf, problems: Problems });

      // ---- Webhooks: the same service as /api/v1/webhooks, scoped to the signed-in user ----

      api.route({
        method: 'GET',
        url: '/webhooks',
        config: { portal: 'session' },
        schema: { hide: true, response: { 200: Envelope(Type.Array(PortalWebhook), Type.Object({ total: Type.Integer() })), ...Problems } },
        handler: async (req) => {
          const subs = await portal.listWebhooks(sessionOf(req).userId);
          return { data: await portal.withExtras(subs), meta: { total: subs.length } };
        },
      });

      api.route({
        method: 'POST',
        url: '/webhooks',
        config: { portal: 'session' },
        schema: { hide: true, body: CreateWebhookBody, response: { 201: Envelope(PortalCreatedWebhook), ...Problems } },
        handler: async (req, reply) => {
          const created = await ctx.webhooks.create(sessionOf(req).userId, req.body);
          return reply.code(201).send({ data: await portal.withExtra(created), meta: {} });
        },
      });

      api.route({
        method: 'GET',
        url: '/webhooks/:id',
        config: { portal: 'session' },
        schema: { hide: true, params: IdParams, response: { 200: Envelope(PortalWebhook), ...Problems } },
        handler: async (req) => ({ data: await portal.withExtra(await ctx.webhooks.get(sessionOf(req).userId, req.params.id)), meta: {} }),
      });

      api.route({
        method: 'PATCH',
        url: '/webhooks/:id',
        config: { portal: 'session' },
        schema: { hide: true, params: IdParams, body: UpdateWebhookBody, response: { 200: Envelope(PortalWebhook), ...Problems } },
        handler: async (req) => ({ data: await portal.withExtra(await ctx.webhooks.update(sessionOf(req).userId, req.params.id, req.body)), meta: {} }),
      });

      api.route({
        method: 'DELETE',
        url: '/webhooks/:id',
        config: { portal: 'session' },
        schema: { hide: true, params: IdParams, response: { 204: Type.Null(), ...Problems } },
        handler: async (req, reply) => {
          await ctx.webhooks.remove(sessionOf(req).userId, req.params.id);
          return reply.code(204).send(null);
        },
      });

      api.route({
        method: 'POST',
        url: '/webhooks/:id/test',
        config: { portal: 'session' },
        schema: { hide: true, params: IdParams, response: { 202: Envelope(WebhookDelivery), ...Problems } },
        handler: async (req, reply) => reply.code(202).send({ data: await ctx.webhooks.sendTest(sessionOf(req).userId, req.params.id), meta: {} }),
      });

      api.route({
        method: 'POST',
        url: '/webhooks/:id/enable',
        config: { portal: 'session' },
        schema: { hide: true, params: IdParams, response: { 200: Envelope(PortalWebhook), ...Problems } },
        handler: async (req) => ({ data: await portal.withExtra(await ctx.webhooks.enable(sessionOf(req).userId, req.params.id)), meta: {} }),
      });

      api.route({
        method: 'GET',
        url: '/webhooks/:id/deliveries',
        config: { portal: 'session' },
        schema: { hide: true, params: IdParams, querystring: PortalDeliveryQuery, response: { 200: Envelope(Type.Array(PortalDelivery), PortalDeliveryMeta), ...Problems } },
        handler: async (req) => {
          const page = await portal.deliveries(sessionOf(req).userId, req.params.id, req.query);
          return { data: page.items, meta: { total: page.total, next_cursor: page.nextCursor, retention_days: config.webhooks.retentionDays } };
        },
      });

      api.route({
        method: 'GET',
        url: '/webhooks/:id/deliveries/:delivery_id',
        config: { portal: 'session' },
        schema: { hide: true, params: DeliveryParams, response: { 200: Envelope(PortalDeliveryDetail), ...Problems } },
        handler: async (req) => ({ data: await portal.delivery(sessionOf(req).userId, req.params.id, req.params.delivery_id), meta: {} }),
      });

      api.route({
        method: 'POST',
        url: '/webhooks/:id/deliveries/:delivery_id/redeliver',
        config: { portal: 'session' },
        schema: { hide: true, params: DeliveryParams, response: { 202: Envelope(WebhookDelivery), ...Problems } },
        handler: async (req, reply) =>
          reply.code(202).send({ data: await ctx.webhooks.redeliver(sessionOf(req).userId, req.params.id, req.params.delivery_id), meta: {} }),
      });

      api.route({
        method: 'GET',
        url: '/usage',
        config: { portal: 'session' },
        schema: { hide: true, querystring: UsageQuery, response: { 200: Envelope(UsageReport), ...Problems } },
        handler: async (req) => ({ data: await portal.usage(sessionOf(req).userId, req.query), meta: {} }),
      });
    },
    { prefix: '/portal/api' },
  );

  // The single-page app: real files by name, index.html for every other path (client-side routes).
  const serveApp = async (req: FastifyRequest<{ Params: { '*'?: string } }>, reply: FastifyReply) => {
    const rest = req.params['*'] ?? '';
    if (rest === 'api' || rest.startsWith('api/')) throw Errors.notFound('route');
    securityHeaders(reply);
    const isFile = rest.startsWith('assets/') || /\.[a-z0-9]+$/i.test(rest);
    if (isFile) {
      // `..` in any spelling (a backslash is a separator to some clients) and a NUL name no file:
      // 404 here, rather than the file sender's own 403 or 400.
      if (rest.split(/[/\\]/).includes('..') || rest.includes('\u0000')) throw Errors.notFound('file');
      // Vite names assets by content hash, so they never change under one name.
      const immutable = rest.startsWith('assets/');
      return reply.sendFile(rest, WEB_ROOT, { maxAge: immutable ? '365d' : '1h', immutable, dotfiles: 'deny' });
    }
    if (!fs.existsSync(path.join(WEB_ROOT, 'index.html'))) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The developer portal has not been built. Run "npm run build" (it runs "vite build" for web/) and restart.\n');
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', WEB_ROOT, { cacheControl: false });
  };
  instance.get('/portal', { config: { auth: 'none' }, schema: { hide: true } }, serveApp);
  instance.get('/portal/*', { config: { auth: 'none' }, schema: { hide: true } }, serveApp);
};
