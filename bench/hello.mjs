// The baseline: bare Fastify answering {"hello":"world"}, no auth, no database.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address();
console.log(`listening at http://127.0.0.1:${port}`);
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
