import { MAX_NOTES_LENGTH, MAX_TAG_LENGTH, MAX_TAGS } from '../collection/schemas.js';
import type { EntryIdentity, ImportedEntry } from '../collection/writes.js';
import { type AppError, Errors } from '../errors.js';
import { isUuid } from '../lib/ids.js';
import { createBatchMatcher, createNameIndexes, type ImportCardSource } from './batch-match.js';
import type { ImportSource } from './decode.js';
import { ImportFileError } from './errors.js';
import type { MatchResult } from './match.js';
import { createPlanner, entryKey, type ImportPlan, type ImportReport } from './plan.js';
import { openImport } from './readers.js';
import type { ImportFormat, ReadItem } from './types.js';

/** What an import needs of the collection: the entries it may merge into, the user's binders, and one all-or-nothing write. */
export interface ImportTarget {
  quantitiesOf(userId: string, cardIds: readonly string[]): Promise<Array<EntryIdentity & { quantity: number }>>;
  ownedBinderIds(userId: string, ids: readonly string[]): Promise<Set<string>>;
  importEntries(userId: string, entries: readonly ImportedEntry[]): Promise<{ created: number; merged: number }>;
}

export interface ImportServiceDeps {
  cards: ImportCardSource;
  collection: ImportTarget;
  /** `maxBytes` is CCS_IMPORT_MAX_BYTES; the row limits default to the readers' (250,000 rows, 10,000 blank ones). */
  limits: { maxBytes: number; maxRows?: number; maxEmptyRows?: number };
  /** Rows matched per round of card look-ups (default 1,000). */
  batchSize?: number;
  /** Unmatched rows, warnings and planned entries listed in a report at most (default 1,000; the counts stay exact). */
  maxListed?: number;
}

export type ImportMode = 'dry_run' | 'apply';

export interface ImportRequest {
  userId: string;
  file: ImportSource;
  /** The body's declared media type: a JSON body is read as JSON whatever `format=auto` would guess. */
  mediaType: 'csv' | 'json';
  format: ImportFormat | 'auto';
  mode: ImportMode;
  /** Every row goes into this binder (the caller's; checked). */
  binderId?: string;
  /** `skip`: `apply` writes the rows that matched and reports the others; `reject` (default): nothing is written if any row failed. */
  onUnmatched: 'reject' | 'skip';
}

/** One entry of the plan, as the preview table shows it. */
export interface PlannedEntryView {
  action: 'create' | 'merge';
  card_id: string;
  name: string;
  set: string;
  collector_number: string;
  finish: string;
  condition: string;
  language: string;
  binder_id: string | null;
  /** Copies this import adds. */
  quantity: number;
  /** Rows of the file that make it (the first 20). */
  rows: number[];
}

/** The contract's report, with the exact counts behind its capped lists and the first planned entries. */
export interface ImportResult extends ImportReport {
  entries: PlannedEntryView[];
}

const ROWS_LISTED = 20;

/** A whole-file problem as the contract's answer. */
function fileProblem(err: ImportFileError): AppError {
  switch (err.code) {
    case 'too_large':
      return Errors.payloadTooLarge(`${err.message} The limit is CCS_IMPORT_MAX_BYTES.`);
    case 'unknown_import_format':
      return Errors.unknownImportFormat(err.message, err.details.columns ?? []);
    case 'invalid_json':
      return Errors.invalidJson(err.message);
    case 'invalid_csv':
      return Errors.invalidCsv(err.message, err.details.line === undefined ? {} : { line: err.details.line });
    default:
      return Errors.invalidImportFile(err.code, err.message, { ...err.details });
  }
}

/** What the collection would refuse of a row from our own formats (the apps' files carry no tags or notes). */
function entryProblem(r: Extract<MatchResult, { kind: 'matched' }>): string | undefined {
  const { tags, notes } = r.entry;
  if (new Set(tags).size > MAX_TAGS) return `more than ${MAX_TAGS} tags`;
  const long = tags.find((t) => t.length > MAX_TAG_LENGTH);
  if (long !== undefined) return `the tag "${long.slice(0, 50)}" is longer than ${MAX_TAG_LENGTH} characters`;
  if (notes !== null && notes.length > MAX_NOTES_LENGTH) return `the notes are longer than ${MAX_NOTES_LENGTH} characters`;
  return undefined;
}

/**
 * Collection imports: reads the file as it arrives (never whole), matches its rows to
 * cards a batch at a time, plans the entries (rows that resolve to the same entry merge,
 * and merge into the user's identical entries), and for `apply` writes the plan in one
 * transaction through the collection service, which records every entry's event.
 */
