import { hasLoneSurrogate } from '../lib/unicode.js';
import { JsonArrayError, jsonArrayElements } from '../cards/json-array.js';
import { readCondition, readFinish, readLanguage } from '../formats/vocabulary.js';
import { ImportFileError } from './errors.js';
import { MAX_QUANTITY, parseName, parsePrice, parseScryfallId, RowProblem } from './fields.js';
import type { RowFields } from './apps.js';

function invalidJson(message: string, offset?: number): ImportFileError {
  return new ImportFileError('invalid_json', `The JSON file is not a list of collection entries${offset === undefined ? '' : ` (byte ${offset})`}: ${message}.`);
}

const DATA_PREFIX = /^\s*\{\s*"data"\s*:\s*(?=\[)/;

/**
 * Our `json` export is `{"data":[...]}`; a bare array of entries reads too. The object's
 * wrapper is peeled off here so the array streams through jsonArrayElements (one
 * JSON.parse per entry, memory bounded by the largest entry).
 */
async function* unwrapData(text: AsyncIterable<string>, onPrefix: (bytes: number) => void): AsyncGenerator<string> {
  const it = text[Symbol.asyncIterator]();
  let head = '';
  while (!head.includes('[') && head.length < 1024) {
    const next = await it.next();
    if (next.done) break;
    head += next.value;
  }
  if (/^\s*\[/.test(head)) {
    yield head;
    for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
    return;
  }
  const prefix = DATA_PREFIX.exec(head);
  // An object whose first member is not a quoted name is not JSON at all ({nope, {'data': ...}):
  // say that, rather than describe the shape the file should have.
  const unquoted = prefix ? null : /^(\s*\{\s*)[^"}\s]/.exec(head);
  if (unquoted) {
    throw new ImportFileError('invalid_json', `The file is not valid JSON (byte ${Buffer.byteLength(unquoted[1] ?? '')}): after "{" a member name in double quotes must follow.`);
  }
  if (!prefix) {
    throw invalidJson(
      /^\s*\{/.test(head)
        ? 'an object must be {"data": [...]} ("data" must be its only member: send a GET /collection page without its "meta")'
        : 'expected an array of entries, or an object {"data": [...]}',
      0,
    );
  }
  onPrefix(Buffer.byteLength(prefix[0]));
  // Hold back the last non-blank piece: the object's closing brace is removed from it at the end.
  let pending = head.slice(prefix[0].length);
  for (let next = await it.next(); !next.done; next = await it.next()) {
    if (next.value.trim() === '') {
      pending += next.value;
      continue;
    }
    yield pending;
    pending = next.value;
  }
  const tail = pending.trimEnd();
  if (!tail.endsWith('}')) throw invalidJson('the object {"data": [...]} is not closed, or has other members after "data" ("data" must be its only member: send a GET /collection page without its "meta")');
  yield tail.slice(0, -1);
}

export interface JsonElementRead {
  fields: RowFields | null;
  problem?: string;
  text: string;
}

/**
 * jsonArrayElements looks for the next backslash from each string to the end of its
 * chunk, which costs time quadratic in the chunk size on large chunks; small slices keep
 * that search short (a 25 MB file reads in well under a second).
 */
const SLICE_BYTES = 1024;

async function* slices(text: AsyncIterable<string>): AsyncGenerator<Buffer> {
  for await (const chunk of text) {
    const bytes = Buffer.from(chunk, 'utf8');
    for (let i = 0; i < bytes.length; i += SLICE_BYTES) yield bytes.subarray(i, i + SLICE_BYTES);
  }
}

/** Streams the entries of a JSON import, each read into row fields or a problem. */
export async function* jsonEntries(text: AsyncIterable<string>): AsyncGenerator<JsonElementRead> {
  let prefixBytes = 0;
  try {
    for await (const { value, text: raw } of jsonArrayElements(slices(unwrapData(text, (n) => (prefixBytes = n))))) {
      try {
        yield { fields: readEntry(isObject(value) ? value : {}), text: raw };
      } catch (err) {
        if (!(err instanceof RowProblem)) throw err;
        yield { fields: null, problem: err.message, text: raw };
      }
    }
  } catch (err) {
    if (err instanceof JsonArrayError) {
      // In {"data": [...]}, something after the array is another member of the object.
      const message =
        prefixBytes > 0 && /after the end of the array/.test(err.message)
          ? 'the object has other members after "data" ("data" must be its only member: send a GET /collection page without its "meta")'
          : err.message.replace(/: the file must be .*$/, '').replace(/ at byte \d+/, '');
      throw invalidJson(message, err.offset + prefixBytes);
    }
    throw err;
  }
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function optionalString(entry: Json, key: string): string | undefined {
  const v = entry[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new RowProblem(`${key} must be a string`);
  // As every other JSON body: half a surrogate pair would be stored altered, differently per database.
  if (hasLoneSurrogate(v)) throw new RowProblem(`${key} is not valid Unicode (an unpaired surrogate)`);
  return v;
}

/** An entry as the API writes it (`card_id`, `card.name` ...); only the fields an import needs are read. */
function readEntry(entry: Json): RowFields {
  const card = isObject(entry.card) ? entry.card : {};
  // Absent, one copy, as POST /collection takes it.
  const quantity = entry.quantity === undefined ? 1 : entry.quantity;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 0 || quantity > MAX_QUANTITY) {
    throw new RowProblem(`quantity must be a whole number from 1 to ${MAX_QUANTITY}`);
  }
  const scryfallId = parseScryfallId(optionalString(entry, 'card_id') ?? optionalString(card, 'id') ?? '', 'card_id');
  const name = parseName(optionalString(card, 'name') ?? '', 'card.name');
  if (!scryfallId && !name) throw new RowProblem('the entry has no card_id and no card.name');
  const conditionWord = optionalString(entry, 'condition') ?? '';
  const condition = readCondition(conditionWord, 'tcgplayer');
  if (!condition) throw new RowProblem(`unknown condition "${conditionWord}"`);
  const finishWord = optionalString(entry, 'finish') ?? '';
  const finish = readFinish(finishWord);
  if (!finish) throw new RowProblem(`unknown finish "${finishWord}"`);
  const languageWord = optionalString(entry, 'language') ?? '';
  const lang = readLanguage(languageWord);
  if (lang === undefined) throw new RowProblem(`unknown language "${languageWord}"`);
  const price = entry.purchase_price;
  if (price !== undefined && price !== null && typeof price !== 'string' && typeof price !== 'number') throw new RowProblem('purchase_price must be a decimal string');
  const purchasePrice = price === undefined || price === null ? undefined : parsePrice(String(price), 'purchase_price');
  const tags = entry.tags;
  if (tags !== undefined && (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string'))) throw new RowProblem('tags must be a list of strings');
  if ((tags as string[] | undefined)?.some(hasLoneSurrogate)) throw new RowProblem('tags are not valid Unicode (an unpaired surrogate)');
  return {
    quantity,
    finish,
    condition,
    name,
    set: optionalString(card, 'set') || undefined,
    collectorNumber: optionalString(card, 'collector_number') || undefined,
    scryfallId,
    lang: lang ?? undefined,
    purchasePrice,
    binderId: optionalString(entry, 'binder_id') ?? null,
    tags: (tags as string[] | undefined) ?? [],
    notes: optionalString(entry, 'notes') ?? null,
  };
}
