/**
 * Streams the elements of a top-level JSON array of objects, one JSON.parse per
 * element: memory stays bounded by the largest element, never the file, and it
 * runs several times faster than a token-level streaming parser because the
 * scan only tracks strings and nesting (the native JSON.parse does the rest).
 *
 * Anything that is not a complete array of objects (truncated, malformed, a
 * trailing comma, garbage after the closing bracket) raises JsonArrayError with
 * the byte offset.
 */
export class JsonArrayError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
    this.name = 'JsonArrayError';
  }
}

const WS = new Uint8Array(256);
for (const c of [0x20, 0x09, 0x0a, 0x0d]) WS[c] = 1;

// biome-ignore lint/suspicious/noConstEnum: file-local, so tsc and esbuild both inline it; the per-byte loop stays free of lookups.
const enum S {
  Start, // before '['
  BeforeElement, // after '[' or ','
  AfterElement, // after an element: ',' or ']'
  InElement,
  Done,
}

export interface JsonElement {
  value: unknown;
  /** The element's JSON text as it was in the file (saves re-serialising it). */
  text: string;
}

export async function* jsonArrayElements(source: AsyncIterable<Buffer | string>): AsyncGenerator<JsonElement> {
  let state = S.Start;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let parts: Buffer[] = [];
  let offset = 0; // bytes consumed before the current chunk
  let count = 0;
  let first = true;
  let elementStart = 0;

  const parseElement = (buf: Buffer, at: number): JsonElement => {
    const text = buf.toString('utf8');
    try {
      return { value: JSON.parse(text) as unknown, text };
    } catch (err) {
      throw new JsonArrayError(`element ${count + 1} (byte ${at}) is not valid JSON: ${(err as Error).message}`, at);
    }
  };

  for await (const input of source) {
    let chunk = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
    if (first && chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3);
    first = false;
    const n = chunk.length;
    let i = 0;
    let segStart = state === S.InElement ? 0 : -1;
    while (i < n) {
      if (state === S.InElement) {
        if (inString) {
          if (escaped) {
            escaped = false;
            i++;
            continue;
          }
          // Jump to the next quote or backslash: most bytes of a card are inside strings.
          const q = chunk.indexOf(0x22, i);
          const b = chunk.indexOf(0x5c, i);
          if (q < 0 && b < 0) {
            i = n;
            break;
          }
          if (b >= 0 && (q < 0 || b < q)) {
            escaped = true;
            i = b + 1;
            continue;
          }
          inString = false;
          i = q + 1;
          continue;
        }
        const c = chunk[i] ?? 0; // i < n: always a byte
        if (c === 0x22) inString = true;
        else if (c === 0x7b || c === 0x5b) depth++;
        else if (c === 0x7d || c === 0x5d) {
          depth--;
          if (depth === 0) {
            const end = i + 1;
            const piece = chunk.subarray(segStart, end);
            const whole = parts.length ? Buffer.concat([...parts, piece]) : piece;
            parts = [];
            const at = elementStart;
            yield parseElement(whole, at);
            count++;
            state = S.AfterElement;
            segStart = -1;
          }
        }
        i++;
        continue;
      }
      const c = chunk[i] ?? 0;
      if (WS[c]) {
        i++;
        continue;
      }
      const at = offset + i;
      switch (state) {
        case S.Start:
          if (c !== 0x5b) throw new JsonArrayError(`expected "[" at byte ${at}: the file must be a JSON array of card objects`, at);
          state = S.BeforeElement;
          break;
        case S.BeforeElement:
          if (c === 0x5d && count === 0) {
            state = S.Done;
            break;
          }
          if (c !== 0x7b) throw new JsonArrayError(`expected an object at byte ${at} (element ${count + 1})`, at);
          state = S.InElement;
          depth = 1;
          segStart = i;
          elementStart = at;
          break;
        case S.AfterElement:
          if (c === 0x2c) state = S.BeforeElement;
          else if (c === 0x5d) state = S.Done;
          else throw new JsonArrayError(`expected "," or "]" at byte ${at} after element ${count}`, at);
          break;
        case S.Done:
          throw new JsonArrayError(`unexpected data at byte ${at} after the end of the array`, at);
      }
      i++;
    }
    if (state === S.InElement && segStart >= 0) parts.push(Buffer.from(chunk.subarray(segStart)));
    offset += n;
  }
  if (state !== S.Done) {
    const where = state === S.InElement ? `inside element ${count + 1}` : `after element ${count}`;
    throw new JsonArrayError(`the file ends ${where} at byte ${offset}: it is truncated`, offset);
  }
}
