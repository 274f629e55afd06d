import type { Board } from './schemas.js';

/** `card`: any printing of the card counts (a player's view); `printing`: only the deck's own printing (a collector's). */
export type NeedsMatch = 'card' | 'printing';

/** One line of a deck, with what checking it against a collection needs to know of its printing. */
export interface NeedLine {
  card_id: string;
  oracle_id: string | null;
  name: string;
  board: Board;
  quantity: number;
  /** The printing's cheapest USD price over its finishes, in cents; null when it has none. */
  price_cents: number | null;
}

/** Copies held of one printing. */
export interface Held {
  card_id: string;
  oracle_id: string | null;
  quantity: number;
}

export interface Need {
  card_id: string;
  name: string;
  boards: Board[];
  needed: number;
  owned: number;
  missing: number;
}

export interface Needs {
  needs: Need[];
  needed: number;
  owned: number;
  missing: number;
  missingCents: number;
  /** Missing copies whose printing has no USD price (they add nothing to `missingCents`). */
  missingUnpriced: number;
}

/**
 * What a deck needs that a collection lacks. Lines of one card (or printing, by `match`) are
 * needed together whatever their board, since one copy cannot sit in two; the maybeboard is not
 * part of the deck. `owned` is capped at `needed`: extra copies do not make up for other cards.
 * A printing without an oracle id is a card of its own. In deck order of first appearance.
 */
export function deckNeeds(lines: readonly NeedLine[], held: readonly Held[], match: NeedsMatch): Needs {
  const keyOf = (card: { card_id: string; oracle_id: string | null }) => (match === 'card' && card.oracle_id ? `o:${card.oracle_id}` : `p:${card.card_id}`);
  const copies = new Map<string, number>();
  for (const h of held) copies.set(keyOf(h), (copies.get(keyOf(h)) ?? 0) + h.quantity);
  const groups = new Map<string, Need & { price: number | null }>();
  for (const l of lines) {
    if (l.board === 'maybe') continue;
    const key = keyOf(l);
    const g = groups.get(key);
    if (g) {
      g.needed += l.quantity;
      if (!g.boards.includes(l.board)) g.boards.push(l.board);
    } else groups.set(key, { card_id: l.card_id, name: l.name, boards: [l.board], needed: l.quantity, owned: 0, missing: 0, price: l.price_cents });
  }
  const out: Needs = { needs: [], needed: 0, owned: 0, missing: 0, missingCents: 0, missingUnpriced: 0 };
  for (const [key, g] of groups) {
    const owned = Math.min(g.needed, copies.get(key) ?? 0);
    const missing = g.needed - owned;
    out.needs.push({ card_id: g.card_id, name: g.name, boards: g.boards, needed: g.needed, owned, missing });
    out.needed += g.needed;
    out.owned += owned;
    out.missing += missing;
    if (g.price === null) out.missingUnpriced += missing;
    else out.missingCents += missing * g.price;
  }
  return out;
}
