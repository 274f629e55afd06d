import { describe, expect, it } from 'vitest';
import { binderForName } from '../../src/binders/naming.js';

describe('which binder a binder named in a file goes into', () => {
  const binders = [
    { id: 'a', name: 'Trade' },
    { id: 'b', name: 'trade' },
    { id: 'c', name: 'Dup' },
    { id: 'd', name: 'Dup' },
  ];
  it('takes the same spelling first, else the same name in any case, never one already taken', () => {
    expect(binderForName(binders, 'trade', new Set())?.id).toBe('b');
    expect(binderForName(binders, 'TRADE', new Set())?.id).toBe('a');
    expect(binderForName(binders, 'trade', new Set(['b']))?.id).toBe('a');
    expect(binderForName(binders, 'Dup', new Set(['c']))?.id).toBe('d');
    expect(binderForName(binders, 'Dup', new Set(['c', 'd']))).toBeUndefined();
    expect(binderForName(binders, 'Spares', new Set())).toBeUndefined();
  });
});
