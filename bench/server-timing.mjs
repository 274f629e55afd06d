// @ts-check
// Server-side request timing for the benchmarks, loaded into a server process with
// `node --import ./bench/server-timing.mjs <server>`: it changes nothing in the server, and
// measures each HTTP request from the moment Node has parsed its headers (the
// `http.server.request.start` diagnostics channel) to the moment the last byte of the response
// has been handed to the kernel (`http.server.response.finish`), with process.hrtime. That is
// the server's own time for a request, whatever the client, the network stack or the other
// CPU do. It also notes which requests a garbage collection ran into. On SIGUSR2 it writes
// what it recorded since the last signal as JSON to $SERVER_TIMING_FILE, then starts afresh:
// `{ urls: { [url]: ms[] }, gc: { [url]: ms[] of the requests a collection ran into },
// collections: [{ kind, ms }] }` (kind: 1 scavenge, 2 mark-compact, 4 incremental marking,
// 8 weak callbacks).
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';

const file = process.env.SERVER_TIMING_FILE;
/** @type {WeakMap<object, { t0: bigint; at: number }>} */
const started = new WeakMap();
/** @type {Map<string, number[]>} */
let byUrl = new Map();
/** @type {Array<{ url: string; at: number; end: number; ms: number }>} */
let requests = [];
/** @type {Array<{ start: number; end: number; kind: number }>} */
let collections = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    collections.push({ start: e.startTime, end: e.startTime + e.duration, kind: /** @type {{ detail?: { kind?: number } }} */ (e).detail?.kind ?? 0 });
  }
}).observe({ entryTypes: ['gc'] });

diagnostics.subscribe('http.server.request.start', (message) => {
  const { response } = /** @type {{ response: object }} */ (message);
  started.set(response, { t0: process.hrtime.bigint(), at: performance.now() });
});
diagnostics.subscribe('http.server.response.finish', (message) => {
  const { request, response } = /** @type {{ request: { url?: string }; response: object }} */ (message);
  const start = started.get(response);
  if (start === undefined) return;
  const ms = Number(process.hrtime.bigint() - start.t0) / 1e6;
  const url = request.url ?? '';
  const list = byUrl.get(url);
  if (list) list.push(ms);
  else byUrl.set(url, [ms]);
  requests.push({ url, at: start.at, end: performance.now(), ms });
});

process.on('SIGUSR2', () => {
  if (!file) return;
  /** @type {Record<string, number[]>} */
  const gc = {};
  for (const r of requests) {
    if (!collections.some((c) => c.start < r.end && c.end > r.at)) continue;
    const list = gc[r.url] ?? [];
    list.push(r.ms);
    gc[r.url] = list;
  }
  const out = { urls: Object.fromEntries(byUrl), gc, collections: collections.map((c) => ({ kind: c.kind, ms: Math.round((c.end - c.start) * 1000) / 1000 })) };
  byUrl = new Map();
  requests = [];
  collections = [];
  // Written whole, then renamed: the reader never sees half a file.
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(out));
  fs.renameSync(`${file}.tmp`, file);
});
