import type { Kysely } from 'kysely';

// Webhook subscriptions, deliveries (open batches, then sealed bodies), batch members and attempts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled_reason', 'text')
    .addColumn('disabled_at', 'text')
    .addColumn('disable_notified_at', 'text')
    .addColumn('quota_day', 'text')
    .addColumn('quota_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dropped_today', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dropped_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_subscriptions_user').on('webhook_subscriptions').columns(['user_id', 'status']).execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subscription_id', 'text', (c) => c.notNull().references('webhook_subscriptions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('event_count', 'integer', (c) => c.notNull())
    .addColumn('event_types', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('body_bytes', 'integer', (c) => c.notNull())
    .addColumn('signature', 'text')
    .addColumn('attempt_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('redelivery_of', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sealed_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_log').on('webhook_deliveries').columns(['subscription_id', 'id']).execute();
  await db.schema.createIndex('webhook_deliveries_sub_status').on('webhook_deliveries').columns(['subscription_id', 'status']).execute();
  await db.schema.createIndex('webhook_deliveries_created').on('webhook_deliveries').columns(['created_at']).execute();

  // The body lives apart from its delivery row: SQLite rewrites a whole row on every UPDATE,
  // and a delivery row is updated at claim and after each attempt while the body never changes.
  await db.schema
    .createTable('webhook_delivery_bodies')
    .addColumn('delivery_id', 'text', (c) => c.primaryKey().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_batch_events')
    .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('webhook_batch_events_pk', ['delivery_id', 'position'])
    .execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('success', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('response_body', 'text')
    .addColumn('response_truncated', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_attempts_delivery').on('webhook_attempts').columns(['delivery_id', 'number']).execute();
}
