// @ts-check
// Shared helpers for the benchmarks: start a real server process, wait for it, run autocannon.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = path.join(ROOT, 'bin/ccs.js');

export function tempDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** The machine a benchmark ran on, for its results. */
export function machineFacts() {
  const round = (n) => Math.round(n * 100) / 100;
  return { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadavg_at_start: os.loadavg().map(round), date: new Date().toISOString() };
}

/**
 * Where a benchmark's service keeps its data, and the environment it runs with: rate limits out
 * of the way, `extra` settings, and PostgreSQL in a schema of its own when DATABASE_URL names a
 * PostgreSQL server (SQLite in `dir` otherwise). `cli(...args)` runs `ccs` there and answers its
 * output; `cleanup()` drops the schema and removes the directory (kept when KEEP_DIR is set).
 * @param {string} name
 * @param {Record<string, string>} [extra]
 */
export function benchService(name, extra = {}) {
  const pgUrl = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL : undefined;
  const schema = pgUrl ? `bench_${name.replace(/\W/g, '_')}_${Date.now().toString(36)}` : undefined;
  const dir = tempDir(`ccs-bench-${name}-`);
  /** @type {Record<string, string>} */
  const env = {
    CCS_DATA_DIR: dir,
    CCS_RATE_LIMIT_PRO: '1000000000',
    CCS_RATE_LIMIT_FREE: '1000000000',
    ...extra,
    ...(schema ? { CCS_PG_SCHEMA: schema } : { DATABASE_URL: '' }),
  };
  return {
    dir,
    env,
    pgUrl,
    database: pgUrl ? 'postgresql' : 'sqlite',
    /** @param {string[]} args */
    cli: (...args) => execFileSync(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 1 << 24 }).trim(),
    async cleanup() {
      if (process.env.KEEP_DIR) console.error(`data directory kept: ${dir}`);
      else fs.rmSync(dir, { recursive: true, force: true });
      if (schema && pgUrl) {
        const { dropSchema } = await import(path.join(ROOT, 'dist/db/database.js'));
        await dropSchema(pgUrl, schema);
      }
    },
  };
}

/**
 * Runs `node <args>` and resolves with the URL it prints ("running at ..." or "listening at ...").
 * `cpu`: pin the process to that CPU with taskset (Linux), so a load generator can have the other.
 * @param {string[]} args
 * @param {Record<string, string>} env
 * @param {{ cpu?: number }} [options]
 */
export function startProcess(args, env, { cpu } = {}) {
  const [cmd, argv] = cpu === undefined ? [process.execPath, args] : ['taskset', ['-c', String(cpu), process.execPath, ...args]];
  const child = spawn(cmd, argv, { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d.toString();
      const m = /(?:running|listening) at (http:\/\/\S+)/.exec(out);
      if (m) resolve({ url: m[1], child, output: () => out });
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}\n${out}`)));
  });
}

export async function stop(proc) {
  const exited = new Promise((resolve) => proc.child.once('exit', resolve));
  proc.child.kill('SIGTERM');
  await exited;
}

export function cannon(opts) {
  return new Promise((resolve, reject) => {
    const inst = autocannon({ connections: 32, duration: 10, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
    autocannon.track(inst, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

/** CPU time (user + system, all threads) a process has used, in µs; undefined off Linux. */
export function cpuMicros(pid) {
  const split = cpuSplitMicros(pid);
  return split && split.user + split.system;
}

/**
 * The same, split: `user` (JavaScript, V8, Node, libraries) and `system` (the kernel working for
 * the process: the sockets' reads and writes, and the wake-ups of the processes they feed).
 * @returns {{ user: number; system: number } | undefined}
 */
export function cpuSplitMicros(pid) {
  try {
    // After the command name's closing parenthesis (the name itself may hold one).
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) * (1e6 / 100), system: Number(fields[12]) * (1e6 / 100) };
  } catch {
    return undefined;
  }
}

/**
 * CPU time the hypervisor gave to other guests while this machine's CPUs wanted to run ("steal",
 * /proc/stat), in ms, all CPUs together; undefined off Linux. On a shared VM a run with steal
 * shows stalls of whole milliseconds that no code of ours made: report it beside tail latency.
 */
export function stealMs() {
  try {
    const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/) ?? [];
    return Number(cpu[8]) * (1000 / 100);
  } catch {
    return undefined;
  }
}

/** wrk's report (`--latency`) as numbers; times in ms, to 0.01 (NaN where the report has none). */
export function parseWrk(out) {
  const round = (n) => Math.round(n * 100) / 100;
  const ms = (v, unit) => round(Number(v) * ({ us: 0.001, ms: 1, s: 1000 }[unit] ?? 1));
  const percentile = (p) => {
    const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)`, 'm').exec(out);
    return m ? ms(m[1], m[2]) : NaN;
  };
  const errors = /Socket errors: (.*)/.exec(out)?.[1];
  const max = /^\s*Latency\s+\S+\s+\S+\s+([\d.]+)(us|ms|s)/m.exec(out);
  return {
    rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0)),
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
    p50_ms: percentile(50),
    p90_ms: percentile(90),
    p99_ms: percentile(99),
    max_ms: max ? ms(max[1], max[2]) : NaN,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    ...(errors ? { errors } : {}),
  };
}

