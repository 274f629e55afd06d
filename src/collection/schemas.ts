import { Type, type Static, type TUnsafe } from '@sinclair/typebox';
import { CardSummary } from '../cards/schemas.js';
import { Nullable, PageQuery, Timestamp } from '../http/schemas.js';
import { SCRYFALL_LANGUAGES } from '../lib/languages.js';

/** A string enum as a plain JSON-schema `enum`, so ajv reports one `invalid_value` error instead of one per literal. */
export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

export const CONDITIONS = ['mint', 'near_mint', 'lightly_played', 'moderately_played', 'heavily_played', 'damaged'] as const;
export const FINISHES = ['nonfoil', 'foil', 'etched'] as const;
export const SORTS = ['added', 'name', 'value', 'quantity', 'set'] as const;
export const SET_SORTS = ['released', 'name', 'completion', 'value'] as const;
export type SetSort = (typeof SET_SORTS)[number];
export type Condition = (typeof CONDITIONS)[number];
export type Finish = (typeof FINISHES)[number];
export type Sort = (typeof SORTS)[number];
export type Dir = 'asc' | 'desc';

/** Bounds chosen so quantity × price (cents) stays exact in a double and in a PostgreSQL bigint. */
export const MAX_QUANTITY = 100_000;
export const MAX_BATCH = 1_000;
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;
export const MAX_NOTES_LENGTH = 2_000;

export const Condition = StringEnum(CONDITIONS, { description: 'Card condition (default near_mint)' });
export const Finish = StringEnum(FINISHES, { description: 'Foil status; must be one of the card\'s finishes (default nonfoil)' });
const quantityOptions = { minimum: 1, maximum: MAX_QUANTITY, description: `Copies held, 1..${MAX_QUANTITY}` };
const Quantity = Type.Integer(quantityOptions);
/**
 * Scryfall's language codes (en, ja, zhs, grc ...): the ones card search's `lang:` and the
 * importers know. Any two or three letters were taken before, and a `jp` or `zz` so stored could
 * be found by no `lang:` and made our own csv export unimportable.
 */
const Language = StringEnum(SCRYFALL_LANGUAGES, { description: "Scryfall language code (en, es, fr, de, it, pt, ja, ko, ru, zhs, zht, he, la, grc, ar, sa, ph, qya); defaults to the card's" });
// At most 9,999,999.99 so the value in cents fits a 32-bit integer column on both dialects.
const PurchasePrice = Type.String({ pattern: '^\\d{1,7}(\\.\\d{1,2})?$', description: 'Price paid per copy, USD decimal string' });
const Tags = Type.Array(Type.String({ minLength: 1, maxLength: MAX_TAG_LENGTH, pattern: '\\S' }), {
  maxItems: MAX_TAGS,
  description: `Up to ${MAX_TAGS} labels of 1..${MAX_TAG_LENGTH} characters, not all spaces; duplicates are dropped`,
});
const Notes = Type.String({ maxLength: MAX_NOTES_LENGTH });
const Id = Type.String({ minLength: 1, maxLength: 100 });

export const EntryValue = Type.Object({
  currency: Type.Literal('usd'),
  unit: Type.String({ description: 'Current price of one copy in this finish' }),
  total: Type.String({ description: 'unit × quantity' }),
});

