/**
 * The card database's prices as other features see them: which column prices which finish
 * and currency, and what a card import hands the price alerts when it re-prices printings.
 */
import type { Selectable } from 'kysely';
import type { CardRow, Executor, PriceAlertsTable } from '../db/schema.js';

export type PriceColumn = 'price_usd' | 'price_usd_foil' | 'price_usd_etched' | 'price_eur' | 'price_eur_foil' | 'price_tix';

/** Every price column with the finish and currency it prices. */
export const PRICE_COLUMNS: ReadonlyArray<{ column: PriceColumn; finish: 'nonfoil' | 'foil' | 'etched'; currency: 'usd' | 'eur' | 'tix' }> = [
  { column: 'price_usd', finish: 'nonfoil', currency: 'usd' },
  { column: 'price_usd_foil', finish: 'foil', currency: 'usd' },
  { column: 'price_usd_etched', finish: 'etched', currency: 'usd' },
  { column: 'price_eur', finish: 'nonfoil', currency: 'eur' },
  { column: 'price_eur_foil', finish: 'foil', currency: 'eur' },
  { column: 'price_tix', finish: 'nonfoil', currency: 'tix' },
];

export function priceColumn(finish: string, currency: string): PriceColumn | undefined {
  return PRICE_COLUMNS.find((p) => p.finish === finish && p.currency === currency)?.column;
}

/** An alert on a printing a card import re-prices: the printing as it was and as it will be. */
export type AlertWithPrices = Selectable<PriceAlertsTable> & { before: CardRow; after: CardRow };

/**
 * Told by the card importer, inside its swap transaction, about the alerts on the printings it
 * re-prices (the price alerts feature implements it; cards never import price alerts).
 */
export interface PriceMoveListener {
  applyPriceMoves(trx: Executor, alerts: AlertWithPrices[], now: Date): Promise<{ triggered: number; rearmed: number }>;
}
