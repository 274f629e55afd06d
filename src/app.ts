import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, type RawReplyDefaultExpression, type RawRequestDefaultExpression, type RawServerDefault } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { AppContext } from './context.js';
import { authPlugin } from './http/auth.js';
import { etagPlugin } from './http/etag.js';
import { idempotencyPlugin } from './http/idempotency.js';
import { describeApi } from './http/openapi.js';
import { strictJsonBodies } from './http/json-body.js';
import { metricsPlugin, registerAddStatementMetrics, registerClientAbortMetric, registerOutageMetrics } from './http/metrics.js';
import type { WarmUpMarker } from './http/warm-up.js';
import { FailoverRateLimitStore } from './http/rate-limit.js';
import { CAUSE_DETAIL } from './availability/causes.js';
import { allowedMethods, clientErrorHandler, frameworkErrorHandler, headersFor, MAX_URL_LENGTH, problemBody, registerProblemHandlers, writeProblemAndClose } from './http/problem.js';
import { hooksOf } from './http/route-config.js';
import { trustedHosts } from './http/trusted-hosts.js';
import { apiDocsRoutes } from './api-docs/routes.js';
import { enforceRouteAuth } from './http/route-auth.js';
import { Problem } from './http/schemas.js';
import { validatorCompiler } from './http/validation.js';
import { cardRoutes } from './cards/routes.js';
import { priceAlertRoutes } from './price-alerts/routes.js';
import { profileRoutes } from './profile/routes.js';
import { collectionRoutes } from './collection/routes.js';
import { binderRoutes } from './binders/routes.js';
import { deckRoutes } from './decks/routes.js';
import { importPortalRoutes } from './imports/portal-routes.js';
import { importRoutes } from './imports/routes.js';
import { portalRoutes } from './portal/routes.js';
import { oauthPortalRoutes } from './oauth/portal-routes.js';
import { OAUTH_PATHS } from './oauth/paths.js';
import { webhookRoutes } from './webhooks/routes.js';
import { exportRoutes } from './exports/routes.js';
import { exportPortalRoutes } from './exports/portal-routes.js';
import { SCOPES, SCOPE_DESCRIPTIONS } from './auth/scopes.js';
import { Errors } from './errors.js';
import { settleNextTickFeedback } from './lib/tick-feedback.js';
import { lazyRequestLoggers, requestSerializer } from './http/request-logger.js';

/** The Fastify instance with TypeBox types flowing from route schemas into handlers. */
function hopsOf(n: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < n;
}

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

export interface BuildOptions {
  logger?: boolean;
  /**
   * Set while the start-up warm-up runs (`src/http/warm-up.ts`): its requests are left out of
   * request logs and metrics, and `/readyz` answers 503 until it ends.
   */
  warmUp?: WarmUpMarker;
  /**
   * Called with the bare instance before any plugin or route is added, so hooks added here run
   * for every route (the test suite records every response to check it against the API description).
   */
  observe?: (app: App) => void;
}

