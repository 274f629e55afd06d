import { sql, type CompiledQuery, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { CardRow } from '../db/schema.js';
import type { Dialect } from '../db/database.js';
import { preparedQuery } from '../db/prepared.js';
import type { BindersTable, CardsTable, CollectionEntriesTable, DB, Executor } from '../db/schema.js';
import type { EventRow } from '../events/outbox.js';
import type { CursorField } from '../lib/cursor.js';
import type { Condition, Dir, Finish, Sort } from './schemas.js';

export type EntryRow = Selectable<CollectionEntriesTable>;

export interface EntryWithCard {
  entry: EntryRow;
  card: CardRow;
}

/** What makes two entries "the same cards": adding one of these again grows the quantity. */
export interface EntryIdentity {
  card_id: string;
  finish: string;
  condition: string;
  language: string;
  binder_id: string | null;
}

export interface EntryFilters {
  /** A binder id, `null` for entries in no binder, undefined for any. */
  binderId?: string | null;
  set?: string;
  finish?: Finish;
  condition?: Condition;
  /** Only these entries: the ones a `q` search matched. */
  ids?: readonly string[];
}

/** What a `q` search tests on each entry (see `EntryFacts` in the card search). */
export type EntryFactsRow = Pick<EntryRow, 'id' | 'card_id' | 'finish' | 'condition' | 'quantity' | 'binder_id' | 'tags'> & {
  binder_name: Selectable<BindersTable>['name'] | null;
};

/** An entry's facts with where it sits in its set and what it is worth (`cents`: null when unpriced). */
export type HeldFactsRow = EntryFactsRow & { created_at: string; set_code: string; set_name: string; collector_number: string; cents: number | null };

export interface Totals {
  total: number;
  quantity: number;
  valueCents: number;
}

type Joined = DB & { e: CollectionEntriesTable; c: CardsTable };
type JoinedEB = ExpressionBuilder<Joined, 'e' | 'c'>;

const ENTRY_COLUMNS = [
  'e.id',
  'e.user_id',
  'e.card_id',
  'e.quantity',
  'e.condition',
  'e.finish',
  'e.language',
  'e.binder_id',
  'e.purchase_price',
  'e.tags',
  'e.notes',
  'e.created_at',
  'e.updated_at',
] as const;

/** The card's columns but its Scryfall JSON. */
const LEAN_CARD_COLUMNS = [
  'c.oracle_id as c_oracle_id',
  'c.name as c_name',
  'c.lang as c_lang',
  'c.set_code as c_set_code',
  'c.set_name as c_set_name',
  'c.collector_number as c_collector_number',
  'c.rarity as c_rarity',
  'c.layout as c_layout',
  'c.released_at as c_released_at',
  'c.finishes as c_finishes',
  'c.price_usd as c_price_usd',
  'c.price_usd_foil as c_price_usd_foil',
  'c.price_usd_etched as c_price_usd_etched',
  'c.price_eur as c_price_eur',
  'c.price_eur_foil as c_price_eur_foil',
  'c.price_tix as c_price_tix',
  'c.updated_at as c_updated_at',
] as const;

const CARD_COLUMNS = [...LEAN_CARD_COLUMNS, 'c.data as c_data'] as const;

/** An entry with its card's columns (all but the id, which the entry has) prefixed `c_`. */
type JoinedRow = EntryRow & { [K in Exclude<keyof CardRow, 'id'> as `c_${K}`]: CardRow[K] };

function split(r: JoinedRow): EntryWithCard {
  return {
    entry: {
      id: r.id,
      user_id: r.user_id,
      card_id: r.card_id,
      quantity: r.quantity,
      condition: r.condition,
      finish: r.finish,
      language: r.language,
      binder_id: r.binder_id,
      purchase_price: r.purchase_price,
      tags: r.tags,
      notes: r.notes,
      created_at: r.created_at,
      updated_at: r.updated_at,
    },
    card: {
      id: r.card_id,
      oracle_id: r.c_oracle_id,
      name: r.c_name,
      lang: r.c_lang,
      set_code: r.c_set_code,
      set_name: r.c_set_name,
      collector_number: r.c_collector_number,
      rarity: r.c_rarity,
      layout: r.c_layout,
      released_at: r.c_released_at,
      finishes: r.c_finishes,
      price_usd: r.c_price_usd,
      price_usd_foil: r.c_price_usd_foil,
      price_usd_etched: r.c_price_usd_etched,
      price_eur: r.c_price_eur,
      price_eur_foil: r.c_price_eur_foil,
      price_tix: r.c_price_tix,
      data: r.c_data,
      updated_at: r.c_updated_at,
    },
  };
}

/** The USD price (cents) of one copy in the entry's finish; mirrors `usdCentsFor`. */
function unitCents(): RawBuilder<number | null> {
  return sql<number | null>`case ${sql.ref('e.finish')} when 'foil' then ${sql.ref('c.price_usd_foil')} when 'etched' then ${sql.ref('c.price_usd_etched')} else ${sql.ref('c.price_usd')} end`;
}

/** bigint before multiplying: int4 × int4 could overflow on PostgreSQL. */
function totalCents(): RawBuilder<number | null> {
  return sql<number | null>`cast(${unitCents()} as bigint) * ${sql.ref('e.quantity')}`;
}

/**
 * Entries without a price sort after every priced entry in both directions, so the
 * key replaces NULL with a value beyond any real total (max 100,000 × 2^31 cents).
 */
export const UNPRICED_DESC = -1;
export const UNPRICED_ASC = 9_000_000_000_000_000;

/** The sort keys of each listing order; the last one is always the unique `e.id`. */
function sortKeys(sort: Sort, dir: Dir): Array<Expression<unknown>> {
  switch (sort) {
    case 'added':
      return [sql.ref('e.created_at'), sql.ref('e.id')];
    case 'name':
      return [sql.ref('c.name'), sql.ref('e.id')];
    case 'value':
      return [sql`coalesce(${totalCents()}, ${sql.lit(dir === 'asc' ? UNPRICED_ASC : UNPRICED_DESC)})`, sql.ref('e.id')];
    case 'quantity':
      return [sql.ref('e.quantity'), sql.ref('e.id')];
    case 'set':
      return [sql.ref('c.set_code'), sql.ref('c.collector_number'), sql.ref('e.id')];
  }
}

/** The cursor values of a row for `sort`, computed exactly as the SQL keys are. */
export function sortValues(sort: Sort, dir: Dir, { entry, card }: EntryWithCard, value: number | null): Array<string | number> {
  switch (sort) {
    case 'added':
      return [entry.created_at, entry.id];
    case 'name':
      return [card.name, entry.id];
    case 'value':
      return [value ?? (dir === 'asc' ? UNPRICED_ASC : UNPRICED_DESC), entry.id];
    case 'quantity':
      return [entry.quantity, entry.id];
    case 'set':
      return [card.set_code, card.collector_number, entry.id];
  }
}

/** The type each cursor value must have, so a forged cursor cannot make the database compare text with numbers. */
export function sortValueTypes(sort: Sort): CursorField[] {
  switch (sort) {
    case 'value':
      return ['int', 'string'];
    case 'quantity':
      return ['count', 'string'];
    case 'set':
      return ['string', 'string', 'string'];
    case 'added':
      return ['time', 'string'];
    default:
      return ['string', 'string'];
  }
}

function byAge(a: Pick<EntryRow, 'created_at' | 'id'>, b: Pick<EntryRow, 'created_at' | 'id'>): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * `e.id` in a list passed as one JSON parameter, so a search matching 50,000
 * entries stays one statement under every bound-parameter limit.
 */
function idIn(dialect: Dialect, ids: readonly string[]): RawBuilder<SqlBool> {
  const list = JSON.stringify(ids);
  return dialect === 'postgres'
    ? sql<SqlBool>`${sql.ref('e.id')} in (select jsonb_array_elements_text(cast(${list} as jsonb)))`
    : sql<SqlBool>`${sql.ref('e.id')} in (select value from json_each(${list}))`;
}

type EntriesEB = ExpressionBuilder<DB & { e: CollectionEntriesTable }, 'e'>;

/** The filters' conditions on an entry joined to its card (`e`, `c`). */
function filterConditions(eb: JoinedEB, dialect: Dialect, userId: string, f: EntryFilters): Array<Expression<SqlBool>> {
  // The joined builder names `e` as the entries-only one does; only the types differ.
  const out = entryConditions(eb as unknown as EntriesEB, dialect, userId, f);
  if (f.set !== undefined) out.push(eb('c.set_code', '=', f.set));
  return out;
}

/** The filters on the entry alone (all but `set`): what `entriesFirst` applies before looking up cards. */
function entryConditions(eb: EntriesEB, dialect: Dialect, userId: string, f: EntryFilters): Array<Expression<SqlBool>> {
  const out: Array<Expression<SqlBool>> = [eb('e.user_id', '=', userId)];
  if (f.binderId === null) out.push(eb('e.binder_id', 'is', null));
  else if (f.binderId !== undefined) out.push(eb('e.binder_id', '=', f.binderId));
  if (f.finish !== undefined) out.push(eb('e.finish', '=', f.finish));
  if (f.condition !== undefined) out.push(eb('e.condition', '=', f.condition));
  if (f.ids !== undefined) out.push(idIn(dialect, f.ids));
  return out;
}

function identityConditions(eb: ExpressionBuilder<DB, 'collection_entries'>, userId: string, id: EntryIdentity): Array<Expression<SqlBool>> {
  return [
    eb('user_id', '=', userId),
    eb('card_id', '=', id.card_id),
    eb('finish', '=', id.finish),
    eb('condition', '=', id.condition),
    eb('language', '=', id.language),
    id.binder_id === null ? eb('binder_id', 'is', null) : eb('binder_id', '=', id.binder_id),
  ];
}

// The queries of every collection write and cached read, compiled once (see preparedQuery).
const bumpOwner = preparedQuery((db, userId: string) =>
  db
    .updateTable('users')
    .set((eb) => ({ collection_version: eb('collection_version', '+', 1) }))
    .where('id', '=', userId),
);
const lockOwnerOnly = preparedQuery((db, userId: string) =>
  db
    .updateTable('users')
    .set((eb) => ({ collection_version: eb.ref('collection_version') }))
    .where('id', '=', userId),
);
function identitySelect(db: Kysely<DB>, userId: string, cardId: string, finish: string, condition: string, language: string) {
  return db
    .selectFrom('collection_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('card_id', '=', cardId)
    .where('finish', '=', finish)
    .where('condition', '=', condition)
    .where('language', '=', language);
}
const byIdentity = preparedQuery((db, userId: string, cardId: string, finish: string, condition: string, language: string, binderId: string) =>
  identitySelect(db, userId, cardId, finish, condition, language).where('binder_id', '=', binderId),
);
const byIdentityUnbound = preparedQuery((db, userId: string, cardId: string, finish: string, condition: string, language: string) =>
  identitySelect(db, userId, cardId, finish, condition, language).where('binder_id', 'is', null),
);
// One entry with its card, by id: every GET, PATCH and DELETE of an entry starts here.
const entryWithCard = preparedQuery((db, userId: string, id: string) =>
  db
    .selectFrom('collection_entries as e')
    .innerJoin('cards as c', 'c.id', 'e.card_id')
    .select([...ENTRY_COLUMNS, ...CARD_COLUMNS])
    .where('e.id', '=', id)
    .where('e.user_id', '=', userId),
);
const insertEntry = preparedQuery(
  (
    db,
    id: string,
    userId: string,
    cardId: string,
    quantity: number,
    condition: string,
    finish: string,
    language: string,
    binderId: string | null,
    purchasePrice: number | null,
    tags: string,
    notes: string | null,
    createdAt: string,
    updatedAt: string,
  ) =>
    db.insertInto('collection_entries').values({
      id,
      user_id: userId,
      card_id: cardId,
      quantity,
      condition,
      finish,
      language,
      binder_id: binderId,
      purchase_price: purchasePrice,
      tags,
      notes,
      created_at: createdAt,
      updated_at: updatedAt,
    }),
);

/** A merge changes these five fields and nothing else (`mergeInto`); built once like the insert. */
const updateMerged = preparedQuery(
  (db, id: string, quantity: number, tags: string, purchasePrice: number | null, notes: string | null, updatedAt: string) =>
    db
      .updateTable('collection_entries')
      .set({ quantity, tags, purchase_price: purchasePrice, notes, updated_at: updatedAt })
      .where('id', '=', id),
);

const deleteEntry = preparedQuery((db, id: string) => db.deleteFrom('collection_entries').where('id', '=', id));

// Entries name their binder; which binders a user owns is read here rather than through the binders feature, which depends on this one.
const ownedBinder = preparedQuery((db, userId: string, id: string) => db.selectFrom('binders').select('id').where('id', '=', id).where('user_id', '=', userId));

const collectionVersion = preparedQuery((db, userId: string) => db.selectFrom('users').select('collection_version').where('id', '=', userId));
// PostgreSQL (migration 0019): the version is a sum of per-connection counters, the write locks advisory.
const shardedVersion = preparedQuery((db, userId: string) =>
  db.selectFrom('collection_version_shards').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('n'), sql<string>`0`).as('v')).where('user_id', '=', userId),
);
const shardedVersions = preparedQuery((db, userIds: readonly string[]) => ({
  compile: () =>
    sql<{ user_id: string; v: string }>`select user_id, sum(n) as v from collection_version_shards where user_id = any(cast(${userIds} as text[])) group by user_id`.compile(db),
}));
const lockCollection = preparedQuery((db, userId: string, exclusive: boolean, keys: readonly string[], bump: boolean) =>
  // A raw statement compiles against its executor; preparedQuery takes a Compilable.
  ({ compile: () => sql<never>`select ccs_lock_collection(${userId}, ${exclusive}, cast(${keys} as text[]), ${bump})`.compile(db) }),
);

