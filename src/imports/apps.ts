import { withoutHiddenCharacters } from '../lib/names.js';
import { DECKBOX_FLAGS, MANABOX_FLAGS, MOXFIELD_FLAGS, TRADE_COLUMNS, type FlagColumn } from '../formats/flags.js';
import { readCondition, readFinish, readLanguage, type ConditionLadder } from '../formats/vocabulary.js';
import { foreignCurrency, isFlagSet, isYes, parseAppTags, parseName, parsePrice, parseQuantity, parseScryfallId, RowProblem } from './fields.js';
import type { ImportFormat, ImportRow, RowPlace } from './types.js';

export type CsvImportFormat = Exclude<ImportFormat, 'json'>;

/** A row's fields before its place in the file is attached. */
export type RowFields = Omit<ImportRow, keyof RowPlace>;

/** A cell by (lower-case) column name, '' when the file has no such column; `label` is the column as the file writes it. */
export type CellReader = ((column: string) => string) & {
  label(column: string): string;
  /** The cell exactly as the file has it, untrimmed (free text such as our own `notes`). */
  raw(column: string): string;
};

/** Which columns hold what, per app (lower-case header names). */
interface ColumnMap {
  /** Without a quantity column every row is one copy (Moxfield's importer allows that). */
  quantity?: string;
  /** The first non-empty one is the name; the others are spellings to try after it. */
  names: string[];
  set?: string;
  setName?: string;
  number?: string;
  scryfallId?: string;
  condition?: string;
  finish?: string;
  language?: string;
  price?: string;
  location?: string;
  /** An app's tags column (`parseAppTags`). */
  tags?: string;
  /** Yes/no columns of a copy, read as tags (src/formats/flags.ts). */
  flags?: readonly FlagColumn[];
  /** A trade-list count: nothing of ours holds it, so a count above 0 is named in a warning. */
  trade?: string;
}

export interface AppSpec {
  format: CsvImportFormat;
  /** A header names this app when this holds for its (lower-case) column names. */
  identifies(has: (column: string) => boolean): boolean;
  /** Columns a file must have: every group needs one of its names. */
  required: readonly (readonly string[])[];
  /** The row, or why it is deliberately left out. Throws RowProblem for a row that cannot be read. */
  read(cell: CellReader, has: (column: string) => boolean): RowFields | { skip: string };
}

function readColumns(cell: CellReader, map: ColumnMap, ladder: ConditionLadder): RowFields {
  const get = (column: string | undefined) => (column ? cell(column) : '');
  const quantity = map.quantity ? parseQuantity(cell(map.quantity), cell.label(map.quantity)) : 1;
  const names = map.names.map((c) => parseName(cell(c), cell.label(c))).filter((n): n is string => n !== undefined);
  const scryfallId = map.scryfallId ? parseScryfallId(cell(map.scryfallId), cell.label(map.scryfallId)) : undefined;
  const conditionWord = get(map.condition);
  const condition = readCondition(conditionWord, ladder);
  if (!condition) throw new RowProblem(`unknown condition "${conditionWord.trim()}"`);
  const finishWord = get(map.finish);
  const finish = readFinish(finishWord);
  if (!finish) throw new RowProblem(`unknown finish "${finishWord.trim()}"`);
  const languageWord = get(map.language);
  const lang = readLanguage(languageWord);
  if (lang === undefined) throw new RowProblem(`unknown language "${languageWord.trim()}"`);
  const priceCell = get(map.price);
  let purchasePrice = map.price ? parsePrice(priceCell, cell.label(map.price)) : undefined;
  const warnings: string[] = [];
  const currency = foreignCurrency(priceCell);
  if (purchasePrice !== undefined && currency) {
    // Read as dollars, a euro price would be stored as a wrong USD one.
    warnings.push(`purchase price ${priceCell.trim()} left out: purchase prices are in USD`);
    purchasePrice = undefined;
  }
  const flagTags = (map.flags ?? []).filter((f) => isFlagSet(cell(f.column.toLowerCase()))).map((f) => f.tag);
  const appTags = map.tags ? parseAppTags(cell(map.tags), cell.label(map.tags), flagTags) : undefined;
  if (appTags?.warning) warnings.push(appTags.warning);
  const tags = [...flagTags, ...(appTags?.tags ?? [])];
  const trade = get(map.trade).trim();
  if (map.trade && trade !== '' && !/^0+$/.test(trade)) {
    warnings.push(`${cell.label(map.trade)} ${trade.slice(0, 20)} not imported: ccs keeps no trade list (the copies are imported, none marked for trade)`);
  }
  const set = get(map.set).trim();
  const setName = get(map.setName).trim();
  const collectorNumber = get(map.number).trim();
  const location = get(map.location).trim();
  const [name, ...altNames] = [...new Set(names)];
  if (!name && !scryfallId) throw new RowProblem('the row has no card name and no Scryfall id');
  // Absent facts stay undefined, never '' (an empty set code is no set code).
  return {
    quantity,
    finish,
    condition,
    name,
    altNames: altNames.length ? altNames : undefined,
    set: set || undefined,
    setName: setName || undefined,
    collectorNumber: collectorNumber || undefined,
    scryfallId,
    lang: lang ?? undefined,
    purchasePrice,
    location: location || undefined,
    ...(tags.length ? { tags } : {}),
    ...(warnings.length ? { warnings } : {}),
  };
}

