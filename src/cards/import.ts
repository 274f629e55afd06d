import type { StatisticsRefresher } from '../db/statistics.js';
import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Database } from '../db/database.js';
import type { CardImportStagingTable, CardRow, Executor } from '../db/schema.js';
import { writeTransaction } from '../db/transaction.js';
import type { Clock } from '../lib/clock.js';
import { isCalendarDay } from '../lib/day.js';
import { isUuid, newId } from '../lib/ids.js';
import { toCents } from '../lib/money.js';
import { shapeCard } from './feed-shape.js';
import type { ImportStore, RulingRow } from './import-store.js';
import type { PriceMoveListener } from './prices.js';
import { searchFacts } from './search/facts.js';
import { JsonArrayError, jsonArrayElements } from './json-array.js';
import { openCardSource, SourceError, type CardSource } from './source.js';

export interface ImportProgress {
  phase: 'cards' | 'rulings' | 'swap' | 'done';
  /** Objects read so far in this phase. */
  count: number;
  /** Raw bytes read and the total when known (a file's size, a download's Content-Length). */
  bytes: number;
  totalBytes?: number;
}

export interface ImportOptions {
  /** Path or http(s) URL of a Scryfall bulk file (default_cards, all_cards, oracle_cards; rulings are recognised too). */
  file?: string;
  /** Path or URL of Scryfall's rulings bulk file. */
  rulings?: string;
  /** YYYY-MM-DD the prices are valid for (default: the bulk-data object's updated_at, else today). */
  asOf?: string;
  progress?: (p: ImportProgress) => void;
  /** Cards staged per write; also how often progress is reported. */
  batchSize?: number;
}

export interface ImportSummary {
  cards: { total: number; inserted: number; updated: number };
  rulings: { total: number; inserted: number };
  sets: number;
  /** Price points written for `asOf`. */
  prices: number;
  asOf: string;
  alerts: { triggered: number; rearmed: number };
  /** Records left out: not an object, or a card without a Scryfall id (a UUID), a name or a set; a ruling without its fields. */
  skipped: number;
  /** Extra copies of printings the file lists more than once (a printing listed three times counts 2); the last copy of each is imported. */
  duplicates: number;
  ms: number;
}

export class ImportError extends Error {}

interface ScryfallCard {
  object?: unknown;
  id?: unknown;
  oracle_id?: unknown;
  name?: unknown;
  lang?: unknown;
  set?: unknown;
  set_name?: unknown;
  set_type?: unknown;
  collector_number?: unknown;
  rarity?: unknown;
  layout?: unknown;
  released_at?: unknown;
  finishes?: unknown;
  foil?: unknown;
  nonfoil?: unknown;
  prices?: Record<string, unknown>;
  card_faces?: Array<{ oracle_id?: unknown; name?: unknown }>;
}

interface ScryfallRuling {
  object?: unknown;
  oracle_id?: unknown;
  source?: unknown;
  published_at?: unknown;
  comment?: unknown;
}

const s = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * The UTC day of a bulk-data object's `updated_at` (prices are dated by UTC days): a time with
 * an offset is moved to UTC first ("2019-08-09T23:30:00-05:00" is the 10th), one without is
 * taken as written; undefined when it names no day.
 */
export function utcDayOf(updatedAt: string): string | undefined {
  if (/T.*(Z|[+-]\d\d:?\d\d)$/i.test(updatedAt)) {
    const t = Date.parse(updatedAt);
    return Number.isFinite(t) ? new Date(t).toISOString().slice(0, 10) : undefined;
  }
  const day = updatedAt.slice(0, 10);
  return isCalendarDay(day) ? day : undefined;
}

function price(prices: Record<string, unknown> | undefined, key: string): number | null {
  const v = prices?.[key];
  return typeof v === 'string' ? toCents(v) : null;
}

