import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { recordEvents as recordInOutbox } from '../../src/events/outbox.js';
import type { EventType } from '../../src/events/types.js';
import type { TestServer } from './server.js';

export interface Received {
  /** Date.now() when the request body was complete. */
  at: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  json: unknown;
}

/** What a receiver does with the n-th request (0-based): answer, or hang until the test ends. */
export type Behaviour = (req: Received, n: number) => { status: number; body?: string; headers?: Record<string, string> } | 'hang' | Promise<{ status: number; body?: string }>;

export interface Receiver {
  url: string;
  port: number;
  requests: Received[];
  behaviour: Behaviour;
  /** Resolves once `n` requests have arrived; rejects after `timeoutMs`. */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1 that records every request with its raw body. */
export async function startReceiver(behaviour: Behaviour = () => ({ status: 200, body: 'ok' })): Promise<Receiver> {
  const requests: Received[] = [];
  const hanging = new Set<ServerResponse>();
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        json = undefined;
      }
      const received: Received = { at: Date.now(), method: req.method ?? '', path: req.url ?? '', headers: req.headers, raw, json };
      const n = requests.length;
      requests.push(received);
      for (const w of [...waiters]) {
        if (requests.length >= w.n) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
      }
      Promise.resolve(receiver.behaviour(received, n)).then((answer) => {
        if (answer === 'hang') {
          hanging.add(res);
          return;
        }
        res.writeHead(answer.status, { 'content-type': 'text/plain', ...('headers' in answer ? answer.headers : {}) });
        res.end(answer.body ?? '');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    requests,
    behaviour,
    waitFor(n, timeoutMs = 10_000) {
      if (requests.length >= n) return Promise.resolve(requests.slice());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`receiver got ${requests.length} requests, expected ${n}`)), timeoutMs);
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve(requests.slice());
          },
        });
      });
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return receiver;
}

/** Polls `fn` until it returns a truthy value; for state the test cannot await directly. */
export async function waitUntil<T>(fn: () => Promise<T> | T, timeoutMs = 10_000, everyMs = 20): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Writes `n` events straight into the outbox in one transaction, stamped with the server's clock, the way every feature records them. */
export async function recordEvents(
  server: TestServer,
  userId: string,
  n: number,
  type: EventType = 'binder.created',
  data: (i: number) => unknown = (i) => ({ n: i }),
): Promise<void> {
  const at = server.ctx.clock.now();
  await server.ctx.database.db.transaction().execute((trx) => recordInOutbox(trx, Array.from({ length: n }, (_, i) => ({ userId, type, data: data(i), at }))));
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** bin/ccs.js runs dist/; rebuild it when a source file is newer (npm test builds first anyway). */
export function ensureBuilt(): void {
  const built = path.join(ROOT, 'dist/cli/worker.js');
  const newest = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((max, e) => {
      const p = path.join(dir, e.name);
      return Math.max(max, e.isDirectory() ? newest(p) : e.name.endsWith('.ts') ? fs.statSync(p).mtimeMs : 0);
    }, 0);
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= newest(path.join(ROOT, 'src'))) return;
  try {
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'pipe' });
  } catch {
    // Type errors elsewhere in the tree still emit JavaScript; the check below is what matters.
  }
  if (!fs.existsSync(built)) throw new Error('dist/cli/worker.js is missing: run npm run build');
}

export interface Child {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
  /** Resolves with the first output line matching `re`. */
  waitForOutput(re: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** SIGKILL unless it already exited; safe to call twice. */
  kill(): Promise<void>;
}

/** Runs `node <script> ...args` (bin/ccs.js by default) with the given environment. */
export function spawnNode(args: string[], env: Record<string, string>): Child {
  let output = '';
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const listeners = new Set<() => void>();
  const onData = (c: Buffer) => {
    output += c.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    waitForOutput(re, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = output.match(re);
          if (!m) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(m);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no output matching ${re} in time; got:\n${output}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

export const CCS_BIN = path.join(ROOT, 'bin/ccs.js');
export const EXAMPLE_RECEIVER = path.join(ROOT, 'examples/webhook-receiver.mjs');
