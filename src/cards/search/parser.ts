/**
 * Scryfall-style card search syntax -> AST.
 *
 * The parser knows every keyword and checks values as far as it can without the
 * card data (colours, numbers, rarities, formats, is: values...), so almost every
 * mistake is reported with the offending token and its position before any
 * matching starts. It never throws anything but SearchParseError.
 */

import { daysInMonth } from '../../lib/day.js';
import { blockOf } from './blocks.js';
import { compileRegex, RegexError } from './regex.js';

export type Op = ':' | '=' | '!=' | '<' | '<=' | '>' | '>=';

export const ORDERS = ['name', 'set', 'released', 'rarity', 'color', 'usd', 'eur', 'tix', 'cmc', 'power', 'toughness', 'edhrec', 'penny', 'artist', 'spoiled', 'review'] as const;
export type Order = (typeof ORDERS)[number];
export const DIRS = ['auto', 'asc', 'desc'] as const;
export type Dir = (typeof DIRS)[number];
export const UNIQUES = ['cards', 'prints', 'art'] as const;
export type Unique = (typeof UNIQUES)[number];
/** Which printing stands for each card (`prefer:`); `default` is English, paper, not a promo, newest. */
export const PREFERS = ['default', 'oldest', 'newest', 'usd-low', 'usd-high', 'eur-low', 'eur-high', 'tix-low', 'tix-high', 'promo', 'atypical', 'ub', 'notub'] as const;
export type Prefer = (typeof PREFERS)[number];
export const NEW_VALUES = ['art', 'artist', 'flavor', 'frame', 'language', 'rarity'] as const;
export type NewValue = (typeof NEW_VALUES)[number];
/** Fields `/regular expressions/` can search. */
export type RegexField = 'name' | 'type' | 'oracle' | 'fulloracle' | 'flavor' | 'artist';
export type InKind = 'set' | 'rarity' | 'lang' | 'game' | 'settype' | 'booster';

/** `lore`: names, type line and flavour text together (Scryfall's undocumented `lore:`). */
export type TextField = 'name' | 'type' | 'oracle' | 'fulloracle' | 'flavor' | 'artist' | 'keyword' | 'set' | 'settype' | 'cn' | 'lang' | 'border' | 'frame' | 'game' | 'watermark' | 'oracleid' | 'stamp' | 'lore';
export type StatField = 'cmc' | 'pow' | 'tou' | 'loy' | 'pt';
/** Numbers of a card: how many printings, sets, paper printings, paper sets and artworks it has. */
export type CountField = 'prints' | 'sets' | 'paperprints' | 'papersets' | 'illustrations';
export type NumberField = StatField | CountField | 'usd' | 'eur' | 'tix' | 'year' | 'cn' | 'artists';
export type ColorField = 'color' | 'identity' | 'produces';
export type FormatStatus = 'legal' | 'banned' | 'restricted';
export type CollectionField = 'binder' | 'condition' | 'finish' | 'qty' | 'tag';

interface Span {
  /** 0-based offset of the term's first character in the query. */
  pos: number;
  /** The term as typed, for error messages. */
  token: string;
}

export type Node =
  | { type: 'all' }
  | { type: 'and'; children: Node[] }
  | { type: 'or'; children: Node[] }
  | { type: 'not'; child: Node }
  /** A bare word or "quoted phrase" (name contains), or `!name` / `!"Exact Name"`. */
  | (Span & { type: 'name'; value: string; exact: boolean })
  | (Span & { type: 'text'; field: TextField; op: ':' | '=' | '!='; value: string })
  /** Numbers; `other` compares against another numeric field of the same card (`pow>tou`). */
  | (Span & { type: 'number'; field: NumberField; op: Op; value: number; other?: StatField })
  /** `mv:even`, `mv:odd`. */
  | (Span & { type: 'parity'; even: boolean })
  /** A `/regular expression/` (its pattern as typed, between the slashes). */
  | (Span & { type: 'regex'; field: RegexField; op: ':' | '!='; pattern: string })
  /** Colours as a WUBRG bit mask (W=1 U=2 B=4 R=8 G=16), or a number of colours. */
  | (Span & { type: 'color'; field: ColorField; op: Op; mask: number; count?: number; multicolor?: boolean })
  | (Span & { type: 'mana'; op: Op; symbols: string[] })
  | (Span & { type: 'rarity'; op: Op; rank: number })
  /**
   * `date:` against a period, its first and last days as YYYYMMDD (one day for YYYY-MM-DD, a
   * month for YYYY-MM, a year for YYYY), or the release date of a set (`date>=war`).
   */
  | (Span & { type: 'date'; op: Op; day?: number; last?: number; set?: string })
  | (Span & { type: 'format'; status: FormatStatus; format: string })
  /** `is:` values: flags of the card or the printing, promo types (`is:prerelease`) and frame effects (`is:showcase`). */
  | (Span & { type: 'is'; value: string })
  /** Cards with at least one printing in a set, at a rarity, in a language, in a game, in a set type or in boosters. */
  | (Span & { type: 'in'; kind: InKind; value: string })
  /** Devotion to one colour or a pair (`devotion:{u/b}{u/b}`): `mask` the colours, `count` the symbols asked for. */
  | (Span & { type: 'devotion'; op: Op; mask: number; count: number })
  /** The card's first printing with this art, artist, flavour text, frame, language or rarity. */
  | (Span & { type: 'new'; kind: NewValue })
  | (Span & { type: 'has'; value: HasValue })
  /** The sets of a block (any set of the block names it). */
  | (Span & { type: 'block'; code: string; sets: readonly string[] })
  /** Each card's cheapest printing in a currency. */
  | (Span & { type: 'cheapest'; currency: 'usd' | 'eur' | 'tix' })
  /** Collection-only keywords: parsed here, evaluated by the collection; an error in card search. */
  | (Span & { type: 'collection'; field: CollectionField; op: Op; value: string; number?: number; collectionOnly: true });

export interface Query {
  root: Node;
  order?: Order;
  dir?: Dir;
  unique?: Unique;
  prefer?: Prefer;
  /** `include:extras`: tokens, emblems and the other extras are not hidden. */
  includeExtras: boolean;
  /** `include:variations`: printings Scryfall marks as variations of another are not hidden. */
  includeVariations: boolean;
  /** True when the query names a language (`lang:`) or says `include:multilingual`, which turns off the default English-first filter. */
  mentionsLang: boolean;
  /** Collection-only terms found anywhere in the tree. */
  collectionTerms: Array<Extract<Node, { type: 'collection' }>>;
  /** Where the query set order:, dir:, unique: (or `++`/`@@`) and prefer:, for a collection's refusal of them. */
  directives: Array<{ name: 'order' | 'dir' | 'unique' | 'prefer'; pos: number; token: string }>;
}

export class SearchParseError extends Error {
  constructor(
    message: string,
    readonly position: number,
    readonly token: string,
  ) {
    super(message);
    this.name = 'SearchParseError';
  }
}

export const MAX_QUERY_LENGTH = 1000;
const MAX_DEPTH = 32;

// ---- vocabularies ---------------------------------------------------------

export const COLOR_BITS: Record<string, number> = { w: 1, u: 2, b: 4, r: 8, g: 16 };

