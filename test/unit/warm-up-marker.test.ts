import { describe, expect, it } from 'vitest';
import { isWellFormedApiKey } from '../../src/auth/api-key-format.js';
import { createWarmUpMarker, warmUpPlan } from '../../src/http/warm-up.js';

describe('the warm-up marker', () => {
  it('marks only requests carrying the key of the last warm-up', () => {
    const marker = createWarmUpMarker();
    const before = { headers: { authorization: 'Bearer ccs_live_x' } };
    expect(marker.active).toBe(false);
    expect(marker.isWarmUp(before)).toBe(false);
    expect(marker.isWarmUp({ headers: {} })).toBe(false);

    const authorization = marker.begin();
    expect(marker.active).toBe(true);
    expect(marker.isWarmUp({ headers: { authorization } })).toBe(true);
    expect(marker.isWarmUp({ headers: { authorization: `${authorization}x` } })).toBe(false);
    expect(marker.isWarmUp({ headers: {} })).toBe(false);

    marker.end();
    expect(marker.active).toBe(false);
    // A warm-up cut short leaves requests the server had read: answered after the end, still its own.
    expect(marker.isWarmUp({ headers: { authorization } })).toBe(true);
    expect(marker.isWarmUp(before)).toBe(false);
    const next = marker.begin();
    expect(marker.isWarmUp({ headers: { authorization } })).toBe(false);
    expect(marker.isWarmUp({ headers: { authorization: next } })).toBe(true);
  });

  it('makes a new, well-formed key for each warm-up, so the requests reach the key lookup (and miss)', () => {
    const marker = createWarmUpMarker();
    const first = marker.begin();
    marker.end();
    const second = marker.begin();
    expect(second).not.toBe(first);
    const key = second.replace(/^Bearer /, '');
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it('sends only API routes, each with the marked key', () => {
    const plan = warmUpPlan('Bearer k');
    expect(plan.length).toBeGreaterThan(0);
    for (const r of plan) {
      expect(r.path.startsWith('/api/v1/')).toBe(true);
      expect(r.headers?.Authorization).toBe('Bearer k');
    }
  });
});
