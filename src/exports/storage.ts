import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ExportStore } from './store.js';

/**
 * Where export files live, behind one small interface so another store (an object store,
 * a shared volume) can replace it. A file is stored per attempt at an export: a worker that
 * died half-way leaves an attempt nobody reads, and the export's `file_attempt` names the one
 * that completed. Every implementation must let any API process read what any worker wrote.
 */
export interface ExportFileKey {
  exportId: string;
  attempt: number;
}

export interface ExportStorage {
  readonly kind: 'file' | 'database';
  /** Stores one attempt's file from `chunks` and answers its size in bytes. A write that fails leaves nothing readable under the key. */
  write(key: ExportFileKey, chunks: AsyncIterable<string | Uint8Array>): Promise<number>;
  /** The stored file, or undefined when it is not there (expired, never completed). */
  read(key: ExportFileKey): Promise<Readable | undefined>;
  /** Removes every attempt's file of an export; removing what is not there is not an error. */
  remove(exportId: string): Promise<void>;
}

// Export ids are our own UUIDs; anything else never reaches a path.
const SAFE_ID = /^[0-9A-Za-z-]{1,64}$/;
function checkKey(exportId: string, attempt?: number): void {
  if (!SAFE_ID.test(exportId) || (attempt !== undefined && !(Number.isSafeInteger(attempt) && attempt >= 0))) {
    throw new Error(`not an export file key: ${JSON.stringify(exportId)} ${String(attempt)}`);
  }
}

async function* asBuffers(chunks: AsyncIterable<string | Uint8Array>): AsyncGenerator<Buffer> {
  for await (const c of chunks) yield typeof c === 'string' ? Buffer.from(c, 'utf8') : Buffer.from(c.buffer, c.byteOffset, c.byteLength);
}

/**
 * Files under `<dir>/<export id>/<attempt>`, written to `<attempt>.part` and renamed when
 * complete, so a reader never sees half a file. Several processes serve each other's
 * exports when they share the directory (one host, or a shared volume).
 */
export function createFileStorage(dir: string): ExportStorage {
  const folder = (exportId: string) => path.join(dir, exportId);
  const file = (key: ExportFileKey) => path.join(folder(key.exportId), String(key.attempt));
  return {
    kind: 'file',
    async write(key, chunks) {
      checkKey(key.exportId, key.attempt);
      await fs.promises.mkdir(folder(key.exportId), { recursive: true });
      const target = file(key);
      const part = `${target}.part`;
      let bytes = 0;
      const count = new Transform({
        transform(chunk: Buffer, _enc, done) {
          bytes += chunk.byteLength;
          done(null, chunk);
        },
      });
      try {
        await pipeline(Readable.from(asBuffers(chunks)), count, fs.createWriteStream(part));
        await fs.promises.rename(part, target);
      } catch (err) {
        await fs.promises.rm(part, { force: true }).catch(() => undefined);
        throw err;
      }
      return bytes;
    },
    async read(key) {
      checkKey(key.exportId, key.attempt);
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(file(key), 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
      return handle.createReadStream();
    },
    async remove(exportId) {
      checkKey(exportId);
      await fs.promises.rm(folder(exportId), { recursive: true, force: true });
    },
  };
}

/** Rows of this size: large enough that a 100 MB file is a few hundred rows, small enough to stream. */
const DB_CHUNK_BYTES = 256 * 1024;
const DB_CHUNKS_PER_READ = 4;

/**
 * Files in the `export_files` table, in chunks: for processes on several hosts that share the
 * database but no disk (`CCS_EXPORT_STORAGE=database`). The table grows with the exports kept
 * (7 days); the expiry job deletes the rows with the file.
 */
export function createDatabaseStorage(store: () => ExportStore): ExportStorage {
  return {
    kind: 'database',
    async write(key, chunks) {
      checkKey(key.exportId, key.attempt);
      const s = store();
      // A previous try under the same key (it cannot normally exist: each claim is a new attempt).
      await s.deleteChunks(key.exportId, key.attempt);
      let seq = 0;
      let bytes = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        await s.insertChunk(key.exportId, key.attempt, seq++, Buffer.concat(pending, pendingBytes));
        pending = [];
        pendingBytes = 0;
      };
      try {
        for await (const b of asBuffers(chunks)) {
          pending.push(b);
          pendingBytes += b.byteLength;
          bytes += b.byteLength;
          if (pendingBytes >= DB_CHUNK_BYTES) await flush();
        }
        // Always one row, so an empty file (an empty deck's text) still reads as present.
        if (pendingBytes > 0 || seq === 0) await flush();
      } catch (err) {
        await s.deleteChunks(key.exportId, key.attempt).catch(() => undefined);
        throw err;
      }
      return bytes;
    },
    async read(key) {
      checkKey(key.exportId, key.attempt);
      const s = store();
      if (!(await s.hasChunks(key.exportId, key.attempt))) return undefined;
      async function* rows(): AsyncGenerator<Buffer> {
        let after = -1;
        for (;;) {
          const page = await s.chunks(key.exportId, key.attempt, after, DB_CHUNKS_PER_READ);
          for (const c of page) yield Buffer.from(c.data);
          const last = page[page.length - 1];
          if (!last || page.length < DB_CHUNKS_PER_READ) return;
          after = last.seq;
        }
      }
      return Readable.from(rows(), { objectMode: false });
    },
    async remove(exportId) {
      checkKey(exportId);
      await store().deleteChunks(exportId);
    },
  };
}
