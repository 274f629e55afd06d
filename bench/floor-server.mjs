// @ts-check
// The least an authenticated collection page can be in Fastify, for bench/headroom.mjs: what
// the contract makes every answer carry (a request id, the common headers, the three rate-limit
// headers), a bearer token looked up in a Map (no hashing, no revocation check, no database),
// an in-memory counter, and the page's bytes from memory. Not a service: a measuring stick for
// how much of the service's cost is its own bookkeeping rather than Fastify, Node and the kernel.
// BODY_FILE: the page; TOKEN: the one key it knows.
//
// FLOOR_WITH (comma-separated) adds, each in the cheapest form written here without the
// service's code, a piece of what the contract asks of every authenticated request, so the
// floor can be climbed a piece at a time (bench/README.md, "Twelfth round"):
//   hash     the token's SHA-256 is the cache key (keys are stored hashed), the hash of a token
//            seen before taken from a map rather than computed again
//   epoch    revocation in every process: an auth-epoch row read from SQLite once per
//            event-loop turn, a change empties the credential map
//   version  the page cached per user, query and collection version, the version read from
//            SQLite once per turn per user (a write anywhere is seen by the next request)
//   usage    usage accounting: a count per user, route, status and minute in nested maps
//   metrics  a histogram of request durations by route and status (onResponse), its series
//            found through nested maps and its buckets counted in place (what prom-client
//            would export at a scrape)
//   schema   the route's querystring described and validated (Fastify's Ajv), as the API's
//            reference documents it
//   logger   Fastify's logger on (pino at warn: nothing written), each request's logger a small
//            object that makes pino's child, the request id bound, only when it writes a line
//   routes   the service's API beside the page: every operation of its OpenAPI document
//            (ROUTES_FILE, `ccs openapi`) registered with an empty handler, so routing walks the
//            service's tree
//   all      every piece above
//   heap     not work but a bigger heap: 3 million small objects held for the process's life
//            (the service keeps the card database and its indexes in memory); not in `all`
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';

const PIECES = ['hash', 'epoch', 'version', 'usage', 'metrics', 'schema', 'logger', 'routes'];
const asked = (process.env.FLOOR_WITH ?? '').split(',').filter(Boolean);
const on = new Set(asked.includes('all') ? [...PIECES, ...asked.filter((p) => p !== 'all')] : asked);
for (const p of on) if (!PIECES.includes(p) && p !== 'heap') throw new Error(`FLOOR_WITH: unknown piece ${p}`);
/** @type {Array<{ id: string; name: string; n: number; tags: string[] }>} */
const held = [];
if (on.has('heap')) for (let i = 0; i < 3_000_000; i++) held.push({ id: `c${i}`, name: `n${i}`, n: i, tags: [`t${i % 100}`] });

const body = fs.readFileSync(/** @type {string} */ (process.env.BODY_FILE));
const token = /** @type {string} */ (process.env.TOKEN);
const sha256 = (/** @type {string} */ s) => createHash('sha256').update(s).digest('hex');
/** @type {Map<string, string>} */
const hashes = new Map();
const hashOf = (/** @type {string} */ secret) => {
  let h = hashes.get(secret);
  if (h === undefined) {
    h = sha256(secret);
    hashes.set(secret, h);
  }
  return h;
};
/** @typedef {{ userId: string; limit: number }} Principal */
/** Where the principals come from on a miss (the service: a database read); here, a constant. */
const known = new Map([[on.has('hash') ? sha256(token) : token, { userId: 'u1', limit: 1_000_000_000 }]]);
/** @type {Map<string, Principal>} */
const principals = new Map();

