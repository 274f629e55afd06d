/**
 * Fact extraction: what the index knows of one printing, read off its `cards` row and
 * Scryfall JSON. `searchFacts` is what the importer stores per printing (`card_facts`);
 * `cardFacts` derives the card-level facts every printing of a card shares.
 */
import { fold, loose } from './text.js';

/** What the builder needs of a `cards` row. */
export interface IndexRow {
  id: string;
  oracle_id: string | null;
  name: string;
  lang: string;
  set_code: string;
  set_name: string;
  collector_number: string;
  rarity: string;
  layout: string;
  released_at: string | null;
  finishes: string;
  price_usd: number | null;
  price_usd_foil: number | null;
  price_usd_etched: number | null;
  price_eur: number | null;
  price_eur_foil: number | null;
  price_tix: number | null;
}

export const ROW_KEYS = [
  'id', 'oracle_id', 'name', 'lang', 'set_code', 'set_name', 'collector_number', 'rarity', 'layout', 'released_at',
  'finishes', 'price_usd', 'price_usd_foil', 'price_usd_etched', 'price_eur', 'price_eur_foil', 'price_tix',
] as const;

export interface Face {
  name?: unknown;
  printed_name?: unknown;
  mana_cost?: unknown;
  type_line?: unknown;
  oracle_text?: unknown;
  flavor_text?: unknown;
  artist?: unknown;
  colors?: unknown;
  power?: unknown;
  toughness?: unknown;
  loyalty?: unknown;
  illustration_id?: unknown;
}

