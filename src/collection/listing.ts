import type { CardLookup } from '../cards/lookup.js';
import type { Executor } from '../db/schema.js';
import { Errors } from '../errors.js';
import { cursorFor, paginate, type Cursor } from '../lib/cursor.js';
import { isUuid } from '../lib/ids.js';
import { LruCache } from '../lib/lru-cache.js';
import { turnBatch } from '../lib/turn-batch.js';
import { turnShared } from '../lib/turn-window.js';
import { deepFreeze, jsonOf } from '../lib/frozen-json.js';
import { fromCents } from '../lib/money.js';
import type { SetCards } from '../cards/search/engine.js';
import type { EntryPredicate } from '../cards/search/matcher.js';
import type { CardSummary } from '../cards/schemas.js';
import type { CollectionEntry, CollectionMeta, Dir, ListQuery, MissingQuery, SetProgress, SetsQuery, Sort, ValueHistoryQuery, ValuePoint } from './schemas.js';
import { missingOf, progressOf, SET_DEFAULT_DIR, setCursor, setsAfter, sortKeyOf, sortSets, tallySets, type SetTally } from './sets.js';
import { sortValues, sortValueTypes, type CollectionStore, type EntryFilters, type EntryWithCard, type HeldFactsRow, type Totals } from './store.js';
import { cachedSummaryOf, cardSummaryOf, toEntryView, valueCents } from './view.js';

/**
 * Reading a collection: pages with their totals, and single entries. Pages are served
 * from memory (totals, `q` matches and whole rendered pages) for as long as neither the
 * collection nor the card data changed.
 */

export interface CollectionPage {
  data: CollectionEntry[];
  meta: CollectionMeta;
}

/** Whose collection (its version is read once per event-loop turn, see `versionOf`). */
export interface CollectionReader {
  userId: string;
}

export const DEFAULT_DIR: Record<Sort, Dir> = { added: 'desc', name: 'asc', value: 'desc', quantity: 'desc', set: 'asc' };

// Cache sizes: totals are tiny; pages are bounded by their serialised size (~1.5 kB per entry).
const TOTALS_CACHE_ENTRIES = 10_000;
const PAGE_CACHE_ENTRIES = 2_000;
const PAGE_CACHE_BYTES = 32 * 1024 * 1024;
const MATCH_CACHE_ENTRIES = 500;
const MATCH_CACHE_IDS = 2_000_000;
// Parsed listings by the request's raw query: a client paging or polling sends the same few.
const LISTING_CACHE_ENTRIES = 1_000;
const LISTING_CACHE_CHARS = 1_000_000;
// Single entries as answered (~1 kB of JSON each, kept beside the frozen object): a write to a
// collection strands its user's cached entries, so a small cache holds what is read again.
const ENTRY_CACHE_ENTRIES = 5_000;
const ENTRY_CACHE_CHARS = 8 * 1024 * 1024;
/**
 * Holdings (card and finish) a value-history statement prices: each joins one row per price
 * date, so the chunk is sized for a statement of about VALUE_HISTORY_STATEMENT_MS, starting small
 * and growing at most fourfold a statement.
 */
const VALUE_HISTORY_FIRST_CHUNK = 10;
const VALUE_HISTORY_MAX_CHUNK = 2_000;
const VALUE_HISTORY_STATEMENT_MS = 4;
/** Entries an export reads per query: big enough to amortise a round trip, small enough to keep memory flat. */
const EXPORT_CHUNK = 500;
/** Entries a `q` listing matches per statement (~7 ms each on SQLite; fewer round trips on PostgreSQL). */
const MATCH_CHUNK = 1_000;
// Whole orders of listings sorted otherwise than by `added` (ids, with each one's place), for
// paging through them by cursor; bounded by the ids they hold.
const ORDER_CACHE_ENTRIES = 200;
const ORDER_CACHE_IDS = 1_000_000;
// Per-set tallies of a collection (its held collector numbers): a list paged, or one set's
// missing cards after another, reads the collection once while it does not change.
const SET_TALLY_CACHE_ENTRIES = 200;
const SET_TALLY_CACHE_NUMBERS = 2_000_000;

