import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { parseDecklist } from '../../src/decks/decklist.js';
import { createExportWorker, expireExports, type ExportWorker } from '../../src/exports/job.js';
import type { ExportStorage } from '../../src/exports/storage.js';
import { COLLECTION_EXPORT_FORMATS, } from '../../src/exports/formats/index.js';
import { parseMtgoDek, } from '../../src/imports/index.js';
import { ManualClock } from '../../src/lib/clock.js';
import { CARDS, MISSING_UUID } from '../helpers/collection.js';
import { CARRIES, carried, chunked, type EntryLike, importDemo } from '../helpers/imports.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server.js';

/**
 * Bulk exports end to end (contract section 4, issue 13): real HTTP against the real server,
 * the export worker driven step by step with an injected clock, files read back with the
 * importers' own readers.
 */

const quiet = { info() {}, warn() {}, error() {}, debug() {} };
const DAY = 24 * 60 * 60 * 1000;
const LEASE_MS = 60_000;

const clock = new ManualClock('2026-11-22T10:00:00.000Z');
let server: TestServer;
let user: TestUser;
let worker: ExportWorker;
let binderId: string;
let deckId: string;


async function requestExport(u: TestUser, body: Record<string, unknown>) {
  const res = await u.api('POST', '/api/v1/exports', body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.data as { id: string; status: string };
}

async function exportCount(): Promise<number> {
  const r = await server.ctx.database.db.selectFrom('exports').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Requests an export, lets the worker build it, and downloads it. */
async function exportFile(u: TestUser, body: Record<string, unknown>) {
  const queued = await requestExport(u, body);
  expect(await worker.step()).toBe(1);
  const got = await u.api('GET', `/api/v1/exports/${queued.id}`);
  expect(got.body.data.status, JSON.stringify(got.body.data)).toBe('completed');
  const file = await fetch(`${server.url}/api/v1/exports/${queued.id}/download`, { headers: { authorization: `Bearer ${u.key}` } });
  expect(file.status).toBe(200);
  const bytes = Buffer.from(await file.arrayBuffer());
  expect(got.body.data.size_bytes).toBe(bytes.byteLength);
  return { exp: got.body.data, res: file, text: bytes.toString('utf8') };
}

async function collectionOrder(u: TestUser, query: string): Promise<EntryLike[]> {
  const res = await u.api('GET', `/api/v1/collection?sort=added&dir=asc&limit=200${query}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  server = await startTestServer(
    {
      rateLimit: { free: 100_000, pro: 100_000, windowMs: 60_000 },
      exports: { ...loadConfig({}).exports, maxRunningPerUser: 2, maxQueuedPerUser: 5, leaseMs: LEASE_MS },
    },
    { clock },
  );
  worker = createExportWorker(server.ctx.exportJobs, { log: quiet, id: 'worker-a' });
  user = await server.createUser();
  binderId = (await user.api('POST', '/api/v1/binders', { name: 'Trades' })).body.data.id;
  const batch = await user.api('POST', '/api/v1/collection/batch', {
    entries: [
      { card_id: CARDS.AHN, quantity: 2, tags: ['trade', 'deck: esper'], notes: 'a "quoted", note\nwith a line break', purchase_price: '0.50' },
      { card_id: CARDS.AHN, finish: 'foil', condition: 'lightly_played', language: 'de', binder_id: binderId },
      { card_id: CARDS.ABBOT, finish: 'etched', quantity: 3, condition: 'damaged', language: 'zhs' },
      { card_id: CARDS.LUNGE, quantity: 4, condition: 'moderately_played', language: 'ja', binder_id: binderId, purchase_price: '12.30' },
      { card_id: CARDS.AJANI, finish: 'foil', condition: 'mint', language: 'fr', binder_id: binderId },
      { card_id: CARDS.LYDARI_JA, condition: 'heavily_played' },
    ],
  });
  expect(batch.status, JSON.stringify(batch.body)).toBe(201);
  const deck = await user.api('POST', '/api/v1/decks', {
    name: 'Esper <Test> & "Friends"',
    format: 'commander',
    cards: [
      { card_id: CARDS.LUNGE, quantity: 4, board: 'main' },
      { card_id: CARDS.AHN, quantity: 2, board: 'main' },
      { card_id: CARDS.ABBOT, quantity: 1, board: 'sideboard' },
      { card_id: CARDS.AJANI, quantity: 1, board: 'commander' },
      { card_id: CARDS.LYDARI_JA, quantity: 1, board: 'maybe' },
    ],
  });
  expect(deck.status, JSON.stringify(deck.body)).toBe(201);
  deckId = deck.body.data.id;
});

afterAll(async () => {
  await server?.close();
});

describe('collection and binder exports read back to the same entries', () => {
  for (const format of COLLECTION_EXPORT_FORMATS) {
    it(`${format}: the whole collection, oldest first, with what the format carries`, async () => {
      const { exp, res, text } = await exportFile(user, { source: 'collection', format });
      const entries = await collectionOrder(user, '');
      expect(exp).toMatchObject({ source: 'collection', format, row_count: entries.length, error: null, expired: false });
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="ccs-collection-${format}-2026-11-22.${format === 'json' ? 'json' : 'csv'}"`);
      expect(res.headers.get('content-type')).toBe(format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8');
      const { report, entries: planned } = await importDemo(chunked(text, 4096));
      // Our csv names each entry's binder as well as its id: the id means nothing in another account.
      if (format === 'csv') {
        const rows = text.split('\r\n').filter(Boolean);
        expect(rows[0]!.endsWith(',binder_name')).toBe(true);
        expect(rows.slice(1).filter((r) => r.endsWith(',Trades'))).toHaveLength(entries.filter((e) => e.binder_id === binderId).length);
      }
      expect(report.format).toBe(CARRIES[format].reads);
      expect(report.unmatched).toEqual([]);
      expect(planned.map((p) => carried(format, p))).toEqual(entries.map((e) => carried(format, e)));
    });

    it(`${format}: one binder filtered with q`, async () => {
      const q = 't:planeswalker or (is:foil t:creature)';
      const { exp, text } = await exportFile(user, { source: 'binder', binder_id: binderId, q, format });
      const entries = await collectionOrder(user, `&binder_id=${binderId}&q=${encodeURIComponent(q)}`);
      expect(entries.map((e) => e.card_id)).toEqual([CARDS.AHN, CARDS.AJANI]);
      expect((await collectionOrder(user, `&binder_id=${binderId}`)).length).toBe(3);
      expect(exp).toMatchObject({ source: 'binder', binder_id: binderId, q, row_count: entries.length });
      const { report, entries: planned } = await importDemo(chunked(text, 777));
      expect(report.unmatched).toEqual([]);
      expect(planned.map((p) => carried(format, p))).toEqual(entries.map((e) => carried(format, e)));
    });
  }

  it('json is the API entry objects themselves', async () => {
    const { text } = await exportFile(user, { source: 'collection', format: 'json' });
    expect(JSON.parse(text)).toEqual({ data: await collectionOrder(user, '') });
  });
});

