/**
 * Fact extraction: what the index knows of one printing, read off its `cards` row and
 * Scryfall JSON. `searchFacts` is what the importer stores per printing (`card_facts`);
 * `cardFacts` derives the card-level facts every printing of a card shares and
 * `printingFacts` the ones that belong to the printing.
 */
import { hash } from 'node:crypto';
import type { CardsTable } from '../../db/schema.js';
import { fold, looseForms } from './text.js';

/** What the builder needs of a `cards` row. */
export type IndexRow = Omit<CardsTable, 'data' | 'updated_at'>;

export const ROW_KEYS = [
  'id', 'oracle_id', 'name', 'lang', 'set_code', 'set_name', 'collector_number', 'rarity', 'layout', 'released_at',
  'finishes', 'price_usd', 'price_usd_foil', 'price_usd_etched', 'price_eur', 'price_eur_foil', 'price_tix',
] as const;

/**
 * Bumped whenever `searchFacts` stores more of the card: an index build that finds older
 * facts reads the cards' full JSON instead, until the next import refreshes them.
 */
export const FACTS_VERSION = 6;

export interface Face {
  name?: unknown;
  printed_name?: unknown;
  flavor_name?: unknown;
  mana_cost?: unknown;
  type_line?: unknown;
  oracle_text?: unknown;
  flavor_text?: unknown;
  artist?: unknown;
  /** On the faces of a reversible card only, which has none of its own. */
  cmc?: unknown;
  colors?: unknown;
  color_indicator?: unknown;
  power?: unknown;
  toughness?: unknown;
  loyalty?: unknown;
  illustration_id?: unknown;
  watermark?: unknown;
}

