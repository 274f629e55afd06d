import type { StatisticsRefresher } from '../db/statistics.js';
import { databaseOutageCause } from '../availability/causes.js';
import { MAX_BINDER_NAME } from '../binders/schemas.js';
import { binderForName } from '../binders/naming.js';
import type { BinderService } from '../binders/service.js';
import { MAX_NOTES_LENGTH, MAX_TAG_LENGTH, MAX_TAGS } from '../collection/schemas.js';
import type { EntryIdentity, ImportWrite } from '../collection/writes.js';
import type { Database } from '../db/database.js';
import type { Executor } from '../db/schema.js';
import { writeTransaction } from '../db/transaction.js';
import { type AppError, Errors } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import { idFloorAt, isUuid, newId, newIdAt } from '../lib/ids.js';
import { createBatchMatcher, createNameIndexes, type ImportCardSource, type NameIndexes } from './batch-match.js';
import type { ImportSource } from './decode.js';
import { ImportFileError } from './errors.js';
import type { CardRecord, MatchResult } from './match.js';
import { createPlanner, entryKey, identityOf, type ExistingFacts, type ImportReport, type PlannedEntry } from './plan.js';
import { openImport } from './readers.js';
import type { ImportPlanStore } from './store.js';
import type { ImportFormat, ReadItem } from './types.js';

/** What an import needs of the collection: the entries it may merge into, the user's binders, and one all-or-nothing write. */
export interface ImportTarget {
  /** The user's entries of these identities, oldest first: what the rows merge into, and what a merge keeps of them. */
  quantitiesOf(userId: string, identities: readonly EntryIdentity[]): Promise<Array<EntryIdentity & { quantity: number } & ExistingFacts>>;
  ownedBinderIds(userId: string, ids: readonly string[]): Promise<Set<string>>;
  bindersNamed(userId: string, names: readonly string[]): Promise<Array<{ id: string; name: string }>>;
  importEntries(userId: string, write: ImportWrite): Promise<{ created: number; merged: number }>;
}

export interface ImportServiceDeps {
  database: Database;
  clock: Clock;
  /** The staged plans (`import_staging`). */
  store: (executor: Executor) => ImportPlanStore;
  cards: ImportCardSource;
  collection: ImportTarget;
  /** Creates, in the import's write, the binders its file names that the user has none of. */
  binders: Pick<BinderService, 'ensureNamed'>;
  /** `maxBytes` is CCS_IMPORT_MAX_BYTES; the row limits default to the readers' (250,000 rows, 10,000 blank ones). */
  limits: { maxBytes: number; maxRows?: number; maxEmptyRows?: number; maxRunningPerUser?: number };
  /** Rows matched per round of card look-ups (default 1,000). */
  batchSize?: number;
  /** Unmatched rows, warnings and planned entries listed in a report at most (default 1,000; the counts stay exact). */
  maxListed?: number;
  /** Refreshes PostgreSQL's statistics of the entries after a large apply (`ANALYZE_AFTER_ROWS`). */
  statistics?: StatisticsRefresher;
  /** Folded names to stored ones, per cards version; shared with the decklist importer (default: its own). */
  nameIndexes?: NameIndexes;
}

/**
 * An apply that creates this many entries refreshes the statistics of the collection table
 * afterwards (in the background; PostgreSQL only): a user's tens of thousands of entries,
 * unknown to the planner, made each chunk of a listing or search read and sort all of them.
 */
export const ANALYZE_AFTER_ROWS = 1_000;

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
  /** Null in a dry run for an entry bound for a binder the import would create (see `new_binder`). */
  binder_id: string | null;
  /** The name of the binder this import creates (a dry run: would create) for the entry, else null. */
  new_binder: string | null;
  /** Copies this import adds. */
  quantity: number;
  /** The purchase price read (a merge fills in an entry's empty one only). */
  purchase_price: string | null;
  /** The tags read, flags such as `altered` included (a merge adds them to the entry's). */
  tags: string[];
  /** Rows of the file that make it (the first ROWS_KEPT). */
  rows: number[];
}

