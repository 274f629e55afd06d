import type { CollectionEntry, Condition, Finish } from '../../collection/schemas.js';
import { ARCHIDEKT_COLUMNS, CCS_COLUMNS, DECKBOX_COLUMNS, MANABOX_COLUMNS, MOXFIELD_COLUMNS } from '../../formats/columns.js';
import { DECKBOX_FLAG_WORDS, DECKBOX_FLAGS, MANABOX_FLAGS, MOXFIELD_FLAGS, type FlagColumn } from '../../formats/flags.js';
import { CONDITION_WORDS, FINISH_WORDS, languageWord } from '../../formats/vocabulary.js';
import { coalesce, csvStream, type Cell } from './stream.js';

export const COLLECTION_EXPORT_FORMATS = ['json', 'csv', 'moxfield_csv', 'manabox_csv', 'deckbox_csv', 'archidekt_csv'] as const;
export type CollectionExportFormat = (typeof COLLECTION_EXPORT_FORMATS)[number];

/**
 * Writes a collection export. `entries` are the API's entry objects in the order they
 * should appear; they are pulled one at a time and written out in chunks, so the
 * caller can stream them from the database: nothing holds the whole file.
 */
export function writeCollection(
  format: CollectionExportFormat,
  entries: AsyncIterable<CollectionEntry>,
  context: { binderNames?: ReadonlyMap<string, string> } = {},
): AsyncGenerator<string> {
  switch (format) {
    case 'json':
      return coalesce(jsonDocument(entries));
    case 'csv':
      return csvStream(entries, CCS_COLUMNS, (e) => ccsRecord(e, context.binderNames));
    case 'moxfield_csv':
      return csvStream(entries, MOXFIELD_COLUMNS, moxfieldRecord, { quoteAll: true });
    case 'manabox_csv':
      return csvStream(entries, MANABOX_COLUMNS, manaboxRecord);
    case 'deckbox_csv':
      return csvStream(entries, DECKBOX_COLUMNS, deckboxRecord);
    case 'archidekt_csv':
      return csvStream(entries, ARCHIDEKT_COLUMNS, archidektRecord);
  }
}

/** `{"data":[...]}` with one entry per line: the API's envelope, readable by `jq` and by our importer. */
async function* jsonDocument(entries: AsyncIterable<CollectionEntry>): AsyncGenerator<string> {
  yield '{"data":[';
  let first = true;
  for await (const entry of entries) {
    yield (first ? '\n' : ',\n') + JSON.stringify(entry);
    first = false;
  }
  yield first ? ']}\n' : '\n]}\n';
}

const condition = (e: CollectionEntry) => e.condition as Condition;
const finish = (e: CollectionEntry) => e.finish as Finish;

/** Tags are `;`-separated in our CSV (a tag cannot hold a `;` there; the JSON export keeps any tag). */
export const TAG_SEPARATOR = ';';

/** `binderNames`: the user's binders by id, so the file names each entry's binder as well (an id means nothing in another account). */
function ccsRecord(e: CollectionEntry, binderNames?: ReadonlyMap<string, string>): Cell[] {
  return [
    e.id,
    e.card_id,
    e.card.name,
    e.card.set,
    e.card.collector_number,
    e.quantity,
    e.finish,
    e.condition,
    e.language,
    e.binder_id,
    e.purchase_price,
    e.tags.join(TAG_SEPARATOR),
    e.notes,
    e.card.set_name,
    e.card.rarity,
    e.value?.unit,
    e.value?.total,
    e.created_at,
    e.updated_at,
    e.binder_id === null ? null : (binderNames?.get(e.binder_id) ?? null),
  ];
}

/** Moxfield's "Last Modified": `2025-01-05 19:26:45.563000`, UTC without a zone. */
export function moxfieldTimestamp(iso: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?/.exec(iso);
  return m ? `${m[1]} ${m[2]}.${(m[3] ?? '').padEnd(6, '0')}` : '';
}

/** A flag column's cell from the entry's tags (src/formats/flags.ts): `column` as the app writes it, `yes`/`no` its words. */
function flagCell(e: CollectionEntry, flags: readonly FlagColumn[], column: string, yes: (f: FlagColumn) => string, no: string): string {
  const flag = flags.find((f) => f.column === column);
  return flag && e.tags.includes(flag.tag) ? yes(flag) : no;
}

function moxfieldRecord(e: CollectionEntry): Cell[] {
  return [
    e.quantity,
    0,
    e.card.name,
    e.card.set.toLowerCase(),
    CONDITION_WORDS.moxfield[condition(e)],
    languageWord(e.language, 'name'),
    FINISH_WORDS.moxfield[finish(e)],
    '',
    moxfieldTimestamp(e.updated_at),
    e.card.collector_number,
    flagCell(e, MOXFIELD_FLAGS, 'Alter', () => 'True', 'False'),
    'False',
    e.purchase_price,
  ];
}

function manaboxRecord(e: CollectionEntry): Cell[] {
  return [
    e.card.name,
    e.card.set.toUpperCase(),
    e.card.set_name,
    e.card.collector_number,
    FINISH_WORDS.manabox[finish(e)],
    e.card.rarity,
    e.quantity,
    '',
    e.card_id,
    e.purchase_price,
    flagCell(e, MANABOX_FLAGS, 'Misprint', () => 'true', 'false'),
    flagCell(e, MANABOX_FLAGS, 'Altered', () => 'true', 'false'),
    CONDITION_WORDS.manabox[condition(e)],
    languageWord(e.language, 'manabox'),
    'USD',
  ];
}

/**
 * Deckbox files a set's tokens and emblems as `Extras: <set>`, an emblem named `Emblem: <planeswalker>`
 * (Scryfall: the set `<set> Tokens`, `<planeswalker> Emblem`); its importer reads them so.
 */
export function deckboxCardName(name: string, setName: string): { name: string; edition: string } {
  const tokens = /^(.+) Tokens$/.exec(setName)?.[1];
  if (!tokens) return { name, edition: setName };
  const emblem = /^(.+) Emblem$/.exec(name)?.[1];
  return { name: emblem ? `Emblem: ${emblem}` : name, edition: `Extras: ${tokens}` };
}

function deckboxRecord(e: CollectionEntry): Cell[] {
  const { name, edition } = deckboxCardName(e.card.name, e.card.set_name);
  const flag = (column: string) => flagCell(e, DECKBOX_FLAGS, column, (f) => DECKBOX_FLAG_WORDS[f.tag], '');
  return [
    e.quantity,
    0,
    name,
    edition,
    e.card.collector_number,
    CONDITION_WORDS.deckbox[condition(e)],
    languageWord(e.language, 'name'),
    FINISH_WORDS.deckbox[finish(e)],
    flag('Signed'),
    flag('Artist Proof'),
    flag('Altered Art'),
    flag('Misprint'),
    flag('Promo'),
    flag('Textless'),
    '',
  ];
}

function archidektRecord(e: CollectionEntry): Cell[] {
  return [
    e.quantity,
    e.card.name,
    FINISH_WORDS.archidekt[finish(e)],
    CONDITION_WORDS.archidekt[condition(e)],
    e.created_at.slice(0, 10),
    languageWord(e.language, 'archidekt'),
    e.purchase_price,
    '',
    e.card.set_name,
    e.card.set.toLowerCase(),
    // Archidekt writes 0 for a printing without a Multiverse id; entries do not carry it.
    0,
    e.card_id,
    e.card.collector_number,
  ];
}
