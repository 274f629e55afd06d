import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardStore } from '../../src/cards/store.js';
import { ManualClock } from '../../src/lib/clock.js';
import { importCards } from '../../src/cards/import.js';
import { DEMO_CARDS, startTestServer, type TestServer, type TestUser } from '../helpers/server.js';

// Real printings from the demo card data.
const SHOCK = '3c866bdb-ff94-4f3f-8429-e72c2cbb94ef'; // m20 160, standard legal
const NEGATE = '33b83158-78b4-425e-8379-be3ef038295c'; // m20 69
const DURESS = 'bb41ff5c-9617-4033-a4fa-99323640b9c3'; // m20 97
const TEFERI = '5cb76266-ae50-4bbc-8f96-d98f309b02d3'; // war 221
const TEFERI_STAR = 'f7eb4cc4-b79a-4ac8-ba33-ceeb55012022'; // war 221★
const BOLT = 'f29ba16f-c8fb-42fe-aabf-87089cb214a7'; // 2x2 117: not standard legal, banned in historic
const FIELD = '470ca3f4-29aa-4c4c-8ff2-8cdd70c69943'; // Field of the Dead, a nonbasic land
const FOREST = 'a9d61651-349e-40d0-a7c4-c9561e190405'; // war 262
const MOUNTAIN = '399f7531-e137-463b-bec3-e86756b6ed71'; // m20 273
const CHANDRA = 'd21a7b23-8827-49f2-ade4-75a602d17743'; // war 119
const DRIVEN = '7713ba59-dd4c-4b49-93a7-292728df86b8'; // Driven // Despair, hou 157 (split)
const ESIKA = 'f6cd7465-9dd0-473c-ac5e-dd9e2f22f5f6'; // Esika, God of the Tree // The Prismatic Bridge, khm 168 (modal_dfc)
const MISSING = '00000000-0000-4000-8000-000000000000';

let server: TestServer;
const clock = new ManualClock('2026-11-22T10:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer({}, { clock });
});
afterAll(async () => {
  await server?.close();
});

