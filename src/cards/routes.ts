import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../context.js';
import { sendJsonBody } from '../http/compression.js';
import { Envelope, IdParams, ListMeta, PageQuery, Problem, ProblemResponses } from '../http/schemas.js';
import type { RenderedPage } from './search-pages.js';
import {
  AutocompleteQuery,
  Card,
  CardPrices,
  CardSet,
  CollectionRequest,
  Identifier,
  NamedQuery,
  PriceQuery,
  RandomQuery,
  Ruling,
  SearchMeta,
  SearchQuery,
} from './schemas.js';

const Page = Type.Object({ ...PageQuery }, { additionalProperties: false });
// Scryfall's clients send Scryfall's parameters (`format=image`, `face=back`, `version=large`,
// `pretty=true`): every card route refuses a parameter it does not take (422) rather than
// answer its JSON as if the parameter had been heard.
const NoQuery = Type.Object({}, { additionalProperties: false });

/**
 * Sends a search page (already serialised bytes, which Fastify sends as they are): as
 * gzip assembled from pre-compressed cards when the client takes gzip, else as the
 * collection's pages go (brotli compressed on the spot, or plain).
 */
function sendPage(req: FastifyRequest, reply: FastifyReply, page: RenderedPage): FastifyReply {
  const accepted = req.headers['accept-encoding'];
  // Content codings are case-insensitive (RFC 9110); the negotiator compares exactly.
  if (accepted && page.length >= 1024 && negotiate(accepted.toLowerCase(), ['gzip', 'br']) === 'gzip') {
    return reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding').header('content-encoding', 'gzip').send(page.gzip());
  }
  return sendJsonBody(req, reply, page.body());
}
const SearchEnvelope = Envelope(Type.Array(Card), SearchMeta);

