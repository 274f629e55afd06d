/**
 * A read that has a round trip (PostgreSQL) made at most once at a time, with the requests
 * that arrive while it is in flight sharing the one read that starts when it returns.
 *
 * A read already in flight cannot answer a request that arrived after it was sent: it may
 * predate a change that request must see (a revocation, a write). The read that starts once
 * it returns is made after every such request arrived, so they may all share it. Under load
 * this caps the reads at one per round trip whatever the request rate, where `turnShared`
 * alone makes one per turn of the event loop (a turn can hold a single request when the
 * server is not saturated); a request waits at most the rest of the read in flight plus its
 * own. Idle, nothing is queued: a read starts at once. If the read in flight fails, the requests
 * waiting for the next fail with its error: they arrived while the database was not answering,
 * and a read of their own would make them wait a second timeout before their 503.
 */
export function oneInFlight<V>(read: () => Promise<V>): () => Promise<V> {
  let inFlight: Promise<V> | undefined;
  let next: Promise<V> | undefined;

  function start(): Promise<V> {
    const p = read();
    inFlight = p;
    const done = () => {
      if (inFlight === p) inFlight = undefined;
    };
    p.then(done, done);
    return p;
  }

  return () => {
    if (inFlight === undefined) return start();
    next ??= inFlight.then(
      () => {
        next = undefined;
        return start();
      },
      (err: unknown) => {
        // The database did not answer while they waited: they fail with it (503), within the
        // bound, rather than wait a second bound on a read of their own.
        next = undefined;
        throw err;
      },
    );
    return next;
  };
}