/** Builds the whole HTTP service from plugins and feature routes; never listens. */
/** Whether a query string's escapes are valid percent-encoding of UTF-8. */
function decodes(query: string): boolean {
  try {
    decodeURIComponent(query);
    return true;
  } catch {
    return false;
  }
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<App> {
  settleNextTickFeedback();
  const warmUp = options.warmUp;
  // Links in answers are built from configured hosts only, never from whatever Host a client sent.
  const trusted = trustedHosts(ctx.config);
  const baseFor = (req: FastifyRequest) => trusted.baseFor(req);
  const app = Fastify({
    // A request without Host reaches our hook (and gets a problem document) instead of Node's bare 400.
    // A client that stops sending halfway (a stalled upload, a slow-body attack) gets 408 once the
    // whole request has taken CCS_REQUEST_TIMEOUT_MS, instead of holding its socket for ever
    // (Fastify's default is no limit). Node checks at an interval: a tenth of the bound, at most 30 s.
    http: { requireHostHeader: false, connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(ctx.config.requestTimeoutMs / 10))) },
    requestTimeout: ctx.config.requestTimeoutMs,
    clientErrorHandler: clientErrorHandler((port) => trusted.baseForPort(port)),
    frameworkErrors: frameworkErrorHandler(baseFor),
    logger: options.logger === false ? false : { level: ctx.config.logLevel, serializers: { req: requestSerializer } },
    // Each request's logger becomes pino's child only when it writes a line (request-logger.ts).
    ...(options.logger === false ? {} : { childLoggerFactory: lazyRequestLoggers }),
    ...(warmUp ? { logController: new LogController({ disableRequestLogging: (req) => warmUp.isWarmUp(req) }) } : {}),
    bodyLimit: ctx.config.bodyLimit,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Only peers the operator names (CCS_TRUST_PROXY) speak for the client's address and scheme.
    // A number of hops as proxy-addr reads one: the nearest N addresses are proxies.
    trustProxy: typeof ctx.config.trustProxy === 'number' ? hopsOf(ctx.config.trustProxy) : ctx.config.trustProxy,
    ajv: { customOptions: { removeAdditional: false, allErrors: true } },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<TypeBoxTypeProvider>();

  options.observe?.(app);
  // Every body the service reads is JSON; a text/plain body would otherwise reach validation as a string (422, not 415).
  app.removeContentTypeParser('text/plain');
  strictJsonBodies(app);
  enforceRouteAuth(app);
  app.setValidatorCompiler(validatorCompiler);
  const store = ctx.rateLimitStore;
  const countUnavailable = registerOutageMetrics(ctx.metrics, {
    database: ctx.database.health,
    ping: () => ctx.database.ping(),
    check: () => ctx.database.check(),
    redis: ctx.redisHealth,
    localRateLimitCounts: store instanceof FailoverRateLimitStore ? () => store.localCounts : undefined,
  });
  if (ctx.database.dialect === 'postgres') registerAddStatementMetrics(ctx.metrics, () => ctx.collection.addsSent());
  // Clients that hang up before their answer, on the routes that read a body (a GET's hang-up is
  // harmless and frequent): counted, so an upload problem shows without looking like an outage.
  const clientAborted = registerClientAbortMetric(ctx.metrics);
  const timedOut = clientErrorHandler((port) => trusted.baseForPort(port));
  const watchBody = (raw: FastifyRequest['raw'], res: FastifyReply['raw']) => {
    const timer = setTimeout(() => {
      if (!raw.complete && raw.socket) timedOut(Object.assign(new Error('request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), raw.socket);
    }, ctx.config.requestTimeoutMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    res.once('finish', clear);
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => m === 'POST' || m === 'PATCH' || m === 'PUT')) return;
    route.onRequestAbort = [
      ...hooksOf(route.onRequestAbort),
      (_req, done) => {
        clientAborted();
        done();
      },
    ];
  });
  registerProblemHandlers(app, {
    baseFor,
    onUnavailable(err, cause) {
      countUnavailable(err.outage);
      // Errors the driver threw are news to the tracker; a Redis 503 was counted where it happened.
      if (err.outage !== 'redis' && err.outage !== 'internal' && cause !== err) ctx.database.health.failed(err.outage, cause);
    },
  });
  app.addSchema(Problem);
  // Callback-style hooks on every request: an async hook costs a promise per request.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    reply.headers(headersFor(req.url));
    // HTTP/1.1 requires Host (RFC 9112 section 3.2); HTTP/1.0 may omit it.
    if (req.raw.headers.host === undefined && req.raw.httpVersion !== '1.0') return done(Errors.badRequest('An HTTP/1.1 request must carry a Host header.'));
    if (req.url.length > MAX_URL_LENGTH) return done(Errors.uriTooLong());
    // Two Host headers must be refused (RFC 9112 3.2); Node keeps the first and drops the rest unseen.
    const headerList = req.raw.rawHeaders;
    for (let i = 0, hosts = 0; i < headerList.length; i += 2) {
      const name = headerList[i] ?? '';
      if (name.length === 4 && name.toLowerCase() === 'host' && ++hosts > 1) return done(Errors.badRequest('The request carries more than one Host header.'));
    }
    // Node's parser passes codings it does not apply (`gzip, chunked`): the body would be read as
    // the compressed bytes of something else. Only chunked framing is read.
    const framing = req.headers['transfer-encoding'];
    if (framing !== undefined && framing.trim().toLowerCase() !== 'chunked') {
      return done(Errors.badRequest(`Transfer-Encoding "${framing.slice(0, 40)}" is not supported: send the body with Content-Length or chunked, uncompressed.`));
    }
    // A fragment never travels in a request (RFC 9112 3.2): a raw "#" would otherwise end the path,
    // or be read into the query ("/collection#limit=1" answered one entry).
    if (req.url.indexOf('#') !== -1) return done(Errors.badRequest('The URL is not valid: a request target cannot hold "#" (a fragment stays in the client; in a value, write it %23).'));
    // The query parser keeps a malformed escape (`%zz`, `%FF`) as literal text; the router refuses one in the path.
    const query = req.url.indexOf('?');
    if (query !== -1 && req.url.indexOf('%', query) !== -1 && !decodes(req.url.slice(query + 1))) {
      return done(Errors.badRequest('The URL is not valid: the query string is not valid percent-encoding of UTF-8.'));
    }
    // A NUL names nothing the API holds, and PostgreSQL cannot even compare one (it answered 422
    // about a body): in a path, no such object; in a query, no parameter takes one. Alike on both
    // databases. The OAuth endpoints answer their own errors.
    const nul = req.url.indexOf('%00');
    if (nul !== -1 && (req.url.startsWith('/api/') || req.url.startsWith('/portal/api/'))) {
      return done(query === -1 || nul < query ? Errors.notFound() : Errors.badRequest('The query string holds a NUL character (%00), which no parameter takes.'));
    }
    // Bodies are read as sent: a compressed one would be taken for the bytes of a broken file (RFC 9110 15.5.16: 415).
    const coding = req.headers['content-encoding'];
    if (coding !== undefined && coding.trim().toLowerCase() !== 'identity' && coding.trim() !== '') {
      return done(Errors.unsupportedMediaType(`Request bodies are read as sent; Content-Encoding "${coding.slice(0, 40)}" is not supported. Send the body uncompressed.`));
    }
    // A body that stops arriving gets 408 once the request has taken CCS_REQUEST_TIMEOUT_MS (Node's
    // own request timeout does not cover a body once its request was handed over, and Fastify sets
    // none). Every request announcing a body, whatever its route (a 404 waits for its body too);
    // cleared by the body's end or by an answer (a 401 sent without reading it).
    const raw = req.raw;
    if (!raw.complete && (raw.headers['content-length'] !== undefined || raw.headers['transfer-encoding'] !== undefined)) watchBody(raw, reply.raw);
    done();
  });
  // Node answers an unsupported `Expect` with a bare 417; this one is a problem document.
  app.server.on('checkExpectation', (req, res) => {
    const err = Errors.expectationFailed();
    // Never reaches Fastify, so its id is made here: the id a user quotes is the one in the answer.
    const requestId = randomUUID();
    res.writeHead(err.status, { 'content-type': 'application/problem+json; charset=utf-8', connection: 'close', 'x-request-id': requestId, ...headersFor(req.url ?? '') });
    res.end(JSON.stringify(problemBody(err, trusted.baseForPort(req.socket.localPort), requestId)));
  });

  // CONNECT (a proxy's tunnel) never reaches Fastify: Node would drop the connection without a word.
  app.server.on('connect', (req, socket: Duplex) => {
    // Node took its own error listener off this socket before handing it over: without one, a
    // client resetting the connection mid-answer would be an uncaught error that ends the process.
    socket.on('error', () => socket.destroy());
    const target = req.url ?? '';
    const allow = target.startsWith('/') ? allowedMethods(app, target.split('?', 1)[0] ?? '/') : [];
    writeProblemAndClose(socket, Errors.notAProxy(allow), trusted.baseForPort((socket as Socket).localPort), target);
  });

  // Absolute when the public URL is known; otherwise relative to the document, which clients resolve.
  const oauthBase = ctx.config.publicUrl ? new URL(ctx.config.publicUrl).origin : '';
  await app.register(
    swagger,
    describeApi({
      openapi: '3.1.0',
      info: {
        title: 'Card Collection Service API',
        version: '1.0.0',
        description:
          'Collections, decks and binders, a shared card database, and signed, batched webhooks. ' +
          'Every request carries `Authorization: Bearer <API key or OAuth access token>`. Errors are RFC 9457 problem documents; ' +
          'every `code` is explained at [/docs/errors](/docs/errors). ' +
          'Writes take an `Idempotency-Key` header for safe retries; single objects carry an `ETag`, and `PATCH`/`DELETE` take `If-Match`.\n\n' +
          'Guides: [webhooks](/docs/guides/webhooks), [card search](/docs/guides/card-search), [OAuth for applications](/docs/guides/oauth), ' +
          '[imports and exports](/docs/guides/import-export), [API notes](/docs/guides/api-notes), [all guides](/docs/guides).',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      // The service's origin (relative to the document unless the public URL is configured); paths include /api/v1.
      servers: [{ url: oauthBase || '/', description: 'This service' }],
      tags: [
        { name: 'collection', description: "The caller's collection entries: cards held, with quantity, condition, finish and value." },
        { name: 'binders', description: 'Named, ordered groups of collection entries.' },
        { name: 'decks', description: 'Decks with their decklist and format legality; decklist text import and export.' },
        { name: 'cards', description: 'The shared card database: search (Scryfall syntax), printings, rulings, prices and sets.' },
        { name: 'price-alerts', description: 'Alerts that fire a webhook event when a card price crosses a threshold.' },
        { name: 'webhooks', description: 'Subscriptions to account events, delivered as signed, batched POSTs, and their delivery log.' },
        { name: 'exports', description: 'Bulk exports of the collection, a binder or a deck in our own or another app\'s file format, built in the background and downloadable for 7 days.' },
        { name: 'profile', description: "The authenticated user's profile." },
      ],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A personal API key (`ccs_live_...`) or an OAuth access token (`ccs_at_...`). ' +
              `Scopes: ${SCOPES.map((s) => `\`${s}\` (${SCOPE_DESCRIPTIONS[s]})`).join('; ')}`,
          },
          oauth2: {
            type: 'oauth2',
            description:
              'For applications acting for other users: the authorization code flow with PKCE (S256) and rotating refresh tokens. ' +
              'Register the application in the developer portal (OAuth apps); see docs/oauth.md. ' +
              'Metadata: `/.well-known/oauth-authorization-server` (RFC 8414).',
            flows: {
              authorizationCode: {
                authorizationUrl: `${oauthBase}${OAUTH_PATHS.authorization}`,
                tokenUrl: `${oauthBase}${OAUTH_PATHS.token}`,
                refreshUrl: `${oauthBase}${OAUTH_PATHS.token}`,
                scopes: Object.fromEntries(SCOPES.map((s) => [s, SCOPE_DESCRIPTIONS[s]])),
              },
            },
          },
        },
      },
      security: [{ bearer: [] }],
    }),
  );
  // The API reference, the error pages and the guides: public, like the OpenAPI document.
  await app.register(apiDocsRoutes, { ctx });
  await app.register(metricsPlugin, { registry: ctx.metrics, skip: warmUp?.isWarmUp });

  app.get('/healthz', { config: { auth: 'none' }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  // Ready: the database answers (and Redis, when requests depend on it). The process being alive is /healthz.
  app.get('/readyz', { config: { auth: 'none' }, schema: { hide: true } }, async (_req, reply) => {
    const database = ctx.database.dialect;
    if (warmUp?.active) return reply.code(503).send({ status: 'warming_up', database, detail: 'The process is compiling its request path before it takes traffic (a second or two after start).' });
    const redis = ctx.redisHealth ? (ctx.redisHealth.up ? 'up' : 'unreachable') : undefined;
    try {
      await ctx.database.ping();
    } catch {
      return reply.code(503).send({ status: 'unavailable', database, failing: 'database', detail: CAUSE_DETAIL.database, ...(redis ? { redis } : {}) });
    }
    if (redis === 'unreachable' && ctx.config.rateLimitOnRedisError === 'closed') {
      return reply.code(503).send({ status: 'unavailable', database, redis, failing: 'redis', detail: CAUSE_DETAIL.redis });
    }
    return { status: 'ready', database, ...(redis ? { redis } : {}) };
  });

  await app.register(
    async (api) => {
      await api.register(authPlugin, {
        authenticate: (token: string) => ctx.apiKeys.authenticate(token),
        limiter: ctx.limiter,
        usage: ctx.usage,
        clock: ctx.clock,
        rateLimits: ctx.config.rateLimit,
      });
      await api.register(etagPlugin);
      await api.register(idempotencyPlugin, { idempotency: ctx.idempotency });
      // Each operation names the scope it needs, for both schemes: a key or a token with that scope.
      api.addHook('onRoute', (route) => {
        const scope = route.config?.scope;
        if (!scope) return;
        const any = typeof scope === 'string' ? [scope] : scope;
        const also = route.config?.alsoScope;
        // One requirement object lists scopes that are all needed; several objects are alternatives.
        route.schema = { ...route.schema, security: [{ bearer: [] }, ...any.map((s) => ({ oauth2: also ? [s, also] : [s] }))] };
      });
      api.get('/openapi.json', { config: { auth: 'none' }, schema: { hide: true } }, async () => app.swagger());
      await api.register(profileRoutes, { ctx });
      await api.register(collectionRoutes, { ctx });
      await api.register(importRoutes, { ctx });
      await api.register(binderRoutes, { ctx });
      await api.register(deckRoutes, { ctx });
      await api.register(webhookRoutes, { ctx });
      await api.register(cardRoutes, { ctx });
      await api.register(priceAlertRoutes, { ctx });
      await api.register(exportRoutes, { ctx });
    },
    { prefix: '/api/v1' },
  );

  // The portal authenticates with a session cookie, outside the bearer-auth hook of /api/v1.
  const imports = importPortalRoutes({ imports: ctx.imports, summary: (userId) => ctx.collection.summary(userId), maxBytes: ctx.config.imports.maxBytes });
  await app.register(portalRoutes, {
    ctx,
    extensions: [oauthPortalRoutes(ctx.oauth), exportPortalRoutes({ exports: ctx.exports, binders: ctx.binders, decks: ctx.decks }), imports],
  });
  // The OAuth2 authorization server: /oauth/* and its RFC 8414 document at the root. Loaded here,
  // not at the top, so CLI commands that never serve do not load oidc-provider (nor print its notices).
  const { oauthRoutes } = await import('./oauth/routes.js');
  await app.register(oauthRoutes, { ctx });

  return app;
}