const withAltName = (row: RowFields, alt: string | undefined): RowFields =>
  alt && alt !== row.name && !(row.altNames ?? []).includes(alt) ? { ...row, altNames: [...(row.altNames ?? []), alt] } : row;

const MOXFIELD: AppSpec = {
  format: 'moxfield',
  identifies: (has) =>
    has('count') &&
    has('name') &&
    ['tradelist count', 'edition', 'collector number', 'last modified', 'alter', 'proxy', 'playtest card', 'purchase price', 'foil'].some(has),
  required: [['name']],
  read(cell, has) {
    // A proxy or playtest card is not a card one owns.
    if (isYes(cell('proxy')) || isYes(cell('playtest card'))) return { skip: 'a proxy (playtest) card' };
    return readColumns(
      cell,
      {
        quantity: has('count') ? 'count' : undefined,
        names: ['name'],
        set: 'edition',
        number: 'collector number',
        condition: 'condition',
        finish: 'foil',
        language: 'language',
        price: 'purchase price',
        tags: 'tags',
        flags: MOXFIELD_FLAGS,
        trade: TRADE_COLUMNS.moxfield.toLowerCase(),
      },
      'tcgplayer',
    );
  },
};

const DECKBOX: AppSpec = {
  format: 'deckbox',
  identifies: (has) =>
    has('count') && has('name') && ['card number', 'my price', 'artist proof', 'altered art', 'textless', 'printing id', 'edition code'].some(has),
  required: [['count'], ['name']],
  read(cell) {
    const row = readColumns(
      cell,
      {
        quantity: 'count',
        names: ['name'],
        // Deckbox's Edition is the set's name; its Edition Code is Deckbox's own code (mostly Scryfall's).
        setName: 'edition',
        set: 'edition code',
        number: 'card number',
        scryfallId: 'scryfall id',
        condition: 'condition',
        finish: 'foil',
        language: 'language',
        tags: 'tags',
        flags: DECKBOX_FLAGS,
        trade: TRADE_COLUMNS.deckbox.toLowerCase(),
      },
      'tcgplayer',
    );
    return deckboxExtras({ ...row, foilMayBeEtched: true });
  },
};

/**
 * Deckbox files a set's tokens and emblems under `Extras: <set name>` and names an emblem
 * `Emblem: <planeswalker>`; Scryfall has them in the set `<set name> Tokens` as `<planeswalker> Emblem`.
 * The file's own spellings stay (as the set name and another name to try), for messages and for
 * extras that are not tokens.
 */
function deckboxExtras(row: RowFields): RowFields {
  const extras = row.setName ? /^Extras:\s*(.+)$/i.exec(row.setName)?.[1] : undefined;
  const emblem = row.name ? /^Emblem:\s*(.+)$/i.exec(row.name)?.[1] : undefined;
  if (!extras && !emblem) return row;
  return {
    ...row,
    ...(extras ? { altSetNames: [`${extras} Tokens`] } : {}),
    ...(emblem && row.name ? { name: `${emblem} Emblem`, altNames: [row.name, ...(row.altNames ?? [])] } : {}),
  };
}

