import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { DB, Executor } from './schema.js';

const SLOT = Symbol('prepared-query-slot');

/**
 * Runs a read synchronously and answers its rows, or undefined when it cannot right now
 * (SQLite inside a transaction); the caller then takes Kysely's path.
 */
export type SyncReader = (sql: string, params: readonly unknown[]) => unknown[] | undefined;

const syncReaders = new WeakMap<object, SyncReader>();

/**
 * Lets prepared queries on `db` skip Kysely's driver: SQLite's root instance (reads, outside
 * transactions), and a write transaction's own connection while it runs (any statement).
 */
export function registerSyncReader(db: Kysely<DB> | Executor, reader: SyncReader): void {
  syncReaders.set(db, reader);
}

export function unregisterSyncReader(db: Kysely<DB> | Executor): void {
  syncReaders.delete(db);
}

/** Runs a statement with no result rows (a savepoint, say): directly where `executor` allows it, else through Kysely. */
export async function runStatement(executor: Executor, query: CompiledQuery): Promise<void> {
  const direct = syncReaders.get(executor);
  if (direct?.(query.sql, query.parameters)) return;
  await executor.executeQuery(query);
}

/**
 * PostgreSQL names the statements of prepared queries, so each connection parses and plans
 * one once and then only binds values (node-postgres keeps which names a connection has
 * parsed). A name stands for one SQL text; the set is bounded by the prepared queries in the
 * code. A schema change by another process (a rolling upgrade's migration) can make a
 * parsed statement's result type stale, which PostgreSQL refuses (0A000): the statement
 * then fails once and `forgetStatementPlans` moves every name on, so the next use parses afresh.
 */
const statementNames = new Map<string, string>();
let planGeneration = 0;

/** The name to run `sql` under, for the SQL of prepared queries; undefined for any other. */
export function statementNameFor(sql: string): string | undefined {
  const name = statementNames.get(sql);
  return name === undefined ? undefined : `${name}_${planGeneration}`;
}

/** Names `sql` too: a statement composed of prepared queries' SQL, so one of a bounded set. */
export function nameStatement(sql: string): void {
  if (!statementNames.has(sql)) statementNames.set(sql, `ccs_${statementNames.size}`);
}

export function forgetStatementPlans(): void {
  planGeneration++;
}

/** Stands in for argument `i` while the query is built; never reaches the database. */
interface Slot {
  readonly [SLOT]: number;
}

type Slots<Args extends readonly unknown[]> = { [K in keyof Args]: Args[K] };

function isSlot(v: unknown): v is Slot {
  return typeof v === 'object' && v !== null && SLOT in v;
}

interface Shape {
  sql: string;
  /** Per bound parameter: the argument it takes, or a constant the builder inlined as a parameter. */
  params: Array<number | { constant: unknown }>;
}

/**
 * A query built and compiled once per dialect, then run with fresh values. Kysely's
 * builder and compiler cost ~60 µs a query on this hardware, while SQLite answers a
 * point look-up in ~8 µs; the per-request queries (authentication, the collection
 * version checks, single-entry writes) use this so the request is not mostly query
 * building. `build` gets one placeholder per argument and must use each as a plain
 * value, with no branching on it: the SQL has to be the same whatever the values.
 */
export interface PreparedQuery<Args extends readonly unknown[], Row> {
  (executor: Executor, ...args: Args): Promise<Row[]>;
  /**
   * The rows now, synchronously, where the executor allows it (SQLite outside a
   * transaction); undefined otherwise, and the caller awaits the query instead. For the
   * per-request version checks, whose cache hits then cost no promise at all.
   */
  now(executor: Executor, ...args: Args): Row[] | undefined;
  /** The statement with these values, not run: for a caller that sends it as part of a larger one. */
  compiled(executor: Executor, ...args: Args): CompiledQuery<Row>;
}

export function preparedQuery<Args extends readonly unknown[], Row>(
  build: (db: Kysely<DB>, ...slots: Slots<Args>) => Compilable<Row>,
): PreparedQuery<Args, Row> {
  // Keyed by the dialect's adapter class: one compiled shape for SQLite, one for PostgreSQL.
  const shapes = new Map<unknown, Shape>();
  const shapeFor = (executor: Executor, args: Args): Shape => {
    const adapter = executor.getExecutor().adapter.constructor;
    let shape = shapes.get(adapter);
    if (!shape) {
      const slots = args.map((_, i): Slot => ({ [SLOT]: i })) as unknown as Slots<Args>;
      const compiled = build(executor as Kysely<DB>, ...slots).compile();
      shape = { sql: compiled.sql, params: compiled.parameters.map((p) => (isSlot(p) ? p[SLOT] : { constant: p })) };
      shapes.set(adapter, shape);
      nameStatement(shape.sql);
    }
    return shape;
  };
  const paramsOf = (shape: Shape, args: Args) => shape.params.map((p) => (typeof p === 'number' ? args[p] : p.constant));
  const now = (executor: Executor, ...args: Args): Row[] | undefined => {
    const reader = syncReaders.get(executor);
    if (!reader) return undefined;
    const shape = shapeFor(executor, args);
    return reader(shape.sql, paramsOf(shape, args)) as Row[] | undefined;
  };
  const query = async (executor: Executor, ...args: Args): Promise<Row[]> => {
    const shape = shapeFor(executor, args);
    const params = paramsOf(shape, args);
    const rows = syncReaders.get(executor)?.(shape.sql, params);
    if (rows) return rows as Row[];
    const result = await executor.executeQuery<Row>(CompiledQuery.raw(shape.sql, params));
    return result.rows;
  };
  const compiled = (executor: Executor, ...args: Args): CompiledQuery<Row> => {
    const shape = shapeFor(executor, args);
    return CompiledQuery.raw(shape.sql, paramsOf(shape, args)) as CompiledQuery<Row>;
  };
  return Object.assign(query, { now, compiled });
}
