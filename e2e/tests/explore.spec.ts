import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { birthNamesDatasetId, chartStatus, choose, lineByYear, runAndWait } from './explore-helpers';
import { useAdminSession } from './login';

async function switchViz(page: Page, vizType: string): Promise<void> {
  await page.getByTestId('viz-type-control').click();
  await page.getByTestId(`viz-type-${vizType}`).click();
  await page.getByTestId('viz-type-select').click();
  await expect(page.getByTestId('viz-type-control')).not.toContainText('Line Chart');
}

test.setTimeout(180_000);

test('builds, saves, stars, reloads, switches, downloads and adds a chart to a new dashboard', async ({
  page,
  request,
}, testInfo) => {
  const datasetId = await birthNamesDatasetId(request);
  const chartName = `Births by year ${Date.now().toString(36)}`;
  const dashboardName = `E2E births ${Date.now().toString(36)}`;
  await useAdminSession(page);

  await page.goto(
    `/explore/?datasource_type=table&datasource_id=${String(datasetId)}&viz_type=echarts_timeseries_line`,
  );
  // The first look at a dataset may wait for the examples database to finish generating.
  await expect(page.getByTestId('datasource-panel')).toContainText('birth_names', { timeout: 60_000 });
  // Nothing runs while a required control is empty; the message names it.
  await expect(page.getByTestId('control-error-metrics')).toHaveText('cannot be empty');
  await expect(page.getByTestId('run-query-button')).toBeDisabled();

  // x-axis ds with a yearly grain, SUM(num) dragged in from the dataset panel, split by gender.
  await lineByYear(page, page.locator('[data-test="datasource-column"][data-name="num"]'));
  await expect(page.getByTestId('metrics-metrics').getByTestId('metric-pill')).toHaveText('SUM(num)');
  await choose(page, page.getByTestId('select-groupby'), 'gender');

  // A state filter through the filter popover (IN with two values).
  await page.getByTestId('add-filter-adhoc_filters').click();
  await choose(page, page.getByTestId('filter-column-select'), 'state');
  // The values are the column's, read from the server: Enter takes the one the search found.
  for (const state of ['CA', 'NY']) {
    await page.getByTestId('filter-values').locator('input').fill(state);
    await expect(page.getByTestId('filter-values-option')).toHaveText([state]);
    await page.keyboard.press('Enter');
  }
  await page.keyboard.press('Escape');
  await page.getByTestId('filter-save').click();
  // A new chart starts with the default time range on its time column.
  await expect(page.getByTestId('filter-pill')).toHaveText(['ds (No filter)', 'state IN (CA, NY)']);

  await runAndWait(page);
  await expect(page.getByTestId('chart-container').locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('row-count')).toContainText('rows');
  await page.screenshot({ path: testInfo.outputPath('explore-line-light.png') });

  // View query shows the SQL with the filter.
  await page.getByTestId('explore-more-menu').click();
  await page.getByTestId('view-query').click();
  await expect(page.getByTestId('view-query-sql')).toContainText('birth_names');
  await expect(page.getByTestId('view-query-sql')).toContainText("'CA'");
  await page.getByTestId('view-query-modal').getByRole('button', { name: 'Close' }).click();

  // Save it as a new chart: the URL becomes ?slice_id=.
  await page.getByTestId('query-save-button').click();
  await page.getByTestId('new-chart-name').fill(chartName);
  await page.getByTestId('btn-modal-save').click();
  await expect(
    page.getByTestId('toast').filter({ hasText: `Chart [${chartName}] has been saved` }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/explore\/\?slice_id=\d+$/);

  await page.getByTestId('fave-unfave-icon').click();
  await expect(page.getByTestId('fave-unfave-icon')).toHaveAttribute('aria-pressed', 'true');

  // Reload: the same chart, drawn again, still starred.
  await page.reload();
  await expect(page.getByTestId('editable-title')).toHaveText(chartName);
  await expect(chartStatus(page)).toHaveAttribute('data-chart-status', 'rendered');
  await expect(page.getByTestId('metric-pill')).toHaveText('SUM(num)');
  await expect(page.getByTestId('filter-pill')).toHaveText(['ds (No filter)', 'state IN (CA, NY)']);
  await expect(page.getByTestId('fave-unfave-icon')).toHaveAttribute('aria-pressed', 'true');

  await switchViz(page, 'echarts_timeseries_bar');
  await runAndWait(page);
  await switchViz(page, 'pie');
  // The pie takes the first metric and keeps gender as its dimension.
  await expect(page.getByTestId('metrics-metric').getByTestId('metric-pill')).toHaveText('SUM(num)');
  await runAndWait(page);
  await page.screenshot({ path: testInfo.outputPath('explore-pie-light.png') });

  const downloadPromise = page.waitForEvent('download');
  await page.getByTestId('download-menu').click();
  await page.getByTestId('download-csv').click();
  const download = await downloadPromise;
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.split('\n')[0]).toContain('gender');
  expect(csv).toMatch(/boy|girl/);

  // Save (overwrite) into a dashboard created on the way.
  await page.getByTestId('query-save-button').click();
  await expect(page.getByRole('radio', { name: 'Save (Overwrite)' })).toBeChecked();
  const dashboardSelect = page.getByTestId('save-chart-modal-select-dashboard-form');
  await dashboardSelect.click();
  await page.keyboard.type(dashboardName);
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"])')
    .getByText(`+ Create "${dashboardName}"`)
    .click();
  await page.getByTestId('btn-modal-save').click();
  await expect(
    page.getByTestId('toast').filter({ hasText: `Chart [${chartName}] has been overwritten` }),
  ).toBeVisible();
  await expect(
    page.getByTestId('toast').filter({
      hasText: `Dashboard [${dashboardName}] just got created and chart [${chartName}] was added to it`,
    }),
  ).toBeVisible();

  // The dark theme uses the same page.
  await page.getByTestId('theme-toggle').click();
  await expect(chartStatus(page)).toHaveAttribute('data-chart-status', 'rendered');
  await page.screenshot({ path: testInfo.outputPath('explore-pie-dark.png') });
});
