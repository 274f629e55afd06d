import { type Browser, chromium } from 'playwright-core';
import { describe } from 'vitest';
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
