import { copyFile, mkdir } from 'node:fs/promises';
import {
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { apiToken, birthNamesDatasetId, dropdownOptions } from './explore-helpers';
import { useAdminSession } from './login';

/**
 * Issue 19 items 9 and 10 as the browser shows them: spec 001 §9's granularity list, comparison values,
 * sort-series choices and chart list page size; §3's saved-chart creator and description in Explore.
 */

// A guard against hangs only: the shared machine can be slow.
test.setTimeout(600_000);

const SHOTS = '/tmp/h-explore19-shots';

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  await mkdir(SHOTS, { recursive: true });
  await copyFile(file, `${SHOTS}/${name}.png`);
}

/** A line chart over birth_names saved the way Superset's ECharts charts store a difference comparison. */
/** A select's options in list order: the keyboard walk starts at the selected one and wraps. */
async function optionsInOrder(page: Page, select: Locator, first: string): Promise<string[]> {
  const walked = await dropdownOptions(page, select);
  const start = walked.indexOf(first);
  return start < 0 ? walked : [...walked.slice(start), ...walked.slice(0, start)];
}

async function savedLineChart(request: APIRequestContext, description: string): Promise<number> {
  const datasetId = await birthNamesDatasetId(request);
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const params = {
    viz_type: 'echarts_timeseries_line',
    datasource: `${String(datasetId)}__table`,
    x_axis: 'ds',
    time_grain_sqla: 'P1Y',
    metrics: ['count'],
    groupby: ['gender'],
    adhoc_filters: [],
    row_limit: 1000,
    time_compare: ['1 year ago'],
    comparison_type: 'difference',
  };
  const created = await request.post('/api/v1/chart/', {
    headers,
    data: {
      slice_name: `spec constants ${String(Date.now())}`,
      description,
      viz_type: params.viz_type,
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify(params),
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

test('Explore offers the spec granularity list and sort-series choices; a saved difference reads as absolute', async ({
  page,
  request,
}, testInfo) => {
  const chartId = await savedLineChart(request, 'Births **by year**');
  await useAdminSession(page);
  const chartData = page.waitForRequest(
    (req) => req.url().includes('/api/v1/chart/data') && req.method() === 'POST',
    { timeout: 300_000 },
  );
  await page.goto(`/explore/?slice_id=${String(chartId)}`);
  await expect(page.getByTestId('datasource-panel')).toBeVisible({ timeout: 240_000 });

  // §9 Comparison: values, absolute, percentage, ratio — the saved 'difference' is queried as 'absolute'.
  const body = (await chartData).postDataJSON() as { form_data?: { comparison_type?: unknown } };
  expect(body.form_data?.comparison_type).toBe('absolute');

  // §9 Granularity, exactly as the spec lists it.
  const grain = page.getByTestId('select-time_grain_sqla');
  await grain.scrollIntoViewIfNeeded();
  await expect(grain).toHaveText('year');
  expect(await optionsInOrder(page, grain, 'all')).toEqual([
    'all',
    '5 seconds',
    '30 seconds',
    '1 minute',
    '5 minutes',
    '30 minutes',
    '1 hour',
    '6 hour',
    '1 day',
    '7 days',
    'week',
    'week starting Sunday',
    'week ending Saturday',
    'month',
    'quarter',
    'year',
  ]);

  // §9 Sort series: name, sum, min, max, avg on the time-series chart.
  const sort = page.getByTestId('select-sort_series_type');
  await sort.scrollIntoViewIfNeeded();
  await expect(sort).toHaveText('Total value');
  expect(await optionsInOrder(page, sort, 'Category name')).toEqual([
    'Category name',
    'Total value',
    'Minimum value',
    'Maximum value',
    'Average value',
  ]);

  // §3 Chart/slice: the saved chart's creator and description.
  await expect(page.getByTestId('explore-chart-created-by')).toContainText('Created by');
  await page.getByTestId('explore-chart-description').hover();
  await expect(page.getByRole('tooltip')).toContainText('Births **by year**');
  await shoot(page, testInfo, 'explore-slice-metadata');
});

test('the Charts list asks for 200 charts a page', async ({ page }) => {
  await useAdminSession(page);
  const list = page.waitForRequest(
    (req) => new URL(req.url()).pathname === '/api/v1/chart/' && req.method() === 'GET',
    { timeout: 300_000 },
  );
  await page.goto('/chart/list/');
  const query = new URL((await list).url()).searchParams.get('q') ?? '';
  expect(query).toContain('page_size:200');
  await expect(page.getByTestId('chart-list-page')).toBeVisible({ timeout: 240_000 });
});
