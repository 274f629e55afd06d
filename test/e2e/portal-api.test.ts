import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { ManualClock } from '../../src/lib/clock.js';
import { disabledNotice } from '../../src/webhooks/notice.js';
import { PortalClient } from '../helpers/portal.js';
import { holdWriteLock } from '../helpers/sql.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitUntil } from '../helpers/webhooks.js';

const PASSWORD = 'correct horse battery';
const unique = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

function cookieNamed(setCookies: string[], name: string): string | undefined {
  return setCookies.find((c) => c.startsWith(`${name}=`));
}

let server: TestServer;
beforeAll(async () => {
  // Every test here signs up from 127.0.0.1; the sign-up limit has a test of its own below.
  server = await startTestServer({ signupPerHour: 10_000 }, { cards: false });
});
afterAll(async () => {
  await server?.close();
});

async function signedUp(on: TestServer = server): Promise<{ portal: PortalClient; username: string; userId: string }> {
  const portal = new PortalClient(on.url);
  const username = unique('dev');
  const res = await portal.signUp(username);
  expect(res.status).toBe(201);
  return { portal, username, userId: res.body.data.user.id };
}

describe('portal sign-up, sign-in and sessions', () => {
  it('signs up, sets an HttpOnly SameSite session cookie on path / and answers the session', async () => {
    const portal = new PortalClient(server.url);
    const anon = await portal.session();
    expect(anon.status).toBe(200);
    expect(anon.body.data).toMatchObject({ authenticated: false, user: null, signup_enabled: true });
    expect(anon.headers.get('cache-control')).toBe('no-store');

    const username = unique('cookie');
    const res = await portal.signUp(username);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ authenticated: true, user: { username, email: `${username}@example.com`, plan: 'free' } });
    const cookie = cookieNamed(portal.lastSetCookies, 'ccs_session')!;
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).toMatch(/; Max-Age=\d+/i);
    expect(cookie).not.toMatch(/; Secure/i);

    const session = await portal.session();
    expect(session.body.data).toMatchObject({ authenticated: true, user: { username } });
    expect(session.body.data.csrf_token).toBe(portal.csrf);
  });

  it('stores only a SHA-256 of the session token', async () => {
    const { portal, userId } = await signedUp();
    const token = portal.cookies.get('ccs_session')!;
    const rows = await server.ctx.database.db.selectFrom('portal_sessions').selectAll().where('user_id', '=', userId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('signs in with the username or the e-mail address and refuses a wrong password', async () => {
    const { username } = await signedUp();
    for (const login of [username, `${username}@example.com`, `${username.toUpperCase()}@EXAMPLE.COM`]) {
      const portal = new PortalClient(server.url);
      const res = await portal.signIn(login, PASSWORD);
      expect(res.status, login).toBe(200);
      expect(res.body.data.user.username).toBe(username);
      expect((await portal.request('GET', '/portal/api/profile')).body.data.username).toBe(username);
    }
    const wrong = await new PortalClient(server.url).signIn(username, 'not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(wrong.body).toMatchObject({ code: 'invalid_credentials', status: 401 });
    const unknown = await new PortalClient(server.url).signIn(unique('nobody'), PASSWORD);
    expect(unknown.body.code).toBe('invalid_credentials');
  });

  it('answers sign-up validation failures as 422 problems naming the fields', async () => {
    const { username } = await signedUp();
    const portal = new PortalClient(server.url);
    const res = await portal.signUp(username, 'short', 'not-an-email');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'password']);
    const taken = await portal.signUp(username, PASSWORD, `${unique('other')}@example.com`);
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual([expect.objectContaining({ field: 'username', code: 'taken' })]);
  });

  it('invalidates the session on sign-out, even for a copy of the cookie', async () => {
    const { portal, userId } = await signedUp();
    const stolen = new PortalClient(server.url);
    stolen.cookies.set('ccs_session', portal.cookies.get('ccs_session')!);
    stolen.csrf = portal.csrf;
    expect((await stolen.request('GET', '/portal/api/profile')).status).toBe(200);

    const out = await portal.request('POST', '/portal/api/sign-out');
    expect(out.status).toBe(204);
    const cleared = cookieNamed(portal.lastSetCookies, 'ccs_session')!;
    expect(cleared).toMatch(/ccs_session=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/i);

    const after = await stolen.request('GET', '/portal/api/profile');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('not_signed_in');
    expect((await stolen.request('GET', '/portal/api/session')).body.data.authenticated).toBe(false);
    const rows = await server.ctx.database.db.selectFrom('portal_sessions').select('id').where('user_id', '=', userId).execute();
    expect(rows).toHaveLength(0);
  });

  it('changes the password, signs out other browsers and keeps this one', async () => {
    const { portal, username } = await signedUp();
    const other = new PortalClient(server.url);
    expect((await other.signIn(username, PASSWORD)).status).toBe(200);

    const wrong = await portal.request('POST', '/portal/api/profile/password', { body: { current_password: 'nope nope nope', new_password: 'a much better password' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0]).toMatchObject({ field: 'current_password' });
    const short = await portal.request('POST', '/portal/api/profile/password', { body: { current_password: PASSWORD, new_password: 'short' } });
    expect(short.status).toBe(422);
    expect(short.body.errors[0]).toMatchObject({ field: 'new_password' });

    const ok = await portal.request('POST', '/portal/api/profile/password', { body: { current_password: PASSWORD, new_password: 'a much better password' } });
    expect(ok.status).toBe(204);
    expect((await portal.request('GET', '/portal/api/profile')).status).toBe(200);
    expect((await other.request('GET', '/portal/api/profile')).status).toBe(401);
    expect((await new PortalClient(server.url).signIn(username, PASSWORD)).status).toBe(401);
    expect((await new PortalClient(server.url).signIn(username, 'a much better password')).status).toBe(200);
  });

  it('counts a wrong current password as a failed sign-in: past the limit the change is refused before the password is checked', async () => {
    const { portal, username } = await signedUp();
    const change = (current: string) => portal.request('POST', '/portal/api/profile/password', { body: { current_password: current, new_password: 'a much better password' } });
    for (let i = 0; i < 10; i++) expect((await change(`guess number ${i}`)).status).toBe(422);
    const refused = await change(PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Sign-in shares the account's budget.
    expect((await new PortalClient(server.url).signIn(username, PASSWORD)).status).toBe(429);
  });

  it('answers the profile: username, e-mail and plan', async () => {
    const { portal, username, userId } = await signedUp();
    const res = await portal.request('GET', '/portal/api/profile');
    expect(res.body).toEqual({ data: { id: userId, username, email: `${username}@example.com`, plan: 'free' }, meta: {} });
  });
});

describe('portal CSRF protection', () => {
  it('refuses a state-changing request without the X-CSRF-Token header', async () => {
    const { portal } = await signedUp();
    const res = await portal.request('POST', '/portal/api/keys', { body: { name: 'x', scopes: ['cards:read'] }, csrf: false });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ code: 'csrf_failed', status: 403 });
    expect((await portal.request('GET', '/portal/api/keys')).body.data).toHaveLength(0);
  });

  it('refuses a wrong token, another session’s token and the pre-session token once signed in', async () => {
    const { portal } = await signedUp();
    const { portal: other } = await signedUp();
    const anon = new PortalClient(server.url);
    await anon.session();
    for (const token of ['x'.repeat(43), other.csrf, anon.csrf]) {
      const res = await portal.request('POST', '/portal/api/keys', { body: { name: 'x', scopes: ['cards:read'] }, csrf: token });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('csrf_failed');
    }
    const sign = await portal.request('POST', '/portal/api/sign-out', { csrf: false });
    expect(sign.status).toBe(403);
  });

  it('refuses requests from another origin even with the right token', async () => {
    const { portal } = await signedUp();
    const body = { name: 'x', scopes: ['cards:read'] };
    const hostile: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/page' },
      // A Referer no parser reads (its "port" is not a number) names no trusted origin either.
      { referer: `${server.url}.evil.test/` },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of hostile) {
      const res = await portal.request('POST', '/portal/api/keys', { body, headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.code).toBe('csrf_failed');
    }
    const same = await portal.request('POST', '/portal/api/keys', { body, headers: { origin: server.url, 'sec-fetch-site': 'same-origin' } });
    expect(same.status).toBe(201);
  });

  it('protects sign-in and sign-up with the pre-session token', async () => {
    const { username } = await signedUp();
    const portal = new PortalClient(server.url);
    await portal.session();
    expect(cookieNamed(portal.lastSetCookies, 'ccs_csrf')).toMatch(/HttpOnly/i);
    expect((await portal.request('POST', '/portal/api/sign-in', { body: { login: username, password: PASSWORD }, csrf: false })).status).toBe(403);
    expect((await portal.request('POST', '/portal/api/sign-up', { body: { username: unique('x'), email: `${unique('x')}@example.com`, password: PASSWORD }, csrf: false })).status).toBe(403);
    const noCookie = new PortalClient(server.url);
    const forged = await noCookie.request('POST', '/portal/api/sign-in', { body: { login: username, password: PASSWORD }, csrf: portal.csrf });
    expect(forged.status).toBe(403);
    expect((await portal.signIn(username, PASSWORD)).status).toBe(200);
  });

  it('does not accept API bearer keys on portal routes, nor session cookies on the API', async () => {
    const user = await server.createUser();
    const res = await server.request('GET', '/portal/api/profile', { token: user.key });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('not_signed_in');
    const { portal } = await signedUp();
    const api = await fetch(`${server.url}/api/v1/profile`, { headers: { cookie: portal.cookieHeader() } });
    expect(api.status).toBe(401);
    await api.text();
  });
});

