import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { principalOf } from '../http/auth.js';
import { Envelope, ProblemResponses } from '../http/schemas.js';
import { Profile } from './schemas.js';

export const profileRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (instance, { ctx }) => {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.route({
    method: 'GET',
    url: '/profile',
    config: { scope: 'profile:read', etag: true },
    schema: {
      operationId: 'getProfile',
      tags: ['profile'],
      summary: "The authenticated user's profile",
      response: { 200: Envelope(Profile), ...ProblemResponses },
    },
    handler: async (req) => ({ data: await ctx.accounts.getProfile(principalOf(req).userId), meta: {} }),
  });
};
