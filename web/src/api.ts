/**
 * The portal's JSON API (/portal/api). Types mirror src/portal/schemas.ts; they are
 * repeated here so the browser bundle never pulls server modules into its type graph.
 */
export type Scope =
  | 'collection:read'
  | 'collection:write'
  | 'decks:read'
  | 'decks:write'
  | 'cards:read'
  | 'webhooks:manage'
  | 'profile:read';

export interface Profile {
  id: string;
  username: string;
  email: string;
  plan: 'free' | 'pro';
}

export interface Session {
  authenticated: boolean;
  user: Profile | null;
  csrf_token: string;
  signup_enabled: boolean;
  expires_at: string | null;
}

export interface ApiKey {
  id: string;
  name: string;
  scopes: Scope[];
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  status: 'active' | 'revoked';
}

export interface CreatedApiKey extends ApiKey {
  key: string;
}

export interface Catalog {
  scopes: Array<{ scope: Scope; description: string; implies: Scope[] }>;
  event_types: string[];
  webhooks: { daily_limit: number; disable_after: number; retention_days: number; batch_window_seconds: number };
}

export type StatusClass = '1xx' | '2xx' | '3xx' | '4xx' | '5xx';
export type StatusCounts = Record<StatusClass, number>;

export interface Tally {
  requests: number;
  errors: number;
  error_rate: number;
  by_status: StatusCounts;
}

export interface UsageReport {
  granularity: 'hour' | 'day';
  from: string;
  to: string;
  key_id: string | null;
  totals: Tally;
  series: Array<Tally & { start: string }>;
  routes: Array<Tally & { route: string }>;
  keys: Array<Tally & { key_id: string; name: string | null; prefix: string | null; status: 'active' | 'revoked' | null }>;
  application_id: string | null;
  applications: Array<Tally & { application_id: string; name: string | null }>;
  flush_interval_ms: number;
}

export interface OAuthApp {
  client_id: string;
  name: string;
  homepage_url: string | null;
  redirect_uris: string[];
  type: 'confidential' | 'public';
  secret_hint: string | null;
  created_at: string;
  updated_at: string;
}

export interface CreatedOAuthApp extends OAuthApp {
  /** Present in this response only; null for public clients. */
  client_secret: string | null;
}

export interface OAuthAppInput {
  name: string;
  homepage_url: string | null;
  redirect_uris: string[];
  type: 'confidential' | 'public';
}

export interface Authorization {
  client_id: string;
  name: string;
  homepage_url: string | null;
  scopes: Scope[];
  granted_at: string;
  first_granted_at: string;
  last_used_at: string | null;
  grants: number;
}

export interface Webhook {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  status: 'enabled' | 'disabled';
  secret_hint: string;
  consecutive_failures: number;
  disabled_reason: string | null;
  disabled_at: string | null;
  deliveries_today: number;
  daily_limit: number;
  dropped_events_today: number;
  dropped_events_total: number;
  /** The OAuth application whose token created it (null when you did). */
  application_id: string | null;
  application_name: string | null;
  created_at: string;
  updated_at: string;
  /** The words of the e-mail sent when the subscription was disabled. */
  disabled_notice: { subject: string; text: string } | null;
}

export interface CreatedWebhook extends Webhook {
  /** Present only when the server generated the secret, and only in this response. */
  secret?: string;
}

export type DeliveryStatus = 'pending' | 'retrying' | 'delivered' | 'failed';

export interface Delivery {
  id: string;
  subscription_id: string;
  kind: 'event' | 'test' | 'redelivery';
  status: DeliveryStatus;
  event_count: number;
  body_bytes: number;
  attempt_count: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  redelivery_of: string | null;
  created_at: string;
  completed_at: string | null;
  updated_at: string;
  event_types: string[];
}

export interface Attempt {
  number: number;
  attempted_at: string;
  duration_ms: number;
  status_code: number | null;
  success: boolean;
  error: string | null;
  response_body: string | null;
  response_body_truncated: boolean;
}

export interface DeliveryDetail extends Delivery {
  request_body: string | null;
  attempts: Attempt[];
}

export interface WebhookInput {
  url?: string;
  events?: string[];
  secret?: string;
  description?: string | null;
}

export type ExportSource = 'collection' | 'binder' | 'deck';
export type ExportFormat = 'json' | 'csv' | 'moxfield_csv' | 'manabox_csv' | 'deckbox_csv' | 'archidekt_csv' | 'arena' | 'mtgo' | 'mtgo_dek';