describe('portal API keys', () => {
  it('creates a key shown once, lists it without the secret, and revokes it for the next API request', async () => {
    const { portal } = await signedUp();
    const created = await portal.request('POST', '/portal/api/keys', { body: { name: 'Sync script', scopes: ['profile:read', 'cards:read'] } });
    expect(created.status).toBe(201);
    const key = created.body.data.key as string;
    expect(key).toMatch(/^ccs_live_/);
    expect(created.body.data).toMatchObject({ name: 'Sync script', scopes: ['profile:read', 'cards:read'], status: 'active', last_used_at: null });

    const list = await portal.request('GET', '/portal/api/keys');
    expect(list.body.meta.total).toBe(1);
    expect(list.body.data[0]).not.toHaveProperty('key');
    expect(list.text).not.toContain(key);
    expect(list.body.data[0].prefix).toBe(created.body.data.prefix);

    expect((await server.request('GET', '/api/v1/profile', { token: key })).status).toBe(200);
    const revoked = await portal.request('POST', `/portal/api/keys/${created.body.data.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ status: 'revoked', revoked_at: expect.any(String) });
    const after = await server.request('GET', '/api/v1/profile', { token: key });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('revoked_token');
  });

  it("answers 404 when revoking another user's key, and leaves it working", async () => {
    const victim = await server.createUser({ scopes: ['profile:read'] });
    const { portal } = await signedUp();
    const res = await portal.request('POST', `/portal/api/keys/${victim.keyId}/revoke`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    expect((await victim.api('GET', '/api/v1/profile')).status).toBe(200);
    expect((await portal.request('POST', '/portal/api/keys/does-not-exist/revoke')).status).toBe(404);
  });

  it('validates the name and scopes', async () => {
    const { portal } = await signedUp();
    const res = await portal.request('POST', '/portal/api/keys', { body: { name: '  ', scopes: ['admin'] } });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['name', 'scopes']);
    const extra = await portal.request('POST', '/portal/api/keys', { body: { name: 'x', scopes: ['cards:read'], user_id: 'someone' } });
    expect(extra.status).toBe(422);
    const hidden = await portal.request('POST', '/portal/api/keys', { body: { name: 'Sync\u001b[2J', scopes: ['cards:read'] } });
    expect(hidden.status).toBe(422);
    expect(hidden.body.errors).toEqual([expect.objectContaining({ field: 'name', code: 'invalid_characters' })]);
    expect((await portal.request('GET', '/portal/api/keys')).body.data).toEqual([]);
  });

  it('lists every scope with its explanation in the catalog', async () => {
    const { portal } = await signedUp();
    const res = await portal.request('GET', '/portal/api/catalog');
    expect(res.status).toBe(200);
    expect(res.body.data.scopes).toHaveLength(7);
    expect(res.body.data.scopes.find((s: { scope: string }) => s.scope === 'collection:write')).toMatchObject({
      description: expect.stringContaining('Add, update and remove'),
      implies: ['collection:read'],
    });
    expect(res.body.data.event_types).toContain('collection.entry.created');
    expect(res.body.data.webhooks).toMatchObject({ daily_limit: 1000, disable_after: 10, retention_days: 30 });
  });
});

describe('portal webhooks', () => {
  const HOOK = 'http://127.0.0.1:9/hook';

  it('creates, lists, edits and deletes subscriptions through the webhooks service, secret shown once', async () => {
    const { portal, userId } = await signedUp();
    const created = await portal.request('POST', '/portal/api/webhooks', { body: { url: HOOK, events: ['*'] } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ url: HOOK, events: ['*'], status: 'enabled', disabled_notice: null, daily_limit: 1000, deliveries_today: 0 });
    const secret = created.body.data.secret as string;
    expect(secret.length).toBeGreaterThanOrEqual(16);
    const id = created.body.data.id as string;

    const list = await portal.request('GET', '/portal/api/webhooks');
    expect(list.body.meta.total).toBe(1);
    expect(list.body.data[0]).not.toHaveProperty('secret');
    expect(list.text).not.toContain(secret);
    expect((await server.ctx.webhooks.list(userId)).items.map((w) => w.id)).toEqual([id]);

    const edited = await portal.request('PATCH', `/portal/api/webhooks/${id}`, { body: { events: ['deck.created', 'deck.deleted'], description: 'decks only' } });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ events: ['deck.created', 'deck.deleted'], description: 'decks only' });

    const bad = await portal.request('POST', '/portal/api/webhooks', { body: { url: 'http://example.com/hook', events: ['nope'] } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { code: string }) => e.code).sort()).toEqual(['invalid_event_type', 'invalid_webhook_url']);

    expect((await portal.request('DELETE', `/portal/api/webhooks/${id}`, { csrf: false })).status).toBe(403);
    expect((await portal.request('DELETE', `/portal/api/webhooks/${id}`)).status).toBe(204);
    expect((await portal.request('GET', `/portal/api/webhooks/${id}`)).status).toBe(404);
  });

  it("answers 404 for another user's subscription on every operation", async () => {
    const { portal: owner } = await signedUp();
    const id = (await owner.request('POST', '/portal/api/webhooks', { body: { url: HOOK, events: ['*'] } })).body.data.id as string;
    const test = await owner.request('POST', `/portal/api/webhooks/${id}/test`);
    expect(test.status).toBe(202);
    const deliveryId = test.body.data.id as string;
    const { portal: intruder } = await signedUp();
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/portal/api/webhooks/${id}`],
      ['PATCH', `/portal/api/webhooks/${id}`, { url: 'http://127.0.0.1:1/x' }],
      ['DELETE', `/portal/api/webhooks/${id}`],
      ['POST', `/portal/api/webhooks/${id}/test`],
      ['POST', `/portal/api/webhooks/${id}/enable`],
      ['GET', `/portal/api/webhooks/${id}/deliveries`],
      ['GET', `/portal/api/webhooks/${id}/deliveries/${deliveryId}`],
      ['POST', `/portal/api/webhooks/${id}/deliveries/${deliveryId}/redeliver`],
    ];
    for (const [method, path, body] of attempts) {
      const res = await intruder.request(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await intruder.request('GET', '/portal/api/webhooks')).body.data).toEqual([]);
    expect((await owner.request('GET', `/portal/api/webhooks/${id}`)).status).toBe(200);
  });

  it('lists deliveries newest first with their event types, filters by status and event type, and shows attempts', async () => {
    const { portal } = await signedUp();
    const id = (await portal.request('POST', '/portal/api/webhooks', { body: { url: HOOK, events: ['deck.created'] } })).body.data.id as string;
    const first = (await portal.request('POST', `/portal/api/webhooks/${id}/test`)).body.data;
    await portal.request('PATCH', `/portal/api/webhooks/${id}`, { body: { events: ['binder.created', 'binder.deleted'] } });
    const second = (await portal.request('POST', `/portal/api/webhooks/${id}/test`)).body.data;

    const all = await portal.request('GET', `/portal/api/webhooks/${id}/deliveries`);
    expect(all.status).toBe(200);
    expect(all.body.meta).toMatchObject({ total: 2, next_cursor: null, retention_days: 30 });
    expect(all.body.data.map((d: { id: string }) => d.id)).toEqual([second.id, first.id]);
    expect(all.body.data[0]).toMatchObject({ kind: 'test', status: 'pending', event_types: ['binder.created', 'binder.deleted'] });
    expect(all.body.data[1].event_types).toEqual(['deck.created']);

    const decks = await portal.request('GET', `/portal/api/webhooks/${id}/deliveries?event_type=deck.created`);
    expect(decks.body.data.map((d: { id: string }) => d.id)).toEqual([first.id]);
    expect(decks.body.meta.total).toBe(1);
    const binders = await portal.request('GET', `/portal/api/webhooks/${id}/deliveries?event_type=binder.deleted&status=pending`);
    expect(binders.body.data.map((d: { id: string }) => d.id)).toEqual([second.id]);
    expect((await portal.request('GET', `/portal/api/webhooks/${id}/deliveries?status=delivered`)).body.data).toEqual([]);
    expect((await portal.request('GET', `/portal/api/webhooks/${id}/deliveries?event_type=deck.exploded`)).status).toBe(422);

    const page1 = await portal.request('GET', `/portal/api/webhooks/${id}/deliveries?event_type=binder.created&limit=1`);
    expect(page1.body.data.map((d: { id: string }) => d.id)).toEqual([second.id]);

    const detail = await portal.request('GET', `/portal/api/webhooks/${id}/deliveries/${first.id}`);
    expect(detail.body.data).toMatchObject({ id: first.id, event_types: ['deck.created'], attempts: [] });
    expect(JSON.parse(detail.body.data.request_body)[0].type).toBe('deck.created');

    const again = await portal.request('POST', `/portal/api/webhooks/${id}/deliveries/${first.id}/redeliver`);
    expect(again.status).toBe(202);
    // A test delivery sent again is a test delivery again (sample data, X-Webhook-Test).
    expect(again.body.data).toMatchObject({ kind: 'test', redelivery_of: first.id });
  });

  it('names the event types of a batch that is still collecting events', async () => {
    const batching = await startTestServer({ webhooks: { ...loadConfig({}).webhooks, batchWindowMs: 60_000, pollMs: 20 } }, { worker: true });
    try {
      const portal = new PortalClient(batching.url);
      expect((await portal.signUp(unique('batch'))).status).toBe(201);
      const id = (await portal.request('POST', '/portal/api/webhooks', { body: { url: HOOK, events: ['*'] } })).body.data.id as string;
      const key = (await portal.request('POST', '/portal/api/keys', { body: { name: 'w', scopes: ['collection:write'] } })).body.data.key as string;
      const card = await batching.ctx.database.db.selectFrom('cards').select('id').where('finishes', 'like', '%nonfoil%').limit(1).executeTakeFirstOrThrow();
      expect((await batching.request('POST', '/api/v1/collection', { token: key, body: { card_id: card.id } })).status).toBe(201);
      let open: { status: string; event_types: string[] } | undefined;
      for (let i = 0; i < 100 && !open; i++) {
        open = (await portal.request('GET', `/portal/api/webhooks/${id}/deliveries`)).body.data[0];
        if (!open) await new Promise((r) => setTimeout(r, 50));
      }
      expect(open).toMatchObject({ status: 'pending', event_types: ['collection.entry.created'] });
      const filtered = await portal.request('GET', `/portal/api/webhooks/${id}/deliveries?event_type=collection.entry.created`);
      expect(filtered.body.data).toHaveLength(1);
    } finally {
      await batching.close();
    }
  });

  it('shows a disabled subscription with the words of the e-mail, and Re-enable clears it', async () => {
    const { portal, userId } = await signedUp();
    const id = (await portal.request('POST', '/portal/api/webhooks', { body: { url: HOOK, events: ['*'] } })).body.data.id as string;
    const at = new Date().toISOString();
    // The dispatcher's auto-disable, reduced to its effect on the row.
    await server.ctx.database.db
      .updateTable('webhook_subscriptions')
      .set({ status: 'disabled', disabled_reason: '10 consecutive deliveries failed; the last: receiver answered 500', disabled_at: at, consecutive_failures: 10 })
      .where('id', '=', id)
      .execute();
    const sub = (await portal.request('GET', '/portal/api/webhooks')).body.data[0];
    expect(sub.status).toBe('disabled');
    const mail = disabledNotice({ id, url: HOOK, disabled_reason: sub.disabled_reason, disabled_at: at }, server.config.publicUrl);
    expect(sub.disabled_notice).toEqual(mail);
    expect(sub.disabled_notice.subject).toBe(`Webhook disabled: ${HOOK}`);

    const enabled = await portal.request('POST', `/portal/api/webhooks/${id}/enable`);
    expect(enabled.status).toBe(200);
    expect(enabled.body.data).toMatchObject({ status: 'enabled', consecutive_failures: 0, disabled_reason: null, disabled_notice: null });
    expect((await server.ctx.webhooks.get(userId, id)).status).toBe('enabled');
  });
});

