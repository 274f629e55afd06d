import { collectorNumberVariants } from '../lib/collector-numbers.js';
import type { Condition, Finish } from '../collection/schemas.js';
import { normalizeCardName } from '../decks/decklist.js';
import type { ImportRow, ReadItem, RowPlace } from './types.js';

/** What matching needs to know of a printing (a row of the card database). */
export interface CardRecord {
  id: string;
  name: string;
  /** Scryfall set code, lower case. */
  set: string;
  set_name: string;
  collector_number: string;
  lang: string;
  finishes: readonly string[];
}

type MaybePromise<T> = T | Promise<T>;

/**
 * The card database as matching sees it; the import service implements it over the cards
 * store (`createMemoryLookup` is the in-memory one). Names are passed as `nameKey()`s and
 * must be found by the key of the card's full name and of each face's name ("Fire // Ice",
 * "Fire", "Ice"), so `nameKeysOf(card.name)` are the keys to index a card under.
 * Results come in the store's order of preference (the printing to pick when a row
 * says nothing more); matching then filters them by language and finish.
 */
export interface CardLookup {
  byId(id: string): MaybePromise<CardRecord | undefined>;
  /** Every printing, in every language, with this set code (lower case) and exactly this collector number. */
  bySetNumber(set: string, collectorNumber: string): MaybePromise<readonly CardRecord[]>;
  /** Every printing in this set (lower case code) whose name has this key. */
  byNameSet(nameKey: string, set: string): MaybePromise<readonly CardRecord[]>;
  /** Every printing whose name has this key. */
  byName(nameKey: string): MaybePromise<readonly CardRecord[]>;
}

/**
 * The form names are compared in: case-folded, accents and ligatures dropped, and the
 * punctuation TCGplayer's "Simple Name" leaves out (commas, apostrophes, quotes, colons)
 * removed, so "Lim-Duls Vault" finds Lim-Dûl's Vault; faces joined by " // " whatever the
 * file wrote ("A/B", "A//B").
 */
