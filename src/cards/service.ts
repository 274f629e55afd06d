import { Errors, type FieldError } from '../errors.js';
import { cursorFor, paginate } from '../lib/cursor.js';
import type { Clock } from '../lib/clock.js';
import { fromCents } from '../lib/money.js';
import { PRICE_COLUMNS } from './prices.js';
import type { Card, CardPrices, CardSet, CardSummary, Identifier, PriceQuery, Ruling, SearchQuery } from './schemas.js';
import type { CardSearch, CardIdentifier } from './search/engine.js';
import { ORDERS, type Order } from './search/parser.js';
import type { CardRow } from '../db/schema.js';
import { createSearchPages, type RenderedPage } from './search-pages.js';
import type { CardStore, PrintingKey } from './store.js';
import { toCard, toCardSummary } from './view.js';

export interface Page<T, M = unknown> {
  data: T[];
  meta: { total: number; next_cursor: string | null } & M;
}

function toSet(row: { code: string; name: string; set_type: string | null; released_at: string | null; card_count: number; icon_svg_uri: string | null }): CardSet {
  return { code: row.code, name: row.name, set_type: row.set_type, released_at: row.released_at, card_count: Number(row.card_count), icon_svg_uri: row.icon_svg_uri };
}

/** Which identifier kinds Scryfall's /cards/collection accepts, alone or in these pairs. */
function identifierProblem(ident: Identifier): string | undefined {
  const keys = Object.keys(ident).sort().join('+');
  const ok = ['id', 'mtgo_id', 'multiverse_id', 'oracle_id', 'illustration_id', 'name', 'name+set', 'collector_number+set'];
  return ok.includes(keys) ? undefined : `use one of: ${ok.join(', ')} (got ${keys || 'nothing'})`;
}

const SETS_CURSOR = cursorFor('sets:released', ['string', 'string']);

