import { Errors } from '../errors.js';

/**
 * Opaque keyset cursors: the sort key and values of the last row of a page.
 * Base64url JSON; a cursor made for another sort is rejected.
 */
export function encodeCursor(sort: string, values: Array<string | number | null>): string {
  return Buffer.from(JSON.stringify([sort, ...values])).toString('base64url');
}

export function decodeCursor(cursor: string, sort: string, arity: number): Array<string | number | null> {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === arity + 1 &&
      parsed[0] === sort &&
      parsed.slice(1).every((v) => v === null || typeof v === 'string' || typeof v === 'number')
    ) {
      return parsed.slice(1) as Array<string | number | null>;
    }
  } catch {
    /* fall through */
  }
  throw Errors.validation([{ field: 'cursor', code: 'invalid_cursor', message: 'is not a cursor from this listing; start again without it' }]);
}
