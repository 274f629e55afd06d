import fs from 'node:fs';

/** Debian's chromium, which playwright-core drives (`npx playwright install` cannot download browsers here). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumMissing = (): boolean => !fs.existsSync(CHROMIUM);

/** Under CI=true a missing browser fails the run; elsewhere the browser tests skip (test/setup/chromium.ts says so once). */
export const browserTestsSkipped = (): boolean => chromiumMissing() && process.env.CI !== 'true';

export const SKIP_LINE = `Browser tests skipped: no Chromium at ${CHROMIUM}. Install it (apt-get install chromium) or set CHROMIUM_PATH to run them.`;
