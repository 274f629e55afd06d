import { describe, expect, it } from 'vitest';
import type { CollectionEntry } from '../../src/collection/schemas.js';
import { mergeTemplateOf } from '../../src/collection/writes.js';

const view = {
  id: '01900000-0000-7000-8000-000000000001',
  card_id: '2dea2466-5c7f-40ce-b749-100ae89d2c90',
  card: { id: '2dea2466-5c7f-40ce-b749-100ae89d2c90', name: 'Ahn-Crop Invader "quoted" \u0000' },
  quantity: 2,
  condition: 'near_mint',
  finish: 'nonfoil',
  language: 'en',
  binder_id: null,
  purchase_price: null,
  value: { currency: 'usd', unit: '0.15', total: '0.30' },
  tags: [],
  notes: null,
  created_at: '2026-11-28T00:00:00.000Z',
  updated_at: '2026-11-28T00:00:00.000Z',
} as unknown as CollectionEntry;

const event = { id: '01900000-0000-7000-8000-0000000000e1', occurred_at: '2026-11-28T00:00:00.000Z' };

describe('the template a one-statement merge fills in (migration 0022)', () => {
  it('cuts the JSON around id, quantity, purchase_price, value, tags, notes and created_at, in the view order', () => {
    const t = mergeTemplateOf(view, 15, event);
    expect(t?.parts).toHaveLength(8);
    // Filled in with the view's own values, the pieces give back the view's JSON exactly.
    const values = [view.id, view.quantity, view.purchase_price, view.value, view.tags, view.notes, view.created_at].map((v) => JSON.stringify(v));
    const text = t!.parts.map((p, i) => p + (values[i] ?? '')).join('');
    expect(text).toBe(JSON.stringify(view));
    expect(t).toMatchObject({ unit: 15, max: 100_000, event_id: event.id, occurred_at: event.occurred_at });
  });

  it('keeps every other field, a NUL in the card data included, inside the pieces', () => {
    const t = mergeTemplateOf(view, null, event);
    expect(t?.parts[1]).toContain('"card":{"id":"2dea2466-5c7f-40ce-b749-100ae89d2c90","name":"Ahn-Crop Invader \\"quoted\\" \\u0000"}');
    expect(t?.parts[7]).toBe(',"updated_at":"2026-11-28T00:00:00.000Z"}');
  });
});
