import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { browserTestsSkipped, describeInChromium, openPortalPage } from '../helpers/chromium.js';
import { parseDecklist } from '../../src/decks/decklist.js';
import { CARDS } from '../helpers/collection.js';
import { chunked, importDemo } from '../helpers/imports.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server.js';

/**
 * The portal's Exports page in Debian's chromium: request an export, watch its status turn
 * Ready by itself (the server's own worker writes it), download the file through the link
 * and read it back. Screenshots land in test-results/portal/.
 */

const SHOTS = path.resolve(import.meta.dirname, '../../test-results/portal');
const PASSWORD = 'correct horse battery';

let server: TestServer;
let user: TestUser;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  if (browserTestsSkipped()) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({}, { worker: true });
  user = await server.createUser();
  await user.api('POST', '/api/v1/collection/batch', {
    entries: [
      { card_id: CARDS.AHN, quantity: 3, condition: 'lightly_played' },
      { card_id: CARDS.AJANI, finish: 'foil', language: 'de', purchase_price: '4.20' },
      { card_id: CARDS.LUNGE, quantity: 2 },
    ],
  });
  await user.api('POST', '/api/v1/decks', { name: 'Boros Lunge', format: 'modern', cards: [{ card_id: CARDS.LUNGE, quantity: 4 }, { card_id: CARDS.AHN, quantity: 2, board: 'sideboard' }] });
  ({ browser, page } = await openPortalPage(pageErrors, { acceptDownloads: true }));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function download(row: ReturnType<Page['locator']>): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: /Download/ }).click()]);
  const saved = await file.path();
  return { name: file.suggestedFilename(), text: fs.readFileSync(saved, 'utf8') };
}

describeInChromium('the Exports page in a browser', () => {
  it('signs in and opens Exports', async () => {
    await page.goto(`${server.url}/portal/sign-in`);
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'API Keys' }).waitFor();
    await page.getByRole('navigation', { name: 'Portal sections' }).getByRole('link', { name: 'Exports' }).click();
    await page.getByRole('heading', { level: 1, name: 'Exports' }).waitFor();
    await page.getByText('No exports yet').waitFor();
  });

  it('requests a Moxfield export of the collection, sees it become Ready by itself, and downloads it', async () => {
    await page.getByLabel('Format', { exact: true }).selectOption('moxfield_csv');
    await page.getByLabel('Only cards matching (optional)').fill('-t:planeswalker');
    // From the keyboard: focus stays on the button while it asks (a disabled button would drop it to <body>).
    await page.getByRole('button', { name: 'Request export' }).focus();
    await page.keyboard.press('Enter');
    const row = page.locator('tr[data-export-id]').first();
    await row.waitFor();
    expect(await page.evaluate<string>("[document.activeElement?.tagName, document.activeElement?.textContent].join(': ')")).toMatch(/^BUTTON: (Request export|Requesting)/);
    // The list polls while the export waits; nobody reloads the page.
    await page.locator('tr[data-status="completed"]').first().waitFor();
    expect(await row.textContent()).toContain('Ready');
    expect(await row.textContent()).toContain('Moxfield CSV');
    await page.screenshot({ path: path.join(SHOTS, '20-exports.png'), fullPage: true });
    const { name, text } = await download(row);
    expect(name).toMatch(/^ccs-collection-moxfield_csv-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(text.split('\r\n')[0]).toBe(
      '"Count","Tradelist Count","Name","Edition","Condition","Language","Foil","Tags","Last Modified","Collector Number","Alter","Proxy","Purchase Price"',
    );
    const { report, entries } = await importDemo(chunked(text, 4096));
    expect(report.format).toBe('moxfield');
    expect(report.unmatched).toEqual([]);
    // The planeswalker was filtered out by the search.
    expect(entries.map((e) => [e.card_id, e.quantity])).toEqual([
      [CARDS.AHN, 3],
      [CARDS.LUNGE, 2],
    ]);
  });

  it('picks a deck and downloads it as an Arena list', async () => {
    await page.getByLabel('What to export').selectOption('deck');
    await page.getByLabel('Deck', { exact: true }).waitFor();
    expect(await page.getByLabel('Deck', { exact: true }).textContent()).toContain('Boros Lunge');
    await page.getByLabel('Format', { exact: true }).selectOption('arena');
    await page.getByRole('button', { name: 'Request export' }).click();
    await page.locator('tr[data-status="completed"]').nth(1).waitFor();
    const row = page.locator('tr[data-export-id]').first();
    expect(await row.textContent()).toContain('MTG Arena decklist');
    const { name, text } = await download(row);
    expect(name).toMatch(/^ccs-deck-arena-.*\.txt$/);
    const parsed = parseDecklist(text);
    expect(parsed.errors).toEqual([]);
    expect(parsed.entries.map((e) => `${e.quantity} ${e.name} ${e.board}`)).toEqual(['4 Desperate Lunge main', '2 Ahn-Crop Invader sideboard']);
  });

  it('shows a search syntax error next to the field and creates nothing', async () => {
    await page.getByLabel('What to export').selectOption('collection');
    await page.getByLabel('Only cards matching (optional)').fill('t:creature (');
    await page.getByRole('button', { name: 'Request export' }).click();
    await page.locator('.field-error').first().waitFor();
    expect(await page.locator('tr[data-export-id]').count()).toBe(2);
    expect(pageErrors).toEqual([]);
  });
});
