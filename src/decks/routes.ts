import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../context.js';
import { principalOf } from '../http/auth.js';
import { ifMatchOf } from '../http/etag.js';
import { Envelope, IdParams, ListMeta, ProblemResponses } from '../http/schemas.js';
import { fromCents } from '../lib/money.js';
import {
  Deck,
  DeckCreateBody,
  DeckExportQuery,
  DeckImportBody,
  DeckListQuery,
  DeckNeed,
  DeckPatchBody,
  ListedDeck,
  NeedsMeta,
  NeedsQuery,
  PublicDeckListQuery,
  UsernameParams,
} from './schemas.js';

const DeckEnvelope = Envelope(Deck);
/** How many of an import's warnings its answer lists. */
const MAX_DECK_WARNINGS = 100;
const DeckImportEnvelope = Envelope(
  Deck,
  Type.Object({
    warnings: Type.Array(
      Type.Object({
        line: Type.Integer(),
        code: Type.Literal('printing_replaced'),
        message: Type.String(),
      }),
      { description: 'Lines whose `(SET) number` named no printing of their card: the card was taken by name (the first 100)' },
    ),
    warnings_count: Type.Integer({ description: 'All such lines, listed or not' }),
  }),
);
const DeckListEnvelope = Envelope(Type.Array(ListedDeck), ListMeta);

