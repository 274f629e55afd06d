import type { CollectionEntry, Condition, Finish } from '../collection/schemas.js';
import { isFlagTag } from '../formats/flags.js';
import { MAX_QUANTITY, MAX_TAGS } from './fields.js';
import type { EntryDraft, MatchResult } from './match.js';
import type { ImportFormat, RowPlace } from './types.js';

/** The fields that make two entries one (the `POST /collection` merge rule). */
export type EntryIdentity = Pick<CollectionEntry, 'card_id' | 'finish' | 'condition' | 'language' | 'binder_id'>;

/** A stable string for an entry's identity; the service builds the existing-entry set with it. */
export function entryKey(e: EntryIdentity): string {
  return JSON.stringify([e.card_id, e.finish, e.condition, e.language, e.binder_id]);
}

/** An entry the import creates, or adds to (`existing`), with the rows it came from. */
export interface PlannedEntry extends EntryIdentity {
  key: string;
  /** Order of first appearance in the file, from 0. */
  seq: number;
  existing: boolean;
  finish: Finish;
  condition: Condition;
  quantity: number;
  purchase_price: string | null;
  tags: string[];
  notes: string | null;
  /** Rows of the file that make the entry (the first ROWS_KEPT). */
  rows: number[];
}

/** Rows remembered per planned entry; the rest are counted in its quantity only. */
export const ROWS_KEPT = 20;

/**
 * Where a planner keeps the entries planned so far. The default is a Map (the whole plan in
 * memory); the import service keeps them in the database instead, loading a batch's keys
 * before the batch is added and saving what it touched after, so a file's plan never sits in
 * memory at once.
 */
export interface PlanState {
  /** The entry planned so far with this key. */
  planned(key: string): PlannedEntry | undefined;
  /** Records a new or grown entry. */
  put(entry: PlannedEntry): void;
  /** The quantity of the user's entry with this key, undefined when there is none. */
  existing(key: string): number | undefined;
  /** The tags and price of the user's entry with this key, when known: a row joining it is told what the merge does to them. */
  existingFacts?(key: string): ExistingFacts | undefined;
}

/** What a merge into one of the user's entries keeps of it besides the quantity. */
export interface ExistingFacts {
  tags: readonly string[];
  purchase_price: string | null;
  notes: string | null;
}

export interface UnmatchedRow {
  row: number;
  line: number | null;
  reason: string;
  raw: string;
}

export interface ImportWarning {
  row: number | null;
  line: number | null;
  message: string;
}

/** The report of the contract's `POST /imports`, plus the full counts behind the capped lists. */
export interface ImportReport {
  format: ImportFormat;
  rows: number;
  matched: number;
  entries_created: number;
  entries_merged: number;
  /** Copies added (the sum of the matched rows' quantities). */
  cards_added: number;
  unmatched: UnmatchedRow[];
  warnings: ImportWarning[];
  unmatched_count: number;
  warnings_count: number;
}

export interface PlanOptions {
  format: ImportFormat;
  /** The request's binder_id: every row goes there. Otherwise our formats' own binder_id, else no binder. */
  binderId?: string | null;
  /**
   * The user's entries that rows may merge into, by entryKey(); with their quantities
   * (a Map), a merge past the quantity limit is caught here rather than at write time.
   */
  existing: ReadonlySet<string> | ReadonlyMap<string, number>;
  /** Unmatched rows and warnings listed in the report at most (the counts stay exact). Default 1,000. */
  maxListed?: number;
  /** Where planned entries live (default: in memory, and `finish()` lists them). */
  state?: PlanState;
}

export interface ImportPlan {
  report: ImportReport;
  /** Every planned entry in file order; empty when the caller keeps them (`PlanOptions.state`). */
  entries: PlannedEntry[];
}

export interface Planner {
  add(result: MatchResult): void;
  finish(): ImportPlan;
}

