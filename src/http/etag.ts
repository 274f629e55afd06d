import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { etagOf, ifNoneMatchHits } from '../lib/etag.js';
import { jsonOf } from '../lib/frozen-json.js';
import { hooksOf, routeConfigOf } from './route-config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers one object (`{data: {...}}`) that carries a strong ETag. `omit` names
     * fields left out of the tag because only this answer shows them (a webhook's one-time
     * `secret`), so the tag equals the one GET gives. PATCH and DELETE of such a route take
     * `If-Match`, which the service checks (`lib/etag.ts`).
     */
    etag?: true | { omit: readonly string[] };
    /**
     * The answer's `data`, when frozen, is a view whose plain JSON is exactly what the route's
     * response schema writes (its keys, in its order: the feature's one view function builds
     * it so, and `test/e2e/frozen-answers.test.ts` holds each such view to it). The answer is
     * then sent as that JSON, which its ETag and any event about it have already made
     * (`jsonOf`), instead of being serialised once more by the schema. Only with `etag: true`
     * and an empty `meta`.
     */
    frozenJson?: true;
  }
}

/**
 * `{data, meta: {}}` around the frozen `data`'s kept JSON text. Set on a reply before it is
 * sent, so anything else sent through that reply afterwards (an error raised by a later hook)
 * is written as plain JSON.
 */
function frozenEnvelope(payload: unknown): string {
  const data = (payload as { data?: unknown } | null)?.data;
  if (data !== null && typeof data === 'object' && Object.isFrozen(data) && isEmptyObject((payload as { meta?: unknown }).meta)) {
    return `{"data":${jsonOf(data)},"meta":{}}`;
  }
  return JSON.stringify(payload);
}

function isEmptyObject(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  for (const _ in value) return false;
  return true;
}

/**
 * Strong ETags on single objects (contract section 1): computed from the answer's `data`
 * before it is serialised, on 200, 201 and 202 answers of routes that declare `etag`. A GET whose
 * `If-None-Match` names the current tag answers 304 with no body.
 */
export const etagPlugin = fp(async (app: FastifyInstance) => {
  const tag = (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    const config = routeConfigOf(req);
    const declared = config.etag;
    // 202: an accepted job's object (an export), tagged as its GET will tag it.
    if (declared && (reply.statusCode === 200 || reply.statusCode === 201 || reply.statusCode === 202) && req.method !== 'DELETE') {
      const data = (payload as { data?: unknown } | null)?.data;
      if (data !== null && typeof data === 'object') {
        reply.header('etag', declared === true ? tagOf(data) : etagOf(without(data as Record<string, unknown>, declared.omit)));
        // Only for a frozen view: anything else keeps the schema's serializer (and its key filter).
        if (config.frozenJson && declared === true && Object.isFrozen(data) && isEmptyObject((payload as { meta?: unknown }).meta)) reply.serializer(frozenEnvelope);
      }
    }
    done(null, payload);
  };

  const notModified = (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch === undefined || (req.method !== 'GET' && req.method !== 'HEAD') || reply.statusCode !== 200) return done(null, payload);
    const etag = reply.getHeader('etag');
    if (typeof etag !== 'string' || !ifNoneMatchHits(ifNoneMatch, etag)) return done(null, payload);
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    done(null, null);
  };

  // Only on the routes that declare a tag: a route without hooks of a kind skips Fastify's hook
  // runner for it, and a page of the collection pays nothing here.
  app.addHook('onRoute', (route) => {
    if (!route.config?.etag) return;
    route.preSerialization = [...hooksOf(route.preSerialization), tag];
    route.onSend = [...hooksOf(route.onSend), notModified];
  });
});

// A frozen object cannot change, so its tag is computed once: a route that answers the same
// frozen object again (the profile, per principal) skips the hash.
const frozenTags = new WeakMap<object, string>();
function tagOf(data: object): string {
  if (!Object.isFrozen(data)) return etagOf(data);
  let tag = frozenTags.get(data);
  if (tag === undefined) {
    tag = etagOf(data);
    frozenTags.set(data, tag);
  }
  return tag;
}

function without(data: Record<string, unknown>, omit: readonly string[]): Record<string, unknown> {
  const copy = { ...data };
  for (const k of omit) delete copy[k];
  return copy;
}

/** The request's `If-Match`, for a route to hand to its service (which compares it inside the write). */
export function ifMatchOf(req: FastifyRequest): string | undefined {
  const h = req.headers['if-match'];
  return Array.isArray(h) ? h.join(', ') : h;
}
