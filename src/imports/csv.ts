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

type CsvProblem = 'QUOTE_NOT_CLOSED' | 'INVALID_CLOSING_QUOTE' | 'INVALID_OPENING_QUOTE' | 'MAX_RECORD_SIZE';

const CSV_PROBLEMS: Record<CsvProblem, string> = {
  QUOTE_NOT_CLOSED: 'a quoted field is never closed',
  INVALID_CLOSING_QUOTE: 'a closing quote is followed by other characters (a quote inside a field must be doubled)',
  INVALID_OPENING_QUOTE: 'a quote appears inside a field that is not itself quoted',
  MAX_RECORD_SIZE: `a row is longer than ${MAX_RECORD_CHARS} characters`,
};

function csvProblem(problem: CsvProblem, line: number): ImportFileError {
  return new ImportFileError('invalid_csv', `The CSV is malformed in the row starting at line ${line}: ${CSV_PROBLEMS[problem]}.`, { line });
}

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

// Where the scanner is: at the start of a field, inside an unquoted one, inside a quoted one, or just after a quote inside a quoted one.
const START = 0;
const UNQUOTED = 1;
const QUOTED = 2;
const QUOTED_QUOTE = 3;

/**
 * Streams the records of a CSV text (RFC 4180: quoted fields, doubled quotes, line breaks
 * inside quotes; CRLF, LF or CR between records) with the line each starts on and its raw
 * text. Hand-written rather than csv-parse: csv-parse builds an error object (a stack trace
 * and a deep copy of its state, ~100 µs) for every record whose field count differs from
 * the first record's, even when told to accept it, so a 64 KiB chunk of blank lines held
 * the event loop for seconds. Here a record costs its characters, whatever its width.
 */
export async function* csvRecords(text: AsyncIterable<string>, delimiter: string, firstLine: number): AsyncGenerator<CsvRecord> {
  const delim = delimiter.charCodeAt(0);
  let line = firstLine;
  let cells: string[] = [];
  let field = '';
  let state = START;
  /** The current record's text from earlier chunks. */
  let carried = '';
  /** A record ended with CR: a LF right after it belongs to that line break. */
  let skipLf = false;

  for await (const chunk of text) {
    if (chunk === '') continue;
    let recordStart = 0;
    let fieldStart = 0;
    let i = 0;
    if (skipLf && chunk.charCodeAt(0) === LF) {
      recordStart = 1;
      fieldStart = 1;
      i = 1;
    }
    skipLf = false;
    const n = chunk.length;
    for (; i < n; i++) {
      const c = chunk.charCodeAt(i);
      let endsRecord = false;
      switch (state) {
        case START:
          if (c === QUOTE) {
            state = QUOTED;
            fieldStart = i + 1;
          } else if (c === delim) {
            cells.push('');
            fieldStart = i + 1;
          } else if (c === CR || c === LF) {
            cells.push('');
            endsRecord = true;
          } else {
            state = UNQUOTED;
            fieldStart = i;
          }
          break;
        case UNQUOTED:
          if (c === delim) {
            cells.push(field + chunk.slice(fieldStart, i));
            field = '';
            fieldStart = i + 1;
            state = START;
          } else if (c === CR || c === LF) {
            cells.push(field + chunk.slice(fieldStart, i));
            field = '';
            endsRecord = true;
          } else if (c === QUOTE) {
            throw csvProblem('INVALID_OPENING_QUOTE', line);
          }
          break;
        case QUOTED:
          if (c === QUOTE) {
            field += chunk.slice(fieldStart, i);
            state = QUOTED_QUOTE;
          }
          break;
        default:
          // Just after a quote inside a quoted field: a doubled quote, or the end of the field.
          if (c === QUOTE) {
            field += '"';
            fieldStart = i + 1;
            state = QUOTED;
          } else if (c === delim) {
            cells.push(field);
            field = '';
            fieldStart = i + 1;
            state = START;
          } else if (c === CR || c === LF) {
            cells.push(field);
            field = '';
            endsRecord = true;
          } else {
            throw csvProblem('INVALID_CLOSING_QUOTE', line);
          }
      }
      if (!endsRecord) continue;
      const raw = carried + chunk.slice(recordStart, i + 1);
      if (raw.length > MAX_RECORD_CHARS) throw csvProblem('MAX_RECORD_SIZE', line);
      const record: CsvRecord = { cells, line, raw };
      line += countLines(raw);
      cells = [];
      carried = '';
      state = START;
      if (c === CR) {
        if (i + 1 < n) {
          if (chunk.charCodeAt(i + 1) === LF) i++;
        } else {
          skipLf = true;
        }
      }
      recordStart = i + 1;
      fieldStart = i + 1;
      yield record;
    }
    // The record goes on in the next chunk.
    if (state === UNQUOTED || state === QUOTED) field += chunk.slice(fieldStart, n);
    if (recordStart < n) carried += chunk.slice(recordStart, n);
    if (carried.length > MAX_RECORD_CHARS) throw csvProblem('MAX_RECORD_SIZE', line);
  }
  if (state === QUOTED) throw csvProblem('QUOTE_NOT_CLOSED', line);
  if (carried !== '' || cells.length > 0) {
    cells.push(field);
    yield { cells, line, raw: carried };
  }
}
