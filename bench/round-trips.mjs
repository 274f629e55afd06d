// @ts-check
// Database round trips and server CPU a request, for one row of the request-path table: the
// figure that shows whether reads are shared (bench/README.md, "Fourth round of 2026-11-27").
// Seeds the request-path data, starts `ccs serve --no-worker` on SERVER_CPU (0), warms it with
// 5 s of wrk on WRK_CPU (1), then runs SECONDS (10) of wrk -t2 -c64 and prints one JSON line:
// req/s, server CPU µs a request (/proc), p99, and on PostgreSQL the transactions PostgreSQL
// counted (`pg_stat_database.xact_commit`, every statement outside a transaction is one) per
// request. Run: npm run build; ROW=collection|profile|post node bench/round-trips.mjs
//   DATABASE_URL=postgres://... (a schema of its own, dropped after) CCS_REDIS_URL=redis://...
//   NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the server.
import { spawnSync } from 'node:child_process';
import { BIN, benchService, runWrk, startProcess, stop } from './lib.mjs';
import { seedRequestPathData } from './request-path-data.mjs';

const row = process.env.ROW ?? 'collection';
const seconds = Number(process.env.SECONDS ?? 10);
const serverCpu = Number(process.env.SERVER_CPU ?? 0);
const wrkCpu = process.env.WRK_CPU ?? '1';
const { dir, env, pgUrl, cleanup } = benchService('round-trips');
const { key, lua } = await seedRequestPathData(dir, env);
/** @type {Record<string, { path: string; script?: string }>} */
const rows = { collection: { path: '/api/v1/collection?limit=50' }, profile: { path: '/api/v1/profile' }, post: { path: '/api/v1/collection', script: lua } };
const r = rows[row];
if (!r) throw new Error(`ROW must be one of ${Object.keys(rows).join(', ')}`);

/** Transactions PostgreSQL has committed in the server's database so far. */
function commits() {
  if (!pgUrl) return 0;
  const out = spawnSync('psql', [pgUrl, '-Atc', 'select xact_commit from pg_stat_database where datname = current_database()'], { encoding: 'utf8' });
  return Number(out.stdout.trim());
}

const nodeArgs = process.env.NODE_ARGS ? process.env.NODE_ARGS.split(' ') : [];
const proc = await startProcess([...nodeArgs, BIN, 'serve', '--port', '0', '--no-worker'], env, { cpu: serverCpu });
try {
  const headers = [`Authorization: Bearer ${key}`];
  runWrk(proc, `${proc.url}${r.path}`, { cpu: wrkCpu, seconds: 5, headers, script: r.script });
  const before = commits();
  const res = runWrk(proc, `${proc.url}${r.path}`, { cpu: wrkCpu, seconds, headers, script: r.script });
  const after = commits();
  console.log(
    JSON.stringify({
      row,
      database: pgUrl ? 'postgres' : 'sqlite',
      redis: !!process.env.CCS_REDIS_URL,
      ...res,
      ...(pgUrl ? { database_transactions_per_request: Number(((after - before) / res.requests).toFixed(3)) } : {}),
    }),
  );
} finally {
  await stop(proc);
  await cleanup();
}
