/**
 * Search pages as finished bytes. Each card is rendered once per index build (`toCard`,
 * exactly the Card schema's fields) into UTF-8 JSON and a gzip piece, kept in an LRU
 * bounded by bytes, and dropped when the index is rebuilt, so a cached card never
 * disagrees with the index that found it. A page is the cards' bytes laid end to end:
 * no row fetch, JSON parse or serialisation for cards already rendered, and gzip for
 * the cost of a copy (`src/lib/gzip-concat.ts`).
 */
import { gzipConcat, gzipPiece, type GzipPiece } from '../lib/gzip-concat.js';
import { LruCache } from '../lib/lru-cache.js';
import type { SearchPage } from './search/engine.js';
import type { CardStore } from './store.js';
import { toCard } from './view.js';

interface RenderedCard {
  json: Buffer;
  gzip: GzipPiece;
}

/** A page of search results: its JSON body, and that body gzipped on demand. */
export interface RenderedPage {
  body: Buffer;
  gzip(): Buffer;
}

const OPEN = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');
const OPEN_GZIP = gzipPiece(OPEN);
const COMMA_GZIP = gzipPiece(COMMA);

/** `items` with `separator` between them. */
function joined<T>(items: readonly T[], separator: T): T[] {
  return items.flatMap((item, k) => (k === 0 ? [item] : [separator, item]));
}

export function createSearchPages(deps: { cards: CardStore; maxBytes?: number }) {
  const cache = new LruCache<RenderedCard>(Number.MAX_SAFE_INTEGER, deps.maxBytes ?? 128 * 1024 * 1024);
  let generation = -1;

  async function cardsOf(page: SearchPage): Promise<RenderedCard[]> {
    if (page.generation !== generation) {
      // Another index build: its cards may have changed.
      cache.clear();
      generation = page.generation;
    }
    const found = page.ids.map((id) => cache.get(id));
    const missing = page.ids.filter((_, k) => found[k] === undefined);
    if (missing.length) {
      const rows = new Map((await deps.cards.findByIds(missing)).map((r) => [r.id, r]));
      page.ids.forEach((id, k) => {
        const row = found[k] === undefined ? rows.get(id) : undefined;
        if (!row) return;
        const json = Buffer.from(JSON.stringify(toCard(row)));
        const card = { json, gzip: gzipPiece(json) };
        cache.set(id, card, json.length + card.gzip.deflated.length + 200);
        found[k] = card;
      });
    }
    return found.filter((c): c is RenderedCard => c !== undefined);
  }

  return {
    async render(page: SearchPage): Promise<RenderedPage> {
      const cards = await cardsOf(page);
      const meta = { total: page.total, next_cursor: page.next_cursor, order: page.order, dir: page.dir, unique: page.unique };
      const tail = Buffer.from(`],"meta":${JSON.stringify(meta)}}`);
      return {
        body: Buffer.concat([OPEN, ...joined(cards.map((c) => c.json), COMMA), tail]),
        gzip: () => gzipConcat([OPEN_GZIP, ...joined(cards.map((c) => c.gzip), COMMA_GZIP), gzipPiece(tail)]),
      };
    },
  };
}
