import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { WEB_ROOT } from '../../src/portal/routes.js';
import { afterRenderedFrames, browserTestsSkipped, describeInChromium, holdNextAnswer, launchChromium } from '../helpers/chromium.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The developer portal in a real browser (Debian's chromium driven by playwright-core)
 * against the real server, following issue 5 from sign-up to Re-enable. Screenshots of
 * every tab land in test-results/portal/ for a person to look at.
 */

const SHOTS = path.resolve(import.meta.dirname, '../../test-results/portal');
const PASSWORD = 'correct horse battery';

interface Hit {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook endpoint on 127.0.0.1 that answers 200, or 500 while `failing` is set. */
async function startReceiver() {
  const hits: Hit[] = [];
  const state = { failing: false };
  const srv = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (state.failing) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('boom: receiver is down');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      }
    });
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}/hook`,
    hits,
    state,
    close: () => new Promise<void>((resolve) => srv.close(() => resolve())),
  };
}

async function eventually<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const v = await fn();
      if (v !== undefined && v !== false) return v;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

async function textOf(locator: Locator): Promise<string> {
  return (await locator.textContent())?.trim() ?? '';
}

let server: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
const cspViolations: string[] = [];

const username = `browser_${Date.now().toString(36)}`;
let apiKey = '';
let webhookSecret = '';

async function shot(name: string, target: Page = page, fullPage = true): Promise<void> {
  await target.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

async function heading(name: string, target: Page = page): Promise<void> {
  await target.getByRole('heading', { level: 1, name }).waitFor();
}

async function tab(name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Portal sections' }).getByRole('link', { name }).click();
}

beforeAll(async () => {
  if (browserTestsSkipped()) return;
  if (!fs.existsSync(path.join(WEB_ROOT, 'index.html'))) throw new Error('The portal is not built: run "npm run build" first.');
  fs.mkdirSync(SHOTS, { recursive: true });
  receiver = await startReceiver();
  server = await startTestServer(
    {
      usageFlushMs: 200,
      // The receiver runs on 127.0.0.1: `trusted` keeps its answers in the log for the dialog to show.
      webhooks: { ...loadConfig({}).webhooks, batchWindowMs: 100, retryDelaysMs: [100, 100, 100], timeoutMs: 2_000, pollMs: 25, disableAfter: 3, localTargets: 'trusted' },
    },
    { worker: true },
  );
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-GB', timezoneId: 'UTC' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (err) => pageErrors.push(err.message));
  page.on('console', (msg) => {
    if (/content security policy/i.test(msg.text())) cspViolations.push(msg.text());
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await receiver?.close();
});

describeInChromium('developer portal in a browser', () => {
  it('signs up from the front door', async () => {
    await page.goto(`${server.url}/`);
    expect(new URL(page.url()).pathname).toBe('/portal/');
    await heading('Sign in');
    await shot('01-sign-in');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await heading('Create your account');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('E-mail').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await heading('API Keys');
    expect(new URL(page.url()).pathname).toBe('/portal/keys');
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'ccs_session')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('creates a key with two scopes and shows it in full once, with a copy button', async () => {
    await page.getByRole('button', { name: 'Create Key', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.waitFor();
    // Every scope is explained in words.
    await dialog.getByText('Search the shared card database').waitFor();
    await dialog.getByLabel('Name', { exact: true }).fill('Inventory sync');
    await dialog.getByRole('checkbox', { name: /^profile:read/ }).check();
    await dialog.getByRole('checkbox', { name: /^cards:read/ }).check();
    await shot('02-keys-create-dialog');
    await dialog.getByRole('button', { name: 'Generate' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await shown.waitFor();
    apiKey = await shown.getByTestId('new-key').inputValue();
    expect(apiKey).toMatch(/^ccs_live_[0-9A-Za-z]{38}$/);
    expect(await textOf(shown)).toContain('It cannot be shown again');
    await shown.getByRole('button', { name: 'Copy', exact: true }).click();
    await shown.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(apiKey);
    // The "Try it" command carries the key whole, ready to paste.
    expect(await shown.getByTestId('try-it').inputValue()).toContain(`Bearer ${apiKey}"`);
    await shot('03-keys-shown-once');
    await shown.getByRole('button', { name: 'I have copied the key' }).click();
    await shown.waitFor({ state: 'hidden' });

    const row = page.getByRole('row', { name: /Inventory sync/ });
    await row.waitFor();
    expect(await textOf(row)).toContain('profile:read');
    expect(await textOf(row)).toContain('cards:read');
    expect(await textOf(row)).toContain('Never');
    // Once means once: the secret is nowhere on the page after the dialog closes, nor after a reload.
    expect(await page.content()).not.toContain(apiKey);
    await page.reload();
    await heading('API Keys');
    expect(await page.content()).not.toContain(apiKey);
  });

  it('uses the key against the API and sees it in usage', async () => {
    for (let i = 0; i < 2; i++) {
      const ok = await fetch(`${server.url}/api/v1/profile`, { headers: { authorization: `Bearer ${apiKey}` } });
      expect(ok.status).toBe(200);
      await ok.text();
    }
    const denied = await fetch(`${server.url}/api/v1/collection`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(denied.status).toBe(403);
    await denied.text();

    await tab('Usage');
    await heading('Usage');
    await eventually('usage totals', async () => {
      if ((await textOf(page.getByTestId('total-requests'))) === '3') return true;
      await page.getByRole('button', { name: 'Refresh' }).click();
      return false;
    });
    expect(await textOf(page.getByTestId('error-rate'))).toBe('33%');
    await page.getByRole('heading', { name: 'By endpoint' }).waitFor();
    await page.getByText('GET /api/v1/profile').waitFor();
    await page.getByText('GET /api/v1/collection').waitFor();
    const chart = page.getByRole('img', { name: /Requests over time: 3 requests/ });
    await chart.waitFor();
    // Each change is read once its own report is shown: the previous one stays on screen (greyed,
    // aria-busy) while the next loads, and would satisfy any check made before it arrives.
    const DAY = 86_400_000;
    const shownAfter = async (change: () => Promise<unknown>, wanted: (q: URLSearchParams) => boolean) => {
      const answer = page.waitForResponse((r) => {
        const u = new URL(r.url());
        return u.pathname === '/portal/api/usage' && wanted(u.searchParams);
      });
      await change();
      await (await answer).finished();
      await page.locator('[aria-busy="false"]').waitFor();
    };
    const span = (q: URLSearchParams) => Date.parse(q.get('to') ?? '') - Date.parse(q.get('from') ?? '');
    const keyId = (await page.getByLabel('API key').locator('option').nth(1).getAttribute('value'))!;
    await shownAfter(() => page.getByLabel('API key').selectOption(keyId), (q) => q.get('key_id') === keyId);
    expect(await textOf(page.getByTestId('total-requests'))).toBe('3');
    await shownAfter(() => page.getByLabel('Time range').selectOption('30d'), (q) => q.get('key_id') === keyId && q.get('granularity') === 'day' && span(q) === 30 * DAY);
    expect(await page.getByRole('radio', { name: 'Daily' }).isChecked()).toBe(true);
    expect(await textOf(page.getByTestId('total-requests'))).toBe('3');
    await page.getByRole('img', { name: /Requests over time: 3 requests in 3[01] days/ }).waitFor();
    // Seven days of hours: each axis label names its day, or "14:00" would repeat for every day.
    await shownAfter(() => page.getByLabel('Time range').selectOption('7d'), (q) => q.get('granularity') === 'hour' && span(q) === 7 * DAY);
    expect(await page.getByRole('radio', { name: 'Hourly' }).isChecked()).toBe(true);
    expect(await textOf(page.getByTestId('total-requests'))).toBe('3');
    await page.getByRole('img', { name: /Requests over time: 3 requests in 16[89] hours/ }).waitFor();
    const weekLabels = await page.locator('.chart .axis-label').allTextContents();
    expect(weekLabels.length).toBeGreaterThan(1);
    for (const label of weekLabels) expect(label).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d\d:\d\d$/);
    await page.getByLabel('Time range').selectOption('24h');
    await shownAfter(() => page.getByLabel('API key').selectOption(''), (q) => !q.has('key_id') && q.get('granularity') === 'hour' && span(q) === DAY);
    expect(await page.getByRole('radio', { name: 'Hourly' }).isChecked()).toBe(true);
    expect(await textOf(page.getByTestId('total-requests'))).toBe('3');
    await shot('04-usage');

    await tab('API Keys');
    await eventually('last used', async () => {
      const row = page.getByRole('row', { name: /Inventory sync/ });
      if (!(await textOf(row)).includes('Never')) return true;
      await page.reload();
      return false;
    });
  });

  it('revokes the key after confirmation, and the API answers 401 on the next request', async () => {
    await page.getByRole('button', { name: 'Revoke Inventory sync' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this key?' });
    await confirm.waitFor();
    await shot('05-keys-revoke-confirm');
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Revoked keys' }).waitFor();
    // The row's Revoke button is gone with the row: focus is on the page title, not lost on <body>.
    expect(await page.evaluate<string | undefined>('document.activeElement?.textContent?.trim()')).toBe('API Keys');
    const res = await fetch(`${server.url}/api/v1/profile`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('revoked_token');
    await shot('06-keys');
  });

  it('offers a "Try it" command the new key can run, with the key whole and a copy button', async () => {
    await page.getByRole('button', { name: 'Create Key', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.getByLabel('Name', { exact: true }).fill('Collection reader');
    await dialog.getByRole('checkbox', { name: /^collection:read/ }).check();
    await dialog.getByRole('button', { name: 'Generate' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await shown.waitFor();
    const key = await shown.getByTestId('new-key').inputValue();
    const command = await shown.getByTestId('try-it').inputValue();
    // A collection:read key gets 403 from /profile: the command names an endpoint it can call.
    const parsed = command.match(/^curl -H "Authorization: Bearer (ccs_live_\w+)" "([^"]+)"$/);
    expect(parsed, command).not.toBeNull();
    expect(parsed![1]).toBe(key);
    expect(parsed![2]).toBe(`${server.url}/api/v1/collection?limit=5`);
    const res = await fetch(parsed![2]!, { headers: { authorization: `Bearer ${parsed![1]}` } });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    await shown.getByRole('button', { name: 'Copy the command' }).click();
    await shown.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(command);
    await shot('06b-keys-try-it');
    await shown.getByRole('button', { name: 'I have copied the key' }).click();
    await shown.waitFor({ state: 'hidden' });
    expect(await page.content()).not.toContain(key);
  });

  it('creates a webhook to a local receiver and shows its generated secret once', async () => {
    await tab('Webhooks');
    await heading('Webhooks');
    await page.getByRole('button', { name: 'Add endpoint' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.waitFor();
    await dialog.getByLabel('Endpoint URL').fill(receiver.url);
    expect(await dialog.getByRole('checkbox', { name: /All events/ }).isChecked()).toBe(true);
    await shot('07-webhooks-create-dialog');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = page.getByRole('dialog', { name: 'Webhook added' });
    await shown.waitFor();
    webhookSecret = await shown.getByTestId('new-webhook-secret').inputValue();
    expect(webhookSecret.length).toBeGreaterThanOrEqual(16);
    expect(await textOf(shown)).toContain('It cannot be shown again');
    await shown.getByRole('button', { name: 'I have copied the secret' }).click();
    await shown.waitFor({ state: 'hidden' });
    const card = page.locator('[data-webhook-id]');
    expect(await textOf(card.getByTestId('webhook-status'))).toBe('Enabled');
    expect(await textOf(card)).toContain('All events');
    expect(await textOf(card)).toContain('0 of 1,000 deliveries today');
  });

  it('sends a test the receiver sees with X-Webhook-Test: true, and shows the attempt in the log', async () => {
    await page.getByRole('button', { name: 'Send Test' }).click();
    const hit = await eventually('the test delivery', async () => receiver.hits.find((h) => h.headers['x-webhook-test'] === 'true'));
    expect(hit.headers['x-webhook-signature']).toBe(createHmac('sha256', webhookSecret).update(hit.body).digest('hex'));
    const events = JSON.parse(hit.body) as Array<{ type: string }>;
    expect(events).toHaveLength(11);

    await page.getByRole('link', { name: 'See the attempt in the delivery log' }).click();
    await heading('Delivery log');
    const row = page.locator('tr[data-delivery-id]').first();
    await eventually('delivered', async () => (await textOf(row.getByTestId('delivery-status'))) === 'Delivered');
    expect(await textOf(row)).toContain('Test');
    expect(await textOf(row)).toContain('200');
    await row.getByRole('button', { name: /Details/ }).click();
    const detail = page.getByRole('dialog', { name: 'Delivery' });
    await detail.getByTestId('attempt').first().waitFor();
    expect(await detail.getByTestId('attempt').count()).toBe(1);
    expect(await textOf(detail.getByTestId('attempt-status'))).toBe('HTTP 200');
    expect(await textOf(detail.getByTestId('attempt'))).toContain('{"received":true}');
    await shot('08-delivery-detail');
    await detail.getByRole('button', { name: 'Close', exact: true }).click();
    await detail.waitFor({ state: 'hidden' });
  });

  it('shows the banner when failures disable the subscription, and Re-enable brings it back', async () => {
    receiver.state.failing = true;
    const user = (await server.ctx.accounts.findByUsername(username))!;
    const writer = await server.ctx.apiKeys.create(user.id, { name: 'writer', scopes: ['collection:write'] });
    const card = await server.ctx.database.db.selectFrom('cards').select('id').where('finishes', 'like', '%nonfoil%').limit(1).executeTakeFirstOrThrow();
    const added = await fetch(`${server.url}/api/v1/collection`, {
      method: 'POST',
      headers: { authorization: `Bearer ${writer.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ card_id: card.id }),
    });
    expect(added.status).toBe(201);
    await added.text();
    const subId = await eventually(
      'auto-disable',
      async () => {
        const subs = await server.ctx.webhooks.list(user.id);
        return subs.items[0]?.status === 'disabled' ? subs.items[0].id : undefined;
      },
      20_000,
    );

    await tab('Webhooks');
    const banner = page.getByTestId('disabled-banner');
    await banner.waitFor();
    expect(await textOf(banner)).toContain(`Webhook disabled: ${receiver.url}`);
    expect(await textOf(banner)).toContain('3 consecutive');
    const card$ = page.locator(`[data-webhook-id="${subId}"]`);
    expect(await textOf(card$.getByTestId('webhook-status'))).toBe('Disabled');
    await shot('09-webhooks-disabled-banner');

    // The log shows the failed delivery with every attempt, and the receiver's answer.
    await card$.getByRole('link', { name: 'Delivery log' }).click();
    await heading('Delivery log');
    await page.getByLabel('Status').selectOption('failed');
    const failed = page.locator('tr[data-delivery-id]').first();
    await eventually('failed row', async () => (await textOf(failed.getByTestId('delivery-status'))) === 'Failed');
    await page.getByLabel('Event type').selectOption('collection.entry.created');
    await eventually('filtered by type', async () => (await page.locator('tr[data-delivery-id]').count()) === 1 && (await textOf(failed)).includes('collection.entry.created'));
    await failed.getByRole('button', { name: /Details/ }).click();
    const detail = page.getByRole('dialog', { name: 'Delivery' });
    await detail.getByTestId('attempt').first().waitFor();
    expect(await detail.getByTestId('attempt').count()).toBe(3);
    expect(await detail.getByTestId('attempt-status').allTextContents()).toEqual(['HTTP 500', 'HTTP 500', 'HTTP 500']);
    expect(await textOf(detail)).toContain('boom: receiver is down');
    expect(await detail.getByRole('button', { name: 'Redeliver' }).isDisabled()).toBe(true);
    await shot('10-delivery-log-failed');
    await detail.getByRole('button', { name: 'Close', exact: true }).click();

    // Fix the endpoint, Re-enable from the banner.
    receiver.state.failing = false;
    // From the keyboard: the button names the subscription, and focus lands on the page's heading, not <body>.
    const reEnable = page.getByTestId('disabled-banner').getByRole('button', { name: /^Re-enable http/ });
    await reEnable.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('disabled-banner').waitFor({ state: 'hidden' });
    expect((await server.ctx.webhooks.get(user.id, subId)).status).toBe('enabled');
    expect(await page.evaluate<string | undefined>('document.activeElement?.tagName')).toBe('H1');

    // And redeliver what was lost.
    await failed.getByRole('button', { name: /Details/ }).click();
    const seen = receiver.hits.length;
    await detail.getByRole('button', { name: 'Redeliver' }).click();
    const redelivered = await eventually('the redelivery', async () =>
      receiver.hits.slice(seen).find((h) => !h.headers['x-webhook-test'] && h.body.includes('collection.entry.created')),
    );
    expect(redelivered.headers['x-webhook-signature']).toBe(createHmac('sha256', webhookSecret).update(redelivered.body).digest('hex'));
    await page.getByLabel('Status').selectOption('');
    await eventually('redelivered row', async () => {
      const rows = await page.locator('tr[data-delivery-id]').allTextContents();
      return rows.some((r) => r.includes('Redelivery') && r.includes('Delivered'));
    });
    await page.getByLabel('Event type').selectOption('');
    await shot('11-delivery-log');

    await tab('Webhooks');
    const again = page.locator(`[data-webhook-id="${subId}"]`);
    await eventually('enabled badge', async () => (await textOf(again.getByTestId('webhook-status'))) === 'Enabled');
    expect(await textOf(again)).toContain('1 of 1,000 deliveries today');
    await shot('12-webhooks');
  });

  it('keeps the delivery log on the filter chosen last when an earlier filter\'s answer comes back after it', async () => {
    const user = (await server.ctx.accounts.findByUsername(username))!;
    const subId = (await server.ctx.webhooks.list(user.id)).items[0]!.id;
    await page.goto(`${server.url}/portal/webhooks/${subId}`);
    await heading('Delivery log');
    await eventually('delivered rows', async () => (await page.locator('tr[data-delivery-id]').allTextContents()).some((r) => r.includes('Delivered')));

    // Hold the answer for "Failed" until the user has gone back to "All" and that answer is shown.
    const held = await holdNextAnswer(page, /\/deliveries\?.*status=failed/);
    await page.getByLabel('Status').selectOption('failed');
    await held.reached;
    const allAnswer = page.waitForResponse((r) => /\/deliveries\?/.test(r.url()) && !r.url().includes('status='));
    await page.getByLabel('Status').selectOption('');
    await allAnswer;
    await eventually('every status shown', async () => (await page.locator('tr[data-delivery-id]').allTextContents()).some((r) => r.includes('Delivered')));

    await held.release();
    // Had the late answer been applied, the list would now be failed rows only.
    await afterRenderedFrames(page);
    const rows = await page.locator('tr[data-delivery-id]').allTextContents();
    expect(rows.some((r) => r.includes('Delivered'))).toBe(true);
    expect(await page.getByLabel('Status').inputValue()).toBe('');
  });

  it('shows the profile and changes the password', async () => {
    await tab('Profile');
    await heading('Profile');
    expect(await textOf(page.getByTestId('profile-username'))).toBe(username);
    expect(await textOf(page.locator('.details'))).toContain(`${username}@example.com`);
    expect(await textOf(page.locator('.details'))).toContain('Free');
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('an even better password');
    await page.getByLabel('Repeat new password').fill('an even better password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed.').waitFor();
    await shot('13-profile');
  });

  it('works with the keyboard: skip link, dialogs that trap and return focus, Escape to close', async () => {
    await page.goto(`${server.url}/portal/keys`);
    await heading('API Keys');
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string | undefined>('document.activeElement?.textContent')).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate<string | undefined>('document.activeElement?.id')).toBe('main');

    await page.getByRole('button', { name: 'Create Key', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Create an API key' }).waitFor();
    expect(await page.evaluate<string | undefined>('document.activeElement?.name')).toBe('name');
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string | undefined>('document.activeElement?.value')).toBe('collection:read');
    await page.keyboard.press('Space');
    expect(await page.getByRole('checkbox', { name: /^collection:read/ }).isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Create an API key' }).waitFor({ state: 'hidden' });
    expect(await page.evaluate<string | undefined>('document.activeElement?.textContent')).toBe('Create Key');
    // Tabs are ordinary links, reachable and marked current.
    expect(await page.getByRole('link', { name: 'API Keys' }).getAttribute('aria-current')).toBe('page');
  });

  it('is usable at phone width', async () => {
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'en-GB',
      timezoneId: 'UTC',
      storageState: await context.storageState(),
    });
    const p = await phone.newPage();
    try {
      for (const [route, title, name] of [
        ['/portal/keys', 'API Keys', '14-phone-keys'],
        ['/portal/usage', 'Usage', '15-phone-usage'],
        ['/portal/webhooks', 'Webhooks', '16-phone-webhooks'],
        ['/portal/profile', 'Profile', '17-phone-profile'],
      ] as const) {
        await p.goto(server.url + route);
        await heading(title, p);
        if (title === 'Usage') await p.getByRole('img', { name: /Requests over time/ }).waitFor();
        // Nothing sideways: the page fits the screen.
        expect(await p.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
        await shot(name, p);
      }
      await p.goto(`${server.url}/portal/keys`);
      await p.getByRole('button', { name: 'Create Key', exact: true }).click();
      await p.getByRole('dialog', { name: 'Create an API key' }).waitFor();
      await shot('18-phone-create-key', p, false);
    } finally {
      await phone.close();
    }
  });

  it('fits every width between phone and desktop: the tabs scroll in their own row, wide tables in their panel', async () => {
    const p = await context.newPage();
    try {
      for (const width of [721, 800, 1024, 1280]) {
        await p.setViewportSize({ width, height: 800 });
        for (const [route, title] of [
          ['/portal/keys', 'API Keys'],
          ['/portal/usage', 'Usage'],
          ['/portal/webhooks', 'Webhooks'],
          ['/portal/exports', 'Exports'],
        ] as const) {
          await p.goto(server.url + route);
          await heading(title, p);
          expect(await p.evaluate<number>('document.documentElement.scrollWidth'), `${route} at ${width}`).toBeLessThanOrEqual(width);
          // The account's Sign out stays on screen.
          const box = await p.getByRole('button', { name: 'Sign out' }).boundingBox();
          expect(box && box.x + box.width, `${route} at ${width}`).toBeLessThanOrEqual(width);
        }
      }
    } finally {
      await p.close();
    }
  });

  it('signs out, and the old session no longer works', async () => {
    const before = (await context.cookies()).find((c) => c.name === 'ccs_session')!.value;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await heading('Sign in');
    const res = await fetch(`${server.url}/portal/api/profile`, { headers: { cookie: `ccs_session=${before}` } });
    expect(res.status).toBe(401);
    await res.text();
    expect(pageErrors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });
});
