import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importCards } from '../../src/cards/import.js';
import { type Config, isPostgres, loadConfig } from '../../src/config.js';
import { dropSchema } from '../../src/db/database.js';
import type { Clock } from '../../src/lib/clock.js';
import type { LoopLog } from '../../src/jobs/failures.js';
import { startServer, type RunningServer } from '../../src/server.js';
import type { Scope } from '../../src/auth/scopes.js';
import { SCOPES } from '../../src/auth/scopes.js';
import { recordResponses, responseMismatches, type RecordedResponse } from './openapi.js';

export const DEMO_CARDS = path.resolve(import.meta.dirname, '../../demo-data/cards');

export interface TestUser {
  id: string;
  username: string;
  key: string;
  keyId: string;
  /** fetch against the API with this user's key. */
  api: (method: string, pathname: string, body?: unknown, headers?: Record<string, string>) => Promise<ApiResponse>;
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface TestServer extends RunningServer {
  config: Config;
  createUser(opts?: { scopes?: Scope[]; plan?: 'free' | 'pro'; username?: string }): Promise<TestUser>;
  request(method: string, pathname: string, opts?: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> }): Promise<ApiResponse>;
  /** Environment for a child process (`node bin/ccs.js ...`) that must use this server's database. */
  childEnv: Record<string, string>;
  /** Every response this server gave (see `validateResponses`). */
  recorded: RecordedResponse[];
  /** Events in the outbox, oldest first. */
  events(userId?: string): Promise<Array<{ id: string; type: string; user_id: string; payload: any; occurred_at: string }>>;
}

let seq = 0;

/**
 * Servers started and not yet closed. Test files share their worker's modules (`isolate: false`),
 * so a server that a failed test never closed would keep running beside the files after it;
 * `closeLeftoverServers` (after every file, `test/setup/leftovers.ts`) closes them.
 */
const running = new Set<TestServer>();

export async function closeLeftoverServers(): Promise<void> {
  const left = [...running];
  running.clear();
  const failures: unknown[] = [];
  for (const s of left) await s.close().catch((err: unknown) => failures.push(err));
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} test server(s) left open failed to close`);
}

/**
 * Starts the real service on a free port against a fresh database: a temporary
 * SQLite file, or, when DATABASE_URL points at PostgreSQL, a schema of its own
 * that is dropped on close.
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  opts: {
    clock?: Clock;
    cards?: boolean;
    shareDatabaseWith?: TestServer;
    /** run the webhook dispatcher in-process */
    worker?: boolean;
    /** where jobs and the outage trackers log (silent by default) */
    log?: LoopLog;
    /**
     * Check every response against the API description when the server closes (default on):
     * `close()` fails naming each response whose status, content type, body or headers the
     * description does not declare (test/helpers/openapi.ts).
     */
    validateResponses?: boolean;
  } = {},
): Promise<TestServer> {
  const shared = opts.shareDatabaseWith;
  const dir = shared ? shared.config.dataDir : fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-test-'));
  const base = loadConfig({
    ...process.env,
    CCS_DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    // In-process servers start without the warm-up (test/e2e/warm-up.test.ts covers it).
    CCS_WARM_UP_REQUESTS: '0',
    PORT: '0',
    HOST: '127.0.0.1',
  });
  const config: Config = { ...base, ...overrides };
  const schema = shared ? shared.childEnv.CCS_PG_SCHEMA : isPostgres(config) ? `t_${process.pid}_${Date.now().toString(36)}_${(seq++).toString(36)}_${randomBytes(3).toString('hex')}` : undefined;
  let recorded: RecordedResponse[] = [];
  const server = await startServer(config, {
    logger: false,
    clock: opts.clock,
    worker: opts.worker,
    log: opts.log,
    databaseOptions: { schema, poolSize: 5 },
    observe: (app) => {
      recorded = recordResponses(app);
    },
  });
  if (opts.cards !== false && !shared) {
    await importCards(server.ctx, { file: path.join(DEMO_CARDS, 'default-cards.json'), rulings: path.join(DEMO_CARDS, 'rulings.json'), asOf: '2019-08-04' });
  }

  const request: TestServer['request'] = async (method, pathname, o = {}) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: string | undefined;
    if (o.raw !== undefined) body = o.raw;
    else if (o.body !== undefined) body = JSON.stringify(o.body);
    if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const res = await fetch(server.url + pathname, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  };

  let userSeq = 0;
  const childEnv: Record<string, string> = {
    ...(process.env as Record<string, string>),
    CCS_DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
    ...(schema ? { CCS_PG_SCHEMA: schema } : {}),
  };
  const testServer: TestServer = {
    ...server,
    config,
    childEnv,
    request,
    recorded,
    async createUser(o = {}) {
      const username = o.username ?? `user${userSeq++}_${randomBytes(3).toString('hex')}`;
      const profile = await server.ctx.accounts.createUser({ username, email: `${username}@example.com`, password: 'correct horse battery', plan: o.plan ?? 'pro' });
      const key = await server.ctx.apiKeys.create(profile.id, { name: 'test', scopes: o.scopes ?? [...SCOPES] });
      return {
        id: profile.id,
        username,
        key: key.key,
        keyId: key.id,
        api: (method, pathname, body, headers) => request(method, pathname, { token: key.key, body, headers }),
      };
    },
    async events(userId) {
      let q = server.ctx.database.db.selectFrom('events').selectAll().orderBy('id');
      if (userId) q = q.where('user_id', '=', userId);
      const rows = await q.execute();
      return rows.map((r) => ({ ...r, payload: JSON.parse(r.payload) }));
    },
    async close() {
      running.delete(testServer);
      const mismatches = opts.validateResponses === false ? [] : responseMismatches(server.app.swagger() as Record<string, unknown>, recorded);
      await server.close();
      if (!shared) {
        if (schema && config.databaseUrl) await dropSchema(config.databaseUrl, schema);
        fs.rmSync(dir, { recursive: true, force: true });
      }
      if (mismatches.length > 0) {
        throw new Error(`Responses that the API description does not declare (${mismatches.length}):\n- ${mismatches.slice(0, 50).join('\n- ')}`);
      }
    },
  };
  running.add(testServer);
  return testServer;
}
