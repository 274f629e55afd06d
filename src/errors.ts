import type { OutageCause } from './availability/causes.js';

/**
 * Domain errors. Services throw these; the HTTP layer turns them into RFC 9457
 * problem documents. Nothing here knows about Fastify.
 */
export interface FieldError {
  field: string;
  code: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    detail: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    // A 4xx answers the client's mistake and is not logged: its stack trace was never read, and
    // capturing it was the dearest step of a 401 (~7 µs of ~60: bench/README.md, "Rejections").
    // A 5xx keeps the stack, for the log.
    const stackTraceLimit = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    super(detail);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'AppError';
  }
}

/** A 503 tells the client to come back after this many seconds: outages seen so far end within a few. */
export const RETRY_AFTER_SECONDS = 5;

/** 503 `service_unavailable`: a dependency cannot serve right now; `outage` says which (metrics, logs), never the client. */
export class UnavailableError extends AppError {
  constructor(
    readonly outage: OutageCause | 'internal',
    detail: string,
  ) {
    super(503, 'service_unavailable', 'Service unavailable', detail, { retry_after: RETRY_AFTER_SECONDS }, {
      'retry-after': String(RETRY_AFTER_SECONDS),
    });
  }
}

const BEARER_INVALID = 'Bearer error="invalid_token"';

/** Seconds an import refused for the number running waits before its retry: files take seconds to read. */
const IMPORT_RETRY_AFTER_SECONDS = 10;

