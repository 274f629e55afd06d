import { fromCents } from '../lib/money.js';
import type { Card, CardFace, CardSummary } from './schemas.js';
import { keywordsOfCard, type Raw } from './search/facts.js';
import type { CardRow } from '../db/schema.js';

interface ScryfallFace {
  image_uris?: Record<string, string>;
  [key: string]: unknown;
}

interface ScryfallCard {
  image_uris?: Record<string, string>;
  card_faces?: ScryfallFace[];
  [key: string]: unknown;
}

/** Price columns by finish, in USD; the price an entry's `value` uses. */
export function usdCentsFor(row: Pick<CardRow, 'price_usd' | 'price_usd_foil' | 'price_usd_etched'>, finish: string): number | null {
  if (finish === 'foil') return row.price_usd_foil;
  if (finish === 'etched') return row.price_usd_etched;
  return row.price_usd;
}

export function pricesOf(row: Omit<CardRow, 'data'>): CardSummary['prices'] {
  return {
    usd: fromCents(row.price_usd),
    usd_foil: fromCents(row.price_usd_foil),
    usd_etched: fromCents(row.price_usd_etched),
    eur: fromCents(row.price_eur),
    eur_foil: fromCents(row.price_eur_foil),
    tix: fromCents(row.price_tix),
  };
}

function imageUris(raw: ScryfallCard): Record<string, string> | null {
  return raw.image_uris ?? raw.card_faces?.find((f) => f.image_uris)?.image_uris ?? null;
}

export function toCardSummary(row: Omit<CardRow, 'data'> & { data?: string }, raw: ScryfallCard = JSON.parse(row.data ?? '{}') as ScryfallCard): CardSummary {
  return {
    id: row.id,
    oracle_id: row.oracle_id,
    name: row.name,
    set: row.set_code,
    set_name: row.set_name,
    collector_number: row.collector_number,
    rarity: row.rarity,
    lang: row.lang,
    image_uris: imageUris(raw),
    prices: pricesOf(row),
  };
}

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

function strArray(v: unknown): string[] | null {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null;
}

const FACE_STRINGS = [
  'mana_cost', 'type_line', 'oracle_text', 'power', 'toughness', 'loyalty', 'flavor_text', 'artist', 'printed_name', 'illustration_id', 'watermark',
  'oracle_id', 'layout', 'artist_id', 'flavor_name', 'defense',
] as const;

/** A face with exactly the public fields, copied only when present. */
function face(f: ScryfallFace): CardFace {
  const out: CardFace = { name: str(f.name) ?? '' };
  for (const k of FACE_STRINGS) {
    const v = f[k];
    if (typeof v === 'string') out[k] = v;
  }
  const colors = strArray(f.colors);
  if (colors) out.colors = colors;
  const indicator = strArray(f.color_indicator);
  if (indicator) out.color_indicator = indicator;
  if (f.image_uris) out.image_uris = f.image_uris;
  if (typeof f.cmc === 'number') out.cmc = f.cmc;
  return out;
}

function int(v: unknown): number | null {
  return typeof v === 'number' && Number.isInteger(v) ? v : null;
}

/** A map of strings (Scryfall's `purchase_uris`, `related_uris`): as stored when it is one, values of other types dropped, null when not a map. */
function stringMap(v: unknown): Record<string, string> | null {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
  const map = v as Record<string, unknown>;
  for (const k in map) {
    if (typeof map[k] !== 'string') return Object.fromEntries(Object.entries(map).filter((e): e is [string, string] => typeof e[1] === 'string'));
  }
  return map as Record<string, string>;
}

function preview(v: unknown): Card['preview'] {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
  const p = v as Record<string, unknown>;
  return { source: str(p.source), source_uri: str(p.source_uri), previewed_at: str(p.previewed_at) };
}

function relatedCards(v: unknown): Card['all_parts'] {
  if (!Array.isArray(v)) return null;
  return v
    .filter((p): p is Record<string, unknown> => !!p && typeof p === 'object')
    .filter((p) => typeof p.id === 'string' && typeof p.name === 'string')
    .map((p) => ({ id: p.id as string, component: str(p.component) ?? 'combo_piece', name: p.name as string, ...(typeof p.type_line === 'string' ? { type_line: p.type_line } : {}) }));
}

/**
 * The full card: Scryfall's field names, from the stored card JSON (parsed once here; search
 * pages render each card once per index build). Exactly the Card schema's keys, in its order:
 * search pages send this object's JSON as it is. A field the data lacks is null (false for
 * flags, [] for lists Scryfall always sends); Scryfall's API addresses (`uri`, `rulings_uri`,
 * `prints_search_uri`, `set_uri`, `set_search_uri`) are left out, as they would lead a client
 * away from this service.
 */