export function createCardService(deps: {
  clock: Clock;
  store: CardStore;
  search: CardSearch;
  renderedCardBytes?: number;
  /** A number in [0, 1) for `GET /cards/random` (injected by tests). */
  random?: () => number;
}) {
  const cards = deps.store;
  const search = deps.search;
  const pages = createSearchPages({ cards, maxBytes: deps.renderedCardBytes });

  async function mustGet(id: string): Promise<CardRow> {
    // Scryfall's ids are lower case; a UUID is the same in either case (RFC 9562).
    const row = await cards.findById(id.toLowerCase());
    if (!row) throw Errors.notFound('card');
    return row;
  }

  return {
    async get(id: string): Promise<Card> {
      return toCard(await mustGet(id));
    },
    async getRow(id: string): Promise<CardRow | undefined> {
      return cards.findById(id);
    },
    async summaries(ids: readonly string[]): Promise<Map<string, CardSummary>> {
      const rows = await cards.findByIds([...new Set(ids)]);
      return new Map(rows.map((r) => [r.id, toCardSummary(r)]));
    },
    async count(): Promise<number> {
      return cards.count();
    },

    /**
     * A page of search results as the finished JSON envelope `{data: Card[], meta}`, and
     * gzipped, from cards rendered once per index build (`search-pages.ts`).
     */
    async searchPage(query: SearchQuery): Promise<RenderedPage> {
      const order = (ORDERS as readonly string[]).includes(query.order ?? '') ? (query.order as Order) : undefined;
      const include = { extras: query.include_extras, multilingual: query.include_multilingual, variations: query.include_variations };
      const page = await search.search({ q: query.q, unique: query.unique, order, dir: query.dir, limit: query.limit ?? 50, cursor: query.cursor, include });
      return pages.render(page);
    },

    /** Every printing sharing the card's oracle id, newest first. */
    async printings(id: string, query: { limit?: number; cursor?: string }): Promise<Page<Card>> {
      const card = await mustGet(id);
      if (!card.oracle_id) return { data: [toCard(card)], meta: { total: 1, next_cursor: null } };
      const limit = query.limit ?? 50;
      const cursor = cursorFor(`printings:${card.oracle_id}`, ['string', 'string', 'string', 'string']);
      let after: PrintingKey | undefined;
      if (query.cursor) {
        const [released, set, collectorNumber, lastId] = cursor.decode(query.cursor);
        after = { released, set, collectorNumber, id: lastId };
      }
      const rows = await cards.printingsOf(card.oracle_id, after, limit + 1);
      const page = paginate(rows, limit, (last) => cursor.encode([last.released_at ?? '', last.set_code, last.collector_number, last.id]));
      return { data: page.items.map(toCard), meta: { total: await cards.countPrintings(card.oracle_id), next_cursor: page.next_cursor } };
    },

    /** Rulings by oracle id, so every printing shares them; oldest first. */
    async rulings(id: string, query: { limit?: number; cursor?: string }): Promise<Page<Ruling>> {
      const card = await mustGet(id);
      if (!card.oracle_id) return { data: [], meta: { total: 0, next_cursor: null } };
      const limit = query.limit ?? 50;
      const cursor = cursorFor(`rulings:${card.oracle_id}`, ['string', 'string']);
      let after: { published: string; id: string } | undefined;
      if (query.cursor) {
        const [published, lastId] = cursor.decode(query.cursor);
        after = { published, id: lastId };
      }
      const rows = await cards.rulingsOf(card.oracle_id, after, limit + 1);
      const page = paginate(rows, limit, (last) => cursor.encode([last.published_at, last.id]));
      return {
        data: page.items.map((r) => ({ oracle_id: r.oracle_id, source: r.source, published_at: r.published_at, comment: r.comment })),
        meta: { total: await cards.countRulings(card.oracle_id), next_cursor: page.next_cursor },
      };
    },

    /** Current prices per finish and currency (as of the last import) and the recorded history. */
    async prices(id: string, query: PriceQuery): Promise<CardPrices> {
      if (query.from && query.to && query.from > query.to) {
        throw Errors.validation([{ field: 'from', code: 'invalid_range', message: 'must not be after to' }]);
      }
      const card = await mustGet(id);
      // The import that set the current prices dates them, whatever window of history was asked for.
      const [points, recordedAsOf] = await Promise.all([cards.priceHistory(id, query), cards.pricesAsOf(id)]);
      const asOf = recordedAsOf ?? null;
      const series = new Map<string, CardPrices['history'][number]>();
      for (const p of points) {
        const k = `${p.finish}/${p.currency}`;
        let s = series.get(k);
        if (!s) {
          s = { finish: p.finish, currency: p.currency, points: [] };
          series.set(k, s);
        }
        s.points.push({ date: p.date, price: fromCents(p.cents) });
      }
      const current: CardPrices['current'] = [];
      for (const c of PRICE_COLUMNS) {
        const cents = card[c.column];
        if (cents === null) continue;
        if (query.finish && query.finish !== c.finish) continue;
        if (query.currency && query.currency !== c.currency) continue;
        current.push({ finish: c.finish, currency: c.currency, price: fromCents(cents), as_of: asOf });
      }
      return { card_id: id, current, history: [...series.values()] };
    },

    async named(query: { exact?: string; fuzzy?: string; set?: string }): Promise<Card> {
      if ((query.exact === undefined) === (query.fuzzy === undefined)) {
        throw Errors.validation([{ field: 'exact', code: 'required', message: 'give exactly one of exact= or fuzzy=' }]);
      }
      const id = await search.named(query);
      return toCard(await mustGet(id));
    },

    /** Scryfall's `/cards/{code}/{number}[/{lang}]`: a printing by set code and collector number. */
    async byNumber(set: string, number: string, lang?: string): Promise<Card> {
      const id = await search.byNumber(set, number, lang);
      if (!id) throw Errors.notFound('card');
      return toCard(await mustGet(id));
    },

    /** Scryfall's `/cards/random`: one of the cards a search for `q` lists (of every card without one), each as likely. */
    async random(query: { q?: string; unique?: 'cards' | 'prints' | 'art' }): Promise<Card> {
      const id = await search.random(query.q, query.unique, deps.random ?? Math.random);
      if (!id) throw Errors.notFound('card');
      return toCard(await mustGet(id));
    },

    async autocomplete(query: { q: string; include_extras?: boolean }): Promise<{ names: string[]; total: number }> {
      return search.autocomplete(query.q, query.include_extras === true);
    },

    /** Scryfall's POST /cards/collection: the cards found, in request order, and the identifiers that were not. */
    async collection(identifiers: Identifier[]): Promise<{ data: Card[]; meta: { not_found: Identifier[] } }> {
      const problems: FieldError[] = [];
      identifiers.forEach((ident, i) => {
        const p = identifierProblem(ident);
        if (p) problems.push({ field: `identifiers[${i}]`, code: 'invalid_identifier', message: p });
      });
      if (problems.length) throw Errors.validation(problems);
      const ids = await search.resolve(identifiers as CardIdentifier[]);
      const rows = new Map((await cards.findByIds(ids.filter((x): x is string => !!x))).map((r) => [r.id, r]));
      const data: Card[] = [];
      const not_found: Identifier[] = [];
      identifiers.forEach((identifier, i) => {
        const id = ids[i];
        const row = id ? rows.get(id) : undefined;
        if (row) data.push(toCard(row));
        else not_found.push(identifier);
      });
      return { data, meta: { not_found } };
    },

    /** Sets, newest first; keyset on (released_at, code). Sets number in the hundreds, so this sorts in memory. */
    async sets(query: { limit?: number; cursor?: string }): Promise<Page<CardSet>> {
      const limit = query.limit ?? 50;
      const all = (await cards.listSets()).sort((a, b) => {
        const ra = a.released_at ?? '';
        const rb = b.released_at ?? '';
        return ra !== rb ? (ra < rb ? 1 : -1) : a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
      });
      let start = 0;
      if (query.cursor) {
        const [released, code] = SETS_CURSOR.decode(query.cursor);
        start = all.findIndex((s) => {
          const r = s.released_at ?? '';
          return r < released || (r === released && s.code > code);
        });
        if (start < 0) start = all.length;
      }
      const page = all.slice(start, start + limit);
      const last = page[page.length - 1];
      return {
        data: page.map(toSet),
        meta: { total: all.length, next_cursor: start + limit < all.length && last ? SETS_CURSOR.encode([last.released_at ?? '', last.code]) : null },
      };
    },

    async set(code: string): Promise<CardSet> {
      const row = await cards.findSet(code.toLowerCase());
      if (!row) throw Errors.notFound('set');
      return toSet(row);
    },
  };
}

export type CardService = ReturnType<typeof createCardService>;