export interface Raw extends Face {
  color_identity?: unknown;
  keywords?: unknown;
  legalities?: unknown;
  games?: unknown;
  reprint?: unknown;
  promo?: unknown;
  promo_types?: unknown;
  digital?: unknown;
  full_art?: unknown;
  textless?: unknown;
  reserved?: unknown;
  oversized?: unknown;
  booster?: unknown;
  story_spotlight?: unknown;
  highres_image?: unknown;
  game_changer?: unknown;
  set_type?: unknown;
  border_color?: unknown;
  frame?: unknown;
  frame_effects?: unknown;
  security_stamp?: unknown;
  preview?: unknown;
  artist_ids?: unknown;
  produced_mana?: unknown;
  edhrec_rank?: unknown;
  penny_rank?: unknown;
  variation?: unknown;
  mtgo_id?: unknown;
  arena_id?: unknown;
  multiverse_ids?: unknown;
  card_faces?: Face[];
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** What a card says whatever its printing: stored once per printing, read once per card. */
const CARD_KEYS = [
  'type_line', 'oracle_text', 'mana_cost', 'cmc', 'colors', 'color_identity', 'keywords', 'reserved', 'game_changer',
  'produced_mana', 'edhrec_rank', 'power', 'toughness', 'loyalty',
] as const;
const CARD_FACE_KEYS = ['name', 'mana_cost', 'type_line', 'oracle_text', 'colors', 'power', 'toughness', 'loyalty', 'cmc'] as const;
/** What varies by printing, stored by position (no key names to store or parse 500,000 times). */
const PRINT_KEYS = [
  'color_indicator', 'games', 'reprint', 'promo', 'promo_types', 'digital', 'full_art', 'textless', 'oversized', 'booster',
  'story_spotlight', 'highres_image', 'set_type', 'border_color', 'frame', 'frame_effects', 'security_stamp', 'watermark',
  'mtgo_id', 'multiverse_ids', 'printed_name', 'flavor_name', 'flavor_text', 'artist', 'artist_ids', 'illustration_id',
  'preview', 'variation', 'penny_rank',
] as const;
const PRINT_FACE_KEYS = ['printed_name', 'flavor_name', 'flavor_text', 'artist', 'color_indicator', 'illustration_id', 'watermark'] as const;

function pick(from: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (from[k] !== undefined && from[k] !== null) out[k] = from[k];
  return out;
}

/** The values of `keys`, in order, trailing missing ones left out. */
function positional(from: Record<string, unknown>, keys: readonly string[]): unknown[] {
  const out = keys.map((k) => from[k] ?? null);
  while (out.length && out[out.length - 1] === null) out.pop();
  return out;
}

function fromPositional(values: unknown, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (Array.isArray(values)) {
    keys.forEach((k, n) => {
      if (values[n] !== null && values[n] !== undefined) out[k] = values[n];
    });
  }
  return out;
}

const faceList = (card: Record<string, unknown>): Array<Record<string, unknown>> | undefined =>
  Array.isArray(card.card_faces) ? card.card_faces.map((face: unknown) => (face ?? {}) as Record<string, unknown>) : undefined;

/**
 * Where the card part of stored facts starts: always the last element, so a reader can stop
 * before it (`,{"c":` cannot occur earlier: quotes inside strings are escaped).
 */
export const CARD_PART = ',{"c":';

/**
 * The part of a Scryfall card object the index reads, as JSON: what the importer stores in
 * `card_facts` so index builds parse a fraction of the bytes (no image URIs, prices,
 * purchase links; only the formats a card is legal, banned or restricted in):
 * `[version, sharing key, row, printing, printing's faces, {c: card}]`. The printing's facts
 * are by position; the card's (last) are what it says whatever its printing, which an index
 * build parses once per card and sharing key and skips for the card's other printings.
 */
export function searchFacts(row: IndexRow, card: Record<string, unknown>, importedAt: string): string {
  // `row`: the card's row as the importer normalised it. Printings of one card share their
  // card-level facts in an index build when their keys are equal: the import and a digest of the
  // card part. Scryfall's bulk files agree on those across printings, but a file assembled from
  // several snapshots (the demo data) does not, and each printing must keep its own legalities:
  // the index takes the card's from the printing it shows. (Rows stored before the digest have
  // the import alone, and share by it.)
  const preview = card.preview && typeof card.preview === 'object' ? (card.preview as Record<string, unknown>) : undefined;
  const printing = positional({ ...card, preview: preview ? { source: preview.source, previewed_at: preview.previewed_at } : null }, PRINT_KEYS);
  const faces = faceList(card);
  const c = pick(card, CARD_KEYS);
  if (card.legalities && typeof card.legalities === 'object') {
    const l: Record<string, unknown> = {};
    for (const [f, v] of Object.entries(card.legalities as Record<string, unknown>)) if (v !== 'not_legal') l[f] = v;
    c.legalities = l;
  }
  if (faces) c.card_faces = faces.map((f) => pick(f, CARD_FACE_KEYS));
  const printFaces = faces ? faces.map((f) => positional(f, PRINT_FACE_KEYS)) : null;
  const cardPart = JSON.stringify({ c });
  const key = `${importedAt} ${hash('sha1', cardPart, 'base64url').slice(0, 16)}`;
  const head = JSON.stringify([FACTS_VERSION, key, ROW_KEYS.map((k) => row[k]), printing, printFaces]);
  return `${head.slice(0, -1)},${cardPart}]`;
}

/** Stored facts read back: the row, the printing's facts, and a way to the card's. */
export interface StoredFacts {
  row: unknown[];
  importedAt: unknown;
  printing: Raw;
  /** The printing's and the card's facts as one Scryfall-like object (parses the card part). */
  card(): Raw;
}

/**
 * Reads facts `searchFacts` wrote; undefined when they are of another version (or not
 * facts at all). The card part is parsed only when asked for.
 */
export function readFacts(facts: string): StoredFacts | undefined {
  const cut = facts.lastIndexOf(CARD_PART);
  if (cut < 0) return undefined;
  let head: unknown;
  try {
    head = JSON.parse(`${facts.slice(0, cut)}]`);
  } catch {
    return undefined;
  }
  if (!Array.isArray(head) || head[0] !== FACTS_VERSION || !Array.isArray(head[2])) return undefined;
  const printing: Raw = fromPositional(head[3], PRINT_KEYS);
  if (Array.isArray(head[4])) printing.card_faces = head[4].map((f: unknown) => fromPositional(f, PRINT_FACE_KEYS));
  return {
    row: head[2],
    importedAt: head[1],
    printing,
    card: () => {
      try {
        const part = JSON.parse(facts.slice(cut + 1, -1)) as { c?: Raw };
        return joinFacts(printing, part.c ?? {});
      } catch {
        return printing;
      }
    },
  };
}

/** The card part of stored facts joined to the printing part, as one Scryfall-like object. */
export function joinFacts(printing: Raw, card: Raw): Raw {
  const faces = card.card_faces?.map((f, k) => ({ ...printing.card_faces?.[k], ...f }));
  return { ...printing, ...card, ...(faces ? { card_faces: faces } : {}) };
}

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

/** `fn` remembering its last results, for the few strings every printing repeats. */
function remembered<T>(fn: (s: string) => T, size: number): (s: string) => T {
  const known = new Map<string, T>();
  return (s) => {
    let v = known.get(s);
    if (v === undefined) {
      if (known.size >= size) known.clear();
      v = fn(s);
      known.set(s, v);
    }
    return v;
  };
}

/** A date ("YYYY-MM-DD...") as YYYYMMDD, 0 when unknown. */
export function dayOf(date: string | null | undefined): number {
  if (!date || date.length < 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) return 0;
  let day = 0;
  for (const k of [0, 1, 2, 3, 5, 6, 8, 9]) {
    const d = date.charCodeAt(k) - 48;
    if (d < 0 || d > 9) return 0;
    day = day * 10 + d;
  }
  return day;
}
const finishesOf = remembered((json: string): readonly PrintFlag[] => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  return Array.isArray(parsed) ? parsed.filter((f): f is PrintFlag => f === 'foil' || f === 'nonfoil' || f === 'etched' || f === 'glossy') : [];
}, 100);

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
/** Keywords whose line goes on with words, not a cost: "Enchant creature", "Equip legendary creature {1}" ("Enchanted" and "Equipped" are not them). */
const LINE_KEYWORD_RE = /^(enchant|equip)\b/i;
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
      const lead = LINE_KEYWORD_RE.exec(line.trim())?.[1];
      if (lead) out.add(titleCase(lead.toLowerCase()));
      // A keyword line is keywords alone ("Flying, vigilance", "Kicker {2}{R}"); a keyword named
      // inside a sentence ("gains your choice of reach, trample, or haste") is not the card's.
      const found = line.split(/[,;]/).map((piece) => ABILITY_RE.exec(piece.trim().replace(/\.$/, ''))?.[1]);
      if (found.every((a) => a !== undefined)) for (const ability of found) out.add(titleCase(ability.toLowerCase()));
      for (const m of line.matchAll(ACTION_RE)) if (m[1]) out.add(titleCase(m[1].toLowerCase()));
    }
  }
  return [...out];
}

