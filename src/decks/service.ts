import { hiddenCharactersError } from '../lib/names.js';
import type { CardLookup } from '../cards/lookup.js';
import { LruCache } from '../lib/lru-cache.js';
import type { CardRow } from '../db/schema.js';
import type { Database } from '../db/database.js';
import type { Executor } from '../db/schema.js';
import { writeTransaction } from '../db/transaction.js';
import { fenced } from '../db/write-fence.js';
import { Errors, type FieldError } from '../errors.js';
import { recordEvent } from '../events/outbox.js';
import type { EventType } from '../events/types.js';
import type { Clock } from '../lib/clock.js';
import { cursorFor, paginate } from '../lib/cursor.js';
import { checkIfMatch } from '../lib/etag.js';
import { collectorNumberVariants, namesCollectorNumber } from '../lib/collector-numbers.js';
import { cardIdOf, newId } from '../lib/ids.js';
import { cardNameKeys, formatDecklist, parseDecklist, type DecklistEntry, type ExportLine } from './decklist.js';
import { deckNeeds, type Held, type NeedLine, type Needs, type NeedsMatch } from './needs.js';
import {
  MAX_DECK_LINES,
  MAX_QUANTITY,
  type Board,
  type Deck,
  type ListedDeck,
  type DeckCardInput,
  type DeckCreateBody,
  type DeckImportBody,
  type DeckListQuery,
  type DeckPatchBody,
  type DeckSort,
  type ExportStyle,
  type PublicDeckListQuery,
} from './schemas.js';
import type { DeckFilter, DeckRow, DeckStore } from './store.js';
import { cardFacts, toDeck, toExportLines, type DeckCardFacts } from './view.js';

export interface DeckPageResult {
  data: ListedDeck[];
  meta: { total: number; next_cursor: string | null };
}

interface LineError {
  line: number;
  code: string;
  message: string;
}

/** A line of an imported list that got another printing than it named. */
export interface DeckImportWarning {
  line: number;
  code: 'printing_replaced';
  message: string;
}

interface Line {
  card_id: string;
  board: Board;
  quantity: number;
}

// Layouts that are not cards one plays; a name lookup prefers anything else.
const NON_DECK_LAYOUTS = new Set(['token', 'double_faced_token', 'emblem', 'art_series', 'planar', 'scheme', 'vanguard']);

function blankName(name: string): FieldError | undefined {
  return name.trim() === '' ? { field: 'name', code: 'invalid_length', message: 'must not be blank' } : hiddenCharactersError(name.trim());
}

/** A decklist line plus where it came from, for error messages. */
interface SourcedLine extends Line {
  field: string;
  /** Prefix for messages about this line, e.g. "line 4: ". */
  where: string;
}

/** Merges lines with the same (card, board), keeping the first one's position. */
function mergeLines(lines: readonly SourcedLine[], errors: FieldError[]): Line[] {
  const merged = new Map<string, Line>();
  for (const l of lines) {
    const key = `${l.board}\u0000${l.card_id}`;
    const prev = merged.get(key);
    if (!prev) {
      merged.set(key, { card_id: l.card_id, board: l.board, quantity: l.quantity });
      continue;
    }
    prev.quantity += l.quantity;
    if (prev.quantity > MAX_QUANTITY) {
      errors.push({
        field: l.field,
        code: 'out_of_range',
        message: `${l.where}added to the earlier line for the same card and board, the quantity exceeds ${MAX_QUANTITY}`,
      });
    }
  }
  return [...merged.values()];
}

/** Import errors are reported in line order, at most this many. */
const MAX_IMPORT_ERRORS = 100;
/** Printings whose deck facts are kept (each ~3-5 kB; bounded by their JSON's bytes too). */
const FACTS_CACHED = 20_000;
const FACTS_CACHED_BYTES = 64 * 1024 * 1024;
/** Printings whose JSON is read and parsed between two turns of the event loop. */
const FACTS_CHUNK = 500;

/** Whether a printing is a promo (a prerelease or promo-pack stamp, say), read once per row from its Scryfall JSON. */
const promoOf = new WeakMap<CardRow, boolean>();
function isPromo(r: CardRow): boolean {
  let promo = promoOf.get(r);
  if (promo === undefined) {
    try {
      promo = (JSON.parse(r.data) as { promo?: unknown }).promo === true;
    } catch {
      promo = false;
    }
    promoOf.set(r, promo);
  }
  return promo;
}

