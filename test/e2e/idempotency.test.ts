import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import type { CollectionService } from '../../src/collection/service.js';
import { fingerprintOf } from '../../src/idempotency/service.js';
import { CARDS } from '../helpers/collection.js';
import { rawExchange } from '../helpers/raw-http.js';
import { waitUntil } from '../helpers/webhooks.js';
import { startTestServer, type ApiResponse, type TestServer, type TestUser } from '../helpers/server.js';

const clock = new ManualClock('2026-11-22T10:00:00.000Z');
let server: TestServer;
let seq = 0;
const newKey = () => `key-${Date.now()}-${seq++}`;

beforeAll(async () => {
  // The worker role registers the purge job; the clock decides what 24 hours are.
  server = await startTestServer({}, { clock, worker: true });
});
afterAll(async () => {
  await server?.close();
});

function add(user: TestUser, key: string | undefined, body: Record<string, unknown> = { card_id: CARDS.AHN, quantity: 3 }): Promise<ApiResponse> {
  return user.api('POST', '/api/v1/collection', body, key === undefined ? {} : { 'idempotency-key': key });
}

async function quantity(user: TestUser, cardId: string = CARDS.AHN): Promise<number> {
  const rows = await server.ctx.database.db
    .selectFrom('collection_entries')
    .select('quantity')
    .where('user_id', '=', user.id)
    .where('card_id', '=', cardId)
    .execute();
  return rows.reduce((sum, r) => sum + r.quantity, 0);
}

async function entryEvents(user: TestUser): Promise<number> {
  return (await server.events(user.id)).filter((e) => e.type.startsWith('collection.entry.')).length;
}

/**
 * Holds `ctx.collection.add` at its start until released: the route calls the service through
 * the context, so a request with a key can be kept "still running" without sleeping.
 */
function holdAdds(): { entered: Promise<void>; release: () => void; restore: () => void } {
  const service = server.ctx.collection as CollectionService;
  const original = service.add;
  let release!: () => void;
  let entered!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const enteredP = new Promise<void>((r) => {
    entered = r;
  });
  service.add = async (...args) => {
    entered();
    await gate;
    return original(...args);
  };
  return { entered: enteredP, release, restore: () => (service.add = original) };
}

/** An add with `key` while the collection service's add is `replacement` (given the real one), which goes back after. */
async function addWith(user: TestUser, key: string, replacement: (original: CollectionService['add']) => CollectionService['add']): Promise<ApiResponse> {
  const service = server.ctx.collection as CollectionService;
  const original = service.add;
  service.add = replacement(original);
  try {
    return await add(user, key);
  } finally {
    service.add = original;
  }
}

/** Sends a request over a raw socket and closes it as soon as the server has the whole request, before any answer. */
function sendAndDrop(path: string, headers: Record<string, string>, body: string): net.Socket {
  const { hostname, port } = new URL(server.url);
  const socket = net.connect(Number(port), hostname);
  const head = [`POST ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`];
  for (const [k, v] of Object.entries(headers)) head.push(`${k}: ${v}`);
  socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  socket.on('error', () => undefined);
  return socket;
}

