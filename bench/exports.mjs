// @ts-check
// Export benchmark (issue 13): a collection of 100,000 entries (and one of 10,000, to show that
// memory stays flat) built in a fresh SQLite database, or in a fresh PostgreSQL schema when
// DATABASE_URL is set; then each export is built by the real export worker in a process of its
// own, which reports the time, rows/s, the file's size and its own memory: RSS before the
// export, the peak RSS sampled every 5 ms while it runs, and the kernel's high-water mark
// (VmHWM, which also covers start-up).
//
// Run: npm run build && node bench/exports.mjs
//   DATABASE_URL=postgres://... for PostgreSQL; FORMATS=csv,json (default), SIZES=10000,100000,
//   STORAGE=file|database (where the file goes, CCS_EXPORT_STORAGE).
// Bounded: ~2 minutes on SQLite on 2 cores, ~4 on PostgreSQL.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Not from ./lib.mjs: the child must load nothing the export does not (lib.mjs brings autocannon).
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const dist = (p) => pathToFileURL(path.join(ROOT, 'dist', p)).href;
const { loadConfig } = await import(dist('config.js'));
const { createContext } = await import(dist('context.js'));

const quiet = { info() {}, warn() {}, error() {}, debug() {} };

/** Peak resident memory of this process so far (Linux), in MB. */
function vmHwmMb() {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}
const mb = (bytes) => Math.round(bytes / (1024 * 1024));

if (process.env.BENCH_EXPORTS_CHILD === '1') {
  // The process running the job: open the service, build the one pending export, report.
  const { createExportWorker } = await import(dist('exports/job.js'));
  const ctx = await createContext(loadConfig(process.env));
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  let heapPeak = process.memoryUsage().heapUsed;
  let ticks = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
    if (ticks++ % 10 === 0) heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 5);
  const start = performance.now();
  const cpu = process.cpuUsage();
  const built = await createExportWorker(ctx.exportJobs, { log: quiet }).step();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const row = await ctx.database.db.selectFrom('exports').selectAll().where('id', '=', process.env.BENCH_EXPORT_ID ?? '').executeTakeFirstOrThrow();
  await ctx.close();
  process.stdout.write(
    `${JSON.stringify({ built, status: row.status, error: row.error, rows: row.row_count, bytes: row.size_bytes, ms: Math.round(ms), cpu_ms: Math.round((used.user + used.system) / 1000), rss_before_mb: mb(before), rss_peak_mb: mb(peak), heap_peak_mb: mb(heapPeak), vm_hwm_mb: vmHwmMb() })}\n`,
  );
  process.exit(0);
}

const { tempDir } = await import('./lib.mjs');
const FORMATS = (process.env.FORMATS ?? 'csv,json').split(',');
const SIZES = (process.env.SIZES ?? '10000,100000').split(',').map(Number);
const STORAGE = process.env.STORAGE ?? 'file';
const postgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
const dir = tempDir('ccs-bench-exports-');
const schema = postgres ? `bench_exports_${Date.now().toString(36)}` : undefined;
const env = {
  ...process.env,
  CCS_DATA_DIR: dir,
  LOG_LEVEL: 'silent',
  CCS_EXPORT_STORAGE: STORAGE,
  ...(schema ? { CCS_PG_SCHEMA: schema } : { DATABASE_URL: '' }),
};
const config = loadConfig(env);
const { importCards } = await import(dist('cards/import.js'));
const { newId } = await import(dist('lib/ids.js'));

const ctx = await createContext(config, { databaseOptions: schema ? { schema } : {} });
const t0 = performance.now();
await importCards(ctx, { file: path.join(ROOT, 'demo-data/cards/default-cards.json') });
console.log(`${postgres ? 'PostgreSQL' : 'SQLite'} (${STORAGE} storage): demo cards imported in ${Math.round(performance.now() - t0)} ms`);