/**
 * Which printing a name-only decklist line means: English, a playable card, not a promo
 * (a later promo-pack printing is not what "2 God-Eternal Bontu" asks for, as `/cards/named`
 * agrees), newest first.
 */
function preferPrinting(a: CardRow, b: CardRow): number {
  const rank = (r: CardRow) => (r.lang === 'en' ? 0 : 4) + (NON_DECK_LAYOUTS.has(r.layout) ? 2 : 0) + (isPromo(r) ? 1 : 0);
  return (
    rank(a) - rank(b) ||
    (b.released_at ?? '').localeCompare(a.released_at ?? '') ||
    a.set_code.localeCompare(b.set_code) ||
    a.collector_number.localeCompare(b.collector_number, 'en', { numeric: true }) ||
    a.id.localeCompare(b.id)
  );
}

export interface DeckDeps {
  database: Database;
  clock: Clock;
  store: (executor: Executor) => DeckStore;
  cards: Pick<CardLookup, 'byIds' | 'byNames' | 'byPrintings' | 'version' | 'versionNow'>;
  /** The caller's copies of these printings and cards (the collection's, for `needs`). */
  heldCopies: (userId: string, cards: { cardIds: readonly string[]; oracleIds: readonly string[] }) => Promise<Held[]>;
  /**
   * The stored card names each written name may mean once case, accents, ligatures and curly
   * or missing apostrophes are folded (the collection import's matching): a pasted
   * "Lim-Dul's Vault", "Gideon’s Company" or a name in decomposed Unicode. Absent: exact names only.
   */
  storedNames?: (names: readonly string[]) => Promise<ReadonlyMap<string, readonly string[]>>;
}

/**
 * Why a line that named a printing got another one, or undefined when it got what it named
 * (or named no set). `atNumber`: the card that is at the named set and number, if any.
 */
export function replacedPrinting(
  entry: Pick<DecklistEntry, 'line' | 'name' | 'set' | 'collectorNumber'>,
  used: Pick<CardRow, 'set_code' | 'collector_number'>,
  atNumber: Pick<CardRow, 'name'> | undefined,
): string | undefined {
  if (!entry.set) return undefined;
  if (used.set_code === entry.set.toLowerCase() && (!entry.collectorNumber || namesCollectorNumber(entry.collectorNumber, used.collector_number))) return undefined;
  const printing = `(${entry.set.toUpperCase()})${entry.collectorNumber ? ` ${entry.collectorNumber}` : ''}`;
  const why = atNumber ? `${printing} is "${atNumber.name}", not "${entry.name}"` : `"${entry.name}" has no printing ${printing}`;
  return `line ${entry.line}: ${why}; used (${used.set_code.toUpperCase()}) ${used.collector_number}`;
}

