import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { examplesDatabaseId } from './explore-helpers';

/** Steps the native-filter and cross-filter specs share. */

/** The rows of one statement run through SQL Lab on the examples database. */
export async function sqlRows(
  request: APIRequestContext,
  headers: Record<string, string>,
  sql: string,
): Promise<Record<string, unknown>[]> {
  const response = await request.post('/api/v1/sqllab/execute/', {
    headers,
    data: { database_id: await examplesDatabaseId(request, headers), sql, runAsync: false },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Record<string, unknown>[] }).data;
}

/** COUNT(*) of birth_names under `where`, run through SQL Lab, as a big number prints it. */
export async function sqlCount(
  request: APIRequestContext,
  headers: Record<string, string>,
  where: string,
): Promise<string> {
  const [row] = await sqlRows(request, headers, `SELECT COUNT(*) AS n FROM birth_names WHERE ${where}`);
  return Number(row?.n ?? 0).toLocaleString('en-US');
}

/**
 * A new Gamma user who may read birth_names (through a role granting the dataset, as an admin grants
 * it); its password is `<username>-password-1`.
 */
export async function createBirthNamesReader(
  request: APIRequestContext,
  headers: Record<string, string>,
  datasetId: number,
  suffix: string,
): Promise<string> {
  const role = await request.post('/api/v1/security/roles/', {
    headers,
    data: { name: `birth_names filter readers ${suffix}` },
  });
  expect(role.status()).toBe(201);
  const roleId = ((await role.json()) as { id: number }).id;
  const granted = await request.post(`/api/v1/security/roles/${String(roleId)}/access/`, {
    headers,
    data: { database_id: await examplesDatabaseId(request, headers), dataset_id: datasetId },
  });
  expect(granted.status()).toBe(200);
  const query = '(filters:!((col:name,opr:eq,value:Gamma)))';
  const roles = await request.get(`/api/v1/security/roles/?q=${encodeURIComponent(query)}`, { headers });
  const gamma = ((await roles.json()) as { result: { id: number; name: string }[] }).result.find(
    (candidate) => candidate.name === 'Gamma',
  );
  if (gamma === undefined) throw new Error('the Gamma role is not seeded');
  const username = `nf_reader_${suffix}`;
  const created = await request.post('/api/v1/security/users/', {
    headers,
    data: {
      username,
      first_name: 'Filter',
      last_name: 'Reader',
      email: `${username}@example.com`,
      password: `${username}-password-1`,
      roles: [gamma.id, roleId],
    },
  });
  expect(created.status()).toBe(201);
  return username;
}

/** A fresh browser context signed in through the login page as `username`. */
export async function signedInAs(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login/');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(`${username}-password-1`);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/superset\/welcome\/$/);
  return page;
}

/** The dashboard chart titled `title`. */
export const dashboardChart = (page: Page, title: string) =>
  page
    .getByTestId('dashboard-chart')
    .filter({ has: page.getByTestId('dashboard-chart-title').getByText(title, { exact: true }) });

/** The figure of the big number chart titled `title`. */
export const bigNumber = (page: Page, title: string) =>
  dashboardChart(page, title).locator('[data-big-number]');

/** A saved chart over the dataset `datasetId` (birth_names, mostly) with the given form data; answers its id. */
export async function createBirthNamesChart(
  request: APIRequestContext,
  headers: Record<string, string>,
  datasetId: number,
  name: string,
  params: Record<string, unknown>,
): Promise<number> {
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
}

/**
 * A published dashboard with the charts side by side in one row (4 columns each, narrower when more than
 * three share the 12) and the given json_metadata; answers its id.
 */
export async function createRowDashboard(
  request: APIRequestContext,
  headers: Record<string, string>,
  title: string,
  chartIds: readonly number[],
  metadata: Record<string, unknown>,
): Promise<number> {
  const width = Math.min(4, Math.floor(12 / Math.max(1, chartIds.length)));
  const charts = chartIds.map((chartId, index) => ({
    id: `CHART-${String(index)}`,
    type: 'CHART',
    children: [],
    meta: { chartId, width, height: 50 },
  }));
  const position = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'] },
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: charts.map((chart) => chart.id) },
    ...Object.fromEntries(charts.map((chart) => [chart.id, chart])),
  };
  const created = await request.post('/api/v1/dashboard/', {
    headers,
    data: {
      dashboard_title: title,
      published: true,
      position_json: JSON.stringify(position),
      json_metadata: JSON.stringify(metadata),
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}
