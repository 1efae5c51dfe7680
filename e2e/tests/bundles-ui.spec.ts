import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DB } from './credentials';
import { apiToken } from './explore-helpers';
import { logIn } from './login';

/**
 * Import and export from the list pages, as a Superset user does them: export a dashboard's ZIP from
 * its row, delete the dashboard, import the ZIP back through the Import dialog, open it; import again,
 * confirm the overwrite by typing OVERWRITE, and still find one dashboard. Then the database delete
 * dialog, which lists what uses a database and does not offer Delete while datasets exist.
 */

const shots = 'e2e/.artifacts/screens';

// A guard against hangs on a loaded machine, not a speed check.
test.setTimeout(600_000);

/**
 * Screenshots the page in the light and the dark theme, leaving it as it was. The dialog's mask covers
 * the header's theme toggle, so the click is dispatched on the toggle itself.
 */
async function bothThemes(page: Page, name: string): Promise<void> {
  const toggle = page.getByTestId('theme-toggle');
  for (let flip = 0; flip < 2; flip += 1) {
    const mode = await toggle.getAttribute('data-theme');
    await page.screenshot({ path: `${shots}/${name}-${mode ?? 'theme'}.png` });
    await toggle.dispatchEvent('click');
    await expect(toggle).not.toHaveAttribute('data-theme', mode ?? '');
  }
}

async function searchList(page: Page, searchTest: string, text: string): Promise<void> {
  const box = page.getByTestId(searchTest).getByRole('searchbox');
  await box.fill(text);
  await box.press('Enter');
}

