import net, { type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { recordEvents, waitUntil } from '../helpers/webhooks.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server.js';

/*
 * Receivers that misbehave at the TCP and HTTP level, end to end through the real dispatcher:
 * each attempt ends within CCS_WEBHOOK_TIMEOUT_MS however the receiver stalls, no more than
 * CCS_WEBHOOK_RESPONSE_BODY_BYTES of an answer is read whatever its size, and every failure
 * is counted (consecutive failures, the retry schedule) like any other. The timeout is shortened
 * to TIMEOUT; the retry schedule is the specification's, so no retry happens during a test.
 */

const TIMEOUT = 600;
/** Scheduling slack on a loaded machine, on top of the timeout. */
const SLACK = 1_500;
const SPEC = loadConfig({}).webhooks;
const TEN_MB = 10 * 1024 * 1024;

type Mode = 'silent' | 'dribble-head' | 'dribble-body' | { huge: number } | 'ok';

interface RawReceiver {
  url: string;
  /** What the next connections get, in order; the last one repeats. */
  modes: Mode[];
  /** Per request: what it got, bytes of the answer the kernel accepted, and whether all of it was written before the peer went away. */
  connections: Array<{ mode: Mode; written: number; finished: boolean; closedAt?: number; openedAt: number }>;
  close(): Promise<void>;
}

/**
 * A receiver written against TCP directly, so it can do what no HTTP server library would:
 * accept a request and never answer, send its status line a byte at a time, or answer with a body far
 * larger than anyone should read.
 */
async function rawReceiver(modes: Mode[]): Promise<RawReceiver> {
  const sockets = new Set<net.Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const connections: RawReceiver['connections'] = [];
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    // A mode per request, chosen when one arrives (a client may open a connection it never uses).
    let record: RawReceiver['connections'][number] | undefined;
    let head = '';
    socket.on('data', (chunk: Buffer) => {
      if (!record) {
        const mode = receiver.modes.length > 1 ? receiver.modes.shift()! : receiver.modes[0]!;
        record = { mode, written: 0, finished: false, openedAt: Date.now() };
        connections.push(record);
      }
      // Silent: takes the request and never answers a byte.
      if (record.mode === 'silent' || head.includes('\r\n\r\n')) return;
      head += chunk.toString('latin1');
      if (head.includes('\r\n\r\n')) respond(socket, record.mode, record);
    });
    socket.on('close', () => {
      if (record) record.closedAt = Date.now();
      sockets.delete(socket);
    });
  });
  const dribble = (socket: net.Socket, bytes: string, record: RawReceiver['connections'][number]) => {
    let i = 0;
    const timer = setInterval(() => {
      if (socket.destroyed || i >= bytes.length) {
        clearInterval(timer);
        return;
      }
      socket.write(bytes[i++]!);
      record.written += 1;
    }, 40);
    timers.add(timer);
  };
  const respond = (socket: net.Socket, mode: Mode, record: RawReceiver['connections'][number]) => {
    if (mode === 'ok') {
      socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok');
      record.finished = true;
    } else if (mode === 'dribble-head') {
      dribble(socket, 'HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok', record);
    } else if (mode === 'dribble-body') {
      socket.write('HTTP/1.1 200 OK\r\ncontent-length: 100000\r\nconnection: close\r\n\r\n');
      dribble(socket, 'x'.repeat(100_000), record);
    } else if (typeof mode === 'object') {
      // 10 MB in 64 kB pieces, each written once the one before has been taken: what was accepted is what the client read (plus socket buffers).
      socket.write(`HTTP/1.1 ${mode.huge} Oops\r\ncontent-type: text/plain\r\ncontent-length: ${TEN_MB}\r\nconnection: close\r\n\r\n`);
      const piece = Buffer.alloc(64 * 1024, 'y');
      const pump = () => {
        while (!socket.destroyed && record.written < TEN_MB) {
          record.written += piece.length;
          if (!socket.write(piece)) return socket.once('drain', pump);
        }
        if (record.written >= TEN_MB && !socket.destroyed) socket.end(() => (record.finished = true));
      };
      pump();
    }
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver: RawReceiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    modes,
    connections,
    async close() {
      for (const t of timers) clearInterval(t);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return receiver;
}

let server: TestServer;
beforeAll(async () => {
  // No batching window: each recorded event is sent at once, on the specification's retry schedule.
  // The receivers listen on 127.0.0.1; `trusted` keeps their full answers and causes in the log (the
  // default redacts them, contract section 6), which is what these tests read.
  server = await startTestServer({ webhooks: { ...SPEC, localTargets: 'trusted', batchWindowMs: 0, timeoutMs: TIMEOUT, leaseMs: 10_000, pollMs: 20 } }, { worker: true, cards: false });
});
afterAll(async () => {
  await server?.close();
});
const receivers: RawReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function setUp(modes: Mode[]): Promise<{ user: TestUser; rx: RawReceiver; id: string }> {
  const rx = await rawReceiver(modes);
  receivers.push(rx);
  const user = await server.createUser();
  const res = await user.api('POST', '/api/v1/webhooks', { url: rx.url, events: ['*'] });
  expect(res.status, res.text).toBe(201);
  return { user, rx, id: res.body.data.id };
}

/** Records one event and answers its delivery once its attempt has been recorded. */
async function attemptOnce(user: TestUser, id: string, already = 0) {
  await recordEvents(server, user.id, 1);
  return waitUntil(async () => {
    const list = (await user.api('GET', `/api/v1/webhooks/${id}/deliveries`)).body.data as Array<{ id: string; attempt_count: number }>;
    if (list.length <= already || list[0]!.attempt_count < 1) return undefined;
    return (await user.api('GET', `/api/v1/webhooks/${id}/deliveries/${list[0]!.id}`)).body.data;
  }, 15_000, 25);
}

function expectRetryScheduled(detail: any): void {
  expect(detail.status).toBe('retrying');
  const attempted = Date.parse(detail.attempts[0].attempted_at);
  // Retry 1 comes the schedule's first delay after the failure (recorded once the attempt ended).
  const due = Date.parse(detail.next_attempt_at) - attempted;
  expect(due).toBeGreaterThanOrEqual(SPEC.retryDelaysMs[0]!);
  expect(due).toBeLessThanOrEqual(SPEC.retryDelaysMs[0]! + detail.attempts[0].duration_ms + SLACK);
}

describe('receivers that stall or flood, end to end', () => {
  it('fails the attempt within the timeout when the receiver accepts the connection and the request and never answers', async () => {
    const { user, rx, id } = await setUp(['silent']);
    const detail = await attemptOnce(user, id);
    expect(detail.attempts[0]).toMatchObject({ success: false, status_code: null, error: `timeout: no response within ${TIMEOUT} ms` });
    expect(detail.attempts[0].duration_ms).toBeGreaterThanOrEqual(TIMEOUT - 50);
    expect(detail.attempts[0].duration_ms).toBeLessThan(TIMEOUT + SLACK);
    expectRetryScheduled(detail);
    // The dispatcher hung up: it does not keep the connection a silent receiver holds open.
    await waitUntil(() => rx.connections[0]?.closedAt);
  });

  it('fails the attempt within the timeout when the receiver sends its status line and headers a byte at a time', async () => {
    const { user, rx, id } = await setUp(['dribble-head']);
    const detail = await attemptOnce(user, id);
    expect(detail.attempts[0]).toMatchObject({ success: false, status_code: null, error: `timeout: no response within ${TIMEOUT} ms` });
    expect(detail.attempts[0].duration_ms).toBeLessThan(TIMEOUT + SLACK);
    // Bytes kept coming the whole time: the limit is on the whole answer, not between bytes.
    expect(rx.connections[0]!.written).toBeGreaterThan(5);
    expectRetryScheduled(detail);
  });

  it('counts a 2xx whose body then trickles as delivered, and stops reading it at the timeout', async () => {
    const { user, rx, id } = await setUp(['dribble-body']);
    const detail = await attemptOnce(user, id);
    expect(detail.status).toBe('delivered');
    expect(detail.attempts[0]).toMatchObject({ success: true, status_code: 200, response_body_truncated: true });
    expect(detail.attempts[0].duration_ms).toBeLessThan(TIMEOUT + SLACK);
    await waitUntil(() => rx.connections[0]?.closedAt);
    expect(rx.connections[0]!.finished).toBe(false);
  });

  it.each([
    [500, 'failed', 'receiver answered 500'],
    [200, 'delivered', null],
  ] as const)('reads at most CCS_WEBHOOK_RESPONSE_BODY_BYTES of a 10 MB answer with status %i, and hangs up instead of reading the rest', async (status, outcome, error) => {
    const { user, rx, id } = await setUp([{ huge: status }]);
    const detail = await attemptOnce(user, id);
    expect(detail.attempts[0]).toMatchObject({ success: outcome === 'delivered', status_code: status, error, response_body_truncated: true });
    expect(detail.attempts[0].response_body).toBe('y'.repeat(server.config.webhooks.responseBodyBytes));
    expect(detail.attempts[0].duration_ms).toBeLessThan(TIMEOUT + SLACK);
    if (outcome === 'failed') expectRetryScheduled(detail);
    else expect(detail.status).toBe('delivered');
    // The rest of the 10 MB was never read: the connection closed long before it was all written.
    await waitUntil(() => rx.connections[0]?.closedAt);
    expect(rx.connections[0]!.finished).toBe(false);
    expect(rx.connections[0]!.written).toBeLessThan(TEN_MB);
  });

  it('counts each stall and flood as one consecutive failure of the subscription, and the next 2xx resets the count', async () => {
    const { user, id } = await setUp(['silent', 'dribble-head', { huge: 503 }, 'ok']);
    for (const [n, expected] of [
      [1, /^timeout/],
      [2, /^timeout/],
      [3, /^receiver answered 503$/],
    ] as const) {
      const detail = await attemptOnce(user, id, n - 1);
      expect(detail.attempts[0].error).toMatch(expected);
      expectRetryScheduled(detail);
      expect((await user.api('GET', `/api/v1/webhooks/${id}`)).body.data).toMatchObject({ status: 'enabled', consecutive_failures: n });
    }
    const ok = await attemptOnce(user, id, 3);
    expect(ok.status).toBe('delivered');
    expect((await user.api('GET', `/api/v1/webhooks/${id}`)).body.data.consecutive_failures).toBe(0);
  });
});
