/**
 * Why a whole import file is refused. The service maps each code onto the contract's
 * problem: `unknown_import_format` is the 422 of that name, the others are 422
 * `validation_failed` (or the caller's choice), `too_large` is the 413.
 */
export type ImportFileErrorCode =
  | 'unknown_import_format'
  | 'missing_columns'
  | 'duplicate_columns'
  | 'invalid_encoding'
  | 'invalid_csv'
  | 'invalid_json'
  | 'empty_file'
  | 'too_many_rows'
  | 'too_many_empty_rows'
  | 'too_large';

export class ImportFileError extends Error {
  constructor(
    readonly code: ImportFileErrorCode,
    message: string,
    /** Extra facts for the problem body: `columns` (as seen), `missing`, `line`. */
    readonly details: { columns?: string[]; missing?: string[]; line?: number; limit?: number } = {},
  ) {
    super(message);
    this.name = 'ImportFileError';
  }
}
