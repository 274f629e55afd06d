import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The auth epoch also moves when the cards version does (every card import, as its last
 * statement): processes keep the cards version for as long as the epoch they read it under
 * is current, as they keep credentials, so a collection page no longer pays a read (on
 * PostgreSQL a round trip) for it. Card imports are rare; each one empties the credential
 * caches once, which costs one look-up per credential afterwards.
 */
const BUMP = 'UPDATE auth_epoch SET epoch = epoch + 1 WHERE id = 1';
const WHEN = { insert: "NEW.key = 'cards_version'", update: "NEW.key = 'cards_version' OR OLD.key = 'cards_version'", delete: "OLD.key = 'cards_version'" };

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [event, when] of Object.entries(WHEN)) {
    const on = `AFTER ${event.toUpperCase()} ON meta FOR EACH ROW`;
    await sql
      .raw(
        isPostgres(db)
          ? `CREATE TRIGGER auth_epoch_cards_version_${event} ${on} WHEN (${when}) EXECUTE FUNCTION ccs_bump_auth_epoch()`
          : `CREATE TRIGGER auth_epoch_cards_version_${event} ${on} WHEN ${when} BEGIN ${BUMP}; END`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of Object.keys(WHEN)) {
    await sql.raw(isPostgres(db) ? `DROP TRIGGER IF EXISTS auth_epoch_cards_version_${event} ON meta` : `DROP TRIGGER IF EXISTS auth_epoch_cards_version_${event}`).execute(db);
  }
}
