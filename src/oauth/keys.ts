import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Clock } from '../lib/clock.js';
import type { OAuthStore } from './store.js';

export interface ServerKeys {
  /** Private JWKS the authorization server signs with. */
  jwks: { keys: Array<Record<string, unknown>> };
  /** Keys its cookies are signed with. */
  cookieKeys: string[];
}

const SIGNING_KEY_ID = 'signing-1';
const COOKIE_KEY_ID = 'cookie-1';

/** An ES256 key with its RFC 7638 thumbprint as `kid`. */
function newSigningKey(): Record<string, unknown> {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' }) as { crv: string; x: string; y: string; d: string; kty: string };
  const kid = createHash('sha256').update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y })).digest('base64url');
  return { ...jwk, kid, alg: 'ES256', use: 'sig' };
}

/**
 * The keys are made once, by whichever process finds the database without them, and kept
 * there: every process (and every restart) signs with the same keys, so a cookie set by
 * one API process is read by the next.
 */
export async function loadServerKeys(store: OAuthStore, clock: Clock): Promise<ServerKeys> {
  const at = clock.now().toISOString();
  const signing = await store.ensureKey(SIGNING_KEY_ID, JSON.stringify(newSigningKey()), at);
  const cookie = await store.ensureKey(COOKIE_KEY_ID, randomBytes(32).toString('base64url'), at);
  return { jwks: { keys: [JSON.parse(signing) as Record<string, unknown>] }, cookieKeys: [cookie] };
}
