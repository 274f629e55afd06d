/** Card indexes built from the real demo cards (and extra card objects), as the importer stores them. */
import fs from 'node:fs';
import path from 'node:path';
import { toCardRow } from '../../src/cards/import.js';
import { IndexBuilder } from '../../src/cards/search/builder.js';
import { searchFacts } from '../../src/cards/search/facts.js';
import type { CardIndex, IndexSetRow } from '../../src/cards/search/index.js';
import { parseQuery, SearchParseError } from '../../src/cards/search/parser.js';

export const DEMO_FILE = path.resolve(import.meta.dirname, '../../demo-data/cards/default-cards.json');

export function demoCards(): Array<Record<string, unknown>> {
  return JSON.parse(fs.readFileSync(DEMO_FILE, 'utf8')) as Array<Record<string, unknown>>;
}

/** An index of Scryfall card objects, built from the facts the importer stores (not the whole JSON). */
export function indexOf(cards: Array<Record<string, unknown>>): CardIndex {
  const builder = new IndexBuilder();
  const sets = new Map<string, IndexSetRow>();
  for (const c of cards) {
    const row = toCardRow(c, '2019-08-04T00:00:00.000Z');
    if (!row) continue;
    builder.addFacts(searchFacts(row, c, row.updated_at));
    if (!sets.has(row.set_code)) sets.set(row.set_code, { code: row.set_code, name: row.set_name, set_type: null, released_at: row.released_at, card_count: 0 });
  }
  return builder.finish([...sets.values()], 'test');
}

/** The SearchParseError a query raises; fails the test when it parses. */
export function parseError(q: string): SearchParseError {
  try {
    parseQuery(q);
  } catch (err) {
    if (err instanceof SearchParseError) return err;
    throw err;
  }
  throw new Error(`expected "${q}" not to parse`);
}

let reprints = 0;
/**
 * Another printing of a real card: its record with a new printing id (same oracle id) and
 * `fields` changed, for cases the demo data has no example of (a reprint with other
 * prices, another language, a variation...).
 */
export function reprintOf(card: Record<string, unknown>, fields: Record<string, unknown>): Record<string, unknown> {
  reprints += 1;
  return { ...structuredClone(card), id: `e2e2e2e2-0000-4000-8000-${String(reprints).padStart(12, '0')}`, ...fields };
}

/** The demo card with this name (and set, when given). */
export function demoCard(cards: Array<Record<string, unknown>>, name: string, set?: string): Record<string, unknown> {
  const card = cards.find((c) => c.name === name && (set === undefined || c.set === set));
  if (!card) throw new Error(`no demo card ${name}${set ? ` in ${set}` : ''}`);
  return card;
}
