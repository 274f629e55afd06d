import path from 'node:path';
import { fileURLToPath } from 'node:url';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../context.js';
import { Errors } from '../errors.js';
import { publicRoutes } from '../http/route-auth.js';
import { createGuides } from './guides.js';
import { BRAND_NAME, BRAND_SVG, errorsPage, guidePage, guidesIndexPage, PAGE_CSP, PAGE_CSS, SWAGGER_CSP, SWAGGER_CSS, SWAGGER_JS } from './pages.js';

/** The repository's `docs/`: two levels up from src/api-docs and dist/api-docs alike. */
export const DOCS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs');

const HOUR = 'public, max-age=3600';

function page(reply: FastifyReply, html: string): FastifyReply {
  return reply.header('content-security-policy', PAGE_CSP).header('cache-control', HOUR).type('text/html; charset=utf-8').send(html);
}

/**
 * The documentation a person reads in a browser, all public: the API reference (Swagger UI,
 * branded) at `/docs`, every error code at `/docs/errors` (where problem `type` URIs point), and
 * the markdown guides at `/docs/guides`. Every answer is unframeable and has a CSP.
 */
export const apiDocsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (docs) => {
  publicRoutes(docs);
  docs.addHook('onSend', (_req, reply, payload, done) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', SWAGGER_CSP);
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    done(null, payload);
  });

  await docs.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    logo: { type: 'image/svg+xml', content: Buffer.from(BRAND_SVG), href: '/docs', target: '_self' },
    theme: {
      title: `${BRAND_NAME} · API reference`,
      favicon: [{ filename: 'favicon.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: Buffer.from(BRAND_SVG) }],
      css: [{ filename: 'ccs.css', content: SWAGGER_CSS }],
      js: [{ filename: 'ccs.js', content: SWAGGER_JS }],
    },
  });

  const errors = errorsPage();
  const guides = createGuides(DOCS_DIR);
  docs.get('/docs/errors', { schema: { hide: true } }, async (_req, reply) => page(reply, errors));
  docs.get('/docs/guides', { schema: { hide: true } }, async (_req, reply) => page(reply, guidesIndexPage(guides.list())));
  docs.get<{ Params: { name: string } }>('/docs/guides/:name', { schema: { hide: true } }, async (req, reply) => {
    const guide = guides.get(req.params.name);
    if (!guide) throw Errors.notFound('guide');
    return page(reply, guidePage(guide));
  });
  docs.get('/docs/assets/docs.css', { schema: { hide: true } }, async (_req, reply) => reply.header('cache-control', HOUR).type('text/css; charset=utf-8').send(PAGE_CSS));
  docs.get('/docs/assets/favicon.svg', { schema: { hide: true } }, async (_req, reply) => reply.header('cache-control', HOUR).type('image/svg+xml').send(BRAND_SVG));
};
