/**
 * Gzip bodies assembled from pieces compressed ahead of time. Each piece is compressed
 * once, on its own, into deflate blocks that end on a byte boundary and do not end the
 * stream (a sync flush); such block runs can be laid end to end (RFC 1951 §3.2.3), so a
 * page of 50 cached cards is gzip-compressed by copying ~50 kB instead of compressing
 * ~130 kB per request. The gzip trailer needs the CRC-32 of the whole body, combined from
 * the pieces' CRCs with polynomial arithmetic (no pass over the bytes).
 *
 * Each piece is compressed without the others as context, so pages come out larger than
 * compressing them whole would make them (~3x smaller than plain JSON rather than ~10x).
 */
import { constants, deflateRawSync } from 'node:zlib';

const POLY = 0xedb88320;

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ POLY : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (IEEE 802.3, as gzip uses) of some bytes. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** a(x) * b(x) modulo the CRC polynomial, in the reflected bit order CRC-32 uses. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  let m = 0x80000000;
  let x = b >>> 0;
  while (m !== 0) {
    if ((a & m) !== 0) product ^= x;
    m >>>= 1;
    x = x & 1 ? (x >>> 1) ^ POLY : x >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..63. */
const X_POW_2K = (() => {
  const out = new Uint32Array(64);
  let p = 0x40000000; // x^1
  for (let k = 0; k < 64; k++) {
    out[k] = p;
    p = multiplyModP(p, p);
  }
  return out;
})();

/** The operator that shifts a CRC past `length` more bytes: x^(8 * length) modulo the polynomial. */
export function crcShift(length: number): number {
  let p = 0x80000000; // x^0
  let k = 3; // 8 * length = length << 3
  for (let n = length; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) p = multiplyModP(X_POW_2K[k % 64] ?? 0, p);
  }
  return p;
}

/** CRC of A followed by B, from CRC(A), CRC(B) and B's shift operator. */
export function crcCombine(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
}

/** A piece of a body, compressed on its own and ready to be laid next to others. */
export interface GzipPiece {
  /** Deflate blocks of the piece, ending with a sync flush (not the last block). */
  deflated: Buffer;
  crc: number;
  /** Uncompressed length. */
  length: number;
  shift: number;
}

export function gzipPiece(bytes: Buffer, level = 6): GzipPiece {
  return {
    deflated: deflateRawSync(bytes, { level, finishFlush: constants.Z_SYNC_FLUSH }),
    crc: crc32(bytes),
    length: bytes.length,
    shift: crcShift(bytes.length),
  };
}

/**
 * A piece stored without compression (a "stored" deflate block): for small bytes made per
 * request, where starting a compressor would cost more than it saves.
 */
export function storedPiece(bytes: Buffer): GzipPiece {
  const blocks: Buffer[] = [];
  for (let at = 0; at < bytes.length || blocks.length === 0; at += 0xffff) {
    const chunk = bytes.subarray(at, at + 0xffff);
    const header = Buffer.alloc(5);
    // BFINAL 0, BTYPE 00 (stored), then LEN and its ones' complement, little-endian.
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return { deflated: Buffer.concat(blocks), crc: crc32(bytes), length: bytes.length, shift: crcShift(bytes.length) };
}

// Minimal gzip header: magic, deflate, no flags, no time, no extra flags, unknown OS.
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
// An empty fixed-Huffman block marked last: ends the deflate stream.
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** One gzip member holding the pieces' bytes in order. */
export function gzipConcat(pieces: readonly GzipPiece[]): Buffer {
  let crc = 0;
  let length = 0;
  const parts: Buffer[] = [HEADER];
  for (const p of pieces) {
    crc = crcCombine(crc, p.crc, p.shift);
    length += p.length;
    parts.push(p.deflated);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 0x100000000, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}
