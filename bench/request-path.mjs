// @ts-check
// Issue 15's table in one command: bare Fastify hello-world, bare Fastify sending the same
// collection page from memory, GET /api/v1/collection?limit=50 (plain and with
// `Accept-Encoding: br`), GET /api/v1/profile and POST /api/v1/collection, each measured with
// wrk (C, its own core) against a server pinned to one core, in the same run. Per row: req/s,
// share of hello-world's req/s, the server's CPU µs per request (/proc/<pid>/stat before and
// after, so the generator's speed does not enter it), its ratio to hello-world's, and p99.
// Figures are medians over the rounds; every round runs every row, so ratios come from one run.
// Run: npm run build && node bench/request-path.mjs
//   ROUNDS=3 DURATION=10 CONNECTIONS=64 SERVER_CPU=0 WRK_CPU=1; DATABASE_URL=postgres://...
//   (and CCS_REDIS_URL if the service needs it) measures PostgreSQL, in a schema of its own,
//   dropped after. SERVER_NODE_ARGS='--import ./bench/loop-stalls.mjs' adds node flags to the
//   service's process (e.g. the stall recorder, or --cpu-prof).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BIN, ROOT, benchService, runWrk, startProcess, stop } from './lib.mjs';
import { seedRequestPathData } from './request-path-data.mjs';

const rounds = Number(process.env.ROUNDS ?? 3);
const duration = Number(process.env.DURATION ?? 10);
// Each server first takes WARMUP seconds of the same load: the p99 of that first run on a
// fresh process is reported apart ("cold p99"), because wrk's latency correction turns the
// first requests of its 64 new connections, accepted over ~0.6 s by a cold server, into
// more than 1% of the samples (bench/README.md, "Tail latency").
const warmup = Number(process.env.WARMUP ?? 5);
const connections = Number(process.env.CONNECTIONS ?? 64);
const serverCpu = Number(process.env.SERVER_CPU ?? 0);
const wrkCpu = process.env.WRK_CPU ?? '1';
const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const only = process.env.ONLY?.split(',');
const { dir, env, pgUrl, cleanup } = benchService('request-path');
/**
 * One wrk run on WRK_CPU; `script` is a Lua file (the POST body rotation).
 * @param {{ child: import('node:child_process').ChildProcess }} proc
 * @param {string} url
 * @param {string[]} headers
 * @param {string} [script]
 */
const wrk = (proc, url, headers, script, seconds = duration) => runWrk(proc, url, { cpu: wrkCpu, connections, seconds, headers, script });

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Seeding, as bench/collection.mjs does: the demo cards, a pro user, 10,000 entries.
const { key, page, pageFile, lua } = await seedRequestPathData(dir, env);
const serverArgs = [...nodeArgs, BIN, 'serve', '--port', '0', '--no-worker'];

const bearer = `Authorization: Bearer ${key}`;
/** @type {Array<{ name: string; server: string; path: string; headers: string[]; script?: string }>} */
const rows = [
  { name: 'bare Fastify hello-world', server: 'hello', path: '/', headers: [] },
  { name: `bare Fastify, the same ${page.length}-byte page from memory`, server: 'static', path: '/', headers: [] },
  { name: 'GET /api/v1/collection?limit=50', server: 'ccs', path: '/api/v1/collection?limit=50', headers: [bearer] },
  { name: 'same, Accept-Encoding: br', server: 'ccs', path: '/api/v1/collection?limit=50', headers: [bearer, 'Accept-Encoding: br'] },
  { name: 'GET /api/v1/profile', server: 'ccs', path: '/api/v1/profile', headers: [bearer] },
  { name: 'POST /api/v1/collection (add/merge)', server: 'ccs', path: '/api/v1/collection', headers: [bearer], script: lua },
].filter((r, i) => !only || i < 1 || only.some((o) => r.name.includes(o)));

