/**
 * Where card data comes from: a local file or an http(s) URL, gzipped or not
 * (recognised by its magic bytes, so the file name does not matter), or a
 * Scryfall bulk-data API object (`https://api.scryfall.com/bulk-data/default-cards`),
 * whose `download_uri` is then streamed. Nothing is ever read whole.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';

export class SourceError extends Error {}

export interface CardSource {
  /** The file or URL, for messages. */
  label: string;
  /** Decompressed bytes. */
  chunks: AsyncIterable<Buffer>;
  /** Raw (possibly compressed) bytes read so far, and the total when known: for progress. */
  bytesRead(): number;
  totalBytes: number | undefined;
  /** From Scryfall's bulk-data object: when the file was generated (dates the prices). */
  updatedAt?: string;
}

const isUrl = (s: string) => /^https?:\/\//i.test(s);

interface BulkDataObject {
  object?: unknown;
  download_uri?: unknown;
  updated_at?: unknown;
  type?: unknown;
}

async function get(url: string): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'follow', headers: { accept: 'application/json, application/gzip;q=0.9, */*;q=0.5', 'user-agent': 'ccs-card-import/1.0' } });
  } catch (err) {
    // fetch() says only "fetch failed"; the reason (refused, DNS, TLS) is its cause.
    const e = err as Error & { cause?: { message?: string; code?: string } };
    const why = e.cause?.code ?? e.cause?.message ?? e.message;
    throw new SourceError(`could not download ${url}: ${why}`);
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    throw new SourceError(`could not download ${url}: HTTP ${res.status}`);
  }
  return res;
}

/** Counts raw bytes, then gunzips when the data starts with the gzip magic number. */
async function* decode(raw: AsyncIterable<Buffer | Uint8Array>, counter: { n: number }): AsyncGenerator<Buffer> {
  const it = raw[Symbol.asyncIterator]();
  const head = await it.next();
  if (head.done) return;
  const first = Buffer.from(head.value);
  counter.n += first.length;
  async function* rest(): AsyncGenerator<Buffer> {
    yield first;
    for (;;) {
      const r = await it.next();
      if (r.done) return;
      const b = Buffer.from(r.value);
      counter.n += b.length;
      yield b;
    }
  }
  if (first[0] !== 0x1f || first[1] !== 0x8b) {
    yield* rest();
    return;
  }
  const gunzip = createGunzip();
  const feeding = pipeline(Readable.from(rest()), gunzip).catch((err: unknown) => gunzip.destroy(err as Error));
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
  } finally {
    await feeding;
  }
}

export async function openCardSource(location: string): Promise<CardSource> {
  const counter = { n: 0 };
  if (!isUrl(location)) {
    let size: number;
    try {
      const st = fs.statSync(location);
      if (!st.isFile()) throw new Error('not a file');
      size = st.size;
    } catch {
      throw new SourceError(`no such file: ${location}`);
    }
    return { label: location, chunks: decode(fs.createReadStream(location, { highWaterMark: 1 << 20 }), counter), bytesRead: () => counter.n, totalBytes: size };
  }

  let res = await get(location);
  let updatedAt: string | undefined;
  let label = location;
  const type = res.headers.get('content-type') ?? '';
  if (/\/bulk-data(\/|$|\?)/.test(new URL(location).pathname) && type.includes('json')) {
    // A bulk-data API object: small JSON that names the real file.
    const meta = (await res.json()) as BulkDataObject;
    if (meta.object !== 'bulk_data' || typeof meta.download_uri !== 'string') {
      throw new SourceError(`${location} is not a Scryfall bulk-data object (expected "object": "bulk_data" with a download_uri)`);
    }
    updatedAt = typeof meta.updated_at === 'string' ? meta.updated_at : undefined;
    label = meta.download_uri;
    res = await get(meta.download_uri);
  }
  const length = Number(res.headers.get('content-length'));
  // fetch() undoes Content-Encoding itself; content-length is then the compressed size.
  const encoded = !!res.headers.get('content-encoding');
  const body = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>);
  return {
    label,
    chunks: decode(body, counter),
    bytesRead: () => counter.n,
    totalBytes: Number.isFinite(length) && length > 0 && !encoded ? length : undefined,
    updatedAt,
  };
}