export interface Raw extends Face {
  cmc?: unknown;
  color_identity?: unknown;
  keywords?: unknown;
  legalities?: unknown;
  games?: unknown;
  reprint?: unknown;
  promo?: unknown;
  digital?: unknown;
  full_art?: unknown;
  textless?: unknown;
  reserved?: unknown;
  oversized?: unknown;
  booster?: unknown;
  story_spotlight?: unknown;
  set_type?: unknown;
  border_color?: unknown;
  frame?: unknown;
  watermark?: unknown;
  produced_mana?: unknown;
  edhrec_rank?: unknown;
  mtgo_id?: unknown;
  arena_id?: unknown;
  multiverse_ids?: unknown;
  card_faces?: Face[];
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const FACT_KEYS = [
  'type_line', 'oracle_text', 'mana_cost', 'cmc', 'colors', 'color_identity', 'keywords', 'games', 'reprint', 'promo',
  'digital', 'full_art', 'textless', 'reserved', 'oversized', 'booster', 'story_spotlight', 'set_type', 'border_color',
  'frame', 'watermark', 'produced_mana', 'edhrec_rank', 'mtgo_id', 'multiverse_ids', 'printed_name', 'flavor_text',
  'artist', 'power', 'toughness', 'loyalty', 'illustration_id',
] as const;
const FACE_FACT_KEYS = [
  'name', 'printed_name', 'mana_cost', 'type_line', 'oracle_text', 'flavor_text', 'artist', 'colors', 'power',
  'toughness', 'loyalty', 'illustration_id', 'watermark',
] as const;

/**
 * The part of a Scryfall card object the index reads, as JSON: what the importer
 * stores in `card_facts` so index builds parse ~40% of the bytes (no image URIs,
 * prices, purchase links; only the formats a card is legal, banned or restricted in).
 */
export function searchFacts(row: IndexRow, card: Record<string, unknown>, importedAt: string): string {
  // `r`: the card's row as the importer normalised it; `at`: printings of one card from
  // one import share their card-level facts, so the index computes those once.
  const out: Record<string, unknown> = { r: ROW_KEYS.map((k) => row[k]), at: importedAt };
  for (const k of FACT_KEYS) if (card[k] !== undefined && card[k] !== null) out[k] = card[k];
  if (card.legalities && typeof card.legalities === 'object') {
    const l: Record<string, unknown> = {};
    for (const [f, v] of Object.entries(card.legalities as Record<string, unknown>)) if (v !== 'not_legal') l[f] = v;
    out.legalities = l;
  }
  if (Array.isArray(card.card_faces)) {
    out.card_faces = card.card_faces.map((face: unknown) => {
      const f = (face ?? {}) as Record<string, unknown>;
      const o: Record<string, unknown> = {};
      for (const k of FACE_FACT_KEYS) if (f[k] !== undefined && f[k] !== null) o[k] = f[k];
      return o;
    });
  }
  return JSON.stringify(out);
}
export const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

const COLOR_OF: Record<string, number> = { W: 1, U: 2, B: 4, R: 8, G: 16, C: 32 };
function maskOf(colors: string[]): number {
  let m = 0;
  for (const c of colors) m |= COLOR_OF[c] ?? 0;
  return m;
}

/** "*" and "1+*" compare as 0 and 1, as on Scryfall; "?" and missing values never match. */
export function statValue(v: unknown): number {
  if (typeof v !== 'string' || v === '') return NaN;
  if (v === '∞') return Infinity;
  const m = /^[+-]?\d+(\.\d+)?/.exec(v);
  if (m) return Number(m[0]);
  if (/^[*xX]/.test(v)) return 0;
  return NaN;
}

export function dayOf(date: string | null | undefined): number {
  if (!date) return 0;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  return m ? Number(m[1]) * 10000 + Number(m[2]) * 100 + Number(m[3]) : 0;
}

const ABILITY_KEYWORDS = [
  'flying', 'first strike', 'double strike', 'deathtouch', 'defender', 'flash', 'haste', 'hexproof', 'indestructible',
  'lifelink', 'menace', 'reach', 'trample', 'vigilance', 'ward', 'prowess', 'protection', 'shroud', 'fear',
  'intimidate', 'swampwalk', 'islandwalk', 'forestwalk', 'mountainwalk', 'plainswalk', 'flanking', 'cycling', 'echo',
  'madness', 'flashback', 'kicker', 'multikicker', 'morph', 'megamorph', 'storm', 'affinity', 'convoke', 'dredge',
  'bloodthirst', 'suspend', 'vanishing', 'fading', 'delve', 'changeling', 'evoke', 'persist', 'wither', 'undying',
  'exalted', 'unearth', 'cascade', 'annihilator', 'infect', 'miracle', 'soulbond', 'overload', 'scavenge', 'evolve',
  'extort', 'bestow', 'dash', 'exploit', 'renown', 'awaken', 'devoid', 'surge', 'skulk', 'emerge', 'crew', 'fabricate',
  'partner', 'improvise', 'aftermath', 'embalm', 'eternalize', 'afflict', 'ascend', 'assist', 'jump-start', 'mentor',
  'afterlife', 'riot', 'spectacle', 'escape', 'companion', 'mutate', 'encore', 'boast', 'foretell', 'disturb',
  'decayed', 'cleave', 'training', 'reconfigure', 'blitz', 'casualty', 'enlist', 'read ahead', 'ravenous', 'squad',
  'toxic', 'backup', 'bargain', 'craft', 'disguise', 'plot', 'offspring', 'gift', 'living weapon', 'split second',
  'level up', 'battle cry', 'totem armor', 'buyback', 'shadow', 'rampage', 'banding', 'cumulative upkeep', 'phasing',
  'entwine', 'modular', 'sunburst', 'bushido', 'ninjutsu', 'transmute', 'haunt', 'replicate', 'graft', 'recover',
  'ripple', 'absorb', 'frenzy', 'champion', 'hideaway', 'prowl', 'reinforce', 'conspire', 'retrace', 'devour',
  'rebound', 'unleash', 'cipher', 'fuse', 'tribute', 'dethrone', 'outlast', 'myriad', 'ingest', 'escalate', 'melee',
  'undaunted', 'demonstrate', 'daybound', 'nightbound', 'compleated', 'prototype',
];
const ABILITY_RE = new RegExp(`^(${ABILITY_KEYWORDS.map((k) => k.replace(/-/g, '\\-')).join('|')})(?=$|\\s+(\\{|\\d|x\\b|from|—|-|[+-]\\d|n\\b))`, 'i');
const ACTION_RE = /\b(scry|mill|surveil|proliferate|amass|explore|investigate|populate|adapt|connive|goad|learn|venture into the dungeon)(s|es)?\b/gi;

function titleCase(k: string): string {
  return k.charAt(0).toUpperCase() + k.slice(1);
}

/** Scryfall's `keywords`, or, for older data without it, the keywords the rules text shows. */
function keywordsOf(raw: Raw, oracleTexts: string[]): string[] {
  if (Array.isArray(raw.keywords)) return strs(raw.keywords);
  const out = new Set<string>();
  for (const text of oracleTexts) {
    for (const line of text.replace(/\([^)]*\)/g, '').split('\n')) {
      for (const piece of line.split(/[,;]/)) {
        const m = ABILITY_RE.exec(piece.trim().replace(/\.$/, ''));
        if (m) out.add(titleCase(m[1]!.toLowerCase()));
      }
      for (const m of line.matchAll(ACTION_RE)) out.add(titleCase(m[1]!.toLowerCase()));
    }
  }
  return [...out];
}

