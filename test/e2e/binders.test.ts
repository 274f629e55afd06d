import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { CARDS, MISSING_UUID, collectionVersion, snapshot } from '../helpers/collection.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function createBinder(user: TestUser, body: Record<string, unknown>) {
  const res = await user.api('POST', '/api/v1/binders', body);
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

/** name -> position, in display order. */
async function order(user: TestUser): Promise<string[]> {
  const res = await user.api('GET', '/api/v1/binders?limit=200');
  expect(res.body.data.map((b: { position: number }) => b.position)).toEqual(res.body.data.map((_: unknown, i: number) => i + 1));
  return res.body.data.map((b: { name: string }) => b.name);
}

async function eventsSince(user: TestUser, count: number) {
  return (await server.events(user.id)).slice(count);
}

describe('creating binders', () => {
  it('creates a binder at the end and records binder.created', async () => {
    const user = await server.createUser();
    const res = await user.api('POST', '/api/v1/binders', { name: '  Trade binder ', description: 'Doubles' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        id: expect.any(String),
        name: 'Trade binder',
        description: 'Doubles',
        position: 1,
        entry_count: 0,
        card_count: 0,
        created_at: expect.any(String),
        updated_at: res.body.data.created_at,
      },
      meta: {},
    });
    const second = await createBinder(user, { name: 'Second' });
    expect(second).toMatchObject({ position: 2, description: null });
    const events = await server.events(user.id);
    expect(events.map((e) => [e.type, e.payload])).toEqual([
      ['binder.created', res.body.data],
      ['binder.created', second],
    ]);
    expect((await user.api('GET', `/api/v1/binders/${second.id}`)).body.data).toEqual(second);
  });

  it('inserts at a position, shifting the binders after it and recording each move', async () => {
    const user = await server.createUser();
    for (const name of ['A', 'B', 'C']) await createBinder(user, { name });
    const n = (await server.events(user.id)).length;
    const d = await createBinder(user, { name: 'D', position: 2 });
    expect(d.position).toBe(2);
    expect(await order(user)).toEqual(['A', 'D', 'B', 'C']);
    const list = (await user.api('GET', '/api/v1/binders')).body.data;
    const events = await eventsSince(user, n);
    expect(events.map((e) => [e.type, e.payload.name, e.payload.position])).toEqual([
      ['binder.created', 'D', 2],
      ['binder.updated', 'B', 3],
      ['binder.updated', 'C', 4],
    ]);
    expect(events[1]!.payload).toEqual(list[2]);
    expect(events[2]!.payload).toEqual(list[3]);

    const m = (await server.events(user.id)).length;
    const last = await createBinder(user, { name: 'E', position: 99 });
    expect(last.position).toBe(5);
    expect((await eventsSince(user, m)).map((e) => e.type)).toEqual(['binder.created']);
    await createBinder(user, { name: 'F', position: 1 });
    expect(await order(user)).toEqual(['F', 'A', 'D', 'B', 'C', 'E']);
  });
});

describe('concurrent binder writes', () => {
  it('keeps positions dense when binders are created and moved at once', async () => {
    const user = await server.createUser();
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => user.api('POST', '/api/v1/binders', { name: `C${i}`, ...(i % 3 === 0 ? { position: 1 } : {}) })));
    expect(made.every((r) => r.status === 201)).toBe(true);
    expect(await order(user)).toHaveLength(12);
    const ids = made.map((r) => r.body.data.id);
    const moves = await Promise.all(ids.slice(0, 6).map((id, i) => user.api('PATCH', `/api/v1/binders/${id}`, { position: 12 - i })));
    expect(moves.every((r) => r.status === 200)).toBe(true);
    const deletes = await Promise.all(ids.slice(6, 9).map((id) => user.api('DELETE', `/api/v1/binders/${id}`)));
    expect(deletes.every((r) => r.status === 204)).toBe(true);
    expect(await order(user)).toHaveLength(9);
  });
});

