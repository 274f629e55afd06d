import { sql, type Selectable, type SqlBool } from 'kysely';
import { preparedQuery } from '../db/prepared.js';
import type { BindersTable, Executor } from '../db/schema.js';

export type BinderRow = Selectable<BindersTable>;

export interface BinderCounts {
  entries: number;
  cards: number;
}

const ownedBinder = preparedQuery((db, userId: string, id: string) =>
  db.selectFrom('binders').selectAll().where('id', '=', id).where('user_id', '=', userId),
);

export function createBinderStore(db: Executor) {
  return {
    async count(userId: string): Promise<number> {
      const r = await db.selectFrom('binders').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
      return Number(r.n);
    },

    async findOwned(userId: string, id: string): Promise<BinderRow | undefined> {
      return (await ownedBinder(db, userId, id))[0];
    },

    /** Binders in display order, after the keyset `(position, id)` when given. */
    async page(userId: string, after: [number, string] | undefined, limit: number): Promise<BinderRow[]> {
      let q = db.selectFrom('binders').selectAll().where('user_id', '=', userId);
      if (after) q = q.where(sql<SqlBool>`(${sql.ref('position')}, ${sql.ref('id')}) > (${after[0]}, ${after[1]})`);
      return q.orderBy('position').orderBy('id').limit(limit).execute();
    },

    /** Every binder's id and name, in display order (names are not unique: the first of a name comes first). */
    async names(userId: string): Promise<Array<{ id: string; name: string }>> {
      return db.selectFrom('binders').select(['id', 'name']).where('user_id', '=', userId).orderBy('position').orderBy('id').execute();
    },

    /** Binders whose position lies in [from, to], in order. */
    async inRange(userId: string, from: number, to: number): Promise<BinderRow[]> {
      if (from > to) return [];
      return db
        .selectFrom('binders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('position', '>=', from)
        .where('position', '<=', to)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    /** Moves every binder in [from, to] by `delta` places. */
    async shift(userId: string, from: number, to: number, delta: 1 | -1, at: string): Promise<void> {
      if (from > to) return;
      await db
        .updateTable('binders')
        .set((eb) => ({ position: eb('position', '+', delta), updated_at: at }))
        .where('user_id', '=', userId)
        .where('position', '>=', from)
        .where('position', '<=', to)
        .execute();
    },

    /** Entry and card counts per binder; binders without entries are absent. */
    async counts(binderIds: readonly string[]): Promise<Map<string, BinderCounts>> {
      const out = new Map<string, BinderCounts>();
      for (let i = 0; i < binderIds.length; i += 500) {
        const rows = await db
          .selectFrom('collection_entries')
          .select((eb) => ['binder_id', eb.fn.countAll<number>().as('entries'), eb.fn.sum<number>('quantity').as('cards')])
          .where('binder_id', 'in', binderIds.slice(i, i + 500))
          .groupBy('binder_id')
          .execute();
        for (const r of rows) if (r.binder_id) out.set(r.binder_id, { entries: Number(r.entries), cards: Number(r.cards) });
      }
      return out;
    },

    async insert(row: BinderRow): Promise<void> {
      await db.insertInto('binders').values(row).execute();
    },

    async update(id: string, changes: Partial<Pick<BinderRow, 'name' | 'description' | 'position' | 'updated_at'>>): Promise<void> {
      await db.updateTable('binders').set(changes).where('id', '=', id).execute();
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('binders').where('id', '=', id).execute();
    },
  };
}

export type BinderStore = ReturnType<typeof createBinderStore>;
