import type { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import type { BinderService } from '../binders/service.js';
import type { DeckService } from '../decks/service.js';
import { Envelope, IdParams, ListMeta, Problem } from '../http/schemas.js';
import type { PortalExtension } from '../portal/routes.js';
import { CreateExportBody, ExportListQuery, ExportObject } from './schemas.js';
import type { ExportService } from './service.js';

/** What the export form offers to pick from. */
const ExportSources = Type.Object({
  binders: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), entry_count: Type.Integer() })),
  decks: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), format: Type.String(), card_count: Type.Integer() })),
});

/** Binders and decks the form lists at most (the API takes any id). */
const PICKER_LIMIT = 200;

/**
 * The portal's Exports page: the same service as /api/v1/exports for the signed-in user, who
 * holds every scope of their own account. Downloads are plain GETs (a link), like the API's.
 */
export function exportPortalRoutes(deps: { exports: ExportService; binders: Pick<BinderService, 'list'>; decks: Pick<DeckService, 'list'> }): PortalExtension {
  return (api, { sessionOf, problems }) => {
    api.route({
      method: 'GET',
      url: '/exports',
      config: { portal: 'session' },
      schema: { hide: true, querystring: ExportListQuery, response: { 200: Envelope(Type.Array(ExportObject), ListMeta), ...problems } },
      handler: async (req) => deps.exports.list({ userId: sessionOf(req).userId, scopes: 'all' }, req.query),
    });

    api.route({
      method: 'POST',
      url: '/exports',
      config: { portal: 'session' },
      schema: { hide: true, body: CreateExportBody, response: { 202: Envelope(ExportObject), ...problems } },
      handler: async (req, reply) => reply.code(202).send({ data: await deps.exports.create({ userId: sessionOf(req).userId, scopes: 'all' }, req.body), meta: {} }),
    });

    api.route({
      method: 'GET',
      url: '/exports/:id',
      config: { portal: 'session' },
      schema: { hide: true, params: IdParams, response: { 200: Envelope(ExportObject), ...problems } },
      handler: async (req) => ({ data: await deps.exports.get({ userId: sessionOf(req).userId, scopes: 'all' }, req.params.id), meta: {} }),
    });

    api.route({
      method: 'GET',
      url: '/exports/:id/download',
      config: { portal: 'session' },
      schema: { hide: true, params: IdParams, response: { 200: { content: { 'application/octet-stream': { schema: Type.Unsafe<Readable>({ type: 'string' }) } } }, ...problems, 410: Problem } },
      handler: async (req, reply) => {
        const file = await deps.exports.download({ userId: sessionOf(req).userId, scopes: 'all' }, req.params.id);
        reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`);
        if (file.sizeBytes !== null) reply.header('content-length', file.sizeBytes);
        return reply.send(file.stream);
      },
    });

    api.route({
      method: 'GET',
      url: '/export-sources',
      config: { portal: 'session' },
      schema: { hide: true, response: { 200: Envelope(ExportSources), ...problems } },
      handler: async (req) => {
        const userId = sessionOf(req).userId;
        const [binders, decks] = await Promise.all([deps.binders.list(userId, { limit: PICKER_LIMIT }), deps.decks.list(userId, { limit: PICKER_LIMIT })]);
        return {
          data: {
            binders: binders.data.map((b) => ({ id: b.id, name: b.name, entry_count: b.entry_count })),
            decks: decks.data.map((d) => ({ id: d.id, name: d.name, format: d.format, card_count: d.card_count })),
          },
          meta: {},
        };
      },
    });
  };
}
