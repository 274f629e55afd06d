import type { CardLookup } from '../cards/lookup.js';
import { usdCentsFor } from '../cards/view.js';
import { databaseOutageCause } from '../availability/causes.js';
import type { Database } from '../db/database.js';
import { createWriteTransactions } from '../db/group-commit.js';
import { writeTransaction } from '../db/transaction.js';
import { fenced, fencing } from '../db/write-fence.js';
import type { CardRow, Executor } from '../db/schema.js';
import { Errors, type FieldError } from '../errors.js';
import { eventRow, recordEvent, recordEventWith, recordEvents, type EventRow, type NewEvent } from '../events/outbox.js';
import type { Clock } from '../lib/clock.js';
import { checkIfMatch } from '../lib/etag.js';
import { deepFreeze } from '../lib/frozen-json.js';
import { cardIdOf, isUuid, newId } from '../lib/ids.js';
import { fromCents, toCents } from '../lib/money.js';
import { batchSender } from '../lib/turn-batch.js';
import { MAX_QUANTITY, MAX_TAGS, type CollectionEntry, type EntryPatch, type NewEntry } from './schemas.js';
import type { AddedOrMerged, AddToMerge, CollectionStore, EntryIdentity, EntryRow, MergeTemplate } from './store.js';
import { cardFinishes, parseTags, toEntryView } from './view.js';

/**
 * Changing a collection: adds (merging into an identical entry), batches, patches and
 * deletes, each with its events in the same transaction, grouped into shared commits on
 * SQLite (`db/group-commit.ts`). Every write bumps the owner's collection version, which
 * is what retires the listing's cached pages. Adds lock only the identities they merge into
 * (`CollectionStore.lockIdentities`); every other write locks the owner's whole collection.
 */

export interface BatchResult {
  /** `data[i]` is the entry `entries[i]` ended up in (repeated when several items merged). */
  data: CollectionEntry[];
  meta: { created: number; updated: number };
}

/** A new entry with every default applied. */
interface Draft {
  card_id: string;
  quantity: number;
  condition: string;
  finish: string;
  language: string | undefined;
  binder_id: string | null;
  purchase_price: number | null;
  tags: string[];
  notes: string | null;
}

function draftOf(input: NewEntry): Draft {
  return {
    card_id: cardIdOf(input.card_id),
    quantity: input.quantity ?? 1,
    condition: input.condition ?? 'near_mint',
    finish: input.finish ?? 'nonfoil',
    language: input.language,
    binder_id: input.binder_id ?? null,
    purchase_price: input.purchase_price == null ? null : toCents(input.purchase_price),
    tags: input.tags ? [...new Set(input.tags)] : [],
    notes: input.notes ?? null,
  };
}

function identityOf(d: { card_id: string; finish: string; condition: string; language: string; binder_id: string | null }): EntryIdentity {
  return { card_id: d.card_id, finish: d.finish, condition: d.condition, language: d.language, binder_id: d.binder_id };
}

function identityKey(i: EntryIdentity): string {
  return JSON.stringify([i.card_id, i.finish, i.condition, i.language, i.binder_id]);
}

function unknownCard(prefix: string): FieldError {
  return { field: `${prefix}card_id`, code: 'unknown_card', message: 'is not a card in the card database' };
}

function unknownBinder(prefix: string): FieldError {
  return { field: `${prefix}binder_id`, code: 'unknown_binder', message: 'is not one of your binders' };
}

function finishError(prefix: string, finish: string, card: CardRow): FieldError | undefined {
  const finishes = cardFinishes(card);
  if (finishes.includes(finish)) return undefined;
  return { field: `${prefix}finish`, code: 'unavailable_finish', message: `this printing comes only as: ${finishes.join(', ') || 'nothing'}` };
}

/**
 * A tag holding a NUL: tags are stored as JSON text, where the escape survives, so the database
 * did not refuse it as it refuses a NUL in notes; but the `csv` export then held a NUL byte and
 * could not be imported back (it reads as a binary file). Refused alike, under the same code as
 * a name's control characters.
 */
