import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeyStore } from '../../src/auth/store.js';
import { importCards } from '../../src/cards/import.js';
import { MAX_IDENTITY_LOCKS, createCollectionStore } from '../../src/collection/store.js';
import { toEntryView } from '../../src/collection/view.js';
import { createCollectionWrites, mergeTemplateOf } from '../../src/collection/writes.js';
import { usdCentsFor } from '../../src/cards/view.js';
import type { Executor } from '../../src/db/schema.js';
import { eventRow } from '../../src/events/outbox.js';
import { systemClock } from '../../src/lib/clock.js';
import { fromCents } from '../../src/lib/money.js';
import { metric } from '../helpers/outage.js';
import { CARDS, MISSING_UUID, bumpCollectionVersion, cardsWithFinishes, cents, collectionVersion, pricedCards, snapshot } from '../helpers/collection.js';
import { DEMO_CARDS, startTestServer, type TestServer, type TestUser } from '../helpers/server.js';
import { turnsDuring } from '../helpers/turns.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const AHN_SUMMARY = {
  id: CARDS.AHN,
  oracle_id: expect.any(String),
  name: 'Ahn-Crop Invader',
  set: 'war',
  set_name: 'War of the Spark',
  collector_number: expect.any(String),
  rarity: 'common',
  lang: 'en',
  image_uris: expect.objectContaining({ normal: expect.stringMatching(/^https:/) }),
  prices: { usd: '0.15', usd_foil: '0.25', usd_etched: null, eur: null, eur_foil: null, tix: null },
};

async function add(user: TestUser, body: Record<string, unknown>) {
  return user.api('POST', '/api/v1/collection', body);
}

