import type { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../context.js';
import { principalOf } from '../http/auth.js';
import { Envelope, IdParams, ListMeta, Problem, ProblemResponses } from '../http/schemas.js';
import { CreateExportBody, ExportListQuery, ExportObject } from './schemas.js';
import { scopeFor } from './service.js';

const tags = ['exports'];

/** Exports need `collection:read`, a deck's `decks:read` instead (contract section 3); the service checks which per export. */
const EXPORT_SCOPES = ['collection:read', 'decks:read'] as const;

/** The body is not validated yet: anything but a deck source is checked as a collection export. */
function exportBodyScope(body: unknown) {
  const source = typeof body === 'object' && body !== null ? (body as { source?: unknown }).source : undefined;
  return scopeFor(source === 'deck' ? 'deck' : 'collection');
}
const ExportEnvelope = Envelope(ExportObject);
// A stream to the handler, a string in the OpenAPI document.
const File = Type.Unsafe<Readable>({ type: 'string', description: 'The file, streamed' });
/** A `json` export: `{"data": [...]}`, the collection's entries or the deck's card objects as the API answers them. */
const JsonFile = Type.Unsafe<Readable>({
  type: 'object',
  description: 'The file, streamed: `{"data": [...]}`, the entries (or a deck\'s card objects) as the API answers them',
  required: ['data'],
  properties: { data: { type: 'array', items: { type: 'object' } } },
});

export const exportRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (instance, { ctx }) => {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.route({
    method: 'POST',
    url: '/exports',
    // The body says which scope: checked with the route's, before an Idempotency-Key is claimed.
    config: { scope: EXPORT_SCOPES, bodyScope: exportBodyScope, etag: true, successHeaders: ['Location'] },
    schema: {
      operationId: 'createExport',
      tags,
      summary: 'Request a bulk export',
      description:
        'Queues a file of the whole collection, one binder (optionally filtered with the collection search `q`), or one deck, and answers 202 ' +
        'with the export (`status: pending`). A background worker writes it; poll `GET /exports/{id}` or subscribe to `export.completed`, then ' +
        'download it from `download_url` for 7 days. Formats: `json`, `csv`, `moxfield_csv`, `manabox_csv`, `deckbox_csv`, `archidekt_csv`, and for ' +
        'decks also `arena`, `mtgo`, `mtgo_dek` (a deck format with another source is a 422). Needs `collection:read`; a deck export `decks:read` instead. ' +
        'At most `CCS_EXPORT_MAX_RUNNING_PER_USER` (2) of a user\'s exports run at once; the rest wait their turn; more than ' +
        '`CCS_EXPORT_MAX_QUEUED_PER_USER` (20) waiting is a 409.',
      body: CreateExportBody,
      response: { 202: ExportEnvelope, ...ProblemResponses, 404: Problem, 409: Problem },
    },
    handler: async (req, reply) => {
      const p = principalOf(req);
      const created = await ctx.exports.create({ userId: p.userId, scopes: p.scopes }, req.body);
      return reply.code(202).header('location', `/api/v1/exports/${created.id}`).send({ data: created, meta: {} });
    },
  });

  app.route({
    method: 'GET',
    url: '/exports',
    config: { scope: EXPORT_SCOPES },
    schema: {
      operationId: 'listExports',
      tags,
      summary: "The caller's exports, newest first",
      description:
        'Every export the user requested, in any state, until 30 days after its file expired (or after it failed): with `collection:read` the collection and binder exports, with `decks:read` the deck exports.',
      querystring: ExportListQuery,
      response: { 200: Envelope(Type.Array(ExportObject), ListMeta), ...ProblemResponses },
    },
    handler: async (req) => {
      const p = principalOf(req);
      return ctx.exports.list({ userId: p.userId, scopes: p.scopes }, req.query);
    },
  });

  app.route({
    method: 'GET',
    url: '/exports/:id',
    // The service names the scope this export needs (a deck's or the collection's).
    config: { scope: EXPORT_SCOPES, scopeOfObject: true, etag: true },
    schema: {
      operationId: 'getExport',
      tags,
      summary: 'An export and its status',
      description:
        '`download_url` and `expires_at` appear once the export completed; `expired` turns true when the file is gone. Another user\'s export is a 404. ' +
        'Needs `collection:read`; a deck export\'s `decks:read` instead.',
      params: IdParams,
      response: { 200: ExportEnvelope, ...ProblemResponses },
    },
    handler: async (req) => {
      const p = principalOf(req);
      return { data: await ctx.exports.get({ userId: p.userId, scopes: p.scopes }, req.params.id), meta: {} };
    },
  });

  app.route({
    method: 'GET',
    url: '/exports/:id/download',
    config: { scope: EXPORT_SCOPES, scopeOfObject: true, successHeaders: ['Content-Disposition', 'Cache-Control'] },
    schema: {
      operationId: 'downloadExport',
      tags,
      summary: "Download an export's file",
      description:
        'Streams the file with `Content-Disposition: attachment` and its type: `application/json` (json), `text/csv` (the CSV formats), ' +
        '`text/plain` (arena, mtgo) or `application/xml` (mtgo_dek), all UTF-8. 409 while the export is pending, running or failed; ' +
        '410 `gone` once it expired. Needs `collection:read`; a deck export\'s `decks:read` instead.',
      params: IdParams,
      response: {
        200: {
          description: 'The file',
          content: { 'text/csv': { schema: File }, 'application/json': { schema: JsonFile }, 'text/plain': { schema: File }, 'application/xml': { schema: File } },
        },
        ...ProblemResponses,
        409: Problem,
        410: Problem,
      },
    },
    handler: async (req, reply) => {
      const p = principalOf(req);
      const file = await ctx.exports.download({ userId: p.userId, scopes: p.scopes }, req.params.id);
      reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      if (file.sizeBytes !== null) reply.header('content-length', file.sizeBytes);
      return reply.send(file.stream);
    },
  });
};
