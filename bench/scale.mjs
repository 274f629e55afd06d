// @ts-check
// Scale-out benchmark (issue 17), one command: how the deployment of docs/operations.md scales
// with processes, and how cost grows with data.
//   api:      read and write throughput with 1, 2 and 4 `ccs serve --no-worker` processes on one
//             PostgreSQL schema (wrk, one instance per process, pinned), each as a ratio to 1;
//   writes:   POST /collection from one user's tool and from 32 users, at 1, 2 and 4 processes
//             (issue 15), next to pgbench's single-row inserts on the same server in the same run
//             (PGBENCH_CLIENTS, 16,64; pgbench from PATH or /usr/lib/postgresql/*/bin);
//   webhooks: delivery throughput with 1 and 2 `ccs worker` dispatchers draining a backlog of
//             deliveries to local receivers, at 100 and 1,000 subscriptions, ratio to 1 dispatcher;
//   listing:  GET /collection time for one user at 1,000, 10,000 and 100,000 entries (first page,
//             with and without the page cache, by name, filtered), through HTTP on PostgreSQL;
//   search:   card search time (the 20 searches of bench/cards-search.mjs, in-process) and index
//             build time at 10,000, 100,000 and 500,000 printings (SQLite: the index is in memory).
//
// Run: npm run build && node bench/scale.mjs
//   DATABASE_URL (PostgreSQL; default postgres://postgres@127.0.0.1:5432/postgres), CCS_REDIS_URL
//   (optional: the API processes share rate limits through it, as deployed);
//   KEEP_SCHEMAS=1 leaves the run's schemas in the database (for pgbench or psql by hand afterwards);
//   PHASES=api,writes,webhooks,listing,search (merges: only the writes phase's pgbench of the merging statement;
//   MERGE_STATEMENTS=current,four,previous: one add a statement, four (as a turn's adds go), the previous release's; alternating ROUNDS times); DURATION (wrk seconds, 10; after WARMUP, 3); CONNECTIONS (64);
//   API_COUNTS=1,2,4; DISPATCHERS=1,2; SUBS=100,1000; DELIVERIES (per run, 10000);
//   LISTING_SIZES=1000,10000,100000; SEARCH_SIZES=10000,100000,500000;
//   SERVER_CPUS / WRK_CPUS: core lists for taskset ("0-7", "12-15"); by default the servers get
//   the first half of the cores and wrk the rest (on 2 cores: CPU 0 and CPU 1). On a benchmark
//   machine packed with /work/shared/tools/bench-machine/pack.sh (after npm run build), where run.sh
//   starts PostgreSQL on cores 8-11: WITH_PG=1 bash .devbench/run.sh 'SERVER_CPUS=0-7 WRK_CPUS=12-15 node bench/scale.mjs'
//   (no Redis there: each API process then counts rate limits alone, which the limits set here make moot).
// Prints the machine (cores, model) and one JSON document, then a summary table.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { BIN, ROOT, cpuMicros, parseWrk, startProcess, startReceivers, stop, tempDir } from './lib.mjs';

const dist = (p) => pathToFileURL(path.join(ROOT, 'dist', p)).href;
const list = (name, fallback) => (process.env[name] ?? fallback).split(',').filter(Boolean);
const nums = (name, fallback) => list(name, fallback).map(Number);

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PHASES = list('PHASES', 'api,writes,webhooks,listing,search');
const PGBENCH_CLIENTS = nums('PGBENCH_CLIENTS', '16,64');
const DURATION = Number(process.env.DURATION ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 64);
const API_COUNTS = nums('API_COUNTS', '1,2,4');
const DISPATCHERS = nums('DISPATCHERS', '1,2');
const SUBS = nums('SUBS', '100,1000');
const DELIVERIES = Number(process.env.DELIVERIES ?? 10_000);
const LISTING_SIZES = nums('LISTING_SIZES', '1000,10000,100000');
const SEARCH_SIZES = nums('SEARCH_SIZES', '10000,100000,500000');

