import { setImmediate as nextTurn } from 'node:timers/promises';
import { createHash, randomUUID } from 'node:crypto';
import { stringify } from 'safe-stable-stringify';
import type { Database } from '../db/database.js';
import type { Executor } from '../db/schema.js';
import { writeTransaction } from '../db/transaction.js';
import { Errors } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import type { IdempotencyRow, IdempotencyStore } from './store.js';

/**
 * `Idempotency-Key` (contract section 1): the first response to a write sent with a key is
 * kept for 24 h per user and replayed for a retry with the same key. The database decides
 * who runs: the first request inserts the key as `running` (the primary key settles a race,
 * also between processes), runs, then stores its response; a retry meanwhile is told to wait
 * (409), a retry afterwards gets the stored response, and the same key on another request is
 * refused (422). A 409, 412, 429 or 5xx is not kept: the key is released and the next retry runs again.
 * The request's write transaction marks the key `applied` as it commits (`fence`), so a
 * request whose write committed but whose answer was never stored (its process died, or the
 * connection dropped around the COMMIT) is never run a second time: its retries are told the
 * write happened and the answer is lost (409 `idempotency_answer_lost`).
 * The rules are pure functions below; the service is the thin shell around the store.
 */

/** How long a kept response is replayed, from the first request (contract: 24 h). */
export const KEEP_MS = 24 * 60 * 60 * 1000;
/** The headers that matter to a client reading the kept response again. */
export const KEPT_HEADERS = ['content-type', 'location', 'etag'] as const;
const PURGE_BATCH = 1000;
const MAX_KEY_LENGTH = 255;

export interface KeptResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Claim =
  /** This request holds the key: run it, then `complete` (or `release` on a 409, 429 or 5xx) with this token. */
  | { outcome: 'run'; token: string }
  | { outcome: 'replay'; response: KeptResponse }
  | { outcome: 'in_progress' }
  | { outcome: 'reused'; firstUse: string }
  /** The first request's write committed but its answer was never stored: it must not run again. */
  | { outcome: 'lost' };

/** What a request with a key already on file gets, from the row and the clock alone. */
export type Decision = 'expired' | 'reused' | 'replay' | 'in_progress' | 'take_over' | 'lost';

export function decide(row: Pick<IdempotencyRow, 'fingerprint' | 'state' | 'created_at' | 'locked_at'>, fingerprint: string, nowMs: number, leaseMs: number): Decision {
  if (Date.parse(row.created_at) + KEEP_MS <= nowMs) return 'expired';
  if (row.fingerprint !== fingerprint) return 'reused';
  if (row.state === 'completed') return 'replay';
  // A holder that has not finished within the lease is presumed dead (a crashed process never stores its answer).
  const holderGone = row.locked_at === null || Date.parse(row.locked_at) + leaseMs <= nowMs;
  if (!holderGone) return 'in_progress';
  // Its write committed (`applied`): running it again would do it twice.
  return row.state === 'applied' ? 'lost' : 'take_over';
}

