// @ts-check
// Before/after on a host whose speed drifts: two builds of the service side by side, both warm
// and pinned to the same core, wrk (on another core) alternating short runs against each, the
// order flipped every pair. Reports each build's server CPU µs a request (/proc) and the median
// of the paired ratios (after / before), which the host's drift over minutes does not move.
// Each build gets PROCESSES fresh processes in turn: one process can settle into a slower mode
// for its whole life (bench/README.md, "Second round"), so one pair of processes decides nothing.
// Run: npm run build; git worktree add /tmp/before <commit>; (cd /tmp/before && ln -s
//   "$PWD/node_modules" . && npm run build); BEFORE=/tmp/before node bench/paired.mjs
//   BEFORE_NODE_ARGS/AFTER_NODE_ARGS: node flags for each build.
//   PROCESSES=3 PAIRS=6 (per pair of processes) SECONDS=2 ROWS=collection,profile,post SERVER_CPU=0 WRK_CPU=1
//   entry: GET of one entry. Rejections (every answer must be the row's 4xx): unauthorized (an unknown key, 401),
//   notfound (GET of an entry that does not exist, 404), unknowncard (POST naming no card, 422).
// Both builds open the same SQLite file, seeded by this checkout: they must share its migrations.
import fs from 'node:fs';
import path from 'node:path';
import { BIN, runWrk, startProcess, stop, tempDir } from './lib.mjs';
import { seedRequestPathData } from './request-path-data.mjs';

const before = process.env.BEFORE;
if (!before || !fs.existsSync(path.join(before, 'dist/cli/main.js'))) throw new Error('BEFORE must name a built checkout of the service (see the header)');
const processes = Number(process.env.PROCESSES ?? 3);
const pairs = Number(process.env.PAIRS ?? 6);
const seconds = Number(process.env.SECONDS ?? 2);
const serverCpu = Number(process.env.SERVER_CPU ?? 0);
const wrkCpu = process.env.WRK_CPU ?? '1';
const wanted = (process.env.ROWS ?? 'collection,profile').split(',');
// Node flags per build (e.g. BEFORE=. AFTER_NODE_ARGS='--import ./x.mjs' compares a flag or a
// preloaded module on one build).
const argsOf = (/** @type {string | undefined} */ s) => (s ?? '').split(' ').filter(Boolean);
const beforeArgs = argsOf(process.env.BEFORE_NODE_ARGS);
const afterArgs = argsOf(process.env.AFTER_NODE_ARGS);

const dir = tempDir('ccs-bench-paired-');
/** @type {Record<string, string>} */
const env = { CCS_DATA_DIR: dir, CCS_RATE_LIMIT_PRO: '1000000000', CCS_RATE_LIMIT_FREE: '1000000000', DATABASE_URL: '', LOG_LEVEL: 'warn' };
const { key, lua, page } = await seedRequestPathData(dir, env);
const entryId = /** @type {{ data: Array<{ id: string }> }} */ (JSON.parse(page.toString())).data[0].id;
const bearer = `Authorization: Bearer ${key}`;
const unknownCard = '{"card_id":"00000000-0000-4000-8000-000000000000","quantity":1}';
const unknownCardLua = path.join(dir, 'unknown-card.lua');
fs.writeFileSync(unknownCardLua, `wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\nwrk.body = '${unknownCard}'\n`);
/** A rejection row's `check` is one request like wrk's, to see it answers `status` before it is measured. */
/** @type {Record<string, { path: string; script?: string; headers?: string[]; status?: number; check?: RequestInit }>} */
const rows = {
  collection: { path: '/api/v1/collection?limit=50' },
  profile: { path: '/api/v1/profile' },
  post: { path: '/api/v1/collection', script: lua },
  entry: { path: `/api/v1/collection/${entryId}` },
  unauthorized: { path: '/api/v1/profile', headers: [`Authorization: Bearer ccs_live_${'A'.repeat(43)}`], status: 401 },
  notfound: { path: '/api/v1/collection/00000000-0000-4000-8000-000000000000', status: 404 },
  unknowncard: { path: '/api/v1/collection', script: unknownCardLua, status: 422, check: { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: unknownCard } },
};

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const results = [];
for (const name of wanted) {
  const row = rows[name];
  if (!row) throw new Error(`unknown row ${name}: one of ${Object.keys(rows).join(', ')}`);
  /** @type {Array<[number, number]>} */
  const cpu = [];
  /** @type {number[]} */
  const perProcess = [];
  for (let p = 0; p < processes; p++) {
    const builds = [
      { label: 'before', proc: await startProcess([...beforeArgs, path.join(before, 'bin/ccs.js'), 'serve', '--port', '0', '--no-worker'], env, { cpu: serverCpu }) },
      { label: 'after', proc: await startProcess([...afterArgs, BIN, 'serve', '--port', '0', '--no-worker'], env, { cpu: serverCpu }) },
    ];
    const run = (/** @type {typeof builds[number]} */ b, /** @type {number} */ s) => runWrk(b.proc, `${b.proc.url}${row.path}`, { cpu: wrkCpu, seconds: s, headers: row.headers ?? [bearer], script: row.script });
    for (const b of builds) {
      if (row.status) {
        const res = await fetch(`${b.proc.url}${row.path}`, row.check ?? { headers: Object.fromEntries((row.headers ?? [bearer]).map((h) => h.split(': '))) });
        await res.arrayBuffer();
        if (res.status !== row.status) throw new Error(`${name}, ${b.label}: answered ${res.status}, not ${row.status}`);
      }
      run(b, 5);
    }
    /** @type {number[]} */
    const ratios = [];
    for (let i = 0; i < pairs; i++) {
      const order = i % 2 === 0 ? builds : [...builds].reverse();
      /** @type {Record<string, number>} */
      const got = {};
      for (const b of order) {
        const r = run(b, seconds);
        // wrk counts answers outside 2xx and 3xx; a rejection row expects every answer to be one.
        if (row.status ? r.non2xx !== r.requests : r.non2xx > 0) throw new Error(`${name}, ${b.label}: ${r.non2xx} of ${r.requests} answers were not 2xx`);
        got[b.label] = /** @type {number} */ (r.cpu_us);
      }
      cpu.push([got.before, got.after]);
      ratios.push(got.after / got.before);
      process.stderr.write(`${name} processes ${p + 1}/${processes} pair ${i + 1}/${pairs}: before ${got.before} µs, after ${got.after} µs\n`);
    }
    perProcess.push(Number(median(ratios).toFixed(3)));
    for (const b of builds) await stop(b.proc);
  }
  results.push({ name, path: row.path, before_us: median(cpu.map((c) => c[0])), after_us: median(cpu.map((c) => c[1])), paired_ratio: Number(median(cpu.map(([a, b]) => b / a)).toFixed(3)), per_process: perProcess });
}
fs.rmSync(dir, { recursive: true, force: true });
console.log(`| request | before: server CPU µs/req (median) | after | after / before (median of ${processes} x ${pairs} pairs of ${seconds} s) | the same per pair of processes |`);
console.log('|---|---|---|---|---|');
for (const r of results) console.log(`| ${r.name}: ${r.path} | ${r.before_us} | ${r.after_us} | ${r.paired_ratio} | ${r.per_process.join(', ')} |`);
