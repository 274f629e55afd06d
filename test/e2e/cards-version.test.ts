import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCards } from '../../src/cards/import.js';
import { DEMO_CARDS, type TestServer } from '../helpers/server.js';
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

  it("answers a collection search from the new card data once this server's index has it, not from matches kept from the old", async () => {
    const { server, other } = servers;
    // This server notices another's import only when told to rebuild (below), not by its timer.
    server.ctx.cardSearch.checkIntervalMs = 3_600_000;
    const u = await server.createUser();
    const teferi = '5cb76266-ae50-4bbc-8f96-d98f309b02d3';
    expect((await u.api('POST', '/api/v1/collection', { card_id: teferi, quantity: 1 })).status).toBe(201);
    const cards = JSON.parse(fs.readFileSync(path.join(DEMO_CARDS, 'default-cards.json'), 'utf8')) as Array<{ id: string; prices: Record<string, string | null> }>;
    const card = cards.find((c) => c.id === teferi);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-cards-version-'));
    // The other process imports a price, as `ccs cards import` or the scheduled refresh there would.
    const priceAt = async (usd: string) => {
      const file = path.join(dir, `${usd}.json`);
      fs.writeFileSync(file, JSON.stringify([{ ...card, prices: { ...card?.prices, usd } }]));
      await importCards(other.ctx, { file });
    };
    const found = async () => (await server.request('GET', `/api/v1/collection?q=${encodeURIComponent('usd>=18')}`, { token: u.key })).body.meta.total as number;
    try {
      await priceAt('1.00');
      await server.ctx.cardSearch.rebuild();
      expect(await found()).toBe(0);

      await priceAt('20.00');
      // Until this server's index is rebuilt it answers from the data it has (documented)...
      await found();
      await server.ctx.cardSearch.rebuild();
      // ...and then from the new data: the old answer was not kept under the new version.
      expect(await found()).toBe(1);
      expect(await found()).toBe(1);

      await priceAt('1.00');
      await found();
      await server.ctx.cardSearch.rebuild();
      expect(await found()).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
