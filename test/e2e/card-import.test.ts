import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportError, importCards } from '../../src/cards/import.js';
import { parseCron } from '../../src/cards/cron.js';
import { startCardRefresh } from '../../src/cards/refresh.js';
import { UsageError } from '../../src/cli/args.js';
import { cardsCommand } from '../../src/cli/cards.js';
import { isPostgres, loadConfig } from '../../src/config.js';
import { dropSchema, migrateToLatest, openDatabase } from '../../src/db/database.js';
import { migrations } from '../../src/db/migrations/index.js';
import { ManualClock } from '../../src/lib/clock.js';
import { DEMO_CARDS, startTestServer, type TestServer, type TestUser } from '../helpers/server.js';
import { waitUntil } from '../helpers/webhooks.js';

const CARDS_FILE = path.join(DEMO_CARDS, 'default-cards.json');
const RULINGS_FILE = path.join(DEMO_CARDS, 'rulings.json');
const SNAPSHOTS = path.join(DEMO_CARDS, 'snapshots');
const BIN = path.resolve(import.meta.dirname, '../../bin/ccs.js');
const TEFERI = '5cb76266-ae50-4bbc-8f96-d98f309b02d3';
const CHANDRA_M20 = '49d2a680-4f3b-4bfa-b77b-d2dfaced9f23'; // Chandra, Awakened Inferno (Core Set 2020)

type RawCard = Record<string, unknown> & { id: string; name: string; prices: Record<string, string | null> };
const allCards = (): RawCard[] => JSON.parse(fs.readFileSync(CARDS_FILE, 'utf8')) as RawCard[];
const snapshots = fs
  .readdirSync(SNAPSHOTS)
  .sort()
  .map((f) => ({ file: path.join(SNAPSHOTS, f), date: /(\d{4}-\d{2}-\d{2})/.exec(f)![1]! }));

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-card-import-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function write(name: string, content: string | Buffer): string {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, content);
  return file;
}

async function version(server: TestServer): Promise<string | undefined> {
  const r = await server.ctx.database.db.selectFrom('meta').select('value').where('key', '=', 'cards_version').executeTakeFirst();
  return r?.value;
}

async function snapshotOfData(server: TestServer) {
  const db = server.ctx.database.db;
  const cards = await db.selectFrom('cards').select(['id', 'price_usd', 'name']).orderBy('id').execute();
  const prices = await db.selectFrom('card_prices').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const staging = await db.selectFrom('card_import_staging').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { cards, prices: Number(prices.n), staging: Number(staging.n), version: await version(server) };
}

