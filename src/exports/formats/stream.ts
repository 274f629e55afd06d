import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';

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

/**
 * Streams `rows` as CSV under `columns`, one record per row, CRLF line ends (RFC 4180).
 * csv-stringify quotes a field holding the delimiter or a quote; a line break inside a
 * field (a note, a name) is quoted too, or readers would split the record there.
 */
export function csvStream<T>(rows: AsyncIterable<T>, columns: readonly string[], toRecord: (row: T) => Cell[], options: CsvOptions = {}): AsyncGenerator<string> {
  const stringifier = stringify({
    header: true,
    columns: [...columns],
    record_delimiter: 'windows',
    quoted: options.quoteAll === true,
    quoted_empty: options.quoteAll === true,
    quoted_match: /[\r\n]/,
  });
  async function* records(): AsyncGenerator<Cell[]> {
    for await (const row of rows) yield toRecord(row);
  }
  // pipeline() propagates a failing source (a database error mid-export) to the reader of the output.
  const out = pipeline(Readable.from(records()), stringifier, () => {});
  return coalesce(out);
}
