export const EVENT_TYPES = [
  'collection.entry.created',
  'collection.entry.updated',
  'collection.entry.deleted',
  'deck.created',
  'deck.updated',
  'deck.deleted',
  'binder.created',
  'binder.updated',
  'binder.deleted',
  'price.alert.triggered',
  'export.completed',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}
