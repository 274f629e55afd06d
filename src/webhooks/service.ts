import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { Errors, type FieldError } from '../errors.js';
import { EVENT_TYPES, isEventType, type EventType } from '../events/types.js';
import { cursorFor } from '../lib/cursor.js';
import type { Clock } from '../lib/clock.js';
import { checkIfMatch } from '../lib/etag.js';
import { newId } from '../lib/ids.js';
import { bodyOf, eventLine, parseTypes, subscribedTypes, typesJson } from './engine/body.js';
import type { createLogStore } from './log-store.js';
import type { createOutboxStore } from './outbox-store.js';
import type { createQueueStore } from './queue-store.js';
import type { QueueStats } from './metrics.js';
import { retentionCutoff } from './retention.js';
import { sampleData } from './samples.js';
import type {
  CreatedWebhookSubscription,
  CreateWebhookBody,
  DeliveryStatus,
  UpdateWebhookBody,
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookSubscription,
} from './schemas.js';
import { generateSecret, secretHint, signBody } from './signer.js';
import type { AttemptRow, DeliveryRow, SubscriptionRow } from './rows.js';
import type { createSubscriptionStore } from './subscription-store.js';
import { checkWebhookUrl, type UrlPolicy } from './url.js';
import { serialiseOn, writeTransaction } from '../db/transaction.js';
import { fenced } from '../db/write-fence.js';


// Typed, so a cursor holding a number or null where the id goes is invalid_cursor, not an empty page.
const SUBSCRIPTIONS_CURSOR = cursorFor('webhooks', ['string']);
const DELIVERIES_CURSOR = cursorFor('deliveries', ['string']);

export const SECRET_MIN_LENGTH = 16;
export const SECRET_MAX_LENGTH = 256;
export const DESCRIPTION_MAX_LENGTH = 500;

/** Characters are code points, as JSON Schema's `minLength` counts them: an emoji is one character, not two UTF-16 units. */
function secretLengthOk(secret: string): boolean {
  const length = [...secret].length;
  return length >= SECRET_MIN_LENGTH && length <= SECRET_MAX_LENGTH;
}

export interface Page<T> {
  items: T[];
  total: number;
  nextCursor: string | null;
}

/** The webhook stores, each made for an executor (the pool, or a transaction). */
export interface WebhookStoreFactories {
  subscriptions: typeof createSubscriptionStore;
  log: typeof createLogStore;
  queue: typeof createQueueStore;
  outbox: typeof createOutboxStore;
}

export interface WebhookServiceDeps {
  database: Database;
  clock: Clock;
  config: Pick<Config, 'webhooks'>;
  stores: WebhookStoreFactories;
}

/** What the API and the portal accept; both get the same field errors. */
export interface SubscriptionInput {
  url?: unknown;
  events?: unknown;
  secret?: unknown;
  description?: unknown;
}

interface ValidInput {
  url?: string;
  events?: string[];
  secret?: string;
  description?: string | null;
}

