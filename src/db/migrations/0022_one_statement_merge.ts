import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { bump, bumpVariables, entryLock, ownerShared } from './0021_cheaper_collection_writes.js';

/**
 * PostgreSQL: an add that merges into an existing entry in one statement instead of two
 * (issue 15). Until now `ccs_add_entry` found the entry and answered it, and the service then
 * sent `ccs_merge_entry` with the merged row and its event: two round trips, the locks taken
 * twice, and the first statement alone ~a quarter of the database's CPU for the merge
 * (pgbench, the developers' 2-core machine: ~330 µs of ~1,330).
 *
 * `ccs_add_entry_merging` takes the same locks in the same order, inserts as `ccs_add_entry`
 * does when no entry has the identity, and otherwise merges by the service's rules for an add
 * without tags (quantities add; an empty price or note is filled in; tags stay as they are),
 * under the entry identity's exclusive lock, so no other add of that identity runs meanwhile
 * and no patch or delete (the owner's lock, exclusive) either.
 *
 * The merge's event must be exactly the JSON the service would have written: the entry as the
 * API shows it, keys in the schema's order. The service sends that text cut around the seven
 * fields a merge can change (`p_merge.parts`, eight pieces), and the function fills them in
 * from the merged row: id, quantity, purchase price, value (the card's unit price from
 * `p_merge.unit`, in cents), tags (the stored JSON text, only when it is an array of strings
 * as the service writes it), notes, created_at. Money is formatted as `fromCents` does.
 * When the merge would pass `p_merge.max` copies, the stored tags are not in that form,
 * `p_merge` is null (an add with tags, whose union the service computes), or the row changed
 * between its read and its update (only something that takes none of the service's locks could),
 * nothing is written and the entry is answered with `merged = false`, as `ccs_add_entry` answers
 * it; the service then takes the two-statement path. Nothing is answered when the add inserted.
 * The tags' pattern is dollar-quoted, so it means the same whatever `standard_conforming_strings` says.
 */
function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Pieces of the merging function that migration 0024's `ccs_add_or_merge` shares, word for word.
 * `OLDEST_ENTRY`: the oldest entry with `e`'s identity into `x`, as the service picks it (byAge:
 * created_at, then id, as JavaScript compares them); picked in a loop, not by ORDER BY ... LIMIT 1,
 * for which the planner would walk the user's entries in the order of entries_user_added.
 */
export const OLDEST_ENTRY = `FOR r IN SELECT * FROM collection_entries WHERE user_id = e.user_id AND card_id = e.card_id AND finish = e.finish
           AND condition = e.condition AND language = e.language AND binder_id IS NOT DISTINCT FROM e.binder_id LOOP
           IF x.id IS NULL OR r.created_at COLLATE "C" < x.created_at COLLATE "C"
             OR (r.created_at = x.created_at AND r.id COLLATE "C" < x.id COLLATE "C") THEN
             x := r;
           END IF;
         END LOOP;`;
/** The variables every merging function declares: the new entry `e`, the one it merges into `x`, the loop's `r`, the merged values. */
export const ENTRY_VARIABLES = `e collection_entries := jsonb_populate_record(NULL::collection_entries, p_entry);
         x collection_entries;
         r collection_entries;
         v_quantity integer;
         v_price integer;
         v_notes text;`;
/** True when `x`'s tags are not an array of strings as the service writes it. */
export const TAGS_NOT_AS_WRITTEN = `x.tags !~ $re$^\\[("([^"\\\\]|\\\\.)*"(,"([^"\\\\]|\\\\.)*")*)?\\]$$re$`;
/** The merge itself, only if the row is still exactly as read (see below). */
export const UPDATE_MERGED = `UPDATE collection_entries AS c SET quantity = v_quantity, purchase_price = v_price, notes = v_notes, updated_at = e.updated_at
           WHERE c.id = x.id AND (c.*)::collection_entries IS NOT DISTINCT FROM x;`;