function tagError(prefix: string, tags: readonly string[] | undefined): FieldError | undefined {
  const i = tags?.findIndex((t) => t.includes('\u0000')) ?? -1;
  return i === -1 ? undefined : { field: `${prefix}tags[${i}]`, code: 'invalid_characters', message: 'must not hold a NUL character, which no export or database keeps' };
}

function tooMany(prefix: string, total: number): FieldError {
  return { field: `${prefix}quantity`, code: 'out_of_range', message: `merging would make ${total} copies; the maximum is ${MAX_QUANTITY}` };
}

/** What an entry grown by a merge may not exceed: the copies and the tags a written entry may hold. */
function mergeErrors(prefix: string, merged: EntryRow, d: Draft): FieldError[] {
  const errors: FieldError[] = [];
  if (merged.quantity > MAX_QUANTITY) errors.push(tooMany(prefix, merged.quantity));
  // Only an add that brings tags can grow them.
  const tags = d.tags.length === 0 ? 0 : parseTags(merged.tags).length;
  if (tags > MAX_TAGS) errors.push({ field: `${prefix}tags`, code: 'out_of_range', message: `merging would give the entry ${tags} tags; the maximum is ${MAX_TAGS}` });
  return errors;
}

function newEntryRow(userId: string, identity: EntryIdentity, d: Draft, at: string): EntryRow {
  return {
    id: newId(),
    user_id: userId,
    ...identity,
    quantity: d.quantity,
    purchase_price: d.purchase_price,
    tags: JSON.stringify(d.tags),
    notes: d.notes,
    created_at: at,
    updated_at: at,
  };
}

/** Adding to an existing entry: quantities add, tags unite, an empty price or note is filled in. */
function mergeInto(existing: EntryRow, d: Draft, at: string): EntryRow {
  const tags = parseTags(existing.tags);
  for (const t of d.tags) if (!tags.includes(t)) tags.push(t);
  return {
    ...existing,
    quantity: existing.quantity + d.quantity,
    tags: JSON.stringify(tags),
    purchase_price: existing.purchase_price ?? d.purchase_price,
    notes: existing.notes ?? d.notes,
    updated_at: at,
  };
}

/** The fields a merge changes, in the order the view shows them (`toEntryView`). */
const MERGED_FIELDS = ['id', 'quantity', 'purchase_price', 'value', 'tags', 'notes', 'created_at'] as const;

/**
 * The JSON of `view` (a new entry, as its add would show it) cut around the fields a merge
 * takes from the entry it merges into, for `ccs_add_or_merge` to fill in (migrations
 * 0022 and 0024): every other field of a merged entry (card, identity, updated_at) is the new one's.
 * Each field is replaced by a marker no view can hold (a NUL, which JSON writes escaped), and
 * the text is split at the markers; null should the text not split into eight pieces.
 */
export function mergeTemplateOf(view: CollectionEntry, unit: number | null, ev: Pick<EventRow, 'id' | 'occurred_at'>): MergeTemplate | null {
  const marked: Record<string, unknown> = { ...view };
  MERGED_FIELDS.forEach((field, i) => {
    marked[field] = `\u0000${i}`;
  });
  const parts = JSON.stringify(marked).split(/"\\u0000\d"/);
  if (parts.length !== MERGED_FIELDS.length + 1) return null;
  return { parts, unit, max: MAX_QUANTITY, event_id: ev.id, occurred_at: ev.occurred_at };
}

/** An entry a collection import writes: its identity, the copies it adds and what the file said of them. */
export interface ImportedEntry extends EntryIdentity {
  quantity: number;
  /** USD per copy ("12.30"), or null. */
  purchase_price: string | null;
  tags: string[];
  notes: string | null;
}

export type { EntryIdentity } from './store.js';

/** Entries an import writes per round of statements: bounds the rows, views and events held at once. */
const IMPORT_CHUNK = 500;

/** An import's plan as `importEntries` takes it. */
export interface ImportWrite {
  /** Runs first, in the transaction and under the owner's lock (the import creates the binders its file names), at the write's time. */
  start?(trx: Executor, now: Date): Promise<void>;
  /** The entries, page by page, read with the transaction's executor. */
  pages(trx: Executor): AsyncIterable<readonly ImportedEntry[]>;
  /** Runs after the last page, in the same transaction (the import drops its staged plan). */
  finish?(trx: Executor): Promise<void>;
}

