import { createCollectionStore } from '../../src/collection/store.js';
import type { TestServer } from './server.js';

/** Demo cards with known data (default-cards.json, prices as of 2019-08-04). */
export const CARDS = {
  /** Ahn-Crop Invader, war, en: nonfoil $0.15, foil $0.25. */
  AHN: '2dea2466-5c7f-40ce-b749-100ae89d2c90',
  /** Abbot of Keral Keep, 2x2: etched only, $1.12. */
  ABBOT: '355dcac7-120b-4c52-b077-bf36c41c579d',
  /** Desperate Lunge, war: nonfoil only, $0.26. */
  LUNGE: '69ce134a-25ef-4f8d-a385-7c29fc5707dc',
  /** Ajani, the Greathearted, war: nonfoil and foil, no prices. */
  AJANI: 'bee535c3-4ccd-4eb1-85e9-d28bf6dc0710',
  /** Lydari Elephant, psdg, Japanese, no prices. */
  LYDARI_JA: 'fc34ce52-f917-4e97-a372-f9d18b8ea1fc',
} as const;

export const MISSING_UUID = '00000000-0000-7000-8000-000000000000';

/** Everything a collection or binder write can change for one user. */
export async function snapshot(server: TestServer, userId: string) {
  const db = server.ctx.database.db;
  const [entries, binders, events, version] = await Promise.all([
    db.selectFrom('collection_entries').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('binders').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    server.events(userId),
    collectionVersion(server, userId),
  ]);
  return { entries, binders, events: events.map((e) => e.id), version };
}

/** The user's collection version as every process reads it (a column on SQLite, a sum of counters on PostgreSQL). */
export function collectionVersion(server: TestServer, userId: string): Promise<number> {
  return createCollectionStore(server.ctx.database.db, server.ctx.database.dialect).version(userId);
}

/** Bumps the version in a transaction of its own, as a collection write in another process does. */
export async function bumpCollectionVersion(server: TestServer, userId: string): Promise<void> {
  await server.ctx.database.db.transaction().execute((trx) => createCollectionStore(trx, server.ctx.database.dialect).lockOwner(userId, true));
}

/** Printings with both finishes and both USD prices, for building larger collections. */
export async function pricedCards(server: TestServer, n: number): Promise<Array<{ id: string; name: string; set_code: string; price_usd: number; price_usd_foil: number }>> {
  const rows = await server.ctx.database.db
    .selectFrom('cards')
    .select(['id', 'name', 'set_code', 'finishes', 'price_usd', 'price_usd_foil'])
    .where('price_usd', 'is not', null)
    .where('price_usd_foil', 'is not', null)
    .orderBy('id')
    .execute();
  return rows
    .filter((r) => {
      const f = JSON.parse(r.finishes) as string[];
      return f.includes('nonfoil') && f.includes('foil');
    })
    .slice(0, n)
    .map((r) => ({ id: r.id, name: r.name, set_code: r.set_code, price_usd: r.price_usd!, price_usd_foil: r.price_usd_foil! }));
}

/** Every card id that offers the given finishes. */
export async function cardsWithFinishes(server: TestServer, finishes: string[], n: number): Promise<string[]> {
  const rows = await server.ctx.database.db.selectFrom('cards').select(['id', 'finishes']).orderBy('id').execute();
  return rows
    .filter((r) => {
      const f = JSON.parse(r.finishes) as string[];
      return finishes.every((x) => f.includes(x));
    })
    .slice(0, n)
    .map((r) => r.id);
}

/** Decimal string -> integer cents. */
export function cents(s: string): number {
  const [w, f = ''] = s.split('.');
  return Number(w) * 100 + Number(f.padEnd(2, '0'));
}