/** Retries while the first request is still being answered (409 with Retry-After), as a client would. */
async function retryWhileRunning(send: () => Promise<ApiResponse>): Promise<ApiResponse> {
  for (let i = 0; i < 200; i++) {
    const res = await send();
    if (res.status !== 409) return res;
    expect(res.headers.get('retry-after')).toBe('1');
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('the first request never finished');
}

/** As `retryWhileRunning`, for a first request whose answer is kept by the once-a-second retry: up to `ms`. */
async function retryWhileRunningFor(send: () => Promise<ApiResponse>, ms: number): Promise<ApiResponse> {
  const until = Date.now() + ms;
  for (;;) {
    const res = await send();
    if (res.status !== 409 || Date.now() > until) return res;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('Idempotency-Key: retries', () => {
  it('adds once when an add is retried after its connection dropped', async () => {
    const user = await server.createUser({ scopes: ['collection:write'] });
    const key = newKey();
    const hold = holdAdds();
    try {
      const socket = sendAndDrop('/api/v1/collection', { authorization: `Bearer ${user.key}`, 'idempotency-key': key }, JSON.stringify({ card_id: CARDS.AHN, quantity: 3 }));
      // The server has the request and is running it: now the client loses the connection.
      await hold.entered;
      socket.destroy();
      hold.release();
    } finally {
      hold.restore();
    }
    const retry = await retryWhileRunning(() => add(user, key));
    expect(retry.status, retry.text).toBe(201);
    expect(retry.headers.get('idempotency-replayed')).toBe('true');
    expect(retry.body.data.quantity).toBe(3);
    expect(await quantity(user)).toBe(3);
    expect(await entryEvents(user)).toBe(1);
  });

  it('replays the first answer (status, body, ETag) with Idempotency-Replayed: true and writes nothing more', async () => {
    const user = await server.createUser({ scopes: ['collection:write'] });
    const key = newKey();
    const first = await add(user, key);
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get('idempotency-replayed')).toBeNull();
    const again = await add(user, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await quantity(user)).toBe(3);
    expect(await entryEvents(user)).toBe(1);

    // Without a key, the same add is a new add (merge-on-add), as before.
    const plain = await add(user, undefined);
    expect(plain.status).toBe(200);
    expect(await quantity(user)).toBe(6);
  });

  it('recognises a retry whose JSON has its keys in another order', async () => {
    const user = await server.createUser({ scopes: ['collection:write'] });
    const key = newKey();
    expect((await add(user, key, { card_id: CARDS.LUNGE, quantity: 2 })).status).toBe(201);
    const again = await add(user, key, { quantity: 2, card_id: CARDS.LUNGE });
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(await quantity(user, CARDS.LUNGE)).toBe(2);
  });

  it('keeps a 204 and a 4xx answer, and replays them', async () => {
    const user = await server.createUser({ scopes: ['collection:write'] });
    const created = await add(user, undefined);
    const id = created.body.data.id as string;
    const key = newKey();
    const del = await user.api('DELETE', `/api/v1/collection/${id}`, undefined, { 'idempotency-key': key });
    expect(del.status).toBe(204);
    const delAgain = await user.api('DELETE', `/api/v1/collection/${id}`, undefined, { 'idempotency-key': key });
    expect(delAgain.status).toBe(204);
    expect(delAgain.headers.get('idempotency-replayed')).toBe('true');
    expect(delAgain.text).toBe('');

    // The card is unknown: the handler ran and refused, so a retry gets the same refusal.
    const unknown = { card_id: '00000000-0000-7000-8000-000000000000' };
    const key2 = newKey();
    const refused = await add(user, key2, unknown);
    expect(refused.status).toBe(422);
    const refusedAgain = await add(user, key2, unknown);
    expect(refusedAgain.status).toBe(422);
    expect(refusedAgain.headers.get('idempotency-replayed')).toBe('true');
    expect(refusedAgain.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refusedAgain.body.code).toBe('validation_failed');
  });

  it('does not keep a 5xx: the key is released and the retry runs', async () => {
    const user = await server.createUser({ scopes: ['collection:write'] });
    const key = newKey();
    const failed = await addWith(user, key, () => async () => {
      throw new Error('a fault in the handler');
    });
    expect(failed.status).toBe(500);
    const retry = await add(user, key);
    expect(retry.status, retry.text).toBe(201);
    expect(retry.headers.get('idempotency-replayed')).toBeNull();
    expect(await quantity(user)).toBe(3);
  });

  it('does not keep a 409 the handler answers: once the conflicting entry is gone, the retry with the same key runs', async () => {
    const user = await server.createUser({ scopes: ['collection:write', 'collection:read'] });
    const card = '2dea2466-5c7f-40ce-b749-100ae89d2c90';
    const nonfoil = (await user.api('POST', '/api/v1/collection', { card_id: card })).body.data;
    const foil = (await user.api('POST', '/api/v1/collection', { card_id: card, finish: 'foil' })).body.data;
    const key = newKey();
    const conflict = await user.api('PATCH', `/api/v1/collection/${foil.id}`, { finish: 'nonfoil' }, { 'idempotency-key': key });
    expect(conflict.status).toBe(409);
    expect((await user.api('DELETE', `/api/v1/collection/${nonfoil.id}`)).status).toBe(204);
    const retry = await user.api('PATCH', `/api/v1/collection/${foil.id}`, { finish: 'nonfoil' }, { 'idempotency-key': key });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.headers.get('idempotency-replayed')).toBeNull();
    expect(retry.body.data.finish).toBe('nonfoil');
    // Now the answer is kept.
    const again = await user.api('PATCH', `/api/v1/collection/${foil.id}`, { finish: 'nonfoil' }, { 'idempotency-key': key });
    expect(again.headers.get('idempotency-replayed')).toBe('true');
  });

  it('does not keep a 412: the retry with the fresh ETag and the same key runs', async () => {
    const user = await server.createUser({ scopes: ['collection:write', 'collection:read'] });
    const entry = await user.api('POST', '/api/v1/collection', { card_id: '2dea2466-5c7f-40ce-b749-100ae89d2c90' });
    const stale = entry.headers.get('etag')!;
    const fresh = (await user.api('PATCH', `/api/v1/collection/${entry.body.data.id}`, { notes: 'changed elsewhere' })).headers.get('etag')!;
    expect(fresh).not.toBe(stale);
    const key = newKey();
    const refused = await user.api('PATCH', `/api/v1/collection/${entry.body.data.id}`, { quantity: 3 }, { 'idempotency-key': key, 'if-match': stale });
    expect(refused.status).toBe(412);
    const retry = await user.api('PATCH', `/api/v1/collection/${entry.body.data.id}`, { quantity: 3 }, { 'idempotency-key': key, 'if-match': fresh });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.headers.get('idempotency-replayed')).toBeNull();
    expect(retry.body.data.quantity).toBe(3);
  });

  it("frees a key whose claim committed though its answer was lost (the database cut off as it answered): the retry runs within seconds, not after the lease", async () => {
    const user = await server.createUser({ scopes: ['collection:write'] });
    const key = newKey();
    const service = server.ctx.idempotency;
    const begin = service.begin;
    // The claim is written; then the connection drops before the process hears so.
    service.begin = async (...args) => {
      await begin.apply(service, args);
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    };
    let first: ApiResponse;
    let retriedDuringOutage: ApiResponse;
    try {
      first = await add(user, key);
      // A client retrying while the database is still away: its own failed claim must not take the first one's place.
      retriedDuringOutage = await add(user, key);
    } finally {
      service.begin = begin;
    }
    expect(first.status).toBe(503);
    expect(retriedDuringOutage.status).toBe(503);
    // The key is released by its token once the database answers (every second), so a retry runs.
    const retry = await waitUntil(async () => {
      const res = await add(user, key);
      return res.status === 409 ? undefined : res;
    }, 5_000);
    expect(retry.status, retry.text).toBe(201);
    // One add of three copies: the first request ran nothing.
    expect(await quantity(user)).toBe(3);
  });

  it('does not keep an answer given before the request ran (a body that fails validation)', async () => {
    const user = await server.createUser({ scopes: ['collection:write'] });
    const key = newKey();
    const invalid = await add(user, key, { card_id: CARDS.AHN, quantity: 0 });
    expect(invalid.status).toBe(422);
    // Nothing ran, so the key is still free; the corrected request runs under it.
    const fixed = await add(user, key, { card_id: CARDS.AHN, quantity: 1 });
    expect(fixed.status, fixed.text).toBe(201);
  });
});