const lockEntry = preparedQuery(
  (db, userId: string, key: string, cardId: string, finish: string, condition: string, language: string, binderId: string | null) => ({
    compile: () => sql<EntryRow>`select * from ccs_lock_entry(${userId}, ${key}, ${cardId}, ${finish}, ${condition}, ${language}, ${binderId})`.compile(db),
  }),
);

// The created event's columns and the template's pieces go as plain values (migration 0024): no JSON for the database to parse but the entry's.
const addOrMerge = preparedQuery(
  (
    db,
    key: string,
    entry: string,
    eventId: string,
    eventType: string,
    occurredAt: string,
    payload: string,
    parts: readonly string[] | null,
    unit: number | null,
    max: number | null,
    mergeEventId: string | null,
    mergeOccurredAt: string | null,
  ) => ({
    compile: () =>
      sql<AddedOrMerged>`select merged, entry from ccs_add_or_merge(${key}, cast(${entry} as jsonb), ${eventId}, ${eventType}, ${occurredAt}, ${payload}, cast(${parts} as text[]), cast(${unit} as bigint), cast(${max} as integer), ${mergeEventId}, ${mergeOccurredAt})`.compile(
        db,
      ),
  }),
);
// Several adds as one statement (one commit): the arrays hold one element an add, each add's
// template pieces joined by U+0001, which the JSON they are cut from never holds unescaped.
// Rows come back only for adds that found an entry or found their locks taken (migration 0025:
// `merged` null), numbered by `i` (1-based).
const addOrMergeMany = preparedQuery(
  (
    db,
    keys: readonly string[],
    entries: readonly string[],
    eventIds: readonly string[],
    eventTypes: readonly string[],
    occurredAts: readonly string[],
    payloads: readonly string[],
    parts: readonly (string | null)[],
    units: readonly (number | null)[],
    maxes: readonly (number | null)[],
    mergeEventIds: readonly (string | null)[],
    mergeOccurredAts: readonly (string | null)[],
  ) => ({
    compile: () =>
      sql<{ i: string; merged: boolean | null; entry: EntryRow | null }>`select o.i, m.merged, m.entry from unnest(cast(${keys} as text[]), cast(${entries} as jsonb[]), cast(${eventIds} as text[]),
        cast(${eventTypes} as text[]), cast(${occurredAts} as text[]), cast(${payloads} as text[]), cast(${parts} as text[]), cast(${units} as bigint[]),
        cast(${maxes} as integer[]), cast(${mergeEventIds} as text[]), cast(${mergeOccurredAts} as text[]))
        with ordinality as o(key, entry, event_id, event_type, occurred_at, payload, parts, unit, max, merge_event_id, merge_occurred_at, i)
        cross join lateral ccs_add_or_merge_unless_busy(o.key, o.entry, o.event_id, o.event_type, o.occurred_at, o.payload, string_to_array(o.parts, chr(1)), o.unit, o.max,
          o.merge_event_id, o.merge_occurred_at) as m`.compile(db),
  }),
);
/** Joins a template's pieces for `addOrMergeMany`. */
const PARTS_SEPARATOR = '\u0001';