describe('deck exports', () => {
  const owned = [
    { card_id: CARDS.LUNGE, quantity: 4 },
    { card_id: CARDS.AHN, quantity: 2 },
    { card_id: CARDS.ABBOT, quantity: 1 },
    { card_id: CARDS.AJANI, quantity: 1 },
  ];

  it('arena lists every board with set and number; it reads back to the same printings', async () => {
    const deck = (await user.api('GET', `/api/v1/decks/${deckId}`)).body.data;
    const { exp, res, text } = await exportFile(user, { source: 'deck', deck_id: deckId, format: 'arena' });
    expect(exp).toMatchObject({ source: 'deck', deck_id: deckId, row_count: 5 });
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const parsed = parseDecklist(text);
    expect(parsed.errors).toEqual([]);
    const back = parsed.entries.map((e) => `${e.name}|${e.set?.toLowerCase()}|${e.collectorNumber}|${e.board}|${e.quantity}`).sort();
    const want = deck.cards.map((c: any) => `${c.card.name}|${c.card.set}|${c.card.collector_number}|${c.board}|${c.quantity}`).sort();
    expect(back).toEqual(want);
  });

  it('mtgo and mtgo_dek keep the main deck and the sideboard (the commander in it), without the maybeboard', async () => {
    const deck = (await user.api('GET', `/api/v1/decks/${deckId}`)).body.data;
    const want = deck.cards
      .filter((c: any) => c.board !== 'maybe')
      .map((c: any) => `${c.board === 'commander' ? 'sideboard' : c.board}|${c.quantity}`)
      .sort();
    const mtgo = await exportFile(user, { source: 'deck', deck_id: deckId, format: 'mtgo' });
    expect(mtgo.exp.row_count).toBe(4);
    const text = parseDecklist(mtgo.text);
    expect(text.errors).toEqual([]);
    expect(text.entries.map((e) => `${e.board}|${e.quantity}`).sort()).toEqual(want);
    const dek = await exportFile(user, { source: 'deck', deck_id: deckId, format: 'mtgo_dek' });
    expect(dek.res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(dek.res.headers.get('content-disposition')).toMatch(/filename="ccs-deck-mtgo_dek-2026-11-22\.dek"/);
    const xml = parseMtgoDek(dek.text);
    expect(xml.errors).toEqual([]);
    expect(xml.entries.map((e) => `${e.board}|${e.quantity}`).sort()).toEqual(want);
  });

  for (const format of COLLECTION_EXPORT_FORMATS) {
    it(`${format}: a deck's cards (maybeboard left out) import as the cards to own`, async () => {
      const { exp, text } = await exportFile(user, { source: 'deck', deck_id: deckId, format });
      expect(exp.row_count).toBe(format === 'json' ? 5 : 4);
      const { report, entries } = await importDemo(chunked(text, 1000));
      expect(report.unmatched).toEqual([]);
      const got = entries.map((e) => ({ card_id: e.card_id, quantity: e.quantity }));
      expect(got).toEqual(format === 'json' ? [...owned, { card_id: CARDS.LYDARI_JA, quantity: 1 }] : owned);
    });
  }

  it('a deck export of a deck deleted before it ran fails with the reason, and writes no event', async () => {
    const temp = await user.api('POST', '/api/v1/decks', { name: 'Short-lived', format: 'modern', cards: [{ card_id: CARDS.LUNGE, quantity: 4 }] });
    const queued = await requestExport(user, { source: 'deck', deck_id: temp.body.data.id, format: 'arena' });
    expect((await user.api('DELETE', `/api/v1/decks/${temp.body.data.id}`)).status).toBe(204);
    const before = (await server.events(user.id)).filter((e) => e.type === 'export.completed').length;
    await worker.step();
    const got = (await user.api('GET', `/api/v1/exports/${queued.id}`)).body.data;
    expect(got).toMatchObject({ status: 'failed', download_url: null, row_count: null });
    expect(got.error).toMatch(/deck no longer exists/);
    expect((await server.events(user.id)).filter((e) => e.type === 'export.completed').length).toBe(before);
  });

  it('a binder export of a binder deleted before it ran fails saying the binder no longer exists (binders are never shared)', async () => {
    const binder = (await user.api('POST', '/api/v1/binders', { name: 'Gone soon' })).body.data;
    const queued = await requestExport(user, { source: 'binder', binder_id: binder.id, format: 'csv' });
    expect((await user.api('DELETE', `/api/v1/binders/${binder.id}`)).status).toBe(204);
    await worker.step();
    const got = (await user.api('GET', `/api/v1/exports/${queued.id}`)).body.data;
    expect(got).toMatchObject({ status: 'failed', error: 'The binder no longer exists.' });
  });
});

describe('completion', () => {
  it('writes export.completed with the export object, download_url and expires_at 7 days on, in the same transaction', async () => {
    clock.advance(1000);
    const queued = await requestExport(user, { source: 'collection', format: 'csv' });
    expect(queued).toMatchObject({ status: 'pending', row_count: null, size_bytes: null, download_url: null, expires_at: null, error: null });
    const completedAt = clock.now();
    await worker.step();
    const got = (await user.api('GET', `/api/v1/exports/${queued.id}`)).body.data;
    expect(got.expires_at).toBe(new Date(completedAt.getTime() + 7 * DAY).toISOString());
    expect(got.completed_at).toBe(completedAt.toISOString());
    expect(got.download_url).toBe(`/api/v1/exports/${queued.id}/download`);
    const events = (await server.events(user.id)).filter((e) => e.type === 'export.completed' && e.payload.id === queued.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual(got);
    // The event and the status change commit together: the row says completed, and nothing in between says otherwise.
    const row = await server.ctx.database.db.selectFrom('exports').selectAll().where('id', '=', queued.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'completed', lease_owner: null, lease_until: null, attempts: 1, file_attempt: 1 });
  });

  it('tags the export with a strong ETag, the same from POST and GET while it waits, new once it completes; If-None-Match polls get 304', async () => {
    clock.advance(1000);
    const posted = await user.api('POST', '/api/v1/exports', { source: 'collection', format: 'json' });
    expect(posted.status).toBe(202);
    const tag = posted.headers.get('etag');
    expect(tag).toMatch(/^"[^"]+"$/);
    const got = await user.api('GET', `/api/v1/exports/${posted.body.data.id}`);
    expect(got.headers.get('etag')).toBe(tag);
    const unchanged = await user.api('GET', `/api/v1/exports/${posted.body.data.id}`, undefined, { 'if-none-match': tag as string });
    expect(unchanged.status).toBe(304);
    await worker.step();
    const done = await user.api('GET', `/api/v1/exports/${posted.body.data.id}`, undefined, { 'if-none-match': tag as string });
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('completed');
    expect(done.headers.get('etag')).not.toBe(tag);
  });

  it('export.completed is an event type subscriptions can name', async () => {
    const res = await user.api('POST', '/api/v1/webhooks', { url: 'https://hooks.example.com/exports', events: ['export.completed'] });
    expect(res.status).toBe(201);
    expect(res.body.data.events).toEqual(['export.completed']);
    // Nothing here delivers; the subscription goes so no later process tries to.
    expect((await user.api('DELETE', `/api/v1/webhooks/${res.body.data.id}`)).status).toBe(204);
  });

  it('a storage write that fails leaves the export failed with a reason and no event', async () => {
    const broken: ExportStorage = {
      ...server.ctx.exportJobs.storage,
      async write(_key, chunks) {
        for await (const _ of chunks) throw new Error('EIO: disk on fire at /var/lib/ccs/exports');
        return 0;
      },
    };
    const failing = createExportWorker({ ...server.ctx.exportJobs, storage: broken }, { log: quiet, id: 'broken-disk' });
    const before = (await server.events(user.id)).length;
    const queued = await requestExport(user, { source: 'collection', format: 'moxfield_csv' });
    expect(await failing.step()).toBe(1);
    const got = (await user.api('GET', `/api/v1/exports/${queued.id}`)).body.data;
    expect(got).toMatchObject({ status: 'failed', download_url: null, expires_at: null, row_count: null, size_bytes: null });
    expect(got.error).toMatch(/could not be written/);
    // The reason is for the user: no path, no driver message.
    expect(got.error).not.toMatch(/EIO|\/var/);
    expect((await server.events(user.id)).length).toBe(before);
    const dl = await user.api('GET', `/api/v1/exports/${queued.id}/download`);
    expect(dl.status).toBe(409);
    expect(dl.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('a worker that dies mid-export leaves it to another once its lease runs out; it completes once', async () => {
    const queued = await requestExport(user, { source: 'collection', format: 'json' });
    const crashed = createExportWorker(server.ctx.exportJobs, { log: quiet, id: 'crashed' });
    const [claimed] = await crashed.claim(1);
    expect(claimed?.id).toBe(queued.id);
    expect((await user.api('GET', `/api/v1/exports/${queued.id}`)).body.data.status).toBe('running');
    // Inside the lease nobody else takes it.
    const rescuer = createExportWorker(server.ctx.exportJobs, { log: quiet, id: 'rescuer' });
    clock.advance(LEASE_MS - 1);
    expect(await rescuer.step()).toBe(0);
    clock.advance(2);
    expect(await rescuer.step()).toBe(1);
    const got = (await user.api('GET', `/api/v1/exports/${queued.id}`)).body.data;
    expect(got.status).toBe('completed');
    // The crashed worker coming back to life cannot complete it a second time.
    expect(await crashed.process(claimed!)).toBe('lost');
    const events = (await server.events(user.id)).filter((e) => e.type === 'export.completed' && e.payload.id === queued.id);
    expect(events).toHaveLength(1);
    const row = await server.ctx.database.db.selectFrom('exports').select(['attempts', 'file_attempt']).where('id', '=', queued.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 2, file_attempt: 2 });
    const file = await user.api('GET', `/api/v1/exports/${queued.id}/download`);
    expect(file.status).toBe(200);
    expect(file.body.data).toHaveLength(got.row_count);
  });

  it('an export whose workers keep dying is failed after three attempts', async () => {
    const queued = await requestExport(user, { source: 'collection', format: 'csv' });
    for (let i = 0; i < 3; i++) {
      const doomed = createExportWorker(server.ctx.exportJobs, { log: quiet, id: `doomed-${i}` });
      expect(await doomed.claim(1)).toHaveLength(1);
      clock.advance(LEASE_MS + 1);
    }
    expect(await worker.step()).toBe(0);
    const got = (await user.api('GET', `/api/v1/exports/${queued.id}`)).body.data;
    expect(got.status).toBe('failed');
    expect(got.error).toMatch(/interrupted 3 times/);
  });
});

describe('limits', () => {
  it('runs at most CCS_EXPORT_MAX_RUNNING_PER_USER exports of a user at once; the rest wait their turn', async () => {
    const busy = await server.createUser();
    const other = await server.createUser();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await requestExport(busy, { source: 'collection', format: 'csv' })).id);
    const theirs = await requestExport(other, { source: 'collection', format: 'csv' });
    const a = createExportWorker(server.ctx.exportJobs, { log: quiet, id: 'limit-a' });
    const b = createExportWorker(server.ctx.exportJobs, { log: quiet, id: 'limit-b' });
    const first = await a.claim(10);
    expect(first.map((r) => r.id)).toEqual([ids[0], ids[1], theirs.id]);
    // Another worker finds the busy user's third export, but the user is at the limit.
    expect(await b.claim(10)).toEqual([]);
    const statuses = async () => Promise.all(ids.map(async (id) => (await busy.api('GET', `/api/v1/exports/${id}`)).body.data.status));
    expect(await statuses()).toEqual(['running', 'running', 'pending']);
    expect(await a.process(first[0]!)).toBe('completed');
    const next = await b.claim(10);
    expect(next.map((r) => r.id)).toEqual([ids[2]]);
    for (const r of [first[1]!, first[2]!, next[0]!]) await (r === next[0] ? b : a).process(r);
    expect(await statuses()).toEqual(['completed', 'completed', 'completed']);
  });

  it('refuses more than CCS_EXPORT_MAX_QUEUED_PER_USER waiting exports with 409, creating nothing', async () => {
    const eager = await server.createUser();
    for (let i = 0; i < 5; i++) await requestExport(eager, { source: 'collection', format: 'csv' });
    const before = await exportCount();
    const res = await eager.api('POST', '/api/v1/exports', { source: 'collection', format: 'csv' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('conflict');
    expect(await exportCount()).toBe(before);
    await worker.step();
  });

  it('holds CCS_EXPORT_MAX_QUEUED_PER_USER when many exports are requested at once', async () => {
    const eager = await server.createUser();
    const answers = await Promise.all(Array.from({ length: 20 }, () => eager.api('POST', '/api/v1/exports', { source: 'collection', format: 'csv' })));
    expect(answers.filter((r) => r.status === 202)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(15);
    expect((await eager.api('GET', '/api/v1/exports')).body.meta.total).toBe(5);
    while ((await worker.step()) > 0);
  });

  it('goes through the rate limit like every request', async () => {
    const res = await user.api('POST', '/api/v1/exports', { source: 'collection', format: 'csv' });
    expect(res.status).toBe(202);
    expect(res.headers.get('ratelimit-limit')).toBe('100000');
    expect(Number(res.headers.get('ratelimit-remaining'))).toBeLessThan(100_000);
    await worker.step();
  });
});

describe('expiry', () => {
  it('answers 410 gone after 7 days, and the expiry job deletes the file; the export is forgotten 30 days later', async () => {
    const { exp } = await exportFile(user, { source: 'collection', format: 'csv' });
    const file = path.join(server.config.dataDir, 'exports', exp.id, '1');
    expect(fs.existsSync(file)).toBe(true);
    clock.advance(7 * DAY - 1);
    expect((await user.api('GET', `/api/v1/exports/${exp.id}/download`)).status).toBe(200);
    clock.advance(1);
    const gone = await user.api('GET', `/api/v1/exports/${exp.id}/download`);
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ code: 'gone', status: 410 });
    expect((await user.api('GET', `/api/v1/exports/${exp.id}`)).body.data).toMatchObject({ status: 'completed', expired: true, download_url: null });
    const removed = await expireExports(server.ctx.exportJobs);
    expect(removed.files).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(path.dirname(file))).toBe(false);
    expect((await user.api('GET', `/api/v1/exports/${exp.id}/download`)).status).toBe(410);
    clock.advance(30 * DAY + 1);
    expect((await expireExports(server.ctx.exportJobs)).rows).toBeGreaterThanOrEqual(1);
    expect((await user.api('GET', `/api/v1/exports/${exp.id}`)).status).toBe(404);
  });
});

describe('listing', () => {
  it('lists the caller\'s exports newest first, paginated like every list', async () => {
    const lister = await server.createUser();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      clock.advance(1000);
      ids.push((await requestExport(lister, { source: 'collection', format: 'csv' })).id);
    }
    const page1 = await lister.api('GET', '/api/v1/exports?limit=2');
    expect(page1.body.meta).toMatchObject({ total: 3, next_cursor: expect.any(String) });
    const page2 = await lister.api('GET', `/api/v1/exports?limit=2&cursor=${page1.body.meta.next_cursor}`);
    expect(page2.body.meta.next_cursor).toBeNull();
    expect([...page1.body.data, ...page2.body.data].map((e: { id: string }) => e.id)).toEqual(ids.reverse());
    await worker.step();
  });
});