const COLOR_WORDS: Record<string, number> = {
  white: 1, blue: 2, black: 4, red: 8, green: 16,
  // guilds
  azorius: 3, dimir: 6, rakdos: 12, gruul: 24, selesnya: 17, orzhov: 5, izzet: 10, golgari: 20, boros: 9, simic: 18,
  // shards
  bant: 19, esper: 7, grixis: 14, jund: 28, naya: 25,
  // wedges
  abzan: 21, jeskai: 11, sultai: 22, mardu: 13, temur: 26,
  // Strixhaven colleges
  silverquill: 5, prismari: 10, witherbloom: 20, lorehold: 9, quandrix: 18,
  // four colours, by the missing one: glint and chaos lack white, dune and aggression blue, ink and
  // altruism black, witch and growth red, yore and artifice green (Commander 2016's names)
  glint: 30, dune: 29, ink: 27, witch: 23, yore: 15,
  chaos: 30, aggression: 29, altruism: 27, growth: 23, artifice: 15,
  rainbow: 31, fivecolor: 31, 'five-color': 31,
};

const FORMATS = new Set([
  'standard', 'future', 'historic', 'timeless', 'gladiator', 'pioneer', 'explorer', 'modern', 'legacy', 'pauper',
  'vintage', 'penny', 'commander', 'oathbreaker', 'standardbrawl', 'brawl', 'historicbrawl', 'alchemy',
  'paupercommander', 'duel', 'oldschool', 'premodern', 'predh',
]);

const RARITIES: Record<string, number> = {
  common: 0, c: 0, uncommon: 1, u: 1, rare: 2, r: 2, special: 3, s: 3, mythic: 4, m: 4, bonus: 5, b: 5,
};
export const RARITY_RANK: Record<string, number> = { common: 0, uncommon: 1, rare: 2, special: 3, mythic: 4, bonus: 5 };

/** Every `is:` / `not:` value the matcher knows, with aliases folded to one name. */
export const IS_VALUES: Record<string, string> = {
  foil: 'foil', nonfoil: 'nonfoil', etched: 'etched', glossy: 'glossy',
  dfc: 'dfc', doublefaced: 'dfc', mdfc: 'mdfc', split: 'split', flip: 'flip', transform: 'transform',
  meld: 'meld', leveler: 'leveler', adventure: 'adventure', class: 'class', saga: 'saga', mutate: 'mutate',
  prototype: 'prototype', augment: 'augment', host: 'host',
  token: 'token', emblem: 'emblem', planar: 'planar', plane: 'planar', phenomenon: 'planar', scheme: 'scheme',
  vanguard: 'vanguard', artseries: 'art_series', art_series: 'art_series', reversible: 'reversible',
  reprint: 'reprint', firstprint: 'firstprint', firstprinting: 'firstprint', promo: 'promo', digital: 'digital',
  full: 'fullart', fullart: 'fullart', textless: 'textless', reserved: 'reserved', oversized: 'oversized',
  booster: 'booster', spotlight: 'spotlight', commander: 'commander', brawler: 'brawler', duelcommander: 'duelcommander',
  companion: 'companion', permanent: 'permanent', spell: 'spell', historic: 'historic', vanilla: 'vanilla',
  frenchvanilla: 'frenchvanilla', party: 'party', modal: 'modal', outlaw: 'outlaw', gamechanger: 'gamechanger',
  hybrid: 'hybrid', phyrexian: 'phyrexian', funny: 'funny', hires: 'hires', new: 'new', old: 'old',
  ub: 'ub', universesbeyond: 'ub', scryfallpreview: 'scryfallpreview', masterpiece: 'masterpiece',
  multicolor: 'multicolor', multicolored: 'multicolor', colorless: 'colorless', monocolor: 'monocolor', unique: 'unique',
  bear: 'bear',
  // land cycles, with Scryfall's nicknames
  bikeland: 'bikeland', cycleland: 'bikeland', bicycleland: 'bikeland', bounceland: 'bounceland', karoo: 'bounceland',
  canopyland: 'canopyland', canland: 'canopyland', checkland: 'checkland', dual: 'dual', fastland: 'fastland',
  fetchland: 'fetchland', filterland: 'filterland', gainland: 'gainland', painland: 'painland', scryland: 'scryland',
  shadowland: 'shadowland', shockland: 'shockland', storageland: 'storageland', creatureland: 'creatureland',
  manland: 'creatureland', triland: 'triland', tangoland: 'tangoland', battleland: 'tangoland',
};

/** Scryfall's `promo_types` values: `is:prerelease`, `is:buyabox`, `is:intro_pack` ... (underscores ignored). */
export const PROMO_TYPES = new Set([
  'alchemy', 'arenaleague', 'beginnerbox', 'boosterfun', 'boxtopper', 'brawldeck', 'bringafriend', 'bundle', 'buyabox',
  'commanderparty', 'concept', 'confettifoil', 'convention', 'cosmicfoil', 'datestamped', 'dossier', 'doublerainbow',
  'draculaseries', 'draftweekend', 'dragonscalefoil', 'duels', 'embossed', 'event', 'firstplacefoil', 'fnm',
  'fracturefoil', 'galaxyfoil', 'gameday', 'giftbox', 'gilded', 'godzillaseries', 'halofoil', 'headliner', 'imagine',
  'instore', 'intropack', 'invisibleink', 'jpwalker', 'judgegift', 'league', 'magnified', 'manafoil', 'mediainsert',
  'moonlitland', 'neonink', 'oilslick', 'openhouse', 'planeswalkerdeck', 'plastic', 'playerrewards', 'playpromo',
  'playtest', 'portrait', 'poster', 'premiereshop', 'prerelease', 'promopack', 'rainbowfoil', 'raisedfoil',
  'rebalanced', 'release', 'resale', 'ripplefoil', 'schinesealtart', 'scroll', 'serialized', 'setextension',
  'setpromo', 'silverfoil', 'sldbonus', 'stamped', 'starterdeck', 'startercollection', 'stepandcompleat',
  'storechampionship', 'surgefoil', 'textured', 'themepack', 'thick', 'tourney', 'upsidedown', 'upsidedownback', 'vault',
  'wizardsplaynetwork',
]);

/** Scryfall's `frame_effects` values: `is:showcase`, `is:extendedart`, `frame:legendary` ... */
export const FRAME_EFFECTS = new Set([
  'colorshifted', 'companion', 'compasslanddfc', 'convertdfc', 'devoid', 'draft', 'enchantment', 'etched',
  'extendedart', 'fandfc', 'fullart', 'inverted', 'legendary', 'lesson', 'miracle', 'mooneldrazidfc', 'nyxtouched',
  'originpwdfc', 'shatteredglass', 'showcase', 'snow', 'spree', 'sunmoondfc', 'tombstone', 'upsidedowndfc',
  'waxingandwaningmoondfc', 'wanted',
]);

/** `has:` values, with aliases. */
const HAS_VALUES = {
  watermark: 'watermark', wm: 'watermark', indicator: 'indicator', flavor: 'flavor', flavortext: 'flavor',
  security_stamp: 'security_stamp', securitystamp: 'security_stamp', stamp: 'security_stamp',
  flavorname: 'flavorname', flavor_name: 'flavorname',
} as const;
export type HasValue = (typeof HAS_VALUES)[keyof typeof HAS_VALUES];

const GAMES = new Set(['paper', 'mtgo', 'arena', 'astral', 'sega']);
/** Scryfall's `border_color` values. */
const BORDERS = new Set(['black', 'white', 'silver', 'borderless', 'gold', 'yellow']);
/** Scryfall's `frame` values (`frame:` also takes the frame effects). */
const FRAMES = new Set(['1993', '1997', '2003', '2015', 'future']);
/** Scryfall's set types, for `st:` and `in:`. */
export const SET_TYPES = new Set([
  'core', 'expansion', 'masters', 'eternal', 'alchemy', 'masterpiece', 'arsenal', 'from_the_vault', 'spellbook',
  'premium_deck', 'duel_deck', 'draft_innovation', 'treasure_chest', 'commander', 'planechase', 'archenemy',
  'vanguard', 'funny', 'starter', 'box', 'promo', 'token', 'memorabilia', 'minigame',
]);
const SECURITY_STAMPS = new Set(['oval', 'triangle', 'acorn', 'circle', 'arena', 'heart']);

