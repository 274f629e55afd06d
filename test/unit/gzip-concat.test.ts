import fc from 'fast-check';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, crcCombine, crcShift, gzipConcat, gzipPiece, storedPiece } from '../../src/lib/gzip-concat.js';

describe('gzip bodies from pieces compressed ahead of time', () => {
  it('computes the CRC-32 gzip uses', () => {
    expect(crc32(Buffer.from('hello world'))).toBe(0x0d4a1185);
    expect(crc32(Buffer.alloc(0))).toBe(0);
  });

  it('combines CRCs without reading the bytes again', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 3000 }), (a, b) => {
        const whole = crc32(Buffer.concat([a, b]));
        expect(crcCombine(crc32(a), crc32(b), crcShift(b.length))).toBe(whole);
      }),
      { numRuns: 300 },
    );
  });

  // gunzip checks the trailer's CRC and length: a wrong combination fails here.
  it('lays compressed pieces end to end into a gzip body any client can read', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 400 }), { maxLength: 8 }), (texts) => {
        // Compressed and stored pieces alike.
        const body = gzipConcat(texts.map((t, k) => (k % 2 ? storedPiece : gzipPiece)(Buffer.from(t))));
        expect(gunzipSync(body).toString()).toBe(texts.join(''));
      }),
      { numRuns: 100 },
    );
  });

  it('stores pieces of any length, past the 65,535 bytes of one stored block', () => {
    const big = Buffer.alloc(70_000, 'x');
    expect(gunzipSync(gzipConcat([storedPiece(big), storedPiece(Buffer.alloc(0))]))).toEqual(big);
  });

  it('compresses a page of JSON to well under half its size', () => {
    const parts = ['{"data":[', JSON.stringify({ name: 'Teferi, Time Raveler', text: 'é—'.repeat(500) }), ',', '{}', '],"meta":{"total":2}}'];
    const body = gzipConcat(parts.map((p) => gzipPiece(Buffer.from(p))));
    const plain = Buffer.from(parts.join(''));
    expect(gunzipSync(body)).toEqual(plain);
    expect(body.length).toBeLessThan(plain.length / 2);
  });
});