export function nameKey(name: string): string {
  return normalizeCardName(name)
    .replace(/æ/g, 'ae')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[,.!?:'"\u2018\u2019\u201c\u201d\u0060\u00b4]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The keys a card is found by: its full name and, for a multi-face card, each face. */
export function nameKeysOf(name: string): string[] {
  const full = nameKey(name);
  const faces = full.includes(' // ') ? full.split(' // ') : [];
  return [...new Set([full, ...faces])];
}

const SET_ALIASES: Record<string, string> = {
  // The List: TCGplayer writes LIST, Deckbox plist.
  list: 'plst',
  plist: 'plst',
};

/**
 * Scryfall set codes to try for an app's set code: as written (lower case), then the
 * known respellings: TCGplayer's promo packs "PPBLB" are Scryfall's "pblb", Dragon
 * Shield's guild kits "GK2_AZORIU" are "gk2".
 */
export function setCodeVariants(code: string): string[] {
  const c = code.trim().toLowerCase();
  const out = [c];
  const alias = SET_ALIASES[c];
  if (alias) out.push(alias);
  if (/^pp[a-z0-9]{3,}$/.test(c)) out.push(`p${c.slice(2)}`);
  const prefix = /^([a-z0-9]+)_/.exec(c);
  if (prefix?.[1]) out.push(prefix[1]);
  return [...new Set(out)];
}

/** The collection entry a matched row becomes (before binders and merging). */
export interface EntryDraft {
  card_id: string;
  quantity: number;
  finish: Finish;
  condition: Condition;
  language: string;
  /** Set by our own formats; undefined for the apps' files. */
  binder_id?: string | null;
  purchase_price: string | null;
  tags: string[];
  notes: string | null;
}

export type MatchedBy = 'id' | 'set_number' | 'name_set' | 'name';

export type MatchResult =
  | { kind: 'matched'; place: RowPlace; card: CardRecord; entry: EntryDraft; by: MatchedBy; warnings: string[]; binderName?: string }
  | { kind: 'unmatched'; place: RowPlace; reason: string }
  | { kind: 'skipped'; place: RowPlace; reason: string };

const placeOf = (p: RowPlace): RowPlace => ({ row: p.row, line: p.line, raw: p.raw });

function describe(card: CardRecord): string {
  return `${card.name} (${card.set.toUpperCase()} ${card.collector_number}${card.lang === 'en' ? '' : `, ${card.lang}`})`;
}

/**
 * Finds the card for one row: by Scryfall id; else by set code and collector number,
 * where the row's name (if any) must agree, so a code an app spells its own way cannot
 * pin a different card; else by name within the set; else by name alone. Among the
 * printings found, the row's language and then finish pick one.
 */
export async function matchRow(row: ImportRow, lookup: CardLookup): Promise<MatchResult> {
  const warnings = [...(row.warnings ?? [])];
  const keys = [...new Set([row.name, ...(row.altNames ?? [])].filter((n): n is string => !!n).map(nameKey))];
  const agrees = (card: CardRecord) => keys.length === 0 || nameKeysOf(card.name).some((k) => keys.includes(k));
  const sets = row.set ? setCodeVariants(row.set) : [];
  const numbers = row.collectorNumber ? collectorNumberVariants(row.collectorNumber) : [];
  const pick = (found: readonly CardRecord[], by: MatchedBy) => choose(row, found, by, warnings);

  if (row.scryfallId) {
    const card = await lookup.byId(row.scryfallId);
    if (card) return pick([card], 'id');
    warnings.push(`Scryfall id ${row.scryfallId} is not in the card database; matched by the row's other columns`);
  }
  for (const set of sets) {
    for (const number of numbers) {
      const found = (await lookup.bySetNumber(set, number)).filter(agrees);
      if (found.length) return pick(found, 'set_number');
    }
  }
  const sameNumber = (c: CardRecord) => numbers.includes(c.collector_number);
  for (const key of keys) {
    for (const set of sets) {
      const found = await lookup.byNameSet(key, set);
      if (!found.length) continue;
      const matched = pick(preferring(found, sameNumber), 'name_set');
      // The set is right but its number names no printing of this card (a star or alternate-art number mistyped): say which was taken.
      if (matched.kind === 'matched' && numbers.length && !sameNumber(matched.card)) {
        matched.warnings.push(`no printing ${row.set} ${row.collectorNumber} of "${row.name ?? key}" is known; matched by name within the set to ${describe(matched.card)}`);
      }
      return matched;
    }
  }
  // A set column may hold the set's name where a code belongs (Moxfield's `Edition`, typed by hand).
  const setNames = [row.setName, ...(row.altSetNames ?? []), row.set].filter((n): n is string => n !== undefined).map((n) => n.toLowerCase());
  const inSet = (c: CardRecord) => setNames.includes(c.set_name.toLowerCase()) || sets.includes(c.set);
  for (const key of keys) {
    const found = await lookup.byName(key);
    if (!found.length) continue;
    const printed = preferring(preferring(found, inSet), (c) => inSet(c) && sameNumber(c));
    const matched = pick(printed, 'name');
    const named = [row.set ?? row.setName, row.collectorNumber].filter(Boolean).join(' ');
    if (matched.kind === 'matched' && named && !inSet(matched.card)) {
      matched.warnings.push(`no printing ${named} of "${row.name ?? key}" is known; matched by name to ${describe(matched.card)}`);
    }
    return matched;
  }
  return { kind: 'unmatched', place: placeOf(row), reason: unmatchedReason(row) };
}

/** The candidates satisfying `test` if there are any, else all of them. */
function preferring(cards: readonly CardRecord[], test: (c: CardRecord) => boolean): readonly CardRecord[] {
  const good = cards.filter(test);
  return good.length ? good : cards;
}

function unmatchedReason(row: ImportRow): string {
  const what = [
    row.scryfallId && `Scryfall id ${row.scryfallId}`,
    (row.set || row.setName) && `set ${row.set ?? row.setName}${row.collectorNumber ? ` number ${row.collectorNumber}` : ''}`,
    row.name && `name "${row.name}"`,
  ].filter(Boolean);
  return `no card found for ${what.join(', ')}`;
}

function choose(row: ImportRow, found: readonly CardRecord[], by: MatchedBy, warnings: string[]): MatchResult {
  // The row's language if a printing has it, else English (an entry may be in another language than its card).
  const inLanguage = found.filter((c) => c.lang === (row.lang ?? 'en'));
  const pool = inLanguage.length ? inLanguage : preferring(found, (c) => c.lang === 'en');
  const withFinish = pool.find((c) => c.finishes.includes(row.finish));
  const matched = (card: CardRecord, finish: Finish): MatchResult => ({
    kind: 'matched',
    place: placeOf(row),
    card,
    by,
    warnings,
    ...(row.binderName !== undefined ? { binderName: row.binderName } : {}),
    entry: {
      card_id: card.id,
      quantity: row.quantity,
      finish,
      condition: row.condition,
      language: row.lang ?? card.lang,
      ...(row.binderId !== undefined ? { binder_id: row.binderId } : {}),
      purchase_price: row.purchasePrice ?? null,
      tags: row.tags ?? [],
      notes: row.notes ?? null,
    },
  });
  if (withFinish) return matched(withFinish, row.finish);
  const card = pool[0];
  if (!card) return { kind: 'unmatched', place: placeOf(row), reason: unmatchedReason(row) };
  // Apps without an etched word (Deckbox, TCGplayer) call an etched card a foil: from them, a foil
  // row of a printing made etched and not foil is etched. Other apps say etched when they mean it.
  if (row.finish === 'foil' && row.foilMayBeEtched && card.finishes.includes('etched')) return matched(card, 'etched');
  const only = card.finishes.length === 1 ? (card.finishes[0] as Finish) : undefined;
  if (only) {
    warnings.push(`${describe(card)} exists only as ${only}; imported as ${only}, not ${row.finish}`);
    return matched(card, only);
  }
  return { kind: 'unmatched', place: placeOf(row), reason: `${describe(card)} has no ${row.finish} finish (it has ${card.finishes.join(', ')})` };
}

/** Matches every row an import yields, in order; unreadable and skipped rows pass through as such. */
export async function* matchItems(items: AsyncIterable<ReadItem>, lookup: CardLookup): AsyncGenerator<MatchResult> {
  for await (const item of items) {
    if (item.kind === 'row') yield await matchRow(item.row, lookup);
    else if (item.kind === 'error') yield { kind: 'unmatched', place: placeOf(item.error), reason: item.error.reason };
    else yield { kind: 'skipped', place: placeOf(item.skip), reason: item.skip.reason };
  }
}