/** Validates subscription fields; `required` lists the fields that must be present (create). */
export function validateSubscriptionInput(input: SubscriptionInput, opts: UrlPolicy & { required: boolean }): ValidInput {
  const errors: FieldError[] = [];
  const out: ValidInput = {};
  if (input.url !== undefined || opts.required) {
    if (typeof input.url !== 'string') {
      errors.push({ field: 'url', code: input.url === undefined ? 'required' : 'invalid_type', message: 'is required and must be a string' });
    } else {
      // Stored, shown and delivered to in its normalised form.
      const check = checkWebhookUrl(input.url, opts);
      if (!check.ok) errors.push({ field: 'url', code: 'invalid_webhook_url', message: check.problem });
      else out.url = check.url;
    }
  }
  if (input.events !== undefined || opts.required) {
    if (!Array.isArray(input.events)) {
      errors.push({ field: 'events', code: input.events === undefined ? 'required' : 'invalid_type', message: 'must be an array of event types' });
    } else if (input.events.length === 0) {
      errors.push({ field: 'events', code: 'invalid_event_type', message: `must list at least one event type, or "*" for all` });
    } else {
      const bad = input.events
        .map((t: unknown, i) => ({ t, i }))
        .filter(({ t }) => typeof t !== 'string' || (t !== '*' && !isEventType(t)));
      for (const { t, i } of bad.slice(0, 20)) {
        errors.push({
          field: `events[${i}]`,
          code: 'invalid_event_type',
          message: `${JSON.stringify(t)?.slice(0, 60) ?? 'value'} is not an event type; use "*" or one of: ${EVENT_TYPES.join(', ')}`,
        });
      }
      if (bad.length === 0) {
        const types = input.events as string[];
        // "*" means every type, now and future; listing others next to it adds nothing.
        out.events = types.includes('*') ? ['*'] : EVENT_TYPES.filter((t) => types.includes(t));
      }
    }
  }
  if (input.secret !== undefined) {
    if (typeof input.secret !== 'string') {
      errors.push({ field: 'secret', code: 'invalid_type', message: 'must be a string' });
    } else if (!secretLengthOk(input.secret)) {
      errors.push({ field: 'secret', code: 'invalid_length', message: `must be ${SECRET_MIN_LENGTH} to ${SECRET_MAX_LENGTH} characters` });
    } else {
      out.secret = input.secret;
    }
  }
  if (input.description !== undefined) {
    if (input.description !== null && typeof input.description !== 'string') {
      errors.push({ field: 'description', code: 'invalid_type', message: 'must be a string or null' });
    } else if (typeof input.description === 'string' && [...input.description].length > DESCRIPTION_MAX_LENGTH) {
      // Code points, as for the secret (above) and every length the schemas check.
      errors.push({ field: 'description', code: 'invalid_length', message: `must be at most ${DESCRIPTION_MAX_LENGTH} characters` });
    } else {
      out.description = input.description === '' ? null : input.description;
    }
  }
  if (errors.length) throw Errors.validation(errors);
  return out;
}

/** Validates a new subscription, where `url` and `events` are required. */
export function validateNewSubscription(input: SubscriptionInput, policy: UrlPolicy): ValidInput & { url: string; events: string[] } {
  const valid = validateSubscriptionInput(input, { ...policy, required: true });
  const { url, events } = valid;
  // A missing field was reported above; this narrows the type and can only repeat that answer.
  if (url === undefined || events === undefined) {
    throw Errors.validation([{ field: url === undefined ? 'url' : 'events', code: 'required', message: 'is required' }]);
  }
  return { ...valid, url, events };
}

function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function publicStatus(status: DeliveryRow['status']): DeliveryStatus {
  return status === 'batching' ? 'pending' : status;
}

function statusesFor(filter: DeliveryStatus | undefined): DeliveryRow['status'][] | undefined {
  if (!filter) return undefined;
  return filter === 'pending' ? ['batching', 'pending'] : [filter];
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    subscription_id: row.subscription_id,
    kind: row.kind,
    status: publicStatus(row.status),
    event_count: row.event_count,
    event_types: parseTypes(row.event_types),
    body_bytes: row.body_bytes,
    attempt_count: row.attempt_count,
    next_attempt_at: row.status === 'delivered' || row.status === 'failed' ? null : row.next_attempt_at,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    redelivery_of: row.redelivery_of,
    created_at: row.created_at,
    completed_at: row.completed_at,
    updated_at: row.updated_at,
  };
}

function toAttempt(row: AttemptRow): WebhookAttempt {
  return {
    number: row.number,
    attempted_at: row.attempted_at,
    duration_ms: row.duration_ms,
    status_code: row.status_code,
    success: row.success === 1,
    error: row.error,
    response_body: row.response_body,
    response_body_truncated: row.response_truncated === 1,
  };
}

/** Test deliveries (Send Test, a test redelivered) per subscription per minute. */
const TESTS_PER_WINDOW = 10;
const TEST_WINDOW_MS = 60_000;

/**
 * Webhook subscriptions and their delivery log, always scoped to one user
 * (another user's subscription is "not found"). The API routes and the portal
 * both call this; sending is the dispatcher's job, which `onQueued` wakes.
 */
