/*
 * What a receiver gets: how events become delivery bodies, and the headers. Pure: the
 * same events always give the same bytes, which is what lets sealing, redelivery and
 * retries send identical, identically signed bodies.
 */

/** An outbox event as the webhook engine reads it; `payload` is already the JSON the API returned. */
export interface OutboxEvent {
  id: string;
  user_id: string;
  type: string;
  occurred_at: string;
  payload: string;
}

/** The event as it appears in a delivery body: `{id, type, timestamp, data}`, `data` being the stored payload verbatim. */
export function eventLine(e: Pick<OutboxEvent, 'id' | 'type' | 'occurred_at' | 'payload'>): string {
  return `{"id":${JSON.stringify(e.id)},"type":${JSON.stringify(e.type)},"timestamp":${JSON.stringify(e.occurred_at)},"data":${e.payload}}`;
}

/** A delivery body: the JSON array of its event lines, in order. */
export function bodyOf(lines: readonly string[]): string {
  return `[${lines.join(',')}]`;
}

/** The stored form of a delivery's event types: distinct, sorted, JSON. */
export function typesJson(types: Iterable<string>): string {
  return JSON.stringify([...new Set(types)].sort());
}

/** A stored JSON array of event types (a delivery's, or a subscription's selection) back as strings. */
export function parseTypes(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
}

/** The types a subscription selected (`["*"]` for all, now and future). */
export function subscribedTypes(row: { events: string }): string[] {
  return parseTypes(row.events);
}

/** Whether a selection of types wants an event type. */
export function typeMatcher(types: readonly string[]): (type: string) => boolean {
  if (types.includes('*')) return () => true;
  const set = new Set(types);
  return (type) => set.has(type);
}

/** The headers of every attempt of a delivery (the client adds `User-Agent`). */
export function deliveryHeaders(deliveryId: string, kind: 'event' | 'test' | 'redelivery', signature: string): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-webhook-signature': signature,
    'x-webhook-delivery': deliveryId,
  };
  if (kind === 'test') headers['x-webhook-test'] = 'true';
  return headers;
}