const round = (n, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const log = (...a) => console.error(`[scale ${new Date().toISOString().slice(11, 19)}]`, ...a);

/** "0-3,8" -> [0, 1, 2, 3, 8] */
function cores(spec) {
  return spec.split(',').flatMap((part) => {
    const [a, b] = part.split('-').map(Number);
    return b === undefined ? [a] : Array.from({ length: b - a + 1 }, (_, i) => a + i);
  });
}

const CPUS = os.cpus().length;
const canPin = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
const SERVER_CPUS = cores(process.env.SERVER_CPUS ?? (CPUS <= 2 ? '0' : `0-${Math.floor(CPUS / 2) - 1}`));
const WRK_CPUS = process.env.WRK_CPUS ?? (CPUS <= 2 ? String(CPUS - 1) : `${Math.floor(CPUS / 2)}-${CPUS - 1}`);
/** The core for the i-th server process: one each while there are enough, then shared in turn. */
const serverCpu = (i) => (canPin ? SERVER_CPUS[i % SERVER_CPUS.length] : undefined);

const machine = {
  cpus: CPUS,
  model: os.cpus()[0]?.model,
  node: process.version,
  date: new Date().toISOString(),
  loadavg_at_start: os.loadavg().map((n) => round(n)),
  pinned: canPin ? { servers: SERVER_CPUS.join(','), wrk: WRK_CPUS } : 'no (taskset unavailable)',
  database: DATABASE_URL.replace(/:[^:@/]*@/, ':***@'),
  redis: process.env.CCS_REDIS_URL ? 'shared' : 'none (each API process counts rate limits alone)',
};
log(`${CPUS} cores (${machine.model}); ${canPin ? `servers on CPU ${SERVER_CPUS.join(',')}, wrk and receivers on ${WRK_CPUS}` : 'not pinned (no taskset)'}`);

// ---------------------------------------------------------------------------------------------
// A PostgreSQL schema of the run's own, and the service's own modules to fill it.

const { loadConfig } = await import(dist('config.js'));
const { createContext } = await import(dist('context.js'));
const { importCards } = await import(dist('cards/import.js'));
const { dropSchema } = await import(dist('db/database.js'));
const { recordEvents } = await import(dist('events/outbox.js'));
const { SCOPES } = await import(dist('auth/scopes.js'));
const { sql } = await import('kysely');

let schemaSeq = 0;
const schemas = [];
const dataDir = tempDir('ccs-bench-scale-');

/** A fresh schema with the demo cards, and the environment every process of it gets. */
async function freshDeployment(extraEnv = {}) {
  const schema = `scale_${process.pid}_${schemaSeq++}`;
  schemas.push(schema);
  const env = {
    DATABASE_URL,
    CCS_PG_SCHEMA: schema,
    CCS_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    CCS_RATE_LIMIT_PRO: '1000000000',
    CCS_RATE_LIMIT_FREE: '1000000000',
    ...(process.env.CCS_REDIS_URL ? { CCS_REDIS_URL: process.env.CCS_REDIS_URL } : {}),
    ...extraEnv,
  };
  const ctx = await createContext(loadConfig({ ...process.env, ...env, LOG_LEVEL: 'silent' }));
  await importCards(ctx, { file: path.join(ROOT, 'demo-data/cards/default-cards.json'), asOf: '2019-08-04' });
  return { env, ctx };
}

async function users(ctx, n, prefix) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const u = await ctx.accounts.createUser({ username: `${prefix}${i}`, email: `${prefix}${i}@example.com`, password: 'bench password 1', plan: 'pro' });
    out.push({ id: u.id, key: (await ctx.apiKeys.create(u.id, { name: 'bench', scopes: [...SCOPES] })).key });
  }
  return out;
}

