import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import dns from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient, describeError, type DnsResolve } from '../../src/webhooks/http-client.js';
import { isForbiddenAddress } from '../../src/webhooks/url.js';
import { freePort } from '../helpers/outage.js';

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

describe('outbound client: what a failed loopback attempt shows (contract section 6)', () => {
  const quick = { ...base, timeoutMs: 300 };
  /** Accepts connections and never answers, as a local database waiting for its start-up packet does. */
  async function silentListener(): Promise<{ port: number; close: () => Promise<void> }> {
    const sockets = new Set<net.Socket>();
    const server = net.createServer((s) => sockets.add(s));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      port: (server.address() as AddressInfo).port,
      close: () => {
        for (const s of sockets) s.destroy();
        return new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  }
  const loopbackName = (name: string): DnsResolve => (hostname, _options, callback) =>
    hostname === name ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);

  it('takes the timeout for a closed port as for a listening one that never answers, so the log cannot tell them apart', async () => {
    const silent = await silentListener();
    const client = createOutboundClient({ ...quick, allowPrivate: false, localTargets: 'allow' });
    try {
      const timed = async (url: string) => {
        const t0 = performance.now();
        const r = await client.post({ url, ...post });
        return { r, took: performance.now() - t0 };
      };
      const closed = await timed(`http://127.0.0.1:${await freePort()}/hook`);
      const open = await timed(`http://127.0.0.1:${silent.port}/hook`);
      for (const { r, took } of [closed, open]) {
        expect(r).toEqual({ ok: false, statusCode: null, durationMs: 300, error: 'connection failed', responseBody: null, responseTruncated: false });
        // Refused at once, but answered only when a silent listener would have timed out.
        expect(took).toBeGreaterThanOrEqual(295);
      }
    } finally {
      await client.close();
      await silent.close();
    }
  });

  it('with private targets allowed, refuses a name that resolves to a loopback address when local targets are denied, without connecting', async () => {
    const client = createOutboundClient({ ...quick, allowPrivate: true, localTargets: 'deny', resolve: loopbackName('inside.example') });
    const before = connections;
    const r = await client.post({ url: `https://inside.example:${port}/hook`, ...post });
    expect(r).toMatchObject({ ok: false, statusCode: null, error: expect.stringMatching(/inside\.example resolves to a loopback address.*CCS_WEBHOOK_LOCAL_TARGETS=deny/) });
    expect(connections).toBe(before);
    await client.close();
  });

  it('with private targets allowed, reports a name that resolves to a loopback address as a loopback target: no cause, the timeout', async () => {
    const client = createOutboundClient({ ...quick, allowPrivate: true, localTargets: 'allow', resolve: loopbackName('inside.example') });
    const before = connections;
    // TLS against a plain TCP port that hangs up: the cause (an OpenSSL error) would name what listens there.
    const r = await client.post({ url: `https://inside.example:${port}/hook`, ...post });
    expect(r).toEqual({ ok: false, statusCode: null, durationMs: 300, error: 'connection failed', responseBody: null, responseTruncated: false });
    expect(connections).toBeGreaterThan(before);
    await client.close();
    // Trusted: the cause is told.
    const trusted = createOutboundClient({ ...quick, allowPrivate: true, localTargets: 'trusted' });
    const told = await trusted.post({ url: `https://localhost:${port}/hook`, ...post });
    expect(told.error).not.toBe('connection failed');
    await trusted.close();
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

  it('says a TLS failure in one line of its reason, without OpenSSL\'s queue id, source path or line break', () => {
    const openssl = (code: string, reason: string) =>
      Object.assign(new Error(`80ACAC50A47F0000:error:0A000460:SSL routines:ssl3_read_bytes:${reason}:../deps/openssl/openssl/ssl/record/rec_layer_s3.c:1601:SSL alert number 120\n`), { code });
    expect(describeError(openssl('ERR_SSL_TLSV1_ALERT_NO_APPLICATION_PROTOCOL', 'tlsv1 alert no application protocol'), false, 600)).toBe(
      'TLS handshake failed: the receiver offers no protocol this server speaks (it may accept HTTP/2 only; deliveries use HTTP/1.1) (ERR_SSL_TLSV1_ALERT_NO_APPLICATION_PROTOCOL)',
    );
    expect(describeError(openssl('ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE', 'sslv3 alert handshake failure'), false, 600)).toBe(
      'TLS handshake failed: sslv3 alert handshake failure (ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE)',
    );
    expect(describeError(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }), false, 600)).toBe('connection reset by the receiver');
    expect(describeError(new Error('two\n  lines'), false, 600)).toBe('two lines');
  });
});

describe('the attempt timeout', () => {
  it('never ends an attempt before the timeout, whenever in undici\'s coarse timer tick it starts', async () => {
    // A receiver that takes the request and never answers.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      sockets.add(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    // 600 ms: over half a second, where undici uses its coarse clock.
    const client = createOutboundClient({ ...base, timeoutMs: 600, allowPrivate: true, localTargets: 'trusted' });
    try {
      const durations: number[] = [];
      // undici's own timers tick every ~half second: attempts started at spread-out moments of
      // that tick (its timers at the same value ended some of them 70-80 ms early).
      for (let k = 0; k < 12; k++) {
        await new Promise((resolve) => setTimeout(resolve, (k * 37) % 500));
        const r = await client.post({ url: `http://127.0.0.1:${silentPort}/hook`, ...post });
        expect(r.error).toBe('timeout: no response within 600 ms');
        durations.push(r.durationMs);
      }
      expect(Math.min(...durations), durations.join(', ')).toBeGreaterThanOrEqual(600);
    } finally {
      for (const socket of sockets) socket.destroy();
      await client.close();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  }, 30_000);
});
