import type { UsageStore } from './store.js';

/** Which requests to count: one user's, in whole hours from `fromHour` to `toHour`, optionally one key's. */
export interface UsageFilter {
  userId: string;
  fromHour: string;
  toHour: string;
  keyId?: string;
}

type Sums = Array<{ dim: string; status_class: string; count: number }>;

/** Reads of the API usage counts, for the portal's charts. */
export function createUsageService(deps: { store: UsageStore; recorder: { flush(): Promise<void> } }) {
  return {
    /** Request counts by status class, summed per hour, per route and per key. */
    async sums(filter: UsageFilter): Promise<{ byHour: Sums; byRoute: Sums; byKey: Sums }> {
      // Counts sit in memory until the next flush; push this process's out so the answer is current.
      await deps.recorder.flush().catch(() => undefined);
      const [byHour, byRoute, byKey] = await Promise.all([
        deps.store.sumForUser('hour', filter),
        deps.store.sumForUser('route', filter),
        deps.store.sumForUser('key_id', filter),
      ]);
      return { byHour, byRoute, byKey };
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
