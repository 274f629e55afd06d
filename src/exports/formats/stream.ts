import { stringify } from 'csv-stringify/sync';

/** Target size of the chunks writers hand out: large enough that a file write per chunk is cheap. */
export const CHUNK_SIZE = 64 * 1024;

/** Joins small pieces into chunks of about `size` characters, so 100,000 rows are not 100,000 writes. */
export async function* coalesce(pieces: AsyncIterable<string | Buffer>, size = CHUNK_SIZE): AsyncGenerator<string> {
  let buffered: string[] = [];
  let length = 0;
  for await (const piece of pieces) {
    const s = typeof piece === 'string' ? piece : piece.toString('utf8');
    buffered.push(s);
    length += s.length;
    if (length >= size) {
      yield buffered.join('');
      buffered = [];
      length = 0;
    }
  }
  if (length > 0) yield buffered.join('');
}

export type Cell = string | number | null | undefined;

export interface CsvOptions {
  /** Quote every field, the header and empty ones included (Moxfield writes its files this way). */
  quoteAll?: boolean;
}

/** Records stringified at once: a batch is one call into csv-stringify instead of a stream event per record. */
const CSV_BATCH = 256;

/**
 * Streams `rows` as CSV under `columns`, one record per row, CRLF line ends (RFC 4180).
 * csv-stringify quotes a field holding the delimiter or a quote; a line break inside a
 * field (a note, a name) is quoted too, or readers would split the record there. Rows are
 * stringified in batches with the synchronous API: the streaming one allocated per record
 * and spent more time collecting garbage than writing (bench/README.md, Exports).
 */
export async function* csvStream<T>(rows: AsyncIterable<T>, columns: readonly string[], toRecord: (row: T) => Cell[], options: CsvOptions = {}): AsyncGenerator<string> {
  const base = {
    columns: [...columns],
    record_delimiter: 'windows' as const,
    quoted: options.quoteAll === true,
    quoted_empty: options.quoteAll === true,
    quoted_match: /[\r\n]/,
  };
  let header = true;
  let batch: Cell[][] = [];
  async function* batches(): AsyncGenerator<string> {
    for await (const row of rows) {
      batch.push(toRecord(row));
      if (batch.length >= CSV_BATCH) {
        yield stringify(batch, { ...base, header });
        header = false;
        batch = [];
      }
    }
    // The last records, or the header alone for an empty export.
    if (batch.length > 0 || header) yield stringify(batch, { ...base, header });
  }
  yield* coalesce(batches());
}
