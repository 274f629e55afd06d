import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { importCards } from '../../src/cards/import.js';
import { createCardSearch } from '../../src/cards/search/engine.js';
import { DEMO_CARDS, startTestServer, type TestServer } from '../helpers/server.js';
import { serversSharingADatabase } from '../helpers/shared-database.js';
import { onAnotherConnection } from '../helpers/sql.js';

/**
 * Each process keeps the cards version for as long as the auth epoch it read it under is
 * current (migration 0018 makes every change of the version move the epoch), so a collection
 * page costs no read for it. A card import anywhere must still show in the very next page, in
 * every server: here the import's two steps (new prices, then a new version, as its last
 * statement) are made by hand on another connection. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */

const servers = serversSharingADatabase();

const TEFERI = '5cb76266-ae50-4bbc-8f96-d98f309b02d3';

/** Imports Teferi at a USD price through `other`, as `ccs cards import` or the scheduled refresh in another process would. */
function teferiPricedBy(other: TestServer) {
  const cards = JSON.parse(fs.readFileSync(path.join(DEMO_CARDS, 'default-cards.json'), 'utf8')) as Array<{ id: string; prices: Record<string, string | null> }>;
  const card = cards.find((c) => c.id === TEFERI);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-cards-version-'));
  const priceAt = async (usd: string) => {
    const file = path.join(dir, `${usd}.json`);
    fs.writeFileSync(file, JSON.stringify([{ ...card, prices: { ...card?.prices, usd } }]));
    await importCards(other.ctx, { file });
  };
  return { dir, priceAt };
}