/** The part of the card search a collection listing uses: `q`, and each set's cards. */
export interface EntrySearch {
  entryMatcher(q: string): Promise<EntryPredicate>;
  setCards(): Promise<ReadonlyMap<string, SetCards>>;
}

export interface CollectionListingDeps {
  db: Executor;
  store: (executor: Executor) => CollectionStore;
  cards: Pick<CardLookup, 'version' | 'versionNow' | 'byIds'>;
  search: EntrySearch;
}

function keyBase(userId: string, version: number, cardsVersion: string | null | undefined): Base {
  return { key: `${userId}\u0000${version}\u0000${cardsVersion ?? ''}\u0000`, cardsVersion: cardsVersion ?? '' };
}

/** A cache key's prefix, and the cards version in it. */
interface Base {
  key: string;
  cardsVersion: string;
}

/**
 * The holdings the next value-history statement prices, after one of `size` took `tookMs`: as many
 * as fit VALUE_HISTORY_STATEMENT_MS at that pace, at most four times as many as before, 1 to
 * VALUE_HISTORY_MAX_CHUNK.
 */
export function nextChunkSize(size: number, tookMs: number): number {
  const fit = Math.round((size * VALUE_HISTORY_STATEMENT_MS) / Math.max(tookMs, 0.1));
  return Math.min(VALUE_HISTORY_MAX_CHUNK, size * 4, Math.max(1, fit));
}

/** The filters a listing's query gives (`q` apart: it is matched in memory). */
function filtersOf(q: Pick<ListQuery, 'binder_id' | 'set' | 'finish' | 'condition' | 'q'>): { filters: EntryFilters; search: string | undefined } {
  const filters: EntryFilters = {};
  if (q.binder_id !== undefined) {
    if (q.binder_id === 'none') filters.binderId = null;
    else if (isUuid(q.binder_id)) filters.binderId = q.binder_id;
    else throw Errors.validation([{ field: 'binder_id', code: 'invalid_value', message: 'must be a binder id or none' }]);
  }
  if (q.set !== undefined) filters.set = q.set.toLowerCase();
  if (q.finish !== undefined) filters.finish = q.finish;
  if (q.condition !== undefined) filters.condition = q.condition;
  return { filters, search: q.q?.trim() || undefined };
}

/** The part of a cache key that the filters and `q` make: lists, totals and set tallies share it. */
function filterKeyOf(filters: EntryFilters, search: string | undefined): string {
  // Explicit markers: JSON.stringify would render both "any binder" (undefined) and "none" (null) as null.
  return JSON.stringify([
    filters.binderId === undefined ? 0 : filters.binderId === null ? 1 : filters.binderId,
    filters.set ?? 0,
    filters.finish ?? 0,
    filters.condition ?? 0,
    search ?? 0,
  ]);
}

