import { type TObject, Type } from '@sinclair/typebox';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { Binder } from '../../src/binders/schemas.js';
import { CardSummary } from '../../src/cards/schemas.js';
import { CollectionEntry } from '../../src/collection/schemas.js';
import { Deck } from '../../src/decks/schemas.js';
import { EVENT_TYPES, type EventType } from '../../src/events/types.js';
import { ExportObject } from '../../src/exports/schemas.js';
import { PriceAlert } from '../../src/price-alerts/schemas.js';
import { sampleData } from '../../src/webhooks/samples.js';

/**
 * Send Test's sample data is "shaped like the API's objects" (docs/webhooks.md): each sample
 * passes the response schema of the object its real events carry, with exactly its fields, so a
 * receiver tested against it does not break on the first real event.
 */
const ajv = new Ajv.default({ strict: false, allErrors: true });
addFormats.default(ajv);

const AlertTriggered = Type.Object({ alert: PriceAlert, card: CardSummary, price: Type.String(), previous_price: Type.String() });

function schemaOf(type: EventType): TObject {
  if (type.startsWith('collection.entry.')) return CollectionEntry;
  if (type.startsWith('deck.')) return Deck;
  if (type.startsWith('binder.')) return Binder;
  if (type === 'export.completed') return ExportObject;
  if (type === 'price.alert.triggered') return AlertTriggered;
  throw new Error(`no schema for ${type}`);
}

/** Every object in `value` has exactly the properties its schema declares, at every depth the schema describes. */
function extraOrMissing(schema: unknown, value: unknown, path = 'data'): string[] {
  const s = schema as { type?: string; properties?: Record<string, unknown>; required?: string[]; items?: unknown; anyOf?: unknown[] };
  if (s.anyOf) return value === null ? [] : extraOrMissing(s.anyOf.find((o) => (o as { type?: string }).type !== 'null'), value, path);
  if (s.type === 'array' && Array.isArray(value)) return value.flatMap((v, i) => extraOrMissing(s.items, v, `${path}[${i}]`));
  if (s.type !== 'object' || !s.properties || typeof value !== 'object' || value === null) return [];
  const declared = Object.keys(s.properties);
  const out = Object.keys(value).filter((k) => !declared.includes(k)).map((k) => `${path}.${k} is not in the schema`);
  for (const k of declared) {
    if (!(k in value)) {
      if (s.required?.includes(k)) out.push(`${path}.${k} is missing`);
    }
    else out.push(...extraOrMissing(s.properties[k], (value as Record<string, unknown>)[k], `${path}.${k}`));
  }
  return out;
}

describe('Send Test sample data', () => {
  it.each(EVENT_TYPES)('%s: passes the response schema of the real object, with exactly its fields', (type) => {
    const data = sampleData(type, '2026-11-22T10:00:00.000Z');
    const schema = schemaOf(type);
    const validate = ajv.compile(schema);
    validate(data);
    expect((validate.errors ?? []).map((e) => `${e.instancePath}: ${e.message}`)).toEqual([]);
    expect(extraOrMissing(schema, data)).toEqual([]);
  });

  it('gives cards every image size Scryfall has, as real cards do', () => {
    const entry = sampleData('collection.entry.created', '2026-11-22T10:00:00.000Z') as { card: { image_uris: Record<string, string> } };
    expect(Object.keys(entry.card.image_uris).sort()).toEqual(['art_crop', 'border_crop', 'large', 'normal', 'png', 'small']);
  });
});
