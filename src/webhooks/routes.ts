import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../context.js';
import { principalOf } from '../http/auth.js';
import { ifMatchOf } from '../http/etag.js';
import { Envelope, IdParams, ListMeta, Problem, ProblemResponses } from '../http/schemas.js';
import {
  CreatedWebhookSubscription,
  CreateWebhookBody,
  DeliveryListQuery,
  DeliveryParams,
  SubscriptionListQuery,
  UpdateWebhookBody,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookSubscription,
} from './schemas.js';

const SubscriptionEnvelope = Envelope(WebhookSubscription);
const DeliveryEnvelope = Envelope(WebhookDelivery);
// POST /webhooks (too many subscriptions) and redelivery (batch still open, subscription disabled) also answer 409.
const Responses = ProblemResponses;
const ConflictResponses = { ...ProblemResponses, 409: Problem };

export const webhookRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (instance, { ctx }) => {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const webhooks = ctx.webhooks;

  app.route({
    method: 'GET',
    url: '/webhooks',
    config: { scope: 'webhooks:manage' },
    schema: {
      operationId: 'listWebhooks',
      tags: ['webhooks'],
      summary: 'List webhook subscriptions',
      querystring: SubscriptionListQuery,
      response: { 200: Envelope(Type.Array(WebhookSubscription), ListMeta), ...Responses },
    },
    handler: async (req) => {
      const page = await webhooks.list(principalOf(req).userId, req.query);
      return { data: page.items, meta: { total: page.total, next_cursor: page.nextCursor } };
    },
  });

  app.route({
    method: 'POST',
    url: '/webhooks',
    // The generated secret is shown in this answer only; the ETag is the subscription's, as GET shows it.
    config: { scope: 'webhooks:manage', etag: { omit: ['secret'] }, successHeaders: ['Location'] },
    schema: {
      operationId: 'createWebhook',
      tags: ['webhooks'],
      summary: 'Subscribe a URL to events',
      description:
        '`url` must be https (http only for exactly `localhost` or `127.0.0.1`); `events` lists event types or `["*"]` for all, ' +
        'now and future. Without `secret` (16+ characters) one is generated and returned in this response only.',
      body: CreateWebhookBody,
      response: { 201: Envelope(CreatedWebhookSubscription), ...ConflictResponses },
    },
    handler: async (req, reply) => {
      const principal = principalOf(req);
      const created = await webhooks.create(principal.userId, req.body, { applicationId: principal.applicationId });
      return reply.code(201).header('location', `/api/v1/webhooks/${created.id}`).send({ data: created, meta: {} });
    },
  });

  app.route({
    method: 'GET',
    url: '/webhooks/:id',
    config: { scope: 'webhooks:manage', etag: true },
    schema: { operationId: 'getWebhook', tags: ['webhooks'], summary: 'A webhook subscription', params: IdParams, response: { 200: SubscriptionEnvelope, ...Responses } },
    handler: async (req) => ({ data: await webhooks.get(principalOf(req).userId, req.params.id), meta: {} }),
  });

  app.route({
    method: 'PATCH',
    url: '/webhooks/:id',
    config: { scope: 'webhooks:manage', etag: true },
    schema: {
      operationId: 'updateWebhook',
      tags: ['webhooks'],
      summary: 'Change the URL, events, secret or description',
      description: 'Deliveries already sealed keep the signature they were sealed with, so their retries carry identical bytes.',
      params: IdParams,
      body: UpdateWebhookBody,
      response: { 200: SubscriptionEnvelope, ...Responses },
    },
    handler: async (req) => ({ data: await webhooks.update(principalOf(req).userId, req.params.id, req.body, ifMatchOf(req)), meta: {} }),
  });

  app.route({
    method: 'DELETE',
    url: '/webhooks/:id',
    config: { scope: 'webhooks:manage', etag: true },
    schema: {
      operationId: 'deleteWebhook',
      tags: ['webhooks'],
      summary: 'Delete a subscription and its delivery log',
      params: IdParams,
      response: { 204: Type.Null(), ...Responses },
    },
    handler: async (req, reply) => {
      await webhooks.remove(principalOf(req).userId, req.params.id, ifMatchOf(req));
      return reply.code(204).send(null);
    },
  });

  app.route({
    method: 'POST',
    url: '/webhooks/:id/test',
    config: { scope: 'webhooks:manage', etag: true },
    schema: {
      operationId: 'testWebhook',
      tags: ['webhooks'],
      summary: 'Send Test: one synthetic event of each subscribed type',
      description:
        'Queues a delivery with `X-Webhook-Test: true` and answers 202 with it; follow its outcome at ' +
        '`GET /webhooks/{id}/deliveries/{delivery_id}`. Attempted once, not counted against the daily limit or the failure count; ' +
        'at most 10 tests per endpoint a minute (a redelivered test included), past which 429 with `Retry-After`.',
      params: IdParams,
      response: { 202: DeliveryEnvelope, ...Responses },
    },
    handler: async (req, reply) => reply.code(202).send({ data: await webhooks.sendTest(principalOf(req).userId, req.params.id), meta: {} }),
  });

  app.route({
    method: 'POST',
    url: '/webhooks/:id/enable',
    config: { scope: 'webhooks:manage', etag: true },
    schema: {
      operationId: 'enableWebhook',
      tags: ['webhooks'],
      summary: 'Re-enable a subscription and reset its failure count',
      params: IdParams,
      response: { 200: SubscriptionEnvelope, ...Responses },
    },
    handler: async (req) => ({ data: await webhooks.enable(principalOf(req).userId, req.params.id), meta: {} }),
  });

  app.route({
    method: 'GET',
    url: '/webhooks/:id/deliveries',
    config: { scope: 'webhooks:manage' },
    schema: {
      operationId: 'listWebhookDeliveries',
      tags: ['webhooks'],
      summary: 'The delivery log of the last 30 days, newest first; filter by status or event type',
      querystring: DeliveryListQuery,
      params: IdParams,
      response: { 200: Envelope(Type.Array(WebhookDelivery), ListMeta), ...Responses },
    },
    handler: async (req) => {
      const { status, event_type: eventType, limit, cursor } = req.query;
      const page = await webhooks.listDeliveries(principalOf(req).userId, req.params.id, { status, eventType, limit, cursor });
      return { data: page.items, meta: { total: page.total, next_cursor: page.nextCursor } };
    },
  });

  app.route({
    method: 'GET',
    url: '/webhooks/:id/deliveries/:delivery_id',
    config: { scope: 'webhooks:manage', etag: true },
    schema: {
      operationId: 'getWebhookDelivery',
      tags: ['webhooks'],
      summary: 'A delivery with its exact body and every attempt',
      description: 'Each attempt has its time, status code, duration, error and the response body (first 4,096 bytes by default).',
      params: DeliveryParams,
      response: { 200: Envelope(WebhookDeliveryDetail), ...Responses },
    },
    handler: async (req) => ({ data: await webhooks.getDelivery(principalOf(req).userId, req.params.id, req.params.delivery_id), meta: {} }),
  });

  app.route({
    method: 'POST',
    url: '/webhooks/:id/deliveries/:delivery_id/redeliver',
    config: { scope: 'webhooks:manage', etag: true },
    schema: {
      operationId: 'redeliverWebhookDelivery',
      tags: ['webhooks'],
      summary: 'Send a delivery again as a new delivery with the same body',
      description:
        'Answers 202 with the new delivery (`redelivery_of` names the original). Redelivering a test delivery queues a test ' +
        'delivery (`kind: "test"`, `X-Webhook-Test: true`, attempted once), since its events are sample data.',
      params: DeliveryParams,
      response: { 202: DeliveryEnvelope, ...ConflictResponses },
    },
    handler: async (req, reply) =>
      reply.code(202).send({ data: await webhooks.redeliver(principalOf(req).userId, req.params.id, req.params.delivery_id), meta: {} }),
  });
};
