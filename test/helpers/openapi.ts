import zlib from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Checks real responses against the API description: every e2e test server records what it
 * answers (`startTestServer` turns this on) and, when it closes, each recorded answer of a
 * documented operation must be declared there: its status, its content type, and its body
 * against the response schema; and the headers the description promises to name (ETag,
 * Idempotency-Replayed, Retry-After, RateLimit-*, WWW-Authenticate) must be declared where they
 * appear. A mismatch is a bug in the description or in the route.
 */

export interface RecordedResponse {
  method: string;
  /** The route's template (`/api/v1/collection/:id`), or undefined when no route matched. */
  route: string | undefined;
  url: string;
  status: number;
  contentType: string | undefined;
  headers: Record<string, string>;
  /** The body as sent, decompressed; undefined when it was a stream. */
  body: string | undefined;
}

const TRACKED_HEADERS = ['etag', 'idempotency-replayed', 'retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'www-authenticate'];

/** Registers the hooks that record every response of `app`; call before any route is added. */
export function recordResponses(app: FastifyInstance): RecordedResponse[] {
  const recorded: RecordedResponse[] = [];
  const payloads = new WeakMap<FastifyRequest, unknown>();
  // The first onSend sees the body as the handler (or the error handler) made it; the final
  // status and headers are read once the response went out (a later hook may answer 304).
  app.addHook('onSend', (req: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (err: null, p: unknown) => void) => {
    payloads.set(req, payload);
    done(null, payload);
  });
  app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k.toLowerCase()] = String(v);
    recorded.push({
      method: req.method,
      route: req.routeOptions.url,
      url: req.url,
      status: reply.statusCode,
      contentType: headers['content-type'],
      headers,
      // 204 and 304 carry no body whatever the handler serialised (Fastify drops it).
      body: reply.statusCode === 204 || reply.statusCode === 304 ? '' : bodyText(payloads.get(req), headers['content-encoding']),
    });
    done();
  });
  return recorded;
}

function bodyText(payload: unknown, encoding: string | undefined): string | undefined {
  if (payload === null || payload === undefined) return '';
  let buf: Buffer;
  if (typeof payload === 'string') buf = Buffer.from(payload);
  else if (Buffer.isBuffer(payload)) buf = payload;
  else return undefined;
  if (encoding === 'br') buf = zlib.brotliDecompressSync(buf);
  else if (encoding === 'gzip') buf = zlib.gunzipSync(buf);
  else if (encoding === 'deflate') buf = zlib.inflateSync(buf);
  return buf.toString('utf8');
}

type Json = Record<string, any>;

/** `/api/v1/collection/:id` -> `/api/v1/collection/{id}`. */
function docPath(route: string): string {
  return route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function pointer(...parts: string[]): string {
  return parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

/** Validates recorded responses against an OpenAPI 3.1 document; answers one line per mismatch. */
export function createResponseValidator(doc: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema(doc, 'api');
  const compiled = new Map<string, ValidateFunction>();
  const schemaAt = (ref: string): ValidateFunction => {
    let fn = compiled.get(ref);
    if (!fn) {
      fn = ajv.compile({ $ref: `api#/${ref}` });
      compiled.set(ref, fn);
    }
    return fn;
  };
  const resolve = (obj: Json | undefined): Json | undefined => {
    if (obj && typeof obj.$ref === 'string') {
      const parts = (obj.$ref as string).replace(/^#\//, '').split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
      return parts.reduce<Json | undefined>((o, p) => o?.[p], doc);
    }
    return obj;
  };

  return function check(r: RecordedResponse): string[] {
    // A 500 is a fault (its body carries only request_id), never part of an operation's contract;
    // the tests that provoke one on purpose check it themselves.
    if (!r.route || r.status === 500) return [];
    const path = docPath(r.route);
    const method = r.method.toLowerCase();
    const op = doc.paths?.[path]?.[method] as Json | undefined;
    if (!op) return [];
    const where = `${r.method} ${r.url} -> ${r.status}`;
    const key = [String(r.status), `${String(r.status)[0]}XX`, 'default'].find((k) => op.responses?.[k] !== undefined);
    const response = key === undefined ? undefined : resolve(op.responses[key]);
    if (key === undefined || !response) return [`${where}: status ${r.status} is not declared for ${method} ${path}`];

    const problems: string[] = [];
    const declaredHeaders = new Set(Object.keys(response.headers ?? {}).map((h) => h.toLowerCase()));
    for (const h of TRACKED_HEADERS) {
      if (r.headers[h] !== undefined && !declaredHeaders.has(h)) problems.push(`${where}: header ${h} is sent but not declared`);
    }

    const content = response.content as Record<string, Json> | undefined;
    if (!content) {
      if (r.body) problems.push(`${where}: a body is sent where none is declared`);
      return problems;
    }
    const mediaType = r.contentType?.split(';')[0]?.trim().toLowerCase();
    if (!mediaType || !content[mediaType]) {
      problems.push(`${where}: content type ${r.contentType ?? '(none)'} is not one of ${Object.keys(content).join(', ')}`);
      return problems;
    }
    if (r.body === undefined || !content[mediaType]?.schema) return problems;
    let value: unknown = r.body;
    if (mediaType.endsWith('json')) {
      try {
        value = JSON.parse(r.body);
      } catch {
        return [...problems, `${where}: the body is not JSON`];
      }
    }
    const validate = schemaAt(pointer('paths', path, method, 'responses', key, 'content', mediaType, 'schema'));
    if (!validate(value)) {
      const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}`);
      problems.push(`${where}: the body does not match the response schema: ${errors.join('; ')}`);
    }
    return problems;
  };
}

/** Every mismatch of `recorded` against `doc`, each reported once. */
export function responseMismatches(doc: Json, recorded: readonly RecordedResponse[]): string[] {
  const check = createResponseValidator(doc);
  return [...new Set(recorded.flatMap(check))];
}
