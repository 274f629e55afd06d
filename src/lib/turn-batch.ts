import { setImmediate } from 'node:timers';

/**
 * Reads asked for while the event loop serves one batch of sockets, made as one read when that
 * work is done (in the check phase, by a setImmediate): N requests for N users' values cost one
 * round trip instead of N. A value read this way was read after every request that asked for
 * it arrived, which is all a per-request read promises (`lib/turn-window.ts`). Keys asked for
 * twice before the read share it. `readMany` answers the keys it knows; the others get
 * `missing`. If it fails, every request waiting on it fails with its error.
 *
 * One read at a time: keys asked for while a read is in flight wait for it to return and go
 * in the next (made after they all arrived, like the rest), so a server whose turns are short
 * makes one read per round trip, not one per turn (as `lib/one-in-flight.ts`). If that read
 * fails, the keys waiting for the next fail with its error too.
 *
 * Node's own setImmediate (`node:timers`), not the global a test may fake.
 */
export function turnBatch<K, V>(readMany: (keys: K[]) => Promise<Map<K, V>>, missing: V): (key: K) => Promise<V> {
  let pending: Map<K, { resolve: (v: V) => void; reject: (e: unknown) => void; promise: Promise<V> }> | undefined;

  let inFlight = false;

  function flush(): void {
    if (inFlight) return;
    const batch = pending;
    pending = undefined;
    if (!batch) return;
    inFlight = true;
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
        inFlight = false;
        flush();
      },
      (err: unknown) => {
        // Keys asked for while it was out fail with it too: a read of their own would make them
        // wait a second timeout before their 503.
        const waiting = pending;
        pending = undefined;
        for (const waiter of batch.values()) waiter.reject(err);
        if (waiting) for (const waiter of waiting.values()) waiter.reject(err);
        inFlight = false;
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
