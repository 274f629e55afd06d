import { type Kysely, sql } from 'kysely';

/**
 * Usernames are unique regardless of case (`alice` and `ALICE` are one name); the spelling
 * chosen at sign-up is kept. A unique index on `lower(username)` enforces it, and serves the
 * case-insensitive look-ups (sign-in, `ccs ... --user`, public decks).
 *
 * A database may already hold names that differ only by case. Merging or renaming accounts is
 * the operator's decision, not a migration's: it stops, names every clash with the accounts'
 * ids, and says how to rename; `ccs migrate` (or the next start) then goes on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows: clashes } = await sql<{ name: string; id: string; username: string; created_at: string }>`
    select lower(username) as name, id, username, created_at from users
    where lower(username) in (select lower(username) from users group by lower(username) having count(*) > 1)
    order by lower(username), created_at`.execute(db);
  if (clashes.length > 0) {
    const byName = new Map<string, string[]>();
    for (const c of clashes) byName.set(c.name, [...(byName.get(c.name) ?? []), `"${c.username}" (id ${c.id}, created ${c.created_at})`]);
    const lines = [...byName.values()].map((accounts) => `  - ${accounts.join(', ')}`);
    throw new Error(
      `Migration 0012_username_case: usernames must be unique regardless of case, and these accounts differ only by case:\n${lines.join('\n')}\n` +
        "Rename all but one of each (e.g. UPDATE users SET username = 'alice_2' WHERE id = '<id>'), tell those users, then run \"ccs migrate\" again.",
    );
  }
  await db.schema.createIndex('users_username_lower').on('users').unique().expression(sql`lower(username)`).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_username_lower').execute();
}
