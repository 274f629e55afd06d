import { describe, expect, it } from 'vitest';
import { CredentialCache, isExpired } from '../../src/auth/credential-cache.js';
import { ManualClock } from '../../src/lib/clock.js';

describe('CredentialCache', () => {
  it('serves an entry while the epoch it was filled under is current, and forgets everything when it moves', () => {
    const cache = new CredentialCache<string>(10);
    cache.sync(7);
    cache.set('h1', 'alice', 7);
    expect(cache.get('h1')).toBe('alice');
    cache.sync(7);
    expect(cache.get('h1')).toBe('alice');
    cache.sync(8);
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('remembers that no credential has a hash while the epoch is current, apart from the answers it keeps', () => {
    const cache = new CredentialCache<string>(2);
    cache.sync(3);
    cache.setUnknown('nobody', 3);
    expect(cache.isUnknown('nobody')).toBe(true);
    expect(cache.get('nobody')).toBeUndefined();
    // Made-up keys, however many, do not push real credentials out.
    cache.set('h1', 'alice', 3);
    for (let i = 0; i < 10; i++) cache.setUnknown(`made-up-${i}`, 3);
    expect(cache.get('h1')).toBe('alice');
    expect(cache.isUnknown('nobody')).toBe(false);
    cache.setUnknown('nobody', 2);
    expect(cache.isUnknown('nobody')).toBe(false);
    cache.setUnknown('nobody', 3);
    cache.sync(4);
    expect(cache.isUnknown('nobody')).toBe(false);
  });

  it('drops an answer read under an epoch the cache has since left: it may predate the change', () => {
    const cache = new CredentialCache<string>(10);
    cache.sync(1);
    // A look-up began under epoch 1; another request saw epoch 2 before it returned.
    cache.sync(2);
    cache.set('h1', 'stale', 1);
    expect(cache.get('h1')).toBeUndefined();
    cache.set('h1', 'fresh', 2);
    expect(cache.get('h1')).toBe('fresh');
  });

  it('caches nothing under an epoch that is not a number (no epoch row)', () => {
    const cache = new CredentialCache<string>(10);
    cache.sync(Number.NaN);
    cache.set('h1', 'x', Number.NaN);
    expect(cache.get('h1')).toBeUndefined();
  });

  it('holds at most its bound, forgetting the least recently used first', () => {
    const cache = new CredentialCache<number>(3);
    cache.sync(0);
    for (let i = 0; i < 5; i++) cache.set(`h${i}`, i, 0);
    expect(cache.size).toBe(3);
    expect(cache.get('h0')).toBeUndefined();
    expect(cache.get('h4')).toBe(4);
  });
});

describe('isExpired', () => {
  it('decides against the clock of the request, up to and including the expiry instant', () => {
    const clock = new ManualClock('2026-11-22T10:00:00.000Z');
    const expiresAt = '2026-11-22T11:00:00.000Z';
    expect(isExpired(null, clock.now())).toBe(false);
    expect(isExpired(expiresAt, clock.now())).toBe(false);
    clock.advance(3_599_999);
    expect(isExpired(expiresAt, clock.now())).toBe(false);
    clock.advance(1);
    expect(isExpired(expiresAt, clock.now())).toBe(true);
  });
});
