import type { Selectable } from 'kysely';
import type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhookSubscriptionsTable } from '../db/schema.js';

/* Row types and helpers shared by the webhook stores (`*-store.ts`). */

export type SubscriptionRow = Selectable<WebhookSubscriptionsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;
export type NewSubscriptionRow = Omit<SubscriptionRow, 'consecutive_failures' | 'quota_used' | 'dropped_today' | 'dropped_total'>;
export type NewDeliveryRow = Omit<DeliveryRow, 'attempt_count'>;

/** Delivery columns (the body is in its own table). */
export const DELIVERY_COLUMNS = [
  'id',
  'subscription_id',
  'user_id',
  'kind',
  'status',
  'event_count',
  'event_types',
  'body_bytes',
  'signature',
  'attempt_count',
  'next_attempt_at',
  'lease_owner',
  'lease_until',
  'last_status_code',
  'last_error',
  'redelivery_of',
  'created_at',
  'sealed_at',
  'completed_at',
  'updated_at',
] as const;

/** Deliveries that are not finished: open batches, and sealed ones waiting for an attempt. */
export const UNFINISHED: DeliveryRow['status'][] = ['batching', 'pending', 'retrying'];

// SQLite caps bound parameters per statement; stay well under it.
const CHUNK = 400;

/** Runs `fn` over `ids` in slices small enough for one statement. */
export async function forChunks(ids: readonly string[], fn: (slice: string[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < ids.length; i += CHUNK) await fn(ids.slice(i, i + CHUNK));
}

/** Reads `fn` over `ids` in slices small enough for one statement, concatenating what it answers. */
export async function inChunks<T>(ids: readonly string[], fn: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  await forChunks(ids, async (slice) => out.push(...(await fn(slice))));
  return out;
}
