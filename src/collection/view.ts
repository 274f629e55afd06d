import type { CardSummary } from '../cards/schemas.js';
import type { CardRow } from '../db/schema.js';
import { cardRowKey, toCardSummary, usdCentsFor } from '../cards/view.js';
import { fromCents } from '../lib/money.js';
import { LruCache } from '../lib/lru-cache.js';
import type { CollectionEntry } from './schemas.js';
import type { EntryRow } from './store.js';

// Parsing a card's Scryfall JSON for its image URIs dominates building an entry; the key
// holds every column the summary shows, so a re-imported or re-priced card misses.
const summaries = new LruCache<CardSummary>(5_000);

const summaryKey = cardRowKey;

/** The summary of a card already built from these very columns, if it is still cached (its JSON is not needed then). */
export function cachedSummaryOf(card: Omit<CardRow, 'data'>): CardSummary | undefined {
  return summaries.get(summaryKey(card));
}

export function cardSummaryOf(card: CardRow): CardSummary {
  const key = summaryKey(card);
  let s = summaries.get(key);
  if (!s) {
    s = toCardSummary(card);
    summaries.set(key, s);
  }
  return s;
}

/** Tags are stored as a JSON array we wrote ourselves; anything else reads as no tags. */
export function parseTags(raw: string): string[] {
  const parsed: unknown = JSON.parse(raw);
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
}

export function cardFinishes(card: Pick<CardRow, 'finishes'>): string[] {
  const parsed: unknown = JSON.parse(card.finishes);
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
}

/** Total value in cents of an entry, or null when the card has no USD price for its finish. */
export function valueCents(card: Pick<CardRow, 'price_usd' | 'price_usd_foil' | 'price_usd_etched'>, finish: string, quantity: number): number | null {
  const unit = usdCentsFor(card, finish);
  return unit === null ? null : unit * quantity;
}

/** The entry exactly as the API (and every event about it) shows it. Key order follows the schema. */
export function toEntryView(e: EntryRow, card: CardRow, summary: CardSummary = cardSummaryOf(card)): CollectionEntry {
  const unit = usdCentsFor(card, e.finish);
  return {
    id: e.id,
    card_id: e.card_id,
    card: summary,
    quantity: e.quantity,
    condition: e.condition,
    finish: e.finish,
    language: e.language,
    binder_id: e.binder_id,
    purchase_price: fromCents(e.purchase_price),
    value: unit === null ? null : { currency: 'usd', unit: fromCents(unit), total: fromCents(unit * e.quantity) },
    tags: parseTags(e.tags),
    notes: e.notes,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}
