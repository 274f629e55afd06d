import type { Generated, Kysely, Selectable, Transaction } from 'kysely';

/** Timestamps are stored as RFC 3339 UTC text in both dialects; money as integer cents. */
export interface UsersTable {
  id: string;
  username: string;
  email: string;
  password_hash: string;
  plan: 'free' | 'pro';
  /** Bumped on every collection write; validates cached collection pages across processes. */
  collection_version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  scopes: string;
  display_prefix: string;
  hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface CardsTable {
  id: string;
  oracle_id: string | null;
  name: string;
  lang: string;
  set_code: string;
  set_name: string;
  collector_number: string;
  rarity: string;
  layout: string;
  released_at: string | null;
  finishes: string;
  price_usd: number | null;
  price_usd_foil: number | null;
  price_usd_etched: number | null;
  price_eur: number | null;
  price_eur_foil: number | null;
  price_tix: number | null;
  data: string;
  updated_at: string;
}

export interface RulingsTable {
  id: string;
  oracle_id: string;
  source: string;
  published_at: string;
  comment: string;
}

export interface SetsTable {
  code: string;
  name: string;
  set_type: string | null;
  released_at: string | null;
  card_count: number;
  icon_svg_uri: string | null;
  updated_at: string;
}

export interface MetaTable {
  key: string;
  value: string;
}

export interface BindersTable {
  id: string;
  user_id: string;
  name: string;
  description: string | null;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface CollectionEntriesTable {
  id: string;
  user_id: string;
  card_id: string;
  quantity: number;
  condition: string;
  finish: string;
  language: string;
  binder_id: string | null;
  purchase_price: number | null;
  tags: string;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

export interface DecksTable {
  id: string;
  user_id: string;
  name: string;
  format: string;
  visibility: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface DeckCardsTable {
  deck_id: string;
  card_id: string;
  board: string;
  quantity: number;
  position: number;
}

/** Transactional outbox: written in the same transaction as the change it describes. */
export interface EventsTable {
  id: string;
  user_id: string;
  type: string;
  occurred_at: string;
  payload: string;
  /** Set when the webhook fan-out has turned the event into deliveries. */
  dispatched_at: string | null;
}

export interface ApiUsageTable {
  key_id: string;
  user_id: string;
  hour: string;
  route: string;
  status_class: string;
  count: number;
  /** The OAuth application (client id) that made the requests; null for personal API keys. */
  application_id: string | null;
}

/** A signed-in portal browser. The cookie holds the token; only its SHA-256 is stored. */
export interface PortalSessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

/** A webhook subscription. The secret is kept in clear: signing needs it. */
export interface WebhookSubscriptionsTable {
  id: string;
  user_id: string;
  url: string;
  /** JSON array of event types, or `["*"]` for every type, now and future. */
  events: string;
  description: string | null;
  secret: string;
  status: 'enabled' | 'disabled';
  consecutive_failures: Generated<number>;
  disabled_reason: string | null;
  disabled_at: string | null;
  /** Set once the owner has been e-mailed about the current disable; null means a mail is owed. */
  disable_notified_at: string | null;
  /** UTC day (`YYYY-MM-DD`) the daily counters below belong to. */
  quota_day: string | null;
  quota_used: Generated<number>;
  dropped_today: Generated<number>;
  dropped_total: Generated<number>;
  /** The OAuth application whose token created the subscription; null when the user did. */
  application_id: string | null;
  created_at: string;
  updated_at: string;
  /** Events from this time on are the subscription's: its creation, then each re-enable (migration 0028; null on rows written before it, read as created_at). */
  events_since: string | null;
}

/**
 * One POST to make (and retry): an open batch while `batching`, then sealed with
 * the exact body bytes and signature that every attempt resends.
 */
export interface WebhookDeliveriesTable {
  id: string;
  subscription_id: string;
  user_id: string;
  kind: 'event' | 'test' | 'redelivery';
  status: 'batching' | 'pending' | 'retrying' | 'delivered' | 'failed';
  event_count: number;
  /** JSON array of the distinct event types in the delivery, sorted; kept current while batching. */
  event_types: string;
  body_bytes: number;
  signature: string | null;
  attempt_count: Generated<number>;
  /** Window close while batching; the due time of the next attempt afterwards. */
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  last_status_code: number | null;
  last_error: string | null;
  redelivery_of: string | null;
  created_at: string;
  sealed_at: string | null;
  completed_at: string | null;
  updated_at: string;
}

/** The exact bytes a sealed delivery sends, written once (kept apart so row updates never copy them). */
export interface WebhookDeliveryBodiesTable {
  delivery_id: string;
  body: string;
}

/** Outbox events collected into an open batch; removed when the batch is sealed into its body. */
export interface WebhookBatchEventsTable {
  delivery_id: string;
  position: number;
  event_id: string;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  number: number;
  attempted_at: string;
  duration_ms: number;
  status_code: number | null;
  success: number;
  error: string | null;
  response_body: string | null;
  response_truncated: number;
}

/** One price of one printing, finish and currency on one day (`YYYY-MM-DD`); a re-import of that day replaces it. */
export interface CardPricesTable {
  card_id: string;
  finish: 'nonfoil' | 'foil' | 'etched';
  currency: 'usd' | 'eur' | 'tix';
  date: string;
  cents: number;
}

/** The date (`YYYY-MM-DD`) of the import that set a printing's current prices in `cards`: the last import, whatever its date. */
export interface CardPricesAsOfTable {
  card_id: string;
  date: string;
}

export interface PriceAlertsTable {
  id: string;
  user_id: string;
  card_id: string;
  finish: 'nonfoil' | 'foil' | 'etched';
  currency: 'usd' | 'eur' | 'tix';
  direction: 'above' | 'below';
  /** Cents. */
  threshold: number;
  status: 'armed' | 'triggered';
  last_triggered_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Rows of an import in progress, swapped into `cards` in one short transaction at the end. */
export interface CardImportStagingTable extends CardsTable {
  import_id: string;
  set_type: string | null;
  facts: string;
}

/** A collection import's plan while it is read: one row per entry it creates or grows (`src/imports/store.ts`). */
export interface ImportStagingTable {
  /** UUIDv7 of the import: time-ordered, so stale plans are a key range. */
  import_id: string;
  /** The entry's identity (`entryKey`). */
  key: string;
  seq: number;
  card_id: string;
  finish: string;
  condition: string;
  language: string;
  binder_id: string | null;
  /** 1 when it grows an entry the user had when the file was read. */
  existing: number;
  quantity: number;
  purchase_price: string | null;
  /** JSON arrays. */
  tags: string;
  notes: string | null;
  rows: string;
}

/** The fields of a card's JSON the search index reads (see `searchFacts`). */
export interface CardFactsTable {
  card_id: string;
  facts: string;
}

/** Every table, declared here once; `src/db/migrations/` creates them. */
export interface DB {
  users: UsersTable;
  api_keys: ApiKeysTable;
  cards: CardsTable;
  rulings: RulingsTable;
  sets: SetsTable;
  meta: MetaTable;
  binders: BindersTable;
  collection_entries: CollectionEntriesTable;
  decks: DecksTable;
  deck_cards: DeckCardsTable;
  events: EventsTable;
  api_usage: ApiUsageTable;
  portal_sessions: PortalSessionsTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_bodies: WebhookDeliveryBodiesTable;
  webhook_batch_events: WebhookBatchEventsTable;
  webhook_attempts: WebhookAttemptsTable;
  card_prices: CardPricesTable;
  card_prices_as_of: CardPricesAsOfTable;
  price_alerts: PriceAlertsTable;
  card_import_staging: CardImportStagingTable;
  card_facts: CardFactsTable;
  import_staging: ImportStagingTable;
  oauth_clients: OAuthClientsTable;
  oauth_records: OAuthRecordsTable;
  oauth_keys: OAuthKeysTable;
  exports: ExportsTable;
  export_files: ExportFilesTable;
  idempotency_keys: IdempotencyKeysTable;
  auth_epoch: AuthEpochTable;
  collection_version_shards: CollectionVersionShardsTable;
}

/**
 * PostgreSQL only (migration 0019): a user's collection version is the sum of these
 * counters, bumped by `ccs_lock_collection`. SQLite keeps it in `users.collection_version`.
 */
export interface CollectionVersionShardsTable {
  user_id: string;
  shard: number;
  n: number;
}

/** One row (id 1): bumped by triggers on every change that can invalidate a resolved credential (migration 0016). */
export interface AuthEpochTable {
  id: number;
  epoch: number;
}

/** A bulk export (src/exports/): its request, its state and lease, and once completed its file's size and expiry. */
export interface ExportsTable {
  id: string;
  user_id: string;
  source: string;
  format: string;
  binder_id: string | null;
  deck_id: string | null;
  q: string | null;
  status: 'pending' | 'running' | 'completed' | 'failed';
  row_count: number | null;
  size_bytes: number | null;
  error: string | null;
  /** Claims so far; an export whose workers keep dying is given up after a few. */
  attempts: Generated<number>;
  /** The attempt whose file is complete (the file's key in the storage). */
  file_attempt: number | null;
  lease_owner: string | null;
  lease_until: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  expires_at: string | null;
  /** When the expiry job deleted the file. */
  purged_at: string | null;
  updated_at: string;
}

/** Export files in chunks, for `CCS_EXPORT_STORAGE=database`. */
export interface ExportFilesTable {
  export_id: string;
  attempt: number;
  seq: number;
  data: Buffer;
}

/** A registered OAuth application. A confidential client's secret is kept only as its SHA-256. */
export interface OAuthClientsTable {
  /** The client_id. */
  id: string;
  /** The developer who registered it. */
  user_id: string;
  name: string;
  /** Shown on the consent page when given. */
  homepage_url: string | null;
  /** JSON array of redirect URIs, matched exactly. */
  redirect_uris: string;
  type: 'confidential' | 'public';
  secret_hash: string | null;
  secret_hint: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * One artefact of the authorization server (oidc-provider's models: Grant, AuthorizationCode,
 * AccessToken, RefreshToken, Session, Interaction, ...). `id` is the SHA-256 of the artefact's
 * id; the other columns are copied from the payload for indexed look-ups.
 */
export interface OAuthRecordsTable {
  model: string;
  id: string;
  /** The payload oidc-provider saved, without the id itself. */
  payload: string;
  grant_id: string | null;
  user_id: string | null;
  client_id: string | null;
  uid: string | null;
  /** Space-separated scopes (tokens: what they carry; grants: what the user allowed). */
  scope: string | null;
  expires_at: string | null;
  consumed_at: string | null;
  revoked_at: string | null;
  /** Grants only: when one of its access tokens last called the API (written with the usage flush). */
  last_used_at: string | null;
  created_at: string;
}

/** Keys the authorization server signs with (JWKS) and signs its cookies with. */
export interface OAuthKeysTable {
  id: string;
  material: string;
  created_at: string;
}

/**
 * A request sent with an `Idempotency-Key`, per user: `running` while its first request is
 * being handled (held by `lock_token` since `locked_at`), then `completed` with the response
 * to replay. Timestamps are RFC 3339 text; the row lives 24 h from `created_at`.
 */
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  /** SHA-256 of method, path and canonical body: a retry must match it. */
  fingerprint: string;
  method: string;
  path: string;
  /**
   * `running` until the request's write transaction commits, `applied` from then (set inside
   * that transaction: src/db/write-fence.ts), `completed` once the answer is stored.
   */
  state: 'running' | 'applied' | 'completed';
  lock_token: string | null;
  locked_at: string | null;
  status_code: number | null;
  /** JSON object of the kept response headers (content-type, location, etag). */
  response_headers: string | null;
  response_body: string | null;
  created_at: string;
  completed_at: string | null;
}

/** Anything a store can run queries on: the database or an open transaction. */
export type Executor = Kysely<DB> | Transaction<DB>;

/** A printing as stored. Several features read cards, so the row type lives with the schema. */
export type CardRow = Selectable<CardsTable>;
