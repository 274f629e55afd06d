// @ts-check
// Deck lists at scale: GET /api/v1/decks?limit=200 (with and without cards), a stranger's
// GET /users/{name}/decks, and one deck, for a user with DECKS decks of LINES distinct printings
// each (default 200 x 100) over CARDS generated printings (default 100,000). Each row: the median
// of REPEATS requests (after one that warms the statements), wall time, the server's CPU, and the
// worst wait of a GET /profile loop from another account beside it (the event loop held).
// `cold` rows follow a card import of one printing (the cards version moves, so nothing built
// from card data is kept); `warm` rows repeat the request. SERVER_BIN runs another checkout's
// built bin/ccs.js on the same data (compare two commits).
// Run: npm run build && node bench/deck-lists.mjs      (DECKS=, LINES=, CARDS=, REPEATS=)
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { importScaledCards, printingId, writeScaledCards } from './cards-data.mjs';
import { BIN, benchService, cpuMicros, machineFacts, startProcess, stop } from './lib.mjs';

const DECKS = Number(process.env.DECKS ?? 200);
const LINES = Number(process.env.LINES ?? 100);
const CARDS = Number(process.env.CARDS ?? 100_000);
const REPEATS = Number(process.env.REPEATS ?? 3);
const SERVER_BIN = process.env.SERVER_BIN ?? BIN;
const round = (n) => Math.round(n * 10) / 10;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const service = benchService('decks', { LOG_LEVEL: 'warn' });
const { dir, env, cli } = service;
const results = { machine: machineFacts(), database: service.database, server_bin: SERVER_BIN, decks: DECKS, lines: LINES, cards: CARDS, /** @type {Record<string, object>} */ reads: {} };
let server;
try {
  await importScaledCards(BIN, service, CARDS);
  // The first printing alone (the generator is deterministic), re-imported before each cold read: the cards version moves.
  const oneFile = path.join(dir, 'one.json');
  await writeScaledCards(oneFile, 1);
  for (const name of ['owner', 'stranger', 'watcher']) {
    cli('user', 'create', '--username', name, '--email', `${name}@example.com`, '--password', 'bench password 1', '--plan', 'pro');
  }
  const key = (user) => cli('key', 'create', '--user', user, '--name', 'bench', '--scopes', 'decks:read,decks:write,profile:read');
  const [owner, stranger, watcher] = [key('owner'), key('stranger'), key('watcher')];

  server = await startProcess([...(process.env.NODE_ARGS ? process.env.NODE_ARGS.split(' ') : []), SERVER_BIN, 'serve', '--port', '0', '--no-worker'], env);
  const pid = server.child.pid;
  const call = async (token, method, url, body) => {
    const res = await fetch(`${server.url}${url}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
    return { bytes: text.length, body: JSON.parse(text) };
  };
  // Decks of LINES distinct printings, spread over the whole card data; half of them public.
  let next = 0;
  for (let d = 0; d < DECKS; d++) {
    const cards = Array.from({ length: LINES }, () => {
      next = (next + 7919) % CARDS;
      return { card_id: printingId(next), quantity: 1 };
    });
    await call(owner, 'POST', '/api/v1/decks', { name: `Deck ${d}`, format: 'casual', visibility: d % 2 ? 'public' : 'private', cards });
  }
  const firstDeck = (await call(owner, 'GET', '/api/v1/decks?limit=1&include_cards=false')).body.data[0].id;
  const moveCardsVersion = () => execFileSync(process.execPath, [BIN, 'cards', 'import', oneFile, '--as-of', '2024-01-01'], { env: { ...process.env, ...env }, stdio: 'ignore' });

  /** @param {string} label @param {string} token @param {string} url @param {boolean} cold */
  const timed = async (label, token, url, cold) => {
    const ms = [];
    const cpu = [];
    const worst = [];
    let bytes = 0;
    for (let i = 0; i < REPEATS + 1; i++) {
      if (cold) moveCardsVersion();
      let running = true;
      let profileWorst = 0;
      const beside = (async () => {
        while (running) {
          const t = performance.now();
          await call(watcher, 'GET', '/api/v1/profile');
          profileWorst = Math.max(profileWorst, performance.now() - t);
        }
      })();
      const before = cpuMicros(pid) ?? 0;
      const t = performance.now();
      bytes = (await call(token, 'GET', url)).bytes;
      const elapsed = performance.now() - t;
      const used = ((cpuMicros(pid) ?? 0) - before) / 1000;
      running = false;
      await beside;
      if (i === 0) continue;
      ms.push(elapsed);
      cpu.push(used);
      worst.push(profileWorst);
    }
    results.reads[label] = { ms: round(median(ms)), server_cpu_ms: round(median(cpu)), profile_worst_ms: round(median(worst)), bytes };
    console.error(`${label}: ${JSON.stringify(results.reads[label])}`);
  };

  for (const cold of [true, false]) {
    const when = cold ? 'cold' : 'warm';
    await timed(`${when}: GET /decks?limit=200`, owner, '/api/v1/decks?limit=200', cold);
    await timed(`${when}: GET /decks?limit=200&include_cards=false`, owner, '/api/v1/decks?limit=200&include_cards=false', cold);
    await timed(`${when}: GET /users/owner/decks?limit=200 (a stranger)`, stranger, '/api/v1/users/owner/decks?limit=200', cold);
    await timed(`${when}: GET /decks/{id}`, owner, `/api/v1/decks/${firstDeck}`, cold);
  }
} finally {
  if (server) await stop(server);
  await service.cleanup();
}
console.log(JSON.stringify(results, null, 2));
