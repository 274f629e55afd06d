import { hash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * Key = "ccs_live_" + 32 base62 characters of CSPRNG body (~190 bits) + 6 base62
 * characters of CRC32 checksum over the prefix and body. The checksum lets us
 * reject a mistyped key before touching the database; only its SHA-256 is stored.
 */
export const KEY_PREFIX = 'ccs_live_';
const BODY_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${BODY_LENGTH + CHECKSUM_LENGTH}}$`);

function base62(bytes: Buffer, length: number): string {
  let n = BigInt(`0x${bytes.toString('hex') || '0'}`);
  let out = '';
  while (out.length < length) {
    out = ALPHABET[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out;
}

// Checked on every request: a 32-bit value needs no BigInt arithmetic.
function checksum(prefixAndBody: string): string {
  let n = crc32(prefixAndBody) >>> 0;
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = ALPHABET[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

export function generateApiKey(): string {
  // 24 bytes = 192 bits; 32 base62 digits hold up to ~190.5 bits, so keep the top 190.
  const body = base62(randomBytes(24), BODY_LENGTH).slice(-BODY_LENGTH);
  const head = KEY_PREFIX + body;
  return head + checksum(head);
}

/** True when the string has the key shape and a matching checksum. */
export function isWellFormedApiKey(token: string): boolean {
  if (!KEY_PATTERN.test(token)) return false;
  const head = token.slice(0, KEY_PREFIX.length + BODY_LENGTH);
  return checksum(head) === token.slice(-CHECKSUM_LENGTH);
}

export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** What the portal and `key list` show: enough to recognise a key, useless to use it. */
export function displayPrefix(token: string): string {
  return `${token.slice(0, KEY_PREFIX.length + 6)}…${token.slice(-4)}`;
}
