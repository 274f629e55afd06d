import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../context.js';
import { principalOf } from '../http/auth.js';
import { sendJsonBody } from '../http/compression.js';
import { ifMatchOf } from '../http/etag.js';
import { Envelope, IdParams, ListMeta, Problem, ProblemResponses } from '../http/schemas.js';
import { CardSummary } from '../cards/schemas.js';
import {
  BatchBody,
  BatchMeta,
  CollectionEntry,
  CollectionMeta,
  EntryPatch,
  ListQuery,
  MAX_BATCH,
  MissingMeta,
  MissingQuery,
  NewEntry,
  SetCodeParams,
  SetProgress,
  SetsQuery,
  ValueHistoryQuery,
  ValuePoint,
} from './schemas.js';

const EntryEnvelope = Envelope(CollectionEntry);

export const collectionRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (instance, { ctx }) => {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.route({
    method: 'GET',
    url: '/collection',
    config: { scope: 'collection:read' },
    schema: {
      operationId: 'listCollectionEntries',
      tags: ['collection'],
      summary: 'List collection entries',
      description:
        'Filters combine with AND. `sort`: added (default, newest first), name, value (unpriced entries last), quantity, set ' +
        '(set code, then collector number as text). `meta` totals cover every entry matching the filters.',
      querystring: ListQuery,
      response: { 200: Envelope(Type.Array(CollectionEntry), CollectionMeta), ...ProblemResponses, 400: Problem },
    },
    // Not async: a cached page is sent before the handler returns, with no promise or microtask
    // turn (Fastify sends a synchronous throw as the error it is).
    handler: (req, reply) => {
      // The body is memoised already serialised, so a repeated page costs a map lookup; the URL
      // (whose query `req.query` was parsed from) lets a repeated query skip parsing too.
      const body = ctx.collection.listRendered(principalOf(req), req.query, (page) => reply.serialize(page) as string, req.url);
      // Already serialised by the route's own serializer; the untyped reply sends it verbatim.
      const untyped: FastifyReply = reply;
      // A miss: the promise adopts the reply, a thenable that settles (with nothing) once the
      // answer is sent, so Fastify waits for the sending as it did for the async handler.
      if (body instanceof Promise) return body.then((b) => sendJsonBody(req, untyped, b)) as Promise<unknown> as Promise<void>;
      sendJsonBody(req, untyped, body);
    },
  });

  app.route({
    method: 'GET',
    url: '/collection/value-history',
    config: { scope: 'collection:read' },
    schema: {
      operationId: 'getCollectionValueHistory',
      tags: ['collection'],
      summary: 'What the collection was worth on each price date',
      description:
        'For the entries the filters select (as `GET /collection`: `binder_id`, `set`, `finish`, `condition`, `q`), their value at ' +
        'each day prices were recorded (each card import, `ccs cards import --as-of`) between `from` and `to`, oldest first: the ' +
        'quantities you hold now at that day\'s USD price of each entry\'s finish. An entry with no price that day counts 0 ' +
        '(`priced_quantity` says how many cards had one); days with no priced entry are left out. The last point is today\'s ' +
        '`total_value` when the last import recorded its prices.',
      querystring: ValueHistoryQuery,
      response: { 200: Envelope(Type.Array(ValuePoint), Type.Object({ currency: Type.Literal('usd') })), ...ProblemResponses, 400: Problem },
    },
    handler: async (req) => ctx.collection.valueHistory(principalOf(req).userId, req.query),
  });

  app.route({
    method: 'GET',
    url: '/collection/sets',
    config: { scope: 'collection:read' },
    schema: {
      operationId: 'listCollectionSets',
      tags: ['collection'],
      summary: 'Your progress through each card set',
      description:
        'Each set you hold at least one copy of (of those the filters select: `binder_id`, `finish`, `condition`, `q` as on ' +
        '`GET /collection`; `set` lists one set), with its cards (distinct collector numbers in the card database, every language) ' +
        'and how many of them you hold, in any language, finish, condition or binder the filters allow. `sort`: released (default, ' +
        'newest first), name, completion (most complete first), value (most valuable first); ties by set code.',
      querystring: SetsQuery,
      response: { 200: Envelope(Type.Array(SetProgress), ListMeta), ...ProblemResponses, 400: Problem },
    },
    handler: async (req) => ctx.collection.setProgress(principalOf(req).userId, req.query),
  });

  app.route({
    method: 'GET',
    url: '/collection/sets/:code/missing',
    config: { scope: 'collection:read' },
    schema: {
      operationId: 'listCollectionSetMissing',
      tags: ['collection'],
      summary: 'The cards of a set you hold no copy of',
      description:
        'One printing per collector number you lack (the English one where the number was printed in English), in set order. ' +
        'The filters (`binder_id`, `finish`, `condition`, `q`) choose which of your copies count, as on `GET /collection/sets`: ' +
        '`finish=foil` lists the cards you hold no foil of. `meta` gives the set\'s cards and how many you hold. 404 for a set ' +
        'the card database does not have.',
      params: SetCodeParams,
      querystring: MissingQuery,
      response: { 200: Envelope(Type.Array(CardSummary), MissingMeta), ...ProblemResponses, 400: Problem },
    },
    handler: async (req) => ctx.collection.missingInSet(principalOf(req).userId, req.params.code, req.query),
  });

  app.route({
    method: 'POST',
    url: '/collection',
    config: { scope: 'collection:write', etag: true, frozenJson: true, successHeaders: ['Location'] },
    schema: {
      operationId: 'addCollectionEntry',
      tags: ['collection'],
      summary: 'Add cards to the collection',
      description:
        'Creates an entry (201), or, when an entry with the same card, finish, condition, language and binder exists, ' +
        'adds the quantity to it (200; tags are merged, an empty purchase_price or notes is filled in).',
      body: NewEntry,
      response: { 200: EntryEnvelope, 201: EntryEnvelope, ...ProblemResponses },
    },
    handler: async (req, reply) => {
      const { entry, created } = await ctx.collection.add(principalOf(req).userId, req.body);
      if (created) reply.header('location', `/api/v1/collection/${entry.id}`);
      return reply.code(created ? 201 : 200).send({ data: entry, meta: {} });
    },
  });

  app.route({
    method: 'POST',
    url: '/collection/batch',
    config: { scope: 'collection:write' },
    schema: {
      operationId: 'addCollectionEntries',
      tags: ['collection'],
      summary: `Add up to ${MAX_BATCH} entries at once, all or nothing`,
      description:
        'One transaction: any invalid item answers 422 naming `entries[i].field` and nothing is written. ' +
        '`data[i]` is the entry item i was added to; `meta` counts entries created and existing entries grown.',
      body: BatchBody,
      response: { 201: Envelope(Type.Array(CollectionEntry), BatchMeta), ...ProblemResponses, 413: Problem },
    },
    handler: async (req, reply) => {
      const result = await ctx.collection.addBatch(principalOf(req).userId, req.body.entries);
      return reply.code(201).send(result);
    },
  });

  app.route({
    method: 'GET',
    url: '/collection/:id',
    config: { scope: 'collection:read', etag: true, frozenJson: true },
    schema: {
      operationId: 'getCollectionEntry',
      tags: ['collection'],
      summary: 'A collection entry',
      params: IdParams,
      response: { 200: EntryEnvelope, ...ProblemResponses },
    },
    handler: async (req) => ({ data: await ctx.collection.get(principalOf(req).userId, req.params.id), meta: {} }),
  });

  app.route({
    method: 'PATCH',
    url: '/collection/:id',
    config: { scope: 'collection:write', etag: true, frozenJson: true },
    schema: {
      operationId: 'updateCollectionEntry',
      tags: ['collection'],
      summary: 'Change a collection entry',
      description: 'A change that would make the entry identical to another entry answers 409 `conflict`; nothing is merged.',
      params: IdParams,
      body: EntryPatch,
      response: { 200: EntryEnvelope, ...ProblemResponses, 409: Problem },
    },
    handler: async (req) => ({ data: await ctx.collection.update(principalOf(req).userId, req.params.id, req.body, ifMatchOf(req)), meta: {} }),
  });

  app.route({
    method: 'DELETE',
    url: '/collection/:id',
    config: { scope: 'collection:write', etag: true },
    schema: {
      operationId: 'deleteCollectionEntry',
      tags: ['collection'],
      summary: 'Remove a collection entry',
      params: IdParams,
      response: { 204: Type.Null(), ...ProblemResponses },
    },
    handler: async (req, reply) => {
      await ctx.collection.remove(principalOf(req).userId, req.params.id, ifMatchOf(req));
      return reply.code(204).send(null);
    },
  });
};
