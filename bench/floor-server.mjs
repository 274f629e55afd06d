// @ts-check
// The least an authenticated collection page can be in Fastify, for bench/headroom.mjs: what
// the contract makes every answer carry (a request id, the common headers, the three rate-limit
// headers), a bearer token looked up in a Map (no hashing, no revocation check, no database),
// an in-memory counter, and the page's bytes from memory. Not a service: a measuring stick for
// how much of the service's cost is its own bookkeeping rather than Fastify, Node and the kernel.
// BODY_FILE: the page; TOKEN: the one key it knows.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import Fastify from 'fastify';

const body = fs.readFileSync(/** @type {string} */ (process.env.BODY_FILE));
const principals = new Map([[process.env.TOKEN, { userId: 'u1', limit: 1_000_000_000 }]]);
/** @type {Map<string, number>} */
const counts = new Map();
const app = Fastify({ logger: false, genReqId: () => randomUUID() });
app.addHook('onRequest', (req, reply, done) => {
  reply.header('x-request-id', req.id);
  reply.header('x-content-type-options', 'nosniff');
  const header = req.headers.authorization;
  const principal = header?.startsWith('Bearer ') ? principals.get(header.slice(7)) : undefined;
  if (!principal) {
    reply.code(401).send({ code: 'invalid_token' });
    return;
  }
  const used = (counts.get(principal.userId) ?? 0) + 1;
  counts.set(principal.userId, used);
  reply.header('ratelimit-limit', String(principal.limit));
  reply.header('ratelimit-remaining', String(principal.limit - used));
  reply.header('ratelimit-reset', '9');
  done();
});
app.get('/api/v1/collection', async (_req, reply) => reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8').send(body));
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = /** @type {import('node:net').AddressInfo} */ (app.server.address());
console.log(`listening at http://127.0.0.1:${port}`);
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
