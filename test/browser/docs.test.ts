import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { browserTestsSkipped, describeInChromium, launchChromium } from '../helpers/chromium.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The API reference in a real browser: Swagger UI still renders under its Content-Security-Policy
 * (no violation, no script error), carries the service's name and links to the guides, and the
 * error and guide pages it links to render too.
 */
let server: TestServer;
let browser: Browser;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  if (browserTestsSkipped()) return;
  server = await startTestServer({}, { cards: false });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (/content security policy|refused to/i.test(msg.text())) problems.push(msg.text());
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describeInChromium('the API reference in a browser', () => {
  it('renders Swagger UI with every operation group, branded, under its CSP', async () => {
    const res = await page.goto(`${server.url}/docs`);
    expect(res?.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    // Swagger UI parses a 1.5 MB bundle, then fetches and renders the document: slow on a busy machine.
    await page.locator('.opblock-tag').first().waitFor({ timeout: 60_000 });
    expect(await page.locator('.opblock-tag').count()).toBeGreaterThanOrEqual(6);
    expect(await page.locator('.opblock').count()).toBeGreaterThanOrEqual(30);
    expect(await page.title()).toBe('Card Collection Service · API reference');
    await page.locator('.topbar .ccs-name', { hasText: 'Card Collection Service' }).waitFor();
    expect(await page.locator('.topbar-wrapper img').getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/favicon\.svg$/);
    // An operation opens, with its schema rendered.
    await page.locator('.opblock-summary', { hasText: '/api/v1/profile' }).first().click();
    await page.locator('.opblock-body').first().waitFor();
    expect(problems).toEqual([]);
  }, 90_000);

  it('links to the guides, which render as pages', async () => {
    await page.locator('.topbar .ccs-links a', { hasText: 'Guides' }).click();
    await page.getByRole('heading', { level: 1, name: 'Guides' }).waitFor();
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/docs/guides/webhooks');
    expect(problems).toEqual([]);
  });

  it('opens a problem type URI at the explanation of its code', async () => {
    const problem = (await server.request('GET', '/api/v1/profile')).body as { type: string };
    await page.goto(problem.type);
    const entry = page.locator('#missing_token');
    await entry.waitFor();
    expect(await entry.textContent()).toContain('Authorization');
    expect(await page.evaluate<string | undefined>("document.querySelector(':target')?.id")).toBe('missing_token');
    expect(problems).toEqual([]);
  });
});