describe('security', () => {
  it("another user's export is a 404, for the object and its file, and never listed", async () => {
    const { exp } = await exportFile(user, { source: 'collection', format: 'csv' });
    const stranger = await server.createUser();
    for (const p of [`/api/v1/exports/${exp.id}`, `/api/v1/exports/${exp.id}/download`]) {
      const res = await stranger.api('GET', p);
      expect(res.status, p).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    expect((await stranger.api('GET', '/api/v1/exports')).body.meta.total).toBe(0);
  });

  it('exports need collection:read, a deck export decks:read instead (403 naming the scope)', async () => {
    const collectionOnly = await server.createUser({ scopes: ['collection:read'] });
    const decksOnly = await server.createUser({ scopes: ['decks:read'] });
    const profileOnly = await server.createUser({ scopes: ['profile:read'] });
    const before = await exportCount();
    const deckOfTheirs = await collectionOnly.api('POST', '/api/v1/exports', { source: 'deck', deck_id: MISSING_UUID, format: 'arena' });
    expect(deckOfTheirs.status).toBe(403);
    expect(deckOfTheirs.body).toMatchObject({ code: 'insufficient_scope', missing_scope: 'decks:read' });
    expect(deckOfTheirs.headers.get('www-authenticate')).toContain('scope="decks:read"');
    const noCollection = await decksOnly.api('POST', '/api/v1/exports', { source: 'collection', format: 'csv' });
    expect(noCollection.status).toBe(403);
    expect(noCollection.body.missing_scope).toBe('collection:read');
    const binder = await decksOnly.api('POST', '/api/v1/exports', { source: 'binder', binder_id: MISSING_UUID, format: 'csv' });
    expect(binder.body.missing_scope).toBe('collection:read');
    // A credential with neither scope is told the one its body needs.
    const neitherDeck = await profileOnly.api('POST', '/api/v1/exports', { source: 'deck', deck_id: MISSING_UUID, format: 'arena' });
    expect([neitherDeck.status, neitherDeck.body.missing_scope]).toEqual([403, 'decks:read']);
    expect(neitherDeck.headers.get('www-authenticate')).toContain('scope="decks:read"');
    const neitherCollection = await profileOnly.api('POST', '/api/v1/exports', { source: 'collection', format: 'csv' });
    expect([neitherCollection.status, neitherCollection.body.missing_scope]).toEqual([403, 'collection:read']);
    for (const path of ['/api/v1/exports', `/api/v1/exports/${MISSING_UUID}`, `/api/v1/exports/${MISSING_UUID}/download`]) {
      const neither = await profileOnly.api('GET', path);
      expect(neither.status, path).toBe(403);
      expect(neither.body.missing_scope, path).toBe('collection:read');
    }
    expect(await exportCount()).toBe(before);
  });

  it('a key with decks:read alone exports, polls, lists and downloads a deck, and sees none of the collection\'s exports', async () => {
    const deckKey = await server.ctx.apiKeys.create(user.id, { name: 'deck builder', scopes: ['decks:read'] });
    const collectionKey = await server.ctx.apiKeys.create(user.id, { name: 'collection reader', scopes: ['collection:read'] });
    const asDecks = (method: string, path: string, body?: unknown) => server.request(method, path, { token: deckKey.key, body });
    const asCollection = (method: string, path: string) => server.request(method, path, { token: collectionKey.key });
    const fromCollection = await requestExport(user, { source: 'collection', format: 'csv' });
    const queued = await asDecks('POST', '/api/v1/exports', { source: 'deck', deck_id: deckId, format: 'arena' });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    expect(await worker.step()).toBe(2);
    const deckExport = queued.body.data.id as string;
    expect((await asDecks('GET', `/api/v1/exports/${deckExport}`)).body.data.status).toBe('completed');
    const file = await asDecks('GET', `/api/v1/exports/${deckExport}/download`);
    expect(file.status).toBe(200);
    const listed = await asDecks('GET', '/api/v1/exports?limit=200');
    expect(listed.body.data.map((e: { source: string }) => e.source)).not.toContain('collection');
    expect(listed.body.data.map((e: { id: string }) => e.id)).toContain(deckExport);
    expect(listed.body.meta.total).toBe(listed.body.data.length);
    // The collection's export is not the deck key's to read, and the deck's is not the collection key's.
    const other = await asDecks('GET', `/api/v1/exports/${fromCollection.id}`);
    expect(other.status).toBe(403);
    expect(other.body.missing_scope).toBe('collection:read');
    expect((await asDecks('GET', `/api/v1/exports/${fromCollection.id}/download`)).body.missing_scope).toBe('collection:read');
    for (const path of [`/api/v1/exports/${deckExport}`, `/api/v1/exports/${deckExport}/download`]) {
      const res = await asCollection('GET', path);
      expect(res.status, path).toBe(403);
      expect(res.body.missing_scope, path).toBe('decks:read');
    }
    const collectionList = await asCollection('GET', '/api/v1/exports?limit=200');
    expect(collectionList.body.data.map((e: { source: string }) => e.source)).not.toContain('deck');
    expect(collectionList.body.data.map((e: { id: string }) => e.id)).toContain(fromCollection.id);
    // A key of the account with neither read scope is told the one each export needs, not the first of the two.
    const profileKey = await server.ctx.apiKeys.create(user.id, { name: 'profile only', scopes: ['profile:read'] });
    for (const [id, scope] of [[deckExport, 'decks:read'], [fromCollection.id, 'collection:read']] as const) {
      for (const path of [`/api/v1/exports/${id}`, `/api/v1/exports/${id}/download`]) {
        const res = await server.request('GET', path, { token: profileKey.key });
        expect([res.status, res.body.missing_scope], path).toEqual([403, scope]);
        expect(res.headers.get('www-authenticate'), path).toContain(`scope="${scope}"`);
      }
    }
    // The account's own full key sees both.
    const all = await user.api('GET', '/api/v1/exports?limit=200');
    expect(all.body.meta.total).toBe(listed.body.meta.total + collectionList.body.meta.total);
  });

  it('checks a deck export\'s decks:read before its Idempotency-Key: the 403 is not kept, and no other credential replays an answer it could not get', async () => {
    const collectionReader = await server.ctx.apiKeys.create(user.id, { name: 'collection reader', scopes: ['collection:read'] });
    const body = { source: 'deck', deck_id: deckId, format: 'arena' };
    const headers = { 'idempotency-key': 'deck-export-scope-1' };
    const before = await exportCount();
    const refused = await server.request('POST', '/api/v1/exports', { token: collectionReader.key, body, headers });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'insufficient_scope', missing_scope: 'decks:read' });
    expect(await exportCount()).toBe(before);
    // The key stayed free: a credential with decks:read runs the export under it.
    const ran = await user.api('POST', '/api/v1/exports', body, headers);
    expect(ran.status).toBe(202);
    expect(ran.headers.get('idempotency-replayed')).toBeNull();
    expect(await exportCount()).toBe(before + 1);
    // ... and the credential without it still gets 403, not that export.
    const again = await server.request('POST', '/api/v1/exports', { token: collectionReader.key, body, headers });
    expect(again.status).toBe(403);
    expect(again.body.missing_scope).toBe('decks:read');
    const replayed = await user.api('POST', '/api/v1/exports', body, headers);
    expect(replayed.headers.get('idempotency-replayed')).toBe('true');
    expect(replayed.body.data.id).toBe(ran.body.data.id);
    expect(await worker.step()).toBe(1);
  });

  it("exports another user's public deck, but not their private one", async () => {
    const owner = await server.createUser();
    const pub = await owner.api('POST', '/api/v1/decks', { name: 'Shared', format: 'modern', visibility: 'public', cards: [{ card_id: CARDS.LUNGE, quantity: 4 }] });
    const priv = await owner.api('POST', '/api/v1/decks', { name: 'Secret', format: 'modern', cards: [{ card_id: CARDS.LUNGE, quantity: 4 }] });
    const { text } = await exportFile(user, { source: 'deck', deck_id: pub.body.data.id, format: 'mtgo' });
    expect(text).toBe('4 Desperate Lunge\n');
    const res = await user.api('POST', '/api/v1/exports', { source: 'deck', deck_id: priv.body.data.id, format: 'mtgo' });
    expect(res.status).toBe(404);
  });
});

