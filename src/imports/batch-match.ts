import type { CardRef } from '../cards/lookup.js';
import { LruCache } from '../lib/lru-cache.js';
import { collectorNumberVariants } from '../lib/collector-numbers.js';
import { matchRow, nameKey, nameKeysOf, setCodeVariants, type CardLookup, type CardRecord, type MatchResult } from './match.js';
import type { ImportRow } from './types.js';

/**
 * The card database as an import reads it: the cards feature's lean look-ups (`CardLookup.refs`)
 * and its version. Each call answers many keys in a few statements.
 */
export interface ImportCardSource {
  byIds(ids: readonly string[]): Promise<CardRef[]>;
  byPrintings(printings: ReadonlyArray<{ set: string; collectorNumber: string }>): Promise<CardRef[]>;
  byNames(names: readonly string[]): Promise<CardRef[]>;
  names(): Promise<string[]>;
  version(): Promise<string | undefined>;
}

/** Card names by `nameKey()` (the full name's and each face's), for one version of the card data. */
export type NameIndex = ReadonlyMap<string, readonly string[]>;

/**
 * Builds, and keeps per cards version, the index from folded names to the names stored:
 * "lim-duls vault" to "Lim-Dûl's Vault", "fire" to "Fire // Ice". The database finds
 * printings by exact name through its index; this is what lets a file's spelling reach it.
 * Built on the first import that needs a name (one read of the distinct names), shared by
 * every import in the process until a card import moves the version.
 */
export function createNameIndexes(source: Pick<ImportCardSource, 'names'>) {
  let cached: { version: string; index: Promise<NameIndex> } | undefined;
  return {
    forVersion(version: string): Promise<NameIndex> {
      if (cached?.version !== version) {
        const index = build(source);
        cached = { version, index };
        // A failed read is not kept: the next import tries again.
        index.catch(() => {
          if (cached?.index === index) cached = undefined;
        });
      }
      return cached.index;
    },
  };
}

export type NameIndexes = ReturnType<typeof createNameIndexes>;

/**
 * The stored names each written name may mean, folded as an import row's name is (a decklist
 * line's "Lim-Dul's Vault" is "Lim-Dûl's Vault"; a face's name means the whole card's).
 */
export async function storedNamesOf(indexes: NameIndexes, version: string, names: readonly string[]): Promise<Map<string, readonly string[]>> {
  const index = await indexes.forVersion(version);
  return new Map(
    names.map((n) => {
      const key = nameKey(n);
      const stored = index.get(key) ?? [];
      // A card whose whole name folds to it before one whose face does, as exact names are looked up.
      const whole = stored.filter((s) => nameKey(s) === key);
      return [n, whole.length > 0 ? whole : stored];
    }),
  );
}

async function build(source: Pick<ImportCardSource, 'names'>): Promise<NameIndex> {
  const index = new Map<string, string[]>();
  for (const name of await source.names()) {
    for (const key of nameKeysOf(name)) {
      const names = index.get(key);
      if (names) names.push(name);
      else index.set(key, [name]);
    }
  }
  return index;
}

/** Asked of the batch's look-up for a key nobody fetched yet: the row is matched again once it is. */
class NotFetched extends Error {
  constructor(
    readonly kind: 'id' | 'printing' | 'name',
    readonly key: string,
  ) {
    super(`${kind} ${key} not fetched`);
  }
}

function toRecord(r: CardRef): CardRecord {
  const parsed: unknown = JSON.parse(r.finishes);
  const finishes = Array.isArray(parsed) ? parsed.filter((f): f is string => typeof f === 'string') : [];
  return { id: r.id, name: r.name, set: r.set_code, set_name: r.set_name, collector_number: r.collector_number, lang: r.lang, finishes };
}

const COLLECTOR_NUMBERS = new Intl.Collator('en', { numeric: true });

/**
 * The printing a row that says nothing more gets: the newest, then, within a release, the lowest
 * collector number in numeric order (the regular `119` before its `119★` alternate art, `9`
 * before `10`), as a name-only decklist line is read; the id only keeps the order stable.
 */
