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
