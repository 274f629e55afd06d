import { nameKeysOf, type CardLookup, type CardRecord } from './match.js';

/**
 * A CardLookup over cards held in memory: the tests' card database, and a per-import
 * cache the service can fill from the store. Cards keep the order given, which is
 * the preference order of every answer.
 */
export function createMemoryLookup(cards: Iterable<CardRecord>): CardLookup {
  const byId = new Map<string, CardRecord>();
  const bySetNumber = new Map<string, CardRecord[]>();
  const byName = new Map<string, CardRecord[]>();
  const push = (map: Map<string, CardRecord[]>, key: string, card: CardRecord) => {
    const list = map.get(key);
    if (list) list.push(card);
    else map.set(key, [card]);
  };
  for (const card of cards) {
    byId.set(card.id.toLowerCase(), card);
    push(bySetNumber, `${card.set.toLowerCase()}\u0000${card.collector_number}`, card);
    for (const key of nameKeysOf(card.name)) push(byName, key, card);
  }
  return {
    byId: (id) => byId.get(id.toLowerCase()),
    bySetNumber: (set, number) => bySetNumber.get(`${set}\u0000${number}`) ?? [],
    byNameSet: (key, set) => (byName.get(key) ?? []).filter((c) => c.set.toLowerCase() === set),
    byName: (key) => byName.get(key) ?? [],
  };
}
