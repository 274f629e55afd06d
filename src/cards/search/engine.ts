/**
 * The per-process card search engine: owns the in-memory index, keeps it in step
 * with the database, and answers searches and name lookups from it.
 *
 * Freshness: an import in this process calls invalidate() and the next search
 * waits for the rebuilt index. An import in another process changes the `meta`
 * row `cards_version`; a search looks at it at most once per `checkIntervalMs`,
 * and on a change rebuilds in the background while the old index keeps answering.
 */
import { performance } from 'node:perf_hooks';
import type { Database } from '../../db/database.js';
import { AppError, Errors } from '../../errors.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { createCardStore } from '../store.js';
import { Bitset } from './bitset.js';
import { IndexBuilder, type CardIndex } from './index.js';
import { compileEntryPredicate, evaluate, type EntryPredicate } from './matcher.js';
import { assertNoCollectionTerms, parseQuery, SearchParseError, type Dir, type Order, type Query, type Unique } from './parser.js';
import { compact, editDistance, fold, loose } from './text.js';

export interface SearchParams {
  q: string;
  unique?: Unique;
  order?: Order;
  dir?: Dir;
  limit: number;
  cursor?: string;
}

export interface SearchPage {
  ids: string[];
  /** The index build that answered; card data cached per build stays consistent with it. */
  generation: number;
  total: number;
  next_cursor: string | null;
  order: Order;
  dir: 'asc' | 'desc';
  unique: Unique;
}

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

const AUTO_DIR: Partial<Record<Order, 'asc' | 'desc'>> = { released: 'desc', rarity: 'desc', usd: 'desc', eur: 'desc', tix: 'desc' };
const EXTRAS = ['token', 'emblem', 'art_series', 'planar', 'scheme', 'vanguard'] as const;

export function queryError(err: SearchParseError): AppError {
  return Errors.invalidQuery(err.message, { position: err.position, token: err.token });
}

function parseOrThrow(q: string): Query {
  try {
    return parseQuery(q);
  } catch (err) {
    if (err instanceof SearchParseError) throw queryError(err);
    throw err;
  }
}

function hash(s: string): string {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}

/** Keeps, of each group's set bits, only the printing first in preference order. */
function keepPreferred(idx: CardIndex, bits: Bitset, groups: Int32Array, groupCount: number): void {
  const rank = idx.preferenceRank;
  const best = new Int32Array(groupCount).fill(-1);
  bits.forEach((i) => {
    const g = groups[i]!;
    const b = best[g]!;
    if (b < 0 || rank[i]! < rank[b]!) best[g] = i;
  });
  bits.forEach((i) => {
    if (best[groups[i]!] !== i) bits.clear(i);
  });
}

const ranks = new WeakMap<Int32Array, Int32Array>();

/** Position of every printing in an order (the inverse permutation), built on first use. */
function rankOf(idx: CardIndex, order: Order, dir: 'asc' | 'desc'): Int32Array {
  const perm = idx.orders.get(order)![dir];
  let rank = ranks.get(perm);
  if (!rank) {
    rank = new Int32Array(perm.length);
    for (let p = 0; p < perm.length; p++) rank[perm[p]!] = p;
    ranks.set(perm, rank);
  }
  return rank;
}

export function ambiguous(name: string): AppError {
  return new AppError(404, 'ambiguous', 'Ambiguous', `Too many cards match "${name}"; add more of the name or use exact=.`);
}

interface Derived {
  /** Loose (punctuation-free) display name per group, for autocomplete. */
  groupLoose: string[];
  /** Groups that are extras (tokens, emblems, art cards...), left out of name lookups when a real card also matches. */
  extraGroup: Uint8Array;
}

export interface CardSearchOptions {
  database: Database;
  /** How often a search may look for another process's import. */
  checkIntervalMs?: number;
  pageSize?: number;
}