const mergeEntry = preparedQuery((db, key: string, before: string, after: string, event: string) => ({
  compile: () => sql<{ merged: boolean }>`select ccs_merge_entry(${key}, cast(${before} as jsonb), cast(${after} as jsonb), cast(${event} as jsonb)) as merged`.compile(db),
}));

/**
 * How `ccs_add_or_merge` may merge an add without tags (migrations 0022 and 0024): the event's JSON
 * cut around the seven fields a merge changes, the card's unit price in cents, the quantity
 * bound, and the event's id and time.
 */
export interface MergeTemplate {
  parts: string[];
  unit: number | null;
  max: number;
  event_id: string;
  occurred_at: string;
}

/** One add for `addOrMergeMany`: what `addOrMerge` takes. */
export interface AddToMerge {
  row: EntryRow;
  event: EventRow;
  merge: MergeTemplate | null;
}

/** What `addOrMerge` answers when the user had an entry with the identity. */
export interface AddedOrMerged {
  merged: boolean;
  entry: EntryRow;
}

/** Above this many identities a batch takes the owner's lock exclusively instead of one lock each. */
export const MAX_IDENTITY_LOCKS = 16;

/** An identity as one text, for the lock it is taken under. */
function identityText(i: EntryIdentity): string {
  return JSON.stringify([i.card_id, i.finish, i.condition, i.language, i.binder_id]);
}

