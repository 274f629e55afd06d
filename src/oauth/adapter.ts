import type { IncomingMessage } from 'node:http';
import Provider, { errors, type Adapter, type AdapterFactory, type AdapterPayload } from 'oidc-provider';
import { hashToken } from '../auth/api-key-format.js';
import type { Clock } from '../lib/clock.js';
import { clientMetadata } from './clients.js';
import { apiResource } from './provider.js';
import { FOREIGN_RESOURCE, tokenRequestResource } from './resources.js';
import type { OAuthStore } from './store.js';

/**
 * oidc-provider's storage on our database. Every artefact is stored under the SHA-256 of its
 * id, so a copy of the table holds no code, token or session that works; the payload is kept
 * without its id. Expiry and revocation are decided here with the service's clock, so tests
 * drive a code past its 60 seconds instead of waiting.
 */

/** Artefacts that are credentials: destroying one marks it revoked, so the API can say `revoked_token`. */
const CREDENTIALS = new Set(['AccessToken', 'RefreshToken', 'AuthorizationCode', 'Grant']);
/** Artefacts that work once; a second use that races past oidc-provider's own check is caught here. */
const SINGLE_USE = new Set(['AuthorizationCode', 'RefreshToken']);

/** Expired records are kept this long, so an expired token answers `expired_token` rather than `invalid_token`. */
export const EXPIRED_RETENTION_MS = 7 * 24 * 3_600_000;
const PURGE_EVERY_MS = 10 * 60_000;

/** The scopes a record carries, as one space-separated string (grants: every resource's scopes). */
export function scopeOf(model: string, payload: AdapterPayload): string | null {
  if (model === 'Grant') {
    const resources = (payload as { resources?: Record<string, string> }).resources ?? {};
    const all = new Set(Object.values(resources).flatMap((s) => s.split(' ')).filter(Boolean));
    return all.size ? [...all].join(' ') : null;
  }
  return typeof payload.scope === 'string' ? payload.scope : null;
}

export interface AdapterDeps {
  store: OAuthStore;
  clock: Clock;
  /** Whether a `resource` indicator names this service's API (the provider's resource check, see provider.ts). */
  isOwnResource(indicator: string, req: IncomingMessage): boolean;
}

/**
 * Refuses, before anything is spent, a code exchange or refresh whose resource oidc-provider
 * would refuse after spending it (resources.ts): `granted` is what the code or token holds.
 */
function refuseForeignResource(granted: unknown, isOwnResource: AdapterDeps['isOwnResource']): void {
  const ctx = Provider.ctx;
  if (!ctx?.oidc) return;
  const resolved = tokenRequestResource({
    requested: ctx.oidc.params?.resource,
    granted,
    own: apiResource(ctx.oidc.provider.issuer),
    isOurs: (indicator) => isOwnResource(indicator, ctx.req),
  });
  if (resolved === FOREIGN_RESOURCE) throw new errors.InvalidTarget();
}

export function createAdapterFactory(deps: AdapterDeps): AdapterFactory {
  const { store, clock } = deps;
  let nextPurge = 0;

  // Old records go with the writes that make new ones: no job to schedule, and a quiet server does nothing.
  async function maybePurge(nowMs: number): Promise<void> {
    if (nowMs < nextPurge) return;
    nextPurge = nowMs + PURGE_EVERY_MS;
    await store.purgeExpired(new Date(nowMs - EXPIRED_RETENTION_MS).toISOString());
  }

  const clientAdapter: Adapter = {
    async find(id) {
      // No registered id is that long or holds a NUL (which PostgreSQL cannot even compare): an unknown client.
      if (id.length > 200 || id.includes('\u0000')) return undefined;
      const row = await store.findClient(id);
      return row ? clientMetadata(row) : undefined;
    },
    // Applications are registered in the portal and the CLI, never through the protocol.
    upsert: refuse,
    consume: refuse,
    destroy: refuse,
    revokeByGrantId: refuse,
    findByUid: async () => undefined,
    findByUserCode: async () => undefined,
  };

  return (model: string): Adapter => {
    if (model === 'Client') return clientAdapter;
    return {
      async upsert(id, payload, expiresIn) {
        const now = clock.now();
        const { jti: _jti, ...stored } = payload;
        await store.upsertRecord({
          model,
          id: hashToken(id),
          payload: JSON.stringify(stored),
          grant_id: model === 'Grant' ? id : (payload.grantId ?? null),
          user_id: payload.accountId ?? null,
          client_id: payload.clientId ?? null,
          uid: payload.uid ?? null,
          scope: scopeOf(model, payload),
          expires_at: expiresIn ? new Date(now.getTime() + expiresIn * 1000).toISOString() : null,
          consumed_at: null,
          revoked_at: null,
          last_used_at: null,
          created_at: now.toISOString(),
        });
        await maybePurge(now.getTime());
      },

      async find(id) {
        const row = await store.findRecord(model, { id: hashToken(id) }, clock.now().toISOString());
        if (!row) return undefined;
        const payload = JSON.parse(row.payload) as AdapterPayload;
        payload.jti = id;
        if (row.consumed_at) payload.consumed = Math.floor(Date.parse(row.consumed_at) / 1000);
        return payload;
      },

      // Only sessions are looked up by uid, to compare the signed-in account; they come back without
      // their id, which exists here only as a hash (nothing re-saves a session found this way).
      async findByUid(uid) {
        if (uid.includes('\u0000')) return undefined;
        const row = await store.findRecord(model, { uid }, clock.now().toISOString());
        return row ? (JSON.parse(row.payload) as AdapterPayload) : undefined;
      },

      async findByUserCode() {
        return undefined;
      },

      async consume(id) {
        const hash = hashToken(id);
        const at = clock.now().toISOString();
        if (SINGLE_USE.has(model)) {
          // A refresh token oidc-provider has loaded already is at hand; a code is read back.
          const loaded = model === 'RefreshToken' ? Provider.ctx?.oidc?.entities.RefreshToken : undefined;
          if (loaded?.jti === id) refuseForeignResource(loaded.resource, deps.isOwnResource);
          else {
            const row = await store.findRecord(model, { id: hash }, at);
            if (row) refuseForeignResource((JSON.parse(row.payload) as AdapterPayload).resource, deps.isOwnResource);
          }
        }
        if ((await store.consumeRecord(model, hash, at)) || !SINGLE_USE.has(model)) return;
        // Someone used it between oidc-provider's check and here: treat it as the reuse it is.
        const grantId = await store.grantOf(model, hash);
        if (grantId) await store.revokeByGrant(grantId, at);
        throw new errors.InvalidGrant(`${model === 'RefreshToken' ? 'refresh token' : 'authorization code'} already used`);
      },

      async destroy(id) {
        if (CREDENTIALS.has(model)) await store.revokeRecord(model, hashToken(id), clock.now().toISOString());
        else await store.deleteRecord(model, hashToken(id));
      },

      async revokeByGrantId(grantId) {
        await store.revokeByGrant(grantId, clock.now().toISOString(), model);
      },
    };
  };
}

async function refuse(): Promise<never> {
  throw new Error('OAuth clients are managed by the service, not through the protocol');
}