/**
 * Folds match results, one at a time, into what the import would write: rows that
 * resolve to the same entry merge (quantities add, tags unite, the first price and
 * note win, as `POST /collection` merges), and each is marked as creating an entry or
 * growing an existing one. Pure: the caller brings the existing keys.
 */
export function createPlanner(options: PlanOptions): Planner {
  const maxListed = options.maxListed ?? 1_000;
  const inMemory = new Map<string, PlannedEntry>();
  const existingQuantity = (key: string): number | undefined =>
    options.existing instanceof Map ? options.existing.get(key) : options.existing.has(key) ? 0 : undefined;
  const state: PlanState = options.state ?? {
    planned: (key) => inMemory.get(key),
    put: (entry) => inMemory.set(entry.key, entry),
    existing: existingQuantity,
  };
  const existingFacts = (key: string) => state.existingFacts?.(key);
  const unmatched: UnmatchedRow[] = [];
  const warnings: ImportWarning[] = [];
  let rows = 0;
  let matched = 0;
  let cardsAdded = 0;
  let created = 0;
  let merged = 0;
  let unmatchedCount = 0;
  let warningsCount = 0;

  const warn = (place: RowPlace | null, message: string) => {
    warningsCount++;
    if (warnings.length < maxListed) warnings.push({ row: place?.row ?? null, line: place?.line ?? null, message });
  };
  const refuse = (place: RowPlace, reason: string) => {
    unmatchedCount++;
    if (unmatched.length < maxListed) unmatched.push({ row: place.row, line: place.line, reason, raw: place.raw });
  };

  function plan(place: RowPlace, draft: EntryDraft): void {
    const identity = identityOf(draft, options.binderId);
    const key = entryKey(identity);
    const entry = state.planned(key);
    const before = state.existing(key);
    const total = (before ?? 0) + (entry?.quantity ?? 0) + draft.quantity;
    if (total > MAX_QUANTITY) {
      refuse(place, `the entry would hold ${total} copies, more than ${MAX_QUANTITY}`);
      return;
    }
    // Rows of one entry unite their tags, as merges do; the collection holds 20 at most. (An existing
    // entry's own tags are not known here: a merge past the limit with those is refused when written.)
    const newTags = entry ? [...new Set(draft.tags)].filter((t) => !entry.tags.includes(t)) : [];
    if (entry && entry.tags.length + newTags.length > MAX_TAGS) {
      refuse(place, `the entry would hold ${entry.tags.length + newTags.length} tags, more than ${MAX_TAGS}`);
      return;
    }
    matched++;
    cardsAdded += draft.quantity;
    if (entry || before !== undefined) {
      const joined = { entry, before, facts: before !== undefined ? existingFacts(key) : undefined };
      for (const message of mergeNotes(draft, joined)) warn(place, message);
    }
    if (!entry) {
      const existing = before !== undefined;
      const seq = created + merged;
      if (existing) merged++;
      else created++;
      state.put({ key, seq, existing, ...identity, ...draft, binder_id: identity.binder_id, tags: [...new Set(draft.tags)], rows: [place.row] });
      return;
    }
    entry.quantity += draft.quantity;
    entry.tags.push(...newTags);
    entry.purchase_price ??= draft.purchase_price;
    entry.notes ??= draft.notes;
    if (entry.rows.length < ROWS_KEPT) entry.rows.push(place.row);
    state.put(entry);
  }

  return {
    add(result) {
      rows++;
      if (result.kind === 'unmatched') refuse(result.place, result.reason);
      else if (result.kind === 'skipped') warn(result.place, result.reason);
      else {
        for (const w of result.warnings) warn(result.place, w);
        plan(result.place, result.entry);
      }
    },
    finish() {
      return {
        entries: [...inMemory.values()],
        report: {
          format: options.format,
          rows,
          matched,
          entries_created: created,
          entries_merged: merged,
          cards_added: cardsAdded,
          unmatched,
          warnings,
          unmatched_count: unmatchedCount,
          warnings_count: warningsCount,
        },
      };
    },
  };
}

