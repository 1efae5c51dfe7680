import { expect as baseExpect, test, type Page } from '@playwright/test';
import { useAdminSession } from './login';

// Issue #10, SQL Lab: what a new analyst hits in the first ten minutes. Durations survive a reload,
// a typo is a syntax error, an added table previews its data and keeps it, a closed tab stays closed.

// Two cores shared by several engineers: a reload can take far longer than the default 15 s.
const expect = baseExpect.configure({ timeout: 90_000 });

const editor = (page: Page) => page.getByTestId('sqllab-editor').locator('.cm-content');
const tabs = (page: Page) => page.getByTestId('sqllab-tab');

async function setSql(page: Page, sql: string): Promise<void> {
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(sql);
}

async function pickDatabase(page: Page, name: string): Promise<void> {
  await page.getByTestId('sqllab-database-select').click();
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"])')
    .getByTitle(name, { exact: true })
    .click();
  await expect(page.getByTestId('sqllab-database-select')).toContainText(name);
}

async function openSqlLab(page: Page): Promise<void> {
  await page.goto('/sqllab/');
  await expect(page.getByTestId('sqllab-editor')).toBeVisible();
}

/** Milliseconds shown by a 'HH:MM:SS.cc' duration. */
function durationMs(text: string): number {
  const match = /(\d+):(\d+):(\d+)\.(\d+)/.exec(text);
  if (!match) throw new Error(`no duration in ${text}`);
  const [, h, m, s, cs] = match.map(Number);
  return (((h ?? 0) * 60 + (m ?? 0)) * 60 + (s ?? 0)) * 1000 + (cs ?? 0) * 10;
}

// A busy shared machine: the app's first loads are slow.
test.describe.configure({ timeout: 480_000 });

test.beforeEach(async ({ page }) => {
  await useAdminSession(page);
  await openSqlLab(page);
});

test('the timer and the history keep the real duration after a reload', async ({ page }) => {
  // The browser's clock runs 90 s ahead of the server's, as on many laptops: a duration mixing the
  // two clocks would show it.
  await page.clock.install({ time: Date.now() + 90_000 });
  await openSqlLab(page);
  await page.getByTestId('sqllab-add-tab').click();
  await pickDatabase(page, 'examples');
  await setSql(page, 'SELECT 42 AS answer');
  await page.getByTestId('sqllab-run').click();
  await expect(page.getByTestId('sqllab-status')).toContainText(/success/i);
  const shown = durationMs((await page.getByTestId('sqllab-timer').textContent()) ?? '');
  expect(shown).toBeLessThan(3000);
  // Long enough that "now − start" would show.
  await page.waitForTimeout(4000);
  await page.reload();
  await expect(page.getByTestId('sqllab-status')).toContainText(/success/i);
  const restored = durationMs((await page.getByTestId('sqllab-timer').textContent()) ?? '');
  expect(restored).toBeLessThan(3000);
  await page.getByRole('tab', { name: /Query history/i }).click();
  const row = page.getByTestId('sqllab-history-row').first();
  await expect(row).toContainText('SELECT 42 AS answer');
  expect(durationMs((await row.textContent()) ?? '')).toBeLessThan(3000);
});

test('a typo is answered as a syntax error', async ({ page }) => {
  await page.getByTestId('sqllab-add-tab').click();
  await pickDatabase(page, 'examples');
  await setSql(page, 'SELEC * FRM t');
  await page.getByTestId('sqllab-run').click();
  const error = page.getByTestId('sqllab-error');
  await expect(error).toContainText('There is a syntax error in the SQL query');
  await expect(error).toContainText('SELEC');
  await expect(error).not.toContainText('data manipulation');
});

test('an added table previews its data, and keeps it across a reload', async ({ page }) => {
  await page.getByTestId('sqllab-add-tab').click();
  await pickDatabase(page, 'examples');
  await expect(page.getByTestId('sqllab-schema-select')).toContainText('main');
  await page.getByTestId('sqllab-table-select').click();
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"])')
    .getByTitle('sales', { exact: true })
    .click();
  await expect(page.locator('[data-test="sqllab-table-panel"][data-table="sales"]')).toBeVisible();
  const preview = page.locator('[data-test="sqllab-preview-tab"][data-table="sales"]');
  await expect(preview).toBeVisible();
  await preview.click();
  await expect(page.getByTestId('sqllab-results-grid')).toBeVisible();
  // Let the sync loop (5 s) hand the panel to the server, then reload.
  await page.waitForTimeout(7000);
  await page.reload();
  await expect(page.locator('[data-test="sqllab-table-panel"][data-table="sales"]')).toBeVisible();
  await expect(preview).toBeVisible();
  await preview.click();
  await expect(page.getByTestId('sqllab-results-grid')).toBeVisible();
});

test('a tab closed just before the browser goes away stays closed', async ({ page, browser, context }) => {
  await page.getByTestId('sqllab-add-tab').click();
  await setSql(page, 'SELECT 7 AS closing_soon');
  // Let the tab reach the server first, so that only its close is at stake.
  await page.waitForTimeout(7000);
  const count = await tabs(page).count();
  const title = (await tabs(page).last().getByTestId('sqllab-tab-title').textContent()) ?? '';
  await page.getByTestId('sqllab-close-tab').last().click();
  await expect(tabs(page)).toHaveCount(count - 1);

  // Another browser of the same user (no local storage of this one) sees the server's tabs.
  const other = await browser.newContext();
  await other.addCookies(await context.cookies());
  const elsewhere = await other.newPage();
  await openSqlLab(elsewhere);
  await expect(tabs(elsewhere)).toHaveCount(count - 1);
  await expect(tabs(elsewhere).filter({ hasText: title })).toHaveCount(0);
  await other.close();

  // And this browser, reloaded at once, keeps it closed too.
  await page.reload();
  await expect(page.getByTestId('sqllab-editor')).toBeVisible();
  await expect(tabs(page)).toHaveCount(count - 1);
  await expect(tabs(page).filter({ hasText: title })).toHaveCount(0);
});