export const deckRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (instance, { ctx }) => {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['decks'];

  app.route({
    method: 'GET',
    url: '/decks',
    config: { scope: 'decks:read' },
    schema: {
      operationId: 'listDecks',
      tags,
      summary: "The caller's decks",
      description: 'All of your decks (any visibility), newest first by default. `meta.total` counts the decks matching the filters.',
      querystring: DeckListQuery,
      response: { 200: DeckListEnvelope, ...ProblemResponses },
    },
    handler: async (req) => ctx.decks.list(principalOf(req).userId, req.query),
  });

  app.route({
    method: 'POST',
    url: '/decks',
    config: { scope: 'decks:write', etag: true, successHeaders: ['Location'] },
    schema: {
      operationId: 'createDeck',
      tags,
      summary: 'Create a deck',
      body: DeckCreateBody,
      response: { 201: DeckEnvelope, ...ProblemResponses },
    },
    handler: async (req, reply) => {
      const deck = await ctx.decks.create(principalOf(req).userId, req.body);
      return reply.code(201).header('location', `/api/v1/decks/${deck.id}`).send({ data: deck, meta: {} });
    },
  });

  app.route({
    method: 'POST',
    url: '/decks/import',
    config: { scope: 'decks:write', etag: true, successHeaders: ['Location'] },
    schema: {
      operationId: 'importDeck',
      tags,
      summary: 'Create a deck from Arena or MTGO decklist text',
      description:
        'Lines are `<quantity> <name>` with an optional `(SET) <collector number>`. Sections `Deck`, `Sideboard`, `Commander`, `Companion` ' +
        '(to the sideboard) and `Maybeboard`; without sections, the first blank line starts the sideboard (MTGO). Any unreadable or ' +
        'unknown line fails the import with 422 (`errors[].field` = `text`, the line number in the message) and creates nothing. ' +
        'A line whose `(SET) number` is not a printing of its card gets the card by name, and a `printing_replaced` entry in `meta.warnings` says which printing it got.',
      body: DeckImportBody,
      response: { 201: DeckImportEnvelope, ...ProblemResponses },
    },
    handler: async (req, reply) => {
      const { deck, warnings } = await ctx.decks.importDecklist(principalOf(req).userId, req.body);
      return reply
        .code(201)
        .header('location', `/api/v1/decks/${deck.id}`)
        .send({ data: deck, meta: { warnings: warnings.slice(0, MAX_DECK_WARNINGS), warnings_count: warnings.length } });
    },
  });

  app.route({
    method: 'GET',
    url: '/decks/:id',
    config: { scope: 'decks:read', etag: true },
    schema: {
      operationId: 'getDeck',
      tags,
      summary: 'A deck',
      description: "Your deck, or another user's public or unlisted deck. Another user's private deck is a 404.",
      params: IdParams,
      response: { 200: DeckEnvelope, ...ProblemResponses },
    },
    handler: async (req) => ({ data: await ctx.decks.get(principalOf(req).userId, req.params.id), meta: {} }),
  });

  app.route({
    method: 'PATCH',
    url: '/decks/:id',
    config: { scope: 'decks:write', etag: true },
    schema: {
      operationId: 'updateDeck',
      tags,
      summary: 'Update a deck',
      description: 'Changes the fields sent. `cards`, when present, replaces the whole decklist. Only the owner may; anyone else gets 404.',
      params: IdParams,
      body: DeckPatchBody,
      response: { 200: DeckEnvelope, ...ProblemResponses },
    },
    handler: async (req) => ({ data: await ctx.decks.update(principalOf(req).userId, req.params.id, req.body, ifMatchOf(req)), meta: {} }),
  });

  app.route({
    method: 'DELETE',
    url: '/decks/:id',
    config: { scope: 'decks:write', etag: true },
    schema: {
      operationId: 'deleteDeck',
      tags,
      summary: 'Delete a deck',
      params: IdParams,
      response: { 204: Type.Null(), ...ProblemResponses },
    },
    handler: async (req, reply) => {
      await ctx.decks.delete(principalOf(req).userId, req.params.id, ifMatchOf(req));
      return reply.code(204).send(null);
    },
  });

  app.route({
    method: 'GET',
    url: '/decks/:id/export',
    config: { scope: 'decks:read' },
    schema: {
      operationId: 'exportDeck',
      tags,
      summary: 'A decklist as text',
      description:
        '`arena`: sections and `(SET) number` (re-imports to the same printings); `text`: sections, names only; `mtgo`: main deck, a blank line, ' +
        'then the sideboard (commander included, maybeboard left out). Answers `text/plain`.',
      params: IdParams,
      querystring: DeckExportQuery,
      response: { 200: { content: { 'text/plain': { schema: Type.String() } } }, ...ProblemResponses },
    },
    handler: async (req, reply) => {
      const text = await ctx.decks.exportDecklist(principalOf(req).userId, req.params.id, req.query.format ?? 'arena');
      return reply.type('text/plain; charset=utf-8').send(text);
    },
  });

  app.route({
    method: 'GET',
    url: '/decks/:id/missing',
    config: { scope: 'decks:read', alsoScope: 'collection:read' },
    schema: {
      operationId: 'getDeckMissingCards',
      tags,
      summary: 'What a deck needs that your collection lacks',
      description:
        'Any deck you may read (yours, or a public or unlisted one) against your own collection: per card, the copies the deck holds ' +
        '(its boards together; the maybeboard left out), the copies you own, and how many are missing, in deck order. `match=card` ' +
        '(default) counts a copy of any printing, finish, condition, language or binder; `match=printing` only the deck\'s printing. ' +
        '`meta` sums them, with what the missing copies cost. Needs `decks:read` and `collection:read`.',
      params: IdParams,
      querystring: NeedsQuery,
      response: { 200: Envelope(Type.Array(DeckNeed), NeedsMeta), ...ProblemResponses },
    },
    handler: async (req) => {
      const match = req.query.match ?? 'card';
      const n = await ctx.decks.needs(principalOf(req).userId, req.params.id, match);
      return {
        data: n.needs,
        meta: { match, needed: n.needed, owned: n.owned, missing: n.missing, missing_value: fromCents(n.missingCents), missing_unpriced: n.missingUnpriced },
      };
    },
  });

  app.route({
    method: 'GET',
    url: '/users/:username/decks',
    config: { scope: 'decks:read' },
    schema: {
      operationId: 'listPublicDecks',
      tags,
      summary: "A user's public decks",
      description: 'Public decks only (unlisted and private ones never appear). An unknown username is a 404.',
      params: UsernameParams,
      querystring: PublicDeckListQuery,
      response: { 200: DeckListEnvelope, ...ProblemResponses },
    },
    handler: async (req) => ctx.decks.listPublic(req.params.username, req.query),
  });
};
