// @ts-check
// Issue 13 benchmark: POST /api/v1/imports with a 100,000-row Moxfield export, dry run and
// apply, against a generated card database of 100,000 printings (bench/cards-data.mjs), on
// SQLite, or on PostgreSQL when DATABASE_URL is set (in a schema of its own, dropped after).
// Reports time, rows/s, the server's CPU time and peak RSS (sampled from /proc every 10 ms),
// and the dry run at 10,000 / 50,000 / 100,000 rows to show how memory grows with the file.
// Run: npm run build && node bench/imports.mjs      (ROWS=, CARDS= to resize)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { writeScaledCards } from './cards-data.mjs';
import { BIN, ROOT, benchService, cpuMicros, machineFacts, startProcess, stop } from './lib.mjs';

const ROWS = Number(process.env.ROWS ?? 100_000);
const CARDS = Number(process.env.CARDS ?? 100_000);
const round = (n) => Math.round(n * 100) / 100;
const dist = (p) => path.join(ROOT, 'dist', p);

const MOXFIELD_HEADER = '"Count","Tradelist Count","Name","Edition","Condition","Language","Foil","Tags","Last Modified","Collector Number","Alter","Proxy","Purchase Price"';
const CONDITIONS = ['Near Mint', 'Mint', 'Good (Lightly Played)', 'Played', 'Heavily Played', 'Damaged'];
const quote = (v) => `"${String(v).replace(/"/g, '""')}"`;

// Child mode: writes the Moxfield file from the card database the server uses (either dialect).
if (process.argv[2] === '--csv') {
  const { loadConfig } = await import(dist('config.js'));
  const { openDatabase } = await import(dist('db/database.js'));
  const database = await openDatabase(loadConfig());
  const out = fs.createWriteStream(process.argv[3] ?? 'import.csv');
  const rows = Number(process.argv[4]);
  out.write(`${MOXFIELD_HEADER}\r\n`);
  let written = 0;
  // Each printing once per condition, printings first: every row is an entry of its own.
  for (let pass = 0; written < rows && pass < CONDITIONS.length; pass++) {
    let after = '';
    while (written < rows) {
      const page = await database.db
        .selectFrom('cards')
        .select(['id', 'name', 'set_code', 'collector_number', 'finishes'])
        .where('id', '>', after)
        .where('lang', '=', 'en')
        .orderBy('id')
        .limit(5_000)
        .execute();
      if (page.length === 0) break;
      for (const c of page) {
        if (written >= rows) break;
        const finishes = JSON.parse(c.finishes);
        const foil = finishes.includes('nonfoil') && !(finishes.includes('foil') && written % 5 === 0) ? '' : finishes.includes('foil') ? 'foil' : 'etched';
        const line = [1 + (written % 4), 0, c.name, c.set_code, CONDITIONS[pass], 'English', foil, '', '2025-06-27 06:59:41.710000', c.collector_number, 'False', 'False', written % 3 ? '' : '1.25'];
        if (!out.write(`${line.map(quote).join(',')}\r\n`)) await new Promise((r) => out.once('drain', () => r(undefined)));
        written++;
      }
      after = page[page.length - 1]?.id ?? after;
    }
  }
  await new Promise((r) => out.end(() => r(undefined)));
  await database.close();
  process.stdout.write(JSON.stringify({ rows: written }));
  process.exit(0);
}

/** The server's resident memory now, in MB (Linux). */
function rssMB(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Runs `work` while sampling the server's RSS; answers its time, the server's CPU time and the peak RSS seen, with the RSS before. */
async function measured(pid, work) {
  const before = rssMB(pid);
  const cpuBefore = cpuMicros(pid) ?? 0;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMB(pid));
  }, 10);
  const started = performance.now();
  try {
    const result = await work();
    const cpuMs = ((cpuMicros(pid) ?? 0) - cpuBefore) / 1000;
    return { result, ms: performance.now() - started, cpuMs, rss_before_MB: Math.round(before), peak_rss_MB: Math.round(Math.max(peak, rssMB(pid))) };
  } finally {
    clearInterval(timer);
  }
}

