/**
 * A small LRU map bounded by entry count and by total weight (roughly bytes).
 * Map iteration order is insertion order, so re-inserting on a hit keeps the
 * least recently used key first, where eviction starts.
 *
 * Re-inserting costs a Map delete and insert on every hit, and the hot paths hit these caches
 * on every request (credentials, pages, card rows). So a hit moves its entry only when more
 * than a quarter of the entries now held were inserted or moved since that entry last was:
 * until then it is still among the newest quarter, which eviction takes last. (A quarter of
 * what is held, not of the entry bound: a cache full by weight holds far fewer entries.)
 */
export class LruCache<V> {
  private readonly map = new Map<string, { value: V; weight: number; stamp: number }>();
  private weight = 0;
  /** Counts inserts and moves; each entry remembers the count at its last one. */
  private clock = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight = Number.POSITIVE_INFINITY,
  ) {}

  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (this.clock - hit.stamp > this.map.size >> 2) {
      this.map.delete(key);
      this.map.set(key, hit);
      hit.stamp = ++this.clock;
    }
    return hit.value;
  }

  set(key: string, value: V, weight = 1): void {
    const old = this.map.get(key);
    // Something larger than the whole budget would only evict everything else.
    if (weight > this.maxWeight) {
      if (old) this.delete(key);
      return;
    }
    if (old) {
      this.weight -= old.weight;
      this.map.delete(key);
    }
    this.map.set(key, { value, weight, stamp: ++this.clock });
    this.weight += weight;
    while (this.map.size > this.maxEntries || this.weight > this.maxWeight) {
      const oldest = this.map.entries().next();
      if (oldest.done) break;
      const [oldestKey, entry] = oldest.value;
      this.weight -= entry.weight;
      this.map.delete(oldestKey);
    }
  }

  delete(key: string): void {
    const old = this.map.get(key);
    if (!old) return;
    this.weight -= old.weight;
    this.map.delete(key);
  }

  get size(): number {
    return this.map.size;
  }

  clear(): void {
    this.map.clear();
    this.weight = 0;
  }
}
