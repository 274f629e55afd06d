import { Type } from '@sinclair/typebox';
import { Envelope } from '../http/schemas.js';
import type { PortalExtension } from '../portal/routes.js';
import { Authorization, ClientIdParams, CreatedOAuthApp, CreateOAuthAppBody, OAuthApp } from './schemas.js';
import type { OAuthService } from './service.js';

/** The portal's "OAuth apps" (applications the user registered) and "Authorized apps" (those the user allowed). */
export function oauthPortalRoutes(oauth: OAuthService): PortalExtension {
  return (api, { sessionOf, problems }) => {
    api.route({
      method: 'GET',
      url: '/oauth-apps',
      config: { portal: 'session' },
      schema: { hide: true, response: { 200: Envelope(Type.Array(OAuthApp), Type.Object({ total: Type.Integer() })), ...problems } },
      handler: async (req) => {
        const apps = await oauth.listClients(sessionOf(req).userId);
        return { data: apps, meta: { total: apps.length } };
      },
    });

    api.route({
      method: 'POST',
      url: '/oauth-apps',
      config: { portal: 'session' },
      schema: { hide: true, body: CreateOAuthAppBody, response: { 201: Envelope(CreatedOAuthApp), ...problems } },
      handler: async (req, reply) => reply.code(201).send({ data: await oauth.createClient(sessionOf(req).userId, req.body), meta: {} }),
    });

    api.route({
      method: 'POST',
      url: '/oauth-apps/:client_id/rotate-secret',
      config: { portal: 'session' },
      schema: { hide: true, params: ClientIdParams, response: { 200: Envelope(CreatedOAuthApp), ...problems } },
      handler: async (req) => ({ data: await oauth.rotateSecret(sessionOf(req).userId, req.params.client_id), meta: {} }),
    });

    api.route({
      method: 'DELETE',
      url: '/oauth-apps/:client_id',
      config: { portal: 'session' },
      schema: { hide: true, params: ClientIdParams, response: { 204: Type.Null(), ...problems } },
      handler: async (req, reply) => {
        await oauth.deleteClient(sessionOf(req).userId, req.params.client_id);
        return reply.code(204).send(null);
      },
    });

    api.route({
      method: 'GET',
      url: '/authorized-apps',
      config: { portal: 'session' },
      schema: { hide: true, response: { 200: Envelope(Type.Array(Authorization), Type.Object({ total: Type.Integer() })), ...problems } },
      handler: async (req) => {
        const apps = await oauth.listAuthorizations(sessionOf(req).userId);
        return { data: apps, meta: { total: apps.length } };
      },
    });

    api.route({
      method: 'POST',
      url: '/authorized-apps/:client_id/revoke',
      config: { portal: 'session' },
      schema: { hide: true, params: ClientIdParams, response: { 204: Type.Null(), ...problems } },
      handler: async (req, reply) => {
        await oauth.revokeAuthorization(sessionOf(req).userId, req.params.client_id);
        return reply.code(204).send(null);
      },
    });
  };
}
