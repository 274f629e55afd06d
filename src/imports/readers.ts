import { APP_SPECS, appSpec, cellReader, type AppSpec, type RowFields } from './apps.js';
import { csvLayout, csvRecords, type CsvRecord } from './csv.js';
import { decodeUtf8, type ImportSource } from './decode.js';
import { ImportFileError } from './errors.js';
import { RowProblem } from './fields.js';
import { jsonEntries } from './json.js';
import { clipRaw, type ImportFormat, type ReadItem, type RowPlace } from './types.js';

export interface OpenOptions {
  /** `auto` (default) detects the app from the header line. */
  format?: ImportFormat | 'auto';
  /** Data rows at most; a longer file is refused (default 250,000). */
  maxRows?: number;
  /** Blank rows at most, anywhere in the file; past this it is a CSV bomb and reading stops (default 10,000). */
  maxEmptyRows?: number;
  /** Bytes at most (the service's CCS_IMPORT_MAX_BYTES); the HTTP layer normally refuses larger bodies first. */
  maxBytes?: number;
}

export interface OpenedImport {
  format: ImportFormat;
  /** The header's columns as written (CSV); empty for JSON. */
  columns: string[];
  /** The rows, read lazily: file-level problems found later (bad bytes, a bomb) are thrown from here. */
  items: AsyncGenerator<ReadItem>;
}

export const DEFAULT_MAX_ROWS = 250_000;
export const DEFAULT_MAX_EMPTY_ROWS = 10_000;

/**
 * Opens an import file: decodes it (strict UTF-8), recognises CSV or JSON, reads the
 * header and picks the app (`format=auto`) or checks the named one's required columns.
 * Throws ImportFileError for a file that cannot be imported at all; the rows, each read
 * or refused on its own, stream from `items`.
 */
export async function openImport(source: ImportSource, options: OpenOptions = {}): Promise<OpenedImport> {
  const limits = { maxRows: options.maxRows ?? DEFAULT_MAX_ROWS, maxEmptyRows: options.maxEmptyRows ?? DEFAULT_MAX_EMPTY_ROWS };
  const format = options.format ?? 'auto';
  const { head, rest } = await peek(decodeUtf8(source, options.maxBytes));
  const start = head.trimStart();
  if (start === '') throw new ImportFileError('empty_file', 'The file is empty.');
  if (format === 'json' || (format === 'auto' && (start.startsWith('[') || start.startsWith('{')))) {
    return { format: 'json', columns: [], items: jsonItems(rest, limits) };
  }
  const layout = csvLayout(head);
  const records = csvRecords(skipChars(rest, layout.skip), layout.delimiter, layout.skip > 0 ? 2 : 1);
  try {
    const header = await headerRecord(records, limits.maxEmptyRows);
    const written = header.cells.map((c) => c.replace(/^\uFEFF/, '').trim());
    const columns = new Map<string, number>();
    written.forEach((c, i) => {
      const key = columnKey(c);
      if (key === '') return;
      const first = columns.get(key);
      // Two cells for one column: taking either would silently drop the other's values.
      if (first !== undefined) {
        throw new ImportFileError(
          'duplicate_columns',
          `The header names the column "${c.slice(0, 100)}" twice (columns ${first + 1} and ${i + 1}): remove or rename one, so each value has one place.`,
          { columns: written },
        );
      }
      columns.set(key, i);
    });
    const has = (c: string) => columns.has(c);
    const spec = format === 'auto' ? APP_SPECS.find((s) => s.identifies(has)) : appSpec(format);
    if (!spec) {
      throw new ImportFileError(
        'unknown_import_format',
        `The header line matches no app we import: it has the columns ${written.map((c) => `"${c}"`).join(', ')}. Name the format with ?format=.`,
        { columns: written },
      );
    }
    const missing = spec.required.filter((group) => !group.some(has)).map((group) => group.map(titleCase).join(' or '));
    if (missing.length) {
      throw new ImportFileError('missing_columns', `The ${spec.format} file lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`, {
        columns: written,
        missing,
      });
    }
    return { format: spec.format, columns: written, items: csvItems(records, spec, columns, written, limits) };
  } catch (err) {
    await records.return(undefined);
    throw err;
  }
}

/** Header names compare case-insensitively, with runs of spaces folded. */
function columnKey(column: string): string {
  return column.toLowerCase().replace(/\s+/g, ' ').trim();
}