describe('changing binders', () => {
  it('moves a binder and renumbers exactly the binders in between', async () => {
    const user = await server.createUser();
    const byName: Record<string, any> = {};
    for (const name of ['A', 'B', 'C', 'D', 'E']) byName[name] = await createBinder(user, { name });

    let n = (await server.events(user.id)).length;
    const up = await user.api('PATCH', `/api/v1/binders/${byName.D.id}`, { position: 2 });
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ name: 'D', position: 2 });
    expect(await order(user)).toEqual(['A', 'D', 'B', 'C', 'E']);
    let events = await eventsSince(user, n);
    expect(events.map((e) => [e.type, e.payload.name, e.payload.position])).toEqual([
      ['binder.updated', 'D', 2],
      ['binder.updated', 'B', 3],
      ['binder.updated', 'C', 4],
    ]);
    expect(events[0]!.payload).toEqual(up.body.data);

    n = (await server.events(user.id)).length;
    const down = await user.api('PATCH', `/api/v1/binders/${byName.A.id}`, { position: 500 });
    expect(down.body.data.position).toBe(5);
    expect(await order(user)).toEqual(['D', 'B', 'C', 'E', 'A']);
    events = await eventsSince(user, n);
    expect(events.map((e) => [e.payload.name, e.payload.position])).toEqual([
      ['A', 5],
      ['D', 1],
      ['B', 2],
      ['C', 3],
      ['E', 4],
    ]);
    const list = (await user.api('GET', '/api/v1/binders')).body.data;
    for (const e of events) expect(e.payload).toEqual(list.find((b: { id: string }) => b.id === e.payload.id));
  });

  it('trims a name\'s surrounding line break as it trims spaces, on create and on rename', async () => {
    const user = await server.createUser();
    const made = await user.api('POST', '/api/v1/binders', { name: 'Trade\n' });
    expect(made.status, made.text).toBe(201);
    expect(made.body.data.name).toBe('Trade');
    const renamed = await user.api('PATCH', `/api/v1/binders/${made.body.data.id}`, { name: '\tSpares\r\n' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.data.name).toBe('Spares');
  });

  it('renames and describes a binder, recording only that binder', async () => {
    const user = await server.createUser();
    const a = await createBinder(user, { name: 'A' });
    await createBinder(user, { name: 'B' });
    const n = (await server.events(user.id)).length;
    const res = await user.api('PATCH', `/api/v1/binders/${a.id}`, { name: 'Renamed', description: 'Now with text' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: a.id, name: 'Renamed', description: 'Now with text', position: 1, created_at: a.created_at });
    const events = await eventsSince(user, n);
    expect(events.map((e) => [e.type, e.payload])).toEqual([['binder.updated', res.body.data]]);
    const cleared = await user.api('PATCH', `/api/v1/binders/${a.id}`, { description: null });
    expect(cleared.body.data.description).toBeNull();
  });

  it('lists the collection by the new name at once after a rename (q=binder:<name>), cached pages or not', async () => {
    const user = await server.createUser();
    const kappa = await createBinder(user, { name: 'Kappa' });
    expect((await user.api('POST', '/api/v1/collection', { card_id: CARDS.AHN, binder_id: kappa.id })).status).toBe(201);
    const total = async (q: string) => (await user.api('GET', `/api/v1/collection?q=${encodeURIComponent(q)}`)).body.meta.total;
    // Both queries answered, and so cached, before the rename.
    expect([await total('binder:kappa'), await total('binder:lambda')]).toEqual([1, 0]);
    expect((await user.api('PATCH', `/api/v1/binders/${kappa.id}`, { name: 'Lambda' })).status).toBe(200);
    expect([await total('binder:kappa'), await total('binder:lambda')]).toEqual([0, 1]);
    // Moving or describing it changes no match: the cached pages stay.
    const version = await collectionVersion(server, user.id);
    expect((await user.api('PATCH', `/api/v1/binders/${kappa.id}`, { description: 'Doubles' })).status).toBe(200);
    expect(await collectionVersion(server, user.id)).toBe(version);
  });

  it('answers an unchanged PATCH without recording anything', async () => {
    const user = await server.createUser();
    const a = await createBinder(user, { name: 'A' });
    const before = await snapshot(server, user.id);
    for (const body of [{}, { name: 'A', position: 1 }, { position: 7 }]) {
      const res = await user.api('PATCH', `/api/v1/binders/${a.id}`, body);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(a);
    }
    expect(await snapshot(server, user.id)).toEqual(before);
  });

  it('counts the entries and cards filed in each binder', async () => {
    const user = await server.createUser();
    const a = await createBinder(user, { name: 'A' });
    await user.api('POST', '/api/v1/collection', { card_id: CARDS.AHN, quantity: 3, binder_id: a.id });
    await user.api('POST', '/api/v1/collection', { card_id: CARDS.LUNGE, quantity: 2, binder_id: a.id });
    await user.api('POST', '/api/v1/collection', { card_id: CARDS.LUNGE, quantity: 9 });
    const got = (await user.api('GET', `/api/v1/binders/${a.id}`)).body.data;
    expect(got).toMatchObject({ entry_count: 2, card_count: 5 });
    expect((await user.api('GET', '/api/v1/binders')).body.data[0]).toEqual(got);
  });
});

