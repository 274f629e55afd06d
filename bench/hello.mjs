// @ts-check
// The baselines: bare Fastify, no auth, no database. GET / answers {"hello":"world"};
// with BODY_FILE set it answers that file's bytes instead (a response of the same size
// as the endpoint under test, served from memory: the ceiling for that payload). With
// BODY_DIR set (a directory holding `paths.json`, a list of request paths, and `<n>.body`,
// the bytes answered for the n-th), it answers each of those paths with its own bytes: the
// same responses as the server under test, from memory. SPIN_US adds that many microseconds of
// pure computation to every request (a busy wait on the clock): bench/headroom.mjs uses it to
// find how much work a request may add on this host before a req/s share falls below a goal.
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';

const body = process.env.BODY_FILE ? fs.readFileSync(process.env.BODY_FILE) : undefined;
/** @type {Map<string, Buffer>} */
const bodies = new Map();
const dir = process.env.BODY_DIR;
if (dir) {
  const paths = /** @type {string[]} */ (JSON.parse(fs.readFileSync(path.join(dir, 'paths.json'), 'utf8')));
  paths.forEach((p, n) => {
    bodies.set(p, fs.readFileSync(path.join(dir, `${n}.body`)));
  });
}
const spinNs = BigInt(Math.round(Number(process.env.SPIN_US ?? 0) * 1000));
const spin = () => {
  const start = process.hrtime.bigint();
  while (process.hrtime.bigint() - start < spinNs);
};
const app = Fastify({ logger: false });
if (dir) {
  app.get('/*', async (req, reply) => {
    const b = bodies.get(req.url);
    return b ? reply.type('application/json; charset=utf-8').send(b) : reply.code(404).send({ error: 'unknown path' });
  });
} else {
  app.get('/', async (_req, reply) => {
    if (spinNs > 0n) spin();
    return body ? reply.type('application/json').send(body) : { hello: 'world' };
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = /** @type {import('node:net').AddressInfo} */ (app.server.address());
console.log(`listening at http://127.0.0.1:${port}`);
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
