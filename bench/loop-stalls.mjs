// @ts-check
// Event-loop stall recorder for the benchmarks, loaded into a server process with
// `node --import ./bench/loop-stalls.mjs <server>`; it changes nothing in the service. It
// notes, with timestamps (ms since start), every event-loop turn that came back more than
// STALL_MS (10) late on a 5 ms timer, every request slower than SLOW_MS (50), every garbage collection over 2 ms, and every message a
// worker thread posts to the main thread (the WAL checkpointer's results), so the slow requests
// of a wrk run can be laid against what ran at the time. monitorEventLoopDelay gives the
// distribution. At exit (SIGTERM) it writes JSON to $SERVER_STALLS_FILE.
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { PerformanceObserver, monitorEventLoopDelay, performance } from 'node:perf_hooks';

const file = process.env.SERVER_STALLS_FILE;
const stallMs = Number(process.env.STALL_MS ?? 10);
const TICK_MS = 5;
/** @type {Array<{ at: number; late_ms: number; heap_mb: number }>} */
const stalls = [];
/** @type {Array<{ at: number; ms: number; kind: number }>} */
const gcs = [];
/** @type {Array<{ at: number; message: unknown }>} */
const workerMessages = [];
const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();

let expected = performance.now() + TICK_MS;
setInterval(() => {
  const now = performance.now();
  const late = now - expected;
  if (late > stallMs) stalls.push({ at: Math.round(now - late), late_ms: Math.round(late * 10) / 10, heap_mb: Math.round(process.memoryUsage().heapUsed / 1e6) });
  expected = now + TICK_MS;
}, TICK_MS).unref();

new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.duration > 2) gcs.push({ at: Math.round(e.startTime), ms: Math.round(e.duration * 10) / 10, kind: /** @type {{ detail?: { kind?: number } }} */ (e).detail?.kind ?? 0 });
  }
}).observe({ entryTypes: ['gc'] });

// Requests: when the first arrived, and every one slower than SLOW_MS (50) with its start
// and end, from Node's parsed headers to the response handed to the kernel.
const slowMs = Number(process.env.SLOW_MS ?? 50);
/** @type {WeakMap<object, number>} */
const startedAt = new WeakMap();
/** @type {Array<{ at: number; ms: number; url: string }>} */
const slow = [];
let requests = 0;
let firstRequestAt = -1;
// Per connection: when Node accepted it, and how long until its first request was parsed.
/** @type {WeakMap<object, number>} */
const acceptedAt = new WeakMap();
/** @type {Array<{ accepted: number; first_request_ms: number }>} */
const connections = [];
diagnostics.subscribe('net.server.socket', (message) => {
  acceptedAt.set(/** @type {{ socket: object }} */ (message).socket, performance.now());
});
diagnostics.subscribe('http.server.request.start', (message) => {
  const now = performance.now();
  const { socket } = /** @type {{ request: { socket: object } }} */ (message).request;
  const accepted = acceptedAt.get(socket);
  if (accepted !== undefined) {
    acceptedAt.delete(socket);
    connections.push({ accepted: Math.round(accepted), first_request_ms: Math.round((now - accepted) * 10) / 10 });
  }
  if (firstRequestAt < 0) {
    // The delay distribution covers serving only, not start-up.
    firstRequestAt = Math.round(now);
    delay.reset();
  }
  requests++;
  startedAt.set(/** @type {{ response: object }} */ (message).response, now);
});
diagnostics.subscribe('http.server.response.finish', (message) => {
  const { request, response } = /** @type {{ request: { url?: string }; response: object }} */ (message);
  const t0 = startedAt.get(response);
  if (t0 === undefined) return;
  const ms = performance.now() - t0;
  if (ms > slowMs && slow.length < 100_000) slow.push({ at: Math.round(t0), ms: Math.round(ms), url: request.url ?? '' });
});

// Worker messages (the checkpointer's results) with the main thread's clock.
const wt = createRequire(import.meta.url)('node:worker_threads');
const Base = wt.Worker;
wt.Worker = class extends Base {
  /** @param {ConstructorParameters<typeof Base>} args */
  constructor(...args) {
    super(...args);
    this.on('message', (/** @type {unknown} */ message) => {
      if (workerMessages.length < 10_000) workerMessages.push({ at: Math.round(performance.now()), message });
    });
  }
};
syncBuiltinESMExports();

process.prependListener('SIGTERM', () => {
  if (!file) return;
  const pct = (/** @type {number} */ p) => Math.round(delay.percentile(p) / 1e4) / 100;
  fs.writeFileSync(
    file,
    JSON.stringify({
      first_request_at: firstRequestAt,
      requests,
      slow_requests: slow,
      connections,
      loop_delay_ms: { p50: pct(50), p99: pct(99), p999: pct(99.9), max: Math.round(delay.max / 1e4) / 100 },
      stalls,
      gcs,
      worker_messages: workerMessages,
    }),
  );
});