/** Maps one Scryfall card object to a row; undefined for objects that are not cards. */
export function toCardRow(card: ScryfallCard, at: string, text?: string): CardRow | undefined {
  const id = s(card.id);
  const name = s(card.name);
  const set = s(card.set);
  // Card ids are Scryfall's UUIDs (contract section 1): another id could never be asked for.
  if (!id || !isUuid(id) || !name || !set || (card.object !== undefined && card.object !== 'card')) return undefined;
  const finishes = Array.isArray(card.finishes) ? card.finishes.filter((f): f is string => typeof f === 'string') : [];
  if (finishes.length === 0) {
    if (card.nonfoil !== false) finishes.push('nonfoil');
    if (card.foil === true) finishes.push('foil');
  }
  return {
    id,
    // Reversible cards keep their oracle id on the faces only.
    oracle_id: s(card.oracle_id) ?? s(card.card_faces?.[0]?.oracle_id),
    name,
    lang: s(card.lang) ?? 'en',
    set_code: set.toLowerCase(),
    set_name: s(card.set_name) ?? set.toUpperCase(),
    collector_number: s(card.collector_number) ?? '',
    rarity: s(card.rarity) ?? 'common',
    layout: s(card.layout) ?? 'normal',
    released_at: s(card.released_at),
    finishes: JSON.stringify(finishes),
    price_usd: price(card.prices, 'usd'),
    price_usd_foil: price(card.prices, 'usd_foil'),
    price_usd_etched: price(card.prices, 'usd_etched'),
    price_eur: price(card.prices, 'eur'),
    price_eur_foil: price(card.prices, 'eur_foil'),
    price_tix: price(card.prices, 'tix'),
    data: text ?? JSON.stringify(card),
    updated_at: at,
  };
}

function toRulingRow(r: ScryfallRuling): RulingRow | undefined {
  const oracle_id = s(r.oracle_id);
  const published_at = s(r.published_at);
  const comment = s(r.comment);
  if (!oracle_id || !published_at || !comment) return undefined;
  const id = createHash('sha256').update(`${oracle_id}\u0000${published_at}\u0000${comment}`).digest('hex').slice(0, 32);
  return { id, oracle_id, source: s(r.source) ?? 'wotc', published_at, comment };
}

function incomplete(label: string, err: unknown): ImportError {
  const detail = err instanceof JsonArrayError || err instanceof Error ? err.message : String(err);
  return new ImportError(`${label} is not a complete Scryfall bulk JSON array: ${detail}`);
}

/**
 * Imports Scryfall bulk files, streamed and never held whole.
 *
 * Cards go to a staging table in small transactions while the file streams; only
 * when the whole file has parsed does one short transaction swap them into
 * `cards`, write the day's price points, fire price alerts and bump
 * `cards_version`. A malformed or truncated file therefore fails before anything
 * visible changes, and other writers are never blocked for the length of a download.
 * Re-importing updates cards in place; cards missing from a later file are kept.
 */
export interface CardImporter {
  run(options: ImportOptions): Promise<ImportSummary>;
}

export interface CardImporterDeps {
  database: Database;
  clock: Clock;
  store: (executor: Executor) => ImportStore;
  /** This process's search index, rebuilt after an import. */
  search: { invalidate(version?: string): void };
  priceAlerts: PriceMoveListener;
  /** Refreshes PostgreSQL's statistics of the tables an import filled, once it has committed. */
  statistics?: StatisticsRefresher;
}

/** Runs an import with the importer the service is wired with (`ctx.cardImporter`). */
export function importCards(app: { cardImporter: CardImporter }, options: ImportOptions): Promise<ImportSummary> {
  return app.cardImporter.run(options);
}

export function createCardImporter(deps: CardImporterDeps): CardImporter {
  return { run: (options) => runImport(deps, options) };
}

