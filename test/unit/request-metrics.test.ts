import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMetricsRegistry, metricsPlugin } from '../../src/http/metrics.js';

describe('request metrics', () => {
  it('counts requests per route template, method and status, with cumulative latency buckets, in prom-client\u2019s format', async () => {
    const app = Fastify();
    const registry = createMetricsRegistry();
    await app.register(metricsPlugin, { registry });
    app.get('/things/:id', { config: { auth: 'none' } }, async () => ({ ok: true }));
    await app.ready();
    for (let i = 0; i < 3; i++) await app.inject(`/things/${i}`);
    await app.inject('/nowhere');
    const text = (await app.inject('/metrics')).body;
    await app.close();

    expect(text).toContain('# TYPE ccs_http_request_duration_seconds histogram');
    expect(text).toContain('ccs_http_requests_total{method="GET",route="/things/:id",status="200"} 3');
    expect(text).toContain('ccs_http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(text).toContain('ccs_http_request_duration_seconds_count{method="GET",route="/things/:id",status="200"} 3');
    expect(text).toContain('ccs_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/things/:id",status="200"} 3');
    const buckets = [...text.matchAll(/ccs_http_request_duration_seconds_bucket\{le="([^"]+)",method="GET",route="\/things\/:id",status="200"\} (\d+)/g)].map((m) => Number(m[2]));
    expect(buckets).toHaveLength(13);
    for (let i = 1; i < buckets.length; i++) expect(buckets[i]).toBeGreaterThanOrEqual(buckets[i - 1] as number);
    expect(text).toMatch(/ccs_http_request_duration_seconds_sum\{method="GET",route="\/things\/:id",status="200"\} \d/);
  });

  it('starts from nothing after the registry is reset', async () => {
    const app = Fastify();
    const registry = createMetricsRegistry();
    await app.register(metricsPlugin, { registry });
    app.get('/a', { config: { auth: 'none' } }, async () => ({}));
    await app.ready();
    await app.inject('/a');
    registry.resetMetrics();
    await app.inject('/a');
    const text = (await app.inject('/metrics')).body;
    await app.close();
    expect(text).toContain('ccs_http_request_duration_seconds_count{method="GET",route="/a",status="200"} 1');
  });
});
