import type { Readable } from 'node:stream';
import type { BinderService } from '../binders/service.js';
import type { CollectionService } from '../collection/service.js';
import type { CollectionEntry, Finish } from '../collection/schemas.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Executor } from '../db/schema.js';
import { serialiseOn, writeTransaction } from '../db/transaction.js';
import { fenced } from '../db/write-fence.js';
import type { Deck } from '../decks/schemas.js';
import type { DeckService } from '../decks/service.js';
import { AppError, Errors, type FieldError } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import { cursorFor, paginate } from '../lib/cursor.js';
import { isUuid, newId } from '../lib/ids.js';
import { fromCents, toCents } from '../lib/money.js';
import {
  EXPORT_FILE_TYPES,
  isDeckOnlyFormat,
  writeCollection,
  writeDeck,
  type DeckExportCard,
  type ExportFormat,
} from './formats/index.js';
import { type CreateExportBody, EXPORT_SOURCES, type ExportListQuery, type ExportObject, type ExportSource } from './schemas.js';
import type { ExportStorage } from './storage.js';
import type { ExportRow, ExportStore } from './store.js';

/** How long a completed export's file is kept (contract: 7 days after completion). */
export const EXPORT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** How long an export's row stays listed after its file expired (or after it failed), before it is deleted. */
export const EXPORT_ROW_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Who asks: an API credential with its scopes, or the signed-in portal user (`all`). */
export interface ExportCaller {
  userId: string;
  scopes: ReadonlySet<string> | 'all';
}

/** What exports read of the other features: services, never their stores. */
export interface ExportSources {
  collection: Pick<CollectionService, 'checkQuery' | 'stream'>;
  binders: Pick<BinderService, 'get' | 'list'>;
  decks: Pick<DeckService, 'forExport'>;
}

export interface ExportDeps {
  database: Database;
  clock: Clock;
  config: Pick<Config, 'exports' | 'publicUrl'>;
  store: (executor: Executor) => ExportStore;
  storage: ExportStorage;
  sources: ExportSources;
}

export interface ExportDownload {
  stream: Readable;
  contentType: string;
  filename: string;
  sizeBytes: number | null;
}

const LIST_CURSOR = cursorFor('exports:created:desc', ['time', 'string']);

/** The scope an export needs (contract section 3): `collection:read`, and `decks:read` instead for a deck's, which carries a deck. */
export function scopeFor(source: ExportSource): 'collection:read' | 'decks:read' {
  return source === 'deck' ? 'decks:read' : 'collection:read';
}

function requireScope(caller: ExportCaller, source: ExportSource): void {
  const scope = scopeFor(source);
  if (caller.scopes !== 'all' && !caller.scopes.has(scope)) throw Errors.insufficientScope(scope);
}

/** The sources whose exports `caller` may see; undefined for all of them. */
function readableSources(caller: ExportCaller): ExportSource[] | undefined {
  if (caller.scopes === 'all') return undefined;
  const scopes = caller.scopes;
  const readable = EXPORT_SOURCES.filter((s) => scopes.has(scopeFor(s)));
  return readable.length === EXPORT_SOURCES.length ? undefined : readable;
}

/** Body rules a schema cannot say: which ids and formats go with which source. 422 with every problem at once. */
export function bodyProblems(body: CreateExportBody): FieldError[] {
  const errors: FieldError[] = [];
  if (body.source === 'binder' && body.binder_id === undefined) errors.push({ field: 'binder_id', code: 'required', message: 'is required with source binder' });
  if (body.source !== 'binder' && body.binder_id !== undefined) errors.push({ field: 'binder_id', code: 'not_allowed', message: 'is only for source binder' });
  if (body.source === 'deck' && body.deck_id === undefined) errors.push({ field: 'deck_id', code: 'required', message: 'is required with source deck' });
  if (body.source !== 'deck' && body.deck_id !== undefined) errors.push({ field: 'deck_id', code: 'not_allowed', message: 'is only for source deck' });
  if (body.source === 'deck' && body.q !== undefined) errors.push({ field: 'q', code: 'not_allowed', message: 'filters collection entries; a deck export writes the whole deck' });
  if (body.source !== 'deck' && isDeckOnlyFormat(body.format)) {
    errors.push({ field: 'format', code: 'invalid_value', message: `${body.format} is a deck format; use it with source deck, or pick a collection format` });
  }
  return errors;
}