export function createCollectionListing(deps: CollectionListingDeps) {
  const reads = deps.store(deps.db);
  // Entry ids a `q` matched, per collection and cards version: paging through a search
  // evaluates it once.
  const matchCache = new LruCache<string[]>(MATCH_CACHE_ENTRIES, MATCH_CACHE_IDS);
  const totalsCache = new LruCache<Totals>(TOTALS_CACHE_ENTRIES);
  // Buffers, not strings: a cached body is written to the socket without re-encoding it as UTF-8.
  const pageCache = new LruCache<Buffer>(PAGE_CACHE_ENTRIES, PAGE_CACHE_BYTES);
  const listings = new LruCache<Listing>(LISTING_CACHE_ENTRIES, LISTING_CACHE_CHARS);
  // Entries as answered, frozen: the route's ETag and the entry's JSON text are then computed
  // once per cached entry (http/etag.ts, lib/frozen-json.ts), not on every read.
  const entries = new LruCache<CollectionEntry>(ENTRY_CACHE_ENTRIES, ENTRY_CACHE_CHARS);
  const setTallies = new LruCache<Map<string, SetTally>>(SET_TALLY_CACHE_ENTRIES, SET_TALLY_CACHE_NUMBERS);
  const orders = new LruCache<{ ids: string[]; at: Map<string, number> }>(ORDER_CACHE_ENTRIES, ORDER_CACHE_IDS);

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
    const { filters, search } = filtersOf(q);

    const cursor = cursorFor(`collection:${sort}:${dir}`, sortValueTypes(sort));
    const after = q.cursor !== undefined ? cursor.decode(q.cursor) : undefined;
    const filterKey = filterKeyOf(filters, search);
    return { filters, search, sort, dir, limit, after, cursor, filterKey, pageKey: JSON.stringify([filterKey, sort, dir, limit, q.cursor ?? null]) };
  }

  /**
   * `parseListing(query)`, kept by `rawQuery` (the text `query` was parsed from, so equal texts
   * give equal listings). A listing is frozen: it is shared.
   */
  function listingOf(query: ListQuery, rawQuery: string): Listing {
    let l = listings.get(rawQuery);
    if (l === undefined) {
      l = parseListing(query);
      Object.freeze(l.filters);
      listings.set(rawQuery, Object.freeze(l), rawQuery.length);
    }
    return l;
  }

  /**
   * `q` runs the card-search matcher over the facts of each entry passing the plain
   * filters; the SQL page and totals then take the matched ids as one more filter.
   */
  /**
   * The filters with `q`'s matches; `keep` is false when they came from card data other than
   * the keys' version (an import elsewhere, this process's index not rebuilt yet): then neither
   * they nor what is computed from them may be cached under those keys.
   */
  async function withSearch(userId: string, l: Listing, keys: Keys): Promise<{ filters: EntryFilters; keep: boolean; totals?: Totals }> {
    if (l.search === undefined) return { filters: l.filters, keep: true };
    let ids = matchCache.get(keys.totalsKey);
    let keep = true;
    let totals: Totals | undefined;
    if (ids === undefined) {
      const matches = await deps.search.entryMatcher(l.search);
      // The facts are read a chunk a statement with turns of the event loop between them: read
      // whole, 60,000 entries held a SQLite process for ~0.5 s. The matches' totals come with
      // them, so no second statement over the matched ids is needed for `meta`.
      const found: string[] = [];
      const sums: Totals = { total: 0, quantity: 0, valueCents: 0 };
      for await (const facts of factChunks(userId, l.filters, matches, MATCH_CHUNK)) {
        for (const f of facts) {
          found.push(f.id);
          sums.total++;
          sums.quantity += f.quantity;
          sums.valueCents += f.cents ?? 0;
        }
      }
      ids = found;
      totals = sums;
      keep = matches.cardsVersion === undefined || matches.cardsVersion === keys.cardsVersion;
      if (keep) matchCache.set(keys.totalsKey, ids, ids.length + 1);
    }
    return { filters: { ...l.filters, ids }, keep, ...(totals ? { totals } : {}) };
  }

  /**
   * The ids of the page after the cursor, from the listing's whole order: no index serves an order
   * other than `added`, so each new cursor sorted every matching entry again (130-320 ms at 60,000
   * entries on SQLite, the event loop held). The order is sorted once, on the first page asked for
   * by cursor, and kept under the page cache's keys (so a write anywhere starts a new one).
   * Undefined when the cursor's last row is not in the order (a cursor from before a change): the
   * keyset query answers that one.
   */
  async function idsAfterCursor(userId: string, l: Listing, keys: Keys, filters: EntryFilters, keep: boolean): Promise<string[] | undefined> {
    const key = `${keys.totalsKey}\u0000${l.sort}\u0000${l.dir}`;
    let order = orders.get(key);
    if (order === undefined) {
      const ids = await reads.orderedIds(userId, filters, l.sort, l.dir);
      order = { ids, at: new Map(ids.map((id, i) => [id, i])) };
      if (keep) orders.set(key, order, ids.length + 1);
    }
    const lastId = l.after?.[l.after.length - 1];
    const at = typeof lastId === 'string' ? order.at.get(lastId) : undefined;
    return at === undefined ? undefined : order.ids.slice(at + 1, at + 2 + l.limit);
  }

  async function computePage(userId: string, l: Listing, keys: Keys): Promise<{ page: CollectionPage; keep: boolean }> {
    const cached = totalsCache.get(keys.totalsKey);
    const search = await withSearch(userId, l, keys);
    const { filters, keep } = search;
    const slice = l.after !== undefined && l.sort !== 'added' ? await idsAfterCursor(userId, l, keys, filters, keep) : undefined;
    // A slice of the order is read by id, sorted by the same keys: the rows come back in its order.
    const rowsRead = slice ? reads.page(userId, { ...filters, ids: slice }, l.sort, l.dir, undefined, l.limit + 1) : reads.page(userId, filters, l.sort, l.dir, l.after, l.limit + 1);
    const [rows, totals] = await Promise.all([rowsRead, cached ?? search.totals ?? reads.totals(userId, filters)]);
    if (!cached && keep) totalsCache.set(keys.totalsKey, totals);
    const page = paginate(rows, l.limit, (last) => l.cursor.encode(sortValues(l.sort, l.dir, last, valueCents(last.card, last.entry.finish, last.entry.quantity))));
    return {
      page: {
        data: page.items.map((r) => toEntryView(r.entry, r.card)),
        meta: { total: totals.total, total_quantity: totals.quantity, total_value: fromCents(totals.valueCents), next_cursor: page.next_cursor },
      },
      keep,
    };
  }

  // A user's collection version, read once per event-loop turn for the requests that turn
  // serves (lib/turn-window.ts): on PostgreSQL a round trip, on SQLite a read of ~5 µs with
  // its file locks. Synchronous on SQLite outside a write transaction, a promise otherwise.
  // Where it is a round trip (PostgreSQL), the users' versions one turn asks for are one read
  // (lib/turn-batch.ts): N users' pages in a turn cost one round trip, not N.
  const versions = turnShared<string, number | Promise<number>>();
  const versionBatch = turnBatch((userIds: string[]) => reads.versions(userIds), 0);
  const versionOf = (userId: string) => versions.get(userId, () => reads.versionNow(userId) ?? versionBatch(userId));

  /** The page's and its totals' cache keys (see `keyBaseOf`). */
  function keysFor(reader: CollectionReader, l: Listing): Keys | Promise<Keys> {
    const base = keyBaseOf(reader.userId);
    return base instanceof Promise ? base.then((b) => keysOf(b, l)) : keysOf(base, l);
  }

  type Keys = { totalsKey: string; pageKey: string; cardsVersion: string };
  function keysOf(base: Base, l: Listing): Keys {
    return { totalsKey: base.key + l.filterKey, pageKey: base.key + l.pageKey, cardsVersion: base.cardsVersion };
  }

  /**
   * The prefix of every cache key here (pages, totals, single entries): the user, the collection
   * version (bumped in every collection write's transaction, read here per request: credentials
   * are cached, so the auth query no longer brings it) and the cards version (bumped by every
   * card import), so a write from any process misses the cache on the next request.
   * Synchronous where both reads are (a cache hit then awaits nothing).
   */
  function keyBaseOf(userId: string): Base | Promise<Base> {
    const version = versionOf(userId);
    if (typeof version === 'number') {
      const cardsVersion = deps.cards.versionNow();
      if (cardsVersion !== undefined) return keyBase(userId, version, cardsVersion);
    }
    return Promise.all([version, deps.cards.version()]).then(([v, cardsVersion]) => keyBase(userId, v, cardsVersion));
  }

  /**
   * Entries read without their cards' Scryfall JSON, as the API shows them: a card's summary
   * comes from the cache, and the JSON of cards not in it is read once for the whole chunk.
   */
  async function views(rows: readonly EntryWithCard[]): Promise<CollectionEntry[]> {
    const missing = [...new Set(rows.filter((r) => cachedSummaryOf(r.card) === undefined).map((r) => r.card.id))];
    const full = new Map(missing.length > 0 ? (await deps.cards.byIds(missing)).map((c) => [c.id, c]) : []);
    return rows.map((r) => toEntryView(r.entry, r.card, cachedSummaryOf(r.card) ?? cardSummaryOf(full.get(r.card.id) ?? r.card)));
  }

  /**
   * The facts of the entries passing `filters` (and `matches`, when given), oldest first, `chunk`
   * entries read a statement with a turn of the event loop between statements: an export or a
   * value history over a large collection never holds the process for the whole of it.
   */
  async function* factChunks(userId: string, filters: EntryFilters, matches: EntryPredicate | undefined, chunk: number): AsyncGenerator<HeldFactsRow[]> {
    let after: [string, string] | undefined;
    for (;;) {
      if (after) await new Promise<void>((resolve) => setImmediate(resolve));
      const facts = await reads.factsAfter(userId, filters, after, chunk);
      yield matches ? facts.filter(matches) : facts;
      const last = facts[facts.length - 1];
      if (!last || facts.length < chunk) return;
      after = [last.created_at, last.id];
    }
  }

  /**
   * Per-set tallies (by lower-case code) of the copies the filters and `q` select, read a chunk
   * at a time; kept until the collection or the card data changes (the page cache's keys).
   */
  async function setTalliesOf(userId: string, query: Pick<SetsQuery, 'binder_id' | 'set' | 'finish' | 'condition' | 'q'>): Promise<Map<string, SetTally>> {
    const { filters, search } = filtersOf(query);
    // The versions are read before the entries, as for every cached read here.
    const base = await keyBaseOf(userId);
    const key = `${base.key}sets\u0000${filterKeyOf(filters, search)}`;
    const hit = setTallies.get(key);
    if (hit !== undefined) return hit;
    const matches = search === undefined ? undefined : await deps.search.entryMatcher(search);
    const out = new Map<string, SetTally>();
    for await (const facts of factChunks(userId, filters, matches, EXPORT_CHUNK)) tallySets(out, facts);
    if (matches?.cardsVersion === undefined || matches.cardsVersion === base.cardsVersion) {
      let numbers = 1;
      for (const t of out.values()) numbers += t.owned.size;
      setTallies.set(key, out, numbers);
    }
    return out;
  }

  async function renderedAfter(userId: string, l: Listing, pending: Keys | Promise<Keys>, render: (page: CollectionPage) => string): Promise<Buffer> {
    const keys = await pending;
    const hit = pageCache.get(keys.pageKey);
    if (hit !== undefined) return hit;
    const { page, keep } = await computePage(userId, l, keys);
    const body = Buffer.from(render(page));
    if (keep) pageCache.set(keys.pageKey, body, body.byteLength);
    return body;
  }

  return {
    /**
     * One page of the collection with its totals, as the serialised response, served from
     * memory while neither the collection nor the card prices changed: the Buffer itself when
     * nothing had to be read or rendered, else a promise of it. `render` is the route's
     * serialiser; `rawQuery`, the text `query` was parsed from, lets a repeated query skip parsing.
     */
    listRendered(reader: CollectionReader, query: ListQuery, render: (page: CollectionPage) => string, rawQuery: string): Buffer | Promise<Buffer> {
      const l = listingOf(query, rawQuery);
      const keys = keysFor(reader, l);
      // A hit whose keys needed no read is answered at once: no promise, no microtask turn.
      if (!(keys instanceof Promise)) {
        const hit = pageCache.get(keys.pageKey);
        if (hit !== undefined) return hit;
      }
      return renderedAfter(reader.userId, l, keys, render);
    },

    /** Throws `invalid_query` (400) when `q` is not a valid collection search. */
    async checkQuery(q: string): Promise<void> {
      await deps.search.entryMatcher(q);
    },

    /**
     * Every entry of the collection (or of one binder, or matching `q`), oldest first, as the
     * API shows it, read `chunk` entries at a time by keyset: an export of 100,000 entries
     * never holds more than one chunk. With `q`, each chunk's facts are matched first and
     * only the matching entries are read whole.
     */
    async *stream(userId: string, scope: { binderId?: string; q?: string }, chunk = EXPORT_CHUNK): AsyncGenerator<CollectionEntry> {
      const filters: EntryFilters = scope.binderId === undefined ? {} : { binderId: scope.binderId };
      const search = scope.q?.trim() || undefined;
      if (search === undefined) {
        let after: Array<string | number> | undefined;
        for (;;) {
          const rows = await reads.page(userId, filters, 'added', 'asc', after, chunk, { cardData: false });
          yield* await views(rows);
          const last = rows[rows.length - 1];
          if (!last || rows.length < chunk) return;
          after = [last.entry.created_at, last.entry.id];
        }
      }
      const matches = await deps.search.entryMatcher(search);
      for await (const facts of factChunks(userId, filters, matches, chunk)) {
        const ids = facts.map((f) => f.id);
        if (ids.length > 0) {
          const rows = await reads.page(userId, { ...filters, ids }, 'added', 'asc', undefined, ids.length, { cardData: false });
          yield* await views(rows);
        }
      }
    },

    /**
     * What the entries a listing's filters select were worth on each recorded price date (their
     * current quantities at that day's prices), oldest first. Read now, not cached: a chart asks
     * for it once.
     */
    async valueHistory(userId: string, query: ValueHistoryQuery): Promise<{ data: ValuePoint[]; meta: { currency: 'usd' } }> {
      if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
        throw Errors.validation([{ field: 'from', code: 'invalid_range', message: 'must not be after to' }]);
      }
      const { filters, search } = filtersOf(query);
      const matches = search === undefined ? undefined : await deps.search.entryMatcher(search);
      // Entries of one card and finish are priced alike: one holding each. Read a chunk at a
      // time, as an export reads them, so a large collection does not hold the loop either.
      const held = new Map<string, { card_id: string; finish: string; quantity: number }>();
      for await (const facts of factChunks(userId, filters, matches, EXPORT_CHUNK)) {
        for (const f of facts) {
          const key = `${f.card_id}\u0000${f.finish}`;
          const h = held.get(key);
          if (h) h.quantity += f.quantity;
          else held.set(key, { card_id: f.card_id, finish: f.finish, quantity: f.quantity });
        }
      }
      // Holdings priced a chunk a statement, the event loop let go between them: a large
      // collection over years of daily prices is millions of joined rows, which on SQLite would
      // otherwise hold every other request of the process for seconds. A statement's rows grow
      // with the number of price days, so each chunk is sized from how long the last one took.
      const byDate = new Map<string, { cents: number; quantity: number }>();
      const holdings = [...held.values()];
      let size = VALUE_HISTORY_FIRST_CHUNK;
      for (let i = 0; i < holdings.length; ) {
        if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
        const chunk = holdings.slice(i, i + size);
        i += chunk.length;
        const started = performance.now();
        const points = await reads.valueOfHoldings(chunk, { from: query.from, to: query.to });
        size = nextChunkSize(chunk.length, performance.now() - started);
        for (const p of points) {
          const point = byDate.get(p.date);
          if (point) {
            point.cents += p.cents;
            point.quantity += p.quantity;
          } else byDate.set(p.date, { cents: p.cents, quantity: p.quantity });
        }
      }
      const data = [...byDate.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([date, p]) => ({ date, total: fromCents(p.cents), priced_quantity: p.quantity }));
      return { data, meta: { currency: 'usd' } };
    },

    /**
     * Each set the collection holds a matching copy of, with how many of its cards (collector
     * numbers) are held, in `sort` order, a page at a time.
     */
    async setProgress(userId: string, query: SetsQuery): Promise<{ data: SetProgress[]; meta: { total: number; next_cursor: string | null } }> {
      const sort = query.sort ?? 'released';
      const dir = query.dir ?? SET_DEFAULT_DIR[sort];
      const cursor = setCursor(sort, dir);
      const after = query.cursor === undefined ? undefined : cursor.decode(query.cursor);
      const [tallies, catalogue] = await Promise.all([setTalliesOf(userId, query), deps.search.setCards()]);
      const rows = sortSets(
        [...tallies].map(([code, t]) => progressOf(code, t, catalogue.get(code))),
        sort,
        dir,
      );
      const page = paginate(setsAfter(rows, sort, dir, after), query.limit ?? 50, (last) => cursor.encode([sortKeyOf(last, sort), last.progress.set]));
      return { data: page.items.map((r) => r.progress), meta: { total: rows.length, next_cursor: page.next_cursor } };
    },

    /**
     * The cards of a set the collection holds no (matching) copy of, one printing per collector
     * number (the English one where there is one), in set order. 404 for a set the card database lacks.
     */
    async missingInSet(
      userId: string,
      code: string,
      query: MissingQuery,
    ): Promise<{ data: CardSummary[]; meta: { total: number; cards: number; owned: number; next_cursor: string | null } }> {
      const set = (await deps.search.setCards()).get(code.toLowerCase());
      if (!set) throw Errors.notFound('set');
      const cursor = cursorFor(`collection-set-missing:${set.code}`, ['string']);
      const after = query.cursor === undefined ? undefined : cursor.decode(query.cursor)[0];
      const tally = (await setTalliesOf(userId, { ...query, set: set.code })).get(set.code);
      const progress = tally ? progressOf(set.code, tally, set).progress : { cards: set.numbers.length, owned: 0, missing: set.numbers.length };
      const page = paginate(missingOf(set, tally?.owned ?? new Set(), after), query.limit ?? 50, (last) => cursor.encode([last.number]));
      const rows = new Map((await deps.cards.byIds(page.items.map((m) => m.id))).map((c) => [c.id, c]));
      const data = page.items.flatMap((m) => {
        const row = rows.get(m.id);
        return row ? [cardSummaryOf(row)] : [];
      });
      return { data, meta: { total: progress.missing, cards: progress.cards, owned: progress.owned, next_cursor: page.next_cursor } };
    },

    /** Copies held of these printings and of every printing of these cards (a deck checked against the collection). */
    async heldCopies(userId: string, cards: { cardIds: readonly string[]; oracleIds: readonly string[] }): Promise<Array<{ card_id: string; oracle_id: string | null; quantity: number }>> {
      return reads.heldCopies(userId, cards);
    },

    /** The whole collection's totals, read now (not cached): what a page shows after an import. */
    async summary(userId: string): Promise<{ total: number; total_quantity: number; total_value: string }> {
      const t = await reads.totals(userId, {});
      return { total: t.total, total_quantity: t.quantity, total_value: fromCents(t.valueCents) };
    },

    /**
     * One entry as the API shows it, from memory while neither the collection nor the card
     * data changed (the page cache's keys, so the same writes from any process invalidate it).
     * The answer is frozen: it is shared by every read until then.
     */
    async get(userId: string, id: string): Promise<CollectionEntry> {
      if (!isUuid(id)) throw Errors.notFound('collection entry');
      // The versions are read before the row: a row read after them is at least as new as they say.
      const base = keyBaseOf(userId);
      const key = (base instanceof Promise ? await base : base).key + id;
      const hit = entries.get(key);
      if (hit !== undefined) return hit;
      const found = await reads.findWithCard(userId, id);
      if (!found) throw Errors.notFound('collection entry');
      const view = deepFreeze(toEntryView(found.entry, found.card));
      entries.set(key, view, jsonOf(view).length);
      return view;
    },
  };
}