/** "Add ..." up to the end of its sentence: where rules text says what mana a card makes. */
const ADD_CLAUSE = /\badds?\b([^.\n]*)/gi;
const MANA_SYMBOL = /\{([WUBRGC])\}/g;

/**
 * Scryfall's `produced_mana`, or, for older data without it, the mana the rules text adds
 * (reminder text included: a basic Forest's "({T}: Add {G}.)"): the symbols of each "Add ..."
 * sentence, and every colour for "any color" (with colourless for "any type"). What makes mana
 * without saying "add" (Urborg making lands Swamps) is Scryfall's alone.
 */
function producedManaOf(raw: Raw, oracleTexts: string[]): string[] {
  if (Array.isArray(raw.produced_mana)) return strs(raw.produced_mana);
  const out = new Set<string>();
  for (const text of oracleTexts) {
    for (const [, clause = ''] of text.matchAll(ADD_CLAUSE)) {
      if (/\bany (one )?colou?r\b|\bany combination of colou?rs\b|\bdifferent colou?rs\b/i.test(clause)) for (const c of 'WUBRG') out.add(c);
      if (/\bany type\b/i.test(clause)) for (const c of 'WUBRGC') out.add(c);
      for (const [, symbol] of clause.matchAll(MANA_SYMBOL)) if (symbol) out.add(symbol);
    }
  }
  return [...out];
}

/** A card's keywords as search sees them: Scryfall's, or those its faces' rules text shows. */
export function keywordsOfCard(raw: Raw): string[] {
  if (Array.isArray(raw.keywords)) return strs(raw.keywords);
  const faces = Array.isArray(raw.card_faces) ? raw.card_faces : [];
  const texts = faces.length ? faces.map((f) => str(f.oracle_text)) : [str(raw.oracle_text)];
  if (faces.length && str(raw.oracle_text)) texts.push(str(raw.oracle_text));
  return keywordsOf(raw, texts);
}

