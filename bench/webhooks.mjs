// @ts-check
// Issue 4 benchmark: 100 webhook subscriptions (100 users, one "*" subscription each), 20,000
// events generated through the API (POST /api/v1/collection/batch, 20 entries per request, 32
// in flight) against local receivers, with the dispatcher running inside `ccs serve` on SQLite.
//   baseline: the same API load with `--no-worker`, to see what the dispatcher costs the API
//   spec, spec100: CCS_WEBHOOK_BATCH_WINDOW_MS=5000 (the specification's batching), 20 or 100 entries per request
//   nobatch: CCS_WEBHOOK_BATCH_WINDOW_MS=0, so every event is its own delivery (a delivery-throughput stress)
// Reports events/s recorded by the API, deliveries/s sent, and the delay from each batch's
// window close (first event's timestamp + window) to the POST arriving, p50/p99/max.
// Run: npm run build && node bench/webhooks.mjs   (EVENTS=20000 SUBS=100 PHASES=baseline,spec,spec100,nobatch)
import fs from 'node:fs';
import path from 'node:path';
import { BIN, ROOT, startProcess, startReceivers, stop, tempDir } from './lib.mjs';
import { loadConfig } from '../dist/config.js';
import { createContext } from '../dist/context.js';
import { importCards } from '../dist/cards/import.js';
import { SCOPES } from '../dist/auth/scopes.js';

const EVENTS = Number(process.env.EVENTS ?? 20_000);
const SUBS = Number(process.env.SUBS ?? 100);
const IN_FLIGHT = 32;
const cards = JSON.parse(fs.readFileSync(path.join(ROOT, 'demo-data/cards/default-cards.json'), 'utf8'));


async function phase(label, windowMs, { perRequest = 20, worker = true } = {}) {
  const dir = tempDir('ccs-bench-webhooks-');
  const env = {
    CCS_DATA_DIR: dir,
    CCS_RATE_LIMIT_PRO: '100000000',
    CCS_RATE_LIMIT_FREE: '100000000',
    CCS_WEBHOOK_BATCH_WINDOW_MS: String(windowMs),
  };
  const receivers = await startReceivers(4, windowMs);

  // Setup straight through the service layer: users, keys and subscriptions are not what is measured.
  const ctx = await createContext(loadConfig({ ...process.env, ...env, LOG_LEVEL: 'silent' }));
  await importCards(ctx, { file: path.join(ROOT, 'demo-data/cards/default-cards.json'), asOf: '2019-08-04' });
  const keys = [];
  for (let i = 0; i < SUBS; i++) {
    const user = await ctx.accounts.createUser({ username: `bench${i}`, email: `bench${i}@example.com`, password: 'bench password 1', plan: 'pro' });
    keys.push((await ctx.apiKeys.create(user.id, { name: 'bench', scopes: [...SCOPES] })).key);
    await ctx.webhooks.create(user.id, { url: receivers.urls[i % receivers.urls.length], events: ['*'] });
  }
  await ctx.close();

  const server = await startProcess([...(process.env.NODE_ARGS ? process.env.NODE_ARGS.split(' ') : []), BIN, 'serve', '--port', '0', ...(worker ? [] : ['--no-worker'])], env);
  const perUser = Math.ceil(EVENTS / SUBS);
  const requests = [];
  for (let u = 0; u < SUBS; u++) {
    for (let j = 0; j < perUser; j += perRequest) {
      const entries = [];
      for (let k = j; k < Math.min(j + perRequest, perUser); k++) {
        const card = cards[k % cards.length];
        entries.push({ card_id: card.id, finish: (card.finishes ?? ['nonfoil'])[0], condition: k < cards.length ? 'near_mint' : 'lightly_played' });
      }
      requests.push({ key: keys[u], entries });
    }
  }
  // Interleave users so every subscription sees a steady stream, as real traffic would.
  requests.sort((a, b) => (a.entries[0].card_id < b.entries[0].card_id ? -1 : 1));

  const t0 = Date.now();
  let next = 0;
  let recorded = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < requests.length) {
        const r = requests[next++];
        const res = await fetch(`${server.url}/api/v1/collection/batch`, {
          method: 'POST',
          headers: { authorization: `Bearer ${r.key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ entries: r.entries }),
        });
        if (res.status !== 201) throw new Error(`batch failed: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        recorded += r.entries.length;
      }
    }),
  );
  const t1 = Date.now();

  // Wait until every recorded event has arrived (then a little longer, to catch duplicates).
  const deadline = worker ? Date.now() + 120_000 : 0;
  let st = await receivers.stats();
  while (Date.now() < deadline && st.unique_events_received < recorded) {
    await new Promise((r) => setTimeout(r, 200));
    st = await receivers.stats();
  }
  await new Promise((r) => setTimeout(r, 500));
  st = await receivers.stats();
  await stop(server);
  await receivers.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return {
    phase: label,
    window_ms: windowMs,
    entries_per_request: perRequest,
    dispatcher: worker,
    events_recorded: recorded,
    record_seconds: (t1 - t0) / 1000,
    events_per_s_recorded: Math.round(recorded / ((t1 - t0) / 1000)),
    deliveries: st.deliveries,
    events_received: st.events_received,
    unique_events_received: st.unique_events_received,
    duplicates: st.duplicates,
    deliveries_per_s_sent: Math.round(st.deliveries / Math.max((st.last_at - st.first_at) / 1000, 0.001)),
    last_post_after_last_api_response_ms: st.last_at - t1,
    window_close_to_post_ms: st.window_close_to_post_ms,
  };
}

const PHASES = {
  baseline: () => phase('API only (--no-worker)', 5_000, { worker: false }),
  spec: () => phase('spec window', 5_000),
  spec100: () => phase('spec window, 100 entries/request', 5_000, { perRequest: 100 }),
  nobatch: () => phase('no batching', 0),
};
const results = [];
for (const name of (process.env.PHASES ?? 'baseline,spec,spec100,nobatch').split(',')) results.push(await PHASES[name]());
console.log(JSON.stringify(results, null, 2));
for (const r of results) {
  if (!r.dispatcher) {
    console.log(`${r.phase}: ${r.events_per_s_recorded} events/s recorded`);
    continue;
  }
  console.log(
    `${r.phase}: ${r.events_per_s_recorded} events/s recorded; ${r.deliveries} deliveries (${r.deliveries_per_s_sent}/s); ` +
      `window close -> POST p50 ${r.window_close_to_post_ms.p50} ms, p99 ${r.window_close_to_post_ms.p99} ms, max ${r.window_close_to_post_ms.max} ms; ` +
      `${r.unique_events_received}/${r.events_recorded} events received (${r.duplicates} duplicates)`,
  );
}
