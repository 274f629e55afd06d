import type { CardRow } from '../db/schema.js';
import { toCardSummary } from '../cards/view.js';
import type { CardSummary } from '../cards/schemas.js';
import type { ExportLine } from './decklist.js';
import { checkLegality, type LegalityCard } from './legality.js';
import type { Board, Deck, DeckFormat, Visibility } from './schemas.js';
import type { DeckCardRow, DeckRow } from './store.js';

/** A card row with the Scryfall facts decks need, parsed once per request. */
export interface DeckCardFacts {
  /** The printing's columns (its Scryfall JSON is read once, into the facts below). */
  row: Omit<CardRow, 'data'>;
  summary: CardSummary;
  type_line: string | null;
  oracle_text: string | null;
  legalities: Record<string, string>;
  color_identity: string[];
  keywords: string[];
  /** MTGO's catalog id, for `.dek` files; null for a card not on MTGO. */
  mtgo_id: number | null;
}

interface ScryfallFacts {
  type_line?: unknown;
  oracle_text?: unknown;
  legalities?: unknown;
  color_identity?: unknown;
  keywords?: unknown;
  mtgo_id?: unknown;
  card_faces?: Array<{ oracle_text?: unknown }>;
}

function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

function stringRecord(v: unknown): Record<string, string> {
  if (!v || typeof v !== 'object') return {};
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

export function cardFacts(row: Omit<CardRow, 'data'>, data: string): DeckCardFacts {
  const raw = JSON.parse(data) as ScryfallFacts & Parameters<typeof toCardSummary>[1];
  const faceText = Array.isArray(raw.card_faces) ? raw.card_faces.map((f) => (typeof f.oracle_text === 'string' ? f.oracle_text : '')).join('\n') : '';
  return {
    row,
    summary: toCardSummary(row, raw),
    type_line: typeof raw.type_line === 'string' ? raw.type_line : null,
    oracle_text: typeof raw.oracle_text === 'string' ? raw.oracle_text : faceText || null,
    legalities: stringRecord(raw.legalities),
    color_identity: stringList(raw.color_identity),
    keywords: stringList(raw.keywords),
    mtgo_id: typeof raw.mtgo_id === 'number' && Number.isSafeInteger(raw.mtgo_id) ? raw.mtgo_id : null,
  };
}

/** The deck exactly as the API returns it; legality is computed from the current card data. */
export function toDeck(deck: DeckRow, lines: readonly DeckCardRow[], cards: ReadonlyMap<string, DeckCardFacts>): Deck {
  const format = deck.format as DeckFormat;
  // Lines whose card is gone from the card database are left out.
  const present = lines.flatMap((l) => {
    const c = cards.get(l.card_id);
    return c ? [{ l, c }] : [];
  });
  const legalityCards: LegalityCard[] = present.map(({ l, c }) => {
    return {
      card_id: l.card_id,
      name: c.row.name,
      quantity: l.quantity,
      board: l.board as Board,
      type_line: c.type_line,
      oracle_text: c.oracle_text,
      legalities: c.legalities,
      color_identity: c.color_identity,
      keywords: c.keywords,
    };
  });
  return {
    id: deck.id,
    name: deck.name,
    format,
    visibility: deck.visibility as Visibility,
    description: deck.description,
    owner: { username: deck.owner_username },
    cards: present.map(({ l, c }) => ({ card_id: l.card_id, card: c.summary, quantity: l.quantity, board: l.board as Board })),
    card_count: present.filter(({ l }) => l.board === 'main' || l.board === 'commander').reduce((n, { l }) => n + l.quantity, 0),
    legality: checkLegality(format, legalityCards),
    created_at: deck.created_at,
    updated_at: deck.updated_at,
  };
}

export function toExportLines(lines: readonly DeckCardRow[], cards: ReadonlyMap<string, DeckCardFacts>): Array<ExportLine & { mtgo_id: number | null }> {
  return lines.flatMap((l) => {
    const c = cards.get(l.card_id);
    if (!c) return [];
    const { row } = c;
    return [{ quantity: l.quantity, board: l.board as Board, name: row.name, layout: row.layout, set: row.set_code, collector_number: row.collector_number, mtgo_id: c.mtgo_id }];
  });
}
