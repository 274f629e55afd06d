// @ts-check
// The baselines: bare Fastify, no auth, no database. GET / answers {"hello":"world"};
// with BODY_FILE set it answers that file's bytes instead (a response of the same size
// as the endpoint under test, served from memory: the ceiling for that payload).
import fs from 'node:fs';
import Fastify from 'fastify';

const body = process.env.BODY_FILE ? fs.readFileSync(process.env.BODY_FILE) : undefined;
const app = Fastify({ logger: false });
app.get('/', async (_req, reply) => (body ? reply.type('application/json').send(body) : { hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = /** @type {import('node:net').AddressInfo} */ (app.server.address());
console.log(`listening at http://127.0.0.1:${port}`);
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
