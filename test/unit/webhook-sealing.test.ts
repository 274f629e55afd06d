import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bodyOf, deliveryHeaders, eventLine, parseTypes, typesJson } from '../../src/webhooks/engine/body.js';
import { isComplete, linesFromMemory, sealBatch } from '../../src/webhooks/engine/sealing.js';

const NOW = '2026-11-22T10:00:05.000Z';
const SECRET = 'sealing-unit-secret-0001';
const lines = [
  eventLine({ id: 'e1', type: 'deck.created', occurred_at: '2026-11-22T10:00:00.000Z', payload: '{"name":"Mono-Red \\"Burn\\" ü"}' }),
  eventLine({ id: 'e2', type: 'deck.deleted', occurred_at: '2026-11-22T10:00:01.000Z', payload: '{"id":"d1"}' }),
];

describe('delivery bodies', () => {
  it('writes each event as {id, type, timestamp, data} with the stored payload verbatim, in a JSON array', () => {
    const body = bodyOf(lines);
    expect(JSON.parse(body)).toEqual([
      { id: 'e1', type: 'deck.created', timestamp: '2026-11-22T10:00:00.000Z', data: { name: 'Mono-Red "Burn" ü' } },
      { id: 'e2', type: 'deck.deleted', timestamp: '2026-11-22T10:00:01.000Z', data: { id: 'd1' } },
    ]);
    expect(Object.keys(JSON.parse(body)[0])).toEqual(['id', 'type', 'timestamp', 'data']);
    expect(bodyOf([])).toBe('[]');
  });

  it('stores event types distinct and sorted', () => {
    expect(typesJson(['deck.deleted', 'binder.created', 'deck.deleted'])).toBe('["binder.created","deck.deleted"]');
    expect(parseTypes('["a",1,"b"]')).toEqual(['a', 'b']);
    expect(parseTypes('{}')).toEqual([]);
  });

  it('sends the documented headers, and X-Webhook-Test on test deliveries only', () => {
    expect(deliveryHeaders('d1', 'event', 'abc')).toEqual({ 'content-type': 'application/json', 'x-webhook-signature': 'abc', 'x-webhook-delivery': 'd1' });
    expect(deliveryHeaders('d1', 'redelivery', 'abc')['x-webhook-test']).toBeUndefined();
    expect(deliveryHeaders('d1', 'test', 'abc')['x-webhook-test']).toBe('true');
  });
});

describe('sealing', () => {
  it('serialises the body once and signs those exact bytes with HMAC-SHA256 of the secret', () => {
    const { body, patch } = sealBatch(lines, { status: 'enabled', secret: SECRET }, NOW);
    expect(body).toBe(bodyOf(lines));
    expect(patch).toEqual({
      status: 'pending',
      body_bytes: Buffer.byteLength(body),
      signature: createHmac('sha256', SECRET).update(Buffer.from(body, 'utf8')).digest('hex'),
      event_count: 2,
      next_attempt_at: NOW,
      sealed_at: NOW,
      updated_at: NOW,
      last_error: null,
      completed_at: null,
    });
  });

  it('seals the batch of a subscription disabled meanwhile straight to failed, still with its body', () => {
    const { patch } = sealBatch(lines, { status: 'disabled', secret: SECRET }, NOW);
    expect(patch).toMatchObject({ status: 'failed', next_attempt_at: null, completed_at: NOW, last_error: 'the subscription was disabled before this batch was sent', event_count: 2 });
  });

  it('uses lines from memory only when they are the whole batch', () => {
    const cached = ['a', 'b'];
    expect(linesFromMemory(undefined, { lines: ['x'], bytes: 1, fresh: true })).toEqual(['x']);
    expect(linesFromMemory(cached, { lines: ['c'], bytes: 1, fresh: false })).toEqual(['a', 'b', 'c']);
    expect(linesFromMemory(cached, undefined)).toBe(cached);
    // Lines appended to a batch this process did not follow from its start cannot be the whole batch.
    expect(linesFromMemory(undefined, { lines: ['c'], bytes: 1, fresh: false })).toBeUndefined();
    expect(isComplete(['a', 'b'], 2)).toBe(true);
    expect(isComplete(['a', 'b'], 3)).toBe(false);
    expect(isComplete(undefined, 0)).toBe(false);
  });
});