async function runImport(deps: CardImporterDeps, options: ImportOptions): Promise<ImportSummary> {
  const started = Date.now();
  const now = deps.clock.now();
  const at = now.toISOString();
  const batchSize = options.batchSize ?? 1000;
  const progress = options.progress ?? (() => undefined);
  // The swap of a full Scryfall file runs longer than a request may wait on the database.
  const store = deps.store(deps.database.bulk);
  const importId = newId();
  if (options.asOf !== undefined && !isCalendarDay(options.asOf)) throw new ImportError('--as-of must be a date, YYYY-MM-DD');

  const summary: ImportSummary = {
    cards: { total: 0, inserted: 0, updated: 0 },
    rulings: { total: 0, inserted: 0 },
    sets: 0,
    prices: 0,
    asOf: options.asOf ?? at.slice(0, 10),
    alerts: { triggered: 0, rearmed: 0 },
    skipped: 0,
    duplicates: 0,
    ms: 0,
  };
  const rulings = new Map<string, RulingRow>();
  let staged = 0;

  const read = async (source: CardSource, kind: 'cards' | 'rulings') => {
    let batch: Array<Insertable<CardImportStagingTable>> = [];
    let count = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const rows = batch;
      batch = [];
      await writeTransaction(deps.database, (trx) => deps.store(trx).stage(rows), { bulk: true });
      staged += rows.length;
    };
    try {
      for await (const { value: item, text } of jsonArrayElements(source.chunks)) {
        count++;
        // The reader refuses anything but objects; kept as a guard.
        if (item === null || typeof item !== 'object') continue;
        const object = (item as { object?: unknown }).object;
        // A rulings file may be given as the main file, and vice versa: each object says what it is.
        if (object === 'ruling' || (kind === 'rulings' && object === undefined)) {
          const r = toRulingRow(item as ScryfallRuling);
          if (r) rulings.set(r.id, r);
          else summary.skipped++;
        } else {
          // A nested field of the wrong shape is mended, and the object stored as mended.
          const row = toCardRow(item as ScryfallCard, at, shapeCard(item as Record<string, unknown>) ? undefined : text);
          if (!row) summary.skipped++;
          if (row) batch.push({ ...row, import_id: importId, set_type: s((item as ScryfallCard).set_type), facts: searchFacts(row, item as Record<string, unknown>, at) });
          if (batch.length >= batchSize) await flush();
        }
        if (count % batchSize === 0) progress({ phase: kind, count, bytes: source.bytesRead(), totalBytes: source.totalBytes });
      }
      await flush();
      progress({ phase: kind, count, bytes: source.bytesRead(), totalBytes: source.totalBytes });
    } catch (err) {
      if (err instanceof ImportError) throw err;
      throw incomplete(source.label, err);
    }
  };

  try {
    // Leftovers of imports that were killed mid-way.
    await store.dropStaleStaging(new Date(now.getTime() - 24 * 3600_000).toISOString());
    for (const [location, kind] of [[options.file, 'cards'], [options.rulings, 'rulings']] as const) {
      if (!location) continue;
      let source: CardSource;
      try {
        source = await openCardSource(location);
      } catch (err) {
        throw new ImportError(err instanceof SourceError ? err.message : String(err));
      }
      const updatedDay = kind === 'cards' && options.asOf === undefined && source.updatedAt ? utcDayOf(source.updatedAt) : undefined;
      if (updatedDay !== undefined) summary.asOf = updatedDay;
      await read(source, kind);
    }

    // Nothing to put in: an import would only move the cards version (and empty every cache) for
    // a file that is not card data at all, and a scheduled refresh would report success.
    if (staged === 0 && rulings.size === 0) {
      throw new ImportError(
        summary.skipped > 0
          ? `the file holds no card or ruling the service can use (${summary.skipped} record(s) skipped: a card needs a Scryfall id, a name and a set; a ruling an oracle id, a date and a comment)`
          : 'the file holds no cards or rulings (an empty list)',
      );
    }
    progress({ phase: 'swap', count: staged, bytes: 0 });
    const version = newId();
    await writeTransaction(deps.database, async (trx) => {
      const tx = deps.store(trx);
      if (staged > 0) {
        const counts = await tx.countStaged(importId);
        summary.cards = { total: counts.total, inserted: counts.fresh, updated: counts.total - counts.fresh };
        summary.duplicates = staged - counts.total;
        const alerts = await tx.alertsOnStaged(importId, summary.asOf);
        await tx.swapIntoCards(importId);
        await tx.swapFacts(importId);
        summary.prices = await tx.recordPrices(importId, summary.asOf);
        await tx.recordPricesAsOf(importId, summary.asOf);
        // Fired now, not when the import began: an alert made during a long import never fires before it existed.
        summary.alerts = await deps.priceAlerts.applyPriceMoves(trx, alerts, deps.clock.now());
        summary.sets = await tx.upsertSets(importId, at);
      }
      if (rulings.size > 0) {
        summary.rulings = { total: rulings.size, inserted: await tx.insertRulings([...rulings.values()]) };
      }
      await tx.bumpCardsVersion(version);
    }, { bulk: true });
    // Before the slow clean-up below: this process's searches wait for the new data from now.
    deps.search.invalidate(version);
  } finally {
    // Outside the swap: the staged rows are dead either way, and deleting them is slow.
    await store.dropStaging(importId).catch(() => undefined);
  }
  if (staged > 0) await deps.statistics?.refresh(['cards', 'card_facts', 'card_prices']);
  summary.ms = Date.now() - started;
  progress({ phase: 'done', count: summary.cards.total, bytes: 0 });
  return summary;
}
