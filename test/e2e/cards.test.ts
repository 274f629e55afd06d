import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCards } from '../../src/cards/import.js';
import { createCardSearch } from '../../src/cards/search/engine.js';
import { DEMO_CARDS, startTestServer, type TestServer, type TestUser } from '../helpers/server.js';

const TEFERI = '5cb76266-ae50-4bbc-8f96-d98f309b02d3';
const TEFERI_ORACLE = 'ae7604bb-4818-45a3-960c-cf3d83f15964';
const TEFERI_NAME = 'Teferi, Time Raveler';
const ABERRANT = 'b5c9649e-9ae5-4926-bf08-71ba23aa37f1';

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await server.createUser({ scopes: ['cards:read'] });
});
afterAll(async () => {
  await server?.close();
});

const search = (q: string, extra = '') => user.api('GET', `/api/v1/cards/search?q=${encodeURIComponent(q)}${extra}`);
const namesOf = (body: { data: Array<{ name: string }> }) => body.data.map((c) => c.name);

describe('GET /cards/search', () => {
  it('finds cards by name words and answers the card objects with meta.total', async () => {
    const res = await search('teferi raveler');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body.meta).toEqual({ total: 1, next_cursor: null, order: 'name', dir: 'asc', unique: 'cards' });
    expect(res.body.data[0]).toMatchObject({ id: TEFERI, name: 'Teferi, Time Raveler', set: 'war', mana_cost: '{1}{W}{U}', prices: { usd: '14.90' } });
  });

  it('finds a double-faced card by its back face', async () => {
    const res = await search('"perfected form"');
    expect(namesOf(res.body)).toEqual(['Aberrant Researcher // Perfected Form']);
    expect(res.body.data[0].card_faces).toHaveLength(2);
  });

  it('combines keywords, comparisons, or, parentheses and negation', async () => {
    const res = await search('(t:elf or t:goblin) -c:g mv<=3 s:m20');
    expect(res.status).toBe(200);
    expect(res.body.meta.total).toBeGreaterThan(0);
    for (const c of res.body.data) {
      expect(c.type_line).toMatch(/Elf|Goblin/);
      expect(c.colors).not.toContain('G');
      expect(c.cmc).toBeLessThanOrEqual(3);
      expect(c.set).toBe('m20');
    }
  });

  it('pages with an opaque cursor through exactly meta.total distinct cards', async () => {
    const first = await search('s:war', '&limit=50');
    const total = first.body.meta.total;
    expect(total).toBeGreaterThan(150);
    const seen: string[] = [];
    let res = first;
    for (;;) {
      seen.push(...res.body.data.map((c: { id: string }) => c.id));
      expect(res.body.meta.total).toBe(total);
      if (!res.body.meta.next_cursor) break;
      res = await search('s:war', `&limit=50&cursor=${res.body.meta.next_cursor}`);
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const bogus = await search('s:war', '&cursor=abc');
    expect(bogus.status).toBe(422);
    const otherQuery = await search('s:m20', `&cursor=${first.body.meta.next_cursor}`);
    expect(otherQuery.status).toBe(422);
  });

  it('pages through a few matches in the same order as one large page, for every direction', async () => {
    // Fewer matches than 1/64 of the printings: the engine sorts them instead of walking the order.
    for (const extra of ['', ' order:usd dir:desc', ' order:name dir:desc', ' unique:prints order:usd']) {
      const q = `s:war t:planeswalker r:mythic${extra}`;
      const whole = (await search(q, '&limit=200')).body;
      expect(whole.meta.total, q).toBeGreaterThan(3);
      const paged: string[] = [];
      let res = await search(q, '&limit=2');
      for (;;) {
        paged.push(...res.body.data.map((c: { id: string }) => c.id));
        if (!res.body.meta.next_cursor) break;
        res = await search(q, `&limit=2&cursor=${res.body.meta.next_cursor}`);
      }
      expect(paged, q).toEqual(whole.data.map((c: { id: string }) => c.id));
    }
  });

  it('orders by usd descending, price-less cards last, and by name ascending by default', async () => {
    const res = await search('s:war t:planeswalker', '&order=usd&dir=desc&limit=200');
    const prices = res.body.data.map((c: { prices: { usd: string | null; usd_foil: string | null } }) => c.prices.usd ?? c.prices.usd_foil).filter(Boolean).map(Number);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const byName = namesOf((await search('s:war t:planeswalker', '&limit=200')).body);
    expect(byName).toEqual([...byName].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const asc = await search('s:war t:planeswalker order:cmc dir:asc', '&limit=200');
    const cmcs = asc.body.data.map((c: { cmc: number }) => c.cmc);
    expect(cmcs).toEqual([...cmcs].sort((a, b) => a - b));
    expect(asc.body.meta).toMatchObject({ order: 'cmc', dir: 'asc' });
  });

  it('supports every order the contract lists', async () => {
    for (const order of ['name', 'set', 'released', 'rarity', 'color', 'usd', 'eur', 'tix', 'cmc', 'power', 'toughness', 'edhrec', 'artist']) {
      const res = await search('t:creature', `&order=${order}&limit=5`);
      expect(res.status, order).toBe(200);
      expect(res.body.meta.total, order).toBe((await search('t:creature')).body.meta.total);
    }
    const rarity = await search('s:war t:planeswalker', '&order=rarity&limit=200');
    expect(rarity.body.data[0].rarity).toBe('mythic');
  });

  it('returns one card, each printing or each artwork with unique=cards|prints|art', async () => {
    const cards = await search('t:basic', '&unique=cards');
    expect(namesOf(cards.body).sort()).toEqual(['Forest', 'Island', 'Mountain', 'Plains', 'Swamp']);
    const prints = await search('t:basic', '&unique=prints&limit=200');
    expect(prints.body.meta.total).toBe(36);
    expect(new Set(prints.body.data.map((c: { id: string }) => c.id)).size).toBe(36);
    // The war/m20 printings carry no illustration id, so each is its own artwork.
    const art = await search('t:basic unique:art', '&unique=cards');
    expect(art.body.meta).toMatchObject({ unique: 'art', total: 36 });
    const teferi = await search('teferi raveler', '&unique=prints');
    expect(teferi.body.data.map((c: { collector_number: string }) => c.collector_number).sort()).toEqual(['221', '221★']);
  });

  it('answers English printings by default and other languages on request', async () => {
    expect((await search('lydari')).body.data.map((c: { lang: string }) => c.lang)).toEqual(['ja']);
    expect((await search('lang:ja')).body.meta.total).toBe(1);
    expect((await search('lang:any abzan falconer')).body.meta.total).toBe(1);
  });

  it('answers 400 invalid_query naming the token and its position', async () => {
    const res = await search('t:creature frob:3');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(res.body).toMatchObject({ code: 'invalid_query', position: 11, token: 'frob:3' });
    expect(res.body.detail).toContain('frob');
    expect(res.body.detail).toContain('position 11');
    const syntax = await search('(t:elf or');
    expect(syntax.body).toMatchObject({ code: 'invalid_query', position: 7 });
    const collectionOnly = await search('qty>=2');
    expect(collectionOnly.body).toMatchObject({ code: 'invalid_query', position: 0, token: 'qty>=2' });
    const unknownSet = await search('date>=zzz');
    expect(unknownSet.body).toMatchObject({ code: 'invalid_query', position: 0 });
    expect((await user.api('GET', '/api/v1/cards/search')).status).toBe(422);
  });

  it('needs cards:read', async () => {
    const other = await server.createUser({ scopes: ['collection:read'] });
    const res = await other.api('GET', '/api/v1/cards/search?q=bolt');
    expect(res.status).toBe(403);
    expect(res.body.missing_scope).toBe('cards:read');
    expect((await server.request('GET', '/api/v1/cards/search?q=bolt')).status).toBe(401);
  });
});

describe('GET /cards/search: Scryfall parity (issue 14)', () => {
  it('filters a card by the legality of the printing it shows, where the demo data\'s printings disagree', async () => {
    // God-Eternal Bontu: War of the Spark's printing (shown) is legal in Standard, its promo not.
    const bontu = (await search('!"God-Eternal Bontu"')).body.data[0];
    expect([bontu.set, bontu.legalities.standard]).toEqual(['war', 'legal']);
    expect(namesOf((await search('f:standard e:war t:god', '&limit=200')).body)).toContain('God-Eternal Bontu');
    expect(namesOf((await search('-f:standard e:war t:god', '&limit=200')).body)).not.toContain('God-Eternal Bontu');
  });

  it('leaves tokens and other extras out unless the query asks for them', async () => {
    const plain = namesOf((await search('c:uw', '&limit=200')).body);
    expect(plain).toContain(TEFERI_NAME);
    expect(plain).not.toContain('Citizen');
    for (const q of ['c:uw include:extras', 'c:uw t:token', 'c:uw is:token', 'c:uw st:token', 'c:uw s:twar']) {
      const res = await search(q, '&limit=200');
      expect(res.status, q).toBe(200);
      expect(namesOf(res.body), q).toContain('Citizen');
    }
    expect((await search('c:uw -t:token', '&limit=200')).body.meta.total).toBe((await search('c:uw', '&limit=200')).body.meta.total);
  });

  it('searches with regular expressions and answers 400 for a pattern RE2 cannot run', async () => {
    const res = await search('name:/^teferi,/ o:/^\\[\\+1\\]: until your next turn/');
    expect(namesOf(res.body)).toEqual([TEFERI_NAME]);
    const look = await search('t:elf o:/(?!draw)/');
    expect(look.status).toBe(400);
    expect(look.body).toMatchObject({ code: 'invalid_query', position: 6, token: 'o:/(?!draw)/' });
    expect(look.body.detail).toContain('linear time');
    const catastrophic = await search('name:/(a+)+$/');
    expect(catastrophic.status).toBe(200);
  });

  it('takes in:, devotion:, pt, new:, prefer:, has:, block: and st: in q', async () => {
    expect(namesOf((await search('in:ths')).body)).toEqual(['Ashiok, Nightmare Weaver', 'Bow of Nylea']);
    expect(namesOf((await search('devotion:www')).body)).toEqual(['Cavalier of Dawn', 'Kaya, Bane of the Dead', "Sephara, Sky's Blade"]);
    const big = namesOf((await search('pt>=14 s:m20')).body);
    expect(big).toContain('Drakuseth, Maw of Flames');
    expect(big).not.toContain('Ajani, Strength of the Pride');
    expect(namesOf((await search('new:language lang:any -lang:en')).body)).toEqual(['Abzan Falconer', 'Lydari Elephant']);
    expect((await search('!"God-Eternal Bontu" prefer:promo')).body.data.map((c: { set: string }) => c.set)).toEqual(['ps19']);
    expect((await search('!"God-Eternal Bontu"')).body.data.map((c: { set: string }) => c.set)).toEqual(['war']);
    expect(namesOf((await search('has:watermark')).body)).toContain('Mantis Rider');
    expect(namesOf((await search('b:ths')).body)).toEqual(['Ashiok, Nightmare Weaver', 'Bow of Nylea', 'Godsend']);
    expect((await search('st:masters', '&limit=200')).body.data.every((c: { set_type: string }) => c.set_type === 'masters')).toBe(true);
    expect((await search('prefer:cheapest')).body).toMatchObject({ code: 'invalid_query', token: 'prefer:cheapest' });
  });

  /** The response as sent, without fetch's automatic decompression. */
  async function rawSearch(q: string, headers: Record<string, string>) {
    const res = await request(`${server.url}/api/v1/cards/search?q=${encodeURIComponent(q)}&limit=50`, { headers: { authorization: `Bearer ${user.key}`, ...headers } });
    return { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
  }

  it('compresses pages for clients that ask: gzip from pre-compressed cards, brotli, or plain', async () => {
    const plain = await rawSearch('s:war', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(plain.body.toString()).data).toHaveLength(50);
    for (const [header, encoding, inflate] of [
      ['gzip, deflate, br', 'gzip', zlib.gunzipSync],
      ['br', 'br', zlib.brotliDecompressSync],
      ['gzip;q=0.5, br', 'br', zlib.brotliDecompressSync],
    ] as const) {
      // Twice: the second page comes from the rendered cards.
      for (let k = 0; k < 2; k++) {
        const res = await rawSearch('s:war', { 'accept-encoding': header });
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding'], header).toBe(encoding);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        // Cards compressed one by one keep less than half the bytes; a whole page in brotli, a fifth.
        expect(res.body.length, header).toBeLessThan(plain.body.length * (encoding === 'gzip' ? 0.6 : 0.2));
        expect(inflate(res.body).equals(plain.body), header).toBe(true);
      }
    }
    const small = await rawSearch('!"Teferi, Time Raveler"', { 'accept-encoding': 'gzip' });
    expect(JSON.parse(zlib.gunzipSync(small.body).toString()).data[0].id).toBe(TEFERI);
    const none = await rawSearch('zzzzqqqq', { 'accept-encoding': 'gzip' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(none.body.toString()).meta.total).toBe(0);
  });
});

describe('GET /collection?q= keeps showing what the user owns', () => {
  it('lists an owned token for a query that would hide it in card search', async () => {
    const owner = await server.createUser({ scopes: ['collection:read', 'collection:write', 'cards:read'] });
    const citizen = (await owner.api('GET', `/api/v1/cards/search?q=${encodeURIComponent('!citizen t:token')}`)).body.data[0];
    expect(citizen.name).toBe('Citizen');
    expect((await owner.api('POST', '/api/v1/collection', { card_id: citizen.id })).status).toBeLessThan(300);
    expect((await owner.api('POST', '/api/v1/collection', { card_id: TEFERI })).status).toBeLessThan(300);
    const listed = await owner.api('GET', `/api/v1/collection?q=${encodeURIComponent('c:uw')}`);
    expect(listed.body.data.map((e: { card: { name: string } }) => e.card.name).sort()).toEqual(['Citizen', TEFERI_NAME]);
  });
});

describe('index builds in a serving process', () => {
  it('lets requests in while it builds: other work runs between its steps, and the index answers as before', async () => {
    // A slice of 0 ms pauses after every printing and every step: on SQLite, which answers
    // synchronously, nothing else would run during the build otherwise.
    const cooperative = createCardSearch({ database: server.ctx.database, sliceMs: 0, warmOrders: false });
    let turns = 0;
    let building = true;
    const spin = () => {
      if (!building) return;
      turns += 1;
      setImmediate(spin);
    };
    setImmediate(spin);
    await cooperative.rebuild();
    building = false;
    expect(cooperative.lastBuildPauses).toBeGreaterThan(700);
    expect(turns).toBeGreaterThan(700);
    for (const q of ['t:creature c:rg', 'teferi', 'o:"draw a card"', 's:war t:planeswalker order:usd']) {
      const mine = await cooperative.search({ q, limit: 100 });
      const served = await server.ctx.cardSearch.search({ q, limit: 100 });
      expect(mine.ids, q).toEqual(served.ids);
      expect(mine.total, q).toBe(served.total);
    }
  });
});

describe('ctx.cardSearch for the collection', () => {
  it('matchingCardIds answers every matching printing in every language', async () => {
    const ids = await server.ctx.cardSearch.matchingCardIds('teferi raveler');
    expect(ids.size).toBe(2);
    expect(ids.has(TEFERI)).toBe(true);
    expect((await server.ctx.cardSearch.matchingCardIds('lydari')).size).toBe(1);
    await expect(server.ctx.cardSearch.matchingCardIds('qty>=2')).rejects.toMatchObject({ status: 400, code: 'invalid_query', extra: { position: 0 } });
  });

  it('entryMatcher tests entries with card terms and collection-only keywords', async () => {
    const match = await server.ctx.cardSearch.entryMatcher('t:planeswalker (finish:foil or qty>=4) -binder:trades');
    const entry = { card_id: TEFERI, finish: 'nonfoil', condition: 'near_mint', quantity: 1, binder_id: null, binder_name: null };
    expect(match(entry)).toBe(false);
    expect(match({ ...entry, finish: 'foil' })).toBe(true);
    expect(match({ ...entry, quantity: 4 })).toBe(true);
    expect(match({ ...entry, quantity: 4, binder_id: 'b', binder_name: 'Trades' })).toBe(false);
    expect(match({ ...entry, card_id: ABERRANT, finish: 'foil' })).toBe(false);
    await expect(server.ctx.cardSearch.entryMatcher('t:elf frob:1')).rejects.toMatchObject({ status: 400, code: 'invalid_query', extra: { position: 6, token: 'frob:1' } });
  });
});

describe('GET /cards/random', () => {
  it('answers one of the results a search lists, and over many draws each of them', async () => {
    const q = 't:planeswalker s:war r:mythic';
    const listed = (await search(q)).body.data.map((c: { id: string }) => c.id);
    expect(listed.length).toBeGreaterThan(2);
    const seen = new Set<string>();
    // With n results, one is missed by all 25n draws with probability under n * (1 - 1/n)^(25n) < n * e^-25.
    for (let k = 0; k < 25 * listed.length; k++) {
      const res = await user.api('GET', `/api/v1/cards/random?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(listed).toContain(res.body.data.id);
      seen.add(res.body.data.id);
    }
    expect([...seen].sort()).toEqual([...listed].sort());
  });

  it('draws from every card without a query, and from printings with unique=prints', async () => {
    const any = await user.api('GET', '/api/v1/cards/random');
    expect(any.status).toBe(200);
    expect(any.body.data).toMatchObject({ lang: 'en' });
    const prints = (await search('teferi raveler', '&unique=prints')).body.data.map((c: { id: string }) => c.id);
    const drawn = await user.api('GET', '/api/v1/cards/random?q=teferi%20raveler&unique=prints');
    expect(prints).toContain(drawn.body.data.id);
  });

  it('answers 404 when nothing matches, 400 invalid_query for a bad query, 422 for an unknown parameter', async () => {
    const none = await user.api('GET', `/api/v1/cards/random?q=${encodeURIComponent('t:dragon t:instant')}`);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('not_found');
    const bad = await user.api('GET', `/api/v1/cards/random?q=${encodeURIComponent('t:dragon (')}`);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_query');
    const collectionOnly = await user.api('GET', '/api/v1/cards/random?q=binder%3Atrade');
    expect(collectionOnly.status).toBe(400);
    expect((await user.api('GET', '/api/v1/cards/random?limit=5')).status).toBe(422);
  });
});

describe('card routes', () => {
  it('routes /cards/search, /cards/named, /cards/autocomplete and /cards/random before /cards/{id}', async () => {
    expect((await user.api('GET', '/api/v1/cards/random')).status).toBe(200);
    expect((await user.api('GET', '/api/v1/cards/search?q=teferi')).body.meta.total).toBeGreaterThan(0);
    expect((await user.api('GET', '/api/v1/cards/named?exact=Opt')).status).toBe(404);
    expect((await user.api('GET', '/api/v1/cards/autocomplete?q=tef')).status).toBe(200);
    const openapi = (await server.request('GET', '/api/v1/openapi.json')).body;
    for (const p of ['/api/v1/cards/search', '/api/v1/cards/named', '/api/v1/cards/autocomplete', '/api/v1/cards/collection', '/api/v1/cards/{id}', '/api/v1/cards/{id}/printings', '/api/v1/cards/{id}/rulings', '/api/v1/cards/{id}/prices', '/api/v1/sets', '/api/v1/sets/{code}', '/api/v1/price-alerts', '/api/v1/price-alerts/{id}']) {
      expect(Object.keys(openapi.paths), p).toContain(p);
    }
  });

  it('GET /cards/{id} answers the full card, 404 for an unknown id', async () => {
    const res = await user.api('GET', `/api/v1/cards/${TEFERI}`);
    expect(res.body.data).toMatchObject({ id: TEFERI, oracle_id: TEFERI_ORACLE, edhrec_rank: 2748, released_at: '2019-05-03', games: ['paper', 'arena', 'mtgo'], reprint: false });
    expect((await user.api('GET', '/api/v1/cards/nope')).status).toBe(404);
  });

  it('GET /cards/{id}/printings lists every printing sharing the oracle id, with a cursor', async () => {
    const res = await user.api('GET', `/api/v1/cards/${TEFERI}/printings`);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 2, next_cursor: null });
    expect(res.body.data.map((c: { collector_number: string }) => c.collector_number).sort()).toEqual(['221', '221★']);
    expect(res.body.data.every((c: { oracle_id: string }) => c.oracle_id === TEFERI_ORACLE)).toBe(true);
    const island = (await user.api('GET', '/api/v1/cards/named?exact=Island&set=woe')).body.data;
    const page1 = await user.api('GET', `/api/v1/cards/${island.id}/printings?limit=5`);
    expect(page1.body.meta.total).toBe(8);
    expect(page1.body.data[0].set).toBe('woe'); // newest first
    const page2 = await user.api('GET', `/api/v1/cards/${island.id}/printings?limit=5&cursor=${page1.body.meta.next_cursor}`);
    expect(page2.body.data).toHaveLength(3);
    expect(page2.body.meta.next_cursor).toBeNull();
    const ids = [...page1.body.data, ...page2.body.data].map((c: { id: string }) => c.id);
    expect(new Set(ids).size).toBe(8);
    // Within a release, by set and then collector number in numeric order, at every page size.
    type Printing = { id: string; released_at: string; set: string; collector_number: string };
    const all: Printing[] = [...page1.body.data, ...page2.body.data];
    const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const sorted = [...all].sort(
      (a, b) =>
        byText(b.released_at, a.released_at) ||
        byText(a.set, b.set) ||
        a.collector_number.length - b.collector_number.length ||
        byText(a.collector_number, b.collector_number) ||
        byText(a.id, b.id),
    );
    expect(all.map((c) => c.id)).toEqual(sorted.map((c) => c.id));
    for (const limit of [1, 2, 3]) {
      const seen: string[] = [];
      for (let cursor: string | null = ''; cursor !== null; ) {
        const page = await user.api('GET', `/api/v1/cards/${island.id}/printings?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.body.data.map((c: { id: string }) => c.id));
        cursor = page.body.meta.next_cursor;
      }
      expect(seen).toEqual(all.map((c) => c.id));
    }
  });

  it('GET /cards/{id}/rulings lists the rulings of the card, oldest first', async () => {
    const res = await user.api('GET', `/api/v1/cards/${TEFERI}/rulings`);
    expect(res.body.meta.total).toBeGreaterThan(0);
    expect(res.body.data[0]).toEqual({ oracle_id: TEFERI_ORACLE, source: 'wotc', published_at: expect.any(String), comment: expect.any(String) });
    const dates = res.body.data.map((r: { published_at: string }) => r.published_at);
    expect(dates).toEqual([...dates].sort());
    const paged = await user.api('GET', `/api/v1/cards/${TEFERI}/rulings?limit=1`);
    expect(paged.body.meta.next_cursor).toEqual(expect.any(String));
    const next = await user.api('GET', `/api/v1/cards/${TEFERI}/rulings?limit=1&cursor=${paged.body.meta.next_cursor}`);
    expect(next.body.data[0].comment).toBe(res.body.data[1].comment);
  });

  it('GET /cards/{id}/prices answers the current prices per finish and currency and their history', async () => {
    const res = await user.api('GET', `/api/v1/cards/${TEFERI}/prices`);
    expect(res.body.data).toEqual({
      card_id: TEFERI,
      current: [
        { finish: 'nonfoil', currency: 'usd', price: '14.90', as_of: '2019-08-04' },
        { finish: 'foil', currency: 'usd', price: '39.35', as_of: '2019-08-04' },
      ],
      history: [
        { finish: 'foil', currency: 'usd', points: [{ date: '2019-08-04', price: '39.35' }] },
        { finish: 'nonfoil', currency: 'usd', points: [{ date: '2019-08-04', price: '14.90' }] },
      ],
    });
    const foil = await user.api('GET', `/api/v1/cards/${TEFERI}/prices?finish=foil`);
    expect(foil.body.data.current).toHaveLength(1);
    expect((await user.api('GET', `/api/v1/cards/${TEFERI}/prices?from=2019-09-01&to=2019-01-01`)).status).toBe(422);
    expect((await user.api('GET', `/api/v1/cards/${TEFERI}/prices?from=yesterday`)).status).toBe(422);
    // One object, so a strong ETag: a tracker polling it gets 304 until the prices move; another series is another tag.
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await user.api('GET', `/api/v1/cards/${TEFERI}/prices`, undefined, { 'if-none-match': etag })).status).toBe(304);
    expect(foil.headers.get('etag')).not.toBe(etag);
  });

  it('GET /cards/{id}/prices answers 422 for a from or to that is not a day on the calendar', async () => {
    for (const query of ['from=2019-02-31', 'to=2019-02-29', 'from=9999-99-99', 'to=2019-13-01']) {
      const res = await user.api('GET', `/api/v1/cards/${TEFERI}/prices?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.errors, query).toContainEqual({ field: query.slice(0, query.indexOf('=')), code: 'invalid_format', message: expect.any(String) });
    }
    expect((await user.api('GET', `/api/v1/cards/${TEFERI}/prices?from=2020-02-29`)).status).toBe(200);
  });

  it('GET /cards/named finds exact names, fuzzy names with typos and missing punctuation, and a set', async () => {
    const exact = await user.api('GET', '/api/v1/cards/named?exact=teferi,%20time%20raveler');
    expect(exact.body.data.id).toBe(TEFERI);
    const face = await user.api('GET', '/api/v1/cards/named?exact=Perfected%20Form');
    expect(face.body.data.id).toBe(ABERRANT);
    for (const fuzzy of ['Teferi Time Raveler', 'teferi tme ravler', 'time raveler', 'TEFERI,TIME-RAVELER']) {
      const res = await user.api('GET', `/api/v1/cards/named?fuzzy=${encodeURIComponent(fuzzy)}`);
      expect(res.status, fuzzy).toBe(200);
      expect(res.body.data.id, fuzzy).toBe(TEFERI);
    }
    const withSet = await user.api('GET', '/api/v1/cards/named?exact=Teferi,%20Time%20Raveler&set=war');
    expect(withSet.body.data.set).toBe('war');
    expect((await user.api('GET', '/api/v1/cards/named?exact=Teferi,%20Time%20Raveler&set=m20')).status).toBe(404);
  });

  it('GET /cards/named answers 404 ambiguous when a fuzzy name fits several cards, 404 not_found when none', async () => {
    const amb = await user.api('GET', '/api/v1/cards/named?fuzzy=teferi');
    expect(amb.status).toBe(404);
    expect(amb.body.code).toBe('ambiguous');
    const none = await user.api('GET', '/api/v1/cards/named?fuzzy=zzzzqqqq');
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('not_found');
    expect((await user.api('GET', '/api/v1/cards/named')).status).toBe(422);
    expect((await user.api('GET', '/api/v1/cards/named?exact=a&fuzzy=b')).status).toBe(422);
  });

  it('GET /cards/autocomplete answers up to 20 names, prefix matches first, then names with a word starting so', async () => {
    const res = await user.api('GET', '/api/v1/cards/autocomplete?q=tef');
    // "Grateful Apparition" holds "tef" inside a word: not a completion. The emblem is an extra.
    expect(res.body.data).toEqual(["Teferi's Time Twist", 'Teferi, Time Raveler', 'Invasion of New Phyrexia // Teferi Akosa of Zhalfir']);
    const sk = (await user.api('GET', '/api/v1/cards/autocomplete?q=sk')).body.data as string[];
    const firstWordStart = sk.findIndex((n) => !n.toLowerCase().startsWith('sk'));
    expect(firstWordStart).toBeGreaterThan(0);
    expect(sk.slice(firstWordStart).every((n) => /(^|\s)sk/i.test(n) && !n.toLowerCase().startsWith('sk'))).toBe(true);
    const many = await user.api('GET', '/api/v1/cards/autocomplete?q=ch');
    expect(many.body.data.length).toBe(20);
    // meta.total counts every completion, as on every list, not the 20 shown.
    expect(many.body.meta.total).toBeGreaterThan(20);
    expect((await user.api('GET', '/api/v1/cards/autocomplete?q=ful')).body.data).toEqual([]);
    expect((await user.api('GET', '/api/v1/cards/autocomplete?q=a')).body.data).toEqual([]);
  });

  it('GET /cards/autocomplete completes hyphenated names by either half, with or without the hyphen or spaces', async () => {
    const names = async (q: string) => (await user.api('GET', `/api/v1/cards/autocomplete?q=${encodeURIComponent(q)}`)).body.data as string[];
    for (const q of ['ahn crop', 'ahn-crop', 'ahncrop', 'AHN CR']) expect(await names(q), q).toEqual(['Ahn-Crop Invader']);
    // A word after a hyphen starts a word.
    expect(await names('crop')).toEqual(['Ahn-Crop Invader']);
    const gods = await names('god eternal');
    expect(gods).toEqual(['God-Eternal Bontu', 'God-Eternal Kefnet', 'God-Eternal Oketra', 'God-Eternal Rhonas', 'Enter the God-Eternals']);
    expect(await names('god-eternal')).toEqual(gods);
    expect(await names('eternal')).toEqual(expect.arrayContaining(gods));
    // Search agrees: a quoted phrase with a space finds the hyphenated name.
    const found = await user.api('GET', `/api/v1/cards/search?q=${encodeURIComponent('"ahn crop"')}`);
    expect(found.body.data.map((c: { name: string }) => c.name)).toEqual(['Ahn-Crop Invader']);
  });

  it('POST /cards/collection misses a name that is only part of a card name, and finds ids in any case', async () => {
    const res = await user.api('POST', '/api/v1/cards/collection', {
      identifiers: [{ name: 'Raveler' }, { name: 'Teferi Time Raveler' }, { name: 'Bolt' }, { id: TEFERI.toUpperCase() }],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { id: string }) => c.id)).toEqual([TEFERI, TEFERI]);
    expect(res.body.meta.not_found).toEqual([{ name: 'Raveler' }, { name: 'Bolt' }]);
    const upper = await user.api('GET', `/api/v1/cards/${TEFERI.toUpperCase()}`);
    expect(upper.status).toBe(200);
    expect(upper.body.data.id).toBe(TEFERI);
    expect((await user.api('GET', `/api/v1/cards/${TEFERI.toUpperCase()}/printings`)).status).toBe(200);
    // Oracle and illustration ids too (they were looked up as sent). Renowned Weaponsmith (cmm) has an illustration id in the demo data.
    const byOther = await user.api('POST', '/api/v1/cards/collection', {
      identifiers: [{ oracle_id: (upper.body.data.oracle_id as string).toUpperCase() }, { illustration_id: 'B27CFBAA-9E6F-4A29-BBAC-9F5E0120B7EA' }],
    });
    expect(byOther.body.meta.not_found).toEqual([]);
    expect(byOther.body.data.map((c: { id: string }) => c.id)).toEqual([TEFERI, '5a397298-9d7d-495f-983a-1683291a7b9f']);
  });

  it('POST /cards/collection resolves Scryfall identifiers in order and lists misses in meta.not_found', async () => {
    const res = await user.api('POST', '/api/v1/cards/collection', {
      identifiers: [
        { id: TEFERI },
        { name: 'Perfected Form' },
        { name: 'teferi, time raveler', set: 'war' },
        { set: 'WAR', collector_number: '221' },
        { oracle_id: TEFERI_ORACLE },
        { mtgo_id: 72048 },
        { multiverse_id: 461148 },
        { id: '00000000-0000-0000-0000-000000000000' },
        { name: 'No Such Card' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { id: string }) => c.id)).toEqual([TEFERI, ABERRANT, TEFERI, TEFERI, TEFERI, TEFERI, TEFERI]);
    expect(res.body.meta.not_found).toEqual([{ id: '00000000-0000-0000-0000-000000000000' }, { name: 'No Such Card' }]);
  });

  it('POST /cards/collection takes at most 75 identifiers, each of a known kind', async () => {
    const tooMany = await user.api('POST', '/api/v1/cards/collection', { identifiers: Array.from({ length: 76 }, () => ({ id: TEFERI })) });
    expect(tooMany.status).toBe(422);
    const bad = await user.api('POST', '/api/v1/cards/collection', { identifiers: [{ set: 'war' }, { id: TEFERI, name: 'x' }] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['identifiers[0]', 'identifiers[1]']);
    const unknownKey = await user.api('POST', '/api/v1/cards/collection', { identifiers: [{ uuid: TEFERI }] });
    expect(unknownKey.status).toBe(422);
  });

  it('GET /sets lists sets newest first with a cursor; GET /sets/{code} answers one', async () => {
    const first = await user.api('GET', '/api/v1/sets?limit=10');
    expect(first.body.data).toHaveLength(10);
    const total = first.body.meta.total;
    const all = [...first.body.data];
    let cursor = first.body.meta.next_cursor;
    while (cursor) {
      const page = await user.api('GET', `/api/v1/sets?limit=10&cursor=${cursor}`);
      all.push(...page.body.data);
      cursor = page.body.meta.next_cursor;
    }
    expect(all).toHaveLength(total);
    const dates = all.map((s: { released_at: string }) => s.released_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const war = await user.api('GET', '/api/v1/sets/WAR');
    expect(war.body.data).toEqual({ code: 'war', name: 'War of the Spark', set_type: 'expansion', released_at: '2019-05-03', card_count: 311, icon_svg_uri: null });
    expect((await user.api('GET', '/api/v1/sets/zzz')).status).toBe(404);
  });
});

describe("Scryfall's name for one printing: set code, collector number and language", () => {
  let printings: TestServer;
  let reader: TestUser;
  const GERMAN = '11111111-2222-4333-8444-555555555555';
  const FRENCH = '11111111-2222-4333-8444-666666666666';

  beforeAll(async () => {
    printings = await startTestServer();
    reader = await printings.createUser({ scopes: ['cards:read'] });
    const all = JSON.parse(fs.readFileSync(path.join(DEMO_CARDS, 'default-cards.json'), 'utf8')) as Array<Record<string, unknown>>;
    const teferi = all.find((c) => c.id === TEFERI)!;
    // A German printing shares the card's oracle id; a French one without any is a card of its own.
    const german = { ...teferi, id: GERMAN, lang: 'de', printed_name: 'Teferi, Zeitweber', multiverse_ids: [], mtgo_id: null };
    const { oracle_id: _oracle, ...bare } = teferi;
    const french = { ...bare, id: FRENCH, lang: 'fr', printed_name: 'Teferi, ravageur du temps', multiverse_ids: [], mtgo_id: null };
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-printings-')), 'translations.json');
    fs.writeFileSync(file, JSON.stringify([german, french]));
    await importCards(printings.ctx, { file, asOf: '2019-08-04' });
  });
  afterAll(async () => {
    await printings?.close();
  });

  const idOf = async (pathname: string) => {
    const res = await reader.api('GET', `/api/v1${pathname}`);
    return res.status === 200 ? res.body.data.id : res.status;
  };

  it('GET /cards/{set}/{number} answers the English printing of several languages, reading both in any case', async () => {
    expect(await idOf('/cards/war/221')).toBe(TEFERI);
    expect(await idOf('/cards/WAR/221')).toBe(TEFERI);
    // A collector number with a symbol, percent-encoded as any path segment.
    expect(await idOf(`/cards/war/${encodeURIComponent('184★')}`)).toBe('bee535c3-4ccd-4eb1-85e9-d28bf6dc0710');
    // With no English printing, the one there is.
    expect((await reader.api('GET', '/api/v1/cards/ktk/2')).body.data).toMatchObject({ name: 'Abzan Falconer', lang: 'es', set: 'ktk', collector_number: '2' });
  });

  it('GET /cards/{set}/{number}/{lang} answers that language, also a translation that is a card of its own, else 404', async () => {
    expect(await idOf('/cards/war/221/en')).toBe(TEFERI);
    expect(await idOf('/cards/war/221/de')).toBe(GERMAN);
    expect(await idOf('/cards/War/221/DE')).toBe(GERMAN);
    expect(await idOf('/cards/war/221/fr')).toBe(FRENCH);
    expect(await idOf('/cards/ktk/2/es')).toBe('6be15da4-cce8-4788-bce1-4de4bc83f839');
    const missing = await reader.api('GET', '/api/v1/cards/war/221/ja');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(missing.body).toMatchObject({ code: 'not_found', detail: 'No such card.' });
    expect(await idOf('/cards/ktk/2/en')).toBe(404);
    expect(await idOf('/cards/war/9999')).toBe(404);
    expect(await idOf('/cards/nope/221')).toBe(404);
  });

  it('GET /cards/{set}/{number}/rulings answers the rulings of that printing\'s card, as /cards/{id}/rulings does', async () => {
    const byNumber = await reader.api('GET', '/api/v1/cards/war/221/rulings');
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.data.length).toBeGreaterThan(0);
    expect(byNumber.body).toEqual((await reader.api('GET', `/api/v1/cards/${TEFERI}/rulings`)).body);
    expect((await reader.api('GET', '/api/v1/cards/war/9999/rulings')).status).toBe(404);
  });

  it('keeps the routes it shares a shape with, and answers If-None-Match with 304', async () => {
    expect((await reader.api('GET', `/api/v1/cards/${TEFERI}/printings`)).body.meta.total).toBe(3);
    expect((await reader.api('GET', `/api/v1/cards/${TEFERI}/rulings`)).status).toBe(200);
    expect((await reader.api('GET', `/api/v1/cards/${TEFERI}/prices`)).body.data.card_id).toBe(TEFERI);
    const first = await reader.api('GET', '/api/v1/cards/war/221/de');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await reader.api('GET', '/api/v1/cards/war/221/de', undefined, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
  });

  it('needs cards:read', async () => {
    const other = await printings.createUser({ scopes: ['collection:read'] });
    for (const p of ['/cards/war/221', '/cards/war/221/en']) {
      const res = await other.api('GET', `/api/v1${p}`);
      expect(res.status, p).toBe(403);
      expect(res.body.code).toBe('insufficient_scope');
    }
  });
});
