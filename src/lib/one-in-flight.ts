import { setTimeout, clearTimeout } from 'node:timers';

/**
 * How long requests that arrived while a read is out wait for it before their own read starts
 * anyway. A round trip normally takes well under a millisecond; a read that takes longer (a
 * full pool, a silent database) must not add its whole wait to theirs, which would let a
 * request wait past the configured timeout.
 */
export const MAX_SHARE_WAIT_MS = 5;

/**
 * A read that has a round trip (PostgreSQL) made once at a time, with the requests that arrive
 * while it is in flight sharing the one read that starts when it returns.
 *
 * A read already in flight cannot answer a request that arrived after it was sent: it may
 * predate a change that request must see (a revocation, a write). The read that starts once it
 * returns is made after every such request arrived, so they may all share it. Under load this
 * caps the reads at about one per round trip whatever the request rate, where `turnShared`
 * alone makes one per turn of the event loop (a turn can hold a single request when the server
 * is not saturated). The waiting read starts when the one in flight settles (answer or error)
 * or `maxWaitMs` after the first request began waiting, whichever is first, so a request waits
 * at most that much longer than a read of its own would take. Idle, a read starts at once.
 *
 * Timers are Node's own (`node:timers`), not the globals a test may fake.
 */
export function oneInFlight<V>(read: () => Promise<V>, maxWaitMs = MAX_SHARE_WAIT_MS): () => Promise<V> {
  let inFlight: Promise<V> | undefined;
  let next: Promise<V> | undefined;

  function start(): Promise<V> {
    let p: Promise<V>;
    try {
      p = read();
    } catch (err) {
      p = Promise.reject(err);
    }
    inFlight = p;
    const done = () => {
      if (inFlight === p) inFlight = undefined;
    };
    p.then(done, done);
    return p;
  }

  function queueBehind(current: Promise<V>): Promise<V> {
    const queued = new Promise<V>((resolve, reject) => {
      let started = false;
      const begin = () => {
        if (started) return;
        started = true;
        clearTimeout(timer);
        if (next === queued) next = undefined;
        start().then(resolve, reject);
      };
      const timer = setTimeout(begin, maxWaitMs);
      timer.unref();
      current.then(begin, begin);
    });
    return queued;
  }

  return () => {
    if (inFlight === undefined) return start();
    next ??= queueBehind(inFlight);
    return next;
  };
}
