/**
 * Card-level facts (legality, colours, rules text ...) are kept once per card. Scryfall's bulk
 * files agree on them across a card's printings, but a file assembled from several snapshots
 * (the demo data) or a partial import may not: the search then takes them from the printing
 * it shows for the card, so a filter never disagrees with the card it lists.
 */
import { describe, expect, it } from 'vitest';
import { searchPage } from '../../src/cards/search/paging.js';
import { parseQuery } from '../../src/cards/search/parser.js';
import { demoCard, demoCards, indexOf, reprintOf } from '../helpers/card-index.js';

function shownIn(index: ReturnType<typeof indexOf>) {
  return (q: string) => searchPage(index, parseQuery(q), { q, limit: 200 }).rows.map((i) => `${index.names[i]} (${index.setCode.get(i)})`);
}

describe('card-level facts when the printings of one card disagree within one import', () => {
  it('takes the legality from the printing a search shows, not from the first one read (God-Eternal Bontu in the demo data)', () => {
    // Read in the order a build reads the stored facts: by printing id.
    const shown = shownIn(indexOf(demoCards().sort((a, b) => String(a.id).localeCompare(String(b.id)))));
    // War of the Spark's printing says standard: legal; the promo (read first, by id) says not_legal.
    expect(shown('!"God-Eternal Bontu"')).toEqual(['God-Eternal Bontu (war)']);
    expect(shown('f:standard e:war t:god')).toContain('God-Eternal Bontu (war)');
    expect(shown('-f:standard e:war t:god')).not.toContain('God-Eternal Bontu (war)');
  });

  it('lets a printing read first whose card part differs change nothing about the card shown', () => {
    const cards = demoCards();
    const bolt = demoCard(cards, 'Lightning Bolt', '2x2');
    const legalities = { ...(bolt.legalities as Record<string, string>), standard: 'legal' };
    // A promo of it, read before every other printing, that claims Standard legality.
    const promo = reprintOf(bolt, { set: 'pbolt', set_name: 'Bolt Promos', collector_number: '1', promo: true, legalities });
    const shown = shownIn(indexOf([promo, ...cards]));
    expect(shown('!"Lightning Bolt"')).not.toContain('Lightning Bolt (pbolt)');
    expect(shown('f:standard !"Lightning Bolt"')).toEqual([]);
    expect(shown('f:modern !"Lightning Bolt"')).toHaveLength(1);
  });
});
