import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { hashToken } from '../auth/api-key-format.js';
import type { Clock } from '../lib/clock.js';
import { createAdapterFactory } from './adapter.js';
import { loadServerKeys, type ServerKeys } from './keys.js';
import { createProvider, outageOf } from './provider.js';
import type { OAuthStore } from './store.js';

export interface OAuthServer {
  provider: Provider;
  store: OAuthStore;
  /** Throws the database's error, having sent nothing, when an outage kept the provider from answering. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

export interface OAuthServersDeps {
  store: OAuthStore;
  clock: Clock;
  secureCookies: boolean;
  /** CCS_PUBLIC_URL is set: the provider reads the public URL from the X-Forwarded-* headers we set. */
  trustForwarded: boolean;
  accountExists(userId: string): Promise<boolean>;
  renderError(ctx: KoaContextWithOIDC, out: { error: string; error_description?: string | undefined }): void;
  /** Whether a `resource` indicator names this service's API under any origin it answers as. */
  isOwnResource(indicator: string, req: IncomingMessage): boolean;
  log(level: 'warn' | 'error', msg: string, err: unknown): void;
}

/** Without CCS_PUBLIC_URL a server is reachable under a few names (localhost, 127.0.0.1, a LAN address). */
const MAX_ISSUERS = 8;

/**
 * Authorization servers by issuer. oidc-provider fixes its issuer at construction, and the
 * issuer is in every authorization response (RFC 9207 `iss`), so it must be the origin the
 * client discovered: CCS_PUBLIC_URL's when set (then there is one), else the request's own.
 * All of them share the database, the keys and so every grant and token.
 */
export function createOAuthServers(deps: OAuthServersDeps) {
  let keys: Promise<ServerKeys> | undefined;
  const servers = new Map<string, OAuthServer>();
  const adapter = createAdapterFactory({ store: deps.store, clock: deps.clock, isOwnResource: deps.isOwnResource });

  // Loaded on first use, not at start-up, so a database that is down at boot delays only OAuth.
  function loadKeys(): Promise<ServerKeys> {
    keys ??= loadServerKeys(deps.store, deps.clock).catch((err: unknown) => {
      keys = undefined;
      throw err;
    });
    return keys;
  }

  return {
    async forIssuer(issuer: string): Promise<OAuthServer> {
      const cached = servers.get(issuer);
      if (cached) {
        servers.delete(issuer);
        servers.set(issuer, cached);
        return cached;
      }
      const loaded = await loadKeys();
      const existing = servers.get(issuer);
      if (existing) return existing;
      const provider = createProvider(issuer, {
        adapter,
        keys: loaded,
        accountExists: deps.accountExists,
        secureCookies: deps.secureCookies,
        renderError: deps.renderError,
        log: deps.log,
        isOwnResource: deps.isOwnResource,
        revokeGrantOfToken: async (token, clientId) => {
          const grantId = await deps.store.grantOfToken(hashToken(token), clientId);
          if (grantId) await deps.store.revokeByGrant(grantId, deps.clock.now().toISOString());
        },
      });
      provider.proxy = deps.trustForwarded;
      const callback = provider.callback();
      const server: OAuthServer = {
        provider,
        store: deps.store,
        handle: async (req, res) => {
          await callback(req, res);
          const outage = outageOf(req);
          if (outage !== undefined) throw outage;
        },
      };
      servers.set(issuer, server);
      const oldest = servers.keys().next();
      if (servers.size > MAX_ISSUERS && !oldest.done) servers.delete(oldest.value);
      return server;
    },
  };
}