/** The merged event's text: the template's pieces (`parts`, 1-based) around the merged values, `unit` the card's price in cents. */
export const mergedPayload = (parts: string, unit: string) => `${parts}[1] || to_json(x.id)::text || ${parts}[2] || v_quantity::text || ${parts}[3] || ccs_cents_json(v_price)
             || ${parts}[4] || CASE WHEN ${unit} IS NULL THEN 'null'
                  ELSE '{"currency":"usd","unit":' || ccs_cents_json(${unit}) || ',"total":' || ccs_cents_json(${unit} * v_quantity) || '}' END
             || ${parts}[5] || x.tags || ${parts}[6] || coalesce(to_json(v_notes)::text, 'null') || ${parts}[7] || to_json(x.created_at)::text || ${parts}[8]`;

/**
 * `ccs_add_entry_merging` as it stands (migration 0023 applies it again to databases that ran an
 * earlier text of this migration).
 */
export const MERGING_FUNCTION = `CREATE OR REPLACE FUNCTION ccs_add_entry_merging(p_key text, p_entry jsonb, p_event jsonb, p_merge jsonb) RETURNS TABLE (merged boolean, entry jsonb)
       LANGUAGE plpgsql AS $fn$
       DECLARE
         ${ENTRY_VARIABLES}
         v_unit bigint;
         v_parts text[];
         ${bumpVariables}
       BEGIN
         PERFORM ${ownerShared('e.user_id')};
         PERFORM ${entryLock('e.user_id')};
         -- The oldest entry with the identity, as the service picks it (byAge: created_at, then id,
         -- as JavaScript compares them). Picked here, not by ORDER BY ... LIMIT 1, for which the
         -- planner would walk the user's entries in the order of entries_user_added.
         ${OLDEST_ENTRY}
         IF x.id IS NULL THEN
           INSERT INTO collection_entries SELECT (e).*;
           INSERT INTO events SELECT * FROM jsonb_populate_record(NULL::events, p_event);
           ${bump('e.user_id')}
           RETURN;
         END IF;
         v_quantity := x.quantity + e.quantity;
         IF p_merge IS NULL OR v_quantity > (p_merge->>'max')::integer
           OR ${TAGS_NOT_AS_WRITTEN} THEN
           RETURN QUERY SELECT false, to_jsonb(x);
           RETURN;
         END IF;
         v_price := coalesce(x.purchase_price, e.purchase_price);
         v_notes := coalesce(x.notes, e.notes);
         v_unit := (p_merge->>'unit')::bigint;
         v_parts := ARRAY(SELECT p.t FROM jsonb_array_elements_text(p_merge->'parts') WITH ORDINALITY AS p(t, i) ORDER BY p.i);
         -- Still exactly as read: every writer of the service is held off by the locks, and a
         -- change by anything else (SQL by hand, a cascading delete) leaves it to the caller.
         ${UPDATE_MERGED}
         IF NOT FOUND THEN
           RETURN QUERY SELECT false, to_jsonb(x);
           RETURN;
         END IF;
         INSERT INTO events (id, user_id, type, occurred_at, payload, dispatched_at) VALUES (
           p_merge->>'event_id', e.user_id, 'collection.entry.updated', p_merge->>'occurred_at',
           ${mergedPayload('v_parts', 'v_unit')},
           NULL);
         ${bump('e.user_id')}
         RETURN QUERY SELECT true, to_jsonb(x) || jsonb_build_object('quantity', v_quantity, 'purchase_price', v_price, 'notes', v_notes, 'updated_at', e.updated_at);
       END $fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  // Cents as fromCents (src/lib/money.ts) writes them, as a JSON string; SQL null as JSON null.
  await sql
    .raw(
      `CREATE FUNCTION ccs_cents_json(c bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
         SELECT CASE WHEN c IS NULL THEN 'null'
           ELSE '"' || CASE WHEN c < 0 THEN '-' ELSE '' END || (abs(c) / 100)::text || '.' || lpad((abs(c) % 100)::text, 2, '0') || '"' END
       $$`,
    )
    .execute(db);
  await sql.raw(MERGING_FUNCTION).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP FUNCTION IF EXISTS ccs_add_entry_merging(text, jsonb, jsonb, jsonb)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS ccs_cents_json(bigint)`.execute(db);
}
