import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { principalOf } from '../http/auth.js';
import { Envelope, ProblemResponses } from '../http/schemas.js';
import { Profile } from './schemas.js';

export const profileRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (instance) => {
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
    // From the request's principal, no read: it was resolved under the current auth epoch, which
    // every change of these four fields bumps (migrations 0016 and 0017), as a revocation does.
    handler: async (req) => {
      const p = principalOf(req);
      return { data: { id: p.userId, username: p.username, email: p.email, plan: p.plan }, meta: {} };
    },
  });
};