async function nonfoilCards(ctx) {
  const rows = await ctx.database.db.selectFrom('cards').select(['id', 'finishes']).orderBy('id').execute();
  return rows.filter((r) => r.finishes.includes('nonfoil')).map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// wrk

/** A Lua script that cycles through requests: [method, path, body, key]. */
function wrkScript(requests) {
  const file = path.join(dataDir, `wrk-${Math.random().toString(36).slice(2)}.lua`);
  const esc = (s) => JSON.stringify(s ?? '');
  fs.writeFileSync(
    file,
    [
      'local reqs = {',
      ...requests.map(([m, p, b, k]) => `  { ${esc(m)}, ${esc(p)}, ${esc(b)}, ${esc(k)} },`),
      '}',
      'local i = math.random(#reqs)',
      'request = function()',
      '  i = i % #reqs + 1',
      '  local r = reqs[i]',
      '  local h = { ["Authorization"] = "Bearer " .. r[4] }',
      '  if r[3] ~= "" then h["Content-Type"] = "application/json" end',
      '  return wrk.format(r[1], r[2], h, r[3] ~= "" and r[3] or nil)',
      'end',
    ].join('\n'),
  );
  return file;
}

/**
 * CPU µs of every PostgreSQL process on this machine (`postgres` by name; none when the server
 * runs elsewhere), by pid, and under -pid the time of its children that exited and were
 * reaped (a pgbench run's backends, say): the database's cost of a request, beside the API
 * processes' own.
 */
function postgresCpu() {
  /** @type {Map<number, number>} */
  const out = new Map();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (fs.readFileSync(`/proc/${d}/comm`, 'utf8').trim() !== 'postgres') continue;
      const f = fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ');
      out.set(Number(d), (Number(f[11]) + Number(f[12])) * 1e4);
      out.set(-Number(d), (Number(f[13]) + Number(f[14])) * 1e4);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/**
 * The database's CPU µs since `before` (a `postgresCpu()` reading): what every process gained,
 * less the earlier readings of processes gone since, whose whole time their reaped parent's
 * children total now holds (else a backend that exits meanwhile would count twice).
 */
function postgresCpuSince(before) {
  const after = postgresCpu();
  let us = 0;
  for (const [pid, t] of after) us += t - (before.get(pid) ?? 0);
  for (const [pid, t] of before) if (pid > 0 && !after.has(pid)) us -= t;
  return us;
}

const ADD_COUNTS = ['statements', 'together', 'alone', 'busy', 'refused'];
/** The processes' collection-add counters (`ccs_collection_add*` on /metrics, PostgreSQL only), summed. */
async function addCounts(procs) {
  const sum = Object.fromEntries(ADD_COUNTS.map((k) => [k, 0]));
  for (const p of procs) {
    const text = await (await fetch(new URL('/metrics', p.url))).text();
    const statements = /^ccs_collection_add_statements_total (\d+)$/m.exec(text);
    if (!statements) return undefined;
    sum.statements += Number(statements[1]);
    for (const m of text.matchAll(/^ccs_collection_adds_sent_total\{how="(\w+)"\} (\d+)$/gm)) sum[m[1]] += Number(m[2]);
  }
  return sum;
}

/** How the adds of a load went to the database: adds a statement of several, and the shares sent alone or again alone. */
function addsOf(before, after) {
  if (!before || !after) return undefined;
  const d = Object.fromEntries(ADD_COUNTS.map((k) => [k, after[k] - before[k]]));
  const adds = d.together + d.alone;
  if (!adds) return undefined;
  return {
    ...d,
    adds_a_statement: round((d.together + d.alone) / (d.statements + d.alone + d.busy + d.refused)),
    together_adds_a_statement: d.statements ? round(d.together / d.statements) : 0,
    alone_share: round(d.alone / adds, 3),
    busy_share: round(d.busy / adds, 3),
  };
}

/** One wrk per server process at the same time, the connections split between them; the totals and the servers' CPU use. */
async function wrkAll(procs, requests, seconds = DURATION) {
  const script = wrkScript(requests);
  const per = Math.max(1, Math.floor(CONNECTIONS / procs.length));
  const threads = Math.max(1, Math.floor(cores(WRK_CPUS).length / procs.length));
  const addsBefore = await addCounts(procs);
  const cpuBefore = procs.map((p) => cpuMicros(p.child.pid) ?? 0);
  const dbBefore = postgresCpu();
  const outs = await Promise.all(
    procs.map(
      (p) =>
        new Promise((resolve) => {
          const args = ['-t', String(threads), '-c', String(per), '-d', `${seconds}s`, '--timeout', '10s', '--latency', '-s', script, p.url];
          const child = canPin ? spawn('taskset', ['-c', WRK_CPUS, 'wrk', ...args]) : spawn('wrk', args);
          let out = '';
          let err = '';
          child.stdout.on('data', (d) => (out += d));
          child.stderr.on('data', (d) => (err += d));
          child.on('close', (code) => {
            const parsed = parseWrk(out);
            resolve(parsed.requests ? parsed : { ...parsed, errors: `wrk exited ${code}: ${(err || out).trim().slice(0, 300)}` });
          });
        }),
    ),
  );
  const cpu = procs.reduce((n, p, i) => n + ((cpuMicros(p.child.pid) ?? 0) - (cpuBefore[i] ?? 0)), 0);
  const db = postgresCpuSince(dbBefore);
  const adds = addsOf(addsBefore, await addCounts(procs));
  const rps = outs.reduce((n, o) => n + o.rps, 0);
  const requestsDone = outs.reduce((n, o) => n + o.requests, 0);
  return {
    rps: Math.round(rps),
    per_process_rps: outs.map((o) => Math.round(o.rps)),
    p50_ms: Math.max(...outs.map((o) => o.p50_ms ?? 0)),
    p99_ms: Math.max(...outs.map((o) => o.p99_ms ?? 0)),
    non2xx: outs.reduce((n, o) => n + o.non2xx, 0),
    errors: outs.map((o) => o.errors).filter(Boolean),
    server_cpu_us_per_req: requestsDone ? Math.round(cpu / requestsDone) : undefined,
    servers_busy_cores: round(cpu / (seconds * 1e6)),
    ...(db > 0 && requestsDone ? { db_cpu_us_per_req: Math.round(db / requestsDone), db_busy_cores: round(db / (seconds * 1e6)) } : {}),
    ...(adds ? { adds } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Phases

async function apiPhase() {
  const { env, ctx } = await freshDeployment();
  const cards = await nonfoilCards(ctx);
  // 64 accounts: the reads and writes of a service's many users (the writes phase has one user's).
  const accounts = await users(ctx, 64, 'api');
  for (const u of accounts) await ctx.collection.addBatch(u.id, cards.slice(0, 100).map((card_id) => ({ card_id, finish: 'nonfoil' })));
  await ctx.close();
  const reads = accounts.flatMap((u) => [
    ['GET', '/api/v1/collection?limit=20', '', u.key],
    ['GET', '/api/v1/profile', '', u.key],
    ['GET', `/api/v1/cards/${cards[accounts.indexOf(u) % cards.length]}`, '', u.key],
  ]);
  let n = 0;
  const writes = [];
  for (let round = 0; round < 40; round++) {
    for (const u of accounts) writes.push(['POST', '/api/v1/collection', JSON.stringify({ card_id: cards[(100 + round * 7 + n++) % cards.length], finish: 'nonfoil' }), u.key]);
  }
  // Warm-up (JIT, connection pools, page caches), not counted.
  return atEachCount(env, [reads, writes], { reads, writes }, 'api');
}

/**
 * For each of API_COUNTS: that many `ccs serve --no-worker` processes, a warm-up with each of
 * `warm`, then each of `loads` measured in turn; every figure also gets its ratio to 1 process.
 */
async function atEachCount(env, warm, loads, label) {
  const out = [];
  for (const count of API_COUNTS) {
    const procs = [];
    for (let i = 0; i < count; i++) procs.push(await startProcess([BIN, 'serve', '--no-worker', '--port', '0'], env, { cpu: serverCpu(i) }));
    try {
      for (const requests of warm) await wrkAll(procs, requests, WARMUP);
      /** @type {Record<string, any>} */
      const row = { processes: count, cores: canPin ? [...new Set(procs.map((_, i) => serverCpu(i)))].length : 'unpinned' };
      for (const [name, requests] of Object.entries(loads)) {
        row[name] = await wrkAll(procs, requests);
        log(`${label} ${count} process(es): ${name} ${row[name].rps}/s`);
      }
      out.push(row);
    } finally {
      for (const p of procs) await stop(p);
    }
  }
  const base = out[0];
  for (const r of out) for (const name of Object.keys(loads)) r[name].ratio = base?.[name].rps ? round(r[name].rps / base[name].rps) : undefined;
  return out;
}

/** POSTs from `writers` users spread over the processes' connections: every add a new entry or a merge into one. */
function writeRequests(accounts, cards) {
  const out = [];
  for (let i = 0; i < 4000; i++) {
    const u = accounts[i % accounts.length];
    if (!u) throw new Error('no user');
    out.push(['POST', '/api/v1/collection', JSON.stringify({ card_id: cards[(i * 7) % cards.length], finish: 'nonfoil' }), u.key]);
  }
  return out;
}

async function writesPhase() {
  const { env, ctx } = await freshDeployment();
  const cards = await nonfoilCards(ctx);
  const accounts = await users(ctx, 32, 'writer');
  await ctx.close();
  const one = writeRequests(accounts.slice(0, 1), cards);
  const many = writeRequests(accounts, cards);
  const out = await atEachCount(env, [many], { one_user: one, users_32: many }, 'writes');
  return { api: out, pgbench: pgbenchInserts(), pgbench_merges: await pgbenchMerges() };
}

function pgbenchBin() {
  const dirs = (() => {
    try {
      return fs.readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin`);
    } catch {
      return [];
    }
  })();
  return [...(process.env.PATH ?? '').split(':'), ...dirs].map((d) => path.join(d, 'pgbench')).find((f) => fs.existsSync(f));
}

/**
 * The database's ceiling for the writes phase's POSTs, without the API: pgbench sends the very
 * statement a merging POST sends (`ccs_add_or_merge`, migrations 0022 and 0024), with the
 * parameters the service builds, as text cast in the statement as the service's are (so the
 * database parses what it would parse), each client merging into an entry of its own (64 entries
 * of 32 users, as the 32 users' load does). No API process can make the database do these faster
 * than this. MERGE_STATEMENTS (default current,four) picks the statements: `current`, one add a
 * statement; `four`, four adds a statement as the service sends the adds of one turn
 * (`addOrMergeMany`); `previous`, the previous release's (`ccs_add_entry_merging`, its event and
 * template as JSON). With several, they alternate ROUNDS times at each client count, for
 * comparing database-side changes.
 */
async function pgbenchMerges() {
  const bin = pgbenchBin();
  if (!bin) return { skipped: 'pgbench not found' };
  const { env, ctx } = await freshDeployment();
  const { toEntryView } = await import(dist('collection/view.js'));
  const { mergeTemplateOf } = await import(dist('collection/writes.js'));
  const { usdCentsFor } = await import(dist('cards/view.js'));
  const { eventRow } = await import(dist('events/outbox.js'));
  const cards = await nonfoilCards(ctx);
  const accounts = await users(ctx, 32, 'merger');
  const db = ctx.database.db;
  const rows = [];
  for (let n = 0; n < 64; n++) {
    const user = accounts[n % 32];
    const cardId = cards[n];
    if (!user || !cardId) throw new Error('too few users or cards');
    await ctx.collection.add(user.id, { card_id: cardId, finish: 'nonfoil' });
    const card = await db.selectFrom('cards').selectAll().where('id', '=', cardId).executeTakeFirstOrThrow();
    const at = new Date();
    const entry = { id: `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`, user_id: user.id, card_id: cardId, quantity: 1, condition: 'near_mint', finish: 'nonfoil', language: card.lang, binder_id: null, purchase_price: null, tags: '[]', notes: null, created_at: at.toISOString(), updated_at: at.toISOString() };
    const view = toEntryView(entry, card);
    const created = eventRow({ userId: user.id, type: 'collection.entry.created', data: view, at });
    const template = mergeTemplateOf(view, usdCentsFor(card, 'nonfoil'), eventRow({ userId: user.id, type: 'collection.entry.updated', data: null, at }));
    rows.push({ n, key: JSON.stringify([cardId, 'nonfoil', 'near_mint', card.lang, null]), entry: JSON.stringify(entry), created, template });
  }
  await sql`create table pgbench_merge_args (n int primary key, key text, entry text, event_id text, event_type text, occurred_at text, payload text, parts text[], unit bigint, max integer, merge_occurred_at text, event text, merge text)`.execute(db);
  await sql`create sequence pgbench_merge_events`.execute(db);
  for (const { n, key, entry, created: c, template: t } of rows) {
    await sql`insert into pgbench_merge_args values (${n}, ${key}, ${entry}, ${c.id}, ${c.type}, ${c.occurred_at}, ${c.payload}, cast(${t.parts} as text[]), ${t.unit}, ${t.max}, ${t.occurred_at}, ${JSON.stringify(c)}, ${JSON.stringify(t)})`.execute(db);
  }
  await ctx.close();
  // Event ids as the service's sort: by time (a counter here), so the outbox's index grows at its end.
  const eventId = `'01a3' || lpad(nextval('pgbench_merge_events')::text, 32, '0')`;
  const statements = {
    current: `select m.merged from pgbench_merge_args a, ccs_add_or_merge(a.key, cast(a.entry as jsonb), a.event_id, a.event_type, a.occurred_at, a.payload, cast(cast(a.parts as text) as text[]), a.unit, a.max, ${eventId}, a.merge_occurred_at) m where a.n = :client_id % 64;\n`,
    // Four adds a statement, as the service sends the adds of one turn (`addOrMergeMany`, which does not wait for
    // locks: an add whose entry another client holds writes nothing): client c merges entries 4c..4c+3 (mod 64),
    // so 16 clients touch disjoint entries (the ceiling); with more they share entries, and an add that finds its entry
    // held makes no merge here (the service sends it again alone). Merges/s count the merges made.
    four: `select m.merged from pgbench_merge_args a, ccs_add_or_merge_unless_busy(a.key, cast(a.entry as jsonb), a.event_id, a.event_type, a.occurred_at, a.payload, cast(cast(a.parts as text) as text[]), a.unit, a.max, ${eventId}, a.merge_occurred_at) m where a.n between (:client_id * 4) % 64 and (:client_id * 4) % 64 + 3;\n`,
    previous: `select m.merged from pgbench_merge_args a, ccs_add_entry_merging(a.key, cast(a.entry as jsonb), cast(a.event as jsonb), cast(a.merge as jsonb) || jsonb_build_object('event_id', ${eventId})) m where a.n = :client_id % 64;\n`,
  };
  const chosen = list('MERGE_STATEMENTS', 'current,four').filter((k) => k in statements);
  const scripts = Object.fromEntries(
    chosen.map((k) => {
      const file = path.join(dataDir, `pgbench-merge-${k}.sql`);
      fs.writeFileSync(file, statements[k]);
      return [k, file];
    }),
  );
  const rounds = chosen.length > 1 ? Number(process.env.ROUNDS ?? 3) : 1;
  const pgEnv = { ...process.env, PGOPTIONS: `-c search_path=${env.CCS_PG_SCHEMA}` };
  const psql = (q) => spawnSync(path.join(path.dirname(bin), 'psql'), [DATABASE_URL, '-Atc', q], { encoding: 'utf8', env: pgEnv }).stdout.trim();
  const updatedEvents = () => Number(psql("select count(*) from events where type = 'collection.entry.updated'"));
  const out = [];
  for (const clients of PGBENCH_CLIENTS) {
    for (let pass = 0; pass < rounds; pass++) {
      for (const statement of chosen) {
        // One copy each again: a long run would otherwise reach 100,000 copies, where the statement declines and writes nothing.
        psql('update collection_entries set quantity = 1');
        const eventsBefore = updatedEvents();
        const args = ['-n', '-M', 'prepared', '-f', scripts[statement], '-c', String(clients), '-j', String(Math.min(clients, cores(WRK_CPUS).length)), '-T', String(DURATION), DATABASE_URL];
        const dbBefore = postgresCpu();
        const r = spawnSync(canPin ? 'taskset' : bin, canPin ? ['-c', WRK_CPUS, bin, ...args] : args, { encoding: 'utf8', env: pgEnv });
        const dbUs = postgresCpuSince(dbBefore);
        const tps = Number(/tps = ([\d.]+)/.exec(r.stdout)?.[1] ?? NaN);
        const transactions = Number(/number of transactions actually processed: (\d+)/.exec(r.stdout)?.[1] ?? NaN);
        if (!(transactions > 0)) log(`pgbench merges failed: ${(r.stderr || r.stdout).slice(0, 400)}`);
        const perStatement = statement === 'four' ? 4 : 1;
        // Every statement merged: one updated event each (a statement that declined writes none).
        const merged = updatedEvents() - eventsBefore;
        const perMerge = dbUs > 0 && merged > 0 ? Math.round(dbUs / merged) : undefined;
        // Merges made, not statements sent: four-a-statement adds that found their entry held made none.
        const made = transactions > 0 ? (tps * merged) / transactions : Number.NaN;
        log(`pgbench ${clients} clients, ${statement} statement: ${Math.round(made)} merges/s${perMerge ? `, ${perMerge} µs database CPU each` : ''}; ${merged} of ${transactions * perStatement} merges made`);
        out.push({ clients, statement, merges_per_s: Math.round(made), merged, statements: transactions * perStatement, ...(perMerge ? { db_cpu_us_per_merge: perMerge, db_busy_cores: round(dbUs / (DURATION * 1e6)) } : {}) });
      }
    }
  }
  return out;
}

/** pgbench's single-row inserts into a table of the run's own, pinned like wrk: what the server does without the service. */
function pgbenchInserts() {
  const bin = pgbenchBin();
  if (!bin) return { skipped: 'pgbench not found' };
  const table = `pgbench_inserts_${process.pid}`;
  const psql = (q) => execFileSync(path.join(path.dirname(bin), 'psql'), [DATABASE_URL, '-qc', q]);
  psql(`create table ${table} (id bigserial primary key, user_id text not null, payload text not null, at timestamptz not null default now())`);
  const script = path.join(dataDir, 'pgbench-insert.sql');
  fs.writeFileSync(script, `insert into ${table} (user_id, payload) values ('u' || (random() * 32)::int, repeat('x', 200));\n`);
  const out = [];
  try {
    for (const clients of PGBENCH_CLIENTS) {
      const args = ['-n', '-f', script, '-c', String(clients), '-j', String(Math.min(clients, cores(WRK_CPUS).length)), '-T', String(DURATION), DATABASE_URL];
      const dbBefore = postgresCpu();
      const r = spawnSync(canPin ? 'taskset' : bin, canPin ? ['-c', WRK_CPUS, bin, ...args] : args, { encoding: 'utf8' });
      const db = postgresCpuSince(dbBefore);
      const tps = Number(/tps = ([\d.]+)/.exec(r.stdout)?.[1] ?? NaN);
      const transactions = Number(/number of transactions actually processed: (\d+)/.exec(r.stdout)?.[1] ?? NaN);
      const dbUs = db > 0 && transactions > 0 ? Math.round(db / transactions) : undefined;
      log(`pgbench ${clients} clients: ${Math.round(tps)} inserts/s${dbUs ? `, ${dbUs} µs database CPU each` : ''}`);
      out.push({ clients, inserts_per_s: Math.round(tps), ...(dbUs ? { db_cpu_us_per_insert: dbUs } : {}) });
    }
  } finally {
    psql(`drop table if exists ${table}`);
  }
  return out;
}

/** A realistic event payload (an entry with its card, ~1 kB). */
const PAYLOAD = { id: 'x', card: { name: 'Lightning Bolt', set: 'm11', oracle_text: 'Lightning Bolt deals 3 damage to any target.'.repeat(12) }, quantity: 1, condition: 'near_mint' };

async function webhooksPhase() {
  const out = [];
  for (const subs of SUBS) {
    for (const dispatchers of DISPATCHERS) {
      // No batching window: every event is a delivery of its own, so this measures sending, not waiting.
      const { env, ctx } = await freshDeployment({ CCS_WEBHOOK_BATCH_WINDOW_MS: '0', CCS_WEBHOOK_MAX_SUBSCRIPTIONS: '100' });
      const receivers = await startReceivers(4, 0, canPin ? WRK_CPUS : undefined);
      const perUser = 10;
      const owners = await users(ctx, Math.ceil(subs / perUser), `wh${subs}_${dispatchers}_`);
      for (let s = 0; s < subs; s++) {
        const owner = owners[Math.floor(s / perUser)];
        if (!owner) throw new Error('no owner');
        await ctx.webhooks.create(owner.id, { url: `${receivers.urls[s % receivers.urls.length]}/s${s}`, events: ['*'] });
      }
      // The backlog: events spread over the owners, each fanned out to the owner's subscriptions.
      const eventsPerOwner = Math.ceil(DELIVERIES / subs);
      const at = new Date();
      for (const owner of owners) {
        await ctx.database.db
          .transaction()
          .execute((trx) => recordEvents(trx, Array.from({ length: eventsPerOwner }, (_, i) => ({ userId: owner.id, type: 'collection.entry.created', data: { ...PAYLOAD, id: `${owner.id}:${i}` }, at }))));
      }
      const expected = eventsPerOwner * subs;
      await ctx.close();
      const procs = [];
      const t0 = performance.now();
      for (let i = 0; i < dispatchers; i++) {
        const p = spawn(canPin ? 'taskset' : process.execPath, [...(canPin ? ['-c', String(serverCpu(i)), process.execPath] : []), BIN, 'worker'], { env: { ...process.env, ...env, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'inherit'] });
        await new Promise((resolve) => {
          let o = '';
          p.stdout.on('data', (d) => {
            o += d;
            if (o.includes('ccs worker ready')) resolve(undefined);
          });
        });
        procs.push(p);
      }
      const ready = performance.now();
      const cpuBefore = procs.map((p) => cpuMicros(p.pid) ?? 0);
      let st = await receivers.stats();
      const deadline = Date.now() + 600_000;
      while (st.deliveries < expected && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        st = await receivers.stats();
      }
      const done = performance.now();
      const cpu = procs.reduce((n, p, i) => n + ((cpuMicros(p.pid) ?? 0) - (cpuBefore[i] ?? 0)), 0);
      for (const p of procs) {
        const exited = new Promise((resolve) => p.once('exit', resolve));
        p.kill('SIGTERM');
        await exited;
      }
      await new Promise((r) => setTimeout(r, 300));
      st = await receivers.stats();
      await receivers.close();
      const seconds = (done - ready) / 1000;
      const r = {
        subscriptions: subs,
        dispatchers,
        deliveries_expected: expected,
        deliveries_received: st.deliveries,
        duplicates: st.duplicates,
        seconds: round(seconds),
        deliveries_per_s: Math.round(st.deliveries / seconds),
        dispatcher_cpu_us_per_delivery: st.deliveries ? Math.round(cpu / st.deliveries) : undefined,
        start_seconds: round((ready - t0) / 1000),
      };
      log(`webhooks ${subs} subscriptions, ${dispatchers} dispatcher(s): ${r.deliveries_per_s} deliveries/s (${st.deliveries}/${expected}, ${st.duplicates} duplicates)`);
      out.push(r);
    }
  }
  for (const r of out) {
    const base = out.find((b) => b.subscriptions === r.subscriptions && b.dispatchers === 1);
    r.ratio = base ? round(r.deliveries_per_s / base.deliveries_per_s) : undefined;
  }
  return out;
}

async function listingPhase() {
  const { env, ctx } = await freshDeployment();
  const cards = await nonfoilCards(ctx);
  const [owner] = await users(ctx, 1, 'list');
  if (!owner) throw new Error('no user');
  await ctx.close();
  const server = await startProcess([BIN, 'serve', '--no-worker', '--port', '0'], env, { cpu: serverCpu(0) });
  const headers = { authorization: `Bearer ${owner.key}`, 'content-type': 'application/json' };
  const api = async (method, p, body) => {
    const res = await fetch(server.url + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : undefined;
  };
  // Distinct entries: every card in each condition, in as many binders as it takes.
  const CONDITIONS = ['near_mint', 'lightly_played', 'moderately_played', 'heavily_played', 'damaged', 'mint'];
  const binders = [];
  let made = 0;
  const combo = (k) => {
    const perBinder = cards.length * CONDITIONS.length;
    return { card_id: cards[k % cards.length], condition: CONDITIONS[Math.floor(k / cards.length) % CONDITIONS.length], binder: Math.floor(k / perBinder) };
  };
  const out = [];
  try {
    for (const size of LISTING_SIZES) {
      const t = performance.now();
      while (made < size) {
        const entries = [];
        for (; entries.length < 1000 && made < size; made++) {
          const c = combo(made);
          while (binders.length <= c.binder) binders.push((await api('POST', '/api/v1/binders', { name: `Binder ${binders.length + 1}` })).data.id);
          entries.push({ card_id: c.card_id, finish: 'nonfoil', condition: c.condition, binder_id: binders[c.binder] });
        }
        await api('POST', '/api/v1/collection/batch', { entries });
      }
      log(`listing: ${size} entries (seeded in ${round((performance.now() - t) / 1000, 1)} s)`);
      const total = (await api('GET', '/api/v1/collection?limit=1')).meta.total;
      const first = (await api('GET', '/api/v1/collection?limit=1')).data[0];
      const time = async (p, { cold }) => {
        const times = [];
        for (let i = 0; i < 15; i++) {
          // A change bumps the owner's collection version, so the next page cannot come from the cache.
          if (cold) await api('PATCH', `/api/v1/collection/${first.id}`, { notes: `round ${i}` });
          const s = performance.now();
          await api('GET', p);
          times.push(performance.now() - s);
        }
        times.sort((a, b) => a - b);
        return { p50_ms: round(pct(times, 50)), p90_ms: round(pct(times, 90)) };
      };
      out.push({
        entries: total,
        first_page_uncached: await time('/api/v1/collection?limit=50', { cold: true }),
        first_page_cached: await time('/api/v1/collection?limit=50', { cold: false }),
        by_name_uncached: await time('/api/v1/collection?limit=50&sort=name', { cold: true }),
        filtered_uncached: await time(`/api/v1/collection?limit=50&q=${encodeURIComponent('t:creature')}`, { cold: true }),
      });
      log(`listing ${total}: ${JSON.stringify(out.at(-1))}`);
    }
  } finally {
    await stop(server);
  }
  return out;
}

function searchPhase() {
  const out = [];
  for (const size of SEARCH_SIZES) {
    const dir = tempDir('ccs-bench-scale-search-');
    try {
      const env = { ...process.env, CCS_DATA_DIR: dir, LOG_LEVEL: 'warn', DATABASE_URL: '', CCS_PG_SCHEMA: '', CCS_REDIS_URL: '' };
      const file = path.join(dir, 'cards.json');
      const run = (args, nodeArgs = []) => JSON.parse(execFileSync(process.execPath, [...nodeArgs, path.join(ROOT, 'bench/cards-search.mjs'), ...args], { env, encoding: 'utf8', maxBuffer: 1 << 24 }));
      const t = performance.now();
      // Written by a child process too: the generator holds every printing's JSON only transiently.
      execFileSync(process.execPath, ['-e', `import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'bench/cards-data.mjs')).href)}).then((m) => m.writeScaledCards(${JSON.stringify(file)}, ${size}, 3))`], { env });
      const imported = run(['--import', file]);
      fs.rmSync(file);
      const built = run(['--build'], ['--expose-gc']);
      out.push({
        printings: built.printings,
        cards: built.cards,
        import_seconds: round(imported.ms / 1000, 1),
        index_build_seconds: round(built.ms / 1000, 1),
        index_heap_MB: Math.round(built.heapMB),
        search_p50_ms: built.inProcess.p50_ms,
        search_p99_ms: built.inProcess.p99_ms,
        prepare_seconds: round((performance.now() - t) / 1000, 1),
      });
      log(`search ${size}: ${JSON.stringify(out.at(-1))}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

const results = { machine };
try {
  if (PHASES.includes('api')) results.api = await apiPhase();
  if (PHASES.includes('writes')) results.writes = await writesPhase();
  // The merging statement's ceiling alone (also part of writes), for comparing database-side changes.
  if (PHASES.includes('merges') && !PHASES.includes('writes')) results.merges = await pgbenchMerges();
  if (PHASES.includes('webhooks')) results.webhooks = await webhooksPhase();
  if (PHASES.includes('listing')) results.listing = await listingPhase();
  if (PHASES.includes('search')) results.search = searchPhase();
} finally {
  if (!process.env.KEEP_SCHEMAS) for (const s of schemas) await dropSchema(DATABASE_URL, s).catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
results.machine.loadavg_at_end = os.loadavg().map((n) => round(n));

console.log(JSON.stringify(results, null, 2));
const lines = [`\n${CPUS} cores, ${machine.model}; servers pinned to ${canPin ? SERVER_CPUS.join(',') : '-'}, load generators to ${canPin ? WRK_CPUS : '-'}`];
for (const r of results.api ?? []) lines.push(`API x${r.processes}: reads ${r.reads.rps}/s (x${r.reads.ratio}), writes ${r.writes.rps}/s (x${r.writes.ratio})`);
/** "; 310 µs API + 560 µs database CPU a request" where the database's was read. */
const cpuOf = (m) =>
  `; ${m.server_cpu_us_per_req} µs API${m.db_cpu_us_per_req ? ` + ${m.db_cpu_us_per_req} µs database` : ''} CPU a request${m.adds ? `; ${m.adds.adds_a_statement} adds a statement (${m.adds.together_adds_a_statement} in those of several), ${Math.round(m.adds.alone_share * 100)}% alone, ${Math.round(m.adds.busy_share * 100)}% again for locks` : ''}`;
for (const r of results.writes?.api ?? []) {
  lines.push(`POST x${r.processes}: one user ${r.one_user.rps}/s (x${r.one_user.ratio}, p99 ${r.one_user.p99_ms} ms${cpuOf(r.one_user)}), 32 users ${r.users_32.rps}/s (x${r.users_32.ratio}, p99 ${r.users_32.p99_ms} ms${cpuOf(r.users_32)})`);
}
// What the 3x line asks (bench/README.md, thirteenth round): at 4 processes PostgreSQL's cores carry 3 / (API CPU a POST at
// one process) POSTs a second only if database CPU a POST <= (its cores busy) / 3 x API CPU a POST: <= 1.33x with 4 cores fully busy.
const onePost = results.writes?.api?.find((r) => r.processes === 1)?.users_32;
if (onePost?.db_cpu_us_per_req && onePost.server_cpu_us_per_req) {
  lines.push(`32 users at 1 process: database / API CPU a POST ${round(onePost.db_cpu_us_per_req / onePost.server_cpu_us_per_req)}x (3x at 4 processes needs <= 1.33x with PostgreSQL's 4 cores fully busy)`);
}
for (const r of [results.writes?.pgbench_merges, results.merges].flatMap((m) => (Array.isArray(m) ? m : []))) lines.push(`pgbench, the merging POST's own statement${r.statement === 'previous' ? ' (previous release)' : r.statement === 'four' ? ', four adds a statement' : ''}, ${r.clients} clients: ${r.merges_per_s}/s${r.db_cpu_us_per_merge ? `; ${r.db_cpu_us_per_merge} µs database CPU each, ${r.db_busy_cores} cores busy` : ''}${r.merged === r.statements ? '' : `; only ${r.merged} of ${r.statements} merged`}`);
for (const r of Array.isArray(results.writes?.pgbench) ? results.writes.pgbench : []) lines.push(`pgbench single-row inserts, ${r.clients} clients: ${r.inserts_per_s}/s${r.db_cpu_us_per_insert ? `; ${r.db_cpu_us_per_insert} µs database CPU each` : ''}`);
for (const r of results.webhooks ?? []) lines.push(`webhooks ${r.subscriptions} subscriptions x${r.dispatchers} dispatcher(s): ${r.deliveries_per_s} deliveries/s (x${r.ratio}), ${r.duplicates} duplicates`);
for (const r of results.listing ?? []) lines.push(`listing ${r.entries} entries: first page ${r.first_page_uncached.p50_ms} ms uncached, ${r.first_page_cached.p50_ms} ms cached, by name ${r.by_name_uncached.p50_ms} ms, filtered ${r.filtered_uncached.p50_ms} ms`);
for (const r of results.search ?? []) lines.push(`search ${r.printings} printings: p50 ${r.search_p50_ms} ms, p99 ${r.search_p99_ms} ms; index build ${r.index_build_seconds} s, ${r.index_heap_MB} MB heap`);
console.log(lines.join('\n'));
