import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../http/schemas.js';
import { ORDERS } from './search/parser.js';


export const Prices = Type.Object({
  usd: Nullable(Type.String()),
  usd_foil: Nullable(Type.String()),
  usd_etched: Nullable(Type.String()),
  eur: Nullable(Type.String()),
  eur_foil: Nullable(Type.String()),
  tix: Nullable(Type.String()),
});

export const ImageUris = Nullable(Type.Record(Type.String(), Type.String()));

/** The compact card embedded in collection entries and decklists. */
export const CardSummary = Type.Object({
  id: Type.String(),
  oracle_id: Nullable(Type.String()),
  name: Type.String(),
  set: Type.String(),
  set_name: Type.String(),
  collector_number: Type.String(),
  rarity: Type.String(),
  lang: Type.String(),
  image_uris: ImageUris,
  prices: Prices,
});
export type CardSummary = Static<typeof CardSummary>;

const CardFace = Type.Object(
  {
    name: Type.String(),
    mana_cost: Type.Optional(Nullable(Type.String())),
    type_line: Type.Optional(Nullable(Type.String())),
    oracle_text: Type.Optional(Nullable(Type.String())),
    colors: Type.Optional(Nullable(Type.Array(Type.String()))),
    power: Type.Optional(Nullable(Type.String())),
    toughness: Type.Optional(Nullable(Type.String())),
    loyalty: Type.Optional(Nullable(Type.String())),
    flavor_text: Type.Optional(Nullable(Type.String())),
    artist: Type.Optional(Nullable(Type.String())),
    image_uris: Type.Optional(ImageUris),
    printed_name: Type.Optional(Type.String()),
    color_indicator: Type.Optional(Type.Array(Type.String())),
    illustration_id: Type.Optional(Type.String()),
    watermark: Type.Optional(Type.String()),
    oracle_id: Type.Optional(Type.String({ description: "The face's own oracle id: only on reversible cards, whose faces are cards of their own" })),
    layout: Type.Optional(Type.String({ description: "The face's own layout: only on reversible cards" })),
    cmc: Type.Optional(Type.Number({ description: "The face's own mana value: only on reversible cards" })),
    artist_id: Type.Optional(Type.String()),
    flavor_name: Type.Optional(Type.String()),
    defense: Type.Optional(Type.String({ description: "A battle's defense, a string as Scryfall writes power and toughness" })),
  },
  { description: "One face of a multi-face card, with Scryfall's field names; fields a face lacks are left out" },
);

const RelatedCard = Type.Object({
  id: Type.String(),
  component: Type.String({ description: 'token, meld_part, meld_result or combo_piece' }),
  name: Type.String(),
  type_line: Type.Optional(Type.String()),
});

/** The full card as `GET /cards/{id}` returns it (Scryfall's field names). */
export type CardFace = Static<typeof CardFace>;

