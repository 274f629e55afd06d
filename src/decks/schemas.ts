import { Type, type Static } from '@sinclair/typebox';
import { CardSummary } from '../cards/schemas.js';
import { Nullable, PageQuery, Timestamp } from '../http/schemas.js';

export const DECK_FORMATS = [
  'standard',
  'pioneer',
  'modern',
  'legacy',
  'vintage',
  'pauper',
  'commander',
  'brawl',
  'historic',
  'oathbreaker',
  'limited',
  'casual',
] as const;
export type DeckFormat = (typeof DECK_FORMATS)[number];

export const VISIBILITIES = ['private', 'unlisted', 'public'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const BOARDS = ['main', 'sideboard', 'commander', 'maybe'] as const;
export type Board = (typeof BOARDS)[number];

export const EXPORT_STYLES = ['arena', 'mtgo', 'text'] as const;
export type ExportStyle = (typeof EXPORT_STYLES)[number];

/** Quantities per (card, board) line; merged duplicates must stay inside this too. */
export const MAX_QUANTITY = 999;
/** Distinct (card, board) lines per deck: far above any real format, low enough to bound a request. */
export const MAX_DECK_LINES = 500;
export const MAX_NAME_LENGTH = 100;
export const MAX_DESCRIPTION_LENGTH = 5000;
export const MAX_DECKLIST_TEXT = 100_000;

// A JSON-schema `enum`: one clear "must be one of" error, and a precise TypeScript union.
const literals = <T extends readonly string[]>(values: T, options: { description?: string; default?: T[number] } = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

export const DeckFormatSchema = literals(DECK_FORMATS, { description: 'Game format the deck is built for; drives the legality check.' });
const VISIBILITY_DOC =
  '`private` (default): owner only. `unlisted`: anyone with the id and `decks:read`. `public`: also listed on `GET /users/{username}/decks`.';
export const VisibilitySchema = literals(VISIBILITIES, { description: VISIBILITY_DOC });
export const BoardSchema = literals(BOARDS, { description: 'Which part of the deck the line belongs to.' });

const Name = Type.String({ minLength: 1, maxLength: MAX_NAME_LENGTH, description: 'Deck name, 1 to 100 characters (not blank).' });
const Description = Nullable(Type.String({ maxLength: MAX_DESCRIPTION_LENGTH, description: 'Free text, up to 5,000 characters.' }));

export const DeckCardInput = Type.Object(
  {
    card_id: Type.String({ minLength: 1, maxLength: 100, description: 'A card printing id (Scryfall UUID).' }),
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_QUANTITY, default: 1, description: 'Copies, 1 to 999 (default 1).' })),
    board: Type.Optional(literals(BOARDS, { default: 'main', description: '`main` (default), `sideboard`, `commander` or `maybe`.' })),
  },
  { additionalProperties: false },
);
export type DeckCardInput = Static<typeof DeckCardInput>;

const DeckCardsInput = Type.Array(DeckCardInput, {
  maxItems: MAX_DECK_LINES,
  description:
    'The whole decklist. Lines with the same `card_id` and `board` are merged by adding their quantities (the sum must stay within 999).',
});

export const DeckCreateBody = Type.Object(
  {
    name: Name,
    format: DeckFormatSchema,
    visibility: Type.Optional(literals(VISIBILITIES, { default: 'private', description: VISIBILITY_DOC })),
    description: Type.Optional(Description),
    cards: Type.Optional(DeckCardsInput),
  },
  { additionalProperties: false },
);
export type DeckCreateBody = Static<typeof DeckCreateBody>;

export const DeckPatchBody = Type.Object(
  {
    name: Type.Optional(Name),
    format: Type.Optional(DeckFormatSchema),
    visibility: Type.Optional(VisibilitySchema),
    description: Type.Optional(Description),
    cards: Type.Optional(Type.Array(DeckCardInput, { maxItems: MAX_DECK_LINES, description: 'When present, REPLACES the whole decklist.' })),
  },
  { additionalProperties: false },
);
export type DeckPatchBody = Static<typeof DeckPatchBody>;

export const DeckImportBody = Type.Object(
  {
    name: Name,
    format: DeckFormatSchema,
    visibility: Type.Optional(literals(VISIBILITIES, { default: 'private', description: VISIBILITY_DOC })),
    description: Type.Optional(Description),
    text: Type.String({
      minLength: 1,
      maxLength: MAX_DECKLIST_TEXT,
      description: 'Arena or MTGO decklist text, e.g. `4 Lightning Bolt (M11) 146`, with optional `Deck`/`Sideboard`/`Commander`/`Maybeboard` sections.',
    }),
  },
  { additionalProperties: false },
);
export type DeckImportBody = Static<typeof DeckImportBody>;

