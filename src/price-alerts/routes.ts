import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../context.js';
import { principalOf } from '../http/auth.js';
import { ifMatchOf } from '../http/etag.js';
import { Envelope, IdParams, ListMeta, ProblemResponses } from '../http/schemas.js';
import { NewPriceAlert, PriceAlert, PriceAlertListQuery, PriceAlertPatch } from './schemas.js';

const AlertEnvelope = Envelope(PriceAlert);

export const priceAlertRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (instance, { ctx }) => {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.route({
    method: 'GET',
    url: '/price-alerts',
    config: { scope: 'collection:read' },
    schema: {
      operationId: 'listPriceAlerts',
      tags: ['price-alerts'],
      summary: 'List your price alerts, oldest first',
      querystring: PriceAlertListQuery,
      response: { 200: Envelope(Type.Array(PriceAlert), ListMeta), ...ProblemResponses },
    },
    handler: async (req) => ctx.priceAlerts.list(principalOf(req).userId, req.query),
  });

  app.route({
    method: 'POST',
    url: '/price-alerts',
    config: { scope: 'collection:write', etag: true, successHeaders: ['Location'] },
    schema: {
      operationId: 'createPriceAlert',
      tags: ['price-alerts'],
      summary: 'Create a price alert',
      description:
        'Fires one `price.alert.triggered` webhook event when a card-data import moves the price of the printing ' +
        '(in `finish`, default nonfoil, and `currency`, default usd) across `threshold` in `direction`; re-arms when ' +
        'the price crosses back. A price already past the threshold does not fire until it crosses again.',
      body: NewPriceAlert,
      response: { 201: AlertEnvelope, ...ProblemResponses },
    },
    handler: async (req, reply) => {
      const alert = await ctx.priceAlerts.create(principalOf(req).userId, req.body);
      return reply.code(201).header('location', `/api/v1/price-alerts/${alert.id}`).send({ data: alert, meta: {} });
    },
  });

  app.route({
    method: 'GET',
    url: '/price-alerts/:id',
    config: { scope: 'collection:read', etag: true },
    schema: {
      operationId: 'getPriceAlert',
      tags: ['price-alerts'],
      summary: 'A price alert',
      params: IdParams,
      response: { 200: AlertEnvelope, ...ProblemResponses },
    },
    handler: async (req) => ({ data: await ctx.priceAlerts.get(principalOf(req).userId, req.params.id), meta: {} }),
  });

  app.route({
    method: 'PATCH',
    url: '/price-alerts/:id',
    config: { scope: 'collection:write', etag: true },
    schema: {
      operationId: 'updatePriceAlert',
      tags: ['price-alerts'],
      summary: 'Change or re-arm a price alert',
      description: 'Changing the threshold, direction, finish or currency re-arms the alert; `status: "armed"` re-arms it as it is.',
      params: IdParams,
      body: PriceAlertPatch,
      response: { 200: AlertEnvelope, ...ProblemResponses },
    },
    handler: async (req) => ({ data: await ctx.priceAlerts.update(principalOf(req).userId, req.params.id, req.body, ifMatchOf(req)), meta: {} }),
  });

  app.route({
    method: 'DELETE',
    url: '/price-alerts/:id',
    config: { scope: 'collection:write', etag: true },
    schema: {
      operationId: 'deletePriceAlert',
      tags: ['price-alerts'],
      summary: 'Delete a price alert',
      params: IdParams,
      response: { 204: Type.Null(), ...ProblemResponses },
    },
    handler: async (req, reply) => {
      await ctx.priceAlerts.remove(principalOf(req).userId, req.params.id, ifMatchOf(req));
      return reply.code(204).send(null);
    },
  });
};
