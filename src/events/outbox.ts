import { preparedQuery } from '../db/prepared.js';
import type { Executor } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import type { EventType } from './types.js';

export interface RecordedEvent {
  id: string;
  type: EventType;
  timestamp: string;
}

export interface NewEvent {
  userId: string;
  type: EventType;
  data: unknown;
  at: Date;
}

const insertOne = preparedQuery((db, id: string, userId: string, type: string, occurredAt: string, payload: string) =>
  db.insertInto('events').values({ id, user_id: userId, type, occurred_at: occurredAt, payload, dispatched_at: null }),
);

/**
 * Writes events into the outbox. Always call it with the transaction that makes
 * the change, so an event exists if and only if its change committed.
 */
export async function recordEvents(trx: Executor, events: NewEvent[]): Promise<RecordedEvent[]> {
  if (events.length === 0) return [];
  const rows = events.map((e) => ({
    id: newId(),
    user_id: e.userId,
    type: e.type,
    occurred_at: e.at.toISOString(),
    payload: JSON.stringify(e.data),
    dispatched_at: null,
  }));
  // One event (the common case) takes the precompiled statement; more are chunked,
  // since SQLite caps bound parameters per statement.
  if (rows.length === 1) {
    const r = rows[0]!;
    await insertOne(trx, r.id, r.user_id, r.type, r.occurred_at, r.payload);
  }
  else for (let i = 0; i < rows.length; i += 500) {
    await trx.insertInto('events').values(rows.slice(i, i + 500)).execute();
  }
  return rows.map((r) => ({ id: r.id, type: r.type, timestamp: r.occurred_at }));
}

export async function recordEvent(trx: Executor, event: NewEvent): Promise<RecordedEvent> {
  const [recorded] = await recordEvents(trx, [event]);
  return recorded!;
}