describe('card import: files', () => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    user = await server.createUser({ scopes: ['cards:read'] });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores every layout of the demo file', async () => {
    const file = allCards();
    const layouts = [...new Set(file.map((c) => c.layout as string))].sort();
    const stored = await server.ctx.database.db.selectFrom('cards').select('layout').distinct().execute();
    expect(stored.map((r) => r.layout).sort()).toEqual(layouts);
    expect(layouts).toEqual(expect.arrayContaining(['split', 'flip', 'transform', 'modal_dfc', 'meld', 'adventure', 'token', 'emblem', 'planar', 'scheme', 'vanguard', 'reversible_card', 'art_series']));
  });

  it('re-imports idempotently, and changes cards_version on every import', async () => {
    const v0 = await version(server);
    const count = await server.ctx.cards.count();
    const again = await importCards(server.ctx, { file: CARDS_FILE, rulings: RULINGS_FILE, asOf: '2019-08-04' });
    expect(again.cards).toEqual({ total: 755, inserted: 0, updated: 755 });
    expect(again.rulings).toEqual({ total: 1114, inserted: 0 });
    expect(await server.ctx.cards.count()).toBe(count);
    const v1 = await version(server);
    expect(v1).not.toBe(v0);
    await importCards(server.ctx, { file: CARDS_FILE, asOf: '2019-08-04' });
    expect(await version(server)).not.toBe(v1);
    // The same day's prices were replaced, not added to.
    const points = await server.ctx.database.db.selectFrom('card_prices').selectAll().where('card_id', '=', TEFERI).execute();
    expect(points.map((p) => `${p.date} ${p.finish} ${p.currency} ${p.cents}`).sort()).toEqual(['2019-08-04 foil usd 3935', '2019-08-04 nonfoil usd 1490']);
  });

  it.skipIf(!isPostgres(loadConfig()))("refreshes PostgreSQL's statistics of the card tables once an import has committed", async () => {
    const analyzed = async () =>
      (
        await sql<{ relname: string; at: Date | null }>`select relname, last_analyze as at from pg_stat_user_tables
          where schemaname = ${server.ctx.database.schema} and relname in ('cards', 'card_facts', 'card_prices') order by relname`.execute(server.ctx.database.db)
      ).rows.map((r) => [r.relname, r.at?.getTime() ?? 0] as const);
    const before = await analyzed();
    await importCards(server.ctx, { file: CARDS_FILE, asOf: '2019-08-04' });
    const after = await analyzed();
    expect(after.map(([table]) => table)).toEqual(['card_facts', 'card_prices', 'cards']);
    for (const [i, [table, at]] of after.entries()) expect(at, table).toBeGreaterThan(before[i]?.[1] ?? 0);
  });

  it('imports a gzipped file, recognised by its content whatever its name', async () => {
    const gz = write('cards.gz.bin', gzipSync(fs.readFileSync(CARDS_FILE)));
    const summary = await importCards(server.ctx, { file: gz, asOf: '2019-08-04' });
    expect(summary.cards.total).toBe(755);
  });

  it('fails a truncated file with a clear message and leaves everything as it was', async () => {
    const before = await snapshotOfData(server);
    const whole = fs.readFileSync(CARDS_FILE, 'utf8');
    // Changed prices in the part that does arrive must not leak in either.
    const changed = whole.replace('"usd":"14.90"', '"usd":"99.99"');
    const truncated = write('truncated.json', changed.slice(0, Math.floor(changed.length * 0.8)));
    await expect(importCards(server.ctx, { file: truncated, asOf: '2019-08-05' })).rejects.toThrow(/not a complete Scryfall bulk JSON array: the file ends inside element \d+ at byte \d+: it is truncated/);
    expect(await snapshotOfData(server)).toEqual(before);
    const gzTruncated = write('truncated.json.gz', gzipSync(Buffer.from(changed)).subarray(0, 100_000));
    await expect(importCards(server.ctx, { file: gzTruncated })).rejects.toThrow(ImportError);
    expect(await snapshotOfData(server)).toEqual(before);
  });

  it.each([
    ['malformed element', '[{"object":"card","id":"a","name":"A","set":"x"},{"object":"card","id":"b",,}]', /element 2 \(byte \d+\) is not valid JSON/],
    ['not an array', '{"object":"list","data":[]}', /expected "\[" at byte 0/],
    ['trailing garbage', '[{"object":"card","id":"a","name":"A","set":"x"}] nope', /unexpected data at byte/],
    ['missing comma', '[{"object":"card","id":"a","name":"A","set":"x"} {"id":"b"}]', /expected "," or "\]"/],
    ['empty file', '', /the file ends after element 0/],
    ['list without a usable card', '[{"object":"card","id":"bad"}]', /the file holds no card or ruling the service can use \(1 record\(s\) skipped/],
    ['empty list', '[]', /the file holds no cards or rulings \(an empty list\)/],
  ])('rejects a %s and changes nothing', async (_name, content, message) => {
    const before = await snapshotOfData(server);
    const file = write(`bad-${Math.random().toString(36).slice(2)}.json`, content);
    await expect(importCards(server.ctx, { file })).rejects.toThrow(message);
    expect(await snapshotOfData(server)).toEqual(before);
  });

  it('names a missing file', async () => {
    await expect(importCards(server.ctx, { file: path.join(tmp, 'nope.json') })).rejects.toThrow(/no such file/);
  });

  it('counts the records it leaves out: a card without a name, or with an id that is not a Scryfall UUID', async () => {
    const teferi = allCards().find((c) => c.id === TEFERI)!;
    const { name: _name, ...nameless } = { ...teferi, id: '22222222-3333-4444-8555-666666666666' };
    const summary = await importCards(server.ctx, { file: write('odd.json', JSON.stringify([teferi, nameless, { ...teferi, id: 'not-a-uuid' }])), asOf: '2019-08-04' });
    expect(summary.cards.total).toBe(1);
    expect(summary.skipped).toBe(2);
    expect((await user.api('GET', '/api/v1/cards/not-a-uuid')).status).toBe(404);
    // The whole demo file again, for the tests after this one.
    expect((await importCards(server.ctx, { file: CARDS_FILE, rulings: RULINGS_FILE, asOf: '2019-08-04' })).skipped).toBe(0);
  });

  it('imports a printing the file lists twice, side by side, as its last copy, and counts it (PostgreSQL refused the whole file)', async () => {
    const teferi = allCards().find((c) => c.id === TEFERI)!;
    const again = { ...teferi, prices: { ...teferi.prices, usd: '77.77' } };
    const summary = await importCards(server.ctx, { file: write('twice.json', JSON.stringify([teferi, again])), asOf: '2019-08-04' });
    expect(summary.cards.total).toBe(1);
    expect(summary.duplicates).toBe(1);
    expect((await user.api('GET', `/api/v1/cards/${TEFERI}`)).body.data.prices.usd).toBe('77.77');
    // The demo file lists one printing twice, far apart.
    expect((await importCards(server.ctx, { file: CARDS_FILE, rulings: RULINGS_FILE, asOf: '2019-08-04' })).duplicates).toBe(1);
  });

  it('mends nested fields of the wrong shape on the way in, so every endpoint can show the printing', async () => {
    const teferi = allCards().find((c) => c.id === TEFERI)!;
    const faced = allCards().find((c) => Array.isArray(c.card_faces) && (c.card_faces as unknown[]).length === 2)!;
    // Cards of their own (names, oracle ids, a set), so the tests after this one see the demo data as it is.
    const own = (n: number) => ({ id: `33333333-0000-4000-8000-00000000000${n}`, oracle_id: `44444444-0000-4000-8000-00000000000${n}`, name: `Shapeless Oddity ${n}`, set: 'tsh', set_name: 'Shapes' });
    const odd = {
      facesText: { ...teferi, ...own(1), card_faces: 'oops' },
      nullFace: { ...faced, ...own(2), card_faces: [null, (faced.card_faces as unknown[])[1]] },
      imageText: { ...teferi, ...own(3), image_uris: 'http://x' },
      legalityNumber: { ...teferi, ...own(4), legalities: { standard: 5, modern: 'legal' }, image_uris: { small: 'https://img/s.jpg', large: 7 } },
    };
    const summary = await importCards(server.ctx, { file: write('shapes.json', JSON.stringify(Object.values(odd))), asOf: '2019-08-04' });
    expect(summary.cards.total).toBe(4);
    const collector = await server.createUser({ scopes: ['cards:read', 'collection:write', 'decks:write'] });
    for (const card of Object.values(odd)) {
      const shown = await collector.api('GET', `/api/v1/cards/${card.id}`);
      expect(shown.status).toBe(200);
      expect((await collector.api('POST', '/api/v1/collection', { card_id: card.id, quantity: 1 })).status).toBe(201);
    }
    expect((await collector.api('GET', `/api/v1/cards/${odd.facesText.id}`)).body.data.card_faces).toBeNull();
    expect((await collector.api('GET', `/api/v1/cards/${odd.nullFace.id}`)).body.data.card_faces).toHaveLength(1);
    expect((await collector.api('GET', `/api/v1/cards/${odd.imageText.id}`)).body.data.image_uris).toBeNull();
    const mended = (await collector.api('GET', `/api/v1/cards/${odd.legalityNumber.id}`)).body.data;
    expect(mended.legalities).toEqual({ modern: 'legal' });
    expect(mended.image_uris).toEqual({ small: 'https://img/s.jpg' });
    const search = await collector.api('GET', `/api/v1/cards/search?q=${encodeURIComponent('e:tsh')}`);
    expect(search.status).toBe(200);
    expect(search.body.meta.total).toBe(4);
    const deck = await collector.api('POST', '/api/v1/decks', { name: 'Odd', format: 'modern', cards: Object.values(odd).map((c) => ({ card_id: c.id, quantity: 1 })) });
    expect(deck.status).toBe(201);
    expect((await collector.api('GET', '/api/v1/collection')).status).toBe(200);
    // The demo file again, for the tests after this one (the odd printings stay, under their own ids).
    expect((await importCards(server.ctx, { file: CARDS_FILE, rulings: RULINGS_FILE, asOf: '2019-08-04' })).skipped).toBe(0);
  });

  it('recognises a rulings file given as the main file', async () => {
    const summary = await importCards(server.ctx, { file: RULINGS_FILE });
    expect(summary.rulings).toEqual({ total: 1114, inserted: 0 });
    expect(summary.cards.total).toBe(0);
  });

  it('imports all_cards-style multilingual printings: English first in search, all as printings', async () => {
    const teferi = allCards().find((c) => c.id === TEFERI)!;
    const german = { ...teferi, id: '11111111-2222-4333-8444-555555555555', lang: 'de', printed_name: 'Teferi, Zeitweber', collector_number: '221', prices: { usd: null, usd_foil: null, usd_etched: null, eur: '11.00', eur_foil: null, tix: null } };
    await importCards(server.ctx, { file: write('multi.json', JSON.stringify([teferi, german])), asOf: '2019-08-04' });
    const en = await user.api('GET', '/api/v1/cards/search?q=teferi%20raveler&unique=prints');
    expect(en.body.data.map((c: { lang: string }) => c.lang)).toEqual(['en', 'en']);
    const de = await user.api('GET', '/api/v1/cards/search?q=lang%3Ade');
    expect(de.body.data.map((c: { id: string }) => c.id)).toEqual([german.id]);
    expect((await user.api('GET', '/api/v1/cards/search?q=zeitweber%20lang%3Aany')).body.meta.total).toBe(1);
    const printings = await user.api('GET', `/api/v1/cards/${TEFERI}/printings`);
    expect(printings.body.meta.total).toBe(3);
  });

  it('makes an in-process import visible to the next search at once', async () => {
    const card = allCards().find((c) => c.id === TEFERI)!;
    const text = async () => (await user.api('GET', '/api/v1/cards/search?q=!%22Teferi,%20Time%20Raveler%22')).body.data[0].oracle_text as string;
    expect(await text()).toBe(card.oracle_text);
    await importCards(server.ctx, { file: write('renamed.json', JSON.stringify([{ ...card, oracle_text: 'Zyzzyva clause.' }])), asOf: '2019-08-04' });
    expect((await user.api('GET', '/api/v1/cards/search?q=o%3Azyzzyva')).body.meta.total).toBe(1);
    // Rendered cards are cached per index build: the new text shows, not the cached one.
    expect(await text()).toBe('Zyzzyva clause.');
    await importCards(server.ctx, { file: write('restored.json', JSON.stringify([card])), asOf: '2019-08-04' });
    expect((await user.api('GET', '/api/v1/cards/search?q=o%3Azyzzyva')).body.meta.total).toBe(0);
    expect(await text()).toBe(card.oracle_text);
  });
});

