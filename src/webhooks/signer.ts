import { createHmac, randomBytes } from 'node:crypto';

/** `X-Webhook-Signature`: lowercase hex HMAC-SHA256 of the exact body bytes, keyed with the secret (UTF-8). */
export function signBody(secret: string, body: string | Uint8Array): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** A server-generated secret: 32 bytes of entropy, prefixed so it is recognisable in a leak scan. */
export function generateSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** What the API shows of a secret after creation: its last 4 characters, by code point so an emoji is never cut in half. */
export function secretHint(secret: string): string {
  return [...secret].slice(-4).join('');
}