describe('portal usage', () => {
  it('reports requests per key by hour and day, by status class and route, with totals and error rates', async () => {
    // The four requests must fall in one hour and one day: on the real clock a run across xx:00 split
    // them. A server of its own, its clock stopped in the middle of the current hour.
    const clock = new ManualClock(new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 1_800_000).toISOString());
    const own = await startTestServer({}, { cards: false, clock });
    try {
      const { portal } = await signedUp(own);
      const a = (await portal.request('POST', '/portal/api/keys', { body: { name: 'A', scopes: ['profile:read'] } })).body.data;
      const b = (await portal.request('POST', '/portal/api/keys', { body: { name: 'B', scopes: ['cards:read'] } })).body.data;
      for (let i = 0; i < 3; i++) expect((await own.request('GET', '/api/v1/profile', { token: a.key })).status).toBe(200);
      expect((await own.request('GET', '/api/v1/profile', { token: b.key })).status).toBe(403);
      // onResponse hooks (which count) run just after the reply is sent: wait for all four to be counted.
      const all = await waitUntil(async () => {
        const res = await portal.request('GET', '/portal/api/usage');
        return res.body.data?.totals?.requests === 4 ? res : undefined;
      });
      expect(all.status).toBe(200);
      const report = all.body.data;
      expect(report.granularity).toBe('hour');
      expect(report.totals).toMatchObject({ requests: 4, errors: 1, error_rate: 0.25, by_status: { '2xx': 3, '4xx': 1, '5xx': 0 } });
      expect(report.routes).toEqual([expect.objectContaining({ route: 'GET /api/v1/profile', requests: 4, errors: 1 })]);
      expect(report.keys).toEqual([
        expect.objectContaining({ key_id: a.id, name: 'A', requests: 3, errors: 0, error_rate: 0 }),
        expect.objectContaining({ key_id: b.id, name: 'B', requests: 1, errors: 1, error_rate: 1 }),
      ]);
      expect(report.series.length).toBeGreaterThanOrEqual(24);
      expect(report.series.reduce((n: number, s: { requests: number }) => n + s.requests, 0)).toBe(4);
      expect(report.series.at(-1).requests).toBe(4);

      const onlyB = (await portal.request('GET', `/portal/api/usage?key_id=${b.id}&granularity=day`)).body.data;
      expect(onlyB.granularity).toBe('day');
      expect(onlyB.totals).toMatchObject({ requests: 1, errors: 1 });
      expect(onlyB.series.length).toBeGreaterThanOrEqual(30);
      expect(onlyB.series.at(-1).start).toMatch(/T00:00:00\.000Z$/);

      // `to` is exclusive: a range ending where the requests' hour (or day) begins holds none of them.
      const hour = Date.parse(report.series.at(-1).start);
      const iso = (ms: number) => new Date(ms).toISOString();
      const before = (await portal.request('GET', `/portal/api/usage?from=${iso(hour - 2 * 3_600_000)}&to=${iso(hour)}`)).body.data;
      expect(before.series.map((s: { start: string }) => s.start)).toEqual([iso(hour - 2 * 3_600_000), iso(hour - 3_600_000)]);
      expect(before.totals.requests).toBe(0);
      const within = (await portal.request('GET', `/portal/api/usage?from=${iso(hour)}&to=${iso(hour + 3_600_000)}`)).body.data;
      expect(within.series).toEqual([expect.objectContaining({ start: iso(hour), requests: 4 })]);
      const day = Date.parse(onlyB.series.at(-1).start);
      const daysBefore = (await portal.request('GET', `/portal/api/usage?key_id=${b.id}&granularity=day&from=${iso(day - 2 * 86_400_000)}&to=${iso(day)}`)).body.data;
      expect(daysBefore.series).toHaveLength(2);
      expect(daysBefore.totals.requests).toBe(0);

      const past = new Date(clock.nowMs() - 10 * 86_400_000);
      const old = (await portal.request('GET', `/portal/api/usage?from=${past.toISOString()}&to=${new Date(past.getTime() + 3_600_000).toISOString()}`)).body.data;
      expect(old.totals.requests).toBe(0);
    } finally {
      await own.close();
    }
  });

  it("counts every request answered before the report was asked for, even while the timer's flush of them is still writing", async () => {
    const { portal, userId } = await signedUp();
    const key = (await portal.request('POST', '/portal/api/keys', { body: { name: 'A', scopes: ['profile:read'] } })).body.data;
    const recorder = server.ctx.usage;
    // What the API's response hook does for one answered request.
    recorder.record({ credentialId: key.id, credentialType: 'api_key', userId, applicationId: null }, 'GET /api/v1/profile', 200, Date.now());
    const release = await holdWriteLock(server, 'api_usage');
    // The timer's flush takes the count and waits for the lock.
    const timed = recorder.flush();
    const flush = recorder.flush;
    let reportFlushed: () => void = () => undefined;
    const reportAsked = new Promise<void>((resolve) => {
      reportFlushed = resolve;
    });
    recorder.flush = () => {
      const flushed = flush.call(recorder);
      reportFlushed();
      return flushed;
    };
    try {
      const report = portal.request('GET', '/portal/api/usage');
      await reportAsked;
      await release();
      const res = await report;
      expect(res.status).toBe(200);
      expect(res.body.data.totals.requests).toBe(1);
      expect(await timed).toBe(true);
    } finally {
      recorder.flush = flush;
    }
  });

  it("refuses another user's key as a filter and impossible ranges", async () => {
    const other = await server.createUser();
    const { portal } = await signedUp();
    expect((await portal.request('GET', `/portal/api/usage?key_id=${other.keyId}`)).status).toBe(404);
    const now = Date.now();
    const backwards = await portal.request('GET', `/portal/api/usage?from=${new Date(now).toISOString()}&to=${new Date(now - 1000).toISOString()}`);
    expect(backwards.status).toBe(422);
    const tooLong = await portal.request('GET', `/portal/api/usage?granularity=hour&from=${new Date(now - 60 * 86_400_000).toISOString()}`);
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors[0].code).toBe('range_too_long');
    expect((await portal.request('GET', '/portal/api/usage?granularity=week')).status).toBe(422);
  });

  it("never shows another user's usage", async () => {
    const other = await server.createUser({ scopes: ['profile:read'] });
    expect((await other.api('GET', '/api/v1/profile')).status).toBe(200);
    const { portal } = await signedUp();
    const mine = (await portal.request('POST', '/portal/api/keys', { body: { name: 'mine', scopes: ['profile:read'] } })).body.data;
    // Our request starts after the other user's was answered, so once ours is counted, theirs has been too.
    expect((await server.request('GET', '/api/v1/profile', { token: mine.key })).status).toBe(200);
    const totals = await waitUntil(async () => {
      const t = (await portal.request('GET', '/portal/api/usage')).body.data.totals;
      return t.requests > 0 ? t : undefined;
    });
    expect(totals.requests).toBe(1);
  });
});