/** The rows an entry came from, for a message: "row 3", "rows 3, 5, 9 and others". */
function rowsText(rows: readonly number[]): string {
  if (rows.length === 1) return `row ${rows[0]}`;
  const shown = rows.slice(0, 3).join(', ');
  return `rows ${shown}${rows.length > 3 ? ' and others' : ''}`;
}

/**
 * What a row loses by joining an entry (planned from earlier rows, or the user's own), said
 * rather than done silently: an entry is one card, finish, condition, language and binder, so a
 * copy's flags (tags like `altered`, src/formats/flags.ts) cover all its copies, and it has one
 * purchase price and one note (the first known wins, as `POST /collection` merges).
 */
export function mergeNotes(
  draft: Pick<EntryDraft, 'quantity' | 'tags' | 'purchase_price' | 'notes'>,
  joined: { entry: Pick<PlannedEntry, 'quantity' | 'tags' | 'purchase_price' | 'notes' | 'rows'> | undefined; before: number | undefined; facts: ExistingFacts | undefined },
): string[] {
  const { entry, before, facts } = joined;
  // The user's entry's tags and price are not known (a plan without them): nothing is claimed.
  if (before !== undefined && !facts) return [];
  const others = [entry && rowsText(entry.rows), before !== undefined && 'your entry'].filter((w): w is string => !!w).join(' and ');
  const otherCopies = (entry?.quantity ?? 0) + (before ?? 0);
  const theirs = new Set([...(entry?.tags ?? []), ...(facts?.tags ?? [])].filter(isFlagTag));
  const mine = new Set(draft.tags.filter(isFlagTag));
  const onlyMine = [...mine].filter((t) => !theirs.has(t));
  const onlyTheirs = [...theirs].filter((t) => !mine.has(t));
  const notes: string[] = [];
  if (onlyMine.length + onlyTheirs.length > 0) {
    const said = [
      ...onlyMine.map((t) => `"${t}" marks only this row's ${draft.quantity}`),
      ...onlyTheirs.map((t) => `"${t}" marks only the other ${otherCopies}`),
    ].join(', ');
    // "The other" copies may be the user's own entry, whose tags the file did not write.
    notes.push(
      `joins ${others} in one entry (same card, finish, condition, language and binder), whose tags cover all ${draft.quantity + otherCopies} copies, though ${said}; import such copies into another binder to keep them apart`,
    );
  }
  // The first price known wins, as POST /collection merges: the user's entry's, else the earliest row's.
  const kept = facts?.purchase_price ?? entry?.purchase_price ?? null;
  if (draft.purchase_price !== null && kept !== null && kept !== draft.purchase_price) {
    notes.push(`purchase price ${draft.purchase_price} not kept: joins ${others} in one entry, which keeps ${kept} (an entry has one purchase price)`);
  }
  const keptNote = facts?.notes ?? entry?.notes ?? null;
  if (draft.notes !== null && keptNote !== null && keptNote !== draft.notes) {
    notes.push(`notes not kept: joins ${others} in one entry, which keeps its own (an entry has one note)`);
  }
  return notes;
}

/** The identity a matched row's entry has: the request's binder wins, else the row's (our own formats), else none. */
export function identityOf(draft: EntryDraft, binderId: string | null | undefined): EntryIdentity {
  const binder = binderId !== undefined ? binderId : (draft.binder_id ?? null);
  return { card_id: draft.card_id, finish: draft.finish, condition: draft.condition, language: draft.language, binder_id: binder };
}

/** The plan for a whole list of match results (createPlanner for streams). */
export function planImport(results: Iterable<MatchResult>, options: PlanOptions): ImportPlan {
  const planner = createPlanner(options);
  for (const r of results) planner.add(r);
  return planner.finish();
}