const LAYOUT_FLAGS: Record<string, FlagName> = {
  split: 'split', flip: 'flip', transform: 'transform', meld: 'meld', leveler: 'leveler', adventure: 'adventure',
  class: 'class', saga: 'saga', mutate: 'mutate', prototype: 'prototype', augment: 'augment', host: 'host',
  emblem: 'emblem', planar: 'planar', scheme: 'scheme', vanguard: 'vanguard', art_series: 'art_series',
  reversible_card: 'reversible',
};

export function cheapest(a: number | null, b: number | null, c: number | null): number {
  let m = Infinity;
  if (a !== null && a < m) m = a;
  if (b !== null && b < m) m = b;
  if (c !== null && c < m) m = c;
  return m === Infinity ? NaN : m;
}

/** Facts every printing of a card shares; texts already folded as the columns keep them. */
export interface CardFacts {
  names: string[];
  /** Names, loose (punctuation dropped), one per line. */
  name: string;
  /** Names, folded, one per line. */
  nameRaw: string;
  type: string;
  oracle: string;
  tilde: string;
  full: string;
  keywords: string;
  mana: string;
  oracleId: string;
  cmc: number;
  pow0: number;
  pow1: number;
  tou0: number;
  tou1: number;
  loy0: number;
  loy1: number;
  colors: number;
  identity: number;
  produces: number;
  edhrec: number;
  flags: FlagName[];
  legalities: Array<[string, 'legal' | 'banned' | 'restricted']>;
}

const DFC_LAYOUTS = new Set(['transform', 'modal_dfc', 'double_faced_token', 'reversible_card', 'art_series', 'meld']);
const PERMANENT_TYPES = /\b(artifact|creature|enchantment|land|planeswalker|battle)\b/;

export const FLAG_NAMES = [
  'foil', 'nonfoil', 'etched', 'glossy', 'dfc', 'mdfc', 'split', 'flip', 'transform', 'meld', 'leveler', 'adventure',
  'class', 'saga', 'mutate', 'prototype', 'augment', 'host', 'token', 'emblem', 'planar', 'scheme', 'vanguard',
  'art_series', 'reversible', 'reprint', 'firstprint', 'promo', 'digital', 'fullart', 'textless', 'reserved',
  'oversized', 'booster', 'spotlight', 'commander', 'permanent', 'spell', 'historic', 'vanilla', 'hybrid', 'phyrexian',
  'funny', 'unique',
] as const;
export type FlagName = (typeof FLAG_NAMES)[number];