// Distinct entries: card x finish x condition x language (the demo cards give ~150,000).
const cards = JSON.parse(fs.readFileSync(path.join(ROOT, 'demo-data/cards/default-cards.json'), 'utf8'));
const conditions = ['near_mint', 'lightly_played', 'mint', 'moderately_played', 'heavily_played', 'damaged'];
const languages = ['en', 'de', 'fr', 'it', 'es', 'pt', 'ja', 'ko', 'ru', 'zhs', 'zht', 'he', 'la', 'grc', 'ar', 'sa', 'ph', 'qya'];
function* identities() {
  for (const language of languages) for (const condition of conditions) for (const c of cards) for (const finish of c.finishes ?? ['nonfoil']) yield { card_id: c.id, finish, condition, language };
}

/** A user with `n` entries, written straight into the database (the benchmark is about the export). */
async function seedUser(n) {
  const profile = await ctx.accounts.createUser({ username: `bench${n}`, email: `bench${n}@example.com`, password: 'bench password 1', plan: 'pro' });
  const started = performance.now();
  const at = new Date().toISOString();
  let batch = [];
  let i = 0;
  const flush = async () => {
    if (batch.length) await ctx.database.db.insertInto('collection_entries').values(batch).execute();
    batch = [];
  };
  for (const id of identities()) {
    if (i >= n) break;
    batch.push({
      id: newId(),
      user_id: profile.id,
      ...id,
      quantity: 1 + (i % 4),
      binder_id: null,
      purchase_price: i % 3 === 0 ? 100 + (i % 900) : null,
      tags: i % 5 === 0 ? '["trade","binder 2"]' : '[]',
      notes: i % 7 === 0 ? `note ${i}, with a comma and "quotes"` : null,
      created_at: at,
      updated_at: at,
    });
    i++;
    if (batch.length === 200) await flush();
  }
  await flush();
  console.log(`seeded ${n} entries in ${Math.round(performance.now() - started)} ms`);
  return profile.id;
}

const users = new Map();
for (const n of SIZES) users.set(n, await seedUser(n));

const results = [];
for (const n of SIZES) {
  for (const format of FORMATS) {
    const exp = await ctx.exports.create({ userId: users.get(n), scopes: 'all' }, { source: 'collection', format });
    const child = spawnSync(process.execPath, ['--expose-gc', ...(process.env.CHILD_ARGS ?? '').split(' ').filter(Boolean), fileURLToPath(import.meta.url)], {
      env: { ...env, BENCH_EXPORTS_CHILD: '1', BENCH_EXPORT_ID: exp.id },
      encoding: 'utf8',
      maxBuffer: 1024 * 1024,
    });
    if (child.status !== 0) throw new Error(`export child failed (${child.status}): ${child.stderr}`);
    const r = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}');
    if (r.status !== 'completed') throw new Error(`export ${format} of ${n} did not complete: ${JSON.stringify(r)}`);
    const out = {
      entries: n,
      format,
      ms: r.ms,
      cpu_ms: r.cpu_ms,
      rows_per_s: Math.round((r.rows / r.ms) * 1000),
      file_mb: Number((r.bytes / (1024 * 1024)).toFixed(1)),
      rss_before_mb: r.rss_before_mb,
      rss_peak_mb: r.rss_peak_mb,
      heap_peak_mb: r.heap_peak_mb,
      vm_hwm_mb: r.vm_hwm_mb,
    };
    results.push(out);
    console.log(JSON.stringify(out));
  }
}

console.log(`\n${postgres ? 'PostgreSQL' : 'SQLite'}, ${STORAGE} storage${process.env.CHILD_ARGS ? `, job process run with ${process.env.CHILD_ARGS}` : ''}`);
console.log('| entries | format | time | CPU | rows/s | file | RSS before | peak RSS (sampled) | peak heap used | VmHWM |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.entries.toLocaleString('en')} | ${r.format} | ${(r.ms / 1000).toFixed(1)} s | ${(r.cpu_ms / 1000).toFixed(1)} s | ${r.rows_per_s.toLocaleString('en')} | ${r.file_mb} MB | ${r.rss_before_mb} MB | ${r.rss_peak_mb} MB | ${r.heap_peak_mb} MB | ${r.vm_hwm_mb} MB |`,
  );
}

await ctx.close();
if (schema && config.databaseUrl) {
  const { dropSchema } = await import(dist('db/database.js'));
  await dropSchema(config.databaseUrl, schema);
}
fs.rmSync(dir, { recursive: true, force: true });
