/**
 * The compact in-memory card index one process searches. Columns, not objects:
 * numbers live in typed arrays indexed by printing number; text is interned (one
 * copy per distinct string, printings point at it), so a text predicate runs once
 * per distinct string and 100,000 printings of ~30,000 cards cost tens of MB.
 * Built from the `cards` table (the store of record); never written to.
 */
import { Bitset } from './bitset.js';
import { RARITY_RANK, type Order } from './parser.js';
import { compact, fold, loose } from './text.js';

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

const ROW_KEYS = [
  'id', 'oracle_id', 'name', 'lang', 'set_code', 'set_name', 'collector_number', 'rarity', 'layout', 'released_at',
  'finishes', 'price_usd', 'price_usd_foil', 'price_usd_etched', 'price_eur', 'price_eur_foil', 'price_tix',
] as const;

export interface IndexSetRow {
  code: string;
  name: string;
  set_type: string | null;
  released_at: string | null;
  card_count: number;
}

export interface IndexSet {
  code: string;
  name: string;
  day: number;
}

/** One interned text value per printing. */
export class TextColumn {
  readonly strings: string[] = [];
  private readonly lookup = new Map<string, number>();
  private refs: number[] = [];
  ids: Int32Array = new Int32Array(0);

  /** The id of a value, adding it when new. */
  intern(value: string): number {
    let id = this.lookup.get(value);
    if (id === undefined) {
      id = this.strings.length;
      this.strings.push(value);
      this.lookup.set(value, id);
    }
    return id;
  }

  /** Appends the next printing's value by id. */
  push(id: number): void {
    this.refs.push(id);
  }

  seal(): void {
    this.ids = Int32Array.from(this.refs);
    this.refs = [];
    this.lookup.clear();
  }

  /** Trigram -> ids of the strings containing it (ascending), when enabled. */
  private trigrams: Map<string, Int32Array> | undefined;

  /**
   * Indexes every 3-character substring, so `contains` with a needle of 3 or more
   * characters tests only the strings that have all its trigrams (big text columns).
   */
  enableTrigrams(): void {
    const lists = new Map<string, number[]>();
    for (let id = 0; id < this.strings.length; id++) {
      const v = this.strings[id]!;
      for (let k = 0; k + 3 <= v.length; k++) {
        const g = v.substring(k, k + 3);
        let list = lists.get(g);
        if (!list) lists.set(g, (list = []));
        if (list[list.length - 1] !== id) list.push(id);
      }
    }
    this.trigrams = new Map();
    for (const [g, list] of lists) this.trigrams.set(g, Int32Array.from(list));
  }

  /** Printings whose value contains `needle` (already folded). */
  contains(needle: string, size: number, within?: Bitset): Bitset {
    const grams = this.trigrams;
    if (!grams || needle.length < 3 || (within && within.count() * 4 < this.strings.length)) {
      return this.select((v) => v.includes(needle), size, within);
    }
    // Candidates: strings holding every trigram of the needle; rarest lists first.
    const lists: Int32Array[] = [];
    for (let k = 0; k + 3 <= needle.length; k++) {
      const list = grams.get(needle.substring(k, k + 3));
      if (!list) return new Bitset(size);
      lists.push(list);
    }
    lists.sort((a, b) => a.length - b.length);
    let candidates: Int32Array = lists[0]!;
    for (let l = 1; l < lists.length && candidates.length > 0; l++) {
      const other = lists[l]!;
      const next: number[] = [];
      let j = 0;
      for (const c of candidates) {
        while (j < other.length && other[j]! < c) j++;
        if (j < other.length && other[j] === c) next.push(c);
      }
      candidates = Int32Array.from(next);
    }
    const hits = new Uint8Array(this.strings.length);
    let any = false;
    for (const c of candidates) {
      if (this.strings[c]!.includes(needle)) {
        hits[c] = 1;
        any = true;
      }
    }
    const out = new Bitset(size);
    if (!any) return out;
    const ids = this.ids;
    const words = out.words;
    for (let i = 0; i < size; i++) if (hits[ids[i]!] === 1) words[i >>> 5] |= 1 << (i & 31);
    return within ? out.and(within) : out;
  }

