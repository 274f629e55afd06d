import type { CardLookup } from '../cards/lookup.js';
import { priceColumn, type AlertWithPrices, type PriceMoveListener } from '../cards/prices.js';
import type { Database } from '../db/database.js';
import type { Executor } from '../db/schema.js';
import { writeTransaction } from '../db/transaction.js';
import { fenced } from '../db/write-fence.js';
import { Errors, type FieldError } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import { cursorFor, paginate } from '../lib/cursor.js';
import { checkIfMatch } from '../lib/etag.js';
import { cardIdOf, isUuid, newId } from '../lib/ids.js';
import { toCents } from '../lib/money.js';
import type { NewPriceAlert, PriceAlert, PriceAlertListQuery, PriceAlertPatch } from './schemas.js';
import type { PriceAlertRow, PriceAlertStore } from './store.js';
import { applyPriceMoves } from './triggers.js';
import { toPriceAlert } from './view.js';

const CURSOR = cursorFor('price-alerts:id', ['string']);

/** The schema admits only decimal strings; one that still does not parse is answered like a schema failure. */
function thresholdCents(value: string): number {
  const cents = toCents(value);
  if (cents === null) throw Errors.validation([{ field: 'threshold', code: 'invalid_format', message: 'must be a decimal string such as "15.00"' }]);
  return cents;
}

export interface PriceAlertDeps {
  database: Database;
  clock: Clock;
  store: (executor: Executor) => PriceAlertStore;
  cards: Pick<CardLookup, 'byId' | 'byIds'>;
}

export function createPriceAlertService(deps: PriceAlertDeps) {
  const alerts = deps.store(deps.database.db);
  // PostgreSQL: a PATCH or DELETE locks the alert's row, so its If-Match check and its write are one step.
  const lockRows = deps.database.dialect === 'postgres';

  async function owned(userId: string, id: string): Promise<PriceAlertRow> {
    const row = isUuid(id) ? await alerts.findOwned(userId, id) : undefined;
    if (!row) throw Errors.notFound('price alert');
    return row;
  }

  /** The finish must be one the printing has, and the pair one the card data prices (no etched EUR, tix only nonfoil). */
  async function checkPricing(cardId: string, finish: string, currency: string, within?: Executor): Promise<void> {
    // Inside a write transaction the card is read through it (SQLite serves a process with one connection).
    const card = within ? (await deps.cards.byIds([cardId], within))[0] : await deps.cards.byId(cardId);
    if (!card) throw Errors.validation([{ field: 'card_id', code: 'unknown_card', message: `no card with id ${cardId}` }]);
    const errors: FieldError[] = [];
    const finishes = JSON.parse(card.finishes) as string[];
    if (!finishes.includes(finish)) {
      errors.push({ field: 'finish', code: 'unavailable_finish', message: `this printing comes in ${finishes.join(', ')}, not ${finish}` });
    } else if (!priceColumn(finish, currency)) {
      errors.push({ field: 'currency', code: 'unsupported_price', message: `there is no ${currency} price for the ${finish} finish` });
    }
    if (errors.length) throw Errors.validation(errors);
  }

  return {
    async create(userId: string, input: NewPriceAlert): Promise<PriceAlert> {
      const finish = input.finish ?? 'nonfoil';
      const currency = input.currency ?? 'usd';
      const cardId = cardIdOf(input.card_id);
      await checkPricing(cardId, finish, currency);
      const at = deps.clock.now().toISOString();
      const row: PriceAlertRow = {
        id: newId(),
        user_id: userId,
        card_id: cardId,
        finish,
        currency,
        direction: input.direction,
        threshold: thresholdCents(input.threshold),
        status: 'armed',
        last_triggered_at: null,
        created_at: at,
        updated_at: at,
      };
      await writeTransaction(deps.database, fenced((trx) => deps.store(trx).insert(row)));
      return toPriceAlert(row);
    },

    async get(userId: string, id: string): Promise<PriceAlert> {
      return toPriceAlert(await owned(userId, id));
    },

    async list(userId: string, query: PriceAlertListQuery): Promise<{ data: PriceAlert[]; meta: { total: number; next_cursor: string | null } }> {
      const limit = query.limit ?? 50;
      const filters = { card_id: query.card_id === undefined ? undefined : cardIdOf(query.card_id), status: query.status };
      const after = query.cursor ? CURSOR.decode(query.cursor)[0] : undefined;
      const rows = await alerts.list(userId, filters, after, limit + 1);
      const page = paginate(rows, limit, (last) => CURSOR.encode([last.id]));
      return { data: page.items.map(toPriceAlert), meta: { total: await alerts.count(userId, filters), next_cursor: page.next_cursor } };
    },

    /** `ifMatch`: the request's If-Match, compared with the alert as read (and, on PostgreSQL, locked) in the write. */
    async update(userId: string, id: string, patch: PriceAlertPatch, ifMatch?: string): Promise<PriceAlert> {
      if (!isUuid(id)) throw Errors.notFound('price alert');
      const threshold = patch.threshold !== undefined ? thresholdCents(patch.threshold) : undefined;
      return writeTransaction(deps.database, fenced(async (trx) => {
        const store = deps.store(trx);
        const row = await store.findOwned(userId, id, lockRows);
        if (!row) throw Errors.notFound('price alert');
        await checkIfMatch(ifMatch, 'price alert', () => toPriceAlert(row));
        const next: PriceAlertRow = {
          ...row,
          finish: patch.finish ?? row.finish,
          currency: patch.currency ?? row.currency,
          direction: patch.direction ?? row.direction,
          threshold: threshold ?? row.threshold,
          status: patch.status ?? row.status,
        };
        if (next.finish !== row.finish || next.currency !== row.currency) await checkPricing(row.card_id, next.finish, next.currency, trx);
        // A changed condition starts over: the alert waits for the next crossing of the new threshold.
        if (next.direction !== row.direction || next.threshold !== row.threshold || next.finish !== row.finish || next.currency !== row.currency) {
          next.status = 'armed';
        }
        // A PATCH that changes nothing keeps the alert as it is, its updated_at and ETag too (as for entries, binders, decks).
        const same = (['finish', 'currency', 'direction', 'threshold', 'status'] as const).every((f) => next[f] === row[f]);
        if (same) return toPriceAlert(row);
        next.updated_at = deps.clock.now().toISOString();
        await store.update(id, {
          finish: next.finish,
          currency: next.currency,
          direction: next.direction,
          threshold: next.threshold,
          status: next.status,
          updated_at: next.updated_at,
        });
        return toPriceAlert(next);
      }));
    },

    async remove(userId: string, id: string, ifMatch?: string): Promise<void> {
      if (!isUuid(id)) throw Errors.notFound('price alert');
      await writeTransaction(deps.database, fenced(async (trx) => {
        const store = deps.store(trx);
        const row = await store.findOwned(userId, id, lockRows);
        if (!row) throw Errors.notFound('price alert');
        await checkIfMatch(ifMatch, 'price alert', () => toPriceAlert(row));
        await store.remove(id);
      }));
    },

    /** The card importer's listener: fires and re-arms the alerts on re-priced printings, in the import's transaction. */
    applyPriceMoves(trx: Executor, moved: AlertWithPrices[], now: Date): ReturnType<PriceMoveListener['applyPriceMoves']> {
      return applyPriceMoves(trx, deps.store(trx), moved, now);
    },
  };
}

export type PriceAlertService = ReturnType<typeof createPriceAlertService>;
