import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeRequest, fuzzRequests, operationsOf, rawRequest, type Pools } from '../helpers/fuzz.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server.js';

/*
 * Every operation of the served OpenAPI description, fed hostile and random path parameters,
 * query strings, headers and bodies (test/helpers/fuzz.ts) while another user keeps adding
 * entries. A fixed seed and budget in CI (FUZZ_SEED, FUZZ_RUNS); `node bench/fuzz.mjs` runs
 * the same with 10,000+ requests. What must hold for every single request:
 * - never a 500 (a 503 only as the documented problem document), and always an answer;
 * - every 4xx is `application/problem+json` with a `code`;
 * - a rejected write changes nothing of the caller's data (entries, binders, decks, their
 *   cards, webhooks and deliveries, price alerts, keys, outbox events);
 * and the server still answers /healthz at the end.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
const SEED = Number(process.env.FUZZ_SEED ?? 17);
const REPORT_FILE = process.env.FUZZ_REPORT_FILE;

let server: TestServer;
let fuzzer: TestUser;
let writer: TestUser;
let pools: Pools;
let cards: string[];

beforeAll(async () => {
  server = await startTestServer({ rateLimit: { free: 1_000_000_000, pro: 1_000_000_000, windowMs: 60_000 } });
  const db = server.ctx.database.db;
  cards = (await db.selectFrom('cards').select(['id', 'finishes']).orderBy('id').execute()).filter((c) => c.finishes.includes('nonfoil')).map((c) => c.id);
  fuzzer = await server.createUser({ username: 'fuzzer' });
  writer = await server.createUser();
  const other = await server.createUser({ username: 'someone_else' });

  /** Objects of a user, so hostile requests reach real rows: ids for the pools, by kind. */
  async function objects(user: TestUser): Promise<Record<string, string[]>> {
    const ids: Record<string, string[]> = {};
    const made = async (method: string, path: string, body: unknown) => {
      const res = await user.api(method, path, body);
      expect(res.status, res.text).toBeLessThan(300);
      const kind = path.split('/')[3]!;
      ids[kind] = [...(ids[kind] ?? []), res.body.data.id];
      return res.body.data;
    };
    const binder = await made('POST', '/api/v1/binders', { name: 'Trades' });
    for (const card of cards.slice(0, 3)) await made('POST', '/api/v1/collection', { card_id: card, finish: 'nonfoil', binder_id: binder.id });
    await made('POST', '/api/v1/decks', { name: 'Burn', format: 'modern', cards: [{ card_id: cards[0], quantity: 4 }] });
    const hook = await made('POST', '/api/v1/webhooks', { url: 'http://localhost:9/hook', events: ['*'] });
    await made('POST', '/api/v1/price-alerts', { card_id: cards[0], direction: 'above', threshold: '10.00' });
    const test = await user.api('POST', `/api/v1/webhooks/${hook.id}/test`);
    expect(test.status, test.text).toBeLessThan(300);
    ids.deliveries = (await user.api('GET', `/api/v1/webhooks/${hook.id}/deliveries`)).body.data.map((d: { id: string }) => d.id);
    return ids;
  }
  const own = await objects(fuzzer);
  const foreign = await objects(other);
  const readOnly = await server.ctx.apiKeys.create(fuzzer.id, { name: 'read only', scopes: ['collection:read'] });
  const revoked = await server.ctx.apiKeys.create(fuzzer.id, { name: 'revoked', scopes: ['collection:write'] });
  await server.ctx.apiKeys.revoke(revoked.id);
  pools = {
    own,
    foreign,
    cardIds: cards.slice(0, 20),
    setCodes: (await db.selectFrom('sets').select('code').limit(5).execute()).map((s) => s.code),
    usernames: ['fuzzer', 'someone_else', 'nobody'],
    key: fuzzer.key,
    otherKeys: [readOnly.key, revoked.key, other.key],
  };
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** What a request could change of the fuzzing user's data: row counts and the latest change of each table. */
async function snapshot(userId: string): Promise<string> {
  const db = server.ctx.database.db;
  const parts = await Promise.all([
    db.selectFrom('collection_entries').select(({ fn }) => [fn.countAll<number>().as('n'), fn.max('updated_at').as('at'), fn.sum<number>('quantity').as('q')]).where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('binders').select(({ fn }) => [fn.countAll<number>().as('n'), fn.max('updated_at').as('at')]).where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('decks').select(({ fn }) => [fn.countAll<number>().as('n'), fn.max('updated_at').as('at')]).where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('deck_cards')
      .innerJoin('decks', 'decks.id', 'deck_cards.deck_id')
      .select(({ fn }) => [fn.countAll<number>().as('n'), fn.sum<number>('deck_cards.quantity').as('q')])
      .where('decks.user_id', '=', userId)
      .executeTakeFirst(),
    db.selectFrom('webhook_subscriptions').select(({ fn }) => [fn.countAll<number>().as('n'), fn.max('updated_at').as('at')]).where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('webhook_deliveries').select(({ fn }) => [fn.countAll<number>().as('n'), fn.max('updated_at').as('at')]).where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('price_alerts').select(({ fn }) => [fn.countAll<number>().as('n'), fn.max('updated_at').as('at')]).where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('api_keys').select(({ fn }) => [fn.countAll<number>().as('n'), fn.count('revoked_at').as('revoked')]).where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('events').select(({ fn }) => [fn.countAll<number>().as('n')]).where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('users').select(['username', 'email', 'plan', 'password_hash']).where('id', '=', userId).executeTakeFirst(),
  ]);
  return JSON.stringify(parts);
}