/** A set type as Scryfall spells it, written with or without its underscores (`st:draftinnovation`). */
export function setTypeOf(value: string): string | undefined {
  const bare = value.toLowerCase().replace(/_/g, '');
  for (const t of SET_TYPES) if (t.replace(/_/g, '') === bare) return t;
  return undefined;
}

const LANGS: Record<string, string> = {
  en: 'en', english: 'en', es: 'es', spanish: 'es', fr: 'fr', french: 'fr', de: 'de', german: 'de', it: 'it',
  italian: 'it', pt: 'pt', portuguese: 'pt', ja: 'ja', jp: 'ja', japanese: 'ja', ko: 'ko', kr: 'ko', korean: 'ko',
  ru: 'ru', russian: 'ru', zhs: 'zhs', cs: 'zhs', zht: 'zht', ct: 'zht', chinese: 'zhs', he: 'he', hebrew: 'he',
  la: 'la', latin: 'la', grc: 'grc', greek: 'grc', ar: 'ar', arabic: 'ar', sa: 'sa', sanskrit: 'sa', ph: 'ph',
  phyrexian: 'ph', qya: 'qya', quenya: 'qya', any: 'any',
};

const CONDITIONS: Record<string, string> = {
  mint: 'mint', m: 'mint', near_mint: 'near_mint', nm: 'near_mint', nearmint: 'near_mint',
  lightly_played: 'lightly_played', lp: 'lightly_played', moderately_played: 'moderately_played', mp: 'moderately_played',
  heavily_played: 'heavily_played', hp: 'heavily_played', damaged: 'damaged', dmg: 'damaged', d: 'damaged',
};
/** Best to worst; comparisons on `condition:` use this scale (`condition>=lp` = lightly played or better). */
export const CONDITION_SCALE = ['damaged', 'heavily_played', 'moderately_played', 'lightly_played', 'near_mint', 'mint'];

type KeywordKind =
  | { kind: 'text'; field: TextField }
  | { kind: 'number'; field: NumberField }
  | { kind: 'color'; field: ColorField }
  | { kind: 'mana' }
  | { kind: 'rarity' }
  | { kind: 'date' }
  | { kind: 'format'; status: FormatStatus }
  | { kind: 'is'; negate: boolean }
  | { kind: 'lang' }
  | { kind: 'name' }
  | { kind: 'directive'; name: 'order' | 'dir' | 'unique' | 'include' | 'prefer' | 'display' }
  | { kind: 'in' }
  | { kind: 'devotion' }
  | { kind: 'new' }
  | { kind: 'has' }
  | { kind: 'block' }
  | { kind: 'cheapest' }
  | { kind: 'stamp' }
  /** Scryfall keywords whose data is not in its bulk files: named, so the error can say why. */
  | { kind: 'unsupported'; why: string }
  | { kind: 'collection'; field: CollectionField };

const K = (kind: KeywordKind, ...names: string[]): Array<[string, KeywordKind]> => names.map((n) => [n, kind]);

const KEYWORDS = new Map<string, KeywordKind>([
  ...K({ kind: 'name' }, 'name'),
  ...K({ kind: 'text', field: 'type' }, 't', 'type'),
  ...K({ kind: 'text', field: 'oracle' }, 'o', 'oracle'),
  ...K({ kind: 'text', field: 'fulloracle' }, 'fo', 'fulloracle'),
  ...K({ kind: 'text', field: 'flavor' }, 'ft', 'flavor'),
  ...K({ kind: 'text', field: 'artist' }, 'a', 'artist'),
  ...K({ kind: 'text', field: 'keyword' }, 'kw', 'keyword'),
  ...K({ kind: 'text', field: 'set' }, 's', 'set', 'e', 'edition'),
  ...K({ kind: 'text', field: 'settype' }, 'st', 'settype'),
  ...K({ kind: 'text', field: 'border' }, 'border'),
  ...K({ kind: 'text', field: 'frame' }, 'frame'),
  ...K({ kind: 'text', field: 'game' }, 'game'),
  ...K({ kind: 'text', field: 'watermark' }, 'wm', 'watermark'),
  ...K({ kind: 'text', field: 'oracleid' }, 'oracleid'),
  ...K({ kind: 'text', field: 'lore' }, 'lore'),
  ...K({ kind: 'text', field: 'cn' }, 'cn', 'number'),
  ...K({ kind: 'color', field: 'color' }, 'c', 'color', 'colour'),
  ...K({ kind: 'color', field: 'identity' }, 'id', 'identity', 'ci'),
  ...K({ kind: 'color', field: 'produces' }, 'produces'),
  ...K({ kind: 'mana' }, 'm', 'mana'),
  ...K({ kind: 'number', field: 'cmc' }, 'mv', 'cmc', 'manavalue'),
  ...K({ kind: 'number', field: 'pow' }, 'pow', 'power'),
  ...K({ kind: 'number', field: 'tou' }, 'tou', 'toughness'),
  ...K({ kind: 'number', field: 'loy' }, 'loy', 'loyalty'),
  ...K({ kind: 'number', field: 'usd' }, 'usd'),
  ...K({ kind: 'number', field: 'eur' }, 'eur'),
  ...K({ kind: 'number', field: 'tix' }, 'tix'),
  ...K({ kind: 'number', field: 'year' }, 'year'),
  ...K({ kind: 'number', field: 'pt' }, 'pt', 'powtou'),
  ...K({ kind: 'number', field: 'artists' }, 'artists'),
  ...K({ kind: 'number', field: 'prints' }, 'prints'),
  ...K({ kind: 'number', field: 'sets' }, 'sets'),
  ...K({ kind: 'number', field: 'paperprints' }, 'paperprints'),
  ...K({ kind: 'number', field: 'papersets' }, 'papersets'),
  ...K({ kind: 'number', field: 'illustrations' }, 'illustrations'),
  ...K({ kind: 'in' }, 'in'),
  ...K({ kind: 'devotion' }, 'devotion'),
  ...K({ kind: 'new' }, 'new'),
  ...K({ kind: 'has' }, 'has'),
  ...K({ kind: 'block' }, 'b', 'block'),
  ...K({ kind: 'cheapest' }, 'cheapest'),
  ...K({ kind: 'stamp' }, 'stamp'),
  ...K({ kind: 'unsupported', why: "Scryfall's Tagger data (art and oracle tags), which its bulk files do not include" }, 'art', 'atag', 'arttag', 'function', 'otag', 'oracletag'),
  ...K({ kind: 'unsupported', why: "Scryfall's cube lists, which its bulk files do not include" }, 'cube'),
  ...K({ kind: 'rarity' }, 'r', 'rarity'),
  ...K({ kind: 'date' }, 'date'),
  ...K({ kind: 'format', status: 'legal' }, 'f', 'format', 'legal'),
  ...K({ kind: 'format', status: 'banned' }, 'banned'),
  ...K({ kind: 'format', status: 'restricted' }, 'restricted'),
  ...K({ kind: 'is', negate: false }, 'is'),
  ...K({ kind: 'is', negate: true }, 'not'),
  ...K({ kind: 'lang' }, 'lang', 'language'),
  ...K({ kind: 'directive', name: 'order' }, 'order'),
  ...K({ kind: 'directive', name: 'dir' }, 'dir', 'direction'),
  ...K({ kind: 'directive', name: 'unique' }, 'unique'),
  ...K({ kind: 'directive', name: 'include' }, 'include'),
  ...K({ kind: 'directive', name: 'prefer' }, 'prefer'),
  ...K({ kind: 'directive', name: 'display' }, 'display'),
  ...K({ kind: 'collection', field: 'binder' }, 'binder'),
  ...K({ kind: 'collection', field: 'condition' }, 'condition', 'cond'),
  ...K({ kind: 'collection', field: 'finish' }, 'finish'),
  ...K({ kind: 'collection', field: 'qty' }, 'qty', 'quantity'),
  ...K({ kind: 'collection', field: 'tag' }, 'tag', 'tags'),
]);

