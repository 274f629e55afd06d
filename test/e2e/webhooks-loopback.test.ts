import net, { type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../src/config.js';
import { freePort } from '../helpers/outage.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server.js';
import { recordEvents, startReceiver, waitUntil, type Receiver } from '../helpers/webhooks.js';

/**
 * Contract section 6: deliveries to loopback targets keep the status and the timing in the log,
 * never the response body, and a failed connection says `connection failed` without the cause,
 * so no one reads or maps services on the server's own machine through a subscription.
 * `CCS_WEBHOOK_LOCAL_TARGETS=deny` refuses them at create and update and never delivers to them.
 */
function webhookConfig(localTargets: Config['webhooks']['localTargets']): Partial<Config> {
  return { webhooks: { ...loadConfig({}).webhooks, batchWindowMs: 50, retryDelaysMs: [60_000], timeoutMs: 1_000, leaseMs: 5_000, pollMs: 20, localTargets } };
}

const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function subscribe(user: TestUser, url: string): Promise<string> {
  const res = await user.api('POST', '/api/v1/webhooks', { url, events: ['*'] });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as string;
}

/** The first delivery of a subscription once its first attempt is recorded. */
async function firstAttempted(user: TestUser, id: string): Promise<{ detail: any; text: string }> {
  return waitUntil(async () => {
    const list = await user.api('GET', `/api/v1/webhooks/${id}/deliveries`);
    const first = list.body.data?.[0];
    if (!first || first.attempt_count < 1) return undefined;
    const res = await user.api('GET', `/api/v1/webhooks/${id}/deliveries/${first.id}`);
    return { detail: res.body.data, text: res.text };
  });
}

/** A port on 127.0.0.1 where nothing listens. */
const closedPort = freePort;

describe('loopback targets by default (CCS_WEBHOOK_LOCAL_TARGETS=allow)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(webhookConfig('allow'), { worker: true, cards: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('delivers, and logs the status and timing but never the response body', async () => {
    const user = await server.createUser({ scopes: ['webhooks:manage'] });
    const rx = await startReceiver(() => ({ status: 200, body: 'internal admin page: db password hunter2' }));
    receivers.push(rx);
    const id = await subscribe(user, rx.url);
    await recordEvents(server, user.id, 1);
    await rx.waitFor(1);
    const { detail, text } = await firstAttempted(user, id);
    expect(detail.status).toBe('delivered');
    expect(detail.attempts[0]).toMatchObject({ status_code: 200, success: true, error: null, response_body: null, response_body_truncated: false });
    expect(detail.attempts[0].duration_ms).toEqual(expect.any(Number));
    expect(text).not.toContain('hunter2');
  });

  it('logs a failing answer by its status alone', async () => {
    const user = await server.createUser({ scopes: ['webhooks:manage'] });
    const rx = await startReceiver(() => ({ status: 403, body: 'Forbidden: you are not on the VPN (service: grafana 10.2)' }));
    receivers.push(rx);
    const id = await subscribe(user, rx.url);
    await recordEvents(server, user.id, 1);
    const { detail, text } = await firstAttempted(user, id);
    expect(detail.attempts[0]).toMatchObject({ status_code: 403, success: false, error: 'receiver answered 403', response_body: null });
    expect(text).not.toMatch(/grafana|VPN/);
  });

  it('says "connection failed" for a closed port and for a listener that is not HTTP, never why', async () => {
    const user = await server.createUser({ scopes: ['webhooks:manage'] });
    // Something that accepts and hangs up, like a database port would for an HTTP request.
    const hangUp = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => hangUp.listen(0, '127.0.0.1', resolve));
    try {
      const targets = [`http://127.0.0.1:${await closedPort()}/x`, `http://localhost:${(hangUp.address() as AddressInfo).port}/x`];
      const answers: string[] = [];
      for (const url of targets) {
        const id = await subscribe(user, url);
        await recordEvents(server, user.id, 1);
        const { detail, text } = await firstAttempted(user, id);
        expect(detail.attempts[0]).toMatchObject({ status_code: null, success: false, error: 'connection failed', response_body: null });
        expect(text).not.toMatch(/ECONN|refused|reset|socket|hang up/i);
        answers.push(detail.attempts[0].error);
        await user.api('DELETE', `/api/v1/webhooks/${id}`);
      }
      // Both look the same: the log cannot tell an open port from a closed one.
      expect(new Set(answers).size).toBe(1);
    } finally {
      await new Promise<void>((resolve) => hangUp.close(() => resolve()));
    }
  });
});

describe('loopback targets refused (CCS_WEBHOOK_LOCAL_TARGETS=deny)', () => {
  let open: TestServer;
  let denying: TestServer;
  beforeAll(async () => {
    // One database: subscriptions made while local targets were allowed, then a server that denies them.
    open = await startTestServer(webhookConfig('allow'), { cards: false });
    denying = await startTestServer(webhookConfig('deny'), { worker: true, shareDatabaseWith: open });
  });
  afterAll(async () => {
    await denying?.close();
    await open?.close();
  });

  it('answers 422 invalid_webhook_url at create and update', async () => {
    const user = await open.createUser({ scopes: ['webhooks:manage'] });
    const api = (method: string, path: string, body?: unknown) => denying.request(method, path, { token: user.key, body });
    for (const url of ['http://localhost:3000/hook', 'http://127.0.0.1/hook']) {
      const res = await api('POST', '/api/v1/webhooks', { url, events: ['*'] });
      expect(res.status, url).toBe(422);
      expect(res.body.errors).toEqual([{ field: 'url', code: 'invalid_webhook_url', message: expect.stringMatching(/CCS_WEBHOOK_LOCAL_TARGETS=deny/) }]);
    }
    const made = await api('POST', '/api/v1/webhooks', { url: 'https://hooks.example.com/x', events: ['*'] });
    expect(made.status).toBe(201);
    const patched = await api('PATCH', `/api/v1/webhooks/${made.body.data.id}`, { url: 'http://localhost:3000/hook' });
    expect(patched.status).toBe(422);
    expect(patched.body.errors[0]).toMatchObject({ field: 'url', code: 'invalid_webhook_url' });
    expect((await api('GET', `/api/v1/webhooks/${made.body.data.id}`)).body.data.url).toBe('https://hooks.example.com/x');
  });

  it('never delivers to a loopback subscription made before', async () => {
    const user = await open.createUser({ scopes: ['webhooks:manage'] });
    const rx = await startReceiver();
    receivers.push(rx);
    const id = await subscribe(user, rx.url);
    await recordEvents(denying, user.id, 2);
    const denyingUser = { ...user, api: (method: string, path: string, body?: unknown) => denying.request(method, path, { token: user.key, body }) };
    const { detail } = await firstAttempted(denyingUser, id);
    expect(detail.attempts[0]).toMatchObject({ status_code: null, success: false, error: expect.stringMatching(/local targets are turned off/) });
    expect(rx.requests).toHaveLength(0);
  });
});
