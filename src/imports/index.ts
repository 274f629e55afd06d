/**
 * The pure part of imports: reading a file into rows, matching rows to cards, and
 * planning the entries. The import service wraps these with the card store (a
 * CardLookup), the user's existing entry keys, and one transaction for `apply`.
 */
export { openImport, DEFAULT_MAX_ROWS, DEFAULT_MAX_EMPTY_ROWS, type OpenOptions, type OpenedImport } from './readers.js';
export type { ImportSource } from './decode.js';
export { ImportFileError, type ImportFileErrorCode } from './errors.js';
export { matchRow, matchItems, nameKey, nameKeysOf, type CardLookup, type CardRecord, type EntryDraft, type MatchResult } from './match.js';
export { createMemoryLookup } from './memory-lookup.js';
export { createPlanner, planImport, entryKey, type ImportPlan, type ImportReport, type PlannedEntry, type PlanOptions } from './plan.js';
export { parseMtgoDek } from './mtgo-dek.js';
export { IMPORT_FORMATS, type ImportFormat, type ImportRow, type ReadItem } from './types.js';
