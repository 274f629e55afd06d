import { setImmediate } from 'node:timers';

/**
 * Reads asked for while the event loop serves one batch of sockets, made as one read when that
 * work is done (in the check phase, by a setImmediate): N requests for N users' values cost one
 * round trip instead of N. A value read this way was read after every request that asked for
 * it arrived, which is all a per-request read promises (`lib/turn-window.ts`). Keys asked for
 * twice before the read share it. `readMany` answers the keys it knows; the others get
 * `missing`. If it fails, every request waiting on it fails with its error.
 *
 * Node's own setImmediate (`node:timers`), not the global a test may fake.
 */
export function turnBatch<K, V>(readMany: (keys: K[]) => Promise<Map<K, V>>, missing: V): (key: K) => Promise<V> {
  let pending: Map<K, { resolve: (v: V) => void; reject: (e: unknown) => void; promise: Promise<V> }> | undefined;

  function flush(): void {
    const batch = pending;
    pending = undefined;
    if (!batch) return;
    // Called from a setImmediate: a synchronous throw there would end the process.
    let read: Promise<Map<K, V>>;
    try {
      read = readMany([...batch.keys()]);
    } catch (err) {
      read = Promise.reject(err);
    }
    read.then(
      (values) => {
        for (const [key, waiter] of batch) waiter.resolve(values.has(key) ? (values.get(key) as V) : missing);
      },
      (err: unknown) => {
        for (const waiter of batch.values()) waiter.reject(err);
      },
    );
  }

  return (key) => {
    if (!pending) {
      pending = new Map();
      setImmediate(flush);
    }
    let waiter = pending.get(key);
    if (!waiter) {
      let resolve!: (v: V) => void;
      let reject!: (e: unknown) => void;
      const promise = new Promise<V>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      waiter = { resolve, reject, promise };
      pending.set(key, waiter);
    }
    return waiter.promise;
  };
}
