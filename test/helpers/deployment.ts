import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '../../src/webhooks/verify.js';
import { startPrivateRedis, type PrivateRedis } from './outage.js';
import { startTestServer, type ApiResponse, type TestServer } from './server.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';
import { CCS_BIN, ensureBuilt, spawnNode, type Child } from './webhooks.js';

/*
 * The deployment the architecture recommends once one machine is not enough, for real: N
 * `ccs serve --no-worker` and M `ccs worker` child processes on one PostgreSQL schema and one
 * Redis, each talking to PostgreSQL through a TCP proxy the test can cut (so an "outage" is
 * what the processes see of a restart, while every other test keeps its database), and to a
 * redis-server of the test's own that it can kill. The in-process test server beside them
 * only provides the schema, the card data, users, and direct reads of the database to check
 * what the processes did; it serves no client traffic.
 */

export interface ApiProcess {
  readonly name: string;
  readonly url: string;
  readonly proc: Child;
}

export interface WorkerProcess {
  readonly name: string;
  readonly proc: Child;
  readonly pid: number;
}

export interface DeploymentOptions {
  /** One entry per API process: environment of its own on top of the shared one. */
  apis: Array<Record<string, string>>;
  workers: number;
  /** Environment every process gets (settings under test: CCS_WEBHOOK_*, rate limits ...). */
  env: Record<string, string>;
}

export interface Deployment {
  server: TestServer;
  /** Between every child process and PostgreSQL. */
  pgProxy: TcpProxy;
  redis: PrivateRedis;
  apis: ApiProcess[];
  workers: WorkerProcess[];
  /** Answers `call` through API process `i % apis.length`. */
  api(i: number): ApiProcess;
  /** Starts one more worker with the deployment's environment. */
  addWorker(): Promise<WorkerProcess>;
  close(): Promise<void>;
}

const PG_URL = process.env.DATABASE_URL ?? '';

export async function startDeployment(opts: DeploymentOptions): Promise<Deployment> {
  ensureBuilt();
  const target = new URL(PG_URL);
  const pgProxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const redis = await startPrivateRedis();
  // The in-process server connects to PostgreSQL directly: checks still work while the proxy is cut.
  const server = await startTestServer({ redisUrl: undefined });
  const env: Record<string, string> = {
    ...server.childEnv,
    DATABASE_URL: pgProxy.via(PG_URL),
    CCS_REDIS_URL: redis.url,
    ...opts.env,
  };
  const children: Child[] = [];
  let workerSeq = 0;

  async function startWorker(): Promise<WorkerProcess> {
    const name = `worker-${++workerSeq}`;
    const proc = spawnNode([CCS_BIN, 'worker'], { ...env, LOG_LEVEL: 'info' });
    children.push(proc);
    await proc.waitForOutput(/ccs worker ready/, 60_000);
    return { name, proc, pid: proc.child.pid! };
  }

  try {
    const apis = await Promise.all(
      opts.apis.map(async (own, i) => {
        const proc = spawnNode([CCS_BIN, 'serve', '--no-worker', '--port', '0'], { ...env, LOG_LEVEL: 'warn', ...own });
        children.push(proc);
        const [, url] = await proc.waitForOutput(/running at (http:\/\/\S+)/, 60_000);
        return { name: `api-${String.fromCharCode(97 + i)}`, url: url!, proc };
      }),
    );
    const workers = await Promise.all(Array.from({ length: opts.workers }, () => startWorker()));
    return {
      server,
      pgProxy,
      redis,
      apis,
      workers,
      api: (i) => apis[i % apis.length]!,
      async addWorker() {
        const w = await startWorker();
        workers.push(w);
        return w;
      },
      async close() {
        await Promise.all(children.map((c) => c.kill()));
        await pgProxy.close();
        await redis.kill();
        await server.close();
      },
    };
  } catch (err) {
    await Promise.all(children.map((c) => c.kill()));
    await pgProxy.close();
    await redis.kill();
    await server.close();
    throw err;
  }
}

