// @ts-check
// A heavy user's reads: GET /api/v1/collection first pages and next pages in every order, with
// and without a `q` over card facts, on a collection of ROWS entries (default 60,000) imported
// from a Moxfield file over a generated card database (bench/cards-data.mjs). Each figure is the
// median of REPEATS requests, each with a fresh query (a `q` term nothing else matches, or a
// collection version bump by a write beforehand), so no page cache answers it; alongside, the
// worst time a `GET /profile` waited while it ran (SQLite runs the statement on the event loop).
// On SQLite, or on PostgreSQL when DATABASE_URL is set (in a schema of its own, dropped after).
// Run: npm run build && node bench/heavy-reads.mjs      (ROWS=, CARDS=, REPEATS= to resize)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { importScaledCards } from './cards-data.mjs';
import { BIN, ROOT, benchService, cpuMicros, machineFacts, startProcess, stop } from './lib.mjs';

const ROWS = Number(process.env.ROWS ?? 60_000);
const CARDS = Number(process.env.CARDS ?? 100_000);
const REPEATS = Number(process.env.REPEATS ?? 5);
const round = (n) => Math.round(n * 10) / 10;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const service = benchService('heavy', { LOG_LEVEL: 'warn' });
const { dir, env, cli } = service;
const results = {
  machine: machineFacts(),
  database: service.database,
  rows: ROWS,
  /** @type {Record<string, {ms: number, server_cpu_ms: number, profile_worst_ms: number, total: number}>} */
  reads: {},
};
let server;
try {
  await importScaledCards(BIN, service, CARDS);
  cli('user', 'create', '--username', 'bench', '--email', 'bench@example.com', '--password', 'bench password 1', '--plan', 'pro');
  const key = cli('key', 'create', '--user', 'bench', '--name', 'bench', '--scopes', 'collection:read,collection:write');
  const csvFile = path.join(dir, 'moxfield.csv');
  execFileSync(process.execPath, [path.join(ROOT, 'bench/imports.mjs'), '--csv', csvFile, String(ROWS)], { env: { ...process.env, ...env }, encoding: 'utf8' });

  server = await startProcess([...(process.env.NODE_ARGS ? process.env.NODE_ARGS.split(' ') : []), BIN, 'serve', '--port', '0', '--no-worker'], env);
  const pid = server.child.pid;
  const headers = { authorization: `Bearer ${key}` };
  const imported = await fetch(`${server.url}/api/v1/imports?mode=apply`, { method: 'POST', headers: { ...headers, 'content-type': 'text/csv' }, body: fs.readFileSync(csvFile) });
  if (imported.status !== 201) throw new Error(`import answered ${imported.status}`);
  const get = async (url) => {
    const res = await fetch(`${server.url}${url}`, { headers });
    /** @type {any} */
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return body;
  };
  // One entry to change before each request that must not find its page cached (the version moves).
  const first = (await get('/api/v1/collection?limit=1')).data[0];
  if (results.rows !== (await get('/api/v1/collection?limit=1')).meta.total) throw new Error('the import did not create every entry');
  let bump = 0;
  const changeSomething = async () => {
    bump += 1;
    const res = await fetch(`${server.url}/api/v1/collection/${first.id}`, { method: 'PATCH', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ notes: `bump ${bump}` }) });
    if (res.status !== 200) throw new Error(`PATCH answered ${res.status}`);
  };

  /** Times `url()` (a fresh URL each call) while /profile loops beside it; medians over REPEATS. */
  const timed = async (label, url, { fresh = changeSomething } = {}) => {
    const ms = [];
    const cpu = [];
    const worst = [];
    let total = 0;
    for (let i = 0; i < REPEATS + 1; i++) {
      await fresh();
      let running = true;
      let profileWorst = 0;
      const beside = (async () => {
        while (running) {
          const t = performance.now();
          await fetch(`${server.url}/api/v1/profile`, { headers });
          profileWorst = Math.max(profileWorst, performance.now() - t);
        }
      })();
      const cpuBefore = cpuMicros(pid) ?? 0;
      const t = performance.now();
      const body = await get(url());
      const elapsed = performance.now() - t;
      const used = ((cpuMicros(pid) ?? 0) - cpuBefore) / 1000;
      running = false;
      await beside;
      total = body.meta.total;
      if (i === 0) continue; // compiles and warms the statement
      ms.push(elapsed);
      cpu.push(used);
      worst.push(profileWorst);
    }
    results.reads[label] = { ms: round(median(ms)), server_cpu_ms: round(median(cpu)), profile_worst_ms: round(median(worst)), total };
    console.error(`${label}: ${JSON.stringify(results.reads[label])}`);
  };

  const noBump = async () => {};
  let nonce = 0;
  // A `q` term every entry matches and no earlier request used (a name nothing has, negated).
  const everything = () => `-name:zq${(nonce++).toString(36)}zq`;
  for (const sort of ['added', 'name', 'set', 'quantity', 'value']) {
    for (const dir of ['desc', 'asc']) {
      await timed(`first page, sort=${sort}&dir=${dir}`, () => `/api/v1/collection?limit=50&sort=${sort}&dir=${dir}`);
    }
  }
  for (const sort of ['added', 'value']) {
    await timed(`first page, q matching every entry, sort=${sort}`, () => `/api/v1/collection?limit=50&sort=${sort}&q=${encodeURIComponent(everything())}`, { fresh: noBump });
    await timed(`first page, q=t:creature (fresh), sort=${sort}`, () => `/api/v1/collection?limit=50&sort=${sort}&q=${encodeURIComponent(`t:creature ${everything()}`)}`, { fresh: noBump });
  }
  // A next page: the cursor of a first page, asked for after a write (a new order is sorted).
  /** @type {Record<string, string>} */
  const cursors = {};
  for (const sort of ['added', 'quantity', 'value']) cursors[sort] = (await get(`/api/v1/collection?limit=50&sort=${sort}`)).meta.next_cursor;
  for (const sort of ['added', 'quantity', 'value']) {
    await timed(`second page, sort=${sort}`, () => `/api/v1/collection?limit=50&sort=${sort}&cursor=${encodeURIComponent(cursors[sort] ?? '')}`);
  }
} finally {
  if (server) await stop(server);
  await service.cleanup();
}
console.log(JSON.stringify(results, null, 2));
