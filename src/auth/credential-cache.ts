import { LruCache } from '../lib/lru-cache.js';

/**
 * Resolved credentials by token hash, valid for one auth epoch (migration 0016): the
 * counter that triggers bump, in the same transaction, on every change that can
 * invalidate a credential (a revocation, a deleted user, a changed plan or scope), from
 * any process. Each request reads the current epoch first; a different one than the
 * cache was filled under empties it, so a revocation anywhere is seen by the next read.
 *
 * Besides answers that succeed, hashes that no credential has are kept (in a bound of their
 * own, so a flood of made-up keys cannot push real credentials out): a credential's secret is
 * drawn from a CSPRNG when it is created and shown only then, so no client can present a hash
 * before it exists, and a start-up warm-up or a client sending a bad key again and again
 * costs one database read, not one per request. Revoked credentials still go to the database.
 * What depends on the time (an OAuth token's expiry) is decided on every hit.
 */
export class CredentialCache<V> {
  private epoch: number | undefined;
  private readonly entries: LruCache<V>;
  private readonly unknown: LruCache<true>;

  constructor(maxEntries: number) {
    this.entries = new LruCache<V>(maxEntries);
    this.unknown = new LruCache<true>(maxEntries);
  }

  /** Aligns the cache with the epoch just read; a value that is not a number caches nothing. */
  sync(epoch: number): void {
    if (epoch === this.epoch) return;
    this.entries.clear();
    this.unknown.clear();
    this.epoch = Number.isFinite(epoch) ? epoch : undefined;
  }

  get(hash: string): V | undefined {
    return this.entries.get(hash);
  }

  /**
   * Keeps what was read under `epoch` (read before the look-up began), unless the cache has
   * moved on to another epoch meanwhile: that answer may predate the change.
   */
  set(hash: string, value: V, epoch: number): void {
    if (this.epoch !== undefined && epoch === this.epoch) this.entries.set(hash, value);
  }

  /** Whether a look-up under the current epoch found no credential with this hash. */
  isUnknown(hash: string): boolean {
    return this.unknown.get(hash) === true;
  }

  /** Keeps that no credential has `hash`, as `set` keeps an answer: only under the current epoch. */
  setUnknown(hash: string, epoch: number): void {
    if (this.epoch !== undefined && epoch === this.epoch) this.unknown.set(hash, true);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** An OAuth token's expiry decides at the time of each request, never at the time it was cached. */
export function isExpired(expiresAt: string | null, now: Date): boolean {
  return expiresAt !== null && expiresAt <= now.toISOString();
}
