// @ts-check
// The data bench/request-path.mjs and bench/paired.mjs measure against, seeded through the
// service's own CLI and API: the demo cards, a pro user with a key, 10,000 collection entries;
// plus the first page as the service answers it (for the bare server that sends the same
// bytes) and a wrk Lua script of POST bodies.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BIN, ROOT, startProcess, stop } from './lib.mjs';

/**
 * Seeds the service configured by `env` (its CCS_DATA_DIR or CCS_PG_SCHEMA) and writes
 * `page.json` and `post.lua` into `dir`.
 * @param {string} dir
 * @param {Record<string, string>} env
 * @returns {Promise<{ key: string; page: Buffer; pageFile: string; lua: string }>}
 */
export async function seedRequestPathData(dir, env) {
  const ccs = (/** @type {string[]} */ ...args) => execFileSync(process.execPath, [BIN, ...args], { env: { ...process.env, ...env, LOG_LEVEL: 'warn' } }).toString().trim();
  ccs('cards', 'import', path.join(ROOT, 'demo-data/cards/default-cards.json'));
  ccs('user', 'create', '--username', 'bench', '--email', 'bench@example.com', '--password', 'bench password 1', '--plan', 'pro');
  const key = ccs('key', 'create', '--user', 'bench', '--name', 'bench', '--scopes', 'collection:read,collection:write,profile:read');
  const cards = JSON.parse(fs.readFileSync(path.join(ROOT, 'demo-data/cards/default-cards.json'), 'utf8'));
  const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const conditions = ['mint', 'near_mint', 'lightly_played', 'moderately_played', 'heavily_played', 'damaged'];
  const combos = [];
  for (const lang of ['en', 'de', 'ja']) for (const c of cards) for (const condition of conditions) {
    for (const finish of c.finishes ?? ['nonfoil']) combos.push({ card_id: c.id, condition, finish, language: lang, quantity: 1 + (combos.length % 4) });
  }
  const server = await startProcess([BIN, 'serve', '--port', '0', '--no-worker'], env);
  const entries = combos.slice(0, 10_000);
  for (let i = 0; i < entries.length; i += 1000) {
    const res = await fetch(`${server.url}/api/v1/collection/batch`, { method: 'POST', headers: auth, body: JSON.stringify({ entries: entries.slice(i, i + 1000) }) });
    if (res.status !== 201) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
  }
  const page = Buffer.from(await (await fetch(`${server.url}/api/v1/collection?limit=50`, { headers: auth })).arrayBuffer());
  await stop(server);
  const pageFile = path.join(dir, 'page.json');
  fs.writeFileSync(pageFile, page);
  // POST bodies: 500 entries not in the collection and 500 that are, so the run adds (first
  // pass) and merges (quantity + n) — a tool syncing a collection does both.
  const bodies = [...combos.slice(10_000, 10_500), ...combos.slice(0, 500)].map((e) => JSON.stringify({ ...e, quantity: 1 }));
  const lua = path.join(dir, 'post.lua');
  fs.writeFileSync(
    lua,
    `local bodies = {${bodies.map((b) => `[[${b}]]`).join(',\n')}}
local i = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
request = function()
  i = i + 1
  return wrk.format(nil, nil, nil, bodies[(i % #bodies) + 1])
end
`,
  );
  return { key, page, pageFile, lua };
}
