import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { LoopLog } from '../../src/jobs/failures.js';
import type { TestServer } from './server.js';

export interface LogLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  msg: string;
  obj: Record<string, unknown>;
}

/** A logger for jobs and the outage trackers that keeps every line, for tests that count them. */
export function captureLog(): LoopLog & { lines: LogLine[]; mark(): number; matching(re: RegExp, since?: number): LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: LogLine['level']) => (obj: object, msg?: string) => lines.push({ level, msg: msg ?? '', obj: obj as Record<string, unknown> });
  return {
    lines,
    /** Where the log stands now: `matching(re, mark)` looks only at lines logged after it. */
    mark: () => lines.length,
    matching: (re, since = 0) => lines.slice(since).filter((l) => re.test(l.msg)),
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
  };
}

/**
 * Terminates the PostgreSQL backends of one test server, found by the `application_name`
 * its connections carry (`ccs:<schema>`, unique per test server), the way an operator's
 * restart or an idle-connection killer would. Nothing else on the shared server is touched.
 * Answers how many were terminated.
 */
export async function terminateBackends(server: TestServer): Promise<number> {
  const url = process.env.DATABASE_URL;
  const schema = server.ctx.database.schema;
  if (!url || !schema) throw new Error('terminateBackends needs a PostgreSQL test server with a schema of its own');
  const admin = new pg.Client({ connectionString: url, application_name: 'ccs-test-admin' });
  await admin.connect();
  try {
    // Two steps on purpose: PostgreSQL may evaluate a WHERE clause's conditions in any order,
    // so pg_terminate_backend() in the same WHERE could run on rows the name would have excluded.
    const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()', [`ccs:${schema}`]);
    const pids = rows.map((r) => r.pid);
    if (pids.length === 0) return 0;
    const killed = await admin.query<{ ok: boolean }>('select pg_terminate_backend(p) as ok from unnest($1::int[]) as p', [pids]);
    return killed.rows.filter((r) => r.ok).length;
  } finally {
    await admin.end();
  }
}

export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

export interface PrivateRedis {
  readonly port: number;
  readonly url: string;
  readonly pid: number | undefined;
  /** SIGKILL by pid: Redis is gone at once, as in a crash. */
  kill(): Promise<void>;
  /** A fresh redis-server on the same port (empty: no persistence). */
  restart(): Promise<void>;
  /**
   * Resolves once another client has connected and sent a command other than CLIENT (ioredis's
   * ready check, INFO): a service started against this Redis is then past its first connect, so
   * its first rate-limit hit does not race that connect against the command bound on a slow host.
   */
  untilClientReady(timeoutMs?: number): Promise<void>;
}

/** A redis-server of the test's own on a free port, so killing it disturbs no other test. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;

  async function spawnServer(): Promise<void> {
    const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${out}`)), 10_000);
      proc.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}:\n${out}`));
      });
    });
  }

  await spawnServer();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    get pid() {
      return child?.pid;
    },
    async kill() {
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      process.kill(proc.pid!, 'SIGKILL');
      await exited;
    },
    restart: spawnServer,
    async untilClientReady(timeoutMs = 10_000) {
      const client = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true, maxRetriesPerRequest: 0 });
      try {
        await client.connect();
        const own = String(await client.call('CLIENT', 'ID'));
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const list = String(await client.call('CLIENT', 'LIST'));
          // Another client past its hello: ioredis sends CLIENT SETINFO (Redis 7.2+) and then INFO,
          // its ready check; a connection that has sent nothing shows cmd=NULL.
          const others = list.split('\n').filter((line) => line.startsWith('id=') && !line.startsWith(`id=${own} `));
          if (others.some((line) => /\bcmd=/.test(line) && !/\bcmd=(NULL|client\|\S*) /.test(line))) return;
          if (Date.now() > deadline) throw new Error(`no client became ready on the private Redis within ${timeoutMs} ms:\n${list}`);
          await new Promise((r) => setTimeout(r, 20));
        }
      } finally {
        client.disconnect();
      }
    },
  };
}

/** The value of one sample in a Prometheus text exposition, or undefined when it is absent. */
export function metric(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(',');
    if (want.every((w) => have.includes(w))) return Number(m[3]);
  }
  return undefined;
}
