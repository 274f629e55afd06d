// @ts-check
// Card database benchmark (issue 3): a 100,000-printing bulk file generated from the real
// demo cards, imported with the real importer (throughput, peak memory), an index built from
// it (time, heap), and 20 realistic searches through HTTP against a real `ccs serve` process
// (p50/p99 latency one request at a time, then throughput with 8 connections).
//
// Run: npm run build && node bench/cards-search.mjs
//   CARDS=100000 ROUNDS=50 DURATION=5 to tune; bounded: it stops by itself (~2-3 minutes).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { request } from 'undici';
import { writeScaledCards } from './cards-data.mjs';
import { BIN, ROOT, cannon, startProcess, stop, summary, tempDir } from './lib.mjs';

const dist = (p) => pathToFileURL(path.join(ROOT, 'dist', p)).href;

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
  process.stdout.write(JSON.stringify({ ms, printings: index.size, cards: index.groupCount, heapMB, maxRssMB: process.resourceUsage().maxRSS / 1024 }));
  await ctx.close();
  process.exit(0);
}

const COUNT = Number(process.env.CARDS ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 50);
const DURATION = Number(process.env.DURATION ?? 5);

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

function run(args, env, nodeArgs = []) {
  return JSON.parse(execFileSync(process.execPath, [...nodeArgs, ...args], { env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 1 << 24 }));
}

function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const round = (n) => Math.round(n * 100) / 100;

const dir = tempDir('ccs-bench-cards-');
const env = { CCS_DATA_DIR: dir, LOG_LEVEL: 'warn', CCS_RATE_LIMIT_PRO: '1000000000', CCS_RATE_LIMIT_FREE: '1000000000' };
const file = path.join(dir, 'cards.json');
const results = { machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadavg: os.loadavg().map(round) } };
let server;
try {
  let t = performance.now();
  const bytes = await writeScaledCards(file, COUNT);
  results.file = { printings: COUNT, MB: round(bytes / 1048576), generate_ms: Math.round(performance.now() - t) };
  console.error(`generated ${COUNT} printings (${results.file.MB} MB)`);

  const imp = run([path.join(ROOT, 'bench/cards-search.mjs'), '--import', file], env);
  results.import = { seconds: round(imp.ms / 1000), cards_per_s: Math.round(imp.cards / (imp.ms / 1000)), peak_rss_MB: Math.round(imp.maxRssMB), price_points: imp.prices };
  console.error(`imported: ${JSON.stringify(results.import)}`);

  const build = run([path.join(ROOT, 'bench/cards-search.mjs'), '--build'], env, ['--expose-gc']);
  results.index = { build_ms: Math.round(build.ms), printings: build.printings, cards: build.cards, heap_MB: Math.round(build.heapMB), process_peak_rss_MB: Math.round(build.maxRssMB) };
  console.error(`index: ${JSON.stringify(results.index)}`);

  execFileSync(process.execPath, [BIN, 'user', 'create', '--username', 'bench', '--email', 'bench@example.com', '--password', 'bench-password', '--plan', 'pro'], { env: { ...process.env, ...env } });
  const key = JSON.parse(execFileSync(process.execPath, [BIN, 'key', 'create', '--user', 'bench', '--name', 'bench', '--scopes', 'cards:read', '--json'], { env: { ...process.env, ...env }, encoding: 'utf8' })).key;
  server = await startProcess([BIN, 'serve', '--port', '0', '--no-worker'], env);
  const headers = { authorization: `Bearer ${key}` };
  const urlOf = (q) => `${server.url}/api/v1/cards/search?q=${encodeURIComponent(q)}`;

  // The first search builds this process's index.
  t = performance.now();
  const first = await fetch(urlOf('lightning'), { headers });
  if (first.status !== 200) throw new Error(`search answered ${first.status}: ${await first.text()}`);
  await first.arrayBuffer();
  results.index.first_search_ms = Math.round(performance.now() - t);

  // Latency is until the last byte of the response has arrived; the client's own
  // JSON.parse of ~240 kB (50 full cards) is done after the clock stops.
  const get = async (q) => {
    const s = performance.now();
    const res = await request(urlOf(q), { headers });
    const body = Buffer.from(await res.body.arrayBuffer());
    return { ms: performance.now() - s, status: res.statusCode, body };
  };
  // First round: the rendered-card cache is cold (every card fetched, parsed and rendered).
  const cold = [];
  for (const q of QUERIES) cold.push((await get(q)).ms);
  cold.sort((a, b) => a - b);
  results.cold_cache = { requests: cold.length, p50_ms: round(pct(cold, 50)), max_ms: round(cold[cold.length - 1]) };
  for (let w = 0; w < 2; w++) for (const q of QUERIES) await get(q);

  /** @type {Map<string, number[]>} */
  const per = new Map(QUERIES.map((q) => [q, []]));
  const all = [];
  const totals = new Map();
  let received = 0;
  for (let r = 0; r < ROUNDS; r++) {
    for (const q of QUERIES) {
      const { ms, status, body: raw } = await get(q);
      received += raw.length;
      const body = JSON.parse(raw.toString('utf8'));
      if (status !== 200) throw new Error(`${q}: ${status} ${JSON.stringify(body)}`);
      totals.set(q, body.meta.total);
      per.get(q)?.push(ms);
      all.push(ms);
    }
  }
  all.sort((a, b) => a - b);
  results.latency = {
    requests: all.length,
    avg_response_kB: Math.round(received / all.length / 1024),
    p50_ms: round(pct(all, 50)),
    p90_ms: round(pct(all, 90)),
    p99_ms: round(pct(all, 99)),
    max_ms: round(all[all.length - 1]),
    per_query: QUERIES.map((q) => {
      const v = (per.get(q) ?? []).sort((a, b) => a - b);
      return { q, total: totals.get(q), p50_ms: round(pct(v, 50)), p99_ms: round(pct(v, 99)) };
    }),
  };
  console.error(`latency: p50 ${results.latency.p50_ms} ms, p99 ${results.latency.p99_ms} ms`);

  const load = await cannon({
    url: server.url,
    connections: 8,
    duration: DURATION,
    requests: QUERIES.map((q) => ({ method: 'GET', path: `/api/v1/cards/search?q=${encodeURIComponent(q)}`, headers })),
  });
  results.throughput_8_connections = summary(load);
} finally {
  if (server) await stop(server);
  fs.rmSync(dir, { recursive: true, force: true });
}

console.log(JSON.stringify(results, null, 2));