test('exports a dashboard from the list, deletes it and imports it back, then overwrites it', async ({
  page,
  request,
}, testInfo) => {
  const suffix = Date.now().toString(36);
  const title = `Bundle round trip ${suffix}`;
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const created = await request.post('/api/v1/dashboard/', {
    headers,
    data: { dashboard_title: title, published: true },
  });
  expect(created.status()).toBe(201);

  await logIn(page);
  await page.goto('/dashboard/list/');
  await page.getByTestId('dashboard-view-table').click();
  await searchList(page, 'dashboard-search', suffix);
  const rows = page.getByTestId('dashboard-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);

  // Export from the row: the browser downloads the server's ZIP.
  const downloading = page.waitForEvent('download');
  await rows.first().getByTestId('row-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^dashboard_export_.*\.zip$/);
  const zipPath = testInfo.outputPath('dashboard-bundle.zip');
  await download.saveAs(zipPath);

  // Delete it, so the import brings it back.
  await rows.first().getByTestId('dashboard-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(rows).toHaveCount(0);

  // Import the ZIP: pick it, Import, a success toast, and the list shows the dashboard again.
  await page.getByTestId('list-import').click();
  const modal = page.getByTestId('import-modal');
  await expect(modal).toBeVisible();
  await expect(page.getByTestId('import-submit')).toBeDisabled();
  await modal.locator('input[type="file"]').setInputFiles(zipPath);
  await expect(modal).toContainText(path.basename(zipPath));
  await bothThemes(page, 'bundles-import-modal');
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Dashboards imported' })).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(title);

  // It opens.
  await rows.first().getByTestId('dashboard-title').click();
  await expect(page).toHaveURL(/\/superset\/dashboard\/\d+\/$/);
  await expect(page.getByTestId('dashboard-title')).toHaveText(title);
  await page.goBack();

  // Importing again: the server names the existing dashboard; overwrite needs OVERWRITE typed.
  await page.getByTestId('dashboard-view-table').click();
  await searchList(page, 'dashboard-search', suffix);
  await expect(rows).toHaveCount(1);
  await page.getByTestId('list-import').click();
  await modal.locator('input[type="file"]').setInputFiles(zipPath);
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-overwrite')).toBeVisible();
  await expect(page.getByTestId('import-existing')).toContainText(`dashboards/`);
  await expect(page.getByTestId('import-submit')).toHaveText('Overwrite');
  await expect(page.getByTestId('import-submit')).toBeDisabled();
  await page.getByTestId('import-overwrite-confirm').fill('overwrite');
  await expect(page.getByTestId('import-submit')).toBeDisabled();
  await page.getByTestId('import-overwrite-confirm').fill('OVERWRITE');
  await bothThemes(page, 'bundles-import-overwrite');
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Dashboards imported' }).first()).toBeAttached();
  await expect(modal).toBeHidden();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(title);

  // Bulk export of the selection downloads one ZIP.
  await rows.first().locator('.ant-checkbox-input').check();
  await expect(page.getByTestId('list-bulk-export')).toHaveText('Export 1 selected');
  const bulk = page.waitForEvent('download');
  await page.getByTestId('list-bulk-export').click();
  expect((await bulk).suggestedFilename()).toMatch(/\.zip$/);
});

test('the database delete dialog lists what uses the database and shows the server refusal', async ({
  page,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const name = `bundles guard ${suffix}`;
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const database = await request.post('/api/v1/database/', {
    headers,
    data: { database_name: name, sqlalchemy_uri: `postgresql://postgres@127.0.0.1:5432/${E2E_DB}` },
  });
  expect(database.status()).toBe(201);
  const databaseId = ((await database.json()) as { id: number }).id;
  const dataset = await request.post('/api/v1/dataset/', {
    headers,
    data: { database: databaseId, schema: 'inventory', table_name: 'widgets' },
  });
  expect(dataset.status()).toBe(201);
  const datasetId = ((await dataset.json()) as { id: number }).id;
  const chart = await request.post('/api/v1/chart/', {
    headers,
    data: {
      slice_name: `Widgets ${suffix}`,
      viz_type: 'table',
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify({ viz_type: 'table', datasource: `${String(datasetId)}__table` }),
    },
  });
  expect(chart.status()).toBe(201);

  await logIn(page);
  await page.goto('/databaseview/list/');
  await searchList(page, 'database-search', suffix);
  const row = page.getByTestId('database-table').locator('tbody tr.ant-table-row');
  await expect(row).toHaveCount(1);

  await row.getByTestId('database-delete').click();
  await expect(page.getByTestId('database-usage-datasets')).toContainText('inventory.widgets');
  await expect(page.getByTestId('database-usage-charts')).toContainText(`Widgets ${suffix}`);
  await expect(page.getByTestId('database-delete-blocked')).toBeVisible();
  await expect(page.getByTestId('confirm-ok')).toBeDisabled();
  await bothThemes(page, 'bundles-database-delete');
  await page.getByTestId('confirm-cancel').click();

  // Should the dialog not know of the dataset (another user adds it meanwhile), the server still refuses.
  await page.route(`**/api/v1/database/${String(databaseId)}/related_objects/`, async (route) => {
    await route.fulfill({
      json: {
        datasets: { count: 0, result: [] },
        charts: { count: 0, result: [] },
        dashboards: { count: 0, result: [] },
        sqllab_tab_states: { count: 0, result: [] },
      },
    });
    await page.unroute(`**/api/v1/database/${String(databaseId)}/related_objects/`);
  });
  // A fresh page: the usage fetched above is not reused from the client's cache.
  await page.reload();
  await searchList(page, 'database-search', suffix);
  await expect(row).toHaveCount(1);
  await row.getByTestId('database-delete').click();
  await expect(page.getByTestId('confirm-ok')).toBeEnabled();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('database-delete-error')).toContainText(
    'Cannot delete a database that has datasets attached',
  );
  // The usage is fetched again and explains the refusal; the database is still listed.
  await expect(page.getByTestId('database-usage-datasets')).toContainText('inventory.widgets');
  await expect(page.getByTestId('confirm-ok')).toBeDisabled();
  await page.getByTestId('confirm-cancel').click();
  await expect(row).toHaveCount(1);
});
