import type { Executor } from './schema.js';

/**
 * One store per executor, built on first use: a store is a bag of closures over its executor
 * (~1.3 kB of them for the collection's), and a write asks for one per unit of work, so a
 * busy write path built and dropped one per request. Kept weakly: a transaction's store goes
 * with its transaction.
 */
export function perExecutor<S>(make: (executor: Executor) => S): (executor: Executor) => S {
  const built = new WeakMap<Executor, S>();
  return (executor) => {
    let store = built.get(executor);
    if (store === undefined) {
      store = make(executor);
      built.set(executor, store);
    }
    return store;
  };
}