describe('card import: price history from the weekly snapshots', () => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startTestServer({}, { cards: false });
    user = await server.createUser({ scopes: ['cards:read'] });
    for (const s of snapshots) await importCards(server.ctx, { file: s.file, asOf: s.date });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('builds thirteen weekly points for a War of the Spark card, in date order', async () => {
    const res = await user.api('GET', `/api/v1/cards/${TEFERI}/prices?currency=usd&finish=nonfoil`);
    expect(res.body.data.current).toEqual([{ finish: 'nonfoil', currency: 'usd', price: '14.90', as_of: '2019-08-04' }]);
    const [series] = res.body.data.history;
    expect(series.points.map((p: { date: string }) => p.date)).toEqual(snapshots.map((s) => s.date));
    expect(series.points.map((p: { price: string }) => p.price)).toEqual([
      '12.60', '13.71', '16.14', '17.94', '17.94', '18.25', '17.88', '17.73', '16.93', '16.03', '15.19', '15.00', '14.90',
    ]);
  });

  it('starts a Core Set 2020 card on 2019-06-16, when the set appears in the snapshots', async () => {
    const june = await user.api('GET', `/api/v1/cards/${CHANDRA_M20}/prices?finish=nonfoil&from=2019-06-01&to=2019-06-30`);
    expect(june.body.data.history[0].points.map((p: { date: string }) => p.date)).toEqual(['2019-06-16', '2019-06-23', '2019-06-30']);
    const all = await user.api('GET', `/api/v1/cards/${CHANDRA_M20}/prices?finish=nonfoil&currency=usd`);
    expect(all.body.data.history[0].points.map((p: { price: string }) => p.price)).toEqual(['49.95', '14.92', '14.84', '49.99', '30.00', '24.98', '22.99', '21.95']);
  });

  it('dates the current prices by the import that set them, whatever window of history is asked for', async () => {
    const current = [{ finish: 'nonfoil', currency: 'usd', price: '14.90', as_of: '2019-08-04' }];
    const early = await user.api('GET', `/api/v1/cards/${TEFERI}/prices?currency=usd&finish=nonfoil&to=2019-06-30`);
    expect(early.body.data.current).toEqual(current);
    expect(early.body.data.history[0].points.at(-1).date).toBe('2019-06-30');
    const future = await user.api('GET', `/api/v1/cards/${TEFERI}/prices?currency=usd&finish=nonfoil&from=2030-01-01`);
    expect(future.body.data).toMatchObject({ current, history: [] });
  });

  it('dates the current prices by a back-dated import, which sets them although a later point exists', async () => {
    const card = JSON.parse(JSON.stringify(allCards().find((c) => c.id === CHANDRA_M20)!)) as RawCard;
    card.prices.usd = '99.00';
    await importCards(server.ctx, { file: write('chandra-back-dated.json', JSON.stringify([card])), asOf: '2019-07-01' });
    const res = await user.api('GET', `/api/v1/cards/${CHANDRA_M20}/prices?finish=nonfoil&currency=usd`);
    expect(res.body.data.current).toEqual([{ finish: 'nonfoil', currency: 'usd', price: '99.00', as_of: '2019-07-01' }]);
    const points = res.body.data.history[0].points as Array<{ date: string; price: string }>;
    expect(points.find((p) => p.date === '2019-07-01')).toEqual({ date: '2019-07-01', price: '99.00' });
    expect(points.at(-1)).toEqual({ date: '2019-08-04', price: '21.95' });
  });

  it('replaces a day\'s point when that day is imported again', async () => {
    const card = JSON.parse(JSON.stringify(allCards().find((c) => c.id === TEFERI)!)) as RawCard;
    card.prices.usd = '20.00';
    await importCards(server.ctx, { file: write('teferi-20.json', JSON.stringify([card])), asOf: '2019-07-14' });
    const res = await user.api('GET', `/api/v1/cards/${TEFERI}/prices?finish=nonfoil&currency=usd`);
    const points = res.body.data.history[0].points as Array<{ date: string; price: string }>;
    expect(points).toHaveLength(13);
    expect(points.find((p) => p.date === '2019-07-14')!.price).toBe('20.00');
  });
});

