// @ts-check
// Issue 2 benchmark: GET /api/v1/collection?limit=50 for a user with 10,000 entries, through
// auth, rate limiting and usage accounting, against bare Fastify hello-world in the same run;
// and POST /api/v1/collection (entry + outbox event in one transaction) on SQLite.
// Run: npm run build && node bench/collection.mjs   (DURATION=10 CONNECTIONS=32 to tune)
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { BIN, ROOT, measure, startProcess, stop, tempDir } from './lib.mjs';

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 32);
const dir = tempDir('ccs-bench-');
const env = { CCS_DATA_DIR: dir, CCS_RATE_LIMIT_PRO: '100000000', CCS_RATE_LIMIT_FREE: '100000000' };
const ccs = (...args) => execFileSync(process.execPath, [BIN, ...args], { env: { ...process.env, ...env, LOG_LEVEL: 'warn' } }).toString().trim();

ccs('cards', 'import', path.join(ROOT, 'demo-data/cards/default-cards.json'));
ccs('user', 'create', '--username', 'bench', '--email', 'bench@example.com', '--password', 'bench password 1', '--plan', 'pro');
const key = ccs('key', 'create', '--user', 'bench', '--name', 'bench', '--scopes', 'collection:read,collection:write');
const cards = JSON.parse(fs.readFileSync(path.join(ROOT, 'demo-data/cards/default-cards.json'), 'utf8'));
const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

const server = await startProcess([BIN, 'serve', '--port', '0', '--no-worker'], env);
const conditions = ['mint', 'near_mint', 'lightly_played', 'moderately_played', 'heavily_played', 'damaged'];
// 10,000 distinct entries: card x condition x finish x language combinations, through the batch API.
const combos = [];
for (const lang of ['en', 'de', 'ja']) for (const c of cards) for (const condition of conditions) {
  for (const finish of c.finishes ?? ['nonfoil']) combos.push({ card_id: c.id, condition, finish, language: lang, quantity: 1 + (combos.length % 4) });
}
const entries = combos.slice(0, 10_000);
for (let i = 0; i < entries.length; i += 1000) {
  const res = await fetch(`${server.url}/api/v1/collection/batch`, { method: 'POST', headers: auth, body: JSON.stringify({ entries: entries.slice(i, i + 1000) }) });
  if (res.status !== 201) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
}
const page = Buffer.from(await (await fetch(`${server.url}/api/v1/collection?limit=50`, { headers: auth })).arrayBuffer());
const check = JSON.parse(page.toString());
console.log(`seeded ${check.meta.total} entries, ${check.meta.total_quantity} cards, value $${check.meta.total_value}; a page is ${page.length} bytes`);

const hello = await startProcess([path.join(ROOT, 'bench/hello.mjs')], {});
const base = await measure(hello, { url: `${hello.url}/`, duration, connections });
await stop(hello);
// The same page bytes from a bare Fastify's memory: what moving this payload costs by itself.
const pageFile = path.join(dir, 'page.json');
fs.writeFileSync(pageFile, page);
const staticPage = await startProcess([path.join(ROOT, 'bench/hello.mjs')], { BODY_FILE: pageFile });
const ceiling = await measure(staticPage, { url: `${staticPage.url}/`, duration, connections });
await stop(staticPage);

const list = await measure(server, { url: `${server.url}/api/v1/collection?limit=50`, headers: auth, duration, connections });
// What fetch, browsers and curl --compressed send: the cached page goes out compressed.
const compressed = { ...auth, 'accept-encoding': 'gzip, deflate, br' };
const zipped = await fetch(`${server.url}/api/v1/collection?limit=50`, { headers: compressed });
const zippedBytes = Number(zipped.headers.get('content-length'));
await zipped.arrayBuffer();
const listCompressed = await measure(server, { url: `${server.url}/api/v1/collection?limit=50`, headers: compressed, duration, connections });

let n = 0;
const rest = combos.slice(10_000);
const post = await measure(server, {
  url: server.url,
  duration,
  connections,
  requests: [
    {
      method: 'POST',
      path: '/api/v1/collection',
      headers: auth,
      setupRequest: (req) => ({ ...req, body: JSON.stringify(rest[n++ % rest.length]) }),
    },
  ],
});
await stop(server);
fs.rmSync(dir, { recursive: true, force: true });

const ratio = list.rps / base.rps;
const ratioCompressed = listCompressed.rps / base.rps;
console.log(JSON.stringify({ hello: base, static_page: ceiling, collection_list: list, collection_list_compressed: listCompressed, collection_post: post, list_vs_hello: Number(ratio.toFixed(2)), compressed_list_vs_hello: Number(ratioCompressed.toFixed(2)) }, null, 2));
console.log(`GET /collection?limit=50: ${list.rps} req/s = ${(ratio * 100).toFixed(0)}% of hello-world (${base.rps} req/s); goal >= 50%`);
console.log(`  with accept-encoding (${zipped.headers.get('content-encoding')}, ${zippedBytes} bytes on the wire): ${listCompressed.rps} req/s = ${(ratioCompressed * 100).toFixed(0)}% of hello-world`);
console.log(`  the same ${page.length}-byte page from a bare Fastify's memory: ${ceiling.rps} req/s (${((ceiling.rps / base.rps) * 100).toFixed(0)}% of hello-world); the endpoint reaches ${((list.rps / ceiling.rps) * 100).toFixed(0)}% of that`);
if (ceiling.server_busy !== undefined) {
  console.log(`  server CPU per request: hello ${base.server_cpu_us_per_req} µs, static page ${ceiling.server_cpu_us_per_req} µs (busy ${ceiling.server_busy} of a core), endpoint ${list.server_cpu_us_per_req} µs (busy ${list.server_busy})`);
}
console.log(`POST /collection: ${post.rps} req/s; goal >= 3000`);
