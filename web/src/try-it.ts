/**
 * The "Try it" command shown with a new API key: a request the key can actually make (a key
 * with only `collection:read` would get 403 from /profile), with the key whole so the command
 * can be pasted as it is. First match wins: the scopes most keys are made for come first.
 */
const ENDPOINTS: ReadonlyArray<readonly [readonly string[], string]> = [
  [['collection:read', 'collection:write'], '/api/v1/collection?limit=5'],
  [['decks:read', 'decks:write'], '/api/v1/decks?limit=5'],
  [['cards:read'], '/api/v1/cards/search?q=t:planeswalker&limit=5'],
  [['webhooks:manage'], '/api/v1/webhooks'],
  [['profile:read'], '/api/v1/profile'],
];

/** The path of an endpoint a key with `scopes` may call. */
export function tryItPath(scopes: readonly string[]): string {
  for (const [needs, path] of ENDPOINTS) if (needs.some((s) => scopes.includes(s))) return path;
  return '/api/v1/profile';
}

/** A curl command for a terminal: the key whole, the URL quoted (it may hold `?` and `&`). */
export function tryItCommand(origin: string, key: string, scopes: readonly string[]): string {
  return `curl -H "Authorization: Bearer ${key}" "${origin}${tryItPath(scopes)}"`;
}
