import { hiddenCharactersError } from '../lib/names.js';
import type { Database } from '../db/database.js';
import type { Executor } from '../db/schema.js';
import { writeTransaction } from '../db/transaction.js';
import { fenced } from '../db/write-fence.js';
import { AppError, Errors, type FieldError } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { LruCache } from '../lib/lru-cache.js';
import { displayPrefix, generateApiKey, hashToken, isWellFormedApiKey } from './api-key-format.js';
import { CredentialCache, isExpired } from './credential-cache.js';
import { isAccessTokenShape } from './oauth-token-format.js';
import { expandScopes, isScope, type Scope } from './scopes.js';
import type { ApiKeyRow, ApiKeyStore, AuthEpochReader } from './store.js';

/** Who is calling: resolved from a bearer token on every request. */
export interface Principal {
  userId: string;
  username: string;
  /** The account's e-mail address: with the id, username and plan, the whole profile (GET /profile answers from here). */
  email: string;
  plan: 'free' | 'pro';
  scopes: Set<Scope>;
  /** The API key's id, or for an OAuth token the id of the grant it came from. */
  credentialId: string;
  credentialType: 'api_key' | 'oauth';
  /** The OAuth application acting for the user (its client id); null for the user's own API key. */
  applicationId: string | null;
  /**
   * Whose rate-limit budget a request spends: the account's for its personal API keys (more keys
   * never mean more requests), the (account, application) pair's for OAuth tokens.
   */
  rateLimitKey: string;
}

/** The OAuth access token a bearer token names, as the auth hook needs it (see src/oauth/store.ts). */
export interface AccessTokenRecord {
  user_id: string;
  client_id: string;
  grant_id: string;
  scope: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  /** The grant's record (null once it is gone) and when it was revoked. */
  grant_record: string | null;
  grant_revoked_at: string | null;
  username: string;
  email: string;
  plan: 'free' | 'pro';
}

export interface AccessTokenLookup {
  /** One indexed look-up by the token's SHA-256, joined with its owner. */
  findAccessToken(hash: string): Promise<AccessTokenRecord | undefined>;
}

export interface ApiKeyView {
  id: string;
  name: string;
  scopes: Scope[];
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  status: 'active' | 'revoked';
}

export interface CreatedApiKey extends ApiKeyView {
  /** The secret: returned here and never again. */
  key: string;
}

export function toApiKeyView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    scopes: JSON.parse(row.scopes) as Scope[],
    prefix: row.display_prefix,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
    status: row.revoked_at ? 'revoked' : 'active',
  };
}

export interface ApiKeyServiceDeps {
  clock: Clock;
  /** Reads (the hot path of every request). */
  keys: ApiKeyStore;
  accessTokens: AccessTokenLookup;
  /** Creating a key counts the account's active keys and inserts in one write transaction. */
  database: Database;
  store: (executor: Executor) => ApiKeyStore;
  /** Active keys an account may hold (`CCS_MAX_API_KEYS`). */
  maxActiveKeys: number;
  /** The auth epoch (see CredentialCache); without it every request looks its credential up. */
  epoch?: AuthEpochReader;
  /** Credentials kept per process (default 10,000). */
  cacheEntries?: number;
}

/** A resolved credential as cached: an access token's expiry is checked again on every hit. */
interface Resolved {
  principal: Principal;
  expiresAt: string | null;
}

/** What a token's shape and hash say about it: which table to look it up in, under which hash. */
interface TokenLookup {
  hash: string;
  lookup: (hash: string) => Promise<Resolved>;
}

