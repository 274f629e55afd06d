import { sql, type Selectable } from 'kysely';
import { preparedQuery } from '../db/prepared.js';
import type { CardPricesTable, CardRow, Executor, RulingsTable, SetsTable } from '../db/schema.js';
import type { IndexRow } from './search/facts.js';

const SUMMARY_COLUMNS = [
  'id',
  'oracle_id',
  'name',
  'lang',
  'set_code',
  'set_name',
  'collector_number',
  'rarity',
  'layout',
  'finishes',
  'price_usd',
  'price_usd_foil',
  'price_usd_etched',
  'price_eur',
  'price_eur_foil',
  'price_tix',
  'data',
  'updated_at',
  'released_at',
] as const;

/** What matching another app's file needs of a printing: no Scryfall JSON, no prices. */
const REF_COLUMNS = ['id', 'name', 'lang', 'set_code', 'set_name', 'collector_number', 'finishes', 'released_at'] as const;
export type CardRef = Pick<CardRow, (typeof REF_COLUMNS)[number]> & {
  /** Known for look-ups by name only (`refsByNames`): whether the printing is a promo. */
  promo?: boolean;
};

const cardById = preparedQuery((db, id: string) => db.selectFrom('cards').select(SUMMARY_COLUMNS).where('id', '=', id));
const cardsVersionQuery = preparedQuery((db) => db.selectFrom('meta').select('value').where('key', '=', 'cards_version'));

/** Where a page of a card's printings ends (see `printingsOf`). */
export interface PrintingKey {
  released: string;
  set: string;
  collectorNumber: string;
  id: string;
}

