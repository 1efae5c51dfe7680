import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiToken,
  birthNamesDatasetId,
  chartStatus,
  choose,
  drag,
  examplesDatabaseId,
  lineByYear,
  runAndWait,
} from './explore-helpers';
import { useAdminSession } from './login';

/** Issue 10: what a new analyst hits in their first minutes of Explore on birth_names. */

test.setTimeout(180_000);

async function openExplore(page: Page, datasetId: number, vizType: string): Promise<void> {
  await page.goto(`/explore/?datasource_type=table&datasource_id=${String(datasetId)}&viz_type=${vizType}`);
  // The first look at a dataset may wait for the examples database to finish generating.
  await expect(page.getByTestId('datasource-panel')).toBeVisible({ timeout: 60_000 });
}

async function viewQuery(page: Page): Promise<string> {
  await page.getByTestId('explore-more-menu').click();
  await page.getByTestId('view-query').click();
  const sql = page.getByTestId('view-query-sql');
  await expect(sql).toContainText('SELECT');
  const text = (await sql.textContent()) ?? '';
  await page.getByTestId('view-query-modal').getByRole('button', { name: 'Close' }).click();
  return text;
}

/**
 * Moves over the plot (low enough to cross a short bar) so echarts shows its HTML tooltip; returns it. The move
 * is repeated from outside the plot until the tooltip shows: a chart still settling after paint can miss one.
 */
async function hoverPlot(page: Page, xFraction = 0.5) {
  await expect(chartStatus(page)).toHaveAttribute('data-chart-status', 'rendered');
  const canvas = chartStatus(page).locator('canvas').first();
  const tooltip = chartStatus(page).locator('.chart-tooltip');
  await expect(async () => {
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the chart is not drawn');
    await page.mouse.move(box.x + 2, box.y + 2);
    await page.mouse.move(box.x + box.width * xFraction, box.y + box.height * 0.7, { steps: 5 });
    await expect(tooltip).toBeVisible({ timeout: 2000 });
  }).toPass();
  return tooltip;
}

