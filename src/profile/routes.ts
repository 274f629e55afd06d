import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import type { Static } from '@sinclair/typebox';
import type { Principal } from '../auth/service.js';
import { principalOf } from '../http/auth.js';
import { Envelope, ProblemResponses } from '../http/schemas.js';
import { Profile } from './schemas.js';

type ProfileView = Static<typeof Profile>;

// One frozen profile per principal (principals are cached per auth epoch), so its ETag is hashed once.
const profiles = new WeakMap<Principal, Readonly<ProfileView>>();
function profileOf(p: Principal): Readonly<ProfileView> {
  let profile = profiles.get(p);
  if (profile === undefined) {
    profile = Object.freeze({ id: p.userId, username: p.username, email: p.email, plan: p.plan });
    profiles.set(p, profile);
  }
  return profile;
}

export const profileRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (instance) => {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.route({
    method: 'GET',
    url: '/profile',
    config: { scope: 'profile:read', etag: true, frozenJson: true },
    schema: {
      operationId: 'getProfile',
      tags: ['profile'],
      summary: "The authenticated user's profile",
      response: { 200: Envelope(Profile), ...ProblemResponses },
    },
    // From the request's principal, no read: it was resolved under the current auth epoch, which
    // every change of these four fields bumps (migrations 0016 and 0017), as a revocation does.
    handler: async (req) => ({ data: profileOf(principalOf(req)), meta: {} }),
  });
};
