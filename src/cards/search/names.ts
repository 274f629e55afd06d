/**
 * Name lookups over one index: `/cards/named` (exact and fuzzy), autocomplete, and the
 * identifiers of `POST /cards/collection`.
 */
import { AppError, Errors } from '../../errors.js';
import { extraCards } from './extras.js';
import type { CardIndex } from './index.js';
import { compact, editDistance, fold, loose, looseForms } from './text.js';


/** One identifier of POST /cards/collection, as Scryfall defines them. */
export interface CardIdentifier {
  id?: string;
  mtgo_id?: number;
  multiverse_id?: number;
  oracle_id?: string;
  illustration_id?: string;
  name?: string;
  set?: string;
  collector_number?: string;
}

export function ambiguous(name: string): AppError {
  return new AppError(404, 'ambiguous', 'Ambiguous', `Too many cards match "${name}"; add more of the name or use exact=.`);
}

interface Derived {
  /** Loose (punctuation-free) display name per group, for autocomplete. */
  groupLoose: string[];
  /** The same with hyphens read as spaces ("niv mizzet reborn"): a word after a hyphen starts a word. */
  groupSpaced: string[];
  /** The same with no spaces at all ("nivmizzetreborn"), so a prefix typed without its spaces completes. */
  groupCompact: string[];
  /** Groups that are extras (tokens, emblems, art cards...), left out of name lookups when a real card also matches. */
  extraGroup: Uint8Array;
}

const derivedOf = new WeakMap<CardIndex, Derived>();

function derive(idx: CardIndex): Derived {
  const known = derivedOf.get(idx);
  if (known) return known;
  const groupLoose: string[] = [];
  const groupSpaced: string[] = [];
  const groupCompact: string[] = [];
  const extraGroup = new Uint8Array(idx.cardCount);
  const extras = extraCards(idx);
  for (let g = 0; g < idx.cardCount; g++) {
    const name = idx.names[idx.groupStart[g] ?? 0] ?? '';
    const [joined = '', spaced = joined] = looseForms(name);
    groupLoose.push(joined);
    groupSpaced.push(spaced);
    groupCompact.push(compact(name));
    if (extras.has(g)) extraGroup[g] = 1;
  }
  const derived = { groupLoose, groupSpaced, groupCompact, extraGroup };
  derivedOf.set(idx, derived);
  return derived;
}

/** The preferred printing of a group, optionally in one set. */
function printingOf(idx: CardIndex, g: number, set?: string): number | undefined {
  // A card's printings are in preference order: the first that fits wins.
  for (let i = idx.groupStart[g] ?? 0; i < (idx.groupStart[g + 1] ?? 0); i++) {
    if (!set || idx.setCode.get(i) === set) return i;
  }
  return undefined;
}

/** Prefers real cards over tokens and other extras of the same name. */
function preferReal(idx: CardIndex, groups: number[]): number[] {
  const d = derive(idx);
  const real = groups.filter((g) => !d.extraGroup[g]);
  return real.length ? real : groups;
}

function exactGroups(idx: CardIndex, name: string, set?: string): number[] {
  const groups = (idx.exactName.get(fold(name.trim())) ?? []).filter((g) => printingOf(idx, g, set) !== undefined);
  return preferReal(idx, groups);
}

/** Cards whose name (or a face's) is this one but for case, accents, spaces and punctuation. */
function sameNameGroups(idx: CardIndex, name: string, set?: string): number[] {
  const c = compact(name);
  const k = c ? idx.compactNames.indexOf(c) : -1;
  if (k < 0) return [];
  return preferReal(idx, (idx.compactGroups[k] ?? []).filter((g) => printingOf(idx, g, set) !== undefined));
}

function fuzzyGroups(idx: CardIndex, name: string, set?: string): number[] {
  const c = compact(name);
  if (!c) return [];
  const inSet = (gs: readonly number[] | undefined) => (gs ?? []).filter((g) => printingOf(idx, g, set) !== undefined);
  const same = sameNameGroups(idx, name, set);
  if (same.length) return same;
  if (c.length >= 3) {
    // Part of a name ("jace bele", "time raveler"): starts-with beats contains.
    const starts = new Set<number>();
    const contains = new Set<number>();
    const words = loose(name).split(' ').filter(Boolean);
    idx.compactNames.forEach((cn, k) => {
      const pool = cn.startsWith(c) ? starts : cn.includes(c) ? contains : undefined;
      if (pool) for (const g of idx.compactGroups[k] ?? []) pool.add(g);
    });
    if (words.length > 1) {
      // Every word a prefix of a word of the name, in order ("jac bel" -> "Jace Beleren").
      derive(idx).groupLoose.forEach((full, g) => {
        let w = 0;
        for (const word of full.split(' ')) if (word.startsWith(words[w] ?? '\u0000')) w++;
        if (w === words.length) contains.add(g);
      });
    }
    for (const pool of [starts, contains]) {
      const gs = preferReal(idx, inSet([...pool]));
      if (gs.length) return gs;
    }
  }
  // Typos: the closest names within a distance that grows with the length.
  const max = Math.min(4, Math.max(1, Math.floor(c.length / 4)));
  let best = max + 1;
  let found: number[] = [];
  idx.compactNames.forEach((cn, k) => {
    const d = editDistance(c, cn, Math.min(best, max));
    if (d > max) return;
    const gs = inSet(idx.compactGroups[k]);
    if (!gs.length) return;
    if (d < best) {
      best = d;
      found = [...gs];
    } else if (d === best) found.push(...gs.filter((g) => !found.includes(g)));
  });
  return preferReal(idx, found);
}

