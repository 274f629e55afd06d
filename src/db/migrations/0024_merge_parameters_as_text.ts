import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { bump, bumpVariables, entryLock, ownerShared } from './0021_cheaper_collection_writes.js';
import { ENTRY_VARIABLES, mergedPayload, OLDEST_ENTRY, TAGS_NOT_AS_WRITTEN, UPDATE_MERGED } from './0022_one_statement_merge.js';

/**
 * PostgreSQL: the one-statement add of migration 0022 with its events given as plain values
 * instead of JSON (issue 15). `ccs_add_entry_merging` took the created event and the merge's
 * template as jsonb, so the database parsed ~2.5 kB of JSON on every add: the event's payload
 * (itself JSON text, so one long escaped string) and the template's eight pieces, although an
 * add uses only one of the two. `ccs_add_or_merge` takes the created event's columns and the
 * template's pieces (`text[]`) as they are; only the entry (~400 bytes) is still jsonb. Measured
 * with pgbench sending the parameters as the service does (text cast in the statement), the
 * database's CPU a merge fell from ~147 to ~132 µs (2-core AMD, three alternated runs;
 * bench/README.md, thirteenth round).
 *
 * The locks, the choice of entry, the merge rules, the row check before the update, the event's
 * text and the counter bump are 0022's (see there). `ccs_add_entry_merging` stays for processes
 * of the previous release while a deployment rolls over; nothing of this release calls it.
 */
function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The locks `ccs_add_or_merge` takes, in the order every writer takes them (0021). */
const WAIT_FOR_LOCKS = `PERFORM ${ownerShared('e.user_id')};
         PERFORM ${entryLock('e.user_id')};`;

/** `ccs_add_or_merge` as `name`, taking its locks with `locks` (migration 0025 makes a variant that does not wait for them). */
export const addOrMergeFunction = (name: string, locks: string) => `CREATE FUNCTION ${name}(p_key text, p_entry jsonb,
         p_event_id text, p_event_type text, p_occurred_at text, p_payload text,
         p_parts text[], p_unit bigint, p_max integer, p_merge_event_id text, p_merge_occurred_at text)
       RETURNS TABLE (merged boolean, entry jsonb)
       LANGUAGE plpgsql AS $fn$
       DECLARE
         ${ENTRY_VARIABLES}
         ${bumpVariables}
       BEGIN
         ${locks}
         -- The oldest entry with the identity, as the service picks it (see 0022).
         ${OLDEST_ENTRY}
         IF x.id IS NULL THEN
           INSERT INTO collection_entries SELECT (e).*;
           INSERT INTO events (id, user_id, type, occurred_at, payload, dispatched_at)
             VALUES (p_event_id, e.user_id, p_event_type, p_occurred_at, p_payload, NULL);
           ${bump('e.user_id')}
           RETURN;
         END IF;
         v_quantity := x.quantity + e.quantity;
         IF p_parts IS NULL OR v_quantity > p_max
           OR ${TAGS_NOT_AS_WRITTEN} THEN
           merged := false;
           entry := to_jsonb(x);
           RETURN NEXT;
           RETURN;
         END IF;
         v_price := coalesce(x.purchase_price, e.purchase_price);
         v_notes := coalesce(x.notes, e.notes);
         ${UPDATE_MERGED}
         IF NOT FOUND THEN
           merged := false;
           entry := to_jsonb(x);
           RETURN NEXT;
           RETURN;
         END IF;
         INSERT INTO events (id, user_id, type, occurred_at, payload, dispatched_at) VALUES (
           p_merge_event_id, e.user_id, 'collection.entry.updated', p_merge_occurred_at,
           ${mergedPayload('p_parts', 'p_unit')},
           NULL);
         ${bump('e.user_id')}
         merged := true;
         entry := to_jsonb(x) || jsonb_build_object('quantity', v_quantity, 'purchase_price', v_price, 'notes', v_notes, 'updated_at', e.updated_at);
         RETURN NEXT;
       END $fn$`;

export const ADD_OR_MERGE = addOrMergeFunction('ccs_add_or_merge', WAIT_FOR_LOCKS);

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql.raw(ADD_OR_MERGE).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP FUNCTION IF EXISTS ccs_add_or_merge(text, jsonb, text, text, text, text, text[], bigint, integer, text, text)`.execute(db);
}
