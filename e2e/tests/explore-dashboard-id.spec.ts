import { expect, test, type Page } from '@playwright/test';
import { apiToken, birthNamesDatasetId, chartStatus } from './explore-helpers';
import { useAdminSession } from './login';

// Spec 001 §2: Explore reads the dashboard id from its URL. Opened from a dashboard it colours the chart as
// that dashboard does, and its save dialog offers that dashboard.

const GIRL_COLOR = '#123456';
let pieId = 0;
let dashboardId = 0;
let dashboardTitle = '';

test.beforeAll(async ({ request }) => {
  const suffix = Date.now().toString(36);
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const datasetId = await birthNamesDatasetId(request);
  const chart = await request.post('/api/v1/chart/', {
    headers,
    data: {
      slice_name: `dashboard id pie ${suffix}`,
      viz_type: 'pie',
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify({
        viz_type: 'pie',
        metric: { expressionType: 'SQL', sqlExpression: 'SUM(num)', label: 'total' },
        groupby: ['gender'],
        datasource: `${String(datasetId)}__table`,
      }),
    },
  });
  expect(chart.status()).toBe(201);
  pieId = ((await chart.json()) as { id: number }).id;
  dashboardTitle = `Explore from here ${suffix}`;
  const position = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'] },
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-pie'] },
    'CHART-pie': {
      id: 'CHART-pie',
      type: 'CHART',
      children: [],
      meta: { chartId: pieId, width: 6, height: 50 },
    },
  };
  const dashboard = await request.post('/api/v1/dashboard/', {
    headers,
    data: {
      dashboard_title: dashboardTitle,
      position_json: JSON.stringify(position),
      // The user fixed girl's colour on this dashboard: Explore opened from it must draw the same.
      json_metadata: JSON.stringify({ color_scheme: 'd3Category10', label_colors: { girl: GIRL_COLOR } }),
    },
  });
  expect(dashboard.status()).toBe(201);
  dashboardId = ((await dashboard.json()) as { id: number }).id;
});

/** The colour the open chart gives each label. */
async function drawnColors(page: Page): Promise<Record<string, string>> {
  // The first Explore load brings the echarts chunks on a busy machine: more time than the default.
  await expect(chartStatus(page)).toHaveAttribute('data-chart-status', 'rendered', { timeout: 45_000 });
  const view = chartStatus(page).getByTestId('echarts');
  await expect(view).toHaveAttribute('data-label-colors', /girl/);
  return JSON.parse((await view.getAttribute('data-label-colors')) ?? '{}') as Record<string, string>;
}

test('Explore opened with dashboard_id colours the chart as that dashboard and offers it on save', async ({
  page,
}) => {
  test.slow();
  await useAdminSession(page);

  await page.goto(`/explore/?slice_id=${String(pieId)}`);
  const alone = await drawnColors(page);
  expect(alone.girl?.toLowerCase()).not.toBe(GIRL_COLOR);

  await page.goto(`/explore/?slice_id=${String(pieId)}&dashboard_id=${String(dashboardId)}`);
  const fromDashboard = await drawnColors(page);
  expect(fromDashboard.girl?.toLowerCase()).toBe(GIRL_COLOR);

  await page.getByTestId('query-save-button').click();
  await expect(page.getByRole('dialog', { name: 'Save chart' })).toBeVisible();
  await expect(page.getByTestId('save-chart-modal-select-dashboard-form')).toContainText(dashboardTitle);
});
