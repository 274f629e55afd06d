export const SCOPES = [
  'collection:read',
  'collection:write',
  'decks:read',
  'decks:write',
  'cards:read',
  'webhooks:manage',
  'profile:read',
] as const;

export type Scope = (typeof SCOPES)[number];

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  'collection:read': 'View collection entries, quantities, conditions and values, binders, price alerts and exports.',
  'collection:write': 'Add, update and remove collection entries, binders and price alerts (includes collection:read).',
  'decks:read': 'View decks, decklists and deck metadata.',
  'decks:write': 'Create, update and delete decks (includes decks:read).',
  'cards:read': 'Search the shared card database: card details, printings, prices and rulings.',
  'webhooks:manage':
    'Create, update, list and delete webhook subscriptions. A subscription receives every change to the collection and decks (private decks included), whatever other scopes the credential has.',
  'profile:read': "Read the user's profile: username, e-mail and plan.",
};

const IMPLIED: Partial<Record<Scope, Scope[]>> = {
  'collection:write': ['collection:read'],
  'decks:write': ['decks:read'],
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** The granted scopes plus everything they imply. */
export function expandScopes(granted: readonly string[]): Set<Scope> {
  const out = new Set<Scope>();
  for (const s of granted) {
    if (!isScope(s)) continue;
    out.add(s);
    for (const implied of IMPLIED[s] ?? []) out.add(implied);
  }
  return out;
}

/** What a scope lets an application do, in the words the consent page shows a user. */
export const SCOPE_CONSENT_TEXT: Record<Scope, string> = {
  'collection:read': 'See your collection: the cards you own, their quantities, conditions and values, your binders, price alerts and exports.',
  'collection:write': 'Add, change and remove cards in your collection, your binders and price alerts (and see them).',
  'decks:read': 'See your decks and decklists, private ones included.',
  'decks:write': 'Create, change and delete your decks (and see them).',
  'cards:read': 'Search the shared card database: card details, printings, prices and rulings. Nothing of yours.',
  'webhooks:manage':
    'Create, change and delete webhooks that send the changes in your account to a web address of its choosing: every change to your collection and decks, private ones included, even without the other permissions here.',
  'profile:read': 'See your username, e-mail address and plan.',
};
