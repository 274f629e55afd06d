import { ImportFileError } from './errors.js';

/** An uploaded file: the request body as a stream of chunks, or the whole of it. */
export type ImportSource = AsyncIterable<Uint8Array | string> | Uint8Array | string;

async function* chunksOf(source: ImportSource): AsyncGenerator<Uint8Array | string> {
  if (typeof source === 'string' || source instanceof Uint8Array) yield source;
  else yield* source;
}

function encodingError(message: string): ImportFileError {
  return new ImportFileError('invalid_encoding', `${message} Save the file as UTF-8 (Excel: "CSV UTF-8") and upload it again.`);
}

/**
 * Decodes the file as strict UTF-8, chunk by chunk, dropping a leading byte order mark.
 * UTF-16 and UTF-32 (a BOM of their own, or the NUL bytes they are full of) and bytes
 * that are not UTF-8 (a Latin-1 or Windows-1252 file's accented letters) are refused
 * outright: guessing the encoding would silently import "LimÂ-DÃ»l".
 */
export async function* decodeUtf8(source: ImportSource, maxBytes = Number.POSITIVE_INFINITY): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let seen = 0;
  let lines = 1;
  let head: Uint8Array | null = new Uint8Array(0);
  for await (const input of chunksOf(source)) {
    if (typeof input === 'string') {
      // Already text (a test, or a body parsed by the caller): only the NUL check applies.
      if (input.includes('\u0000')) throw encodingError('The file contains NUL characters, as UTF-16 files do.');
      seen += Buffer.byteLength(input);
      if (seen > maxBytes) throw tooLarge(maxBytes);
      yield seen === Buffer.byteLength(input) ? input.replace(/^\uFEFF/, '') : input;
      continue;
    }
    seen += input.length;
    if (seen > maxBytes) throw tooLarge(maxBytes);
    let bytes = input;
    if (head) {
      // Hold the first bytes until there are enough to recognise a UTF-16/32 byte order mark.
      bytes = concat(head, input);
      if (bytes.length < 4 && seen < 4) {
        head = bytes;
        continue;
      }
      head = null;
      checkByteOrderMark(bytes);
    }
    if (bytes.includes(0)) throw encodingError('The file contains NUL bytes: it is UTF-16 or not a text file.');
    let text: string;
    try {
      text = decoder.decode(bytes, { stream: true });
    } catch {
      throw encodingError(`The file is not valid UTF-8 (line ${lines + badLineOffset(bytes)}); it looks like Latin-1 or Windows-1252.`);
    }
    lines += countNewlines(text);
    if (text) yield text;
  }
  if (head && head.length > 0) {
    checkByteOrderMark(head);
    if (head.includes(0)) throw encodingError('The file contains NUL bytes: it is UTF-16 or not a text file.');
    try {
      const text = decoder.decode(head, { stream: true });
      if (text) yield text;
    } catch {
      throw encodingError('The file is not valid UTF-8.');
    }
  }
  try {
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch {
    throw encodingError(`The file is not valid UTF-8: it ends inside a character (line ${lines}).`);
  }
}

function tooLarge(maxBytes: number): ImportFileError {
  return new ImportFileError('too_large', `The file is larger than ${maxBytes} bytes.`, { limit: maxBytes });
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

function checkByteOrderMark(b: Uint8Array): void {
  const [b0, b1, b2, b3] = [b[0], b[1], b[2], b[3]];
  if ((b0 === 0xff && b1 === 0xfe) || (b0 === 0xfe && b1 === 0xff)) {
    const utf32 = b0 === 0xff && b2 === 0 && b3 === 0;
    throw encodingError(`The file is ${utf32 ? 'UTF-32' : 'UTF-16'} (it starts with that encoding's byte order mark).`);
  }
  if (b0 === 0 && b1 === 0 && b2 === 0xfe && b3 === 0xff) throw encodingError('The file is UTF-32 (it starts with that encoding\'s byte order mark).');
}

function countNewlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Newlines before the first byte sequence that is not UTF-8 in `bytes` (for the error message). */
function badLineOffset(bytes: Uint8Array): number {
  let newlines = 0;
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i] ?? 0;
    if (b === 0x0a) newlines++;
    const len = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (len === 0) return newlines;
    for (let k = 1; k < len; k++) {
      const c = bytes[i + k];
      // A sequence cut by the chunk's end is not the culprit.
      if (c === undefined) return newlines;
      if ((c & 0xc0) !== 0x80) return newlines;
    }
    i += len;
  }
  return newlines;
}
