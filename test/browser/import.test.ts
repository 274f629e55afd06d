import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { afterRenderedFrames, browserTestsSkipped, describeInChromium, holdNextAnswer, openPortalPage } from '../helpers/chromium.js';
import { fixture } from '../helpers/imports.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server.js';

/**
 * The portal's Import page in a real browser (Debian's chromium driven by playwright-core)
 * against the real server: upload a Moxfield export, read the preview, apply it.
 * Screenshots land in test-results/portal/ for a person to look at.
 */

const SHOTS = path.resolve(import.meta.dirname, '../../test-results/portal');

let server: TestServer;
let user: TestUser;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  if (browserTestsSkipped()) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer();
  user = await server.createUser();
  ({ browser, page } = await openPortalPage(pageErrors));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describeInChromium('the Import page', () => {
  it('previews a Moxfield file with its unmatched row highlighted, applies it skipping that row, and shows the collection count', async () => {
    await page.goto(`${server.url}/portal/`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'API Keys' }).waitFor();
    await page.getByRole('navigation', { name: 'Portal sections' }).getByRole('link', { name: 'Import' }).click();
    await page.getByRole('heading', { level: 1, name: 'Import' }).waitFor();

    // The fixture (7 importable rows, one proxy) plus a card no database has, on line 10.
    const file = Buffer.concat([fixture('moxfield.csv'), Buffer.from('"2","0","Not A Real Card","war","Near Mint","English","","","2025-06-27 06:59:41.710000","999","False","False",""\r\n')]);
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'moxfield-haves.csv', mimeType: 'text/csv', buffer: file });
    await page.getByRole('button', { name: 'Preview import' }).click();
    await page.getByRole('heading', { name: 'Preview: nothing has been written yet' }).waitFor();
    // The preview takes focus as it appears (the button was disabled while it ran), so it is read out.
    await expect.poll(() => page.evaluate('document.activeElement?.textContent?.trim()')).toBe('Preview: nothing has been written yet');

    expect(await page.getByTestId('stat-rows-read').textContent()).toContain('9');
    expect(await page.getByTestId('stat-rows-read').textContent()).toContain('Moxfield');
    expect(await page.getByTestId('stat-new-entries').textContent()).toContain('7');
    expect(await page.getByTestId('stat-not-matched').textContent()).toContain('1');
    const planned = page.getByTestId('planned').locator('tbody tr');
    expect(await planned.count()).toBe(7);
    await page.getByTestId('planned').getByRole('cell', { name: 'Esika, God of the Tree // The Prismatic Bridge' }).waitFor();

    const unmatched = page.getByTestId('unmatched').locator('tbody tr');
    expect(await unmatched.count()).toBe(1);
    const row = unmatched.first();
    expect(await row.getAttribute('class')).toContain('row-unmatched');
    expect(await row.getAttribute('data-line')).toBe('10');
    expect(await row.textContent()).toContain('no card found for set war number 999, name "Not A Real Card"');
    // Highlighted: the row stands out from the planned entries.
    // Runs in the page, where getComputedStyle exists (the test's own types have no DOM).
    type Styles = { getComputedStyle(e: unknown): { backgroundColor: string } };
    const background = (l: typeof row) => l.locator('td').first().evaluate((td) => (globalThis as unknown as Styles).getComputedStyle(td).backgroundColor);
    expect(await background(row)).not.toBe(await background(planned.first()));
    expect(await page.getByText('skipped: a proxy (playtest) card').count()).toBe(1);
    await page.screenshot({ path: path.join(SHOTS, 'import-01-preview.png'), fullPage: true });

    // Nothing was written by the preview, and Apply waits for a decision about the unmatched row.
    expect((await user.api('GET', '/api/v1/collection')).body.meta.total).toBe(0);
    const applyButton = page.getByRole('button', { name: 'Apply import' });
    expect(await applyButton.isDisabled()).toBe(true);
    await page.getByLabel(/Skip the 1 row that could not be imported/).check();
    expect(await applyButton.isDisabled()).toBe(false);
    await applyButton.click();

    const total = page.getByTestId('collection-total');
    await total.waitFor();
    expect(await total.textContent()).toBe('Your collection now holds 7 entries (13 cards).');
    expect(await page.getByTestId('import-result').textContent()).toContain('7 new entries, 0 entries merged, 13 cards added; 1 row skipped.');
    await page.screenshot({ path: path.join(SHOTS, 'import-02-applied.png'), fullPage: true });

    const list = await user.api('GET', '/api/v1/collection');
    expect(list.body.meta).toMatchObject({ total: 7, total_quantity: 13 });
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('says which binders a file of ours would make before applying it, and which it made', async () => {
    // Still signed in from the test above.
    await page.getByRole('navigation', { name: 'Portal sections' }).getByRole('link', { name: 'Import' }).click();
    await page.getByRole('heading', { level: 1, name: 'Import' }).waitFor();
    const cardId = (await user.api('GET', '/api/v1/collection?limit=1')).body.data[0].card_id;
    const file = `card_id,quantity,binder_name\n${cardId},1,Trade binder\n${cardId},2,Spares\n`;
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'ours.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await page.getByRole('button', { name: 'Preview import' }).click();
    await page.getByRole('heading', { name: 'Preview: nothing has been written yet' }).waitFor();
    expect(await page.getByTestId('binders-created').textContent()).toBe(
      'The file names binders you have none of: Trade binder, Spares. Applying creates them, at the end of your binders, with the entries.',
    );
    await page.getByRole('button', { name: 'Apply import' }).click();
    await page.getByTestId('collection-total').waitFor();
    expect(await page.getByTestId('binders-created').textContent()).toBe('2 binders created: Trade binder, Spares.');
    expect((await user.api('GET', '/api/v1/binders')).body.data.map((b: { name: string }) => b.name)).toEqual(['Trade binder', 'Spares']);
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('drops a preview still on its way when another file is chosen, so Apply never sends a file under the previous file\'s preview', async () => {
    // Still signed in from the tests above.
    await page.getByRole('navigation', { name: 'Portal sections' }).getByRole('link', { name: 'Import' }).click();
    await page.getByRole('heading', { level: 1, name: 'Import' }).waitFor();
    const cardId = (await user.api('GET', '/api/v1/collection?limit=1')).body.data[0].card_id;
    const first = `card_id,quantity\n${cardId},4\n`;
    const second = `card_id,quantity\n${cardId},1\n${cardId},2\n`;

    // The first file's preview answer is held until the second file has been chosen.
    const held = await holdNextAnswer(page, /\/imports\?.*mode=dry_run/);
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'first.csv', mimeType: 'text/csv', buffer: Buffer.from(first) });
    await page.getByRole('button', { name: 'Preview import' }).click();
    await held.reached;
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'second.csv', mimeType: 'text/csv', buffer: Buffer.from(second) });
    await held.release();
    // Had the late answer been applied, its preview would show now.
    await afterRenderedFrames(page);
    expect(await page.getByRole('heading', { name: 'Preview: nothing has been written yet' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Apply import' }).count()).toBe(0);

    // The second file previews as itself.
    await page.getByRole('button', { name: 'Preview import' }).click();
    await page.getByRole('heading', { name: 'Preview: nothing has been written yet' }).waitFor();
    expect(await page.getByTestId('stat-rows-read').textContent()).toContain('2');
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
