import { fromCents } from '../lib/money.js';
import type { PriceAlert } from './schemas.js';
import type { PriceAlertRow } from './store.js';

export function toPriceAlert(row: PriceAlertRow): PriceAlert {
  return {
    id: row.id,
    card_id: row.card_id,
    finish: row.finish,
    currency: row.currency,
    direction: row.direction,
    threshold: fromCents(row.threshold),
    status: row.status,
    last_triggered_at: row.last_triggered_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