/** `ccs-collection-moxfield_csv-2026-11-22.csv`: what a download is saved as. */
export function fileNameOf(row: Pick<ExportRow, 'source' | 'format' | 'created_at'>): string {
  const type = EXPORT_FILE_TYPES[row.format as ExportFormat];
  return `ccs-${row.source}-${row.format}-${row.created_at.slice(0, 10)}.${type.extension}`;
}

/** A completed export stops being downloadable at `expires_at`, or when the expiry job already removed its file. */
export function isExpired(row: Pick<ExportRow, 'status' | 'expires_at' | 'purged_at'>, now: string): boolean {
  return row.status === 'completed' && (row.purged_at !== null || (row.expires_at !== null && row.expires_at <= now));
}

/** The export as the API (and `export.completed`) shows it. */
export function toExportView(row: ExportRow, now: string, publicUrl: string | undefined): ExportObject {
  const expired = isExpired(row, now);
  const downloadable = row.status === 'completed' && !expired;
  return {
    id: row.id,
    source: row.source as ExportObject['source'],
    format: row.format as ExportObject['format'],
    binder_id: row.binder_id,
    deck_id: row.deck_id,
    q: row.q,
    status: row.status,
    row_count: row.status === 'completed' ? row.row_count : null,
    size_bytes: row.status === 'completed' ? row.size_bytes : null,
    download_url: downloadable ? `${publicUrl?.replace(/\/+$/, '') ?? ''}/api/v1/exports/${row.id}/download` : null,
    expires_at: row.expires_at,
    expired,
    error: row.error,
    created_at: row.created_at,
    started_at: row.started_at,
    completed_at: row.finished_at,
  };
}

/** Deck boards a collection file lists: the maybeboard is not part of the deck one owns. */
const OWNED_BOARDS = new Set(['main', 'commander', 'sideboard']);

/**
 * A deck in a collection format: one row per line (maybeboard left out), each as a
 * collection entry of the deck's printing in its defaults (near mint, nonfoil, the card's
 * language), so an app's collection importer takes the deck in as cards to own. A printing
 * made only in foil or etched (its `finishes`) is written in that finish, priced as such: an
 * app's importer may refuse a nonfoil copy of it rather than correct it, as ours does.
 */
export function deckAsEntries(deck: Deck, finishes: ReadonlyMap<string, readonly string[]> = new Map()): CollectionEntry[] {
  return deck.cards
    .filter((c) => OWNED_BOARDS.has(c.board))
    .map((c) => {
      const made = finishes.get(c.card_id) ?? [];
      const finish: Finish = made.includes('nonfoil') || made.length === 0 ? 'nonfoil' : made.includes('foil') ? 'foil' : 'etched';
      const unit = toCents(finish === 'foil' ? c.card.prices.usd_foil : finish === 'etched' ? c.card.prices.usd_etched : c.card.prices.usd);
      return {
        id: '',
        card_id: c.card_id,
        card: c.card,
        quantity: c.quantity,
        condition: 'near_mint',
        finish,
        language: c.card.lang,
        binder_id: null,
        purchase_price: null,
        value: unit === null ? null : { currency: 'usd', unit: fromCents(unit), total: fromCents(unit * c.quantity) },
        tags: [],
        notes: null,
        created_at: deck.created_at,
        updated_at: deck.updated_at,
      };
    });
}

/** A deck as `json`: the deck's own card objects (`{card_id, card, quantity, board}`), in the API's envelope. */
async function* deckJson(deck: Deck): AsyncGenerator<string> {
  yield '{"data":[';
  let first = true;
  for (const c of deck.cards) {
    yield (first ? '\n' : ',\n') + JSON.stringify(c);
    first = false;
  }
  yield first ? ']}\n' : '\n]}\n';
}

