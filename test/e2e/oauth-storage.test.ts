import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { EXPIRED_RETENTION_MS, createAdapterFactory } from '../../src/oauth/adapter.js';
import { loadServerKeys } from '../../src/oauth/keys.js';
import { createOAuthStore } from '../../src/oauth/store.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The storage adapter oidc-provider runs on, against the real database (SQLite, or PostgreSQL
 * when DATABASE_URL says so), with a clock the test moves.
 */

let server: TestServer;
const clock = new ManualClock('2026-11-22T10:00:00.000Z');
const sha = (v: string) => createHash('sha256').update(v).digest('hex');

beforeAll(async () => {
  server = await startTestServer({}, { cards: false });
});
afterAll(async () => {
  await server?.close();
});

function adapterFor(model: string) {
  return createAdapterFactory({ store: createOAuthStore(server.ctx.database.db), clock, isOwnResource: () => true })(model);
}

async function rowsOf(grantId: string) {
  return server.ctx.database.db.selectFrom('oauth_records').selectAll().where('grant_id', '=', grantId).orderBy('model').execute();
}

describe('oidc-provider storage on our database', () => {
  it('stores an artefact under the SHA-256 of its id, without the id, and gives it back whole', async () => {
    const tokens = adapterFor('AccessToken');
    const id = 'ccs_at_storage-test-token-value-0000000000000000000';
    await tokens.upsert(id, { jti: id, kind: 'AccessToken', accountId: 'u1', clientId: 'c1', grantId: 'g1', scope: 'profile:read', exp: 1 }, 3600);
    const [row] = await rowsOf('g1');
    expect(row).toMatchObject({ model: 'AccessToken', id: sha(id), user_id: 'u1', client_id: 'c1', scope: 'profile:read', expires_at: '2026-11-22T11:00:00.000Z' });
    expect(row!.payload).not.toContain(id);
    expect(await tokens.find(id)).toMatchObject({ jti: id, accountId: 'u1', scope: 'profile:read' });
    expect(await tokens.find('ccs_at_some-other-value')).toBeUndefined();
  });

  it('forgets an artefact once the service clock passes its expiry', async () => {
    const codes = adapterFor('AuthorizationCode');
    await codes.upsert('code-expiring', { kind: 'AuthorizationCode', grantId: 'g2', clientId: 'c1', accountId: 'u1' }, 60);
    clock.advance(59_999);
    expect(await codes.find('code-expiring')).toBeDefined();
    clock.advance(1);
    expect(await codes.find('code-expiring')).toBeUndefined();
  });

  it('marks a code used, and treats a second use that raced past the library as reuse: the grant is revoked', async () => {
    const codes = adapterFor('AuthorizationCode');
    const tokens = adapterFor('AccessToken');
    await adapterFor('Grant').upsert('g3', { kind: 'Grant', accountId: 'u1', clientId: 'c1', resources: { 'http://x/api/v1': 'profile:read' } } as never, 3600);
    await codes.upsert('code-once', { kind: 'AuthorizationCode', grantId: 'g3', clientId: 'c1', accountId: 'u1' }, 60);
    await tokens.upsert('token-of-g3', { kind: 'AccessToken', grantId: 'g3', clientId: 'c1', accountId: 'u1' }, 3600);
    await codes.consume('code-once');
    expect((await codes.find('code-once'))?.consumed).toBeTruthy();
    await expect(codes.consume('code-once')).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await rowsOf('g3')).every((r) => r.revoked_at !== null)).toBe(true);
    expect(await tokens.find('token-of-g3')).toBeUndefined();
  });

  it('keeps destroyed tokens as revoked (so the API can say so) and deletes sign-in interactions outright', async () => {
    const tokens = adapterFor('AccessToken');
    await tokens.upsert('token-destroyed', { kind: 'AccessToken', grantId: 'g4', clientId: 'c1', accountId: 'u1' }, 3600);
    await tokens.destroy('token-destroyed');
    expect(await tokens.find('token-destroyed')).toBeUndefined();
    expect((await rowsOf('g4'))[0]!.revoked_at).toBe(clock.now().toISOString());

    const interactions = adapterFor('Interaction');
    await interactions.upsert('interaction-1', { kind: 'Interaction', uid: 'interaction-1' } as never, 600);
    await interactions.destroy('interaction-1');
    const left = await server.ctx.database.db.selectFrom('oauth_records').select('id').where('id', '=', sha('interaction-1')).execute();
    expect(left).toEqual([]);
  });

  it('finds a session by its uid, without the session id it only has as a hash', async () => {
    const sessions = adapterFor('Session');
    await sessions.upsert('session-cookie-value', { kind: 'Session', uid: 'session-uid-1', accountId: 'u1' } as never, 600);
    const found = await sessions.findByUid('session-uid-1');
    expect(found).toMatchObject({ uid: 'session-uid-1', accountId: 'u1' });
    expect(found).not.toHaveProperty('jti');
  });

  it('never registers clients through the protocol', async () => {
    await expect(adapterFor('Client').upsert('x', {}, 1)).rejects.toThrow(/managed by the service/);
    expect(await adapterFor('Client').find('no-such-client')).toBeUndefined();
  });

  it('purges artefacts a week after they expired, on a later write', async () => {
    const tokens = adapterFor('AccessToken');
    await tokens.upsert('token-old', { kind: 'AccessToken', grantId: 'g5', clientId: 'c1', accountId: 'u1' }, 60);
    clock.advance(EXPIRED_RETENTION_MS + 120_000);
    // A new adapter factory purges on its first write.
    await adapterFor('AccessToken').upsert('token-new', { kind: 'AccessToken', grantId: 'g6', clientId: 'c1', accountId: 'u1' }, 60);
    expect(await rowsOf('g5')).toEqual([]);
    expect(await rowsOf('g6')).toHaveLength(1);
  });

  it('creates the signing and cookie keys once, whoever asks first', async () => {
    const store = createOAuthStore(server.ctx.database.db);
    const [a, b] = await Promise.all([loadServerKeys(store, clock), loadServerKeys(store, clock)]);
    expect(a).toEqual(b);
    expect(a.jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(await loadServerKeys(store, clock)).toEqual(a);
  });
});
