import net from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';
import { CCS_BIN, ensureBuilt, spawnNode } from '../helpers/webhooks.js';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

const CONTINUE = 'HTTP/1.1 100 Continue\r\n\r\n';

/**
 * A raw connection with a POST in flight: headers sent with `Expect: 100-continue`, body held
 * back. The server's "100 Continue" proves it has parsed the headers and is waiting for the body.
 */
async function requestInFlight(url: string, token: string): Promise<{ response: Promise<string>; finish(): void }> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  socket.on('error', () => undefined);
  const body = JSON.stringify({ name: 'Drafts' });
  let received = '';
  const continued = new Promise<void>((resolve) => {
    socket.on('data', (d: Buffer) => {
      received += d.toString();
      if (received.startsWith(CONTINUE)) resolve();
    });
  });
  socket.write(
    `POST /api/v1/binders HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await continued;
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { response: closed.then(() => received.slice(CONTINUE.length)), finish: () => socket.write(body) };
}

describe('graceful shutdown', () => {
  it('lets a request that is in flight when the stop begins finish, then closes its connection', async () => {
    const server = await startTestServer({ shutdownGraceMs: 60_000 }, { cards: false });
    const user = await server.createUser({ scopes: ['collection:write'] });
    const req = await requestInFlight(server.url, user.key);
    const closing = server.close();
    req.finish();
    // Without the idle sweep the finished connection stays in keep-alive for 72 s and this times out.
    const response = await req.response;
    await closing;
    expect(response).toMatch(/^HTTP\/1\.1 201 /);
    expect(response).toContain('"name":"Drafts"');
  });

  it('cuts a connection whose request is still unfinished after the grace period, unanswered', async () => {
    const server = await startTestServer({ shutdownGraceMs: 200 }, { cards: false });
    const user = await server.createUser({ scopes: ['collection:write'] });
    const req = await requestInFlight(server.url, user.key);
    // Without the grace period this close waits on the body forever and the test times out.
    await server.close();
    expect(await req.response).toBe('');
  });

  describe('ccs serve, as an operator stops it', () => {
    beforeAll(() => ensureBuilt(), 120_000);

    it('exits at once, with status 1, on a second signal while a request still holds the first stop open', async () => {
      const server = await startTestServer({}, { cards: false });
      cleanups.push(() => server.close());
      const user = await server.createUser({ scopes: ['collection:write'] });
      const child = spawnNode([CCS_BIN, 'serve', '--no-worker', '--port', '0'], { ...server.childEnv, LOG_LEVEL: 'info', CCS_SHUTDOWN_GRACE_MS: '60000', CCS_WARM_UP_REQUESTS: '0' });
      cleanups.push(() => child.kill());
      const [, url] = await child.waitForOutput(/running at (http:\/\/\S+)/);
      await requestInFlight(url ?? '', user.key);
      child.child.kill('SIGINT');
      await child.waitForOutput(/shutting down: finishing in-flight requests/);
      // The first stop waits up to a minute for the request; an operator's second Ctrl-C does not.
      child.child.kill('SIGINT');
      expect(await child.exited).toBe(1);
      expect(child.output()).toContain('second signal: exiting now, without finishing what was in flight');
    });
  });
});
