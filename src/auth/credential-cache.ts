import { LruCache } from '../lib/lru-cache.js';

/**
 * Resolved credentials by token hash, valid for one auth epoch (migration 0016): the
 * counter that triggers bump, in the same transaction, on every change that can
 * invalidate a credential (a revocation, a deleted user, a changed plan or scope), from
 * any process. Each request reads the current epoch first; a different one than the
 * cache was filled under empties it, so a revocation anywhere is seen by the next read.
 *
 * Only answers that succeed are kept: refusals (unknown, revoked) go to the database as
 * before. What depends on the time (an OAuth token's expiry) is decided on every hit.
 */
export class CredentialCache<V> {
  private epoch: number | undefined;
  private readonly entries: LruCache<V>;

  constructor(maxEntries: number) {
    this.entries = new LruCache<V>(maxEntries);
  }

  /** Aligns the cache with the epoch just read; a value that is not a number caches nothing. */
  sync(epoch: number): void {
    if (epoch === this.epoch) return;
    this.entries.clear();
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

  get size(): number {
    return this.entries.size;
  }
}

/** An OAuth token's expiry decides at the time of each request, never at the time it was cached. */
export function isExpired(expiresAt: string | null, now: Date): boolean {
  return expiresAt !== null && expiresAt <= now.toISOString();
}