// find-my-way matches static segments before parameters, so /cards/search,
// /cards/named, /cards/autocomplete and /cards/random never reach /cards/:id (tested in e2e).
export const cardRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (instance, { ctx }) => {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.route({
    method: 'GET',
    url: '/cards/search',
    config: { scope: 'cards:read' },
    schema: {
      operationId: 'searchCards',
      tags: ['cards'],
      summary: 'Search cards with the Scryfall syntax',
      description:
        'Bare words and "quoted phrases" match names; keywords such as `t:`, `o:`, `c:`, `id:`, `mv>=3`, `r:`, `s:`, ' +
        '`f:`, `usd<1`, `is:`, `a:`, `kw:`, `lang:`, `year:`, `in:`, `devotion:`, `pt`, `new:`, `has:`, `b:`, `st:`; ' +
        'regular expressions (`o:/^{t}:/`, linear-time RE2); implicit AND, `or`, parentheses, `-` negation, `!"Exact Name"`. ' +
        'Tokens and other extras are left out unless the query asks for them (`include:extras`, `t:token` ...). ' +
        '`order:`, `dir:`, `unique:` and `prefer:` inside `q` win over the parameters. A syntax error or an unknown keyword is a 400 ' +
        '`invalid_query` naming the token and its 0-based `position`. Pages are gzip- or brotli-compressed for clients that ask. ' +
        "Scryfall's `include_extras`, `include_multilingual` and `include_variations` (`true` or `false`) are taken as the `include:` terms; " +
        'its `page`, `format` and `pretty` are not (422): page with `cursor` (`meta.next_cursor`); answers are JSON. ' +
        'A search that matches nothing is a 200 with an empty `data` (Scryfall answers 404).',
      querystring: SearchQuery,
      response: { 200: SearchEnvelope, ...ProblemResponses, 400: Problem },
    },
    handler: async (req, reply) => sendPage(req, reply, await ctx.cards.searchPage(req.query)),
  });

  app.route({
    method: 'GET',
    url: '/cards/named',
    config: { scope: 'cards:read', etag: true },
    schema: {
      operationId: 'getCardByName',
      tags: ['cards'],
      summary: 'A card by name',
      description:
        '`exact=` matches a full name or one face of a multi-face card, case-insensitively; `fuzzy=` also tolerates ' +
        'missing punctuation, partial names and typos. When several cards match a fuzzy name the answer is 404 with ' +
        '`code: "ambiguous"`. `set=` picks the printing from that set.',
      querystring: NamedQuery,
      response: { 200: Envelope(Card), ...ProblemResponses, 404: Problem },
    },
    handler: async (req) => ({ data: await ctx.cards.named(req.query), meta: {} }),
  });

  app.route({
    method: 'GET',
    url: '/cards/autocomplete',
    config: { scope: 'cards:read' },
    schema: {
      operationId: 'autocompleteCardNames',
      tags: ['cards'],
      summary: 'Up to 20 card names for a partial name',
      description:
        'Names starting with `q` first (spaces and hyphens aside: `nivmiz` and `niv miz` both start Niv-Mizzet), then names with a word starting with it, a word after a hyphen too (a match inside a word is not a completion); extras such as tokens are left out unless `include_extras=true`. Fewer than 2 characters give none. `meta.total` counts every completion, listed or not.',
      querystring: AutocompleteQuery,
      response: { 200: Envelope(Type.Array(Type.String()), Type.Object({ total: Type.Integer() })), ...ProblemResponses },
    },
    handler: async (req) => {
      const { names, total } = await ctx.cards.autocomplete(req.query);
      return { data: names, meta: { total } };
    },
  });

  app.route({
    method: 'GET',
    url: '/cards/random',
    config: { scope: 'cards:read', successHeaders: ['Cache-Control'] },
    schema: {
      operationId: 'getRandomCard',
      tags: ['cards'],
      summary: 'A random card, of those a search lists',
      description:
        'One of the results `GET /cards/search` lists for `q` and `unique` (English printings, extras left out, unless the query ' +
        'says otherwise), each as likely; without `q`, any card. 404 when nothing matches; a bad query is the same 400 ' +
        '`invalid_query` as a search. Answered with `Cache-Control: no-store`, since the next answer differs.',
      querystring: RandomQuery,
      response: { 200: Envelope(Card), ...ProblemResponses, 400: Problem, 404: Problem },
    },
    handler: async (req, reply) => {
      const card = await ctx.cards.random(req.query);
      reply.header('cache-control', 'no-store');
      return { data: card, meta: {} };
    },
  });

  app.route({
    method: 'POST',
    url: '/cards/collection',
    config: { scope: 'cards:read' },
    schema: {
      operationId: 'getCardsByIdentifiers',
      tags: ['cards'],
      summary: 'Up to 75 cards by identifier',
      description:
        'Identifiers as on Scryfall: `{id}`, `{mtgo_id}`, `{multiverse_id}`, `{oracle_id}`, `{illustration_id}`, `{name}`, ' +
        '`{name, set}` or `{collector_number, set}`. Cards come back in request order; identifiers that matched nothing are listed in `meta.not_found`.',
      body: CollectionRequest,
      querystring: NoQuery,
      response: { 200: Envelope(Type.Array(Card), Type.Object({ not_found: Type.Array(Identifier) })), ...ProblemResponses },
    },
    handler: async (req) => ctx.cards.collection(req.body.identifiers),
  });

  app.route({
    method: 'GET',
    url: '/cards/:id',
    config: { scope: 'cards:read', etag: true },
    schema: {
      operationId: 'getCard',
      tags: ['cards'],
      summary: 'A card printing by its Scryfall id',
      description:
        "The card object, with Scryfall's field names. Always JSON: Scryfall's `format`, `face`, `version` and `pretty` parameters are refused (422), " +
        'as is any other; the images are at `image_uris` (and each face\'s).',
      params: IdParams,
      querystring: NoQuery,
      response: { 200: Envelope(Card), ...ProblemResponses },
    },
    handler: async (req) => ({ data: await ctx.cards.get(req.params.id), meta: {} }),
  });

  app.route({
    method: 'GET',
    url: '/cards/:id/printings',
    config: { scope: 'cards:read' },
    schema: {
      operationId: 'listCardPrintings',
      tags: ['cards'],
      summary: 'Every printing of the same card (same oracle id), newest first',
      params: IdParams,
      querystring: Page,
      response: { 200: Envelope(Type.Array(Card), ListMeta), ...ProblemResponses },
    },
    handler: async (req) => ctx.cards.printings(req.params.id, req.query),
  });

  app.route({
    method: 'GET',
    url: '/cards/:id/rulings',
    config: { scope: 'cards:read' },
    schema: {
      operationId: 'listCardRulings',
      tags: ['cards'],
      summary: "The card's rulings (shared by all its printings), oldest first",
      params: IdParams,
      querystring: Page,
      response: { 200: Envelope(Type.Array(Ruling), ListMeta), ...ProblemResponses },
    },
    handler: async (req) => ctx.cards.rulings(req.params.id, req.query),
  });

  app.route({
    method: 'GET',
    url: '/cards/:id/prices',
    // One object: a price tracker polling it sends If-None-Match and gets 304 until an import moves a price.
    config: { scope: 'cards:read', etag: true },
    schema: {
      operationId: 'getCardPrices',
      tags: ['cards'],
      summary: 'Current prices per finish and currency, and their history',
      description:
        'One history point per import date (`ccs cards import --as-of`); `from`/`to` bound the dates of `history`, `finish`/`currency` pick one series. ' +
        '`current` is what the last import set, whatever its date, with the date of that import as `as_of`.',
      params: IdParams,
      querystring: PriceQuery,
      response: { 200: Envelope(CardPrices), ...ProblemResponses },
    },
    handler: async (req) => ({ data: await ctx.cards.prices(req.params.id, req.query), meta: {} }),
  });

  // Scryfall's way to name one printing by its place in a set. Static segments win in
  // find-my-way, so /cards/{id}/printings and the like never reach /cards/{set}/{number},
  // nor /cards/{set}/{number}/rulings the language route.
  const BySetNumber = { set: Type.String({ minLength: 1, maxLength: 10 }), number: Type.String({ minLength: 1, maxLength: 100 }) };
  const bySetNumberDescription =
    'The printing with this set code and collector number, as on Scryfall (`/cards/war/221`); both are read in any case, and a ' +
    'collector number with a symbol is percent-encoded (`184★` is `184%E2%98%85`).';
  app.route({
    method: 'GET',
    url: '/cards/:set/:number',
    config: { scope: 'cards:read', etag: true },
    schema: {
      operationId: 'getCardBySetNumber',
      tags: ['cards'],
      summary: 'A card printing by set code and collector number',
      description: `${bySetNumberDescription} Of several languages of one printing, the English one (else the one a search shows).`,
      params: Type.Object(BySetNumber),
      querystring: NoQuery,
      response: { 200: Envelope(Card), ...ProblemResponses },
    },
    handler: async (req) => ({ data: await ctx.cards.byNumber(req.params.set, req.params.number), meta: {} }),
  });

  app.route({
    method: 'GET',
    url: '/cards/:set/:number/rulings',
    config: { scope: 'cards:read' },
    schema: {
      operationId: 'listCardRulingsBySetNumber',
      tags: ['cards'],
      summary: 'The rulings of the card at a set code and collector number, oldest first',
      description: 'As `GET /cards/{id}/rulings` for the printing `GET /cards/{set}/{number}` answers (Scryfall\'s `/cards/{code}/{number}/rulings`).',
      params: Type.Object(BySetNumber),
      querystring: Page,
      response: { 200: Envelope(Type.Array(Ruling), ListMeta), ...ProblemResponses },
    },
    handler: async (req) => ctx.cards.rulings((await ctx.cards.byNumber(req.params.set, req.params.number)).id, req.query),
  });

  app.route({
    method: 'GET',
    url: '/cards/:set/:number/:lang',
    config: { scope: 'cards:read', etag: true },
    schema: {
      operationId: 'getCardBySetNumberLanguage',
      tags: ['cards'],
      summary: 'A card printing by set code, collector number and language',
      description: `${bySetNumberDescription} \`lang\` is Scryfall's language code (\`en\`, \`de\`, \`ja\`, \`zhs\` ...); 404 when the printing has no such language.`,
      params: Type.Object({ ...BySetNumber, lang: Type.String({ minLength: 1, maxLength: 10 }) }),
      querystring: NoQuery,
      response: { 200: Envelope(Card), ...ProblemResponses },
    },
    handler: async (req) => ({ data: await ctx.cards.byNumber(req.params.set, req.params.number, req.params.lang), meta: {} }),
  });

  app.route({
    method: 'GET',
    url: '/sets',
    config: { scope: 'cards:read' },
    schema: {
      operationId: 'listSets',
      tags: ['cards'],
      summary: 'Card sets, newest first',
      querystring: Page,
      response: { 200: Envelope(Type.Array(CardSet), ListMeta), ...ProblemResponses },
    },
    handler: async (req) => ctx.cards.sets(req.query),
  });

  app.route({
    method: 'GET',
    url: '/sets/:code',
    config: { scope: 'cards:read', etag: true },
    schema: {
      operationId: 'getSet',
      tags: ['cards'],
      summary: 'A set by its code',
      params: Type.Object({ code: Type.String({ minLength: 1, maxLength: 10 }) }),
      querystring: NoQuery,
      response: { 200: Envelope(CardSet), ...ProblemResponses },
    },
    handler: async (req) => ({ data: await ctx.cards.set(req.params.code), meta: {} }),
  });
};