/** The keyword names the parser accepts, for documentation and error hints. */
export const KEYWORD_NAMES: readonly string[] = [...KEYWORDS.keys()];

const NUMERIC_FIELD_NAMES: Record<string, StatField> = {
  cmc: 'cmc', mv: 'cmc', manavalue: 'cmc', pow: 'pow', power: 'pow', tou: 'tou', toughness: 'tou', loy: 'loy', loyalty: 'loy',
  pt: 'pt', powtou: 'pt',
};
const STAT_FIELDS = new Set<NumberField>(['cmc', 'pow', 'tou', 'loy', 'pt']);

// ---- tokenizer ------------------------------------------------------------

type Token =
  | { t: 'lparen'; pos: number }
  | { t: 'rparen'; pos: number }
  | { t: 'or'; pos: number; raw: string }
  | { t: 'and'; pos: number; raw: string }
  /** A term, possibly negated (`-`) or exact (`!`). */
  | { t: 'term'; pos: number; end: number; negated: boolean; exact: boolean; key?: string; op?: Op; value: string; quoted: boolean; regex?: boolean; raw: string };

// Every Unicode space and line break (JavaScript's \s: no-break, thin and ideographic spaces,
// U+2028, and NEL) and the invisible characters pasted with a query (zero-width space, word joiner,
// byte order mark) separate terms like a space: "\u200bt:angel" is t:angel, not a name word matching nothing.
const SPACE = /^[\s\u0085\u200b\u2060]$/;
const isSpace = (ch: string) => ch === ' ' || SPACE.test(ch);
/**
 * What a keyword before an operator may be made of. Wider than any real keyword (ASCII letters
 * and `_`), so that a word shaped like one (`ｔ:goblin` typed in full width, `ö:x`, `t.x:foo`,
 * `1:foo`) is an unknown keyword, a 400 that says so, and not a name word that matches nothing.
 */
const KEY_CHAR = /^[\p{L}\p{M}\p{N}_.-]$/u;
/** The character (one code point, as a string) at UTF-16 offset `i`; '' past the end. */
const codePointAt = (q: string, i: number): string => {
  const cp = q.codePointAt(i);
  return cp === undefined ? '' : String.fromCodePoint(cp);
};
const isKeyChar = (ch: string) => (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || KEY_CHAR.test(ch);

function readQuoted(q: string, start: number): { value: string; end: number } {
  // start points at the opening quote; backslash escapes the next character.
  let i = start + 1;
  let out = '';
  while (i < q.length) {
    const ch = q.charAt(i);
    if (ch === '\\' && i + 1 < q.length) {
      out += q[i + 1];
      i += 2;
      continue;
    }
    if (ch === '"') return { value: out, end: i + 1 };
    out += ch;
    i += 1;
  }
  throw new SearchParseError(`Unterminated quote at position ${start}: add the closing ".`, start, q.slice(start, start + 20));
}

/**
 * A `/regular expression/` after a keyword: ends at the next unescaped slash (`\/` is a
 * slash in the pattern), which must end the term.
 */
function readRegex(q: string, start: number): { value: string; end: number } {
  let i = start + 1;
  let out = '';
  while (i < q.length) {
    const ch = q.charAt(i);
    if (ch === '\\' && i + 1 < q.length) {
      const next = q.charAt(i + 1);
      out += next === '/' ? '/' : ch + next;
      i += 2;
      continue;
    }
    if (ch === '/') {
      const after = q.charAt(i + 1);
      if (after !== '' && !isSpace(after) && after !== ')') {
        throw new SearchParseError(`Unexpected "${after}" after the regular expression at position ${i + 1}: a pattern ends at its closing "/" and takes no flags.`, i + 1, q.slice(i + 1, i + 11));
      }
      return { value: out, end: i + 1 };
    }
    out += ch;
    i += 1;
  }
  throw new SearchParseError(`Unterminated regular expression at position ${start}: add the closing "/" (write a slash inside it as \\/).`, start, q.slice(start, start + 20));
}

/** A bare run of characters: ends at whitespace, a parenthesis or a quote. */
function readBare(q: string, start: number): number {
  let i = start;
  while (i < q.length) {
    const ch = q.charAt(i);
    if (isSpace(ch) || ch === '(' || ch === ')' || ch === '"') break;
    i += 1;
  }
  return i;
}

function readOp(q: string, i: number): Op | undefined {
  const two = q.slice(i, i + 2);
  if (two === '!=' || two === '<=' || two === '>=') return two;
  const one = q[i];
  if (one === ':' || one === '=' || one === '<' || one === '>') return one;
  return undefined;
}

function tokenize(q: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < q.length) {
    const ch = q.charAt(i);
    if (isSpace(ch)) {
      i += 1;
      continue;
    }
    if (ch === '(') {
      tokens.push({ t: 'lparen', pos: i });
      i += 1;
      continue;
    }
    if (ch === ')') {
      tokens.push({ t: 'rparen', pos: i });
      i += 1;
      continue;
    }
    const pos = i;
    let negated = false;
    if (ch === '-') {
      // Each "-" negates what follows: "--t:goblin" is t:goblin (read as one "-" and a name word
      // "-t:goblin", it would match every card).
      while (q[i] === '-') {
        negated = !negated;
        i += 1;
      }
      if (i >= q.length || isSpace(q.charAt(i)) || q[i] === ')') {
        throw new SearchParseError(`Nothing to negate after "-" at position ${pos}.`, pos, q.slice(pos, i));
      }
      if (q[i] === '(') {
        // "-(" negates the group that follows; the parser pairs them.
        if (negated) tokens.push({ t: 'term', pos, end: i, negated: true, exact: false, value: '', quoted: false, raw: '-' });
        continue;
      }
    }
    // "++" or "@@" written against a term ("++t:goblin"): Scryfall's shorthand, then the term.
    if ((q.startsWith('++', i) || q.startsWith('@@', i)) && i + 2 < q.length && !isSpace(q.charAt(i + 2)) && q[i + 2] !== ')') {
      tokens.push({ t: 'term', pos, end: i + 2, negated, exact: false, value: q.slice(i, i + 2), quoted: false, raw: q.slice(pos, i + 2) });
      i += 2;
      continue;
    }
    let exact = false;
    if (q[i] === '!') {
      exact = true;
      i += 1;
      if (i >= q.length || isSpace(q.charAt(i)) || q[i] === '(' || q[i] === ')') {
        throw new SearchParseError(`Expected a card name after "!" at position ${i - 1}.`, i - 1, '!');
      }
    }
    if (q[i] === '"') {
      const { value, end } = readQuoted(q, i);
      tokens.push({ t: 'term', pos, end, negated, exact, value, quoted: true, raw: q.slice(pos, end) });
      i = end;
      continue;
    }
    // keyword? letters then an operator
    let k = i;
    // By code point: a letter outside the BMP (𝐭) is two UTF-16 units.
    for (let ch = codePointAt(q, k); ch !== '' && isKeyChar(ch); ch = codePointAt(q, k)) k += ch.length;
    const op = !exact && k > i ? readOp(q, k) : undefined;
    if (op) {
      const key = q.slice(i, k);
      let v = k + op.length;
      let value: string;
      let quoted = false;
      let regex = false;
      if (q[v] === '"') {
        const r = readQuoted(q, v);
        value = r.value;
        quoted = true;
        v = r.end;
      } else if (q[v] === '/') {
        const r = readRegex(q, v);
        value = r.value;
        regex = true;
        v = r.end;
      } else {
        const end = readBare(q, v);
        value = q.slice(v, end);
        v = end;
      }
      tokens.push({ t: 'term', pos, end: v, negated, exact, key, op, value, quoted, regex, raw: q.slice(pos, v) });
      i = v;
      continue;
    }
    const end = readBare(q, i);
    const word = q.slice(i, end);
    if (!negated && !exact && /^(or|\|\|)$/i.test(word)) tokens.push({ t: 'or', pos, raw: word });
    else if (!negated && !exact && /^(and|&&)$/i.test(word)) tokens.push({ t: 'and', pos, raw: word });
    else tokens.push({ t: 'term', pos, end, negated, exact, value: word, quoted: false, raw: q.slice(pos, end) });
    i = end;
  }
  return tokens;
}

