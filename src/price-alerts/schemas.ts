import { Type, type Static } from '@sinclair/typebox';
import { Money, Nullable, PageQuery, Timestamp } from '../http/schemas.js';

export const Finish = Type.Union([Type.Literal('nonfoil'), Type.Literal('foil'), Type.Literal('etched')]);
export const Currency = Type.Union([Type.Literal('usd'), Type.Literal('eur'), Type.Literal('tix')]);
export const Direction = Type.Union([Type.Literal('above'), Type.Literal('below')], {
  description: '`above`: fires when the price rises to the threshold or beyond; `below`: when it falls to it or beneath',
});
export const AlertStatus = Type.Union([Type.Literal('armed'), Type.Literal('triggered')], {
  description: '`triggered` after firing; back to `armed` when the price crosses back',
});

export const PriceAlert = Type.Object({
  id: Type.String(),
  card_id: Type.String(),
  finish: Finish,
  currency: Currency,
  direction: Direction,
  threshold: Money,
  status: AlertStatus,
  last_triggered_at: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type PriceAlert = Static<typeof PriceAlert>;

// Up to 9,999,999.99: above every price a card has had, and within what either database stores as cents.
const Threshold = Type.String({ pattern: '^\\d{1,7}(\\.\\d{1,2})?$', description: 'Decimal string, e.g. "15.00"; at most 9999999.99.' });

export const NewPriceAlert = Type.Object(
  {
    card_id: Type.String({ minLength: 1, maxLength: 100 }),
    finish: Type.Optional(Finish),
    currency: Type.Optional(Currency),
    direction: Direction,
    threshold: Threshold,
  },
  { additionalProperties: false },
);
export type NewPriceAlert = Static<typeof NewPriceAlert>;

export const PriceAlertPatch = Type.Object(
  {
    finish: Type.Optional(Finish),
    currency: Type.Optional(Currency),
    direction: Type.Optional(Direction),
    threshold: Type.Optional(Threshold),
    status: Type.Optional(Type.Literal('armed', { description: 'Re-arm a triggered alert by hand' })),
  },
  { additionalProperties: false },
);
export type PriceAlertPatch = Static<typeof PriceAlertPatch>;

export const PriceAlertListQuery = Type.Object(
  {
    ...PageQuery,
    card_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    status: Type.Optional(AlertStatus),
  },
  { additionalProperties: false },
);
export type PriceAlertListQuery = Static<typeof PriceAlertListQuery>;

/** `price.alert.triggered` event data. */
export interface PriceAlertTriggered {
  alert: PriceAlert;
  card: import('../cards/schemas.js').CardSummary;
  price: string;
  previous_price: string;
}
