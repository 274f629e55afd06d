import { Type, type Static } from '@sinclair/typebox';
import { Nullable, PageQuery, Timestamp } from '../http/schemas.js';
import { EXPORT_FORMATS } from './formats/index.js';

export const EXPORT_SOURCES = ['collection', 'binder', 'deck'] as const;
export type ExportSource = (typeof EXPORT_SOURCES)[number];

export const EXPORT_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** The longest `q` an export accepts; the card search's own limits apply on top. */
export const MAX_EXPORT_QUERY = 1_000;

const Format = Type.Union(
  EXPORT_FORMATS.map((f) => Type.Literal(f)),
  { description: 'Collection formats for every source; `arena`, `mtgo` and `mtgo_dek` for decks only. See docs/import-export.md.' },
);

export const ExportObject = Type.Object({
  id: Type.String(),
  source: Type.Union(EXPORT_SOURCES.map((s) => Type.Literal(s))),
  format: Format,
  binder_id: Nullable(Type.String({ description: 'The binder exported (`source: binder`)' })),
  deck_id: Nullable(Type.String({ description: 'The deck exported (`source: deck`)' })),
  q: Nullable(Type.String({ description: 'The collection search the entries were filtered with' })),
  status: Type.Union(EXPORT_STATUSES.map((s) => Type.Literal(s)), {
    description: '`pending` (queued), `running` (being written), `completed` (downloadable until `expires_at`), `failed` (see `error`)',
  }),
  row_count: Nullable(Type.Integer({ description: 'Rows written: collection entries, or deck lines; once completed' })),
  size_bytes: Nullable(Type.Integer({ description: 'Size of the file in bytes; once completed' })),
  download_url: Nullable(Type.String({ description: 'Where to download the file while it is kept: absolute with CCS_PUBLIC_URL, else a path on this service' })),
  expires_at: Nullable({ ...Timestamp, description: 'When the file is deleted: 7 days after completion' }),
  expired: Type.Boolean({ description: 'True once `expires_at` has passed: the download answers 410 `gone`' }),
  error: Nullable(Type.String({ description: 'Why the export failed' })),
  created_at: Timestamp,
  started_at: Nullable({ ...Timestamp, description: 'When a worker first began writing the file' }),
  completed_at: Nullable({ ...Timestamp, description: 'When the export completed or failed' }),
});
export type ExportObject = Static<typeof ExportObject>;

export const CreateExportBody = Type.Object(
  {
    source: Type.Union(EXPORT_SOURCES.map((s) => Type.Literal(s)), { description: 'The whole collection, one binder, or one deck' }),
    binder_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Required with `source: binder`' })),
    deck_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Required with `source: deck`' })),
    format: Format,
    q: Type.Optional(
      Type.String({ maxLength: MAX_EXPORT_QUERY, description: 'Collection search syntax (as `GET /collection?q=`), for `collection` and `binder` sources' }),
    ),
  },
  { additionalProperties: false },
);
export type CreateExportBody = Static<typeof CreateExportBody>;

export const ExportListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export type ExportListQuery = Static<typeof ExportListQuery>;
