import { hashToken } from '../auth/api-key-format.js';
import { isScope, SCOPES, type Scope } from '../auth/scopes.js';
import type { Database } from '../db/database.js';
import type { Executor } from '../db/schema.js';
import { writeTransaction } from '../db/transaction.js';
import { fenced } from '../db/write-fence.js';
import { AppError, Errors } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { generateClientSecret, MAX_CLIENTS_PER_USER, validateClientInput, type ClientInput } from './clients.js';
import type { Authorization, CreatedOAuthApp, OAuthApp } from './schemas.js';
import type { GrantRow, OAuthClientRow, OAuthStore } from './store.js';

export interface OAuthServiceDeps {
  database: Database;
  clock: Clock;
  /** The OAuth store on the database or on an open transaction, for the database's dialect. */
  store: (executor: Executor) => OAuthStore;
}

/** The last 4 characters, by code point (as the webhook secret's hint), so a character is never cut in half. */
function secretHint(secret: string): string {
  return [...secret].slice(-4).join('');
}

export function toOAuthApp(row: OAuthClientRow): OAuthApp {
  return {
    client_id: row.id,
    name: row.name,
    homepage_url: row.homepage_url,
    redirect_uris: JSON.parse(row.redirect_uris) as string[],
    type: row.type,
    secret_hint: row.secret_hint,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Scopes in the catalogue's order, whatever order the grants listed them in. */
function orderedScopes(scopes: Iterable<string>): Scope[] {
  const set = new Set(scopes);
  return SCOPES.filter((s) => set.has(s));
}

/**
 * A user may have authorized one application several times (each consent is its own grant,
 * so that a stolen code or refresh token can only cost that one grant): the portal shows one
 * line per application, with every scope still granted, the latest consent and the latest use.
 */
export function groupAuthorizations(rows: GrantRow[]): Authorization[] {
  const byClient = new Map<string, { row: GrantRow; scopes: Set<string>; grantedAt: string; firstGrantedAt: string; lastUsedAt: string | null; grants: number }>();
  for (const r of rows) {
    const scopes = (r.scope ?? '').split(' ').filter(isScope);
    const cur = byClient.get(r.client_id);
    if (!cur) {
      byClient.set(r.client_id, { row: r, scopes: new Set(scopes), grantedAt: r.created_at, firstGrantedAt: r.created_at, lastUsedAt: r.last_used_at, grants: 1 });
      continue;
    }
    for (const s of scopes) cur.scopes.add(s);
    if (r.created_at > cur.grantedAt) cur.grantedAt = r.created_at;
    if (r.created_at < cur.firstGrantedAt) cur.firstGrantedAt = r.created_at;
    if (r.last_used_at && (!cur.lastUsedAt || r.last_used_at > cur.lastUsedAt)) cur.lastUsedAt = r.last_used_at;
    cur.grants += 1;
  }
  return [...byClient.values()]
    .map((g) => ({
      client_id: g.row.client_id,
      name: g.row.name,
      homepage_url: g.row.homepage_url,
      scopes: orderedScopes(g.scopes),
      granted_at: g.grantedAt,
      first_granted_at: g.firstGrantedAt,
      last_used_at: g.lastUsedAt,
      grants: g.grants,
    }))
    .sort((a, b) => (a.granted_at < b.granted_at ? 1 : a.granted_at > b.granted_at ? -1 : a.client_id.localeCompare(b.client_id)));
}

const Problems = {
  tooManyApps: () => Errors.conflict(`An account can register at most ${MAX_CLIENTS_PER_USER} OAuth applications; delete one first.`),
  publicHasNoSecret: () =>
    new AppError(409, 'conflict', 'Public clients have no secret', 'This application is a public client: it proves itself with PKCE alone and has no secret to rotate.'),
};

/**
 * OAuth applications (registered by developers) and authorizations (given by users).
 * The protocol itself is oidc-provider's (src/oauth/provider.ts); this is what the portal
 * and the CLI manage around it.
 */
export function createOAuthService(deps: OAuthServiceDeps) {
  const store = deps.store(deps.database.db);

  /** `userId` undefined: the operator (CLI), who may manage any application. */
  async function owned(userId: string | undefined, clientId: string): Promise<OAuthClientRow> {
    const row = await store.findClient(clientId);
    if (!row || (userId !== undefined && row.user_id !== userId)) throw Errors.notFound('OAuth application');
    return row;
  }

  return {
    /** Registers an application; a confidential client's secret is in this answer and never again. */
    async createClient(userId: string, input: ClientInput): Promise<CreatedOAuthApp> {
      const { value, errors } = validateClientInput(input);
      if (!value) throw Errors.validation(errors);
      const at = deps.clock.now().toISOString();
      const secret = value.type === 'confidential' ? generateClientSecret() : undefined;
      const row: OAuthClientRow = {
        id: newId(),
        user_id: userId,
        name: value.name,
        homepage_url: value.homepageUrl,
        redirect_uris: JSON.stringify(value.redirectUris),
        type: value.type,
        secret_hash: secret ? hashToken(secret) : null,
        secret_hint: secret ? secretHint(secret) : null,
        created_at: at,
        updated_at: at,
      };
      // Counted and inserted under the developer's lock: concurrent registrations cannot pass the cap together.
      await writeTransaction(deps.database, fenced(async (trx) => {
        const locked = deps.store(trx);
        await locked.lockOwner(userId);
        if ((await locked.countClients(userId)) >= MAX_CLIENTS_PER_USER) throw Problems.tooManyApps();
        await locked.insertClient(row);
      }));
      return { ...toOAuthApp(row), client_secret: secret ?? null };
    },

    async listClients(userId: string): Promise<OAuthApp[]> {
      return (await store.listClients(userId)).map(toOAuthApp);
    },

    async getClient(userId: string, clientId: string): Promise<OAuthApp> {
      return toOAuthApp(await owned(userId, clientId));
    },

    /** A new secret, shown once; the old one stops working at once (tokens already issued stay valid). */
    async rotateSecret(userId: string, clientId: string): Promise<CreatedOAuthApp> {
      const row = await owned(userId, clientId);
      if (row.type !== 'confidential') throw Problems.publicHasNoSecret();
      const secret = generateClientSecret();
      const at = deps.clock.now().toISOString();
      await store.setClientSecret(row.id, hashToken(secret), secretHint(secret), at);
      return { ...toOAuthApp({ ...row, secret_hint: secretHint(secret), updated_at: at }), client_secret: secret };
    },

    /** Deletes an application and ends every authorization users gave it: its tokens fail on their next request. */
    async deleteClient(userId: string | undefined, clientId: string): Promise<void> {
      const row = await owned(userId, clientId);
      const at = deps.clock.now().toISOString();
      await writeTransaction(deps.database, fenced(async (trx) => {
        const tx = deps.store(trx);
        await tx.revokeForClient(row.id, at);
        await tx.deleteClient(row.id);
      }));
    },

    /** The applications this user has authorized and not revoked. */
    async listAuthorizations(userId: string): Promise<Authorization[]> {
      return groupAuthorizations(await store.listGrants(userId, deps.clock.now().toISOString()));
    },

    /** Revokes everything the user gave the application: every grant, code and token, effective on the next request. */
    async revokeAuthorization(userId: string, clientId: string): Promise<void> {
      const revoked = await store.revokeForUserAndClient(userId, clientId, deps.clock.now().toISOString());
      if (revoked === 0) throw Errors.notFound('authorized application');
    },

    /** Names of applications by client id, for usage reports and webhook lists. */
    async names(clientIds: readonly string[]): Promise<Map<string, string>> {
      const unique = [...new Set(clientIds)];
      return new Map((await store.findClients(unique)).map((c) => [c.id, c.name]));
    },
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
