import { describe, expect, it } from 'vitest';
import { oneInFlight } from '../../src/lib/one-in-flight.js';

/** A read whose answers the test releases one by one; each answers the value current when it started. */
function controlledRead() {
  let value = 0;
  const pending: Array<{ started: number; settle(fail?: Error): void }> = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const started = value;
      pending.push({ started, settle: (fail) => (fail ? reject(fail) : resolve(started)) });
    });
  return {
    read,
    pending,
    set(v: number) {
      value = v;
    },
    /** Lets the oldest read answer, then the promise jobs that follow it run. */
    async answer(fail?: Error) {
      pending.shift()!.settle(fail);
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('a read made once at a time', () => {
  it('starts a read at once when none is in flight', async () => {
    const r = controlledRead();
    const get = oneInFlight(r.read, 60_000);
    const first = get();
    expect(r.pending).toHaveLength(1);
    await r.answer();
    expect(await first).toBe(0);
    const second = get();
    expect(r.pending).toHaveLength(1);
    await r.answer();
    expect(await second).toBe(0);
  });

  it('gives the requests that arrive during a read one read of their own, started after it returns, which sees what changed meanwhile', async () => {
    const r = controlledRead();
    const get = oneInFlight(r.read, 60_000);
    const early = get();
    // A change commits, then three requests arrive: the read in flight may predate the change.
    r.set(1);
    const late = [get(), get(), get()];
    expect(r.pending).toHaveLength(1);
    expect(late[0]).toBe(late[1]);
    await r.answer();
    expect(await early).toBe(0);
    // Their read started only now, after they all arrived.
    expect(r.pending).toHaveLength(1);
    await r.answer();
    expect(await Promise.all(late)).toEqual([1, 1, 1]);
  });

  it('gives the requests waiting behind a read that failed a read of their own', async () => {
    const r = controlledRead();
    const get = oneInFlight(r.read, 60_000);
    const outcome = (p: Promise<number>) => p.then(String, (e: Error) => e.message);
    const early = outcome(get());
    r.set(1);
    const late = [get(), get()].map(outcome);
    await r.answer(new Error('connection lost'));
    expect(await early).toBe('connection lost');
    // Not the other request's error (which may not be an outage at all): their own read.
    expect(r.pending).toHaveLength(1);
    await r.answer();
    expect(await Promise.all(late)).toEqual(['1', '1']);
  });

  it('starts the waiting requests\' read anyway when the one in flight outlasts the longest wait, so no request waits two reads', async () => {
    const r = controlledRead();
    const get = oneInFlight(r.read, 1);
    const early = get();
    r.set(1);
    const late = get();
    expect(r.pending).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(r.pending).toHaveLength(2);
    // The late read answers first; the slow one answers its own caller later.
    r.pending.pop()!.settle();
    expect(await late).toBe(1);
    await r.answer();
    expect(await early).toBe(0);
  });

  it('fails only its caller when the read throws before it starts', async () => {
    let calls = 0;
    const get = oneInFlight(() => {
      calls++;
      if (calls === 1) throw new Error('no connection');
      return Promise.resolve(calls);
    }, 60_000);
    await expect(get()).rejects.toThrow('no connection');
    expect(await get()).toBe(2);
  });
});
