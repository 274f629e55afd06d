import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
// `schema.hide` below is @fastify/swagger's; importing its types keeps this file checkable on its own.
import type {} from '@fastify/swagger';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DependencyHealth } from '../availability/health.js';
import { routeConfigOf } from './route-config.js';

/** One registry per app, so several apps in one process (tests) never share counters. */
export function createMetricsRegistry(): Registry {
  return new Registry();
}

let processMetrics: Registry | undefined;
/**
 * The process's own metrics (CPU, memory, GC, event-loop lag; prom-client's defaults), made once
 * per process and shown by every app in it: collecting them installs a GC observer and an
 * event-loop timer that are never removed, so one set per app would keep every closed app (and
 * its context) alive.
 */
function processRegistry(): Registry {
  if (processMetrics === undefined) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics, prefix: 'ccs_' });
  }
  return processMetrics;
}

type RouteLabel = 'method' | 'route' | 'status';
/** prom-client's (untyped) exposition of a histogram, which its registry formats. */
interface Exposition {
  name: string;
  help: string;
  type: 'histogram';
  aggregator: 'sum';
  values: Array<{ labels: { le?: number | string }; sharedLabels: Record<RouteLabel, string>; value: number; metricName: string }>;
}

const LATENCY = 'ccs_http_request_duration_seconds';
const LATENCY_HELP = 'HTTP request latency by route, method and status';
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

