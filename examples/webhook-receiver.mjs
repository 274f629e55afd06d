#!/usr/bin/env node
// A minimal Card Collection Service webhook receiver: plain node:http, no dependencies.
//
//   WEBHOOK_SECRET=whsec_... PORT=4000 node examples/webhook-receiver.mjs
//
// It verifies X-Webhook-Signature over the raw body bytes (constant-time), answers
// 401 when it does not match, de-duplicates events by id (delivery is at-least-once),
// and answers 204 quickly: do slow work after answering, the sender waits 10 s at most.
// Inside this repository the same check is exported as verifyWebhookSignature from
// 'ccs/webhooks/verify' (dist/webhooks/verify.js).
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

const secret = process.env.WEBHOOK_SECRET;
if (!secret) {
  console.error('Set WEBHOOK_SECRET to the subscription secret.');
  process.exit(2);
}
const port = Number(process.env.PORT ?? 4000);
const host = process.env.HOST ?? '127.0.0.1';
// The service sends up to CCS_WEBHOOK_BATCH_MAX_BYTES (6 MiB by default) in one delivery, a
// single larger event alone: accept that much, with room to spare, and refuse only what no
// delivery could be. Raise MAX_BODY_BYTES if the operator raised that setting.
const MAX_BODY = Number(process.env.MAX_BODY_BYTES ?? 16 * 1024 * 1024);

function signatureMatches(raw, header) {
  if (typeof header !== 'string' || !/^[0-9a-f]{64}$/i.test(header.trim())) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(header.trim(), 'hex'));
}

// Remember recent event ids so a redelivered batch is not processed twice.
const seen = new Set();
function remember(id) {
  seen.add(id);
  if (seen.size > 100_000) seen.delete(seen.values().next().value);
}

const server = http.createServer((req, res) => {
  if (req.method !== 'POST') {
    res.writeHead(405, { allow: 'POST' }).end();
    return;
  }
  const chunks = [];
  let size = 0;
  req.on('data', (chunk) => {
    size += chunk.length;
    if (size > MAX_BODY) req.destroy();
    else chunks.push(chunk);
  });
  req.on('end', () => {
    const raw = Buffer.concat(chunks); // verify these exact bytes, before any JSON parsing
    if (!signatureMatches(raw, req.headers['x-webhook-signature'])) {
      res.writeHead(401, { 'content-type': 'text/plain' }).end('invalid signature\n');
      console.log(`rejected delivery ${req.headers['x-webhook-delivery'] ?? '?'}: bad signature`);
      return;
    }
    let events;
    try {
      events = JSON.parse(raw.toString('utf8'));
    } catch {
      res.writeHead(400).end();
      return;
    }
    res.writeHead(204).end();
    const test = req.headers['x-webhook-test'] === 'true' ? ' (test)' : '';
    console.log(`delivery ${req.headers['x-webhook-delivery']}${test}: ${events.length} event(s)`);
    for (const event of events) {
      if (seen.has(event.id)) continue;
      remember(event.id);
      console.log(`  ${event.timestamp} ${event.type} ${event.id}`);
    }
  });
});

server.listen(port, host, () => {
  const { port: actual } = server.address();
  console.log(`webhook receiver listening on http://${host}:${actual}/`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => server.close(() => process.exit(0)));
