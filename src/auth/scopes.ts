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
  'webhooks:manage': 'Create, update, list and delete webhook subscriptions.',
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
