/**
 * OAuth tokens are oidc-provider's 256 random bits (43 base64url characters) behind our
 * prefixes (src/oauth/provider.ts). The shape alone tells an access token from an API key
 * and rejects garbage before any look-up.
 */
export const ACCESS_TOKEN_PREFIX = 'ccs_at_';
export const REFRESH_TOKEN_PREFIX = 'ccs_rt_';
export const ACCESS_TOKEN_PATTERN = /^ccs_at_[A-Za-z0-9_-]{43}$/;

export function isAccessTokenShape(token: string): boolean {
  return ACCESS_TOKEN_PATTERN.test(token);
}