/** GET /cards/named: the preferred printing's id. */
export function namedPrinting(idx: CardIndex, input: { exact?: string; fuzzy?: string; set?: string }): string {
  const set = input.set?.toLowerCase();
  const text = input.exact ?? input.fuzzy ?? '';
  const groups = input.exact !== undefined ? exactGroups(idx, input.exact, set) : fuzzyGroups(idx, text, set);
  const [first] = groups;
  if (first === undefined) throw Errors.notFound('card with that name');
  if (groups.length > 1 && input.exact === undefined) throw ambiguous(text);
  const i = printingOf(idx, first, set);
  if (i === undefined) throw Errors.notFound('card with that name');
  return idx.ids[i] ?? '';
}

/**
 * Up to 20 card names that complete a partial name: names that start with it first (spaces
 * and hyphens aside: "nivmiz", "niv miz" and "ob nix" all start theirs), then names with a
 * word that starts with it (a word after a hyphen too: "mizzet", "eternal"). A match inside a
 * word ("tef" in "Grateful") is not a completion. Extras are left out unless `includeExtras`
 * (Scryfall's `include_extras`). `total` counts every
 * name that completes it, listed or not.
 */
export function autocomplete(idx: CardIndex, q: string, includeExtras = false): { names: string[]; total: number } {
  const needle = loose(q);
  if (needle.length < 2) return { names: [], total: 0 };
  const [, spaced = needle] = looseForms(q);
  const tight = compact(q);
  const d = derive(idx);
  const tiers: [Set<string>, Set<string>] = [new Set(), new Set()];
  d.groupLoose.forEach((name, g) => {
    if (d.extraGroup[g] && !includeExtras) return;
    const words = d.groupSpaced[g] ?? name;
    const starts = name.startsWith(needle) || words.startsWith(spaced) || (d.groupCompact[g] ?? '').startsWith(tight);
    const tier = starts ? tiers[0] : name.includes(` ${needle}`) || words.includes(` ${spaced}`) ? tiers[1] : undefined;
    tier?.add(idx.names[idx.groupStart[g] ?? 0] ?? '');
  });
  const out: string[] = [];
  const total = tiers[0].size + tiers[1].size;
  for (const tier of tiers) {
    for (const n of [...tier].sort((a, b) => (fold(a) < fold(b) ? -1 : 1))) {
      if (out.length >= 20) return { names: out, total };
      out.push(n);
    }
  }
  return { names: out, total };
}

/**
 * `GET /cards/{set}/{number}[/{lang}]`: the printing with that set code and collector number
 * (either in any case). Without a language, the one a search prefers (English where there is
 * one); with one, the printing in that language or none.
 */
export function printingByNumber(idx: CardIndex, set: string, number: string, lang?: string): string | undefined {
  const i = idx.bySetNumber.get(`${set.toLowerCase()}\u0000${number.toLowerCase()}`);
  if (i === undefined) return undefined;
  const wanted = lang?.toLowerCase();
  if (wanted === undefined || idx.lang.get(i) === wanted) return idx.ids[i];
  // Translations are among the card's printings; compared as interned ids.
  const setId = idx.setCode.ids[i];
  const cnId = idx.cn.ids[i];
  const isIt = (j: number) => idx.cn.ids[j] === cnId && idx.setCode.ids[j] === setId && idx.lang.get(j) === wanted;
  const g = idx.group[i] ?? 0;
  for (let j = idx.groupStart[g] ?? 0; j < (idx.groupStart[g + 1] ?? 0); j++) if (isIt(j)) return idx.ids[j];
  // A printing without an oracle id is a card of its own, and so may each of its translations
  // be: every printing is looked at (a few integer compares each, ~1 ms at 500,000).
  for (let j = 0; j < idx.ids.length; j++) if (isIt(j)) return idx.ids[j];
  return undefined;
}

/** POST /cards/collection: the printing id for each identifier, or undefined for a miss. */
export function resolveIdentifiers(idx: CardIndex, identifiers: CardIdentifier[]): Array<string | undefined> {
  // A card's printings are numbered in preference order: the lowest number is the preferred one.
  const preferred = (list: number[] | undefined) => (list?.length ? Math.min(...list) : undefined);
  return identifiers.map((ident) => {
    let i: number | undefined;
    const set = ident.set?.toLowerCase();
    if (ident.id !== undefined) i = idx.byId.get(ident.id.toLowerCase());
    else if (ident.mtgo_id !== undefined) i = idx.byMtgo.get(ident.mtgo_id);
    else if (ident.multiverse_id !== undefined) i = idx.byMultiverse.get(ident.multiverse_id);
    else if (ident.oracle_id !== undefined) {
      const g = idx.oracleGroup.get(ident.oracle_id.toLowerCase());
      i = g === undefined ? undefined : printingOf(idx, g);
    } else if (ident.illustration_id !== undefined) i = preferred(idx.byIllustration.get(ident.illustration_id.toLowerCase()));
    else if (ident.collector_number !== undefined && set) i = idx.bySetNumber.get(`${set}\u0000${ident.collector_number.toLowerCase()}`);
    else if (ident.name !== undefined) {
      // The name, in any case and punctuation ("teferi time raveler"), not a part of one: a
      // partial name ("Bear") would quietly become another card instead of a miss in not_found.
      let gs = exactGroups(idx, ident.name, set);
      if (gs.length === 0) gs = sameNameGroups(idx, ident.name, set);
      const [first] = gs;
      // Several cards alike but for punctuation or case: which one is meant is not known, so a miss.
      if (first !== undefined && (gs.length === 1 || exactGroups(idx, ident.name, set).length > 0)) i = printingOf(idx, first, set);
    }
    return i === undefined ? undefined : idx.ids[i];
  });
}
