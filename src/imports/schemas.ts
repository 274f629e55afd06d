import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../collection/schemas.js';
import { Nullable, Problem } from '../http/schemas.js';
import { IMPORT_FORMATS } from './types.js';

export const IMPORT_MODES = ['dry_run', 'apply'] as const;
export const ON_UNMATCHED = ['reject', 'skip'] as const;

export const ImportQuery = Type.Object(
  {
    format: Type.Optional(
      StringEnum(['auto', ...IMPORT_FORMATS] as const, {
        default: 'auto',
        description: 'The app that wrote the file; `auto` (default) recognises it from the header line (a JSON body is read as our `json`)',
      }),
    ),
    mode: Type.Optional(
      StringEnum(IMPORT_MODES, { default: 'dry_run', description: '`dry_run` (default) reports what would happen and writes nothing; `apply` writes it' }),
    ),
    binder_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Put every entry into this binder of yours (404 if it is not yours)' })),
    on_unmatched: Type.Optional(
      StringEnum(ON_UNMATCHED, {
        default: 'reject',
        description: '`reject` (default): `apply` writes nothing if any row cannot be imported; `skip`: it imports the others and reports those',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ImportQuery = Static<typeof ImportQuery>;

const UnmatchedRow = Type.Object({
  row: Type.Integer({ description: 'Data row, from 1 (the header is not a row)' }),
  line: Nullable(Type.Integer({ description: 'File line the row starts on; null in JSON files' })),
  reason: Type.String(),
  raw: Type.String({ description: 'The row as written (at most 500 characters)' }),
});

const ImportWarning = Type.Object({
  row: Nullable(Type.Integer()),
  line: Nullable(Type.Integer()),
  message: Type.String(),
});

const PlannedEntry = Type.Object({
  action: StringEnum(['create', 'merge'] as const, { description: '`merge`: adds to an entry you already have' }),
  card_id: Type.String(),
  name: Type.String(),
  set: Type.String(),
  collector_number: Type.String(),
  finish: Type.String(),
  condition: Type.String(),
  language: Type.String(),
  binder_id: Nullable(Type.String({ description: 'Null in a dry run for an entry bound for a binder the import would create (`new_binder` names it)' })),
  new_binder: Nullable(Type.String({ description: 'The binder this import creates (a dry run: would create) for the entry, by name' })),
  quantity: Type.Integer({ description: 'Copies the import adds' }),
  purchase_price: Nullable(Type.String({ description: 'The purchase price read, USD per copy (a merge fills in an entry\'s empty price only)' })),
  tags: Type.Array(Type.String(), { description: 'The tags read, a copy\'s flags such as `altered` or `signed` included (a merge adds them to the entry\'s)' }),
  rows: Type.Array(Type.Integer(), { description: 'Rows of the file that make this entry (the first 20)' }),
});

const reportFields = {
  format: StringEnum(IMPORT_FORMATS, { description: 'The format read (as named, or as detected)' }),
  rows: Type.Integer({ description: 'Data rows read' }),
  matched: Type.Integer({ description: 'Rows matched to a card and imported (or, for a dry run, importable)' }),
  entries_created: Type.Integer(),
  entries_merged: Type.Integer({ description: 'Existing entries whose quantity grows' }),
  cards_added: Type.Integer({ description: 'Copies added: the sum of the matched rows\' quantities' }),
  unmatched: Type.Array(UnmatchedRow, { description: 'Rows that could not be matched or read (the first 1,000)' }),
  warnings: Type.Array(ImportWarning, { description: 'Rows skipped on purpose (quantity 0, proxies, wish lists) and guesses made (the first 1,000)' }),
  unmatched_count: Type.Integer({ description: 'All unmatched rows, listed or not' }),
  warnings_count: Type.Integer(),
  binders_created: Type.Array(Type.String(), {
    description: 'Binders our `csv` or a ManaBox whole-collection file names that you had none of (by name, in any case): created with the entries by `apply`, at the end of your list (a dry run lists what it would create; at most 100 an import)',
  }),
  entries: Type.Array(PlannedEntry, { description: 'The entries the import creates or grows, in file order (the first 1,000)' }),
};

export const ImportReport = Type.Object(reportFields);
export type ImportReport = Static<typeof ImportReport>;

/** The problem document of this route: `import_rejected` carries the report's members; `unknown_import_format` the columns seen. */
export const ImportProblem = Type.Object(
  {
    ...Problem.properties,
    columns: Type.Optional(Type.Array(Type.String(), { description: 'unknown_import_format: the header\'s columns' })),
    line: Type.Optional(Type.Integer({ description: 'invalid_csv: the line of the malformed row' })),
    ...Object.fromEntries(Object.entries(reportFields).map(([k, v]) => [k, Type.Optional(v)])),
  },
  { additionalProperties: true },
);
