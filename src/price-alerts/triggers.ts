/**
 * What a price update does to an alert. An alert fires when the price moves from
 * one side of its threshold to the other in its direction, once; it re-arms when
 * the price crosses back. "above" counts reaching the threshold as crossing it,
 * and so does "below". The previous price is the last one known (the importer bridges
 * a day the feed had none); with none at all (a new card, a new finish) there is no
 * crossing: nothing to have moved from. Re-arming needs only the new price.
 */
import { priceColumn, type AlertWithPrices } from '../cards/prices.js';
import { toCardSummary } from '../cards/view.js';
import type { Executor } from '../db/schema.js';
import { recordEvent } from '../events/outbox.js';
import { fromCents } from '../lib/money.js';
import type { PriceAlertTriggered } from './schemas.js';
import type { PriceAlertRow, PriceAlertStore } from './store.js';
import { toPriceAlert } from './view.js';

export type Transition = 'fire' | 'rearm' | null;

export function transition(
  alert: Pick<PriceAlertRow, 'direction' | 'threshold' | 'status'>,
  previous: number | null,
  next: number | null,
): Transition {
  if (next === null) return null;
  const t = alert.threshold;
  if (alert.direction === 'above') {
    if (alert.status === 'armed' && previous !== null && previous < t && next >= t) return 'fire';
    if (alert.status === 'triggered' && next < t) return 'rearm';
  } else {
    if (alert.status === 'armed' && previous !== null && previous > t && next <= t) return 'fire';
    if (alert.status === 'triggered' && next > t) return 'rearm';
  }
  return null;
}

/**
 * Applies an import's price moves to the alerts on the moved cards, inside the
 * import's transaction (`store` works in `trx`): one `price.alert.triggered` event per firing alert.
 * The alerts were read before the swap, without a lock (a long import must not hold users'
 * edits off): each change applies only to the alert as it was read, so one the user changed
 * or deleted meanwhile is left as the user made it (a changed condition re-armed it already).
 */
export async function applyPriceMoves(
  trx: Executor,
  store: PriceAlertStore,
  alerts: AlertWithPrices[],
  now: Date,
): Promise<{ triggered: number; rearmed: number }> {
  const at = now.toISOString();
  let triggered = 0;
  let rearmed = 0;
  for (const a of alerts) {
    const column = priceColumn(a.finish, a.currency);
    if (!column) continue;
    const previous = a.before[column];
    const price = a.after[column];
    const move = transition(a, previous, price);
    if (move === 'rearm') {
      if (await store.updateIfUnchanged(a.id, a.updated_at, { status: 'armed', updated_at: at })) rearmed++;
    } else if (move === 'fire' && previous !== null && price !== null) {
      if (!(await store.updateIfUnchanged(a.id, a.updated_at, { status: 'triggered', last_triggered_at: at, updated_at: at }))) continue;
      const { before: _b, after, ...row } = a;
      const data: PriceAlertTriggered = {
        alert: toPriceAlert({ ...row, status: 'triggered', last_triggered_at: at, updated_at: at }),
        card: toCardSummary(after),
        price: fromCents(price),
        previous_price: fromCents(previous),
      };
      await recordEvent(trx, { userId: a.user_id, type: 'price.alert.triggered', data, at: now });
      triggered++;
    }
  }
  return { triggered, rearmed };
}
