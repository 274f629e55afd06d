import { describe, expect, it } from 'vitest';
import { turnBatch } from '../../src/lib/turn-batch.js';

/** A readMany that records each call and answers `value(key)` for the keys it knows. */
function recorder(value: (key: string) => number | undefined) {
  const calls: string[][] = [];
  const read = async (keys: string[]) => {
    calls.push(keys);
    const out = new Map<string, number>();
    for (const k of keys) {
      const v = value(k);
      if (v !== undefined) out.set(k, v);
    }
    return out;
  };
  return { calls, read };
}

describe('reads batched per turn of the event loop', () => {
  it('reads the keys asked for in one turn once, together, and answers each its own value', async () => {
    const r = recorder((k) => k.length);
    const get = turnBatch(r.read, 0);
    const answers = await Promise.all([get('a'), get('bbb'), get('a'), get('cc')]);
    expect(answers).toEqual([1, 3, 1, 2]);
    expect(r.calls).toEqual([['a', 'bbb', 'cc']]);
  });

  it('answers a key the read did not return with the missing value', async () => {
    const r = recorder((k) => (k === 'known' ? 7 : undefined));
    const get = turnBatch(r.read, 0);
    expect(await Promise.all([get('known'), get('gone')])).toEqual([7, 0]);
  });

  it('reads afresh for a key asked for after its batch was sent', async () => {
    let n = 0;
    const r = recorder(() => ++n);
    const get = turnBatch(r.read, 0);
    const first = get('a');
    await new Promise((resolve) => setImmediate(resolve));
    const second = get('a');
    expect([await first, await second]).toEqual([1, 2]);
    expect(r.calls).toEqual([['a'], ['a']]);
  });

  it('sends the keys asked for while a read is in flight as one read once it returns, made after they were asked for', async () => {
    const calls: string[][] = [];
    let value = 1;
    const answers: Array<() => void> = [];
    const get = turnBatch(
      (keys: string[]) =>
        new Promise<Map<string, number>>((resolve) => {
          calls.push(keys);
          // Each read answers what was committed when it started.
          const seen = value;
          answers.push(() => resolve(new Map(keys.map((k) => [k, seen]))));
        }),
      0,
      60_000,
    );
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const first = get('a');
    await turn();
    expect(calls).toEqual([['a']]);
    // A write commits, then requests in two later turns ask while the first read is out.
    value = 2;
    const later = [get('a'), get('b')];
    await turn();
    later.push(get('c'));
    await turn();
    expect(calls).toEqual([['a']]);
    answers.shift()!();
    expect(await first).toBe(1);
    await turn();
    expect(calls).toEqual([['a'], ['a', 'b', 'c']]);
    answers.shift()!();
    expect(await Promise.all(later)).toEqual([2, 2, 2]);
    // Idle again: the next key is read at the next check phase, not held back.
    const idle = get('d');
    await turn();
    expect(calls).toHaveLength(3);
    answers.shift()!();
    expect(await idle).toBe(2);
  });

  it('reads the keys asked for while a read was out in a read of their own when that read fails', async () => {
    const calls: string[][] = [];
    const answers: Array<(fail?: Error) => void> = [];
    const get = turnBatch(
      (keys: string[]) =>
        new Promise<Map<string, number>>((resolve, reject) => {
          calls.push(keys);
          answers.push((fail) => (fail ? reject(fail) : resolve(new Map(keys.map((k) => [k, 1])))));
        }),
      0,
      60_000,
    );
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const outcome = (p: Promise<number>) => p.then(String, (e: Error) => e.message);
    const first = outcome(get('a'));
    await turn();
    const later = [get('a'), get('b')].map(outcome);
    await turn();
    answers.shift()!(new Error('statement timeout'));
    expect(await first).toBe('statement timeout');
    await turn();
    expect(calls).toEqual([['a'], ['a', 'b']]);
    answers.shift()!();
    expect(await Promise.all(later)).toEqual(['1', '1']);
  });

  it('sends the waiting keys anyway when the read in flight outlasts the longest wait', async () => {
    const calls: string[][] = [];
    const answers: Array<() => void> = [];
    const get = turnBatch(
      (keys: string[]) =>
        new Promise<Map<string, number>>((resolve) => {
          calls.push(keys);
          answers.push(() => resolve(new Map(keys.map((k) => [k, calls.length]))));
        }),
      0,
      1,
    );
    const first = get('a');
    await new Promise((resolve) => setImmediate(resolve));
    const late = get('b');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([['a'], ['b']]);
    answers.pop()!();
    expect(await late).toBe(2);
    answers.pop()!();
    expect(await first).toBe(2);
  });

  it('fails every request waiting on a read that failed, and the next batch reads again', async () => {
    let fail = true;
    const get = turnBatch(async (keys: string[]) => {
      if (fail) throw new Error('database unavailable');
      return new Map(keys.map((k) => [k, 1]));
    }, 0);
    const results = await Promise.allSettled([get('a'), get('b')]);
    expect(results.map((x) => x.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await get('a')).toBe(1);
  });

  it('fails the waiting requests, and nothing else, when the read throws before it starts', async () => {
    const get = turnBatch((): Promise<Map<string, number>> => {
      throw new Error('no connection');
    }, 0);
    await expect(get('a')).rejects.toThrow('no connection');
  });
});
