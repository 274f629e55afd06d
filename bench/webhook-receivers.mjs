// @ts-check
// Receivers for bench/webhooks.mjs, in their own process so the load generator's work never
// delays an arrival timestamp. `node bench/webhook-receivers.mjs <count> <windowMs>` prints
// {"urls": [...]} once listening; GET /stats on any of them answers the figures so far.
import http from 'node:http';

const count = Number(process.argv[2] ?? 4);
const windowMs = Number(process.argv[3] ?? 5000);
const deliveries = []; // { at, firstTimestamp, events }
const seen = new Set();
let duplicates = 0;
let eventsReceived = 0;

function pct(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function stats() {
  const delays = deliveries.map((d) => d.at - (d.firstTimestamp + windowMs)).sort((a, b) => a - b);
  const first = deliveries.length ? Math.min(...deliveries.map((d) => d.at)) : 0;
  const last = deliveries.length ? Math.max(...deliveries.map((d) => d.at)) : 0;
  return {
    deliveries: deliveries.length,
    events_received: eventsReceived,
    unique_events_received: seen.size,
    duplicates,
    first_at: first,
    last_at: last,
    window_close_to_post_ms: { p50: pct(delays, 50), p99: pct(delays, 99), max: delays.length ? delays[delays.length - 1] : null },
  };
}

const servers = [];
for (let i = 0; i < count; i++) {
  const server = http.createServer((req, res) => {
    const at = Date.now(); // headers parsed: the POST has arrived
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(stats()));
      return;
    }
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(204).end();
      const events = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      let firstTimestamp = Infinity;
      for (const e of events) {
        firstTimestamp = Math.min(firstTimestamp, Date.parse(e.timestamp));
        eventsReceived += 1;
        // One event reaches each subscription that wants it: a duplicate is the same event at the same URL again.
        const key = `${req.url}|${e.id}`;
        if (seen.has(key)) duplicates += 1;
        else seen.add(key);
      }
      deliveries.push({ at, firstTimestamp, count: events.length });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  servers.push(server);
}
process.stdout.write(`${JSON.stringify({ urls: servers.map((s) => `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (s.address()).port}/hook`) })}\n`);
process.on('SIGTERM', () => process.exit(0));
