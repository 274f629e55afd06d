/**
 * The per-process card search engine: the index's lifecycle (`lifecycle.ts`) and the
 * queries answered from the current index: search pages (`paging.ts`), name lookups
 * (`names.ts`) and the collection's entry filter (`matcher.ts`). Turns parse errors
 * into 400 invalid_query problems.
 */
import { type AppError, Errors } from '../../errors.js';
import { createIndexLifecycle, type IndexLifecycleOptions } from './lifecycle.js';
import { compileEntryPredicate, evaluate, type EntryPredicate } from './matcher.js';
import { autocomplete, namedPrinting, printingByNumber, resolveIdentifiers, type CardIdentifier } from './names.js';
import { randomResult, searchPage, type SearchPage, type SearchParams } from './paging.js';
import { setCardsOf, type SetCards } from './set-cards.js';
import { assertNoCollectionTerms, assertNoResultDirectives, everyCard, parseQuery, SearchParseError, type Query, type Unique } from './parser.js';
import { loose } from './text.js';

export type { CardIdentifier } from './names.js';
export type { SearchPage, SearchParams } from './paging.js';
export type { SetCards } from './set-cards.js';
export { ambiguous } from './names.js';

export function queryError(err: SearchParseError): AppError {
  return Errors.invalidQuery(err.message, { position: err.position, token: err.token });
}

/** Runs `fn`, turning a SearchParseError into the 400 invalid_query it stands for. */
function asInvalidQuery<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw err instanceof SearchParseError ? queryError(err) : err;
  }
}

function parseOrThrow(q: string): Query {
  return asInvalidQuery(() => parseQuery(q));
}

export type CardSearchOptions = IndexLifecycleOptions;

export function createCardSearch(opts: CardSearchOptions) {
  const lifecycle = createIndexLifecycle(opts);
  const index = lifecycle.index;

  return {
    get checkIntervalMs(): number {
      return lifecycle.checkIntervalMs;
    },
    set checkIntervalMs(ms: number) {
      lifecycle.checkIntervalMs = ms;
    },
    /** How long the last index build took, in ms (for logs and benchmarks). */
    get lastBuildMs(): number {
      return lifecycle.lastBuildMs;
    },
    /** How often the last build let other work in. */
    get lastBuildPauses(): number {
      return lifecycle.lastBuildPauses;
    },
    /** The current index, building it first if needed. */
    index,
    /** Builds the first index now when there are cards (a serving process at start). */
    prepare: lifecycle.prepare,
    /** Forces a rebuild now (tests, benchmarks). */
    rebuild: lifecycle.rebuild,
    /** Called after an import in this process: the next search waits for the new data. */
    invalidate: lifecycle.invalidate,
    /** The `cards_version` the current index was built from (undefined before the first build). */
    get builtVersion(): string | undefined {
      return lifecycle.builtVersion;
    },
    /** Stops looking for other processes' imports (the process is closing). */
    stop: lifecycle.stop,

    async search(params: SearchParams): Promise<SearchPage> {
      const query = parseOrThrow(params.q);
      asInvalidQuery(() => assertNoCollectionTerms(query));
      const idx = await index();
      return asInvalidQuery(() => searchPage(idx, query, params));
    },

    /**
     * GET /cards/random: the id of one of the results the search would list, each as likely
     * (`random` in [0, 1)); without a query, of every card. Undefined when nothing matches.
     */
    async random(q: string | undefined, unique: Unique | undefined, random: () => number): Promise<string | undefined> {
      const query = q === undefined ? everyCard() : parseOrThrow(q);
      asInvalidQuery(() => assertNoCollectionTerms(query));
      const idx = await index();
      const i = asInvalidQuery(() => randomResult(idx, query, unique, random));
      return i === undefined ? undefined : idx.ids[i];
    },

    /** Ids of every printing the query matches (all languages). Collection-only keywords are an invalid_query. */
    async matchingCardIds(q: string): Promise<Set<string>> {
      const query = parseOrThrow(q);
      const idx = await index();
      return asInvalidQuery(() => {
        assertNoCollectionTerms(query);
        const out = new Set<string>();
        evaluate(idx, query.root).forEach((i) => {
          out.add(idx.ids[i] ?? '');
        });
        return out;
      });
    },

    /**
     * A predicate over collection entries for `GET /collection?q=`: the card-search
     * syntax plus binder:, condition:, finish:, is:foil|nonfoil|etched (the entry's
     * finish) and qty. Throws invalid_query (400) on a bad query.
     */
    async entryMatcher(q: string): Promise<EntryPredicate> {
      const query = parseOrThrow(q);
      asInvalidQuery(() => assertNoResultDirectives(query));
      const idx = await index();
      // Stamped with the index's version: another process's import leaves this process answering from the
      // previous data until its rebuild, and a cache keyed by the newer version must not keep those answers.
      return asInvalidQuery(() => Object.assign(compileEntryPredicate(idx, query), { cardsVersion: idx.version }));
    },

    /** GET /cards/named: the preferred printing's id. */
    async named(input: { exact?: string; fuzzy?: string; set?: string }): Promise<string> {
      return namedPrinting(await index(), input);
    },

    /** Up to 20 card names for a partial name: starts-with first, then word starts, then anywhere. Extras only with `includeExtras`. */
    async autocomplete(q: string, includeExtras = false): Promise<{ names: string[]; total: number }> {
      // Too short to complete: answered without waiting for an index.
      if (loose(q).length < 2) return { names: [], total: 0 };
      return autocomplete(await index(), q, includeExtras);
    },

    /** GET /cards/{set}/{number}[/{lang}]: the printing's id, or undefined. */
    async byNumber(set: string, number: string, lang?: string): Promise<string | undefined> {
      return printingByNumber(await index(), set, number, lang);
    },

    /** Each set's cards, one per collector number, by lower-case set code (a collection's set progress). */
    async setCards(): Promise<ReadonlyMap<string, SetCards>> {
      return setCardsOf(await index());
    },

    /** POST /cards/collection: the printing id for each identifier, or undefined for a miss. */
    async resolve(identifiers: CardIdentifier[]): Promise<Array<string | undefined>> {
      return resolveIdentifiers(await index(), identifiers);
    },
  };
}

export type CardSearch = ReturnType<typeof createCardSearch>;
