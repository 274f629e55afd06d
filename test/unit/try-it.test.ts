import { describe, expect, it } from 'vitest';
import { tryItCommand, tryItPath } from '../../web/src/try-it.js';

describe('the portal\'s "Try it" command for a new key', () => {
  it('prefers the data a key was made for', () => {
    expect(tryItPath(['profile:read', 'collection:read'])).toBe('/api/v1/collection?limit=5');
    expect(tryItPath(['collection:write'])).toBe('/api/v1/collection?limit=5');
    expect(tryItPath(['decks:write', 'webhooks:manage'])).toBe('/api/v1/decks?limit=5');
    expect(tryItPath(['cards:read', 'profile:read'])).toBe('/api/v1/cards/search?q=t:planeswalker&limit=5');
    expect(tryItPath(['webhooks:manage'])).toBe('/api/v1/webhooks');
    expect(tryItPath(['profile:read'])).toBe('/api/v1/profile');
  });

  it('puts the whole key and the quoted URL in a command that pastes as it is', () => {
    const key = `ccs_live_${'A'.repeat(38)}`;
    expect(tryItCommand('http://127.0.0.1:8080', key, ['decks:write'])).toBe(`curl -H "Authorization: Bearer ${key}" "http://127.0.0.1:8080/api/v1/decks?limit=5"`);
  });
});
