import { CompiledQuery, PostgresAdapter } from 'kysely';
import { nameStatement, preparedQuery, runStatement } from '../db/prepared.js';
import type { Executor } from '../db/schema.js';
import { jsonOf } from '../lib/frozen-json.js';
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
  const [only] = events;
  if (only && events.length === 1) return [await recordEvent(trx, only)];
  const rows = events.map(toRow);
  // Chunked, since SQLite caps bound parameters per statement.
  for (let i = 0; i < rows.length; i += 500) {
    await trx.insertInto('events').values(rows.slice(i, i + 500)).execute();
  }
  return rows.map(recorded);
}

/** One event (the common case) takes the precompiled statement. */
export async function recordEvent(trx: Executor, event: NewEvent): Promise<RecordedEvent> {
  const r = toRow(event);
  await insertOne(trx, r.id, r.user_id, r.type, r.occurred_at, r.payload);
  return recorded(r);
}

/** `with change as (<change>) <event insert>`, its placeholders numbered on, by the change's SQL. */
const composed = new Map<string, string>();
function withChange(changeSql: string, changeParams: number, eventSql: string): string {
  const key = `${changeSql}\u0000${eventSql}`;
  let text = composed.get(key);
  if (text === undefined) {
    text = `with change as (${changeSql}) ${eventSql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + changeParams}`)}`;
    composed.set(key, text);
    nameStatement(text);
  }
  return text;
}

/**
 * Makes `change` (one statement: an insert or update without RETURNING) and records `event`
 * with it. On PostgreSQL both go as one statement, the change a data-modifying WITH, which
 * saves a round trip per write; on SQLite they run one after the other. Same transaction
 * rule as recordEvent.
 */
export async function recordEventWith(trx: Executor, change: CompiledQuery, event: NewEvent): Promise<RecordedEvent> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) {
    await runStatement(trx, change);
    return recordEvent(trx, event);
  }
  const r = toRow(event);
  const insert = insertOne.compiled(trx, r.id, r.user_id, r.type, r.occurred_at, r.payload);
  await trx.executeQuery(CompiledQuery.raw(withChange(change.sql, change.parameters.length, insert.sql), [...change.parameters, ...insert.parameters]));
  return recorded(r);
}

function toRow(e: NewEvent) {
  return { id: newId(), user_id: e.userId, type: e.type, occurred_at: e.at.toISOString(), payload: jsonOf(e.data), dispatched_at: null };
}

/** An event's outbox row, for a statement that records it itself (PostgreSQL's one-statement add, migration 0019). */
export type EventRow = ReturnType<typeof toRow>;
export const eventRow: (e: NewEvent) => EventRow = toRow;

function recorded(r: EventRow): RecordedEvent {
  return { id: r.id, type: r.type, timestamp: r.occurred_at };
}
