import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../context.js';
import { principalOf } from '../http/auth.js';
import { ifMatchOf } from '../http/etag.js';
import { Envelope, IdParams, ListMeta, ProblemResponses } from '../http/schemas.js';
import { Binder, BinderListQuery, BinderPatch, NewBinder } from './schemas.js';

const BinderEnvelope = Envelope(Binder);

export const binderRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (instance, { ctx }) => {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.route({
    method: 'GET',
    url: '/binders',
    config: { scope: 'collection:read' },
    schema: {
      operationId: 'listBinders',
      tags: ['binders'],
      summary: 'List binders in position order',
      querystring: BinderListQuery,
      response: { 200: Envelope(Type.Array(Binder), ListMeta), ...ProblemResponses },
    },
    handler: async (req) => ctx.binders.list(principalOf(req).userId, req.query),
  });

  app.route({
    method: 'POST',
    url: '/binders',
    config: { scope: 'collection:write', etag: true, successHeaders: ['Location'] },
    schema: {
      operationId: 'createBinder',
      tags: ['binders'],
      summary: 'Create a binder',
      description: 'Without `position` the binder goes last; with one, binders at and after it move down one place.',
      body: NewBinder,
      response: { 201: BinderEnvelope, ...ProblemResponses },
    },
    handler: async (req, reply) => {
      const binder = await ctx.binders.create(principalOf(req).userId, req.body);
      return reply.code(201).header('location', `/api/v1/binders/${binder.id}`).send({ data: binder, meta: {} });
    },
  });

  app.route({
    method: 'GET',
    url: '/binders/:id',
    config: { scope: 'collection:read', etag: true },
    schema: {
      operationId: 'getBinder',
      tags: ['binders'],
      summary: 'A binder',
      params: IdParams,
      response: { 200: BinderEnvelope, ...ProblemResponses },
    },
    handler: async (req) => ({ data: await ctx.binders.get(principalOf(req).userId, req.params.id), meta: {} }),
  });

  app.route({
    method: 'PATCH',
    url: '/binders/:id',
    config: { scope: 'collection:write', etag: true },
    schema: {
      operationId: 'updateBinder',
      tags: ['binders'],
      summary: 'Rename, describe or move a binder',
      description: 'Moving a binder renumbers the binders between its old and new place (positions stay 1..n).',
      params: IdParams,
      body: BinderPatch,
      response: { 200: BinderEnvelope, ...ProblemResponses },
    },
    handler: async (req) => ({ data: await ctx.binders.update(principalOf(req).userId, req.params.id, req.body, ifMatchOf(req)), meta: {} }),
  });

  app.route({
    method: 'DELETE',
    url: '/binders/:id',
    config: { scope: 'collection:write', etag: true },
    schema: {
      operationId: 'deleteBinder',
      tags: ['binders'],
      summary: 'Delete a binder; its entries stay in the collection, unassigned',
      params: IdParams,
      response: { 204: Type.Null(), ...ProblemResponses },
    },
    handler: async (req, reply) => {
      await ctx.binders.remove(principalOf(req).userId, req.params.id, ifMatchOf(req));
      return reply.code(204).send(null);
    },
  });
};