describe('the cards version kept per auth epoch', () => {
  it('shows prices changed with a new cards version on another connection in the very next collection page, in every server', async () => {
    const u = await servers.server.createUser();
    const priced = await servers.server.ctx.database.db.selectFrom('cards').select('id').where('price_usd', 'is not', null).orderBy('id').limit(20).execute();
    let cardId: string | undefined;
    for (const { id } of priced) {
      const added = await u.api('POST', '/api/v1/collection', { card_id: id, finish: 'nonfoil', condition: 'near_mint', quantity: 2 });
      if (added.status === 201) {
        cardId = id;
        break;
      }
    }
    expect(cardId).toBeDefined();
    const unitIn = async (s: TestServer) => {
      const res = await s.request('GET', '/api/v1/collection', { token: u.key });
      expect(res.status).toBe(200);
      return res.body.data[0].value.unit as string;
    };
    // Both servers fill their page caches (and keep the version) with the price as imported.
    const before = await unitIn(servers.server);
    expect(await unitIn(servers.server)).toBe(before);
    expect(await unitIn(servers.other)).toBe(before);
    expect(before).not.toBe('42.42');

    await onAnotherConnection(servers.server, 'UPDATE cards SET price_usd = 4242 WHERE id = ?', [cardId]);
    await onAnotherConnection(servers.server, "UPDATE meta SET value = ? WHERE key = 'cards_version'", [`by-hand-${Date.now()}`]);

    expect(await unitIn(servers.server)).toBe('42.42');
    expect(await unitIn(servers.other)).toBe('42.42');
  });

  it('answers a new entry with the card as changed on another connection, though this server had the card row cached', async () => {
    const u = await servers.server.createUser();
    const [card] = await servers.server.ctx.database.db.selectFrom('cards').select('id').where('price_usd', '=', 4242).execute();
    const add = () => u.api('POST', '/api/v1/collection', { card_id: card?.id, finish: 'nonfoil', condition: 'mint', quantity: 1 });
    // The first add reads the row into this process's row cache; the second is served from it.
    expect((await add()).body.data.value.unit).toBe('42.42');
    expect((await add()).body.data.value.unit).toBe('42.42');

    await onAnotherConnection(servers.server, 'UPDATE cards SET price_usd = 1717 WHERE id = ?', [card?.id]);
    await onAnotherConnection(servers.server, "UPDATE meta SET value = ? WHERE key = 'cards_version'", [`by-hand-again-${Date.now()}`]);

    const after = await add();
    expect(after.body.data.value.unit).toBe('17.17');
  });

  it("answers a collection search after another process's import from the new card data, not from matches kept from the old", async () => {
    const { server, other } = servers;
    // Not by its timer: the search itself finds this server's index behind the import.
    server.ctx.cardSearch.checkIntervalMs = 3_600_000;
    const u = await server.createUser();
    expect((await u.api('POST', '/api/v1/collection', { card_id: TEFERI, quantity: 1 })).status).toBe(201);
    const { dir, priceAt } = teferiPricedBy(other);
    const found = async () => (await server.request('GET', `/api/v1/collection?q=${encodeURIComponent('usd>=18')}`, { token: u.key })).body.meta.total as number;
    try {
      await priceAt('1.00');
      expect(await found()).toBe(0);

      await priceAt('20.00');
      // The very next search waits for this server's index to catch up; the old answer was not kept under the new version.
      expect(await found()).toBe(1);
      expect(await found()).toBe(1);

      await priceAt('1.00');
      expect(await found()).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      server.ctx.cardSearch.checkIntervalMs = 1_000;
    }
  });

  it("answers a card search right after another process's import from the new data: the prices that chose the cards are the ones shown", async () => {
    const { server, other } = servers;
    server.ctx.cardSearch.checkIntervalMs = 3_600_000;
    const teferi = TEFERI;
    const { dir, priceAt } = teferiPricedBy(other);
    const u = await server.createUser();
    const search = async () => {
      const res = await u.api('GET', `/api/v1/cards/search?q=${encodeURIComponent('s:war usd>=18')}&limit=200`);
      expect(res.status).toBe(200);
      const data = res.body.data as Array<{ id: string; prices: { usd: string | null } }>;
      // Every card shown satisfies the query by the price shown with it.
      for (const c of data) expect(Number(c.prices.usd), c.id).toBeGreaterThanOrEqual(18);
      return data.map((c) => c.id);
    };
    try {
      await priceAt('1.00');
      expect(await search()).not.toContain(teferi);
      await priceAt('20.00');
      expect(await search()).toContain(teferi);
      await priceAt('1.00');
      expect(await search()).not.toContain(teferi);
    } finally {
      await importCards(other.ctx, { file: path.join(DEMO_CARDS, 'default-cards.json') });
      fs.rmSync(dir, { recursive: true, force: true });
      server.ctx.cardSearch.checkIntervalMs = 1_000;
    }
  });

  it("shows a deck's legality from another process's import in the very next read, in every server, though each kept the card's facts", async () => {
    const u = await servers.server.createUser();
    const created = await u.api('POST', '/api/v1/decks', { name: 'Raveler', format: 'modern', cards: [{ card_id: TEFERI, quantity: 4 }] });
    expect(created.status, created.text).toBe(201);
    const legalityIn = async (s: TestServer) => {
      const res = await s.request('GET', `/api/v1/decks/${created.body.data.id}`, { token: u.key });
      expect(res.status).toBe(200);
      return res.body.data.legality.problems.map((p: { code: string }) => p.code) as string[];
    };
    // Read twice in each server: the second answer comes from the facts each keeps.
    for (const s of [servers.server, servers.other, servers.server, servers.other]) expect(await legalityIn(s)).not.toContain('banned');

    const card = (JSON.parse(fs.readFileSync(path.join(DEMO_CARDS, 'default-cards.json'), 'utf8')) as Array<{ id: string; legalities: Record<string, string> }>).find((c) => c.id === TEFERI);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-cards-version-'));
    try {
      const file = path.join(dir, 'banned.json');
      fs.writeFileSync(file, JSON.stringify([{ ...card, legalities: { ...card?.legalities, modern: 'banned' } }]));
      await importCards(servers.other.ctx, { file });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(await legalityIn(servers.server)).toContain('banned');
    expect(await legalityIn(servers.other)).toContain('banned');
    // The demo data again, for the tests after this one.
    await importCards(servers.other.ctx, { file: path.join(DEMO_CARDS, 'default-cards.json') });
  });

  it('builds the index of another process\'s import by itself, without waiting for a search', async () => {
    const { server, other } = servers;
    const u = await server.createUser();
    expect((await u.api('GET', '/api/v1/cards/search?q=t%3Acreature&limit=1')).status).toBe(200);
    server.ctx.cardSearch.checkIntervalMs = 20;
    try {
      const before = server.ctx.cardSearch.builtVersion;
      await importCards(other.ctx, { file: path.join(DEMO_CARDS, 'default-cards.json') });
      const version = await cardsVersion(other);
      expect(version).not.toBe(before);
      // Polled: the timer and the build run on their own; nothing here asks for a search.
      for (let i = 0; i < 200 && server.ctx.cardSearch.builtVersion !== version; i++) await new Promise((r) => setTimeout(r, 25));
      expect(server.ctx.cardSearch.builtVersion).toBe(version);
    } finally {
      server.ctx.cardSearch.checkIntervalMs = 1_000;
    }
  });

  it('builds its search index at start when the database holds cards, so the first search does not wait for it', async () => {
    // Started on the database the first server imported into; nothing here searches.
    const late = await startTestServer({}, { cards: false, shareDatabaseWith: servers.server });
    try {
      for (let i = 0; i < 400 && late.ctx.cardSearch.builtVersion === undefined; i++) await new Promise((r) => setTimeout(r, 25));
      expect(late.ctx.cardSearch.builtVersion).toBe(await cardsVersion(servers.server));
    } finally {
      await late.close();
    }
  });

  it('builds no index at start when there are no cards to index', async () => {
    const empty = await startTestServer({}, { cards: false });
    try {
      expect(await empty.ctx.cardSearch.prepare()).toBe(false);
      expect(empty.ctx.cardSearch.builtVersion).toBeUndefined();
    } finally {
      await empty.close();
    }
  });

  it('answers from the index it has while builds of a newer import fail, and catches up once one succeeds', async () => {
    const { server, other } = servers;
    const search = createCardSearch({ database: server.ctx.database, checkIntervalMs: 3_600_000, warmOrders: false });
    const db = server.ctx.database.db;
    try {
      const page = await search.search({ q: 't:creature', limit: 5 });
      expect(page.total).toBeGreaterThan(0);
      const built = search.builtVersion;
      await importCards(other.ctx, { file: path.join(DEMO_CARDS, 'default-cards.json') });
      // Every build now fails (the facts table is away), as a build that hits a fault would.
      await sql`alter table card_facts rename to card_facts_away`.execute(db);
      try {
        // The search finds its index behind, the build fails, and it answers from the index it has.
        expect((await search.search({ q: 't:creature', limit: 5 })).total).toBe(page.total);
        expect(search.builtVersion).toBe(built);
        // Within checkIntervalMs of the failure no search starts another build: answered at once.
        expect((await search.search({ q: 't:creature', limit: 5 })).total).toBe(page.total);
      } finally {
        await sql`alter table card_facts_away rename to card_facts`.execute(db);
      }
      search.checkIntervalMs = 0;
      await search.search({ q: 't:creature', limit: 5 });
      expect(search.builtVersion).toBe(await cardsVersion(server));
    } finally {
      search.stop();
    }
  });
});

async function cardsVersion(s: TestServer): Promise<string | undefined> {
  return (await s.ctx.database.db.selectFrom('meta').select('value').where('key', '=', 'cards_version').executeTakeFirst())?.value;
}