/** Each write happens one second after the previous one, so ordering by time is unambiguous. */
async function createDeck(user: TestUser, body: Record<string, unknown>) {
  clock.advance(1000);
  const res = await user.api('POST', '/api/v1/decks', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** What a failed request must leave untouched: the user's decks and their events. */
async function snapshot(user: TestUser) {
  const decks = await user.api('GET', '/api/v1/decks?limit=200');
  const events = await server.events(user.id);
  const rows = await server.ctx.database.db.selectFrom('deck_cards').selectAll().orderBy('deck_id').orderBy('position').execute();
  return { decks: decks.body, events: events.length, rows };
}

function legalStandard() {
  return [
    { card_id: SHOCK, quantity: 4 },
    { card_id: NEGATE, quantity: 4 },
    { card_id: FOREST, quantity: 52 },
    { card_id: DURESS, quantity: 3, board: 'sideboard' },
  ];
}

describe('creating and reading decks', () => {
  it('creates a deck with defaults and returns it as GET does', async () => {
    const user = await server.createUser();
    const res = await user.api('POST', '/api/v1/decks', { name: 'Izzet', format: 'standard', cards: [{ card_id: SHOCK, quantity: 4 }, { card_id: NEGATE }] });
    expect(res.status).toBe(201);
    const deck = res.body.data;
    expect(res.body.meta).toEqual({});
    expect(deck).toMatchObject({
      name: 'Izzet',
      format: 'standard',
      visibility: 'private',
      description: null,
      owner: { username: user.username },
      card_count: 5,
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
    });
    expect(deck.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(deck.cards).toEqual([
      { card_id: SHOCK, card: expect.objectContaining({ id: SHOCK, name: 'Shock', set: 'm20', collector_number: '160' }), quantity: 4, board: 'main' },
      { card_id: NEGATE, card: expect.objectContaining({ id: NEGATE, name: 'Negate' }), quantity: 1, board: 'main' },
    ]);
    expect(Object.keys(deck.cards[0].card).sort()).toEqual(['collector_number', 'id', 'image_uris', 'lang', 'name', 'oracle_id', 'prices', 'rarity', 'set', 'set_name']);
    expect(deck.legality).toEqual({
      legal: false,
      problems: [{ code: 'deck_too_small', message: 'A standard deck needs at least 60 cards in its main deck; this one has 5.' }],
    });
    expect(deck).not.toHaveProperty('user_id');

    const got = await user.api('GET', `/api/v1/decks/${deck.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ data: deck, meta: {} });
  });

  it('reports a legal 60-card standard deck as legal and counts only main and commander boards', async () => {
    const user = await server.createUser();
    const deck = await createDeck(user, { name: 'Legal', format: 'standard', cards: [...legalStandard(), { card_id: BOLT, quantity: 2, board: 'maybe' }] });
    expect(deck.card_count).toBe(60);
    expect(deck.legality).toEqual({ legal: true, problems: [] });

    const cmd = await createDeck(user, { name: 'Cmd', format: 'casual', cards: [{ card_id: CHANDRA, board: 'commander' }, { card_id: MOUNTAIN, quantity: 9 }, { card_id: SHOCK, quantity: 5, board: 'sideboard' }] });
    expect(cmd.card_count).toBe(10);
  });

  it('lists legality problems from the card data: not legal, too many copies, sideboard size', async () => {
    const user = await server.createUser();
    const deck = await createDeck(user, {
      name: 'Problems',
      format: 'standard',
      cards: [
        { card_id: BOLT, quantity: 4 },
        { card_id: FIELD, quantity: 5 },
        { card_id: TEFERI, quantity: 3 },
        { card_id: TEFERI_STAR, quantity: 2 },
        { card_id: FOREST, quantity: 46 },
        { card_id: SHOCK, quantity: 16, board: 'sideboard' },
      ],
    });
    expect(deck.legality.legal).toBe(false);
    expect(deck.legality.problems).toEqual([
      { code: 'not_legal', message: 'Lightning Bolt is not legal in standard.', card_id: BOLT },
      { code: 'too_many_copies', message: 'Standard allows at most 4 copies of Field of the Dead; the deck has 5.', card_id: FIELD },
      { code: 'too_many_copies', message: 'Standard allows at most 4 copies of Teferi, Time Raveler; the deck has 5.', card_id: TEFERI },
      { code: 'too_many_copies', message: 'Standard allows at most 4 copies of Shock; the deck has 16.', card_id: SHOCK },
      { code: 'sideboard_too_large', message: 'A standard sideboard has at most 15 cards; this one has 16.' },
    ]);
    const historic = await createDeck(user, { name: 'H', format: 'historic', cards: [{ card_id: BOLT, quantity: 1 }] });
    expect(historic.legality.problems[0]).toEqual({ code: 'banned', message: 'Lightning Bolt is banned in historic.', card_id: BOLT });
  });

  it('checks a commander deck against its commander and colour identity, from the real card data', async () => {
    const user = await server.createUser();
    const FEATHER = 'e4a2d2c6-8eaa-4760-b620-921b807baa2e'; // Feather, the Redeemed: legendary creature, RW
    const deck = await createDeck(user, {
      name: 'Feather',
      format: 'commander',
      cards: [
        { card_id: FEATHER, board: 'commander' },
        { card_id: SHOCK },
        { card_id: NEGATE },
        { card_id: MOUNTAIN, quantity: 97 },
      ],
    });
    expect(deck.legality.problems).toEqual([
      { code: 'color_identity', message: "Negate (U) is outside the commander's colour identity (RW).", card_id: NEGATE },
    ]);
    const led = await createDeck(user, { name: 'Shock', format: 'commander', cards: [{ card_id: SHOCK, board: 'commander' }, { card_id: MOUNTAIN, quantity: 99 }] });
    expect(led.legality.problems).toEqual([
      { code: 'invalid_commander', message: 'Shock cannot lead a commander deck: it is not a legendary creature.', card_id: SHOCK },
    ]);
  });

  it('merges lines with the same card and board by adding quantities, keeping other boards apart', async () => {
    const user = await server.createUser();
    const deck = await createDeck(user, {
      name: 'Dupes',
      format: 'casual',
      cards: [
        { card_id: SHOCK, quantity: 2 },
        { card_id: NEGATE, quantity: 1 },
        { card_id: SHOCK, quantity: 3, board: 'main' },
        { card_id: SHOCK, quantity: 1, board: 'sideboard' },
      ],
    });
    expect(deck.cards.map((c: { card_id: string; quantity: number; board: string }) => [c.card_id, c.quantity, c.board])).toEqual([
      [SHOCK, 5, 'main'],
      [NEGATE, 1, 'main'],
      [SHOCK, 1, 'sideboard'],
    ]);
  });

  it('takes card ids in capitals, as GET /cards/{id} does, merging them with the same card written in lower case', async () => {
    const user = await server.createUser();
    const deck = await createDeck(user, {
      name: 'Shouted',
      format: 'casual',
      cards: [
        { card_id: SHOCK.toUpperCase(), quantity: 2 },
        { card_id: SHOCK, quantity: 1 },
      ],
    });
    expect(deck.cards.map((c: { card_id: string; quantity: number }) => [c.card_id, c.quantity])).toEqual([[SHOCK, 3]]);
    const patched = await user.api('PATCH', `/api/v1/decks/${deck.id}`, { cards: [{ card_id: NEGATE.toUpperCase(), quantity: 4 }] });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.data.cards.map((c: { card_id: string }) => c.card_id)).toEqual([NEGATE]);
  });

  it("lists the caller's decks newest first with total, cursor pages and filters", async () => {
    const user = await server.createUser();
    const other = await server.createUser();
    await createDeck(other, { name: 'Not mine', format: 'modern', visibility: 'public' });
    const a = await createDeck(user, { name: 'A', format: 'modern' });
    const b = await createDeck(user, { name: 'B', format: 'standard', visibility: 'public' });
    const c = await createDeck(user, { name: 'C', format: 'modern', visibility: 'unlisted' });

    const first = await user.api('GET', '/api/v1/decks?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data.map((d: { id: string }) => d.id)).toEqual([c.id, b.id]);
    expect(first.body.meta).toEqual({ total: 3, next_cursor: expect.any(String) });
    const second = await user.api('GET', `/api/v1/decks?limit=2&cursor=${encodeURIComponent(first.body.meta.next_cursor)}`);
    expect(second.body.data.map((d: { id: string }) => d.id)).toEqual([a.id]);
    expect(second.body.meta).toEqual({ total: 3, next_cursor: null });

    const asc = await user.api('GET', '/api/v1/decks?dir=asc');
    expect(asc.body.data.map((d: { id: string }) => d.id)).toEqual([a.id, b.id, c.id]);

    const modern = await user.api('GET', '/api/v1/decks?format=modern');
    expect(modern.body.data.map((d: { id: string }) => d.id)).toEqual([c.id, a.id]);
    expect(modern.body.meta.total).toBe(2);
    const pub = await user.api('GET', '/api/v1/decks?visibility=public');
    expect(pub.body.data.map((d: { id: string }) => d.id)).toEqual([b.id]);
    expect(pub.body.meta).toEqual({ total: 1, next_cursor: null });

    clock.advance(1000);
    expect((await user.api('PATCH', `/api/v1/decks/${a.id}`, { name: 'A2' })).status).toBe(200);
    const byUpdate = await user.api('GET', '/api/v1/decks?sort=updated&limit=1');
    expect(byUpdate.body.data[0].id).toBe(a.id);
    const next = await user.api('GET', `/api/v1/decks?sort=updated&limit=1&cursor=${encodeURIComponent(byUpdate.body.meta.next_cursor)}`);
    expect(next.body.data[0].id).toBe(c.id);
    // A cursor belongs to its sort.
    const mismatched = await user.api('GET', `/api/v1/decks?sort=created&cursor=${encodeURIComponent(byUpdate.body.meta.next_cursor)}`);
    expect(mismatched.status).toBe(422);
    expect(mismatched.body.errors).toEqual([expect.objectContaining({ field: 'cursor', code: 'invalid_cursor' })]);
  });

  it('leaves each deck\'s cards out of a list asked for with include_cards=false, keeping its count and legality, in both lists', async () => {
    const user = await server.createUser();
    const deck = await createDeck(user, { name: 'Light', format: 'modern', visibility: 'public', cards: [{ card_id: SHOCK, quantity: 2 }, { card_id: BOLT, quantity: 4, board: 'sideboard' }] });
    const full = (await user.api('GET', '/api/v1/decks')).body.data[0];
    expect(full.cards).toHaveLength(2);
    for (const path of ['/api/v1/decks', `/api/v1/users/${user.username}/decks`]) {
      const light = await user.api('GET', `${path}?include_cards=false`);
      expect(light.status, path).toBe(200);
      const { cards: _, ...rest } = full;
      expect(light.body.data, path).toEqual([rest]);
      expect(light.body.data[0]).toMatchObject({ id: deck.id, card_count: 2, legality: full.legality });
      expect((await user.api('GET', `${path}?include_cards=true`)).body.data, path).toEqual([full]);
    }
    expect((await user.api('GET', '/api/v1/decks?include_cards=some')).status).toBe(422);
  });

  it('answers an empty list for a user with no decks', async () => {
    const user = await server.createUser();
    const res = await user.api('GET', '/api/v1/decks');
    expect(res.body).toEqual({ data: [], meta: { total: 0, next_cursor: null } });
  });
});

describe('updating and deleting decks', () => {
  it('updates metadata and answers 200 with the deck', async () => {
    const user = await server.createUser();
    const deck = await createDeck(user, { name: 'Old', format: 'standard', cards: [{ card_id: SHOCK, quantity: 4 }] });
    clock.advance(5000);
    const res = await user.api('PATCH', `/api/v1/decks/${deck.id}`, { name: '  New name ', format: 'modern', visibility: 'public', description: 'Burn.' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: deck.id, name: 'New name', format: 'modern', visibility: 'public', description: 'Burn.', created_at: deck.created_at });
    expect(res.body.data.updated_at).toBe(clock.now().toISOString());
    expect(res.body.data.cards).toEqual(deck.cards);
    expect((await user.api('GET', `/api/v1/decks/${deck.id}`)).body.data).toEqual(res.body.data);

    const cleared = await user.api('PATCH', `/api/v1/decks/${deck.id}`, { description: null });
    expect(cleared.body.data.description).toBeNull();
  });

  it('replaces the whole decklist when cards is sent, and leaves it alone otherwise', async () => {
    const user = await server.createUser();
    const deck = await createDeck(user, { name: 'D', format: 'casual', cards: [{ card_id: SHOCK, quantity: 4 }, { card_id: NEGATE, quantity: 2, board: 'sideboard' }] });
    const res = await user.api('PATCH', `/api/v1/decks/${deck.id}`, { cards: [{ card_id: DURESS, quantity: 3 }, { card_id: SHOCK, quantity: 1, board: 'maybe' }] });
    expect(res.status).toBe(200);
    expect(res.body.data.cards.map((c: { card_id: string; quantity: number; board: string }) => [c.card_id, c.quantity, c.board])).toEqual([
      [DURESS, 3, 'main'],
      [SHOCK, 1, 'maybe'],
    ]);
    expect(res.body.data.card_count).toBe(3);

    const renamed = await user.api('PATCH', `/api/v1/decks/${deck.id}`, { name: 'Renamed' });
    expect(renamed.body.data.cards).toEqual(res.body.data.cards);

    const emptied = await user.api('PATCH', `/api/v1/decks/${deck.id}`, { cards: [] });
    expect(emptied.body.data.cards).toEqual([]);
    expect(emptied.body.data.card_count).toBe(0);
  });

  it('treats a PATCH that changes nothing as a no-op: same deck, no event', async () => {
    const user = await server.createUser();
    const deck = await createDeck(user, { name: 'Same', format: 'casual', cards: [{ card_id: SHOCK, quantity: 4 }] });
    const before = await server.events(user.id);
    clock.advance(1000);
    const res = await user.api('PATCH', `/api/v1/decks/${deck.id}`, { name: 'Same', cards: [{ card_id: SHOCK, quantity: 4 }] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(deck);
    expect((await user.api('PATCH', `/api/v1/decks/${deck.id}`, {})).body.data).toEqual(deck);
    expect(await server.events(user.id)).toHaveLength(before.length);
  });

  it('deletes a deck with 204; it is gone afterwards', async () => {
    const user = await server.createUser();
    const deck = await createDeck(user, { name: 'Bye', format: 'casual', cards: [{ card_id: SHOCK, quantity: 4 }] });
    const res = await user.api('DELETE', `/api/v1/decks/${deck.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await user.api('GET', `/api/v1/decks/${deck.id}`)).status).toBe(404);
    expect((await user.api('DELETE', `/api/v1/decks/${deck.id}`)).status).toBe(404);
    expect((await user.api('PATCH', `/api/v1/decks/${deck.id}`, { name: 'x' })).status).toBe(404);
    const rows = await server.ctx.database.db.selectFrom('deck_cards').selectAll().where('deck_id', '=', deck.id).execute();
    expect(rows).toEqual([]);
  });

  it('answers 404 for ids that do not exist', async () => {
    const user = await server.createUser();
    for (const [method, path] of [
      ['GET', `/api/v1/decks/${MISSING}`],
      ['PATCH', `/api/v1/decks/${MISSING}`],
      ['DELETE', `/api/v1/decks/${MISSING}`],
      ['GET', `/api/v1/decks/${MISSING}/export`],
      ['GET', '/api/v1/decks/not-an-id'],
    ] as const) {
      const res = await user.api(method, path, method === 'PATCH' ? { name: 'x' } : undefined);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
  });
});

describe('visibility across users', () => {
  let owner: TestUser;
  let stranger: TestUser;
  let priv: { id: string };
  let unlisted: { id: string };
  let pub: { id: string };

  beforeAll(async () => {
    owner = await server.createUser();
    stranger = await server.createUser();
    priv = await createDeck(owner, { name: 'Secret tech', format: 'modern', cards: [{ card_id: SHOCK, quantity: 4 }] });
    unlisted = await createDeck(owner, { name: 'Unlisted', format: 'modern', visibility: 'unlisted', cards: [{ card_id: SHOCK, quantity: 4 }] });
    pub = await createDeck(owner, { name: 'Public', format: 'modern', visibility: 'public', cards: [{ card_id: SHOCK, quantity: 4 }] });
  });

  it("hides another user's private deck behind a 404, for reads, export and writes", async () => {
    const before = await snapshot(owner);
    for (const [method, path, body] of [
      ['GET', `/api/v1/decks/${priv.id}`, undefined],
      ['GET', `/api/v1/decks/${priv.id}/export`, undefined],
      ['PATCH', `/api/v1/decks/${priv.id}`, { name: 'Mine now' }],
      ['PATCH', `/api/v1/decks/${priv.id}`, { cards: [{ card_id: MISSING }] }],
      ['DELETE', `/api/v1/decks/${priv.id}`, undefined],
    ] as const) {
      const res = await stranger.api(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    expect(await snapshot(owner)).toEqual(before);
  });

  it('lets another user read public and unlisted decks, with the owner named', async () => {
    for (const deck of [unlisted, pub]) {
      const res = await stranger.api('GET', `/api/v1/decks/${deck.id}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual((await owner.api('GET', `/api/v1/decks/${deck.id}`)).body.data);
      expect(res.body.data.owner).toEqual({ username: owner.username });
      const exported = await stranger.api('GET', `/api/v1/decks/${deck.id}/export`);
      expect(exported.status).toBe(200);
    }
  });

  it('never lets another user change or delete a public or unlisted deck', async () => {
    const before = await snapshot(owner);
    for (const deck of [unlisted, pub]) {
      expect((await stranger.api('PATCH', `/api/v1/decks/${deck.id}`, { name: 'Hijacked' })).status).toBe(404);
      expect((await stranger.api('PATCH', `/api/v1/decks/${deck.id}`, { cards: [] })).status).toBe(404);
      expect((await stranger.api('DELETE', `/api/v1/decks/${deck.id}`)).status).toBe(404);
    }
    expect(await snapshot(owner)).toEqual(before);
    expect(await server.events(stranger.id)).toEqual([]);
  });

  it("does not list another user's decks in GET /decks", async () => {
    const res = await stranger.api('GET', '/api/v1/decks');
    expect(res.body.meta.total).toBe(0);
  });

  it('lists only public decks on GET /users/{username}/decks, with pagination', async () => {
    const pub2 = await createDeck(owner, { name: 'Public 2', format: 'standard', visibility: 'public' });
    const res = await stranger.api('GET', `/api/v1/users/${owner.username}/decks?limit=1`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { id: string }) => d.id)).toEqual([pub2.id]);
    expect(res.body.meta).toEqual({ total: 2, next_cursor: expect.any(String) });
    const next = await stranger.api('GET', `/api/v1/users/${owner.username}/decks?limit=1&cursor=${encodeURIComponent(res.body.meta.next_cursor)}`);
    expect(next.body.data.map((d: { id: string }) => d.id)).toEqual([pub.id]);
    expect(next.body.meta.next_cursor).toBeNull();
    expect(next.body.data[0]).toEqual((await stranger.api('GET', `/api/v1/decks/${pub.id}`)).body.data);

    // The owner sees the same public-only view there.
    const own = await owner.api('GET', `/api/v1/users/${owner.username}/decks`);
    expect(own.body.data.map((d: { id: string }) => d.id)).toEqual([pub2.id, pub.id]);
    const filtered = await stranger.api('GET', `/api/v1/users/${owner.username}/decks?format=standard`);
    expect(filtered.body.data.map((d: { id: string }) => d.id)).toEqual([pub2.id]);
    // Unlisted is not a filter there.
    expect((await stranger.api('GET', `/api/v1/users/${owner.username}/decks?visibility=unlisted`)).status).toBe(422);
  });

  it('stops showing a deck once it is made private', async () => {
    const deck = await createDeck(owner, { name: 'Soon private', format: 'casual', visibility: 'public' });
    expect((await stranger.api('GET', `/api/v1/decks/${deck.id}`)).status).toBe(200);
    expect((await owner.api('PATCH', `/api/v1/decks/${deck.id}`, { visibility: 'private' })).status).toBe(200);
    expect((await stranger.api('GET', `/api/v1/decks/${deck.id}`)).status).toBe(404);
    const listed = await stranger.api('GET', `/api/v1/users/${owner.username}/decks?limit=200`);
    expect(listed.body.data.map((d: { id: string }) => d.id)).not.toContain(deck.id);
  });

  it('answers 404 for an unknown username and an empty list for a user without public decks', async () => {
    const res = await stranger.api('GET', '/api/v1/users/nobody_here_at_all/decks');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    const empty = await owner.api('GET', `/api/v1/users/${stranger.username}/decks`);
    expect(empty.body).toEqual({ data: [], meta: { total: 0, next_cursor: null } });
  });
});

describe('validation', () => {
  async function expectRejected(user: TestUser, method: string, path: string, body: unknown, status: number, errors?: unknown[]) {
    const before = await snapshot(user);
    const res = await user.api(method, path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    if (status === 422) expect(res.body.code).toBe('validation_failed');
    if (errors) expect(res.body.errors).toEqual(errors);
    expect(await snapshot(user)).toEqual(before);
    return res;
  }

  it('rejects unknown card ids with the index of each bad line', async () => {
    const user = await server.createUser();
    await expectRejected(
      user,
      'POST',
      '/api/v1/decks',
      { name: 'X', format: 'modern', cards: [{ card_id: SHOCK }, { card_id: NEGATE }, { card_id: MISSING }, { card_id: 'nope' }] },
      422,
      [
        { field: 'cards[2].card_id', code: 'unknown_card', message: `no card with id "${MISSING}"` },
        { field: 'cards[3].card_id', code: 'unknown_card', message: 'no card with id "nope"' },
      ],
    );
  });

  it('rejects quantities outside 1..999 and non-integers', async () => {
    const user = await server.createUser();
    for (const quantity of [0, -1, 1000, 1.5, '4', null]) {
      const res = await expectRejected(user, 'POST', '/api/v1/decks', { name: 'X', format: 'modern', cards: [{ card_id: SHOCK, quantity }] }, 422);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['cards[0].quantity']);
    }
  });

  it('rejects duplicates whose merged quantity exceeds 999', async () => {
    const user = await server.createUser();
    await expectRejected(
      user,
      'POST',
      '/api/v1/decks',
      { name: 'X', format: 'casual', cards: [{ card_id: SHOCK, quantity: 600 }, { card_id: SHOCK, quantity: 400 }] },
      422,
      [expect.objectContaining({ field: 'cards[1].quantity', code: 'out_of_range' })],
    );
  });

  it('rejects unknown fields, wrong types, unknown enum values and blank names', async () => {
    const user = await server.createUser();
    const cases: Array<[unknown, string, string]> = [
      [{ name: 'X', format: 'modern', owner: 'me' }, 'owner', 'unknown_field'],
      [{ name: 'X', format: 'modern', cards: [{ card_id: SHOCK, foil: true }] }, 'cards[0].foil', 'unknown_field'],
      [{ name: 5, format: 'modern' }, 'name', 'invalid_type'],
      [{ name: 'X', format: 'modern', cards: {} }, 'cards', 'invalid_type'],
      [{ name: 'X', format: 'frontier' }, 'format', 'invalid_value'],
      [{ name: 'X', format: 'modern', visibility: 'secret' }, 'visibility', 'invalid_value'],
      [{ name: 'X', format: 'modern', cards: [{ card_id: SHOCK, board: 'side' }] }, 'cards[0].board', 'invalid_value'],
      [{ format: 'modern' }, 'name', 'required'],
      [{ name: 'X' }, 'format', 'required'],
      [{ name: '', format: 'modern' }, 'name', 'invalid_length'],
      [{ name: '   ', format: 'modern' }, 'name', 'invalid_length'],
      [{ name: 'x'.repeat(101), format: 'modern' }, 'name', 'invalid_length'],
      [{ name: 'Burn\r\nSideboard', format: 'modern' }, 'name', 'invalid_characters'],
      [{ name: '\u202eMonoRed', format: 'modern' }, 'name', 'invalid_characters'],
      [{ name: '\u200b', format: 'modern' }, 'name', 'invalid_characters'],
      [{ name: 'X', format: 'modern', cards: [{ quantity: 1 }] }, 'cards[0].card_id', 'required'],
      [[], 'body', 'invalid_type'],
    ];
    for (const [body, field, code] of cases) {
      const res = await expectRejected(user, 'POST', '/api/v1/decks', body, 422);
      expect(res.body.errors, JSON.stringify(body)).toContainEqual(expect.objectContaining({ field, code }));
    }
  });

  it('answers 400 for malformed JSON', async () => {
    const user = await server.createUser();
    const before = await snapshot(user);
    for (const raw of ['{"name": "X", "format": ', 'not json']) {
      const res = await server.request('POST', '/api/v1/decks', { token: user.key, raw });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_json');
    }
    const deck = await createDeck(user, { name: 'Keep', format: 'casual' });
    const res = await server.request('PATCH', `/api/v1/decks/${deck.id}`, { token: user.key, raw: '{"name": }' });
    expect(res.status).toBe(400);
    expect((await user.api('GET', `/api/v1/decks/${deck.id}`)).body.data).toEqual(deck);
    expect((await snapshot(user)).events).toBe(before.events + 1);
  });

  it('rejects a bad PATCH and changes nothing', async () => {
    const user = await server.createUser();
    const deck = await createDeck(user, { name: 'Keep', format: 'modern', cards: [{ card_id: SHOCK, quantity: 4 }] });
    const path = `/api/v1/decks/${deck.id}`;
    await expectRejected(user, 'PATCH', path, { name: 'Changed', cards: [{ card_id: SHOCK }, { card_id: MISSING }] }, 422, [
      { field: 'cards[1].card_id', code: 'unknown_card', message: `no card with id "${MISSING}"` },
    ]);
    await expectRejected(user, 'PATCH', path, { name: 'Changed', id: 'other' }, 422, [{ field: 'id', code: 'unknown_field', message: 'is not a known field' }]);
    await expectRejected(user, 'PATCH', path, { format: 'standard', visibility: 'everyone' }, 422);
    await expectRejected(user, 'PATCH', path, { name: ' ' }, 422);
    await expectRejected(user, 'PATCH', path, { name: 'Tab\tbed' }, 422, [{ field: 'name', code: 'invalid_characters', message: expect.stringContaining('control characters') }]);
    await expectRejected(user, 'PATCH', path, { cards: [{ card_id: SHOCK, quantity: 0 }] }, 422);
    expect((await user.api('GET', path)).body.data).toEqual(deck);
  });

  it('rejects bad list parameters', async () => {
    const user = await server.createUser();
    for (const qs of ['limit=0', 'limit=201', 'limit=abc', 'cursor=garbage', 'cursor=', 'sort=name', 'dir=up', 'format=frontier', 'visibility=hidden', 'fromat=modern']) {
      const res = await user.api('GET', `/api/v1/decks?${qs}`);
      expect(res.status, qs).toBe(422);
      // A cursor has its own code (contract: clients branch on it); errors[] names the field either way.
      expect(res.body.code, qs).toBe(qs.startsWith('cursor=') ? 'invalid_cursor' : 'validation_failed');
      expect(res.body.errors?.[0]?.field, qs).toBeDefined();
    }
  });
});

describe('scopes and credentials', () => {
  it('lets a decks:read key read but not write (403 naming decks:write)', async () => {
    const writer = await server.createUser({ scopes: ['decks:write'] });
    const deck = await createDeck(writer, { name: 'W', format: 'casual', visibility: 'public' });
    const reader = await server.createUser({ scopes: ['decks:read'] });
    const own = await server.ctx.apiKeys.create(reader.id, { name: 'w', scopes: ['decks:write'] });
    const ownDeck = (await server.request('POST', '/api/v1/decks', { token: own.key, body: { name: 'R', format: 'casual' } })).body.data;

    expect((await reader.api('GET', '/api/v1/decks')).status).toBe(200);
    expect((await reader.api('GET', `/api/v1/decks/${deck.id}`)).status).toBe(200);
    expect((await reader.api('GET', `/api/v1/decks/${deck.id}/export`)).status).toBe(200);
    expect((await reader.api('GET', `/api/v1/users/${writer.username}/decks`)).status).toBe(200);

    const before = await snapshot(reader);
    for (const [method, path, body] of [
      ['POST', '/api/v1/decks', { name: 'X', format: 'casual' }],
      ['POST', '/api/v1/decks/import', { name: 'X', format: 'casual', text: '1 Shock' }],
      ['PATCH', `/api/v1/decks/${ownDeck.id}`, { name: 'Y' }],
      ['DELETE', `/api/v1/decks/${ownDeck.id}`, undefined],
    ] as const) {
      const res = await reader.api(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toMatchObject({ code: 'insufficient_scope', missing_scope: 'decks:write' });
      expect(res.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="decks:write"');
    }
    expect(await snapshot(reader)).toEqual(before);
  });

  it('lets decks:write read too (implied decks:read)', async () => {
    const writer = await server.createUser({ scopes: ['decks:write'] });
    expect((await writer.api('GET', '/api/v1/decks')).status).toBe(200);
  });

  it('refuses keys without a decks scope, and requests without a key', async () => {
    const other = await server.createUser({ scopes: ['cards:read', 'collection:write'] });
    for (const [method, path] of [
      ['GET', '/api/v1/decks'],
      ['GET', `/api/v1/decks/${MISSING}`],
      ['GET', `/api/v1/users/${other.username}/decks`],
      ['GET', `/api/v1/decks/${MISSING}/export`],
    ] as const) {
      const res = await other.api(method, path);
      expect(res.status).toBe(403);
      expect(res.body.missing_scope).toBe('decks:read');
    }
    const res = await other.api('POST', '/api/v1/decks', { name: 'X', format: 'casual' });
    expect(res.body.missing_scope).toBe('decks:write');
    const anon = await server.request('GET', '/api/v1/decks');
    expect(anon.status).toBe(401);
    expect((await server.request('POST', '/api/v1/decks', { body: { name: 'X', format: 'casual' } })).status).toBe(401);
  });
});

describe('events', () => {
  it('writes exactly one deck.created, deck.updated and deck.deleted, each carrying the deck as the API returned it', async () => {
    const user = await server.createUser();
    const created = await createDeck(user, { name: 'Evented', format: 'standard', cards: [{ card_id: SHOCK, quantity: 4 }] });
    let events = await server.events(user.id);
    expect(events.map((e) => e.type)).toEqual(['deck.created']);
    expect(events[0]!.payload).toEqual(created);
    expect(events[0]!.occurred_at).toBe(clock.now().toISOString());

    clock.advance(1000);
    const updated = (await user.api('PATCH', `/api/v1/decks/${created.id}`, { name: 'Evented 2', cards: [{ card_id: NEGATE, quantity: 2 }] })).body.data;
    events = await server.events(user.id);
    expect(events.map((e) => e.type)).toEqual(['deck.created', 'deck.updated']);
    expect(events[1]!.payload).toEqual(updated);
    expect(events[1]!.payload.cards[0].card_id).toBe(NEGATE);

    clock.advance(1000);
    expect((await user.api('DELETE', `/api/v1/decks/${created.id}`)).status).toBe(204);
    events = await server.events(user.id);
    expect(events.map((e) => e.type)).toEqual(['deck.created', 'deck.updated', 'deck.deleted']);
    expect(events[2]!.payload).toEqual(updated);
    expect(events.every((e) => e.user_id === user.id)).toBe(true);
  });

  it('writes deck.created for an import', async () => {
    const user = await server.createUser();
    const res = await user.api('POST', '/api/v1/decks/import', { name: 'Imported', format: 'casual', text: '4 Shock' });
    expect(res.status).toBe(201);
    const events = await server.events(user.id);
    expect(events.map((e) => e.type)).toEqual(['deck.created']);
    expect(events[0]!.payload).toEqual(res.body.data);
  });

  it('reads a list copied from Moxfield or Archidekt: tags and categories dropped, "184*" as the star printing 184★', async () => {
    const user = await server.createUser();
    const text = ['1 Ajani, the Greathearted (WAR) 184* #planeswalkers', '1x Ajani, the Greathearted (WAR) 184 [Walkers] ^Have,#37d67a^'].join('\n');
    const res = await user.api('POST', '/api/v1/decks/import', { name: 'Copied', format: 'casual', text });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.cards.map((c: { card: { collector_number: string } }) => c.card.collector_number).sort()).toEqual(['184', '184★']);
  });

  it('takes the reversible printing a list names, counts it as the card it is on both sides, and exports it by that one name', async () => {
    const user = await server.createUser();
    const res = await user.api('POST', '/api/v1/decks/import', { name: 'Colossus', format: 'legacy', text: '4 Blightsteel Colossus (SLD) 1079\n52 Island' });
    expect(res.status, res.text).toBe(201);
    const colossus = res.body.data.cards.find((c: { card: { set: string } }) => c.card.set === 'sld');
    expect(colossus).toMatchObject({ quantity: 4, card: { collector_number: '1079' } });
    const arena = await user.api('GET', `/api/v1/decks/${res.body.data.id}/export?format=arena`);
    expect(arena.text).toContain('4 Blightsteel Colossus (SLD) 1079');
    expect(arena.text).not.toContain('Blightsteel Colossus // ');
  });

  it('writes no event when a change fails', async () => {
    const user = await server.createUser();
    const stranger = await server.createUser();
    const deck = await createDeck(user, { name: 'E', format: 'casual', visibility: 'public' });
    await user.api('POST', '/api/v1/decks', { name: 'Bad', format: 'casual', cards: [{ card_id: MISSING }] });
    await user.api('PATCH', `/api/v1/decks/${deck.id}`, { cards: [{ card_id: MISSING }] });
    await user.api('POST', '/api/v1/decks/import', { name: 'Bad', format: 'casual', text: '4 Not A Real Card' });
    await stranger.api('PATCH', `/api/v1/decks/${deck.id}`, { name: 'Mine' });
    await stranger.api('DELETE', `/api/v1/decks/${deck.id}`);
    expect((await server.events(user.id)).map((e) => e.type)).toEqual(['deck.created']);
    expect(await server.events(stranger.id)).toEqual([]);
  });
});

describe('transactions', () => {
  it('keeps concurrent decklist replacements of one deck consistent', async () => {
    const user = await server.createUser();
    const deck = await createDeck(user, { name: 'Busy', format: 'casual', cards: [{ card_id: SHOCK, quantity: 1 }] });
    const lists = [SHOCK, NEGATE, DURESS, MOUNTAIN, FOREST, TEFERI, CHANDRA, BOLT].map((id, i) => [
      { card_id: id, quantity: i + 1 },
      { card_id: SHOCK, quantity: 2, board: 'sideboard' },
    ]);
    const results = await Promise.all(lists.map((cards) => user.api('PATCH', `/api/v1/decks/${deck.id}`, { cards })));
    expect(results.map((r) => r.status)).toEqual(lists.map(() => 200));
    const final = (await user.api('GET', `/api/v1/decks/${deck.id}`)).body.data;
    const strip = (cards: Array<{ card_id: string; quantity: number; board: string }>) => cards.map((c) => `${c.card_id}:${c.quantity}:${c.board}`);
    expect(lists.map((l) => strip(l.map((c) => ({ board: 'main', ...c }))))).toContainEqual(strip(final.cards));
    const events = (await server.events(user.id)).filter((e) => e.type === 'deck.updated');
    expect(events.length).toBeGreaterThanOrEqual(1);
    // The last event describes the state that stuck.
    expect(events[events.length - 1]!.payload.cards).toEqual(final.cards);
  });

  it('deletes a deck once when several deletes race: one 204, one deck.deleted event', async () => {
    const user = await server.createUser();
    const deck = await createDeck(user, { name: 'Race', format: 'casual', cards: [{ card_id: SHOCK, quantity: 1 }] });
    const results = await Promise.all(Array.from({ length: 6 }, () => user.api('DELETE', `/api/v1/decks/${deck.id}`)));
    expect(results.map((r) => r.status).sort()).toEqual([204, 404, 404, 404, 404, 404]);
    expect((await server.events(user.id)).map((e) => e.type)).toEqual(['deck.created', 'deck.deleted']);
  });

  it('rolls the change back when its event cannot be written', async () => {
    const isolated = await startTestServer();
    try {
      const user = await isolated.createUser();
      const deck = (await user.api('POST', '/api/v1/decks', { name: 'Before', format: 'casual', cards: [{ card_id: SHOCK, quantity: 2 }] })).body.data;
      const db = isolated.ctx.database.db;
      await db.schema.alterTable('events').renameTo('events_gone').execute();
      try {
        const failures = [
          await user.api('POST', '/api/v1/decks', { name: 'New', format: 'casual', cards: [{ card_id: NEGATE }] }),
          await user.api('POST', '/api/v1/decks/import', { name: 'New', format: 'casual', text: '1 Negate' }),
          await user.api('PATCH', `/api/v1/decks/${deck.id}`, { name: 'After', cards: [{ card_id: DURESS }] }),
          await user.api('DELETE', `/api/v1/decks/${deck.id}`),
        ];
        for (const res of failures) {
          expect(res.status).toBe(500);
          expect(Object.keys(res.body)).toEqual(['request_id']);
        }
      } finally {
        await db.schema.alterTable('events_gone').renameTo('events').execute();
      }
      const list = await user.api('GET', '/api/v1/decks');
      expect(list.body.data).toEqual([deck]);
      const rows = await db.selectFrom('deck_cards').selectAll().execute();
      expect(rows).toEqual([{ deck_id: deck.id, card_id: SHOCK, board: 'main', quantity: 2, position: 0 }]);
      expect((await isolated.events(user.id)).map((e) => e.type)).toEqual(['deck.created']);
    } finally {
      await isolated.close();
    }
  });
});

describe('decklist import and export', () => {
  const ARENA = [
    'Commander',
    '1 Chandra, Fire Artisan (WAR) 119',
    '',
    'Deck',
    '4 Shock (M20) 160',
    '2 Teferi, Time Raveler (WAR) 221★',
    '1 teferi, time raveler',
    '3 Lightning Bolt',
    '1 Esika, God of the Tree',
    '2 Driven/Despair',
    '20 Mountain (M20) 273',
    '',
    'Sideboard',
    '2 Negate (XYZ) 999',
    '1 Shock',
    '',
    'Maybeboard',
    '1 Duress',
  ].join('\n');

  it('creates a deck from Arena text, resolving set and number, case-insensitive names and face names', async () => {
    const user = await server.createUser();
    const res = await user.api('POST', '/api/v1/decks/import', { name: 'Arena', format: 'casual', visibility: 'unlisted', description: 'From Arena', text: ARENA });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const deck = res.body.data;
    expect(deck).toMatchObject({ name: 'Arena', format: 'casual', visibility: 'unlisted', description: 'From Arena' });
    expect(deck.cards.map((c: { card_id: string; quantity: number; board: string }) => [c.card_id, c.quantity, c.board])).toEqual([
      [CHANDRA, 1, 'commander'],
      [SHOCK, 4, 'main'],
      [TEFERI_STAR, 2, 'main'],
      [TEFERI, 1, 'main'],
      [BOLT, 3, 'main'],
      [ESIKA, 1, 'main'],
      [DRIVEN, 2, 'main'],
      [MOUNTAIN, 20, 'main'],
      [NEGATE, 2, 'sideboard'],
      [SHOCK, 1, 'sideboard'],
      [DURESS, 1, 'maybe'],
    ]);
    expect(deck.card_count).toBe(34);
    expect((await user.api('GET', `/api/v1/decks/${deck.id}`)).body.data).toEqual(deck);
    // Only the line whose printing does not exist got another one, and the answer says which.
    const negate = deck.cards.find((c: { card_id: string }) => c.card_id === NEGATE).card;
    expect(res.body.meta).toEqual({
      warnings: [{ line: 14, code: 'printing_replaced', message: `line 14: "Negate" has no printing (XYZ) 999; used (${negate.set.toUpperCase()}) ${negate.collector_number}` }],
      warnings_count: 1,
    });
  });

  it('takes the English printing of a set and number several languages share, and reads the number in any spelling', async () => {
    const own = await startTestServer();
    try {
      const shock = JSON.parse(fs.readFileSync(path.join(DEMO_CARDS, 'default-cards.json'), 'utf8')).find((c: { id: string }) => c.id === SHOCK);
      // German and Japanese printings of m20 160, written before and after the English one would sort.
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-decks-')), 'langs.json');
      fs.writeFileSync(file, JSON.stringify([{ ...shock, id: '11111111-2222-4333-8444-000000000160', lang: 'de' }, { ...shock, id: 'ffffffff-2222-4333-8444-000000000160', lang: 'ja' }]));
      await importCards(own.ctx, { file, asOf: '2019-08-04' });
      const user = await own.createUser();
      const text = ['4 Shock (M20) 160', '1 A-Cauldron Familiar (ELD) a-81', '1 Brisela, Voice of Nightmares (EMN) 15B', '1 Ajani, the Greathearted (WAR) 0184*'].join('\n');
      const res = await user.api('POST', '/api/v1/decks/import', { name: 'Spellings', format: 'casual', text });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.cards.map((c: { card: { set: string; collector_number: string; lang: string } }) => [c.card.set, c.card.collector_number, c.card.lang])).toEqual([
        ['m20', '160', 'en'],
        ['eld', 'A-81', 'en'],
        ['emn', '15b', 'en'],
        ['war', '184★', 'en'],
      ]);
      expect(res.body.meta.warnings).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it('reads names as the collection import does: accents, curly apostrophes, case and decomposed Unicode folded', async () => {
    const own = await startTestServer();
    try {
      const shock = JSON.parse(fs.readFileSync(path.join(DEMO_CARDS, 'default-cards.json'), 'utf8')).find((c: { id: string }) => c.id === SHOCK);
      const vault = { ...shock, id: '11111111-2222-4333-8444-00000000d001', oracle_id: '11111111-2222-4333-8444-00000000d0a1', name: "Lim-Dûl's Vault", set: 'all', collector_number: '207' };
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-decks-')), 'vault.json');
      fs.writeFileSync(file, JSON.stringify([vault]));
      await importCards(own.ctx, { file, asOf: '2019-08-04' });
      const user = await own.createUser();
      const text = ["1 Lim-Dul's Vault", "1 LIM-DÛL'S VAULT".normalize('NFD'), '1 Lim-Dûl’s Vault', '2 Ajani’s Pridemate', '1 ajanis pridemate (WAR)', '1 AKKI LAVARUNNER'].join('\n');
      const res = await user.api('POST', '/api/v1/decks/import', { name: 'Pasted', format: 'casual', text });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.cards.map((c: { card: { name: string }; quantity: number }) => [c.card.name, c.quantity])).toEqual([
        ["Lim-Dûl's Vault", 3],
        ["Ajani's Pridemate", 3],
        ['Akki Lavarunner // Tok-Tok, Volcano Born', 1],
      ]);
      expect(res.body.meta.warnings).toEqual([]);
      // Folding finds spellings, not guesses: a name that folds to no card is still unknown.
      const bad = await user.api('POST', '/api/v1/decks/import', { name: 'Bad', format: 'casual', text: '1 Lim-Dul Vaults' });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual([expect.objectContaining({ code: 'unknown_card', message: 'line 1: no card named "Lim-Dul Vaults"' })]);
    } finally {
      await own.close();
    }
  });

  it('warns for each line whose set and number are not a printing of its card, naming the printing it used', async () => {
    const user = await server.createUser();
    const text = ['4 Shock (WAR) 221', '2 Shock (M20) 999', '1 Shock (M20) 160', '3 Shock (war)', '1 Negate'].join('\n');
    const res = await user.api('POST', '/api/v1/decks/import', { name: 'Printings', format: 'casual', text });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.cards.map((c: { card_id: string; quantity: number }) => [c.card_id, c.quantity])).toEqual([
      [SHOCK, 10],
      [NEGATE, 1],
    ]);
    expect(res.body.meta.warnings).toEqual([
      { line: 1, code: 'printing_replaced', message: 'line 1: (WAR) 221 is "Teferi, Time Raveler", not "Shock"; used (M20) 160' },
      { line: 2, code: 'printing_replaced', message: 'line 2: "Shock" has no printing (M20) 999; used (M20) 160' },
      { line: 4, code: 'printing_replaced', message: 'line 4: "Shock" has no printing (WAR); used (M20) 160' },
    ]);
    // A list whose printings all exist has none.
    const clean = await user.api('POST', '/api/v1/decks/import', { name: 'Clean', format: 'casual', text: '4 Shock (M20) 160\n1 Negate' });
    expect(clean.body.meta).toEqual({ warnings: [], warnings_count: 0 });
  });

  it('lists the first 100 warnings and counts them all', async () => {
    const user = await server.createUser();
    const text = Array.from({ length: 130 }, (_, k) => `1 Shock (XYZ) ${k + 1}`).join('\n');
    const res = await user.api('POST', '/api/v1/decks/import', { name: 'Many', format: 'casual', text });
    expect(res.status).toBe(201);
    expect(res.body.data.cards.map((c: { card_id: string; quantity: number }) => [c.card_id, c.quantity])).toEqual([[SHOCK, 130]]);
    expect(res.body.meta.warnings).toHaveLength(100);
    expect(res.body.meta.warnings.map((w: { line: number }) => w.line)).toEqual(Array.from({ length: 100 }, (_, k) => k + 1));
    expect(res.body.meta.warnings_count).toBe(130);
  });

  it('reads a line naming only the card as its newest printing that is not a promo (War of the Spark, not the later promo pack)', async () => {
    const user = await server.createUser();
    const res = await user.api('POST', '/api/v1/decks/import', { name: 'Bontu', format: 'casual', text: '2 God-Eternal Bontu\n' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [line] = res.body.data.cards as Array<{ card_id: string; card: { set: string; collector_number: string } }>;
    expect([line?.card.set, line?.card.collector_number]).toEqual(['war', '92']);
    // The same card /cards/named gives.
    expect((await user.api('GET', '/api/v1/cards/named?exact=God-Eternal%20Bontu')).body.data.id).toBe(line?.card_id);
  });

  it('reads MTGO text: main deck, blank line, sideboard; duplicate lines merge', async () => {
    const user = await server.createUser();
    const res = await user.api('POST', '/api/v1/decks/import', { name: 'MTGO', format: 'modern', text: '4 Shock\n2 Shock\n\n3 Negate\n' });
    expect(res.status).toBe(201);
    expect(res.body.data.cards.map((c: { card_id: string; quantity: number; board: string }) => [c.card_id, c.quantity, c.board])).toEqual([
      [SHOCK, 6, 'main'],
      [NEGATE, 3, 'sideboard'],
    ]);
    expect(res.body.data.legality.problems.map((p: { code: string }) => p.code)).toEqual(['too_many_copies', 'deck_too_small']);
  });

  it('rejects unresolvable and unreadable lines with their line numbers, creating nothing', async () => {
    const user = await server.createUser();
    const before = await snapshot(user);
    // "Drive_" and "%" would match "Driven // Despair" if LIKE wildcards were not escaped.
    const text = 'Deck\n4 Shock\n2 Not A Real Card\nfour Negate\n1 Lightning Bolt (M11) 146\n0 Duress\n1 Drive_\n1 %';
    const res = await user.api('POST', '/api/v1/decks/import', { name: 'Bad', format: 'modern', text });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors).toEqual([
      { field: 'text', code: 'unknown_card', message: 'line 3: no card named "Not A Real Card"' },
      { field: 'text', code: 'invalid_line', message: 'line 4: expected "<quantity> <card name>", got "four Negate"' },
      { field: 'text', code: 'invalid_line', message: 'line 6: quantity must be 1 to 999, got 0' },
      { field: 'text', code: 'unknown_card', message: 'line 7: no card named "Drive_"' },
      { field: 'text', code: 'unknown_card', message: 'line 8: no card named "%"' },
    ]);
    expect(await snapshot(user)).toEqual(before);
  });

  it('looks cards up by exact, case-insensitive and face names, with LIKE wildcards taken literally', async () => {
    const cards = createCardStore(server.ctx.database.db);
    const ids = async (names: string[]) => (await cards.findByNames(names)).map((r) => r.id).sort();
    expect(await ids(['Shock'])).toEqual([SHOCK]);
    expect(await ids(['sHOCK'])).toEqual([SHOCK]);
    expect(await ids(['despair', 'Esika, God of the Tree'])).toEqual([DRIVEN, ESIKA].sort());
    expect(await ids(['Drive_', '%', 'Shoc%', '_'])).toEqual([]);
    expect((await cards.findByPrintings([{ set: 'WAR', collectorNumber: '221★' }])).map((r) => r.id)).toEqual([TEFERI_STAR]);
  });

  it('rejects text without cards, bad import bodies and blank names', async () => {
    const user = await server.createUser();
    const before = await snapshot(user);
    const cases: Array<[unknown, string, string]> = [
      [{ name: 'E', format: 'casual', text: 'Deck\n\nSideboard\n' }, 'text', 'empty_decklist'],
      [{ name: 'E', format: 'casual', text: '' }, 'text', 'invalid_length'],
      [{ name: 'E', format: 'casual' }, 'text', 'required'],
      [{ name: 'E', format: 'casual', text: '1 Shock', cards: [] }, 'cards', 'unknown_field'],
      [{ name: 'E', format: 'casual', text: 42 }, 'text', 'invalid_type'],
      [{ name: ' ', format: 'casual', text: '1 Shock' }, 'name', 'invalid_length'],
      [{ name: 'E\u2066', format: 'casual', text: '1 Shock' }, 'name', 'invalid_characters'],
      [{ name: 'E', format: 'casual', text: '600 Shock\n400 Shock' }, 'text', 'out_of_range'],
      [{ name: 'E', format: 'casual', text: Array.from({ length: 501 }, (_, i) => `1 Card ${i}`).join('\n') }, 'text', 'too_many_lines'],
    ];
    for (const [body, field, code] of cases) {
      const res = await user.api('POST', '/api/v1/decks/import', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors, JSON.stringify(body)).toContainEqual(expect.objectContaining({ field, code }));
    }
    const malformed = await server.request('POST', '/api/v1/decks/import', { token: user.key, raw: '{"text":' });
    expect(malformed.status).toBe(400);
    expect(await snapshot(user)).toEqual(before);
  });

  it('exports arena, mtgo and text as text/plain, and an Arena export re-imports to the same decklist', async () => {
    const user = await server.createUser();
    const deck = (await user.api('POST', '/api/v1/decks/import', { name: 'Round trip', format: 'casual', text: ARENA })).body.data;

    const arena = await user.api('GET', `/api/v1/decks/${deck.id}/export?format=arena`);
    expect(arena.status).toBe(200);
    expect(arena.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(arena.text).toBe(
      [
        'Commander',
        '1 Chandra, Fire Artisan (WAR) 119',
        '',
        'Deck',
        '4 Shock (M20) 160',
        '2 Teferi, Time Raveler (WAR) 221★',
        '1 Teferi, Time Raveler (WAR) 221',
        '3 Lightning Bolt (2X2) 117',
        '1 Esika, God of the Tree (KHM) 168',
        '2 Driven // Despair (HOU) 157',
        '20 Mountain (M20) 273',
        '',
        'Sideboard',
        '2 Negate (M20) 69',
        '1 Shock (M20) 160',
        '',
        'Maybeboard',
        '1 Duress (M20) 97',
        '',
      ].join('\n'),
    );
    expect((await user.api('GET', `/api/v1/decks/${deck.id}/export`)).text).toBe(arena.text);

    const again = await user.api('POST', '/api/v1/decks/import', { name: 'Again', format: 'casual', text: arena.text });
    expect(again.status).toBe(201);
    const strip = (d: { cards: Array<{ card_id: string; quantity: number; board: string }> }) =>
      d.cards.map((c) => ({ card_id: c.card_id, quantity: c.quantity, board: c.board }));
    expect(strip(again.body.data)).toEqual(strip(deck));

    const mtgo = await user.api('GET', `/api/v1/decks/${deck.id}/export?format=mtgo`);
    expect(mtgo.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(mtgo.text).toBe(
      // The two Teferi printings are one name to MTGO: one line of their total.
      '4 Shock\n3 Teferi, Time Raveler\n3 Lightning Bolt\n1 Esika, God of the Tree\n2 Driven/Despair\n20 Mountain\n\n1 Chandra, Fire Artisan\n2 Negate\n1 Shock\n',
    );
    const fromMtgo = await user.api('POST', '/api/v1/decks/import', { name: 'MTGO', format: 'casual', text: mtgo.text });
    expect(fromMtgo.status).toBe(201);
    expect(fromMtgo.body.data.card_count).toBe(33);

    const text = await user.api('GET', `/api/v1/decks/${deck.id}/export?format=text`);
    expect(text.text).toContain('Deck\n4 Shock\n3 Teferi, Time Raveler\n3 Lightning Bolt\n');
    expect(text.text).toContain('1 Esika, God of the Tree // The Prismatic Bridge\n');
    const fromText = await user.api('POST', '/api/v1/decks/import', { name: 'Text', format: 'casual', text: text.text });
    expect(fromText.status).toBe(201);
    // Names only: both Teferi printings resolve to the default one and merge into one line.
    expect(strip(fromText.body.data)).toEqual([
      { card_id: CHANDRA, quantity: 1, board: 'commander' },
      { card_id: SHOCK, quantity: 4, board: 'main' },
      { card_id: TEFERI, quantity: 3, board: 'main' },
      { card_id: BOLT, quantity: 3, board: 'main' },
      { card_id: ESIKA, quantity: 1, board: 'main' },
      { card_id: DRIVEN, quantity: 2, board: 'main' },
      { card_id: MOUNTAIN, quantity: 20, board: 'main' },
      { card_id: NEGATE, quantity: 2, board: 'sideboard' },
      { card_id: SHOCK, quantity: 1, board: 'sideboard' },
      { card_id: DURESS, quantity: 1, board: 'maybe' },
    ]);
  });

  it('rejects an unknown export format', async () => {
    const user = await server.createUser();
    const deck = await createDeck(user, { name: 'X', format: 'casual' });
    const res = await user.api('GET', `/api/v1/decks/${deck.id}/export?format=pdf`);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'format', code: 'invalid_value' })]);
    const empty = await user.api('GET', `/api/v1/decks/${deck.id}/export?format=text`);
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(empty.text).toBe('');
  });
});

describe('GET /decks/{id}/missing: a deck against your collection', () => {
  const both = ['decks:read', 'decks:write', 'collection:read', 'collection:write'] as const;
  const priceOf = async (user: TestUser, id: string) => {
    const p = (await user.api('GET', `/api/v1/cards/${id}`)).body.data.prices;
    return [p.usd, p.usd_foil, p.usd_etched].filter((x: string | null) => x !== null).map((x: string) => Math.round(Number(x) * 100)).sort((a: number, b: number) => a - b)[0] as number;
  };

  it('counts the copies of every printing of each card against what the deck needs, all boards together but the maybeboard', async () => {
    const user = await server.createUser({ scopes: [...both, 'cards:read'] });
    const deck = await createDeck(user, {
      name: 'Check',
      format: 'casual',
      cards: [
        { card_id: SHOCK, quantity: 4 },
        { card_id: TEFERI, quantity: 1 },
        { card_id: SHOCK, quantity: 2, board: 'sideboard' },
        { card_id: TEFERI_STAR, quantity: 1, board: 'sideboard' },
        { card_id: DURESS, quantity: 3, board: 'maybe' },
      ],
    });
    for (const entry of [
      { card_id: SHOCK, quantity: 2, finish: 'foil' },
      { card_id: SHOCK, quantity: 1, condition: 'damaged' },
      { card_id: TEFERI_STAR, quantity: 1 },
    ]) {
      expect((await user.api('POST', '/api/v1/collection', entry)).status).toBe(201);
    }
    const res = await user.api('GET', `/api/v1/decks/${deck.id}/missing`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([
      { card_id: SHOCK, name: 'Shock', boards: ['main', 'sideboard'], needed: 6, owned: 3, missing: 3 },
      { card_id: TEFERI, name: 'Teferi, Time Raveler', boards: ['main', 'sideboard'], needed: 2, owned: 1, missing: 1 },
    ]);
    const shock = await priceOf(user, SHOCK);
    const teferi = await priceOf(user, TEFERI);
    expect(res.body.meta).toEqual({ match: 'card', needed: 8, owned: 4, missing: 4, missing_value: ((3 * shock + teferi) / 100).toFixed(2), missing_unpriced: 0 });

    // Only the deck's own printings: the star Teferi owned counts for its line alone.
    const printing = await user.api('GET', `/api/v1/decks/${deck.id}/missing?match=printing`);
    expect(printing.body.data.map((n: { card_id: string; needed: number; owned: number }) => [n.card_id, n.needed, n.owned])).toEqual([
      [SHOCK, 6, 3],
      [TEFERI, 1, 0],
      [TEFERI_STAR, 1, 1],
    ]);
    expect(printing.body.meta).toMatchObject({ match: 'printing', missing: 4 });
  });

  it("checks another user's public deck against the caller's own collection; a private one stays a 404", async () => {
    const owner = await server.createUser({ scopes: [...both] });
    const reader = await server.createUser({ scopes: [...both] });
    const shared = await createDeck(owner, { name: 'Shared', format: 'casual', visibility: 'public', cards: [{ card_id: NEGATE, quantity: 2 }] });
    const hidden = await createDeck(owner, { name: 'Hidden', format: 'casual', cards: [{ card_id: NEGATE, quantity: 2 }] });
    expect((await owner.api('POST', '/api/v1/collection', { card_id: NEGATE, quantity: 2 })).status).toBe(201);
    expect((await reader.api('POST', '/api/v1/collection', { card_id: NEGATE, quantity: 1 })).status).toBe(201);
    expect((await reader.api('GET', `/api/v1/decks/${shared.id}/missing`)).body.meta).toMatchObject({ owned: 1, missing: 1 });
    expect((await owner.api('GET', `/api/v1/decks/${shared.id}/missing`)).body.meta).toMatchObject({ owned: 2, missing: 0 });
    const res = await reader.api('GET', `/api/v1/decks/${hidden.id}/missing`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });

  it('needs both decks:read and collection:read, and refuses an unknown match', async () => {
    const owner = await server.createUser({ scopes: [...both] });
    const deck = await createDeck(owner, { name: 'Scopes', format: 'casual', cards: [{ card_id: NEGATE, quantity: 1 }] });
    const decksOnly = await server.createUser({ scopes: ['decks:read'] });
    const collectionOnly = await server.createUser({ scopes: ['collection:read'] });
    const noDecks = await decksOnly.api('GET', `/api/v1/decks/${deck.id}/missing`);
    expect(noDecks.status).toBe(403);
    expect(noDecks.body.missing_scope).toBe('collection:read');
    const noCollection = await collectionOnly.api('GET', `/api/v1/decks/${deck.id}/missing`);
    expect(noCollection.status).toBe(403);
    expect(noCollection.body.missing_scope).toBe('decks:read');
    expect(noCollection.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="decks:read"');
    // Lacking both, the answer names both, so a client (an OAuth app) asks for them at once.
    const neither = await server.createUser({ scopes: ['profile:read'] });
    const none = await neither.api('GET', `/api/v1/decks/${deck.id}/missing`);
    expect(none.status).toBe(403);
    expect(none.body).toMatchObject({ code: 'insufficient_scope', missing_scope: 'decks:read', detail: expect.stringContaining('decks:read and collection:read') });
    expect(none.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="decks:read collection:read"');
    const bad = await owner.api('GET', `/api/v1/decks/${deck.id}/missing?match=set`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('match');
  });
});

describe('API reference', () => {
  it('documents the deck endpoints in the OpenAPI document', async () => {
    const res = await server.request('GET', '/api/v1/openapi.json');
    const paths = Object.keys(res.body.paths);
    for (const p of ['/api/v1/decks', '/api/v1/decks/import', '/api/v1/decks/{id}', '/api/v1/decks/{id}/export', '/api/v1/users/{username}/decks']) {
      expect(paths).toContain(p);
    }
  });
});
