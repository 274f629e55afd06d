import { EVENT_TYPES } from '../events/types.js';
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, PageQuery, Timestamp } from '../http/schemas.js';

export const MAX_RESPONSE_BODY_NOTE = 'Response bodies are kept up to CCS_WEBHOOK_RESPONSE_BODY_BYTES (default 4,096 bytes).';

export const WebhookSubscription = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String(), { description: 'Event types, or ["*"] for every type now and in the future' }),
  description: Nullable(Type.String()),
  status: Type.Union([Type.Literal('enabled'), Type.Literal('disabled')]),
  secret_hint: Type.String({ description: 'Last 4 characters of the signing secret' }),
  consecutive_failures: Type.Integer({ description: 'Failed POSTs in a row; the subscription is disabled when this reaches the limit' }),
  disabled_reason: Nullable(Type.String()),
  disabled_at: Nullable(Timestamp),
  deliveries_today: Type.Integer({ description: 'Deliveries created today (UTC); a batch counts once, retries and tests not at all' }),
  daily_limit: Type.Integer(),
  dropped_events_today: Type.Integer({ description: 'Events dropped today because the daily limit was reached' }),
  dropped_events_total: Type.Integer(),
  application_id: Nullable(Type.String({ description: 'The OAuth application (client id) whose access token created the subscription; null when the user did' })),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type WebhookSubscription = Static<typeof WebhookSubscription>;

export const CreatedWebhookSubscription = Type.Composite([
  WebhookSubscription,
  Type.Object({
    secret: Type.Optional(Type.String({ description: 'The generated signing secret; present only here, and only when the server generated it' })),
  }),
]);
export type CreatedWebhookSubscription = Static<typeof CreatedWebhookSubscription>;

// Value rules (URL scheme and host, known event types, secret length) are checked in the
// service so the API and the portal give the same 422 field errors; the schema checks shapes.
// The limits are the service's own checks (their 422 codes are `invalid_webhook_url`, `invalid_event_type`,
// `invalid_length`), stated here for clients and validators generated from the description.
const EVENTS_NOTE = `At least one; each one of: ${EVENT_TYPES.join(', ')}, or \`*\` for all.`;
const WebhookUrl = Type.String({
  description: 'Absolute `https` URL of at most 2,048 characters (plain `http` only for exactly `localhost` or `127.0.0.1`); no credentials or fragment; private addresses refused unless the server allows them.',
});
const WebhookEvents = Type.Array(Type.String(), { description: EVENTS_NOTE });
const WebhookSecret = Type.String({ description: '16 to 256 characters; made for you when left out (shown once).' });
const WebhookDescription = Nullable(Type.String({ description: 'At most 500 characters.' }));

export const CreateWebhookBody = Type.Object(
  {
    url: WebhookUrl,
    events: WebhookEvents,
    secret: Type.Optional(WebhookSecret),
    description: Type.Optional(WebhookDescription),
  },
  { additionalProperties: false },
);
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;

export const UpdateWebhookBody = Type.Object(
  {
    url: Type.Optional(WebhookUrl),
    events: Type.Optional(WebhookEvents),
    secret: Type.Optional(WebhookSecret),
    description: Type.Optional(WebhookDescription),
  },
  { additionalProperties: false },
);
export type UpdateWebhookBody = Static<typeof UpdateWebhookBody>;

export const DeliveryStatus = Type.Union([Type.Literal('pending'), Type.Literal('retrying'), Type.Literal('delivered'), Type.Literal('failed')]);
export type DeliveryStatus = Static<typeof DeliveryStatus>;

export const WebhookDelivery = Type.Object({
  id: Type.String({ description: 'Sent as X-Webhook-Delivery' }),
  subscription_id: Type.String(),
  kind: Type.Union([Type.Literal('event'), Type.Literal('test'), Type.Literal('redelivery')]),
  status: DeliveryStatus,
  event_count: Type.Integer(),
  event_types: Type.Array(Type.String(), { description: 'The distinct event types in this delivery, sorted' }),
  body_bytes: Type.Integer(),
  attempt_count: Type.Integer(),
  next_attempt_at: Nullable(Timestamp),
  last_status_code: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
  redelivery_of: Nullable(Type.String()),
  created_at: Timestamp,
  completed_at: Nullable(Timestamp),
  updated_at: Timestamp,
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhookAttempt = Type.Object({
  number: Type.Integer({ description: '1 is the first attempt, 2..6 the retries' }),
  attempted_at: Timestamp,
  duration_ms: Type.Integer(),
  status_code: Nullable(Type.Integer()),
  success: Type.Boolean(),
  error: Nullable(Type.String()),
  response_body: Nullable(Type.String({ description: MAX_RESPONSE_BODY_NOTE })),
  response_body_truncated: Type.Boolean(),
});
export type WebhookAttempt = Static<typeof WebhookAttempt>;

export const WebhookDeliveryDetail = Type.Composite([
  WebhookDelivery,
  Type.Object({
    request_body: Nullable(Type.String({ description: 'The exact JSON body sent (null while the batch is still open)' })),
    attempts: Type.Array(WebhookAttempt),
  }),
]);
export type WebhookDeliveryDetail = Static<typeof WebhookDeliveryDetail>;

export const DeliveryParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
  delivery_id: Type.String({ minLength: 1, maxLength: 100 }),
});

// Strict, as every other list's: a misspelt parameter (?limt=5) is a 422, not silently ignored.
export const DeliveryListQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(DeliveryStatus),
    event_type: Type.Optional(Type.String({ maxLength: 100, description: `Only deliveries containing an event of this type (${EVENT_TYPES.join(', ')})` })),
  },
  { additionalProperties: false },
);
export const SubscriptionListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
