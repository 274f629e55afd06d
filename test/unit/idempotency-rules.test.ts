import { describe, expect, it } from 'vitest';
import { decide, fingerprintOf, isValidKey, KEEP_MS } from '../../src/idempotency/service.js';
import { etagOf, ifMatchHolds, ifNoneMatchHits } from '../../src/lib/etag.js';

const T0 = Date.parse('2026-11-22T10:00:00.000Z');
const LEASE = 300_000;
const row = (over: Partial<Parameters<typeof decide>[0]> = {}) => ({
  fingerprint: 'fp',
  state: 'completed' as const,
  created_at: new Date(T0).toISOString(),
  locked_at: null,
  ...over,
});

describe('idempotency rules', () => {
  it('replays a completed key with the same request for 24 hours, then lets it expire', () => {
    expect(decide(row(), 'fp', T0 + KEEP_MS - 1, LEASE)).toBe('replay');
    expect(decide(row(), 'fp', T0 + KEEP_MS, LEASE)).toBe('expired');
  });

  it('refuses another request under the same key, finished or not', () => {
    expect(decide(row(), 'other', T0 + 1, LEASE)).toBe('reused');
    expect(decide(row({ state: 'running', locked_at: new Date(T0).toISOString() }), 'other', T0 + 1, LEASE)).toBe('reused');
  });

  it('says a running key is in progress until its lease ends, then lets a retry take it over', () => {
    const running = row({ state: 'running', locked_at: new Date(T0).toISOString() });
    expect(decide(running, 'fp', T0 + LEASE - 1, LEASE)).toBe('in_progress');
    expect(decide(running, 'fp', T0 + LEASE, LEASE)).toBe('take_over');
  });

  it('never lets a retry run a key whose write committed (applied) again: in progress within the lease, then lost', () => {
    const applied = row({ state: 'applied', locked_at: new Date(T0).toISOString() });
    expect(decide(applied, 'fp', T0 + LEASE - 1, LEASE)).toBe('in_progress');
    expect(decide(applied, 'fp', T0 + LEASE, LEASE)).toBe('lost');
    // Let go by its holder (the 5xx that followed the commit): lost at once.
    expect(decide(row({ state: 'applied', locked_at: null }), 'fp', T0 + 1, LEASE)).toBe('lost');
    expect(decide(row({ state: 'applied', locked_at: null }), 'other', T0 + 1, LEASE)).toBe('reused');
  });

  it('accepts 1 to 255 printable ASCII characters as a key', () => {
    expect(isValidKey('a')).toBe(true);
    expect(isValidKey(' ~'.repeat(127) + 'x')).toBe(true);
    expect(isValidKey('')).toBe(false);
    expect(isValidKey('x'.repeat(256))).toBe(false);
    expect(isValidKey('tab\there')).toBe(false);
    expect(isValidKey('del\x7f')).toBe(false);
    expect(isValidKey('é')).toBe(false);
  });

  it('fingerprints method, path and the canonical body', () => {
    const a = fingerprintOf('POST', '/api/v1/collection', { card_id: 'x', quantity: 2 });
    expect(fingerprintOf('post', '/api/v1/collection', { quantity: 2, card_id: 'x' })).toBe(a);
    expect(fingerprintOf('POST', '/api/v1/collection', { card_id: 'x', quantity: 3 })).not.toBe(a);
    expect(fingerprintOf('PATCH', '/api/v1/collection', { card_id: 'x', quantity: 2 })).not.toBe(a);
    expect(fingerprintOf('POST', '/api/v1/collection?x=1', { card_id: 'x', quantity: 2 })).not.toBe(a);
    expect(fingerprintOf('POST', '/api/v1/imports', Buffer.from('a,b\n'))).toBe(fingerprintOf('POST', '/api/v1/imports', 'a,b\n'));
  });
});

describe('entity tags', () => {
  it('are strong, quoted, the same for the same object and different for any change', () => {
    const tag = etagOf({ id: '1', n: 2, nested: { a: 1, b: [1, 2] } });
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(etagOf({ id: '1', n: 2, nested: { a: 1, b: [1, 2] } })).toBe(tag);
    expect(etagOf({ id: '1', n: 3, nested: { a: 1, b: [1, 2] } })).not.toBe(tag);
    expect(etagOf({ id: '1', n: 2, nested: { a: 1, b: [2, 1] } })).not.toBe(tag);
  });

  it('If-Match compares strongly: a listed tag or * holds, a weak or malformed one does not', () => {
    const tag = etagOf({ id: 1 });
    expect(ifMatchHolds(tag, tag)).toBe(true);
    expect(ifMatchHolds(`"nope", ${tag}`, tag)).toBe(true);
    expect(ifMatchHolds('*', tag)).toBe(true);
    expect(ifMatchHolds(`W/${tag}`, tag)).toBe(false);
    expect(ifMatchHolds(tag.slice(1, -1), tag)).toBe(false);
    expect(ifMatchHolds('', tag)).toBe(false);
  });

  it('If-None-Match compares weakly', () => {
    const tag = etagOf({ id: 1 });
    expect(ifNoneMatchHits(`W/${tag}`, tag)).toBe(true);
    expect(ifNoneMatchHits('"other"', tag)).toBe(false);
    expect(ifNoneMatchHits('*', tag)).toBe(true);
  });
});
