import { v7 as uuidv7 } from 'uuid';

/** Opaque, unique, time-sortable identifiers (UUIDv7). */
export function newId(): string {
  return uuidv7();
}

/** A UUIDv7 stamped with `at` (an injected clock's time), so it sorts with that clock. */
export function newIdAt(at: Date): string {
  return uuidv7({ msecs: at.getTime() });
}

/** The lowest UUIDv7 of the millisecond `at`: ids below it were made before. */
export function idFloorAt(at: Date): string {
  const hex = Math.max(0, Math.floor(at.getTime())).toString(16).padStart(12, '0').slice(-12);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * A card id as given (a Scryfall UUID, in whatever case it was copied) as the card database keys
 * it: lowercase. GET /cards/{id} and the identifiers of POST /cards/collection already read any
 * case, so a write naming the same card must not call it unknown.
 */
export function cardIdOf(raw: string): string {
  return raw.toLowerCase();
}
