// @ts-check
// How much work a request may add before its req/s share of bare hello-world falls below a
// goal, on this host: bare Fastify hello-world, then the bare server sending the collection
// page's bytes from memory with SPIN_US of pure computation added to each request (a busy
// wait), all pinned to one core with wrk on another, in one run. On a VM the server's CPU per
// request is not its work plus a constant: a slower server also pays for waking the load
// generator's idle core on each answer, so added work costs more than itself. This measures
// that (bench/README.md, "Headroom").
// Run: npm run build && node bench/headroom.mjs
//   SPINS=0,2,4,6,8 ROUNDS=3 DURATION=8 SERVER_CPU=0 WRK_CPU=1
//   FLOORS='hash;hash,epoch;all' adds a row of the floor server per entry, with those pieces of
//   the contract's per-request work (bench/floor-server.mjs, FLOOR_WITH); NO_SERVICE=1 leaves
//   the service's row out.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BIN, ROOT, benchService, runWrk, startProcess, stop } from './lib.mjs';
import { seedRequestPathData } from './request-path-data.mjs';

const spins = (process.env.SPINS ?? '0,2,4,6,8').split(',').filter(Boolean).map(Number);
const floors = (process.env.FLOORS ?? '').split(';').filter(Boolean);
const rounds = Number(process.env.ROUNDS ?? 3);
const duration = Number(process.env.DURATION ?? 8);
const serverCpu = Number(process.env.SERVER_CPU ?? 0);
const wrkCpu = process.env.WRK_CPU ?? '1';

// The page the service answers for GET /api/v1/collection?limit=50 (bench/request-path-data.mjs);
// the service on SQLite, or PostgreSQL where DATABASE_URL names it.
const { dir, env, cleanup } = benchService('headroom');
const { pageFile, key } = await seedRequestPathData(dir, env);
const hello = path.join(ROOT, 'bench/hello.mjs');
// The service's API, for the floor's `routes` piece.
const routesFile = path.join(dir, 'openapi.json');
fs.writeFileSync(routesFile, execFileSync(process.execPath, [BIN, 'openapi'], { env: { ...process.env, ...env } }));
const page = '/api/v1/collection?limit=50';
const bearer = [`Authorization: Bearer ${key}`];
/** @type {Array<{ name: string; args: string[]; env: Record<string, string>; path: string; headers: string[]; added?: number }>} */
const rows = [
  { name: 'bare Fastify hello-world', args: [hello], env: {}, path: '/', headers: [] },
  ...spins.map((s) => ({ name: `bare page server + ${s} µs of work`, args: [hello], env: { BODY_FILE: pageFile, SPIN_US: String(s) }, path: '/', headers: [], added: s })),
  { name: 'the least authenticated page (bench/floor-server.mjs)', args: [path.join(ROOT, 'bench/floor-server.mjs')], env: { BODY_FILE: pageFile, TOKEN: key }, path: page, headers: bearer },
  ...floors.map((f) => ({ name: `the floor + ${f}`, args: [path.join(ROOT, 'bench/floor-server.mjs')], env: { BODY_FILE: pageFile, TOKEN: key, FLOOR_WITH: f, ROUTES_FILE: routesFile }, path: page, headers: bearer })),
  ...(process.env.NO_SERVICE ? [] : [{ name: `the service: GET ${page}`, args: [BIN, 'serve', '--port', '0', '--no-worker'], env, path: page, headers: bearer }]),
];

/** @type {Map<string, Array<{ rps: number; cpu_us: number }>>} */
const results = new Map(rows.map((r) => [r.name, []]));
for (let round = 0; round < rounds; round++) {
  for (const r of rows) {
    const proc = await startProcess(r.args, r.env, { cpu: serverCpu });
    runWrk(proc, `${proc.url}${r.path}`, { cpu: wrkCpu, seconds: 3, headers: r.headers });
    const got = runWrk(proc, `${proc.url}${r.path}`, { cpu: wrkCpu, seconds: duration, headers: r.headers });
    if (got.non2xx > 0) throw new Error(`${r.name}: ${got.non2xx} answers were not 2xx`);
    /** @type {Array<{ rps: number; cpu_us: number }>} */ (results.get(r.name)).push({ rps: got.rps, cpu_us: got.cpu_us });
    process.stderr.write(`round ${round + 1}/${rounds} ${r.name}: ${got.rps} req/s, ${got.cpu_us} µs/req, server busy ${got.server_busy}\n`);
    await stop(proc);
  }
}
await cleanup();
/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = /** @type {Array<{ rps: number; cpu_us: number }>} */ (results.get(rows[0].name));
const helloRps = median(base.map((x) => x.rps));
const helloCpu = median(base.map((x) => x.cpu_us));
console.log(`${os.cpus().length} x ${os.cpus()[0]?.model}, Node ${process.version}, ${new Date().toISOString()}, ${rounds} rounds of ${duration} s, medians`);
// Each round's share against the same round's hello-world: on a host whose speed drifts between
// rounds, the median of these is steadier than the ratio of medians.
console.log('| server | req/s | share of hello | server CPU µs/req | CPU vs hello | CPU beyond the added work | req/s, each round | share of that round\'s hello (median) |');
console.log('|---|---|---|---|---|---|---|---|');
rows.forEach((r) => {
  const xs = /** @type {Array<{ rps: number; cpu_us: number }>} */ (results.get(r.name));
  const rps = median(xs.map((x) => x.rps));
  const cpu = median(xs.map((x) => x.cpu_us));
  const shares = xs.map((x, i) => (x.rps / base[i].rps) * 100);
  console.log(
    `| ${r.name} | ${rps} | ${((rps / helloRps) * 100).toFixed(1)}% | ${cpu} | ${(cpu / helloCpu).toFixed(2)}x | ${r.added === undefined ? '' : (cpu - r.added).toFixed(1)} | ${xs.map((x) => x.rps).join(', ')} | ${shares.map((x) => x.toFixed(1)).join(', ')} (${median(shares).toFixed(1)}%) |`,
  );
});