describe('Idempotency-Key: errors', () => {
  it('answers 422 idempotency_key_reused for the same key with a different body, method or path, and changes nothing', async () => {
    const user = await server.createUser({ scopes: ['collection:write', 'decks:write'] });
    const key = newKey();
    expect((await add(user, key)).status).toBe(201);
    const otherBody = await add(user, key, { card_id: CARDS.AHN, quantity: 4 });
    expect(otherBody.status).toBe(422);
    expect(otherBody.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(otherBody.body.code).toBe('idempotency_key_reused');
    expect(otherBody.body.detail).toContain('POST /api/v1/collection');
    const otherPath = await user.api('POST', '/api/v1/decks', { name: 'Burn', format: 'modern' }, { 'idempotency-key': key });
    expect(otherPath.status).toBe(422);
    expect(otherPath.body.code).toBe('idempotency_key_reused');
    expect(await quantity(user)).toBe(3);
    expect((await user.api('GET', '/api/v1/decks')).body.meta.total).toBe(0);
  });

  it('answers 409 conflict with Retry-After to a retry while the first request still runs, then replays', async () => {
    const user = await server.createUser({ scopes: ['collection:write'] });
    const key = newKey();
    const hold = holdAdds();
    let first: Promise<ApiResponse>;
    try {
      first = add(user, key);
      await hold.entered;
      const concurrent = await add(user, key);
      expect(concurrent.status).toBe(409);
      expect(concurrent.body.code).toBe('conflict');
      expect(concurrent.headers.get('retry-after')).toBe('1');
      hold.release();
    } finally {
      hold.restore();
    }
    const done = await first;
    expect(done.status).toBe(201);
    const after = await add(user, key);
    expect(after.headers.get('idempotency-replayed')).toBe('true');
    expect(after.text).toBe(done.text);
    expect(await quantity(user)).toBe(3);
  });

  it.each([
    ['empty', ''],
    ['longer than 255 characters', 'k'.repeat(256)],
    ['not ASCII', 'clé'],
  ])('refuses a key that is %s with 422 and runs nothing', async (_what, key) => {
    const user = await server.createUser({ scopes: ['collection:write'] });
    const res = await add(user, key);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'Idempotency-Key', code: 'invalid_idempotency_key' })]);
    expect(await quantity(user)).toBe(0);
  });

  it('refuses the header sent twice with 422, though Node joins the two into one "a, b" value, and runs nothing', async () => {
    const user = await server.createUser({ scopes: ['collection:write'] });
    const port = Number(new URL(server.url).port);
    const body = JSON.stringify({ card_id: CARDS.AHN });
    const res = await rawExchange(
      port,
      `POST /api/v1/collection HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${user.key}\r\nContent-Type: application/json\r\n` +
        `Idempotency-Key: first\r\nIdempotency-Key: second\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'validation_failed', errors: [expect.objectContaining({ field: 'Idempotency-Key', code: 'invalid_idempotency_key' })] });
    expect(await quantity(user)).toBe(0);
    // The one key "first, second" (a comma is printable ASCII) is a key like any other.
    expect((await add(user, 'first, second')).status).toBe(201);
  });

  it('accepts a key of 255 printable characters', async () => {
    const user = await server.createUser({ scopes: ['collection:write'] });
    const key = ' !~'.repeat(85);
    expect((await add(user, key)).status).toBe(201);
    expect((await add(user, key)).headers.get('idempotency-replayed')).toBe('true');
  });
});

describe('Idempotency-Key: owners and expiry', () => {
  it('keeps keys per user: another user with the same key runs their own request', async () => {
    const alice = await server.createUser({ scopes: ['collection:write'] });
    const bob = await server.createUser({ scopes: ['collection:write'] });
    const key = newKey();
    const a = await add(alice, key);
    const b = await add(bob, key, { card_id: CARDS.LUNGE, quantity: 1 });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get('idempotency-replayed')).toBeNull();
    expect(b.body.data.card_id).toBe(CARDS.LUNGE);
    expect(await quantity(bob, CARDS.LUNGE)).toBe(1);
    expect(await quantity(bob)).toBe(0);
  });

  it('replays for 24 hours, then the purge job removes the key and the same key runs again', async () => {
    const user = await server.createUser({ scopes: ['collection:write'] });
    const key = newKey();
    const count = async () =>
      Number(
        (
          await server.ctx.database.db
            .selectFrom('idempotency_keys')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', user.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const purge = server.jobs.get('idempotency-purge') as { runNow(): Promise<void> } | undefined;
    expect(purge).toBeDefined();

    expect((await add(user, key)).status).toBe(201);
    clock.advance(24 * 3600_000 - 1);
    await purge?.runNow();
    expect(await count()).toBe(1);
    expect((await add(user, key)).headers.get('idempotency-replayed')).toBe('true');

    clock.advance(1);
    await purge?.runNow();
    expect(await count()).toBe(0);
    const again = await add(user, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotency-replayed')).toBeNull();
    expect(await quantity(user)).toBe(6);
  });

  it('ignores a kept answer past 24 hours even before the purge runs', async () => {
    const user = await server.createUser({ scopes: ['collection:write'] });
    const key = newKey();
    expect((await add(user, key)).status).toBe(201);
    clock.advance(24 * 3600_000);
    const again = await add(user, key, { card_id: CARDS.AHN, quantity: 5 });
    expect(again.status, again.text).toBe(200);
    expect(await quantity(user)).toBe(8);
  });

  it('lets a retry take over a key whose first request died before its write committed, once the lease is over', async () => {
    const user = await server.createUser({ scopes: ['collection:write'] });
    const key = newKey();
    const body = { card_id: CARDS.AHN, quantity: 3 };
    // What a process that died before its write committed leaves behind: the key claimed, nothing written.
    const at = clock.now().toISOString();
    await server.ctx.database.db
      .insertInto('idempotency_keys')
      .values({
        user_id: user.id,
        key,
        fingerprint: fingerprintOf('POST', '/api/v1/collection', body),
        method: 'POST',
        path: '/api/v1/collection',
        state: 'running',
        lock_token: 'dead-process',
        locked_at: at,
        status_code: null,
        response_headers: null,
        response_body: null,
        created_at: at,
        completed_at: null,
      })
      .execute();
    expect((await add(user, key, body)).status).toBe(409);
    clock.advance(server.config.idempotencyLeaseMs - 1);
    expect((await add(user, key, body)).status).toBe(409);
    clock.advance(1);
    // The holder is presumed dead and wrote nothing: the retry runs, once.
    const taken = await add(user, key, body);
    expect(taken.status, taken.text).toBe(201);
    expect(taken.headers.get('idempotency-replayed')).toBeNull();
    expect((await add(user, key, body)).headers.get('idempotency-replayed')).toBe('true');
    expect(await quantity(user)).toBe(3);
  });

  it('never runs a write twice when its process died after the write committed but before its answer was kept', async () => {
    const user = await server.createUser({ scopes: ['collection:write'] });
    const key = newKey();
    const service = server.ctx.idempotency;
    const complete = service.complete;
    // The process "dies" between its commit and keeping the answer: the answer is never stored.
    let revive!: () => void;
    const dead = new Promise<boolean>((r) => {
      revive = () => r(false);
    });
    service.complete = () => dead;
    let first: Promise<ApiResponse> | undefined;
    try {
      first = add(user, key);
      const keyRow = () => server.ctx.database.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', user.id).where('key', '=', key).executeTakeFirst();
      while ((await keyRow())?.state !== 'applied') await new Promise((r) => setTimeout(r, 5));
    } finally {
      service.complete = complete;
    }
    expect(await quantity(user)).toBe(3);
    // Within the lease the holder may still answer: retries wait.
    expect((await add(user, key)).status).toBe(409);
    clock.advance(server.config.idempotencyLeaseMs);
    // Past it, the holder is presumed dead; its write happened, so the retry is told, not run.
    const lost = await add(user, key);
    expect(lost.status, lost.text).toBe(409);
    expect(lost.body.code).toBe('idempotency_answer_lost');
    expect(lost.headers.get('retry-after')).toBeNull();
    expect(await quantity(user)).toBe(3);
    expect(await entryEvents(user)).toBe(1);
    revive();
    expect((await first).status).toBe(201);
  });

  it('never runs a write twice when it failed with a 5xx after its write committed (a connection lost at COMMIT)', async () => {
    const user = await server.createUser({ scopes: ['collection:write'] });
    const key = newKey();
    const failed = await addWith(user, key, (original) => async (...args) => {
      await original(...args);
      throw new Error('the connection dropped as the commit was answered');
    });
    expect(failed.status).toBe(500);
    // The 5xx let the key go without freeing it: the retry learns at once that the add happened.
    const retry = await add(user, key);
    expect(retry.status, retry.text).toBe(409);
    expect(retry.body.code).toBe('idempotency_answer_lost');
    expect(await quantity(user)).toBe(3);
    expect(await entryEvents(user)).toBe(1);
    // The same key on another request is still refused as reused.
    expect((await add(user, key, { card_id: CARDS.AHN, quantity: 4 })).body.code).toBe('idempotency_key_reused');
  });

  it('never creates a binder, deck or price alert twice when its 5xx came after the create committed', async () => {
    const user = await server.createUser({ scopes: ['collection:write', 'decks:write'] });
    const cases = [
      { service: server.ctx.binders, path: '/api/v1/binders', body: { name: 'Trade' } },
      { service: server.ctx.decks, path: '/api/v1/decks', body: { name: 'Izzet', format: 'standard' } },
      { service: server.ctx.priceAlerts, path: '/api/v1/price-alerts', body: { card_id: '5cb76266-ae50-4bbc-8f96-d98f309b02d3', direction: 'above', threshold: '20.00' } },
    ] as const;
    for (const c of cases) {
      const service = c.service as { create: (...args: never[]) => Promise<unknown> };
      const original = service.create;
      service.create = async (...args) => {
        await original(...args);
        throw new Error('lost after the commit');
      };
      const key = newKey();
      try {
        expect((await user.api('POST', c.path, c.body, { 'idempotency-key': key })).status, c.path).toBe(500);
      } finally {
        service.create = original;
      }
      const retry = await user.api('POST', c.path, c.body, { 'idempotency-key': key });
      expect(retry.status, `${c.path}: ${retry.text}`).toBe(409);
      expect(retry.body.code).toBe('idempotency_answer_lost');
      expect((await user.api('GET', c.path)).body.meta.total, c.path).toBe(1);
    }
  });

  it('rolls back the write of a request that outlived its lease once a retry has taken its key over', async () => {
    const user = await server.createUser({ scopes: ['collection:write'] });
    const key = newKey();
    const hold = holdAdds();
    let first: Promise<ApiResponse>;
    let second: Promise<ApiResponse>;
    try {
      first = add(user, key);
      await hold.entered;
      clock.advance(server.config.idempotencyLeaseMs);
      // The retry takes the key over (the first looks dead) and is held too, then both go on.
      second = add(user, key);
      await new Promise<void>((resolve) => {
        const poll = async () => {
          const row = await server.ctx.database.db.selectFrom('idempotency_keys').select('locked_at').where('user_id', '=', user.id).where('key', '=', key).executeTakeFirst();
          if (row?.locked_at === clock.now().toISOString()) resolve();
          else setTimeout(() => void poll(), 5);
        };
        void poll();
      });
      hold.release();
    } finally {
      hold.restore();
    }
    const [a, b] = await Promise.all([first, second]);
    expect(a.status, a.text).toBe(409);
    expect(a.body.code).toBe('conflict');
    expect(b.status, b.text).toBe(201);
    expect(await quantity(user)).toBe(3);
    expect(await entryEvents(user)).toBe(1);
    const replay = await add(user, key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
  });

  it('keeps the answer once the database takes it again when storing it failed, so the retry replays it', async () => {
    const user = await server.createUser({ scopes: ['collection:write'] });
    const key = newKey();
    const service = server.ctx.idempotency;
    const complete = service.complete;
    let refused = 0;
    service.complete = (...args) => (refused++ === 0 ? Promise.reject(new Error('the database went away')) : complete(...args));
    try {
      const first = await add(user, key);
      expect(first.status, first.text).toBe(201);
      // Meanwhile the key is applied and held: a retry waits instead of running.
      const retry = await retryWhileRunningFor(() => add(user, key), 5_000);
      expect(retry.status, retry.text).toBe(201);
      expect(retry.headers.get('idempotency-replayed')).toBe('true');
      expect(retry.body).toEqual(first.body);
    } finally {
      service.complete = complete;
    }
    expect(refused).toBe(2);
    expect(await quantity(user)).toBe(3);
  });

});

describe('where a created object lives (Location)', () => {
  it('names the new object on every 201 that creates one, and a replay names the same one', async () => {
    const user = await server.createUser({ scopes: ['collection:write', 'collection:read', 'decks:write', 'webhooks:manage'] });
    const created: Array<[string, string, unknown]> = [
      ['/api/v1/collection', 'collection', { card_id: CARDS.AJANI, quantity: 1 }],
      ['/api/v1/binders', 'binders', { name: 'Trades' }],
      ['/api/v1/decks', 'decks', { name: 'Bolt', format: 'modern' }],
      ['/api/v1/decks/import', 'decks', { name: 'Imported', format: 'modern', text: `1 ${'Ajani, the Greathearted'}` }],
      ['/api/v1/price-alerts', 'price-alerts', { card_id: CARDS.AJANI, direction: 'above', threshold: '50' }],
      ['/api/v1/webhooks', 'webhooks', { url: 'https://hooks.example/ccs', events: ['*'] }],
    ];
    for (const [path, collection, body] of created) {
      const key = newKey();
      const res = await user.api('POST', path, body, { 'idempotency-key': key });
      expect(res.status, `${path}: ${res.text}`).toBe(201);
      expect(res.headers.get('location'), path).toBe(`/api/v1/${collection}/${res.body.data.id}`);
      expect((await user.api('GET', res.headers.get('location')!)).status, path).toBe(200);
      const replay = await user.api('POST', path, body, { 'idempotency-key': key });
      expect(replay.headers.get('idempotency-replayed')).toBe('true');
      expect(replay.headers.get('location'), path).toBe(res.headers.get('location'));
    }
    // Adding to an entry that exists creates nothing: 200, and no Location.
    const merged = await user.api('POST', '/api/v1/collection', { card_id: CARDS.AJANI, quantity: 1 });
    expect(merged.status).toBe(200);
    expect(merged.headers.get('location')).toBeNull();
  });
});