/**
 * At most this many adds in one statement (`addOrMergeMany`); a turn with more sends several. Each
 * add holds up to four advisory locks until the commit (owner, entry, one or two counters), all in
 * PostgreSQL's shared lock table, which `max_locks_per_transaction` (64) sizes per connection: 16
 * keep a statement near that share, as `MAX_IDENTITY_LOCKS` does for batches.
 */
export const MAX_ADDS_A_STATEMENT = 16;

/**
 * PostgreSQL: how the adds that reached `addAlone` went to the database, counted since the
 * process started (`/metrics`), so an operator (or a benchmark) can see how many adds a
 * statement carries under their load, and how often one had to go again alone.
 */
export interface AddsSent {
  /** Statements that carried several adds of one turn. */
  statements: number;
  /** The adds those statements carried, including those that came back busy. */
  together: number;
  /** Adds alone in their turn, sent as one statement each. */
  alone: number;
  /** Adds sent again alone, to wait, because another writer held their locks. */
  busy: number;
  /** Adds sent again alone because the database refused their statement. */
  refused: number;
}

interface Waiting {
  add: AddToMerge;
  resolve(answer: AddedOrMerged | undefined): void;
  reject(reason: unknown): void;
}

/**
 * An error PostgreSQL answered about the statement itself (a SQLSTATE and a severity, and not one
 * of the outage kinds): the statement was rolled back, so its adds may be sent again.
 */
function refusedByDatabase(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string' && databaseOutageCause(error) === undefined;
}

export interface CollectionWritesDeps {
  database: Database;
  clock: Clock;
  store: (executor: Executor) => CollectionStore;
  cards: Pick<CardLookup, 'byId' | 'byIds'>;
}

