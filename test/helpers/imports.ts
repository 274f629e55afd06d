import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CardSummary } from '../../src/cards/schemas.js';
import type { CollectionEntry } from '../../src/collection/schemas.js';
import type { CollectionExportFormat } from '../../src/exports/formats/index.js';
import { DECKBOX_FLAGS, MANABOX_FLAGS, MOXFIELD_FLAGS, type FlagColumn, type FlagTag } from '../../src/formats/flags.js';
import { createMemoryLookup, matchItems, openImport, planImport, type CardLookup, type CardRecord, type ImportFormat, type ImportPlan, type MatchResult, type OpenOptions, type ReadItem } from '../../src/imports/index.js';
import type { PlanOptions } from '../../src/imports/plan.js';

const ROOT = join(import.meta.dirname, '..', '..');
export const FIXTURES = join(ROOT, 'test', 'fixtures', 'imports');

export interface DemoCard extends CardRecord {
  oracle_id: string | null;
  rarity: string;
  layout: string;
  mtgo_id: number | null;
  prices: CardSummary['prices'];
}

let cached: DemoCard[] | undefined;

/** The demo card database (demo-data/cards/default-cards.json) as matching sees it. */
export function demoCards(): DemoCard[] {
  cached ??= (JSON.parse(readFileSync(join(ROOT, 'demo-data', 'cards', 'default-cards.json'), 'utf8')) as Array<Record<string, unknown>>).map((c) => ({
    id: c.id as string,
    oracle_id: (c.oracle_id as string | undefined) ?? null,
    name: c.name as string,
    set: c.set as string,
    set_name: c.set_name as string,
    collector_number: c.collector_number as string,
    lang: c.lang as string,
    finishes: c.finishes as string[],
    rarity: c.rarity as string,
    layout: c.layout as string,
    mtgo_id: (c.mtgo_id as number | undefined) ?? null,
    prices: { usd: null, usd_foil: null, usd_etched: null, eur: null, eur_foil: null, tix: null, ...(c.prices as object) },
  }));
  return cached;
}

export function demoLookup(): CardLookup {
  return createMemoryLookup(demoCards());
}

export function demoCard(name: string, set?: string, collectorNumber?: string): DemoCard {
  const card = demoCards().find((c) => c.name === name && (!set || c.set === set) && (!collectorNumber || c.collector_number === collectorNumber));
  if (!card) throw new Error(`no demo card ${name} ${set ?? ''} ${collectorNumber ?? ''}`);
  return card;
}

let ids = 0;

/** A collection entry as the API shows it, for a demo card. */
export function entryOf(card: DemoCard, fields: Partial<CollectionEntry> = {}): CollectionEntry {
  ids++;
  return {
    id: `0190d0c0-0000-7000-8000-${String(ids).padStart(12, '0')}`,
    card_id: card.id,
    card: {
      id: card.id,
      oracle_id: card.oracle_id,
      name: card.name,
      set: card.set,
      set_name: card.set_name,
      collector_number: card.collector_number,
      rarity: card.rarity,
      lang: card.lang,
      image_uris: null,
      prices: card.prices,
    },
    quantity: 1,
    condition: 'near_mint',
    finish: card.finishes[0] ?? 'nonfoil',
    language: card.lang,
    binder_id: null,
    purchase_price: null,
    value: null,
    tags: [],
    notes: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-02T11:22:33.456Z',
    ...fields,
  };
}

export async function* asyncOf<T>(items: Iterable<T>): AsyncGenerator<T> {
  for (const item of items) yield item;
}

export async function collectText(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const c of chunks) text += c;
  return text;
}

export async function collectAll<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** The bytes of `text` in chunks of `size` (a request body arriving in pieces). */
export async function* chunked(data: string | Uint8Array, size = 7): AsyncGenerator<Uint8Array> {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

export function fixture(name: string): Buffer {
  return readFileSync(join(FIXTURES, name));
}

export async function readItems(source: Parameters<typeof openImport>[0], options?: OpenOptions): Promise<{ format: string; items: ReadItem[] }> {
  const opened = await openImport(source, options);
  return { format: opened.format, items: await collectAll(opened.items) };
}

/** Reads, matches against the demo cards and plans: what `POST /imports?mode=dry_run` will do. */
export async function importDemo(
  source: Parameters<typeof openImport>[0],
  options: OpenOptions & Partial<Omit<PlanOptions, 'format'>> = {},
): Promise<ImportPlan & { results: MatchResult[] }> {
  const opened = await openImport(source, options);
  const results = await collectAll(matchItems(opened.items, demoLookup()));
  const plan = planImport(results, { format: opened.format, existing: options.existing ?? new Set(), ...(options.binderId !== undefined ? { binderId: options.binderId } : {}) });
  return { ...plan, results };
}

const flagTags = (columns: readonly FlagColumn[]): FlagTag[] => columns.map((f) => f.tag);

/**
 * What each collection export format carries of an entry, and which importer reads it back: our formats all of it; the apps no
 * binder, tags or notes but the tags their flag columns hold (in the order of those columns); Deckbox no price.
 */
export const CARRIES: Record<CollectionExportFormat, { binder: boolean; extras: boolean; price: boolean; flags: readonly FlagTag[]; reads: ImportFormat }> = {
  json: { binder: true, extras: true, price: true, flags: [], reads: 'json' },
  csv: { binder: true, extras: true, price: true, flags: [], reads: 'csv' },
  moxfield_csv: { binder: false, extras: false, price: true, flags: flagTags(MOXFIELD_FLAGS), reads: 'moxfield' },
  // Our ManaBox header is the single-binder one, without Signed.
  manabox_csv: { binder: false, extras: false, price: true, flags: flagTags(MANABOX_FLAGS).filter((t) => t !== 'signed'), reads: 'manabox' },
  archidekt_csv: { binder: false, extras: false, price: true, flags: [], reads: 'archidekt' },
  deckbox_csv: { binder: false, extras: false, price: false, flags: flagTags(DECKBOX_FLAGS), reads: 'deckbox' },
};

/** The fields of an entry a round trip compares. */
export interface EntryLike {
  card_id: string;
  finish: string;
  condition: string;
  language: string;
  quantity: number;
  binder_id: string | null;
  purchase_price: string | null;
  tags: string[];
  notes: string | null;
}

/** An entry as it comes back after an export in `format` and an import of that file. */
export function carried(format: CollectionExportFormat, e: EntryLike): EntryLike {
  const c = CARRIES[format];
  return {
    card_id: e.card_id,
    finish: e.finish,
    condition: e.condition,
    language: e.language,
    quantity: e.quantity,
    binder_id: c.binder ? e.binder_id : null,
    purchase_price: c.price ? e.purchase_price : null,
    tags: c.extras ? e.tags : c.flags.filter((t) => e.tags.includes(t)),
    notes: c.extras ? e.notes : null,
  };
}