/**
 * One `wrk --latency` run pinned to `cpu` (taskset) against a started server process, with what
 * the server spent (user + system CPU from /proc: µs per request, of which `sys_us` in the kernel,
 * and how busy it was, 1.0 = one core the whole time) and the host's CPU steal during the run.
 * @param {{ child: import('node:child_process').ChildProcess }} proc
 * @param {string} url
 * @param {{ cpu?: string; threads?: number; connections?: number; seconds?: number; headers?: string[]; script?: string }} [opts]
 */
export function runWrk(proc, url, { cpu = '1', threads = 2, connections = 64, seconds = 10, headers = [], script } = {}) {
  const pid = /** @type {number} */ (proc.child.pid);
  const args = ['-c', cpu, 'wrk', `-t${threads}`, `-c${connections}`, `-d${seconds}s`, '--latency', ...headers.flatMap((h) => ['-H', h]), ...(script ? ['-s', script] : []), url];
  const before = cpuSplitMicros(pid);
  const stolen = stealMs();
  const res = spawnSync('taskset', args, { encoding: 'utf8' });
  const after = cpuSplitMicros(pid);
  const stolenAfter = stealMs();
  if (res.status !== 0) throw new Error(`wrk failed: ${res.stderr}`);
  const out = parseWrk(res.stdout);
  const used = before && after ? after.user + after.system - before.user - before.system : undefined;
  const system = before && after ? after.system - before.system : undefined;
  return {
    ...out,
    cpu_us: used !== undefined && out.requests ? Number((used / out.requests).toFixed(1)) : NaN,
    sys_us: system !== undefined && out.requests ? Number((system / out.requests).toFixed(1)) : NaN,
    server_busy: used !== undefined ? Math.round((used / (seconds * 1e6)) * 100) / 100 : NaN,
    ...(stolen !== undefined && stolenAfter !== undefined ? { host_steal_ms: stolenAfter - stolen } : {}),
  };
}

/**
 * Runs autocannon against a started process and adds what the server itself spent: CPU µs per
 * request and how busy it was (1.0 = one core the whole time). A server well under 1.0 while
 * the rate stops growing means the load generator, not the server, is the limit.
 */
export async function measure(proc, opts) {
  const before = cpuMicros(proc.child.pid);
  const res = await cannon(opts);
  const after = cpuMicros(proc.child.pid);
  const out = summary(res);
  if (before !== undefined && after !== undefined && res.requests.total > 0) {
    out.server_cpu_us_per_req = Math.round((after - before) / res.requests.total);
    out.server_busy = Number(((after - before) / (res.duration * 1e6)).toFixed(2));
  }
  return out;
}

export function summary(res) {
  return {
    rps: Math.round(res.requests.average),
    p50_ms: res.latency.p50,
    p99_ms: res.latency.p99,
    non2xx: res.non2xx,
    errors: res.errors,
  };
}

/**
 * The webhook receivers (bench/webhook-receivers.mjs) in a process of their own, optionally pinned
 * to `cpus` (a taskset list); resolves with their URLs, a reader of their figures and a close.
 * @param {number} n @param {number} windowMs @param {string} [cpus]
 */
export async function startReceivers(n, windowMs, cpus) {
  const args = [path.join(ROOT, 'bench/webhook-receivers.mjs'), String(n), String(windowMs)];
  const child = cpus ? spawn('taskset', ['-c', cpus, process.execPath, ...args], { stdio: ['ignore', 'pipe', 'inherit'] }) : spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  /** @type {string[]} */
  const urls = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line && out.includes('\n')) resolve(JSON.parse(line).urls);
    });
    child.once('exit', (code) => reject(new Error(`receivers exited ${code}`)));
  });
  return {
    urls,
    /** @returns {Promise<any>} the receivers' figures (see bench/webhook-receivers.mjs) */
    stats: async () => (await fetch(/** @type {string} */ (urls[0]))).json(),
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
