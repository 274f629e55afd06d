/** A high surrogate not followed by a low one, or a low one not after a high one (code units: no `u` flag). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether a string from parsed JSON holds half a surrogate pair (`"\ud800"`): not Unicode, so
 * it cannot be stored as written (SQLite and PostgreSQL each replace it differently) nor sent on.
 */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}
