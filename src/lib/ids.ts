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