describe('deleting binders', () => {
  it('unassigns its entries, renumbers the rest and records every change', async () => {
    const user = await server.createUser();
    const a = await createBinder(user, { name: 'A' });
    const b = await createBinder(user, { name: 'B' });
    await createBinder(user, { name: 'C' });
    await createBinder(user, { name: 'D' });
    const e1 = (await user.api('POST', '/api/v1/collection', { card_id: CARDS.AHN, quantity: 3, binder_id: b.id })).body.data;
    const e2 = (await user.api('POST', '/api/v1/collection', { card_id: CARDS.LUNGE, binder_id: b.id })).body.data;
    const elsewhere = (await user.api('POST', '/api/v1/collection', { card_id: CARDS.LUNGE, binder_id: a.id })).body.data;
    const bBefore = (await user.api('GET', `/api/v1/binders/${b.id}`)).body.data;
    expect(bBefore).toMatchObject({ entry_count: 2, card_count: 4 });
    const before = await snapshot(server, user.id);

    const res = await user.api('DELETE', `/api/v1/binders/${b.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await user.api('GET', `/api/v1/binders/${b.id}`)).status).toBe(404);
    expect(await order(user)).toEqual(['A', 'C', 'D']);

    const after = await snapshot(server, user.id);
    expect(after.version).toBe(before.version + 1);
    const g1 = (await user.api('GET', `/api/v1/collection/${e1.id}`)).body.data;
    const g2 = (await user.api('GET', `/api/v1/collection/${e2.id}`)).body.data;
    expect(g1).toMatchObject({ binder_id: null, quantity: 3 });
    expect(g2).toMatchObject({ binder_id: null, quantity: 1 });
    expect((await user.api('GET', `/api/v1/collection/${elsewhere.id}`)).body.data).toEqual(elsewhere);

    const list = (await user.api('GET', '/api/v1/binders')).body.data;
    const events = await eventsSince(user, before.events.length);
    expect(events.map((e) => [e.type, e.payload.id])).toEqual([
      ['collection.entry.updated', e1.id],
      ['collection.entry.updated', e2.id],
      ['binder.deleted', b.id],
      ['binder.updated', list[1].id],
      ['binder.updated', list[2].id],
    ]);
    expect(events[0]!.payload).toEqual(g1);
    expect(events[1]!.payload).toEqual(g2);
    expect(events[2]!.payload).toEqual(bBefore);
    expect(events[3]!.payload).toEqual(list[1]);
    expect(events[4]!.payload).toEqual(list[2]);
    expect((await user.api('DELETE', `/api/v1/binders/${b.id}`)).status).toBe(404);
  });

  it('leaves the collection version alone when the binder was empty', async () => {
    const user = await server.createUser();
    const a = await createBinder(user, { name: 'A' });
    const before = await snapshot(server, user.id);
    expect((await user.api('DELETE', `/api/v1/binders/${a.id}`)).status).toBe(204);
    const after = await snapshot(server, user.id);
    expect(after.version).toBe(before.version);
    expect((await eventsSince(user, before.events.length)).map((e) => e.type)).toEqual(['binder.deleted']);
  });

  it('keeps an unassigned entry apart from an identical unassigned one, and adds grow the older', async () => {
    const user = await server.createUser();
    const a = await createBinder(user, { name: 'A' });
    const loose = (await user.api('POST', '/api/v1/collection', { card_id: CARDS.AHN, quantity: 1, notes: 'loose' })).body.data;
    const filed = (await user.api('POST', '/api/v1/collection', { card_id: CARDS.AHN, quantity: 2, notes: 'filed' })).body.data;
    expect(filed.id).toBe(loose.id); // same identity merges while both are unassigned
    const inBinder = (await user.api('POST', '/api/v1/collection', { card_id: CARDS.AHN, quantity: 5, binder_id: a.id, notes: 'binder' })).body.data;
    await user.api('DELETE', `/api/v1/binders/${a.id}`);
    const list = (await user.api('GET', '/api/v1/collection?sort=added&dir=asc')).body.data;
    expect(list.map((e: any) => [e.id, e.quantity, e.notes])).toEqual([
      [loose.id, 3, 'loose'],
      [inBinder.id, 5, 'binder'],
    ]);
    const grown = await user.api('POST', '/api/v1/collection', { card_id: CARDS.AHN });
    expect(grown.status).toBe(200);
    expect(grown.body.data).toMatchObject({ id: loose.id, quantity: 4 });
    // Changing a duplicate without touching its identity is allowed.
    const patched = await user.api('PATCH', `/api/v1/collection/${inBinder.id}`, { condition: 'near_mint', quantity: 6 });
    expect(patched.status).toBe(200);
  });
});

describe('listing binders', () => {
  it('pages in position order with a total', async () => {
    const user = await server.createUser();
    for (let i = 1; i <= 7; i++) await createBinder(user, { name: `B${i}` });
    await user.api('PATCH', `/api/v1/binders/${(await user.api('GET', '/api/v1/binders')).body.data[6].id}`, { position: 1 });
    const names: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await user.api('GET', `/api/v1/binders?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.meta.total).toBe(7);
      names.push(...res.body.data.map((b: { name: string }) => b.name));
      cursor = res.body.meta.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(names).toEqual(['B7', 'B1', 'B2', 'B3', 'B4', 'B5', 'B6']);
  });

  it('rejects bad paging parameters', async () => {
    const user = await server.createUser();
    const forged = Buffer.from(JSON.stringify(['binders:position', 'x', 1])).toString('base64url');
    for (const [q, field, code] of [
      ['limit=0', 'limit', 'out_of_range'],
      ['limit=1000', 'limit', 'out_of_range'],
      ['cursor=zzz', 'cursor', 'invalid_cursor'],
      [`cursor=${forged}`, 'cursor', 'invalid_cursor'],
      ['sort=name', 'sort', 'unknown_field'],
    ]) {
      const res = await user.api('GET', `/api/v1/binders?${q}`);
      expect(res.status, q).toBe(422);
      expect(res.body.errors, q).toContainEqual(expect.objectContaining({ field, code }));
    }
  });
});

