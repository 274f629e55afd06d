import type { Insertable, Selectable } from 'kysely';
import type { DeckCardsTable, DecksTable, Executor, UsersTable } from '../db/schema.js';

export type DeckRow = Selectable<DecksTable> & { owner_username: Selectable<UsersTable>['username'] };
export type DeckCardRow = Selectable<DeckCardsTable>;

export interface DeckFilter {
  userId: string;
  visibility?: string;
  format?: string;
}

export interface DeckPage {
  sort: 'created' | 'updated';
  dir: 'asc' | 'desc';
  limit: number;
  /** Keyset position: the sort value and id of the last row of the previous page. */
  after?: { value: string; id: string };
}

const DECK_COLUMNS = [
  'decks.id',
  'decks.user_id',
  'decks.name',
  'decks.format',
  'decks.visibility',
  'decks.description',
  'decks.created_at',
  'decks.updated_at',
  'users.username as owner_username',
] as const;

export function createDeckStore(db: Executor) {
  const base = () => db.selectFrom('decks').innerJoin('users', 'users.id', 'decks.user_id').select(DECK_COLUMNS);

  const filtered = (f: DeckFilter) => {
    let q = db.selectFrom('decks').where('decks.user_id', '=', f.userId);
    if (f.visibility) q = q.where('decks.visibility', '=', f.visibility);
    if (f.format) q = q.where('decks.format', '=', f.format);
    return q;
  };

  return {
    async findById(id: string): Promise<DeckRow | undefined> {
      return base().where('decks.id', '=', id).executeTakeFirst();
    },

    /**
     * Takes the deck's row lock (PostgreSQL) so concurrent writes to one deck
     * queue up instead of racing on its decklist. SQLite serializes writers anyway.
     */
    async lock(id: string, forUpdate: boolean): Promise<{ id: string; user_id: string } | undefined> {
      let q = db.selectFrom('decks').select(['id', 'user_id']).where('id', '=', id);
      if (forUpdate) q = q.forUpdate();
      return q.executeTakeFirst();
    },

    async list(f: DeckFilter, page: DeckPage): Promise<DeckRow[]> {
      const col = page.sort === 'updated' ? 'decks.updated_at' : 'decks.created_at';
      const cmp = page.dir === 'asc' ? '>' : '<';
      let q = filtered(f).innerJoin('users', 'users.id', 'decks.user_id').select(DECK_COLUMNS);
      if (page.after) {
        const { value, id } = page.after;
        q = q.where((eb) => eb.or([eb(col, cmp, value), eb.and([eb(col, '=', value), eb('decks.id', cmp, id)])]));
      }
      return q.orderBy(col, page.dir).orderBy('decks.id', page.dir).limit(page.limit).execute();
    },

    async count(f: DeckFilter): Promise<number> {
      const r = await filtered(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** Decklist lines of several decks, each deck's in its stored order. */
    async cardsOf(deckIds: readonly string[]): Promise<DeckCardRow[]> {
      const out: DeckCardRow[] = [];
      for (let i = 0; i < deckIds.length; i += 500) {
        out.push(
          ...(await db
            .selectFrom('deck_cards')
            .select(['deck_id', 'card_id', 'board', 'quantity', 'position'])
            .where('deck_id', 'in', deckIds.slice(i, i + 500))
            .orderBy('deck_id')
            .orderBy('position')
            .execute()),
        );
      }
      return out;
    },

    async insert(row: Insertable<DecksTable>): Promise<void> {
      await db.insertInto('decks').values(row).execute();
    },

    async update(id: string, patch: Partial<Pick<DecksTable, 'name' | 'format' | 'visibility' | 'description' | 'updated_at'>>): Promise<void> {
      await db.updateTable('decks').set(patch).where('id', '=', id).execute();
    },

    async replaceCards(deckId: string, lines: ReadonlyArray<Omit<DeckCardRow, 'deck_id' | 'position'>>): Promise<void> {
      await db.deleteFrom('deck_cards').where('deck_id', '=', deckId).execute();
      const rows = lines.map((l, position) => ({ deck_id: deckId, card_id: l.card_id, board: l.board, quantity: l.quantity, position }));
      // Chunked: SQLite caps bound parameters per statement.
      for (let i = 0; i < rows.length; i += 150) {
        await db.insertInto('deck_cards').values(rows.slice(i, i + 150)).execute();
      }
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('deck_cards').where('deck_id', '=', id).execute();
      await db.deleteFrom('decks').where('id', '=', id).execute();
    },

    async findUserByUsername(username: string): Promise<{ id: string; username: string } | undefined> {
      // Usernames compare without regard to case (migration 0012).
      return db.selectFrom('users').select(['id', 'username']).where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase())).executeTakeFirst();
    },
  };
}

export type DeckStore = ReturnType<typeof createDeckStore>;