describe('bad input gets a problem document and creates nothing', () => {
  const cases: Array<[string, () => Record<string, unknown>, number, string]> = [
    ['an unknown source', () => ({ source: 'wishlist', format: 'csv' }), 422, 'validation_failed'],
    ['a binder export without binder_id', () => ({ source: 'binder', format: 'csv' }), 422, 'validation_failed'],
    ['an unknown format', () => ({ source: 'collection', format: 'xlsx' }), 422, 'validation_failed'],
    ['a deck-only format for the collection', () => ({ source: 'collection', format: 'mtgo_dek' }), 422, 'validation_failed'],
    ['a deck-only format for a binder', () => ({ source: 'binder', binder_id: binderId, format: 'arena' }), 422, 'validation_failed'],
    ['a deck id with a collection source', () => ({ source: 'collection', deck_id: deckId, format: 'csv' }), 422, 'validation_failed'],
    ['q on a deck', () => ({ source: 'deck', deck_id: deckId, format: 'csv', q: 't:creature' }), 422, 'validation_failed'],
    ['a huge q', () => ({ source: 'collection', format: 'csv', q: 't:creature '.repeat(10_000) }), 422, 'validation_failed'],
    ['a q syntax error', () => ({ source: 'collection', format: 'csv', q: 't:creature (' }), 400, 'invalid_query'],
    ['an unknown keyword in q', () => ({ source: 'collection', format: 'csv', q: 'flavour:dragons' }), 400, 'invalid_query'],
    ['an unknown binder', () => ({ source: 'binder', binder_id: MISSING_UUID, format: 'csv' }), 404, 'not_found'],
    ['a binder id that is not an id', () => ({ source: 'binder', binder_id: '../../etc', format: 'csv' }), 404, 'not_found'],
    ['an unknown deck', () => ({ source: 'deck', deck_id: MISSING_UUID, format: 'arena' }), 404, 'not_found'],
    ['an unknown field', () => ({ source: 'collection', format: 'csv', path: '/tmp/x' }), 422, 'validation_failed'],
  ];
  for (const [label, body, status, code] of cases) {
    it(`${label}: ${status} ${code}`, async () => {
      const before = await exportCount();
      const res = await user.api('POST', '/api/v1/exports', body());
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(res.body.code).toBe(code);
      expect(await exportCount()).toBe(before);
    });
  }

  it('an export id that is not one is a 404', async () => {
    for (const p of ['/api/v1/exports/nope', '/api/v1/exports/nope/download', `/api/v1/exports/${MISSING_UUID}/download`]) {
      expect((await user.api('GET', p)).status, p).toBe(404);
    }
  });
});