export function createCardSearch(opts: CardSearchOptions) {
  const store = createCardStore(opts.database.db);
  const pageSize = opts.pageSize ?? 2000;
  let checkIntervalMs = opts.checkIntervalMs ?? 1000;
  let current: CardIndex | undefined;
  const derivedOf = new WeakMap<CardIndex, Derived>();
  let building: Promise<CardIndex> | undefined;
  let lastCheck = 0;
  /** True until an index reflecting the latest in-process import exists. */
  let mustWait = true;
  /** Bumped by invalidate(): a build that started before the bump is already stale. */
  let epoch = 0;

  async function build(): Promise<{ index: CardIndex; stale: boolean }> {
    const started = performance.now();
    const version = (await store.cardsVersion()) ?? '';
    const builder = new IndexBuilder();
    let after: string | undefined;
    // Every import stores each printing's search facts; only rows older than that
    // (or a database written by something else) make us read whole cards.
    if ((await store.countFacts()) === (await store.count())) {
      for (;;) {
        const rows = await store.factsPage(after, pageSize);
        for (const row of rows) builder.addFacts(row.facts);
        if (rows.length < pageSize) break;
        after = rows[rows.length - 1]!.card_id;
      }
    } else {
      for (;;) {
        const rows = await store.rowsPage(after, pageSize);
        for (const row of rows) builder.addCard(row, row.data);
        if (rows.length < pageSize) break;
        after = rows[rows.length - 1]!.id;
      }
    }
    const sets = await store.listSets();
    const index = builder.finish(sets, version);
    lastBuildMs = performance.now() - started;
    // An import that committed while we read leaves a newer version: look again at once.
    return { index, stale: ((await store.cardsVersion()) ?? '') !== version };
  }

  let lastBuildMs = 0;

  function rebuild(): Promise<CardIndex> {
    if (building) return building;
    const startedAt = epoch;
    building = build()
      .then(({ index, stale }) => {
        current = index;
        lastCheck = stale ? 0 : performance.now();
        if (epoch === startedAt) mustWait = false;
        return index;
      })
      .finally(() => {
        building = undefined;
      });
    return building;
  }

  async function index(): Promise<CardIndex> {
    while (!current || mustWait) await (building ?? rebuild());
    const now = performance.now();
    if (now - lastCheck >= checkIntervalMs && !building) {
      lastCheck = now;
      const version = (await store.cardsVersion()) ?? '';
      if (version !== current.version) {
        // Another process imported: rebuild without making this request wait.
        rebuild().catch(() => {
          lastCheck = 0;
        });
      }
    }
    return current;
  }

  function derive(idx: CardIndex): Derived {
    const known = derivedOf.get(idx);
    if (known) return known;
    const groupLoose: string[] = [];
    const extraGroup = new Uint8Array(idx.groupCount);
    const extras = EXTRAS.map((f) => idx.flags.get(f)!);
    for (let g = 0; g < idx.groupCount; g++) {
      const first = idx.groupMembers[idx.groupStart[g]!]!;
      groupLoose.push(loose(idx.names[first]!));
      if (extras.some((b) => b.has(first))) extraGroup[g] = 1;
    }
    const derived = { groupLoose, extraGroup };
    derivedOf.set(idx, derived);
    return derived;
  }

  /** The preferred printing of a group, optionally in one set. */
  function printingOf(idx: CardIndex, g: number, set?: string): number | undefined {
    for (let k = idx.groupStart[g]!; k < idx.groupStart[g + 1]!; k++) {
      const i = idx.groupMembers[k]!;
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

  function fuzzyGroups(idx: CardIndex, name: string, set?: string): number[] {
    const c = compact(name);
    if (!c) return [];
    const inSet = (gs: number[]) => gs.filter((g) => printingOf(idx, g, set) !== undefined);
    const exact = idx.compactNames.indexOf(c);
    if (exact >= 0) {
      const gs = preferReal(idx, inSet(idx.compactGroups[exact]!));
      if (gs.length) return gs;
    }
    if (c.length >= 3) {
      // Part of a name ("jace bele", "time raveler"): starts-with beats contains.
      const starts = new Set<number>();
      const contains = new Set<number>();
      const words = loose(name).split(' ').filter(Boolean);
      idx.compactNames.forEach((cn, k) => {
        if (cn.startsWith(c)) for (const g of idx.compactGroups[k]!) starts.add(g);
        else if (cn.includes(c)) for (const g of idx.compactGroups[k]!) contains.add(g);
      });
      if (words.length > 1) {
        // Every word a prefix of a word of the name, in order ("jac bel" -> "Jace Beleren").
        const d = derive(idx);
        for (let g = 0; g < idx.groupCount; g++) {
          const nw = d.groupLoose[g]!.split(' ');
          let w = 0;
          for (const word of nw) if (w < words.length && word.startsWith(words[w]!)) w++;
          if (w === words.length) contains.add(g);
        }
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
      const gs = inSet(idx.compactGroups[k]!);
      if (!gs.length) return;
      if (d < best) {
        best = d;
        found = [...gs];
      } else if (d === best) found.push(...gs.filter((g) => !found.includes(g)));
    });
    return preferReal(idx, found);
  }

  return {
    get checkIntervalMs(): number {
      return checkIntervalMs;
    },
    set checkIntervalMs(ms: number) {
      checkIntervalMs = ms;
    },
    /** How long the last index build took, in ms (for logs and benchmarks). */
    get lastBuildMs(): number {
      return lastBuildMs;
    },

    /** The current index, building it first if needed. */
    index,

    /** Forces a rebuild now (tests, benchmarks). */
    async rebuild(): Promise<CardIndex> {
      epoch += 1;
      mustWait = true;
      return index();
    },

    /** Called after an import in this process: the next search waits for the new data. */
    invalidate(): void {
      epoch += 1;
      mustWait = true;
      // Start now if this process serves searches; a CLI import never builds one.
      if (current && !building) rebuild().catch(() => undefined);
    },

    async search(params: SearchParams): Promise<SearchPage> {
      const query = parseOrThrow(params.q);
      try {
        assertNoCollectionTerms(query);
      } catch (err) {
        throw err instanceof SearchParseError ? queryError(err) : err;
      }
      const order: Order = query.order ?? params.order ?? 'name';
      const unique: Unique = query.unique ?? params.unique ?? 'cards';
      const dirOpt = query.dir ?? params.dir ?? 'auto';
      const dir = dirOpt === 'auto' ? (AUTO_DIR[order] ?? 'asc') : dirOpt;
      const idx = await index();
      let bits: Bitset;
      try {
        // English printings only unless the query names a language (Scryfall's default).
        bits = evaluate(idx, query.root, query.mentionsLang ? undefined : idx.defaultLang);
      } catch (err) {
        throw err instanceof SearchParseError ? queryError(err) : err;
      }
      if (unique !== 'prints') keepPreferred(idx, bits, unique === 'cards' ? idx.group : idx.art, unique === 'cards' ? idx.groupCount : idx.size);
      const total = bits.count();
      const perm = idx.orders.get(order)![dir];
      const sortKey = `cards:${order}:${dir}:${unique}:${hash(params.q)}`;
      let start = 0;
      if (params.cursor) {
        const [generation, pos, lastId] = decodeCursor(params.cursor, sortKey, 3);
        if (generation === idx.generation && typeof pos === 'number' && perm[pos] !== undefined && idx.ids[perm[pos]!] === lastId) {
          start = pos + 1;
        } else {
          // The index was rebuilt since this page: continue after the same card.
          const i = typeof lastId === 'string' ? idx.byId.get(lastId) : undefined;
          const at = i === undefined ? -1 : perm.indexOf(i);
          if (at < 0) {
            throw Errors.validation([{ field: 'cursor', code: 'invalid_cursor', message: 'the card data changed since this page; start again without a cursor' }]);
          }
          start = at + 1;
        }
      }
      const ids: string[] = [];
      let lastPos = -1;
      let more = false;
      if (total * 64 < idx.size) {
        // Few matches: sort them by their place in the order instead of walking all of it.
        const rank = rankOf(idx, order, dir);
        const hits: number[] = [];
        bits.forEach((i) => {
          if (rank[i]! >= start) hits.push(i);
        });
        hits.sort((a, b) => rank[a]! - rank[b]!);
        for (const i of hits.slice(0, params.limit)) {
          ids.push(idx.ids[i]!);
          lastPos = rank[i]!;
        }
        more = hits.length > params.limit;
      } else {
        let p = start;
        for (; p < perm.length && ids.length < params.limit; p++) {
          const i = perm[p]!;
          if (bits.has(i)) {
            ids.push(idx.ids[i]!);
            lastPos = p;
          }
        }
        for (; p < perm.length; p++) {
          if (bits.has(perm[p]!)) {
            more = true;
            break;
          }
        }
      }
      const next_cursor = more && lastPos >= 0 ? encodeCursor(sortKey, [idx.generation, lastPos, ids[ids.length - 1]!]) : null;
      return { ids, generation: idx.generation, total, next_cursor, order, dir, unique };
    },

    /** Ids of every printing the query matches (all languages). Collection-only keywords are an invalid_query. */
    async matchingCardIds(q: string): Promise<Set<string>> {
      const query = parseOrThrow(q);
      const idx = await index();
      try {
        assertNoCollectionTerms(query);
        const out = new Set<string>();
        evaluate(idx, query.root).forEach((i) => out.add(idx.ids[i]!));
        return out;
      } catch (err) {
        throw err instanceof SearchParseError ? queryError(err) : err;
      }
    },

    /**
     * A predicate over collection entries for `GET /collection?q=`: the card-search
     * syntax plus binder:, condition:, finish:, is:foil|nonfoil|etched (the entry's
     * finish) and qty. Throws invalid_query (400) on a bad query.
     */
    async entryMatcher(q: string): Promise<EntryPredicate> {
      const query = parseOrThrow(q);
      const idx = await index();
      try {
        return compileEntryPredicate(idx, query);
      } catch (err) {
        throw err instanceof SearchParseError ? queryError(err) : err;
      }
    },

    /** GET /cards/named: the preferred printing's id. */
    async named(input: { exact?: string; fuzzy?: string; set?: string }): Promise<string> {
      const idx = await index();
      const set = input.set?.toLowerCase();
      const text = input.exact ?? input.fuzzy ?? '';
      const groups = input.exact !== undefined ? exactGroups(idx, input.exact, set) : fuzzyGroups(idx, text, set);
      if (groups.length === 0) throw Errors.notFound('card with that name');
      if (groups.length > 1 && input.exact === undefined) throw ambiguous(text);
      const i = printingOf(idx, groups[0]!, set)!;
      return idx.ids[i]!;
    },

    /** Up to 20 card names for a partial name: starts-with first, then word starts, then anywhere. */
    async autocomplete(q: string): Promise<string[]> {
      const needle = loose(q);
      if (needle.length < 2) return [];
      const idx = await index();
      const d = derive(idx);
      const tiers: Array<Set<string>> = [new Set(), new Set(), new Set()];
      for (let g = 0; g < idx.groupCount; g++) {
        if (d.extraGroup[g]) continue;
        const name = d.groupLoose[g]!;
        const at = name.indexOf(needle);
        if (at < 0) continue;
        const display = idx.names[idx.groupMembers[idx.groupStart[g]!]!]!;
        tiers[at === 0 ? 0 : name[at - 1] === ' ' ? 1 : 2]!.add(display);
      }
      const out: string[] = [];
      for (const tier of tiers) {
        for (const n of [...tier].sort((a, b) => (fold(a) < fold(b) ? -1 : 1))) {
          if (out.length >= 20) return out;
          out.push(n);
        }
      }
      return out;
    },

    /** POST /cards/collection: the printing id for each identifier, or undefined for a miss. */
    async resolve(identifiers: CardIdentifier[]): Promise<Array<string | undefined>> {
      const idx = await index();
      const prefRank = idx.preferenceRank;
      const preferred = (list: number[] | undefined) => {
        if (!list || list.length === 0) return undefined;
        return list.reduce((best, i) => (prefRank[i]! < prefRank[best]! ? i : best));
      };
      return identifiers.map((ident) => {
        let i: number | undefined;
        const set = ident.set?.toLowerCase();
        if (ident.id !== undefined) i = idx.byId.get(ident.id);
        else if (ident.mtgo_id !== undefined) i = idx.byMtgo.get(ident.mtgo_id);
        else if (ident.multiverse_id !== undefined) i = idx.byMultiverse.get(ident.multiverse_id);
        else if (ident.oracle_id !== undefined) {
          const g = idx.oracleGroup.get(ident.oracle_id);
          i = g === undefined ? undefined : printingOf(idx, g);
        } else if (ident.illustration_id !== undefined) i = preferred(idx.byIllustration.get(ident.illustration_id));
        else if (ident.collector_number !== undefined && set) i = idx.bySetNumber.get(`${set}\u0000${ident.collector_number.toLowerCase()}`);
        else if (ident.name !== undefined) {
          let gs = exactGroups(idx, ident.name, set);
          if (gs.length === 0) gs = fuzzyGroups(idx, ident.name, set);
          if (gs.length === 1 || (gs.length > 1 && exactGroups(idx, ident.name, set).length > 0)) i = printingOf(idx, gs[0]!, set);
        }
        return i === undefined ? undefined : idx.ids[i];
      });
    },
  };
}

export type CardSearch = ReturnType<typeof createCardSearch>;