// ---- value parsing --------------------------------------------------------

function fail(tok: { pos: number; raw: string }, message: string): never {
  throw new SearchParseError(`${message} (at position ${tok.pos}: "${tok.raw}")`, tok.pos, tok.raw);
}

function parseNumber(raw: string): number | undefined {
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(raw)) return undefined;
  return Number(raw);
}

function parseColors(tok: { pos: number; raw: string }, value: string, key: string): { mask: number; count?: number; multicolor?: boolean } {
  const v = value.toLowerCase();
  if (v === '') fail(tok, `"${key}" needs a colour, e.g. ${key}:rg or ${key}:azorius`);
  if (/^\d$/.test(v)) return { mask: 0, count: Number(v) };
  if (v === 'c' || v === 'colorless' || v === 'colourless') return { mask: 0 };
  if (v === 'm' || v === 'multi' || v === 'multicolor' || v === 'multicolored' || v === 'multicolour') return { mask: 0, multicolor: true };
  const word = COLOR_WORDS[v];
  if (word !== undefined) return { mask: word };
  let mask = 0;
  for (const ch of v) {
    const bit = COLOR_BITS[ch];
    if (bit === undefined) fail(tok, `"${value}" is not a colour: use letters from wubrg, c, m, or a name like azorius or jund`);
    mask |= bit;
  }
  return { mask };
}

const MANA_SYMBOL = /\{([^{}]+)\}|(\d+)|([wubrgcxyzsWUBRGCXYZS])/y;

/** Mana costs as symbol lists: `{2}{W}{W}` and `2WW` both give ["2","W","W"]. */
export function parseManaSymbols(cost: string): string[] | undefined {
  const out: string[] = [];
  MANA_SYMBOL.lastIndex = 0;
  let i = 0;
  while (i < cost.length) {
    MANA_SYMBOL.lastIndex = i;
    const m = MANA_SYMBOL.exec(cost);
    if (!m || m.index !== i) return undefined;
    out.push((m[1] ?? m[2] ?? m[3] ?? '').toUpperCase());
    i = MANA_SYMBOL.lastIndex;
  }
  return out;
}

const HYBRID_PARTS = new Set(['W', 'U', 'B', 'R', 'G', 'C', '2', 'P']);
const COLOURED = new Set(['W', 'U', 'B', 'R', 'G']);

/**
 * Whether an (upper-cased) symbol can stand in a mana cost: a number, ½, ∞, a colour, C, S, X,
 * Y, Z, a half (HW, HR), or a hybrid of two different halves (two colours, a colour with C or 2,
 * a colour or C with P) or a Phyrexian hybrid of two colours (W/U/P), in any order.
 */
