// @ts-check
// Card database benchmark (issues 3 and 14): a bulk file generated from the real demo cards
// (100,000 printings by default; with LANGUAGES=1 shaped like Scryfall's all_cards, a fifth
// English and the rest the same printings in ten other languages), imported with the real
// importer (time, peak memory), an index built from it in a fresh process (time, heap, peak
// memory), and 20 realistic searches through HTTP against a real `ccs serve` process:
//   - latency one request at a time (p50/p99 until the last byte, 50 full cards a page),
//     plain and gzip-compressed, the server on CPU 0 and this process (the client) on CPU 1;
//     the same searches in a process of their own without HTTP (engine and page assembly);
//   - throughput with wrk (Debian's) at 32 connections, the server pinned to CPU 0 and wrk
//     to CPU 1 (taskset), plain and gzip-compressed, with the server's own CPU use; and the
//     same for a bare Fastify answering one page's bytes from memory (bench/hello.mjs): the
//     ceiling for moving such pages at all.
//
// Run: npm run build && node bench/cards-search.mjs
//   CARDS=500000 LANGUAGES=1 for the scale run; ROUNDS (50), DURATION (10 s of wrk);
//   DATA_DIR=<dir> reuses a data directory imported before (skips generating and importing).
// Bounded: it stops by itself (~3 minutes at 100,000 printings on 2 cores, ~15 at 500,000).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { request } from 'undici';
import { writeScaledCards } from './cards-data.mjs';
import { BIN, ROOT, cpuMicros, startProcess, stop, tempDir } from './lib.mjs';

const dist = (p) => pathToFileURL(path.join(ROOT, 'dist', p)).href;

const COUNT = Number(process.env.CARDS ?? 100_000);
const LANGUAGES = process.env.LANGUAGES === '1';
const ROUNDS = Number(process.env.ROUNDS ?? 50);
const DURATION = Number(process.env.DURATION ?? 10);

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
  const index = await ctx.cardSearch.rebuild();
  const ms = performance.now() - started;
  global.gc?.();
  const heapMB = (process.memoryUsage().heapUsed - before) / 1048576;
  const maxRssMB = process.resourceUsage().maxRSS / 1024;
  // The same searches in this process, without HTTP: the engine and the page assembly alone
  // (cards rendered in a first round), to tell the service's time from the network's and the machine's.
  const { orderOf } = await import(dist('cards/search/orders.js'));
  const { ORDERS } = await import(dist('cards/search/parser.js'));
  for (const o of ORDERS) orderOf(index, o);
  const times = [];
  for (let r = 0; r < 2 + ROUNDS; r++) {
    for (const q of QUERIES) {
      const s = performance.now();
      (await ctx.cards.searchPage({ q, limit: 50 })).body();
      if (r >= 2) times.push(performance.now() - s);
    }
  }
  times.sort((a, b) => a - b);
  const inProcess = { requests: times.length, p50_ms: round(pct(times, 50)), p99_ms: round(pct(times, 99)), max_ms: round(times[times.length - 1]) };
  process.stdout.write(JSON.stringify({ ms, printings: index.size, cards: index.cardCount, heapMB, maxRssMB, inProcess }));
  await ctx.close();
  process.exit(0);
}

function run(args, env, nodeArgs = []) {
  return JSON.parse(execFileSync(process.execPath, [...nodeArgs, ...args], { env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 1 << 24 }));
}

