import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './credentials';
import { logIn } from './login';

/** A bearer token for setting up data through the API (cookie sessions would need CSRF tokens). */
async function apiToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/v1/security/login', {
    data: { username: 'admin', password: E2E_ADMIN_PASSWORD, provider: 'db' },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

test('finds, stars, edits and deletes charts on the Charts page', async ({ page, request }) => {
  const suffix = Date.now().toString(36);
  const token = await apiToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const databases = (await (await request.get('/api/v1/database/', { headers })).json()) as {
    result: { id: number; database_name: string }[];
  };
  const examples = databases.result.find((database) => database.database_name === 'examples');
  expect(examples).toBeDefined();
  const schemas = (await (
    await request.get(`/api/v1/database/${String(examples?.id)}/schemas/`, { headers })
  ).json()) as { result: string[] };
  const dataset = await request.post('/api/v1/dataset/', {
    headers,
    data: {
      database: examples?.id,
      schema: schemas.result[0],
      table_name: `e2e_names_${suffix}`,
      sql: 'SELECT name, gender, num FROM birth_names',
    },
  });
  expect(dataset.status()).toBe(201);
  const datasetId = ((await dataset.json()) as { id: number }).id;
  for (const [name, vizType] of [
    [`e2e pie ${suffix}`, 'pie'],
    [`e2e line ${suffix}`, 'line'],
  ]) {
    const chart = await request.post('/api/v1/chart/', {
      headers,
      data: {
        slice_name: name,
        viz_type: vizType,
        datasource_id: datasetId,
        datasource_type: 'table',
        params: '{}',
      },
    });
    expect(chart.status()).toBe(201);
  }

  await logIn(page);
  await page.getByTestId('nav-charts').click();
  await expect(page).toHaveURL(/\/chart\/list\/$/);
  await page.getByTestId('chart-search').getByRole('searchbox').fill(suffix);
  await page.getByTestId('chart-search').getByRole('searchbox').press('Enter');
  const rows = page.getByTestId('chart-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  const pieRow = rows.filter({ hasText: `e2e pie ${suffix}` });
  await expect(pieRow.getByTestId('chart-name')).toHaveAttribute('href', /\/explore\/\?slice_id=\d+$/);

  await pieRow.getByTestId('chart-favorite').click();
  await expect(pieRow.getByTestId('chart-favorite')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('chart-filter-favorite').click();
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"])')
    .getByTitle('Favorites', { exact: true })
    .click();
  await expect(rows).toHaveCount(1);
  await page.getByTestId('chart-filter-favorite').hover();
  await page.getByTestId('chart-filter-favorite').locator('.ant-select-clear').click();
  await expect(rows).toHaveCount(2);

  await pieRow.getByTestId('chart-edit').click();
  await page.getByTestId('chart-properties-name').fill(`e2e donut ${suffix}`);
  await page.getByTestId('chart-properties-save').click();
  await expect(
    page.getByTestId('toast').filter({ hasText: `Chart [e2e donut ${suffix}] has been saved` }),
  ).toBeVisible();
  await expect(rows.filter({ hasText: `e2e donut ${suffix}` })).toHaveCount(1);

  await page.getByTestId('chart-table').locator('thead').getByRole('checkbox').check();
  await page.getByTestId('chart-bulk-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Deleted 2 charts' })).toBeVisible();
  await expect(page.getByTestId('chart-empty')).toBeVisible();
});
