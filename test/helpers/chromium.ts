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

/**
 * Holds the page's next request to `url` once the server has answered it, until `release()`:
 * a test makes that answer arrive after a later one, as a slow network can. `reached` settles
 * when the request has been answered and is being held; `release()` hands the answer over and
 * settles once the page has all of it.
 */
export async function holdNextAnswer(page: Page, url: string | RegExp): Promise<{ reached: Promise<void>; release: () => Promise<void> }> {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  let reached!: () => void;
  const seen = new Promise<void>((r) => (reached = r));
  let handed!: () => void;
  const fulfilled = new Promise<void>((r) => (handed = r));
  await page.route(
    url,
    async (route) => {
      const answer = await route.fetch();
      reached();
      await gate;
      await route.fulfill({ response: answer });
      handed();
    },
    { times: 1 },
  );
  return {
    reached: seen,
    release: async () => {
      const response = page.waitForResponse(url);
      open();
      await (await response).finished();
      await fulfilled;
    },
  };
}

/** Past the scripts a just-delivered answer starts and two rendered frames: what it changes is on screen. */
export async function afterRenderedFrames(page: Page): Promise<void> {
  await page.evaluate('new Promise((r) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(r)), 50))');
}
