import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { recordEvents } from '../../src/events/outbox.js';
import type { EventType } from '../../src/events/types.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server.js';
import { ManualClock } from '../../src/lib/clock.js';
import { createDispatcher, type Dispatcher } from '../../src/webhooks/dispatcher.js';
import { startReceiver, type Receiver } from '../helpers/webhooks.js';

interface Mail {
  from: string;
  to: string[];
  raw: string;
}

async function startSmtp(): Promise<{ url: string; mails: Mail[]; close(): Promise<void> }> {
  const mails: Mail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

async function record(server: TestServer, userId: string, n = 1, type: EventType = 'deck.updated') {
  const at = server.ctx.clock.now();
  await server.ctx.database.db.transaction().execute((trx) =>
    recordEvents(trx, Array.from({ length: n }, (_, i) => ({ userId, type, data: { i }, at }))),
  );
}

async function sub(user: TestUser, id: string) {
  return (await user.api('GET', `/api/v1/webhooks/${id}`)).body.data;
}

describe('auto-disable after consecutive failures (injected clock, dispatcher driven step by step)', () => {
  // The specification's numbers: 10 failures, 5 s window, retries 30 s .. 12 h.
  const SPEC = loadConfig({}).webhooks;
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let rx: Receiver;
  let clock: ManualClock;
  let dispatcher: Dispatcher;
  let up = false;
  beforeAll(async () => {
    smtp = await startSmtp();
    rx = await startReceiver(() => (up ? { status: 200 } : { status: 500, body: 'down for maintenance' }));
    clock = new ManualClock('2026-11-22T10:00:00.000Z');
    server = await startTestServer({ smtpUrl: smtp.url, webhooks: SPEC }, { clock, cards: false });
    dispatcher = createDispatcher({ database: server.ctx.database, clock, config: server.config, mailer: server.ctx.mailer });
  });
  afterAll(async () => {
    await dispatcher?.stop();
    await server?.close();
    await rx?.close();
    await smtp?.close();
  });

  /** Lets a window close, or each retry come due in turn, sending what is due each time. */
  async function sendAfter(...waits: number[]): Promise<void> {
    for (const ms of waits) {
      clock.advance(ms);
      await dispatcher.step();
    }
  }

  it('disables after 10 failed POSTs across deliveries, stops pending retries and e-mails the owner; re-enable resets it', async () => {
    const user = await server.createUser();
    const created = await user.api('POST', '/api/v1/webhooks', { url: rx.url, events: ['*'], secret: 'disable-test-secret-xyz' });
    const id = created.body.data.id as string;

    // The first delivery fails its first attempt and all 5 retries: 6 failures.
    await record(server, user.id);
    await sendAfter(SPEC.batchWindowMs, ...SPEC.retryDelaysMs);
    expect(rx.requests).toHaveLength(6);
    expect((await sub(user, id)).status).toBe('enabled');
    // Another batch, another type: its failures count toward the same total, and its 4th is the 10th.
    await record(server, user.id, 2, 'binder.deleted');
    await sendAfter(SPEC.batchWindowMs, ...SPEC.retryDelaysMs.slice(0, 3));
    expect(rx.requests).toHaveLength(10);
    const disabled = await sub(user, id);
    expect(disabled.status).toBe('disabled');
    expect(disabled.consecutive_failures).toBe(10);
    expect(disabled.disabled_reason).toMatch(/10 consecutive deliveries failed; the last: receiver answered 500/);
    expect(disabled.disabled_at).toBe(clock.now().toISOString());

    // The first delivery used its 1 + 5 attempts; the second was stopped after its 4th.
    const deliveries = (await user.api('GET', `/api/v1/webhooks/${id}/deliveries`)).body.data as Array<{ id: string; status: string; attempt_count: number; last_error: string }>;
    expect(deliveries.map((d) => [d.status, d.attempt_count])).toEqual([
      ['failed', 4],
      ['failed', 6],
    ]);
    expect(deliveries[0]?.last_error).toMatch(/disabled/);

    // The owner gets one e-mail over real SMTP (the step waits for it).
    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail?.to).toEqual([`${user.username}@example.com`]);
    expect(mail?.raw).toMatch(/^Subject: Webhook disabled: http:\/\/127\.0\.0\.1:\d+\/hook/m);
    expect(mail?.raw).toContain(id);
    expect(mail?.raw).toMatch(/re-enable/i);

    // Nothing more is sent: no retries, and new events are not delivered while disabled, past every window and retry.
    await record(server, user.id);
    await sendAfter(SPEC.batchWindowMs, ...SPEC.retryDelaysMs);
    expect(rx.requests).toHaveLength(10);
    expect(smtp.mails).toHaveLength(1);

    // Send Test still works on a disabled subscription, to check the endpoint before re-enabling.
    up = true;
    const test = await user.api('POST', `/api/v1/webhooks/${id}/test`);
    expect(test.status).toBe(202);
    await dispatcher.step();
    expect(rx.requests).toHaveLength(11);
    expect(rx.requests[10]?.headers['x-webhook-test']).toBe('true');
    expect((await sub(user, id)).status).toBe('disabled');
    // Redelivery needs an enabled subscription.
    const stopped = deliveries[0]?.id;
    expect((await user.api('POST', `/api/v1/webhooks/${id}/deliveries/${stopped}/redeliver`)).status).toBe(409);

    const enabled = await user.api('POST', `/api/v1/webhooks/${id}/enable`);
    expect(enabled.status).toBe(200);
    expect(enabled.body.data).toMatchObject({ status: 'enabled', consecutive_failures: 0, disabled_reason: null, disabled_at: null });
    await record(server, user.id);
    await sendAfter(SPEC.batchWindowMs);
    expect(rx.requests).toHaveLength(12);
    const later = rx.requests[11];
    expect(later?.headers['x-webhook-test']).toBeUndefined();
    expect((later?.json as Array<{ type: string }> | undefined)?.map((e) => e.type)).toEqual(['deck.updated']);
    const redelivered = await user.api('POST', `/api/v1/webhooks/${id}/deliveries/${stopped}/redeliver`);
    expect(redelivered.status).toBe(202);
    await dispatcher.step();
    expect(rx.requests).toHaveLength(13);
    expect((await sub(user, id)).consecutive_failures).toBe(0);
  });

  it('never delivers, however late the fan-out runs, events from before a subscription existed or from while it was disabled', async () => {
    up = true;
    const user = await server.createUser();
    const target = (path: string) => rx.url.replace(/\/hook$/, path);
    const old = (await user.api('POST', '/api/v1/webhooks', { url: target('/old'), events: ['*'] })).body.data.id as string;
    await server.ctx.database.db.updateTable('webhook_subscriptions').set({ status: 'disabled', disabled_at: clock.now().toISOString() }).where('id', '=', old).execute();
    // Recorded while `old` is disabled and before `fresh` exists; the dispatcher has not run since.
    await record(server, user.id, 1, 'binder.created');
    clock.advance(1);
    expect((await user.api('POST', `/api/v1/webhooks/${old}/enable`)).status).toBe(200);
    const fresh = (await user.api('POST', '/api/v1/webhooks', { url: target('/fresh'), events: ['*'] })).body.data.id as string;
    expect(fresh).toEqual(expect.any(String));
    await record(server, user.id, 1, 'deck.deleted');
    const before = rx.requests.length;
    await sendAfter(SPEC.batchWindowMs);
    const got = rx.requests.slice(before).map((r) => [r.path, (r.json as Array<{ type: string }>).map((e) => e.type)]);
    expect(got.sort()).toEqual([
      ['/fresh', ['deck.deleted']],
      ['/old', ['deck.deleted']],
    ]);
  });

  it('resets the failure count on the next 2xx', async () => {
    up = false;
    const user = await server.createUser();
    const created = await user.api('POST', '/api/v1/webhooks', { url: rx.url, events: ['*'] });
    const id = created.body.data.id as string;
    const before = rx.requests.length;
    await record(server, user.id);
    await sendAfter(SPEC.batchWindowMs, ...SPEC.retryDelaysMs.slice(0, 2));
    expect(rx.requests).toHaveLength(before + 3);
    expect((await sub(user, id)).consecutive_failures).toBe(3);
    up = true;
    await sendAfter(SPEC.retryDelaysMs[2] ?? 0);
    expect((await user.api('GET', `/api/v1/webhooks/${id}/deliveries?status=delivered`)).body.meta.total).toBe(1);
    expect(await sub(user, id)).toMatchObject({ status: 'enabled', consecutive_failures: 0 });
  });
});