export const CollectionEntry = Type.Object({
  id: Type.String(),
  card_id: Type.String(),
  card: CardSummary,
  quantity: Type.Integer(),
  condition: Type.String(),
  finish: Type.String(),
  language: Type.String(),
  binder_id: Nullable(Type.String()),
  purchase_price: Nullable(Type.String()),
  value: Nullable(EntryValue),
  tags: Type.Array(Type.String()),
  notes: Nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type CollectionEntry = Static<typeof CollectionEntry>;

export const NewEntry = Type.Object(
  {
    card_id: Id,
    quantity: Type.Optional(Type.Integer({ ...quantityOptions, default: 1 })),
    condition: Type.Optional(Condition),
    finish: Type.Optional(Finish),
    language: Type.Optional(Language),
    binder_id: Type.Optional(Nullable(Id)),
    purchase_price: Type.Optional(Nullable(PurchasePrice)),
    tags: Type.Optional(Tags),
    notes: Type.Optional(Nullable(Notes)),
  },
  { additionalProperties: false },
);
export type NewEntry = Static<typeof NewEntry>;

export const BatchBody = Type.Object(
  { entries: Type.Array(NewEntry, { minItems: 1, maxItems: MAX_BATCH }) },
  { additionalProperties: false },
);
export type BatchBody = Static<typeof BatchBody>;

export const EntryPatch = Type.Object(
  {
    quantity: Type.Optional(Quantity),
    condition: Type.Optional(Condition),
    finish: Type.Optional(Finish),
    language: Type.Optional(Language),
    binder_id: Type.Optional(Nullable(Id)),
    purchase_price: Type.Optional(Nullable(PurchasePrice)),
    tags: Type.Optional(Tags),
    notes: Type.Optional(Nullable(Notes)),
  },
  { additionalProperties: false },
);
export type EntryPatch = Static<typeof EntryPatch>;

export const ListQuery = Type.Object(
  {
    ...PageQuery,
    sort: Type.Optional(StringEnum(SORTS, { description: 'added (default), name, value, quantity or set' })),
    dir: Type.Optional(StringEnum(['asc', 'desc'] as const, { description: 'Default: desc for added/value/quantity, asc for name/set' })),
    binder_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'A binder id, or `none` for entries in no binder' })),
    set: Type.Optional(Type.String({ minLength: 1, maxLength: 20, description: 'Set code, case-insensitive' })),
    // Filters: the body's defaults (nonfoil, near_mint) do not apply here.
    finish: Type.Optional(StringEnum(FINISHES, { description: 'Only entries of this finish (without it: every finish)' })),
    condition: Type.Optional(StringEnum(CONDITIONS, { description: 'Only entries in this condition (without it: every condition)' })),
    q: Type.Optional(
      // No maxLength here: a query over 1,000 characters is the parser's 400 invalid_query, as documented.
      Type.String({
        minLength: 1,
        description:
          'Card-search syntax (as GET /cards/search) over your entries, plus binder:, tag:, condition:, finish:, is:foil|nonfoil|etched (the entry\'s finish) and qty>=N. At most 1,000 characters (else 400 `invalid_query`).',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ListQuery = Static<typeof ListQuery>;

const Day = Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });

/** `GET /collection/value-history`: the list's filters, and a range of price dates. */
export const ValueHistoryQuery = Type.Object(
  {
    from: Type.Optional(Day),
    to: Type.Optional(Day),
    binder_id: ListQuery.properties.binder_id,
    set: ListQuery.properties.set,
    finish: ListQuery.properties.finish,
    condition: ListQuery.properties.condition,
    q: ListQuery.properties.q,
  },
  { additionalProperties: false },
);
export type ValueHistoryQuery = Static<typeof ValueHistoryQuery>;

export const ValuePoint = Type.Object({
  date: Type.String({ description: 'A day prices were recorded for (a card import\'s `--as-of` day), YYYY-MM-DD' }),
  total: Type.String({ description: 'What the entries priced that day were worth: quantity x the price of their finish, USD' }),
  priced_quantity: Type.Integer({ description: 'The cards (sum of quantities) that had a price that day; the rest count as 0' }),
});
export type ValuePoint = Static<typeof ValuePoint>;

export const CollectionMeta = Type.Object({
  total: Type.Integer({ description: 'Entries matching the filters' }),
  total_quantity: Type.Integer({ description: 'Sum of their quantities (cards)' }),
  total_value: Type.String({ description: 'Sum of their value totals, USD; entries without a price count as 0' }),
  next_cursor: Nullable(Type.String()),
});
export type CollectionMeta = Static<typeof CollectionMeta>;

export const BatchMeta = Type.Object({
  created: Type.Integer({ description: 'Entries created by this batch' }),
  updated: Type.Integer({ description: 'Existing entries whose quantity grew' }),
});

/** The filters that choose which copies count as held, shared by the set progress routes. */
const heldFilters = {
  binder_id: ListQuery.properties.binder_id,
  finish: ListQuery.properties.finish,
  condition: ListQuery.properties.condition,
  q: ListQuery.properties.q,
};

/** `GET /collection/sets`. */
export const SetsQuery = Type.Object(
  {
    ...PageQuery,
    sort: Type.Optional(StringEnum(SET_SORTS, { description: 'released (default: newest first), name, completion (most complete first) or value (most valuable first)' })),
    dir: Type.Optional(StringEnum(['asc', 'desc'] as const, { description: 'Default: asc for name, desc for the others' })),
    set: ListQuery.properties.set,
    ...heldFilters,
  },
  { additionalProperties: false },
);
export type SetsQuery = Static<typeof SetsQuery>;

/** `GET /collection/sets/{code}/missing`. */
export const MissingQuery = Type.Object({ ...PageQuery, ...heldFilters }, { additionalProperties: false });
export type MissingQuery = Static<typeof MissingQuery>;

export const SetCodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 10, description: 'Set code, case-insensitive' }) });

export const SetProgress = Type.Object({
  set: Type.String({ description: 'Set code, lower case' }),
  set_name: Type.String(),
  set_type: Nullable(Type.String()),
  released_at: Nullable(Type.String({ description: 'YYYY-MM-DD' })),
  cards: Type.Integer({ description: "The set's cards: its distinct collector numbers in the card database (every language)" }),
  owned: Type.Integer({ description: 'Of those, how many you hold at least one copy of (any language, finish, condition or binder the filters allow)' }),
  missing: Type.Integer({ description: 'cards - owned' }),
  percent: Type.Number({ description: 'owned / cards x 100, rounded down to a tenth (100 only when complete)' }),
  quantity: Type.Integer({ description: 'Copies held of the set\'s cards (sum of quantities)' }),
  value: Type.String({ description: 'What those copies are worth, USD (unpriced ones count 0)' }),
});
export type SetProgress = Static<typeof SetProgress>;

export const MissingMeta = Type.Object({
  total: Type.Integer({ description: 'Cards of the set you hold no copy of' }),
  cards: Type.Integer({ description: "The set's cards (distinct collector numbers)" }),
  owned: Type.Integer({ description: 'Of those, how many you hold' }),
  next_cursor: Nullable(Type.String()),
});
