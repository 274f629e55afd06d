// @ts-check
// Issue 15 benchmark: the smallest authenticated request (GET /api/v1/profile) against bare
// Fastify hello-world, in the same run, with wrk (C, its own core) as the load generator.
// Each server is pinned to CPU 0 (`taskset -c 0`), wrk to CPU 1; the server's own CPU time per
// request comes from /proc/<pid>/stat before and after each run, so the generator's speed
// does not enter the figure that counts.
// Run: npm run build && node bench/auth-path.mjs
//   ROUNDS=3 DURATION=10 CONNECTIONS=64; BEFORE_ROOT=<another built checkout> measures that
//   checkout's server too, interleaved with this one, for a before/after in one run.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, runWrk, startProcess, stop, tempDir } from './lib.mjs';

const rounds = Number(process.env.ROUNDS ?? 3);
const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 64);
const serverCpu = process.env.SERVER_CPU ?? '0';
const wrkCpu = process.env.WRK_CPU ?? '1';
const beforeRoot = process.env.BEFORE_ROOT;

/**
 * One wrk run on WRK_CPU against `url`, with the server's CPU µs per request.
 * @param {{ child: import('node:child_process').ChildProcess }} proc
 * @param {string} url
 * @param {string[]} headers
 */
const wrk = (proc, url, headers) => runWrk(proc, url, { cpu: wrkCpu, connections, seconds: duration, headers });

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * A data directory with a pro user and a profile:read key, made by `root`'s CLI.
 * @param {string} root
 */
function seed(root) {
  const dir = tempDir('ccs-bench-auth-');
  const env = { ...process.env, CCS_DATA_DIR: dir, LOG_LEVEL: 'warn' };
  const ccs = (/** @type {string[]} */ ...args) => execFileSync(process.execPath, [path.join(root, 'bin/ccs.js'), ...args], { env }).toString().trim();
  ccs('user', 'create', '--username', 'bench', '--email', 'bench@example.com', '--password', 'bench password 1', '--plan', 'pro');
  const key = ccs('key', 'create', '--user', 'bench', '--name', 'bench', '--scopes', 'profile:read');
  return { dir, key };
}

const subjects = [{ name: 'profile', root: ROOT }];
if (beforeRoot) subjects.unshift({ name: 'profile (before)', root: path.resolve(beforeRoot) });
const seeded = subjects.map((s) => ({ ...s, ...seed(s.root) }));

/** @type {Record<string, Array<ReturnType<typeof wrk>>>} */
const results = { hello: [] };
for (const s of seeded) results[s.name] = [];
for (let round = 0; round < rounds; round++) {
  const hello = await startProcess([path.join(ROOT, 'bench/hello.mjs')], {}, { cpu: Number(serverCpu) });
  results.hello.push(wrk(hello, `${hello.url}/`, []));
  await stop(hello);
  for (const s of seeded) {
    const env = { CCS_DATA_DIR: s.dir, CCS_RATE_LIMIT_PRO: '1000000000', CCS_RATE_LIMIT_FREE: '1000000000' };
    const server = await startProcess([path.join(s.root, 'bin/ccs.js'), 'serve', '--port', '0', '--no-worker'], env, { cpu: Number(serverCpu) });
    const check = await fetch(`${server.url}/api/v1/profile`, { headers: { authorization: `Bearer ${s.key}` } });
    if (check.status !== 200) throw new Error(`${s.name}: GET /profile answered ${check.status}`);
    await check.arrayBuffer();
    results[s.name].push(wrk(server, `${server.url}/api/v1/profile`, [`Authorization: Bearer ${s.key}`]));
    await stop(server);
  }
  process.stderr.write(`round ${round + 1}/${rounds}: ${JSON.stringify(Object.fromEntries(Object.entries(results).map(([k, v]) => [k, v.at(-1)])))}\n`);
}
for (const s of seeded) fs.rmSync(s.dir, { recursive: true, force: true });

const helloCpu = median(results.hello.map((r) => r.cpu_us));
const helloRps = median(results.hello.map((r) => r.rps));
const table = Object.entries(results).map(([name, runs]) => {
  const cpu = median(runs.map((r) => r.cpu_us));
  const rps = median(runs.map((r) => r.rps));
  return {
    name,
    rps,
    cpu_us_per_req: cpu,
    cpu_vs_hello: Number((cpu / helloCpu).toFixed(2)),
    rps_vs_hello: Number((rps / helloRps).toFixed(2)),
    p99_ms: median(runs.map((r) => r.p99_ms)),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    runs: runs.map((r) => `${r.rps} req/s ${r.cpu_us} us`).join(' | '),
  };
});
const machine = { nproc: os.cpus().length, kernel: os.release(), node: process.version, date: new Date().toISOString(), loadavg: os.loadavg().map((l) => l.toFixed(2)) };
console.log(JSON.stringify({ machine, rounds, duration, connections, table }, null, 2));
console.log('| request | req/s | server CPU µs/req | CPU vs hello | req/s vs hello | p99 ms |');
console.log('|---|---|---|---|---|---|');
for (const r of table) console.log(`| ${r.name} | ${r.rps} | ${r.cpu_us_per_req} | ${r.cpu_vs_hello}x | ${Math.round(r.rps_vs_hello * 100)}% | ${r.p99_ms} |`);
