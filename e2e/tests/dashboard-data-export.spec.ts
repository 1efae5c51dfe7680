import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { unzipSync, strFromU8 } from 'fflate';
import { createTabbedDashboard } from './dashboard-fixture';
import { clickHeaderMenuItem } from './dashboard-menu';
import { logIn } from './login';

let big: number | undefined;
let dashboardId = 0;
let suffix = '';

test.beforeAll(async ({ request }) => {
  ({ big, dashboardId, suffix } = await createTabbedDashboard(request, 'dx', 'Dashboard data export'));
});

async function downloadData(page: Page, item: 'export-dashboard-csv' | 'export-dashboard-xlsx') {
  const download = page.waitForEvent('download');
  await clickHeaderMenuItem(page, 'download-menu', item);
  const file = await download;
  const path = test.info().outputPath(file.suggestedFilename());
  await file.saveAs(path);
  return { name: file.suggestedFilename(), entries: unzipSync(new Uint8Array(readFileSync(path))) };
}

test("downloads every chart's data as one ZIP of CSV and of Excel files", async ({ page }) => {
  await logIn(page);
  await page.goto(`/superset/dashboard/${String(dashboardId)}/`);
  await expect(
    page.locator(`[data-test="dashboard-chart"][data-test-chart-id="${String(big)}"]`),
  ).toHaveAttribute('data-chart-status', 'rendered', { timeout: 45_000 });

  const csv = await downloadData(page, 'export-dashboard-csv');
  expect(csv.name).toBe(`Dashboard_data_export_${suffix}.zip`);
  const names = Object.keys(csv.entries).sort();
  expect(names).toEqual([`dx_big_${suffix}.csv`, `dx_pie_${suffix}.csv`, `dx_table_${suffix}.csv`].sort());
  // The chart in the second tab was never drawn, and its data is still in the download.
  const table = strFromU8(csv.entries[`dx_table_${suffix}.csv`] ?? new Uint8Array());
  expect(table.split('\n')[0]).toContain('name');
  expect(table.trim().split('\n').length).toBeGreaterThan(1);
  expect(strFromU8(csv.entries[`dx_pie_${suffix}.csv`] ?? new Uint8Array())).toMatch(/boy|girl/);

  const xlsx = await downloadData(page, 'export-dashboard-xlsx');
  const workbooks = Object.entries(xlsx.entries);
  expect(workbooks).toHaveLength(3);
  for (const [name, bytes] of workbooks) {
    expect(name).toMatch(/\.xlsx$/);
    // An XLSX file is itself a ZIP whose first bytes are 'PK'.
    expect(strFromU8(bytes.slice(0, 2))).toBe('PK');
  }
});
