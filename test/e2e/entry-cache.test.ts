import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCards } from '../../src/cards/import.js';
import { CARDS, bumpCollectionVersion } from '../helpers/collection.js';
import { DEMO_CARDS, type TestUser } from '../helpers/server.js';
import { serversSharingADatabase } from '../helpers/shared-database.js';
import { onAnotherConnection } from '../helpers/sql.js';

/**
 * `GET /collection/{id}` answers from memory while the collection and card versions it was
 * read under are current (src/collection/listing.ts). Each test fills this server's cache,
 * changes the entry somewhere else (a second server on the same database, a bare SQL
 * connection, a card import) and shows that the very next read here sees the change, with a
 * new ETag. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */

const servers = serversSharingADatabase();

async function entryOf(user: TestUser, body: Record<string, unknown> = { card_id: CARDS.AHN, quantity: 2 }): Promise<{ id: string }> {
  const res = await user.api('POST', '/api/v1/collection', body);
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

/** Reads the entry here twice (the second read comes from the cache) and returns the second answer. */
async function cachedRead(user: TestUser, id: string) {
  const first = await user.api('GET', `/api/v1/collection/${id}`);
  expect(first.status, first.text).toBe(200);
  const again = await user.api('GET', `/api/v1/collection/${id}`);
  expect(again.text).toBe(first.text);
  expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
  return again;
}

describe('entries read from memory', () => {
  it('serves a repeated entry from memory until the collection version moves, then the change and a new ETag', async () => {
    const user = await servers.server.createUser();
    const { id } = await entryOf(user);
    const before = await cachedRead(user, id);
    // A change that skips the version bump is invisible: proof the entry came from memory...
    await onAnotherConnection(servers.server, 'UPDATE collection_entries SET quantity = ? WHERE id = ?', [7, id]);
    const stale = await user.api('GET', `/api/v1/collection/${id}`);
    expect(stale.text).toBe(before.text);
    // ...and a writer at the other server bumps the version in its transaction, which the next read here sees.
    await bumpCollectionVersion(servers.other, user.id);
    const after = await user.api('GET', `/api/v1/collection/${id}`);
    expect(after.body.data).toMatchObject({ id, quantity: 7, value: { currency: 'usd', unit: '0.15', total: '1.05' } });
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it('shows a PATCH made at another server on the very next read here, and 404 after a DELETE there', async () => {
    const user = await servers.server.createUser();
    const { id } = await entryOf(user);
    const before = await cachedRead(user, id);
    const patched = await servers.other.request('PATCH', `/api/v1/collection/${id}`, { token: user.key, body: { quantity: 5, notes: 'moved' } });
    expect(patched.status, patched.text).toBe(200);
    const after = await user.api('GET', `/api/v1/collection/${id}`);
    expect(after.body.data).toEqual(patched.body.data);
    expect(after.headers.get('etag')).toBe(patched.headers.get('etag'));
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    // The old tag no longer answers 304; the new one does.
    expect((await user.api('GET', `/api/v1/collection/${id}`, undefined, { 'if-none-match': before.headers.get('etag') as string })).status).toBe(200);
    expect((await user.api('GET', `/api/v1/collection/${id}`, undefined, { 'if-none-match': after.headers.get('etag') as string })).status).toBe(304);

    expect((await servers.other.request('DELETE', `/api/v1/collection/${id}`, { token: user.key })).status).toBe(204);
    const gone = await user.api('GET', `/api/v1/collection/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('not_found');
  });

  it('shows a merge into the entry by an add at another server on the very next read here', async () => {
    const user = await servers.server.createUser();
    const { id } = await entryOf(user);
    await cachedRead(user, id);
    const merged = await servers.other.request('POST', '/api/v1/collection', { token: user.key, body: { card_id: CARDS.AHN, quantity: 3 } });
    expect(merged.status, merged.text).toBe(200);
    expect((await user.api('GET', `/api/v1/collection/${id}`)).body.data.quantity).toBe(5);
  });

  it('keeps one user’s cached entry from answering for another user', async () => {
    const owner = await servers.server.createUser();
    const stranger = await servers.server.createUser();
    const { id } = await entryOf(owner);
    await cachedRead(owner, id);
    const res = await stranger.api('GET', `/api/v1/collection/${id}`);
    expect(res.status).toBe(404);
  });

  it('revalues a cached entry after a card import changes its price', async () => {
    const user = await servers.server.createUser();
    const { id } = await entryOf(user, { card_id: CARDS.AHN, quantity: 4 });
    const before = await cachedRead(user, id);
    expect(before.body.data.value).toEqual({ currency: 'usd', unit: '0.15', total: '0.60' });
    const all = JSON.parse(fs.readFileSync(path.join(DEMO_CARDS, 'default-cards.json'), 'utf8')) as Array<{ id: string; prices: Record<string, string | null> }>;
    const ahn = all.find((c) => c.id === CARDS.AHN)!;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-entry-prices-'));
    const file = path.join(dir, 'cards.json');
    try {
      fs.writeFileSync(file, JSON.stringify([{ ...ahn, prices: { ...ahn.prices, usd: '1.00' } }]));
      // Imported through the other server's context: its own connection.
      await importCards(servers.other.ctx, { file, asOf: '2019-08-05' });
      const after = await user.api('GET', `/api/v1/collection/${id}`);
      expect(after.body.data.value).toEqual({ currency: 'usd', unit: '1.00', total: '4.00' });
      expect(after.body.data.card.prices.usd).toBe('1.00');
      expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    } finally {
      fs.writeFileSync(file, JSON.stringify([ahn]));
      await importCards(servers.other.ctx, { file, asOf: '2019-08-04' });
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
