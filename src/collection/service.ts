import { createBinderStore } from '../binders/store.js';
import { createCardRowCache } from '../cards/row-cache.js';
import { createCardStore } from '../cards/store.js';
import type { CardRow } from '../db/schema.js';
import type { Database } from '../db/database.js';
import { createWriteTransactions } from '../db/group-commit.js';
import type { Executor } from '../db/schema.js';
import { Errors, type FieldError } from '../errors.js';
import { recordEvent, recordEvents, type NewEvent } from '../events/outbox.js';
import type { Clock } from '../lib/clock.js';
import { cursorFor, paginate, type Cursor } from '../lib/cursor.js';
import { isUuid, newId } from '../lib/ids.js';
import { fromCents, toCents } from '../lib/money.js';
import type { EntryPredicate } from '../cards/search/matcher.js';
import { LruCache } from '../lib/lru-cache.js';
import {
  MAX_QUANTITY,
  type CollectionEntry,
  type CollectionMeta,
  type Dir,
  type EntryPatch,
  type ListQuery,
  type NewEntry,
  type Sort,
} from './schemas.js';
import {
  createCollectionStore,
  sortValues,
  sortValueTypes,
  type EntryFilters,
  type EntryIdentity,
  type EntryRow,
  type EntryWithCard,
  type Totals,
} from './store.js';
import { cardFinishes, parseTags, toEntryView, valueCents } from './view.js';

export interface CollectionPage {
  data: CollectionEntry[];
  meta: CollectionMeta;
}

export interface BatchResult {
  /** `data[i]` is the entry `entries[i]` ended up in (repeated when several items merged). */
  data: CollectionEntry[];
  meta: { created: number; updated: number };
}

/** Whose collection, at which version: the principal's `collectionVersion` read by the auth query. */
export interface CollectionReader {
  userId: string;
  collectionVersion: number;
}

/** A new entry with every default applied. */
interface Draft {
  card_id: string;
  quantity: number;
  condition: string;
  finish: string;
  language: string | undefined;
  binder_id: string | null;
  purchase_price: number | null;
  tags: string[];
  notes: string | null;
}

export const DEFAULT_DIR: Record<Sort, Dir> = { added: 'desc', name: 'asc', value: 'desc', quantity: 'desc', set: 'asc' };

// Cache sizes: totals are tiny; pages are bounded by their serialised size (~1.5 kB per entry).
const TOTALS_CACHE_ENTRIES = 10_000;
const PAGE_CACHE_ENTRIES = 2_000;
const PAGE_CACHE_BYTES = 32 * 1024 * 1024;
const MATCH_CACHE_ENTRIES = 500;
const MATCH_CACHE_IDS = 2_000_000;

function draftOf(input: NewEntry): Draft {
  return {
    card_id: input.card_id,
    quantity: input.quantity ?? 1,
    condition: input.condition ?? 'near_mint',
    finish: input.finish ?? 'nonfoil',
    language: input.language,
    binder_id: input.binder_id ?? null,
    purchase_price: input.purchase_price == null ? null : toCents(input.purchase_price),
    tags: input.tags ? [...new Set(input.tags)] : [],
    notes: input.notes ?? null,
  };
}

function identityOf(d: { card_id: string; finish: string; condition: string; language: string; binder_id: string | null }): EntryIdentity {
  return { card_id: d.card_id, finish: d.finish, condition: d.condition, language: d.language, binder_id: d.binder_id };
}

function identityKey(i: EntryIdentity): string {
  return JSON.stringify([i.card_id, i.finish, i.condition, i.language, i.binder_id]);
}

function unknownCard(prefix: string): FieldError {
  return { field: `${prefix}card_id`, code: 'unknown_card', message: 'is not a card in the card database' };
}

function unknownBinder(prefix: string): FieldError {
  return { field: `${prefix}binder_id`, code: 'unknown_binder', message: 'is not one of your binders' };
}

function finishError(prefix: string, finish: string, card: CardRow): FieldError | undefined {
  const finishes = cardFinishes(card);
  if (finishes.includes(finish)) return undefined;
  return { field: `${prefix}finish`, code: 'unavailable_finish', message: `this printing comes only as: ${finishes.join(', ') || 'nothing'}` };
}

function tooMany(prefix: string, total: number): FieldError {
  return { field: `${prefix}quantity`, code: 'out_of_range', message: `merging would make ${total} copies; the maximum is ${MAX_QUANTITY}` };
}

