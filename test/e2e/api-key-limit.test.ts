import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { AppError } from '../../src/errors.js';
import { BIN } from '../helpers/cli.js';
import { PortalClient } from '../helpers/portal.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * At most 50 active API keys per account (`CCS_MAX_API_KEYS`, contract section 3): more keys
 * must never mean more of anything. Every way to create a key (the portal, the CLI) answers the
 * one past the cap with 409 `api_key_limit_reached`; revoked keys do not count.
 */
const run = promisify(execFile);
const LIMIT = 3;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ maxApiKeys: LIMIT }, { cards: false });
});
afterAll(async () => {
  await server?.close();
});

async function userWithNoKeys(name: string): Promise<string> {
  const profile = await server.ctx.accounts.createUser({ username: name, email: `${name}@example.com`, password: 'correct horse battery' });
  return profile.id;
}

const unique = (p: string) => `${p}_${Math.random().toString(36).slice(2, 8)}`;

describe('the cap on active API keys', () => {
  it('is 50 by default and configurable', () => {
    expect(loadConfig({}).maxApiKeys).toBe(50);
    expect(loadConfig({ CCS_MAX_API_KEYS: '7' }).maxApiKeys).toBe(7);
    expect(() => loadConfig({ CCS_MAX_API_KEYS: '0' })).toThrow(/CCS_MAX_API_KEYS/);
  });

  it('refuses the 51st active key of an account under the default', async () => {
    const big = await startTestServer({}, { cards: false, shareDatabaseWith: server });
    try {
      const userId = (await big.ctx.accounts.createUser({ username: unique('fifty'), email: `${unique('f')}@example.com`, password: 'correct horse battery' })).id;
      for (let i = 0; i < 50; i++) await big.ctx.apiKeys.create(userId, { name: `k${i}`, scopes: ['cards:read'] });
      const err = await big.ctx.apiKeys.create(userId, { name: 'one too many', scopes: ['cards:read'] }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ status: 409, code: 'api_key_limit_reached', extra: { limit: 50 } });
      expect((await big.ctx.apiKeys.list(userId)).length).toBe(50);
    } finally {
      await big.close();
    }
  });

  it('answers 409 api_key_limit_reached in the portal, and counts only active keys', async () => {
    const portal = new PortalClient(server.url);
    expect((await portal.signUp(unique('portal'))).status).toBe(201);
    const create = (name: string) => portal.request('POST', '/portal/api/keys', { body: { name, scopes: ['cards:read'] } });
    const ids: string[] = [];
    for (let i = 0; i < LIMIT; i++) {
      const res = await create(`k${i}`);
      expect(res.status).toBe(201);
      ids.push(res.body.data.id);
    }
    const refused = await create('one too many');
    expect(refused.status).toBe(409);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({ code: 'api_key_limit_reached', limit: LIMIT, type: expect.stringMatching(/\/docs\/errors#api_key_limit_reached$/) });
    expect(refused.body.detail).toMatch(/at most 3 active API keys; revoke one/);
    expect((await portal.request('GET', '/portal/api/keys')).body.data).toHaveLength(LIMIT);

    // A revoked key frees its place; the revoked one is still listed.
    expect((await portal.request('POST', `/portal/api/keys/${ids[0]}/revoke`)).status).toBe(200);
    expect((await create('replacement')).status).toBe(201);
    expect((await create('again too many')).status).toBe(409);
    expect((await portal.request('GET', '/portal/api/keys')).body.data).toHaveLength(LIMIT + 1);
  });

  it('refuses the key past the cap from the CLI with a clear message and exit code 1', async () => {
    const username = unique('cli');
    const userId = await userWithNoKeys(username);
    for (let i = 0; i < LIMIT - 1; i++) await server.ctx.apiKeys.create(userId, { name: `k${i}`, scopes: ['cards:read'] });
    const env = { ...server.childEnv, CCS_MAX_API_KEYS: String(LIMIT) };
    const key = (name: string) => run(process.execPath, [BIN, 'key', 'create', '--user', username, '--name', name, '--scopes', 'cards:read'], { env });
    expect((await key('last place')).stdout).toMatch(/^ccs_live_/);
    const refused = (await key('one too many').catch((e: unknown) => e)) as { code: number; stdout: string; stderr: string };
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/at most 3 active API keys; revoke one/);
  }, 60_000);

  it('lets exactly the places left through when creates race', async () => {
    const userId = await userWithNoKeys(unique('race'));
    await server.ctx.apiKeys.create(userId, { name: 'first', scopes: ['cards:read'] });
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => server.ctx.apiKeys.create(userId, { name: `r${i}`, scopes: ['cards:read'] })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(LIMIT - 1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'api_key_limit_reached' });
    expect((await server.ctx.apiKeys.list(userId)).length).toBe(LIMIT);
  });

  it('never counts another account\'s keys', async () => {
    const a = await userWithNoKeys(unique('a'));
    const b = await userWithNoKeys(unique('b'));
    for (let i = 0; i < LIMIT; i++) await server.ctx.apiKeys.create(a, { name: `a${i}`, scopes: ['cards:read'] });
    await expect(server.ctx.apiKeys.create(b, { name: 'b0', scopes: ['cards:read'] })).resolves.toMatchObject({ name: 'b0' });
  });
});
