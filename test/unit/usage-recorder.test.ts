import { describe, expect, it } from 'vitest';
import type { UsageBucket } from '../../src/usage/store.js';
import { inLockOrder } from '../../src/usage/recorder.js';

const bucket = (keyId: string, hour: string, route: string, statusClass: string): UsageBucket => ({
  keyId,
  userId: 'u',
  applicationId: null,
  hour,
  route,
  statusClass,
  count: 1,
});

describe('usage flush order', () => {
  it("adds the counts in the order of api_usage's unique key, whatever order the requests came in, so two processes' flushes cannot deadlock", () => {
    const a = [
      bucket('k2', '2026-11-29T07:00', '/api/v1/profile', '2xx'),
      bucket('k1', '2026-11-29T08:00', '/api/v1/collection', '2xx'),
      bucket('k1', '2026-11-29T07:00', '/api/v1/profile', '4xx'),
      bucket('k1', '2026-11-29T07:00', '/api/v1/collection', '4xx'),
      bucket('k1', '2026-11-29T07:00', '/api/v1/collection', '2xx'),
    ];
    const ordered = inLockOrder(a);
    expect(ordered.map((b) => [b.keyId, b.hour, b.route, b.statusClass])).toEqual([
      ['k1', '2026-11-29T07:00', '/api/v1/collection', '2xx'],
      ['k1', '2026-11-29T07:00', '/api/v1/collection', '4xx'],
      ['k1', '2026-11-29T07:00', '/api/v1/profile', '4xx'],
      ['k1', '2026-11-29T08:00', '/api/v1/collection', '2xx'],
      ['k2', '2026-11-29T07:00', '/api/v1/profile', '2xx'],
    ]);
    // Another process that saw the same requests the other way round adds them in the same order.
    expect(inLockOrder([...a].reverse())).toEqual(ordered);
    expect(a[0]?.keyId).toBe('k2');
  });
});
