import type { Condition, Finish } from '../collection/schemas.js';
import { SCRYFALL_LANGUAGES, type ScryfallLanguage } from '../lib/languages.js';

/**
 * The words each collection app writes for conditions, finishes and languages, and how
 * they map onto ours. docs/import-export.md gives the sources for every table.
 *
 * Writers use exactly one word per value (`*_WORDS`); readers accept the app's own words
 * plus the common spellings of other apps (`read*`), since people hand-edit these files.
 */

export const CONDITION_LIST = ['mint', 'near_mint', 'lightly_played', 'moderately_played', 'heavily_played', 'damaged'] as const satisfies readonly Condition[];

/** Lower case, letters and digits only: "Good (Lightly Played)" and "good_lightly-played" compare equal. */
export function wordKey(word: string): string {
  return word.toLowerCase().replace(/[^a-z0-9]/g, '');
}

// --- Conditions -------------------------------------------------------------------------

/** Moxfield's export uses Deckbox's ladder, but for its last step: Deckbox says Poor, Moxfield Damaged. */
const DECKBOX_CONDITIONS: Record<Condition, string> = {
  mint: 'Mint',
  near_mint: 'Near Mint',
  lightly_played: 'Good (Lightly Played)',
  moderately_played: 'Played',
  heavily_played: 'Heavily Played',
  damaged: 'Poor',
};

export const CONDITION_WORDS = {
  moxfield: { ...DECKBOX_CONDITIONS, damaged: 'Damaged' },
  deckbox: DECKBOX_CONDITIONS,
  // ManaBox grades on Cardmarket's seven-step ladder; ours is TCGplayer's. See the doc's table.
  manabox: { mint: 'mint', near_mint: 'near_mint', lightly_played: 'good', moderately_played: 'light_played', heavily_played: 'played', damaged: 'poor' },
  archidekt: { mint: 'M', near_mint: 'NM', lightly_played: 'LP', moderately_played: 'MP', heavily_played: 'HP', damaged: 'D' },
} as const satisfies Record<string, Record<Condition, string>>;

/** The TCGplayer ladder (NM/LP/MP/HP/D) with its long names and Deckbox's words. */
const TCG_LADDER: Record<string, Condition> = {
  m: 'mint',
  mt: 'mint',
  mint: 'mint',
  nm: 'near_mint',
  nearmint: 'near_mint',
  lp: 'lightly_played',
  lightlyplayed: 'lightly_played',
  lightplayed: 'lightly_played',
  sp: 'lightly_played',
  slightlyplayed: 'lightly_played',
  goodlightlyplayed: 'lightly_played',
  excellent: 'lightly_played',
  ex: 'lightly_played',
  good: 'lightly_played',
  mp: 'moderately_played',
  moderatelyplayed: 'moderately_played',
  played: 'moderately_played',
  pl: 'moderately_played',
  hp: 'heavily_played',
  heavilyplayed: 'heavily_played',
  d: 'damaged',
  dm: 'damaged',
  dmg: 'damaged',
  damaged: 'damaged',
  poor: 'damaged',
  po: 'damaged',
};

/**
 * Cardmarket's ladder (ManaBox, Dragon Shield): Mint, Near Mint, Excellent, Good, Light
 * Played, Played, Poor. Its "Light Played" is a grade below TCGplayer's Lightly Played.
 */
const CARDMARKET_LADDER: Record<string, Condition> = {
  ...TCG_LADDER,
  gd: 'lightly_played',
  lightplayed: 'moderately_played',
  lp: 'moderately_played',
  played: 'heavily_played',
  pl: 'heavily_played',
};

const OUR_CONDITIONS: Record<string, Condition> = Object.fromEntries(CONDITION_LIST.map((c) => [wordKey(c), c]));

export type ConditionLadder = 'tcgplayer' | 'cardmarket';

/** Our condition for an app's word; blank is our default, near_mint; undefined for an unknown word. */
export function readCondition(word: string, ladder: ConditionLadder): Condition | undefined {
  const key = wordKey(word);
  if (key === '') return 'near_mint';
  return OUR_CONDITIONS[key] ?? (ladder === 'cardmarket' ? CARDMARKET_LADDER : TCG_LADDER)[key];
}

// --- Finishes ---------------------------------------------------------------------------