export function createWebhookService(deps: WebhookServiceDeps) {
  /**
   * Tests are outside the daily limit (contract section 6), so they have a bound of their own:
   * without one, Send Test (or redelivering a test) in a loop made this service POST to any
   * address a user named as fast as they could ask. Counted from the log, so every process sees
   * the same count; two tests asked at the same instant may both pass the last place.
   */
  async function withinTestLimit(subscriptionId: string): Promise<void> {
    const nowMs = deps.clock.now().getTime();
    const made = await log.testsSince(subscriptionId, new Date(nowMs - TEST_WINDOW_MS).toISOString(), TESTS_PER_WINDOW);
    const oldest = made[0];
    if (made.length >= TESTS_PER_WINDOW && oldest !== undefined) {
      throw Errors.rateLimited(Math.max(1, Math.ceil((Date.parse(oldest) + TEST_WINDOW_MS - nowMs) / 1000)));
    }
  }

  const cfg = deps.config.webhooks;
  const db = deps.database.db;
  const stores = deps.stores;
  const subscriptions = stores.subscriptions(db);
  // PostgreSQL: a PATCH or DELETE locks the subscription's row, so its If-Match check and its write are one step.
  const lockRows = deps.database.dialect === 'postgres';
  const log = stores.log(db);
  const listeners = new Set<() => void>();
  const queued = () => {
    for (const fn of listeners) fn();
  };

  function view(row: SubscriptionRow): WebhookSubscription {
    const today = row.quota_day === utcDay(deps.clock.now());
    return {
      id: row.id,
      url: row.url,
      events: subscribedTypes(row),
      description: row.description,
      status: row.status,
      secret_hint: secretHint(row.secret),
      consecutive_failures: row.consecutive_failures,
      disabled_reason: row.status === 'disabled' ? row.disabled_reason : null,
      disabled_at: row.status === 'disabled' ? row.disabled_at : null,
      deliveries_today: today ? row.quota_used : 0,
      daily_limit: cfg.dailyLimit,
      dropped_events_today: today ? row.dropped_today : 0,
      dropped_events_total: row.dropped_total,
      application_id: row.application_id,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  async function owned(userId: string, id: string): Promise<SubscriptionRow> {
    const row = await subscriptions.findOwned(userId, id);
    if (!row) throw Errors.notFound('webhook subscription');
    return row;
  }

  async function queueSealed(
    sub: SubscriptionRow,
    opts: { kind: 'test' | 'redelivery'; body: string; eventCount: number; eventTypes: string; redeliveryOf: string | null },
  ): Promise<WebhookDelivery> {
    const at = deps.clock.now().toISOString();
    const row: DeliveryRow = {
      id: newId(),
      subscription_id: sub.id,
      user_id: sub.user_id,
      kind: opts.kind,
      status: 'pending',
      event_count: opts.eventCount,
      event_types: opts.eventTypes,
      body_bytes: Buffer.byteLength(opts.body),
      signature: signBody(sub.secret, opts.body),
      attempt_count: 0,
      next_attempt_at: at,
      lease_owner: null,
      lease_until: null,
      last_status_code: null,
      last_error: null,
      redelivery_of: opts.redeliveryOf,
      created_at: at,
      sealed_at: at,
      completed_at: null,
      updated_at: at,
    };
    // One transaction, so the dispatcher can never claim a delivery whose body is not there yet.
    await writeTransaction(deps.database, fenced((trx) => stores.queue(trx).insertSealed(row, opts.body)));
    queued();
    return toDelivery(row);
  }

  return {
    /** Queue figures for the metrics gauges (not user-scoped). */
    async queueStats(): Promise<QueueStats> {
      const now = deps.clock.now();
      const s = await stores.queue(db).stats(now.toISOString());
      return {
        depth: s.depth,
        oldestDueAgeSeconds: s.oldestDue ? Math.max(0, (now.getTime() - Date.parse(s.oldestDue)) / 1000) : 0,
        undispatchedEvents: await stores.outbox(db).countUndispatched(),
        subscriptionsDroppingToday: await subscriptions.countDroppingOn(utcDay(now)),
      };
    },

    /** Called (in this process) whenever a delivery is queued outside the fan-out. */
    onQueued(fn: () => void): () => void {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },

    async list(userId: string, opts: { limit?: number; cursor?: string } = {}): Promise<Page<WebhookSubscription>> {
      const limit = opts.limit ?? 50;
      const afterId = opts.cursor ? SUBSCRIPTIONS_CURSOR.decode(opts.cursor)[0] : undefined;
      const rows = await subscriptions.list(userId, { limit: limit + 1, afterId });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(view),
        total: await subscriptions.count(userId),
        nextCursor: rows.length > limit && last ? SUBSCRIPTIONS_CURSOR.encode([last.id]) : null,
      };
    },

    /** `applicationId`: the OAuth application whose token asked (null for the user's own key or the portal). */
    async create(userId: string, input: CreateWebhookBody | SubscriptionInput, opts: { applicationId?: string | null } = {}): Promise<CreatedWebhookSubscription> {
      const valid = validateNewSubscription(input, { allowPrivate: cfg.allowPrivateTargets, localTargets: cfg.localTargets });
      const generated = valid.secret === undefined;
      const secret = valid.secret ?? generateSecret();
      const at = deps.clock.now().toISOString();
      const row: SubscriptionRow = {
        id: newId(),
        user_id: userId,
        url: valid.url,
        events: JSON.stringify(valid.events),
        description: valid.description ?? null,
        secret,
        status: 'enabled',
        consecutive_failures: 0,
        disabled_reason: null,
        disabled_at: null,
        disable_notified_at: null,
        quota_day: null,
        quota_used: 0,
        dropped_today: 0,
        dropped_total: 0,
        events_since: at,
        application_id: opts.applicationId ?? null,
        created_at: at,
        updated_at: at,
      };
      // Counted and inserted one creator at a time, so concurrent requests cannot pass the cap together.
      await writeTransaction(deps.database, fenced(async (trx) => {
        await serialiseOn(trx, deps.database.dialect, `webhook-subscriptions:${userId}`);
        const store = stores.subscriptions(trx);
        if ((await store.count(userId)) >= cfg.maxSubscriptionsPerUser) {
          throw Errors.conflict(`An account can have at most ${cfg.maxSubscriptionsPerUser} webhook subscriptions; delete one first.`);
        }
        await store.insert(row);
      }));
      return generated ? { ...view(row), secret } : view(row);
    },

    async get(userId: string, id: string): Promise<WebhookSubscription> {
      return view(await owned(userId, id));
    },

    /** `ifMatch`: the request's If-Match, compared with the subscription as read (and, on PostgreSQL, locked) in the write. */
    async update(userId: string, id: string, input: UpdateWebhookBody | SubscriptionInput, ifMatch?: string): Promise<WebhookSubscription> {
      const valid = validateSubscriptionInput(input, { allowPrivate: cfg.allowPrivateTargets, localTargets: cfg.localTargets, required: false });
      return writeTransaction(deps.database, fenced(async (trx) => {
        const store = stores.subscriptions(trx);
        const row = await store.findOwned(userId, id, lockRows);
        if (!row) throw Errors.notFound('webhook subscription');
        await checkIfMatch(ifMatch, 'webhook subscription', () => view(row));
        const patch: Partial<SubscriptionRow> = {};
        if (valid.url !== undefined) patch.url = valid.url;
        if (valid.events !== undefined) patch.events = JSON.stringify(valid.events);
        if (valid.secret !== undefined) patch.secret = valid.secret;
        if (valid.description !== undefined) patch.description = valid.description;
        // Only what differs: a PATCH that changes nothing keeps the subscription, its updated_at and ETag.
        for (const key of Object.keys(patch) as Array<keyof SubscriptionRow>) if (patch[key] === row[key]) delete patch[key];
        if (Object.keys(patch).length === 0) return view(row);
        patch.updated_at = deps.clock.now().toISOString();
        await store.update(id, patch);
        return view({ ...row, ...patch });
      }));
    },

    async remove(userId: string, id: string, ifMatch?: string): Promise<void> {
      if (ifMatch === undefined) {
        if (!(await subscriptions.deleteOwned(userId, id))) throw Errors.notFound('webhook subscription');
        return;
      }
      await writeTransaction(deps.database, fenced(async (trx) => {
        const store = stores.subscriptions(trx);
        const row = await store.findOwned(userId, id, lockRows);
        if (!row) throw Errors.notFound('webhook subscription');
        await checkIfMatch(ifMatch, 'webhook subscription', () => view(row));
        await store.deleteOwned(userId, id);
      }));
    },

    /**
     * Re-enable: back to `enabled` with a clean failure count. Idempotent: an enabled subscription
     * with no failures is left as it is (its ETag too). Only a disabled one starts taking events
     * anew from now (`events_since`); an enabled one keeps those not yet fanned out.
     */
    async enable(userId: string, id: string): Promise<WebhookSubscription> {
      const row = await owned(userId, id);
      if (row.status === 'enabled' && row.consecutive_failures === 0) return view(row);
      const at = deps.clock.now().toISOString();
      const patch = {
        status: 'enabled' as const,
        consecutive_failures: 0,
        disabled_reason: null,
        disabled_at: null,
        disable_notified_at: null,
        events_since: row.status === 'disabled' ? at : row.events_since,
        updated_at: at,
      };
      await subscriptions.update(id, patch);
      return view({ ...row, ...patch });
    },

    /**
     * Send Test: one synthetic event of each subscribed type ("*" means all),
     * with sample data, as a single delivery marked X-Webhook-Test. It is
     * attempted once, is not counted against the daily limit and does not touch
     * the failure count, so it also works on a disabled subscription.
     */
    async sendTest(userId: string, id: string): Promise<WebhookDelivery> {
      const sub = await owned(userId, id);
      await withinTestLimit(id);
      const wanted = subscribedTypes(sub);
      const types: EventType[] = wanted.includes('*') ? [...EVENT_TYPES] : EVENT_TYPES.filter((t) => wanted.includes(t));
      const at = deps.clock.now().toISOString();
      const lines = types.map((type) => eventLine({ id: newId(), type, occurred_at: at, payload: JSON.stringify(sampleData(type, at)) }));
      return queueSealed(sub, { kind: 'test', body: bodyOf(lines), eventCount: lines.length, eventTypes: typesJson(types), redeliveryOf: null });
    },

    /** The log, newest first; `eventType` keeps deliveries that contain that type. */
    async listDeliveries(
      userId: string,
      id: string,
      opts: { status?: DeliveryStatus; eventType?: string; limit?: number; cursor?: string } = {},
    ): Promise<Page<WebhookDelivery>> {
      await owned(userId, id);
      const eventType = opts.eventType;
      if (eventType !== undefined && !isEventType(eventType)) {
        throw Errors.validation([{ field: 'event_type', code: 'invalid_event_type', message: `must be one of: ${EVENT_TYPES.join(', ')}` }]);
      }
      const limit = opts.limit ?? 50;
      const beforeId = opts.cursor ? DELIVERIES_CURSOR.decode(opts.cursor)[0] : undefined;
      const statuses = statusesFor(opts.status);
      const since = retentionCutoff(deps.clock, cfg.retentionDays);
      const rows = await log.list(id, { statuses, eventType, since, limit: limit + 1, beforeId });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(toDelivery),
        total: await log.count(id, { statuses, eventType, since }),
        nextCursor: rows.length > limit && last ? DELIVERIES_CURSOR.encode([last.id]) : null,
      };
    },

    async getDelivery(userId: string, id: string, deliveryId: string): Promise<WebhookDeliveryDetail> {
      await owned(userId, id);
      const row = await log.find(id, deliveryId);
      // Past the retention period a delivery is gone for the API, as in the listing, even before the purge deletes it.
      if (!row || row.created_at < retentionCutoff(deps.clock, cfg.retentionDays)) throw Errors.notFound('delivery');
      const attempts = await log.attempts(row.id);
      return { ...toDelivery(row), request_body: await log.bodyOf(row.id), attempts: attempts.map(toAttempt) };
    },

    /**
     * Sends a delivery's exact body again as a new delivery (new X-Webhook-Delivery,
     * signed with the current secret). Not counted against the daily limit.
     * A test delivery's body is sample data, so its redelivery is a test delivery
     * too: marked X-Webhook-Test, so no receiver takes the fake events for real,
     * and attempted once without touching the failure count.
     */
    async redeliver(userId: string, id: string, deliveryId: string): Promise<WebhookDelivery> {
      const sub = await owned(userId, id);
      const row = await log.find(id, deliveryId);
      if (!row || row.created_at < retentionCutoff(deps.clock, cfg.retentionDays)) throw Errors.notFound('delivery');
      const body = row.status === 'batching' ? null : await log.bodyOf(row.id);
      if (body === null) throw Errors.conflict('This batch is still collecting events; it is sent when its window closes.');
      if (sub.status !== 'enabled') throw Errors.conflict('The subscription is disabled; re-enable it before redelivering.');
      const kind = row.kind === 'test' ? 'test' : 'redelivery';
      if (kind === 'test') await withinTestLimit(id);
      return queueSealed(sub, { kind, body, eventCount: row.event_count, eventTypes: row.event_types, redeliveryOf: row.id });
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
