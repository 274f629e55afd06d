import { browserTestsSkipped, SKIP_LINE } from '../helpers/chromium-env.js';

/**
 * Says once per run, in one line, that the browser tests are skipped and how to run them,
 * when Chromium is missing (and CI is not set, where the browser tests fail instead) and the
 * run includes them: `vitest run test/unit/...` stays quiet.
 */
export default function setup(): void {
  if (!browserTestsSkipped()) return;
  const filters = process.argv.slice(2).filter((a) => !a.startsWith('-') && a !== 'run' && !a.endsWith('vitest.mjs'));
  if (filters.length > 0 && !filters.some((f) => 'test/browser/'.includes(f) || f.includes('browser'))) return;
  console.log(SKIP_LINE);
}
