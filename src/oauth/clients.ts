import { hiddenCharactersError } from '../lib/names.js';
import { randomBytes } from 'node:crypto';
import type { ClientMetadata } from 'oidc-provider';
import type { FieldError } from '../errors.js';
import type { OAuthClientRow } from './store.js';

/**
 * Registration rules for OAuth applications, as pure functions: what a redirect URI may be,
 * what a secret looks like, and the metadata oidc-provider is given for a stored client.
 */

export const CLIENT_SECRET_PREFIX = 'ccs_cs_';
export const MAX_REDIRECT_URIS = 10;
export const MAX_CLIENTS_PER_USER = 50;
const MAX_URL_LENGTH = 2000;
/** Plain http is for developing an application on one's own machine. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export type ClientType = 'confidential' | 'public';

export interface ClientInput {
  name: string;
  homepage_url?: string | null;
  redirect_uris: string[];
  type: ClientType;
}

export interface ValidClient {
  name: string;
  homepageUrl: string | null;
  redirectUris: string[];
  type: ClientType;
}

/** `ccs_cs_` + 256 bits from the CSPRNG; shown once, stored as its SHA-256. */
export function generateClientSecret(): string {
  return CLIENT_SECRET_PREFIX + randomBytes(32).toString('base64url');
}

function parseUrl(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}

/**
 * Why a redirect URI cannot be registered, or undefined. Redirect URIs are compared with the
 * request's `redirect_uri` character for character, so only the URL parser's own spelling is
 * accepted (otherwise `https://App.example` would be stored but `https://app.example/` sent).
 */
export function redirectUriProblem(raw: string): string | undefined {
  if (raw.length === 0) return 'is required';
  if (raw.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  const url = parseUrl(raw);
  if (!url) return 'must be an absolute URL, such as https://app.example/callback';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must use https (or http on localhost while developing)';
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.host.replace(/:\d+$/, ''))) {
    return 'must use https; plain http is accepted only for localhost, 127.0.0.1 and [::1]';
  }
  if (url.username || url.password) return 'must not contain credentials';
  if (url.hash || raw.includes('#')) return 'must not contain a fragment';
  if (url.href !== raw) return `must be written exactly as ${url.href} (redirect URIs are compared character for character)`;
  return undefined;
}

export function homepageProblem(raw: string): string | undefined {
  if (raw.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  const url = parseUrl(raw);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return 'must be an http(s) URL, such as https://app.example';
  if (url.username || url.password) return 'must not contain credentials';
  return undefined;
}

/** Checks a registration; field errors name `redirect_uris[i]` like the rest of the API. */
export function validateClientInput(input: ClientInput): { value?: ValidClient; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const name = input.name.trim();
  if (name.length < 1 || name.length > 100) errors.push({ field: 'name', code: 'invalid', message: 'Give the application a name of 1 to 100 characters.' });
  // Users read it on the consent page: it must draw as what it holds.
  const hidden = hiddenCharactersError(name);
  if (hidden) errors.push(hidden);
  const homepageUrl = input.homepage_url?.trim() || null;
  const homeProblem = homepageUrl === null ? undefined : homepageProblem(homepageUrl);
  if (homeProblem) errors.push({ field: 'homepage_url', code: 'invalid_url', message: `The homepage ${homeProblem}.` });
  const uris = input.redirect_uris.map((u) => u.trim());
  if (uris.length === 0) errors.push({ field: 'redirect_uris', code: 'required', message: 'Register at least one redirect URI.' });
  if (uris.length > MAX_REDIRECT_URIS) errors.push({ field: 'redirect_uris', code: 'too_many', message: `Register at most ${MAX_REDIRECT_URIS} redirect URIs.` });
  uris.forEach((uri, i) => {
    const problem = redirectUriProblem(uri);
    if (problem) errors.push({ field: `redirect_uris[${i}]`, code: 'invalid_redirect_uri', message: `The redirect URI ${problem}.` });
  });
  if (input.type !== 'confidential' && input.type !== 'public') {
    errors.push({ field: 'type', code: 'invalid_value', message: 'Choose confidential or public.' });
  }
  if (errors.length) return { errors };
  return { value: { name, homepageUrl, redirectUris: [...new Set(uris)], type: input.type }, errors };
}

/**
 * The client as oidc-provider sees it: the authorization code flow with refresh tokens only,
 * exact redirect URIs (`web` clients never relax loopback ports), and for a confidential
 * client the secret's hash in `client_secret`, which our `compareClientSecret` hashes against.
 */
export function clientMetadata(row: OAuthClientRow): ClientMetadata {
  const confidential = row.type === 'confidential' && row.secret_hash !== null;
  return {
    client_id: row.id,
    client_name: row.name,
    ...(row.homepage_url ? { client_uri: row.homepage_url } : {}),
    redirect_uris: JSON.parse(row.redirect_uris) as string[],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    application_type: 'web',
    token_endpoint_auth_method: confidential ? 'client_secret_basic' : 'none',
    ...(confidential && row.secret_hash ? { client_secret: row.secret_hash } : {}),
  };
}
