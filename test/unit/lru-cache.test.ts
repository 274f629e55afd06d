import { describe, expect, it } from 'vitest';
import { LruCache } from '../../src/lib/lru-cache.js';

const keysOf = (cache: LruCache<number>, candidates: string[]) => candidates.filter((k) => cache.get(k) !== undefined);

describe('LruCache', () => {
  it('evicts the least recently used entry once it holds more than its entry bound', () => {
    const cache = new LruCache<number>(4);
    for (const k of ['a', 'b', 'c', 'd']) cache.set(k, 1);
    cache.set('e', 1);
    expect(cache.size).toBe(4);
    expect(cache.get('a')).toBeUndefined();
    expect(keysOf(cache, ['b', 'c', 'd', 'e'])).toEqual(['b', 'c', 'd', 'e']);
  });

  it('keeps an entry that is read again, however many newer ones arrive', () => {
    const cache = new LruCache<number>(8);
    cache.set('hot', 1);
    for (let i = 0; i < 1000; i++) {
      cache.set(`cold-${i}`, i);
      expect(cache.get('hot')).toBe(1);
    }
    expect(cache.size).toBe(8);
    // The rest are the newest cold entries.
    expect(keysOf(cache, Array.from({ length: 1000 }, (_, i) => `cold-${i}`))).toEqual(Array.from({ length: 7 }, (_, i) => `cold-${993 + i}`));
  });

  it('moves an entry read only after a quarter of the entries it holds arrived since, and evicts by recency of that move', () => {
    const cache = new LruCache<number>(8);
    for (const k of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) cache.set(k, 1);
    // 'a' is the oldest: more than 2 (8 / 4) inserts since, so this read moves it to the newest end.
    expect(cache.get('a')).toBe(1);
    cache.set('i', 1);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    // 'h' was inserted 2 operations ago: still among the newest quarter, the read leaves it in place.
    expect(cache.get('h')).toBe(1);
    for (const k of ['j', 'k', 'l', 'm', 'n', 'o']) cache.set(k, 1);
    // So 'h', read but not moved, is evicted before 'a', which was.
    expect(keysOf(cache, ['a', 'c', 'd', 'e', 'f', 'g', 'h'])).toEqual(['a']);
  });

  it('keeps an entry that is read again in a cache bounded by weight long before its entry bound', () => {
    // Room for 10 entries by weight, 1,000 by count: a hot entry must be moved often enough for 10.
    const cache = new LruCache<number>(1000, 10);
    cache.set('hot', 1);
    for (let i = 0; i < 200; i++) {
      cache.set(`cold-${i}`, i);
      expect(cache.get('hot')).toBe(1);
    }
    expect(cache.size).toBe(10);
  });

  it('evicts oldest first to stay within its weight, and never keeps something heavier than the whole budget', () => {
    const cache = new LruCache<number>(100, 10);
    cache.set('a', 1, 4);
    cache.set('b', 2, 4);
    cache.set('c', 3, 4);
    expect(cache.get('a')).toBeUndefined();
    expect(keysOf(cache, ['b', 'c'])).toEqual(['b', 'c']);
    cache.set('huge', 4, 11);
    expect(cache.get('huge')).toBeUndefined();
    cache.set('b', 5, 11);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBe(3);
  });

  it('replaces a value under the same key with its new weight, and deletes and clears', () => {
    const cache = new LruCache<number>(10, 10);
    cache.set('a', 1, 6);
    cache.set('a', 2, 3);
    cache.set('b', 3, 7);
    expect(cache.get('a')).toBe(2);
    expect(cache.get('b')).toBe(3);
    cache.delete('a');
    cache.delete('missing');
    expect(cache.size).toBe(1);
    cache.set('c', 4, 3);
    expect(cache.get('b')).toBe(3);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.get('b')).toBeUndefined();
  });
});
