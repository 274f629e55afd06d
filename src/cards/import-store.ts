/**
 * SQL of a card import: staging rows in small transactions while the file
 * streams, then one short swap transaction that moves them into `cards`,
 * records the day's price points, and fires price alerts.
 */
import { sql, type Insertable, type Selectable } from 'kysely';
import type { CardImportStagingTable, CardRow, Executor, RulingsTable } from '../db/schema.js';
import { PRICE_COLUMNS, priceColumn, type AlertWithPrices } from './prices.js';

export const CARD_COLUMNS = [
  'id', 'oracle_id', 'name', 'lang', 'set_code', 'set_name', 'collector_number', 'rarity', 'layout', 'released_at',
  'finishes', 'price_usd', 'price_usd_foil', 'price_usd_etched', 'price_eur', 'price_eur_foil', 'price_tix', 'data', 'updated_at',
] as const;

export type RulingRow = Selectable<RulingsTable>;

export function createImportStore(db: Executor) {
  return {
    /**
     * Claims a scheduled refresh's slot (ISO time) under `key` in `meta`: true for the first
     * process to claim it, by one conditional UPDATE that only a later slot passes.
     */
    async claimSlot(key: string, slot: string): Promise<boolean> {
      await db.insertInto('meta').values({ key, value: '' }).onConflict((oc) => oc.column('key').doNothing()).execute();
      const res = await db.updateTable('meta').set({ value: slot }).where('key', '=', key).where('value', '<', slot).executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Rows of imports that died (crash, kill) long ago. */
    async dropStaleStaging(before: string): Promise<void> {
      await db.deleteFrom('card_import_staging').where('updated_at', '<', before).execute();
    },

    async dropStaging(importId: string): Promise<void> {
      await db.deleteFrom('card_import_staging').where('import_id', '=', importId).execute();
    },

    async stage(given: Array<Insertable<CardImportStagingTable>>): Promise<void> {
      // A printing listed twice in one statement is one row, its last copy: PostgreSQL refuses to
      // update a row twice in one INSERT ... ON CONFLICT (the whole import failed).
      const rows = [...new Map(given.map((r) => [r.id, r])).values()];
      // 21 columns a row: 200 rows stay under both databases' bound-parameter limits.
      for (let i = 0; i < rows.length; i += 200) {
        await db
          .insertInto('card_import_staging')
          .values(rows.slice(i, i + 200))
          .onConflict((oc) =>
            // A printing listed twice in one file: the last copy wins.
            oc.columns(['import_id', 'id']).doUpdateSet((eb) => ({
              oracle_id: eb.ref('excluded.oracle_id'), name: eb.ref('excluded.name'), lang: eb.ref('excluded.lang'),
              set_code: eb.ref('excluded.set_code'), set_name: eb.ref('excluded.set_name'), set_type: eb.ref('excluded.set_type'),
              collector_number: eb.ref('excluded.collector_number'), rarity: eb.ref('excluded.rarity'), layout: eb.ref('excluded.layout'),
              released_at: eb.ref('excluded.released_at'), finishes: eb.ref('excluded.finishes'), price_usd: eb.ref('excluded.price_usd'),
              price_usd_foil: eb.ref('excluded.price_usd_foil'), price_usd_etched: eb.ref('excluded.price_usd_etched'),
              price_eur: eb.ref('excluded.price_eur'), price_eur_foil: eb.ref('excluded.price_eur_foil'), price_tix: eb.ref('excluded.price_tix'),
              data: eb.ref('excluded.data'), facts: eb.ref('excluded.facts'),
            })),
          )
          .execute();
      }
    },

    async countStaged(importId: string): Promise<{ total: number; fresh: number }> {
      const total = await db.selectFrom('card_import_staging').select((eb) => eb.fn.countAll<number>().as('n')).where('import_id', '=', importId).executeTakeFirstOrThrow();
      const fresh = await db
        .selectFrom('card_import_staging as s')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('s.import_id', '=', importId)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('cards as c').select('c.id').whereRef('c.id', '=', 's.id'))))
        .executeTakeFirstOrThrow();
      return { total: Number(total.n), fresh: Number(fresh.n) };
    },

    /**
     * Alerts on the imported printings, with the card as it is now and as the import will make it.
     * Where the card has no price now in an alert's finish and currency (a day the feed had none),
     * `before` carries the last price known before `asOf`: a move across such a gap is still a move.
     */
    async alertsOnStaged(importId: string, asOf: string): Promise<AlertWithPrices[]> {
      const alerts = await db
        .selectFrom('price_alerts as a')
        .innerJoin('card_import_staging as s', (j) => j.onRef('s.id', '=', 'a.card_id').on('s.import_id', '=', importId))
        .selectAll('a')
        .orderBy('a.id')
        .execute();
      if (alerts.length === 0) return [];
      const ids = [...new Set(alerts.map((a) => a.card_id))];
      const before = new Map<string, CardRow>();
      const after = new Map<string, CardRow>();
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        for (const r of await db.selectFrom('cards').select(CARD_COLUMNS).where('id', 'in', chunk).execute()) before.set(r.id, r);
        for (const r of await db.selectFrom('card_import_staging').select(CARD_COLUMNS).where('import_id', '=', importId).where('id', 'in', chunk).execute()) after.set(r.id, r);
      }
      const out: AlertWithPrices[] = [];
      for (const a of alerts) {
        let b = before.get(a.card_id);
        const n = after.get(a.card_id);
        if (!b || !n) continue;
        const column = priceColumn(a.finish, a.currency);
        if (column && b[column] === null) {
          const last = await db
            .selectFrom('card_prices')
            .select('cents')
            .where('card_id', '=', a.card_id)
            .where('finish', '=', a.finish)
            .where('currency', '=', a.currency)
            .where('date', '<', asOf)
            .orderBy('date', 'desc')
            .limit(1)
            .executeTakeFirst();
          if (last) b = { ...b, [column]: last.cents };
        }
        out.push({ ...a, before: b, after: n });
      }
      return out;
    },

    async swapIntoCards(importId: string): Promise<void> {
      await db
        .insertInto('cards')
        .columns([...CARD_COLUMNS])
        .expression(db.selectFrom('card_import_staging').select([...CARD_COLUMNS]).where('import_id', '=', importId))
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({
            oracle_id: eb.ref('excluded.oracle_id'), name: eb.ref('excluded.name'), lang: eb.ref('excluded.lang'),
            set_code: eb.ref('excluded.set_code'), set_name: eb.ref('excluded.set_name'),
            collector_number: eb.ref('excluded.collector_number'), rarity: eb.ref('excluded.rarity'), layout: eb.ref('excluded.layout'),
            released_at: eb.ref('excluded.released_at'), finishes: eb.ref('excluded.finishes'), price_usd: eb.ref('excluded.price_usd'),
            price_usd_foil: eb.ref('excluded.price_usd_foil'), price_usd_etched: eb.ref('excluded.price_usd_etched'),
            price_eur: eb.ref('excluded.price_eur'), price_eur_foil: eb.ref('excluded.price_eur_foil'), price_tix: eb.ref('excluded.price_tix'),
            data: eb.ref('excluded.data'), updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },

    async swapFacts(importId: string): Promise<void> {
      await db
        .insertInto('card_facts')
        .columns(['card_id', 'facts'])
        .expression(db.selectFrom('card_import_staging').select(['id', 'facts']).where('import_id', '=', importId))
        .onConflict((oc) => oc.column('card_id').doUpdateSet((eb) => ({ facts: eb.ref('excluded.facts') })))
        .execute();
    },

    /** The day's price point for every staged printing, finish and currency, replacing that day's earlier points. */
    async recordPrices(importId: string, date: string): Promise<number> {
      await db
        .deleteFrom('card_prices')
        .where('date', '=', date)
        .where('card_id', 'in', db.selectFrom('card_import_staging').select('id').where('import_id', '=', importId))
        .execute();
      let written = 0;
      for (const p of PRICE_COLUMNS) {
        const res = await db
          .insertInto('card_prices')
          .columns(['card_id', 'finish', 'currency', 'date', 'cents'])
          .expression(
            db
              .selectFrom('card_import_staging')
              // Literals, not parameters: PostgreSQL cannot type a bare parameter in a select list.
              .select(['id', sql.lit(p.finish).as('finish'), sql.lit(p.currency).as('currency'), sql.lit(date).as('date'), p.column])
              .where('import_id', '=', importId)
              .where(p.column, 'is not', null)
              // In key order: the inserts walk the price index instead of jumping around it.
              .orderBy('id'),
          )
          .executeTakeFirst();
        written += Number(res.numInsertedOrUpdatedRows ?? 0);
      }
      return written;
    },

    /** Dates every staged printing's current prices by this import, whether that date is later or earlier than before. */
    async recordPricesAsOf(importId: string, date: string): Promise<void> {
      await db
        .insertInto('card_prices_as_of')
        .columns(['card_id', 'date'])
        .expression(db.selectFrom('card_import_staging').select(['id', sql<string>`cast(${date} as text)`.as('date')]).where('import_id', '=', importId))
        .onConflict((oc) => oc.column('card_id').doUpdateSet((eb) => ({ date: eb.ref('excluded.date') })))
        .execute();
    },

    /** Sets seen in this import, refreshed from the staged rows, with their printing counts afterwards. */
    async upsertSets(importId: string, at: string): Promise<number> {
      const sets = await db
        .selectFrom('card_import_staging')
        .select((eb) => [
          'set_code',
          eb.fn.max('set_name').as('set_name'),
          eb.fn.max('set_type').as('set_type'),
          eb.fn.min('released_at').as('released_at'),
        ])
        .where('import_id', '=', importId)
        .groupBy('set_code')
        .execute();
      for (let i = 0; i < sets.length; i += 200) {
        const chunk = sets.slice(i, i + 200);
        const counts = new Map(
          (
            await db
              .selectFrom('cards')
              .select((eb) => ['set_code', eb.fn.countAll<number>().as('n')])
              .where('set_code', 'in', chunk.map((s) => s.set_code))
              .groupBy('set_code')
              .execute()
          ).map((r) => [r.set_code, Number(r.n)]),
        );
        await db
          .insertInto('sets')
          .values(
            chunk.map((s) => ({
              code: s.set_code,
              name: s.set_name,
              set_type: s.set_type,
              released_at: s.released_at,
              card_count: counts.get(s.set_code) ?? 0,
              icon_svg_uri: null,
              updated_at: at,
            })),
          )
          .onConflict((oc) =>
            oc.column('code').doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              set_type: eb.ref('excluded.set_type'),
              released_at: eb.ref('excluded.released_at'),
              card_count: eb.ref('excluded.card_count'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
      }
      return sets.length;
    },

    async insertRulings(rows: RulingRow[]): Promise<number> {
      let inserted = 0;
      for (let i = 0; i < rows.length; i += 200) {
        const res = await db.insertInto('rulings').values(rows.slice(i, i + 200)).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
        inserted += Number(res.numInsertedOrUpdatedRows ?? 0);
      }
      return inserted;
    },

    /** A new value on every import: caches of prices (collection values, search indexes) key on it. */
    async bumpCardsVersion(version: string): Promise<void> {
      await db
        .insertInto('meta')
        .values({ key: 'cards_version', value: version })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: version }))
        .execute();
    },
  };
}

export type ImportStore = ReturnType<typeof createImportStore>;
