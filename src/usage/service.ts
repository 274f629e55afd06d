import type { UsageFilter, UsageStore } from './store.js';

export type { UsageFilter } from './store.js';

type Sums = Array<{ dim: string; status_class: string; count: number }>;

/** Reads of the API usage counts, for the portal's charts. */
export function createUsageService(deps: { store: UsageStore; recorder: { flush(): Promise<unknown> } }) {
  return {
    /** Request counts by status class, summed per hour, per route, per API key and per OAuth application. */
    async sums(filter: Omit<UsageFilter, 'via'>): Promise<{ byHour: Sums; byRoute: Sums; byKey: Sums; byApp: Sums }> {
      // Counts sit in memory until the next flush; push this process's out so the answer is current.
      await deps.recorder.flush().catch(() => undefined);
      const [byHour, byRoute, byKey, byApp] = await Promise.all([
        deps.store.sumForUser('hour', filter),
        deps.store.sumForUser('route', filter),
        deps.store.sumForUser('key_id', { ...filter, via: 'api_key' }),
        deps.store.sumForUser('application_id', { ...filter, via: 'oauth' }),
      ]);
      return { byHour, byRoute, byKey, byApp };
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