/** A virtual dataset over birth_names with a 'Girl share' metric formatted as a percent. */
async function girlShareDataset(request: APIRequestContext): Promise<number> {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const created = await request.post('/api/v1/dataset/', {
    headers,
    data: {
      database: await examplesDatabaseId(request, headers),
      schema: 'main',
      table_name: `e2e_girl_share_${Date.now().toString(36)}`,
      sql: 'SELECT ds, state, gender, num, num_girls FROM birth_names',
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  const updated = await request.put(`/api/v1/dataset/${String(id)}`, {
    headers,
    data: {
      metrics: [
        {
          metric_name: 'girl_share',
          verbose_name: 'Girl share',
          expression: 'SUM(num_girls) * 1.0 / SUM(num)',
          d3format: '.1%',
        },
      ],
    },
  });
  expect(updated.status()).toBe(200);
  return id;
}

test('a bar chart of SUM(num) by state', async ({ page, request }, testInfo) => {
  const datasetId = await birthNamesDatasetId(request);
  await useAdminSession(page);
  await openExplore(page, datasetId, 'echarts_timeseries_bar');

  // Any groupable column goes on the x-axis; a category has no time grain.
  await choose(page, page.getByTestId('select-x_axis'), 'state');
  await expect(page.getByTestId('select-time_grain_sqla')).toHaveCount(0);
  await drag(
    page,
    page.locator('[data-test="datasource-column"][data-name="num"]'),
    page.getByTestId('control-metrics'),
  );
  await expect(page.getByTestId('metrics-metrics').getByTestId('metric-pill')).toHaveText('SUM(num)');
  await runAndWait(page);
  // One row per state (the examples have 10), not one per day.
  await expect(page.getByTestId('row-count')).toHaveText(/^\d{1,2} rows?$/);
  await page.screenshot({ path: testInfo.outputPath('bar-by-state-light.png') });

  const sql = await viewQuery(page);
  expect(sql).toMatch(/GROUP BY/i);
  expect(sql).not.toMatch(/DATE_TRUNC|date_trunc/);

  const tooltip = await hoverPlot(page);
  await expect(tooltip).toContainText('SUM(num)');
  // The category (a state code) heads the tooltip.
  await expect(tooltip).toHaveText(/^[A-Z]{2}SUM\(num\)/);
});

test('a line chart limited by the time range, picked by date then written as an expression', async ({
  page,
  request,
}, testInfo) => {
  const datasetId = await birthNamesDatasetId(request);
  await useAdminSession(page);
  await openExplore(page, datasetId, 'echarts_timeseries_line');
  await lineByYear(page, page.locator('[data-test="datasource-column"][data-name="num"]'));

  // The default time range sits in the filters as 'No filter'.
  const timePill = page.getByTestId('filter-pill').filter({ hasText: 'ds' });
  await expect(timePill).toHaveText('ds (No filter)');
  await runAndWait(page);
  await expect(page.getByTestId('row-count')).toHaveText('44 rows');

  // Custom: both ends picked with the date picker.
  await timePill.click();
  await expect(page.getByTestId('filter-operator-select')).toContainText('Time range');
  await page.getByTestId('time-range-kind-custom').click();
  await choose(page, page.getByTestId('time-range-since-mode'), 'Specific date');
  await choose(page, page.getByTestId('time-range-until-mode'), 'Specific date');
  for (const [side, date] of [
    ['since', '1990-01-01'],
    ['until', '2000-01-01'],
  ] as const) {
    // antd puts the hook on the picker's input itself.
    const input = page.locator(`input[data-test="time-range-${side}-date"]`);
    await input.click();
    await input.fill(date);
    await input.press('Enter');
  }
  await expect(page.getByTestId('time-range-actual')).toHaveText('1990-01-01 ≤ ds < 2000-01-01');
  await page.screenshot({ path: testInfo.outputPath('time-range-custom-light.png') });
  await page.getByTestId('filter-save').click();
  await expect(timePill).toHaveText('1990-01-01 ≤ ds < 2000-01-01');
  await runAndWait(page);
  await expect(page.getByTestId('row-count')).toHaveText('10 rows');
  let sql = await viewQuery(page);
  expect(sql).toContain('1990-01-01');
  expect(sql).toContain('2000-01-01');

  // Advanced: since : until as expressions the parser reads.
  await timePill.click();
  await page.getByTestId('time-range-kind-advanced').click();
  await page.getByTestId('time-range-since').fill('DATEADD(DATETIME("2000-01-01"), -5, year)');
  await page.getByTestId('time-range-until').fill('DATETRUNC(DATETIME("2000-06-30"), year)');
  await expect(page.getByTestId('time-range-actual')).toHaveText('1995-01-01 ≤ ds < 2000-01-01');
  await page.getByTestId('filter-save').click();
  await expect(timePill).toHaveText('1995-01-01 ≤ ds < 2000-01-01');
  await runAndWait(page);
  await expect(page.getByTestId('row-count')).toHaveText('5 rows');
  sql = await viewQuery(page);
  expect(sql).toContain('1995-01-01');
  expect(sql).toContain('2000-01-01');
  await page.getByTestId('theme-toggle').click();
  await expect(chartStatus(page)).toHaveAttribute('data-chart-status', 'rendered');
  await page.screenshot({ path: testInfo.outputPath('time-range-line-dark.png') });
  await timePill.click();
  await expect(page.getByTestId('time-range-actual')).toHaveText('1995-01-01 ≤ ds < 2000-01-01');
  await page.screenshot({ path: testInfo.outputPath('time-range-advanced-dark.png') });
  await page.getByTestId('filter-cancel').click();
  await page.getByTestId('theme-toggle').click();
});

test("a dataset metric's verbose name and percent format in legend, tooltip and table", async ({
  page,
  request,
}, testInfo) => {
  const datasetId = await girlShareDataset(request);
  await useAdminSession(page);
  await openExplore(page, datasetId, 'echarts_timeseries_line');
  await lineByYear(page, page.locator('[data-test="datasource-metric"][data-name="girl_share"]'));
  await runAndWait(page);
  // The legend (and the series echarts describes) carry the verbose name.
  await expect(chartStatus(page).getByTestId('echarts')).toHaveAttribute('aria-label', /Girl share/);
  const tooltip = await hoverPlot(page);
  await expect(tooltip).toContainText('Girl share');
  await expect(tooltip).toContainText(/\d{2}\.\d%/);
  await page.screenshot({ path: testInfo.outputPath('girl-share-line-light.png') });

  await openExplore(page, datasetId, 'table');
  await drag(
    page,
    page.locator('[data-test="datasource-metric"][data-name="girl_share"]'),
    page.getByTestId('control-metrics'),
  );
  await page.getByTestId('run-query-button').click();
  await expect(chartStatus(page)).toHaveAttribute('data-chart-status', 'rendered');
  const table = chartStatus(page).locator('table').first();
  await expect(table.locator('th').first()).toHaveText(/Girl share/);
  await expect(table.locator('td').first()).toHaveText(/^\d{2}\.\d%$/);
  await page.screenshot({ path: testInfo.outputPath('girl-share-table-light.png') });
});