export function createDeckService(deps: DeckDeps) {
  const { db } = deps.database;
  const lockRows = deps.database.dialect === 'postgres';

  // What a deck shows of a printing (its summary, and the legality facts read from its Scryfall
  // JSON), kept per printing for as long as the cards version stays: every import moves it, and
  // reading and parsing the printings' rows was most of a deck list's cost (200 decks of 100 cards
  // at 100,000 printings: ~0.8 s of a 1.2 s list, with or without its cards, the event loop held).
  const factsCache = new LruCache<DeckCardFacts>(FACTS_CACHED, FACTS_CACHED_BYTES);
  let factsVersion: string | undefined;

  /**
   * Each printing's deck facts: kept ones as they are, the others from their rows, read a chunk at
   * a time with a turn of the event loop between chunks, so a list over thousands of printings not
   * seen since the last import does not hold other requests for its whole length.
   */
  async function loadFacts(ex: Executor, cardIds: readonly string[]): Promise<Map<string, DeckCardFacts>> {
    // Inside a write transaction (`ex` is not `db`) nothing kept is used or kept: the version is
    // not read there (SQLite serves a process with one connection, which the transaction holds,
    // and a read queued behind it would be left unawaited), and a write reads one deck at most.
    let version: string | undefined;
    if (ex === db) {
      const now = deps.cards.versionNow();
      version = now !== undefined ? (now ?? '') : ((await deps.cards.version()) ?? '');
    }
    if (version !== undefined && version !== factsVersion) {
      factsCache.clear();
      factsVersion = version;
    }
    const out = new Map<string, DeckCardFacts>();
    const missing: string[] = [];
    for (const id of new Set(cardIds)) {
      const kept = version === undefined ? undefined : factsCache.get(id);
      if (kept) out.set(id, kept);
      else missing.push(id);
    }
    for (let i = 0; i < missing.length; i += FACTS_CHUNK) {
      if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      // A printing gone from the card data (an import removed it) is left out, as a line whose card is gone.
      for (const row of await deps.cards.byIds(missing.slice(i, i + FACTS_CHUNK), ex)) {
        const { data, ...head } = row;
        const facts = cardFacts(head, data);
        if (version !== undefined && version === factsVersion) factsCache.set(row.id, facts, data.length);
        out.set(row.id, facts);
      }
    }
    return out;
  }

  async function hydrate(ex: Executor, decks: readonly DeckRow[]): Promise<Deck[]> {
    if (decks.length === 0) return [];
    const lines = await deps.store(ex).cardsOf(decks.map((d) => d.id));
    const facts = await loadFacts(ex, lines.map((l) => l.card_id));
    const byDeck = new Map<string, typeof lines>();
    for (const l of lines) {
      const list = byDeck.get(l.deck_id) ?? [];
      list.push(l);
      byDeck.set(l.deck_id, list);
    }
    return decks.map((d) => toDeck(d, byDeck.get(d.id) ?? [], facts));
  }

  async function hydrateOne(ex: Executor, deck: DeckRow): Promise<Deck> {
    const lines = await deps.store(ex).cardsOf([deck.id]);
    return toDeck(deck, lines, await loadFacts(ex, lines.map((l) => l.card_id)));
  }

  /** The deck as the API shows it; inside a write, after its row is locked or written. */
  async function loadDeck(ex: Executor, id: string): Promise<Deck> {
    const row = await deps.store(ex).findById(id);
    if (!row) throw Errors.notFound('deck');
    return hydrateOne(ex, row);
  }

  /** A deck the caller may read: their own, or someone else's public or unlisted one. */
  async function readable(callerId: string, id: string): Promise<DeckRow> {
    const row = await deps.store(db).findById(id);
    // Anything but an explicitly shared visibility is private to the owner.
    if (!row || (row.user_id !== callerId && row.visibility !== 'public' && row.visibility !== 'unlisted')) throw Errors.notFound('deck');
    return row;
  }

  /** Checks that every card exists and merges duplicate lines, adding each problem to `errors` (the caller throws one 422). */
  async function validateCards(ex: Executor, given: readonly DeckCardInput[], errors: FieldError[]): Promise<Line[]> {
    const input = given.map((c) => ({ ...c, card_id: cardIdOf(c.card_id) }));
    const known = new Set((await deps.cards.byIds([...new Set(input.map((c) => c.card_id))], ex)).map((r) => r.id));
    input.forEach((c, i) => {
      if (!known.has(c.card_id)) errors.push({ field: `cards[${i}].card_id`, code: 'unknown_card', message: `no card with id "${c.card_id}"` });
    });
    return mergeLines(
      input.map((c, i) => ({ card_id: c.card_id, board: c.board ?? 'main', quantity: c.quantity ?? 1, field: `cards[${i}].quantity`, where: '' })),
      errors,
    );
  }

  async function writeEvent(trx: Executor, userId: string, type: EventType, deck: Deck): Promise<void> {
    await recordEvent(trx, { userId, type, data: deck, at: deps.clock.now() });
  }

  async function insertDeck(userId: string, input: Omit<DeckCreateBody, 'cards'>, lines: readonly Line[]): Promise<Deck> {
    return writeTransaction(deps.database, fenced(async (trx) => {
      const store = deps.store(trx);
      const at = deps.clock.now().toISOString();
      const id = newId();
      await store.insert({
        id,
        user_id: userId,
        name: input.name.trim(),
        format: input.format,
        visibility: input.visibility ?? 'private',
        description: input.description ?? null,
        created_at: at,
        updated_at: at,
      });
      await store.replaceCards(id, lines);
      const deck = await loadDeck(trx, id);
      await writeEvent(trx, userId, 'deck.created', deck);
      return deck;
    }));
  }

  async function page(filter: DeckFilter, q: { limit?: number; cursor?: string; sort?: DeckSort; dir?: 'asc' | 'desc'; include_cards?: boolean }): Promise<DeckPageResult> {
    const sort = q.sort ?? 'created';
    const dir = q.dir ?? 'desc';
    const limit = q.limit ?? 50;
    const cursor = cursorFor(`decks:${sort}:${dir}`, ['string', 'string']);
    let after: { value: string; id: string } | undefined;
    if (q.cursor) {
      const [value, id] = cursor.decode(q.cursor);
      after = { value, id };
    }
    const store = deps.store(db);
    const [rows, total] = await Promise.all([store.list(filter, { sort, dir, limit: limit + 1, after }), store.count(filter)]);
    const page = paginate(rows, limit, (last) => cursor.encode([sort === 'updated' ? last.updated_at : last.created_at, last.id]));
    const decks = await hydrate(db, page.items);
    // The legality and count still come from the cards; only the list's bytes are spared.
    const data: ListedDeck[] = q.include_cards === false ? decks.map(({ cards: _, ...rest }) => rest) : decks;
    return { data, meta: { total, next_cursor: page.next_cursor } };
  }

  /** Resolves decklist lines to printings: set + collector number when they agree with the name, else by name. */
  async function resolveDecklist(ex: Executor, entries: readonly DecklistEntry[]): Promise<{ lines: SourcedLine[]; errors: LineError[]; warnings: DeckImportWarning[] }> {
    const printed = entries.flatMap((e) => (e.set && e.collectorNumber ? collectorNumberVariants(e.collectorNumber).map((collectorNumber) => ({ set: e.set as string, collectorNumber })) : []));
    // Every language of a set and number, in the order a name picks printings (English first).
    const byPrinting = new Map<string, CardRow[]>();
    for (const r of (await deps.cards.byPrintings(printed, ex)).sort(preferPrinting)) {
      const key = `${r.set_code}|${r.collector_number.toLowerCase()}`;
      byPrinting.set(key, [...(byPrinting.get(key) ?? []), r]);
    }
    const atPrinting = (set: string, number: string) =>
      [...new Set(collectorNumberVariants(number).map((n) => n.toLowerCase()))].flatMap((n) => byPrinting.get(`${set.toLowerCase()}|${n}`) ?? []);
    // MTGO writes split cards as "A/B"; the database as "A // B".
    const queryNames = entries.flatMap((e) => [e.name, e.name.replace(/\s*\/\/?\s*/g, ' // ')]);
    const candidates = await deps.cards.byNames(queryNames, ex);
    const byFull = new Map<string, CardRow[]>();
    const byFace = new Map<string, CardRow[]>();
    const add = (m: Map<string, CardRow[]>, k: string, r: CardRow) => m.set(k, [...(m.get(k) ?? []), r]);
    for (const r of candidates) {
      const keys = cardNameKeys(r.name);
      add(byFull, keys.full, r);
      for (const f of keys.faces) add(byFace, f, r);
    }

    // Names no stored name equals, folded as the collection import folds them.
    const folded = new Map<string, CardRow[]>();
    const unknown = entries.filter((e) => {
      const key = cardNameKeys(e.name).full;
      return !byFull.has(key) && !byFace.has(key);
    });
    if (unknown.length > 0 && deps.storedNames) {
      const stored = await deps.storedNames(unknown.map((e) => e.name));
      const names = [...new Set([...stored.values()].flat())];
      const rows = names.length > 0 ? await deps.cards.byNames(names, ex) : [];
      for (const e of unknown) {
        const meant = new Set(stored.get(e.name) ?? []);
        folded.set(cardNameKeys(e.name).full, rows.filter((r) => meant.has(r.name)));
      }
    }

    const lines: SourcedLine[] = [];
    const errors: LineError[] = [];
    const warnings: DeckImportWarning[] = [];
    for (const e of entries) {
      const key = cardNameKeys(e.name).full;
      const named = byFull.get(key) ?? byFace.get(key) ?? folded.get(key) ?? [];
      let card: CardRow | undefined;
      if (e.set && e.collectorNumber) {
        // The printing the line names may carry the name on a face only (a reversible "X // X").
        const faces = byFace.get(key) ?? [];
        card = atPrinting(e.set, e.collectorNumber).find((exact) => named.some((r) => r.id === exact.id) || faces.some((r) => r.id === exact.id));
      }
      if (!card && named.length) {
        const set = e.set?.toLowerCase();
        const inSet = set ? named.filter((r) => r.set_code === set) : [];
        card = [...(inSet.length ? inSet : named)].sort(preferPrinting)[0];
      }
      if (!card) {
        errors.push({ line: e.line, code: 'unknown_card', message: `line ${e.line}: no card named "${e.name}"${e.set ? ` (set ${e.set})` : ''}` });
        continue;
      }
      const atNumber = e.set && e.collectorNumber ? atPrinting(e.set, e.collectorNumber)[0] : undefined;
      const replaced = replacedPrinting(e, card, atNumber);
      if (replaced) warnings.push({ line: e.line, code: 'printing_replaced', message: replaced });
      lines.push({ card_id: card.id, board: e.board, quantity: e.quantity, field: 'text', where: `line ${e.line}: ` });
    }
    return { lines, errors, warnings };
  }

  return {
    async list(userId: string, q: DeckListQuery): Promise<DeckPageResult> {
      return page({ userId, visibility: q.visibility, format: q.format }, q);
    },

    /** Public decks of a user, for anyone with `decks:read`; unlisted and private ones never appear. */
    async listPublic(username: string, q: PublicDeckListQuery): Promise<DeckPageResult> {
      const owner = await deps.store(db).findUserByUsername(username);
      if (!owner) throw Errors.notFound('user');
      return page({ userId: owner.id, visibility: 'public', format: q.format }, q);
    },

    async get(callerId: string, id: string): Promise<Deck> {
      const row = await readable(callerId, id);
      return hydrateOne(db, row);
    },

    async create(userId: string, input: DeckCreateBody): Promise<Deck> {
      const errors: FieldError[] = [];
      const blank = blankName(input.name);
      if (blank) errors.push(blank);
      const lines = await validateCards(db, input.cards ?? [], errors);
      if (errors.length) throw Errors.validation(errors);
      return insertDeck(userId, input, lines);
    },

    /** `ifMatch`: the request's If-Match, compared with the deck as read under its row lock. */
    async update(userId: string, id: string, patch: DeckPatchBody, ifMatch?: string): Promise<Deck> {
      const errors: FieldError[] = [];
      const blank = patch.name !== undefined ? blankName(patch.name) : undefined;
      if (blank) errors.push(blank);
      const lines = patch.cards ? await validateCards(db, patch.cards, errors) : undefined;
      // Ownership is checked before reporting validation errors, so another user's deck stays a 404.
      const owned = await deps.store(db).findById(id);
      if (!owned || owned.user_id !== userId) throw Errors.notFound('deck');
      if (errors.length) throw Errors.validation(errors);

      return writeTransaction(deps.database, fenced(async (trx) => {
        const store = deps.store(trx);
        const locked = await store.lock(id, lockRows);
        if (!locked || locked.user_id !== userId) throw Errors.notFound('deck');
        const before = await store.findById(id);
        if (!before) throw Errors.notFound('deck');
        await checkIfMatch(ifMatch, 'deck', () => hydrateOne(trx, before));
        const currentLines = await store.cardsOf([id]);

        const fields: Partial<Pick<DeckRow, 'name' | 'format' | 'visibility' | 'description'>> = {};
        if (patch.name !== undefined && patch.name.trim() !== before.name) fields.name = patch.name.trim();
        if (patch.format !== undefined && patch.format !== before.format) fields.format = patch.format;
        if (patch.visibility !== undefined && patch.visibility !== before.visibility) fields.visibility = patch.visibility;
        if (patch.description !== undefined && patch.description !== before.description) fields.description = patch.description;
        const cardsChanged =
          lines !== undefined &&
          (lines.length !== currentLines.length ||
            lines.some((l, i) => {
              const c = currentLines[i];
              return !c || l.card_id !== c.card_id || l.board !== c.board || l.quantity !== c.quantity;
            }));

        // A PATCH that changes nothing is answered with the deck as is: no event, no new updated_at.
        if (Object.keys(fields).length === 0 && !cardsChanged) return hydrateOne(trx, before);

        await store.update(id, { ...fields, updated_at: deps.clock.now().toISOString() });
        if (cardsChanged) await store.replaceCards(id, lines);
        const deck = await loadDeck(trx, id);
        await writeEvent(trx, userId, 'deck.updated', deck);
        return deck;
      }));
    },

    async delete(userId: string, id: string, ifMatch?: string): Promise<void> {
      await writeTransaction(deps.database, fenced(async (trx) => {
        const store = deps.store(trx);
        const locked = await store.lock(id, lockRows);
        if (!locked || locked.user_id !== userId) throw Errors.notFound('deck');
        const deck = await loadDeck(trx, id);
        await checkIfMatch(ifMatch, 'deck', () => deck);
        await store.delete(id);
        await writeEvent(trx, userId, 'deck.deleted', deck);
      }));
    },

    /**
     * Creates a deck from Arena/MTGO text; any line that cannot be read or resolved fails the whole
     * import. Answers the deck, and a warning for each line whose named printing was not the one used.
     */
    async importDecklist(userId: string, input: DeckImportBody): Promise<{ deck: Deck; warnings: DeckImportWarning[] }> {
      const errors: FieldError[] = [];
      const blank = blankName(input.name);
      if (blank) errors.push(blank);
      const parsed = parseDecklist(input.text);
      const lineErrors: LineError[] = parsed.errors.map((e) => ({ line: e.line, code: 'invalid_line', message: e.message }));
      const distinct = new Set(parsed.entries.map((e) => `${e.board}|${cardNameKeys(e.name).full}`));
      if (distinct.size > MAX_DECK_LINES) {
        // Refuse before resolving thousands of names a deck can never hold.
        errors.push({ field: 'text', code: 'too_many_lines', message: `a deck has at most ${MAX_DECK_LINES} distinct card and board lines` });
        throw Errors.validation(errors);
      }
      if (parsed.errors.length === 0 && parsed.entries.length === 0) {
        lineErrors.push({ line: 0, code: 'empty_decklist', message: 'contains no card lines' });
      }
      const resolved = await resolveDecklist(db, parsed.entries);
      lineErrors.push(...resolved.errors);
      lineErrors.sort((a, b) => a.line - b.line);
      errors.push(...lineErrors.slice(0, MAX_IMPORT_ERRORS).map((e) => ({ field: 'text', code: e.code, message: e.message })));
      const lines = mergeLines(resolved.lines, errors);
      if (lines.length > MAX_DECK_LINES) {
        errors.push({ field: 'text', code: 'too_many_lines', message: `a deck has at most ${MAX_DECK_LINES} distinct card and board lines` });
      }
      if (errors.length) throw Errors.validation(errors);
      const { text: _text, ...meta } = input;
      return { deck: await insertDeck(userId, meta, lines), warnings: resolved.warnings };
    },

    /**
     * A deck the caller may read (their own, or a public or unlisted one) as the API shows it,
     * with its lines as a file export writes them (MTGO's catalog ids included), in the same order.
     */
    async forExport(
      callerId: string,
      id: string,
    ): Promise<{ deck: Deck; lines: Array<ExportLine & { mtgo_id: number | null }>; finishes: ReadonlyMap<string, readonly string[]> }> {
      const row = await readable(callerId, id);
      const lines = await deps.store(db).cardsOf([row.id]);
      const facts = await loadFacts(db, lines.map((l) => l.card_id));
      // Each printing's finishes: a collection file of the deck names one it was printed in.
      const finishes = new Map([...facts].map(([cardId, f]) => [cardId, JSON.parse(f.row.finishes) as string[]]));
      return { deck: toDeck(row, lines, facts), lines: toExportLines(lines, facts), finishes };
    },

    /** What a deck the caller may read needs that the caller's own collection lacks (see `deckNeeds`). */
    async needs(callerId: string, id: string, match: NeedsMatch): Promise<Needs> {
      const row = await readable(callerId, id);
      const deckLines = await deps.store(db).cardsOf([row.id]);
      const cards = new Map((await deps.cards.byIds([...new Set(deckLines.map((l) => l.card_id))], db)).map((c) => [c.id, c]));
      const lines: NeedLine[] = deckLines.flatMap((l) => {
        // A line whose card left the card database is left out, as the deck itself shows it.
        const card = cards.get(l.card_id);
        if (!card) return [];
        const prices = [card.price_usd, card.price_usd_foil, card.price_usd_etched].filter((c): c is number => c !== null);
        return [{ card_id: l.card_id, oracle_id: card.oracle_id, name: card.name, board: l.board as Board, quantity: l.quantity, price_cents: prices.length ? Math.min(...prices) : null }];
      });
      const held = await deps.heldCopies(callerId, {
        cardIds: [...new Set(lines.map((l) => l.card_id))],
        oracleIds: match === 'card' ? [...new Set(lines.flatMap((l) => (l.oracle_id ? [l.oracle_id] : [])))] : [],
      });
      return deckNeeds(lines, held, match);
    },

    async exportDecklist(callerId: string, id: string, style: ExportStyle): Promise<string> {
      await readable(callerId, id);
      const lines = await deps.store(db).cardsOf([id]);
      const facts = await loadFacts(db, lines.map((l) => l.card_id));
      return formatDecklist(toExportLines(lines, facts), style);
    },
  };
}

export type DeckService = ReturnType<typeof createDeckService>;