const machine = {
  nproc: os.cpus().length,
  cpu: os.cpus()[0]?.model,
  kernel: os.release(),
  node: process.version,
  dialect: pgUrl ? 'postgres' : 'sqlite',
  date: new Date().toISOString(),
  loadavg_start: os.loadavg().map((l) => l.toFixed(2)),
  loadavg_end: /** @type {string[]} */ ([]),
};
/** @type {Map<string, Array<ReturnType<typeof wrk> & { cold_p99_ms?: number }>>} */
const results = new Map(rows.map((r) => [r.name, []]));
for (let round = 0; round < rounds; round++) {
  // Each server fresh for each row, so one row's garbage or caches do not carry into the next.
  for (const r of rows) {
    const proc =
      r.server === 'hello'
        ? await startProcess([path.join(ROOT, 'bench/hello.mjs')], {}, { cpu: serverCpu })
        : r.server === 'static'
          ? await startProcess([path.join(ROOT, 'bench/hello.mjs')], { BODY_FILE: pageFile }, { cpu: serverCpu })
          : await startProcess(serverArgs, { ...env, SERVER_STALLS_FILE: path.join(dir, `stalls-${round}-${rows.indexOf(r)}.json`) }, { cpu: serverCpu });
    if (r.server === 'ccs' && !r.script) {
      // One request first: the cached page and its compressed copy are then what wrk measures.
      const check = await fetch(`${proc.url}${r.path}`, { headers: Object.fromEntries(r.headers.map((h) => h.split(': '))) });
      if (check.status !== 200) throw new Error(`${r.name}: ${check.status} ${await check.text()}`);
      await check.arrayBuffer();
    }
    const cold = warmup > 0 ? wrk(proc, `${proc.url}${r.path}`, r.headers, r.script, warmup) : undefined;
    /** @type {Array<ReturnType<typeof wrk> & { cold_p99_ms?: number }>} */ (results.get(r.name)).push({ ...wrk(proc, `${proc.url}${r.path}`, r.headers, r.script), cold_p99_ms: cold?.p99_ms });
    await stop(proc);
  }
  process.stderr.write(`round ${round + 1}/${rounds} (load ${os.loadavg()[0].toFixed(2)}): ${JSON.stringify([...results].map(([k, v]) => [k, v.at(-1)]))}\n`);
}
const stallFiles = fs.readdirSync(dir).filter((f) => f.startsWith('stalls-'));
const stalls = Object.fromEntries(stallFiles.map((f) => [f, JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))]));
if (process.env.KEEP_DIR) console.error(`key: ${key}`);
await cleanup();

const hello = /** @type {Array<ReturnType<typeof wrk>>} */ (results.get(rows[0].name));
const helloCpu = median(hello.map((r) => r.cpu_us));
const helloRps = median(hello.map((r) => r.rps));
const table = [...results].map(([name, runs]) => {
  const cpu = median(runs.map((r) => r.cpu_us));
  const rps = median(runs.map((r) => r.rps));
  return {
    name,
    rps,
    rps_vs_hello: Number((rps / helloRps).toFixed(3)),
    cpu_us_per_req: cpu,
    cpu_vs_hello: Number((cpu / helloCpu).toFixed(2)),
    // The kernel's part (/proc stime): sending the bytes and waking wrk, which a slower server
    // more often finds asleep (bench/README.md, eleventh round).
    // From the round whose total is the median, so the two figures describe one run.
    sys_us_per_req: runs.find((r) => r.cpu_us === cpu)?.sys_us ?? NaN,
    // Against the same round's hello-world: on a host whose speed drifts between rounds (the
    // twelfth round's), the median of these is steadier than the ratio of the medians.
    rps_vs_hello_runs: runs.map((r, i) => Number((r.rps / hello[i].rps).toFixed(3))),
    p99_ms: median(runs.map((r) => r.p99_ms)),
    p99_runs_ms: runs.map((r) => r.p99_ms),
    cold_p99_ms: median(runs.map((r) => r.cold_p99_ms ?? NaN)),
    max_ms: Math.max(...runs.map((r) => r.max_ms)),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
  };
});
machine.loadavg_end = os.loadavg().map((l) => l.toFixed(2));
console.log(JSON.stringify({ machine, rounds, duration, connections, table, ...(stallFiles.length ? { stalls } : {}) }, null, 2));
console.log(`\n${machine.dialect}, ${rounds} rounds of ${duration} s after ${warmup} s of warm-up, ${connections} connections, medians; ${machine.nproc} x ${machine.cpu}, Node ${machine.node}, ${machine.date}, load ${machine.loadavg_start.join(' ')}`);
console.log(
  "| request | req/s | share of hello | server CPU µs/req | of which kernel | CPU vs hello | p99 ms (median; each round) | cold p99 ms, first run of a fresh process | share of that round's hello (median; each round) |",
);
console.log('|---|---|---|---|---|---|---|---|---|');
const pct = (/** @type {number} */ x) => `${(x * 100).toFixed(1)}%`;
for (const r of table) {
  console.log(
    `| ${r.name} | ${r.rps} | ${pct(r.rps_vs_hello)} | ${r.cpu_us_per_req} | ${r.sys_us_per_req} | ${r.cpu_vs_hello}x | ${r.p99_ms} (${r.p99_runs_ms.join(', ')})${r.non2xx ? `, ${r.non2xx} non-2xx` : ''} | ${r.cold_p99_ms} | ${pct(median(r.rps_vs_hello_runs))} (${r.rps_vs_hello_runs.map(pct).join(', ')}) |`,
  );
}
