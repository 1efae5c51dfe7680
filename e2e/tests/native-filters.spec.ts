import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bigNumber, sqlCount } from './dashboard-filters-helpers';
import { apiToken, birthNamesDatasetId } from './explore-helpers';
import { useAdminSession } from './login';

/** Issue #13 acceptance: native filters on a dashboard over the examples' birth_names. */

const count = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'rows' };

interface Fixture {
  dashboardId: number;
  inScope: string;
  excluded: string;
  headers: Record<string, string>;
}

async function createFixture(request: APIRequestContext): Promise<Fixture> {
  const suffix = Date.now().toString(36);
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const datasetId = await birthNamesDatasetId(request);
  const datasource = `${String(datasetId)}__table`;
  const names = { inScope: `nf rows ${suffix}`, excluded: `nf excluded ${suffix}` };
  const ids: number[] = [];
  for (const name of [names.inScope, names.excluded]) {
    const created = await request.post('/api/v1/chart/', {
      headers,
      data: {
        slice_name: name,
        viz_type: 'big_number_total',
        datasource_id: datasetId,
        datasource_type: 'table',
        params: JSON.stringify({
          viz_type: 'big_number_total',
          metric: count,
          y_axis_format: ',d',
          datasource,
        }),
      },
    });
    expect(created.status()).toBe(201);
    ids.push(((await created.json()) as { id: number }).id);
  }
  const [a, b] = ids;
  const chart = (id: string, chartId: number | undefined) => ({
    id,
    type: 'CHART',
    children: [],
    meta: { chartId, width: 4, height: 40 },
  });
  const position = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'] },
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-a', 'CHART-b'] },
    'CHART-a': chart('CHART-a', a),
    'CHART-b': chart('CHART-b', b),
  };
  const scope = { rootPath: ['ROOT_ID'], excluded: [b] };
  const target = (column: string) => [{ datasetId, column: { name: column } }];
  const nativeFilters = [
    {
      id: 'NATIVE_FILTER-gender',
      type: 'NATIVE_FILTER',
      name: 'Gender',
      filterType: 'filter_select',
      targets: target('gender'),
      controlValues: { multiSelect: true },
      cascadeParentIds: [],
      scope,
    },
    {
      id: 'NATIVE_FILTER-name',
      type: 'NATIVE_FILTER',
      name: 'Name',
      filterType: 'filter_select',
      targets: target('name'),
      controlValues: { multiSelect: true },
      cascadeParentIds: ['NATIVE_FILTER-gender'],
      scope,
    },
    {
      id: 'NATIVE_FILTER-num',
      type: 'NATIVE_FILTER',
      name: 'Num',
      filterType: 'filter_range',
      targets: target('num'),
      scope,
    },
    {
      id: 'NATIVE_FILTER-time',
      type: 'NATIVE_FILTER',
      name: 'Time',
      filterType: 'filter_time',
      targets: [{}],
      scope,
    },
    {
      id: 'NATIVE_FILTER-grain',
      type: 'NATIVE_FILTER',
      name: 'Grain',
      filterType: 'filter_timegrain',
      targets: [{ datasetId }],
      scope,
    },
  ];
  const created = await request.post('/api/v1/dashboard/', {
    headers,
    data: {
      dashboard_title: `Native filters ${suffix}`,
      position_json: JSON.stringify(position),
      json_metadata: JSON.stringify({ native_filter_configuration: nativeFilters }),
    },
  });
  expect(created.status()).toBe(201);
  return { dashboardId: ((await created.json()) as { id: number }).id, headers, ...names };
}

const filterControl = (page: Page, name: string) =>
  page.locator(`[data-test="filter-control"][data-filter-name="${name}"]`);

test('native filters narrow the charts in scope, survive a reload, and a removed filter comes back with undo', async ({
  page,
  request,
}) => {
  // A guard against hangs on a loaded machine, not a speed check.
  test.setTimeout(300_000);
  await useAdminSession(page);
  const fixture = await createFixture(request);
  await page.goto(`/superset/dashboard/${String(fixture.dashboardId)}/`);
  await expect(page.getByTestId('filter-bar')).toBeVisible({ timeout: 120_000 });
  const all = await sqlCount(request, fixture.headers, '1=1');
  await expect(bigNumber(page, fixture.inScope)).toHaveText(all, { timeout: 60_000 });
  await expect(bigNumber(page, fixture.excluded)).toHaveText(all);

  // Gender = boy, num ≥ 1000, applied together.
  await filterControl(page, 'Gender').getByTestId('filter-select').click();
  await page.locator('.ant-select-item-option[title="boy"]').click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('filter-bar-apply')).toBeEnabled();
  await filterControl(page, 'Num').getByTestId('filter-range-min').fill('1000');
  await page.getByTestId('filter-bar-apply').click();
  const narrowed = await sqlCount(request, fixture.headers, "gender IN ('boy') AND num >= 1000");
  await expect(bigNumber(page, fixture.inScope)).toHaveText(narrowed, { timeout: 30_000 });
  await expect(bigNumber(page, fixture.excluded)).toHaveText(all);
  await expect(page.getByTestId('filters-indicator').first()).toHaveAttribute('data-applied', '2');

  // The dependent name filter offers only boys' names.
  await filterControl(page, 'Name').getByTestId('filter-select').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(1)).toBeVisible({
    timeout: 30_000,
  });
  await page.keyboard.press('Escape');

  // The URL keeps the state through a reload.
  await expect(page).toHaveURL(/native_filters_key=/);
  await page.screenshot({ path: 'e2e/.artifacts/native-filters-bar.png' });
  await page.reload();
  await expect(bigNumber(page, fixture.inScope)).toHaveText(narrowed, { timeout: 60_000 });
  await expect(filterControl(page, 'Gender').getByTestId('filter-select-tag')).toHaveText('boy');

  // Delete a filter in the configuration modal and undo it within 5 s.
  await page.getByTestId('filter-bar-configure').click();
  const modal = page.getByTestId('filter-config-modal');
  await expect(modal).toBeVisible();
  const item = modal.locator('[data-test="filter-config-item"][data-item-id="NATIVE_FILTER-num"]');
  await item.getByTestId('filter-config-delete').click();
  await expect(modal.getByTestId('filter-config-removed')).toBeVisible();
  await modal.getByTestId('filter-config-undo').click();
  await expect(item).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/native-filters-modal.png' });
  // Unpaired fields are refused: a new filter without a dataset focuses itself with its errors.
  await modal.getByTestId('filter-config-add').hover();
  await page.getByTestId('filter-config-add-filter').click();
  await modal.getByTestId('filter-config-save').click();
  await expect(modal.getByText('Dataset is required')).toBeVisible();
  await expect(modal.getByText('Name is required')).toBeVisible();
  await modal.getByTestId('filter-config-cancel').click();
});