/** Adding to an existing entry: quantities add, tags unite, an empty price or note is filled in. */
function mergeInto(existing: EntryRow, d: Draft, at: string): EntryRow {
  const tags = parseTags(existing.tags);
  for (const t of d.tags) if (!tags.includes(t)) tags.push(t);
  return {
    ...existing,
    quantity: existing.quantity + d.quantity,
    tags: JSON.stringify(tags),
    purchase_price: existing.purchase_price ?? d.purchase_price,
    notes: existing.notes ?? d.notes,
    updated_at: at,
  };
}

function mergeChanges(after: EntryRow): Partial<EntryRow> {
  return { quantity: after.quantity, tags: after.tags, purchase_price: after.purchase_price, notes: after.notes, updated_at: after.updated_at };
}

/** The part of the card search a collection listing uses for `q`. */
export interface EntrySearch {
  entryMatcher(q: string): Promise<EntryPredicate>;
}

export function createCollectionService(deps: { database: Database; clock: Clock; search: EntrySearch }) {
  const db = deps.database.db;
  const dialect = deps.database.dialect;
  const cardStore = createCardStore(db);
  const cardRows = createCardRowCache(db);
  const reads = createCollectionStore(db, dialect);
  const writes = createWriteTransactions(deps.database);
  // Entry ids a `q` matched, per collection and cards version: paging through a search
  // evaluates it once.
  const matchCache = new LruCache<string[]>(MATCH_CACHE_ENTRIES, MATCH_CACHE_IDS);
  const totalsCache = new LruCache<Totals>(TOTALS_CACHE_ENTRIES);
  // Buffers, not strings: a cached body is written to the socket without re-encoding it as UTF-8.
  const pageCache = new LruCache<Buffer>(PAGE_CACHE_ENTRIES, PAGE_CACHE_BYTES);

  function event(userId: string, type: NewEvent['type'], data: CollectionEntry, at: Date): NewEvent {
    return { userId, type, data, at };
  }

  async function checkBinder(trx: Executor, userId: string, binderId: string | null, prefix: string): Promise<FieldError | undefined> {
    if (binderId === null) return undefined;
    if (!isUuid(binderId) || !(await createBinderStore(trx).findOwned(userId, binderId))) return unknownBinder(prefix);
    return undefined;
  }

  interface Listing {
    filters: EntryFilters;
    /** A card-search query over the entries (`q`), applied on top of `filters`. */
    search: string | undefined;
    sort: Sort;
    dir: Dir;
    limit: number;
    after: Array<string | number> | undefined;
    cursor: Cursor<Array<string | number>>;
    filterKey: string;
    pageKey: string;
  }

  function parseListing(q: ListQuery): Listing {
    const sort = q.sort ?? 'added';
    const dir = q.dir ?? DEFAULT_DIR[sort];
    const limit = q.limit ?? 50;
    const filters: EntryFilters = {};
    if (q.binder_id !== undefined) {
      if (q.binder_id === 'none') filters.binderId = null;
      else if (isUuid(q.binder_id)) filters.binderId = q.binder_id;
      else throw Errors.validation([{ field: 'binder_id', code: 'invalid_value', message: 'must be a binder id or none' }]);
    }
    if (q.set !== undefined) filters.set = q.set.toLowerCase();
    if (q.finish !== undefined) filters.finish = q.finish;
    if (q.condition !== undefined) filters.condition = q.condition;
    const search = q.q?.trim() || undefined;

    const cursor = cursorFor(`collection:${sort}:${dir}`, sortValueTypes(sort));
    const after = q.cursor !== undefined ? cursor.decode(q.cursor) : undefined;
    // Explicit markers: JSON.stringify would render both "any binder" (undefined) and "none" (null) as null.
    const filterKey = JSON.stringify([
      filters.binderId === undefined ? 0 : filters.binderId === null ? 1 : filters.binderId,
      filters.set ?? 0,
      filters.finish ?? 0,
      filters.condition ?? 0,
      search ?? 0,
    ]);
    return { filters, search, sort, dir, limit, after, cursor, filterKey, pageKey: JSON.stringify([filterKey, sort, dir, limit, q.cursor ?? null]) };
  }

  /**
   * `q` runs the card-search matcher over the facts of each entry passing the plain
   * filters; the SQL page and totals then take the matched ids as one more filter.
   */
  async function withSearch(userId: string, l: Listing, totalsKey: string): Promise<EntryFilters> {
    if (l.search === undefined) return l.filters;
    let ids = matchCache.get(totalsKey);
    if (ids === undefined) {
      const [matches, facts] = await Promise.all([deps.search.entryMatcher(l.search), reads.facts(userId, l.filters)]);
      ids = facts.filter(matches).map((f) => f.id);
      matchCache.set(totalsKey, ids, ids.length + 1);
    }
    return { ...l.filters, ids };
  }

  async function computePage(userId: string, l: Listing, totalsKey: string): Promise<CollectionPage> {
    const cached = totalsCache.get(totalsKey);
    const filters = await withSearch(userId, l, totalsKey);
    const [rows, totals] = await Promise.all([reads.page(userId, filters, l.sort, l.dir, l.after, l.limit + 1), cached ?? reads.totals(userId, filters)]);
    if (!cached) totalsCache.set(totalsKey, totals);
    const page = paginate(rows, l.limit, (last) => l.cursor.encode(sortValues(l.sort, l.dir, last, valueCents(last.card, last.entry.finish, last.entry.quantity))));
    return {
      data: page.items.map((r) => toEntryView(r.entry, r.card)),
      meta: { total: totals.total, total_quantity: totals.quantity, total_value: fromCents(totals.valueCents), next_cursor: page.next_cursor },
    };
  }

  /**
   * Cache keys carry the collection version (bumped in every collection write's
   * transaction, read fresh by the auth query) and the cards version (bumped by every
   * card import), so a write from any process misses the cache on the next request.
   */
  async function keysFor(reader: CollectionReader, l: Listing): Promise<{ totalsKey: string; pageKey: string }> {
    const base = `${reader.userId}\u0000${reader.collectionVersion}\u0000${(await cardStore.cardsVersion()) ?? ''}\u0000`;
    return { totalsKey: base + l.filterKey, pageKey: base + l.pageKey };
  }

  return {
    /** One page of the collection with its totals; totals are cached per version. */
    async list(reader: CollectionReader, query: ListQuery): Promise<CollectionPage> {
      const l = parseListing(query);
      const { totalsKey } = await keysFor(reader, l);
      return computePage(reader.userId, l, totalsKey);
    },

    /**
     * Like `list`, but answers with the serialised response, served from memory while
     * neither the collection nor the card prices changed. `render` is the route's serialiser.
     */
    async listRendered(reader: CollectionReader, query: ListQuery, render: (page: CollectionPage) => string): Promise<Buffer> {
      const l = parseListing(query);
      const { totalsKey, pageKey } = await keysFor(reader, l);
      const hit = pageCache.get(pageKey);
      if (hit !== undefined) return hit;
      const body = Buffer.from(render(await computePage(reader.userId, l, totalsKey)));
      pageCache.set(pageKey, body, body.byteLength);
      return body;
    },

    async get(userId: string, id: string): Promise<CollectionEntry> {
      const found = isUuid(id) ? await reads.findWithCard(userId, id) : undefined;
      if (!found) throw Errors.notFound('collection entry');
      return toEntryView(found.entry, found.card);
    },

    /** Adds one entry, or grows the identical one. `created` tells which (201 or 200). */
    async add(userId: string, input: NewEntry): Promise<{ entry: CollectionEntry; created: boolean }> {
      const d = draftOf(input);
      // Cards are shared, read-mostly data: looked up before the write transaction starts.
      const card = isUuid(d.card_id) ? await cardRows.byId(d.card_id) : undefined;
      const errors: FieldError[] = [];
      if (!card) errors.push(unknownCard(''));
      else {
        const fe = finishError('', d.finish, card);
        if (fe) errors.push(fe);
      }
      if (errors.length && d.binder_id === null) throw Errors.validation(errors);
      const now = deps.clock.now();
      const at = now.toISOString();

      return writes.run(async (trx) => {
        const store = createCollectionStore(trx, dialect);
        await store.lockOwner(userId, true);
        const be = await checkBinder(trx, userId, d.binder_id, '');
        if (be) errors.push(be);
        if (errors.length || !card) throw Errors.validation(errors);

        const identity = identityOf({ ...d, language: d.language ?? card.lang });
        const existing = await store.findByIdentity(userId, identity);
        if (existing) {
          const merged = mergeInto(existing, d, at);
          if (merged.quantity > MAX_QUANTITY) throw Errors.validation([tooMany('', merged.quantity)]);
          await store.update(existing.id, mergeChanges(merged));
          const entry = toEntryView(merged, card);
          await recordEvent(trx, event(userId, 'collection.entry.updated', entry, now));
          return { entry, created: false };
        }
        const row: EntryRow = {
          id: newId(),
          user_id: userId,
          ...identity,
          quantity: d.quantity,
          purchase_price: d.purchase_price,
          tags: JSON.stringify(d.tags),
          notes: d.notes,
          created_at: at,
          updated_at: at,
        };
        await store.insert([row]);
        const entry = toEntryView(row, card);
        await recordEvent(trx, event(userId, 'collection.entry.created', entry, now));
        return { entry, created: true };
      });
    },

    /** Adds up to 1,000 entries in one transaction: every item is valid, or nothing is written. */
    async addBatch(userId: string, inputs: NewEntry[]): Promise<BatchResult> {
      const drafts = inputs.map(draftOf);
      const cardIds = [...new Set(drafts.map((d) => d.card_id).filter(isUuid))];
      const cards = new Map((await cardStore.findByIds(cardIds)).map((c) => [c.id, c]));
      const errors: FieldError[] = [];
      // Every draft with its card; complete whenever `errors` stays empty.
      const items: Array<{ d: Draft; card: CardRow; i: number }> = [];
      drafts.forEach((d, i) => {
        const card = cards.get(d.card_id);
        if (!card) {
          errors.push(unknownCard(`entries[${i}].`));
          return;
        }
        const fe = finishError(`entries[${i}].`, d.finish, card);
        if (fe) errors.push(fe);
        items.push({ d, card, i });
      });
      const now = deps.clock.now();
      const at = now.toISOString();

      return writes.run(async (trx) => {
        const store = createCollectionStore(trx, dialect);
        await store.lockOwner(userId, true);
        const binderIds = [...new Set(drafts.map((d) => d.binder_id).filter((b): b is string => b !== null))];
        const owned = await createBinderStore(trx).ownedIds(userId, binderIds.filter(isUuid));
        drafts.forEach((d, i) => {
          if (d.binder_id !== null && !owned.has(d.binder_id)) errors.push(unknownBinder(`entries[${i}].`));
        });
        if (errors.length) throw Errors.validation(sortErrors(errors));

        // Identity -> the entry it lands in; existing entries first, the oldest winning.
        type Slot = { row: EntryRow; card: CardRow; isNew: boolean };
        const byIdentity = new Map<string, Slot>();
        for (const e of await store.findByCards(userId, cardIds)) {
          const card = cards.get(e.card_id);
          const key = identityKey(identityOf(e));
          if (card && !byIdentity.has(key)) byIdentity.set(key, { row: e, card, isNew: false });
        }
        const touched = new Set<Slot>();
        const slotOf: Slot[] = [];
        for (const { d, card, i } of items) {
          const identity = identityOf({ ...d, language: d.language ?? card.lang });
          const key = identityKey(identity);
          let slot = byIdentity.get(key);
          if (slot) {
            touched.add(slot);
            slot.row = mergeInto(slot.row, d, at);
            if (slot.row.quantity > MAX_QUANTITY) errors.push(tooMany(`entries[${i}].`, slot.row.quantity));
          } else {
            slot = {
              row: {
                id: newId(),
                user_id: userId,
                ...identity,
                quantity: d.quantity,
                purchase_price: d.purchase_price,
                tags: JSON.stringify(d.tags),
                notes: d.notes,
                created_at: at,
                updated_at: at,
              },
              card,
              isNew: true,
            };
            byIdentity.set(key, slot);
            touched.add(slot);
          }
          slotOf.push(slot);
        }
        if (errors.length) throw Errors.validation(errors);

        const written = [...touched];
        await store.insert(written.filter((s) => s.isNew).map((s) => s.row));
        for (const s of written) if (!s.isNew) await store.update(s.row.id, mergeChanges(s.row));

        // One view per entry, shared by the answer (where merged items repeat it) and its event.
        const views = new Map<Slot, CollectionEntry>();
        const viewOf = (s: Slot): CollectionEntry => {
          let view = views.get(s);
          if (!view) {
            view = toEntryView(s.row, s.card);
            views.set(s, view);
          }
          return view;
        };
        await recordEvents(
          trx,
          written.map((s) => event(userId, s.isNew ? 'collection.entry.created' : 'collection.entry.updated', viewOf(s), now)),
        );
        const created = written.filter((s) => s.isNew).length;
        return { data: slotOf.map(viewOf), meta: { created, updated: written.length - created } };
      });
    },

    /** Changes an entry. Making it identical to another entry is a 409 (no silent merge). */
    async update(userId: string, id: string, patch: EntryPatch): Promise<CollectionEntry> {
      if (!isUuid(id)) throw Errors.notFound('collection entry');
      const now = deps.clock.now();
      const at = now.toISOString();
      return writes.run(async (trx) => {
        const store = createCollectionStore(trx, dialect);
        // Lock before reading so concurrent patches of one user apply one after another.
        await store.lockOwner(userId, false);
        const found = await store.findWithCard(userId, id);
        if (!found) throw Errors.notFound('collection entry');
        const { entry: before, card } = found;

        const after: EntryRow = { ...before };
        if (patch.quantity !== undefined) after.quantity = patch.quantity;
        if (patch.condition !== undefined) after.condition = patch.condition;
        if (patch.finish !== undefined) after.finish = patch.finish;
        if (patch.language !== undefined) after.language = patch.language;
        if (patch.binder_id !== undefined) after.binder_id = patch.binder_id;
        if (patch.purchase_price !== undefined) after.purchase_price = patch.purchase_price === null ? null : toCents(patch.purchase_price);
        if (patch.tags !== undefined) after.tags = JSON.stringify([...new Set(patch.tags)]);
        if (patch.notes !== undefined) after.notes = patch.notes;

        const changes: Partial<EntryRow> = {};
        for (const k of ['quantity', 'condition', 'finish', 'language', 'binder_id', 'purchase_price', 'tags', 'notes'] as const) {
          if (after[k] !== before[k]) Object.assign(changes, { [k]: after[k] });
        }
        // Nothing changes: no write, no event, no version bump.
        if (Object.keys(changes).length === 0) return toEntryView(before, card);

        const errors: FieldError[] = [];
        if (changes.finish !== undefined) {
          const fe = finishError('', after.finish, card);
          if (fe) errors.push(fe);
        }
        if (changes.binder_id !== undefined) {
          const be = await checkBinder(trx, userId, after.binder_id, '');
          if (be) errors.push(be);
        }
        if (errors.length) throw Errors.validation(errors);
        const identityChanged = ['finish', 'condition', 'language', 'binder_id'].some((k) => k in changes);
        if (identityChanged && (await store.findByIdentity(userId, identityOf(after), id))) {
          throw Errors.conflict('Another entry already holds this card with the same finish, condition, language and binder; change that one or delete this one.');
        }

        after.updated_at = at;
        await store.update(id, { ...changes, updated_at: at });
        await store.lockOwner(userId, true);
        const view = toEntryView(after, card);
        await recordEvent(trx, event(userId, 'collection.entry.updated', view, now));
        return view;
      });
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!isUuid(id)) throw Errors.notFound('collection entry');
      const now = deps.clock.now();
      await writes.run(async (trx) => {
        const store = createCollectionStore(trx, dialect);
        await store.lockOwner(userId, true);
        const found = await store.findWithCard(userId, id);
        if (!found) throw Errors.notFound('collection entry');
        await store.delete(id);
        await recordEvent(trx, event(userId, 'collection.entry.deleted', toEntryView(found.entry, found.card), now));
      });
    },
  };
}

/** Errors in item order, so `entries[3]` is reported before `entries[10]`. */
function sortErrors(errors: FieldError[]): FieldError[] {
  const index = (f: FieldError) => Number(/^entries\[(\d+)\]/.exec(f.field)?.[1] ?? -1);
  return [...errors].sort((a, b) => index(a) - index(b));
}

export type CollectionService = ReturnType<typeof createCollectionService>;

/** Used by the binder service to describe entries it unassigns. */
export function entryViews(rows: EntryWithCard[], mutate: (e: EntryRow) => EntryRow = (e) => e): CollectionEntry[] {
  return rows.map(({ entry, card }) => toEntryView(mutate(entry), card));
}
