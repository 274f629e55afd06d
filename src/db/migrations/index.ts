import type { Migration } from 'kysely';
import * as m0001_core from './0001_core.js';
import * as m0002_webhooks from './0002_webhooks.js';
import * as m0003_card_prices from './0003_card_prices.js';
import * as m0005_deck_indexes from './0005_deck_indexes.js';
import * as m0006_portal_sessions from './0006_portal_sessions.js';
import * as m0007_card_search_facts from './0007_card_search_facts.js';
import * as m0008_drop_events_user from './0008_drop_events_user.js';
import * as m0009_oauth from './0009_oauth.js';
import * as m0010_exports from './0010_exports.js';
import * as m0011_idempotency from './0011_idempotency.js';
import * as m0015_import_staging from './0015_import_staging.js';
import * as m0012_username_case from './0012_username_case.js';
import * as m0016_auth_epoch from './0016_auth_epoch.js';
import * as m0017_auth_epoch_email from './0017_auth_epoch_email.js';
import * as m0018_cards_version_epoch from './0018_cards_version_epoch.js';
import * as m0019_collection_write_locks from './0019_collection_write_locks.js';
import * as m0020_version_shards_skip_locked from './0020_version_shards_skip_locked.js';
import * as m0021_cheaper_collection_writes from './0021_cheaper_collection_writes.js';
import * as m0022_one_statement_merge from './0022_one_statement_merge.js';
import * as m0023_merge_function_as_reviewed from './0023_merge_function_as_reviewed.js';
import * as m0024_merge_parameters_as_text from './0024_merge_parameters_as_text.js';
import * as m0025_batched_adds_do_not_wait from './0025_batched_adds_do_not_wait.js';
import * as m0026_batched_adds_claim_a_counter from './0026_batched_adds_claim_a_counter.js';
import * as m0027_card_prices_as_of from './0027_card_prices_as_of.js';
import * as m0028_webhook_events_since from './0028_webhook_events_since.js';
import * as m0029_merge_only_into_older_changes from './0029_merge_only_into_older_changes.js';
import * as m0030_usage_by_hour from './0030_usage_by_hour.js';
import * as m0031_cards_listing_index from './0031_cards_listing_index.js';

/**
 * Every migration, one file each, applied in name order. The names are recorded in every
 * database that ran them, so a name never changes. Types are chosen to mean the same on
 * SQLite and PostgreSQL: text ids and RFC 3339 text timestamps, integer counts and cents.
 * A new migration is a file `NNNN_what.ts` exporting `up` (and `down` where it can be undone),
 * plus its import and its entry here.
 */
export const migrations: Record<string, Migration> = {
  '0001_core': m0001_core,
  '0002_webhooks': m0002_webhooks,
  '0003_card_prices': m0003_card_prices,
  '0005_deck_indexes': m0005_deck_indexes,
  '0006_portal_sessions': m0006_portal_sessions,
  '0007_card_search_facts': m0007_card_search_facts,
  '0008_drop_events_user': m0008_drop_events_user,
  '0009_oauth': m0009_oauth,
  '0010_exports': m0010_exports,
  '0011_idempotency': m0011_idempotency,
  '0015_import_staging': m0015_import_staging,
  '0012_username_case': m0012_username_case,
  '0016_auth_epoch': m0016_auth_epoch,
  '0017_auth_epoch_email': m0017_auth_epoch_email,
  '0018_cards_version_epoch': m0018_cards_version_epoch,
  '0019_collection_write_locks': m0019_collection_write_locks,
  '0020_version_shards_skip_locked': m0020_version_shards_skip_locked,
  '0021_cheaper_collection_writes': m0021_cheaper_collection_writes,
  '0022_one_statement_merge': m0022_one_statement_merge,
  '0023_merge_function_as_reviewed': m0023_merge_function_as_reviewed,
  '0024_merge_parameters_as_text': m0024_merge_parameters_as_text,
  '0025_batched_adds_do_not_wait': m0025_batched_adds_do_not_wait,
  '0026_batched_adds_claim_a_counter': m0026_batched_adds_claim_a_counter,
  '0027_card_prices_as_of': m0027_card_prices_as_of,
  '0028_webhook_events_since': m0028_webhook_events_since,
  '0029_merge_only_into_older_changes': m0029_merge_only_into_older_changes,
  '0030_usage_by_hour': m0030_usage_by_hour,
  '0031_cards_listing_index': m0031_cards_listing_index,
};
