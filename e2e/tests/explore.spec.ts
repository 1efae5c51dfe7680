import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './credentials';
import { logIn } from './login';

/** A bearer token for setting up data through the REST API. */
async function apiToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/v1/security/login', {
    data: { username: 'admin', password: E2E_ADMIN_PASSWORD, provider: 'db' },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

/** The id of the birth_names dataset on the examples database, registering it when absent. */
async function birthNamesDatasetId(request: APIRequestContext): Promise<number> {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const query = '(filters:!((col:table_name,opr:eq,value:birth_names)))';
  const list = await request.get(`/api/v1/dataset/?q=${encodeURIComponent(query)}`, { headers });
  const found = (await list.json()) as { result: { id: number }[] };
  const existing = found.result[0];
  if (existing) return existing.id;
  const databases = (await (await request.get('/api/v1/database/', { headers })).json()) as {
    result: { id: number; database_name: string }[];
  };
  const examples = databases.result.find((database) => database.database_name === 'examples');
  if (!examples) throw new Error('the examples database is missing');
  const created = await request.post('/api/v1/dataset/', {
    headers,
    data: { database: examples.id, schema: 'main', table_name: 'birth_names' },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** Picks an option of an antd select by its visible label. */
async function choose(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  // Long lists are virtual: search first so the option is rendered.
  await page.keyboard.type(label);
  await page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true }).click();
}

/** Drags a dataset panel item onto a control (dnd-kit needs real pointer moves). */
async function drag(page: Page, source: Locator, target: Locator): Promise<void> {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag source or target is not visible');
  await page.mouse.move(from.x + 20, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + from.height / 2, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
}

const chartStatus = (page: Page) => page.getByTestId('chart-container');

async function runAndWait(page: Page): Promise<void> {
  await page.getByTestId('run-query-button').click();
  await expect(chartStatus(page)).toHaveAttribute('data-chart-status', 'rendered');
  // The plugin's chunk may still be loading: wait for the drawing itself.
  await expect(chartStatus(page).locator('canvas').first()).toBeVisible();
}

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
  await logIn(page);

  await page.goto(
    `/explore/?datasource_type=table&datasource_id=${String(datasetId)}&viz_type=echarts_timeseries_line`,
  );
  // The first look at a dataset may wait for the examples database to finish generating.
  await expect(page.getByTestId('datasource-panel')).toContainText('birth_names', { timeout: 60_000 });
  // Nothing runs while a required control is empty; the message names it.
  await expect(page.getByTestId('control-error-metrics')).toHaveText('cannot be empty');
  await expect(page.getByTestId('run-query-button')).toBeDisabled();

  // x-axis ds with a yearly grain, SUM(num) dragged in from the dataset panel, split by gender.
  await choose(page, page.getByTestId('select-x_axis'), 'ds');
  await choose(page, page.getByTestId('select-time_grain_sqla'), 'Year');
  await drag(
    page,
    page.locator('[data-test="datasource-column"][data-name="num"]'),
    page.getByTestId('control-metrics'),
  );
  await expect(page.getByTestId('metrics-metrics').getByTestId('metric-pill')).toHaveText('SUM(num)');
  await choose(page, page.getByTestId('select-groupby'), 'gender');

  // A state filter through the filter popover (IN with two values).
  await page.getByTestId('add-filter-adhoc_filters').click();
  await choose(page, page.getByTestId('filter-column-select'), 'state');
  await page.getByTestId('filter-values').locator('input').fill('CA');
  await page.keyboard.press('Enter');
  await page.getByTestId('filter-values').locator('input').fill('NY');
  await page.keyboard.press('Enter');
  await page.getByTestId('filter-save').click();
  await expect(page.getByTestId('filter-pill')).toHaveText('state IN (CA, NY)');

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
  await expect(page.getByTestId('filter-pill')).toHaveText('state IN (CA, NY)');
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
  await page.locator('.ant-select-dropdown:visible').getByText(`+ Create "${dashboardName}"`).click();
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