export const LegalityProblem = Type.Object({
  code: Type.String({ description:
      'not_legal, banned, restricted, too_many_copies, deck_too_small, deck_too_large, sideboard_too_large, commander_missing, invalid_commander, too_many_commanders, signature_spell_missing, color_identity' }),
  message: Type.String(),
  card_id: Type.Optional(Type.String()),
});
export type LegalityProblem = Static<typeof LegalityProblem>;

export const Legality = Type.Object({
  legal: Type.Boolean(),
  problems: Type.Array(LegalityProblem),
});
export type Legality = Static<typeof Legality>;

export const DeckCard = Type.Object({
  card_id: Type.String(),
  card: CardSummary,
  quantity: Type.Integer(),
  board: BoardSchema,
});
export type DeckCard = Static<typeof DeckCard>;

export const Deck = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    format: DeckFormatSchema,
    visibility: VisibilitySchema,
    description: Nullable(Type.String()),
    owner: Type.Object({ username: Type.String() }, { description: 'Whose deck this is.' }),
    cards: Type.Array(DeckCard, { description: 'In the order given when the list was last written.' }),
    card_count: Type.Integer({ description: 'Sum of quantities on the main and commander boards.' }),
    legality: Legality,
    created_at: Timestamp,
    updated_at: Timestamp,
  },
);
export type Deck = Static<typeof Deck>;

/** A deck as a list shows it: without `cards` when the list was asked for with `include_cards=false`. */
export const ListedDeck = Type.Object({ ...Deck.properties, cards: Type.Optional(Deck.properties.cards) });
export type ListedDeck = Static<typeof ListedDeck>;

export const DECK_SORTS = ['created', 'updated'] as const;
export type DeckSort = (typeof DECK_SORTS)[number];

export const DeckListQuery = Type.Object(
  {
    ...PageQuery,
    sort: Type.Optional(literals(DECK_SORTS, { default: 'created', description: '`created` (default) or `updated`.' })),
    dir: Type.Optional(literals(['desc', 'asc'] as const, { default: 'desc', description: '`desc` (default, newest first) or `asc`.' })),
    format: Type.Optional(literals(DECK_FORMATS, { description: 'Only decks built for this format (without it: every format)' })),
    visibility: Type.Optional(literals(VISIBILITIES, { description: 'Only decks of this visibility (without it: all of yours)' })),
    include_cards: Type.Optional(
      Type.Boolean({
        default: true,
        description:
          '`false` leaves each deck\'s `cards` out (its `card_count` and `legality` stay): at 100,000 printings 200 decks of 100 cards are 15 MB and ~450 ms with them, 58 kB and ~100 ms without. Read a deck\'s cards with `GET /decks/{id}`.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type DeckListQuery = Static<typeof DeckListQuery>;

export const PublicDeckListQuery = Type.Omit(DeckListQuery, ['visibility'], { additionalProperties: false });
export type PublicDeckListQuery = Static<typeof PublicDeckListQuery>;

export const DeckExportQuery = Type.Object(
  {
    format: Type.Optional(literals(EXPORT_STYLES, { default: 'arena', description: '`arena` (default), `mtgo` or `text`.' })),
  },
  { additionalProperties: false },
);

export const NeedsQuery = Type.Object(
  {
    match: Type.Optional(
      literals(['card', 'printing'] as const, {
        default: 'card',
        description: '`card` (default): a copy of any printing of the card counts; `printing`: only the deck\'s own printing.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const DeckNeed = Type.Object({
  card_id: Type.String({ description: "The deck's printing (with `match=card`, the first line's where several lines hold printings of the card)." }),
  name: Type.String(),
  boards: Type.Array(BoardSchema, { description: 'The boards the card is on (not `maybe`: the maybeboard is not checked).' }),
  needed: Type.Integer({ description: 'Copies the deck holds, all its boards together.' }),
  owned: Type.Integer({ description: 'Copies in your collection, up to `needed`.' }),
  missing: Type.Integer({ description: '`needed` - `owned`.' }),
});

export const NeedsMeta = Type.Object({
  match: literals(['card', 'printing'] as const),
  needed: Type.Integer(),
  owned: Type.Integer(),
  missing: Type.Integer(),
  missing_value: Type.String({ description: "What the missing copies cost at each printing's cheapest USD price." }),
  missing_unpriced: Type.Integer({ description: 'Missing copies whose printing has no USD price (not in `missing_value`).' }),
});

export const UsernameParams = Type.Object({ username: Type.String({ minLength: 1, maxLength: 100 }) });

