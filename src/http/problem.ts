import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CAUSE_DETAIL, databaseOutageCause } from '../availability/causes.js';
import { AppError, Errors, UnavailableError } from '../errors.js';
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
    // Body parser errors (e.g. prototype poisoning) and other client faults Fastify detects.
    if (e.statusCode === 400) return Errors.invalidJson(e.message);
    return Errors.badRequest(e.message, e.statusCode);
  }
  return undefined;
}

function baseUrl(req: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${req.protocol}://${req.host}`;
}

export function sendProblem(req: FastifyRequest, reply: FastifyReply, err: AppError, publicUrl?: string): FastifyReply {
  for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
  return reply
    .code(err.status)
    .type('application/problem+json')
    .send({
      type: `${baseUrl(req, publicUrl)}/docs/errors#${err.code}`,
      title: err.title,
      status: err.status,
      detail: err.message,
      code: err.code,
      ...err.extra,
      request_id: req.id,
    });
}

export interface ProblemOptions {
  publicUrl?: string;
  /** Hears every 503 for an outage, with the error that caused it (metrics, the outage log). */
  onUnavailable?: (err: UnavailableError, cause: unknown) => void;
}

export function registerProblemHandlers(app: FastifyInstance, opts: ProblemOptions = {}): void {
  const { publicUrl, onUnavailable } = opts;
  app.setErrorHandler((err, req, reply) => {
    const appErr = toAppError(err);
    if (appErr instanceof UnavailableError) onUnavailable?.(appErr, err);
    if (appErr) return sendProblem(req, reply, appErr, publicUrl);
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).type('application/problem+json').send({ request_id: req.id });
  });
  app.setNotFoundHandler((req, reply) => sendProblem(req, reply, Errors.notFound('route'), publicUrl));
}

/**
 * What Node's HTTP parser rejects before any request exists (a malformed request line, a
 * control character in a header, headers over the size limit, a request that never finished):
 * answered as a problem document like every other error, not Fastify's bare JSON, then the
 * connection is closed (the parser cannot find the next request in it). Passed to Fastify as
 * `clientErrorHandler`.
 */
export function clientErrorHandler(publicUrl?: string): (err: Error & { code?: string }, socket: Socket) => void {
  return (err, socket) => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const appErr =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? Errors.badRequest('The request headers are larger than the server accepts.', 431)
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? Errors.badRequest('The request did not arrive in time.', 408)
          : Errors.badRequest('The request is not valid HTTP: its request line, a header name or value, or its framing is malformed.');
    const id = randomUUID();
    const body = JSON.stringify({
      type: `${publicUrl ?? ''}/docs/errors#${appErr.code}`,
      title: appErr.title,
      status: appErr.status,
      detail: appErr.message,
      code: appErr.code,
      request_id: id,
    });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${appErr.status} ${STATUS_CODES[appErr.status]}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${id}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(err);
  };
}

/**
 * Errors the router raises before any route runs (a path whose percent-encoding does not
 * decode): a 400 problem document. Passed to Fastify as `frameworkErrors`.
 */
export function frameworkErrorHandler(publicUrl?: string) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
    const detail = err.code === 'FST_ERR_BAD_URL' ? 'The request path is not a valid URL: a percent-encoded sequence does not decode.' : 'The request could not be routed.';
    sendProblem(req, reply, Errors.badRequest(detail), publicUrl);
  };
}