/** A line of rules text made only of keyword abilities ("Flying, protection from red"). */
function onlyKeywords(line: string, keywords: string[]): boolean {
  return line
    .replace(/\.$/, '')
    .split(/[,;] /)
    .every((piece) => {
      const p = piece.trim();
      return p !== '' && (ABILITY_RE.test(p) || keywords.some((k) => p === k || p.startsWith(`${k} `)));
    });
}

/** Flags that describe a card (the same on every printing of it). */
export const CARD_FLAGS = [
  'dfc', 'mdfc', 'split', 'flip', 'transform', 'meld', 'leveler', 'adventure', 'class', 'saga', 'mutate', 'prototype',
  'augment', 'host', 'token', 'emblem', 'planar', 'scheme', 'vanguard', 'art_series', 'reversible', 'commander',
  'permanent', 'spell', 'historic', 'vanilla', 'frenchvanilla', 'hybrid', 'phyrexian', 'reserved', 'party', 'modal',
  'companion', 'gamechanger', 'outlaw', 'bikeland', 'bounceland', 'canopyland', 'checkland', 'creatureland', 'dual',
  'fastland', 'fetchland', 'filterland', 'gainland', 'painland', 'scryland', 'shadowland', 'shockland', 'storageland',
  'tangoland', 'triland',
] as const;
export type CardFlag = (typeof CARD_FLAGS)[number];

/** Flags that describe one printing. */
export const PRINT_FLAGS = [
  'foil', 'nonfoil', 'etched', 'glossy', 'reprint', 'firstprint', 'promo', 'digital', 'fullart', 'textless',
  'oversized', 'booster', 'spotlight', 'funny', 'hires', 'new', 'old', 'ub', 'scryfallpreview', 'masterpiece',
  'has_flavor', 'has_watermark', 'has_indicator', 'has_security_stamp', 'has_flavorname', 'variation',
] as const;
export type PrintFlag = (typeof PRINT_FLAGS)[number];

const LAYOUT_FLAGS: Record<string, CardFlag> = {
  split: 'split', flip: 'flip', transform: 'transform', meld: 'meld', leveler: 'leveler', adventure: 'adventure',
  class: 'class', saga: 'saga', mutate: 'mutate', prototype: 'prototype', augment: 'augment', host: 'host',
  emblem: 'emblem', planar: 'planar', scheme: 'scheme', vanguard: 'vanguard', art_series: 'art_series',
  reversible_card: 'reversible',
};

const DFC_LAYOUTS = new Set(['transform', 'modal_dfc', 'double_faced_token', 'reversible_card', 'art_series', 'meld']);
const PERMANENT_TYPES = /\b(artifact|creature|enchantment|land|planeswalker|battle)\b/;

// Land cycles by their rules text (folded, reminder text removed, the card's name as ~),
// in the older "enters the battlefield" wording and the current "enters".
const BASIC = '(?:plains|island|swamp|mountain|forest)';
const ENTERS = 'enters(?: the battlefield)?';
const MANA = '\\{[wubrg]\\}';
const LAND_TEXT: Array<[CardFlag, RegExp]> = [
  ['shockland', new RegExp(`you may pay 2 life\\. if you don't, (?:it|~) ${ENTERS} tapped`)],
  ['fetchland', new RegExp(`\\{t\\}, pay 1 life, sacrifice ~: search your library for an? ${BASIC} or ${BASIC} card`)],
  ['checkland', new RegExp(`~ ${ENTERS} tapped unless you control an? ${BASIC} or an? ${BASIC}`)],
  ['fastland', new RegExp(`${ENTERS} tapped unless you control two or fewer other lands`)],
  ['painland', new RegExp(`\\{t\\}: add ${MANA} or ${MANA}\\. ~ deals 1 damage to you`)],
  ['scryland', new RegExp(`~ ${ENTERS} tapped\\.\\nwhen ~ ${ENTERS}, scry 1\\.`)],
  ['gainland', new RegExp(`~ ${ENTERS} tapped\\.\\nwhen ~ ${ENTERS}, you gain 1 life\\.`)],
  ['bounceland', new RegExp(`when ~ ${ENTERS}, return a land you control to its owner's hand`)],
  ['filterland', new RegExp(`\\{[wubrg]/[wubrg]\\}, \\{t\\}: add ${MANA}${MANA}, ${MANA}${MANA}, or ${MANA}${MANA}`)],
  ['canopyland', new RegExp(`\\{t\\}, pay 1 life: add ${MANA} or ${MANA}\\.\\n\\{1\\}, \\{t\\}, sacrifice ~: draw a card`)],
  ['shadowland', new RegExp(`as ~ ${ENTERS}, you may reveal an? ${BASIC} or ${BASIC} card from your hand\\. if you don't, ~ ${ENTERS} tapped`)],
  ['storageland', /storage counter/],
  ['creatureland', /~ becomes an? [^.\n]*creature/],
  ['triland', new RegExp(`^~ ${ENTERS} tapped\\.\\n\\{t\\}: add ${MANA}, ${MANA}, or ${MANA}\\.$`)],
  ['tangoland', new RegExp(`${ENTERS} tapped unless you control two or more basic lands`)],
];
const MODAL = /\bchoose (?:one|two|three|four|five|one or more|one or both|any number|up to (?:one|two|three|four|five))\b[^\n]*—/;

