import { describe, expect, it } from 'vitest';
import { retryAfterMs, retryingFetch } from '../../src/client/index.js';

/** A fake server: answers each request with the next response (or throws the next error), recording the requests. */
function scripted(answers: Array<Response | Error>) {
  const seen: Array<{ method: string; key: string | null; auth: string | null; body: string }> = [];
  const fetch = async (req: Request) => {
    seen.push({ method: req.method, key: req.headers.get('idempotency-key'), auth: req.headers.get('authorization'), body: await req.text() });
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  };
  return { fetch, seen };
}

const json = (status: number, headers: Record<string, string> = {}) => new Response(JSON.stringify({ status }), { status, headers: { 'content-type': 'application/json', ...headers } });

function client(answers: Array<Response | Error>, extra: { maxAttempts?: number } = {}) {
  const waits: number[] = [];
  const server = scripted(answers);
  let keys = 0;
  const send = retryingFetch({ baseUrl: 'http://ccs.test', token: 'ccs_live_x', fetch: server.fetch, sleep: async (ms) => void waits.push(ms), idempotencyKey: () => `key-${++keys}`, ...extra });
  return { send, waits, seen: server.seen };
}

const post = () => new Request('http://ccs.test/api/v1/collection', { method: 'POST', body: '{"card_id":"c"}', headers: { 'content-type': 'application/json' } });

describe('the typed client: retries', () => {
  it('sends the credential, and one Idempotency-Key per write that every retry repeats', async () => {
    const c = client([new TypeError('fetch failed'), json(503, { 'retry-after': '2' }), json(201)]);
    const res = await c.send(post());
    expect(res.status).toBe(201);
    expect(c.seen.map((s) => s.key)).toEqual(['key-1', 'key-1', 'key-1']);
    expect(c.seen.every((s) => s.auth === 'Bearer ccs_live_x' && s.body === '{"card_id":"c"}')).toBe(true);
    expect(c.waits).toEqual([250, 2000]);
    // The next call is a new logical request: a new key.
    await c.send(new Request('http://ccs.test/api/v1/collection', { method: 'POST', body: '{}' })).catch(() => undefined);
    expect(c.seen.at(-1)?.key).toBe('key-2');
  });

  it('keeps a key the caller chose, and sends none on reads', async () => {
    const c = client([json(200), json(201)]);
    await c.send(new Request('http://ccs.test/api/v1/collection'));
    const req = post();
    req.headers.set('idempotency-key', 'mine');
    await c.send(req);
    expect(c.seen.map((s) => s.key)).toEqual([null, 'mine']);
  });

  it('waits Retry-After on 429, and on a 409 that says the same key is still running', async () => {
    const c = client([json(429, { 'retry-after': '7' }), json(409, { 'retry-after': '1' }), json(201)]);
    expect((await c.send(post())).status).toBe(201);
    expect(c.waits).toEqual([7000, 1000]);
  });

  it('does not retry other errors, or a 409 without Retry-After', async () => {
    for (const status of [400, 401, 404, 409, 412, 422, 500]) {
      const c = client([json(status), json(201)]);
      expect((await c.send(post())).status).toBe(status);
      expect(c.seen).toHaveLength(1);
    }
  });

  it('gives up after maxAttempts and answers the last response, or throws the last network error', async () => {
    const busy = client([json(503), json(503), json(503)], { maxAttempts: 3 });
    expect((await busy.send(post())).status).toBe(503);
    expect(busy.waits).toEqual([250, 500]);
    const down = client([new TypeError('a'), new TypeError('b')], { maxAttempts: 2 });
    await expect(down.send(post())).rejects.toThrow('b');
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});
