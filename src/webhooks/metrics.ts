import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

export interface QueueStats {
  /** Deliveries not finished: open batches, pending and retrying. */
  depth: number;
  /** Seconds the oldest due-but-unsent work has been waiting (0 when none). */
  oldestDueAgeSeconds: number;
  /** Outbox events not yet fanned out. */
  undispatchedEvents: number;
  /** Subscriptions that dropped events at their daily cap today (UTC). */
  subscriptionsDroppingToday: number;
}

export interface WebhookMetrics {
  deliveries: Counter<'outcome'>;
  attemptDuration: Histogram<'result'>;
  droppedEvents: Counter;
  fannedOutEvents: Counter;
}

/**
 * What the queue gauges show when the database cannot be read: the last figures read, the
 * oldest due work's age still growing (nothing is sent meanwhile); zeros before any read.
 */
export function staleStats(last: { at: number; stats: QueueStats } | undefined, now: number): QueueStats {
  if (!last) return { depth: 0, oldestDueAgeSeconds: 0, undispatchedEvents: 0, subscriptionsDroppingToday: 0 };
  const age = last.stats.oldestDueAgeSeconds;
  return { ...last.stats, oldestDueAgeSeconds: age > 0 ? age + Math.max(0, now - last.at) / 1000 : 0 };
}

/**
 * Webhook metrics on the app's registry. Queue gauges are read from the database
 * on scrape, so any process (API or worker) reports the shared queue.
 */
export function createWebhookMetrics(registry: Registry, stats: () => Promise<QueueStats>): WebhookMetrics {
  let cached: { at: number; value: Promise<QueueStats> } | undefined;
  let lastRead: { at: number; stats: QueueStats } | undefined;
  // One query per scrape, shared by the gauges that prom-client collects concurrently.
  const read = (): Promise<QueueStats> => {
    const now = Date.now();
    if (!cached || now - cached.at > 100) {
      const value = stats().then(
        (s) => {
          lastRead = { at: Date.now(), stats: s };
          return s;
        },
        // The database is unreachable: the queue is still there. Zeros would reset the
        // "deliveries behind" and "fan-out stuck" alerts just when nothing is delivered.
        () => staleStats(lastRead, Date.now()),
      );
      cached = { at: now, value };
    }
    return cached.value;
  };
  new Gauge({
    name: 'ccs_webhook_queue_depth',
    help: 'Webhook deliveries not yet finished (open batches, pending, retrying)',
    registers: [registry],
    async collect() {
      this.set((await read()).depth);
    },
  });
  new Gauge({
    name: 'ccs_webhook_oldest_pending_age_seconds',
    help: 'How long the oldest due webhook delivery (or closed batch) has waited to be sent',
    registers: [registry],
    async collect() {
      this.set((await read()).oldestDueAgeSeconds);
    },
  });
  new Gauge({
    name: 'ccs_webhook_subscriptions_dropping_events',
    help: 'Webhook subscriptions that dropped events at their daily cap today (UTC), read from the database: the same on every process',
    registers: [registry],
    async collect() {
      this.set((await read()).subscriptionsDroppingToday);
    },
  });
  new Gauge({
    name: 'ccs_webhook_outbox_undispatched_events',
    help: 'Outbox events not yet fanned out to webhook subscriptions',
    registers: [registry],
    async collect() {
      this.set((await read()).undispatchedEvents);
    },
  });
  return {
    deliveries: new Counter({
      name: 'ccs_webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome: delivered, retrying (failed, retry scheduled) or failed (permanently)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    attemptDuration: new Histogram({
      name: 'ccs_webhook_attempt_duration_seconds',
      help: 'Webhook POST latency by result (success or failure)',
      labelNames: ['result'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    droppedEvents: new Counter({
      name: 'ccs_webhook_events_dropped_total',
      help: 'Events dropped because a subscription reached its daily delivery limit',
      registers: [registry],
    }),
    fannedOutEvents: new Counter({
      name: 'ccs_webhook_events_fanned_out_total',
      help: 'Outbox events processed by the webhook fan-out',
      registers: [registry],
    }),
  };
}
