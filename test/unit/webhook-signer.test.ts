import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateSecret, secretHint, signBody } from '../../src/webhooks/signer.js';
import { verifyWebhookSignature } from '../../src/webhooks/verify.js';

const SECRET = 'whsec_test_0123456789abcdef';
const BODY = '[{"id":"01a2","type":"deck.created","timestamp":"2026-11-22T10:00:00.000Z","data":{"name":"Burn ✓"}}]';

describe('signBody', () => {
  it('is the lowercase hex HMAC-SHA256 of the UTF-8 body bytes keyed with the secret', () => {
    const expected = createHmac('sha256', Buffer.from(SECRET, 'utf8')).update(Buffer.from(BODY, 'utf8')).digest('hex');
    expect(signBody(SECRET, BODY)).toBe(expected);
    expect(signBody(SECRET, Buffer.from(BODY))).toBe(expected);
    expect(signBody(SECRET, BODY)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('matches a published HMAC-SHA256 test vector (RFC 4231 case 2)', () => {
    expect(signBody('Jefe', 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('changes with any byte of the body or the secret', () => {
    expect(signBody(SECRET, BODY)).not.toBe(signBody(SECRET, `${BODY} `));
    expect(signBody(SECRET, BODY)).not.toBe(signBody(`${SECRET}x`, BODY));
  });
});

describe('generateSecret and secretHint', () => {
  it('generates distinct, prefixed, 256-bit secrets', () => {
    const a = generateSecret();
    const b = generateSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('shows only the last four characters', () => {
    expect(secretHint('abcdefghijklmnop1234')).toBe('1234');
  });

  it('counts those characters by code point, so a hint never holds half of an emoji', () => {
    expect(secretHint('0123456789abcdef🔑abc')).toBe('🔑abc');
    expect(secretHint('0123456789abcdef🔑🔒🔓🗝')).toBe('🔑🔒🔓🗝');
  });
});

describe('verifyWebhookSignature', () => {
  const good = signBody(SECRET, BODY);

  it('accepts the signature of the raw body as a string or as bytes', () => {
    expect(verifyWebhookSignature(BODY, good, SECRET)).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(BODY, 'utf8'), good, SECRET)).toBe(true);
    expect(verifyWebhookSignature(new Uint8Array(Buffer.from(BODY, 'utf8')), good, SECRET)).toBe(true);
    expect(verifyWebhookSignature(BODY, [good], SECRET)).toBe(true);
    expect(verifyWebhookSignature(BODY, ` ${good}\t`, SECRET)).toBe(true);
  });

  it('rejects a changed body, a wrong secret or a wrong signature', () => {
    expect(verifyWebhookSignature(`${BODY} `, good, SECRET)).toBe(false);
    // Re-serialised JSON is not the body that was signed.
    expect(verifyWebhookSignature(JSON.stringify(JSON.parse(BODY), null, 2), good, SECRET)).toBe(false);
    expect(verifyWebhookSignature(BODY, good, 'another-secret-123456')).toBe(false);
    expect(verifyWebhookSignature(BODY, good.replace(/.$/, good.endsWith('0') ? '1' : '0'), SECRET)).toBe(false);
  });

  it('rejects missing, malformed, truncated or repeated headers without throwing', () => {
    for (const header of [undefined, null, '', 'sha256=' + good, good.slice(0, 63), `${good}00`, 'z'.repeat(64), [good, good], []]) {
      expect(verifyWebhookSignature(BODY, header as string | string[] | undefined, SECRET), String(header)).toBe(false);
    }
    expect(verifyWebhookSignature(BODY, good, '')).toBe(false);
  });
});