/** The cheapest of the prices that are known, NaN when none is. */
export function cheapest(...prices: Array<number | null>): number {
  let m = Infinity;
  for (const p of prices) if (p !== null && p < m) m = p;
  return m === Infinity ? NaN : m;
}

/** Facts every printing of a card shares; texts already folded as the columns keep them. */
export interface CardFacts {
  names: string[];
  /** Names, loose (punctuation dropped), one per line; a hyphenated name twice, joined and spaced (`looseForms`). */
  name: string;
  /** Names, folded, one per line. */
  nameRaw: string;
  type: string;
  oracle: string;
  tilde: string;
  full: string;
  fullTilde: string;
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
  flags: CardFlag[];
  legalities: Array<[string, 'legal' | 'banned' | 'restricted']>;
}

/** "~" in o: stands for the card's own name, as on Scryfall: the text with its names replaced. */
function withTilde(text: string, names: string[]): string {
  let out = text;
  for (const n of names.map(fold).sort((a, b) => b.length - a.length)) {
    if (n && out.includes(n)) out = out.split(n).join('~');
  }
  return out;
}

export function cardFacts(row: IndexRow, raw: Raw, faces: Face[]): CardFacts {
  const front: Face = faces[0] ?? raw;
  const back: Face | undefined = faces[1];
  const faceNames = faces.map((f) => str(f.name)).filter(Boolean);
  const names = [row.name, ...faceNames];
  const typeLine = str(raw.type_line) || faces.map((f) => str(f.type_line)).filter(Boolean).join(' // ');
  const texts = faces.length ? faces.map((f) => str(f.oracle_text)) : [str(raw.oracle_text)];
  if (faces.length && str(raw.oracle_text)) texts.push(str(raw.oracle_text));
  const fullText = fold(texts.filter(Boolean).join('\n'));
  // Reminder text out, and the spaces and empty lines it leaves: `$` in o:/trample$/ must see
  // the end of "Trample (...)".
  const text = fullText.replace(/\([^)]*\)/g, '').split('\n').map((l) => l.trim()).filter(Boolean).join('\n');
  const tilde = withTilde(text, names);
  const costs = faces.length ? faces.map((f) => str(f.mana_cost)) : [str(raw.mana_cost)];
  const colors = Array.isArray(raw.colors) ? strs(raw.colors) : faces.flatMap((f) => strs(f.colors));
  const typeFolded = fold(typeLine);
  const frontType = fold(str(front.type_line) || typeLine.split(' // ')[0] || '');
  const keywords = keywordsOf(raw, texts);
  const foldedKeywords = keywords.map(fold);
  const layout = row.layout;
  const flags: CardFlag[] = [];
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
  const frontCreature = /\bcreature\b/.test(frontType);
  if (frontCreature && texts.every((t) => t.trim() === '')) flags.push('vanilla');
  const frontText = fold(str(front.oracle_text) || (faces.length ? '' : str(raw.oracle_text))).replace(/\([^)]*\)/g, '').trim();
  const frontLines = frontText.split('\n').map((l) => l.trim()).filter(Boolean);
  if (frontCreature && frontLines.length > 0 && frontLines.every((l) => onlyKeywords(l, foldedKeywords))) flags.push('frenchvanilla');
  const manaAll = costs.join('');
  if (/\{[WUBRGC2]\/[WUBRGC]\}/.test(manaAll)) flags.push('hybrid');
  if (/\/P\}/.test(manaAll)) flags.push('phyrexian');
  if (raw.reserved === true) flags.push('reserved');
  if (frontCreature && /\b(cleric|rogue|warrior|wizard)\b/.test(frontType)) flags.push('party');
  if (/\b(assassin|mercenary|pirate|rogue|warlock)\b/.test(frontType) && frontCreature) flags.push('outlaw');
  if (MODAL.test(text)) flags.push('modal');
  if (foldedKeywords.includes('companion')) flags.push('companion');
  if (raw.game_changer === true) flags.push('gamechanger');
  if (/\bland\b/.test(frontType)) {
    const basicTypes = (frontType.split('—')[1] ?? '').match(/\b(plains|island|swamp|mountain|forest)\b/g)?.length ?? 0;
    const landText = withTilde(frontText, names);
    if (basicTypes >= 2 && !/\bbasic\b/.test(frontType) && landText.trim() === '') flags.push('dual');
    if (basicTypes >= 2 && new RegExp(`${ENTERS} tapped`).test(landText) && /\bcycling \{2\}/.test(landText)) flags.push('bikeland');
    for (const [flag, re] of LAND_TEXT) if (re.test(landText)) flags.push(flag);
  }
  const legalities: Array<[string, 'legal' | 'banned' | 'restricted']> = [];
  const l = raw.legalities && typeof raw.legalities === 'object' ? (raw.legalities as Record<string, unknown>) : {};
  for (const [format, status] of Object.entries(l)) {
    if (status === 'legal' || status === 'banned' || status === 'restricted') legalities.push([format, status]);
  }
  return {
    names,
    name: names.flatMap(looseForms).join('\n'),
    nameRaw: names.map(fold).join('\n'),
    type: typeFolded,
    oracle: text,
    tilde,
    full: fullText,
    fullTilde: withTilde(fullText, names),
    keywords: `\u0001${foldedKeywords.join('\u0001')}\u0001`,
    mana: costs.join(' // '),
    oracleId: row.oracle_id ?? '',
    // A reversible card's mana value is on its faces (the same on both).
    cmc: typeof raw.cmc === 'number' ? raw.cmc : typeof front.cmc === 'number' ? front.cmc : NaN,
    pow0: statValue(front.power ?? raw.power),
    pow1: statValue(back?.power),
    tou0: statValue(front.toughness ?? raw.toughness),
    tou1: statValue(back?.toughness),
    loy0: statValue(front.loyalty ?? raw.loyalty),
    loy1: statValue(back?.loyalty),
    colors: maskOf(colors) & 31,
    identity: maskOf(strs(raw.color_identity)) & 31,
    produces: maskOf(producedManaOf(raw, texts)),
    edhrec: typeof raw.edhrec_rank === 'number' ? raw.edhrec_rank : NaN,
    flags,
    legalities,
  };
}

