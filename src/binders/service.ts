import { hiddenCharactersError } from '../lib/names.js';
import { binderForName } from './naming.js';
import type { CollectionService } from '../collection/service.js';
import type { Database } from '../db/database.js';
import type { Executor } from '../db/schema.js';
import { writeTransaction } from '../db/transaction.js';
import { fenced } from '../db/write-fence.js';
import { Errors } from '../errors.js';
import { recordEvents, type NewEvent } from '../events/outbox.js';
import type { Clock } from '../lib/clock.js';
import { cursorFor, paginate } from '../lib/cursor.js';
import { checkIfMatch } from '../lib/etag.js';
import { isUuid, newId } from '../lib/ids.js';
import type { Binder, BinderListQuery, BinderPatch, NewBinder } from './schemas.js';
import type { BinderCounts, BinderRow, BinderStore } from './store.js';

const CURSOR = cursorFor('binders:position', ['int', 'string']);

export interface BinderPage {
  data: Binder[];
  meta: { total: number; next_cursor: string | null };
}

function toBinder(row: BinderRow, counts: BinderCounts | undefined): Binder {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    position: row.position,
    entry_count: counts?.entries ?? 0,
    card_count: counts?.cards ?? 0,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(Math.max(n, lo), hi);
}

export interface BinderDeps {
  database: Database;
  clock: Clock;
  store: (executor: Executor) => BinderStore;
  /** Binders hold collection entries: their writes take the collection owner's lock, and a delete empties the binder. */
  entries: Pick<CollectionService, 'lockOwner' | 'releaseBinder'>;
}

