import { describe, expect, it } from 'vitest';
import { shapeCard } from '../../src/cards/feed-shape.js';

describe('the nested shapes of a feed card', () => {
  it('leaves a card of Scryfall\u2019s shapes untouched, and says so (its text is stored as read)', () => {
    const card = { name: 'Fire // Ice', image_uris: { small: 'a' }, legalities: { modern: 'legal' }, card_faces: [{ name: 'Fire', image_uris: { small: 'b' } }, { name: 'Ice' }] };
    const before = structuredClone(card);
    expect(shapeCard(card)).toBe(false);
    expect(card).toEqual(before);
    expect(shapeCard({ name: 'No faces', card_faces: null, image_uris: null })).toBe(false);
  });

  it('drops faces that are not objects, and a face list that is not a list', () => {
    const listed: Record<string, unknown> = { card_faces: [null, 'x', [1], { name: 'Ice' }] };
    expect(shapeCard(listed)).toBe(true);
    expect(listed.card_faces).toEqual([{ name: 'Ice' }]);
    const text: Record<string, unknown> = { card_faces: 'oops' };
    expect(shapeCard(text)).toBe(true);
    expect('card_faces' in text).toBe(false);
  });

  it('keeps only the string values of image and legality maps, the card\u2019s and each face\u2019s', () => {
    const card: Record<string, unknown> = { image_uris: 'http://x', legalities: { standard: 5, modern: 'legal' }, card_faces: [{ image_uris: { small: 's', large: 7 } }] };
    expect(shapeCard(card)).toBe(true);
    expect(card).toEqual({ legalities: { modern: 'legal' }, card_faces: [{ image_uris: { small: 's' } }] });
  });
});
