import { clearTimeout, setImmediate, setTimeout } from 'node:timers';
import { MAX_SHARE_WAIT_MS } from './one-in-flight.js';

/**
 * The scheduling `turnBatch` and the Redis rate-limit store share: work asked for
 * while the loop serves a batch of sockets gathers in one batch, sent at the check phase; one
 * batch is out at a time, the next waiting for it to settle but at most `maxWaitMs`. `send` must
 * settle every waiter of its batch; what it returns only says when it is done.
 */
export function batchSender<B>(newBatch: () => B, send: (batch: B) => Promise<unknown>, maxWaitMs = MAX_SHARE_WAIT_MS): { current(): B } {
  let pending: B | undefined;
  /** Batches out now: normally at most one; a second only when the first outlasted `maxWaitMs`. */
  let inFlight = 0;
  let deadline: ReturnType<typeof setTimeout> | undefined;

  function flush(force = false): void {
    if (pending === undefined) return;
    if (inFlight > 0 && !force) {
      deadline ??= setTimeout(() => {
        deadline = undefined;
        flush(true);
      }, maxWaitMs).unref();
      return;
    }
    if (deadline !== undefined) {
      clearTimeout(deadline);
      deadline = undefined;
    }
    const batch = pending;
    pending = undefined;
    inFlight += 1;
    // Called from a setImmediate or a timer: a synchronous throw there would end the process.
    let sent: Promise<unknown>;
    try {
      sent = send(batch);
    } catch (err) {
      sent = Promise.reject(err);
    }
    const next = () => {
      inFlight -= 1;
      flush();
    };
    sent.then(next, next);
  }

  return {
    current() {
      if (pending === undefined) {
        pending = newBatch();
        setImmediate(() => flush());
      }
      return pending;
    },
  };
}

interface Waiter<V> {
  resolve: (v: V) => void;
  reject: (e: unknown) => void;
  promise: Promise<V>;
}

/**
 * Reads asked for while the event loop serves one batch of sockets, made as one read when that
 * work is done (in the check phase, by a setImmediate): N requests for N users' values cost one
 * round trip instead of N. A value read this way was read after every request that asked for
 * it arrived, which is all a per-request read promises (`lib/turn-window.ts`). Keys asked for
 * twice before the read share it. `readMany` answers the keys it knows; the others get
 * `missing`. If it fails, every request waiting on it fails with its error.
 *
 * One read at a time: keys asked for while a read is in flight wait for it to settle and go in
 * the next (made after they all arrived, like the rest), so a server whose turns are short
 * makes about one read per round trip, not one per turn; as in `lib/one-in-flight.ts`, they
 * wait at most `maxWaitMs` for it before their read goes anyway.
 *
 * Node's own setImmediate (`node:timers`), not the global a test may fake.
 */
export function turnBatch<K, V>(readMany: (keys: K[]) => Promise<Map<K, V>>, missing: V, maxWaitMs = MAX_SHARE_WAIT_MS): (key: K) => Promise<V> {
  const batches = batchSender(
    () => new Map<K, Waiter<V>>(),
    async (batch) => {
      try {
        const values = await readMany([...batch.keys()]);
        for (const [key, waiter] of batch) waiter.resolve(values.has(key) ? (values.get(key) as V) : missing);
      } catch (err) {
        // A failed read, or an answer that was not a Map: every waiter still settles.
        for (const waiter of batch.values()) waiter.reject(err);
      }
    },
    maxWaitMs,
  );

  return (key) => {
    const pending = batches.current();
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