export function cardFacts(row: IndexRow, raw: Raw, faces: Face[]): CardFacts {
  const front: Face = faces[0] ?? raw;
  const back: Face | undefined = faces[1];
  const faceNames = faces.map((f) => str(f.name)).filter(Boolean);
  const names = [row.name, ...faceNames];
  const typeLine = str(raw.type_line) || faces.map((f) => str(f.type_line)).filter(Boolean).join(' // ');
  const texts = faces.length ? faces.map((f) => str(f.oracle_text)) : [str(raw.oracle_text)];
  if (faces.length && str(raw.oracle_text)) texts.push(str(raw.oracle_text));
  const fullText = fold(texts.filter(Boolean).join('\n'));
  const text = fullText.replace(/\([^)]*\)/g, '');
  // "~" in o: stands for the card's own name, as on Scryfall.
  let tilde = text;
  for (const n of names.map(fold).sort((a, b) => b.length - a.length)) {
    if (n && tilde.includes(n)) tilde = tilde.split(n).join('~');
  }
  const costs = faces.length ? faces.map((f) => str(f.mana_cost)) : [str(raw.mana_cost)];
  const colors = Array.isArray(raw.colors) ? strs(raw.colors) : faces.flatMap((f) => strs(f.colors));
  const typeFolded = fold(typeLine);
  const frontType = fold(str(front.type_line) || typeLine.split(' // ')[0] || '');
  const layout = row.layout;
  const flags: FlagName[] = [];
  if (DFC_LAYOUTS.has(layout)) flags.push('dfc');
  if (layout === 'modal_dfc') flags.push('mdfc');
  const lf = LAYOUT_FLAGS[layout];
  if (lf) flags.push(lf);
  if (layout !== 'saga' && /\bsaga\b/.test(typeFolded)) flags.push('saga');
  const isToken = layout === 'token' || layout === 'double_faced_token' || /\btoken\b/.test(typeFolded);
  if (isToken) flags.push('token');
  if (layout !== 'emblem' && /\bemblem\b/.test(typeFolded)) flags.push('emblem');
  if ((/\blegendary\b/.test(frontType) && /\bcreature\b/.test(frontType)) || /can be your commander/.test(fullText)) flags.push('commander');
  if (PERMANENT_TYPES.test(frontType) && !isToken) flags.push('permanent');
  if (!/\bland\b/.test(frontType) && !isToken && /\b(instant|sorcery|artifact|creature|enchantment|planeswalker|battle|kindred|tribal)\b/.test(frontType)) flags.push('spell');
  if (/\b(legendary|artifact|saga)\b/.test(frontType)) flags.push('historic');
  if (/\bcreature\b/.test(frontType) && texts.every((t) => t.trim() === '')) flags.push('vanilla');
  const manaAll = costs.join('');
  if (/\{[WUBRGC2]\/[WUBRGC]\}/.test(manaAll)) flags.push('hybrid');
  if (/\/P\}/.test(manaAll)) flags.push('phyrexian');
  if (raw.reserved === true) flags.push('reserved');
  const legalities: Array<[string, 'legal' | 'banned' | 'restricted']> = [];
  const l = raw.legalities && typeof raw.legalities === 'object' ? (raw.legalities as Record<string, unknown>) : {};
  for (const [format, status] of Object.entries(l)) {
    if (status === 'legal' || status === 'banned' || status === 'restricted') legalities.push([format, status]);
  }
  return {
    names,
    name: names.map(loose).join('\n'),
    nameRaw: names.map(fold).join('\n'),
    type: typeFolded,
    oracle: text,
    tilde,
    full: fullText,
    keywords: `\u0001${keywordsOf(raw, texts).map(fold).join('\u0001')}\u0001`,
    mana: costs.join(' // '),
    oracleId: row.oracle_id ?? '',
    cmc: typeof raw.cmc === 'number' ? raw.cmc : NaN,
    pow0: statValue(front.power ?? raw.power),
    pow1: statValue(back?.power),
    tou0: statValue(front.toughness ?? raw.toughness),
    tou1: statValue(back?.toughness),
    loy0: statValue(front.loyalty ?? raw.loyalty),
    loy1: statValue(back?.loyalty),
    colors: maskOf(colors) & 31,
    identity: maskOf(strs(raw.color_identity)) & 31,
    produces: maskOf(strs(raw.produced_mana)),
    edhrec: typeof raw.edhrec_rank === 'number' ? raw.edhrec_rank : NaN,
    flags,
    legalities,
  };
}