export const Card = Type.Object({
  id: Type.String(),
  oracle_id: Nullable(Type.String()),
  name: Type.String(),
  lang: Type.String(),
  layout: Type.String(),
  set: Type.String(),
  set_name: Type.String(),
  collector_number: Type.String(),
  rarity: Type.String(),
  released_at: Nullable(Type.String()),
  mana_cost: Nullable(Type.String()),
  cmc: Nullable(Type.Number()),
  type_line: Nullable(Type.String()),
  oracle_text: Nullable(Type.String()),
  power: Nullable(Type.String()),
  toughness: Nullable(Type.String()),
  loyalty: Nullable(Type.String()),
  colors: Nullable(Type.Array(Type.String())),
  color_identity: Type.Array(Type.String()),
  keywords: Type.Array(Type.String()),
  finishes: Type.Array(Type.String()),
  artist: Nullable(Type.String()),
  flavor_text: Nullable(Type.String()),
  legalities: Type.Record(Type.String(), Type.String()),
  image_uris: ImageUris,
  card_faces: Nullable(Type.Array(CardFace)),
  prices: Prices,
  set_type: Nullable(Type.String()),
  printed_name: Nullable(Type.String()),
  color_indicator: Nullable(Type.Array(Type.String())),
  produced_mana: Nullable(Type.Array(Type.String())),
  all_parts: Nullable(Type.Array(RelatedCard)),
  edhrec_rank: Nullable(Type.Integer()),
  illustration_id: Nullable(Type.String()),
  border_color: Nullable(Type.String()),
  frame: Nullable(Type.String()),
  watermark: Nullable(Type.String()),
  games: Type.Array(Type.String()),
  reprint: Type.Boolean(),
  promo: Type.Boolean(),
  digital: Type.Boolean(),
  full_art: Type.Boolean(),
  reserved: Type.Boolean(),
  multiverse_ids: Type.Array(Type.Integer()),
  mtgo_id: Nullable(Type.Integer()),
  arena_id: Nullable(Type.Integer()),
  tcgplayer_id: Nullable(Type.Integer()),
  cardmarket_id: Nullable(Type.Integer()),
  mtgo_foil_id: Nullable(Type.Integer()),
  tcgplayer_etched_id: Nullable(Type.Integer()),
  set_id: Nullable(Type.String({ description: "Scryfall's id of the set" })),
  scryfall_uri: Nullable(Type.String({ description: "The printing's page on scryfall.com (a web page, not an API address); null in data that lacks it" })),
  purchase_uris: Nullable(Type.Record(Type.String(), Type.String(), { description: 'Store links by store (`tcgplayer`, `cardmarket`, `cardhoarder`), as in the card data' })),
  related_uris: Nullable(Type.Record(Type.String(), Type.String(), { description: 'Links to other sites by name (`gatherer`, `edhrec` ...), as in the card data' })),
  printed_type_line: Nullable(Type.String({ description: 'The type line as printed, on a printing not in English' })),
  printed_text: Nullable(Type.String({ description: 'The rules text as printed, on a printing not in English' })),
  artist_ids: Nullable(Type.Array(Type.String())),
  foil: Type.Boolean({ description: 'Printed in foil (`finishes` holds `foil`); from the data when it says, else from `finishes`' }),
  nonfoil: Type.Boolean({ description: 'Printed not foil (`finishes` holds `nonfoil`); from the data when it says, else from `finishes`' }),
  oversized: Type.Boolean(),
  textless: Type.Boolean(),
  booster: Type.Boolean({ description: 'Found in boosters' }),
  variation: Type.Boolean({ description: 'A variation of another printing (hidden from search unless `include:variations`)' }),
  variation_of: Nullable(Type.String({ description: 'The printing this one is a variation of' })),
  story_spotlight: Type.Boolean(),
  highres_image: Type.Boolean(),
  image_status: Nullable(Type.String({ description: '`missing`, `placeholder`, `lowres` or `highres_scan`' })),
  frame_effects: Nullable(Type.Array(Type.String())),
  promo_types: Nullable(Type.Array(Type.String())),
  security_stamp: Nullable(Type.String({ description: '`oval`, `triangle`, `acorn`, `circle`, `arena` or `heart`' })),
  card_back_id: Nullable(Type.String()),
  penny_rank: Nullable(Type.Integer()),
  life_modifier: Nullable(Type.String({ description: "A vanguard's life modifier (`+7`)" })),
  hand_modifier: Nullable(Type.String({ description: "A vanguard's hand modifier (`+1`)" })),
  preview: Nullable(
    Type.Object(
      { source: Nullable(Type.String()), source_uri: Nullable(Type.String()), previewed_at: Nullable(Type.String({ description: 'YYYY-MM-DD' })) },
      { description: 'Who previewed the card, where and when' },
    ),
  ),
  updated_at: Type.String(),
}, {
  description:
    "Scryfall's card object, with its field names. A field the card data lacks is null where Scryfall leaves it out; a multi-faced card also has a " +
    "top-level `image_uris` (its first face's); Scryfall's API addresses (`uri`, `rulings_uri` ...) are left out. See the card search guide's porting section.",
});
export type Card = Static<typeof Card>;

export const CardSet = Type.Object({
  code: Type.String(),
  name: Type.String(),
  set_type: Nullable(Type.String()),
  released_at: Nullable(Type.String()),
  card_count: Type.Integer({ description: 'Printings of this set in the card database' }),
  icon_svg_uri: Nullable(Type.String()),
});
export type CardSet = Static<typeof CardSet>;

export const Ruling = Type.Object({
  oracle_id: Type.String(),
  source: Type.String(),
  published_at: Type.String(),
  comment: Type.String(),
});
export type Ruling = Static<typeof Ruling>;

const Finish = Type.Union([Type.Literal('nonfoil'), Type.Literal('foil'), Type.Literal('etched')]);
const Currency = Type.Union([Type.Literal('usd'), Type.Literal('eur'), Type.Literal('tix')]);

