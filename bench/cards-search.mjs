// @ts-check
// Card database benchmark (issues 3 and 14): a bulk file generated from the real demo cards
// (100,000 printings by default; with LANGUAGES=1 shaped like Scryfall's all_cards, a fifth
// English and the rest the same printings in ten other languages), imported with the real
// importer (time, peak memory), an index built from it in a fresh process (time, heap, peak
// memory), and 20 realistic searches through HTTP against a real `ccs serve` process:
//   - latency one request at a time (p50/p99, 50 full cards a page), the server on CPU 0 and
//     the client on CPU 1, measured three independent ways: by this process (a Node client,
//     until the last byte; plain and gzip-compressed), by wrk (C, `-t1 -c1`: one request at a
//     time, cycling through the 20 searches), and inside the server (bench/server-timing.mjs:
//     from Node's parsing of the request to the last byte handed to the kernel, for both
//     clients' requests); the same for a bare Fastify answering the same 20 pages' bytes from
//     memory (bench/hello.mjs): what any server pays for such pages on this machine;
//   - the same searches in a process of their own without HTTP (engine and page assembly),
//     per query, with the garbage collections that fell inside a search;
//   - throughput with wrk (Debian's) at 32 connections, the server pinned to CPU 0 and wrk
//     to CPU 1 (taskset), plain and gzip-compressed, with the server's own CPU use; and the
//     same for a bare Fastify answering one page's bytes from memory (bench/hello.mjs): the
//     ceiling for moving such pages at all.
//
// Run: npm run build && node bench/cards-search.mjs
//   CARDS=500000 LANGUAGES=1 for the scale run; ROUNDS (50), DURATION (10 s of wrk at 32
//   connections), LATENCY_DURATION (20 s of wrk one request at a time, in LATENCY_RUNS (4) runs: the run with
//   the median p99 is reported, each run's p99 with the host's CPU steal beside it); PARTS=latency skips the
//   throughput runs; DATA_DIR=<dir> keeps the data directory (generated and imported into on
//   the first run, reused by the next ones).
// Bounded: it stops by itself (~4 minutes at 100,000 printings on 2 cores, ~15 at 500,000).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { request } from 'undici';
import { writeScaledCards } from './cards-data.mjs';
import { BIN, ROOT, cpuMicros, runWrk, startProcess, stealMs, stop, tempDir } from './lib.mjs';

const TIMING = path.join(ROOT, 'bench/server-timing.mjs');

const dist = (p) => pathToFileURL(path.join(ROOT, 'dist', p)).href;

const COUNT = Number(process.env.CARDS ?? 100_000);
const LANGUAGES = process.env.LANGUAGES === '1';
const ROUNDS = Number(process.env.ROUNDS ?? 50);
const DURATION = Number(process.env.DURATION ?? 10);
const LATENCY_DURATION = Number(process.env.LATENCY_DURATION ?? 20);
const LATENCY_RUNS = Number(process.env.LATENCY_RUNS ?? 4);
const PARTS = new Set((process.env.PARTS ?? 'latency,throughput').split(','));

/** Twenty searches a collector would type: names, types, colours, text, prices, formats, sorting. */
export const QUERIES = [
  'lightning',
  '!"Teferi, Time Raveler"',
  'teferi',
  't:creature c:rg mv>=3',
  'o:"draw a card" usd<1',
  'c:azorius t:legendary',
  'id<=esper f:commander t:creature',
  'r:mythic order:usd',
  'kw:flying pow>=3',
  '(t:elf or t:goblin) -c:g',
  'is:dfc',
  'o:destroy t:instant mv<=2',
  'year>=2015 r:rare usd>5',
  'ft:ancient',
  'm:{1}{G}{G}',
  'pow>tou t:creature',
  'is:foil -is:nonfoil',
  'a:"zorka" unique:prints',
  't:planeswalker loy>=5 order:cmc dir:desc',
  'f:pauper c:b t:instant order:name',
];

function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const round = (n) => Math.round(n * 100) / 100;

