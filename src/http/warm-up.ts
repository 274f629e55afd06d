import { once } from 'node:events';
import type { Server } from 'node:http';
import { Worker } from 'node:worker_threads';
import { generateApiKey } from '../auth/api-key-format.js';

/**
 * Start-up warm-up: once a process listens, and before it says it is running (and before
 * `/readyz` says ready), it answers requests that change nothing (an unknown, well-formed key
 * gets 401) through its own port, so that Node's HTTP code, Fastify's routing and hooks and the
 * service's auth hook are compiled by V8 before clients arrive. A cold process serves its first
 * second at about half its warm rate, and under load the connections waiting for it meanwhile
 * sit in the kernel's accept queue for 0.1-0.3 s (bench/README.md, "Tail latency").
 *
 * The client runs in a worker thread and uses the listening port itself: both measured to
 * matter (docs/decisions.md, "Warming up before taking traffic").
 */
export interface WarmUpRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface WarmUpOptions {
  /** Requests in all; 0 skips the warm-up. */
  requests: number;
  /** Stop after this long whatever is left (a slow machine must not start much later). */
  maxMs: number;
  /** Concurrent keep-alive connections, each sending its next request when the last is answered. */
  connections?: number;
}

export interface WarmUpResult {
  /** Requests answered. */
  answered: number;
  /** Answers by status code: every one should be 401 (the plan's key is no one's). */
  statuses: Record<string, number>;
  ms: number;
  /** Whether it stopped at `maxMs`. */
  cutShort: boolean;
}

/**
 * Tells the warm-up's requests from clients': they carry a key made for this warm-up (192
 * random bits, so no client can send it), and request logs and request metrics leave them out.
 * The key is still recognised after the warm-up ends: one cut short at its time limit leaves
 * requests the server had already read, answered after the end. Without a warm-up the check is
 * one comparison with `undefined`.
 */
export interface WarmUpMarker {
  /** True from `begin` to `end`. */
  readonly active: boolean;
  /** Starts a warm-up; the Authorization header value its requests carry. */
  begin(): string;
  /** Ends it (`active` turns false); its requests still in the server's hands stay recognised. */
  end(): void;
  isWarmUp(req: { headers: { authorization?: string } }): boolean;
}

export function createWarmUpMarker(): WarmUpMarker {
  let authorization: string | undefined;
  let active = false;
  return {
    get active() {
      return active;
    },
    begin() {
      authorization = `Bearer ${generateApiKey()}`;
      active = true;
      return authorization;
    },
    end() {
      active = false;
    },
    isWarmUp(req) {
      return authorization !== undefined && req.headers.authorization === authorization;
    },
  };
}

/**
 * The service's busiest requests, each with the warm-up's key, which no account holds: each is
 * looked up and answered 401 before its handler runs, so none reads or writes anyone's data,
 * counts against a rate limit or records usage.
 */
export function warmUpPlan(authorization: string): WarmUpRequest[] {
  const auth = { Authorization: authorization };
  const json = { ...auth, 'Content-Type': 'application/json' };
  return [
    { method: 'GET', path: '/api/v1/profile', headers: auth },
    { method: 'GET', path: '/api/v1/collection?limit=50', headers: { ...auth, 'Accept-Encoding': 'br, gzip' } },
    { method: 'POST', path: '/api/v1/collection', headers: json, body: '{"card_id":"00000000-0000-4000-8000-000000000000","quantity":1}' },
    { method: 'GET', path: '/api/v1/collection?limit=50', headers: auth },
    { method: 'GET', path: '/api/v1/cards/search?q=t%3Acreature', headers: auth },
    // API routes only: the routes of other plugin contexts (/healthz, a 404) build their
    // requests and replies from other classes, and with them in the warm-up a process served
    // /profile ~6% slower for its whole life (measured; compiled code made polymorphic).
  ];
}

