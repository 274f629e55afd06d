import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthBrowser, REDIRECT_URI, authorizationRequest, consentAndReturn, discover, exchange, type RegisteredApp } from '../helpers/oauth.js';
import { ccs as runCcs } from '../helpers/cli.js';
import { PortalClient } from '../helpers/portal.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server.js';

/** Registering OAuth applications: `ccs oauth-client` and the portal's OAuth apps API, good input and bad. */

const PASSWORD = 'correct horse battery';

let server: TestServer;
let developer: TestUser;
let portal: PortalClient;

beforeAll(async () => {
  server = await startTestServer({}, { cards: false });
  developer = await server.createUser();
  portal = new PortalClient(server.url);
  await portal.signIn(developer.username, PASSWORD);
});
afterAll(async () => {
  await server?.close();
});

const ccs = (...args: string[]) => runCcs(server, ...args);

describe('ccs oauth-client', () => {
  it('creates a confidential client and prints {"client_id","client_secret"} with --json, which work in the flow', async () => {
    const res = await ccs('oauth-client', 'create', '--user', developer.username, '--name', 'CLI App', '--redirect-uri', REDIRECT_URI, '--redirect-uri', 'https://cli.example/cb', '--json');
    expect(res.code).toBe(0);
    const printed = JSON.parse(res.stdout) as { client_id: string; client_secret: string };
    expect(Object.keys(printed).sort()).toEqual(['client_id', 'client_secret']);
    expect(printed.client_secret).toMatch(/^ccs_cs_/);
    const stored = await server.ctx.oauth.getClient(developer.id, printed.client_id);
    expect(stored).toMatchObject({ name: 'CLI App', type: 'confidential', redirect_uris: [REDIRECT_URI, 'https://cli.example/cb'] });

    const app: RegisteredApp = {
      clientId: printed.client_id,
      clientSecret: printed.client_secret,
      redirectUri: REDIRECT_URI,
      client: { client_id: printed.client_id },
      auth: oauth.ClientSecretBasic(printed.client_secret),
    };
    const user = await server.createUser();
    const browser = new OAuthBrowser(server);
    await browser.signIn(user.username, PASSWORD);
    const as = await discover(server);
    const request = await authorizationRequest(as, app, { scope: 'profile:read' });
    const tokens = await exchange(as, app, request, await consentAndReturn(browser, request));
    const me = await server.request('GET', '/api/v1/profile', { token: tokens.access_token });
    expect(me.body.data.username).toBe(user.username);
  });

  it('creates a public client with --public: no secret is printed', async () => {
    const res = await ccs('oauth-client', 'create', '--user', developer.username, '--name', 'Mobile', '--redirect-uri', REDIRECT_URI, '--public', '--json');
    expect(res.code).toBe(0);
    const printed = JSON.parse(res.stdout) as Record<string, string>;
    expect(Object.keys(printed)).toEqual(['client_id']);
    expect((await server.ctx.oauth.getClient(developer.id, printed.client_id!)).type).toBe('public');
  });

  it('lists and deletes clients, never printing a secret', async () => {
    const created = JSON.parse((await ccs('oauth-client', 'create', '--user', developer.username, '--name', 'Gone Soon', '--redirect-uri', REDIRECT_URI, '--json')).stdout) as {
      client_id: string;
      client_secret: string;
    };
    const list = await ccs('oauth-client', 'list', '--user', developer.username);
    expect(list.stdout).toContain(created.client_id);
    expect(list.stdout).not.toContain(created.client_secret);
    expect((await ccs('oauth-client', 'delete', created.client_id)).code).toBe(0);
    expect((await ccs('oauth-client', 'list', '--user', developer.username)).stdout).not.toContain(created.client_id);
  });

  it('explains a bad redirect URI and creates nothing', async () => {
    const before = (await server.ctx.oauth.listClients(developer.id)).length;
    const badUri = await ccs('oauth-client', 'create', '--user', developer.username, '--name', 'X', '--redirect-uri', 'http://example.com/cb');
    expect(badUri.code).toBe(1);
    expect(badUri.stderr).toContain('redirect_uris[0]');
    expect(badUri.stdout).toBe('');
    expect((await server.ctx.oauth.listClients(developer.id)).length).toBe(before);
  });
});

