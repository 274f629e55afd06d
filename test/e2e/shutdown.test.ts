import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';

/** A raw connection that sends a POST's headers and only part of its body: a request in flight. */
async function halfSentRequest(url: string, token: string): Promise<{ socket: net.Socket; response: Promise<string>; closed: Promise<void>; finish(): void }> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const body = JSON.stringify({ name: 'Drafts' });
  socket.write(
    `POST /api/v1/binders HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
  );
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, response: closed.then(() => received), closed, finish: () => socket.write(body.slice(5)) };
}

describe('graceful shutdown', () => {
  it('lets a request that is in flight when the stop begins finish, then closes', async () => {
    const server = await startTestServer({ shutdownGraceMs: 60_000 }, { cards: false });
    const user = await server.createUser({ scopes: ['collection:write'] });
    const req = await halfSentRequest(server.url, user.key);
    // Give the server time to parse the headers, so the request is really in flight.
    await new Promise((r) => setTimeout(r, 50));
    const closing = server.close();
    req.finish();
    const response = await req.response;
    await closing;
    expect(response).toMatch(/^HTTP\/1\.1 201 /);
    expect(response).toContain('"name":"Drafts"');
  });

  it('closes a connection whose request is still unfinished after the grace period', async () => {
    const server = await startTestServer({ shutdownGraceMs: 200 }, { cards: false });
    const user = await server.createUser({ scopes: ['collection:write'] });
    const req = await halfSentRequest(server.url, user.key);
    await new Promise((r) => setTimeout(r, 50));
    // Without the grace period this close waits on Node's request timeout (5 minutes) and the test times out.
    await server.close();
    await req.closed;
    expect(req.socket.destroyed).toBe(true);
  });
});
