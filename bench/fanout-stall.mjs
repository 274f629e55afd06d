// @ts-check
// What one large change costs everyone else while its events fan out: one user holds ENTRIES
// entries (5,000) in a binder and SUBS "*" webhook subscriptions (20) to local receivers; the
// binder is deleted (one collection.entry.updated event per entry, so ENTRIES x SUBS event lines
// to place in batches, seal, sign and POST). Meanwhile a second user's tool asks GET /profile
// every 20 ms. Reports the DELETE's time, /profile's worst and p99 latency from the DELETE until
// every event has reached every receiver, and how long that took. `ccs serve` with its
// dispatcher, on SQLite (or PostgreSQL with DATABASE_URL, a schema of its own, dropped after).
// Run: npm run build && node bench/fanout-stall.mjs      (ENTRIES=, SUBS= to resize)
import fs from 'node:fs';
import path from 'node:path';
import { BIN, ROOT, benchService, machineFacts, startProcess, startReceivers, stop } from './lib.mjs';

const ENTRIES = Number(process.env.ENTRIES ?? 5_000);
const SUBS = Number(process.env.SUBS ?? 20);
const round = (n) => Math.round(n * 10) / 10;
const cards = JSON.parse(fs.readFileSync(path.join(ROOT, 'demo-data/cards/default-cards.json'), 'utf8'));
const CONDITIONS = ['near_mint', 'lightly_played', 'moderately_played', 'heavily_played', 'damaged', 'mint'];

const service = benchService('fanout', { LOG_LEVEL: 'warn', CCS_WEBHOOK_MAX_SUBSCRIPTIONS: String(Math.max(SUBS, 25)) });
const { env, cli } = service;
const receivers = await startReceivers(4, 5_000);
let server;
const results = {
  machine: machineFacts(),
  database: service.database,
  entries: ENTRIES,
  subscriptions: SUBS,
};
/** A pro account and a key that may write its collection and webhooks, made with the CLI before the server starts. */
const makeUser = (name) => {
  cli('user', 'create', '--username', name, '--email', `${name}@example.com`, '--password', 'bench password 1', '--plan', 'pro');
  return cli('key', 'create', '--user', name, '--name', 'bench', '--scopes', 'profile:read,collection:read,collection:write,webhooks:manage');
};
try {
  cli('migrate');
  cli('cards', 'import', path.join(ROOT, 'demo-data/cards/default-cards.json'), '--as-of', '2019-08-04');
  const owner = makeUser('owner');
  const watcher = makeUser('watcher');
  server = await startProcess([...(process.env.NODE_ARGS ? process.env.NODE_ARGS.split(' ') : []), BIN, 'serve', '--port', '0'], env);
  const base = `${server.url}/api/v1`;
  /** @param {string} key @param {string} method @param {string} url @param {unknown} [body] */
  const api = async (key, method, url, body) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : undefined;
  };
  const binder = (await api(owner, 'POST', '/binders', { name: 'Big binder' })).data;
  const entries = [];
  const seen = new Set();
  // Distinct identities (card, finish, condition), so no row of the batch merges into another.
  for (const condition of CONDITIONS) {
    for (const card of cards) {
      for (const finish of card.finishes ?? ['nonfoil']) {
        const key = `${card.id}|${finish}|${condition}`;
        if (entries.length < ENTRIES && !seen.has(key)) entries.push({ card_id: card.id, finish, condition, language: 'en', binder_id: binder.id });
        seen.add(key);
      }
    }
  }
  for (let i = 0; i < entries.length; i += 100) await api(owner, 'POST', '/collection/batch', { entries: entries.slice(i, i + 100) });
  const held = (await api(owner, 'GET', '/collection?limit=1')).meta.total;
  if (held !== ENTRIES) throw new Error(`the binder holds ${held} entries, not ${ENTRIES}`);
  // Subscriptions made after the entries: only the delete's events are theirs to deliver.
  for (let i = 0; i < SUBS; i++) await api(owner, 'POST', '/webhooks', { url: `${receivers.urls[i % receivers.urls.length]}?subscription=${i}`, events: ['*'] });
  const initial = await receivers.stats();
  const before = initial.events_received;

  /** @type {number[]} */
  const latencies = [];
  let watching = true;
  const watch = (async () => {
    while (watching) {
      const t = performance.now();
      await api(watcher, 'GET', '/profile');
      latencies.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const t0 = performance.now();
  await api(owner, 'DELETE', `/binders/${binder.id}`);
  results.delete_ms = Math.round(performance.now() - t0);
  // One collection.entry.updated event per entry and the binder.deleted event, to each subscription.
  const want = before + (ENTRIES + 1) * SUBS;
  const deadline = Date.now() + Number(process.env.WAIT_S ?? 600) * 1000;
  let st = await receivers.stats();
  /** @type {Array<[number, number]>} */
  const timeline = [];
  let lastMark = 0;
  while (st.events_received < want && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    st = await receivers.stats();
    const s = Math.floor((performance.now() - t0) / 5000);
    if (s > lastMark) {
      lastMark = s;
      timeline.push([s * 5, st.events_received - before]);
    }
  }
  results.received_by_5s = timeline;
  const metrics = await (await fetch(`${server.url}/metrics`)).text();
  results.metrics = metrics.split('\n').filter((l) => /^ccs_webhook_(deliveries_total|events_dropped_total|queue_depth|outbox_undispatched)/.test(l));
  results.all_delivered_s = round((performance.now() - t0) / 1000);
  results.events_received = st.events_received - before;
  results.duplicates = st.duplicates - initial.duplicates;
  watching = false;
  await watch;
  latencies.sort((a, b) => a - b);
  results.profile = {
    requests: latencies.length,
    p50_ms: round(latencies[Math.floor(latencies.length * 0.5)] ?? 0),
    p99_ms: round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
    max_ms: round(latencies[latencies.length - 1] ?? 0),
    over_100ms: latencies.filter((l) => l > 100).length,
  };
  if (results.events_received < (ENTRIES + 1) * SUBS) console.error(`only ${results.events_received} of ${(ENTRIES + 1) * SUBS} events arrived`);
} finally {
  if (server) await stop(server);
  await receivers.close();
  await service.cleanup();
}
console.log(JSON.stringify(results, null, 2));