export function isManaSymbol(sym: string): boolean {
  if (/^(\d+|½|∞|[WUBRGCSXYZP]|H[WUBRG])$/.test(sym)) return true;
  const parts = sym.split('/');
  if (parts.length < 2 || parts.length > 3 || new Set(parts).size !== parts.length || !parts.every((p) => HYBRID_PARTS.has(p))) return false;
  const colours = parts.filter((p) => COLOURED.has(p)).length;
  if (parts.length === 3) return colours === 2 && parts.includes('P');
  return colours >= 1 || (parts.includes('C') && parts.includes('P'));
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * A YYYY, YYYY-MM or YYYY-MM-DD value as the first and last days of that period (YYYYMMDD);
 * undefined when it is not shaped like a date (it may be a set code). A date that cannot
 * exist (2019-02-31) is an error, not a day that matches nothing.
 */
function parseDay(tok: { pos: number; raw: string }, v: string): { day: number; last: number } | undefined {
  const m = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/.exec(v);
  if (!m) return undefined;
  const y = Number(m[1]);
  if (m[2] === undefined) return { day: y * 10000 + 101, last: y * 10000 + 1231 };
  const mo = Number(m[2]);
  if (mo < 1 || mo > 12) fail(tok, `"${v}" is not a date: months are 01 to 12`);
  const days = daysInMonth(y, mo);
  const month = y * 10000 + mo * 100;
  if (m[3] === undefined) return { day: month + 1, last: month + days };
  const d = Number(m[3]);
  if (d < 1 || d > days) fail(tok, `"${v}" is not a date: ${MONTHS[mo - 1]} ${y} has ${days} days`);
  return { day: month + d, last: month + d };
}

// ---- parser ---------------------------------------------------------------

interface State {
  tokens: Token[];
  i: number;
  q: string;
  depth: number;
  query: Query;
}

const REGEX_FIELDS: Partial<Record<string, RegexField>> = { name: 'name', type: 'type', oracle: 'oracle', fulloracle: 'fulloracle', flavor: 'flavor', artist: 'artist' };
const IN_RARITIES = new Set(['common', 'uncommon', 'rare', 'mythic', 'special', 'bonus']);

function regexNode(tok: Extract<Token, { t: 'term' }>, field: RegexField, op: Op, span: Span): Node {
  if (op !== ':' && op !== '=' && op !== '!=') fail(tok, `a regular expression takes ":" or "!=", not "${op}"`);
  if (tok.value === '') fail(tok, 'the regular expression is empty');
  try {
    compileRegex(tok.value);
  } catch (err) {
    if (err instanceof RegexError) fail(tok, err.message);
    throw err;
  }
  return { type: 'regex', field, op: op === '!=' ? '!=' : ':', pattern: tok.value, ...span };
}

function inNode(tok: Extract<Token, { t: 'term' }>, value: string, span: Span): Node {
  const v = value.toLowerCase();
  const lang = LANGS[v];
  const kind: InKind | undefined = GAMES.has(v)
    ? 'game'
    : v === 'booster'
      ? 'booster'
      : IN_RARITIES.has(v)
        ? 'rarity'
        : setTypeOf(v)
          ? 'settype'
          : lang && lang !== 'any'
            ? 'lang'
            : /^[a-z0-9]{2,8}$/.test(v)
              ? 'set'
              : undefined;
  if (!kind) fail(tok, `"in:${value}" is not a set code, rarity, language, game (paper, mtgo, arena) or set type`);
  return { type: 'in', kind, value: kind === 'lang' && lang ? lang : kind === 'settype' ? (setTypeOf(v) ?? v) : v, ...span };
}

function devotionNode(tok: Extract<Token, { t: 'term' }>, op: Op, value: string, span: Span): Node {
  const symbols = parseManaSymbols(value);
  const bad = () => fail(tok, `"${value}" is not a devotion: repeat one colour ({R}{R}{R} or rrr) or one hybrid pair ({U/B}{U/B})`);
  if (!symbols || symbols.length === 0) return bad();
  const masks = symbols.map((sym) => {
    const parts = sym.split('/');
    if (parts.length > 2) return -1;
    let m = 0;
    for (const part of parts) {
      const bit = COLOR_BITS[part.toLowerCase()];
      if (bit === undefined) return -1;
      m |= bit;
    }
    return m;
  });
  const mask = masks[0] ?? -1;
  if (mask <= 0 || masks.some((m) => m !== mask)) return bad();
  return { type: 'devotion', op, mask, count: symbols.length, ...span };
}

function termNode(s: State, tok: Extract<Token, { t: 'term' }>): Node | null {
  const span = { pos: tok.pos, token: tok.raw };
  if (tok.key === undefined) {
    // "" too: an empty phrase would match every name.
    if (tok.value === '') fail(tok, 'Empty term');
    // Scryfall's old shorthands for unique:prints and unique:art.
    if (!tok.quoted && !tok.exact && (tok.value === '++' || tok.value === '@@')) {
      if (tok.negated) fail(tok, `"${tok.value}" cannot be negated`);
      const unique = tok.value === '++' ? 'prints' : 'art';
      once(s, tok, 'unique', s.query.unique, unique);
      s.query.unique = unique;
      s.query.directives.push({ name: 'unique', pos: tok.pos, token: tok.raw });
      return null;
    }
    return { type: 'name', value: tok.value, exact: tok.exact, ...span };
  }
  const key = tok.key.toLowerCase();
  const spec = KEYWORDS.get(key);
  if (!spec) {
    throw new SearchParseError(
      `Unknown keyword "${tok.key}" at position ${tok.pos} ("${tok.raw}"); quote the text to search names for it.`,
      tok.pos,
      tok.raw,
    );
  }
  const op = tok.op ?? ':';
  const value = tok.value;
  const opOnly = (allowed: Op[]) => {
    if (!allowed.includes(op)) fail(tok, `"${key}" does not take "${op}"; use ${allowed.map((a) => `"${a}"`).join(' or ')}`);
  };
  if (spec.kind === 'unsupported') fail(tok, `"${key}:" is not supported: it needs ${spec.why}`);
  if (tok.regex) {
    const field = spec.kind === 'name' ? 'name' : spec.kind === 'text' ? REGEX_FIELDS[spec.field] : undefined;
    if (!field) fail(tok, `"${key}" does not take a regular expression; name:, t:, o:, fo:, ft: and a: do`);
    return regexNode(tok, field, op, span);
  }
  // t:"" too: an empty quoted value would match every card (or, for kw:, those with no keyword).
  if (value === '') fail(tok, `"${key}${op}" needs a value`);
  switch (spec.kind) {
    case 'name': {
      // As every text keyword: "=" is ":" (contains), "!=" its negation; Scryfall's exact name is "!".
      opOnly([':', '=', '!=']);
      const node: Node = { type: 'name', value, exact: false, ...span };
      return op === '!=' ? { type: 'not', child: node } : node;
    }
    case 'text': {
      if (spec.field === 'cn' && op !== ':' && op !== '=' && op !== '!=') {
        const n = parseNumber(value);
        if (n === undefined) fail(tok, `"${value}" is not a collector number to compare with`);
        return { type: 'number', field: 'cn', op, value: n, ...span };
      }
      opOnly([':', '=', '!=']);
      return { type: 'text', field: spec.field, op: op as ':' | '=' | '!=', value: checkedText(tok, spec.field, value), ...span };
    }
    case 'stamp': {
      opOnly([':', '=', '!=']);
      if (!SECURITY_STAMPS.has(value.toLowerCase())) fail(tok, `"${value}" is not a security stamp (${[...SECURITY_STAMPS].join(', ')})`);
      return { type: 'text', field: 'stamp', op: op as ':' | '=' | '!=', value, ...span };
    }
    case 'number': {
      const other = NUMERIC_FIELD_NAMES[value.toLowerCase()];
      if (other && STAT_FIELDS.has(spec.field)) {
        return { type: 'number', field: spec.field, op, value: 0, other, ...span };
      }
      const parity = value.toLowerCase();
      if (spec.field === 'cmc' && (parity === 'even' || parity === 'odd')) {
        opOnly([':', '=']);
        return { type: 'parity', even: parity === 'even', ...span };
      }
      const n = parseNumber(value);
      if (n === undefined) {
        // cmc=>3, pow:>3, cmc==3: an operator typed twice or the wrong way round.
        const typo = /^[<>=!]=?/.exec(value)?.[0];
        if (typo) {
          const meant = `${op}${typo}`.replace(/^:/, '').replace(/^=>$/, '>=').replace(/^=<$/, '<=').replace(/^==$/, '=');
          const ops = ['=', '!=', '<', '<=', '>', '>='];
          fail(tok, `"${value}" is not a number${ops.includes(meant) ? `; write ${key}${meant}${value.slice(typo.length)}` : ''}`);
        }
        fail(tok, `"${value}" is not a number`);
      }
      if (spec.field === 'year' && !Number.isInteger(n)) fail(tok, `"${value}" is not a year`);
      return { type: 'number', field: spec.field, op, value: n, ...span };
    }
    case 'color': {
      const colors = parseColors(tok, value, key);
      // "Multicolour" is a property, not a set of colours to compare with: c<m has no meaning (c<2 has).
      if (colors.multicolor && op !== ':' && op !== '=' && op !== '!=') {
        fail(tok, `"${key}${op}${value}" compares with multicolour, which is not a set of colours; use ${key}:m, ${key}!=m, or a count such as ${key}>=2`);
      }
      return { type: 'color', field: spec.field, op, ...colors, ...span };
    }
    case 'mana': {
      const symbols = parseManaSymbols(value);
      if (!symbols || symbols.length === 0) fail(tok, `"${value}" is not a mana cost; write it like {2}{W}{W} or 2WW`);
      const unknown = symbols.find((sym) => !isManaSymbol(sym));
      if (unknown !== undefined) fail(tok, `"{${unknown}}" is not a mana symbol; write symbols like {W}, {2}, {X}, {W/U}, {2/W}, {G/P} or {W/U/P}`);
      return { type: 'mana', op, symbols, ...span };
    }
    case 'devotion':
      return devotionNode(tok, op, value, span);
    case 'rarity': {
      const rank = RARITIES[value.toLowerCase()];
      if (rank === undefined) fail(tok, `"${value}" is not a rarity (common, uncommon, rare, special, mythic, bonus)`);
      return { type: 'rarity', op, rank, ...span };
    }
    case 'date': {
      const period = parseDay(tok, value);
      if (period) return { type: 'date', op, ...period, ...span };
      if (/^[a-z0-9]{2,8}$/i.test(value)) return { type: 'date', op, set: value.toLowerCase(), ...span };
      return fail(tok, `"${value}" is not a date (YYYY, YYYY-MM or YYYY-MM-DD) or a set code`);
    }
    case 'format': {
      opOnly([':', '=']);
      const f = value.toLowerCase();
      if (!FORMATS.has(f)) fail(tok, `"${value}" is not a format this service knows (${[...FORMATS].join(', ')})`);
      return { type: 'format', status: spec.status, format: f, ...span };
    }
    case 'is': {
      opOnly([':', '=']);
      const v = isValue(value);
      if (!v) fail(tok, `"${key}:${value}" is not supported; known values: ${[...new Set(Object.values(IS_VALUES))].join(', ')}, and Scryfall's promo types and frame effects`);
      const node: Node = { type: 'is', value: v, pos: tok.pos, token: `is:${value}` };
      return spec.negate ? { type: 'not', child: node } : node;
    }
    case 'in':
      opOnly([':', '=']);
      return inNode(tok, value, span);
    case 'new': {
      opOnly([':', '=']);
      const v = value.toLowerCase();
      if (!(NEW_VALUES as readonly string[]).includes(v)) fail(tok, `"new:${value}" is not supported (${NEW_VALUES.join(', ')})`);
      return { type: 'new', kind: v as NewValue, ...span };
    }
    case 'has': {
      opOnly([':', '=']);
      const v = (HAS_VALUES as Record<string, HasValue>)[value.toLowerCase()];
      if (!v) fail(tok, `"has:${value}" is not supported (watermark, indicator, flavor, security_stamp, flavorname)`);
      return { type: 'has', value: v, ...span };
    }
    case 'block': {
      opOnly([':', '=']);
      const code = value.toLowerCase();
      const sets = blockOf(code);
      if (!sets) fail(tok, `"${value}" is not a set of a block; blocks ended with Ixalan (name one of their sets: ktk, ths, zen ...)`);
      return { type: 'block', code, sets, ...span };
    }
    case 'cheapest': {
      opOnly([':', '=']);
      const c = value.toLowerCase();
      if (c !== 'usd' && c !== 'eur' && c !== 'tix') fail(tok, `"cheapest:${value}" is not supported (usd, eur, tix)`);
      return { type: 'cheapest', currency: c, ...span };
    }
    case 'lang': {
      opOnly([':', '=', '!=']);
      const l = LANGS[value.toLowerCase()];
      if (!l) fail(tok, `"${value}" is not a language code (en, es, fr, de, it, pt, ja, ko, ru, zhs, zht, ... or any)`);
      s.query.mentionsLang = true;
      // Every language: it widens the search, so negated it would match nothing.
      if (l === 'any') {
        if (op === '!=' || tok.negated) fail(tok, '"lang:any" cannot be negated');
        return { type: 'all' };
      }
      return { type: 'text', field: 'lang', op: op as ':' | '=' | '!=', value: l, ...span };
    }
    case 'directive':
      directive(s, tok, spec.name, key, value);
      // Directives shape the result, not the filter.
      return null;
    case 'collection': {
      const node = collectionNode(tok, spec.field, op, value, span);
      s.query.collectionTerms.push(node);
      return node;
    }
  }
}

/** A text keyword's value, checked where the keyword has a closed vocabulary (and put in its canonical form). */
function checkedText(tok: Extract<Token, { t: 'term' }>, field: TextField, value: string): string {
  const v = value.toLowerCase();
  switch (field) {
    case 'settype': {
      const t = setTypeOf(v);
      if (!t) fail(tok, `"${value}" is not a set type (${[...SET_TYPES].join(', ')})`);
      return t;
    }
    case 'border':
      if (!BORDERS.has(v)) fail(tok, `"${value}" is not a border colour (${[...BORDERS].join(', ')})`);
      return v;
    case 'game':
      if (!GAMES.has(v)) fail(tok, `"${value}" is not a game (${[...GAMES].join(', ')})`);
      return v;
    case 'frame':
      if (!FRAMES.has(v) && !FRAME_EFFECTS.has(v)) fail(tok, `"${value}" is not a frame (${[...FRAMES].join(', ')}) or a frame effect (legendary, showcase, extendedart ...)`);
      return v;
    default:
      return value;
  }
}

/** An `is:` value: a known flag (aliases resolved), a promo type or a frame effect; undefined if none. */
function isValue(value: string): string | undefined {
  const v = value.toLowerCase();
  const known = IS_VALUES[v];
  if (known) return known;
  const bare = v.replace(/_/g, '');
  if (PROMO_TYPES.has(bare)) return `promo:${bare}`;
  if (FRAME_EFFECTS.has(bare)) return `frame:${bare}`;
  return undefined;
}

function directive(s: State, tok: Extract<Token, { t: 'term' }>, name: Extract<KeywordKind, { kind: 'directive' }>['name'], key: string, value: string): void {
  if (tok.op !== ':' && tok.op !== '=') fail(tok, `"${key}" does not take "${tok.op ?? ''}"; use ":" or "="`);
  if (tok.negated) fail(tok, `"${key}:" cannot be negated`);
  const v = value.toLowerCase();
  if (name !== 'display' && name !== 'include') s.query.directives.push({ name, pos: tok.pos, token: tok.raw });
  switch (name) {
    case 'order':
      if (!(ORDERS as readonly string[]).includes(v)) fail(tok, `"${value}" is not an order (${ORDERS.join(', ')})`);
      once(s, tok, name, s.query.order, v);
      s.query.order = v as Order;
      return;
    case 'dir':
      if (!(DIRS as readonly string[]).includes(v)) fail(tok, `"${value}" is not a direction (asc, desc, auto)`);
      once(s, tok, name, s.query.dir, v);
      s.query.dir = v as Dir;
      return;
    case 'unique':
      if (!(UNIQUES as readonly string[]).includes(v)) fail(tok, `"${value}" is not a unique mode (cards, prints, art)`);
      once(s, tok, name, s.query.unique, v);
      s.query.unique = v as Unique;
      return;
    case 'prefer':
      if (!(PREFERS as readonly string[]).includes(v)) fail(tok, `"${value}" is not a preference (${PREFERS.join(', ')})`);
      once(s, tok, name, s.query.prefer, v);
      s.query.prefer = v as Prefer;
      return;
    case 'display':
      // How Scryfall's site draws results; an API answers JSON whatever it is.
      if (!['grid', 'checklist', 'full', 'text', 'images'].includes(v)) fail(tok, `"${value}" is not a display mode (grid, checklist, full, text, images)`);
      return;
    case 'include':
      if (!['extras', 'variations', 'multilingual'].includes(v)) fail(tok, `"include:${value}" is not supported (extras, variations, multilingual)`);
      if (v === 'extras') s.query.includeExtras = true;
      if (v === 'variations') s.query.includeVariations = true;
      // Every language, as lang:any.
      if (v === 'multilingual') s.query.mentionsLang = true;
      return;
  }
}

/**
 * A result-shaping term given twice with different values (`order:cmc ... order:name`,
 * `unique:art ++`) is refused: one of them would be ignored without a word.
 */
function once(s: State, tok: Extract<Token, { t: 'term' }>, name: string, before: string | undefined, now: string): void {
  if (before === undefined || before === now) return;
  const earlier = s.query.directives.find((d) => d.name === name);
  fail(tok, `"${name}" is given twice${earlier ? ` (${earlier.token} at position ${earlier.pos})` : ''} with different values; keep one`);
}

function collectionNode(
  tok: Extract<Token, { t: 'term' }>,
  field: CollectionField,
  op: Op,
  value: string,
  span: Span,
): Extract<Node, { type: 'collection' }> {
  const base = { type: 'collection' as const, field, op, collectionOnly: true as const, ...span };
  switch (field) {
    case 'qty': {
      const n = parseNumber(value);
      if (n === undefined || !Number.isInteger(n)) fail(tok, `"${value}" is not a whole number`);
      return { ...base, value, number: n };
    }
    case 'condition': {
      const c = CONDITIONS[value.toLowerCase()];
      if (!c) fail(tok, `"${value}" is not a condition (${CONDITION_SCALE.join(', ')}, or nm, lp, mp, hp, dmg)`);
      return { ...base, value: c, number: CONDITION_SCALE.indexOf(c) };
    }
    case 'finish': {
      if (op !== ':' && op !== '=' && op !== '!=') fail(tok, `"finish" does not take "${op}"`);
      const f = value.toLowerCase();
      if (f !== 'nonfoil' && f !== 'foil' && f !== 'etched') fail(tok, `"${value}" is not a finish (nonfoil, foil, etched)`);
      return { ...base, value: f };
    }
    case 'binder':
      if (op !== ':' && op !== '=' && op !== '!=') fail(tok, `"binder" does not take "${op}"`);
      return { ...base, value };
    case 'tag':
      if (op !== ':' && op !== '=' && op !== '!=') fail(tok, `"tag" does not take "${op}"`);
      if (value.trim() === '') fail(tok, '"tag" needs a tag, or none');
      return { ...base, value };
  }
}

function needsBothSides(tok: { pos: number; raw: string }): never {
  throw new SearchParseError(`"${tok.raw}" at position ${tok.pos} needs a term on both sides.`, tok.pos, tok.raw);
}

/** Directive-only branches (`order:`, `unique:`...) drop out: they shape the result, not the filter. */
function parseOr(s: State): Node {
  const children: Node[] = [];
  const first = parseAnd(s);
  let sawAny = first !== undefined;
  if (first) children.push(first);
  while (s.tokens[s.i]?.t === 'or') {
    const orTok = s.tokens[s.i] as Extract<Token, { t: 'or' }>;
    s.i += 1;
    const next = parseAnd(s);
    if (!sawAny || next === undefined) needsBothSides(orTok);
    sawAny = true;
    if (next) children.push(next);
  }
  if (children.length === 0) return { type: 'all' };
  return children.length === 1 && children[0] ? children[0] : { type: 'or', children };
}

/** undefined: no term at all; null: only directives. */
function parseAnd(s: State): Node | null | undefined {
  const children: Node[] = [];
  let sawTerm = false;
  for (let tok = s.tokens[s.i]; tok; tok = s.tokens[s.i]) {
    if (tok.t === 'or' || tok.t === 'rparen') break;
    if (tok.t === 'and') {
      if (!sawTerm) needsBothSides(tok);
      s.i += 1;
      const next = s.tokens[s.i];
      if (!next || next.t === 'or' || next.t === 'rparen' || next.t === 'and') needsBothSides(tok);
      continue;
    }
    sawTerm = true;
    const node = parseUnary(s);
    if (node) children.push(node);
  }
  if (!sawTerm) return undefined;
  if (children.length === 0) return null;
  return children.length === 1 && children[0] ? children[0] : { type: 'and', children };
}

/** The token at the parser's position; the callers only ask where one exists. */
function current(s: State): Token {
  const tok = s.tokens[s.i];
  if (!tok) throw new SearchParseError('Unexpected end of the query.', s.q.length, '');
  return tok;
}

function parseUnary(s: State): Node | null {
  const tok = current(s);
  if (tok.t === 'lparen') return parseGroup(s, false);
  if (tok.t === 'term' && tok.negated && tok.key === undefined && !tok.quoted && tok.value === '' && tok.raw === '-') {
    // "-(" : the group that follows is negated.
    s.i += 1;
    const group = parseGroup(s, true);
    return group ? { type: 'not', child: group } : null;
  }
  if (tok.t !== 'term') throw new SearchParseError(`Unexpected "${'raw' in tok ? tok.raw : ')'}" at position ${tok.pos}.`, tok.pos, 'raw' in tok ? tok.raw : ')');
  s.i += 1;
  const node = termNode(s, tok);
  if (!node) return null;
  return tok.negated ? { type: 'not', child: node } : node;
}

function parseGroup(s: State, negated: boolean): Node | null {
  const open = current(s);
  s.i += 1;
  s.depth += 1;
  if (s.depth > MAX_DEPTH) throw new SearchParseError(`Parentheses nested more than ${MAX_DEPTH} deep at position ${open.pos}.`, open.pos, '(');
  const close = s.tokens[s.i];
  if (close && close.t === 'rparen') throw new SearchParseError(`Empty parentheses at position ${open.pos}.`, open.pos, '()');
  const inner = parseOr(s);
  const end = s.tokens[s.i];
  if (end?.t !== 'rparen') throw new SearchParseError(`Unclosed "(" at position ${open.pos}: add the matching ")".`, open.pos, '(');
  s.i += 1;
  s.depth -= 1;
  // Only keywords that shape the result (order:, unique:, display:, lang:any...): negated, they would
  // silently match nothing, so they are refused as they are when negated alone.
  if (negated && inner.type === 'all') {
    throw new SearchParseError(
      `The negated group at position ${open.pos} holds only keywords that shape the results (order:, unique:, display:, include:, lang:any...); they cannot be negated.`,
      open.pos,
      '-(',
    );
  }
  return inner;
}

/**
 * Parses a query. Throws SearchParseError (with the position and the token) on any
 * syntax error, unknown keyword or invalid value.
 */
/** The query of every card, with search's defaults (English printings, extras hidden): where parsing starts, and `/cards/random` without `q`. */
export function everyCard(): Query {
  return { root: { type: 'all' }, includeExtras: false, includeVariations: false, mentionsLang: false, collectionTerms: [], directives: [] };
}

export function parseQuery(q: string): Query {
  if (q.length > MAX_QUERY_LENGTH) throw new SearchParseError(`The query is longer than ${MAX_QUERY_LENGTH} characters.`, MAX_QUERY_LENGTH, q.slice(MAX_QUERY_LENGTH, MAX_QUERY_LENGTH + 10));
  const query = everyCard();
  const tokens = tokenize(q);
  if (tokens.length === 0) throw new SearchParseError('The query is empty.', 0, '');
  const s: State = { tokens, i: 0, q, depth: 0, query };
  query.root = parseOr(s);
  const tok = tokens[s.i];
  if (tok) {
    throw new SearchParseError(`Unmatched ")" at position ${tok.pos}.`, tok.pos, ')');
  }
  return query;
}

/** Collection-only keywords are only meaningful over a collection. */
export function assertNoCollectionTerms(query: Query): void {
  const t = query.collectionTerms[0];
  if (t) {
    throw new SearchParseError(
      `"${t.field}:" at position ${t.pos} only works when searching a collection (GET /collection?q=).`,
      t.pos,
      t.token,
    );
  }
}

/** Card search's result directives mean nothing for collection entries: refused where written, never silently ignored. */
export function assertNoResultDirectives(query: Query): void {
  const d = query.directives[0];
  if (!d) return;
  const how = d.name === 'order' || d.name === 'dir' ? 'Sort the collection with the sort= and dir= parameters.' : 'Entries are listed one per entry, whatever their printing.';
  throw new SearchParseError(`"${d.token}" at position ${d.pos} shapes card search results; in the collection's q it has no meaning. ${how}`, d.pos, d.token);
}

// ---- printing (used by tests and for logs) -------------------------------

function quote(v: string): string {
  return /^[^\s()"\u0085\u200b\u2060\ufeff]+$/.test(v) && !/^(or|and)$/i.test(v) && !/^[-!]/.test(v) && !/^[\p{L}\p{M}\p{N}_.-]+(:|=|!=|<|>)/u.test(v) ? v : `"${v.replace(/["\\]/g, '\\$&')}"`;
}

/** Turns an AST back into query text that parses to the same tree. */
export function formatNode(node: Node): string {
  switch (node.type) {
    case 'all':
      return 'lang:any';
    case 'and':
      return `(${node.children.map(formatNode).join(' ')})`;
    case 'or':
      return `(${node.children.map(formatNode).join(' or ')})`;
    case 'not':
      return `-${node.child.type === 'and' || node.child.type === 'or' ? formatNode(node.child) : `(${formatNode(node.child)})`}`;
    case 'name':
      return node.exact ? `!${quote(node.value)}` : quote(node.value);
    default:
      return node.token.replace(/^-+/, '');
  }
}