function byPreference(a: CardRef, b: CardRef): number {
  // Not a promo first (a later promo-pack printing is not what a name alone means, as `/cards/named` agrees).
  if (!!a.promo !== !!b.promo) return a.promo ? 1 : -1;
  const ra = a.released_at ?? '';
  const rb = b.released_at ?? '';
  if (ra !== rb) return ra < rb ? 1 : -1;
  return (
    a.set_code.localeCompare(b.set_code) ||
    COLLECTOR_NUMBERS.compare(a.collector_number, b.collector_number) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

const printingKey = (set: string, number: string) => `${set}\u0000${number}`;

/** The (set, number) pairs matching may ask for a row: every respelling of each. */
function printingsOf(row: ImportRow): Array<{ set: string; collectorNumber: string }> {
  if (!row.set || !row.collectorNumber) return [];
  const numbers = collectorNumberVariants(row.collectorNumber);
  return setCodeVariants(row.set).flatMap((set) => numbers.map((collectorNumber) => ({ set, collectorNumber })));
}

export interface BatchMatcherOptions {
  /** Name keys whose printings stay cached between batches (the same names recur through a file). */
  cachedNames?: number;
  /** Printings those cached names may hold in all. */
  cachedPrintings?: number;
}

/**
 * Matches an import's rows a batch at a time with a handful of statements per batch
 * instead of several per row. `matchRow` (pure) asks a look-up whose answers were
 * fetched for the whole batch: every Scryfall id and every (set, number) spelling up front;
 * a key nobody fetched (the names of rows that set and number did not settle) stops that
 * row's match, all such keys are fetched together, and those rows are matched again.
 * A row's questions are finite and each round answers some, so this ends, usually after
 * one round and at most a few.
 */
export function createBatchMatcher(source: ImportCardSource, names: NameIndex | (() => Promise<NameIndex>), options: BatchMatcherOptions = {}) {
  const nameCache = new LruCache<CardRecord[]>(options.cachedNames ?? 4_096, options.cachedPrintings ?? 100_000);
  let index: NameIndex | undefined = typeof names === 'function' ? undefined : names;
  const nameIndex = async () => {
    index ??= await (names as () => Promise<NameIndex>)();
    return index;
  };

  async function fetchNames(keys: readonly string[], into: Map<string, CardRecord[]>): Promise<void> {
    const idx = await nameIndex();
    const wanted = new Set(keys);
    const stored = [...new Set(keys.flatMap((k) => idx.get(k) ?? []))];
    const found = new Map<string, CardRecord[]>(keys.map((k) => [k, []]));
    const refs = stored.length ? await source.byNames(stored) : [];
    refs.sort(byPreference);
    for (const ref of refs) {
      const record = toRecord(ref);
      for (const key of nameKeysOf(ref.name)) if (wanted.has(key)) found.get(key)?.push(record);
    }
    for (const [key, records] of found) {
      into.set(key, records);
      nameCache.set(key, records, records.length + 1);
    }
  }

  return {
    async match(rows: readonly ImportRow[]): Promise<MatchResult[]> {
      const ids = new Map<string, CardRecord | null>();
      const printings = new Map<string, CardRecord[]>();
      const batchNames = new Map<string, CardRecord[]>();

      const fetchIds = async (wanted: readonly string[]) => {
        const fresh = [...new Set(wanted)].filter((id) => !ids.has(id));
        for (const id of fresh) ids.set(id, null);
        for (const ref of fresh.length ? await source.byIds(fresh) : []) ids.set(ref.id, toRecord(ref));
      };
      const fetchPrintings = async (wanted: ReadonlyArray<{ set: string; collectorNumber: string }>) => {
        const fresh = new Map<string, { set: string; collectorNumber: string }>();
        for (const p of wanted) {
          const key = printingKey(p.set, p.collectorNumber);
          if (!printings.has(key)) fresh.set(key, p);
        }
        for (const key of fresh.keys()) printings.set(key, []);
        const refs = fresh.size ? await source.byPrintings([...fresh.values()]) : [];
        refs.sort(byPreference);
        for (const ref of refs) printings.get(printingKey(ref.set_code, ref.collector_number))?.push(toRecord(ref));
      };
      const named = (key: string): CardRecord[] => {
        const hit = batchNames.get(key) ?? nameCache.get(key);
        if (!hit) throw new NotFetched('name', key);
        batchNames.set(key, hit);
        return hit;
      };
      const lookup: CardLookup = {
        byId(id) {
          const hit = ids.get(id);
          if (hit === undefined) throw new NotFetched('id', id);
          return hit ?? undefined;
        },
        bySetNumber(set, number) {
          const hit = printings.get(printingKey(set, number));
          if (!hit) throw new NotFetched('printing', printingKey(set, number));
          return hit;
        },
        byNameSet: (key, set) => named(key).filter((c) => c.set === set),
        byName: named,
      };

      await fetchIds(rows.flatMap((r) => (r.scryfallId ? [r.scryfallId] : [])));
      await fetchPrintings(rows.flatMap(printingsOf));

      const out: MatchResult[] = new Array(rows.length);
      let pending = rows.map((_, i) => i);
      for (let round = 0; pending.length > 0; round++) {
        if (round > 8) throw new Error('import matching asked for keys it was never given');
        const missing = { id: new Set<string>(), printing: new Map<string, { set: string; collectorNumber: string }>(), name: new Set<string>() };
        const next: number[] = [];
        for (const i of pending) {
          try {
            out[i] = await matchRow(rows[i] as ImportRow, lookup);
          } catch (err) {
            if (!(err instanceof NotFetched)) throw err;
            next.push(i);
            if (err.kind === 'id') missing.id.add(err.key);
            else if (err.kind === 'name') missing.name.add(err.key);
            else {
              const [set = '', collectorNumber = ''] = err.key.split('\u0000');
              missing.printing.set(err.key, { set, collectorNumber });
            }
          }
        }
        await fetchIds([...missing.id]);
        await fetchPrintings([...missing.printing.values()]);
        if (missing.name.size) await fetchNames([...missing.name], batchNames);
        pending = next;
      }
      return out;
    },
  };
}

export type BatchMatcher = ReturnType<typeof createBatchMatcher>;
