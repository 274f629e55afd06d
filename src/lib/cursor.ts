import { Errors } from '../errors.js';

/**
 * Opaque keyset cursors: a listing's key and the sort values of the last row of a page,
 * as base64url JSON. A cursor made for another listing or sort is rejected with
 * `invalid_cursor`. Lists fetch `limit + 1` rows and hand them to `paginate`.
 */
export type CursorValue = string | number | null;

export function encodeCursor(sort: string, values: readonly CursorValue[]): string {
  return Buffer.from(JSON.stringify([sort, ...values])).toString('base64url');
}

/** The values of a cursor made by `encodeCursor(sort, ...)` with `arity` values; anything else is `invalid_cursor`. */
export function decodeCursor(cursor: string, sort: string, arity: number): CursorValue[] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === arity + 1 &&
      parsed[0] === sort &&
      // No NUL: nothing the service hands out holds one, and PostgreSQL could not even compare it.
      parsed.slice(1).every((v) => v === null || (typeof v === 'string' && !v.includes('\u0000')) || typeof v === 'number')
    ) {
      return parsed.slice(1) as CursorValue[];
    }
  } catch {
    /* fall through */
  }
  throw Errors.invalidCursor();
}

/**
 * What one position of a typed cursor holds: text, a safe integer, a count (an integer >= 0), or
 * a timestamp as the service writes them (`2026-11-30T12:00:00.000Z`). A value the listing could
 * never have written is `invalid_cursor`: compared as it stands, an unreadable timestamp made
 * a page start over or come back empty, which a sync client reads as the end.
 */
export type CursorField = 'string' | 'int' | 'count' | 'time';
type FieldValue<F extends CursorField> = F extends 'int' | 'count' ? number : string;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
export type CursorValues<F extends readonly CursorField[]> = { -readonly [K in keyof F]: FieldValue<F[K]> };

export interface Cursor<V extends readonly unknown[]> {
  encode(values: V): string;
  /** The values, typed; a cursor of another listing, or with a value of the wrong kind, is `invalid_cursor`. */
  decode(cursor: string): V;
}

function holds(field: CursorField, v: CursorValue): boolean {
  switch (field) {
    case 'int':
      return typeof v === 'number' && Number.isSafeInteger(v);
    case 'count':
      return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
    case 'time':
      return typeof v === 'string' && TIMESTAMP.test(v) && Number.isFinite(Date.parse(v));
    default:
      return typeof v === 'string';
  }
}

/** A cursor for one listing (and sort): `cursorFor('binders:position', ['int', 'string'])`. */
export function cursorFor<const F extends readonly CursorField[]>(key: string, fields: F): Cursor<CursorValues<F>> {
  return {
    encode: (values) => encodeCursor(key, values as readonly CursorValue[]),
    decode(cursor) {
      const values = decodeCursor(cursor, key, fields.length);
      if (!values.every((v, i) => fields[i] !== undefined && holds(fields[i], v))) throw Errors.invalidCursor();
      return values as CursorValues<F>;
    },
  };
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

/**
 * One page out of `limit + 1` rows read after the cursor: the extra row only tells that
 * another page exists, and the cursor points after the page's last row.
 */
export function paginate<T>(rows: readonly T[], limit: number, cursorAfter: (last: T) => string): Page<T> {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, next_cursor: rows.length > limit && last !== undefined ? cursorAfter(last) : null };
}