  /**
   * The printings whose value satisfies `test`; `test` runs once per distinct value.
   * With `within`, only those printings are considered (and returned): when they are
   * few, only their values are tested, which makes a selective term cheap before an
   * expensive one.
   */
  select(test: (value: string) => boolean, size: number, within?: Bitset): Bitset {
    if (within && within.count() * 4 < this.strings.length) {
      const memo = new Uint8Array(this.strings.length);
      const out = new Bitset(size);
      const ids = this.ids;
      within.forEach((i) => {
        const s = ids[i]!;
        let m = memo[s]!;
        if (m === 0) memo[s] = m = test(this.strings[s]!) ? 1 : 2;
        if (m === 1) out.set(i);
      });
      return out;
    }
    const hits = new Uint8Array(this.strings.length);
    let any = false;
    for (let s = 0; s < this.strings.length; s++) {
      if (test(this.strings[s]!)) {
        hits[s] = 1;
        any = true;
      }
    }
    const out = new Bitset(size);
    if (!any) return out;
    const ids = this.ids;
    const words = out.words;
    for (let i = 0; i < size; i++) if (hits[ids[i]!] === 1) words[i >>> 5] |= 1 << (i & 31);
    return within ? out.and(within) : out;
  }

  get(i: number): string {
    return this.strings[this.ids[i]!]!;
  }
}

