import { hash } from 'node:crypto';
import { Errors } from '../errors.js';
import { jsonOf } from './frozen-json.js';

/**
 * Strong entity tags for single objects (contract section 1). An object's ETag is a hash of
 * its representation, the object exactly as the API answers it: whatever changes what a client
 * would read changes the tag, including derived fields such as an entry's `value`. The routes
 * put it on answers, and the services compare `If-Match` against the object as read inside the
 * write transaction, with the same function, so the check and the write are one step.
 * Both sides get the object from the feature's one view function (`toEntryView`, `toDeck` ...),
 * so its keys come in one order and plain JSON is canonical enough: a sorted serialisation
 * cost twice as much on every single-object answer (~14 against ~6 µs for an entry).
 */
export function etagOf(representation: unknown): string {
  // One-shot hash: no Hash object per answer. A frozen answer's text may already exist (its event's payload).
  const digest = hash('sha256', jsonOf(representation), 'base64url');
  return `"${digest.slice(0, 27)}"`;
}

/** The entity tags of an `If-Match` / `If-None-Match` list; `*` is kept as `*`. Malformed members match nothing. */
export function parseEntityTags(header: string): Array<{ weak: boolean; tag: string }> | '*' {
  if (header.trim() === '*') return '*';
  const tags: Array<{ weak: boolean; tag: string }> = [];
  // entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE, where etagc excludes DQUOTE (RFC 9110 section 8.8.3).
  for (const m of header.matchAll(/(W\/)?("[^"]*")/g)) tags.push({ weak: m[1] !== undefined, tag: m[2] as string });
  return tags;
}

/** `If-Match` uses the strong comparison: a weak tag never matches (RFC 9110 section 13.1.1). */
export function ifMatchHolds(header: string, current: string): boolean {
  const tags = parseEntityTags(header);
  return tags === '*' || tags.some((t) => !t.weak && t.tag === current);
}

/** `If-None-Match` uses the weak comparison (section 13.1.2): true when the client's copy is current. */
export function ifNoneMatchHits(header: string, current: string): boolean {
  const tags = parseEntityTags(header);
  return tags === '*' || tags.some((t) => t.tag === current);
}

/**
 * For services, inside the write transaction: throws 412 `precondition_failed` unless the
 * request had no `If-Match` or it names the object's current tag. `representation` is called
 * only when there is something to compare, so writes without the header build nothing extra.
 */
export async function checkIfMatch(ifMatch: string | undefined, what: string, representation: () => unknown | Promise<unknown>): Promise<void> {
  if (ifMatch === undefined) return;
  if (!ifMatchHolds(ifMatch, etagOf(await representation()))) throw Errors.preconditionFailed(what);
}