describe('fuzzing every operation of the OpenAPI description', () => {
  it(`answers ${RUNS} hostile and random requests (seed ${SEED}) under write load with no 500, a problem document for every 4xx, and no change from any rejected request`, async () => {
    const doc = (await server.request('GET', '/api/v1/openapi.json')).body;
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(40);
    const requests = fuzzRequests(ops, pools, SEED, RUNS);
    const port = Number(new URL(server.url).port);

    // Another user adds entries the whole time, so rejected requests meet a database that is busy changing.
    let writing = true;
    let written = 0;
    const load = (async () => {
      for (let i = 0; writing; i++) {
        const res = await writer.api('POST', '/api/v1/collection', { card_id: cards[i % cards.length], finish: 'nonfoil' });
        if (res.status >= 500) throw new Error(`the background writer got ${res.status}: ${res.text}`);
        written += 1;
        // A steady trickle rather than a flood: the point is a database that changes under the fuzz, not a second benchmark.
        await new Promise((r) => setTimeout(r, 5));
      }
    })();

    const failures: string[] = [];
    const statuses: Record<string, number> = {};
    const perOperation: Record<string, Record<string, number>> = {};
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    let state = await snapshot(fuzzer.id);
    for (const [n, req] of requests.entries()) {
      const where = `#${n} ${describeRequest(req)}`;
      let res: Awaited<ReturnType<typeof rawRequest>>;
      try {
        res = await rawRequest(port, req);
      } catch (err) {
        failures.push(`no answer (${(err as Error).message}): ${where}`);
        continue;
      }
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      const op = perOperation[req.operation] ?? {};
      op[res.status] = (op[res.status] ?? 0) + 1;
      perOperation[req.operation] = op;
      const text = res.body.toString('utf8');
      if (res.status >= 500 && !(res.status === 503 && /"code":"service_unavailable"/.test(text))) failures.push(`${res.status} ${text.slice(0, 200)}: ${where}`);
      if (res.status >= 400 && res.status < 500) {
        let code: unknown;
        try {
          code = JSON.parse(text).code;
        } catch {
          code = undefined;
        }
        if (!res.headers['content-type']?.startsWith('application/problem+json') || typeof code !== 'string') {
          failures.push(`${res.status} without a problem document (${res.headers['content-type']}: ${text.slice(0, 120)}): ${where}`);
        }
      }
      if (req.method !== 'GET') {
        const after = await snapshot(fuzzer.id);
        if (res.status >= 400 && after !== state) failures.push(`a rejected request (${res.status} ${text.slice(0, 120)}) changed data: ${where}`);
        state = after;
      }
      if (failures.length >= 25) break;
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    writing = false;
    await load;

    const health = await server.request('GET', '/healthz');
    const report = { seed: SEED, requests: requests.length, seconds: Math.round(seconds * 10) / 10, cpu_seconds: Math.round((cpu.user + cpu.system) / 1e5) / 10, operations: ops.length, statuses, background_writes: written, failures, per_operation: perOperation };
    if (REPORT_FILE) fs.writeFileSync(REPORT_FILE, JSON.stringify(report, null, 2));
    expect(failures).toEqual([]);
    expect(health.status).toBe(200);
    // Every operation was reached, and the writer kept writing while the fuzz ran.
    expect(Object.keys(perOperation).length).toBe(ops.length);
    expect(written).toBeGreaterThan(0);
    // The requests reached past authentication and validation into the services.
    expect(Object.keys(statuses).filter((s) => s.startsWith('2')).length).toBeGreaterThan(0);
    // The server's database is sound after it all.
    if (server.ctx.database.dialect === 'sqlite') expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(server.ctx.database.db)).rows[0]?.integrity_check).toBe('ok');
  }, 600_000);
});