export function createApiKeyService(deps: ApiKeyServiceDeps) {
  const { keys } = deps;

  const cache = new CredentialCache<Resolved>(deps.cacheEntries ?? 10_000);
  // The hash of a token seen before, keyed by the whole token (never by anything shorter: two
  // tokens must not share an entry), so a client's repeated requests skip the checksum and the
  // SHA-256. It decides nothing: the hash still goes through the epoch check and the cache.
  const tokenHashes = new LruCache<TokenLookup>(deps.cacheEntries ?? 10_000);

  /** An OAuth access token: the same answers as a key (401s, then scopes), plus `expired_token` after its hour. */
  async function resolveAccessToken(hash: string): Promise<Resolved> {
    const row = await deps.accessTokens.findAccessToken(hash);
    if (!row) throw Errors.invalidToken();
    // A token whose grant is revoked (or gone) is revoked with it, whether or not the revocation reached its own row.
    if (row.revoked_at || row.grant_revoked_at || row.grant_record === null) throw Errors.revokedToken();
    const principal: Principal = {
      userId: row.user_id,
      username: row.username,
      email: row.email,
      plan: row.plan,
      scopes: expandScopes((row.scope ?? '').split(' ')),
      credentialId: row.grant_id,
      credentialType: 'oauth',
      applicationId: row.client_id,
      rateLimitKey: `app:${row.user_id}:${row.client_id}`,
    };
    return { principal: Object.freeze(principal), expiresAt: row.expires_at };
  }

  async function resolveApiKey(hash: string): Promise<Resolved> {
    const row = await keys.findCredentialByHash(hash);
    if (!row) throw Errors.invalidToken();
    if (row.revoked_at) throw Errors.revokedToken();
    const principal: Principal = {
      userId: row.user_id,
      username: row.username,
      email: row.email,
      plan: row.plan,
      scopes: expandScopes(JSON.parse(row.scopes) as string[]),
      credentialId: row.id,
      credentialType: 'api_key',
      applicationId: null,
      rateLimitKey: `user:${row.user_id}`,
    };
    return { principal: Object.freeze(principal), expiresAt: null };
  }

  /**
   * The credential behind `hash`, from the cache while the auth epoch it was read under is
   * current: at once where the epoch is read synchronously (SQLite) and the cache holds it.
   */
  function resolve(hash: string, lookup: (hash: string) => Promise<Resolved>): Resolved | Promise<Resolved> {
    if (!deps.epoch) return lookup(hash);
    const read = deps.epoch.current();
    return typeof read === 'number' ? resolveUnder(read, hash, lookup) : read.then((epoch) => resolveUnder(epoch, hash, lookup));
  }

  function resolveUnder(epoch: number, hash: string, lookup: (hash: string) => Promise<Resolved>): Resolved | Promise<Resolved> {
    cache.sync(epoch);
    const hit = cache.get(hash);
    if (hit) return hit;
    if (cache.isUnknown(hash)) throw Errors.invalidToken();
    // Looked up only after the epoch was read: a change committed in between leaves this
    // entry under the older epoch, which the next read replaces.
    return lookup(hash).then(
      (resolved) => {
        cache.set(hash, resolved, epoch);
        return resolved;
      },
      (err: unknown) => {
        if (err instanceof AppError && err.code === 'invalid_token') cache.setUnknown(hash, epoch);
        throw err;
      },
    );
  }

  function principalFrom(resolved: Resolved | Promise<Resolved>): Principal | Promise<Principal> {
    return resolved instanceof Promise ? resolved.then(principalOf) : principalOf(resolved);
  }

  function principalOf(resolved: Resolved): Principal {
    // Only access tokens expire; a key's answer needs no clock reading.
    if (resolved.expiresAt !== null && isExpired(resolved.expiresAt, deps.clock.now())) throw Errors.expiredToken();
    return resolved.principal;
  }

  async function revokeKey(keyId: string, userId?: string): Promise<{ key: ApiKeyView; alreadyRevoked: boolean }> {
    const row = await keys.findById(keyId);
    if (!row || (userId !== undefined && row.user_id !== userId)) throw Errors.notFound('API key');
    const changed = await keys.revoke(keyId, deps.clock.now().toISOString());
    const revoked = await keys.findById(keyId);
    // Gone between the two reads: deleted with its owner meanwhile.
    if (!revoked) throw Errors.notFound('API key');
    return { key: toApiKeyView(revoked), alreadyRevoked: !changed };
  }

  return {
    async create(userId: string, input: { name: string; scopes: string[] }): Promise<CreatedApiKey> {
      const errors: FieldError[] = [];
      const name = input.name.trim();
      if (name.length < 1 || name.length > 100) errors.push({ field: 'name', code: 'invalid', message: 'Give the key a name of 1 to 100 characters.' });
      const hidden = hiddenCharactersError(name);
      if (hidden) errors.push(hidden);
      if (input.scopes.length === 0) errors.push({ field: 'scopes', code: 'required', message: 'Select at least one scope.' });
      for (const s of input.scopes) {
        if (!isScope(s)) errors.push({ field: 'scopes', code: 'invalid_scope', message: `Unknown scope "${s}".` });
      }
      if (errors.length) throw Errors.validation(errors);
      const scopes = [...new Set(input.scopes)] as Scope[];
      const key = generateApiKey();
      const row: ApiKeyRow = {
        id: newId(),
        user_id: userId,
        name,
        scopes: JSON.stringify(scopes),
        display_prefix: displayPrefix(key),
        hash: hashToken(key),
        created_at: deps.clock.now().toISOString(),
        last_used_at: null,
        revoked_at: null,
      };
      // More keys must never mean more of anything (the rate-limit budget is the account's too); revoked keys do not count.
      await writeTransaction(deps.database, fenced(async (trx) => {
        const store = deps.store(trx);
        await store.lockOwner(userId);
        if ((await store.countActive(userId)) >= deps.maxActiveKeys) throw Errors.apiKeyLimitReached(deps.maxActiveKeys);
        await store.insert(row);
      }));
      return { ...toApiKeyView(row), key };
    },

    async list(userId: string): Promise<ApiKeyView[]> {
      return (await keys.listByUser(userId)).map(toApiKeyView);
    },

    /** Revokes a key; `userId` restricts it to the owner (undefined = operator, from the CLI). */
    async revoke(keyId: string, userId?: string): Promise<ApiKeyView> {
      return (await revokeKey(keyId, userId)).key;
    },

    /** As `revoke`, saying whether the key had been revoked already (its `revoked_at` then unchanged). */
    revokeKey,

    /**
     * Resolves a bearer token: a personal API key or an OAuth access token, told apart by prefix.
     * Cached per auth epoch, which every process reads before each use: a revoked key or grant
     * fails on the very next request, wherever it was revoked. A key that fails its checksum,
     * or a string of neither shape, is rejected before any database lookup. Answers at once
     * (or throws) when nothing had to be awaited: a cache hit under a synchronously read epoch.
     */
    authenticate(token: string): Principal | Promise<Principal> {
      let known = tokenHashes.get(token);
      if (known === undefined) {
        if (isWellFormedApiKey(token)) known = { hash: hashToken(token), lookup: resolveApiKey };
        else if (isAccessTokenShape(token)) known = { hash: hashToken(token), lookup: resolveAccessToken };
        else throw Errors.invalidToken();
        tokenHashes.set(token, known);
      }
      return principalFrom(resolve(known.hash, known.lookup));
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
