import { Registry } from 'prom-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWebhookMetrics, staleStats, type QueueStats } from '../../src/webhooks/metrics.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('webhook queue gauges while the database cannot be read', () => {
  it('show the last figures read, the oldest due age still growing, instead of zeros that would clear the alerts', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T07:00:00Z'));
    const registry = new Registry();
    let answer: QueueStats | Error = { depth: 3, oldestDueAgeSeconds: 40, undispatchedEvents: 2, subscriptionsDroppingToday: 1 };
    createWebhookMetrics(registry, async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    });
    const gauges = async () => {
      const text = await registry.metrics();
      const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
      return [
        value('ccs_webhook_queue_depth'),
        value('ccs_webhook_oldest_pending_age_seconds'),
        value('ccs_webhook_outbox_undispatched_events'),
        value('ccs_webhook_subscriptions_dropping_events'),
      ];
    };
    expect(await gauges()).toEqual([3, 40, 2, 1]);
    answer = new Error('connect ECONNREFUSED 127.0.0.1:5432');
    vi.setSystemTime(new Date('2026-11-29T07:00:30Z'));
    expect(await gauges()).toEqual([3, 70, 2, 1]);
    answer = { depth: 0, oldestDueAgeSeconds: 0, undispatchedEvents: 0, subscriptionsDroppingToday: 0 };
    vi.setSystemTime(new Date('2026-11-29T07:01:00Z'));
    expect(await gauges()).toEqual([0, 0, 0, 0]);
  });

  it('read zeros before anything was ever read, and keep a zero age at zero', () => {
    expect(staleStats(undefined, 5_000)).toEqual({ depth: 0, oldestDueAgeSeconds: 0, undispatchedEvents: 0, subscriptionsDroppingToday: 0 });
    const none = { depth: 1, oldestDueAgeSeconds: 0, undispatchedEvents: 0, subscriptionsDroppingToday: 0 };
    expect(staleStats({ at: 0, stats: none }, 60_000)).toEqual(none);
  });
});