// Reads shared by the requests of one turn: filled on first use, dropped by a setImmediate.
/** @type {Map<string, number>} */
const turn = new Map();
let closing = false;
const sharedRead = (/** @type {string} */ key, /** @type {() => number} */ read) => {
  let v = turn.get(key);
  if (v === undefined) {
    v = read();
    turn.set(key, v);
    if (!closing) {
      closing = true;
      setImmediate(() => {
        turn.clear();
        closing = false;
      });
    }
  }
  return v;
};
const dbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'floor-'));
const db = new Database(path.join(dbDir, 'floor.db'));
db.pragma('journal_mode = WAL');
db.exec("CREATE TABLE epoch (value INTEGER NOT NULL); INSERT INTO epoch VALUES (1); CREATE TABLE versions (user_id TEXT PRIMARY KEY, version INTEGER NOT NULL); INSERT INTO versions VALUES ('u1', 1);");
const readEpoch = db.prepare('SELECT value FROM epoch').pluck();
const readVersion = db.prepare('SELECT version FROM versions WHERE user_id = ?').pluck();
let epochSeen = 0;
/** @type {Map<string, Buffer>} */
const pages = new Map();

/**
 * The value under `key`, made and kept first if there is none.
 * @template K, V
 * @param {Map<K, V>} map
 * @param {K} key
 * @param {() => V} make
 * @returns {V}
 */
const kept = (map, key, make) => {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
};
/** @type {Map<string, Map<string, Map<number, Map<number, number>>>>} */
const usage = new Map();
const countUsage = (/** @type {string} */ user, /** @type {string} */ route, /** @type {number} */ status) => {
  const minute = Math.floor(Date.now() / 60_000);
  const byMinute = kept(kept(kept(usage, user, () => new Map()), route, () => new Map()), status, () => new Map());
  byMinute.set(minute, (byMinute.get(minute) ?? 0) + 1);
};
const BOUNDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** @typedef {{ buckets: Float64Array; count: number; sum: number }} Series */
/** @type {Map<string, Map<number, Series>>} */
const series = new Map();
const observe = (/** @type {string} */ route, /** @type {number} */ status, /** @type {number} */ seconds) => {
  const s = kept(kept(series, route, () => new Map()), status, () => ({ buckets: new Float64Array(BOUNDS.length), count: 0, sum: 0 }));
  let i = 0;
  while (i < BOUNDS.length && seconds > BOUNDS[i]) i++;
  if (i < BOUNDS.length) s.buckets[i]++;
  s.count++;
  s.sum += seconds;
};
/** A request's logger: pino's child (the request id bound) is made only for a line that is written. */
class LazyLogger {
  /** @param {import('pino').Logger} parent @param {import('pino').Bindings} bindings */
  constructor(parent, bindings) {
    this.parent = parent;
    this.bindings = bindings;
    /** @type {import('pino').Logger | undefined} */
    this.made = undefined;
  }
  /** @param {import('pino').Level} level @param {unknown[]} args */
  write(level, args) {
    if (this.made === undefined && !this.parent.isLevelEnabled(level)) return;
    if (this.made === undefined) this.made = this.parent.child(this.bindings);
    /** @type {(...a: unknown[]) => void} */ (this.made[level]).apply(this.made, args);
  }
  get level() {
    return this.parent.level;
  }
  /** @param {unknown[]} a */ fatal(...a) { this.write('fatal', a); }
  /** @param {unknown[]} a */ error(...a) { this.write('error', a); }
  /** @param {unknown[]} a */ warn(...a) { this.write('warn', a); }
  /** @param {unknown[]} a */ info(...a) { this.write('info', a); }
  /** @param {unknown[]} a */ debug(...a) { this.write('debug', a); }
  /** @param {unknown[]} a */ trace(...a) { this.write('trace', a); }
  silent() {}
  /** @param {import('pino').Bindings} b */
  child(b) {
    return this.parent.child({ ...this.bindings, ...b });
  }
}