describe('card import: dates, URLs and the CLI', () => {
  let server: TestServer;
  let user: TestUser;
  let web: http.Server;
  let base: string;
  const clock = new ManualClock('2026-11-22T10:00:00.000Z');
  const gz = gzipSync(fs.readFileSync(CARDS_FILE));

  beforeAll(async () => {
    server = await startTestServer({}, { clock });
    user = await server.createUser({ scopes: ['cards:read'] });
    web = http.createServer((req, res) => {
      if (req.url === '/default-cards.json.gz') {
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': gz.length });
        res.end(gz);
      } else if (req.url === '/bulk-data/default-cards') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'bulk_data', type: 'default_cards', updated_at: '2019-08-11T09:07:44.177+00:00', download_uri: `${base}/default-cards.json.gz` }));
      } else if (req.url === '/bulk-data/default-cards-offset') {
        // 2019-08-10 04:30 UTC, written in a zone five hours behind.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'bulk_data', type: 'default_cards', updated_at: '2019-08-09T23:30:00.000-05:00', download_uri: `${base}/default-cards.json.gz` }));
      } else if (req.url === '/half.json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(fs.readFileSync(CARDS_FILE).subarray(0, 50_000));
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((r) => web.close(r));
  });

  const pointDates = async () =>
    (await server.ctx.database.db.selectFrom('card_prices').select('date').distinct().orderBy('date').execute()).map((r) => r.date);

  it('imports a card priced beyond 9,999,999.99 without that price, on either database, and the rest of the file', async () => {
    const card = allCards().find((c) => c.id === TEFERI)!;
    const file = write('dear.json', JSON.stringify([{ ...card, prices: { ...(card.prices as object), usd: '21474836.48', eur: '1.50' } }]));
    const summary = await importCards(server.ctx, { file, asOf: '2019-08-06' });
    expect(summary.cards.total).toBe(1);
    const prices = (await user.api('GET', `/api/v1/cards/${TEFERI}`)).body.data.prices;
    expect([prices.usd, prices.eur]).toEqual([null, '1.50']);
  });

  it('dates prices by the UTC day of a bulk-data object\'s updated_at given with another offset', async () => {
    const summary = await importCards(server.ctx, { file: `${base}/bulk-data/default-cards-offset` });
    expect(summary.asOf).toBe('2019-08-10');
  });

  it('dates prices today by default', async () => {
    const summary = await importCards(server.ctx, { file: CARDS_FILE });
    expect(summary.asOf).toBe('2026-11-22');
    expect(await pointDates()).toContain('2026-11-22');
  });

  it('streams a gzipped download from a URL', async () => {
    const summary = await importCards(server.ctx, { file: `${base}/default-cards.json.gz`, asOf: '2019-08-05' });
    expect(summary.cards.total).toBe(755);
    expect(summary.prices).toBeGreaterThan(1000);
  });

  it("follows a Scryfall bulk-data object to its file, dating prices by its updated_at", async () => {
    const summary = await importCards(server.ctx, { file: `${base}/bulk-data/default-cards` });
    expect(summary.asOf).toBe('2019-08-11');
    expect(summary.cards.total).toBe(755);
  });

  it('fails a broken download or an HTTP error cleanly', async () => {
    await expect(importCards(server.ctx, { file: `${base}/missing.json` })).rejects.toThrow(/HTTP 404/);
    await expect(importCards(server.ctx, { file: `${base}/half.json` })).rejects.toThrow(/truncated/);
  });

  it('imports through `ccs cards import`, and another process sees the change within a second', async () => {
    server.ctx.cardSearch.checkIntervalMs = 100;
    expect((await user.api('GET', '/api/v1/cards/search?q=o%3Azyzzyva')).body.meta.total).toBe(0);
    const card = allCards().find((c) => c.id === TEFERI)!;
    const file = write('cli.json', JSON.stringify([{ ...card, oracle_text: 'Zyzzyva clause.' }]));
    const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [BIN, 'cards', 'import', file, '--as-of', '2019-08-12'], { env: server.childEnv }, (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
    expect(run.stderr).toContain('swapping 1 printings');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/imported 1 printings \(0 new, 1 updated\).*2 prices as of 2019-08-12/);
    let total = 0;
    for (let i = 0; i < 50 && total === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      total = (await user.api('GET', '/api/v1/cards/search?q=o%3Azyzzyva')).body.meta.total;
    }
    expect(total).toBe(1);
  });

  it('refreshes on schedule from a URL, exactly once per slot across processes sharing the database', async () => {
    const other = await startTestServer({}, { clock, shareDatabaseWith: server });
    const lines: string[] = [];
    const log = { info: (_o: object, msg: string) => lines.push(msg), error: (_o: object, msg: string) => lines.push(msg) };
    // A schedule that never comes round during the test: slots are run by hand.
    const cron = parseCron('0 0 1 1 *');
    const a = startCardRefresh(server.ctx, { url: `${base}/bulk-data/default-cards`, cron, log });
    const b = startCardRefresh(other.ctx, { url: `${base}/bulk-data/default-cards`, cron, log });
    try {
      const slot = new Date('2026-11-23T04:00:00.000Z');
      const before = await version(server);
      const results = await Promise.all([a.runSlot(slot), b.runSlot(slot)]);
      expect(results.filter((r) => r !== undefined)).toHaveLength(1);
      expect(results.find((r) => r)!.cards.total).toBe(755);
      expect(await version(server)).not.toBe(before);
      expect(await a.runSlot(slot)).toBeUndefined();
      expect(await b.runSlot(new Date('2026-11-24T04:00:00.000Z'))).toMatchObject({ asOf: '2019-08-11' });
      expect(lines).toContain('scheduled card refresh: done');
    } finally {
      await a.stop();
      await b.stop();
      await other.close();
    }
  });

  it('runs the refresh when its time comes', async () => {
    clock.set('2026-11-25T04:59:59.850Z');
    const before = await version(server);
    const lines: string[] = [];
    const refresh = startCardRefresh(server.ctx, {
      url: `${base}/default-cards.json.gz`,
      cron: parseCron('0 5 * * *'),
      log: { info: (_o, msg) => lines.push(msg), error: (_o, msg) => lines.push(msg) },
    });
    try {
      for (let i = 0; i < 100 && !lines.includes('scheduled card refresh: done'); i++) await new Promise((r) => setTimeout(r, 50));
      expect(lines).toEqual(['scheduled card refresh: importing', 'scheduled card refresh: done']);
      expect(await version(server)).not.toBe(before);
      expect(await pointDates()).toContain('2026-11-25');
    } finally {
      await refresh.stop();
    }
  });

  it('refuses an --as-of that is not a day on the calendar, as it refuses a malformed one, before importing anything', async () => {
    const before = await pointDates();
    for (const asOf of ['2019-02-31', '9999-99-99', '2019-02-29', '2019-2-3']) {
      const message = asOf === '2019-2-3' ? '--as-of must be YYYY-MM-DD' : `--as-of ${asOf} is not a day on the calendar`;
      await expect(cardsCommand(server.config, ['import', CARDS_FILE, '--as-of', asOf]), asOf).rejects.toThrow(new UsageError(message));
      await expect(importCards(server.ctx, { file: CARDS_FILE, asOf }), asOf).rejects.toThrow(ImportError);
    }
    expect(await pointDates()).toEqual(before);
  });

  it('exits 1 from the CLI with the reason when the file is broken', async () => {
    const bad = write('cli-bad.json', '[{"object":"card"');
    const run = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(process.execPath, [BIN, 'cards', 'import', bad], { env: server.childEnv }, (err, _stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stderr }));
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/import failed, the card database is unchanged: .*truncated/);
  });
});