/** 1..255 printable ASCII characters (space to tilde), the contract's rule. */
export function isValidKey(key: string): boolean {
  if (key.length < 1 || key.length > MAX_KEY_LENGTH) return false;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

/** Throws the 422 a malformed key gets. */
export function assertValidKey(key: string): void {
  if (!isValidKey(key)) {
    throw Errors.validation([
      { field: 'Idempotency-Key', code: 'invalid_idempotency_key', message: `must be 1 to ${MAX_KEY_LENGTH} printable ASCII characters` },
    ]);
  }
}

/**
 * What identifies a request: method, path with its query, and the body in canonical form
 * (JSON with sorted keys, so a client that re-serialises its retry in another key order is
 * still recognised); a body that is not JSON (an import file) counts byte for byte.
 */
export function fingerprintOf(method: string, path: string, body: unknown, applicationId: string | null = null): string {
  const hash = createHash('sha256');
  // An OAuth application's request is never the same request as the user's own or another
  // application's: a replay would hand it their answer (a webhook's secret, shown once).
  if (applicationId !== null) hash.update(`application ${applicationId}\n`);
  hash.update(method.toUpperCase()).update('\n').update(path).update('\n');
  if (Buffer.isBuffer(body)) hash.update(body);
  else if (typeof body === 'string') hash.update(body, 'utf8');
  else if (body !== undefined) hash.update(stringify(body) ?? '');
  return hash.digest('hex');
}

export interface IdempotencyDeps {
  database: Database;
  clock: Clock;
  store: (executor: Executor) => IdempotencyStore;
  leaseMs: number;
}

export function createIdempotencyService(deps: IdempotencyDeps) {
  const store = deps.store(deps.database.db);
  // Each write of a key's row is one statement; on SQLite it waits for another process's lock off
  // the event loop like every write outside a transaction (the driver's, src/db/database.ts).

  function kept(row: IdempotencyRow): KeptResponse {
    const headers = row.response_headers ? (JSON.parse(row.response_headers) as Record<string, string>) : {};
    return { status: row.status_code ?? 200, headers, body: row.response_body ?? '' };
  }

  return {
    /**
     * Claims `key` for this request, or says what to answer instead. Loops only when the row
     * it read went away or expired meanwhile (another request released, purged or replaced it).
     */
    async begin(userId: string, key: string, request: { method: string; path: string; fingerprint: string }, token: string = randomUUID()): Promise<Claim> {
      for (let attempt = 0; attempt < 3; attempt++) {
        const now = deps.clock.now();
        const at = now.toISOString();
        const row: IdempotencyRow = {
          user_id: userId,
          key,
          fingerprint: request.fingerprint,
          method: request.method,
          path: request.path,
          state: 'running',
          lock_token: token,
          locked_at: at,
          status_code: null,
          response_headers: null,
          response_body: null,
          created_at: at,
          completed_at: null,
        };
        if (await store.claim(row)) return { outcome: 'run', token };
        const found = await store.find(userId, key);
        if (!found) continue;
        switch (decide(found, request.fingerprint, now.getTime(), deps.leaseMs)) {
          case 'expired':
            await store.deleteExpired(userId, key, found.created_at);
            continue;
          case 'reused':
            return { outcome: 'reused', firstUse: `${found.method} ${found.path}` };
          case 'replay':
            return { outcome: 'replay', response: kept(found) };
          case 'in_progress':
            return { outcome: 'in_progress' };
          case 'lost':
            return { outcome: 'lost' };
          case 'take_over':
            if (await store.takeOver(userId, key, found.lock_token, token, at)) return { outcome: 'run', token };
            continue;
        }
      }
      // Three rounds of losing races for one key: tell the client to retry, as for a running request.
      return { outcome: 'in_progress' };
    },

    /**
     * First inside the request's write transaction (src/db/write-fence.ts): marks the key
     * `applied` with the write, or, when the key was taken over meanwhile (this request outlived
     * its lease and a retry now runs), refuses with the retry's 409 and so rolls the write back.
     */
    async fence(trx: Executor, userId: string, key: string, token: string): Promise<void> {
      if (!(await deps.store(trx).markApplied(userId, key, token))) throw Errors.idempotencyInProgress();
    },

    /** Keeps the response for retries. False when the key is no longer this request's (taken over meanwhile). */
    async complete(userId: string, key: string, token: string, response: KeptResponse): Promise<boolean> {
      return store.complete(userId, key, token, {
        status_code: response.status,
        response_headers: JSON.stringify(response.headers),
        response_body: response.body,
        completed_at: deps.clock.now().toISOString(),
      });
    },

    /** The request answered a 409, 429 or 5xx, or its claim failed: the key is free again, unless its write committed (then it is only let go: `lost`). */
    async release(userId: string, key: string, token: string): Promise<void> {
      await store.release(userId, key, token);
    },

    /** Deletes kept responses 24 h old or older (as `decide` expires them), in batches; answers how many went. */
    async purge(): Promise<number> {
      const cutoff = new Date(deps.clock.now().getTime() - KEEP_MS).toISOString();
      let total = 0;
      for (;;) {
        const n = await writeTransaction(deps.database, (trx) => deps.store(trx).purgeCreatedUpTo(cutoff, PURGE_BATCH));
        total += n;
        if (n < PURGE_BATCH) return total;
        // SQLite's statements run on the event loop: requests are served between the batches.
        await nextTurn();
      }
    },
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
