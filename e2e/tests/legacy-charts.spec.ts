import { expect, test, type Page } from '@playwright/test';
import { apiToken, birthNamesDatasetId, chartStatus } from './explore-helpers';
import { logIn } from './login';

/**
 * Charts saved by older Superset versions (issue #18): Superset's births charts, created from their saved
 * params, render in Explore and on a dashboard; a chart type Tessera does not draw shows the unsupported
 * notice without failing the dashboard.
 */

const BIRTHS = {
  expressionType: 'SIMPLE',
  column: { column_name: 'num', type: 'BIGINT' },
  aggregate: 'SUM',
  label: 'Births',
};
const DEFAULTS = { time_range: 'No filter', granularity_sqla: 'ds', since: '100 years ago', until: 'now' };

const ids: Record<string, number> = {};
let dashboardId = 0;

test.beforeAll(async ({ request }) => {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const datasetId = await birthNamesDatasetId(request);
  const suffix = Date.now().toString(36);
  const charts: [string, string, Record<string, unknown>][] = [
    ['participants', 'big_number', { metric: 'sum__num', compare_lag: '5', compare_suffix: 'over 5Y' }],
    ['trends', 'line', { groupby: ['name'], metrics: [BIRTHS], limit: 5, time_grain_sqla: 'P1Y' }],
    ['states', 'dist_bar', { groupby: ['state'], metrics: [BIRTHS] }],
    ['arcs', 'deck_arc', { color_picker: { r: 0, g: 122, b: 135, a: 1 } }],
  ];
  for (const [key, vizType, params] of charts) {
    const created = await request.post('/api/v1/chart/', {
      headers,
      data: {
        slice_name: `legacy ${key} ${suffix}`,
        viz_type: vizType,
        datasource_id: datasetId,
        datasource_type: 'table',
        params: JSON.stringify({ ...DEFAULTS, ...params, viz_type: vizType }),
      },
    });
    expect(created.status()).toBe(201);
    ids[key] = ((await created.json()) as { id: number }).id;
  }
  const chartKeys = charts.map(([key]) => `CHART-${key}`);
  const position: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1', 'ROW-2'] },
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: chartKeys.slice(0, 2) },
    'ROW-2': { id: 'ROW-2', type: 'ROW', children: chartKeys.slice(2) },
  };
  for (const [key] of charts) {
    position[`CHART-${key}`] = {
      id: `CHART-${key}`,
      type: 'CHART',
      children: [],
      meta: { chartId: ids[key], width: 6, height: 50 },
    };
  }
  const dashboard = await request.post('/api/v1/dashboard/', {
    headers,
    data: { dashboard_title: `Legacy births ${suffix}`, position_json: JSON.stringify(position) },
  });
  expect(dashboard.status()).toBe(201);
  dashboardId = ((await dashboard.json()) as { id: number }).id;
});

const holder = (page: Page, key: string) =>
  page.locator(`[data-test="dashboard-chart"][data-test-chart-id="${String(ids[key])}"]`);

test('a dashboard of legacy charts renders them and marks the unsupported one', async ({ page }) => {
  await logIn(page);
  await page.goto(`/superset/dashboard/${String(dashboardId)}/`);
  for (const key of ['participants', 'trends', 'states'])
    await expect(holder(page, key)).toHaveAttribute('data-chart-status', 'rendered', { timeout: 60_000 });
  await expect(holder(page, 'arcs')).toHaveAttribute('data-chart-status', 'failed');
  await expect(holder(page, 'arcs')).toHaveAttribute('data-chart-unsupported', 'true');
  await expect(holder(page, 'arcs').getByTestId('chart-unsupported')).toContainText(
    'This visualization type is not supported',
  );
  await page.screenshot({ path: test.info().outputPath('legacy-dashboard-light.png'), fullPage: true });
  await page.getByTestId('theme-toggle').click();
  await expect(holder(page, 'trends')).toHaveAttribute('data-chart-status', 'rendered');
  await page.screenshot({ path: test.info().outputPath('legacy-dashboard-dark.png'), fullPage: true });
  await page.getByTestId('theme-toggle').click();
});

test('Explore opens a legacy line chart upgraded, and an unknown type with the notice', async ({ page }) => {
  await logIn(page);
  await page.goto(`/explore/?slice_id=${String(ids.trends)}`);
  // Explore runs a saved chart on open; the plugin's chunk may take a while on a cold, busy machine.
  await expect(chartStatus(page)).toHaveAttribute('data-chart-status', 'rendered', { timeout: 60_000 });
  await expect(chartStatus(page).locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('chart-validation-errors')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('legacy-explore-line.png'), fullPage: true });

  await page.goto(`/explore/?slice_id=${String(ids.arcs)}`);
  await expect(page.getByTestId('chart-unsupported')).toContainText('deck_arc');
  await expect(chartStatus(page)).toHaveAttribute('data-chart-unsupported', 'true');
  await page.screenshot({ path: test.info().outputPath('legacy-explore-unsupported.png'), fullPage: true });

  await page.goto('/chart/list/');
  await expect(page.getByTestId('chart-type-unsupported').first()).toBeVisible();
});