interface Series {
  labels: Record<RouteLabel, string>;
  /** Per bucket, not cumulative; the last slot counts what is above every bound (+Inf only). */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * Request latency by route, method and status. prom-client's own `observe` builds, checks and
 * hashes the label set on every call; here each label set's series is found through nested
 * maps and updated in place, and the exposition (prom-client's histogram format) is built only
 * when scraped.
 */
class RouteLatency extends Histogram<RouteLabel> {
  private byRoute = new Map<string, Map<string, Map<number, Series>>>();
  private all: Series[] = [];

  record(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (!byMethod) {
      byMethod = new Map();
      this.byRoute.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let series = byStatus.get(status);
    if (!series) {
      series = { labels: { method, route, status: String(status) }, counts: new Array<number>(BUCKETS.length + 1).fill(0), sum: 0, count: 0 };
      byStatus.set(status, series);
      this.all.push(series);
    }
    let bucket = 0;
    while (bucket < BUCKETS.length && seconds > (BUCKETS[bucket] as number)) bucket++;
    series.counts[bucket] = (series.counts[bucket] as number) + 1;
    series.sum += seconds;
    series.count += 1;
  }

  /**
   * The registry formats this (and prom-client's own `get()` builds on it): the same shape as
   * prom-client's histograms give, the series' labels as `sharedLabels`.
   */
  async getForPromString(): Promise<Exposition> {
    const values: Exposition['values'] = [];
    for (const s of this.all) {
      let cumulative = 0;
      BUCKETS.forEach((le, i) => {
        cumulative += s.counts[i] as number;
        values.push({ labels: { le }, sharedLabels: s.labels, value: cumulative, metricName: `${LATENCY}_bucket` });
      });
      values.push({ labels: { le: '+Inf' }, sharedLabels: s.labels, value: s.count, metricName: `${LATENCY}_bucket` });
      values.push({ labels: {}, sharedLabels: s.labels, value: s.sum, metricName: `${LATENCY}_sum` });
      values.push({ labels: {}, sharedLabels: s.labels, value: s.count, metricName: `${LATENCY}_count` });
    }
    return { name: LATENCY, help: LATENCY_HELP, type: 'histogram', aggregator: 'sum', values };
  }

  override reset(): void {
    super.reset();
    // The base constructor resets before this class's fields exist.
    if (!this.all) return;
    this.byRoute = new Map();
    this.all = [];
  }
}

export const metricsPlugin = fp(async (app: FastifyInstance, opts: { registry: Registry; skip?: (req: FastifyRequest) => boolean }) => {
  const latency = new RouteLatency({
    name: LATENCY,
    help: LATENCY_HELP,
    labelNames: ['method', 'route', 'status'] as const,
    buckets: BUCKETS,
    registers: [opts.registry],
  });
  // The request count is the latency histogram's own count per label set, copied at scrape
  // time: a request pays for one update, not two.
  new Counter({
    name: 'ccs_http_requests_total',
    help: 'HTTP requests by route, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [opts.registry],
    async collect() {
      this.reset();
      for (const v of (await latency.get()).values) {
        if (v.metricName === `${LATENCY}_count`) this.inc(v.labels, v.value);
      }
    },
  });
  // Started with the first app, so the process's counters cover its life from then on.
  processRegistry();
  const skip = opts.skip;
  app.addHook('onResponse', (req, reply, done) => {
    if (skip?.(req)) return done();
    // The route template, never the raw URL, keeps label cardinality bounded.
    latency.record(req.method, routeConfigOf(req).url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', { config: { auth: 'none' }, schema: { hide: true } }, async (_req, reply) => {
    reply.type(opts.registry.contentType);
    return Registry.merge([processRegistry(), opts.registry]).metrics();
  });
});

export interface OutageSources {
  database: DependencyHealth;
  /** Asks the database, refreshing `database` either way (a scrape may be the only request an idle process gets). */
  ping(): Promise<void>;
  /** Asks the database, reporting only a failure (its answer clears no read-only or full condition). */
  check(): Promise<void>;
  redis?: DependencyHealth;
  /** Rate-limit counts made in memory because Redis was unreachable. */
  localRateLimitCounts?: () => number;
}

/** Writes whose client hung up before the answer (mid-body, or while it ran); answers the hook that counts one. */
export function registerClientAbortMetric(registry: Registry): () => void {
  const aborted = new Counter({
    name: 'ccs_client_aborted_requests_total',
    help: 'Writes (POST, PATCH, PUT) whose client closed the connection before the answer, often mid-body (not an outage; a spike is a client or network problem)',
    registers: [registry],
  });
  return () => aborted.inc();
}

/** Outage metrics; answers the hook that counts 503s by cause. */
export function registerOutageMetrics(registry: Registry, sources: OutageSources): (cause: string) => void {
  const unavailable = new Counter({
    name: 'ccs_unavailable_responses_total',
    help: 'Responses 503 service_unavailable, by cause (database, database_timeout, database_busy, database_full, database_readonly, redis)',
    labelNames: ['cause'] as const,
    registers: [registry],
  });
  // Totals kept by the health trackers (no prom-client below the HTTP layer), read at scrape time.
  const errorsOf = (name: string, help: string, health: DependencyHealth) =>
    new Counter({
      name,
      help,
      labelNames: ['cause'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [cause, n] of health.errors) this.inc({ cause }, n);
      },
    });
  errorsOf('ccs_database_errors_total', 'Database errors that make it unavailable, by cause: "database" is a lost, refused or timed-out connection', sources.database);
  new Gauge({
    name: 'ccs_database_up',
    help: '1 while the database answers, 0 from a connection error until it answers again',
    registers: [registry],
    async collect() {
      // Asked at every scrape, up or not: a process out of rotation (its /readyz 503) gets no
      // other requests, and would otherwise report the last state it saw.
      await (sources.database.up ? sources.check() : sources.ping()).catch(() => undefined);
      this.set(sources.database.up ? 1 : 0);
    },
  });
  new Gauge({
    name: 'ccs_database_seconds_since_reachable',
    help: 'Seconds since the database last answered while it is unreachable; 0 while it answers',
    registers: [registry],
    collect() {
      this.set(sources.database.secondsSinceReachable());
    },
  });
  const redis = sources.redis;
  if (redis) {
    errorsOf('ccs_redis_errors_total', 'Redis errors (refused, lost or timed-out connections and commands)', redis);
    new Gauge({
      name: 'ccs_redis_up',
      help: '1 while Redis answers, 0 from an error until its client is connected again',
      registers: [registry],
      collect() {
        this.set(redis.up ? 1 : 0);
      },
    });
    const local = sources.localRateLimitCounts;
    if (local) {
      new Counter({
        name: 'ccs_rate_limit_local_counts_total',
        help: 'Rate-limit counts made in this process only, because Redis was unreachable (CCS_RATE_LIMIT_ON_REDIS_ERROR=open)',
        registers: [registry],
        collect() {
          this.reset();
          this.inc(local());
        },
      });
    }
  }
  return (cause) => unavailable.inc({ cause });
}

/** How a process's adds went to PostgreSQL (the collection's `AddsSent`), read at scrape time. */
export interface AddStatementCounts {
  statements: number;
  together: number;
  alone: number;
  busy: number;
  refused: number;
}

/**
 * PostgreSQL: the collection's adds by how they were sent. `together / statements` is how many
 * adds a statement carried under the process's load; many `busy` mean writers of one collection
 * contending across processes (docs/operations.md).
 */
export function registerAddStatementMetrics(registry: Registry, counts: () => AddStatementCounts): void {
  new Counter({
    name: 'ccs_collection_add_statements_total',
    help: 'PostgreSQL: statements that carried several collection adds of one event-loop turn',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(counts().statements);
    },
  });
  new Counter({
    name: 'ccs_collection_adds_sent_total',
    help: 'PostgreSQL: collection adds by how they were sent: together (in a statement of several), alone (alone in their turn), busy (again alone, their locks held by another writer), refused (again alone, their statement refused)',
    labelNames: ['how'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const c = counts();
      this.inc({ how: 'together' }, c.together);
      this.inc({ how: 'alone' }, c.alone);
      this.inc({ how: 'busy' }, c.busy);
      this.inc({ how: 'refused' }, c.refused);
    },
  });
}
