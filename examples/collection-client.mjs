#!/usr/bin/env node
// Adds cards to your collection and lists it, with the typed client `ccs/client`:
//
//   CCS_URL=http://127.0.0.1:8080 CCS_KEY=ccs_live_... node examples/collection-client.mjs <card-id> [quantity]
//
// The key needs collection:write. Every write carries an Idempotency-Key made once per call, so
// when a connection drops or the service answers 429/503 the client retries (after Retry-After)
// and the cards are still added once. paginate() follows the cursors through every page.
// Inside this repository 'ccs/client' is dist/client/index.js (built by `npm install`).
import { createCcsClient } from 'ccs/client';

const [cardId, quantity = '1'] = process.argv.slice(2);
if (!process.env.CCS_KEY || !cardId) {
  console.error('usage: CCS_KEY=ccs_live_... node examples/collection-client.mjs <card-id> [quantity]');
  process.exit(2);
}
const ccs = createCcsClient({ baseUrl: process.env.CCS_URL ?? 'http://127.0.0.1:8080', token: process.env.CCS_KEY });

const added = await ccs.POST('/api/v1/collection', { body: { card_id: cardId, quantity: Number(quantity) } });
if (added.error) {
  console.error(`not added: ${added.error.status} ${added.error.code}: ${added.error.detail}`);
  process.exit(1);
}
const entry = added.data.data;
console.log(`${added.response.status === 201 ? 'added' : 'now'} ${entry.quantity} x ${entry.card.name} (${entry.card.set}) [etag ${added.response.headers.get('etag')}]`);

let total = 0;
for await (const e of ccs.paginate('/api/v1/collection', { params: { query: { sort: 'name', limit: 100 } } })) {
  total += e.quantity;
  console.log(`${String(e.quantity).padStart(5)}  ${e.card.name}  ${e.value ? `$${e.value.total}` : ''}`);
}
console.log(`${total} cards`);