/** A binder or folder name that holds only characters a name may not (direction marks, controls): said, not silently dropped. */
function unnamedPlace(what: 'binder' | 'folder', raw: string, cleaned: string): string[] {
  return raw.trim() !== '' && cleaned === '' ? [`the ${what} name has no visible characters, so the entry goes into no binder`] : [];
}

const MANABOX: AppSpec = {
  format: 'manabox',
  identifies: (has) => has('manabox id') || (has('name') && has('set code') && has('collector number') && has('quantity')),
  required: [['quantity'], ['name', 'scryfall id']],
  read(cell) {
    const binderType = cell('binder type').toLowerCase();
    if (binderType === 'list') return { skip: 'a ManaBox list (a wish list), not cards in the collection' };
    if (isYes(cell('proxy'))) return { skip: 'a proxy card' };
    // The whole-collection export names each row's binder, list or deck; a hand-edited name's hidden characters are dropped, as the API refuses them.
    const binderName = withoutHiddenCharacters(cell('binder name')).trim();
    const unnamed = unnamedPlace('binder', cell('binder name'), binderName);
    const row = readColumns(
      cell,
      {
        quantity: 'quantity',
        names: ['name'],
        set: 'set code',
        setName: 'set name',
        number: 'collector number',
        scryfallId: 'scryfall id',
        condition: 'condition',
        finish: 'foil',
        language: 'language',
        price: 'purchase price',
        location: 'binder name',
        flags: MANABOX_FLAGS,
      },
      'cardmarket',
    );
    const warnings = [...(row.warnings ?? []), ...unnamed];
    const currency = cell('purchase price currency').trim().toUpperCase();
    let priced = row;
    if (row.purchasePrice !== undefined && currency !== '' && currency !== 'USD') {
      const { purchasePrice, ...rest } = row;
      warnings.push(`purchase price ${purchasePrice} ${currency} left out: purchase prices are in USD`);
      priced = rest;
    }
    // A deck is a list of cards, not a place that holds them (ccs decks do not hold entries): its rows go into no binder.
    const inDeck = binderType === 'deck';
    if (binderName && inDeck) warnings.push(`in the ManaBox deck "${binderName.slice(0, 100)}": a deck is not a binder, so the entry goes into no binder`);
    return { ...priced, ...(binderName && !inDeck ? { binderName } : {}), ...(warnings.length ? { warnings } : {}) };
  },
};

const ARCHIDEKT: AppSpec = {
  format: 'archidekt',
  identifies: (has) => has('quantity') && (has('edition code') || has('edition name') || (has('finish') && has('scryfall id'))),
  required: [['quantity'], ['name', 'scryfall id']],
  read: (cell) =>
    readColumns(
      cell,
      {
        quantity: 'quantity',
        names: ['name'],
        set: 'edition code',
        setName: 'edition name',
        number: 'collector number',
        scryfallId: 'scryfall id',
        condition: 'condition',
        finish: 'finish',
        language: 'language',
        price: 'purchase price',
        tags: 'tags',
      },
      'tcgplayer',
    ),
};

const DRAGONSHIELD: AppSpec = {
  format: 'dragonshield',
  identifies: (has) => has('card name') && ['folder name', 'trade quantity', 'printing', 'list name'].some(has),
  required: [['quantity'], ['card name']],
  read(cell) {
    const row = readColumns(
      cell,
      {
        quantity: 'quantity',
        names: ['card name'],
        set: 'set code',
        setName: 'set name',
        number: 'card number',
        condition: 'condition',
        finish: 'printing',
        language: 'language',
        price: 'price bought',
        location: cell('folder name') ? 'folder name' : 'list name',
        trade: TRADE_COLUMNS.dragonshield.toLowerCase(),
      },
      'cardmarket',
    );
    // Dragon Shield writes 0.00 where no price was entered.
    const unpriced = row.purchasePrice === '0.00' ? (({ purchasePrice: _, ...rest }) => rest)(row) : row;
    // A folder holds cards, as a binder does: its rows go into the binder of that name (a list
    // export's `List Name` is a wish list, kept as the row's location only).
    const folder = withoutHiddenCharacters(cell('folder name')).trim();
    const unnamed = unnamedPlace('folder', cell('folder name'), folder);
    // It decorates token names: "Clue Token", "Beast Token (4/4)".
    const read = withAltName(unpriced, row.name?.replace(/\s+Token(\s*\(.*\))?$/i, ''));
    return { ...read, ...(folder ? { binderName: folder } : {}), ...(unnamed.length ? { warnings: [...(read.warnings ?? []), ...unnamed] } : {}) };
  },
};

