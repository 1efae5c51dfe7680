import { expect, test, type Page } from '@playwright/test';
import { apiToken, birthNamesDatasetId } from './explore-helpers';
import { logIn } from './login';

const count = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'rows' };
const total = { expressionType: 'SQL', sqlExpression: 'SUM(num)', label: 'total' };

let suffix = '';
let headers: Record<string, string> = {};
let big: number | undefined;
let pie: number | undefined;
let table: number | undefined;
let dashboardId = 0;

/** Three charts from birth_names in two tabs, with a header, markdown and a divider. */
test.beforeAll(async ({ request }) => {
  suffix = Date.now().toString(36);
  headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const datasetId = await birthNamesDatasetId(request);
  const datasource = `${String(datasetId)}__table`;
  const chartIds: number[] = [];
  for (const [name, params] of [
    [`dv big ${suffix}`, { viz_type: 'big_number_total', metric: count }],
    [`dv pie ${suffix}`, { viz_type: 'pie', metric: total, groupby: ['gender'] }],
    [
      `dv table ${suffix}`,
      { viz_type: 'table', query_mode: 'raw', all_columns: ['name', 'num'], row_limit: 10 },
    ],
  ] as const) {
    const created = await request.post('/api/v1/chart/', {
      headers,
      data: {
        slice_name: name,
        viz_type: params.viz_type,
        datasource_id: datasetId,
        datasource_type: 'table',
        params: JSON.stringify({ ...params, datasource }),
      },
    });
    expect(created.status()).toBe(201);
    chartIds.push(((await created.json()) as { id: number }).id);
  }
  [big, pie, table] = chartIds;
  const chart = (id: string, chartId: number | undefined) => ({
    id,
    type: 'CHART',
    children: [],
    meta: { chartId, width: 4, height: 40 },
  });
  const position = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['HEADER-h1', 'TABS-t1', 'DIVIDER-d1'] },
    'HEADER-h1': {
      id: 'HEADER-h1',
      type: 'HEADER',
      children: [],
      meta: { text: 'Births', headerSize: 'MEDIUM_HEADER' },
    },
    'TABS-t1': { id: 'TABS-t1', type: 'TABS', children: ['TAB-a', 'TAB-b'] },
    'TAB-a': { id: 'TAB-a', type: 'TAB', children: ['ROW-r1'], meta: { text: 'Overview' } },
    'TAB-b': { id: 'TAB-b', type: 'TAB', children: ['ROW-r2'], meta: { text: 'Names' } },
    'ROW-r1': { id: 'ROW-r1', type: 'ROW', children: ['CHART-c1', 'CHART-c2', 'MARKDOWN-m1'] },
    'ROW-r2': { id: 'ROW-r2', type: 'ROW', children: ['CHART-c3'] },
    'CHART-c1': chart('CHART-c1', big),
    'CHART-c2': chart('CHART-c2', pie),
    'CHART-c3': { ...chart('CHART-c3', table), meta: { chartId: table, width: 8, height: 50 } },
    'MARKDOWN-m1': {
      id: 'MARKDOWN-m1',
      type: 'MARKDOWN',
      children: [],
      meta: { width: 4, height: 40, code: '## Notes\n\nSafe <img src=x onerror="window.__xss=1">' },
    },
    'DIVIDER-d1': { id: 'DIVIDER-d1', type: 'DIVIDER', children: [] },
  };
  const created = await request.post('/api/v1/dashboard/', {
    headers,
    data: {
      dashboard_title: `Dashboard view ${suffix}`,
      position_json: JSON.stringify(position),
      json_metadata: JSON.stringify({ color_scheme: 'bnbColors' }),
      css: '.dashboard-markdown h2 { letter-spacing: 2px; }',
    },
  });
  expect(created.status()).toBe(201);
  dashboardId = ((await created.json()) as { id: number }).id;
});

const holder = (page: Page, id: number | undefined) =>
  page.locator(`[data-test="dashboard-chart"][data-test-chart-id="${String(id)}"]`);

test('opens a dashboard with tabs, renders its charts and switches tabs', async ({ page }) => {
  await logIn(page);
  await page.goto(`/superset/dashboard/${String(dashboardId)}/`);
  await expect(page.getByTestId('dashboard-title')).toHaveText(`Dashboard view ${suffix}`);
  await expect(page).toHaveTitle(`Dashboard view ${suffix}`);
  await expect(page.getByTestId('grid-header')).toHaveText('Births');
  await expect(page.getByTestId('grid-divider')).toBeVisible();
  await expect(page.getByTestId('dashboard-markdown').locator('h2')).toHaveText('Notes');
  await expect(page.getByTestId('dashboard-markdown').locator('img')).not.toHaveAttribute('onerror');

  await expect(holder(page, big)).toHaveAttribute('data-chart-status', 'rendered');
  await expect(holder(page, pie)).toHaveAttribute('data-chart-status', 'rendered');
  await expect(holder(page, table)).toHaveCount(0);
  await expect(holder(page, big).getByTestId('dashboard-chart-title')).toHaveText(`dv big ${suffix}`);
  await page.screenshot({ path: test.info().outputPath('dashboard-view-light.png'), fullPage: true });

  await page.getByTestId('dashboard-tab-title').filter({ hasText: 'Names' }).click();
  await expect(holder(page, table)).toHaveAttribute('data-chart-status', 'rendered');

  await holder(page, table).getByTestId('chart-menu-trigger').click();
  await page.getByTestId('chart-menu-view-query').click();
  await expect(page.getByTestId('chart-view-query-sql')).toContainText(/SELECT/i);
  await page.keyboard.press('Escape');
});

test('opens a dashboard by its slug and moves id URLs to it', async ({ page, request }) => {
  await logIn(page);
  const slug = `dv-${suffix}`;
  const updated = await request.put(`/api/v1/dashboard/${String(dashboardId)}`, { headers, data: { slug } });
  expect(updated.status()).toBe(200);
  await page.goto(`/superset/dashboard/${slug}/?standalone=1`);
  await expect(page.getByTestId('dashboard-title')).toHaveText(`Dashboard view ${suffix}`);
  await expect(holder(page, big)).toHaveAttribute('data-chart-status', 'rendered');
  await page.goto(`/superset/dashboard/${String(dashboardId)}/?standalone=1`);
  await expect(page).toHaveURL(new RegExp(`/superset/dashboard/${slug}/\\?standalone=1$`));
  await page.goto(`/superset/dashboard/${slug}/`);
  await expect(holder(page, big)).toHaveAttribute('data-chart-status', 'rendered');
  await page.getByTestId('theme-toggle').click();
  await expect(holder(page, pie)).toHaveAttribute('data-chart-status', 'rendered');
  await page.screenshot({ path: test.info().outputPath('dashboard-view-dark.png'), fullPage: true });
});