describe('rejected binder writes change nothing', () => {
  it('rejects invalid bodies with field errors', async () => {
    const user = await server.createUser();
    const a = await createBinder(user, { name: 'A' });
    const before = await snapshot(server, user.id);
    const posts: Array<[unknown, string, string]> = [
      [{}, 'name', 'required'],
      [{ name: '' }, 'name', 'invalid_length'],
      [{ name: '   ' }, 'name', 'invalid_format'],
      [{ name: 'x'.repeat(101) }, 'name', 'invalid_length'],
      [{ name: 'Trade\nbinder' }, 'name', 'invalid_characters'],
      [{ name: 'Spares\u202e' }, 'name', 'invalid_characters'],
      // Nothing that draws: a zero-width space and a BOM, the Hangul filler.
      [{ name: '\u200b\ufeff' }, 'name', 'invalid_characters'],
      [{ name: '\u3164' }, 'name', 'invalid_characters'],
      [{ name: 5 }, 'name', 'invalid_type'],
      [{ name: 'ok', position: 0 }, 'position', 'out_of_range'],
      [{ name: 'ok', position: '2' }, 'position', 'invalid_type'],
      [{ name: 'ok', description: 'x'.repeat(1001) }, 'description', 'invalid_length'],
      [{ name: 'ok', colour: 'red' }, 'colour', 'unknown_field'],
    ];
    for (const [body, field, code] of posts) {
      const res = await user.api('POST', '/api/v1/binders', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors).toContainEqual(expect.objectContaining({ field, code }));
    }
    for (const [body, field, code] of posts.slice(1)) {
      const res = await user.api('PATCH', `/api/v1/binders/${a.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors).toContainEqual(expect.objectContaining({ field, code }));
    }
    for (const [method, p] of [['POST', '/api/v1/binders'], ['PATCH', `/api/v1/binders/${a.id}`]] as const) {
      const res = await server.request(method, p, { token: user.key, raw: '{"name":' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_json');
    }
    expect(await snapshot(server, user.id)).toEqual(before);
  });

  it("answers 404 for unknown ids and another user's binder, changing nothing", async () => {
    const a = await server.createUser();
    const b = await server.createUser();
    const binder = await createBinder(a, { name: 'Private' });
    const before = await snapshot(server, a.id);
    for (const id of [binder.id, MISSING_UUID, 'nope']) {
      for (const [method, body] of [['GET'], ['PATCH', { name: 'Mine now' }], ['DELETE']] as const) {
        const res = await b.api(method, `/api/v1/binders/${id}`, body);
        expect(res.status, `${method} ${id}`).toBe(404);
        expect(res.body.code).toBe('not_found');
      }
    }
    expect((await b.api('GET', '/api/v1/binders')).body).toEqual({ data: [], meta: { total: 0, next_cursor: null } });
    expect(await snapshot(server, a.id)).toEqual(before);
  });
});

describe('a binder deleted by a process whose clock is behind its entries', () => {
  let slow: TestServer;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = new ManualClock('2026-11-30T08:00:00.000Z');
    slow = await startTestServer({}, { clock });
  });
  afterAll(async () => {
    await slow?.close();
  });

  it('stamps the binder\'s own events no earlier than its entries leaving it, so they sort after them by time as by id', async () => {
    const user = await slow.createUser();
    await user.api('POST', '/api/v1/binders', { name: 'First' });
    const gone = (await user.api('POST', '/api/v1/binders', { name: 'Gone' })).body.data;
    await user.api('POST', '/api/v1/binders', { name: 'After' });
    expect((await user.api('POST', '/api/v1/collection', { card_id: CARDS.AHN, binder_id: gone.id })).status).toBe(201);
    // The entry was written at 08:00 (by a process whose clock runs ahead); this one's reads 07:59.
    clock.set('2026-11-30T07:59:00.000Z');
    const before = (await slow.events(user.id)).length;
    expect((await user.api('DELETE', `/api/v1/binders/${gone.id}`)).status).toBe(204);
    const events = (await slow.events(user.id)).slice(before);
    expect(events.map((e) => e.type)).toEqual(['collection.entry.updated', 'binder.deleted', 'binder.updated']);
    const times = events.map((e) => e.occurred_at);
    expect(times[0]! >= '2026-11-30T08:00:00.000Z').toBe(true);
    expect([...times].sort()).toEqual(times);
  });

  it('stamps an empty binder\'s deletion no earlier than its last change', async () => {
    clock.set('2026-11-30T09:00:00.000Z');
    const user = await slow.createUser();
    const renamed = (await user.api('POST', '/api/v1/binders', { name: 'Old name' })).body.data;
    expect((await user.api('PATCH', `/api/v1/binders/${renamed.id}`, { name: 'New name' })).status).toBe(200);
    clock.set('2026-11-30T08:59:00.000Z');
    const before = (await slow.events(user.id)).length;
    expect((await user.api('DELETE', `/api/v1/binders/${renamed.id}`)).status).toBe(204);
    const [deleted] = (await slow.events(user.id)).slice(before);
    expect(deleted).toMatchObject({ type: 'binder.deleted' });
    expect(deleted!.occurred_at >= '2026-11-30T09:00:00.000Z').toBe(true);
  });
});