/** One HTTP request to one process of the deployment, as a client would send it. */
export async function call(
  api: ApiProcess,
  token: string | undefined,
  method: string,
  pathname: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse & { ms: number }> {
  const h: Record<string, string> = { ...headers };
  if (token) h.authorization = `Bearer ${token}`;
  if (body !== undefined) h['content-type'] = 'application/json';
  const started = performance.now();
  const res = await fetch(api.url + pathname, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body: parsed, text, ms: performance.now() - started };
}

// ---------------------------------------------------------------------------------------------
// Receivers that check what they get the way a subscriber must.

export interface Post {
  deliveryId: string;
  /** Headers complete (the POST arrived) and answer sent, Date.now(). */
  startedAt: number;
  endedAt: number | undefined;
  status: number | undefined;
  signatureValid: boolean;
  events: Array<{ id: string; type: string; timestamp: string; data: any }>;
  /** The process that sent it (from the connection's owner in /proc), when it could be told. */
  senderPid: number | undefined;
  raw: Buffer;
}

export type Answer = { status: number } | 'hold';

export interface VerifyingReceiver {
  readonly url: string;
  readonly posts: Post[];
  /** Deliveries (by id) that were POSTed again while an earlier POST of them was still unanswered. */
  readonly overlapping: string[];
  /** What the n-th POST (0-based) gets; `hold` keeps it unanswered until the receiver closes. */
  answer: (post: Post, n: number) => Answer | Promise<Answer>;
  close(): Promise<void>;
}

/**
 * An HTTP receiver that verifies every delivery's X-Webhook-Signature with the subscription's
 * secret (401 when it does not match, as the specification's receivers do), records each POST
 * with its arrival and answer times, notes which process sent it, and notices a delivery that
 * is POSTed again while an earlier POST of it is still in flight.
 */
export async function startVerifyingReceiver(secret: string, opts: { senders?: () => number[] } = {}): Promise<VerifyingReceiver> {
  const posts: Post[] = [];
  const overlapping: string[] = [];
  const inFlight = new Map<string, number>();
  const held = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const startedAt = Date.now();
    const deliveryId = String(req.headers['x-webhook-delivery'] ?? '');
    if ((inFlight.get(deliveryId) ?? 0) > 0) overlapping.push(deliveryId);
    inFlight.set(deliveryId, (inFlight.get(deliveryId) ?? 0) + 1);
    const senderPid = opts.senders ? socketOwner(req.socket.remotePort, port, opts.senders()) : undefined;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks);
      const signatureValid = verifyWebhookSignature(raw, req.headers['x-webhook-signature'], secret);
      let events: Post['events'] = [];
      try {
        events = JSON.parse(raw.toString('utf8'));
      } catch {
        /* recorded as it came */
      }
      const post: Post = { deliveryId, startedAt, endedAt: undefined, status: undefined, signatureValid, events, senderPid, raw };
      const n = posts.length;
      posts.push(post);
      const answer = signatureValid ? await receiver.answer(post, n) : { status: 401 };
      const finish = () => {
        post.endedAt = Date.now();
        inFlight.set(deliveryId, (inFlight.get(deliveryId) ?? 1) - 1);
      };
      if (answer === 'hold') {
        held.add(res);
        res.on('close', finish);
        return;
      }
      post.status = answer.status;
      res.writeHead(answer.status, { 'content-type': 'text/plain' });
      res.end('ok', finish);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const receiver: VerifyingReceiver = {
    url: `http://127.0.0.1:${port}/hook`,
    posts,
    overlapping,
    answer: () => ({ status: 200 }),
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return receiver;
}

/**
 * Which of `pids` owns the client end of a loopback TCP connection (client port
 * `clientPort`, server port `serverPort`): the socket's inode from /proc/net/tcp, then the
 * process whose file descriptors include it. Linux only; undefined when it cannot be told.
 */
export function socketOwner(clientPort: number | undefined, serverPort: number, pids: number[]): number | undefined {
  if (clientPort === undefined) return undefined;
  let inode: string | undefined;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = fs.readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10) continue;
      const local = Number.parseInt(f[1]!.split(':')[1]!, 16);
      const remote = Number.parseInt(f[2]!.split(':')[1]!, 16);
      if (local === clientPort && remote === serverPort) inode = f[9];
    }
    if (inode) break;
  }
  if (!inode) return undefined;
  const wanted = `socket:[${inode}]`;
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === wanted) return pid;
      } catch {
        /* closed meanwhile */
      }
    }
  }
  return undefined;
}

/**
 * The greedy partition of sorted timestamps (ms) into batching windows: a window opens with
 * the first timestamp not yet covered and takes everything before it closes. The fewest
 * deliveries any correct batching can make, and what "one POST per window" means.
 */
export function windowsOf(timestamps: number[], windowMs: number): number[][] {
  const sorted = [...timestamps].sort((a, b) => a - b);
  const windows: number[][] = [];
  for (const t of sorted) {
    const last = windows.at(-1);
    if (last && t < last[0]! + windowMs) last.push(t);
    else windows.push([t]);
  }
  return windows;
}
