import { Type, type Static } from '@sinclair/typebox';
import { SCOPES } from '../auth/scopes.js';
import { Nullable, Timestamp } from '../http/schemas.js';
import { Profile } from '../profile/schemas.js';
import { CreatedWebhookSubscription, DeliveryStatus, WebhookDelivery, WebhookDeliveryDetail, WebhookSubscription } from '../webhooks/schemas.js';

export { Profile };

export const ScopeName = Type.Union(SCOPES.map((s) => Type.Literal(s)));

// No minLength: an empty field is for the account service's checks, whose messages a person can
// read ("Use 3 to 32 letters..."), not the validator's "must NOT have fewer than 1 characters".
export const SignUpBody = Type.Object(
  {
    username: Type.String({ maxLength: 64 }),
    email: Type.String({ maxLength: 254 }),
    password: Type.String({ maxLength: 1024 }),
  },
  { additionalProperties: false },
);

export const SignInBody = Type.Object(
  {
    /** Username or e-mail address. */
    login: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

export const ChangePasswordBody = Type.Object(
  {
    current_password: Type.String({ minLength: 1, maxLength: 1024 }),
    new_password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

export const SessionView = Type.Object({
  authenticated: Type.Boolean(),
  user: Nullable(Profile),
  /** Send back in `X-CSRF-Token` on every POST, PATCH and DELETE. */
  csrf_token: Type.String(),
  signup_enabled: Type.Boolean(),
  expires_at: Nullable(Timestamp),
});
export type SessionView = Static<typeof SessionView>;

export const ApiKey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  scopes: Type.Array(ScopeName),
  prefix: Type.String(),
  created_at: Timestamp,
  last_used_at: Nullable(Timestamp),
  revoked_at: Nullable(Timestamp),
  status: Type.Union([Type.Literal('active'), Type.Literal('revoked')]),
});
export type ApiKey = Static<typeof ApiKey>;

export const CreatedApiKey = Type.Composite([ApiKey, Type.Object({ key: Type.String() })]);
export type CreatedApiKey = Static<typeof CreatedApiKey>;

export const CreateKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    scopes: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 20 }),
  },
  { additionalProperties: false },
);

export const Catalog = Type.Object({
  scopes: Type.Array(Type.Object({ scope: ScopeName, description: Type.String(), implies: Type.Array(ScopeName) })),
  event_types: Type.Array(Type.String()),
  webhooks: Type.Object({
    daily_limit: Type.Integer(),
    disable_after: Type.Integer(),
    retention_days: Type.Integer(),
    batch_window_seconds: Type.Number(),
  }),
});
export type Catalog = Static<typeof Catalog>;

export const Granularity = Type.Union([Type.Literal('hour'), Type.Literal('day')]);
export type Granularity = Static<typeof Granularity>;

export const UsageQuery = Type.Object(
  {
    key_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** Only the requests of this OAuth application (client id), made for this user. */
    application_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    from: Type.Optional(Type.String({ format: 'date-time' })),
    to: Type.Optional(Type.String({ format: 'date-time' })),
    granularity: Type.Optional(Granularity),
  },
  { additionalProperties: false },
);
export type UsageQuery = Static<typeof UsageQuery>;

/** Requests per status class; the recorder files every response under one of these. */
export const StatusCounts = Type.Object({
  '1xx': Type.Integer(),
  '2xx': Type.Integer(),
  '3xx': Type.Integer(),
  '4xx': Type.Integer(),
  '5xx': Type.Integer(),
});
export type StatusCounts = Static<typeof StatusCounts>;

const Tally = {
  requests: Type.Integer(),
  /** 4xx plus 5xx. */
  errors: Type.Integer(),
  /** errors / requests, 0 when there were none. */
  error_rate: Type.Number(),
  by_status: StatusCounts,
};

export const UsageReport = Type.Object({
  granularity: Granularity,
  from: Timestamp,
  to: Timestamp,
  key_id: Nullable(Type.String()),
  application_id: Nullable(Type.String()),
  totals: Type.Object(Tally),
  series: Type.Array(Type.Object({ start: Timestamp, ...Tally })),
  routes: Type.Array(Type.Object({ route: Type.String(), ...Tally })),
  keys: Type.Array(
    Type.Object({
      key_id: Type.String(),
      name: Nullable(Type.String()),
      prefix: Nullable(Type.String()),
      status: Nullable(Type.Union([Type.Literal('active'), Type.Literal('revoked')])),
      ...Tally,
    }),
  ),
  /** Requests made by OAuth applications on this user's behalf, per application. */
  applications: Type.Array(
    Type.Object({
      application_id: Type.String(),
      name: Nullable(Type.String({ description: 'null once the application has been deleted' })),
      ...Tally,
    }),
  ),
  /** Counts reach the database every `CCS_USAGE_FLUSH_MS`; the newest requests may lag by that much. */
  flush_interval_ms: Type.Integer(),
});
export type UsageReport = Static<typeof UsageReport>;

// ---- Webhooks: the webhooks service's own shapes, plus what only the portal shows ----

export const DisabledNotice = Type.Object({
  /** The same subject and text as the e-mail the owner gets (src/webhooks/notice.ts). */
  subject: Type.String(),
  text: Type.String(),
});

/** What the portal adds: the disable e-mail's words, and the name of the OAuth application that created it. */
const PortalWebhookExtras = Type.Object({ disabled_notice: Nullable(DisabledNotice), application_name: Nullable(Type.String()) });

export const PortalWebhook = Type.Composite([WebhookSubscription, PortalWebhookExtras]);
export type PortalWebhook = Static<typeof PortalWebhook>;

export const PortalCreatedWebhook = Type.Composite([CreatedWebhookSubscription, PortalWebhookExtras]);

export const PortalDelivery = WebhookDelivery;
export type PortalDelivery = Static<typeof PortalDelivery>;

export const PortalDeliveryDetail = WebhookDeliveryDetail;

export const PortalDeliveryQuery = Type.Object(
  {
    status: Type.Optional(DeliveryStatus),
    event_type: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export type PortalDeliveryQuery = Static<typeof PortalDeliveryQuery>;

export const PortalDeliveryMeta = Type.Object({
  /** All matching deliveries in the 30-day log. */
  total: Nullable(Type.Integer()),
  next_cursor: Nullable(Type.String()),
  retention_days: Type.Integer(),
});
