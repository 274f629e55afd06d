import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CAUSE_DETAIL, databaseOutageCause } from '../availability/causes.js';
import { AppError, Errors, UnavailableError } from '../errors.js';
import { CORS_HEADERS, corsApplies, preflightHeaders } from './cors.js';
import { toFieldErrors } from './validation.js';

const PG_BAD_TEXT = new Set(['22021', '22P05', '22001', '22003']);

/** Maps anything thrown while handling a request to an AppError, or undefined for a real fault. */
export function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  // The database is down, busy, full or read-only: 503 with Retry-After, never a 500.
  const outage = databaseOutageCause(err);
  if (outage) return Errors.unavailable(CAUSE_DETAIL[outage], outage);
  const e = err as FastifyError & { validationContext?: string; code?: string };
  if (e.validation) {
    const errors = toFieldErrors(e.validation as never, e.validationContext);
    // A cursor no listing could have handed out (too long, empty) is an invalid cursor like any other.
    if (errors.length > 0 && errors.every((f) => f.field === 'cursor')) return Errors.invalidCursor();
    return Errors.validation(errors);
  }
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return Errors.invalidJson(e.message);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return Errors.payloadTooLarge();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return Errors.unsupportedMediaType();
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return Errors.badRequest('Content-Length does not match the body.');
  }
  // Text PostgreSQL cannot store (NUL bytes, invalid encodings) or values out of column range.
  if (e.code && PG_BAD_TEXT.has(e.code)) {
    return Errors.validation([{ field: 'body', code: 'invalid_value', message: 'contains characters or values that cannot be stored' }]);
  }
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    // Body parser errors (e.g. prototype poisoning) and other client faults Fastify detects; a
    // 400 that is not about the body (a file sender's) is a plain bad request.
    if (e.statusCode === 400) return e.code?.startsWith('FST_ERR_CTP') ? Errors.invalidJson(e.message) : Errors.badRequest(e.message);
    return Errors.badRequest(e.message, e.statusCode);
  }
  return undefined;
}

/** Headers every answer of the service carries, errors included (set before any hook runs for framework errors). */
export const COMMON_HEADERS = { 'x-content-type-options': 'nosniff' } as const;
const API_HEADERS = { ...COMMON_HEADERS, ...CORS_HEADERS } as const;

/** The headers every answer to `url` carries: the JSON API's also let browser pages on other origins read them (cors.ts). */
export function headersFor(url: string): Readonly<Record<string, string>> {
  return corsApplies(url) ? API_HEADERS : COMMON_HEADERS;
}

/** The problem document of `err`, its `type` resolving under `base` (`<base>/docs/errors#<code>`). */
export function problemBody(err: AppError, base: string, requestId: string): Record<string, unknown> {
  return {
    type: `${base}/docs/errors#${err.code}`,
    title: err.title,
    status: err.status,
    detail: err.message,
    code: err.code,
    ...err.extra,
    request_id: requestId,
  };
}

export function sendProblem(req: FastifyRequest, reply: FastifyReply, err: AppError, base: string): FastifyReply {
  reply.header('x-request-id', req.id);
  reply.headers(headersFor(req.url));
  for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
  return reply.code(err.status).type('application/problem+json').send(problemBody(err, base, req.id));
}

export interface ProblemOptions {
  /** The base URL of `type` URIs in the answer to `req` (see trusted-hosts.ts). */
  baseFor: (req: FastifyRequest) => string;
  /** Hears every 503 for an outage, with the error that caused it (metrics, the outage log). */
  onUnavailable?: (err: UnavailableError, cause: unknown) => void;
}

function clientAborted(err: unknown, req: FastifyRequest): boolean {
  const e = err as { code?: unknown; message?: unknown };
  return e.code === 'ECONNRESET' && e.message === 'aborted' && (req.raw.destroyed || req.raw.readableAborted);
}

/** Methods a path may answer; a path that answers some of them but not the request's is a 405. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export function registerProblemHandlers(app: FastifyInstance, opts: ProblemOptions): void {
  const { baseFor, onUnavailable } = opts;
  app.setErrorHandler((err, req, reply) => {
    // The client went away while sending its body (Node's "aborted", ECONNRESET): its own doing,
    // not a database that reset a connection. Nobody reads the answer; it is not an outage.
    // (Counted by the route's onRequestAbort hook, as is a hang-up before the body was read.)
    if (clientAborted(err, req)) return sendProblem(req, reply, Errors.badRequest('The request body was cut off: the client closed the connection.'), baseFor(req));
    const appErr = toAppError(err);
    if (appErr instanceof UnavailableError) onUnavailable?.(appErr, err);
    if (appErr) return sendProblem(req, reply, appErr, baseFor(req));
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).type('application/problem+json').send({ request_id: req.id });
  });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?', 1)[0] ?? '/';
    // A route that answers this method and found nothing (a missing asset, an unknown id) is a 404.
    const allow = answersAt(app, path, req.method) ? [] : allowedMethods(app, path);
    // A browser asking whether a page on another origin may send this request (no route answers OPTIONS).
    if (req.method === 'OPTIONS' && allow.length > 0 && corsApplies(path)) {
      const granted = preflightHeaders({ origin: req.headers.origin, method: req.headers['access-control-request-method'] }, allow);
      if (granted) return reply.code(204).headers(granted).send();
    }
    const err = allow.length > 0 ? Errors.methodNotAllowed(allow) : Errors.notFound('route');
    return sendProblem(req, reply, err, baseFor(req));
  });
}

/**
 * Whether a route answers `method` at `path`. A path only a catch-all (`/portal/*`) matches does
 * not count: the path itself is unknown.
 */