/** The card columns a listing filters, sorts and totals by (`c` in `listed`). */
type ListingCard = Pick<CardsTable, 'id' | 'name' | 'set_code' | 'collector_number' | 'price_usd' | 'price_usd_foil' | 'price_usd_etched'>;

/**
 * Cards as a listing reads them: on SQLite from the `cards_listing` index (migration 0031), since
 * a card's row there carries its Scryfall JSON and a total or sort over 60,000 entries touched a
 * page of the table for each (3-4x slower). SQLite's planner prefers the primary key's unique
 * index for `c.id = ?`, so the index is named. PostgreSQL keeps the JSON out of line: the table.
 */
function listingCards(dialect: Dialect) {
  return dialect === 'postgres'
    ? sql<ListingCard>`cards`.as('c')
    : sql<ListingCard>`(select id, name, set_code, collector_number, price_usd, price_usd_foil, price_usd_etched from cards indexed by cards_listing)`.as('c');
}

export function createCollectionStore(db: Executor, dialect: Dialect) {
  const joined = () => db.selectFrom('collection_entries as e').innerJoin('cards as c', 'c.id', 'e.card_id');
  /** Entries with the card columns a listing filters, sorts and totals by (`listingCards`). */
  const listed = () => db.selectFrom('collection_entries as e').innerJoin(listingCards(dialect), 'c.id', 'e.card_id');
  /**
   * On PostgreSQL, a read in `added` order with no card filter picks its `limit` entries before
   * joining their cards. Joined first, a user whose entries arrived after the table's statistics
   * (an import, a collection built since the last analyze, all of it unknown to the planner) had
   * every entry read, joined to its card and sorted for each page or chunk: 100-280 ms a chunk
   * of 1,000 at 68,000 entries, each chunk of a walk re-reading the rest. Picked first, such a
   * chunk sorts the user's entries alone and looks up 1,000 cards (measured on 60,000 entries:
   * a walk 3.7 s before, 1.1 s after; a page of 200 140 ms before, 38 ms after); with current
   * statistics both are an ordered index scan. SQLite's planner walks the index either way.
   */
  const entriesFirst = (userId: string, filters: EntryFilters, after: readonly [string, string] | undefined, dir: Dir, limit: number) =>
    dialect === 'postgres' && filters.set === undefined
      ? db
          .selectFrom(
            db
              .selectFrom('collection_entries as e')
              .selectAll('e')
              .where((eb) => eb.and(entryConditions(eb, dialect, userId, filters)))
              .$if(after !== undefined, (q) => q.where(sql<SqlBool>`(${sql.ref('e.created_at')}, ${sql.ref('e.id')}) ${sql.raw(dir === 'asc' ? '>' : '<')} (${after?.[0]}, ${after?.[1]})`))
              .orderBy('e.created_at', dir)
              .orderBy('e.id', dir)
              .limit(limit)
              .as('e'),
          )
          // Each entry's card by its key (`offset 0` keeps the subquery a probe): a plain join let the
          // planner hash the whole card table for a thousand entries (~8 ms a chunk against ~2).
          .innerJoinLateral(
            (eb) => eb.selectFrom('cards').selectAll('cards').whereRef('cards.id', '=', 'e.card_id').offset(0).as('c'),
            (join) => join.onTrue(),
          )
      : undefined;

  return {
    /** The user's collection version (bumped in every collection write's transaction); 0 for a user gone meanwhile. */
    async version(userId: string): Promise<number> {
      if (dialect === 'postgres') return Number((await shardedVersion(db, userId))[0]?.v ?? 0);
      return Number((await collectionVersion(db, userId))[0]?.collection_version ?? 0);
    },
    /** Several users' versions in one statement (PostgreSQL; one read each on SQLite); a user with none is left out. */
    async versions(userIds: readonly string[]): Promise<Map<string, number>> {
      const out = new Map<string, number>();
      if (dialect !== 'postgres') {
        for (const id of userIds) out.set(id, await this.version(id));
        return out;
      }
      for (const r of await shardedVersions(db, userIds)) out.set(r.user_id, Number(r.v));
      return out;
    },
    /** The same, synchronously where the database allows (SQLite outside a transaction); undefined otherwise. */
    versionNow(userId: string): number | undefined {
      if (dialect === 'postgres') return undefined;
      const rows = collectionVersion.now(db, userId);
      return rows && Number(rows[0]?.collection_version ?? 0);
    },

    /**
     * Takes the owner's write lock for a write that may touch any of the user's entries
     * (patches, deletes, binder changes, imports): it waits for the user's other writes and
     * they wait for it. On PostgreSQL an advisory lock (migration 0019); on SQLite it makes
     * the transaction a writer from its first statement, so it waits on busy_timeout instead
     * of failing a read-to-write upgrade. `bump` also retires cached pages.
     */
    async lockOwner(userId: string, bump: boolean): Promise<void> {
      if (dialect === 'postgres') await lockCollection(db, userId, true, [], bump);
      else await (bump ? bumpOwner : lockOwnerOnly)(db, userId);
    },

    /**
     * Takes the locks an add needs and retires cached pages: on PostgreSQL the owner's lock
     * shared and one lock per identity the add may merge into, so adds of other cards go on
     * meanwhile and two adds of one card merge one after the other; on SQLite, as lockOwner.
     */
    async lockIdentities(userId: string, identities: readonly EntryIdentity[]): Promise<void> {
      if (dialect !== 'postgres') await bumpOwner(db, userId);
      // Each advisory lock takes a slot of PostgreSQL's shared lock table (64 per connection by
      // default): a big batch locks the owner's whole collection instead, as patches do.
      else if (identities.length > MAX_IDENTITY_LOCKS) await lockCollection(db, userId, true, [], true);
      else await lockCollection(db, userId, false, identities.map(identityText), true);
    },

    /**
     * An add of one entry: `lockIdentities` for its identity, then the oldest entry it merges
     * into (as findByIdentity), in one round trip on PostgreSQL (`ccs_lock_entry`).
     */
    async lockAndFind(userId: string, identity: EntryIdentity): Promise<EntryRow | undefined> {
      if (dialect !== 'postgres') {
        await bumpOwner(db, userId);
        return this.findByIdentity(userId, identity);
      }
      const { card_id, finish, condition, language, binder_id } = identity;
      const rows = await lockEntry(db, userId, identityText(identity), card_id, finish, condition, language, binder_id);
      return rows.length <= 1 ? rows[0] : rows.sort(byAge)[0];
    },

    async ownsBinder(userId: string, binderId: string): Promise<boolean> {
      return (await ownedBinder(db, userId, binderId)).length > 0;
    },

    /**
     * The user's binders named so, by lower-cased name: the first in the user's order where
     * several share a name.
     */
    /** The user's binders whose names are any of `names` ignoring case, in binder order. */
    async bindersNamed(userId: string, names: readonly string[]): Promise<Array<{ id: string; name: string }>> {
      const wanted = new Set(names.map((n) => n.toLowerCase()));
      if (wanted.size === 0) return [];
      const rows = await db.selectFrom('binders').select(['id', 'name']).where('user_id', '=', userId).orderBy('position').orderBy('id').execute();
      return rows.filter((r) => wanted.has(r.name.toLowerCase()));
    },

    /** Which of `ids` are binders of this user. */
    async ownedBinderIds(userId: string, ids: readonly string[]): Promise<Set<string>> {
      const out = new Set<string>();
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await db.selectFrom('binders').select('id').where('user_id', '=', userId).where('id', 'in', ids.slice(i, i + 500)).execute();
        for (const r of rows) out.add(r.id);
      }
      return out;
    },

    async findWithCard(userId: string, id: string): Promise<EntryWithCard | undefined> {
      const [row] = await entryWithCard(db, userId, id);
      return row ? split(row) : undefined;
    },

    /**
     * The oldest entry with this identity (a binder delete can leave two; see api-notes).
     * Picked in JS: an ORDER BY here tempts SQLite to walk an index that serves the order
     * instead of entries_identity, turning a point look-up into a scan of the collection.
     */
    async findByIdentity(userId: string, identity: EntryIdentity, excludeId?: string): Promise<EntryRow | undefined> {
      let rows: EntryRow[];
      if (excludeId === undefined) {
        const { card_id, finish, condition, language, binder_id } = identity;
        rows =
          binder_id === null
            ? await byIdentityUnbound(db, userId, card_id, finish, condition, language)
            : await byIdentity(db, userId, card_id, finish, condition, language, binder_id);
      } else {
        rows = await db
          .selectFrom('collection_entries')
          .selectAll()
          .where((eb) => eb.and(identityConditions(eb, userId, identity)))
          .where('id', '!=', excludeId)
          .execute();
      }
      return rows.length <= 1 ? rows[0] : rows.sort(byAge)[0];
    },

    /** Every entry of the user holding one of these cards, oldest first. */
    /**
     * The user's entries of exactly these identities (a batch's, an import's), oldest first. Not
     * every entry of their cards: that is all of a user's variants of them (tens of thousands for
     * a large collection of few cards), read for nothing.
     */
    async findByIdentities(userId: string, identities: readonly EntryIdentity[]): Promise<EntryRow[]> {
      const out: EntryRow[] = [];
      if (dialect === 'postgres') {
        // One index search per identity (the identities as arrays, each probing the identity index
        // through a lateral subquery that `offset 0` keeps PostgreSQL from flattening), whatever it
        // believes of the table. With statistics that predate the user's entries (an import's own
        // transaction, a collection built since the last analyze) an OR of the identities was run as
        // a scan of all of them (60,000 entries: ~130 ms a chunk of 100 instead of ~0.3 ms), and a
        // plain join of the arrays as a merge join sorting them all (~130 ms a chunk of 1,000).
        const unique = [...new Map(identities.map((id) => [identityText(id), id])).values()];
        for (let i = 0; i < unique.length; i += 1_000) {
          const chunk = unique.slice(i, i + 1_000);
          const column = (pick: (id: EntryIdentity) => string | null) => chunk.map(pick);
          const { rows } = await sql<EntryRow>`select e.* from unnest(cast(${column((id) => id.card_id)} as text[]), cast(${column((id) => id.finish)} as text[]),
            cast(${column((id) => id.condition)} as text[]), cast(${column((id) => id.language)} as text[]), cast(${column((id) => id.binder_id)} as text[]))
            as k(card_id, finish, condition, language, binder_id)
            cross join lateral (select * from collection_entries x where x.user_id = ${userId} and x.card_id = k.card_id and x.finish = k.finish
              and x.condition = k.condition and x.language = k.language and x.binder_id is not distinct from k.binder_id offset 0) e`.execute(db);
          out.push(...rows);
        }
        return out.sort(byAge);
      }
      // Each OR term is the identity index's whole key, so each is one index search (SQLite's planner takes every term to the index).
      for (let i = 0; i < identities.length; i += 100) {
        const chunk = identities.slice(i, i + 100);
        out.push(...(await db.selectFrom('collection_entries').selectAll().where((eb) => eb.or(chunk.map((id) => eb.and(identityConditions(eb, userId, id))))).execute()));
      }
      return out.sort(byAge);
    },

    async insert(rows: readonly EntryRow[]): Promise<void> {
      const [r] = rows;
      if (r && rows.length === 1) {
        await insertEntry(db, r.id, r.user_id, r.card_id, r.quantity, r.condition, r.finish, r.language, r.binder_id, r.purchase_price, r.tags, r.notes, r.created_at, r.updated_at);
        return;
      }
      // 13 parameters a row; 200 rows stay far below every bound-parameter limit.
      for (let i = 0; i < rows.length; i += 200) {
        await db.insertInto('collection_entries').values(rows.slice(i, i + 200)).execute();
      }
    },

    async update(id: string, changes: Partial<Omit<EntryRow, 'id' | 'user_id' | 'card_id' | 'created_at'>>): Promise<void> {
      await db.updateTable('collection_entries').set(changes).where('id', '=', id).execute();
    },

    /**
     * PostgreSQL only, outside a transaction, in one statement under the add's locks: adds `row`
     * with its event (undefined answered), or, when the user has an entry with its identity,
     * merges into the oldest such entry as `merge` describes (`merged: true`, the entry as
     * written) or, where the statement may not merge, writes nothing and answers that entry
     * (`merged: false`) for `mergeAlone` (`ccs_add_or_merge`, migrations 0022 and 0024).
     */
    async addOrMerge(row: EntryRow, event: EventRow, merge: MergeTemplate | null): Promise<AddedOrMerged | undefined> {
      const [only] = await addOrMerge(
        db,
        identityText(row),
        JSON.stringify(row),
        event.id,
        event.type,
        event.occurred_at,
        event.payload,
        merge?.parts ?? null,
        merge?.unit ?? null,
        merge?.max ?? null,
        merge?.event_id ?? null,
        merge?.occurred_at ?? null,
      );
      return only;
    },

    /**
     * PostgreSQL only: `addOrMerge` for several adds in one statement and so one transaction, in
     * the order given, none waiting for a lock (migrations 0025, 0026): an add whose locks another
     * writer holds (its owner's, its identity's, or all its user's counters) writes nothing and is
     * answered `'busy'`, to be sent alone.
     * The others are answered as `addOrMerge` answers, in the same order. If any add fails the
     * statement writes nothing and rejects.
     */
    async addOrMergeMany(adds: readonly AddToMerge[]): Promise<Array<AddedOrMerged | undefined | 'busy'>> {
      const rows = await addOrMergeMany(
        db,
        adds.map((a) => identityText(a.row)),
        adds.map((a) => JSON.stringify(a.row)),
        adds.map((a) => a.event.id),
        adds.map((a) => a.event.type),
        adds.map((a) => a.event.occurred_at),
        adds.map((a) => a.event.payload),
        adds.map((a) => (a.merge ? a.merge.parts.join(PARTS_SEPARATOR) : null)),
        adds.map((a) => a.merge?.unit ?? null),
        adds.map((a) => a.merge?.max ?? null),
        adds.map((a) => a.merge?.event_id ?? null),
        adds.map((a) => a.merge?.occurred_at ?? null),
      );
      const out: Array<AddedOrMerged | undefined | 'busy'> = adds.map(() => undefined);
      for (const r of rows) out[Number(r.i) - 1] = r.merged === null || r.entry === null ? 'busy' : { merged: r.merged, entry: r.entry };
      return out;
    },

    /** PostgreSQL only: writes `after` and its event if the entry is still exactly `before`; false when it changed meanwhile (`ccs_merge_entry`). */
    async mergeAlone(before: EntryRow, after: EntryRow, event: EventRow): Promise<boolean> {
      const rows = await mergeEntry(db, identityText(before), JSON.stringify(before), JSON.stringify(after), JSON.stringify(event));
      return rows[0]?.merged === true;
    },

    /** The insert of one entry, not run: for `recordEventWith`, which sends it with its event. */
    insertStatement(r: EntryRow): CompiledQuery {
      return insertEntry.compiled(db, r.id, r.user_id, r.card_id, r.quantity, r.condition, r.finish, r.language, r.binder_id, r.purchase_price, r.tags, r.notes, r.created_at, r.updated_at);
    },

    /** updateMerged's statement, not run (as insertStatement). */
    updateMergedStatement(e: Pick<EntryRow, 'id' | 'quantity' | 'tags' | 'purchase_price' | 'notes' | 'updated_at'>): CompiledQuery {
      return updateMerged.compiled(db, e.id, e.quantity, e.tags, e.purchase_price, e.notes, e.updated_at);
    },

    /** The delete of one entry, not run (as insertStatement). */
    deleteStatement(id: string): CompiledQuery {
      return deleteEntry.compiled(db, id);
    },

    /**
     * Writes merged entries (an import's): on PostgreSQL in one statement a thousand, since
     * a round trip each made merging 60,000 rows take minutes; on SQLite, where a statement
     * costs no round trip, the prepared one for each.
     */
    async updateMergedMany(rows: ReadonlyArray<Pick<EntryRow, 'id' | 'quantity' | 'tags' | 'purchase_price' | 'notes' | 'updated_at'>>): Promise<void> {
      if (dialect !== 'postgres') {
        for (const e of rows) await updateMerged(db, e.id, e.quantity, e.tags, e.purchase_price, e.notes, e.updated_at);
        return;
      }
      for (let i = 0; i < rows.length; i += 1_000) {
        const chunk = rows.slice(i, i + 1_000);
        await sql`update collection_entries as e set quantity = v.quantity, tags = v.tags, purchase_price = v.purchase_price, notes = v.notes, updated_at = v.updated_at
          from unnest(cast(${chunk.map((e) => e.id)} as text[]), cast(${chunk.map((e) => e.quantity)} as integer[]), cast(${chunk.map((e) => e.tags)} as text[]),
            cast(${chunk.map((e) => e.purchase_price)} as integer[]), cast(${chunk.map((e) => e.notes)} as text[]), cast(${chunk.map((e) => e.updated_at)} as text[]))
            as v(id, quantity, tags, purchase_price, notes, updated_at)
          where e.id = v.id`.execute(db);
      }
    },

    /** Writes a merged entry's quantity, tags, price, notes and time (the add and import merges). */
    async updateMerged(e: Pick<EntryRow, 'id' | 'quantity' | 'tags' | 'purchase_price' | 'notes' | 'updated_at'>): Promise<void> {
      await updateMerged(db, e.id, e.quantity, e.tags, e.purchase_price, e.notes, e.updated_at);
    },

    /**
     * One page in `sort` order, starting after the keyset `after` (exclusive). `cardData: false`
     * leaves out the card's Scryfall JSON (`data` reads `{}`): an export reads it once per card instead.
     */
    async page(
      userId: string,
      filters: EntryFilters,
      sort: Sort,
      dir: Dir,
      after: Array<string | number> | undefined,
      limit: number,
      opts: { cardData?: boolean } = {},
    ): Promise<EntryWithCard[]> {
      const keys = sortKeys(sort, dir);
      const first = sort === 'added' && (after === undefined || after.length === 2) ? entriesFirst(userId, filters, after as [string, string] | undefined, dir, limit) : undefined;
      if (first) {
        const rows = await first
          .select([...ENTRY_COLUMNS, ...LEAN_CARD_COLUMNS])
          .select(opts.cardData === false ? sql<string>`'{}'`.as('c_data') : sql<string>`${sql.ref('c.data')}`.as('c_data'))
          .orderBy('e.created_at', dir)
          .orderBy('e.id', dir)
          .execute();
        return rows.map(split);
      }
      // The page's entries are picked, by id and sort keys, before their rows and cards are read:
      // sorted with the rows, SQLite carried every matching entry's card JSON through the sort.
      let top = listed()
        .select('e.id as t_id')
        .select(keys.map((k, i) => sql`${k}`.as(`k${i}`)))
        .where((eb) => eb.and(filterConditions(eb, dialect, userId, filters)));
      if (after) {
        // Row-value comparison: one range condition both databases can serve from an index.
        top = top.where(sql<SqlBool>`(${sql.join(keys)}) ${sql.raw(dir === 'asc' ? '>' : '<')} (${sql.join(after)})`);
      }
      for (const k of keys) top = top.orderBy(k, dir);
      let q = db
        .selectFrom(top.limit(limit).as('t'))
        .innerJoin('collection_entries as e', 'e.id', 't.t_id')
        .innerJoin('cards as c', 'c.id', 'e.card_id')
        .select([...ENTRY_COLUMNS, ...LEAN_CARD_COLUMNS])
        .select(opts.cardData === false ? sql<string>`'{}'`.as('c_data') : sql<string>`${sql.ref('c.data')}`.as('c_data'));
      for (let i = 0; i < keys.length; i++) q = q.orderBy(sql.ref(`t.k${i}`), dir);
      const rows = await q.execute();
      return rows.map(split);
    },

    /**
     * Every matching entry's id in `sort` order (the keys and direction `page` sorts by): a listing
     * in another order than `added`, which no index serves, is paged through it.
     */
    async orderedIds(userId: string, filters: EntryFilters, sort: Sort, dir: Dir): Promise<string[]> {
      let q = listed()
        .select('e.id')
        .where((eb) => eb.and(filterConditions(eb, dialect, userId, filters)));
      for (const k of sortKeys(sort, dir)) q = q.orderBy(k, dir);
      return (await q.execute()).map((r) => r.id);
    },

    /**
     * What these holdings (a quantity of a card in a finish) were worth at each recorded price
     * date in the range: quantity x that date's USD price of the finish, summed over the holdings
     * priced that day (`quantity`: their cards). Dates with no priced holding are left out.
     */
    async valueOfHoldings(
      holdings: ReadonlyArray<{ card_id: string; finish: string; quantity: number }>,
      range: { from?: string; to?: string },
    ): Promise<Array<{ date: string; cents: number; quantity: number }>> {
      const list = JSON.stringify(holdings.map((h) => ({ c: h.card_id, f: h.finish, q: h.quantity })));
      // The holdings travel as one JSON parameter, as `idIn`'s ids do: no statement per size.
      const held =
        dialect === 'postgres'
          ? sql`select h.c, h.f, h.q from jsonb_to_recordset(cast(${list} as jsonb)) as h(c text, f text, q bigint)`
          : sql`select json_extract(value, '$.c') as c, json_extract(value, '$.f') as f, json_extract(value, '$.q') as q from json_each(${list})`;
      const { rows } = await sql<{ date: string; cents: number | string; quantity: number | string }>`
        select p.date, sum(h.q * p.cents) as cents, sum(h.q) as quantity
        from (${held}) h join card_prices p on p.card_id = h.c and p.finish = h.f
        where p.currency = 'usd'${range.from === undefined ? sql`` : sql` and p.date >= ${range.from}`}${range.to === undefined ? sql`` : sql` and p.date <= ${range.to}`}
        group by p.date order by p.date`.execute(db);
      return rows.map((r) => ({ date: r.date, cents: Number(r.cents), quantity: Number(r.quantity) }));
    },

    /**
     * How many copies the user holds of each printing that is one of `cardIds` or shares one of
     * `oracleIds` (any finish, condition, language or binder), with the printing's oracle id.
     */
    async heldCopies(userId: string, cards: { cardIds: readonly string[]; oracleIds: readonly string[] }): Promise<Array<{ card_id: string; oracle_id: string | null; quantity: number }>> {
      if (cards.cardIds.length === 0 && cards.oracleIds.length === 0) return [];
      if (dialect === 'postgres') {
        // The printings first (through the cards' indexes), then the user's copies of each (the
        // identity index's first two columns), whatever the planner believes of the user's entries:
        // joined the other way, statistics older than them made it read all of them (~80 ms at 60,000).
        const { rows } = await sql<{ card_id: string; oracle_id: string | null; quantity: string }>`select c.id as card_id, c.oracle_id, h.quantity
          from cards c cross join lateral (select sum(e.quantity) as quantity from collection_entries e where e.user_id = ${userId} and e.card_id = c.id) h
          where (c.id = any(cast(${cards.cardIds} as text[])) or c.oracle_id = any(cast(${cards.oracleIds} as text[]))) and h.quantity is not null`.execute(db);
        return rows.map((r) => ({ card_id: r.card_id, oracle_id: r.oracle_id, quantity: Number(r.quantity) }));
      }
      // On SQLite, the same order as PostgreSQL's lateral sum: the printings first, then each one's
      // entries through entries_identity, summed per printing. Joined from the entries, SQLite
      // walked all of the user's entries and each one's card row before the filter (a 100-card
      // deck against 40,000 entries: 80-230 ms with the event loop held).
      // An empty list is left out, not written `or 0`: SQLite then scanned the whole card table.
      // CROSS JOIN fixes SQLite's join order: the printings first, then each one's entries.
      const terms = [
        ...(cards.cardIds.length ? [sql`c.id in (${sql.join(cards.cardIds)})`] : []),
        ...(cards.oracleIds.length ? [sql`c.oracle_id in (${sql.join(cards.oracleIds)})`] : []),
      ];
      const { rows } = await sql<{ card_id: string; oracle_id: string | null; quantity: number }>`select c.id as card_id, c.oracle_id, sum(e.quantity) as quantity
          from cards c cross join collection_entries e
          where (${sql.join(terms, sql` or `)}) and e.user_id = ${userId} and e.card_id = c.id
          group by c.id, c.oracle_id`.execute(db);
      return rows.map((r) => ({ card_id: r.card_id, oracle_id: r.oracle_id, quantity: Number(r.quantity) }));
    },

    async totals(userId: string, filters: EntryFilters): Promise<Totals> {
      const r = await listed()
        .where((eb) => eb.and(filterConditions(eb, dialect, userId, filters)))
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          sql<number>`coalesce(sum(${sql.ref('e.quantity')}), 0)`.as('quantity'),
          sql<number>`coalesce(sum(${totalCents()}), 0)`.as('cents'),
        ])
        .executeTakeFirstOrThrow();
      return { total: Number(r.n), quantity: Number(r.quantity), valueCents: Number(r.cents) };
    },

    /**
     * The facts of the next `limit` entries after the keyset `after` (created_at, id), oldest
     * first: an export evaluates its `q` one chunk at a time instead of over the whole collection.
     */
    async factsAfter(userId: string, filters: EntryFilters, after: readonly [string, string] | undefined, limit: number): Promise<HeldFactsRow[]> {
      const first = entriesFirst(userId, filters, after, 'asc', limit);
      if (first) {
        const rows = await first
          .leftJoin('binders as b', 'b.id', 'e.binder_id')
          .select(['e.id', 'e.card_id', 'e.finish', 'e.condition', 'e.quantity', 'e.language', 'e.binder_id', 'e.tags', 'b.name as binder_name', 'e.created_at'])
          .select(['c.set_code', 'c.set_name', 'c.collector_number', totalCents().as('cents')])
          .orderBy('e.created_at')
          .orderBy('e.id')
          .execute();
        return rows.map((r) => ({ ...r, cents: r.cents === null ? null : Number(r.cents) }));
      }
      let q = joined()
        .leftJoin('binders as b', 'b.id', 'e.binder_id')
        .select(['e.id', 'e.card_id', 'e.finish', 'e.condition', 'e.quantity', 'e.language', 'e.binder_id', 'e.tags', 'b.name as binder_name', 'e.created_at'])
        .select(['c.set_code', 'c.set_name', 'c.collector_number', totalCents().as('cents')])
        .where((eb) => eb.and(filterConditions(eb, dialect, userId, filters)));
      if (after) q = q.where(sql<SqlBool>`(${sql.ref('e.created_at')}, ${sql.ref('e.id')}) > (${after[0]}, ${after[1]})`);
      const rows = await q.orderBy('e.created_at').orderBy('e.id').limit(limit).execute();
      // PostgreSQL answers a bigint as text.
      return rows.map((r) => ({ ...r, cents: r.cents === null ? null : Number(r.cents) }));
    },

    async inBinder(userId: string, binderId: string): Promise<EntryWithCard[]> {
      const rows = await joined()
        .select([...ENTRY_COLUMNS, ...CARD_COLUMNS])
        .where('e.user_id', '=', userId)
        .where('e.binder_id', '=', binderId)
        .orderBy('e.created_at')
        .orderBy('e.id')
        .execute();
      return rows.map(split);
    },

    async unassignBinder(userId: string, binderId: string, at: string): Promise<void> {
      await db
        .updateTable('collection_entries')
        .set({ binder_id: null, updated_at: at })
        .where('user_id', '=', userId)
        .where('binder_id', '=', binderId)
        .execute();
    },
  };
}

export type CollectionStore = ReturnType<typeof createCollectionStore>;