/** An export as GET /exports/{id} shows it (src/exports/schemas.ts). */
export interface Export {
  id: string;
  source: ExportSource;
  format: ExportFormat;
  binder_id: string | null;
  deck_id: string | null;
  q: string | null;
  status: 'pending' | 'running' | 'completed' | 'failed';
  row_count: number | null;
  size_bytes: number | null;
  download_url: string | null;
  expires_at: string | null;
  expired: boolean;
  error: string | null;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
}

export interface ExportInput {
  source: ExportSource;
  format: ExportFormat;
  binder_id?: string;
  deck_id?: string;
  q?: string;
}

export interface ExportSources {
  binders: Array<{ id: string; name: string; entry_count: number }>;
  decks: Array<{ id: string; name: string; format: string; card_count: number }>;
}

export type ImportFormat = 'moxfield' | 'manabox' | 'deckbox' | 'archidekt' | 'dragonshield' | 'tcgplayer' | 'csv' | 'json';

export interface ImportReport {
  format: ImportFormat;
  rows: number;
  matched: number;
  entries_created: number;
  entries_merged: number;
  cards_added: number;
  unmatched: Array<{ row: number; line: number | null; reason: string; raw: string }>;
  warnings: Array<{ row: number | null; line: number | null; message: string }>;
  unmatched_count: number;
  warnings_count: number;
  /** Binders our csv or a ManaBox file names that the user had none of: made by apply (a dry run: would be). */
  binders_created: string[];
  entries: Array<{
    action: 'create' | 'merge';
    card_id: string;
    name: string;
    set: string;
    collector_number: string;
    finish: string;
    condition: string;
    language: string;
    binder_id: string | null;
    new_binder: string | null;
    quantity: number;
    /** The purchase price read (USD per copy), or null. */
    purchase_price: string | null;
    /** The tags read, a copy's flags (`altered`, `signed`...) included. */
    tags: string[];
    rows: number[];
  }>;
}

export interface CollectionTotals {
  total: number;
  total_quantity: number;
  total_value: string;
}

export interface ImportParams {
  format: ImportFormat | 'auto';
  mode: 'dry_run' | 'apply';
  on_unmatched?: 'reject' | 'skip';
}

export interface FieldError {
  field: string;
  code: string;
  message: string;
}

/** An RFC 9457 problem from the server, or a network failure dressed as one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    detail: string,
    readonly errors: FieldError[] = [],
    readonly retryAfter?: number,
    /** The whole problem document (an import's `import_rejected` carries its report). */
    readonly problem: Record<string, unknown> = {},
  ) {
    super(detail);
  }

  /** The message for one form field, if the server named it. */
  field(name: string): string | undefined {
    return this.errors.find((e) => e.field === name)?.message;
  }
}

let csrfToken = '';
let onSignedOut: (() => void) | undefined;

