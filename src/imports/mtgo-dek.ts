import type { DecklistEntry, ParsedDecklist } from '../decks/decklist.js';

const CARDS = /<Cards\b([^>]*?)\/?>/g;
const ATTRIBUTE = /([A-Za-z]+)\s*=\s*"([^"]*)"/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
    if (e[0] !== '#') return ENTITIES[e.toLowerCase()] ?? '';
    return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });
}

/**
 * Reads MTGO's `.dek` XML into decklist lines (as parseDecklist does for text): each
 * `<Cards Quantity Sideboard Name>` element is a line; CatID is MTGO's own id and only
 * the name is what other decklists share with it. A regular expression is enough for this flat, attribute-only format.
 */
export interface DekEntry extends DecklistEntry {
  /** MTGO's catalog id (Scryfall's `mtgo_id`), when the element has one. */
  catId?: number;
}

export function parseMtgoDek(xml: string): { entries: DekEntry[]; errors: ParsedDecklist['errors'] } {
  const entries: DekEntry[] = [];
  const errors: ParsedDecklist['errors'] = [];
  for (const m of xml.matchAll(CARDS)) {
    const line = xml.slice(0, m.index).split('\n').length;
    const attrs = new Map([...(m[1] ?? '').matchAll(ATTRIBUTE)].map((a) => [(a[1] ?? '').toLowerCase(), unescapeXml(a[2] ?? '')]));
    const quantity = Number(attrs.get('quantity'));
    const name = attrs.get('name')?.trim();
    if (!name || !Number.isSafeInteger(quantity) || quantity < 1) {
      errors.push({ line, message: `line ${line}: a <Cards> element needs a Name and a positive Quantity` });
      continue;
    }
    const catId = Number(attrs.get('catid'));
    const board = attrs.get('sideboard')?.toLowerCase() === 'true' ? 'sideboard' : 'main';
    entries.push({ line, quantity, name, board, ...(Number.isSafeInteger(catId) && catId > 0 ? { catId } : {}) });
  }
  return { entries, errors };
}
