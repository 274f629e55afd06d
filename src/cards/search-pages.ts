/**
 * Search pages as finished bytes. Each card is rendered once per index build (`toCard`,
 * exactly the Card schema's fields) into UTF-8 JSON (and, once a client asks for gzip, a
 * gzip piece), kept in a cache bounded by bytes, and dropped when the index is rebuilt, so a cached card never
 * disagrees with the index that found it. A page is the cards' bytes laid end to end:
 * no row fetch, JSON parse or serialisation for cards already rendered, and gzip for
 * the cost of a copy (`src/lib/gzip-concat.ts`).
 */
import { gzipConcat, gzipPiece, storedPiece, type GzipPiece } from '../lib/gzip-concat.js';
import type { SearchPage } from './search/engine.js';
import type { CardStore } from './store.js';
import { toCard } from './view.js';

interface RenderedCard {
  json: Buffer;
  /** Compressed when a client first asks for gzip. */
  gzip?: GzipPiece;
}

const gzipOf = (card: RenderedCard): GzipPiece => (card.gzip ??= gzipPiece(card.json));

/** A page of search results: its JSON body and that body gzipped, each made on demand. */
export interface RenderedPage {
  /** Bytes of the JSON body. */
  length: number;
  body(): Buffer;
  gzip(): Buffer;
}

const OPEN = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');
const OPEN_GZIP = gzipPiece(OPEN);
const COMMA_GZIP = gzipPiece(COMMA);

/** `first`, then `items` with `separator` between them, then `last`. */
function joined<T>(first: T, items: readonly T[], separator: T, last: T): T[] {
  const out: T[] = [first];
  items.forEach((item, k) => {
    if (k > 0) out.push(separator);
    out.push(item);
  });
  out.push(last);
  return out;
}

interface Entry {
  card: RenderedCard;
  bytes: number;
  /** Read since the last eviction pass looked at it ("second chance"). */
  used: boolean;
}

/**
 * Rendered cards by id, bounded by bytes. A hit only marks the entry used (a page reads 50
 * of them: no reordering on every read); eviction walks from the oldest, dropping entries
 * not used since the last walk and giving used ones another round.
 */
class RenderedCards {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(id: string): RenderedCard | undefined {
    const e = this.entries.get(id);
    if (!e) return undefined;
    e.used = true;
    return e.card;
  }

  set(id: string, card: RenderedCard, bytes: number): void {
    this.entries.set(id, { card, bytes, used: false });
    this.bytes += bytes;
    for (const [key, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      if (e.used && key !== id) {
        e.used = false;
        this.entries.set(key, e);
      } else {
        this.bytes -= e.bytes;
      }
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

export function createSearchPages(deps: { cards: CardStore; maxBytes?: number }) {
  const cache = new RenderedCards(deps.maxBytes ?? 128 * 1024 * 1024);
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
        const card: RenderedCard = { json };
        // Counted with room for its gzip piece (about half the JSON).
        cache.set(id, card, Math.round(json.length * 1.5) + 200);
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
      let length = OPEN.length + tail.length + Math.max(0, cards.length - 1);
      for (const c of cards) length += c.json.length;
      return {
        length,
        body: () => Buffer.concat(joined(OPEN, cards.map((c) => c.json), COMMA, tail), length),
        // The meta part is made per request and small: stored, not compressed.
        gzip: () => gzipConcat(joined(OPEN_GZIP, cards.map(gzipOf), COMMA_GZIP, storedPiece(tail))),
      };
    },
  };
}