export const FINISH_WORDS = {
  moxfield: { nonfoil: '', foil: 'foil', etched: 'etched' },
  manabox: { nonfoil: 'normal', foil: 'foil', etched: 'etched' },
  // Deckbox has no etched finish and its importer refuses the word: etched cards are foils there.
  deckbox: { nonfoil: '', foil: 'foil', etched: 'foil' },
  archidekt: { nonfoil: 'Normal', foil: 'Foil', etched: 'Etched' },
} as const satisfies Record<string, Record<Finish, string>>;

const NONFOIL_WORDS = new Set(['', 'normal', 'nonfoil', 'regular', 'no', 'n', 'false', '0', 'none', 'plain']);
const ETCHED_WORDS = new Set(['etched', 'foiletched', 'etchedfoil']);
const FOIL_WORDS = new Set(['yes', 'y', 'true', '1', 'f']);

/**
 * Our finish for an app's word. Apps invent foil treatments ("Rainbow Foil", "Surge
 * Foil", TCGplayer's "Holofoil"); each is a foil printing-wise, so any word with "foil"
 * in it is foil.
 */
export function readFinish(word: string): Finish | undefined {
  const key = wordKey(word);
  if (NONFOIL_WORDS.has(key)) return 'nonfoil';
  if (ETCHED_WORDS.has(key)) return 'etched';
  if (FOIL_WORDS.has(key) || key.includes('foil')) return 'foil';
  return undefined;
}

// --- Languages --------------------------------------------------------------------------

/** Scryfall's language codes with the English names Moxfield, Deckbox and Dragon Shield write. */
const LANGUAGE_NAMES: Record<ScryfallLanguage, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  ja: 'Japanese',
  ko: 'Korean',
  ru: 'Russian',
  zhs: 'Chinese',
  zht: 'Traditional Chinese',
  he: 'Hebrew',
  la: 'Latin',
  grc: 'Ancient Greek',
  ar: 'Arabic',
  sa: 'Sanskrit',
  ph: 'Phyrexian',
  qya: 'Quenya',
};

export { SCRYFALL_LANGUAGES };

/** Archidekt's two-letter codes where they differ from Scryfall's. */
const ARCHIDEKT_LANGUAGES: Record<string, string> = { ja: 'JP', ko: 'KR', zhs: 'CS', zht: 'CT' };
/** ManaBox writes Chinese as locale tags. */
const MANABOX_LANGUAGES: Record<string, string> = { zhs: 'zh_CN', zht: 'zh_TW' };

export type LanguageStyle = 'name' | 'manabox' | 'archidekt';

/** The app's word for a Scryfall language code (codes we have no word for pass through). */
export function languageWord(code: string, style: LanguageStyle): string {
  if (style === 'name') return (LANGUAGE_NAMES as Record<string, string | undefined>)[code] ?? code;
  if (style === 'manabox') return MANABOX_LANGUAGES[code] ?? code;
  return ARCHIDEKT_LANGUAGES[code] ?? code.toUpperCase();
}

const LANGUAGE_ALIASES: Record<string, string> = {
  // Codes other apps use for the same languages.
  jp: 'ja',
  kr: 'ko',
  sp: 'es',
  cs: 'zhs',
  ct: 'zht',
  cn: 'zhs',
  tw: 'zht',
  zh: 'zhs',
  zhcn: 'zhs',
  zhhans: 'zhs',
  zhtw: 'zht',
  zhhant: 'zht',
  ptbr: 'pt',
  // Names other than our export names.
  simplifiedchinese: 'zhs',
  chinesesimplified: 'zhs',
  chineses: 'zhs',
  traditionalchinese: 'zht',
  chinesetraditional: 'zht',
  chineset: 'zht',
  portuguesebrazil: 'pt',
  brazilianportuguese: 'pt',
  greek: 'grc',
};
for (const [code, name] of Object.entries(LANGUAGE_NAMES)) {
  LANGUAGE_ALIASES[code] = code;
  LANGUAGE_ALIASES[wordKey(name)] = code;
}

/**
 * The Scryfall code for a language as an app writes it (a code, a name, a locale tag);
 * null when the cell is blank (the card's own language applies), undefined when unknown.
 */
export function readLanguage(word: string): string | null | undefined {
  const key = wordKey(word);
  if (key === '') return null;
  return LANGUAGE_ALIASES[key];
}