export function createCardStore(db: Executor) {
  return {
    async findById(id: string): Promise<CardRow | undefined> {
      return (await cardById(db, id))[0];
    },
    async findByIds(ids: readonly string[]): Promise<CardRow[]> {
      if (ids.length === 0) return [];
      const out: CardRow[] = [];
      for (let i = 0; i < ids.length; i += 500) {
        out.push(...(await db.selectFrom('cards').select(SUMMARY_COLUMNS).where('id', 'in', ids.slice(i, i + 500)).execute()));
      }
      return out;
    },
    /**
     * Printings whose name matches one of `names`: exactly as written first (uses the
     * name index), then, for names with no exact hit, case-insensitively or as one
     * face of a multi-face card ("Fire" finds "Fire // Ice"). Callers pick the
     * printing; this returns every candidate.
     */
    async findByNames(names: readonly string[]): Promise<CardRow[]> {
      const wanted = [...new Set(names)];
      if (wanted.length === 0) return [];
      const out: CardRow[] = [];
      for (let i = 0; i < wanted.length; i += 500) {
        out.push(...(await db.selectFrom('cards').select(SUMMARY_COLUMNS).where('name', 'in', wanted.slice(i, i + 500)).execute()));
      }
      const found = new Set(out.map((r) => r.name));
      const rest = [...new Set(wanted.filter((n) => !found.has(n)).map((n) => n.toLowerCase()))];
      const seen = new Set(out.map((r) => r.id));
      for (let i = 0; i < rest.length; i += 100) {
        const chunk = rest.slice(i, i + 100);
        const rows = await db
          .selectFrom('cards')
          .select(SUMMARY_COLUMNS)
          .where((eb) =>
            eb.or([
              eb(eb.fn<string>('lower', ['name']), 'in', chunk),
              ...chunk.flatMap((n) => [
                sql<boolean>`lower(name) like ${`${escapeLike(n)} // %`} escape '\\'`,
                sql<boolean>`lower(name) like ${`% // ${escapeLike(n)}`} escape '\\'`,
              ]),
            ]),
          )
          .execute();
        for (const r of rows) {
          if (seen.has(r.id)) continue;
          seen.add(r.id);
          out.push(r);
        }
      }
      return out;
    },
    /** Printings by set code (any case) and collector number. */
    async findByPrintings(printings: ReadonlyArray<{ set: string; collectorNumber: string }>): Promise<CardRow[]> {
      const out: CardRow[] = [];
      for (let i = 0; i < printings.length; i += 200) {
        const chunk = printings.slice(i, i + 200);
        out.push(
          ...(await db
            .selectFrom('cards')
            .select(SUMMARY_COLUMNS)
            .where((eb) => eb.or(chunk.map((p) => eb.and([eb('set_code', '=', p.set.toLowerCase()), eb('collector_number', '=', p.collectorNumber)]))))
            .execute()),
        );
      }
      return out;
    },
    /** Lean printings by id (collection imports match thousands of rows a batch). */
    async refsByIds(ids: readonly string[]): Promise<CardRef[]> {
      const out: CardRef[] = [];
      for (let i = 0; i < ids.length; i += 500) {
        out.push(...(await db.selectFrom('cards').select(REF_COLUMNS).where('id', 'in', ids.slice(i, i + 500)).execute()));
      }
      return out;
    },
    /**
     * Lean printings by set code (lower case, as stored) and exact collector number. The pairs
     * are a VALUES list joined on the (set, number) index: ~6x cheaper on SQLite than the same
     * pairs as 200 ORed conditions, and the same SQL on both dialects.
     */
    async refsByPrintings(printings: ReadonlyArray<{ set: string; collectorNumber: string }>): Promise<CardRef[]> {
      const out: CardRef[] = [];
      for (let i = 0; i < printings.length; i += 200) {
        const pairs = printings.slice(i, i + 200).map((p) => sql`(${p.set}, ${p.collectorNumber})`);
        const { rows } = await sql<CardRef>`with wanted (set_code, collector_number) as (values ${sql.join(pairs)})
          select ${sql.join(REF_COLUMNS.map((c) => sql.ref(`c.${c}`)))} from cards c
          join wanted w on c.set_code = w.set_code and c.collector_number = w.collector_number`.execute(db);
        out.push(...rows);
      }
      return out;
    },
    /**
     * Lean printings whose name is exactly one of `names` (the name index), each with whether it
     * is a promo: a row naming only the card prefers a printing that is not. Read off the stored
     * JSON's text (as the card file wrote it, compact or not), the same SQL on both dialects.
     */
    async refsByNames(names: readonly string[]): Promise<CardRef[]> {
      const out: CardRef[] = [];
      for (let i = 0; i < names.length; i += 500) {
        const rows = await db
          .selectFrom('cards')
          .select(REF_COLUMNS)
          .select(sql<number>`case when data like '%"promo":true%' or data like '%"promo": true%' then 1 else 0 end`.as('promo'))
          .where('name', 'in', names.slice(i, i + 500))
          .execute();
        out.push(...rows.map(({ promo, ...r }) => ({ ...r, promo: Number(promo) === 1 })));
      }
      return out;
    },
    /** Every distinct card name (read from the name index), for name look-ups that fold case and accents. */
    async distinctNames(): Promise<string[]> {
      const rows = await db.selectFrom('cards').select('name').distinct().execute();
      return rows.map((r) => r.name);
    },
    /** The value every import changes; search indexes and collection caches key on it. */
    async cardsVersion(): Promise<string | undefined> {
      const [r] = await cardsVersionQuery(db);
      return r?.value;
    },
    /** The same, synchronously where the database allows: null for no version yet, undefined when it cannot answer now. */
    cardsVersionNow(): string | null | undefined {
      const rows = cardsVersionQuery.now(db);
      return rows && (rows[0]?.value ?? null);
    },
    /** Keyset pages of the stored search facts of every printing, in id order. */
    async factsPage(after: string | undefined, limit: number): Promise<Array<{ card_id: string; facts: string }>> {
      let q = db.selectFrom('card_facts').select(['card_id', 'facts']).orderBy('card_id').limit(limit);
      if (after !== undefined) q = q.where('card_id', '>', after);
      return q.execute();
    },
    async countFacts(): Promise<number> {
      const r = await db.selectFrom('card_facts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /** Keyset pages of whole printings, for an index over rows that have no stored facts. */
    async rowsPage(after: string | undefined, limit: number): Promise<Array<IndexRow & { data: string }>> {
      let q = db.selectFrom('cards').select(SUMMARY_COLUMNS).orderBy('id').limit(limit);
      if (after !== undefined) q = q.where('id', '>', after);
      return q.execute();
    },
    async listSets(): Promise<Array<Selectable<SetsTable>>> {
      return db.selectFrom('sets').selectAll().execute();
    },
    async findSet(code: string): Promise<Selectable<SetsTable> | undefined> {
      return db.selectFrom('sets').selectAll().where('code', '=', code).executeTakeFirst();
    },
    /** Printings of one card, newest first; keyset on (released_at, id). */
    /**
     * A card's printings, newest release first, then by set and collector number (numbers in
     * numeric order: shorter first, "9" before "10"), then id; after the keyset `after`.
     */
    async printingsOf(oracleId: string, after: PrintingKey | undefined, limit: number): Promise<CardRow[]> {
      const released = sql<string>`coalesce(${sql.ref('released_at')}, '')`;
      const numberLength = sql<number>`length(${sql.ref('collector_number')})`;
      let q = db
        .selectFrom('cards')
        .select(SUMMARY_COLUMNS)
        .where('oracle_id', '=', oracleId)
        .orderBy(released, 'desc')
        .orderBy('set_code')
        .orderBy(numberLength)
        .orderBy('collector_number')
        .orderBy('id')
        .limit(limit);
      if (after) {
        const n = after.collectorNumber.length;
        q = q.where((eb) =>
          eb.or([
            eb(released, '<', after.released),
            eb.and([eb(released, '=', after.released), eb('set_code', '>', after.set)]),
            eb.and([eb(released, '=', after.released), eb('set_code', '=', after.set), eb(numberLength, '>', n)]),
            eb.and([eb(released, '=', after.released), eb('set_code', '=', after.set), eb(numberLength, '=', n), eb('collector_number', '>', after.collectorNumber)]),
            eb.and([
              eb(released, '=', after.released),
              eb('set_code', '=', after.set),
              eb(numberLength, '=', n),
              eb('collector_number', '=', after.collectorNumber),
              eb('id', '>', after.id),
            ]),
          ]),
        );
      }
      return q.execute();
    },
    async countPrintings(oracleId: string): Promise<number> {
      const r = await db.selectFrom('cards').select((eb) => eb.fn.countAll<number>().as('n')).where('oracle_id', '=', oracleId).executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /** Rulings of one card, oldest first; keyset on (published_at, id). */
    async rulingsOf(oracleId: string, after: { published: string; id: string } | undefined, limit: number): Promise<Array<Selectable<RulingsTable>>> {
      let q = db.selectFrom('rulings').selectAll().where('oracle_id', '=', oracleId).orderBy('published_at').orderBy('id').limit(limit);
      if (after) {
        q = q.where((eb) => eb.or([eb('published_at', '>', after.published), eb.and([eb('published_at', '=', after.published), eb('id', '>', after.id)])]));
      }
      return q.execute();
    },
    async countRulings(oracleId: string): Promise<number> {
      const r = await db.selectFrom('rulings').select((eb) => eb.fn.countAll<number>().as('n')).where('oracle_id', '=', oracleId).executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /** Price points of one printing in date order, optionally within [from, to]. */
    async priceHistory(cardId: string, range: { from?: string; to?: string; finish?: string; currency?: string }): Promise<Array<Selectable<CardPricesTable>>> {
      let q = db.selectFrom('card_prices').selectAll().where('card_id', '=', cardId);
      if (range.from) q = q.where('date', '>=', range.from);
      if (range.to) q = q.where('date', '<=', range.to);
      if (range.finish) q = q.where('finish', '=', range.finish as CardPricesTable['finish']);
      if (range.currency) q = q.where('currency', '=', range.currency as CardPricesTable['currency']);
      return q.orderBy('finish').orderBy('currency').orderBy('date').execute();
    },
    /** The date of the import that set the printing's current prices; undefined when none was recorded. */
    async pricesAsOf(cardId: string): Promise<string | undefined> {
      const r = await db.selectFrom('card_prices_as_of').select('date').where('card_id', '=', cardId).executeTakeFirst();
      return r?.date;
    },
    async count(): Promise<number> {
      const r = await db.selectFrom('cards').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(r.n);
    },
  };
}

export type CardStore = ReturnType<typeof createCardStore>;

/** Escapes LIKE wildcards; pair with `escape '\\'` (card names such as "_____" exist). */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