interface Face {
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

interface Raw extends Face {
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

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

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
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

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

function dayOf(date: string | null | undefined): number {
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

function cheapest(a: number | null, b: number | null, c: number | null): number {
  let m = Infinity;
  if (a !== null && a < m) m = a;
  if (b !== null && b < m) m = b;
  if (c !== null && c < m) m = c;
  return m === Infinity ? NaN : m;
}

interface OracleFacts {
  names: string[];
  name: number;
  nameRaw: number;
  type: number;
  oracle: number;
  tilde: number;
  full: number;
  keywords: number;
  mana: number;
  oracleId: number;
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

/** A sort order as a permutation of printing numbers; values missing for the key come last in either direction. */
export interface Permutation {
  asc: Int32Array;
  desc: Int32Array;
}

export interface CardIndex {
  /** The `cards_version` the index was built from. */
  version: string;
  /** Distinguishes builds inside one process, so a page cursor from an old index is noticed. */
  generation: number;
  size: number;
  ids: string[];
  byId: Map<string, number>;
  /** Card (oracle) group of each printing; printings without an oracle id are groups of their own. */
  group: Int32Array;
  groupCount: number;
  /** Printing numbers of each group in preference order (English, paper, newest first): CSR layout. */
  groupStart: Int32Array;
  groupMembers: Int32Array;
  oracleGroup: Map<string, number>;
  /** Distinct artwork of each printing, for unique=art. */
  art: Int32Array;
  names: string[];
  name: TextColumn;
  nameRaw: TextColumn;
  type: TextColumn;
  oracle: TextColumn;
  oracleTilde: TextColumn;
  fullOracle: TextColumn;
  flavor: TextColumn;
  artist: TextColumn;
  keywords: TextColumn;
  mana: TextColumn;
  lang: TextColumn;
  setCode: TextColumn;
  setType: TextColumn;
  cn: TextColumn;
  border: TextColumn;
  frame: TextColumn;
  games: TextColumn;
  watermark: TextColumn;
  oracleId: TextColumn;
  cmc: Float64Array;
  pow: [Float64Array, Float64Array];
  tou: [Float64Array, Float64Array];
  loy: [Float64Array, Float64Array];
  /** Cheapest price over finishes, in cents; NaN when unknown. */
  usd: Float64Array;
  eur: Float64Array;
  tix: Float64Array;
  released: Int32Array;
  /** Release day as YYYYMMDD, NaN when unknown: for comparisons. */
  day: Float64Array;
  edhrec: Float64Array;
  cnNum: Float64Array;
  rarity: Uint8Array;
  colors: Uint8Array;
  identity: Uint8Array;
  produces: Uint8Array;
  flags: Map<FlagName, Bitset>;
  legal: Map<string, Bitset>;
  banned: Map<string, Bitset>;
  restricted: Map<string, Bitset>;
  /** English printings, plus the printings of cards that have no English one. */
  defaultLang: Bitset;
  sets: Map<string, IndexSet>;
  orders: Map<Order, Permutation>;
  /** All printings in preference order, for choosing one printing per card or per artwork. */
  preference: Int32Array;
  /** Position of each printing in `preference`. */
  preferenceRank: Int32Array;
  /** Folded full and face names -> groups, for exact lookups. */
  exactName: Map<string, number[]>;
  /** Folded printed (foreign) names -> the printings that carry them. */
  exactPrinted: Map<string, number[]>;
  /** Distinct compact names (letters and digits only) -> groups, for fuzzy lookups. */
  compactNames: string[];
  compactGroups: number[][];
  bySetNumber: Map<string, number>;
  byMtgo: Map<number, number>;
  byMultiverse: Map<number, number>;
  byIllustration: Map<string, number[]>;
}

let generations = 0;

/** Accumulates rows (streamed from the database page by page) and seals them into a CardIndex. */
export class IndexBuilder {
  private n = 0;
  private readonly ids: string[] = [];
  private readonly oracleKeys: string[] = [];
  private readonly artKeys: string[] = [];
  private readonly displayNames: string[] = [];
  private readonly nameCol = new TextColumn();
  private readonly nameRawCol = new TextColumn();
  private readonly typeCol = new TextColumn();
  private readonly oracleCol = new TextColumn();
  private readonly tildeCol = new TextColumn();
  private readonly fullOracleCol = new TextColumn();
  private readonly flavorCol = new TextColumn();
  private readonly artistCol = new TextColumn();
  private readonly keywordCol = new TextColumn();
  private readonly manaCol = new TextColumn();
  private readonly langCol = new TextColumn();
  private readonly setCol = new TextColumn();
  private readonly setTypeCol = new TextColumn();
  private readonly cnCol = new TextColumn();
  private readonly borderCol = new TextColumn();
  private readonly frameCol = new TextColumn();
  private readonly gamesCol = new TextColumn();
  private readonly watermarkCol = new TextColumn();
  private readonly oracleIdCol = new TextColumn();
  private readonly nums = {
    cmc: [] as number[], pow0: [] as number[], pow1: [] as number[], tou0: [] as number[], tou1: [] as number[],
    loy0: [] as number[], loy1: [] as number[], usd: [] as number[], eur: [] as number[], tix: [] as number[],
    released: [] as number[], edhrec: [] as number[], cnNum: [] as number[], rarity: [] as number[],
    colors: [] as number[], identity: [] as number[], produces: [] as number[], pref: [] as number[],
  };
  private readonly flagLists = new Map<FlagName, number[]>(FLAG_NAMES.map((f) => [f, []]));
  private readonly legality = { legal: new Map<string, number[]>(), banned: new Map<string, number[]>(), restricted: new Map<string, number[]>() };
  private readonly reprintKnown: Array<boolean | undefined> = [];
  private readonly mtgo = new Map<number, number>();
  private readonly multiverse = new Map<number, number>();
  private readonly illustration = new Map<string, number[]>();
  private readonly setNumber = new Map<string, number>();
  private readonly faceNames: string[][] = [];
  private readonly printedNames = new Map<number, string[]>();

  get count(): number {
    return this.n;
  }

  private flag(name: FlagName, i: number): void {
    this.flagLists.get(name)!.push(i);
  }

  /** Facts every printing of a card shares, computed once per oracle id. */
  private readonly oracleCache = new Map<string, OracleFacts>();

  private oracleFacts(row: IndexRow, raw: Raw, faces: Face[]): OracleFacts {
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
      name: this.nameCol.intern(names.map(loose).join('\n')),
      nameRaw: this.nameRawCol.intern(names.map(fold).join('\n')),
      type: this.typeCol.intern(typeFolded),
      oracle: this.oracleCol.intern(text),
      tilde: this.tildeCol.intern(tilde),
      full: this.fullOracleCol.intern(fullText),
      keywords: this.keywordCol.intern(`\u0001${keywordsOf(raw, texts).map(fold).join('\u0001')}\u0001`),
      mana: this.manaCol.intern(costs.join(' // ')),
      oracleId: this.oracleIdCol.intern(row.oracle_id ?? ''),
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

  /** Adds a printing from its stored facts (`searchFacts`). */
  addFacts(facts: string): void {
    let parsed: Raw & { r?: unknown[]; at?: unknown };
    try {
      parsed = JSON.parse(facts) as Raw & { r?: unknown[]; at?: unknown };
    } catch {
      return;
    }
    if (!Array.isArray(parsed.r) || parsed.r.length !== ROW_KEYS.length) return;
    const r = parsed.r as [string, string | null, string, string, string, string, string, string, string, string | null, string, ...Array<number | null>];
    const row: IndexRow = {
      id: r[0], oracle_id: r[1], name: r[2], lang: r[3], set_code: r[4], set_name: r[5], collector_number: r[6], rarity: r[7],
      layout: r[8], released_at: r[9], finishes: r[10], price_usd: r[11] ?? null, price_usd_foil: r[12] ?? null,
      price_usd_etched: r[13] ?? null, price_eur: r[14] ?? null, price_eur_foil: r[15] ?? null, price_tix: r[16] ?? null,
    };
    this.add(row, parsed, row.oracle_id && typeof parsed.at === 'string' ? `${row.oracle_id}\u0000${parsed.at}` : undefined);
  }

  /** Adds a printing from its row and full JSON (rows imported before facts were stored). */
  addCard(row: IndexRow, data: string): void {
    let raw: Raw;
    try {
      raw = JSON.parse(data) as Raw;
    } catch {
      raw = {};
    }
    this.add(row, raw, undefined);
  }

  private add(row: IndexRow, raw: Raw, cacheKey: string | undefined): void {
    const i = this.n++;
    const faces = Array.isArray(raw.card_faces) ? raw.card_faces : [];
    const front: Face = faces[0] ?? raw;
    this.ids.push(row.id);
    this.oracleKeys.push(row.oracle_id ?? `#${row.id}`);
    const illus = str(raw.illustration_id) || str(front.illustration_id);
    this.artKeys.push(illus ? `${row.oracle_id ?? row.id}:${illus}` : `#${row.id}`);
    this.displayNames.push(row.name);
    if (illus) {
      const list = this.illustration.get(illus);
      if (list) list.push(i);
      else this.illustration.set(illus, [i]);
    }

    // Scryfall's card-level fields agree across printings within one bulk file, but a
    // partial import can leave printings of one card from different files: the key is both.
    let o = cacheKey ? this.oracleCache.get(cacheKey) : undefined;
    if (!o) {
      o = this.oracleFacts(row, raw, faces);
      if (cacheKey) this.oracleCache.set(cacheKey, o);
    }
    this.faceNames.push(o.names);
    const printed = [str(raw.printed_name), ...faces.map((f) => str(f.printed_name))].filter(Boolean);
    if (printed.length) this.printedNames.set(i, printed);
    if (printed.length) {
      // Printed (foreign) names are searchable too, on this printing only.
      const all = [...o.names, ...printed];
      this.nameCol.push(this.nameCol.intern(all.map(loose).join('\n')));
      this.nameRawCol.push(this.nameRawCol.intern(all.map(fold).join('\n')));
    } else {
      this.nameCol.push(o.name);
      this.nameRawCol.push(o.nameRaw);
    }
    this.typeCol.push(o.type);
    this.oracleCol.push(o.oracle);
    this.tildeCol.push(o.tilde);
    this.fullOracleCol.push(o.full);
    this.keywordCol.push(o.keywords);
    this.manaCol.push(o.mana);
    this.oracleIdCol.push(o.oracleId);
    this.flavorCol.push(this.flavorCol.intern(fold([str(raw.flavor_text), ...faces.map((f) => str(f.flavor_text))].filter(Boolean).join('\n'))));
    this.artistCol.push(this.artistCol.intern(fold([...new Set([str(raw.artist), ...faces.map((f) => str(f.artist))].filter(Boolean))].join('\n'))));
    this.langCol.push(this.langCol.intern(row.lang.toLowerCase()));
    this.setCol.push(this.setCol.intern(row.set_code));
    this.setTypeCol.push(this.setTypeCol.intern(str(raw.set_type).toLowerCase()));
    const cn = row.collector_number.toLowerCase();
    this.cnCol.push(this.cnCol.intern(cn));
    this.setNumber.set(`${row.set_code}\u0000${cn}`, i);
    this.borderCol.push(this.borderCol.intern(str(raw.border_color).toLowerCase()));
    this.frameCol.push(this.frameCol.intern(str(raw.frame).toLowerCase()));
    this.gamesCol.push(this.gamesCol.intern(`\u0001${strs(raw.games).join('\u0001')}\u0001`));
    this.watermarkCol.push(this.watermarkCol.intern(fold(str(raw.watermark) || faces.map((f) => str((f as { watermark?: unknown }).watermark)).find(Boolean) || '')));

    const nums = this.nums;
    nums.cmc.push(o.cmc);
    nums.pow0.push(o.pow0);
    nums.pow1.push(o.pow1);
    nums.tou0.push(o.tou0);
    nums.tou1.push(o.tou1);
    nums.loy0.push(o.loy0);
    nums.loy1.push(o.loy1);
    nums.usd.push(cheapest(row.price_usd, row.price_usd_foil, row.price_usd_etched));
    nums.eur.push(cheapest(row.price_eur, row.price_eur_foil, null));
    nums.tix.push(cheapest(row.price_tix, null, null));
    const released = dayOf(row.released_at);
    nums.released.push(released);
    nums.edhrec.push(o.edhrec);
    const cnm = /^\d+/.exec(row.collector_number);
    nums.cnNum.push(cnm ? Number(cnm[0]) : NaN);
    nums.rarity.push(RARITY_RANK[row.rarity] ?? 0);
    nums.colors.push(o.colors);
    nums.identity.push(o.identity);
    nums.produces.push(o.produces);
    if (typeof raw.mtgo_id === 'number') this.mtgo.set(raw.mtgo_id, i);
    if (Array.isArray(raw.multiverse_ids)) for (const m of raw.multiverse_ids) if (typeof m === 'number') this.multiverse.set(m, i);

    // Preference among printings of one card: English, paper, non-promo, newest.
    nums.pref.push((row.lang === 'en' ? 0 : 4e8) + (raw.digital === true ? 2e8 : 0) + (raw.promo === true ? 1e8 : 0) + (99999999 - released));

    for (const f of o.flags) this.flag(f, i);
    let finishes: unknown = [];
    try {
      finishes = JSON.parse(row.finishes);
    } catch {
      /* none */
    }
    if (Array.isArray(finishes)) for (const f of finishes) if (f === 'foil' || f === 'nonfoil' || f === 'etched' || f === 'glossy') this.flag(f, i);
    this.reprintKnown.push(typeof raw.reprint === 'boolean' ? raw.reprint : undefined);
    if (raw.promo === true) this.flag('promo', i);
    if (raw.digital === true) this.flag('digital', i);
    if (raw.full_art === true) this.flag('fullart', i);
    if (raw.textless === true) this.flag('textless', i);
    if (raw.oversized === true) this.flag('oversized', i);
    if (raw.booster === true) this.flag('booster', i);
    if (raw.story_spotlight === true) this.flag('spotlight', i);
    if (raw.set_type === 'funny') this.flag('funny', i);
    for (const [format, status] of o.legalities) {
      const m = this.legality[status];
      const list = m.get(format);
      if (list) list.push(i);
      else m.set(format, [i]);
    }
  }

  finish(setRows: IndexSetRow[], version: string): CardIndex {
    const n = this.n;
    const bits = (list: number[]) => {
      const b = new Bitset(n);
      for (const i of list) b.set(i);
      return b;
    };
    for (const col of this.columns()) col.seal();
    // Names and rules texts are what most searches scan; the rest are small or rare.
    this.nameCol.enableTrigrams();
    this.oracleCol.enableTrigrams();
    const f64 = (a: number[]) => Float64Array.from(a);
    const nums = this.nums;

    // groups (cards) and artworks
    const oracleGroup = new Map<string, number>();
    const group = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const key = this.oracleKeys[i]!;
      let g = oracleGroup.get(key);
      if (g === undefined) {
        g = oracleGroup.size;
        oracleGroup.set(key, g);
      }
      group[i] = g;
    }
    const groupCount = oracleGroup.size;
    for (const key of [...oracleGroup.keys()]) if (key.startsWith('#')) oracleGroup.delete(key);
    const artMap = new Map<string, number>();
    const art = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const key = this.artKeys[i]!;
      let a = artMap.get(key);
      if (a === undefined) {
        a = artMap.size;
        artMap.set(key, a);
      }
      art[i] = a;
    }

    const pref = f64(nums.pref);
    const name = this.nameRawCol;
    // Base order: name, then newest first, then set and number; ties between orders fall back on it.
    const base = Array.from({ length: n }, (_, i) => i);
    const cnStr = this.cnCol;
    const setStr = this.setCol;
    const released = Int32Array.from(nums.released);
    const cnNum = f64(nums.cnNum);
    const nameKey = this.displayNames.map((d) => fold(d));
    base.sort((a, b) => {
      const na = nameKey[a]!;
      const nb = nameKey[b]!;
      if (na !== nb) return na < nb ? -1 : 1;
      if (released[a] !== released[b]) return released[b]! - released[a]!;
      const sa = setStr.get(a);
      const sb = setStr.get(b);
      if (sa !== sb) return sa < sb ? -1 : 1;
      const ca = cnNum[a]!;
      const cb = cnNum[b]!;
      if (ca !== cb && !Number.isNaN(ca) && !Number.isNaN(cb)) return ca - cb;
      const xa = cnStr.get(a);
      const xb = cnStr.get(b);
      return xa < xb ? -1 : xa > xb ? 1 : a - b;
    });
    const baseRank = new Int32Array(n);
    base.forEach((p, r) => (baseRank[p] = r));

    const preference = Int32Array.from(base).sort((a, b) => pref[a]! - pref[b]! || baseRank[a]! - baseRank[b]!);

    // printings of each group in preference order (CSR)
    const groupStart = new Int32Array(groupCount + 1);
    for (let i = 0; i < n; i++) groupStart[group[i]! + 1]! += 1;
    for (let g = 0; g < groupCount; g++) groupStart[g + 1]! += groupStart[g]!;
    const fill = groupStart.slice(0, groupCount);
    const groupMembers = new Int32Array(n);
    for (const i of preference) groupMembers[fill[group[i]!]!++] = i;

    // reprint / first print / unique
    const firstDay = new Int32Array(groupCount).fill(2147483647);
    for (let i = 0; i < n; i++) if (released[i]! > 0 && released[i]! < firstDay[group[i]!]!) firstDay[group[i]!] = released[i]!;
    for (let i = 0; i < n; i++) {
      const known = this.reprintKnown[i];
      const reprint = known ?? (released[i]! > firstDay[group[i]!]!);
      this.flag(reprint ? 'reprint' : 'firstprint', i);
      const g = group[i]!;
      if (groupStart[g + 1]! - groupStart[g]! === 1) this.flag('unique', i);
    }

    // English first: other languages only for cards with no English printing.
    const hasEnglish = new Uint8Array(groupCount);
    for (let i = 0; i < n; i++) if (this.langCol.get(i) === 'en') hasEnglish[group[i]!] = 1;
    const defaultLang = new Bitset(n);
    for (let i = 0; i < n; i++) if (this.langCol.get(i) === 'en' || !hasEnglish[group[i]!]) defaultLang.set(i);

    const sets = new Map<string, IndexSet>();
    for (const s of setRows) sets.set(s.code, { code: s.code, name: s.name, day: dayOf(s.released_at) });

    const index: CardIndex = {
      version,
      generation: ++generations,
      size: n,
      ids: this.ids,
      byId: new Map(this.ids.map((id, i) => [id, i])),
      group,
      groupCount,
      groupStart,
      groupMembers,
      oracleGroup,
      art,
      names: this.displayNames,
      name: this.nameCol,
      nameRaw: name,
      type: this.typeCol,
      oracle: this.oracleCol,
      oracleTilde: this.tildeCol,
      fullOracle: this.fullOracleCol,
      flavor: this.flavorCol,
      artist: this.artistCol,
      keywords: this.keywordCol,
      mana: this.manaCol,
      lang: this.langCol,
      setCode: this.setCol,
      setType: this.setTypeCol,
      cn: this.cnCol,
      border: this.borderCol,
      frame: this.frameCol,
      games: this.gamesCol,
      watermark: this.watermarkCol,
      oracleId: this.oracleIdCol,
      cmc: f64(nums.cmc),
      pow: [f64(nums.pow0), f64(nums.pow1)],
      tou: [f64(nums.tou0), f64(nums.tou1)],
      loy: [f64(nums.loy0), f64(nums.loy1)],
      usd: f64(nums.usd),
      eur: f64(nums.eur),
      tix: f64(nums.tix),
      released,
      day: Float64Array.from(released, (d) => (d > 0 ? d : NaN)),
      edhrec: f64(nums.edhrec),
      cnNum,
      rarity: Uint8Array.from(nums.rarity),
      colors: Uint8Array.from(nums.colors),
      identity: Uint8Array.from(nums.identity),
      produces: Uint8Array.from(nums.produces),
      flags: new Map(FLAG_NAMES.map((f) => [f, bits(this.flagLists.get(f)!)])),
      legal: new Map([...this.legality.legal].map(([k, v]) => [k, bits(v)])),
      banned: new Map([...this.legality.banned].map(([k, v]) => [k, bits(v)])),
      restricted: new Map([...this.legality.restricted].map(([k, v]) => [k, bits(v)])),
      defaultLang,
      sets,
      orders: new Map(),
      preference,
      preferenceRank: (() => {
        const r = new Int32Array(n);
        preference.forEach((i, k) => (r[i] = k));
        return r;
      })(),
      exactName: new Map(),
      exactPrinted: new Map(),
      compactNames: [],
      compactGroups: [],
      bySetNumber: this.setNumber,
      byMtgo: this.mtgo,
      byMultiverse: this.multiverse,
      byIllustration: this.illustration,
    };

    // name lookups: every full and face name of each group
    const compactMap = new Map<string, Set<number>>();
    const exactPrinted = new Map<string, number[]>();
    for (const [i, printed] of this.printedNames) {
      for (const p of printed) {
        const f = fold(p);
        const list = exactPrinted.get(f);
        if (list) list.push(i);
        else exactPrinted.set(f, [i]);
      }
    }
    index.exactPrinted = exactPrinted;
    for (let i = 0; i < n; i++) {
      const g = group[i]!;
      for (const nm of this.faceNames[i]!) {
        const f = fold(nm);
        const list = index.exactName.get(f);
        if (!list) index.exactName.set(f, [g]);
        else if (!list.includes(g)) list.push(g);
        const c = compact(nm);
        if (!c) continue;
        const set = compactMap.get(c);
        if (set) set.add(g);
        else compactMap.set(c, new Set([g]));
      }
    }
    for (const [c, gs] of compactMap) {
      index.compactNames.push(c);
      index.compactGroups.push([...gs]);
    }

    buildOrders(index, baseRank, base, setRows);
    return index;
  }

  private columns(): TextColumn[] {
    return [
      this.nameCol, this.nameRawCol, this.typeCol, this.oracleCol, this.tildeCol, this.fullOracleCol,
      this.flavorCol, this.artistCol, this.keywordCol, this.manaCol, this.langCol, this.setCol, this.setTypeCol,
      this.cnCol, this.borderCol, this.frameCol, this.gamesCol, this.watermarkCol, this.oracleIdCol,
    ];
  }
}

/** Scryfall's colour order: W, U, B, R, G, then multicolour (by combination), then colourless. */
function colorKey(mask: number): number {
  const c = mask & 31;
  if (c === 0) return 1000;
  if ((c & (c - 1)) === 0) return 31 - Math.clz32(c);
  return 100 + c;
}

function buildOrders(index: CardIndex, baseRank: Int32Array, base: number[], setRows: IndexSetRow[]): void {
  const n = index.size;
  const perm = (key: (i: number) => number): Permutation => {
    // Missing values (NaN) go last whichever the direction.
    const present: number[] = [];
    const missing: number[] = [];
    for (const i of base) (Number.isNaN(key(i)) ? missing : present).push(i);
    const keys = new Float64Array(n);
    for (const i of present) keys[i] = key(i);
    const asc = present.slice().sort((a, b) => keys[a]! - keys[b]! || baseRank[a]! - baseRank[b]!);
    const desc = present.slice().sort((a, b) => keys[b]! - keys[a]! || baseRank[a]! - baseRank[b]!);
    return { asc: Int32Array.from([...asc, ...missing]), desc: Int32Array.from([...desc, ...missing]) };
  };
  const rankOf = (values: string[]) => {
    const sorted = [...new Set(values)].sort();
    const r = new Map(sorted.map((v, i) => [v, i]));
    return values.map((v) => r.get(v)!);
  };
  const nameAsc = Int32Array.from(base);
  index.orders.set('name', { asc: nameAsc, desc: Int32Array.from(base).reverse() });
  const setDay = new Map(setRows.map((s) => [s.code, dayOf(s.released_at)]));
  const setCodes = Array.from({ length: n }, (_, i) => index.setCode.get(i));
  const setRank = rankOf(setCodes);
  index.orders.set('set', perm((i) => setRank[i]! * 1e6 + (Number.isNaN(index.cnNum[i]!) ? 999999 : Math.min(index.cnNum[i]!, 999998))));
  index.orders.set('released', perm((i) => (index.released[i] || setDay.get(setCodes[i]!) || NaN)));
  index.orders.set('rarity', perm((i) => index.rarity[i]!));
  index.orders.set('color', perm((i) => colorKey(index.colors[i]!)));
  index.orders.set('usd', perm((i) => index.usd[i]!));
  index.orders.set('eur', perm((i) => index.eur[i]!));
  index.orders.set('tix', perm((i) => index.tix[i]!));
  index.orders.set('cmc', perm((i) => index.cmc[i]!));
  index.orders.set('power', perm((i) => index.pow[0][i]!));
  index.orders.set('toughness', perm((i) => index.tou[0][i]!));
  index.orders.set('edhrec', perm((i) => index.edhrec[i]!));
  const artists = Array.from({ length: n }, (_, i) => index.artist.get(i));
  const artistRank = rankOf(artists);
  index.orders.set('artist', perm((i) => (artists[i] === '' ? NaN : artistRank[i]!)));
}
