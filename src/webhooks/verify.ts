import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/**
 * Receiver-side check of a Card Collection Service delivery. Pass the raw request
 * body exactly as received (a Buffer or the undecoded string), never re-serialised
 * JSON: any whitespace or key-order change alters the signature.
 *
 * ```js
 * import { verifyWebhookSignature } from 'ccs/webhooks/verify';
 * if (!verifyWebhookSignature(rawBody, req.headers['x-webhook-signature'], secret)) return res.writeHead(401).end();
 * ```
 */
export function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  signatureHeader: string | readonly string[] | null | undefined,
  secret: string,
): boolean {
  // A repeated header is ambiguous; refuse rather than guess which one was signed.
  const header = Array.isArray(signatureHeader) ? (signatureHeader.length === 1 ? signatureHeader[0] : undefined) : signatureHeader;
  if (typeof header !== 'string' || typeof secret !== 'string' || secret === '') return false;
  const given = header.trim();
  if (!HEX_SHA256.test(given)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  // Both are 32 bytes here, so timingSafeEqual never throws and the comparison takes constant time.
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
