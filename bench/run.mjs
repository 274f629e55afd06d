// @ts-check
// `npm run bench`: lists the benchmarks; `npm run bench -- <name> [<name>...]` runs them one
// after another (`all`: every one), each in a process of its own with this process's
// environment (CARDS, ROUNDS, DURATION ... pass through). They measure the built service:
// run `npm run build` first. Results are JSON on stdout, progress on stderr.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';

/** @type {Array<{ name: string; file: string; what: string; time: string; knobs: string }>} */
export const BENCHMARKS = [
  {
    name: 'collection',
    file: 'bench/collection.mjs',
    what: 'GET and POST /collection against bare Fastify (autocannon, 32 connections)',
    time: '~2 min',
    knobs: 'DURATION CONNECTIONS',
  },
  {
    name: 'cards-search',
    file: 'bench/cards-search.mjs',
    what: 'card import, index build, 20 searches one at a time (Node client, wrk -c1, server-side timing, bare Fastify) and under wrk at 32 connections',
    time: '~4 min at 100,000 printings',
    knobs: 'CARDS LANGUAGES ROUNDS DURATION LATENCY_DURATION PARTS DATA_DIR',
  },
  {
    name: 'auth-path',
    file: 'bench/auth-path.mjs',
    what: 'GET /profile (the smallest authenticated request) against bare Fastify, wrk on its own core, server CPU per request',
    time: '~2 min',
    knobs: 'ROUNDS DURATION CONNECTIONS BEFORE_ROOT SERVER_CPU WRK_CPU',
  },
  {
    name: 'request-path',
    file: 'bench/request-path.mjs',
    what: "issue 15's table: hello-world, the page from memory, GET /collection (plain, br), GET /profile, POST /collection; wrk on its own core, server CPU per request, p99 warm and cold",
    time: '~5 min',
    knobs: 'ROUNDS DURATION WARMUP CONNECTIONS SERVER_CPU WRK_CPU DATABASE_URL SERVER_NODE_ARGS ONLY',
  },
  {
    name: 'round-trips',
    file: 'bench/round-trips.mjs',
    what: 'one row of the request-path table (ROW=collection|profile|post): server CPU per request and, on PostgreSQL, database transactions per request (are reads shared?)',
    time: '~1 min',
    knobs: 'ROW SECONDS SERVER_CPU WRK_CPU DATABASE_URL CCS_REDIS_URL NODE_ARGS',
  },
  {
    name: 'headroom',
    file: 'bench/headroom.mjs',
    what: "how much work a request may add on this host before its share of hello-world's req/s falls below a goal: the bare page server with added busy work, the least authenticated page in Fastify, and the service's page, in one run",
    time: '~5 min',
    knobs: 'SPINS ROUNDS DURATION SERVER_CPU WRK_CPU DATABASE_URL',
  },
  {
    name: 'paired',
    file: 'bench/paired.mjs',
    what: 'before/after on a drifting host: another built checkout (BEFORE) and this one side by side on one core, wrk alternating short runs, median of paired CPU-per-request ratios over several process pairs; ROWS of collection, profile, post, entry, and the rejections unauthorized (401), notfound (404), unknowncard (422)',
    time: '~3 min a row',
    knobs: 'BEFORE ROWS PROCESSES PAIRS SECONDS SERVER_CPU WRK_CPU',
  },
  {
    name: 'webhooks',
    file: 'bench/webhooks.mjs',
    what: '20,000 events to 100 webhook subscriptions, batched and not',
    time: '~2 min',
    knobs: 'EVENTS SUBS PHASES',
  },
];

const asked = process.argv.slice(2);
if (asked.length === 0) {
  console.log('Benchmarks (see bench/README.md for what each measures and the figures so far):\n');
  for (const b of BENCHMARKS) console.log(`  ${b.name.padEnd(13)} ${b.time.padEnd(28)} ${b.what}\n  ${''.padEnd(13)} node ${b.file}  (${b.knobs})\n`);
  console.log('Run one: npm run build && npm run bench -- cards-search   (or: all)');
  process.exit(0);
}

// `all` leaves out `paired`: it compares with another checkout, which only the caller can name.
const names = asked.includes('all') ? BENCHMARKS.map((b) => b.name).filter((n) => n !== 'paired') : asked;
const unknown = names.filter((n) => !BENCHMARKS.some((b) => b.name === n));
if (unknown.length) {
  console.error(`unknown benchmark ${unknown.join(', ')}; known: ${BENCHMARKS.map((b) => b.name).join(', ')}, all`);
  process.exit(2);
}
if (!fs.existsSync(path.join(ROOT, 'dist/server.js'))) {
  console.error('the benchmarks measure the built service: run `npm run build` first');
  process.exit(2);
}
for (const name of names) {
  const b = BENCHMARKS.find((x) => x.name === name);
  if (!b) continue;
  console.error(`== ${b.name}: node ${b.file}`);
  const res = spawnSync(process.execPath, [path.join(ROOT, b.file)], { stdio: 'inherit', env: process.env });
  if (res.status !== 0) {
    console.error(`${b.name} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
}
