import { Readable, pipeline } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import { ImportFileError } from './errors.js';

/** One CSV record: its cells, the line it starts on, and its text as it was in the file. */
export interface CsvRecord {
  cells: string[];
  line: number;
  raw: string;
}

/** Longest record accepted: a real row is a few hundred characters; this bounds a hostile one. */
export const MAX_RECORD_CHARS = 64 * 1024;

const SEP_LINE = /^"?sep=(.)"?[ \t]*$/i;

export interface CsvLayout {
  delimiter: string;
  /** Characters before the header that are not CSV: Excel's `sep=,` line, with its line break. */
  skip: number;
}

/**
 * Reads the delimiter from the head of the file: an Excel `sep=` first line (Dragon
 * Shield writes `"sep=,"`) names it; otherwise the header line's most frequent of comma,
 * semicolon and tab (a European Excel saves with semicolons).
 */
export function csvLayout(head: string): CsvLayout {
  const firstLine = /^[^\r\n]*(\r\n|\r|\n)?/.exec(head)?.[0] ?? '';
  const sep = SEP_LINE.exec(firstLine.trim());
  if (sep?.[1]) return { delimiter: sep[1], skip: firstLine.length };
  const count = (c: string) => firstLine.split(c).length - 1;
  const [best = ','] = [',', ';', '\t'].sort((a, b) => count(b) - count(a));
  return { delimiter: count(best) > 0 ? best : ',', skip: 0 };
}

const NEWLINES = /\r\n|\r|\n/g;

function countLines(raw: string): number {
  return raw.match(NEWLINES)?.length ?? 0;
}

const CSV_PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is never closed',
  CSV_INVALID_CLOSING_QUOTE: 'a closing quote is followed by other characters (a quote inside a field must be doubled)',
  CSV_INVALID_OPENING_QUOTE: 'a quote appears inside a field that is not itself quoted',
  CSV_MAX_RECORD_SIZE: `a row is longer than ${MAX_RECORD_CHARS} characters`,
};

function csvProblem(err: CsvError, line: number): ImportFileError {
  const what = CSV_PROBLEMS[err.code] ?? err.message;
  return new ImportFileError('invalid_csv', `The CSV is malformed in the row starting at line ${line}: ${what}.`, { line });
}

/**
 * Streams the records of a CSV text with their line numbers. csv-parse does the RFC 4180
 * work (quotes, doubled quotes, line breaks in quoted fields); the line of each record is
 * counted here from the raw text, as the parser reads it, so a malformed record's line is
 * known when the parser fails on it.
 */
export async function* csvRecords(text: AsyncIterable<string>, delimiter: string, firstLine: number): AsyncGenerator<CsvRecord> {
  let line = firstLine;
  const parser = parse({
    delimiter,
    record_delimiter: ['\r\n', '\n', '\r'],
    raw: true,
    relax_column_count: true,
    skip_empty_lines: false,
    max_record_size: MAX_RECORD_CHARS,
    // With `raw`, each record arrives as { record, raw }; the typings only know the plain record.
    on_record: (read: unknown) => {
      const { record, raw } = read as { record: string[]; raw: string };
      const start = line;
      line += countLines(raw);
      return { cells: record, line: start, raw } satisfies CsvRecord as unknown as string[];
    },
  });
  const records = pipeline(Readable.from(text), parser, () => {});
  try {
    yield* records as AsyncIterable<CsvRecord>;
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    if ((err as CsvError).code?.startsWith('CSV_')) throw csvProblem(err as CsvError, line);
    throw err;
  } finally {
    records.destroy();
  }
}