export const Errors = {
  invalidJson: (detail = 'The request body is not valid JSON.') =>
    new AppError(400, 'invalid_json', 'Invalid JSON', detail),
  /** `status`: another 4xx Fastify itself raised for a malformed request. */
  badRequest: (detail: string, status = 400) => new AppError(status, 'bad_request', 'Bad request', detail),
  invalidQuery: (detail: string, extra: Record<string, unknown> = {}) =>
    new AppError(400, 'invalid_query', 'Invalid query', detail, extra),
  missingToken: () =>
    // The contract gives every 401 `error="invalid_token"`; RFC 6750 (3.1) would rather leave the code out
    // when no credential was sent (a SHOULD NOT). The contract wins: clients parse one header shape.
    new AppError(401, 'missing_token', 'Missing token', 'Send the credential as "Authorization: Bearer <token>".', {}, {
      'www-authenticate': `Bearer realm="ccs", error="invalid_token", error_description="No bearer token was sent"`,
    }),
  invalidToken: (detail = 'The token is malformed or unknown.') =>
    new AppError(401, 'invalid_token', 'Invalid token', detail, {}, { 'www-authenticate': BEARER_INVALID }),
  revokedToken: () =>
    new AppError(401, 'revoked_token', 'Revoked token', 'This token has been revoked.', {}, {
      'www-authenticate': `${BEARER_INVALID}, error_description="The token has been revoked"`,
    }),
  expiredToken: () =>
    new AppError(401, 'expired_token', 'Expired token', 'This token has expired.', {}, {
      'www-authenticate': `${BEARER_INVALID}, error_description="The token has expired"`,
    }),
  /**
   * `also`: another scope the endpoint needs as well that the credential lacks too: named in the
   * detail and the challenge (RFC 6750's `scope` lists every scope needed), so a client asks for
   * both at once; `missing_scope` stays the first.
   */
  insufficientScope: (scope: string, also?: string) =>
    new AppError(
      403,
      'insufficient_scope',
      'Insufficient scope',
      also === undefined
        ? `Missing required permission: ${scope}. This endpoint requires the ${scope} scope.`
        : `Missing required permissions: ${scope} and ${also}. This endpoint requires both scopes.`,
      { missing_scope: scope },
      { 'www-authenticate': `Bearer error="insufficient_scope", scope="${also === undefined ? scope : `${scope} ${also}`}"` },
    ),
  forbidden: (detail: string) => new AppError(403, 'forbidden', 'Forbidden', detail),
  notFound: (what = 'resource') => new AppError(404, 'not_found', 'Not found', `No such ${what}.`),
  /** `allow`: the methods the path does answer (the `Allow` header). */
  methodNotAllowed: (allow: string[] = []) =>
    new AppError(405, 'method_not_allowed', 'Method not allowed', `This path does not answer this method${allow.length ? `; it answers ${allow.join(', ')}` : ''}.`, {}, allow.length ? { allow: allow.join(', ') } : {}),
  /**
   * CONNECT: a proxy's tunnel, which no path of this server answers. `Allow` (which a 405 must
   * carry) lists what the target's path answers; it is empty for a host:port target, a resource
   * this server does not have.
   */
  notAProxy: (allow: string[] = []) =>
    new AppError(405, 'method_not_allowed', 'Method not allowed', 'This server is not a proxy: CONNECT is not answered on any path.', {}, { allow: allow.join(', ') }),
  conflict: (detail: string) => new AppError(409, 'conflict', 'Conflict', detail),
  gone: (detail: string) => new AppError(410, 'gone', 'Gone', detail),
  /** 409 for a retry whose first request (same `Idempotency-Key`) is still running; retrying shortly is right. */
  idempotencyInProgress: () =>
    new AppError(409, 'conflict', 'Conflict', 'A request with this Idempotency-Key is still being processed; retry after it finishes.', {
      retry_after: 1,
    }, { 'retry-after': '1' }),
  /**
   * 409 without `Retry-After`: the first request with this key made its change, but its answer
   * was never stored (its process died, or the database connection dropped as it committed).
   * Running it again would make the change twice, so it is not run; the key stays spent.
   */
  idempotencyAnswerLost: () =>
    new AppError(
      409,
      'idempotency_answer_lost',
      'Idempotency answer lost',
      'The first request with this Idempotency-Key was carried out, but its answer was lost (the server stopped or lost its database connection before it could be kept). It will not run again: read the resource to see its current state.',
    ),
  /** 412: `If-Match` names none of the object's current ETags (someone changed it since it was read). Nothing was changed. */
  preconditionFailed: (what = 'object') =>
    new AppError(412, 'precondition_failed', 'Precondition failed', `The ${what} has changed since you read it (If-Match does not match its ETag); read it again, then retry.`),
  /** 422: the `Idempotency-Key` was first used for another request (method, path or body). */
  idempotencyKeyReused: (firstUse: string) =>
    new AppError(422, 'idempotency_key_reused', 'Idempotency key reused', `This Idempotency-Key was used for a different request (${firstUse}); use a new key for a new request.`),
  payloadTooLarge: (detail = 'The request body is too large.') =>
    new AppError(413, 'payload_too_large', 'Payload too large', detail),
  unsupportedMediaType: (detail = 'Send the body as application/json.') =>
    new AppError(415, 'unsupported_media_type', 'Unsupported media type', detail),
  /** A CSV body that is not CSV (an unclosed quote, a row over the length limit): the CSV twin of `invalid_json`. */
  invalidCsv: (detail: string, extra: Record<string, unknown> = {}) => new AppError(400, 'invalid_csv', 'Invalid CSV', detail, extra),
  /** An import file refused whole (`code`: missing_columns, invalid_encoding, empty_file, too_many_rows ...), as a 422 field error of the body. */
  invalidImportFile: (code: string, detail: string, extra: Record<string, unknown> = {}) =>
    new AppError(422, 'validation_failed', 'Validation failed', detail, { errors: [{ field: 'body', code, message: detail }], ...extra }),
  /** `POST /imports?format=auto` with a header line no app writes; `columns` are the ones seen. */
  unknownImportFormat: (detail: string, columns: string[]) =>
    new AppError(422, 'unknown_import_format', 'Unknown import format', detail, { columns }),
  /** `POST /imports?mode=apply` with rows that could not be matched or read: nothing was written; the report is the body. */
  importRejected: (detail: string, report: Record<string, unknown>) => new AppError(422, 'import_rejected', 'Import rejected', detail, report),
  validation: (errors: FieldError[], detail?: string) =>
    new AppError(422, 'validation_failed', 'Validation failed', detail ?? errors.map((e) => `${e.field}: ${e.message}`).join('; '), {
      errors,
    }),
  /**
   * A `cursor` this listing did not hand out (another listing's, another sort's, or made up):
   * 422 with `code: invalid_cursor`, so clients can branch on it; `errors[]` names the field too.
   */
  invalidCursor: (message = 'is not a cursor from this listing; start again without it') =>
    new AppError(422, 'invalid_cursor', 'Invalid cursor', `cursor: ${message}`, { errors: [{ field: 'cursor', code: 'invalid_cursor', message }] }),
  /** An account has as many active API keys as it may (`CCS_MAX_API_KEYS`). */
  apiKeyLimitReached: (limit: number) =>
    new AppError(409, 'api_key_limit_reached', 'Too many API keys', `An account can have at most ${limit} active API keys; revoke one you no longer use first.`, {
      limit,
    }),
  // Raised by the HTTP layer itself, before any route runs.
  uriTooLong: () => new AppError(414, 'uri_too_long', 'URI too long', 'The request target is too long.'),
  headersTooLarge: () => new AppError(431, 'headers_too_large', 'Request headers too large', 'The request headers are too large.'),
  requestTimeout: () => new AppError(408, 'request_timeout', 'Request timeout', 'The request was not received in time.'),
  expectationFailed: () => new AppError(417, 'expectation_failed', 'Expectation failed', 'Only "Expect: 100-continue" is supported.'),
  rateLimited: (retryAfterSeconds: number) =>
    new AppError(429, 'rate_limited', 'Too many requests', `Rate limit exceeded; retry in ${retryAfterSeconds} s.`, {
      retry_after: retryAfterSeconds,
    }, { 'retry-after': String(retryAfterSeconds) }),
  /** An import refused because the caller has too many running; retry when one has finished. */
  tooManyImports: (detail: string) =>
    new AppError(429, 'rate_limited', 'Too many imports running', detail, { retry_after: IMPORT_RETRY_AFTER_SECONDS }, { 'retry-after': String(IMPORT_RETRY_AFTER_SECONDS) }),
  unavailable: (detail: string, outage: OutageCause | 'internal' = 'internal') => new UnavailableError(outage, detail),

  // The developer portal's own answers (session cookie + CSRF instead of a bearer credential).
  notSignedIn: () => new AppError(401, 'not_signed_in', 'Not signed in', 'Sign in to the developer portal first.'),
  invalidCredentials: () => new AppError(401, 'invalid_credentials', 'Invalid credentials', 'The username, e-mail or password is wrong.'),
  csrfFailed: (detail: string) => new AppError(403, 'csrf_failed', 'CSRF check failed', detail),
  signupDisabled: () =>
    new AppError(
      403,
      'signup_disabled',
      'Sign-up is disabled',
      'This server does not accept new accounts (CCS_SIGNUP=off). Ask an operator to create one with "ccs user create".',
    ),
  tooManySignIns: (retryAfterSeconds: number) => throttled('Too many failed sign-ins', 'Too many failed sign-ins', retryAfterSeconds),
  tooManySignUps: (retryAfterSeconds: number) => throttled('Too many sign-ups', 'Too many new accounts from this address', retryAfterSeconds),
};

/** The API's 429 (`rate_limited`, Retry-After, retry_after) in words for a portal form. */
function throttled(title: string, what: string, retryAfterSeconds: number): AppError {
  const base = Errors.rateLimited(retryAfterSeconds);
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError(429, base.code, title, `${what}; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, base.extra, base.headers);
}

/** Shorthand for a single-field 422. */
export function fieldError(field: string, code: string, message: string): AppError {
  return Errors.validation([{ field, code, message }]);
}