describe('portal: OAuth apps', () => {
  const create = (body: Record<string, unknown>, client: PortalClient = portal) => client.request('POST', '/portal/api/oauth-apps', { body });

  it('refuses redirect URIs that could not be matched safely, naming each one', async () => {
    const res = await create({
      name: 'Bad',
      homepage_url: 'ftp://bad.example',
      type: 'confidential',
      redirect_uris: ['http://example.com/cb', 'https://App.example/cb', 'https://app.example/cb#frag', 'not a url', 'https://user:pw@app.example/cb', 'javascript:alert(1)'],
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation_failed');
    const fields = res.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(['homepage_url', 'redirect_uris[0]', 'redirect_uris[1]', 'redirect_uris[2]', 'redirect_uris[3]', 'redirect_uris[4]', 'redirect_uris[5]']);
    expect(res.body.errors[2].message).toContain('https://app.example/cb');
    expect((await create({ name: ' ', redirect_uris: [], type: 'public' })).body.errors.map((e: { field: string }) => e.field)).toEqual(['name', 'redirect_uris']);
    expect((await create({ name: 'x', redirect_uris: [REDIRECT_URI], type: 'secret' })).status).toBe(422);
    expect((await create({ name: 'x', redirect_uris: [REDIRECT_URI], type: 'public', extra: 1 })).status).toBe(422);
  });

  it('refuses a name that would not draw as what it holds on the consent page (a direction override, a line break), creating nothing', async () => {
    const before = (await server.ctx.oauth.listClients(developer.id)).length;
    // U+202E draws "Moxfield" from "dleifxoM": a look-alike of another application on the consent page.
    for (const name of ['\u202edleifxoM', 'Deck Builder\nby Moxfield']) {
      const res = await create({ name, type: 'public', redirect_uris: [REDIRECT_URI] });
      expect(res.status, JSON.stringify(name)).toBe(422);
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'name', code: 'invalid_characters' })]);
    }
    const cli = await ccs('oauth-client', 'create', '--user', developer.username, '--name', 'Plain name', '--redirect-uri', REDIRECT_URI);
    expect(cli.code, cli.stderr).toBe(0);
    const spoof = await ccs('oauth-client', 'create', '--user', developer.username, '--name', '\u202eSpoof', '--redirect-uri', REDIRECT_URI);
    expect(spoof.code).toBe(1);
    expect(spoof.stderr).toContain('name: must not hold control characters');
    expect((await server.ctx.oauth.listClients(developer.id)).length).toBe(before + 1);
  });

  it('accepts https anywhere and http on loopback addresses', async () => {
    const res = await create({ name: 'Good', type: 'public', redirect_uris: ['https://app.example/cb', 'http://localhost:3000/cb', 'http://127.0.0.1/cb', 'http://[::1]:8080/cb'] });
    expect(res.status).toBe(201);
    expect(res.body.data.client_secret).toBeNull();
    expect(res.body.data.homepage_url).toBeNull();
  });

  it('keeps applications to their developer: another user gets 404', async () => {
    const mine = await create({ name: 'Mine', type: 'confidential', redirect_uris: [REDIRECT_URI] });
    const stranger = await server.createUser();
    const theirs = new PortalClient(server.url);
    await theirs.signIn(stranger.username, PASSWORD);
    expect((await theirs.request('GET', '/portal/api/oauth-apps')).body.data).toEqual([]);
    expect((await theirs.request('POST', `/portal/api/oauth-apps/${mine.body.data.client_id}/rotate-secret`)).status).toBe(404);
    expect((await theirs.request('DELETE', `/portal/api/oauth-apps/${mine.body.data.client_id}`)).status).toBe(404);
    expect((await theirs.request('POST', `/portal/api/authorized-apps/${mine.body.data.client_id}/revoke`)).status).toBe(404);
  });

  it('registers at most 50 applications per developer, also when registrations race: 409 past the cap, nothing created', async () => {
    const busy = await server.createUser();
    const client = new PortalClient(server.url);
    await client.signIn(busy.username, PASSWORD);
    for (let i = 0; i < 46; i++) await server.ctx.oauth.createClient(busy.id, { name: `App ${i}`, type: 'public', redirect_uris: [REDIRECT_URI] });
    const raced = await Promise.all(Array.from({ length: 40 }, (_, i) => create({ name: `Racer ${i}`, type: 'public', redirect_uris: [REDIRECT_URI] }, client)));
    expect(raced.filter((r) => r.status === 201)).toHaveLength(4);
    const refused = raced.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 409 && r.body.code === 'conflict')).toBe(true);
    expect(refused[0]!.body.detail).toContain('at most 50 OAuth applications');
    expect((await client.request('GET', '/portal/api/oauth-apps')).body.data).toHaveLength(50);
  });

  it('needs a signed-in session and the CSRF token', async () => {
    const anonymous = new PortalClient(server.url);
    expect((await anonymous.request('GET', '/portal/api/oauth-apps')).status).toBe(401);
    expect((await portal.request('POST', '/portal/api/oauth-apps', { body: { name: 'x', type: 'public', redirect_uris: [REDIRECT_URI] }, csrf: false })).status).toBe(403);
  });
});
