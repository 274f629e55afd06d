/**
 * Cross-origin use of the JSON API from browser applications: a public OAuth client (contract
 * section 7: PKCE alone, no secret) is most often a single-page app, and its access token is
 * worthless if the browser may not read the API's answers.
 *
 * `/api/v1` authenticates only with a bearer credential the page itself sends, never a cookie,
 * so a page on another origin gains nothing it did not already hold: every answer carries
 * `Access-Control-Allow-Origin: *` (without credentials), whatever the request's `Origin`, so
 * no cache needs `Vary: Origin`. The portal's own API (`/portal/api`, a session cookie) and
 * the OAuth endpoints (oidc-provider's own CORS) are not covered here.
 */

/** Answers under this prefix carry the CORS headers. */
export const CORS_PREFIX = '/api/v1/';

/** Response headers a browser page may read besides the safelisted ones. */
export const EXPOSED_HEADERS = [
  'etag',
  'location',
  'retry-after',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'x-request-id',
  'idempotency-replayed',
  'content-disposition',
  'www-authenticate',
  'allow',
] as const;

/** Request headers a preflight grants (the rest a client sends are safelisted: Accept, Accept-Language ...). */
export const ALLOWED_REQUEST_HEADERS = ['authorization', 'content-type', 'idempotency-key', 'if-match', 'if-none-match'] as const;

/** How long a browser may keep a preflight's answer (Chromium caps it at 2 hours). */
export const PREFLIGHT_MAX_AGE_SECONDS = 7200;

export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_HEADERS.join(', '),
} as const;

export function corsApplies(url: string): boolean {
  return url.startsWith(CORS_PREFIX);
}

export interface PreflightRequest {
  origin?: string | undefined;
  method?: string | undefined;
}

/**
 * The headers of a 204 answering a CORS preflight (an OPTIONS with `Origin` and
 * `Access-Control-Request-Method`) for a path that answers `allow`; undefined when the request
 * is not a preflight, or asks for a method the path does not answer (it gets the path's 405,
 * which the browser takes as a refusal).
 */
export function preflightHeaders(request: PreflightRequest, allow: readonly string[]): Record<string, string> | undefined {
  if (request.origin === undefined || request.method === undefined) return undefined;
  if (!allow.includes(request.method)) return undefined;
  return {
    'access-control-allow-methods': allow.join(', '),
    'access-control-allow-headers': ALLOWED_REQUEST_HEADERS.join(', '),
    'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
  };
}