export const CardPrices = Type.Object({
  card_id: Type.String(),
  current: Type.Array(
    Type.Object({
      finish: Finish,
      currency: Currency,
      price: Type.String({ description: 'Decimal string' }),
      as_of: Nullable(
        Type.String({ description: 'Date (YYYY-MM-DD) the import that set it was dated (`--as-of`): the last import, whatever its date; not bounded by `from`/`to`. Null when not recorded' }),
      ),
    }),
  ),
  history: Type.Array(
    Type.Object({
      finish: Finish,
      currency: Currency,
      points: Type.Array(Type.Object({ date: Type.String(), price: Type.String() })),
    }),
  ),
});
export type CardPrices = Static<typeof CardPrices>;

// `format: 'date'` (ajv-formats) also refuses days that do not exist, such as 2019-02-31.
const Day = Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });

export const PriceQuery = Type.Object(
  {
    from: Type.Optional(Day),
    to: Type.Optional(Day),
    finish: Type.Optional(Finish),
    currency: Type.Optional(Currency),
  },
  { additionalProperties: false },
);
export type PriceQuery = Static<typeof PriceQuery>;

// Scryfall's boolean parameters: `true` or `false` (other spellings are 422). Only `true` does
// anything, as the query term it stands for; `false` cannot hide what `q` itself asks for.
const IncludeExtras = Type.Boolean({
  description: "Scryfall's parameter: `true` is `include:extras` in `q` (tokens, emblems and other extras are not hidden); `false` changes nothing.",
});

export const SearchQuery = Type.Object(
  {
    // No maxLength here: a query over 1,000 characters is the parser's 400 invalid_query, as documented.
    q: Type.String({ minLength: 1, description: 'Scryfall search syntax; see docs/card-search.md. At most 1,000 characters (else 400 `invalid_query`).' }),
    unique: Type.Optional(Type.Union([Type.Literal('cards'), Type.Literal('prints'), Type.Literal('art')], { default: 'cards' })),
    order: Type.Optional(
      Type.Union(
        ORDERS.map((o) => Type.Literal(o)),
        { default: 'name' },
      ),
    ),
    dir: Type.Optional(Type.Union([Type.Literal('auto'), Type.Literal('asc'), Type.Literal('desc')], { default: 'auto' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
    include_extras: Type.Optional(IncludeExtras),
    include_multilingual: Type.Optional(
      Type.Boolean({ description: "Scryfall's parameter: `true` is `include:multilingual` in `q` (every language, as `lang:any`); `false` changes nothing." }),
    ),
    include_variations: Type.Optional(
      Type.Boolean({ description: "Scryfall's parameter: `true` is `include:variations` in `q` (printings marked as a variation of another); `false` changes nothing." }),
    ),
  },
  { additionalProperties: false },
);
export type SearchQuery = Static<typeof SearchQuery>;

export const RandomQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ minLength: 1, description: 'Scryfall search syntax, as for `/cards/search`; without it, any card.' })),
    unique: Type.Optional(Type.Union([Type.Literal('cards'), Type.Literal('prints'), Type.Literal('art')], { default: 'cards' })),
  },
  { additionalProperties: false },
);

export const SearchMeta = Type.Object({
  total: Type.Integer(),
  next_cursor: Nullable(Type.String()),
  order: Type.String(),
  dir: Type.String(),
  unique: Type.String(),
});

export const NamedQuery = Type.Object(
  {
    exact: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    fuzzy: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    set: Type.Optional(Type.String({ minLength: 1, maxLength: 10 })),
  },
  { additionalProperties: false },
);
export type NamedQuery = Static<typeof NamedQuery>;

export const AutocompleteQuery = Type.Object(
  {
    q: Type.String({ maxLength: 200 }),
    include_extras: Type.Optional(Type.Boolean({ description: "Scryfall's parameter: `true` completes the names of tokens, emblems and other extras too." })),
  },
  { additionalProperties: false },
);

export const Identifier = Type.Object(
  {
    id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    mtgo_id: Type.Optional(Type.Integer({ minimum: 0 })),
    multiverse_id: Type.Optional(Type.Integer({ minimum: 0 })),
    oracle_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    illustration_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    set: Type.Optional(Type.String({ minLength: 1, maxLength: 10 })),
    collector_number: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
  },
  { additionalProperties: false },
);
export type Identifier = Static<typeof Identifier>;

export const CollectionRequest = Type.Object(
  { identifiers: Type.Array(Identifier, { minItems: 1, maxItems: 75 }) },
  { additionalProperties: false },
);
export type CollectionRequest = Static<typeof CollectionRequest>;
