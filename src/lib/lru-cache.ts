/**
 * A small LRU map bounded by entry count and by total weight (roughly bytes).
 * Map iteration order is insertion order, so re-inserting on a hit keeps the
 * least recently used key first, where eviction starts.
 */
export class LruCache<V> {
  private readonly map = new Map<string, { value: V; weight: number }>();
  private weight = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight = Number.POSITIVE_INFINITY,
  ) {}

  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    this.map.set(key, hit);
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
    this.map.set(key, { value, weight });
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