/** p50 / p90 / p99 / max of some durations (ms). */
function stats(values) {
  const v = [...values].sort((a, b) => a - b);
  return { requests: v.length, p50_ms: round(pct(v, 50)), p90_ms: round(pct(v, 90)), p99_ms: round(pct(v, 99)), max_ms: round(v[v.length - 1] ?? NaN) };
}

const loadavg = () => os.loadavg().map(round);

// Child modes: run one measured step in a fresh process so memory figures are its own.
if (process.argv[2] === '--import') {
  const { loadConfig } = await import(dist('config.js'));
  const { createContext } = await import(dist('context.js'));
  const { importCards } = await import(dist('cards/import.js'));
  const ctx = await createContext(loadConfig());
  const started = performance.now();
  const s = await importCards(ctx, { file: process.argv[3], asOf: '2024-01-01' });
  const ms = performance.now() - started;
  await ctx.close();
  process.stdout.write(JSON.stringify({ ms, cards: s.cards.total, prices: s.prices, maxRssMB: process.resourceUsage().maxRSS / 1024 }));
  process.exit(0);
}
if (process.argv[2] === '--build') {
  const { loadConfig } = await import(dist('config.js'));
  const { createContext } = await import(dist('context.js'));
  const ctx = await createContext(loadConfig());
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  const started = performance.now();
  // The longest the build kept this process's event loop to itself (it pauses every 20 ms of work).
  let lastTick = started;
  let longestStall = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longestStall = Math.max(longestStall, now - lastTick);
    lastTick = now;
  }, 1);
  const index = await ctx.cardSearch.rebuild();
  const ms = performance.now() - started;
  clearInterval(ticker);
  longestStall = Math.max(longestStall, performance.now() - lastTick);
  // The build's working set is garbage once its last frames have unwound: a turn later.
  await new Promise((resolve) => setTimeout(resolve, 50));
  global.gc?.();
  const heapMB = (process.memoryUsage().heapUsed - before) / 1048576;
  const maxRssMB = process.resourceUsage().maxRSS / 1024;
  // The same searches in this process, without HTTP: the engine and the page assembly alone
  // (cards rendered in a first round), to tell the service's time from the network's and the machine's.
  const { orderOf } = await import(dist('cards/search/orders.js'));
  const { ORDERS } = await import(dist('cards/search/parser.js'));
  for (const o of ORDERS) orderOf(index, o);
  const { PerformanceObserver } = await import('node:perf_hooks');
  /** @type {Array<{ start: number; end: number; kind: number }>} */
  const gcs = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push({ start: e.startTime, end: e.startTime + e.duration, kind: /** @type {{ detail?: { kind?: number } }} */ (e).detail?.kind ?? 0 });
  });
  observer.observe({ entryTypes: ['gc'] });
  /** @type {Array<{ q: string; start: number; ms: number }>} */
  const timed = [];
  for (let r = 0; r < 2 + ROUNDS; r++) {
    for (const q of QUERIES) {
      const s = performance.now();
      (await ctx.cards.searchPage({ q, limit: 50 })).body();
      if (r >= 2) timed.push({ q, start: s, ms: performance.now() - s });
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  // A search "had a GC" when a collection ran between its start and its end (minor: scavenge).
  const hadGc = (t) => gcs.some((g) => g.start < t.start + t.ms && g.end > t.start);
  const withGc = timed.filter(hadGc);
  const inProcess = {
    ...stats(timed.map((t) => t.ms)),
    gc: {
      collections: gcs.length,
      minor: gcs.filter((g) => g.kind === 1).length,
      searches_with_gc: withGc.length,
      without_gc: stats(timed.filter((t) => !hadGc(t)).map((t) => t.ms)),
      with_gc: withGc.length ? stats(withGc.map((t) => t.ms)) : null,
    },
    per_query: QUERIES.map((q) => ({ q, ...stats(timed.filter((t) => t.q === q).map((t) => t.ms)) })),
  };
  process.stdout.write(JSON.stringify({ ms, longestStallMs: longestStall, printings: index.size, cards: index.cardCount, heapMB, maxRssMB, inProcess }));
  await ctx.close();
  process.exit(0);
}

function run(args, env, nodeArgs = []) {
  return JSON.parse(execFileSync(process.execPath, [...nodeArgs, ...args], { env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 1 << 24 }));
}

/** A wrk Lua script requesting `paths` in turn with `headers`. */
function wrkScript(paths, headers, dir) {
  const script = path.join(dir, `wrk-${Math.random().toString(36).slice(2)}.lua`);
  fs.writeFileSync(
    script,
    [
      `local paths = { ${paths.map((p) => JSON.stringify(p)).join(', ')} }`,
      ...Object.entries(headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`),
      'local i = 0',
      'request = function()',
      '  i = i % #paths + 1',
      '  return wrk.format("GET", paths[i])',
      'end',
    ].join('\n'),
  );
  return script;
}

/** wrk on CPU 1 against a server pinned to CPU 0, rotating through `paths`, with the server's CPU use. */
function wrk(proc, paths, headers, dir, { connections = 32, threads = 2, duration = DURATION } = {}) {
  const { cpu_us, ...out } = runWrk(proc, proc.url, { cpu: '1', threads, connections, seconds: duration, script: wrkScript(paths, headers, dir) });
  return { ...out, server_cpu_us_per_req: Math.round(cpu_us) };
}

/**
 * The durations the server measured itself (bench/server-timing.mjs) since the last call, by
 * URL: it writes them when signalled.
 */
async function serverTimes(proc, file) {
  fs.rmSync(file, { force: true });
  proc.child.kill('SIGUSR2');
  for (let k = 0; k < 200 && !fs.existsSync(file); k++) await new Promise((resolve) => setTimeout(resolve, 25));
  const out = /** @type {{ urls: Record<string, number[]>; gc: Record<string, number[]>; collections: Array<{ kind: number; ms: number }> }} */ (
    JSON.parse(fs.readFileSync(file, 'utf8'))
  );
  fs.rmSync(file, { force: true });
  return out;
}

/** What the server measured of `paths`: all requests, and apart the ones a garbage collection ran into. */
function serverSide(inServer, paths) {
  const c = inServer.collections;
  const all = paths.flatMap((p) => inServer.urls[p] ?? []);
  const withGc = paths.flatMap((p) => inServer.gc[p] ?? []);
  return {
    ...stats(all),
    gc: {
      collections: c.length,
      mark_compact: c.filter((x) => x.kind === 2).length,
      total_ms: round(c.reduce((a, x) => a + x.ms, 0)),
      max_ms: round(Math.max(0, ...c.map((x) => x.ms))),
      requests_with_gc: withGc.length,
      ...(withGc.length ? { with_gc_p50_ms: stats(withGc).p50_ms, with_gc_max_ms: stats(withGc).max_ms } : {}),
    },
  };
}

/** Resolves once the process has used under 2% of a CPU for two half-seconds in a row (at most 2 minutes). */
async function untilIdle(proc) {
  let quiet = 0;
  for (let k = 0; k < 240 && quiet < 2; k++) {
    const before = cpuMicros(proc.child.pid);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = cpuMicros(proc.child.pid);
    if (before === undefined || after === undefined) return;
    quiet = after - before < 10_000 ? quiet + 1 : 0;
  }
}

const dir = process.env.DATA_DIR ?? tempDir('ccs-bench-cards-');
fs.mkdirSync(dir, { recursive: true });
const env = { CCS_DATA_DIR: dir, LOG_LEVEL: 'warn', CCS_RATE_LIMIT_PRO: '1000000000', CCS_RATE_LIMIT_FREE: '1000000000' };
const results = {
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadavg_at_start: loadavg(), date: new Date().toISOString() },
};
const servers = [];
try {
  let t;
  if (!fs.existsSync(path.join(dir, 'ccs.db'))) {
    const file = path.join(dir, 'cards.json');
    t = performance.now();
    const bytes = await writeScaledCards(file, COUNT, 3, { languages: LANGUAGES });
    results.file = { printings: COUNT, languages: LANGUAGES, MB: round(bytes / 1048576), generate_ms: Math.round(performance.now() - t) };
    console.error(`generated ${COUNT} printings (${results.file.MB} MB)`);
    const imp = run([path.join(ROOT, 'bench/cards-search.mjs'), '--import', file], env);
    results.import = { seconds: round(imp.ms / 1000), cards_per_s: Math.round(imp.cards / (imp.ms / 1000)), peak_rss_MB: Math.round(imp.maxRssMB), price_points: imp.prices };
    console.error(`imported: ${JSON.stringify(results.import)}`);
    fs.rmSync(file);
  }

  const build = run([path.join(ROOT, 'bench/cards-search.mjs'), '--build'], env, ['--expose-gc']);
  results.index = { build_ms: Math.round(build.ms), longest_event_loop_stall_ms: Math.round(build.longestStallMs), printings: build.printings, cards: build.cards, heap_MB: Math.round(build.heapMB), process_peak_rss_MB: Math.round(build.maxRssMB) };
  results.latency_in_process = build.inProcess;
  console.error(`index: ${JSON.stringify(results.index)}`);

  const user = `bench${Date.now()}`;
  execFileSync(process.execPath, [BIN, 'user', 'create', '--username', user, '--email', `${user}@example.com`, '--password', 'bench-password', '--plan', 'pro'], { env: { ...process.env, ...env } });
  const key = JSON.parse(execFileSync(process.execPath, [BIN, 'key', 'create', '--user', user, '--name', 'bench', '--scopes', 'cards:read', '--json'], { env: { ...process.env, ...env }, encoding: 'utf8' })).key;
  const pinned = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
  const hasWrk = spawnSync('wrk', ['--version']).error === undefined;
  const timingFile = path.join(dir, 'server-timing.json');
  const server = await startProcess(['--import', TIMING, BIN, 'serve', '--port', '0', '--no-worker'], { ...env, SERVER_TIMING_FILE: timingFile }, pinned ? { cpu: 0 } : {});
  // This process is the client: on the other CPU, as wrk is, so the two do not take turns on one.
  if (pinned) spawnSync('taskset', ['-p', '-c', '1', String(process.pid)]);
  servers.push(server);
  const headers = { authorization: `Bearer ${key}` };
  const pathOf = (q) => `/api/v1/cards/search?q=${encodeURIComponent(q)}`;
  const paths = QUERIES.map(pathOf);

  // The first search waits for this process's index: built from its start since stop 45 (before,
  // the first search started the build), so this is the rest of the build the start began.
  t = performance.now();
  const first = await fetch(server.url + pathOf('lightning'), { headers });
  if (first.status !== 200) throw new Error(`search answered ${first.status}: ${await first.text()}`);
  await first.arrayBuffer();
  results.index.first_search_ms = Math.round(performance.now() - t);
  // After a build the server prepares its sort orders and other structures in the background,
  // one step per turn of its event loop (~20-100 ms each at 100,000 printings): a request that
  // arrives meanwhile waits for the step. Measure after that, as a server in service would be.
  t = performance.now();
  await untilIdle(server);
  results.index.background_preparation_ms = Math.round(performance.now() - t);

  // Latency is until the last byte of the response has arrived; the client's own
  // JSON.parse of the page (50 full cards) is done after the clock stops.
  const get = async (base, p, extra = {}) => {
    const s = performance.now();
    const res = await request(base + p, { headers: { ...headers, ...extra } });
    const body = Buffer.from(await res.body.arrayBuffer());
    return { ms: performance.now() - s, status: res.statusCode, body };
  };
  // First round: no card rendered yet (every card fetched, rendered and compressed).
  const cold = [];
  for (const p of paths) cold.push((await get(server.url, p)).ms);
  results.cold_cache = { requests: cold.length, p50_ms: round(pct(cold.sort((a, b) => a - b), 50)), max_ms: round(Math.max(...cold)) };
  /** @type {Buffer[]} */
  const pages = [];
  for (let w = 0; w < 3; w++) for (const [n, p] of paths.entries()) pages[n] = (await get(server.url, p)).body;

  /** One request at a time from this process: per query, with what the server measured for the same requests. */
  const latency = async (proc, extra) => {
    await serverTimes(proc, timingFile);
    /** @type {Map<string, number[]>} */
    const per = new Map(paths.map((p) => [p, []]));
    let received = 0;
    const totals = new Map();
    const load = loadavg();
    const stolen = stealMs();
    for (let r = 0; r < ROUNDS; r++) {
      for (const p of paths) {
        const { ms, status, body } = await get(proc.url, p, extra);
        if (status !== 200) throw new Error(`${p}: ${status} ${body}`);
        received += body.length;
        if (!extra['accept-encoding'] && proc === server) totals.set(p, JSON.parse(body.toString('utf8')).meta.total);
        per.get(p)?.push(ms);
      }
    }
    const inServer = await serverTimes(proc, timingFile);
    const all = [...per.values()].flat();
    const stolenAfter = stealMs();
    return {
      loadavg: load,
      ...(stolen !== undefined && stolenAfter !== undefined ? { host_steal_ms: stolenAfter - stolen } : {}),
      avg_response_kB: Math.round(received / all.length / 1024),
      ...stats(all),
      server_side: serverSide(inServer, paths),
      per_query: QUERIES.map((q, n) => {
        const p = paths[n] ?? '';
        const client = stats(per.get(p) ?? []);
        const own = stats(inServer.urls[p] ?? []);
        return { q, ...(totals.has(p) ? { total: totals.get(p) } : {}), p50_ms: client.p50_ms, p99_ms: client.p99_ms, server_p50_ms: own.p50_ms, server_p99_ms: own.p99_ms };
      }),
    };
  };
  /**
   * One request at a time from wrk (`-t1 -c1`) on CPU 1, with the server's own figures for the
   * same requests: LATENCY_RUNS runs, the figures of the run with the median p99 (each run's too,
   * with the host's steal during it: a shared VM's stalls show in one run, not in all).
   */
  const wrkLatency = async (proc, extra) => {
    await serverTimes(proc, timingFile);
    const load = loadavg();
    const duration = Math.max(1, Math.round(LATENCY_DURATION / LATENCY_RUNS));
    const runs = [];
    for (let r = 0; r < LATENCY_RUNS; r++) runs.push(wrk(proc, paths, extra, dir, { connections: 1, threads: 1, duration }));
    const inServer = await serverTimes(proc, timingFile);
    const median = [...runs].sort((a, b) => (a.p99_ms ?? 0) - (b.p99_ms ?? 0))[Math.floor((runs.length - 1) / 2)] ?? {};
    return {
      loadavg: load,
      ...median,
      runs: runs.map((r) => ({ p50_ms: r.p50_ms, p99_ms: r.p99_ms, max_ms: r.max_ms, rps: r.rps, host_steal_ms: r.host_steal_ms })),
      server_side: serverSide(inServer, paths),
    };
  };

  results.latency = await latency(server, {});
  console.error(`latency (Node client): p50 ${results.latency.p50_ms} ms, p99 ${results.latency.p99_ms} ms; server side p50 ${results.latency.server_side.p50_ms}, p99 ${results.latency.server_side.p99_ms}`);
  // Warm-up for gzip too: the first gzip request for a card compresses it (kept afterwards).
  for (let w = 0; w < 3; w++) for (const p of paths) await get(server.url, p, { 'accept-encoding': 'gzip, deflate, br' });
  results.latency_gzip = await latency(server, { 'accept-encoding': 'gzip, deflate, br' });
  delete results.latency_gzip.per_query;
  console.error(`latency (gzip): p50 ${results.latency_gzip.p50_ms} ms, p99 ${results.latency_gzip.p99_ms} ms`);

  // The bare server: the same 20 pages' bytes, from memory, same pinning, same clients.
  const bodyDir = path.join(dir, 'pages');
  fs.mkdirSync(bodyDir, { recursive: true });
  fs.writeFileSync(path.join(bodyDir, 'paths.json'), JSON.stringify(paths));
  pages.forEach((b, n) => {
    fs.writeFileSync(path.join(bodyDir, `${n}.body`), b);
  });
  const bare = await startProcess(['--import', TIMING, path.join(ROOT, 'bench/hello.mjs')], { BODY_DIR: bodyDir, SERVER_TIMING_FILE: timingFile }, pinned ? { cpu: 0 } : {});
  servers.push(bare);
  for (const p of paths) await get(bare.url, p);
  results.bare_latency = await latency(bare, {});
  delete results.bare_latency.per_query;
  console.error(`bare server (Node client): p50 ${results.bare_latency.p50_ms} ms, p99 ${results.bare_latency.p99_ms} ms; server side p99 ${results.bare_latency.server_side.p99_ms}`);

  if (pinned && hasWrk) {
    results.latency_wrk = await wrkLatency(server, headers);
    console.error(`latency (wrk -c1): ${JSON.stringify(results.latency_wrk)}`);
    results.bare_latency_wrk = await wrkLatency(bare, {});
    console.error(`bare server (wrk -c1): ${JSON.stringify(results.bare_latency_wrk)}`);
  } else {
    results.latency_wrk = 'skipped: needs taskset and wrk';
  }

  if (PARTS.has('throughput') && pinned && hasWrk) {
    results.throughput_32_connections = wrk(server, paths, headers, dir);
    console.error(`throughput: ${JSON.stringify(results.throughput_32_connections)}`);
    results.throughput_32_connections_gzip = wrk(server, paths, { ...headers, 'accept-encoding': 'gzip' }, dir);
    console.error(`throughput (gzip): ${JSON.stringify(results.throughput_32_connections_gzip)}`);
    // The ceiling: the bare Fastify answering the same pages from memory, same pinning.
    results.ceiling_same_pages = wrk(bare, paths, {}, dir);
    console.error(`ceiling: ${JSON.stringify(results.ceiling_same_pages)}`);
  } else if (PARTS.has('throughput')) {
    results.throughput_32_connections = 'skipped: needs taskset and wrk';
  }
} finally {
  for (const s of servers) await stop(s);
  if (!process.env.DATA_DIR) fs.rmSync(dir, { recursive: true, force: true });
}

results.machine.loadavg_at_end = loadavg();
console.log(JSON.stringify(results, null, 2));

// One table of the one-at-a-time figures (stderr, so stdout stays JSON).
const row = (name, r) =>
  r && typeof r === 'object'
    ? `  ${name.padEnd(62)} ${String(r.p50_ms).padStart(6)} ${String(r.p99_ms).padStart(7)} ${String(r.max_ms).padStart(7)} ${String(r.host_steal_ms ?? '').padStart(9)}${r.runs ? `  (p99 of each run: ${r.runs.map((x) => `${x.p99_ms} [steal ${x.host_steal_ms ?? '?'}]`).join(', ')})` : ''}`
    : `  ${name}: ${r}`;
console.error(
  [
    `one request at a time over the ${QUERIES.length} searches (ms; load average ${results.machine.loadavg_at_start.join(' ')} at start, ${results.machine.loadavg_at_end.join(' ')} at end)`,
    `  ${''.padEnd(62)} ${'p50'.padStart(6)} ${'p99'.padStart(7)} ${'max'.padStart(7)} ${'steal ms'.padStart(9)}`,
    row('in process, no HTTP', results.latency_in_process),
    row('search, Node client, until the last byte', results.latency),
    row('search, same requests timed inside the server', results.latency?.server_side),
    row('search, wrk -t1 -c1', results.latency_wrk),
    row('search, wrk requests timed inside the server', results.latency_wrk?.server_side),
    row('bare Fastify, same bytes, Node client', results.bare_latency),
    row('bare Fastify, same requests timed inside the server', results.bare_latency?.server_side),
    row('bare Fastify, wrk -t1 -c1', results.bare_latency_wrk),
    row('bare Fastify, wrk requests timed inside the server', results.bare_latency_wrk?.server_side),
  ].join('\n'),
);
