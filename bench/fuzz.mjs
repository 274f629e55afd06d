// @ts-check
// The long fuzz run (issue 17): the CI fuzz test (test/e2e/fuzz.test.ts) with a large budget,
// 10,000 requests by default, every OpenAPI operation, hostile and random parameters, headers
// and bodies, while another user keeps adding entries. It fails on any 500, any answer
// missing, any 4xx that is not a problem document, and any rejected request that changed the
// caller's data; the summary (statuses, per operation, time) is printed as JSON.
//
// Run: npm run build && node bench/fuzz.mjs
//   RUNS (10000), SEED (a new one each run unless given; printed, so a failure can be replayed);
//   DATABASE_URL / CCS_REDIS_URL as for the tests to fuzz PostgreSQL.
// It needs the dev dependencies (vitest, fast-check): it is a test run, not a load benchmark.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const runs = Number(process.env.RUNS ?? 10_000);
const seed = Number(process.env.SEED ?? Math.floor(Math.random() * 2 ** 31));
const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-fuzz-')), 'report.json');
console.error(`fuzz: ${runs} requests, seed ${seed}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`);
const started = Date.now();
const res = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', 'test/e2e/fuzz.test.ts'], {
  cwd: ROOT,
  env: { ...process.env, FUZZ_RUNS: String(runs), FUZZ_SEED: String(seed), FUZZ_REPORT_FILE: report },
  // The test run's own output goes to stderr: stdout is the JSON summary alone.
  stdio: ['ignore', 2, 2],
});
const summary = fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, 'utf8')) : { error: 'the fuzz run wrote no report' };
summary.machine = { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadavg_at_end: os.loadavg().map((n) => Math.round(n * 100) / 100), date: new Date().toISOString() };
summary.wall_seconds = Math.round((Date.now() - started) / 100) / 10;
summary.passed = res.status === 0;
console.log(JSON.stringify(summary, null, 2));
process.exitCode = res.status ?? 1;
