import { readFileSync, statSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createTabbedDashboard } from './dashboard-fixture';
import { clickHeaderMenuItem } from './dashboard-menu';
import { logIn } from './login';

let big: number | undefined;
let table: number | undefined;
let dashboardId = 0;

test.beforeAll(async ({ request }) => {
  ({ big, table, dashboardId } = await createTabbedDashboard(request, 'ds', 'Dashboard share'));
});

const holder = (page: Page, id: number | undefined) =>
  page.locator(`[data-test="dashboard-chart"][data-test-chart-id="${String(id)}"]`);

test('a permalink to the second tab opens that tab', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await logIn(page);
  await page.goto(`/superset/dashboard/${String(dashboardId)}/?year=2000`);
  await expect(holder(page, big)).toHaveAttribute('data-chart-status', 'rendered');
  await page.getByTestId('dashboard-tab-title').filter({ hasText: 'Names' }).click();
  await expect(holder(page, table)).toHaveAttribute('data-chart-status', 'rendered');

  const created = page.waitForResponse(
    (r) => r.url().includes('/permalink') && r.request().method() === 'POST',
  );
  await clickHeaderMenuItem(page, 'share-dashboard-menu', 'copy-permalink');
  const response = await created;
  expect(response.status()).toBe(201);
  const { url } = (await response.json()) as { url: string };
  const sent = response.request().postDataJSON() as { activeTabs: string[]; urlParams: [string, string][] };
  expect(sent.activeTabs).toContain('TAB-b');
  expect(sent.urlParams).toContainEqual(['year', '2000']);
  await expect(page.getByText('Copied to clipboard!')).toBeVisible();

  const other = await context.newPage();
  await other.goto(url);
  await expect(other).toHaveURL(new RegExp(`/superset/dashboard/${String(dashboardId)}/\\?year=2000`));
  await expect(holder(other, table)).toHaveAttribute('data-chart-status', 'rendered');
  await expect(holder(other, big)).toBeHidden();
  await other.close();
});

test('unknown permalink keys show the not-found state', async ({ page }) => {
  await logIn(page);
  await page.goto('/superset/dashboard/p/AAAAAAAAAAAAAAAAAAAAAA/');
  await expect(page.getByTestId('dashboard-permalink-not-found')).toBeVisible();
});

test('downloads the dashboard as an image and as a PDF with every tab', async ({ page }) => {
  page.on('console', (message) => {
    if (message.type() === 'error') console.log(`browser: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    console.log(`page error: ${error.message}`);
  });
  await logIn(page);
  await page.goto(`/superset/dashboard/${String(dashboardId)}/`);
  await expect(holder(page, big)).toHaveAttribute('data-chart-status', 'rendered');

  const image = page.waitForEvent('download');
  await clickHeaderMenuItem(page, 'download-menu', 'download-as-image');
  const png = await image;
  expect(png.suggestedFilename()).toMatch(/\.png$/);
  const pngPath = test.info().outputPath('dashboard.png');
  await png.saveAs(pngPath);
  expect(statSync(pngPath).size).toBeGreaterThan(10_000);

  const pdfDownload = page.waitForEvent('download');
  await clickHeaderMenuItem(page, 'download-menu', 'export-to-pdf');
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  const pdfPath = test.info().outputPath('dashboard.pdf');
  await pdf.saveAs(pdfPath);
  const text = readFileSync(pdfPath).toString('latin1');
  expect(text.startsWith('%PDF-1.4')).toBe(true);
  expect(text).toContain('/DCTDecode');
  // Export mode is left again: the tab bar is back.
  await expect(page.getByTestId('dashboard-tabs')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('dashboard-share-light.png'), fullPage: true });
});
