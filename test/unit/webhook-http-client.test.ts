import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import dns from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient, describeError } from '../../src/webhooks/http-client.js';
import { isForbiddenAddress } from '../../src/webhooks/url.js';

/** A TCP listener that only counts connections: proof of whether the client connected at all. */
let connections = 0;
let port = 0;
let tcp: net.Server;
beforeAll(async () => {
  tcp = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  port = (tcp.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => tcp.close(() => resolve()));
});

const base = { timeoutMs: 1_000, responseBodyBytes: 1024, userAgent: 'test' };
const post = { headers: { 'content-type': 'application/json' }, body: '[]' };

describe('outbound client address checks', () => {
  it('refuses an https literal private address without connecting', async () => {
    const client = createOutboundClient({ ...base, allowPrivate: false });
    const before = connections;
    const r = await client.post({ url: `https://127.0.0.1:${port}/hook`, ...post });
    expect(r).toMatchObject({ ok: false, statusCode: null });
    expect(r.error).toMatch(/private, loopback or link-local address; refused/);
    expect(connections).toBe(before);
    await client.close();
  });

  it('refuses an https host name whose DNS answer is private, checked at connect time', async (t) => {
    // This machine's own name resolves to a local address: a stand-in for a rebinding DNS answer.
    const host = os.hostname();
    const answers = await dns.lookup(host, { all: true }).catch(() => []);
    if (answers.length === 0 || !answers.every((a) => isForbiddenAddress(a.address))) t.skip();
    const client = createOutboundClient({ ...base, allowPrivate: false });
    const before = connections;
    const r = await client.post({ url: `https://${host}:${port}/hook`, ...post });
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(new RegExp(`${host} resolves to .* refused`));
    // Which address is not said: the delivery log would map internal names for any user.
    expect(r.error).not.toMatch(/\d+\.\d+\.\d+\.\d+|::/);
    expect(connections).toBe(before);
    await client.close();

    // With CCS_WEBHOOK_ALLOW_PRIVATE the same target is contacted (and fails TLS against this plain TCP port).
    const open = createOutboundClient({ ...base, allowPrivate: true });
    const r2 = await open.post({ url: `https://${host}:${port}/hook`, ...post });
    expect(r2.ok).toBe(false);
    expect(r2.error).not.toMatch(/refused$/);
    expect(connections).toBeGreaterThan(before);
    await open.close();
  });

  it('uses plain http only for localhost and 127.0.0.1', async () => {
    const client = createOutboundClient({ ...base, allowPrivate: true });
    const r = await client.post({ url: `http://10.0.0.1:${port}/hook`, ...post });
    expect(r.error).toMatch(/only allowed for localhost and 127\.0\.0\.1/);
    const local = await client.post({ url: `http://127.0.0.1:${port}/hook`, ...post });
    expect(local.ok).toBe(false);
    expect(local.error).toBe('connection failed');
    await client.close();
  });
});

describe('outbound client loopback policy (contract section 6)', () => {
  async function freePort(): Promise<number> {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const p = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    return p;
  }

  it('says "connection failed" for a loopback target, never why: a closed port and a reset look the same', async () => {
    const client = createOutboundClient({ ...base, allowPrivate: false, localTargets: 'allow' });
    const refused = await client.post({ url: `http://127.0.0.1:${await freePort()}/hook`, ...post });
    const reset = await client.post({ url: `http://localhost:${port}/hook`, ...post });
    for (const r of [refused, reset]) {
      expect(r).toMatchObject({ ok: false, statusCode: null, error: 'connection failed', responseBody: null, responseTruncated: false });
      expect(r.durationMs).toEqual(expect.any(Number));
    }
    await client.close();
  });

  it('names the cause for a trusted loopback target (CCS_WEBHOOK_LOCAL_TARGETS=trusted)', async () => {
    const client = createOutboundClient({ ...base, allowPrivate: false, localTargets: 'trusted' });
    const r = await client.post({ url: `http://127.0.0.1:${await freePort()}/hook`, ...post });
    expect(r).toMatchObject({ ok: false, statusCode: null, error: 'connection refused (ECONNREFUSED)' });
    await client.close();
  });

  it('never connects to a loopback target when local targets are denied', async () => {
    const client = createOutboundClient({ ...base, allowPrivate: true, localTargets: 'deny' });
    const before = connections;
    for (const url of [`http://127.0.0.1:${port}/hook`, `http://localhost:${port}/hook`, `https://127.0.0.1:${port}/hook`, `https://[::1]:${port}/hook`]) {
      const r = await client.post({ url, ...post });
      expect(r, url).toMatchObject({ ok: false, statusCode: null, error: expect.stringMatching(/CCS_WEBHOOK_LOCAL_TARGETS=deny/) });
    }
    expect(connections).toBe(before);
    await client.close();
  });
});

describe('outbound client timeouts', () => {
  it('names every deadline the same way, whether our timer or undici\'s own fired first', () => {
    for (const code of ['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']) {
      expect(describeError(Object.assign(new Error('Headers Timeout Error'), { code }), false, 600), code).toBe('timeout: no response within 600 ms');
    }
    expect(describeError(new Error('aborted'), true, 600)).toBe('timeout: no response within 600 ms');
    expect(describeError(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }), false, 600)).toBe('connection refused (ECONNREFUSED)');
  });
});