/** wrk's own figures: requests/s, latency percentiles, errors. */
function parseWrk(out) {
  const ms = (v, unit) => Number(v) * ({ us: 0.001, ms: 1, s: 1000 }[unit] ?? 1);
  const percentile = (p) => {
    const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)`, 'm').exec(out);
    return m ? round(ms(m[1], m[2])) : undefined;
  };
  const errors = /Socket errors: (.*)/.exec(out)?.[1];
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  return { rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0)), p50_ms: percentile(50), p99_ms: percentile(99), non2xx, ...(errors ? { errors } : {}) };
}

/** wrk on CPU 1 against a server pinned to CPU 0, rotating through `paths`, with the server's CPU use. */
function wrk(proc, paths, headers, dir) {
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
  const before = cpuMicros(proc.child.pid);
  const res = spawnSync('taskset', ['-c', '1', 'wrk', '-t2', '-c32', `-d${DURATION}s`, '--latency', '-s', script, proc.url], { encoding: 'utf8' });
  const after = cpuMicros(proc.child.pid);
  /** @type {ReturnType<typeof parseWrk> & { server_busy?: number; server_cpu_us_per_req?: number }} */
  const out = parseWrk(res.stdout);
  if (before !== undefined && after !== undefined) {
    out.server_busy = round((after - before) / (DURATION * 1e6));
    if (out.rps) out.server_cpu_us_per_req = Math.round((after - before) / (out.rps * DURATION));
  }
  return out;
}

const dir = process.env.DATA_DIR ?? tempDir('ccs-bench-cards-');
const env = { CCS_DATA_DIR: dir, LOG_LEVEL: 'warn', CCS_RATE_LIMIT_PRO: '1000000000', CCS_RATE_LIMIT_FREE: '1000000000' };
const results = {
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadavg_at_start: os.loadavg().map(round), date: new Date().toISOString() },
};
const servers = [];
try {
  let t;
  if (!process.env.DATA_DIR) {
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
  results.index = { build_ms: Math.round(build.ms), printings: build.printings, cards: build.cards, heap_MB: Math.round(build.heapMB), process_peak_rss_MB: Math.round(build.maxRssMB) };
  results.latency_in_process = build.inProcess;
  console.error(`index: ${JSON.stringify(results.index)}`);

  const user = `bench${Date.now()}`;
  execFileSync(process.execPath, [BIN, 'user', 'create', '--username', user, '--email', `${user}@example.com`, '--password', 'bench-password', '--plan', 'pro'], { env: { ...process.env, ...env } });
  const key = JSON.parse(execFileSync(process.execPath, [BIN, 'key', 'create', '--user', user, '--name', 'bench', '--scopes', 'cards:read', '--json'], { env: { ...process.env, ...env }, encoding: 'utf8' })).key;
  const pinned = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
  const server = await startProcess([BIN, 'serve', '--port', '0', '--no-worker'], env, pinned ? { cpu: 0 } : {});
  // This process is the client: on the other CPU, as wrk is, so the two do not take turns on one.
  if (pinned) spawnSync('taskset', ['-p', '-c', '1', String(process.pid)]);
  servers.push(server);
  const headers = { authorization: `Bearer ${key}` };
  const pathOf = (q) => `/api/v1/cards/search?q=${encodeURIComponent(q)}`;

  // The first search builds this process's index.
  t = performance.now();
  const first = await fetch(server.url + pathOf('lightning'), { headers });
  if (first.status !== 200) throw new Error(`search answered ${first.status}: ${await first.text()}`);
  await first.arrayBuffer();
  results.index.first_search_ms = Math.round(performance.now() - t);

  // Latency is until the last byte of the response has arrived; the client's own
  // JSON.parse of the page (50 full cards) is done after the clock stops.
  const get = async (q, extra = {}) => {
    const s = performance.now();
    const res = await request(server.url + pathOf(q), { headers: { ...headers, ...extra } });
    const body = Buffer.from(await res.body.arrayBuffer());
    return { ms: performance.now() - s, status: res.statusCode, body };
  };
  // First round: no card rendered yet (every card fetched, rendered and compressed).
  const cold = [];
  for (const q of QUERIES) cold.push((await get(q)).ms);
  cold.sort((a, b) => a - b);
  results.cold_cache = { requests: cold.length, p50_ms: round(pct(cold, 50)), max_ms: round(cold[cold.length - 1]) };
  for (let w = 0; w < 3; w++) for (const q of QUERIES) await get(q);

  const latency = async (extra) => {
    /** @type {Map<string, number[]>} */
    const per = new Map(QUERIES.map((q) => [q, []]));
    const all = [];
    const totals = new Map();
    let received = 0;
    for (let r = 0; r < ROUNDS; r++) {
      for (const q of QUERIES) {
        const { ms, status, body } = await get(q, extra);
        if (status !== 200) throw new Error(`${q}: ${status} ${body}`);
        received += body.length;
        if (!extra['accept-encoding']) totals.set(q, JSON.parse(body.toString('utf8')).meta.total);
        per.get(q)?.push(ms);
        all.push(ms);
      }
    }
    all.sort((a, b) => a - b);
    return {
      requests: all.length,
      avg_response_kB: Math.round(received / all.length / 1024),
      p50_ms: round(pct(all, 50)),
      p90_ms: round(pct(all, 90)),
      p99_ms: round(pct(all, 99)),
      max_ms: round(all[all.length - 1]),
      per_query: QUERIES.map((q) => {
        const v = (per.get(q) ?? []).sort((a, b) => a - b);
        return { q, ...(totals.has(q) ? { total: totals.get(q) } : {}), p50_ms: round(pct(v, 50)), p99_ms: round(pct(v, 99)) };
      }),
    };
  };
  results.latency = await latency({});
  console.error(`latency: p50 ${results.latency.p50_ms} ms, p99 ${results.latency.p99_ms} ms`);
  results.latency_gzip = await latency({ 'accept-encoding': 'gzip, deflate, br' });
  delete results.latency_gzip.per_query;
  console.error(`latency (gzip): p50 ${results.latency_gzip.p50_ms} ms, p99 ${results.latency_gzip.p99_ms} ms`);

  if (pinned && spawnSync('wrk', ['--version']).error === undefined) {
    const paths = QUERIES.map(pathOf);
    results.throughput_32_connections = wrk(server, paths, headers, dir);
    console.error(`throughput: ${JSON.stringify(results.throughput_32_connections)}`);
    results.throughput_32_connections_gzip = wrk(server, paths, { ...headers, 'accept-encoding': 'gzip' }, dir);
    console.error(`throughput (gzip): ${JSON.stringify(results.throughput_32_connections_gzip)}`);
    // The ceiling: a bare Fastify answering one average page's bytes from memory, same pinning.
    const page = (await get('t:creature c:rg mv>=3')).body;
    const pageFile = path.join(dir, 'page.json');
    fs.writeFileSync(pageFile, page);
    const bare = await startProcess([path.join(ROOT, 'bench/hello.mjs')], { BODY_FILE: pageFile }, { cpu: 0 });
    servers.push(bare);
    results.ceiling_static_page = { bytes: page.length, ...wrk(bare, ['/'], {}, dir) };
    console.error(`ceiling: ${JSON.stringify(results.ceiling_static_page)}`);
    // The same page from memory, one request at a time as the latency test does: what the
    // machine, HTTP and the client cost before any search (the floor under the latency figures).
    const times = [];
    for (let k = 0; k < ROUNDS * QUERIES.length; k++) {
      const s = performance.now();
      const res = await request(bare.url, {});
      await res.body.arrayBuffer();
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    results.baseline_static_page_latency = { requests: times.length, p50_ms: round(pct(times, 50)), p99_ms: round(pct(times, 99)), max_ms: round(times[times.length - 1]) };
    console.error(`baseline latency: ${JSON.stringify(results.baseline_static_page_latency)}`);
  } else {
    results.throughput_32_connections = 'skipped: needs taskset and wrk';
  }
} finally {
  for (const s of servers) await stop(s);
  if (!process.env.DATA_DIR) fs.rmSync(dir, { recursive: true, force: true });
}

console.log(JSON.stringify(results, null, 2));