describe('portal pages', () => {
  it('redirects / to /portal/ and serves the app with a strict content security policy', async () => {
    const root = await fetch(`${server.url}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/portal/');
    await root.text();
    for (const path of ['/portal', '/portal/', '/portal/keys', '/portal/webhooks/some-id']) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(await res.text()).toContain('<div id="root">');
    }
    const html = await (await fetch(`${server.url}/portal/`)).text();
    const asset = /src="(\/portal\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const js = await fetch(server.url + asset);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toContain('immutable');
    // Read it all: an unread 250 kB body keeps the connection busy and the server from closing.
    expect((await js.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('answers unknown portal API paths and missing assets with 404 problems', async () => {
    for (const path of ['/portal/api/nope', '/portal/api', '/portal/assets/nope.js', '/portal/../package.json']) {
      const res = await server.request('GET', path);
      expect(res.status, path).toBe(404);
    }
    expect((await server.request('POST', '/portal/api/nope')).status).toBe(404);
  });
});

describe('portal configuration', () => {
  it('refuses sign-up with a clear problem when CCS_SIGNUP is off, but still signs in', async () => {
    const closed = await startTestServer({ signup: false }, { cards: false });
    try {
      await closed.ctx.accounts.createUser({ username: 'operator_made', email: 'op@example.com', password: PASSWORD });
      const portal = new PortalClient(closed.url);
      const session = await portal.session();
      expect(session.body.data.signup_enabled).toBe(false);
      const res = await portal.request('POST', '/portal/api/sign-up', { body: { username: 'newbie', email: 'n@example.com', password: PASSWORD } });
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ code: 'signup_disabled', title: 'Sign-up is disabled' });
      expect(res.body.detail).toContain('CCS_SIGNUP');
      expect(await closed.ctx.accounts.findByUsername('newbie')).toBeUndefined();
      expect((await portal.signIn('operator_made', PASSWORD)).status).toBe(200);
    } finally {
      await closed.close();
    }
  });

  it('marks the cookie Secure when the public URL is https', async () => {
    const secure = await startTestServer({ publicUrl: 'https://portal.example.com' }, { cards: false });
    try {
      const portal = new PortalClient(secure.url);
      await portal.session();
      expect(cookieNamed(portal.lastSetCookies, 'ccs_csrf')).toMatch(/; Secure/i);
      const res = await portal.signUp(unique('sec'));
      expect(res.status).toBe(201);
      expect(cookieNamed(portal.lastSetCookies, 'ccs_session')).toMatch(/; Secure/i);
      // The configured public origin is accepted as well as the address actually used.
      const key = await portal.request('POST', '/portal/api/keys', { body: { name: 'k', scopes: ['cards:read'] }, headers: { origin: 'https://portal.example.com' } });
      expect(key.status).toBe(201);
    } finally {
      await secure.close();
    }
  });
});

describe('portal sign-in rate limit', () => {
  // A far-future clock of its own: login counters live in the shared rate-limit store (Redis
  // in the PostgreSQL run), so this test's windows must not meet any other test's.
  const clock = new ManualClock(new Date(Date.UTC(2100, 0, 1) + Math.floor(Math.random() * 1e6) * 900_000));
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({}, { cards: false, clock });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('refuses an account after 10 failed sign-ins in 15 minutes, even with the right password, then lets it in again', async () => {
    const username = unique('target');
    await limited.ctx.accounts.createUser({ username, email: `${username}@example.com`, password: PASSWORD });
    const bystander = unique('bystander');
    await limited.ctx.accounts.createUser({ username: bystander, email: `${bystander}@example.com`, password: PASSWORD });
    const attacker = new PortalClient(limited.url);
    for (let i = 0; i < 10; i++) {
      // Username and e-mail share one budget.
      const res = await attacker.signIn(i % 2 ? username : `${username}@example.com`, `guess number ${i}`);
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await new PortalClient(limited.url).signIn(username, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.retry_after).toBeGreaterThan(0);
    expect(await new PortalClient(limited.url).signIn(bystander, PASSWORD).then((r) => r.status)).toBe(200);

    clock.advance(15 * 60_000);
    expect((await new PortalClient(limited.url).signIn(username, PASSWORD)).status).toBe(200);
  });

  it('refuses a client address after 50 failed sign-ins in 15 minutes, whatever the account', async () => {
    clock.advance(15 * 60_000);
    const username = unique('fresh');
    await limited.ctx.accounts.createUser({ username, email: `${username}@example.com`, password: PASSWORD });
    const portal = new PortalClient(limited.url);
    for (let i = 0; i < 50; i++) {
      const res = await portal.signIn(unique('spray'), 'wrong password');
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await portal.signIn(username, PASSWORD);
    expect(blocked.status).toBe(429);
    clock.advance(15 * 60_000);
    expect((await portal.signIn(username, PASSWORD)).status).toBe(200);
  });

  it('refuses a client address after CCS_SIGNUP_PER_HOUR (20) new accounts in an hour, counting only accounts made', async () => {
    clock.advance(60 * 60_000);
    const portal = new PortalClient(limited.url);
    // A refused form (weak password) does not use up the budget.
    expect((await portal.signUp(unique('typo'), 'short')).status).toBe(422);
    for (let i = 0; i < 20; i++) expect((await new PortalClient(limited.url).signUp(unique('new'))).status, `sign-up ${i + 1}`).toBe(201);
    const blocked = await new PortalClient(limited.url).signUp(unique('one-more'));
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    clock.advance(60 * 60_000);
    expect((await new PortalClient(limited.url).signUp(unique('next-hour'))).status).toBe(201);
  });

  it('checks at most 10 passwords of an account in a window however many sign-ins arrive at once', async () => {
    clock.advance(15 * 60_000);
    const username = unique('burst');
    await limited.ctx.accounts.createUser({ username, email: `${username}@example.com`, password: PASSWORD });
    const guesses = Array.from({ length: 30 }, (_, i) => new PortalClient(limited.url).signIn(username, `guess ${i}`));
    const right = new PortalClient(limited.url).signIn(username, PASSWORD);
    const answers = await Promise.all([...guesses, right]);
    const checked = answers.filter((r) => r.status === 401 || r.status === 200);
    expect(checked).toHaveLength(10);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(21);
    // The window is spent: even the right password waits for the next one.
    expect((await new PortalClient(limited.url).signIn(username, PASSWORD)).status).toBe(429);
    clock.advance(15 * 60_000);
    expect((await new PortalClient(limited.url).signIn(username, PASSWORD)).status).toBe(200);
  });

  it('makes at most CCS_SIGNUP_PER_HOUR accounts from one address however many sign-ups arrive at once', async () => {
    clock.advance(60 * 60_000);
    const answers = await Promise.all(Array.from({ length: 30 }, () => new PortalClient(limited.url).signUp(unique('rush'))));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(20);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(10);
    // The next tests sign up again: leave them a window of their own.
    clock.advance(60 * 60_000);
  });

  it('does not count successful sign-ins against the account', async () => {
    clock.advance(15 * 60_000);
    const username = unique('regular');
    await limited.ctx.accounts.createUser({ username, email: `${username}@example.com`, password: PASSWORD });
    for (let i = 0; i < 12; i++) expect((await new PortalClient(limited.url).signIn(username, PASSWORD)).status, `sign-in ${i + 1}`).toBe(200);
    for (let i = 0; i < 10; i++) expect((await new PortalClient(limited.url).signIn(username, 'wrong')).status).toBe(401);
    expect((await new PortalClient(limited.url).signIn(username, PASSWORD)).status).toBe(429);
  });

  it('ends a session after a week without use', async () => {
    clock.advance(15 * 60_000);
    const portal = new PortalClient(limited.url);
    expect((await portal.signUp(unique('idle'))).status).toBe(201);
    clock.advance(6 * 86_400_000);
    expect((await portal.request('GET', '/portal/api/profile')).status).toBe(200);
    // Use slides the expiry forward.
    clock.advance(6 * 86_400_000);
    expect((await portal.request('GET', '/portal/api/profile')).status).toBe(200);
    clock.advance(7 * 86_400_000 + 1000);
    const res = await portal.request('GET', '/portal/api/profile');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('not_signed_in');
  });
});

describe('behind a reverse proxy (CCS_TRUST_PROXY)', () => {
  // A clock of its own: sign-up counters live in the shared rate-limit store (Redis in the PostgreSQL run).
  const clock = new ManualClock(new Date(Date.UTC(2110, 0, 1) + Math.floor(Math.random() * 1e6) * 3_600_000));
  let proxied: TestServer;
  let direct: TestServer;
  beforeAll(async () => {
    // The test talks from 127.0.0.1: as the proxy, when loopback is trusted.
    proxied = await startTestServer({ signupPerHour: 2, trustProxy: ['loopback'] }, { cards: false, clock });
    direct = await startTestServer({ signupPerHour: 2 }, { cards: false, clock });
  });
  afterAll(async () => {
    await proxied?.close();
    await direct?.close();
  });
  const signUpFrom = (server: TestServer, address: string) => {
    const portal = new PortalClient(server.url);
    const original = portal.request.bind(portal);
    portal.request = (method, path, opts = {}) => original(method, path, { ...opts, headers: { ...(opts.headers ?? {}), 'x-forwarded-for': address } });
    return portal.signUp(unique('proxied'));
  };

  it('counts sign-ups per client address as the trusted proxy names it', async () => {
    expect((await signUpFrom(proxied, '198.51.100.7')).status).toBe(201);
    expect((await signUpFrom(proxied, '198.51.100.7')).status).toBe(201);
    expect((await signUpFrom(proxied, '198.51.100.7')).status).toBe(429);
    // Another client behind the same proxy has a budget of its own.
    expect((await signUpFrom(proxied, '203.0.113.9')).status).toBe(201);
  });

  it('ignores X-Forwarded-For from a peer it was not told to trust', async () => {
    expect((await signUpFrom(direct, '198.51.100.8')).status).toBe(201);
    expect((await signUpFrom(direct, '198.51.100.9')).status).toBe(201);
    // Claimed addresses change nothing: the socket's address has used its budget.
    expect((await signUpFrom(direct, '198.51.100.10')).status).toBe(429);
  });
});