function answersAt(app: FastifyInstance, path: string, method: string): boolean {
  const route = app.findRoute({ method: method as (typeof METHODS)[number], url: path });
  return route !== null && !('*' in (route.params as Record<string, unknown>));
}

/**
 * The methods some route answers at `path` (a 405's `Allow`); empty for an unknown path, and for
 * one that is not valid percent-encoding (the router "finds" its bad-URL handler under every method).
 */
export function allowedMethods(app: FastifyInstance, path: string): string[] {
  try {
    decodeURIComponent(path);
  } catch {
    return [];
  }
  return METHODS.filter((m) => answersAt(app, path, m));
}

/** Path parameters longer than this are a 414 (the router's own limit; see app.ts). */
export const MAX_URL_LENGTH = 8 * 1024;

/**
 * Errors the router raises before any hook runs (Fastify's `frameworkErrors`): a path segment
 * that is not valid percent-encoding (400), a path parameter over `maxParamLength` (414). The
 * URL is not echoed: it may be huge, and it is the client's own.
 */
export function frameworkErrorHandler(baseFor: (req: FastifyRequest) => string) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
    const appErr =
      err.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? Errors.uriTooLong()
        : err.code === 'FST_ERR_BAD_URL'
          ? Errors.badRequest('The URL is not valid: a path segment is not valid percent-encoding.')
          : Errors.badRequest('The request cannot be routed.');
    sendProblem(req, reply, appErr, baseFor(req));
  };
}

/**
 * Node's `clientError`: the request could not be parsed (a broken request line or header,
 * headers over the limit, too slow), so no Fastify request exists. Answers a problem document
 * written as raw HTTP/1.1 and closes the connection, as Node itself would with a bare status.
 */
export function clientErrorHandler(baseForPort: (localPort: number | undefined) => string) {
  return (err: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void => {
    // A connection the client reset, or one already answered: nothing to write to.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    // Answers to requests before this one are still being written (pipelined requests, a
    // download): a problem written now would land in the middle of them, and a write already
    // done would be answered 400. They are finished, this request gets none (data after
    // `Connection: close` is ignored, RFC 9112 9.6), and the connection closes after them.
    const current = inFlightResponse(socket);
    // (A response whose own request is still arriving is this error's: a timeout, a body cut off.)
    if (current?.req.complete) {
      closeAfterResponses(socket);
      return;
    }
    let appErr: AppError;
    switch (err.code) {
      case 'HPE_HEADER_OVERFLOW':
        appErr = requestLineTooLong(err.rawPacket) ? Errors.uriTooLong() : Errors.headersTooLarge();
        break;
      case 'ERR_HTTP_REQUEST_TIMEOUT':
        appErr = Errors.requestTimeout();
        break;
      default:
        appErr = Errors.badRequest('The request is not valid HTTP/1.1.');
    }
    writeProblemAndClose(socket, appErr, baseForPort(socket.localPort), targetOf(err.rawPacket));
  };
}

/** The response Node is writing on `socket` (its internal `_httpMessage`), while unfinished. */
function inFlightResponse(socket: Socket): ServerResponse | undefined {
  const current = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  return current && !current.writableFinished ? current : undefined;
}

/** Ends `socket` once the responses queued on it are written (Node attaches the next one as each finishes). */
function closeAfterResponses(socket: Socket): void {
  if (socket.destroyed) return;
  const current = inFlightResponse(socket);
  if (!current) {
    socket.end(() => socket.destroy());
    return;
  }
  let done = false;
  const next = () => {
    if (done) return;
    done = true;
    setImmediate(() => closeAfterResponses(socket));
  };
  current.once('finish', next);
  current.once('close', next);
}

/**
 * Answers a request Fastify never saw (Node's parser refused it, or handed it over as CONNECT)
 * straight onto its socket, as a problem document, and closes the connection. `target` is the
 * request target, for the headers an API path's answers carry.
 */
export function writeProblemAndClose(socket: Socket | Duplex, appErr: AppError, base: string, target: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const id = randomUUID();
  const body = JSON.stringify(problemBody(appErr, base, id));
  const head = [
    `HTTP/1.1 ${appErr.status} ${STATUS_CODES[appErr.status] ?? 'Error'}`,
    'Content-Type: application/problem+json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${id}`,
    ...Object.entries({ ...headersFor(target), ...appErr.headers }).map(([k, v]) => `${k}: ${v}`),
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
}

/** The request target of a raw request that could not be parsed, as far as its first line shows it ('' when it does not). */
function targetOf(packet: unknown): string {
  if (!Buffer.isBuffer(packet)) return '';
  return /^[A-Z]+ (\S+)/.exec(packet.subarray(0, Math.min(packet.length, 64)).toString('latin1'))?.[1] ?? '';
}

/** Whether the request line alone fills the header budget: a URL too long rather than too many headers. */
function requestLineTooLong(packet: unknown): boolean {
  if (!Buffer.isBuffer(packet)) return false;
  const end = packet.indexOf('\r\n');
  return end === -1 || end > MAX_URL_LENGTH;
}