/** The contract's report, with the exact counts behind its capped lists and the first planned entries. */
export interface ImportResult extends ImportReport {
  /** Binders our csv, a ManaBox file or a Dragon Shield file names that the user had none of: created by `apply` (a dry run: would be). */
  binders_created: string[];
  entries: PlannedEntryView[];
}

/** New binders one import creates at most: a file naming more is likely not a collection moved between accounts. */
export const MAX_NEW_BINDERS = 100;

/**
 * Lets other requests run between batches: on SQLite every query is synchronous, so without
 * this a 100,000-row file would hold the event loop from its first row to its last.
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A crashed import's staged plan is swept by an import this much later (imports take minutes at most). */
const STALE_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/**
 * Imports one account may run at once in a process. No cap for the whole process: an upload
 * holds its place while its body arrives, so a few stalled uploads would shut everyone out
 * (the review of this round's fixes did it with four); sign-ups per address bound the accounts.
 */
export const MAX_RUNNING_PER_USER = 2;

/** Planned entries read back per page when applying. */
const PAGE = 500;

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

/** What the collection would refuse of a row from our own formats (an app's tags are fitted when read, and app files carry no notes). */
function entryProblem(r: Extract<MatchResult, { kind: 'matched' }>): string | undefined {
  const { tags, notes } = r.entry;
  if (new Set(tags).size > MAX_TAGS) return `more than ${MAX_TAGS} tags`;
  const long = tags.find((t) => t.length > MAX_TAG_LENGTH);
  if (long !== undefined) return `the tag "${long.slice(0, 50)}" is longer than ${MAX_TAG_LENGTH} characters`;
  if (tags.some((t) => t.trim() === '')) return 'a tag is empty or only spaces';
  // As the API refuses it: a NUL (an escape in a JSON file) would make the collection's csv export unreadable.
  if (tags.some((t) => t.includes('\u0000'))) return 'a tag holds a NUL character';
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
  const nameIndexes = deps.nameIndexes ?? createNameIndexes(deps.cards);
  const reads = deps.store(deps.database.db);
  // A large file costs seconds of CPU: one account's parallel uploads must not crowd out everyone else's requests.
  const maxRunningPerUser = deps.limits.maxRunningPerUser ?? MAX_RUNNING_PER_USER;
  const running = new Map<string, number>();
  // The staged plan is the import's scratch work, not its write: only the apply transaction
  // (the collection's importEntries) carries the request's Idempotency-Key fence, so a key is
  // marked used exactly when the entries commit, never by a plan an outage cut short.
  const writing = <T>(work: (store: ImportPlanStore) => Promise<T>) => writeTransaction(deps.database, (trx) => work(deps.store(trx)));
  let sweptAt = Number.NEGATIVE_INFINITY;

  /** Drops what crashed imports left, at most hourly. */
  async function sweep(): Promise<void> {
    const now = deps.clock.now().getTime();
    if (now - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = now;
    await writing((store) => store.removeBefore(idFloorAt(new Date(now - STALE_MS))));
  }

  /**
   * Reads, matches and plans the file into the import's staged plan, a batch of rows at a
   * time: each batch's keys are loaded from the plan (and the user's entries for its cards),
   * the pure planner folds the batch in, and what it touched is written back. Memory holds a
   * batch, the report's capped lists and the first planned entries' card names.
   */
  async function plan(
    req: ImportRequest,
    importId: string,
  ): Promise<{ report: ImportReport; views: PlannedEntryView[]; newBinders: Map<string, string>; taken: ReadonlySet<string> }> {
    const version = (await deps.cards.version()) ?? '';
    const matcher = createBatchMatcher(deps.cards, () => nameIndexes.forVersion(version));
    const opened = await openImport(req.file, {
      format: req.format === 'auto' && req.mediaType === 'json' ? 'json' : req.format,
      maxBytes: deps.limits.maxBytes,
      maxRows: deps.limits.maxRows,
      maxEmptyRows: deps.limits.maxEmptyRows,
    });
    const binders = new Map<string, boolean>();
    /**
     * Each binder our `csv`, a ManaBox or a Dragon Shield file names (by the file's binder id, or by its name lower-cased
     * on a row without one) to the importer's binder that takes its entries (null: none). Two binders
     * of the file stay two, even when their names differ only in case or not at all.
     */
    const binderFor = new Map<string, string | null>();
    /** The importer's own binders given to one of the file's. */
    const taken = new Set<string>();
    const fileBinderOf = (r: { entry: { binder_id?: string | null }; binderName?: string }) =>
      r.entry.binder_id ? `id:${r.entry.binder_id}` : `name:${(r.binderName ?? '').toLowerCase()}`;
    /** Binders to create, by the id planned for them, to the name the file first gave (the rows' binder_id is that id). */
    const newBinders = new Map<string, string>();
    // The batch's view of the plan and of the user's entries, swapped in before each batch.
    let staged = new Map<string, PlannedEntry>();
    let existing = new Map<string, { quantity: number } & ExistingFacts>();
    let touched = new Map<string, PlannedEntry>();
    const planner = createPlanner({
      format: opened.format,
      existing: new Set(),
      maxListed,
      ...(req.binderId !== undefined ? { binderId: req.binderId } : {}),
      state: {
        planned: (key) => touched.get(key) ?? staged.get(key),
        put: (entry) => touched.set(entry.key, entry),
        existing: (key) => existing.get(key)?.quantity,
        existingFacts: (key) => existing.get(key),
      },
    });
    // Card names of the entries the report lists (the first maxListed by first appearance).
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

      // Our own formats name binders: one that is not the caller's is dropped with a warning (the file came from elsewhere),
      // unless our csv also names it and the caller has a binder of that name (an account or server moved to). ManaBox's
      // binder rows and Dragon Shield's folders name theirs only, and go the way of our csv's binder_name.
      if (req.binderId === undefined) {
        const named = [...new Set(results.flatMap((r) => (r.kind === 'matched' && r.entry.binder_id ? [r.entry.binder_id] : [])))].filter((b) => !binders.has(b));
        if (named.length) {
          const owned = await deps.collection.ownedBinderIds(req.userId, named);
          for (const b of named) binders.set(b, owned.has(b));
        }
        // The file's binders first met in this batch, with the name each is first given.
        const fresh = new Map<string, string>();
        for (const r of results) {
          if (r.kind !== 'matched' || r.binderName === undefined || (r.entry.binder_id && binders.get(r.entry.binder_id))) continue;
          const key = fileBinderOf(r);
          if (!binderFor.has(key) && !fresh.has(key)) fresh.set(key, r.binderName);
        }
        if (fresh.size) {
          const mine = await deps.collection.bindersNamed(req.userId, [...fresh.values()]);
          for (const [key, name] of fresh) {
            let id = binderForName(mine, name, taken)?.id ?? null;
            if (id) taken.add(id);
            // A name the user has no binder of becomes one, created with the entries (all or nothing).
            else if (name.length <= MAX_BINDER_NAME && newBinders.size < MAX_NEW_BINDERS) {
              id = newId();
              newBinders.set(id, name);
            }
            binderFor.set(key, id);
          }
        }
      }
      const cards = new Map<string, CardRecord>();
      const identities = new Map<string, EntryIdentity>();
      const checked = results.map((r): MatchResult => {
        if (r.kind !== 'matched') return r;
        const problem = entryProblem(r);
        if (problem) return { kind: 'unmatched', place: r.place, reason: problem };
        const binder = r.entry.binder_id;
        if (req.binderId === undefined && !(binder && binders.get(binder)) && r.binderName !== undefined) {
          const mine = binderFor.get(fileBinderOf(r)) ?? null;
          r.entry.binder_id = mine;
          // At most 100 characters of the name: a file's cell may hold anything, the report stays readable.
          if (!mine) {
            const quoted = `"${r.binderName.slice(0, 100)}${r.binderName.length > 100 ? '…' : ''}"`;
            r.warnings.push(
              r.binderName.length > MAX_BINDER_NAME
                ? `binder ${quoted} is longer than ${MAX_BINDER_NAME} characters, so no binder is made for it; the entry goes into no binder`
                : `binder ${quoted} would be more than ${MAX_NEW_BINDERS} new binders for one import; the entry goes into no binder`,
            );
          }
        } else if (req.binderId === undefined && binder && !binders.get(binder)) {
          r.entry.binder_id = null;
          r.warnings.push(`binder ${binder} is not one of your binders; the entry goes into no binder`);
        }
        const identity = identityOf(r.entry, req.binderId);
        const key = entryKey(identity);
        cards.set(key, r.card);
        identities.set(key, identity);
        return r;
      });

      const keys = [...cards.keys()];
      staged = new Map((await reads.planned(importId, keys)).map((e) => [e.key, e]));
      existing = new Map();
      // Oldest first: a duplicate identity merges into the oldest, as POST /collection does.
      for (const e of await deps.collection.quantitiesOf(req.userId, [...identities.values()])) {
        const key = entryKey(e);
        if (!existing.has(key)) existing.set(key, e);
      }
      touched = new Map();
      for (const r of checked) planner.add(r);
      if (touched.size === 0) return;
      for (const e of touched.values()) {
        const card = cards.get(e.key);
        if (e.seq < maxListed && card && !facts.has(e.key)) facts.set(e.key, { name: card.name, set: card.set, collector_number: card.collector_number });
      }
      await writing((store) => store.save(importId, [...touched.values()]));
    }

    let batch: ReadItem[] = [];
    for await (const item of opened.items) {
      batch.push(item);
      if (batch.length >= batchSize) {
        await fold(batch);
        batch = [];
        await turn();
      }
    }
    await fold(batch);
    const { report } = planner.finish();
    const views: PlannedEntryView[] = [];
    for (const e of await reads.page(importId, -1, maxListed)) {
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
        new_binder: (e.binder_id && newBinders.get(e.binder_id)) ?? null,
        quantity: e.quantity,
        purchase_price: e.purchase_price,
        tags: e.tags,
        rows: e.rows,
      });
    }
    return { report, views, newBinders, taken };
  }

  /** The staged plan, page by page, read inside the apply transaction; a planned binder id becomes the binder it got. */
  async function* pagesOf(trx: Executor, importId: string, binderOf: ReadonlyMap<string, string>): AsyncGenerator<PlannedEntry[]> {
    const store = deps.store(trx);
    for (let after = -1; ; ) {
      const page = await store.page(importId, after, PAGE);
      if (page.length === 0) return;
      yield binderOf.size === 0 ? page : page.map((e) => (e.binder_id && binderOf.has(e.binder_id) ? { ...e, binder_id: binderOf.get(e.binder_id) ?? e.binder_id } : e));
      after = page[page.length - 1]?.seq ?? after;
    }
  }

  return {
    /**
     * Reads, matches and plans the file; `apply` then writes the plan (all or nothing).
     * Throws the contract's problems: 404 for a binder that is not the caller's, 413, 400
     * `invalid_json`/`invalid_csv`, 422 `unknown_import_format` or `validation_failed` for a
     * file refused whole, and 422 `import_rejected` (with the report) when `apply` meets a row
     * it cannot import and `onUnmatched` is not `skip`.
     */
    /** How many of the user's imports this process is running now. */
    runningFor(userId: string): number {
      return running.get(userId) ?? 0;
    },

    async run(req: ImportRequest): Promise<ImportResult> {
      const mine = running.get(req.userId) ?? 0;
      if (mine >= maxRunningPerUser) throw Errors.tooManyImports(`You have ${mine} imports running already; send the next when one has finished.`);
      running.set(req.userId, mine + 1);
      try {
        return await runOne(req);
      } finally {
        const left = (running.get(req.userId) ?? 1) - 1;
        if (left > 0) running.set(req.userId, left);
        else running.delete(req.userId);
      }
    },
  };

  /** One import (`run` holds its place among the ones running). */
  async function runOne(req: ImportRequest): Promise<ImportResult> {
    if (req.binderId !== undefined) {
      const owned = isUuid(req.binderId) ? await deps.collection.ownedBinderIds(req.userId, [req.binderId]) : new Set<string>();
      if (!owned.has(req.binderId)) throw Errors.notFound('binder');
    }
    await sweep();
    const importId = newIdAt(deps.clock.now());
    let outage = false;
    try {
      let planned: Awaited<ReturnType<typeof plan>>;
      try {
        planned = await plan(req, importId);
      } catch (err) {
        if (err instanceof ImportFileError) throw fileProblem(err);
        throw err;
      }
      const { newBinders } = planned;
      const result: ImportResult = { ...planned.report, binders_created: [...newBinders.values()], entries: planned.views };
      if (req.mode === 'dry_run') {
        // The planned ids are this request's own: a dry run names the binders it would make, ids come with apply.
        for (const v of result.entries) if (v.binder_id && newBinders.has(v.binder_id)) v.binder_id = null;
        return result;
      }
      if (result.unmatched_count > 0 && req.onUnmatched !== 'skip') {
        // Nothing is written: as in a dry run, the binders it would make have no ids.
        for (const v of result.entries) if (v.binder_id && newBinders.has(v.binder_id)) v.binder_id = null;
        const n = result.unmatched_count;
        throw Errors.importRejected(
          `${n} row${n === 1 ? '' : 's'} could not be imported, so nothing was written. Fix ${n === 1 ? 'it' : 'them'}, or send on_unmatched=skip to import the rest.`,
          { ...result },
        );
      }
      if (result.entries_created + result.entries_merged > 0) {
        // A binder of a planned name made since the plan (another request) is used rather than doubled.
        let binderOf = new Map<string, string>();
        const wanted = [...newBinders].map(([id, name]) => ({ id, name }));
        const written = await deps.collection.importEntries(req.userId, {
          ...(wanted.length
            ? {
                start: async (trx: Executor, now: Date) => {
                  binderOf = await deps.binders.ensureNamed(trx, req.userId, wanted, now, planned.taken);
                },
              }
            : {}),
          pages: (trx) => pagesOf(trx, importId, binderOf),
          finish: (trx) => deps.store(trx).remove(importId),
        });
        // Counted again in the transaction: another write may have created or removed an entry since the plan.
        result.entries_created = written.created;
        result.entries_merged = written.merged;
        // Entries created, not merged: merges add no rows for the planner to learn of.
        if (written.created >= ANALYZE_AFTER_ROWS) void deps.statistics?.refresh(['collection_entries']);
        result.binders_created = wanted.filter((w) => binderOf.get(w.id) === w.id).map((w) => w.name);
        for (const v of result.entries) {
          const got = v.binder_id ? binderOf.get(v.binder_id) : undefined;
          if (v.binder_id && got) {
            if (got !== v.binder_id) v.new_binder = null;
            v.binder_id = got;
          }
        }
      } else result.binders_created = [];
      return result;
    } catch (err) {
      outage = databaseOutageCause(err) !== undefined;
      throw err;
    } finally {
      const cleanup = writing((store) => store.remove(importId)).catch(() => undefined);
      // During an outage the 503 goes at once: the clean-up would wait out the database's
      // timeout a second time, and what it leaves is swept before the next import.
      if (!outage) await cleanup;
    }
  }
}

export type ImportService = ReturnType<typeof createImportService>;
