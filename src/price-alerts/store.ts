import type { Selectable } from 'kysely';
import type { Executor, PriceAlertsTable } from '../db/schema.js';

export type PriceAlertRow = Selectable<PriceAlertsTable>;

export function createPriceAlertStore(db: Executor) {
  return {
    async insert(row: PriceAlertRow): Promise<void> {
      await db.insertInto('price_alerts').values(row).execute();
    },
    /** `forUpdate` (PostgreSQL, inside a write): holds the row until the transaction ends, so writers of one alert queue up. */
    async findOwned(userId: string, id: string, forUpdate = false): Promise<PriceAlertRow | undefined> {
      const q = db.selectFrom('price_alerts').selectAll().where('user_id', '=', userId).where('id', '=', id);
      return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
    },
    async list(userId: string, filters: { card_id?: string; status?: string }, after: string | undefined, limit: number): Promise<PriceAlertRow[]> {
      let q = db.selectFrom('price_alerts').selectAll().where('user_id', '=', userId);
      if (filters.card_id) q = q.where('card_id', '=', filters.card_id);
      if (filters.status) q = q.where('status', '=', filters.status as PriceAlertRow['status']);
      if (after) q = q.where('id', '>', after);
      return q.orderBy('id').limit(limit).execute();
    },
    async count(userId: string, filters: { card_id?: string; status?: string }): Promise<number> {
      let q = db.selectFrom('price_alerts').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId);
      if (filters.card_id) q = q.where('card_id', '=', filters.card_id);
      if (filters.status) q = q.where('status', '=', filters.status as PriceAlertRow['status']);
      return Number((await q.executeTakeFirstOrThrow()).n);
    },
    async update(id: string, patch: Partial<Omit<PriceAlertRow, 'id' | 'user_id' | 'card_id' | 'created_at'>>): Promise<void> {
      await db.updateTable('price_alerts').set(patch).where('id', '=', id).execute();
    },
    /** `update`, only if the alert is still as it was at `updatedAt` (not changed nor deleted since); true when it was. */
    async updateIfUnchanged(id: string, updatedAt: string, patch: Partial<Omit<PriceAlertRow, 'id' | 'user_id' | 'card_id' | 'created_at'>>): Promise<boolean> {
      const r = await db.updateTable('price_alerts').set(patch).where('id', '=', id).where('updated_at', '=', updatedAt).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async remove(id: string): Promise<void> {
      await db.deleteFrom('price_alerts').where('id', '=', id).execute();
    },
  };
}

export type PriceAlertStore = ReturnType<typeof createPriceAlertStore>;