export function createImportService(deps: ImportServiceDeps) {
  const batchSize = deps.batchSize ?? 1_000;
  const maxListed = deps.maxListed ?? 1_000;
  const nameIndexes = createNameIndexes(deps.cards);

  async function plan(req: ImportRequest): Promise<{ plan: ImportPlan; views: PlannedEntryView[] }> {
    const version = (await deps.cards.version()) ?? '';
    const matcher = createBatchMatcher(deps.cards, () => nameIndexes.forVersion(version));
    const opened = await openImport(req.file, {
      format: req.format === 'auto' && req.mediaType === 'json' ? 'json' : req.format,
      maxBytes: deps.limits.maxBytes,
      maxRows: deps.limits.maxRows,
      maxEmptyRows: deps.limits.maxEmptyRows,
    });
    // The user's entries for the cards seen so far, by identity: the merges the plan counts on.
    const existing = new Map<string, number>();
    const cardsLoaded = new Set<string>();
    const binders = new Map<string, boolean>();
    const planner = createPlanner({ format: opened.format, existing, maxListed, ...(req.binderId !== undefined ? { binderId: req.binderId } : {}) });
    const facts = new Map<string, { name: string; set: string; collector_number: string }>();

    async function fold(items: readonly ReadItem[]): Promise<void> {
      const rows = items.flatMap((item) => (item.kind === 'row' ? [item.row] : []));
      const matched = await matcher.match(rows);
      let next = 0;
      const results: MatchResult[] = items.map((item) => {
        if (item.kind === 'row') return matched[next++] as MatchResult;
        const { row, line, raw, reason } = item.kind === 'error' ? item.error : item.skip;
        return item.kind === 'error' ? { kind: 'unmatched', place: { row, line, raw }, reason } : { kind: 'skipped', place: { row, line, raw }, reason };
      });

      // Our own formats name binders: one that is not the caller's is dropped with a warning (the file came from elsewhere).
      if (req.binderId === undefined) {
        const named = [...new Set(results.flatMap((r) => (r.kind === 'matched' && r.entry.binder_id ? [r.entry.binder_id] : [])))].filter((b) => !binders.has(b));
        if (named.length) {
          const owned = await deps.collection.ownedBinderIds(req.userId, named);
          for (const b of named) binders.set(b, owned.has(b));
        }
      }
      const cardIds = [...new Set(results.flatMap((r) => (r.kind === 'matched' ? [r.entry.card_id] : [])))].filter((id) => !cardsLoaded.has(id));
      for (let i = 0; i < cardIds.length; i += 500) {
        const chunk = cardIds.slice(i, i + 500);
        for (const e of await deps.collection.quantitiesOf(req.userId, chunk)) {
          const key = entryKey(e);
          // Oldest first: a duplicate identity merges into the oldest, as POST /collection does.
          if (!existing.has(key)) existing.set(key, e.quantity);
        }
        for (const id of chunk) cardsLoaded.add(id);
      }

      for (const r of results) {
        if (r.kind !== 'matched') {
          planner.add(r);
          continue;
        }
        const problem = entryProblem(r);
        if (problem) {
          planner.add({ kind: 'unmatched', place: r.place, reason: problem });
          continue;
        }
        const binder = r.entry.binder_id;
        if (req.binderId === undefined && binder && !binders.get(binder)) {
          r.entry.binder_id = null;
          r.warnings.push(`binder ${binder} is not one of your binders; the entry goes into no binder`);
        }
        const key = entryKey({ ...r.entry, binder_id: req.binderId ?? r.entry.binder_id ?? null });
        if (!facts.has(key) && facts.size < maxListed) facts.set(key, { name: r.card.name, set: r.card.set, collector_number: r.card.collector_number });
        planner.add(r);
      }
    }

    let batch: ReadItem[] = [];
    for await (const item of opened.items) {
      batch.push(item);
      if (batch.length >= batchSize) {
        await fold(batch);
        batch = [];
      }
    }
    await fold(batch);
    const done = planner.finish();
    const views: PlannedEntryView[] = [];
    for (const e of done.entries) {
      if (views.length >= maxListed) break;
      const f = facts.get(e.key);
      if (!f) continue;
      views.push({
        action: e.existing ? 'merge' : 'create',
        card_id: e.card_id,
        ...f,
        finish: e.finish,
        condition: e.condition,
        language: e.language,
        binder_id: e.binder_id,
        quantity: e.quantity,
        rows: e.rows.slice(0, ROWS_LISTED),
      });
    }
    return { plan: done, views };
  }

  return {
    /**
     * Reads, matches and plans the file; `apply` then writes the plan (all or nothing).
     * Throws the contract's problems: 404 for a binder that is not the caller's, 413, 400
     * `invalid_json`/`invalid_csv`, 422 `unknown_import_format` or `validation_failed` for a
     * file refused whole, and 422 `import_rejected` (with the report) when `apply` meets a row
     * it cannot import and `onUnmatched` is not `skip`.
     */
    async run(req: ImportRequest): Promise<ImportResult> {
      if (req.binderId !== undefined) {
        const owned = isUuid(req.binderId) ? await deps.collection.ownedBinderIds(req.userId, [req.binderId]) : new Set<string>();
        if (!owned.has(req.binderId)) throw Errors.notFound('binder');
      }
      let planned: Awaited<ReturnType<typeof plan>>;
      try {
        planned = await plan(req);
      } catch (err) {
        if (err instanceof ImportFileError) throw fileProblem(err);
        throw err;
      }
      const { plan: p, views } = planned;
      const result: ImportResult = { ...p.report, entries: views };
      if (req.mode === 'dry_run') return result;
      if (p.report.unmatched_count > 0 && req.onUnmatched !== 'skip') {
        const n = p.report.unmatched_count;
        throw Errors.importRejected(
          `${n} row${n === 1 ? '' : 's'} could not be imported, so nothing was written. Fix ${n === 1 ? 'it' : 'them'}, or send on_unmatched=skip to import the rest.`,
          { ...result },
        );
      }
      if (p.entries.length > 0) {
        const written = await deps.collection.importEntries(req.userId, p.entries);
        // Counted again in the transaction: another write may have created or removed an entry since the plan.
        result.entries_created = written.created;
        result.entries_merged = written.merged;
      }
      return result;
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