describe('disable e-mail without SMTP', () => {
  it('writes the message as an .eml file under <data>/mail', async () => {
    const rx = await startReceiver(() => ({ status: 500 }));
    const clock = new ManualClock('2026-11-22T10:00:00.000Z');
    const webhooks = { ...loadConfig({}).webhooks, disableAfter: 2 };
    const server = await startTestServer({ smtpUrl: undefined, webhooks }, { clock, cards: false });
    const dispatcher = createDispatcher({ database: server.ctx.database, clock, config: server.config, mailer: server.ctx.mailer });
    try {
      const user = await server.createUser();
      const created = await user.api('POST', '/api/v1/webhooks', { url: rx.url, events: ['*'] });
      await record(server, user.id);
      // The first attempt and the first retry fail: the second failure disables, and the step waits for the e-mail.
      for (const ms of [webhooks.batchWindowMs, webhooks.retryDelaysMs[0] ?? 0]) {
        clock.advance(ms);
        await dispatcher.step();
      }
      expect((await sub(user, created.body.data.id)).status).toBe('disabled');
      const mailDir = path.join(server.config.dataDir, 'mail');
      const files = fs.readdirSync(mailDir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = fs.readFileSync(path.join(mailDir, files[0] ?? ''), 'utf8');
      expect(eml).toMatch(new RegExp(`^To: ${user.username}@example\\.com$`, 'm'));
      expect(eml).toMatch(/^Subject: Webhook disabled: /m);
      expect(eml).toContain(created.body.data.id);
    } finally {
      await dispatcher.stop();
      await server.close();
      await rx.close();
    }
  });
});