/** @type {Map<string, number>} */
const counts = new Map();
/** The request's principal, in the field `decorateRequest` gives every request. */
const fieldOf = (/** @type {unknown} */ req) => /** @type {{ principal: Principal | null }} */ (req);
const app = Fastify({
  logger: on.has('logger') ? { level: 'warn' } : false,
  ...(on.has('logger')
    ? {
        /** @type {import('fastify').FastifyServerOptions['childLoggerFactory']} */
        childLoggerFactory: (logger, bindings) =>
          /** @type {import('fastify').FastifyBaseLogger} */ (/** @type {unknown} */ (new LazyLogger(/** @type {import('pino').Logger} */ (/** @type {unknown} */ (logger)), bindings))),
      }
    : {}),
  genReqId: () => randomUUID(),
});
app.addHook('onRequest', (req, reply, done) => {
  reply.header('x-request-id', req.id);
  reply.header('x-content-type-options', 'nosniff');
  const header = req.headers.authorization;
  const secret = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
  if (on.has('epoch')) {
    const epoch = sharedRead('epoch', () => /** @type {number} */ (readEpoch.get()));
    if (epoch !== epochSeen) {
      principals.clear();
      epochSeen = epoch;
    }
  }
  const id = secret === undefined ? undefined : on.has('hash') ? hashOf(secret) : secret;
  let principal = id === undefined ? undefined : principals.get(id);
  if (!principal && id !== undefined) {
    principal = known.get(id);
    if (principal) principals.set(id, principal);
  }
  if (!principal) {
    reply.code(401).send({ code: 'invalid_token' });
    return;
  }
  fieldOf(req).principal = principal;
  const used = (counts.get(principal.userId) ?? 0) + 1;
  counts.set(principal.userId, used);
  reply.header('ratelimit-limit', String(principal.limit));
  reply.header('ratelimit-remaining', String(principal.limit - used));
  reply.header('ratelimit-reset', '9');
  done();
});
if (on.has('usage') || on.has('metrics')) {
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const principal = fieldOf(req).principal;
    if (on.has('usage') && principal) countUsage(principal.userId, route, reply.statusCode);
    if (on.has('metrics')) observe(route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
app.decorateRequest('principal', null);
const querystring = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 200 },
    cursor: { type: 'string', minLength: 1, maxLength: 200 },
    sort: { type: 'string', enum: ['added', 'name', 'value', 'quantity', 'set'] },
    dir: { type: 'string', enum: ['asc', 'desc'] },
    binder_id: { type: 'string', minLength: 1, maxLength: 100 },
    set: { type: 'string', minLength: 1, maxLength: 20 },
    finish: { type: 'string', enum: ['nonfoil', 'foil', 'etched'] },
    condition: { type: 'string', enum: ['M', 'NM', 'LP', 'MP', 'HP', 'D'] },
    q: { type: 'string', minLength: 1 },
  },
};
app.get('/api/v1/collection', on.has('schema') ? { schema: { querystring } } : {}, async (req, reply) => {
  /** @type {Buffer} */
  let page = body;
  if (on.has('version')) {
    const user = /** @type {Principal} */ (fieldOf(req).principal).userId;
    const version = sharedRead(`v:${user}`, () => /** @type {number} */ (readVersion.get(user)));
    const key = `${user}\n${version}\n${req.url}`;
    const hit = pages.get(key);
    if (hit) page = hit;
    else pages.set(key, body);
  }
  return reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8').send(page);
});
if (on.has('routes')) {
  const spec = JSON.parse(fs.readFileSync(/** @type {string} */ (process.env.ROUTES_FILE), 'utf8'));
  for (const [url, ops] of Object.entries(/** @type {Record<string, object>} */ (spec.paths))) {
    for (const method of Object.keys(ops)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      if (method === 'get' && url === '/api/v1/collection') continue;
      app.route({ method: method.toUpperCase(), url: url.replace(/\{(\w+)\}/g, ':$1'), handler: async () => ({}) });
    }
  }
}
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = /** @type {import('node:net').AddressInfo} */ (app.server.address());
console.log(`listening at http://127.0.0.1:${port}`);
process.once('SIGTERM', () =>
  app.close().then(() => {
    db.close();
    fs.rmSync(dbDir, { recursive: true, force: true });
    process.exit(0);
  }),
);
