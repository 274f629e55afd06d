/**
 * Extras (tokens, emblems, art-series cards, schemes, planes, vanguards, memorabilia) are
 * left out of search results unless the query asks for them, as on Scryfall: with
 * `include:extras`, or a term that only makes sense for them (`is:token`, `t:emblem`,
 * `st:token`, `s:` of a set that holds extras, the exact name of an extra...).
 */
import type { CardFlag } from './facts.js';
import { memoized, type CardIndex } from './index.js';
import type { Node, Query } from './parser.js';
import { compileRegex } from './regex.js';
import { Bitset } from './bitset.js';
import { fold } from './text.js';

/** The flags that make a card an extra. */
export const EXTRAS = ['token', 'emblem', 'art_series', 'planar', 'scheme', 'vanguard'] as const satisfies readonly CardFlag[];

/** Words of extras' type lines: `t:token`, `t:plane`, `t:phenomenon`, `t:dungeon` ask for them. */
const EXTRA_TYPES = ['token', 'emblem', 'scheme', 'plane', 'phenomenon', 'vanguard', 'dungeon'];

/** Cards that are extras by what they are (whatever set they are printed in). */
export function extraCards(index: CardIndex): Bitset {
  return memoized(index, 'extraCards', () => {
    const out = new Bitset(index.cardCount);
    for (const f of EXTRAS) out.or(index.cards.flags.get(f) ?? new Bitset(index.cardCount));
    return out;
  });
}

function asks(index: CardIndex, node: Node, positive: boolean): boolean {
  switch (node.type) {
    case 'not':
      return asks(index, node.child, !positive);
    case 'and':
    case 'or':
      return node.children.some((c) => asks(index, c, positive));
    default:
      // Only what a query looks for, not what it excludes, brings extras back.
      return positive && asksByItself(index, node);
  }
}

function asksByItself(index: CardIndex, node: Node): boolean {
  switch (node.type) {
    case 'is':
      return (EXTRAS as readonly string[]).includes(node.value);
    case 'text': {
      if (node.op === '!=') return false;
      const v = fold(node.value);
      if (node.field === 'type') return v.split(/\s+/).some((w) => w.length >= 3 && EXTRA_TYPES.some((t) => t.startsWith(w)));
      if (node.field === 'set') return index.extraSets.has(v);
      if (node.field === 'settype') return index.extraSetTypes.has(v);
      return false;
    }
    case 'regex':
      return node.field === 'type' && node.op !== '!=' && EXTRA_TYPES.some((t) => compileRegex(node.pattern).test(t));
    case 'in':
      return (node.kind === 'set' && index.extraSets.has(node.value)) || (node.kind === 'settype' && index.extraSetTypes.has(node.value));
    case 'name': {
      // The exact name of an extra ("!Treasure"), when no real card has it.
      if (!node.exact) return false;
      const cards = index.exactName.get(fold(node.value)) ?? [];
      const extra = extraCards(index);
      return cards.length > 0 && cards.every((g) => extra.has(g));
    }
    default:
      return false;
  }
}

/** Whether the query shows extras. */
export function asksForExtras(index: CardIndex, query: Query): boolean {
  return query.includeExtras || asks(index, query.root, true);
}