async function* counted<T>(items: AsyncIterable<T> | Iterable<T>, tally: { rows: number }): AsyncGenerator<T> {
  for await (const item of items) {
    tally.rows += 1;
    yield item;
  }
}

export function createExportService(deps: ExportDeps) {
  /** The user's binders by id, every page of them: our `csv` names each entry's binder. */
  async function binderNames(userId: string): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    let cursor: string | undefined;
    do {
      const page = await deps.sources.binders.list(userId, { limit: 200, ...(cursor ? { cursor } : {}) });
      for (const b of page.data) names.set(b.id, b.name);
      cursor = page.meta.next_cursor ?? undefined;
    } while (cursor);
    return names;
  }

  const reads = deps.store(deps.database.db);
  const listeners = new Set<() => void>();
  const nowIso = () => deps.clock.now().toISOString();
  const view = (row: ExportRow) => toExportView(row, nowIso(), deps.config.publicUrl);

  async function owned(userId: string, id: string): Promise<ExportRow> {
    const row = isUuid(id) ? await reads.findOwned(userId, id) : undefined;
    if (!row) throw Errors.notFound('export');
    return row;
  }

  /**
   * One of the caller's exports, for a route that needs the scope of its source. A credential
   * holding neither read scope is refused 403 (as the route would) naming the scope this export
   * needs, so a client adding it is not sent to a second 403; an export that is not the
   * caller's is named as the collection's, as before, so the answer tells nothing about it.
   */
  async function readable(caller: ExportCaller, id: string): Promise<ExportRow> {
    const scopes = caller.scopes;
    if (scopes !== 'all' && !EXPORT_SOURCES.some((s) => scopes.has(scopeFor(s)))) {
      const row = isUuid(id) ? await reads.findOwned(caller.userId, id) : undefined;
      throw Errors.insufficientScope(scopeFor((row?.source as ExportSource | undefined) ?? 'collection'));
    }
    const row = await owned(caller.userId, id);
    requireScope(caller, row.source as ExportSource);
    return row;
  }

  return {
    view,

    /** Queues an export (202). Everything that can be checked now is: a file never fails for a reason the request could have been told. */
    async create(caller: ExportCaller, body: CreateExportBody): Promise<ExportObject> {
      const errors = bodyProblems(body);
      if (errors.length > 0) throw Errors.validation(errors);
      requireScope(caller, body.source);
      const q = body.q?.trim() || null;
      if (q !== null) await deps.sources.collection.checkQuery(q);
      if (body.source === 'binder' && body.binder_id !== undefined) await deps.sources.binders.get(caller.userId, body.binder_id);
      if (body.source === 'deck' && body.deck_id !== undefined) await deps.sources.decks.forExport(caller.userId, body.deck_id);
      const now = nowIso();
      const row: ExportRow = {
        id: newId(),
        user_id: caller.userId,
        source: body.source,
        format: body.format,
        binder_id: body.binder_id ?? null,
        deck_id: body.deck_id ?? null,
        q,
        status: 'pending',
        row_count: null,
        size_bytes: null,
        error: null,
        attempts: 0,
        file_attempt: null,
        lease_owner: null,
        lease_until: null,
        created_at: now,
        started_at: null,
        finished_at: null,
        expires_at: null,
        purged_at: null,
        updated_at: now,
      };
      // Counted and inserted one request at a time, so concurrent requests cannot pass the cap together.
      await writeTransaction(deps.database, fenced(async (trx) => {
        await serialiseOn(trx, deps.database.dialect, `exports-waiting:${caller.userId}`);
        const store = deps.store(trx);
        const queued = await store.countPending(caller.userId);
        if (queued >= deps.config.exports.maxQueuedPerUser) {
          throw Errors.conflict(`You have ${queued} exports waiting, the most allowed (CCS_EXPORT_MAX_QUEUED_PER_USER); request more once they have run.`);
        }
        await store.insert(row);
      }));
      for (const wake of listeners) wake();
      return view(row);
    },

    /** The caller's exports of the sources its scopes read (a key with `decks:read` alone lists its deck exports). */
    async list(caller: ExportCaller, query: ExportListQuery): Promise<{ data: ExportObject[]; meta: { total: number; next_cursor: string | null } }> {
      const limit = query.limit ?? 50;
      const after = query.cursor !== undefined ? LIST_CURSOR.decode(query.cursor) : undefined;
      const sources = readableSources(caller);
      const [rows, total] = await Promise.all([reads.page(caller.userId, after, limit + 1, sources), reads.count(caller.userId, sources)]);
      const page = paginate(rows, limit, (last) => LIST_CURSOR.encode([last.created_at, last.id]));
      return { data: page.items.map(view), meta: { total, next_cursor: page.next_cursor } };
    },

    async get(caller: ExportCaller, id: string): Promise<ExportObject> {
      return view(await readable(caller, id));
    },

    /** The file of a completed export: 409 while it is being made, 410 `gone` once expired. */
    async download(caller: ExportCaller, id: string): Promise<ExportDownload> {
      const row = await readable(caller, id);
      if (row.status === 'failed') throw Errors.conflict(`This export failed (${row.error ?? 'no reason recorded'}); request a new one.`);
      if (row.status !== 'completed') throw Errors.conflict(`This export is ${row.status}; download it once its status is completed.`);
      if (isExpired(row, nowIso()) || row.file_attempt === null) throw Errors.gone('This export expired: its file is no longer served. Request a new one.');
      const stream = await deps.storage.read({ exportId: row.id, attempt: row.file_attempt });
      if (!stream) throw Errors.gone('This export\'s file is no longer stored; request a new one.');
      return { stream, contentType: EXPORT_FILE_TYPES[row.format as ExportFormat].contentType, filename: fileNameOf(row), sizeBytes: row.size_bytes };
    },

    /** Called when an export is queued in this process, so a worker here starts it at once. */
    onQueued(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * The file of a claimed export, as chunks of text; `tally.rows` counts the rows written.
     * Reads what the export names at the time it runs: a binder or deck deleted (or a deck made
     * private) since the request fails the export with `not_found`.
     */
    async render(row: ExportRow, tally: { rows: number }): Promise<AsyncIterable<string>> {
      const format = row.format as ExportFormat;
      if (row.source === 'deck') {
        if (row.deck_id === null) throw Errors.notFound('deck');
        const { deck, lines, finishes } = await deps.sources.decks.forExport(row.user_id, row.deck_id);
        if (isDeckOnlyFormat(format)) {
          const written = format === 'arena' ? lines : lines.filter((l) => l.board !== 'maybe');
          tally.rows = written.length;
          return writeDeck(format, { name: deck.name, cards: lines satisfies readonly DeckExportCard[] });
        }
        if (format === 'json') {
          tally.rows = deck.cards.length;
          return deckJson(deck);
        }
        return writeCollection(format, counted(deckAsEntries(deck, finishes), tally));
      }
      if (isDeckOnlyFormat(format)) throw Errors.validation([{ field: 'format', code: 'invalid_value', message: `${format} is a deck format` }]);
      if (row.source === 'binder') {
        if (row.binder_id === null) throw Errors.notFound('binder');
        await deps.sources.binders.get(row.user_id, row.binder_id);
      }
      const entries = deps.sources.collection.stream(row.user_id, { ...(row.binder_id ? { binderId: row.binder_id } : {}), ...(row.q ? { q: row.q } : {}) });
      return writeCollection(format, counted(entries, tally), format === 'csv' ? { binderNames: await binderNames(row.user_id) } : {});
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;

/** The reason a failed export shows: our own errors say what went wrong; anything else is not the user's to read. */
export function failureReason(err: unknown): string {
  if (err instanceof AppError) {
    if (err.code === 'not_found') {
      const what = err.message.replace(/^No such /, 'The ').replace(/\.$/, '');
      // Only a deck is ever another user's to export (public or unlisted); a binder is the owner's own.
      return /deck/i.test(what) ? `${what} no longer exists or is no longer shared with you.` : `${what} no longer exists.`;
    }
    return err.message;
  }
  return 'The file could not be written (an internal error, logged for the operator); request the export again.';
}