/** Runs `check` while Ahn-Crop Invader's USD price is `usd`, set through a real card import; restores it after. */
async function withAhnPrice(usd: string, check: () => Promise<void>): Promise<void> {
  const all = JSON.parse(fs.readFileSync(path.join(DEMO_CARDS, 'default-cards.json'), 'utf8')) as Array<{ id: string; prices: Record<string, string | null> }>;
  const ahn = all.find((c) => c.id === CARDS.AHN)!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-prices-'));
  const file = path.join(dir, 'cards.json');
  fs.writeFileSync(file, JSON.stringify([{ ...ahn, prices: { ...ahn.prices, usd } }]));
  try {
    await importCards(server.ctx, { file, asOf: '2019-08-05' });
    await check();
  } finally {
    fs.writeFileSync(file, JSON.stringify([ahn]));
    await importCards(server.ctx, { file, asOf: '2019-08-04' });
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function listAll(user: TestUser, query: string, limit: number): Promise<any[]> {
  const out: any[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const sep = query ? '&' : '';
    const res = await user.api('GET', `/api/v1/collection?${query}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.length).toBeLessThanOrEqual(limit);
    out.push(...res.body.data);
    cursor = res.body.meta.next_cursor;
    if (!cursor) return out;
  }
  throw new Error('paging did not end');
}

describe('adding entries', () => {
  it('creates an entry with defaults, its value, a created event and a version bump', async () => {
    const user = await server.createUser();
    const before = await snapshot(server, user.id);
    const res = await add(user, { card_id: CARDS.AHN, quantity: 3 });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      data: {
        id: expect.any(String),
        card_id: CARDS.AHN,
        card: AHN_SUMMARY,
        quantity: 3,
        condition: 'near_mint',
        finish: 'nonfoil',
        language: 'en',
        binder_id: null,
        purchase_price: null,
        value: { currency: 'usd', unit: '0.15', total: '0.45' },
        tags: [],
        notes: null,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updated_at: res.body.data.created_at,
      },
      meta: {},
    });
    const after = await snapshot(server, user.id);
    expect(after.version).toBe(before.version + 1);
    const events = await server.events(user.id);
    expect(events.map((e) => e.type)).toEqual(['collection.entry.created']);
    expect(events[0]!.payload).toEqual(res.body.data);
    expect((await user.api('GET', `/api/v1/collection/${res.body.data.id}`)).body.data).toEqual(res.body.data);
  });

  it('stores every optional field as given', async () => {
    const user = await server.createUser();
    const res = await add(user, {
      card_id: CARDS.AHN,
      quantity: 2,
      condition: 'lightly_played',
      finish: 'foil',
      language: 'de',
      purchase_price: '1.5',
      tags: ['trade', 'deck', 'trade'],
      notes: 'from the prerelease',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      quantity: 2,
      condition: 'lightly_played',
      finish: 'foil',
      language: 'de',
      purchase_price: '1.50',
      value: { currency: 'usd', unit: '0.25', total: '0.50' },
      tags: ['trade', 'deck'],
      notes: 'from the prerelease',
    });
  });

  it('merges a duplicate add into the existing entry (200, updated event)', async () => {
    const user = await server.createUser();
    const first = await add(user, { card_id: CARDS.AHN, quantity: 2, tags: ['a'] });
    expect(first.status).toBe(201);
    const second = await add(user, { card_id: CARDS.AHN, quantity: 5, tags: ['b', 'a'], purchase_price: '0.10', notes: 'n' });
    expect(second.status, second.text).toBe(200);
    expect(second.body.data).toMatchObject({
      id: first.body.data.id,
      quantity: 7,
      tags: ['a', 'b'],
      purchase_price: '0.10',
      notes: 'n',
      value: { currency: 'usd', unit: '0.15', total: '1.05' },
      created_at: first.body.data.created_at,
    });
    // A merge keeps what the entry already had.
    const third = await add(user, { card_id: CARDS.AHN, purchase_price: '9.99', notes: 'other' });
    expect(third.status).toBe(200);
    expect(third.body.data).toMatchObject({ quantity: 8, purchase_price: '0.10', notes: 'n' });

    const events = await server.events(user.id);
    expect(events.map((e) => e.type)).toEqual(['collection.entry.created', 'collection.entry.updated', 'collection.entry.updated']);
    expect(events[1]!.payload).toEqual(second.body.data);
    expect(events[2]!.payload).toEqual(third.body.data);
    const list = await user.api('GET', '/api/v1/collection');
    expect(list.body.meta).toMatchObject({ total: 1, total_quantity: 8 });
  });

  it('takes a card id in capitals, as GET /cards/{id} does, and merges it with the same card in lower case', async () => {
    const user = await server.createUser();
    const first = await add(user, { card_id: CARDS.AHN.toUpperCase() });
    expect(first.status, first.text).toBe(201);
    expect(first.body.data.card_id).toBe(CARDS.AHN);
    expect((await add(user, { card_id: CARDS.AHN })).status).toBe(200);
    const batch = await user.api('POST', '/api/v1/collection/batch', { entries: [{ card_id: CARDS.AHN.toUpperCase() }] });
    expect(batch.body.meta, batch.text).toEqual({ created: 0, updated: 1 });
    expect((await user.api('GET', '/api/v1/collection')).body.meta).toMatchObject({ total: 1, total_quantity: 3 });
  });

  it('merges concurrent adds of the same cards into one entry', async () => {
    const user = await server.createUser();
    const results = await Promise.all(Array.from({ length: 20 }, () => add(user, { card_id: CARDS.LUNGE, quantity: 2 })));
    expect(results.map((r) => r.status).sort()).toEqual([...Array(19).fill(200), 201]);
    const list = await user.api('GET', '/api/v1/collection');
    expect(list.body.meta).toMatchObject({ total: 1, total_quantity: 40, total_value: '10.40' });
    const events = await server.events(user.id);
    expect(events.map((e) => e.type).sort()).toEqual(['collection.entry.created', ...Array(19).fill('collection.entry.updated')]);
    expect((await snapshot(server, user.id)).version).toBe(20);
  });

  it('stamps the events of racing adds of one card in the order they took effect: by time and id, each holds more copies, the last all of them', async () => {
    const user = await server.createUser();
    for (let round = 0; round < 3; round++) {
      await Promise.all([
        user.api('POST', '/api/v1/collection/batch', { entries: Array.from({ length: 10 }, () => ({ card_id: CARDS.LUNGE })) }),
        ...Array.from({ length: 10 }, () => add(user, { card_id: CARDS.LUNGE })),
      ]);
    }
    const final = (await user.api('GET', '/api/v1/collection')).body.data[0];
    expect(final.quantity).toBe(60);
    const events = (await server.events(user.id)).sort((a, b) => (a.occurred_at < b.occurred_at ? -1 : a.occurred_at > b.occurred_at ? 1 : a.id < b.id ? -1 : 1));
    const quantities = events.map((e) => e.payload.quantity as number);
    expect(quantities).toEqual([...quantities].sort((a, b) => a - b));
    expect(quantities.at(-1)).toBe(60);
    // The entry's updated_at never goes back either.
    const stamps = events.map((e) => e.payload.updated_at as string);
    expect(stamps).toEqual([...stamps].sort());
    expect(final.updated_at).toBe(stamps.at(-1));
  });

  it('keeps entries apart when finish, condition, language or binder differ', async () => {
    const user = await server.createUser();
    const binder = (await user.api('POST', '/api/v1/binders', { name: 'Trade' })).body.data;
    const bodies = [
      { card_id: CARDS.AHN },
      { card_id: CARDS.AHN, finish: 'foil' },
      { card_id: CARDS.AHN, condition: 'damaged' },
      { card_id: CARDS.AHN, language: 'fr' },
      { card_id: CARDS.AHN, binder_id: binder.id },
    ];
    for (const b of bodies) expect((await add(user, b)).status).toBe(201);
    for (const b of bodies) expect((await add(user, b)).status).toBe(200);
    const list = await user.api('GET', '/api/v1/collection');
    expect(list.body.meta).toMatchObject({ total: 5, total_quantity: 10 });
  });

  it("values each finish at its own price and answers null when there is none", async () => {
    const user = await server.createUser();
    const foil = await add(user, { card_id: CARDS.AHN, finish: 'foil', quantity: 3 });
    expect(foil.body.data.value).toEqual({ currency: 'usd', unit: '0.25', total: '0.75' });
    const etched = await add(user, { card_id: CARDS.ABBOT, finish: 'etched', quantity: 2 });
    expect(etched.status, etched.text).toBe(201);
    expect(etched.body.data.value).toEqual({ currency: 'usd', unit: '1.12', total: '2.24' });
    const unpriced = await add(user, { card_id: CARDS.AJANI });
    expect(unpriced.body.data.value).toBeNull();
  });

  it("defaults the language to the card's", async () => {
    const user = await server.createUser();
    const res = await add(user, { card_id: CARDS.LYDARI_JA });
    expect(res.status).toBe(201);
    expect(res.body.data.language).toBe('ja');
    expect(res.body.data.card.lang).toBe('ja');
  });
});

describe('rejected adds change nothing', () => {
  let user: TestUser;
  let other: TestUser;
  let othersBinder: string;
  beforeAll(async () => {
    user = await server.createUser();
    other = await server.createUser();
    othersBinder = (await other.api('POST', '/api/v1/binders', { name: 'Theirs' })).body.data.id;
    await add(user, { card_id: CARDS.AHN, quantity: 99_999 });
    await add(user, { card_id: CARDS.AJANI, tags: Array.from({ length: 20 }, (_, i) => `full${i}`) });
  });

  const cases: Array<[string, () => unknown, number, string, string | undefined, string | undefined]> = [
    ['an unknown card', () => ({ card_id: MISSING_UUID }), 422, 'validation_failed', 'card_id', 'unknown_card'],
    ['a card id that is not a uuid', () => ({ card_id: 'ahn-crop' }), 422, 'validation_failed', 'card_id', 'unknown_card'],
    ['a finish the card lacks', () => ({ card_id: CARDS.AHN, finish: 'etched' }), 422, 'validation_failed', 'finish', 'unavailable_finish'],
    ['nonfoil of an etched-only card', () => ({ card_id: CARDS.ABBOT }), 422, 'validation_failed', 'finish', 'unavailable_finish'],
    ['an unknown binder', () => ({ card_id: CARDS.AHN, binder_id: MISSING_UUID }), 422, 'validation_failed', 'binder_id', 'unknown_binder'],
    ["another user's binder", () => ({ card_id: CARDS.AHN, binder_id: othersBinder }), 422, 'validation_failed', 'binder_id', 'unknown_binder'],
    ['a malformed binder id', () => ({ card_id: CARDS.AHN, binder_id: 'x' }), 422, 'validation_failed', 'binder_id', 'unknown_binder'],
    ['a missing card_id', () => ({ quantity: 1 }), 422, 'validation_failed', 'card_id', 'required'],
    ['a quantity as a string', () => ({ card_id: CARDS.AHN, quantity: '3' }), 422, 'validation_failed', 'quantity', 'invalid_type'],
    ['a fractional quantity', () => ({ card_id: CARDS.AHN, quantity: 1.5 }), 422, 'validation_failed', 'quantity', 'invalid_type'],
    ['quantity 0', () => ({ card_id: CARDS.AHN, quantity: 0 }), 422, 'validation_failed', 'quantity', 'out_of_range'],
    ['quantity 100,001', () => ({ card_id: CARDS.AHN, quantity: 100_001 }), 422, 'validation_failed', 'quantity', 'out_of_range'],
    ['a merge past 100,000 copies', () => ({ card_id: CARDS.AHN, quantity: 2 }), 422, 'validation_failed', 'quantity', 'out_of_range'],
    ['an unknown condition', () => ({ card_id: CARDS.AHN, condition: 'new' }), 422, 'validation_failed', 'condition', 'invalid_value'],
    ['an unknown finish', () => ({ card_id: CARDS.AHN, finish: 'gold' }), 422, 'validation_failed', 'finish', 'invalid_value'],
    ['a numeric purchase price', () => ({ card_id: CARDS.AHN, purchase_price: 1.5 }), 422, 'validation_failed', 'purchase_price', 'invalid_type'],
    ['a purchase price with three decimals', () => ({ card_id: CARDS.AHN, purchase_price: '1.234' }), 422, 'validation_failed', 'purchase_price', 'invalid_format'],
    ['a negative purchase price', () => ({ card_id: CARDS.AHN, purchase_price: '-1.00' }), 422, 'validation_failed', 'purchase_price', 'invalid_format'],
    ['a language that is not a code', () => ({ card_id: CARDS.AHN, language: 'English' }), 422, 'validation_failed', 'language', 'invalid_value'],
    // Two letters are not enough: a code no `lang:` finds and no import reads back is refused.
    ['a language code Scryfall does not have', () => ({ card_id: CARDS.AHN, language: 'zz' }), 422, 'validation_failed', 'language', 'invalid_value'],
    ["another app's code for a language (jp for ja)", () => ({ card_id: CARDS.AHN, language: 'jp' }), 422, 'validation_failed', 'language', 'invalid_value'],
    ['too many tags', () => ({ card_id: CARDS.AHN, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }), 422, 'validation_failed', 'tags', 'invalid_length'],
    ['a merge past 20 tags', () => ({ card_id: CARDS.AJANI, tags: ['one more'] }), 422, 'validation_failed', 'tags', 'out_of_range'],
    ['a tag of spaces only', () => ({ card_id: CARDS.AHN, tags: ['ok', ' \t '] }), 422, 'validation_failed', 'tags[1]', 'invalid_format'],
    ['a tag that is not a string', () => ({ card_id: CARDS.AHN, tags: [1] }), 422, 'validation_failed', 'tags[0]', 'invalid_type'],
    // Stored, a NUL made our csv export unreadable as text (it could not be imported back).
    ['a tag holding a NUL', () => ({ card_id: CARDS.AHN, tags: ['ok', 'a\u0000b'] }), 422, 'validation_failed', 'tags[1]', 'invalid_characters'],
    // Named by its place in the request, duplicates before it counted.
    ['a NUL tag after a duplicate', () => ({ card_id: CARDS.AHN, tags: ['a', 'a', 'x\u0000'] }), 422, 'validation_failed', 'tags[2]', 'invalid_characters'],
    ['an over-long note', () => ({ card_id: CARDS.AHN, notes: 'x'.repeat(2001) }), 422, 'validation_failed', 'notes', 'invalid_length'],
    ['an unknown field', () => ({ card_id: CARDS.AHN, foil: true }), 422, 'validation_failed', 'foil', 'unknown_field'],
    ['an array body', () => [{ card_id: CARDS.AHN }], 422, 'validation_failed', undefined, undefined],
  ];

  for (const [name, body, status, code, field, fieldCode] of cases) {
    it(`rejects ${name}`, async () => {
      const before = await snapshot(server, user.id);
      const res = await add(user, body() as Record<string, unknown>);
      expect(res.status, res.text).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(res.body.code).toBe(code);
      if (field) expect(res.body.errors).toContainEqual(expect.objectContaining({ field, code: fieldCode }));
      expect(await snapshot(server, user.id)).toEqual(before);
    });
  }

  it('rejects malformed JSON with 400 invalid_json', async () => {
    const before = await snapshot(server, user.id);
    const res = await server.request('POST', '/api/v1/collection', { token: user.key, raw: '{"card_id": ' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_json');
    expect(await snapshot(server, user.id)).toEqual(before);
  });

  it('reports every field error at once', async () => {
    const res = await add(user, { card_id: MISSING_UUID, condition: 'new', quantity: 0 });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['condition', 'quantity']);
    const res2 = await add(user, { card_id: MISSING_UUID, binder_id: MISSING_UUID });
    expect(res2.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['binder_id', 'card_id']);
  });
});

describe('batch adds', () => {
  it('adds 1,000 entries in one request, one created event each', async () => {
    const user = await server.createUser();
    const ids = await cardsWithFinishes(server, ['nonfoil', 'foil'], 500);
    expect(ids.length).toBe(500);
    const entries = ids.flatMap((card_id, i) => [
      { card_id, quantity: (i % 4) + 1 },
      { card_id, finish: 'foil', condition: 'mint' },
    ]);
    const res = await user.api('POST', '/api/v1/collection/batch', { entries });
    expect(res.status, res.text.slice(0, 500)).toBe(201);
    expect(res.body.meta).toEqual({ created: 1000, updated: 0 });
    expect(res.body.data).toHaveLength(1000);
    expect(res.body.data[1]).toMatchObject({ card_id: ids[0], finish: 'foil', condition: 'mint', quantity: 1 });
    const events = await server.events(user.id);
    expect(events).toHaveLength(1000);
    expect(events.every((e) => e.type === 'collection.entry.created')).toBe(true);
    expect(events.map((e) => e.payload)).toEqual(res.body.data);
    const list = await user.api('GET', '/api/v1/collection?limit=1');
    const qty = ids.reduce((s, _, i) => s + (i % 4) + 1 + 1, 0);
    expect(list.body.meta).toMatchObject({ total: 1000, total_quantity: qty });
    expect((await snapshot(server, user.id)).version).toBe(1);
  });

  it('merges items into existing entries and into each other', async () => {
    const user = await server.createUser();
    const existing = (await add(user, { card_id: CARDS.AHN, quantity: 2 })).body.data;
    const res = await user.api('POST', '/api/v1/collection/batch', {
      entries: [
        { card_id: CARDS.AHN, quantity: 3 },
        { card_id: CARDS.LUNGE, quantity: 1, tags: ['x'] },
        { card_id: CARDS.LUNGE, quantity: 4, tags: ['y'] },
        { card_id: CARDS.AHN, finish: 'foil' },
      ],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.meta).toEqual({ created: 2, updated: 1 });
    const [a, l1, l2, f] = res.body.data;
    expect(a).toMatchObject({ id: existing.id, quantity: 5, value: { total: '0.75' } });
    expect(l1).toEqual(l2);
    expect(l1).toMatchObject({ card_id: CARDS.LUNGE, quantity: 5, tags: ['x', 'y'], value: { unit: '0.26', total: '1.30' } });
    expect(f).toMatchObject({ finish: 'foil', quantity: 1 });
    const events = (await server.events(user.id)).slice(1);
    expect(events.map((e) => [e.type, e.payload.id])).toEqual([
      ['collection.entry.updated', existing.id],
      ['collection.entry.created', l1.id],
      ['collection.entry.created', f.id],
    ]);
    expect(events.map((e) => e.payload)).toEqual([a, l1, f]);
  });

  it('refuses items that together would give one entry more than 20 tags, naming the item, and writes nothing', async () => {
    const user = await server.createUser();
    const before = await snapshot(server, user.id);
    const tags = (p: string) => Array.from({ length: 20 }, (_, i) => `${p}${i}`);
    const res = await user.api('POST', '/api/v1/collection/batch', { entries: [{ card_id: CARDS.AHN, tags: tags('a') }, { card_id: CARDS.LUNGE }, { card_id: CARDS.AHN, tags: tags('b') }] });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'entries[2].tags', code: 'out_of_range' })]);
    expect(await snapshot(server, user.id)).toEqual(before);
  });

  it('refuses an item whose tag holds a control character, naming it, and writes nothing', async () => {
    const user = await server.createUser();
    const before = await snapshot(server, user.id);
    const res = await user.api('POST', '/api/v1/collection/batch', { entries: [{ card_id: CARDS.AHN, tags: ['fine'] }, { card_id: CARDS.LUNGE, tags: ['q\u0000'] }] });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'entries[1].tags[0]', code: 'invalid_characters' })]);
    expect(await snapshot(server, user.id)).toEqual(before);
  });

  it('refuses 1,001 items and writes nothing', async () => {
    const user = await server.createUser();
    const before = await snapshot(server, user.id);
    const entries = Array.from({ length: 1001 }, () => ({ card_id: CARDS.AHN }));
    const res = await user.api('POST', '/api/v1/collection/batch', { entries });
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'entries', code: 'invalid_length' }));
    expect(await snapshot(server, user.id)).toEqual(before);
  });

  it('is all or nothing: an invalid 500th item writes nothing and records no event', async () => {
    const user = await server.createUser();
    await add(user, { card_id: CARDS.AHN });
    const before = await snapshot(server, user.id);
    const ids = await cardsWithFinishes(server, ['nonfoil'], 999);
    const entries: Array<Record<string, unknown>> = ids.map((card_id) => ({ card_id }));
    entries.unshift({ card_id: CARDS.AHN, quantity: 4 });
    entries[499] = { card_id: CARDS.AHN, finish: 'etched' };
    const res = await user.api('POST', '/api/v1/collection/batch', { entries: entries.slice(0, 1000) });
    expect(res.status, res.text.slice(0, 300)).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'entries[499].finish', code: 'unavailable_finish' })]);
    expect(await snapshot(server, user.id)).toEqual(before);
  });

  it('names schema errors, unknown cards and unknown binders by item path', async () => {
    const user = await server.createUser();
    const before = await snapshot(server, user.id);
    const schemaErr = await user.api('POST', '/api/v1/collection/batch', {
      entries: [{ card_id: CARDS.AHN }, { card_id: CARDS.AHN }, { card_id: CARDS.AHN }, { card_id: CARDS.AHN, condition: 'bad', extra: 1 }],
    });
    expect(schemaErr.status).toBe(422);
    expect(schemaErr.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'entries[3].condition', code: 'invalid_value' }),
        expect.objectContaining({ field: 'entries[3].extra', code: 'unknown_field' }),
      ]),
    );
    const refErr = await user.api('POST', '/api/v1/collection/batch', {
      entries: [{ card_id: CARDS.AHN }, { card_id: CARDS.AHN, binder_id: MISSING_UUID }, { card_id: MISSING_UUID }],
    });
    expect(refErr.status).toBe(422);
    expect(refErr.body.errors).toEqual([
      expect.objectContaining({ field: 'entries[1].binder_id', code: 'unknown_binder' }),
      expect.objectContaining({ field: 'entries[2].card_id', code: 'unknown_card' }),
    ]);
    for (const body of [{}, { entries: [] }, { entries: {} }]) {
      const res = await user.api('POST', '/api/v1/collection/batch', body);
      expect(res.status).toBe(422);
    }
    const malformed = await server.request('POST', '/api/v1/collection/batch', { token: user.key, raw: '{"entries": [' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('invalid_json');
    expect(await snapshot(server, user.id)).toEqual(before);
  });
});

describe('atomic writes', () => {
  // A trigger that fails the outbox insert of any event mentioning the marker: the failure
  // happens after the entry rows were written, inside the same transaction.
  const MARKER = 'boom-marker';
  beforeAll(async () => {
    const db = server.ctx.database.db;
    if (server.ctx.database.dialect === 'sqlite') {
      await sql.raw(`create trigger test_boom before insert on events when new.payload like '%${MARKER}%' begin select raise(abort, 'boom'); end`).execute(db);
    } else {
      await sql.raw(`create function test_boom() returns trigger language plpgsql as $$ begin if new.payload like '%${MARKER}%' then raise exception 'boom'; end if; return new; end $$`).execute(db);
      await sql.raw('create trigger test_boom before insert on events for each row execute function test_boom()').execute(db);
    }
  });
  afterAll(async () => {
    await sql.raw('drop trigger test_boom' + (server.ctx.database.dialect === 'sqlite' ? '' : ' on events')).execute(server.ctx.database.db);
  });

  it('rolls back every entry, the version and all events when a batch fails while writing', async () => {
    const user = await server.createUser();
    await add(user, { card_id: CARDS.AHN });
    const before = await snapshot(server, user.id);
    const ids = await cardsWithFinishes(server, ['nonfoil'], 1000);
    const entries: Array<Record<string, unknown>> = ids.map((card_id) => ({ card_id }));
    entries[499] = { card_id: ids[499], notes: MARKER };
    entries[0] = { card_id: CARDS.AHN, quantity: 3 };
    const res = await user.api('POST', '/api/v1/collection/batch', { entries });
    expect(res.status).toBe(500);
    expect(Object.keys(res.body)).toEqual(['request_id']);
    expect(await snapshot(server, user.id)).toEqual(before);
  });

  it('rolls back a PATCH, a DELETE and a binder delete whose event cannot be written', async () => {
    const db = server.ctx.database.db;
    const user = await server.createUser();
    const binder = (await user.api('POST', '/api/v1/binders', { name: 'B' })).body.data;
    const entry = (await add(user, { card_id: CARDS.AHN, binder_id: binder.id })).body.data;
    let before = await snapshot(server, user.id);
    expect((await user.api('PATCH', `/api/v1/collection/${entry.id}`, { quantity: 5, notes: MARKER })).status).toBe(500);
    expect(await snapshot(server, user.id)).toEqual(before);

    // Marked behind the API's back, so the entry's deleted/updated events fail too.
    await db.updateTable('collection_entries').set({ notes: MARKER }).where('id', '=', entry.id).execute();
    before = await snapshot(server, user.id);
    expect((await user.api('DELETE', `/api/v1/collection/${entry.id}`)).status).toBe(500);
    expect(await snapshot(server, user.id)).toEqual(before);
    expect((await user.api('DELETE', `/api/v1/binders/${binder.id}`)).status).toBe(500);
    expect(await snapshot(server, user.id)).toEqual(before);
    expect((await user.api('GET', `/api/v1/binders/${binder.id}`)).body.data).toMatchObject({ entry_count: 1, position: 1 });
  });
});

describe('reading, changing and removing one entry', () => {
  it('updates every changeable field and records the entry as it now is', async () => {
    const user = await server.createUser();
    const binder = (await user.api('POST', '/api/v1/binders', { name: 'B' })).body.data;
    const entry = (await add(user, { card_id: CARDS.AHN, quantity: 2 })).body.data;
    const before = await snapshot(server, user.id);
    const res = await user.api('PATCH', `/api/v1/collection/${entry.id}`, {
      quantity: 4,
      condition: 'mint',
      finish: 'foil',
      language: 'it',
      binder_id: binder.id,
      purchase_price: '2',
      tags: ['z', 'z', 'y'],
      notes: 'sleeved',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      id: entry.id,
      quantity: 4,
      condition: 'mint',
      finish: 'foil',
      language: 'it',
      binder_id: binder.id,
      purchase_price: '2.00',
      tags: ['z', 'y'],
      notes: 'sleeved',
      value: { currency: 'usd', unit: '0.25', total: '1.00' },
      created_at: entry.created_at,
    });
    const events = await server.events(user.id);
    expect(events.at(-1)).toMatchObject({ type: 'collection.entry.updated', payload: res.body.data });
    expect(events.length).toBe(before.events.length + 1);
    expect((await snapshot(server, user.id)).version).toBe(before.version + 1);
    expect((await user.api('GET', `/api/v1/collection/${entry.id}`)).body.data).toEqual(res.body.data);

    const cleared = await user.api('PATCH', `/api/v1/collection/${entry.id}`, { binder_id: null, purchase_price: null, notes: null, tags: [] });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ binder_id: null, purchase_price: null, notes: null, tags: [] });
  });

  it('answers an unchanged PATCH with the entry and records nothing', async () => {
    const user = await server.createUser();
    const entry = (await add(user, { card_id: CARDS.AHN, quantity: 2 })).body.data;
    const before = await snapshot(server, user.id);
    for (const body of [{}, { quantity: 2, finish: 'nonfoil' }]) {
      const res = await user.api('PATCH', `/api/v1/collection/${entry.id}`, body);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(entry);
    }
    expect(await snapshot(server, user.id)).toEqual(before);
  });

  it('answers 409 when a change would duplicate another entry', async () => {
    const user = await server.createUser();
    const a = (await add(user, { card_id: CARDS.AHN })).body.data;
    await add(user, { card_id: CARDS.AHN, finish: 'foil' });
    const before = await snapshot(server, user.id);
    const res = await user.api('PATCH', `/api/v1/collection/${a.id}`, { finish: 'foil', quantity: 5 });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('conflict');
    expect(await snapshot(server, user.id)).toEqual(before);
  });

  it('rejects an invalid PATCH without writing anything', async () => {
    const user = await server.createUser();
    const other = await server.createUser();
    const theirs = (await other.api('POST', '/api/v1/binders', { name: 'T' })).body.data.id;
    const entry = (await add(user, { card_id: CARDS.AHN })).body.data;
    const before = await snapshot(server, user.id);
    const cases: Array<[unknown, number, string | undefined, string | undefined]> = [
      [{ finish: 'etched' }, 422, 'finish', 'unavailable_finish'],
      [{ binder_id: theirs }, 422, 'binder_id', 'unknown_binder'],
      [{ binder_id: MISSING_UUID, quantity: 3 }, 422, 'binder_id', 'unknown_binder'],
      [{ quantity: 0 }, 422, 'quantity', 'out_of_range'],
      [{ quantity: null }, 422, 'quantity', 'invalid_type'],
      [{ card_id: CARDS.LUNGE }, 422, 'card_id', 'unknown_field'],
      [{ condition: 'poor' }, 422, 'condition', 'invalid_value'],
      [{ tags: 'a' }, 422, 'tags', 'invalid_type'],
      [{ tags: ['   '] }, 422, 'tags[0]', 'invalid_format'],
      [{ tags: ['fine', 'x\u0000y'] }, 422, 'tags[1]', 'invalid_characters'],
      ['text', 422, undefined, undefined],
    ];
    for (const [body, status, field, code] of cases) {
      const res = await user.api('PATCH', `/api/v1/collection/${entry.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (field) expect(res.body.errors).toContainEqual(expect.objectContaining({ field, code }));
    }
    const malformed = await server.request('PATCH', `/api/v1/collection/${entry.id}`, { token: user.key, raw: '{quantity: 2}' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('invalid_json');
    expect(await snapshot(server, user.id)).toEqual(before);
  });

  it('deletes an entry (204) and records it as it was', async () => {
    const user = await server.createUser();
    const entry = (await add(user, { card_id: CARDS.AHN, quantity: 2, tags: ['gone'] })).body.data;
    const version = (await snapshot(server, user.id)).version;
    const res = await user.api('DELETE', `/api/v1/collection/${entry.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const events = await server.events(user.id);
    expect(events.at(-1)).toMatchObject({ type: 'collection.entry.deleted', payload: entry });
    expect((await snapshot(server, user.id)).version).toBe(version + 1);
    expect((await user.api('GET', `/api/v1/collection/${entry.id}`)).status).toBe(404);
    const again = await user.api('DELETE', `/api/v1/collection/${entry.id}`);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('not_found');
    expect((await server.events(user.id)).length).toBe(events.length);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const user = await server.createUser();
    for (const id of [MISSING_UUID, 'nope']) {
      for (const [method, body] of [['GET'], ['PATCH', { quantity: 2 }], ['DELETE']] as const) {
        const res = await user.api(method, `/api/v1/collection/${id}`, body);
        expect(res.status, `${method} ${id}`).toBe(404);
        expect(res.body.code).toBe('not_found');
      }
    }
  });
});

describe('isolation between users', () => {
  it("answers 404 for another user's entry and leaves it untouched", async () => {
    const a = await server.createUser();
    const b = await server.createUser();
    const entry = (await add(a, { card_id: CARDS.AHN })).body.data;
    const before = await snapshot(server, a.id);
    const beforeB = await snapshot(server, b.id);
    for (const [method, body] of [['GET'], ['PATCH', { quantity: 9 }], ['DELETE']] as const) {
      const res = await b.api(method, `/api/v1/collection/${entry.id}`, body);
      expect(res.status, method).toBe(404);
    }
    const list = await b.api('GET', '/api/v1/collection');
    expect(list.body).toEqual({ data: [], meta: { total: 0, total_quantity: 0, total_value: '0.00', next_cursor: null } });
    expect(await snapshot(server, a.id)).toEqual(before);
    expect(await snapshot(server, b.id)).toEqual(beforeB);
  });

  it("cannot file entries into another user's binder, even via batch or PATCH", async () => {
    const a = await server.createUser();
    const b = await server.createUser();
    const binder = (await a.api('POST', '/api/v1/binders', { name: 'Mine' })).body.data;
    const mine = (await b.api('POST', '/api/v1/collection', { card_id: CARDS.AHN })).body.data;
    const before = await snapshot(server, b.id);
    expect((await b.api('POST', '/api/v1/collection', { card_id: CARDS.AHN, binder_id: binder.id })).status).toBe(422);
    expect((await b.api('POST', '/api/v1/collection/batch', { entries: [{ card_id: CARDS.AHN, binder_id: binder.id }] })).status).toBe(422);
    expect((await b.api('PATCH', `/api/v1/collection/${mine.id}`, { binder_id: binder.id })).status).toBe(422);
    expect(await snapshot(server, b.id)).toEqual(before);
    expect((await a.api('GET', `/api/v1/binders/${binder.id}`)).body.data.entry_count).toBe(0);
  });
});

describe('scopes', () => {
  it('lets a collection:read key read but never write', async () => {
    const owner = await server.createUser();
    const entry = (await add(owner, { card_id: CARDS.AHN })).body.data;
    const binder = (await owner.api('POST', '/api/v1/binders', { name: 'B' })).body.data;
    const key = await server.ctx.apiKeys.create(owner.id, { name: 'read-only', scopes: ['collection:read'] });
    const call = (method: string, p: string, body?: unknown) => server.request(method, p, { token: key.key, body });
    const before = await snapshot(server, owner.id);

    expect((await call('GET', '/api/v1/collection')).status).toBe(200);
    expect((await call('GET', `/api/v1/collection/${entry.id}`)).status).toBe(200);
    expect((await call('GET', '/api/v1/binders')).status).toBe(200);
    const writes: Array<[string, string, unknown]> = [
      ['POST', '/api/v1/collection', { card_id: CARDS.AHN }],
      ['POST', '/api/v1/collection/batch', { entries: [{ card_id: CARDS.AHN }] }],
      ['PATCH', `/api/v1/collection/${entry.id}`, { quantity: 5 }],
      ['DELETE', `/api/v1/collection/${entry.id}`, undefined],
      ['POST', '/api/v1/binders', { name: 'X' }],
      ['PATCH', `/api/v1/binders/${binder.id}`, { name: 'Y' }],
      ['DELETE', `/api/v1/binders/${binder.id}`, undefined],
    ];
    for (const [method, p, body] of writes) {
      const res = await call(method, p, body);
      expect(res.status, `${method} ${p}`).toBe(403);
      expect(res.body).toMatchObject({ code: 'insufficient_scope', missing_scope: 'collection:write' });
      expect(res.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="collection:write"');
    }
    expect(await snapshot(server, owner.id)).toEqual(before);
  });

  it('requires collection:read to list, and collection:write implies it', async () => {
    const cardsOnly = await server.createUser({ scopes: ['cards:read'] });
    const res = await cardsOnly.api('GET', '/api/v1/collection');
    expect(res.status).toBe(403);
    expect(res.body.missing_scope).toBe('collection:read');
    const writer = await server.createUser({ scopes: ['collection:write'] });
    expect((await writer.api('POST', '/api/v1/collection', { card_id: CARDS.AHN })).status).toBe(201);
    expect((await writer.api('GET', '/api/v1/collection')).status).toBe(200);
  });
});

describe('listing', () => {
  let user: TestUser;
  let binderId: string;
  let entries: any[];

  beforeAll(async () => {
    user = await server.createUser();
    binderId = (await user.api('POST', '/api/v1/binders', { name: 'Main' })).body.data.id;
    const cards = await pricedCards(server, 12);
    const items: Array<Record<string, unknown>> = cards.map((c, i) => ({
      card_id: c.id,
      quantity: (i % 5) + 1,
      finish: i % 3 === 0 ? 'foil' : 'nonfoil',
      condition: i % 2 === 0 ? 'near_mint' : 'lightly_played',
      ...(i % 4 === 0 ? { binder_id: binderId } : {}),
    }));
    items.push(
      { card_id: CARDS.AHN, quantity: 3 },
      { card_id: CARDS.AHN, quantity: 2, finish: 'foil', binder_id: binderId },
      { card_id: CARDS.AJANI, quantity: 4 },
      { card_id: CARDS.AJANI, quantity: 1, finish: 'foil' },
      { card_id: CARDS.ABBOT, finish: 'etched', quantity: 2 },
      { card_id: CARDS.LUNGE, quantity: 5, condition: 'damaged' },
      { card_id: CARDS.LYDARI_JA, quantity: 3 },
    );
    // Some in one batch (one timestamp), some one by one, so `added` ties exercise the id tie-break.
    const batch = await user.api('POST', '/api/v1/collection/batch', { entries: items.slice(0, 10) });
    expect(batch.status, batch.text).toBe(201);
    for (const item of items.slice(10)) expect((await add(user, item)).status).toBe(201);
    entries = (await user.api('GET', '/api/v1/collection?limit=200')).body.data;
    expect(entries).toHaveLength(19);
  });

  /** Pages through `query` and checks it lists exactly the entries `pred` picks, with matching totals. */
  async function expectListing(query: string, pred: (e: any) => boolean): Promise<number> {
    const expected = entries.filter(pred);
    const paged = await listAll(user, query, 3);
    expect(paged.map((e) => e.id).sort(), query).toEqual(expected.map((e) => e.id).sort());
    const res = await user.api('GET', `/api/v1/collection?${query}`);
    expect(res.body.meta, query).toMatchObject({
      total: expected.length,
      total_quantity: expected.reduce((s, e) => s + e.quantity, 0),
      total_value: (expected.reduce((s, e) => s + (e.value ? cents(e.value.total) : 0), 0) / 100).toFixed(2),
    });
    return expected.length;
  }

  it('reports total, total_quantity and total_value over the whole collection', async () => {
    const res = await user.api('GET', '/api/v1/collection?limit=5');
    expect(res.body.data).toHaveLength(5);
    const quantity = entries.reduce((s, e) => s + e.quantity, 0);
    const value = entries.reduce((s, e) => s + (e.value ? cents(e.value.total) : 0), 0);
    expect(res.body.meta).toEqual({ total: 19, total_quantity: quantity, total_value: (value / 100).toFixed(2), next_cursor: expect.any(String) });
    for (const e of entries) {
      if (!e.value) continue;
      expect(cents(e.value.total)).toBe(cents(e.value.unit) * e.quantity);
      const price = e.finish === 'foil' ? e.card.prices.usd_foil : e.finish === 'etched' ? e.card.prices.usd_etched : e.card.prices.usd;
      expect(e.value.unit).toBe(price);
    }
  });

  it('computes values with real prices: 3 × 0.15 + 2 × 0.25 = 0.95', async () => {
    const res = await user.api('GET', '/api/v1/collection?q=ahn-crop');
    expect(res.body.meta).toEqual({ total: 2, total_quantity: 5, total_value: '0.95', next_cursor: null });
    const noPrice = await user.api('GET', '/api/v1/collection?q=ajani');
    expect(noPrice.body.meta).toEqual({ total: 2, total_quantity: 5, total_value: '0.00', next_cursor: null });
  });

  it('lists newest first by default', async () => {
    const keys = entries.map((e) => [e.created_at, e.id].join('|'));
    expect(keys).toEqual([...keys].sort().reverse());
  });

  for (const sort of ['added', 'name', 'value', 'quantity', 'set']) {
    for (const dir of ['asc', 'desc', undefined]) {
      it(`pages through sort=${sort}${dir ? ` dir=${dir}` : ''} with no duplicates or gaps`, async () => {
        const q = `sort=${sort}${dir ? `&dir=${dir}` : ''}`;
        const whole = await user.api('GET', `/api/v1/collection?${q}&limit=200`);
        expect(whole.body.meta.next_cursor).toBeNull();
        const paged = await listAll(user, q, 4);
        expect(paged.map((e) => e.id)).toEqual(whole.body.data.map((e: { id: string }) => e.id));
        expect(new Set(paged.map((e) => e.id)).size).toBe(19);
        const effective = dir ?? (sort === 'name' || sort === 'set' ? 'asc' : 'desc');
        const key = (e: any): string | number =>
          sort === 'added' ? e.created_at : sort === 'name' ? e.card.name : sort === 'quantity' ? e.quantity : sort === 'set' ? e.card.set : e.value ? cents(e.value.total) : NaN;
        const keys = paged.map(key);
        if (sort === 'value') {
          // Unpriced entries come last in both directions.
          const firstNull = keys.findIndex((k) => Number.isNaN(k));
          expect(firstNull).toBeGreaterThan(0);
          expect(keys.slice(firstNull).every((k) => Number.isNaN(k))).toBe(true);
          keys.splice(firstNull);
        }
        for (let i = 1; i < keys.length; i++) {
          if (effective === 'asc') expect(keys[i - 1]! <= keys[i]!, `${keys[i - 1]} <= ${keys[i]}`).toBe(true);
          else expect(keys[i - 1]! >= keys[i]!, `${keys[i - 1]} >= ${keys[i]}`).toBe(true);
        }
      });
    }
  }

  it('filters by binder, none, set, finish, condition and name, with matching totals', async () => {
    const check = (query: string, pred: (e: any) => boolean) => expectListing(query, pred);
    expect(await check(`binder_id=${binderId}`, (e) => e.binder_id === binderId)).toBeGreaterThan(0);
    expect(await check('binder_id=none', (e) => e.binder_id === null)).toBeGreaterThan(0);
    expect(await check('set=WAR', (e) => e.card.set === 'war')).toBeGreaterThan(0);
    expect(await check('finish=foil', (e) => e.finish === 'foil')).toBeGreaterThan(0);
    expect(await check('condition=damaged', (e) => e.condition === 'damaged')).toBe(1);
    expect(await check('q=AHN-CROP', (e) => e.card.name === 'Ahn-Crop Invader')).toBe(2);
    expect(await check(`finish=foil&binder_id=${binderId}&sort=value`, (e) => e.finish === 'foil' && e.binder_id === binderId)).toBeGreaterThan(0);
    expect(await check(`binder_id=${MISSING_UUID}`, () => false)).toBe(0);
  });

  it('filters with the card-search syntax plus the collection-only keywords, with matching totals', async () => {
    const check = (q: string, pred: (e: any) => boolean) => expectListing(`q=${encodeURIComponent(q)}`, pred);
    expect(await check('!"Ahn-Crop Invader"', (e) => e.card.name === 'Ahn-Crop Invader')).toBe(2);
    expect(await check('ahn-crop is:foil', (e) => e.card.name === 'Ahn-Crop Invader' && e.finish === 'foil')).toBe(1);
    expect(await check('finish:etched', (e) => e.finish === 'etched')).toBe(1);
    expect(await check('-is:foil set:war', (e) => e.finish !== 'foil' && e.card.set === 'war')).toBeGreaterThan(0);
    expect(await check('qty>=4', (e) => e.quantity >= 4)).toBeGreaterThan(0);
    expect(await check('condition:damaged', (e) => e.condition === 'damaged')).toBe(1);
    expect(await check('binder:main', (e) => e.binder_id === binderId)).toBeGreaterThan(0);
    expect(await check('binder:none qty<2', (e) => e.binder_id === null && e.quantity < 2)).toBeGreaterThan(0);
    expect(await check('(ajani or lunge) -qty=1', (e) => /ajani|lunge/i.test(e.card.name) && e.quantity !== 1)).toBe(2);
    expect(await check('r:rare', (e) => e.card.rarity === 'rare')).toBeGreaterThan(0);
    expect(await check('usd>1000000', () => false)).toBe(0);
  });

  it("tests the copy's language with lang:, as is:foil tests its finish: an English printing owned in Japanese is lang:ja", async () => {
    const owner = await server.createUser();
    const add = (language: string) => owner.api('POST', '/api/v1/collection', { card_id: CARDS.AHN, language });
    expect((await add('ja')).status).toBe(201);
    expect((await add('en')).status).toBe(201);
    const languages = async (q: string) =>
      ((await owner.api('GET', `/api/v1/collection?q=${encodeURIComponent(q)}`)).body.data as Array<{ language: string }>).map((e) => e.language).sort();
    expect(await languages('lang:ja')).toEqual(['ja']);
    expect(await languages('lang:en ahn-crop')).toEqual(['en']);
    expect(await languages('lang!=en')).toEqual(['ja']);
    expect(await languages('-lang:ja')).toEqual(['en']);
    expect(await languages('lang:japanese or lang:fr')).toEqual(['ja']);
  });

  it('finds entries by tag with tag:, in any case, tag:none for untagged ones, and -tag: or tag!= for the others; a PATCH moves an entry at once', async () => {
    const owner = await server.createUser();
    const add = async (card_id: string, tags: string[]) => (await owner.api('POST', '/api/v1/collection', { card_id, tags })).body.data.id as string;
    const trade = await add(CARDS.AHN, ['Trade', 'deck: esper']);
    const signed = await add(CARDS.AJANI, ['signed']);
    const plain = await add(CARDS.LUNGE, []);
    const ids = async (q: string) => {
      const res = await owner.api('GET', `/api/v1/collection?q=${encodeURIComponent(q)}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.meta.total).toBe(res.body.data.length);
      return (res.body.data as Array<{ id: string }>).map((e) => e.id).sort();
    };
    expect(await ids('tag:trade')).toEqual([trade]);
    expect(await ids('tag:"DECK: ESPER"')).toEqual([trade]);
    expect(await ids('tags=signed')).toEqual([signed]);
    expect(await ids('tag:none')).toEqual([plain]);
    expect(await ids('-tag:none')).toEqual([trade, signed].sort());
    expect(await ids('tag!=trade')).toEqual([signed, plain].sort());
    expect(await ids('tag:trade or tag:signed')).toEqual([trade, signed].sort());
    // A whole tag, not a part of one; spaces around a stored tag do not count.
    expect(await ids('tag:deck')).toEqual([]);
    const padded = (await owner.api('POST', '/api/v1/collection', { card_id: CARDS.ABBOT, finish: 'etched', tags: ['  spaced out '] })).body.data.id as string;
    expect(await ids('tag:"spaced out"')).toEqual([padded]);
    expect((await owner.api('PATCH', `/api/v1/collection/${plain}`, { tags: ['trade'] })).status).toBe(200);
    expect(await ids('tag:trade')).toEqual([trade, plain].sort());
    expect((await owner.api('DELETE', `/api/v1/collection/${padded}`)).status).toBe(204);
    for (const bad of ['tag>trade', 'tag:""']) {
      const res = await owner.api('GET', `/api/v1/collection?q=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe('invalid_query');
    }
    // Card search has no entries to tag.
    expect((await owner.api('GET', '/api/v1/cards/search?q=tag%3Atrade')).status).toBe(400);
  });

  it('answers 400 invalid_query for a query it cannot parse, naming the token', async () => {
    const res = await user.api('GET', `/api/v1/collection?q=${encodeURIComponent('name:(')}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.code).toBe('invalid_query');
    const unknown = await user.api('GET', '/api/v1/collection?q=frobnicate%3Ayes');
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('invalid_query');
    expect(unknown.text).toContain('frobnicate');
  });

  it('refuses card search\'s result directives in q (order:, dir:, unique:, prefer:) with 400 naming sort= and dir=, never ignoring them', async () => {
    for (const q of ['order:name', 't:creature dir:asc', 'unique:prints', 'prefer:oldest']) {
      const res = await user.api('GET', `/api/v1/collection?q=${encodeURIComponent(q)}`);
      expect([res.status, res.body.code], q).toEqual([400, 'invalid_query']);
    }
    expect((await user.api('GET', `/api/v1/collection?q=${encodeURIComponent('order:name')}`)).body.detail).toContain('sort=');
    // Pointed at where it was written, as every other query error is (Scryfall's "++" shorthand too).
    for (const [q, position, token] of [['t:dragon unique:prints', 9, 'unique:prints'], ['c:r ++', 4, '++'], ['(t:elf) Prefer:newest', 8, 'Prefer:newest']] as const) {
      const res = await user.api('GET', `/api/v1/collection?q=${encodeURIComponent(q)}`);
      expect(res.body, q).toMatchObject({ code: 'invalid_query', position, token });
      expect(res.body.detail, q).toContain(`"${token}" at position ${position}`);
    }
    const exported = await user.api('POST', '/api/v1/exports', { source: 'collection', format: 'csv', q: 'order:usd' });
    expect([exported.status, exported.body.code]).toEqual([400, 'invalid_query']);
  });

  it('keeps cursors stable while entries are added', async () => {
    const u = await server.createUser();
    const ids = await cardsWithFinishes(server, ['nonfoil'], 10);
    for (const id of ids.slice(0, 6)) await add(u, { card_id: id });
    const first = await u.api('GET', '/api/v1/collection?limit=3');
    await add(u, { card_id: ids[6] });
    const second = await u.api('GET', `/api/v1/collection?limit=3&cursor=${first.body.meta.next_cursor}`);
    const seen = [...first.body.data, ...second.body.data].map((e: { id: string }) => e.id);
    expect(new Set(seen).size).toBe(6);
    expect(second.body.meta.total).toBe(7);
    const asc1 = await u.api('GET', '/api/v1/collection?sort=added&dir=asc&limit=5');
    await add(u, { card_id: ids[7] });
    const asc2 = await u.api('GET', `/api/v1/collection?sort=added&dir=asc&limit=5&cursor=${asc1.body.meta.next_cursor}`);
    expect([...asc1.body.data, ...asc2.body.data].map((e: { card_id: string }) => e.card_id)).toEqual(ids.slice(0, 8));
  });

  it('answers a query text seen before by its own filters, sort and cursor, and refuses a bad one every time', async () => {
    const names = (res: { body: any }) => res.body.data.map((e: any) => e.card.name);
    let firstRound: unknown[] | undefined;
    for (let round = 0; round < 2; round++) {
      const foil = await user.api('GET', '/api/v1/collection?finish=foil&limit=200');
      const nonfoil = await user.api('GET', '/api/v1/collection?finish=nonfoil&limit=200');
      expect(foil.body.data.length).toBeGreaterThan(0);
      expect(foil.body.data.every((e: any) => e.finish === 'foil')).toBe(true);
      expect(nonfoil.body.data.every((e: any) => e.finish === 'nonfoil')).toBe(true);
      const first = await user.api('GET', '/api/v1/collection?sort=name&limit=2');
      const second = await user.api('GET', `/api/v1/collection?sort=name&limit=2&cursor=${first.body.meta.next_cursor}`);
      const both = [...names(first), ...names(second)];
      expect(both).toEqual(entries.map((e) => e.card.name).sort((a: string, b: string) => a.localeCompare(b)).slice(0, 4));
      const bad = await user.api('GET', '/api/v1/collection?sort=name&cursor=garbage');
      expect(bad.status).toBe(422);
      const seen = [names(foil), names(nonfoil), both];
      if (firstRound) expect(seen).toEqual(firstRound);
      firstRound = seen;
    }
  });

  it('rejects bad list parameters with 422 and a field', async () => {
    const valueCursor = (await user.api('GET', '/api/v1/collection?sort=value&limit=2')).body.meta.next_cursor;
    const forged = (v: unknown[]) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const cases: Array<[string, string, string]> = [
      ['limit=0', 'limit', 'out_of_range'],
      ['limit=201', 'limit', 'out_of_range'],
      ['limit=abc', 'limit', 'invalid_type'],
      ['cursor=garbage', 'cursor', 'invalid_cursor'],
      [`sort=quantity&cursor=${valueCursor}`, 'cursor', 'invalid_cursor'],
      [`sort=value&dir=asc&cursor=${valueCursor}`, 'cursor', 'invalid_cursor'],
      [`sort=quantity&cursor=${forged(['collection:quantity:desc', 'x', 'y'])}`, 'cursor', 'invalid_cursor'],
      [`sort=quantity&cursor=${forged(['collection:quantity:desc', 1e300, 'y'])}`, 'cursor', 'invalid_cursor'],
      // Values no page could have written: compared as they stood, the first gave page one again and
      // the second (ascending) an empty last page, which a sync client takes for the end.
      [`cursor=${forged(['collection:added:desc', 'garbage', 'x'])}`, 'cursor', 'invalid_cursor'],
      [`dir=asc&cursor=${forged(['collection:added:asc', 'garbage', 'x'])}`, 'cursor', 'invalid_cursor'],
      [`cursor=${forged(['collection:added:desc', '2026-13-45T99:00:00Z', 'x'])}`, 'cursor', 'invalid_cursor'],
      [`sort=quantity&dir=asc&cursor=${forged(['collection:quantity:asc', -5, 'y'])}`, 'cursor', 'invalid_cursor'],
      ['sort=price', 'sort', 'invalid_value'],
      ['dir=up', 'dir', 'invalid_value'],
      ['finish=gold', 'finish', 'invalid_value'],
      ['condition=new', 'condition', 'invalid_value'],
      ['binder_id=mine', 'binder_id', 'invalid_value'],
      ['colour=red', 'colour', 'unknown_field'],
    ];
    for (const [q, field, code] of cases) {
      const res = await user.api('GET', `/api/v1/collection?${q}`);
      expect(res.status, q).toBe(422);
      expect(res.body.errors, q).toContainEqual(expect.objectContaining({ field, code }));
    }
  });
});

describe('cached listings', () => {
  it('shows new totals on the next request after a write by any path', async () => {
    const user = await server.createUser();
    const meta = async () => (await user.api('GET', '/api/v1/collection')).body.meta;
    expect(await meta()).toMatchObject({ total: 0, total_value: '0.00' });

    // Written through the service directly, as another route or process would.
    const { entry } = await server.ctx.collection.add(user.id, { card_id: CARDS.AHN, quantity: 2 });
    expect(await meta()).toMatchObject({ total: 1, total_quantity: 2, total_value: '0.30' });
    await user.api('POST', '/api/v1/collection/batch', { entries: [{ card_id: CARDS.AHN, finish: 'foil' }] });
    expect(await meta()).toMatchObject({ total: 2, total_quantity: 3, total_value: '0.55' });
    await user.api('PATCH', `/api/v1/collection/${entry.id}`, { quantity: 10 });
    expect(await meta()).toMatchObject({ total: 2, total_quantity: 11, total_value: '1.75' });
    const binder = (await user.api('POST', '/api/v1/binders', { name: 'B' })).body.data;
    await user.api('PATCH', `/api/v1/collection/${entry.id}`, { binder_id: binder.id });
    expect(await meta()).toMatchObject({ total: 2 });
    expect((await user.api('GET', `/api/v1/collection?binder_id=${binder.id}`)).body.meta).toMatchObject({ total: 1 });
    await user.api('DELETE', `/api/v1/binders/${binder.id}`);
    expect((await user.api('GET', `/api/v1/collection?binder_id=${binder.id}`)).body.meta).toMatchObject({ total: 0 });
    expect((await user.api('GET', '/api/v1/collection?binder_id=none')).body.meta).toMatchObject({ total: 2 });
    await user.api('DELETE', `/api/v1/collection/${entry.id}`);
    expect(await meta()).toMatchObject({ total: 1, total_quantity: 1, total_value: '0.25' });
  });

  it('serves a repeated page from memory until the collection version moves', async () => {
    const user = await server.createUser();
    const entry = (await add(user, { card_id: CARDS.AHN, quantity: 2 })).body.data;
    const first = await user.api('GET', '/api/v1/collection');
    const db = server.ctx.database.db;
    // A change that skips the version bump is invisible: proof the page came from the cache...
    await db.updateTable('collection_entries').set({ quantity: 7 }).where('id', '=', entry.id).execute();
    expect((await user.api('GET', '/api/v1/collection')).text).toBe(first.text);
    // ...and a writer in another process bumps the version in its transaction, which the next request sees.
    await bumpCollectionVersion(server, user.id);
    const after = await user.api('GET', '/api/v1/collection');
    expect(after.body.meta).toMatchObject({ total_quantity: 7, total_value: '1.05' });
    expect(after.body.data[0].value).toEqual({ currency: 'usd', unit: '0.15', total: '1.05' });
  });

  it('pages an order other than added from one sort of the whole listing, kept until the collection version moves', async () => {
    const user = await server.createUser();
    const languages = ['en', 'de', 'fr', 'it', 'es', 'ja', 'ko', 'ru', 'pt'];
    const ids: string[] = [];
    for (const [k, language] of languages.entries()) ids.push((await add(user, { card_id: CARDS.AHN, language, quantity: 10 + k })).body.data.id);
    const walk = async () => {
      const seen: Array<[string, number]> = [];
      let cursor: string | null = null;
      do {
        const res = await user.api('GET', `/api/v1/collection?sort=quantity&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status, res.text).toBe(200);
        seen.push(...res.body.data.map((e: { id: string; quantity: number }) => [e.id, e.quantity] as [string, number]));
        cursor = res.body.meta.next_cursor;
      } while (cursor);
      return seen;
    };
    // Most copies first: the entries in reverse order of adding.
    expect(await walk()).toEqual([...ids].reverse().map((id, k) => [id, 18 - k]));
    // A change that skips the version bump: the first page (an index-free top-N query, not kept)
    // shows it, but the pages after it follow the order sorted when the walk began...
    const db = server.ctx.database.db;
    await db.updateTable('collection_entries').set({ quantity: 1 }).where('id', '=', ids[8]!).execute();
    const first = await user.api('GET', '/api/v1/collection?sort=quantity&limit=4');
    const rest = await user.api('GET', `/api/v1/collection?sort=quantity&limit=4&cursor=${first.body.meta.next_cursor}`);
    // (A fresh sort would put the changed entry, now 1 copy, after these four, on a page of its own.)
    expect(rest.body.data.map((e: { id: string }) => e.id)).toEqual([ids[3], ids[2], ids[1], ids[0]]);
    expect(rest.body.meta.next_cursor).toBeNull();
    // ...and a write bumps the version, after which the order is sorted again.
    await bumpCollectionVersion(server, user.id);
    expect(await walk()).toEqual([...ids.slice(0, 8).reverse().map((id, k) => [id, 17 - k] as [string, number]), [ids[8]!, 1]]);
  });

  it('revalues the collection after a card import changes prices', async () => {
    const user = await server.createUser();
    await add(user, { card_id: CARDS.AHN, quantity: 4 });
    expect((await user.api('GET', '/api/v1/collection')).body.meta.total_value).toBe('0.60');
    await withAhnPrice('1.00', async () => {
      const res = await user.api('GET', '/api/v1/collection');
      expect(res.body.meta.total_value).toBe('4.00');
      expect(res.body.data[0].value).toEqual({ currency: 'usd', unit: '1.00', total: '4.00' });
      expect(res.body.data[0].card.prices.usd).toBe('1.00');
    });
  });
});

describe('a q search over a large collection', () => {
  it('reads the entries a chunk at a time, letting other work in, with the same totals as the plain listing', async () => {
    const user = await server.createUser();
    const nonfoil = await cardsWithFinishes(server, ['nonfoil'], 700);
    const entries = ['near_mint', 'lightly_played', 'damaged'].flatMap((condition) => nonfoil.map((card_id, k) => ({ card_id, condition, quantity: 1 + (k % 3) })));
    expect(entries.length).toBeGreaterThan(2_000);
    for (let i = 0; i < entries.length; i += 1_000) {
      expect((await user.api('POST', '/api/v1/collection/batch', { entries: entries.slice(i, i + 1_000) })).status).toBe(201);
    }
    // A query every entry matches (a name nothing has, negated): the same entries as no query.
    const everything = `-name:${'zq'.repeat(8)}`;
    const plain = (await user.api('GET', '/api/v1/collection?limit=200')).body;
    const searched = (await user.api('GET', `/api/v1/collection?limit=200&q=${encodeURIComponent(everything)}`)).body;
    expect(searched.meta).toEqual({ ...plain.meta, next_cursor: expect.any(String) });
    expect(searched.data).toEqual(plain.data);
    // On SQLite the statements run on the event loop: read whole, the facts held it for the
    // whole read. Another query (not cached) is computed here with other work getting turns.
    const query = { limit: 50, q: 't:creature' };
    const { result, turns } = await turnsDuring(
      Promise.resolve(server.ctx.collection.listRendered({ userId: user.id }, query, (page) => JSON.stringify(page), '/collection?q=t:creature&limit=50')),
    );
    const page = JSON.parse(result.toString('utf8')) as { meta: { total: number; total_quantity: number; total_value: string } };
    expect(turns).toBeGreaterThanOrEqual(2);
    const http = (await user.api('GET', '/api/v1/collection?limit=50&q=t%3Acreature')).body;
    expect(page.meta).toEqual(http.meta);
    expect(page.meta.total).toBeGreaterThan(0);
    expect(page.meta.total).toBeLessThan(entries.length);
  }, 60_000);
});

describe("an import's merged entries, written in bulk", () => {
  it('writes every merged entry it is given, past the first statement of 1,000 on PostgreSQL', async () => {
    const user = await server.createUser();
    const nonfoil = await cardsWithFinishes(server, ['nonfoil'], 700);
    const entries = ['near_mint', 'damaged'].flatMap((condition) => nonfoil.map((card_id) => ({ card_id, condition, quantity: 1 })));
    expect(entries.length).toBeGreaterThan(1_000);
    for (let i = 0; i < entries.length; i += 1_000) {
      expect((await user.api('POST', '/api/v1/collection/batch', { entries: entries.slice(i, i + 1_000) })).status).toBe(201);
    }
    const db = server.ctx.database.db;
    const rows = await db.selectFrom('collection_entries').selectAll().where('user_id', '=', user.id).orderBy('id').execute();
    expect(rows.length).toBe(entries.length);
    // Each row gets values of its own, so a row written from another row's values shows.
    const merged = rows.map((r, k) => ({
      id: r.id,
      quantity: 2 + k,
      tags: JSON.stringify([`t${k}`, 'it\'s "quoted", {braced}']),
      purchase_price: k % 2 ? 100 + k : null,
      notes: k % 3 ? `note ${k}\nsecond line` : null,
      updated_at: `2026-11-30T10:00:00.${String(k % 1000).padStart(3, '0')}Z`,
    }));
    await server.ctx.database.db.transaction().execute((trx) => createCollectionStore(trx, server.ctx.database.dialect).updateMergedMany(merged));
    const after = await db.selectFrom('collection_entries').select(['id', 'quantity', 'tags', 'purchase_price', 'notes', 'updated_at']).where('user_id', '=', user.id).orderBy('id').execute();
    expect(after).toEqual(merged);
  }, 60_000);
});

describe('card prices on writes', () => {
  it('values an added entry at the price of the latest import, not the one seen before it', async () => {
    const user = await server.createUser();
    // The first add reads (and keeps) the card as it is now.
    expect((await add(user, { card_id: CARDS.AHN, quantity: 2 })).body.data.value).toEqual({ currency: 'usd', unit: '0.15', total: '0.30' });
    await withAhnPrice('2.50', async () => {
      const res = await add(user, { card_id: CARDS.AHN, quantity: 1 });
      expect(res.status).toBe(200);
      expect(res.body.data.value).toEqual({ currency: 'usd', unit: '2.50', total: '7.50' });
      expect(res.body.data.card.prices.usd).toBe('2.50');
      const [updated] = (await server.events(user.id)).filter((e) => e.type === 'collection.entry.updated');
      expect(updated!.payload.card.prices.usd).toBe('2.50');
    });
  });
});

describe('compressed listings', () => {
  /** The response exactly as sent, without fetch's automatic decompression. */
  function rawGet(pathname: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      http
        .get(server.url + pathname, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        })
        .on('error', reject);
    });
  }

  let user: TestUser;
  let identity: Awaited<ReturnType<typeof rawGet>>;
  beforeAll(async () => {
    user = await server.createUser();
    const ids = await cardsWithFinishes(server, ['nonfoil'], 20);
    await user.api('POST', '/api/v1/collection/batch', { entries: ids.map((card_id) => ({ card_id })) });
    identity = await rawGet('/api/v1/collection?limit=20', { authorization: `Bearer ${user.key}` });
  });

  it('sends the page uncompressed to a client that does not ask for compression', () => {
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(identity.body.toString()).data).toHaveLength(20);
  });

  for (const [encoding, inflate] of [
    ['gzip', zlib.gunzipSync],
    ['br', zlib.brotliDecompressSync],
  ] as const) {
    it(`sends the same page ${encoding}-compressed, and again from the cache, when the client accepts ${encoding}`, async () => {
      for (let i = 0; i < 2; i++) {
        const res = await rawGet('/api/v1/collection?limit=20', { authorization: `Bearer ${user.key}`, 'accept-encoding': encoding });
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.body.length).toBeLessThan(identity.body.length / 3);
        expect(inflate(res.body).equals(identity.body)).toBe(true);
      }
    });
  }

  it("honours the client's preferences: q=0 refuses an encoding; identity, unknown or malformed headers get the plain page", async () => {
    const auth = { authorization: `Bearer ${user.key}` };
    expect((await rawGet('/api/v1/collection?limit=20', { ...auth, 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await rawGet('/api/v1/collection?limit=20', { ...auth, 'accept-encoding': 'gzip;q=0.5, br;q=0.9' })).headers['content-encoding']).toBe('br');
    expect((await rawGet('/api/v1/collection?limit=20', { ...auth, 'accept-encoding': 'GZIP' })).headers['content-encoding']).toBe('gzip');
    for (const header of ['identity', 'br;q=0, gzip;q=0', 'gzip;q=abc, br;q=', ';;;,,,', 'compress']) {
      const plain = await rawGet('/api/v1/collection?limit=20', { ...auth, 'accept-encoding': header });
      expect(plain.status, header).toBe(200);
      expect(plain.headers['content-encoding'], header).toBeUndefined();
      expect(plain.body.equals(identity.body), header).toBe(true);
    }
  });

  it('leaves a page too small to gain from compression as it is', async () => {
    const small = await server.createUser();
    const res = await rawGet('/api/v1/collection', { authorization: `Bearer ${small.key}`, 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString()).meta.total).toBe(0);
  });

  it('answers errors as plain problem documents whatever the client accepts', async () => {
    const res = await rawGet('/api/v1/collection?limit=0', { authorization: `Bearer ${user.key}`, 'accept-encoding': 'gzip' });
    expect(res.status).toBe(422);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(res.body.toString()).code).toBeDefined();
  });
});

describe.skipIf(!process.env.DATABASE_URL?.startsWith('postgres'))('write locks on PostgreSQL: no lock that every write of one user waits on', () => {
  const AHN_IDENTITY = { card_id: CARDS.AHN, finish: 'nonfoil', condition: 'near_mint', language: 'en', binder_id: null };

  /** Opens a transaction on its own connection (another process, as far as the server can tell) that runs `inside`, then waits for `release`. */
  function hold(inside: (store: ReturnType<typeof createCollectionStore>, trx: Executor) => Promise<void>) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let ready!: () => void;
    const holding = new Promise<void>((resolve) => (ready = resolve));
    const done = server.ctx.database.db.transaction().execute(async (trx) => {
      await inside(createCollectionStore(trx, 'postgres'), trx);
      ready();
      await released;
    });
    return { holding, release, done };
  }

  /** Resolves once `n` of this deployment's connections are waiting for an advisory lock (polled: PostgreSQL tells no one). */
  async function waitersOnLocks(n: number): Promise<void> {
    for (let i = 0; i < 500; i++) {
      const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and wait_event = 'advisory' and application_name = ${`ccs:${server.ctx.database.schema}`}`.execute(server.ctx.database.db);
      if (Number(rows[0]?.n) >= n) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`fewer than ${n} writers ever waited`);
  }

  /** Holds `shards` of the user's counters in another transaction, each as a bump holds it (its advisory lock, then its row). */
  function holdCounters(userId: string, shards: readonly number[]) {
    return hold(async (_store, trx) => {
      for (const shard of shards) {
        await sql`select pg_advisory_xact_lock(hashtextextended(${`ccs.version:${userId}`}, ${shard}))`.execute(trx);
        await sql`update collection_version_shards set n = n where user_id = ${userId} and shard = ${shard}`.execute(trx);
      }
    });
  }

  it("adds other cards while an add of one card is in flight, and merges the next add of that card into what it wrote", async () => {
    const user = await server.createUser();
    const before = await collectionVersion(server, user.id);
    // Another process's add of Ahn-Crop Invader: holds its locks with the entry written, not yet committed.
    const other = hold(async (store) => {
      await store.lockIdentities(user.id, [AHN_IDENTITY]);
      await store.insert([{ id: '01900000-0000-7000-8000-00000000a001', user_id: user.id, ...AHN_IDENTITY, quantity: 3, purchase_price: null, tags: '["held"]', notes: null, created_at: '2026-11-27T00:00:00.000Z', updated_at: '2026-11-27T00:00:00.000Z' }]);
    });
    await other.holding;
    // The same user's add of another card does not wait for it.
    const lunge = await add(user, { card_id: CARDS.LUNGE });
    expect(lunge.status).toBe(201);
    // An add of the same card waits, and once the other commits merges into its entry instead of making a second one.
    const ahn = add(user, { card_id: CARDS.AHN, quantity: 2, tags: ['mine'] });
    await waitersOnLocks(1);
    other.release();
    await other.done;
    const merged = await ahn;
    expect(merged.status).toBe(200);
    expect(merged.body.data).toMatchObject({ id: '01900000-0000-7000-8000-00000000a001', quantity: 5, tags: ['held', 'mine'] });
    const list = await user.api('GET', '/api/v1/collection');
    expect(list.body.meta).toMatchObject({ total: 2, total_quantity: 6 });
    // Three writes, three bumps, whichever connections made them.
    expect(await collectionVersion(server, user.id)).toBe(before + 3);
  });

  it('takes a version counter no other transaction holds: with seven of the eight held elsewhere, an add completes and is counted', async () => {
    const user = await server.createUser();
    // Every user has all eight counters from the start, at 0.
    const counters = await sql<{ shard: number; n: string }>`select shard, n from collection_version_shards where user_id = ${user.id} order by shard`.execute(server.ctx.database.db);
    expect(counters.rows.map((r) => [r.shard, Number(r.n)])).toEqual(Array.from({ length: 8 }, (_, i) => [i, 0]));
    const before = await collectionVersion(server, user.id);
    // Seven writers elsewhere are in the middle of their transactions: they hold counters 0-6.
    const other = holdCounters(user.id, [0, 1, 2, 3, 4, 5, 6]);
    await other.holding;
    // Whichever counter this connection's pid points at, the add takes the free one instead of waiting.
    const added = await add(user, { card_id: CARDS.LUNGE });
    expect(added.status).toBe(201);
    other.release();
    await other.done;
    expect(await collectionVersion(server, user.id)).toBe(before + 1);
  });

  it('waits for a counter when all eight are held elsewhere, then completes and is counted once', async () => {
    const user = await server.createUser();
    const before = await collectionVersion(server, user.id);
    const other = holdCounters(user.id, [0, 1, 2, 3, 4, 5, 6, 7]);
    await other.holding;
    const added = add(user, { card_id: CARDS.LUNGE });
    // The add has written its entry and waits, on a counter's lock, for the holder to finish.
    await waitersOnLocks(1);
    expect(await collectionVersion(server, user.id)).toBe(before);
    other.release();
    await other.done;
    expect((await added).status).toBe(201);
    expect(await collectionVersion(server, user.id)).toBe(before + 1);
    expect((await user.api('GET', '/api/v1/collection')).body.meta.total).toBe(1);
  });

  it('never waits on itself: a transaction that bumps twice, with seven counters held elsewhere, counts both', async () => {
    const user = await server.createUser();
    const before = await collectionVersion(server, user.id);
    const other = holdCounters(user.id, [0, 1, 2, 3, 4, 5, 6]);
    await other.holding;
    // A statement timeout turns a wait on its own counter into a failure instead of a hang.
    await server.ctx.database.db.transaction().execute(async (trx) => {
      await sql`set local statement_timeout = 2000`.execute(trx);
      await sql`select ccs_lock_collection(${user.id}, true, cast(${[]} as text[]), true)`.execute(trx);
      await sql`select ccs_lock_collection(${user.id}, true, cast(${[]} as text[]), true)`.execute(trx);
    });
    other.release();
    await other.done;
    expect(await collectionVersion(server, user.id)).toBe(before + 2);
  });

  /** The collection's writes over the test server's database, counting the statements its adds go as; cards from memory, as the service's lookup has them. */
  async function countingWrites() {
    const sent = { batches: [] as number[], alone: 0 };
    const db = server.ctx.database.db;
    const cards = new Map((await db.selectFrom('cards').selectAll().execute()).map((c) => [c.id, c]));
    const writes = createCollectionWrites({
      database: server.ctx.database,
      clock: systemClock,
      store: (executor) => {
        const store = createCollectionStore(executor, 'postgres');
        return {
          ...store,
          addOrMerge: (...args: Parameters<typeof store.addOrMerge>) => {
            sent.alone += 1;
            return store.addOrMerge(...args);
          },
          addOrMergeMany: (adds: Parameters<typeof store.addOrMergeMany>[0]) => {
            sent.batches.push(adds.length);
            return store.addOrMergeMany(adds);
          },
        };
      },
      cards: {
        byId: async (id: string) => cards.get(id),
        byIds: async (ids: readonly string[]) => ids.flatMap((id) => cards.get(id) ?? []),
      },
    });
    return { writes, sent };
  }

  it('sends the adds of one turn as one statement, each answered and recorded as if it had gone alone', async () => {
    const [a, b] = [await server.createUser(), await server.createUser()];
    const { writes, sent } = await countingWrites();
    await writes.add(a.id, { card_id: CARDS.AJANI, quantity: 2, notes: 'first' });
    const odd = 'say "hi"\n\t\\ ünïcödé ✓ \u0001 </script>';
    const adds = [
      { user: a, input: { card_id: CARDS.AHN, quantity: 1, tags: ['t', odd] } },
      { user: b, input: { card_id: CARDS.AHN, quantity: 4, notes: odd } },
      { user: a, input: { card_id: CARDS.AHN, quantity: 2 } },
      { user: a, input: { card_id: CARDS.AJANI, quantity: 3, notes: 'not kept' } },
      { user: b, input: { card_id: CARDS.LUNGE, quantity: 1, purchase_price: '1.50' } },
    ];
    const answers = await Promise.all(adds.map((x) => writes.add(x.user.id, x.input)));
    expect(sent).toEqual({ batches: [5], alone: 1 });
    expect(writes.addsSent()).toEqual({ statements: 1, together: 5, alone: 1, busy: 0, refused: 0 });
    // As one after another in the order they came: a's second add of Ahn merges into the first.
    expect(answers.map((r) => [r.created, r.entry.quantity])).toEqual([
      [true, 1],
      [true, 4],
      [false, 3],
      [false, 5],
      [true, 1],
    ]);
    expect(answers[2]?.entry).toMatchObject({ id: answers[0]?.entry.id, tags: ['t', odd] });
    expect(answers[1]?.entry).toMatchObject({ notes: odd });
    expect(answers[3]?.entry).toMatchObject({ notes: 'first' });
    for (const user of [a, b]) {
      const listed = (await user.api('GET', '/api/v1/collection')).body.data;
      const mine = answers.filter((_, i) => adds[i]?.user === user).map((r) => r.entry);
      const latest = new Map(mine.map((e) => [e.id, e]));
      expect(listed.filter((e: { id: string }) => latest.has(e.id))).toEqual(expect.arrayContaining([...latest.values()].map((e) => ({ ...e }))));
      // One event per add, each the JSON of its answer.
      const texts = (await sql<{ payload: string }>`select payload from events where user_id = ${user.id} order by id`.execute(server.ctx.database.db)).rows.map((r) => r.payload);
      expect(texts.slice(user === a ? 1 : 0)).toEqual(mine.map((e) => JSON.stringify(e)));
    }
  });

  it("shows on /metrics how the process's adds went to the database, as the collection service counted them", async () => {
    const [a, b] = [await server.createUser(), await server.createUser()];
    const counts = async () => {
      const text = (await server.request('GET', '/metrics')).text;
      const sent = (how: string) => metric(text, 'ccs_collection_adds_sent_total', { how });
      const counted = { statements: metric(text, 'ccs_collection_add_statements_total'), together: sent('together'), alone: sent('alone'), busy: sent('busy'), refused: sent('refused') };
      expect(Object.values(counted)).toEqual(Object.values(counted).map(() => expect.any(Number)));
      return counted as { [K in keyof typeof counted]: number };
    };
    const before = await counts();
    expect(before).toEqual(server.ctx.collection.addsSent());
    expect((await a.api('POST', '/api/v1/collection', { card_id: CARDS.LUNGE })).status).toBe(201);
    const afterOne = await counts();
    expect(afterOne).toEqual({ ...before, alone: before.alone + 1 });
    // Several at once: whether they share a turn depends on when their card look-ups answer; each is counted once either way.
    await Promise.all([a.api('POST', '/api/v1/collection', { card_id: CARDS.AHN }), b.api('POST', '/api/v1/collection', { card_id: CARDS.AHN }), b.api('POST', '/api/v1/collection', { card_id: CARDS.AJANI })]);
    const after = await counts();
    expect(after).toEqual(server.ctx.collection.addsSent());
    expect(after.together - afterOne.together + after.alone - afterOne.alone).toBe(3);
  });

  it('sends an add alone in its turn as one statement of its own', async () => {
    const user = await server.createUser();
    const { writes, sent } = await countingWrites();
    expect((await writes.add(user.id, { card_id: CARDS.AHN })).created).toBe(true);
    expect((await writes.add(user.id, { card_id: CARDS.AHN })).created).toBe(false);
    expect(sent).toEqual({ batches: [], alone: 2 });
    expect(writes.addsSent()).toEqual({ statements: 0, together: 0, alone: 2, busy: 0, refused: 0 });
  });

  it('sends the adds of a statement the database refused again one at a time, so that only the add that fails fails', async () => {
    const user = await server.createUser();
    const { writes, sent } = await countingWrites();
    // An account deleted while its add waited: its insert breaks the foreign key, and the statement is refused.
    const [ok, gone] = await Promise.allSettled([writes.add(user.id, { card_id: CARDS.AHN, quantity: 2 }), writes.add(MISSING_UUID, { card_id: CARDS.AHN })]);
    expect(sent).toEqual({ batches: [2], alone: 2 });
    expect(writes.addsSent()).toEqual({ statements: 1, together: 2, alone: 0, busy: 0, refused: 2 });
    expect(ok).toMatchObject({ status: 'fulfilled', value: { created: true, entry: { quantity: 2 } } });
    expect(gone).toMatchObject({ status: 'rejected', reason: { code: '23503' } });
    const listed = (await user.api('GET', '/api/v1/collection')).body.data;
    expect(listed).toEqual([expect.objectContaining({ card_id: CARDS.AHN, quantity: 2 })]);
    expect((await server.events(user.id)).length).toBe(1);
  });

  it('sends the adds of a statement refused for text PostgreSQL cannot store again one at a time: that add fails as alone (422 over HTTP), the other is written', async () => {
    const [a, b] = [await server.createUser(), await server.createUser()];
    const { writes, sent } = await countingWrites();
    const before = await snapshot(server, a.id);
    const [bad, good] = await Promise.allSettled([writes.add(a.id, { card_id: CARDS.AHN, notes: 'a\u0000b' }), writes.add(b.id, { card_id: CARDS.AHN })]);
    expect(sent).toEqual({ batches: [2], alone: 2 });
    expect(bad).toMatchObject({ status: 'rejected', reason: { code: expect.stringMatching(/^22(021|P05)$/) } });
    expect(good).toMatchObject({ status: 'fulfilled', value: { created: true } });
    expect(await snapshot(server, a.id)).toEqual(before);
    expect((await server.events(b.id)).length).toBe(1);
  });

  it('sends a turn of more than 16 adds as several statements', async () => {
    const user = await server.createUser();
    const { writes, sent } = await countingWrites();
    const cards = [CARDS.AHN, CARDS.AJANI, CARDS.LUNGE];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => writes.add(user.id, { card_id: cards[i % 3] as string })));
    // The two statements run at once on two connections: an add of the second whose identity the first holds (or the
    // other way round) is sent again alone, so how many go alone depends on which statement locks first. An add that
    // finds its entry changed by the other statement in its own millisecond merges again, stamped after that change
    // (migration 0029), in later rounds.
    expect(sent.batches.slice(0, 2)).toEqual([16, 4]);
    expect(writes.addsSent()).toMatchObject({ together: sent.batches.filter((n) => n > 1).reduce((a, b) => a + b, 0), refused: 0 });
    expect(writes.addsSent().statements).toBeGreaterThanOrEqual(2);
    expect(answers.filter((r) => r.created).length).toBe(3);
    const listed = (await user.api('GET', '/api/v1/collection')).body.data;
    expect(listed.map((e: { quantity: number }) => e.quantity).sort()).toEqual([6, 7, 7]);
  });

  // Which locks another process holds, and whether the user's add of another card may still go in the statement.
  it.each([
    ['the identity (an add of that card in flight there)', (userId: string) => hold((store) => store.lockIdentities(userId, [AHN_IDENTITY])), true],
    ['the owner (a patch or an import there)', (userId: string) => hold((store) => store.lockOwner(userId, false)), false],
    ['all eight of the user\'s counters (eight writes there)', (userId: string) => holdCounters(userId, [0, 1, 2, 3, 4, 5, 6, 7]), false],
  ])('sends alone, to wait, an add whose locks another process holds, %s, while the other adds of its turn commit without it', async (_what, holding, otherCardGoes) => {
    const [a, b] = [await server.createUser(), await server.createUser()];
    await b.api('POST', '/api/v1/collection', { card_id: CARDS.AJANI });
    const { writes, sent } = await countingWrites();
    const other = holding(a.id);
    await other.holding;
    let waitedDone = false;
    const waited = writes.add(a.id, { card_id: CARDS.AHN, quantity: 2 }).finally(() => {
      waitedDone = true;
    });
    const lunge = otherCardGoes ? writes.add(a.id, { card_id: CARDS.LUNGE }) : undefined;
    const others = [writes.add(b.id, { card_id: CARDS.AHN }), writes.add(b.id, { card_id: CARDS.AJANI })];
    // b's adds (and a's add of another card, where only that identity is held) commit while a's locks are still held...
    expect((await Promise.all(others)).map((r) => r.created)).toEqual([true, false]);
    if (lunge) expect(await lunge).toMatchObject({ created: true, entry: { card_id: CARDS.LUNGE } });
    expect(waitedDone).toBe(false);
    expect(sent).toEqual({ batches: [otherCardGoes ? 4 : 3], alone: 1 });
    expect(writes.addsSent()).toEqual({ statements: 1, together: otherCardGoes ? 4 : 3, alone: 0, busy: 1, refused: 0 });
    await waitersOnLocks(1);
    // ...and a's goes through once the other process is done.
    other.release();
    await other.done;
    expect(await waited).toMatchObject({ created: true, entry: { card_id: CARDS.AHN, quantity: 2 } });
  });

  it("adds to a collection while the user's API key is being created (the key cap's lock does not block the add's foreign-key check)", async () => {
    const user = await server.createUser();
    const creating = hold(async (_store, trx) => {
      await createApiKeyStore(trx, 'postgres').lockOwner(user.id);
    });
    await creating.holding;
    try {
      expect((await add(user, { card_id: CARDS.AHN })).status).toBe(201);
    } finally {
      creating.release();
      await creating.done;
    }
  });

  it('counts a write of a user whose counters are missing by creating the counter it takes', async () => {
    const user = await server.createUser();
    await sql`delete from collection_version_shards where user_id = ${user.id}`.execute(server.ctx.database.db);
    expect(await collectionVersion(server, user.id)).toBe(0);
    expect((await add(user, { card_id: CARDS.LUNGE })).status).toBe(201);
    expect(await collectionVersion(server, user.id)).toBe(1);
    const { rows } = await sql<{ n: string }>`select count(*) as n from collection_version_shards where user_id = ${user.id}`.execute(server.ctx.database.db);
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it('merges only into the entry as it was read: a change in between makes the merge write nothing, and the add start over', async () => {
    const user = await server.createUser();
    const created = (await add(user, { card_id: CARDS.AHN, quantity: 2 })).body.data;
    const store = createCollectionStore(server.ctx.database.db, 'postgres');
    const at = '2026-11-27T00:00:00.000Z';
    const fresh = { id: '01900000-0000-7000-8000-00000000a003', user_id: user.id, ...AHN_IDENTITY, quantity: 1, purchase_price: null, tags: '[]', notes: null, created_at: at, updated_at: at };
    const ev = (type: 'collection.entry.updated' | 'collection.entry.created') => eventRow({ userId: user.id, type, data: { id: created.id }, at: new Date(at) });
    // The one-statement add, told not to merge, finds the entry and writes nothing...
    const found = await store.addOrMerge(fresh, ev('collection.entry.created'), null);
    expect(found).toMatchObject({ merged: false, entry: { id: created.id, quantity: 2 } });
    const read = found?.entry;
    const version = await collectionVersion(server, user.id);
    const events = (await server.events(user.id)).length;
    // ...another writer changes it...
    expect((await user.api('PATCH', `/api/v1/collection/${created.id}`, { quantity: 5 })).status).toBe(200);
    // ...so the merge computed from what was read is refused, with no write, event or bump.
    expect(await store.mergeAlone(read!, { ...read!, quantity: 3, updated_at: at }, ev('collection.entry.updated'))).toBe(false);
    expect((await user.api('GET', `/api/v1/collection/${created.id}`)).body.data.quantity).toBe(5);
    expect((await server.events(user.id)).length).toBe(events + 1);
    expect(await collectionVersion(server, user.id)).toBe(version + 1);
    // Read again, the merge goes through.
    const again = (await store.addOrMerge(fresh, ev('collection.entry.created'), null))?.entry;
    expect(await store.mergeAlone(again!, { ...again!, quantity: 6, updated_at: at }, ev('collection.entry.updated'))).toBe(true);
    expect((await user.api('GET', `/api/v1/collection/${created.id}`)).body.data.quantity).toBe(6);
    expect(await collectionVersion(server, user.id)).toBe(version + 2);
  });

  /** The outbox's stored text of the user's newest event. */
  async function lastPayloadText(userId: string): Promise<string> {
    const { rows } = await sql<{ payload: string }>`select payload from events where user_id = ${userId} order by id desc limit 1`.execute(server.ctx.database.db);
    return rows[0]!.payload;
  }

  it('merges an add without tags in its one statement, the event byte for byte the JSON of the answer', async () => {
    const user = await server.createUser();
    const notes = 'say "hi"\n\t\\ ünïcödé ✓ \u0001 </script>';
    const tags = ['b', 'a "quoted" \\ ünï \t'];
    const first = (await add(user, { card_id: CARDS.AHN, purchase_price: '1234.5', notes, tags })).body.data;
    // The insert's event goes to the statement as its stored text (migration 0024), byte for byte the answer's JSON.
    expect(await lastPayloadText(user.id)).toBe(JSON.stringify(first));
    const version = await collectionVersion(server, user.id);
    const second = await add(user, { card_id: CARDS.AHN, quantity: 3, purchase_price: '9.99', notes: 'other' });
    expect(second.status, second.text).toBe(200);
    expect(second.body.data).toEqual({
      ...first,
      quantity: 4,
      purchase_price: '1234.50',
      notes,
      tags,
      value: { currency: 'usd', unit: '0.15', total: '0.60' },
      updated_at: expect.stringMatching(/^\d{4}-/),
    });
    expect(await lastPayloadText(user.id)).toBe(JSON.stringify(second.body.data));
    expect(await collectionVersion(server, user.id)).toBe(version + 1);
    // An unpriced card (value null), a price and a note filled in where the entry had none.
    await add(user, { card_id: CARDS.AJANI });
    const filled = await add(user, { card_id: CARDS.AJANI, quantity: 2, purchase_price: '0.05', notes: 'n' });
    expect(filled.status).toBe(200);
    expect(filled.body.data).toMatchObject({ quantity: 3, purchase_price: '0.05', notes: 'n', value: null, tags: [] });
    expect(await lastPayloadText(user.id)).toBe(JSON.stringify(filled.body.data));
    expect((await user.api('GET', `/api/v1/collection/${filled.body.data.id}`)).body.data).toEqual(filled.body.data);

    // The statement itself, given the template the service builds: it merged (no second statement follows).
    const card = await server.ctx.database.db.selectFrom('cards').selectAll().where('id', '=', CARDS.AHN).executeTakeFirstOrThrow();
    const store = createCollectionStore(server.ctx.database.db, 'postgres');
    const statementAt = (at: string) => {
      const row = { id: '01900000-0000-7000-8000-00000000a005', user_id: user.id, ...AHN_IDENTITY, quantity: 5, purchase_price: null, tags: '[]', notes: null, created_at: at, updated_at: at };
      const updated = eventRow({ userId: user.id, type: 'collection.entry.updated', data: null, at: new Date(at) });
      const template = mergeTemplateOf(toEntryView(row, card), usdCentsFor(card, 'nonfoil'), updated);
      return { row, updated, template, created: eventRow({ userId: user.id, type: 'collection.entry.created', data: null, at: new Date(at) }) };
    };
    // An add stamped before the entry's last change does not merge there (migration 0029): its event would sort before that change's.
    const stale = statementAt('2026-11-28T01:02:03.004Z');
    const eventsBefore = (await server.events(user.id)).length;
    expect(await store.addOrMerge(stale.row, stale.created, stale.template)).toMatchObject({ merged: false, entry: { id: first.id, quantity: 4 } });
    expect((await server.events(user.id)).length).toBe(eventsBefore);
    // Stamped after it, it merges.
    const at = new Date(Date.parse(filled.body.data.updated_at) + 1_000).toISOString();
    const { row, updated, template, created } = statementAt(at);
    const result = await store.addOrMerge(row, created, template);
    expect(result).toMatchObject({ merged: true, entry: { id: first.id, quantity: 9, purchase_price: 123450, notes, updated_at: at, created_at: first.created_at } });
    const [last] = (await server.events(user.id)).slice(-1);
    expect(last).toMatchObject({ id: updated.id, type: 'collection.entry.updated', occurred_at: at });
    expect(await lastPayloadText(user.id)).toBe(JSON.stringify(toEntryView(result!.entry, card)));
    expect(await collectionVersion(server, user.id)).toBe(version + 4);
  });

  it('merges into the oldest of several entries with one identity (data from before identities were unique), as the transaction path does', async () => {
    const user = await server.createUser();
    const entry = (id: string, at: string, quantity: number) => ({ id, user_id: user.id, ...AHN_IDENTITY, quantity, purchase_price: null, tags: '[]', notes: null, created_at: at, updated_at: at });
    // Inserted newest first, so neither insertion order nor id order alone names the oldest.
    await server.ctx.database.db
      .insertInto('collection_entries')
      .values([
        entry('01900000-0000-7000-8000-00000000b001', '2026-11-02T00:00:00.000Z', 1),
        entry('01900000-0000-7000-8000-00000000b003', '2026-11-01T00:00:00.000Z', 2),
        entry('01900000-0000-7000-8000-00000000b002', '2026-11-01T00:00:00.000Z', 3),
      ])
      .execute();
    const merged = await add(user, { card_id: CARDS.AHN, quantity: 10 });
    expect(merged.status).toBe(200);
    expect(merged.body.data).toMatchObject({ id: '01900000-0000-7000-8000-00000000b002', quantity: 13 });
  });

  it('formats money in the one-statement merge exactly as the service does', async () => {
    const values = [0, 5, 99, 100, 101, 123_450, 100_000_000_00, -5, -123, 2 ** 40, null];
    const { rows } = await sql<{ c: string | null; text: string }>`select c::text as c, ccs_cents_json(c) as text from unnest(cast(${values} as bigint[])) as c`.execute(server.ctx.database.db);
    expect(rows.map((r) => r.text)).toEqual(values.map((v) => JSON.stringify(fromCents(v))));
  });

  it('answers the entry and writes nothing when it may not merge in its one statement: tags not as the service writes them', async () => {
    const user = await server.createUser();
    const created = (await add(user, { card_id: CARDS.AHN, tags: ['a', 'b'] })).body.data;
    // JSON the service never writes (spaces after the comma): the statement cannot show it as the API would.
    await sql`update collection_entries set tags = '["a", "b"]' where id = ${created.id}`.execute(server.ctx.database.db);
    const store = createCollectionStore(server.ctx.database.db, 'postgres');
    const at = '2026-11-28T00:00:00.000Z';
    const fresh = { id: '01900000-0000-7000-8000-00000000a004', user_id: user.id, ...AHN_IDENTITY, quantity: 1, purchase_price: null, tags: '[]', notes: null, created_at: at, updated_at: at };
    const ev = eventRow({ userId: user.id, type: 'collection.entry.created', data: null, at: new Date(at) });
    const template = { parts: ['{"id":', ',"quantity":', ',"purchase_price":', ',"value":', ',"tags":', ',"notes":', ',"created_at":', '}'], unit: 15, max: 100_000, event_id: ev.id, occurred_at: at };
    const events = (await server.events(user.id)).length;
    expect(await store.addOrMerge(fresh, ev, template)).toMatchObject({ merged: false, entry: { id: created.id, quantity: 1, tags: '["a", "b"]' } });
    expect((await server.events(user.id)).length).toBe(events);
    // Through the API the add takes the two-statement merge, which writes the tags as the service does.
    const merged = await add(user, { card_id: CARDS.AHN });
    expect(merged.status).toBe(200);
    expect(merged.body.data).toMatchObject({ quantity: 2, tags: ['a', 'b'] });
    expect(await lastPayloadText(user.id)).toBe(JSON.stringify(merged.body.data));
    const { rows } = await sql<{ tags: string }>`select tags from collection_entries where id = ${created.id}`.execute(server.ctx.database.db);
    expect(rows[0]?.tags).toBe('["a","b"]');
  });

  it('refuses text PostgreSQL cannot store in the one-statement add with 422, and writes nothing', async () => {
    const user = await server.createUser();
    const before = await snapshot(server, user.id);
    const res = await add(user, { card_id: CARDS.AHN, notes: 'a\u0000b' });
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe('validation_failed');
    expect(await snapshot(server, user.id)).toEqual(before);
  });

  it('makes a delete wait for adds in flight, and adds wait for a delete in flight', async () => {
    const user = await server.createUser();
    const entry = (await add(user, { card_id: CARDS.LUNGE })).body.data;
    const adding = hold((store) => store.lockIdentities(user.id, [AHN_IDENTITY]));
    await adding.holding;
    const deleting = user.api('DELETE', `/api/v1/collection/${entry.id}`);
    await waitersOnLocks(1);
    adding.release();
    await adding.done;
    expect((await deleting).status).toBe(204);

    const owner = hold((store) => store.lockOwner(user.id, true));
    await owner.holding;
    const adds = add(user, { card_id: CARDS.AJANI });
    await waitersOnLocks(1);
    owner.release();
    await owner.done;
    expect((await adds).status).toBe(201);
  });

  it('lets a small batch of other cards pass an add in flight, and makes a batch of more than 16 entries wait for it (one lock for the whole collection)', async () => {
    const user = await server.createUser();
    const many = await cardsWithFinishes(server, ['nonfoil'], MAX_IDENTITY_LOCKS + 1);
    const adding = hold((store) => store.lockIdentities(user.id, [AHN_IDENTITY]));
    await adding.holding;
    const small = await user.api('POST', '/api/v1/collection/batch', { entries: [{ card_id: CARDS.LUNGE }, { card_id: CARDS.AJANI }] });
    expect(small.status).toBe(201);
    const big = user.api('POST', '/api/v1/collection/batch', { entries: many.map((card_id) => ({ card_id })) });
    await waitersOnLocks(1);
    adding.release();
    await adding.done;
    expect((await big).status).toBe(201);
  });

  it('answers a cached page until a write from another connection commits, then the new one', async () => {
    const user = await server.createUser();
    await add(user, { card_id: CARDS.AHN });
    const first = await user.api('GET', '/api/v1/collection');
    expect(first.body.meta.total).toBe(1);
    const other = hold(async (store) => {
      await store.lockIdentities(user.id, [{ ...AHN_IDENTITY, card_id: CARDS.LUNGE }]);
      await store.insert([{ id: '01900000-0000-7000-8000-00000000a002', user_id: user.id, ...AHN_IDENTITY, card_id: CARDS.LUNGE, quantity: 1, purchase_price: null, tags: '[]', notes: null, created_at: '2026-11-27T00:00:00.000Z', updated_at: '2026-11-27T00:00:00.000Z' }]);
    });
    await other.holding;
    // Bumped but not committed: the page is still the committed one.
    expect((await user.api('GET', '/api/v1/collection')).text).toBe(first.text);
    other.release();
    await other.done;
    expect((await user.api('GET', '/api/v1/collection')).body.meta.total).toBe(2);
  });
});