export function createBinderService(deps: BinderDeps) {
  const reads = deps.store(deps.database.db);

  async function views(store: BinderStore, rows: BinderRow[]): Promise<Binder[]> {
    const counts = await store.counts(rows.map((r) => r.id));
    return rows.map((r) => toBinder(r, counts.get(r.id)));
  }

  async function view(store: BinderStore, row: BinderRow): Promise<Binder> {
    const counts = await store.counts([row.id]);
    return toBinder(row, counts.get(row.id));
  }

  /** binder.updated for every sibling whose position a move, insert or delete changed. */
  async function siblingEvents(trx: Executor, userId: string, from: number, to: number, now: Date): Promise<NewEvent[]> {
    const store = deps.store(trx);
    const moved = await views(store, await store.inRange(userId, from, to));
    return moved.map((b) => ({ userId, type: 'binder.updated', data: b, at: now }));
  }

  async function owned(store: BinderStore, userId: string, id: string): Promise<BinderRow> {
    const row = isUuid(id) ? await store.findOwned(userId, id) : undefined;
    if (!row) throw Errors.notFound('binder');
    return row;
  }

  return {
    /** Binders in position order. Keyset on (position, id): a reorder while paging can shift items across pages. */
    async list(userId: string, query: BinderListQuery): Promise<BinderPage> {
      const limit = query.limit ?? 50;
      const after = query.cursor !== undefined ? CURSOR.decode(query.cursor) : undefined;
      const [rows, total] = await Promise.all([reads.page(userId, after, limit + 1), reads.count(userId)]);
      const page = paginate(rows, limit, (last) => CURSOR.encode([last.position, last.id]));
      return { data: await views(reads, page.items), meta: { total, next_cursor: page.next_cursor } };
    },

    async get(userId: string, id: string): Promise<Binder> {
      return view(reads, await owned(reads, userId, id));
    },

    async create(userId: string, input: NewBinder): Promise<Binder> {
      const name = input.name.trim();
      const hidden = hiddenCharactersError(name);
      if (hidden) throw Errors.validation([hidden]);
      return writeTransaction(deps.database, fenced(async (trx) => {
        const store = deps.store(trx);
        // Serialises this user's binder writes so positions stay dense under concurrency.
        await deps.entries.lockOwner(trx, userId);
        // Read under the lock: the events follow the writes before this one.
        const now = deps.clock.now();
        const at = now.toISOString();
        const count = await store.count(userId);
        const position = clamp(input.position ?? count + 1, 1, count + 1);
        await store.shift(userId, position, count, 1, at);
        const row: BinderRow = { id: newId(), user_id: userId, name, description: input.description ?? null, position, created_at: at, updated_at: at };
        await store.insert(row);
        const binder = toBinder(row, undefined);
        const siblings = await siblingEvents(trx, userId, position + 1, count + 1, now);
        await recordEvents(trx, [{ userId, type: 'binder.created', data: binder, at: now }, ...siblings]);
        return binder;
      }));
    },

    /**
     * The binders an import's file names that the user had none of when it was planned, inside
     * the import's own write (the caller's transaction, which holds the owner's lock): a name the
     * user has by now (the same name first, else in any case) is that binder, unless another of
     * the file's binders has it already (`taken`: those the plan gave out); any other is created at
     * the end of the list under the id planned for it, with its `binder.created` event. Answers
     * each planned id's binder.
     */
    async ensureNamed(
      trx: Executor,
      userId: string,
      wanted: ReadonlyArray<{ id: string; name: string }>,
      now: Date,
      taken: ReadonlySet<string> = new Set(),
    ): Promise<Map<string, string>> {
      const out = new Map<string, string>();
      if (wanted.length === 0) return out;
      const store = deps.store(trx);
      const at = now.toISOString();
      const existing = await store.names(userId);
      // Each binder serves one of the wanted ones: two binders of the file whose names differ only in case stay two.
      const used = new Set(taken);
      let position = await store.count(userId);
      const events: NewEvent[] = [];
      for (const w of wanted) {
        const name = w.name.trim();
        const have = binderForName(existing, name, used);
        if (have) {
          used.add(have.id);
          out.set(w.id, have.id);
          continue;
        }
        const row: BinderRow = { id: w.id, user_id: userId, name, description: null, position: ++position, created_at: at, updated_at: at };
        await store.insert(row);
        out.set(w.id, row.id);
        events.push({ userId, type: 'binder.created', data: toBinder(row, undefined), at: now });
      }
      await recordEvents(trx, events);
      return out;
    },

    /** `ifMatch`: the request's If-Match, compared with the binder as read under the owner's lock. */
    async update(userId: string, id: string, patch: BinderPatch, ifMatch?: string): Promise<Binder> {
      const hidden = patch.name === undefined ? undefined : hiddenCharactersError(patch.name.trim());
      if (hidden) throw Errors.validation([hidden]);
      return writeTransaction(deps.database, fenced(async (trx) => {
        const store = deps.store(trx);
        await deps.entries.lockOwner(trx, userId);
        const now = deps.clock.now();
        const at = now.toISOString();
        const before = await owned(store, userId, id);
        await checkIfMatch(ifMatch, 'binder', () => view(store, before));
        const changes: Partial<Pick<BinderRow, 'name' | 'description' | 'position'>> = {};
        if (patch.name !== undefined && patch.name.trim() !== before.name) changes.name = patch.name.trim();
        if (patch.description !== undefined && patch.description !== before.description) changes.description = patch.description;
        let siblingRange: [number, number] | undefined;
        if (patch.position !== undefined) {
          const count = await store.count(userId);
          const target = clamp(patch.position, 1, count);
          if (target !== before.position) {
            changes.position = target;
            if (target < before.position) {
              await store.shift(userId, target, before.position - 1, 1, at);
              siblingRange = [target + 1, before.position];
            } else {
              await store.shift(userId, before.position + 1, target, -1, at);
              siblingRange = [before.position, target - 1];
            }
          }
        }
        if (Object.keys(changes).length === 0) return view(store, before);
        // A new name changes which entries `q=binder:<name>` matches: the cached listings must go.
        if (changes.name !== undefined) await deps.entries.lockOwner(trx, userId, true);
        await store.update(id, { ...changes, updated_at: at });
        const row: BinderRow = { ...before, ...changes, updated_at: at };
        const binder = await view(store, row);
        const siblings = siblingRange ? await siblingEvents(trx, userId, siblingRange[0], siblingRange[1], now) : [];
        await recordEvents(trx, [{ userId, type: 'binder.updated', data: binder, at: now }, ...siblings.filter((e) => (e.data as Binder).id !== id)]);
        return binder;
      }));
    },

    /** Deletes a binder: its entries become unassigned, the binders after it move up one. */
    async remove(userId: string, id: string, ifMatch?: string): Promise<void> {
      await writeTransaction(deps.database, fenced(async (trx) => {
        const store = deps.store(trx);
        await deps.entries.lockOwner(trx, userId);
        const clockNow = deps.clock.now();
        const row = await owned(store, userId, id);
        const binder = await view(store, row);
        await checkIfMatch(ifMatch, 'binder', () => binder);
        const events: NewEvent[] = await deps.entries.releaseBinder(trx, userId, id, clockNow);
        // The entries' events are stamped no earlier than their last change, which may be after this
        // process's clock; the binder's own events follow them and the binder's last change, so a
        // receiver ordering by time sees the entries leave (and any rename) before the binder goes.
        let now = clockNow;
        for (const e of events) if (e.at.getTime() > now.getTime()) now = e.at;
        if (Date.parse(row.updated_at) > now.getTime()) now = new Date(row.updated_at);
        const at = now.toISOString();
        await store.delete(id);
        events.push({ userId, type: 'binder.deleted', data: binder, at: now });
        const count = await store.count(userId);
        await store.shift(userId, row.position + 1, count + 1, -1, at);
        events.push(...(await siblingEvents(trx, userId, row.position, count, now)));
        await recordEvents(trx, events);
      }));
    },
  };
}

export type BinderService = ReturnType<typeof createBinderService>;