describe.skipIf(!process.env.DATABASE_URL?.startsWith('postgres'))('card import on PostgreSQL: bulk work is not bound by the request timeout', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Requests give up on a statement after 200 ms; a whole Scryfall file's swap may take minutes.
    server = await startTestServer({ dbTimeoutMs: 200 }, { cards: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('swaps the import in although its statements wait longer than CCS_DB_TIMEOUT_MS (here: behind another session lock on cards)', async () => {
    const pg = (await import('pg')).default;
    const locker = new pg.Client({ connectionString: process.env.DATABASE_URL, options: `-c search_path=${server.ctx.database.schema}` });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table cards in exclusive mode');
      let done = false;
      const importing = importCards(server.ctx, { file: CARDS_FILE, asOf: '2019-08-04' }).finally(() => {
        done = true;
      });
      // The swap is seen waiting for the lock, then held three request bounds longer: a swap under the
      // request's statement timeout would fail meanwhile (this is the database's own timer, so real time passes).
      await waitUntil(async () => {
        const waiting = await locker.query("select 1 from pg_locks l join pg_class c on c.oid = l.relation where c.relname = 'cards' and not l.granted");
        return waiting.rowCount ? true : undefined;
      }, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(done).toBe(false);
      await locker.query('commit');
      const summary = await importing;
      expect(summary.cards.total).toBeGreaterThan(0);
      // The same wait on the request pool fails fast, as a request should (a read waits only behind `access exclusive`).
      await locker.query('begin');
      await locker.query('lock table cards in access exclusive mode');
      await expect(server.ctx.database.db.selectFrom('cards').select('id').limit(1).execute()).rejects.toThrow(/statement timeout/);
      await locker.query('commit');
    } finally {
      await locker.end();
    }
  });
});

describe('migration 0027', () => {
  it('dates the current prices of printings imported before it by their latest point', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-mig27-'));
    const config = loadConfig({ ...process.env, CCS_DATA_DIR: dir, LOG_LEVEL: 'silent' });
    const schema = config.databaseUrl ? `t_mig27_${process.pid}_${randomBytes(4).toString('hex')}` : undefined;
    const database = await openDatabase(config, { schema });
    try {
      const migrator = new Migrator({ db: database.bulk, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
      expect((await migrator.migrateTo('0026_batched_adds_claim_a_counter')).error).toBeUndefined();
      const db = database.db;
      const card = allCards().find((c) => c.id === TEFERI)!;
      await db
        .insertInto('cards')
        .values({
          id: TEFERI, oracle_id: null, name: card.name, lang: 'en', set_code: 'war', set_name: 'War of the Spark', collector_number: '221',
          rarity: 'rare', layout: 'normal', released_at: null, finishes: '["nonfoil"]', price_usd: 1490, price_usd_foil: null,
          price_usd_etched: null, price_eur: null, price_eur_foil: null, price_tix: null, data: '{}', updated_at: '2019-08-04T00:00:00.000Z',
        })
        .execute();
      await db
        .insertInto('card_prices')
        .values(['2019-07-28', '2019-08-04', '2019-07-21'].map((date) => ({ card_id: TEFERI, finish: 'nonfoil' as const, currency: 'usd' as const, date, cents: 1490 })))
        .execute();
      expect(await migrateToLatest(database)).toContain('0027_card_prices_as_of');
      expect(await db.selectFrom('card_prices_as_of').selectAll().execute()).toEqual([{ card_id: TEFERI, date: '2019-08-04' }]);
    } finally {
      await database.close();
      if (schema && config.databaseUrl) await dropSchema(config.databaseUrl, schema);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