function wire(r: WarmUpRequest): string {
  const body = r.body ?? '';
  const lines = [`${r.method} ${r.path} HTTP/1.1`, 'Host: localhost', 'Connection: keep-alive'];
  for (const [name, value] of Object.entries(r.headers ?? {})) lines.push(`${name}: ${value}`);
  if (r.body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

// The client, in a worker thread: its sockets and streams live in another V8 isolate, so the
// type feedback V8 gathers in this one is the server's alone (a client here would make Node's
// stream code polymorphic on its own socket types). One keep-alive connection per lane sends
// its next request when the last is answered, as a client does: pipelined requests take other
// paths through Node's HTTP server and leave the ordinary one cold (measured).
const CLIENT_SOURCE = `
const net = require('node:net');
const { parentPort, workerData } = require('node:worker_threads');
const { host, port, requests, total, connections, maxMs } = workerData;
const wires = requests.map((r) => Buffer.from(r));
const HEAD_END = Buffer.from('\\r\\n\\r\\n');
const CONTENT_LENGTH = /\\r\\ncontent-length: *(\\d+)/i;
const started = performance.now();
const open = new Set();
let sent = 0, answered = 0, cutShort = false;
const statuses = {};
const deadline = setTimeout(() => { cutShort = true; for (const s of open) s.destroy(); }, maxMs);
// The length of the first complete response in buf, 0 while incomplete, -1 without a length.
function responseLength(buf) {
  const end = buf.indexOf(HEAD_END);
  if (end < 0) return 0;
  const m = CONTENT_LENGTH.exec(buf.toString('latin1', 0, end));
  if (!m) return -1;
  const total = end + 4 + Number(m[1]);
  return buf.length >= total ? total : 0;
}
function lane() {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    open.add(socket);
    let pending = Buffer.alloc(0);
    const next = () => {
      if (cutShort || sent >= total) return socket.destroy();
      socket.write(wires[sent++ % wires.length]);
    };
    socket.on('connect', next);
    socket.on('data', (chunk) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        const n = responseLength(pending);
        if (n === 0) return;
        if (n < 0) return socket.destroy();
        answered++;
        const status = pending.toString('latin1', 9, 12);
        statuses[status] = (statuses[status] || 0) + 1;
        pending = pending.subarray(n);
        next();
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => { open.delete(socket); resolve(); });
  });
}
Promise.all(Array.from({ length: connections }, lane)).then(() => {
  clearTimeout(deadline);
  parentPort.postMessage({ answered, statuses, ms: Math.round(performance.now() - started), cutShort });
});
`;

/** What a warm-up that did not run reports. */
export const NOTHING: WarmUpResult = Object.freeze({ answered: 0, statuses: {}, ms: 0, cutShort: false });

/**
 * Answers `options.requests` requests from `plan` (in turn) through `server`, which must be
 * listening: the client connects to its port, so the accepted sockets and the server's state
 * are exactly what clients will meet (a warm-up on another port, closed before the real
 * listen, left the code compiled for a server object whose shape then changed).
 */
export async function warmUp(server: Server, plan: readonly WarmUpRequest[], options: WarmUpOptions): Promise<WarmUpResult> {
  if (options.requests <= 0 || plan.length === 0) return NOTHING;
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('warm-up: the server must listen on a TCP port');
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  const worker = new Worker(CLIENT_SOURCE, {
    eval: true,
    // CommonJS source whatever flags this process started with (`--input-type=module` would make it ESM).
    execArgv: [],
    workerData: { host, port: address.port, requests: plan.map(wire), total: options.requests, connections: Math.max(1, options.connections ?? 64), maxMs: options.maxMs },
  });
  try {
    // A worker that exits without its message (it never should) must not hold the start up.
    const exited = once(worker, 'exit').then(() => {
      throw new Error('warm-up: the client exited without a result');
    });
    const [result] = (await Promise.race([once(worker, 'message'), exited])) as [WarmUpResult];
    exited.catch(() => undefined);
    return result;
  } finally {
    await worker.terminate();
  }
}
