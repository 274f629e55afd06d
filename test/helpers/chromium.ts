import fs from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { describe } from 'vitest';
import { WEB_ROOT } from '../../src/portal/routes.js';
import { browserTestsSkipped, CHROMIUM, chromiumMissing } from './chromium-env.js';

export { browserTestsSkipped, CHROMIUM } from './chromium-env.js';

/** `describe` for tests that drive Chromium. */
export const describeInChromium = browserTestsSkipped() ? describe.skip : describe;

/** For a `beforeAll`: fails with what to do when the browser is missing (it only runs when it must exist). */
export function requireChromium(): string {
  if (chromiumMissing()) throw new Error(`CI=true and no Chromium at ${CHROMIUM}: the browser tests must run in CI. Install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  return CHROMIUM;
}

/**
 * Debian's Chromium, headless, with what this machine's closed network needs: no background
 * networking, component updates, sync or QUIC (each would try, and fail, to reach Google).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: requireChromium(),
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * A page for driving the built portal: British English, UTC, a 1280x900 window, 15 s per step;
 * script errors on the page are pushed to `errors` for the test to assert none happened.
 */
export async function openPortalPage(errors: string[], options: { acceptDownloads?: boolean } = {}): Promise<{ browser: Browser; page: Page }> {
  if (!fs.existsSync(path.join(WEB_ROOT, 'index.html'))) throw new Error('The portal is not built: run "npm run build" first.');
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB', timezoneId: 'UTC', acceptDownloads: options.acceptDownloads ?? false });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (err) => errors.push(err.message));
  return { browser, page };
}