export function toCard(row: CardRow): Card {
  const raw = JSON.parse(row.data) as ScryfallCard;
  const finishes = JSON.parse(row.finishes) as string[];
  return {
    id: row.id,
    oracle_id: row.oracle_id,
    name: row.name,
    lang: row.lang,
    layout: row.layout,
    set: row.set_code,
    set_name: row.set_name,
    collector_number: row.collector_number,
    rarity: row.rarity,
    released_at: row.released_at,
    mana_cost: str(raw.mana_cost),
    cmc: typeof raw.cmc === 'number' ? raw.cmc : null,
    type_line: str(raw.type_line),
    oracle_text: str(raw.oracle_text),
    power: str(raw.power),
    toughness: str(raw.toughness),
    loyalty: str(raw.loyalty),
    colors: strArray(raw.colors),
    color_identity: strArray(raw.color_identity) ?? [],
    // Older data has no `keywords`: the ones search derives from the rules text, so kw: and the card agree.
    keywords: strArray(raw.keywords) ?? keywordsOfCard(raw as Raw),
    finishes,
    artist: str(raw.artist),
    flavor_text: str(raw.flavor_text),
    legalities: (raw.legalities as Record<string, string> | undefined) ?? {},
    image_uris: imageUris(raw),
    card_faces: Array.isArray(raw.card_faces) ? raw.card_faces.map(face) : null,
    prices: pricesOf(row),
    set_type: str(raw.set_type),
    printed_name: str(raw.printed_name),
    color_indicator: strArray(raw.color_indicator),
    produced_mana: strArray(raw.produced_mana),
    all_parts: relatedCards(raw.all_parts),
    edhrec_rank: int(raw.edhrec_rank),
    illustration_id: str(raw.illustration_id) ?? str(raw.card_faces?.[0]?.illustration_id),
    border_color: str(raw.border_color),
    frame: str(raw.frame),
    watermark: str(raw.watermark),
    games: strArray(raw.games) ?? [],
    reprint: raw.reprint === true,
    promo: raw.promo === true,
    digital: raw.digital === true,
    full_art: raw.full_art === true,
    reserved: raw.reserved === true,
    multiverse_ids: Array.isArray(raw.multiverse_ids) ? raw.multiverse_ids.filter((m): m is number => Number.isInteger(m)) : [],
    mtgo_id: int(raw.mtgo_id),
    arena_id: int(raw.arena_id),
    tcgplayer_id: int(raw.tcgplayer_id),
    cardmarket_id: int(raw.cardmarket_id),
    mtgo_foil_id: int(raw.mtgo_foil_id),
    tcgplayer_etched_id: int(raw.tcgplayer_etched_id),
    set_id: str(raw.set_id),
    scryfall_uri: str(raw.scryfall_uri),
    purchase_uris: stringMap(raw.purchase_uris),
    related_uris: stringMap(raw.related_uris),
    printed_type_line: str(raw.printed_type_line),
    printed_text: str(raw.printed_text),
    artist_ids: strArray(raw.artist_ids),
    // Scryfall's older flags, which `finishes` replaced: kept for ports that still read them.
    foil: typeof raw.foil === 'boolean' ? raw.foil : finishes.includes('foil'),
    nonfoil: typeof raw.nonfoil === 'boolean' ? raw.nonfoil : finishes.includes('nonfoil'),
    oversized: raw.oversized === true,
    textless: raw.textless === true,
    booster: raw.booster === true,
    variation: raw.variation === true,
    variation_of: str(raw.variation_of),
    story_spotlight: raw.story_spotlight === true,
    highres_image: raw.highres_image === true,
    image_status: str(raw.image_status),
    frame_effects: strArray(raw.frame_effects),
    promo_types: strArray(raw.promo_types),
    security_stamp: str(raw.security_stamp),
    card_back_id: str(raw.card_back_id),
    penny_rank: int(raw.penny_rank),
    life_modifier: str(raw.life_modifier),
    hand_modifier: str(raw.hand_modifier),
    preview: preview(raw.preview),
    updated_at: row.updated_at,
  };
}

/**
 * A key that changes whenever anything a summary (or what else is built from a printing's row)
 * shows may have: the row's `updated_at` (every import that changes it moves it) and the columns
 * shown. What is built from a row can be kept under it without its Scryfall JSON being read again.
 */
export function cardRowKey(card: Omit<CardRow, 'data'>): string {
  return [card.id, card.updated_at, card.oracle_id, card.name, card.set_code, card.set_name, card.collector_number, card.rarity, card.lang,
    card.price_usd, card.price_usd_foil, card.price_usd_etched, card.price_eur, card.price_eur_foil, card.price_tix].join('\u0000');
}