describe('several processes', () => {
  it("any API process serves any export's download when they share the data directory", async () => {
    const { exp, text } = await exportFile(user, { source: 'collection', format: 'manabox_csv' });
    const second = await startTestServer({}, { shareDatabaseWith: server, clock });
    try {
      const res = await second.request('GET', `/api/v1/exports/${exp.id}/download`, { token: user.key });
      expect(res.status).toBe(200);
      expect(res.text).toBe(text);
    } finally {
      await second.close();
    }
  });
});

describe('API description', () => {
  it('documents every export operation with its scope, answers and the file types of a download', async () => {
    const doc = (await server.request('GET', '/api/v1/openapi.json')).body;
    const ops = [
      ['post', '/api/v1/exports', '202'],
      ['get', '/api/v1/exports', '200'],
      ['get', '/api/v1/exports/{id}', '200'],
      ['get', '/api/v1/exports/{id}/download', '200'],
    ] as const;
    for (const [method, p, ok] of ops) {
      const op = doc.paths[p]?.[method];
      expect(op, `${method} ${p}`).toBeDefined();
      expect(op.summary.length).toBeGreaterThan(5);
      expect(op.description.length).toBeGreaterThan(20);
      // Any one of the two: an export of the collection needs collection:read, a deck's decks:read instead.
      expect(op.security).toEqual([{ bearer: [] }, { oauth2: ['collection:read'] }, { oauth2: ['decks:read'] }]);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining([ok, '401', '403', '429', '503']));
      // A list has nothing to miss; a single export, and a binder or deck named in a request, can be missing.
      if (p !== '/api/v1/exports' || method === 'post') expect(Object.keys(op.responses)).toContain('404');
      else expect(Object.keys(op.responses)).not.toContain('404');
    }
    const download = doc.paths['/api/v1/exports/{id}/download'].get.responses;
    expect(Object.keys(download['200'].content).sort()).toEqual(['application/json', 'application/xml', 'text/csv', 'text/plain']);
    expect(Object.keys(download)).toEqual(expect.arrayContaining(['409', '410']));
    const exportSchema = doc.paths['/api/v1/exports/{id}'].get.responses['200'].content['application/json'].schema.properties.data;
    expect(Object.keys(exportSchema.properties)).toEqual(
      expect.arrayContaining(['id', 'source', 'format', 'status', 'row_count', 'size_bytes', 'download_url', 'expires_at', 'error', 'created_at']),
    );
  });
});

