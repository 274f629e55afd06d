import type { Kysely } from 'kysely';

/**
 * OAuth2 for third-party applications (docs/oauth.md):
 * - `oauth_clients`: registered applications; only a SHA-256 of a confidential client's secret.
 * - `oauth_records`: what the authorization server (oidc-provider) keeps, one row per artefact
 *   (grants, codes, access and refresh tokens, sign-in interactions). `id` is the SHA-256 of
 *   the artefact's id, so a database dump holds no usable token; the other columns are copied
 *   out of the payload for the indexed look-ups (a bearer token on every API request, all of a
 *   grant's tokens on revocation, a user's grants in the portal).
 * - `oauth_keys`: signing and cookie keys, created once by whichever process starts first.
 * - `api_usage.application_id` and `webhook_subscriptions.application_id`: which application
 *   made the requests, or created the subscription (null for personal API keys and the portal).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oauth_clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('homepage_url', 'text')
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text')
    .addColumn('secret_hint', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oauth_clients_user').on('oauth_clients').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('oauth_records')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('client_id', 'text')
    .addColumn('uid', 'text')
    .addColumn('scope', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('consumed_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('oauth_records_pk', ['model', 'id'])
    .execute();
  await db.schema.createIndex('oauth_records_grant').on('oauth_records').columns(['grant_id']).execute();
  await db.schema.createIndex('oauth_records_uid').on('oauth_records').columns(['uid']).execute();
  await db.schema.createIndex('oauth_records_user').on('oauth_records').columns(['user_id', 'model']).execute();
  await db.schema.createIndex('oauth_records_client').on('oauth_records').columns(['client_id']).execute();
  await db.schema.createIndex('oauth_records_expiry').on('oauth_records').columns(['expires_at']).execute();

  await db.schema
    .createTable('oauth_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('material', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('api_usage').addColumn('application_id', 'text').execute();
  await db.schema.alterTable('webhook_subscriptions').addColumn('application_id', 'text').execute();
}
