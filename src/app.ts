import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawReplyDefaultExpression, type RawRequestDefaultExpression, type RawServerDefault } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { AppContext } from './context.js';
import { authPlugin } from './http/auth.js';
import { metricsPlugin } from './http/metrics.js';
import { registerProblemHandlers } from './http/problem.js';
import { enforceRouteAuth, publicRoutes } from './http/route-auth.js';
import { Problem } from './http/schemas.js';
import { validatorCompiler } from './http/validation.js';
import { cardRoutes } from './cards/routes.js';
import { priceAlertRoutes } from './price-alerts/routes.js';
import { profileRoutes } from './profile/routes.js';
import { collectionRoutes } from './collection/routes.js';
import { binderRoutes } from './binders/routes.js';
import { deckRoutes } from './decks/routes.js';
import { portalRoutes } from './portal/routes.js';
import { webhookRoutes } from './webhooks/routes.js';
import { SCOPES, SCOPE_DESCRIPTIONS } from './auth/scopes.js';

/** The Fastify instance with TypeBox types flowing from route schemas into handlers. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

export interface BuildOptions {
  logger?: boolean;
}

/** Builds the whole HTTP service from plugins and feature routes; never listens. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: ctx.config.logLevel },
    bodyLimit: ctx.config.bodyLimit,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: false,
    ajv: { customOptions: { removeAdditional: false, allErrors: true } },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<TypeBoxTypeProvider>();

  enforceRouteAuth(app);
  app.setValidatorCompiler(validatorCompiler);
  registerProblemHandlers(app, ctx.config.publicUrl);
  app.addSchema(Problem);
  // Callback-style hooks on every request: an async hook costs a promise per request.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Card Collection Service API',
        version: '1.0.0',
        description:
          'Collections, decks and binders, a shared card database, and signed, batched webhooks. ' +
          'Every request carries `Authorization: Bearer <API key or OAuth access token>`. Errors are RFC 9457 problem documents.',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: `Scopes: ${SCOPES.map((s) => `\`${s}\` (${SCOPE_DESCRIPTIONS[s]})`).join('; ')}`,
          },
        },
      },
      security: [{ bearer: [] }],
    },
  });
  // The API reference is public, like the OpenAPI document it shows.
  await app.register(async (docs) => {
    publicRoutes(docs);
    await docs.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  });
  await app.register(metricsPlugin, { registry: ctx.metrics });

  app.get('/healthz', { config: { auth: 'none' }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { auth: 'none' }, schema: { hide: true } }, async (_req, reply) => {
    try {
      await ctx.database.ping();
      return { status: 'ready', database: ctx.database.dialect };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: ctx.database.dialect });
    }
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
      api.get('/openapi.json', { config: { auth: 'none' }, schema: { hide: true } }, async () => app.swagger());
      await api.register(profileRoutes, { ctx });
      await api.register(collectionRoutes, { ctx });
      await api.register(binderRoutes, { ctx });
      await api.register(deckRoutes, { ctx });
      await api.register(webhookRoutes, { ctx });
      await api.register(cardRoutes, { ctx });
      await api.register(priceAlertRoutes, { ctx });
    },
    { prefix: '/api/v1' },
  );

  // The portal authenticates with a session cookie, outside the bearer-auth hook of /api/v1.
  await app.register(portalRoutes, { ctx });

  return app;
}
