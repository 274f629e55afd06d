import { hasLoneSurrogate } from '../lib/unicode.js';
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Errors, type FieldError } from '../errors.js';

/**
 * JSON request bodies as the contract reads them ("JSON in and out, UTF-8"), in place of
 * Fastify's parser, which decodes invalid UTF-8 as U+FFFD and stores the altered text:
 * - bytes that are not UTF-8 are 400 `invalid_json`; another declared charset is 415;
 * - a string holding an unpaired surrogate (`"\ud800"`: valid JSON, but not Unicode, so it could
 *   not be stored as sent) is 422 naming the field (a NUL is left to each route: a webhook URL
 *   holding one is `invalid_webhook_url`; elsewhere docs/decisions.md has what each database does);
 * - `__proto__` or `constructor.prototype` keys are refused as unknown fields (422), not as
 *   "invalid JSON", which they are not;
 * - an empty body is no body: clients send `Content-Type: application/json` on DELETEs and
 *   bodiless POSTs too; a route that needs a body then answers 422 as for any missing field.
 */
export function strictJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req: FastifyRequest, body: Buffer | string, done: (err: Error | null, value?: unknown) => void) => {
    if (body.length === 0) return done(null, undefined);
    const type = req.headers['content-type'] ?? '';
    // Most clients send the bare type: no parameters to read.
    const charset = type.length === 16 ? undefined : notUtf8Charset(type);
    if (charset !== undefined) return done(Errors.unsupportedMediaType(`JSON bodies are UTF-8; this one was declared ${charset}.`));
    if (typeof body !== 'string' && !isUtf8(body)) return done(Errors.invalidJson('The request body is not valid UTF-8.'));
    const text = typeof body === 'string' ? body : body.toString('utf8');
    // A body nested a million deep costs JSON.parse half a second of the event loop: refused first.
    if (text.length > DEPTH_CHECKED_FROM && nestedDeeperThan(text, MAX_DEPTH)) {
      return done(Errors.invalidJson(`The body is nested deeper than ${MAX_DEPTH} levels.`));
    }
    let value: unknown;
    try {
      // JSON.parse makes "__proto__" an own property like any other (it never sets a prototype); the walk below refuses it.
      value = JSON.parse(text);
    } catch {
      return done(Errors.invalidJson());
    }
    // Only these can make a key or string refused below: a raw surrogate is not UTF-8.
    if (SUSPECT.test(text)) {
      const bad = badPart(value);
      if (bad) return done(Errors.validation([bad]));
    }
    done(null, value);
  });
}

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)/i;
/**
 * The charset a Content-Type declares when it is not one a UTF-8 reading gets right (UTF-8, or
 * ASCII, a subset of it); undefined when it declares none or such a one. Bodies and import files
 * are read as UTF-8: one in another charset would have its accents misread.
 */
export function notUtf8Charset(contentType: string): string | undefined {
  const charset = CHARSET.exec(contentType)?.[1];
  return charset === undefined || /^(utf-?8|us-ascii|ascii)$/i.test(charset) ? undefined : charset;
}
/** No body the API takes nests deeper than a few levels; a shorter body cannot nest deep enough to cost anything. */
const MAX_DEPTH = 512;
const DEPTH_CHECKED_FROM = 16 * 1024;

/** Whether JSON text opens more than `max` arrays or objects inside one another (brackets in strings do not count). */
function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
const SUSPECT = /\\u|__proto__|constructor/;
/**
 * The first part of a parsed body the API refuses (a string that is not Unicode, a
 * prototype-poisoning key), as a field error; undefined when there is none. Iterative: a body
 * may nest arrays thousands deep.
 */
function badPart(value: unknown): FieldError | undefined {
  const stack: Array<[unknown, string]> = [[value, '']];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [v, path] = next;
    if (typeof v === 'string') {
      if (hasLoneSurrogate(v)) return { field: path || 'body', code: 'invalid_value', message: 'is not valid Unicode (an unpaired surrogate)' };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}[${i}]`]);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v).reverse()) {
        const at = path ? `${path}.${k}` : k;
        if (k === '__proto__' || (k === 'constructor' && item !== null && typeof item === 'object' && Object.hasOwn(item, 'prototype'))) {
          return { field: at, code: 'unknown_field', message: 'is not a field the API reads' };
        }
        stack.push([item, at], [k, at]);
      }
    }
  }
  return undefined;
}
