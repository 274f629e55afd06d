/**
 * Which resource (RFC 8707) a code exchange or refresh resolves to: oidc-provider's rules with our
 * settings (`useGrantedResource`, one default resource: this issuer's API), decided before the
 * code or refresh token is spent. oidc-provider spends it first and resolves after, so a request
 * it then refused as `invalid_target` had used it up, and the app's next, correct request was
 * taken for a replay that ends the whole grant.
 */

/** A resource the request may not have: answered `invalid_target` with nothing spent. */
export const FOREIGN_RESOURCE = Symbol('foreign resource');

export interface ResourceRequest {
  /** The request's own `resource` parameter(s), if any. */
  requested: unknown;
  /** What the code or refresh token was granted for (its stored `resource`). */
  granted: unknown;
  /** This issuer's API. */
  own: string;
  /** Whether an indicator names this service's API under another origin it answers as. */
  isOurs(indicator: string): boolean;
}

/** The resource the request resolves to (undefined: none), or FOREIGN_RESOURCE. */
export function tokenRequestResource({ requested, granted, own, isOurs }: ResourceRequest): string | undefined | typeof FOREIGN_RESOURCE {
  const grantedList = Array.isArray(granted) ? granted : [granted];
  let resource: unknown;
  if (requested) resource = requested;
  else if (granted && grantedList.length > 0) resource = granted;
  else return undefined;
  // Several: oidc-provider asks for the default, which is always our own API.
  if (Array.isArray(resource)) resource = own;
  if (typeof resource !== 'string' || !grantedList.includes(resource)) return FOREIGN_RESOURCE;
  // One the grant holds and the app did not name again is ours: this deployment granted it,
  // under whichever name it then had (another process's port, the address before CCS_PUBLIC_URL).
  if (!requested) return resource;
  return resource === own || isOurs(resource) ? resource : FOREIGN_RESOURCE;
}

/** Whether the resource server check accepts `indicator` (oidc-provider's getResourceServerInfo). */
export function acceptsResource(indicator: string, own: string, isOurs: (indicator: string) => boolean, grantedUnasked: ReadonlySet<unknown> | undefined): boolean {
  return indicator === own || isOurs(indicator) || grantedUnasked?.has(indicator) === true;
}
