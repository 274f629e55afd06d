import { describe, expect, it } from 'vitest';
import { deckNeeds, type Held, type NeedLine } from '../../src/decks/needs.js';

const line = (o: Partial<NeedLine> & Pick<NeedLine, 'card_id'>): NeedLine => ({ oracle_id: `oracle-of-${o.card_id}`, name: o.card_id, board: 'main', quantity: 1, price_cents: 100, ...o });
const held = (card_id: string, quantity: number, oracle_id: string | null = `oracle-of-${card_id}`): Held => ({ card_id, oracle_id, quantity });

describe('deckNeeds', () => {
  it('needs the copies of all boards together, leaves the maybeboard out, and keeps deck order', () => {
    const lines = [line({ card_id: 'bolt', quantity: 4 }), line({ card_id: 'duress', board: 'maybe', quantity: 2 }), line({ card_id: 'negate', board: 'sideboard', quantity: 2 }), line({ card_id: 'bolt', board: 'sideboard', quantity: 1 })];
    const n = deckNeeds(lines, [held('bolt', 3)], 'card');
    expect(n.needs).toEqual([
      { card_id: 'bolt', name: 'bolt', boards: ['main', 'sideboard'], needed: 5, owned: 3, missing: 2 },
      { card_id: 'negate', name: 'negate', boards: ['sideboard'], needed: 2, owned: 0, missing: 2 },
    ]);
    expect([n.needed, n.owned, n.missing, n.missingCents, n.missingUnpriced]).toEqual([7, 3, 4, 400, 0]);
  });

  it('counts any printing of the card with match=card, only the deck\'s printing with match=printing', () => {
    const lines = [line({ card_id: 'teferi', oracle_id: 'T', quantity: 1 }), line({ card_id: 'teferi-star', oracle_id: 'T', quantity: 1 })];
    const collection = [held('teferi-star', 1, 'T'), held('teferi-promo', 2, 'T')];
    const byCard = deckNeeds(lines, collection, 'card');
    // Two printings of one card are one need, named by the first line's printing.
    expect(byCard.needs).toEqual([{ card_id: 'teferi', name: 'teferi', boards: ['main'], needed: 2, owned: 2, missing: 0 }]);
    const byPrinting = deckNeeds(lines, collection, 'printing');
    expect(byPrinting.needs.map((x) => [x.card_id, x.needed, x.owned, x.missing])).toEqual([
      ['teferi', 1, 0, 1],
      ['teferi-star', 1, 1, 0],
    ]);
  });

  it('caps owned at needed, so spare copies of one card make up for no other', () => {
    const n = deckNeeds([line({ card_id: 'a', quantity: 1 }), line({ card_id: 'b', quantity: 1 })], [held('a', 9)], 'card');
    expect([n.owned, n.missing]).toEqual([1, 1]);
  });

  it('treats a printing without an oracle id as a card of its own', () => {
    const lines = [line({ card_id: 'reversible', oracle_id: null, quantity: 2 })];
    expect(deckNeeds(lines, [held('reversible', 1, null), held('other', 5, null)], 'card').needs[0]).toMatchObject({ owned: 1, missing: 1 });
  });

  it('prices the missing copies at the first line\'s printing and counts the unpriced apart', () => {
    const lines = [line({ card_id: 'cheap', quantity: 3, price_cents: 25 }), line({ card_id: 'unpriced', quantity: 2, price_cents: null })];
    const n = deckNeeds(lines, [held('cheap', 1)], 'card');
    expect([n.missingCents, n.missingUnpriced]).toEqual([50, 2]);
  });
});