const TCGPLAYER: AppSpec = {
  format: 'tcgplayer',
  identifies: (has) => has('simple name') || (has('product id') && has('printing')) || (has('set code') && has('printing') && has('quantity')),
  required: [['quantity'], ['name', 'simple name']],
  read(cell) {
    // Older exports fold the finish into the condition: "Near Mint Foil".
    const foilCondition = /\s+foil$/i.test(cell('condition'));
    const reading: CellReader = Object.assign(
      (column: string) => {
        if (column === 'condition') return cell(column).replace(/\s+foil$/i, '');
        // The Pokémon-style "4/102" numbers carry the set size.
        if (column === 'card number') return cell(column).replace(/\/\d+$/, '');
        return cell(column);
      },
      { label: cell.label, raw: cell.raw },
    );
    const row = readColumns(
      reading,
      {
        quantity: 'quantity',
        names: ['name', 'simple name'],
        set: 'set code',
        setName: 'set',
        number: 'card number',
        condition: 'condition',
        finish: 'printing',
        language: 'language',
      },
      'tcgplayer',
    );
    const finished = { ...row, ...(foilCondition && row.finish === 'nonfoil' ? { finish: 'foil' as const } : {}), foilMayBeEtched: true as const };
    // TCGplayer's Name carries its product decorations: "Orcish Bowmasters (Borderless)".
    return withAltName(finished, row.name?.replace(/\s+[([][^()[\]]*[)\]]$/, ''));
  },
};

const CCS_CSV: AppSpec = {
  format: 'csv',
  identifies: (has) => has('card_id') || has('collector_number'),
  required: [['quantity'], ['card_id', 'name']],
  read(cell) {
    const row = readColumns(
      cell,
      {
        quantity: 'quantity',
        names: ['name'],
        set: 'set',
        number: 'collector_number',
        scryfallId: 'card_id',
        condition: 'condition',
        finish: 'finish',
        language: 'language',
        price: 'purchase_price',
      },
      'tcgplayer',
    );
    const binderId = cell('binder_id').trim();
    // A hand-edited file's control characters and direction marks are dropped, as the API refuses them.
    const binderName = withoutHiddenCharacters(cell('binder_name')).trim();
    const tags = cell('tags')
      .split(';')
      .map((t) => t.trim())
      .filter((t) => t !== '');
    // Verbatim, as our export writes it: a note's leading spaces or last line break are part of it.
    const notes = cell.raw('notes');
    return { ...row, binderId: binderId || null, ...(binderName ? { binderName } : {}), tags, notes: notes === '' ? null : notes };
  },
};

/** In the order detection tries them: the most specific headers first. */
export const APP_SPECS: readonly AppSpec[] = [CCS_CSV, MANABOX, DRAGONSHIELD, TCGPLAYER, ARCHIDEKT, DECKBOX, MOXFIELD];

export function appSpec(format: CsvImportFormat): AppSpec {
  const spec = APP_SPECS.find((s) => s.format === format);
  if (!spec) throw new Error(`no app spec for ${format}`);
  return spec;
}

/** A CellReader over one record: trimmed cells by lower-case column name, Excel's `="0123"` unwrapped. */
export function cellReader(columns: ReadonlyMap<string, number>, written: readonly string[], cells: readonly string[]): CellReader {
  const read = (column: string) => {
    const i = columns.get(column);
    if (i === undefined) return '';
    const v = (cells[i] ?? '').trim();
    const excel = /^="(.*)"$/.exec(v);
    return excel ? (excel[1] ?? '') : v;
  };
  const raw = (column: string) => {
    const i = columns.get(column);
    return i === undefined ? '' : (cells[i] ?? '');
  };
  return Object.assign(read, { label: (column: string) => written[columns.get(column) ?? -1] ?? column, raw });
}
