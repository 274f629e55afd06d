import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthBrowser } from '../helpers/oauth.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server.js';

/** examples/oauth-client.mjs, run as a user would run it, against a real server. */

const EXAMPLE = path.resolve(import.meta.dirname, '../../examples/oauth-client.mjs');

let server: TestServer;
let user: TestUser;
let example: ChildProcess | undefined;
let exampleUrl = '';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  server = await startTestServer({}, { cards: false });
  const developer = await server.createUser();
  user = await server.createUser();
  const port = await freePort();
  exampleUrl = `http://127.0.0.1:${port}`;
  const app = await server.ctx.oauth.createClient(developer.id, { name: 'Example app', redirect_uris: [`${exampleUrl}/callback`], type: 'confidential' });
  example = spawn(process.execPath, [EXAMPLE], {
    env: { ...process.env, CCS_URL: server.url, CLIENT_ID: app.client_id, CLIENT_SECRET: app.client_secret!, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  example.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  await new Promise<void>((resolve, reject) => {
    example!.stdout!.on('data', (c: Buffer) => c.toString().includes('listening') && resolve());
    example!.once('exit', (code) => reject(new Error(`example exited with ${code}: ${stderr}`)));
  });
}, 60_000);

afterAll(async () => {
  example?.kill('SIGTERM');
  await server?.close();
});

describe('the example OAuth client', () => {
  it('connects a user\u2019s collection, reads it, refreshes its token and disconnects', async () => {
    const login = await fetch(`${exampleUrl}/login`, { redirect: 'manual' });
    expect(login.status).toBe(302);
    const browser = new OAuthBrowser(server);
    await browser.signIn(user.username, 'correct horse battery');
    const consent = await browser.go(login.headers.get('location')!);
    expect(consent.kind).toBe('consent');
    if (consent.kind !== 'consent') return;
    const back = await browser.decide(consent, 'allow');
    expect(back.kind).toBe('callback');
    if (back.kind !== 'callback') return;
    expect(back.url.origin).toBe(exampleUrl);

    const callback = await fetch(back.url, { redirect: 'manual' });
    expect(callback.status).toBe(302);
    const me = await (await fetch(`${exampleUrl}/me`)).text();
    expect(me).toContain(`<strong data-username>${user.username}</strong>`);
    expect(me).toContain('Collection: 0 entries');

    expect((await fetch(`${exampleUrl}/refresh`, { redirect: 'manual' })).status).toBe(302);
    expect(await (await fetch(`${exampleUrl}/me`)).text()).toContain(user.username);
    expect(await server.ctx.oauth.listAuthorizations(user.id)).toHaveLength(1);

    expect(await (await fetch(`${exampleUrl}/disconnect`)).text()).toContain('Disconnected');
    expect(await server.ctx.oauth.listAuthorizations(user.id)).toEqual([]);
  });
});