const ATYPICAL_FRAME_EFFECTS = new Set(['showcase', 'extendedart', 'inverted', 'colorshifted', 'etched', 'shatteredglass', 'textured', 'fullart']);

/** Facts of one printing (texts folded as their columns keep them). */
export interface PrintingFacts {
  /** Names printed on this printing (foreign languages), as written. */
  printedNames: string[];
  flavor: string;
  artist: string;
  artists: number;
  illustration: string;
  setType: string;
  border: string;
  frame: string;
  /** Frame effects, listed as "\u0001a\u0001b\u0001". */
  frameEffects: string;
  games: string;
  watermark: string;
  stamp: string;
  promoTypes: string;
  previewDay: number;
  mtgo: number | undefined;
  multiverse: number[];
  reprint: boolean | undefined;
  /**
   * Rank in Penny Dreadful play (1 = most played), NaN when unknown. Kept per printing: the
   * same on every printing of a card in one Scryfall file, but not in files mixed from several.
   */
  penny: number;
  /** How unusual the printing looks, for prefer:atypical. */
  atypical: number;
  flags: PrintFlag[];
}

export function printingFacts(row: IndexRow, raw: Raw, faces: Face[]): PrintingFacts {
  const front: Face = faces[0] ?? raw;
  const both = (k: keyof Face) => [raw[k], ...faces.map((f) => f[k])];
  const flags: PrintFlag[] = [...finishesOf(row.finishes)];
  const setType = str(raw.set_type).toLowerCase();
  const frame = str(raw.frame).toLowerCase();
  const frameEffects = strs(raw.frame_effects).map((e) => e.toLowerCase());
  const promoTypes = strs(raw.promo_types).map((e) => e.toLowerCase());
  const stamp = str(raw.security_stamp).toLowerCase();
  const border = str(raw.border_color).toLowerCase();
  const flavor = both('flavor_text').map(str).filter(Boolean);
  const watermark = both('watermark').map(str).find(Boolean) ?? '';
  const artists = [...new Set(both('artist').map(str).filter(Boolean))];
  const preview = raw.preview && typeof raw.preview === 'object' ? (raw.preview as Record<string, unknown>) : undefined;
  const bool = (v: unknown, flag: PrintFlag) => {
    if (v === true) flags.push(flag);
  };
  bool(raw.promo, 'promo');
  bool(raw.digital, 'digital');
  bool(raw.full_art, 'fullart');
  bool(raw.textless, 'textless');
  bool(raw.oversized, 'oversized');
  bool(raw.booster, 'booster');
  bool(raw.story_spotlight, 'spotlight');
  bool(raw.highres_image, 'hires');
  bool(raw.variation, 'variation');
  bool(setType === 'funny', 'funny');
  bool(setType === 'masterpiece', 'masterpiece');
  bool(frame === '2015', 'new');
  bool(frame === '1993' || frame === '1997', 'old');
  bool(stamp === 'triangle' || promoTypes.includes('universesbeyond'), 'ub');
  bool(/scryfall/i.test(str(preview?.source)), 'scryfallpreview');
  bool(flavor.length > 0, 'has_flavor');
  bool(watermark !== '', 'has_watermark');
  bool(both('color_indicator').some((c) => strs(c).length > 0), 'has_indicator');
  bool(stamp !== '', 'has_security_stamp');
  bool(faces.some((f) => str(f.flavor_name)) || str(raw.flavor_name) !== '', 'has_flavorname');
  const atypical =
    (raw.promo === true ? 1 : 0) + (raw.full_art === true ? 1 : 0) + (raw.textless === true ? 1 : 0) +
    (border !== '' && border !== 'black' ? 1 : 0) + (frameEffects.some((e) => ATYPICAL_FRAME_EFFECTS.has(e)) ? 1 : 0) +
    (promoTypes.length > 0 ? 1 : 0);
  const artistIds = strs(raw.artist_ids);
  // Without ids, the names: Scryfall's artist field joins a printing's artists with " & ".
  const artistNames = new Set(artists.flatMap((a) => a.split(/\s+(?:&|\/\/)\s+/)).filter(Boolean));
  return {
    printedNames: [str(raw.printed_name), ...faces.map((f) => str(f.printed_name))].filter(Boolean),
    flavor: fold(flavor.join('\n')),
    artist: fold(artists.join('\n')),
    // Scryfall's artist ids when given; else the distinct names of the printing's and its faces' artists.
    artists: artistIds.length > 0 ? artistIds.length : artistNames.size,
    illustration: str(raw.illustration_id) || str(front.illustration_id),
    setType,
    border,
    frame,
    frameEffects: `\u0001${frameEffects.join('\u0001')}\u0001`,
    games: `\u0001${strs(raw.games).join('\u0001')}\u0001`,
    watermark: fold(watermark),
    stamp,
    promoTypes: `\u0001${promoTypes.join('\u0001')}\u0001`,
    previewDay: dayOf(str(preview?.previewed_at)),
    mtgo: typeof raw.mtgo_id === 'number' ? raw.mtgo_id : undefined,
    multiverse: Array.isArray(raw.multiverse_ids) ? raw.multiverse_ids.filter((m): m is number => typeof m === 'number') : [],
    reprint: typeof raw.reprint === 'boolean' ? raw.reprint : undefined,
    penny: typeof raw.penny_rank === 'number' ? raw.penny_rank : NaN,
    atypical,
    flags,
  };
}