const service = benchService('imports', { LOG_LEVEL: 'warn' });
const { dir, env, cli } = service;
const results = {
  machine: machineFacts(),
  database: service.database,
};
let server;
try {
  const cardsFile = path.join(dir, 'cards.json');
  const t = performance.now();
  await writeScaledCards(cardsFile, CARDS);
  // The card import's final swap is one long statement: more than a request's 5 s on a busy PostgreSQL.
  execFileSync(process.execPath, [BIN, 'cards', 'import', cardsFile, '--as-of', '2024-01-01'], { env: { ...process.env, ...env, CCS_DB_TIMEOUT_MS: '600000' }, stdio: 'ignore' });
  fs.rmSync(cardsFile);
  results.cards = { printings: CARDS, generate_and_import_s: round((performance.now() - t) / 1000) };
  console.error(`card database: ${JSON.stringify(results.cards)}`);

  cli('user', 'create', '--username', 'bench', '--email', 'bench@example.com', '--password', 'bench password 1', '--plan', 'pro');
  const key = cli('key', 'create', '--user', 'bench', '--name', 'bench', '--scopes', 'collection:read,collection:write');
  const csvFile = path.join(dir, 'moxfield.csv');
  const made = JSON.parse(execFileSync(process.execPath, [path.join(ROOT, 'bench/imports.mjs'), '--csv', csvFile, String(ROWS)], { env: { ...process.env, ...env }, encoding: 'utf8' }));
  const file = fs.readFileSync(csvFile);
  results.file = { format: 'moxfield', rows: made.rows, MB: round(file.length / 1048576) };
  console.error(`file: ${JSON.stringify(results.file)}`);

  server = await startProcess([...(process.env.NODE_ARGS ? process.env.NODE_ARGS.split(' ') : []), BIN, 'serve', '--port', '0', '--no-worker'], env);
  const pid = server.child.pid;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'text/csv' };
  const post = async (mode, body) => {
    const res = await fetch(`${server.url}/api/v1/imports?mode=${mode}`, { method: 'POST', headers, body });
    /** @type {any} */
    const json = await res.json();
    if (res.status !== (mode === 'apply' ? 201 : 200)) throw new Error(`${mode} answered ${res.status}: ${JSON.stringify(json).slice(0, 500)}`);
    return json.data;
  };
  // The first `rows` rows of the file (a prefix ends at a line break).
  const prefix = (rows) => {
    let at = 0;
    for (let i = 0; i <= rows; i++) at = file.indexOf(0x0a, at) + 1;
    return at > 0 && rows < made.rows ? file.subarray(0, at) : file;
  };
  // Server CPU time as well as wall time: on a shared machine the CPU a run got varies, what it used less so.
  const figure = (m, rows) => ({
    seconds: round(m.ms / 1000),
    rows_per_s: Math.round(rows / (m.ms / 1000)),
    server_cpu_s: round(m.cpuMs / 1000),
    rows_per_cpu_s: Math.round(rows / (m.cpuMs / 1000)),
    rss_before_MB: m.rss_before_MB,
    peak_rss_MB: m.peak_rss_MB,
  });

  // A small import first, so the name index, compiled queries and JIT are warm for the measured ones.
  await post('dry_run', prefix(1_000));
  results.dry_run = {};
  for (const rows of [10_000, 50_000, made.rows].filter((n, i, all) => n <= made.rows && all.indexOf(n) === i)) {
    const m = await measured(pid, () => post('dry_run', prefix(rows)));
    if (m.result.matched !== rows) throw new Error(`dry run matched ${m.result.matched} of ${rows} rows: ${JSON.stringify(m.result.unmatched.slice(0, 3))}`);
    results.dry_run[rows] = figure(m, rows);
    console.error(`dry run ${rows} rows: ${JSON.stringify(results.dry_run[rows])}`);
  }
  const apply = await measured(pid, () => post('apply', file));
  results.apply = { ...figure(apply, made.rows), entries_created: apply.result.entries_created };
  console.error(`apply: ${JSON.stringify(results.apply)}`);
  // The same file again: every row merges into an entry the collection holds (what re-importing an export does).
  const dryAgain = await measured(pid, () => post('dry_run', file));
  results.dry_run_all_merge = figure(dryAgain, made.rows);
  console.error(`dry run again (every row merges): ${JSON.stringify(results.dry_run_all_merge)}`);
  const again = await measured(pid, () => post('apply', file));
  results.apply_again_all_merge = { ...figure(again, made.rows), entries_merged: again.result.entries_merged };
  console.error(`apply again (every row merges): ${JSON.stringify(results.apply_again_all_merge)}`);
  /** @type {any} */
  const list = await (await fetch(`${server.url}/api/v1/collection?limit=1`, { headers })).json();
  results.collection_after = list.meta;
  if (list.meta.total !== made.rows) throw new Error(`the collection holds ${list.meta.total} entries, not ${made.rows}`);
} finally {
  if (server) await stop(server);
  await service.cleanup();
}
console.log(JSON.stringify(results, null, 2));