export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** Called when the server says the session is gone, so the app can show the sign-in page. */
export function onSessionLost(fn: () => void): void {
  onSignedOut = fn;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toApiError(status: number, body: unknown): ApiError {
  if (isRecord(body) && typeof body.code === 'string') {
    const errors = Array.isArray(body.errors) ? (body.errors.filter(isRecord) as unknown as FieldError[]) : [];
    return new ApiError(
      status,
      body.code,
      typeof body.title === 'string' ? body.title : 'Error',
      typeof body.detail === 'string' ? body.detail : 'Something went wrong.',
      errors,
      typeof body.retry_after === 'number' ? body.retry_after : undefined,
      body,
    );
  }
  return new ApiError(status, 'server_error', 'Server error', `The server answered ${status}. Try again in a moment.`);
}

export async function request<T>(method: string, path: string, body?: unknown): Promise<{ data: T; meta: Record<string, unknown> }> {
  return send<T>(method, path, body === undefined ? undefined : { type: 'application/json', body: JSON.stringify(body) });
}

/** A request whose body is sent as it is (an uploaded file) with its own content type. */
async function send<T>(method: string, path: string, payload?: { type: string; body: BodyInit }): Promise<{ data: T; meta: Record<string, unknown> }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (payload !== undefined) headers['content-type'] = payload.type;
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  let res: Response;
  try {
    res = await fetch(`/portal/api${path}`, {
      method,
      headers,
      body: payload?.body,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'network_error', 'Network error', 'Could not reach the server. Check your connection and try again.');
  }
  if (res.status === 204) return { data: undefined as T, meta: {} };
  let parsed: unknown;
  try {
    parsed = await res.json();
  } catch {
    parsed = undefined;
  }
  if (!res.ok) {
    const err = toApiError(res.status, parsed);
    // Signed out, or signed in as someone else in another tab (the CSRF token is the old session's): read the session again.
    if (err.code === 'not_signed_in' || err.code === 'csrf_failed') onSignedOut?.();
    throw err;
  }
  if (!isRecord(parsed) || !('data' in parsed)) throw toApiError(res.status, parsed);
  return { data: parsed.data as T, meta: isRecord(parsed.meta) ? parsed.meta : {} };
}

/** The media type an import file goes as: JSON for our json export, CSV for everything else. */
export function importMediaType(file: File): string {
  return file.type === 'application/json' || /\.json$/i.test(file.name) ? 'application/json' : 'text/csv';
}

export const api = {
  session: () => request<Session>('GET', '/session'),
  signIn: (login: string, password: string) => request<Session>('POST', '/sign-in', { login, password }),
  signUp: (username: string, email: string, password: string) => request<Session>('POST', '/sign-up', { username, email, password }),
  signOut: () => request<void>('POST', '/sign-out'),
  profile: () => request<Profile>('GET', '/profile'),
  changePassword: (current_password: string, new_password: string) =>
    request<void>('POST', '/profile/password', { current_password, new_password }),
  catalog: () => request<Catalog>('GET', '/catalog'),
  keys: () => request<ApiKey[]>('GET', '/keys'),
  createKey: (name: string, scopes: Scope[]) => request<CreatedApiKey>('POST', '/keys', { name, scopes }),
  revokeKey: (id: string) => request<ApiKey>('POST', `/keys/${encodeURIComponent(id)}/revoke`),
  webhooks: () => request<Webhook[]>('GET', '/webhooks'),
  webhook: (id: string) => request<Webhook>('GET', `/webhooks/${encodeURIComponent(id)}`),
  createWebhook: (input: WebhookInput) => request<CreatedWebhook>('POST', '/webhooks', input),
  updateWebhook: (id: string, input: WebhookInput) => request<Webhook>('PATCH', `/webhooks/${encodeURIComponent(id)}`, input),
  deleteWebhook: (id: string) => request<void>('DELETE', `/webhooks/${encodeURIComponent(id)}`),
  testWebhook: (id: string) => request<Delivery>('POST', `/webhooks/${encodeURIComponent(id)}/test`),
  enableWebhook: (id: string) => request<Webhook>('POST', `/webhooks/${encodeURIComponent(id)}/enable`),
  deliveries: (id: string, q: { status?: string; event_type?: string; cursor?: string; limit?: number }) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') params.set(k, String(v));
    return request<Delivery[]>('GET', `/webhooks/${encodeURIComponent(id)}/deliveries?${params.toString()}`);
  },
  delivery: (id: string, deliveryId: string) =>
    request<DeliveryDetail>('GET', `/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}`),
  redeliver: (id: string, deliveryId: string) =>
    request<Delivery>('POST', `/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`),
  oauthApps: () => request<OAuthApp[]>('GET', '/oauth-apps'),
  createOAuthApp: (input: OAuthAppInput) => request<CreatedOAuthApp>('POST', '/oauth-apps', input),
  rotateOAuthSecret: (clientId: string) => request<CreatedOAuthApp>('POST', `/oauth-apps/${encodeURIComponent(clientId)}/rotate-secret`),
  deleteOAuthApp: (clientId: string) => request<void>('DELETE', `/oauth-apps/${encodeURIComponent(clientId)}`),
  authorizedApps: () => request<Authorization[]>('GET', '/authorized-apps'),
  revokeAuthorizedApp: (clientId: string) => request<void>('POST', `/authorized-apps/${encodeURIComponent(clientId)}/revoke`),
  exports: () => request<Export[]>('GET', '/exports?limit=50'),
  createExport: (input: ExportInput) => request<Export>('POST', '/exports', input),
  exportSources: () => request<ExportSources>('GET', '/export-sources'),
  /** A plain link: the browser downloads it with the session cookie. */
  exportDownloadHref: (id: string) => `/portal/api/exports/${encodeURIComponent(id)}/download`,
  importFile: (file: File, params: ImportParams) => {
    const query = new URLSearchParams({ format: params.format, mode: params.mode, on_unmatched: params.on_unmatched ?? 'reject' });
    return send<ImportReport>('POST', `/imports?${query.toString()}`, { type: importMediaType(file), body: file }) as Promise<{
      data: ImportReport;
      meta: { collection?: CollectionTotals };
    }>;
  },
  usage: (q: { key_id?: string; application_id?: string; from?: string; to?: string; granularity?: 'hour' | 'day' }) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v) params.set(k, v);
    return request<UsageReport>('GET', `/usage?${params.toString()}`);
  },
};