export function createCollectionWrites(deps: CollectionWritesDeps) {
  const writes = createWriteTransactions(deps.database);

  function event(userId: string, type: NewEvent['type'], data: CollectionEntry | null, at: Date): NewEvent {
    return { userId, type, data, at };
  }

  async function checkBinder(store: CollectionStore, userId: string, binderId: string | null, prefix: string): Promise<FieldError | undefined> {
    if (binderId === null) return undefined;
    if (!isUuid(binderId) || !(await store.ownsBinder(userId, binderId))) return unknownBinder(prefix);
    return undefined;
  }

  /**
   * PostgreSQL: an add into no binder runs as one statement outside any transaction
   * (`CollectionStore.addOrMerge`, or with the other adds of its turn `addOrMergeMany`): it inserts, or merges when the add has no tags, or answers
   * the entry it would merge into. Then the merge is computed here and sent as a second
   * statement (`mergeAlone`), which writes only if the entry is still as it was read; a merge
   * that finds its entry changed meanwhile starts over, and after a few such rounds (adds of
   * one card racing) the caller takes the transaction path. Undefined when it gave up. Adds
   * into a binder, which must check the binder under the owner's lock, always take the
   * transaction.
   */
  const alone = deps.database.dialect === 'postgres';

  /**
   * The time a write takes effect, read once it holds its locks: never before the last change of
   * the entries it writes (`updatedAt`), so their events and `updated_at` follow the order the
   * writes were applied in, even where a clock (another process's) runs behind.
   */
  function stamp(...updatedAt: Array<string | undefined>): Date {
    const now = deps.clock.now();
    let latest = now.getTime();
    for (const u of updatedAt) if (u !== undefined) latest = Math.max(latest, Date.parse(u));
    return latest === now.getTime() ? now : new Date(latest);
  }

  /**
   * PostgreSQL: the adds that reach `addAlone` in one turn of the event loop go to the database
   * as one statement (`CollectionStore.addOrMergeMany`, gathered by `lib/turn-batch.ts` as the
   * version reads and rate-limit calls are: one batch out at a time, the next waiting for it at
   * most 5 ms), so they share its round trip, the statement's fixed cost and one commit: at four
   * adds a statement the database's CPU a merge fell by ~40% (pgbench, bench/README.md,
   * thirteenth round). An add alone in its batch goes as before, so a quiet service waits for
   * nothing. In such a statement no add waits for a lock
   * (migration 0025): one whose locks another writer holds comes back `'busy'` and is sent alone,
   * to wait as every add did, so it holds up neither the other adds nor the locks they took, and
   * the statement cannot deadlock with other writers' lock orders. A batch the database refused
   * (an error it answered, so nothing was written) is sent again one add at a time, so that an
   * add that fails (its user deleted meanwhile, say) fails alone; any other failure (the
   * connection lost, where a commit may have happened) fails the whole batch, as it would have
   * failed each add.
   */
  const adds = batchSender<Waiting[]>(
    () => [],
    async (all) => {
      const sent: Promise<unknown>[] = [];
      for (let i = 0; i < all.length; i += MAX_ADDS_A_STATEMENT) sent.push(sendBatch(all.slice(i, i + MAX_ADDS_A_STATEMENT)));
      await Promise.all(sent);
    },
  );
  function addOrMerge(add: AddToMerge): Promise<AddedOrMerged | undefined> {
    return new Promise((resolve, reject) => {
      adds.current().push({ add, resolve, reject });
    });
  }
  const sent: AddsSent = { statements: 0, together: 0, alone: 0, busy: 0, refused: 0 };
  function sendAlone(store: CollectionStore, w: Waiting, why: 'alone' | 'busy' | 'refused'): void {
    sent[why]++;
    store.addOrMerge(w.add.row, w.add.event, w.add.merge).then(w.resolve, w.reject);
  }
  /** Settles once the batch's statement has (its busy or refused adds then go alone, not waited for). */
  async function sendBatch(batch: Waiting[]): Promise<void> {
    const store = deps.store(deps.database.db);
    const [only] = batch;
    if (only && batch.length === 1) {
      sendAlone(store, only, 'alone');
      return;
    }
    sent.statements++;
    sent.together += batch.length;
    let answers: Awaited<ReturnType<CollectionStore['addOrMergeMany']>>;
    try {
      answers = await store.addOrMergeMany(batch.map((w) => w.add));
    } catch (error) {
      if (refusedByDatabase(error)) for (const w of batch) sendAlone(store, w, 'refused');
      else for (const w of batch) w.reject(error);
      return;
    }
    batch.forEach((w, i) => {
      const answer = answers[i];
      if (answer === 'busy') sendAlone(store, w, 'busy');
      else w.resolve(answer);
    });
  }

  async function addAlone(userId: string, d: Draft, card: CardRow, identity: EntryIdentity): Promise<{ entry: CollectionEntry; created: boolean } | undefined> {
    const store = deps.store(deps.database.db);
    for (let round = 0; round < 3; round++) {
      // The statement merges only into an entry last changed before this add's time (migration 0029):
      // one changed since, or in the same millisecond, is merged here, stamped no earlier than that
      // change and with an event id made after it.
      let now = deps.clock.now();
      let at = now.toISOString();
      const row = newEntryRow(userId, identity, d, at);
      // Frozen: its event's payload and the answer's ETag then share one serialisation.
      const entry = deepFreeze(toEntryView(row, card));
      const template = d.tags.length === 0 ? mergeTemplateOf(entry, usdCentsFor(card, row.finish), eventRow(event(userId, 'collection.entry.updated', null, now))) : null;
      const found = await addOrMerge({ row, event: eventRow(event(userId, 'collection.entry.created', entry, now)), merge: template });
      if (!found) return { entry, created: true };
      if (found.merged) return { entry: deepFreeze(toEntryView(found.entry, card)), created: false };
      const existing = found.entry;
      now = stamp(existing.updated_at);
      at = now.toISOString();
      const merged = mergeInto(existing, d, at);
      const me = mergeErrors('', merged, d);
      if (me.length) throw Errors.validation(me);
      const view = deepFreeze(toEntryView(merged, card));
      if (await store.mergeAlone(existing, merged, eventRow(event(userId, 'collection.entry.updated', view, now)))) return { entry: view, created: false };
    }
    return undefined;
  }

  return {
    /** PostgreSQL: how the adds went to the database so far (all zero on SQLite). */
    addsSent(): Readonly<AddsSent> {
      return { ...sent };
    },

    /** Adds one entry, or grows the identical one. `created` tells which (201 or 200). */
    async add(userId: string, input: NewEntry): Promise<{ entry: CollectionEntry; created: boolean }> {
      const d = draftOf(input);
      // Cards are shared, read-mostly data: looked up before the write transaction starts.
      const card = isUuid(d.card_id) ? await deps.cards.byId(d.card_id) : undefined;
      const errors: FieldError[] = [];
      if (!card) errors.push(unknownCard(''));
      else {
        const fe = finishError('', d.finish, card);
        if (fe) errors.push(fe);
      }
      // The tags as sent: their index is the request's, before duplicates are dropped.
      const te = tagError('', input.tags);
      if (te) errors.push(te);
      if (errors.length && d.binder_id === null) throw Errors.validation(errors);

      const identity = card && identityOf({ ...d, language: d.language ?? card.lang });
      // An add sent with an Idempotency-Key takes the transactional path: the shared batch statement cannot carry its fence.
      if (alone && card && identity && !errors.length && d.binder_id === null && !fencing()) {
        const done = await addAlone(userId, d, card, identity);
        if (done) return done;
      }
      return writes.run(fenced(async (trx) => {
        const store = deps.store(trx);
        // The entry this add merges into, looked up under the add's locks.
        let existing: EntryRow | undefined;
        if (identity) existing = await store.lockAndFind(userId, identity);
        else await store.lockIdentities(userId, []);
        const now = stamp(existing?.updated_at);
        const at = now.toISOString();
        const be = await checkBinder(store, userId, d.binder_id, '');
        if (be) errors.push(be);
        if (errors.length || !card || !identity) throw Errors.validation(errors);

        if (existing) {
          const merged = mergeInto(existing, d, at);
          const me = mergeErrors('', merged, d);
          if (me.length) throw Errors.validation(me);
          // Frozen: its event's payload and the answer's ETag then share one serialisation.
          const entry = deepFreeze(toEntryView(merged, card));
          await recordEventWith(trx, store.updateMergedStatement(merged), event(userId, 'collection.entry.updated', entry, now));
          return { entry, created: false };
        }
        const row = newEntryRow(userId, identity, d, at);
        const entry = deepFreeze(toEntryView(row, card));
        await recordEventWith(trx, store.insertStatement(row), event(userId, 'collection.entry.created', entry, now));
        return { entry, created: true };
      }));
    },

    /** Adds up to 1,000 entries in one transaction: every item is valid, or nothing is written. */
    async addBatch(userId: string, inputs: NewEntry[]): Promise<BatchResult> {
      const drafts = inputs.map(draftOf);
      const cardIds = [...new Set(drafts.map((d) => d.card_id).filter(isUuid))];
      const cards = new Map((await deps.cards.byIds(cardIds)).map((c) => [c.id, c]));
      const errors: FieldError[] = [];
      // Every draft with its card; complete whenever `errors` stays empty.
      const items: Array<{ d: Draft; card: CardRow; i: number; identity: EntryIdentity }> = [];
      drafts.forEach((d, i) => {
        const card = cards.get(d.card_id);
        if (!card) {
          errors.push(unknownCard(`entries[${i}].`));
          return;
        }
        const fe = finishError(`entries[${i}].`, d.finish, card);
        if (fe) errors.push(fe);
        const te = tagError(`entries[${i}].`, inputs[i]?.tags);
        if (te) errors.push(te);
        items.push({ d, card, i, identity: identityOf({ ...d, language: d.language ?? card.lang }) });
      });

      return writes.run(fenced(async (trx) => {
        const store = deps.store(trx);
        await store.lockIdentities(userId, items.map((x) => x.identity));
        const binderIds = [...new Set(drafts.map((d) => d.binder_id).filter((b): b is string => b !== null))];
        const owned = await store.ownedBinderIds(userId, binderIds.filter(isUuid));
        drafts.forEach((d, i) => {
          if (d.binder_id !== null && !owned.has(d.binder_id)) errors.push(unknownBinder(`entries[${i}].`));
        });
        if (errors.length) throw Errors.validation(sortErrors(errors));

        // Identity -> the entry it lands in; existing entries first, the oldest winning.
        type Slot = { row: EntryRow; card: CardRow; isNew: boolean };
        const byIdentity = new Map<string, Slot>();
        const found = await store.findByIdentities(userId, items.map((x) => x.identity));
        for (const e of found) {
          const card = cards.get(e.card_id);
          const key = identityKey(identityOf(e));
          if (card && !byIdentity.has(key)) byIdentity.set(key, { row: e, card, isNew: false });
        }
        const now = stamp(...found.map((e) => e.updated_at));
        const at = now.toISOString();
        const touched = new Set<Slot>();
        const slotOf: Slot[] = [];
        for (const { d, card, i, identity } of items) {
          const key = identityKey(identity);
          let slot = byIdentity.get(key);
          if (slot) {
            touched.add(slot);
            slot.row = mergeInto(slot.row, d, at);
            errors.push(...mergeErrors(`entries[${i}].`, slot.row, d));
          } else {
            slot = { row: newEntryRow(userId, identity, d, at), card, isNew: true };
            byIdentity.set(key, slot);
            touched.add(slot);
          }
          slotOf.push(slot);
        }
        if (errors.length) throw Errors.validation(errors);

        const written = [...touched];
        await store.insert(written.filter((s) => s.isNew).map((s) => s.row));
        for (const s of written) if (!s.isNew) await store.updateMerged(s.row);

        // One view per entry, shared by the answer (where merged items repeat it) and its event.
        const views = new Map<Slot, CollectionEntry>();
        const viewOf = (s: Slot): CollectionEntry => {
          let view = views.get(s);
          if (!view) {
            view = toEntryView(s.row, s.card);
            views.set(s, view);
          }
          return view;
        };
        await recordEvents(
          trx,
          written.map((s) => event(userId, s.isNew ? 'collection.entry.created' : 'collection.entry.updated', viewOf(s), now)),
        );
        const created = written.filter((s) => s.isNew).length;
        return { data: slotOf.map(viewOf), meta: { created, updated: written.length - created } };
      }));
    },

    /**
     * Changes an entry. Making it identical to another entry is a 409 (no silent merge).
     * `ifMatch` (the request's If-Match) is compared with the entry as read under the owner's
     * lock, so of two writers holding the same ETag exactly one succeeds.
     */
    async update(userId: string, id: string, patch: EntryPatch, ifMatch?: string): Promise<CollectionEntry> {
      if (!isUuid(id)) throw Errors.notFound('collection entry');
      const te = tagError('', patch.tags);
      // Checked first: a refused value is refused whoever's entry the id names (no lock needed).
      if (te) throw Errors.validation([te]);
      return writes.run(fenced(async (trx) => {
        const store = deps.store(trx);
        // Lock before reading so concurrent patches of one user apply one after another.
        await store.lockOwner(userId, false);
        const found = await store.findWithCard(userId, id);
        if (!found) throw Errors.notFound('collection entry');
        const { entry: before, card } = found;
        const now = stamp(before.updated_at);
        const at = now.toISOString();
        await checkIfMatch(ifMatch, 'collection entry', () => toEntryView(before, card));

        const after: EntryRow = { ...before };
        if (patch.quantity !== undefined) after.quantity = patch.quantity;
        if (patch.condition !== undefined) after.condition = patch.condition;
        if (patch.finish !== undefined) after.finish = patch.finish;
        if (patch.language !== undefined) after.language = patch.language;
        if (patch.binder_id !== undefined) after.binder_id = patch.binder_id;
        if (patch.purchase_price !== undefined) after.purchase_price = patch.purchase_price === null ? null : toCents(patch.purchase_price);
        if (patch.tags !== undefined) after.tags = JSON.stringify([...new Set(patch.tags)]);
        if (patch.notes !== undefined) after.notes = patch.notes;

        const changes: Partial<EntryRow> = {};
        for (const k of ['quantity', 'condition', 'finish', 'language', 'binder_id', 'purchase_price', 'tags', 'notes'] as const) {
          if (after[k] !== before[k]) Object.assign(changes, { [k]: after[k] });
        }
        // Nothing changes: no write, no event, no version bump.
        if (Object.keys(changes).length === 0) return deepFreeze(toEntryView(before, card));

        const errors: FieldError[] = [];
        if (changes.finish !== undefined) {
          const fe = finishError('', after.finish, card);
          if (fe) errors.push(fe);
        }
        if (changes.binder_id !== undefined) {
          const be = await checkBinder(store, userId, after.binder_id, '');
          if (be) errors.push(be);
        }
        if (errors.length) throw Errors.validation(errors);
        const identityChanged = ['finish', 'condition', 'language', 'binder_id'].some((k) => k in changes);
        if (identityChanged && (await store.findByIdentity(userId, identityOf(after), id))) {
          throw Errors.conflict('Another entry already holds this card with the same finish, condition, language and binder; change that one or delete this one.');
        }

        after.updated_at = at;
        await store.update(id, { ...changes, updated_at: at });
        await store.lockOwner(userId, true);
        // Frozen: its event's payload, the answer's ETag and the answer itself share one serialisation.
        const view = deepFreeze(toEntryView(after, card));
        await recordEvent(trx, event(userId, 'collection.entry.updated', view, now));
        return view;
      }));
    },

    async remove(userId: string, id: string, ifMatch?: string): Promise<void> {
      if (!isUuid(id)) throw Errors.notFound('collection entry');
      await writes.run(fenced(async (trx) => {
        const store = deps.store(trx);
        await store.lockOwner(userId, true);
        const found = await store.findWithCard(userId, id);
        if (!found) throw Errors.notFound('collection entry');
        const now = stamp(found.entry.updated_at);
        const view = toEntryView(found.entry, found.card);
        await checkIfMatch(ifMatch, 'collection entry', () => view);
        await recordEventWith(trx, store.deleteStatement(id), event(userId, 'collection.entry.deleted', view, now));
      }));
    },

    /** The user's entries of these identities, oldest first, with what a merge keeps of them: what an import merges into. */
    async quantitiesOf(
      userId: string,
      identities: readonly EntryIdentity[],
    ): Promise<Array<EntryIdentity & { quantity: number; tags: string[]; purchase_price: string | null; notes: string | null }>> {
      const rows = await deps.store(deps.database.db).findByIdentities(userId, identities);
      return rows.map((r) => ({ ...identityOf(r), quantity: r.quantity, tags: parseTags(r.tags), purchase_price: fromCents(r.purchase_price), notes: r.notes }));
    },

    /** Which of these ids are the user's binders. */
    async ownedBinderIds(userId: string, ids: readonly string[]): Promise<Set<string>> {
      return deps.store(deps.database.db).ownedBinderIds(userId, ids.filter(isUuid));
    },

    /** The user's binders by (lower-cased) name, for an import that names them. */
    async bindersNamed(userId: string, names: readonly string[]): Promise<Array<{ id: string; name: string }>> {
      return deps.store(deps.database.db).bindersNamed(userId, names);
    },

    /**
     * Writes an import in one transaction, all or nothing: each entry merges into the
     * user's identical entry by the `POST /collection` rule (quantities add, tags unite, an
     * empty price or note is filled in) or is created, and each records its event. Entries
     * must have distinct identities (the import's plan merged its rows already). The caller
     * hands them over page by page, read with the transaction's executor (`write.pages`), so
     * memory holds one page's rows, views and events; `write.finish` runs last, in the same
     * transaction.
     */
    async importEntries(userId: string, write: ImportWrite): Promise<{ created: number; merged: number }> {
      return writeTransaction(deps.database, fenced(async (trx) => {
        const store = deps.store(trx);
        await store.lockOwner(userId, true);
        // Read under the lock, so the import's events follow the writes before it; each chunk's merges never earlier than their entries' last change.
        let now = stamp();
        await write.start?.(trx, now);
        const owned = new Set<string>();
        let created = 0;
        let merged = 0;
        for await (const page of write.pages(trx)) {
          for (let i = 0; i < page.length; i += IMPORT_CHUNK) {
            const chunk = page.slice(i, i + IMPORT_CHUNK);
            const binderIds = [...new Set(chunk.map((e) => e.binder_id).filter((b): b is string => b !== null && !owned.has(b)))];
            for (const b of await store.ownedBinderIds(userId, binderIds.filter(isUuid))) owned.add(b);
            // A binder deleted since the file was read.
            if (binderIds.some((b) => !owned.has(b))) throw Errors.validation([unknownBinder('')]);
            const cardIds = [...new Set(chunk.map((e) => e.card_id))];
            const cards = new Map((await deps.cards.byIds(cardIds, trx)).map((c) => [c.id, c]));
            const existing = new Map<string, EntryRow>();
            // Oldest first: the entry a duplicate identity merges into, as POST /collection picks it.
            for (const e of await store.findByIdentities(userId, chunk)) {
              const key = identityKey(identityOf(e));
              if (!existing.has(key)) existing.set(key, e);
            }
            now = stamp(now.toISOString(), ...[...existing.values()].map((e) => e.updated_at));
            const at = now.toISOString();
            const inserts: EntryRow[] = [];
            const updates: EntryRow[] = [];
            const events: NewEvent[] = [];
            for (const e of chunk) {
              const card = cards.get(e.card_id);
              // The card database changed (a card import) between planning and writing.
              if (!card) throw Errors.validation([unknownCard('')]);
              const fe = finishError('', e.finish, card);
              if (fe) throw Errors.validation([fe]);
              const d: Draft = { ...e, purchase_price: e.purchase_price === null ? null : toCents(e.purchase_price), tags: [...new Set(e.tags)] };
              const found = existing.get(identityKey(e));
              if (found) {
                const after = mergeInto(found, d, at);
                const me = mergeErrors('', after, d);
                if (me.length) throw Errors.validation(me);
                updates.push(after);
                events.push(event(userId, 'collection.entry.updated', toEntryView(after, card), now));
                merged++;
              } else {
                const row = newEntryRow(userId, identityOf(e), d, at);
                inserts.push(row);
                events.push(event(userId, 'collection.entry.created', toEntryView(row, card), now));
                created++;
              }
            }
            await store.updateMergedMany(updates);
            await store.insert(inserts);
            await recordEvents(trx, events);
            // Between rounds, other requests' work that needs no database goes on (on SQLite every query blocks).
            await new Promise<void>((resolve) => setImmediate(resolve));
          }
        }
        await write.finish?.(trx);
        return { created, merged };
      }));
    },

    /**
     * Takes the owner's write lock inside the caller's transaction, so a user's binder
     * writes and collection writes apply one after another (see `CollectionStore.lockOwner`).
     * `bump` also moves the collection's version, retiring cached pages: a binder renamed
     * changes what `q=binder:<name>` matches.
     */
    async lockOwner(trx: Executor, userId: string, bump = false): Promise<void> {
      await deps.store(trx).lockOwner(userId, bump);
    },

    /**
     * Inside the caller's transaction (a binder being deleted): moves every entry out of the
     * binder and answers their `collection.entry.updated` events, for the caller to record
     * in order with its own.
     */
    async releaseBinder(trx: Executor, userId: string, binderId: string, when: Date): Promise<NewEvent[]> {
      const store = deps.store(trx);
      const members = await store.inBinder(userId, binderId);
      if (members.length === 0) return [];
      // Never before an entry's last change (another process's clock may run ahead of this one's).
      const now = stamp(when.toISOString(), ...members.map((m) => m.entry.updated_at));
      const at = now.toISOString();
      await store.unassignBinder(userId, binderId, at);
      await store.lockOwner(userId, true);
      return members.map(({ entry, card }) => event(userId, 'collection.entry.updated', toEntryView({ ...entry, binder_id: null, updated_at: at }, card), now));
    },
  };
}

/** Errors in item order, so `entries[3]` is reported before `entries[10]`. */
function sortErrors(errors: FieldError[]): FieldError[] {
  const index = (f: FieldError) => Number(/^entries\[(\d+)\]/.exec(f.field)?.[1] ?? -1);
  return [...errors].sort((a, b) => index(a) - index(b));
}
