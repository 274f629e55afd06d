import type { EventType } from '../events/types.js';

/**
 * Realistic `data` for test deliveries, shaped like the API's own objects
 * (contract section 4) so receivers can exercise their real parsing code.
 * Ids are fixed and recognisable; the X-Webhook-Test header marks the delivery.
 */
const card = {
  id: 'f29ba16f-c8fb-42fe-aabf-87089cb214a7',
  oracle_id: '4457ed35-7c10-48c8-9776-456485fdf070',
  name: 'Lightning Bolt',
  set: '2x2',
  set_name: 'Double Masters 2022',
  collector_number: '117',
  rarity: 'uncommon',
  lang: 'en',
  image_uris: {
    small: 'https://cards.scryfall.io/small/front/f/2/f29ba16f-c8fb-42fe-aabf-87089cb214a7.jpg?1673147852',
    normal: 'https://cards.scryfall.io/normal/front/f/2/f29ba16f-c8fb-42fe-aabf-87089cb214a7.jpg?1673147852',
    large: 'https://cards.scryfall.io/large/front/f/2/f29ba16f-c8fb-42fe-aabf-87089cb214a7.jpg?1673147852',
    png: 'https://cards.scryfall.io/png/front/f/2/f29ba16f-c8fb-42fe-aabf-87089cb214a7.png?1673147852',
    art_crop: 'https://cards.scryfall.io/art_crop/front/f/2/f29ba16f-c8fb-42fe-aabf-87089cb214a7.jpg?1673147852',
    border_crop: 'https://cards.scryfall.io/border_crop/front/f/2/f29ba16f-c8fb-42fe-aabf-87089cb214a7.jpg?1673147852',
  },
  prices: { usd: '1.28', usd_foil: '1.04', usd_etched: null, eur: '1.30', eur_foil: '1.45', tix: '0.56' },
};

const BINDER_ID = '0190f5a2-0000-7000-8000-00000000b1d0';
const ENTRY_ID = '0190f5a2-0000-7000-8000-0000000e0001';
const DECK_ID = '0190f5a2-0000-7000-8000-00000000dec0';

function binder(at: string) {
  return { id: BINDER_ID, name: 'Trade binder', description: 'Cards up for trade', position: 1, entry_count: 12, card_count: 31, created_at: at, updated_at: at };
}

function entry(at: string, quantity: number) {
  return {
    id: ENTRY_ID,
    card_id: card.id,
    card,
    quantity,
    condition: 'near_mint',
    finish: 'nonfoil',
    language: 'en',
    binder_id: BINDER_ID,
    purchase_price: '0.99',
    value: { currency: 'usd', unit: '1.28', total: (1.28 * quantity).toFixed(2) },
    tags: ['burn'],
    notes: null,
    created_at: at,
    updated_at: at,
  };
}

function deck(at: string) {
  return {
    id: DECK_ID,
    name: 'Mono-Red Burn',
    format: 'modern',
    visibility: 'private',
    description: 'Sample deck',
    owner: { username: 'sample-user' },
    cards: [{ card_id: card.id, card, quantity: 4, board: 'main' }],
    card_count: 4,
    legality: { legal: false, problems: [{ code: 'deck_too_small', message: 'A modern deck needs at least 60 cards in its main deck; this one has 4.' }] },
    created_at: at,
    updated_at: at,
  };
}

export function sampleData(type: EventType, at: string): unknown {
  switch (type) {
    case 'collection.entry.created':
      return entry(at, 2);
    case 'collection.entry.updated':
      return entry(at, 3);
    case 'collection.entry.deleted':
      return entry(at, 3);
    case 'deck.created':
    case 'deck.updated':
    case 'deck.deleted':
      return deck(at);
    case 'binder.created':
    case 'binder.updated':
    case 'binder.deleted':
      return binder(at);
    case 'price.alert.triggered':
      return {
        alert: {
          id: '0190f5a2-0000-7000-8000-0000000a1e47',
          card_id: card.id,
          finish: 'nonfoil',
          currency: 'usd',
          direction: 'above',
          threshold: '1.25',
          status: 'triggered',
          last_triggered_at: at,
          created_at: at,
          updated_at: at,
        },
        card,
        price: '1.28',
        previous_price: '1.19',
      };
    case 'export.completed': {
      const id = '0190f5a2-0000-7000-8000-0000000e4907';
      return {
        id,
        source: 'binder',
        format: 'moxfield_csv',
        binder_id: BINDER_ID,
        deck_id: null,
        q: null,
        status: 'completed',
        row_count: 12,
        size_bytes: 1834,
        download_url: `/api/v1/exports/${id}/download`,
        expires_at: new Date(Date.parse(at) + 7 * 24 * 3600_000).toISOString(),
        expired: false,
        error: null,
        created_at: at,
        started_at: at,
        completed_at: at,
      };
    }
  }
}