function titleCase(column: string): string {
  return column.replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

async function headerRecord(records: AsyncGenerator<CsvRecord>, maxEmptyRows: number): Promise<CsvRecord> {
  let blank = 0;
  for (let next = await records.next(); !next.done; next = await records.next()) {
    if (!isBlank(next.value.cells)) return next.value;
    if (++blank > maxEmptyRows) throw tooManyEmpty(maxEmptyRows);
  }
  throw new ImportFileError('empty_file', 'The file has no header line.');
}

function tooManyEmpty(limit: number): ImportFileError {
  return new ImportFileError('too_many_empty_rows', `The file has more than ${limit} empty rows; reading stopped there.`, { limit });
}

function tooManyRows(limit: number): ImportFileError {
  return new ImportFileError('too_many_rows', `The file has more than ${limit} rows; split it into smaller files.`, { limit });
}

/** The row as read, or why it is skipped or refused. */
function item(place: RowPlace, read: () => RowFields | { skip: string }): ReadItem {
  try {
    const fields = read();
    if ('skip' in fields) return { kind: 'skip', skip: { ...place, reason: `skipped: ${fields.skip}` } };
    if (fields.quantity === 0) return { kind: 'skip', skip: { ...place, reason: 'skipped: quantity 0' } };
    return { kind: 'row', row: { ...place, ...fields } };
  } catch (err) {
    if (err instanceof RowProblem) return { kind: 'error', error: { ...place, reason: err.message } };
    throw err;
  }
}

async function* csvItems(
  records: AsyncGenerator<CsvRecord>,
  spec: AppSpec,
  columns: ReadonlyMap<string, number>,
  written: readonly string[],
  limits: { maxRows: number; maxEmptyRows: number },
): AsyncGenerator<ReadItem> {
  const has = (c: string) => columns.has(c);
  const width = written.length;
  let row = 0;
  let blank = 0;
  for await (const record of records) {
    if (isBlank(record.cells)) {
      if (++blank > limits.maxEmptyRows) throw tooManyEmpty(limits.maxEmptyRows);
      continue;
    }
    if (++row > limits.maxRows) throw tooManyRows(limits.maxRows);
    const place = { row, line: record.line, raw: clipRaw(record.raw) };
    if (record.cells.length > width && !isBlank(record.cells.slice(width))) {
      const reason = `the row has ${record.cells.length} fields but the header has ${width} (a comma in a name must be inside quotes)`;
      yield { kind: 'error', error: { ...place, reason } };
      continue;
    }
    const read = item(place, () => spec.read(cellReader(columns, written, record.cells), has));
    // Extra cells that are blank may be a trailing comma, or a name's unquoted comma that shifted
    // the row onto an empty last column: when the row then cannot be read, say which it may be.
    if (read.kind === 'error' && record.cells.length > width) {
      read.error.reason += ` (the row has ${record.cells.length} fields but the header has ${width}: a comma in a name must be inside quotes)`;
    }
    yield read;
  }
  if (row === 0) throw new ImportFileError('empty_file', 'The file has a header line but no rows.');
}

async function* jsonItems(text: AsyncIterable<string>, limits: { maxRows: number }): AsyncGenerator<ReadItem> {
  let row = 0;
  for await (const element of jsonEntries(text)) {
    if (++row > limits.maxRows) throw tooManyRows(limits.maxRows);
    const place = { row, line: null, raw: clipRaw(element.text) };
    yield item(place, () => {
      if (!element.fields) throw new RowProblem(element.problem ?? 'unreadable entry');
      return element.fields;
    });
  }
  if (row === 0) throw new ImportFileError('empty_file', 'The file has no entries.');
}

/**
 * Whether `text` holds a whole first line: a line break after its first non-blank character.
 * A scan, not a regular expression: `/\S[^\r\n]*[\r\n]/` retries from every character of a
 * head without line breaks (compact JSON), quadratic in it, seconds for 64 KiB.
 */
export function hasFirstLine(text: string): boolean {
  const first = text.search(/\S/);
  if (first < 0) return false;
  for (let i = first + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return true;
  }
  return false;
}

/** Reads the first chunks until the first line is complete (or 64 KiB), then hands back everything. */
async function peek(text: AsyncGenerator<string>): Promise<{ head: string; rest: AsyncGenerator<string> }> {
  let head = '';
  let done = false;
  while (!hasFirstLine(head) && head.length < 64 * 1024) {
    const next = await text.next();
    if (next.done) {
      done = true;
      break;
    }
    head += next.value;
  }
  async function* rest(): AsyncGenerator<string> {
    if (head) yield head;
    if (!done) yield* text;
  }
  return { head, rest: rest() };
}

async function* skipChars(text: AsyncIterable<string>, count: number): AsyncGenerator<string> {
  let left = count;
  for await (const chunk of text) {
    if (left >= chunk.length) {
      left -= chunk.length;
      continue;
    }
    yield left > 0 ? chunk.slice(left) : chunk;
    left = 0;
  }
}
