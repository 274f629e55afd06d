import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
// `schema.hide` below is @fastify/swagger's; importing its types keeps this file checkable on its own.
import type {} from '@fastify/swagger';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One registry per app, so several apps in one process (tests) never share counters. */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'ccs_' });
  return registry;
}

export const metricsPlugin = fp(async (app: FastifyInstance, opts: { registry: Registry }) => {
  const requests = new Counter({
    name: 'ccs_http_requests_total',
    help: 'HTTP requests by route, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [opts.registry],
  });
  const latency = new Histogram({
    name: 'ccs_http_request_duration_seconds',
    help: 'HTTP request latency by route, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [opts.registry],
  });
  app.addHook('onResponse', (req, reply, done) => {
    // The route template, never the raw URL, keeps label cardinality bounded.
    const labels = { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', { config: { auth: 'none' }, schema: { hide: true } }, async (_req, reply) => {
    reply.type(opts.registry.contentType);
    return opts.registry.metrics();
  });
});
