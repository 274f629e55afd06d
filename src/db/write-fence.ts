import { AsyncLocalStorage } from 'node:async_hooks';
import type { Executor } from './schema.js';

/**
 * A request's write fence: what a request sent with an `Idempotency-Key` must do inside the
 * transaction of its write, so that "this write happened" and "this key was used" commit or
 * roll back together (src/http/idempotency.ts installs it; the rules are in
 * src/idempotency/service.ts). Without it, a process that died, or lost its database
 * connection, after the write committed but before its answer was stored would leave the key
 * looking unused, and the client's retry would write again.
 */
export interface WriteFence {
  /** Runs first in the fenced transaction; throws (rolling the write back) when the request no longer holds its key. */
  enter(trx: Executor): Promise<void>;
}

const current = new AsyncLocalStorage<WriteFence>();

/** Runs `fn` (a route's handler) with `fence` as the fence of every write it marks `fenced`. */
export function runFenced<T>(fence: WriteFence, fn: () => T): T {
  return current.run(fence, fn);
}

/** True inside a request whose writes are fenced: a write path that cannot carry the fence (a shared batch statement) steps aside. */
export function fencing(): boolean {
  return current.getStore() !== undefined;
}

/**
 * Marks `work` as the request's own write: inside a request holding an idempotency key it
 * enters the fence first; elsewhere it is `work` itself. The fence is read when this is
 * called (in the request), not when the work runs (a grouped commit runs it later, from
 * another context). Background writes (usage flushes, webhook delivery) never use this.
 */
export function fenced<T>(work: (trx: Executor) => Promise<T>): (trx: Executor) => Promise<T> {
  const fence = current.getStore();
  if (fence === undefined) return work;
  return async (trx) => {
    await fence.enter(trx);
    return work(trx);
  };
}
