import { describe, expect, it } from 'vitest';
import { deepFreeze, jsonOf } from '../../src/lib/frozen-json.js';
import { perExecutor } from '../../src/db/per-executor.js';
import type { Executor } from '../../src/db/schema.js';

describe('jsonOf', () => {
  it('serialises a deep-frozen value once and answers the same text after', () => {
    let calls = 0;
    const price = {
      toJSON: () => {
        calls++;
        return '0.10';
      },
    };
    const value = deepFreeze({ id: 'e1', card: { name: 'Opt', price }, tags: ['blue'] });
    expect(jsonOf(value)).toBe('{"id":"e1","card":{"name":"Opt","price":"0.10"},"tags":["blue"]}');
    expect(jsonOf(value)).toBe('{"id":"e1","card":{"name":"Opt","price":"0.10"},"tags":["blue"]}');
    expect(calls).toBe(1);
  });

  it('serialises a value that is not frozen afresh, so a change shows', () => {
    const value = { quantity: 1 };
    expect(jsonOf(value)).toBe('{"quantity":1}');
    value.quantity = 2;
    expect(jsonOf(value)).toBe('{"quantity":2}');
  });

  it('answers null for undefined and plain JSON for primitives, as JSON.stringify would', () => {
    expect(jsonOf(undefined)).toBe('null');
    expect(jsonOf('a"b')).toBe('"a\\"b"');
    expect(jsonOf(null)).toBe('null');
  });
});

describe('deepFreeze', () => {
  it('freezes every nested object and array', () => {
    const value = deepFreeze({ a: { b: [{ c: 1 }] }, d: null });
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.a)).toBe(true);
    expect(Object.isFrozen(value.a.b)).toBe(true);
    expect(Object.isFrozen(value.a.b[0])).toBe(true);
  });
});

describe('perExecutor', () => {
  it('builds one store per executor and a separate one for another executor', () => {
    let built = 0;
    const storeOf = perExecutor((executor) => ({ executor, n: ++built }));
    const a = {} as Executor;
    const b = {} as Executor;
    expect(storeOf(a)).toBe(storeOf(a));
    expect(storeOf(b)).not.toBe(storeOf(a));
    expect(storeOf(b).executor).toBe(b);
    expect(built).toBe(2);
  });
});
