import { expect, test, type Page } from '@playwright/test';
import { E2E_DB } from './credentials';
import { apiToken, birthNamesDatasetId } from './explore-helpers';
import { logIn } from './login';

/**
 * A dashboard keeps working when parts of it cannot: a chart whose database is down, a chart whose
 * dataset was deleted; and the not-found and empty dashboard states. Nothing shared is stopped: the
 * 'down' database is a connection moved to a closed port after its dataset was made.
 */

let headers: Record<string, string> = {};
let dashboardId = 0;
let emptyDashboardId = 0;
const ids = { big: 0, down: 0, orphan: 0 };

test.beforeAll(async ({ request }) => {
  const suffix = Date.now().toString(36);
  headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const live = `postgresql://postgres@127.0.0.1:5432/${E2E_DB}`;

  const database = async (name: string): Promise<number> => {
    const created = await request.post('/api/v1/database/', {
      headers,
      data: { database_name: name, sqlalchemy_uri: live },
    });
    expect(created.status()).toBe(201);
    return ((await created.json()) as { id: number }).id;
  };
  const dataset = async (databaseId: number): Promise<number> => {
    const created = await request.post('/api/v1/dataset/', {
      headers,
      data: { database: databaseId, schema: 'inventory', table_name: 'widgets' },
    });
    expect(created.status()).toBe(201);
    return ((await created.json()) as { id: number }).id;
  };
  const chart = async (name: string, datasetId: number, params: Record<string, unknown>): Promise<number> => {
    const created = await request.post('/api/v1/chart/', {
      headers,
      data: {
        slice_name: name,
        viz_type: params.viz_type,
        datasource_id: datasetId,
        datasource_type: 'table',
        params: JSON.stringify({ ...params, datasource: `${String(datasetId)}__table` }),
      },
    });
    expect(created.status()).toBe(201);
    return ((await created.json()) as { id: number }).id;
  };
  const widgets = { viz_type: 'table', query_mode: 'raw', all_columns: ['name', 'price'], row_limit: 10 };

  const downDb = await database(`dc down ${suffix}`);
  ids.down = await chart(`dc widgets (db down) ${suffix}`, await dataset(downDb), widgets);
  const moved = await request.put(`/api/v1/database/${String(downDb)}`, {
    headers,
    data: { sqlalchemy_uri: `postgresql://postgres@127.0.0.1:1/${E2E_DB}` },
  });
  expect(moved.status()).toBe(200);

  const orphanDataset = await dataset(await database(`dc orphan ${suffix}`));
  ids.orphan = await chart(`dc widgets (dataset deleted) ${suffix}`, orphanDataset, widgets);
  const deleted = await request.delete(`/api/v1/dataset/${String(orphanDataset)}`, { headers });
  expect(deleted.status()).toBe(200);

  const birthNames = await birthNamesDatasetId(request);
  ids.big = await chart(`dc births ${suffix}`, birthNames, {
    viz_type: 'big_number_total',
    metric: { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'rows' },
  });

  const cell = (id: string, chartId: number) => ({
    id,
    type: 'CHART',
    children: [],
    meta: { chartId, width: 4, height: 40 },
  });
  const position = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'] },
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-big', 'CHART-down', 'CHART-orphan'] },
    'CHART-big': cell('CHART-big', ids.big),
    'CHART-down': cell('CHART-down', ids.down),
    'CHART-orphan': cell('CHART-orphan', ids.orphan),
  };
  const created = await request.post('/api/v1/dashboard/', {
    headers,
    data: { dashboard_title: `Failures ${suffix}`, position_json: JSON.stringify(position) },
  });
  expect(created.status()).toBe(201);
  dashboardId = ((await created.json()) as { id: number }).id;

  const empty = await request.post('/api/v1/dashboard/', {
    headers,
    data: { dashboard_title: `Empty ${suffix}` },
  });
  expect(empty.status()).toBe(201);
  emptyDashboardId = ((await empty.json()) as { id: number }).id;
});

const holder = (page: Page, id: number) =>
  page.locator(`[data-test="dashboard-chart"][data-test-chart-id="${String(id)}"]`);

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-light.png`), fullPage: true });
  await page.getByTestId('theme-toggle').click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: test.info().outputPath(`${name}-dark.png`), fullPage: true });
  await page.getByTestId('theme-toggle').click();
}

test('a chart whose database is down or whose dataset is gone fails alone', async ({ page }) => {
  await logIn(page);
  await page.goto(`/superset/dashboard/${String(dashboardId)}/`);
  await expect(holder(page, ids.big)).toHaveAttribute('data-chart-status', 'rendered', { timeout: 45_000 });
  await expect(holder(page, ids.down)).toHaveAttribute('data-chart-status', 'failed', { timeout: 30_000 });
  await expect(holder(page, ids.down).getByRole('alert')).toContainText(/connect|refused|unreachable/i);
  await expect(holder(page, ids.orphan)).toHaveAttribute('data-chart-status', 'failed');
  await expect(holder(page, ids.orphan).getByRole('alert')).toContainText(/dataset no longer exists/i);
  await shoot(page, 'dashboard-failed-charts');
});

test('an unknown dashboard shows the not-found page', async ({ page }) => {
  await logIn(page);
  await page.goto('/superset/dashboard/999999999/');
  await expect(page.getByTestId('dashboard-not-found')).toBeVisible();
  await shoot(page, 'dashboard-not-found');
});

test('an empty dashboard invites its editor to add charts', async ({ page }) => {
  await logIn(page);
  await page.goto(`/superset/dashboard/${String(emptyDashboardId)}/`);
  await expect(page.getByTestId('dashboard-empty')).toBeVisible();
  await shoot(page, 'dashboard-empty');
  await page.getByTestId('dashboard-empty-edit').click();
  await expect(page.getByTestId('dashboard-builder')).toBeVisible();
});