describe('the worker in its processes', () => {
  it('ccs serve builds exports by itself (ccs serve --no-worker does not)', async () => {
    expect(server.jobs.names).not.toContain('export-worker');
    const serving = await startTestServer({}, { shareDatabaseWith: server, clock, worker: true });
    try {
      expect(serving.jobs.names).toEqual(expect.arrayContaining(['webhook-dispatcher', 'export-worker', 'export-expiry']));
      const res = await serving.request('POST', '/api/v1/exports', { token: user.key, body: { source: 'collection', format: 'archidekt_csv' } });
      expect(res.status).toBe(202);
      // The request wakes the worker in the same process; no poll interval to wait out.
      const deadline = Date.now() + 10_000;
      let status = 'pending';
      while (status !== 'completed' && Date.now() < deadline) {
        status = (await serving.request('GET', `/api/v1/exports/${res.body.data.id}`, { token: user.key })).body.data.status;
        if (status !== 'completed') await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe('completed');
    } finally {
      await serving.close();
    }
  });
});

describe('files in the database (CCS_EXPORT_STORAGE=database)', () => {
  it('serves a download from the database and deletes it on expiry', async () => {
    const dbClock = new ManualClock(clock.now());
    const other = await startTestServer({ exports: { ...loadConfig({}).exports, storage: 'database' } }, { clock: dbClock, shareDatabaseWith: server });
    try {
      const owner = await other.createUser();
      // Enough distinct entries (card, finish, condition, language) with long notes for several chunks of the file.
      const conditions = ['mint', 'near_mint', 'lightly_played', 'moderately_played', 'heavily_played', 'damaged'];
      const languages = ['en', 'de', 'fr', 'it', 'es', 'pt', 'ja', 'ko', 'ru', 'zhs'];
      const batch = conditions.flatMap((condition) =>
        languages.flatMap((language) => ['nonfoil', 'foil'].map((finish) => ({ card_id: CARDS.AHN, condition, language, finish, notes: `${condition} ${language} `.repeat(100).slice(0, 2000) }))),
      );
      const added = await owner.api('POST', '/api/v1/collection/batch', { entries: batch });
      expect(added.status, JSON.stringify(added.body).slice(0, 300)).toBe(201);
      const queued = (await owner.api('POST', '/api/v1/exports', { source: 'collection', format: 'json' })).body.data;
      const w = createExportWorker(other.ctx.exportJobs, { log: quiet });
      expect(await w.step()).toBe(1);
      const got = (await owner.api('GET', `/api/v1/exports/${queued.id}`)).body.data;
      expect(got.status).toBe('completed');
      const chunks = await other.ctx.database.db.selectFrom('export_files').select(['seq']).where('export_id', '=', queued.id).execute();
      expect(chunks.length).toBeGreaterThan(1);
      expect(fs.existsSync(path.join(other.config.dataDir, 'exports', queued.id))).toBe(false);
      const file = await owner.api('GET', `/api/v1/exports/${queued.id}/download`);
      expect(file.status).toBe(200);
      expect(Buffer.byteLength(file.text)).toBe(got.size_bytes);
      const all = (await owner.api('GET', '/api/v1/collection?sort=added&dir=asc&limit=200')).body;
      expect(all.meta.total).toBe(120);
      expect(file.body).toEqual({ data: all.data });
      dbClock.advance(7 * DAY);
      expect((await expireExports(other.ctx.exportJobs)).files).toBeGreaterThanOrEqual(1);
      expect(await other.ctx.database.db.selectFrom('export_files').select('seq').where('export_id', '=', queued.id).execute()).toEqual([]);
      expect((await owner.api('GET', `/api/v1/exports/${queued.id}/download`)).status).toBe(410);
    } finally {
      await other.close();
    }
  });
});

describe('round trips: every export, imported back through the API, gives the same collection or deck', () => {
  /** A user with entries across finishes, conditions, languages, binders, prices, tags and notes. */
  async function collector(): Promise<TestUser> {
    const u = await server.createUser();
    const binder = (await u.api('POST', '/api/v1/binders', { name: 'Binder "A", with a comma' })).body.data.id;
    const batch = await u.api('POST', '/api/v1/collection/batch', {
      entries: [
        { card_id: CARDS.AHN, quantity: 2, tags: ['trade'], notes: 'a "quoted", note\nwith a line break', purchase_price: '0.50' },
        { card_id: CARDS.AHN, finish: 'foil', condition: 'lightly_played', language: 'de', binder_id: binder },
        { card_id: CARDS.ABBOT, finish: 'etched', quantity: 3, condition: 'damaged', language: 'zhs' },
        { card_id: CARDS.LUNGE, quantity: 4, condition: 'moderately_played', language: 'ja', binder_id: binder, purchase_price: '12.30' },
        { card_id: CARDS.AJANI, finish: 'foil', condition: 'mint', language: 'fr' },
        { card_id: CARDS.LYDARI_JA, condition: 'heavily_played', notes: '=1+1' },
      ],
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);
    return u;
  }

  const sorted = (list: unknown[]) => list.map((e) => JSON.stringify(e)).sort();

  for (const format of COLLECTION_EXPORT_FORMATS) {
    it(`${format}: POST /exports, download, POST /imports (format=${CARRIES[format].reads}) back into the emptied collection`, async () => {
      const u = await collector();
      const original = await collectionOrder(u, '');
      const { text } = await exportFile(u, { source: 'collection', format });
      for (const e of original as Array<EntryLike & { id: string }>) expect((await u.api('DELETE', `/api/v1/collection/${e.id}`)).status).toBe(204);

      const res = await fetch(`${server.url}/api/v1/imports?format=${CARRIES[format].reads}&mode=apply`, {
        method: 'POST',
        headers: { authorization: `Bearer ${u.key}`, 'content-type': format === 'json' ? 'application/json' : 'text/csv' },
        body: text,
      });
      const report = (await res.json()) as { data: { rows: number; matched: number; unmatched: unknown[] } };
      expect(res.status, JSON.stringify(report)).toBe(201);
      expect(report.data).toMatchObject({ rows: original.length, matched: original.length, unmatched: [] });
      const back = await collectionOrder(u, '');
      expect(sorted(back.map((e) => carried(format, e)))).toEqual(sorted(original.map((e) => carried(format, e))));
    });
  }

  for (const format of ['arena', 'mtgo'] as const) {
    it(`${format}: a deck exported and imported back through POST /decks/import has the same cards on the same boards`, async () => {
      const original = (await user.api('GET', `/api/v1/decks/${deckId}`)).body.data as { cards: Array<{ card_id: string; card: { name: string }; quantity: number; board: string }> };
      const { text } = await exportFile(user, { source: 'deck', deck_id: deckId, format });
      const imported = await user.api('POST', '/api/v1/decks/import', { name: `Back from ${format}`, format: 'commander', text });
      expect(imported.status, imported.text).toBe(201);
      const cards = imported.body.data.cards as typeof original.cards;
      // Arena lines name the printing; MTGO lines name the card only (any printing of it is the same card).
      const key = (c: (typeof cards)[number]) => [format === 'arena' ? c.card_id : c.card.name, c.quantity, c.board];
      // MTGO text has no commander or maybe section: as MTGO itself does, the commander goes to the
      // sideboard, and the maybeboard is not in the file (docs/import-export.md).
      const expected =
        format === 'arena'
          ? original.cards
          : original.cards.filter((c) => c.board !== 'maybe').map((c) => ({ ...c, board: c.board === 'commander' ? 'sideboard' : c.board }));
      expect(sorted(cards.map(key))).toEqual(sorted(expected.map(key)));
    });
  }
});
