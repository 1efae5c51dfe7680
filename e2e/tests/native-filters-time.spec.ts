import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  bigNumber,
  createBirthNamesChart,
  createBirthNamesReader,
  createRowDashboard,
  dashboardChart,
  signedInAs,
  sqlCount,
  sqlRows,
} from './dashboard-filters-helpers';
import { clickHeaderMenuItem } from './dashboard-menu';
import { apiToken, birthNamesDatasetId } from './explore-helpers';
import { useAdminSession } from './login';

/**
 * Issue #13 acceptance, the time filters: a time range and a time grain applied from the bar narrow the
 * charts in scope to what SQL Lab gives for the same range and grain; a permalink made by the admin,
 * opened by another user, restores both; the rison `native_filters` preselect applies its masks; a
 * select filter's pre-filter narrows its options.
 */

const count = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'rows' };
// Explore's default time filter on a new chart: the dashboard's time range replaces its range.
const noTimeFilter = {
  expressionType: 'SIMPLE',
  subject: 'ds',
  operator: 'TEMPORAL_RANGE',
  comparator: 'No filter',
  clause: 'WHERE',
};
const SINCE = '1991-01-01';
const UNTIL = '2001-01-01';
const RANGE_WHERE = `ds >= DATE '${SINCE}' AND ds < DATE '${UNTIL}'`;

interface Fixture {
  dashboardId: number;
  datasetId: number;
  suffix: string;
  total: string;
  weeks: string;
  headers: Record<string, string>;
}

async function createFixture(request: APIRequestContext): Promise<Fixture> {
  const suffix = Date.now().toString(36);
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const datasetId = await birthNamesDatasetId(request);
  const names = { total: `nft rows ${suffix}`, weeks: `nft weeks ${suffix}` };
  const total = await createBirthNamesChart(request, headers, datasetId, names.total, {
    viz_type: 'big_number_total',
    metric: count,
    y_axis_format: ',d',
    adhoc_filters: [noTimeFilter],
  });
  // One row per time bucket of ds, the date printed without a time so a cell reads as SQL's.
  const weeks = await createBirthNamesChart(request, headers, datasetId, names.weeks, {
    viz_type: 'table',
    query_mode: 'aggregate',
    groupby: ['ds'],
    temporal_columns_lookup: { ds: true },
    time_grain_sqla: 'P1D',
    metrics: [count],
    adhoc_filters: [noTimeFilter],
    row_limit: 1000,
    table_timestamp_format: '%Y-%m-%d',
  });
  const scope = { rootPath: ['ROOT_ID'], excluded: [] };
  const nativeFilters = [
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
    {
      id: 'NATIVE_FILTER-name',
      type: 'NATIVE_FILTER',
      name: 'Name',
      filterType: 'filter_select',
      targets: [{ datasetId, column: { name: 'name' } }],
      controlValues: { multiSelect: true },
      scope,
    },
  ];
  const dashboardId = await createRowDashboard(request, headers, `Time filters ${suffix}`, [total, weeks], {
    native_filter_configuration: nativeFilters,
  });
  return { dashboardId, datasetId, suffix, headers, ...names };
}

const filterControl = (page: Page, name: string) =>
  page.locator(`[data-test="filter-control"][data-filter-name="${name}"]`);

/** The first column of every row of the table chart titled `title`, sorted. */
async function firstColumn(table: Locator): Promise<string[]> {
  const cells = await table.locator('tbody tr td:first-child').allTextContents();
  return cells.map((cell) => cell.trim()).sort();
}

/** The week starts of the rows in the range, as SQL Lab computes them. */
async function sqlWeeks(request: APIRequestContext, headers: Record<string, string>): Promise<string[]> {
  const rows = await sqlRows(
    request,
    headers,
    `SELECT DISTINCT strftime(date_trunc('week', ds), '%Y-%m-%d') AS d FROM birth_names WHERE ${RANGE_WHERE} ORDER BY d`,
  );
  return rows.map((row) => String(row.d));
}

async function expectFiltered(page: Page, fixture: Fixture, narrowed: string, weeks: string[]) {
  await expect(bigNumber(page, fixture.total)).toHaveText(narrowed, { timeout: 60_000 });
  const table = dashboardChart(page, fixture.weeks);
  await expect(table).toHaveAttribute('data-chart-status', 'rendered', { timeout: 60_000 });
  await expect.poll(() => firstColumn(table), { timeout: 30_000 }).toEqual(weeks);
}

test('a time range and a time grain narrow the charts as SQL does, and a permalink restores them for another user', async ({
  page,
  request,
  browser,
  context,
}) => {
  // A guard against hangs on a loaded machine, not a speed check.
  test.setTimeout(300_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await useAdminSession(page);
  const fixture = await createFixture(request);
  const all = await sqlCount(request, fixture.headers, '1=1');
  const narrowed = await sqlCount(request, fixture.headers, RANGE_WHERE);
  const weeks = await sqlWeeks(request, fixture.headers);
  // The range starts on a Tuesday: week buckets differ from the days the data holds.
  expect(weeks[0]).toBe('1990-12-31');

  await page.goto(`/superset/dashboard/${String(fixture.dashboardId)}/`);
  await expect(page.getByTestId('filter-bar')).toBeVisible({ timeout: 120_000 });
  await expect(bigNumber(page, fixture.total)).toHaveText(all, { timeout: 60_000 });
  const table = dashboardChart(page, fixture.weeks);
  await expect(table).toHaveAttribute('data-chart-status', 'rendered', { timeout: 60_000 });
  expect(await firstColumn(table)).toContain('1965-01-01');

  // Time range: advanced since/until; time grain: week. Applied together.
  await filterControl(page, 'Time').getByTestId('time-range-NATIVE_FILTER-time').click();
  await page.getByTestId('time-range-kind-advanced').click();
  await page.getByTestId('time-range-since').fill(SINCE);
  await page.getByTestId('time-range-until').fill(UNTIL);
  await page.getByTestId('time-range-apply').click();
  await filterControl(page, 'Grain').getByTestId('filter-time-grain').click();
  // The list is virtual: the search brings the week grains into view.
  await page.keyboard.type('week');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .getByText('week', { exact: true })
    .click();
  await page.getByTestId('filter-bar-apply').click();
  await expectFiltered(page, fixture, narrowed, weeks);
  await page.screenshot({ path: 'e2e/.artifacts/native-filters-time.png' });

  // The admin's permalink, opened by a Gamma user who may read birth_names.
  const created = page.waitForResponse(
    (r) => r.url().includes('/permalink') && r.request().method() === 'POST',
  );
  await clickHeaderMenuItem(page, 'share-dashboard-menu', 'copy-permalink');
  const response = await created;
  expect(response.status()).toBe(201);
  const url = new URL(((await response.json()) as { url: string }).url, page.url()).toString();
  const reader = await createBirthNamesReader(request, fixture.headers, fixture.datasetId, fixture.suffix);
  const other = await signedInAs(browser, reader);
  await other.goto(url);
  await expectFiltered(other, fixture, narrowed, weeks);
  await expect(filterControl(other, 'Time')).toContainText(SINCE);
  await expect(filterControl(other, 'Grain')).toContainText('week');
  await other.screenshot({ path: 'e2e/.artifacts/native-filters-time-permalink.png' });
  await other.context().close();
});

test('the rison native_filters preselect applies its masks', async ({ page, request }) => {
  test.setTimeout(300_000);
  await useAdminSession(page);
  const fixture = await createFixture(request);
  const narrowed = await sqlCount(request, fixture.headers, RANGE_WHERE);
  const weeks = await sqlWeeks(request, fixture.headers);
  const range = `'${SINCE} : ${UNTIL}'`;
  // The time filter in Superset's full form; the grain with its value only.
  const preselect =
    `(NATIVE_FILTER-time:(id:NATIVE_FILTER-time,extraFormData:(time_range:${range}),` +
    `filterState:(value:${range})),NATIVE_FILTER-grain:(filterState:(value:P1W)))`;
  await page.goto(
    `/superset/dashboard/${String(fixture.dashboardId)}/?native_filters=${encodeURIComponent(preselect)}`,
  );
  await expectFiltered(page, fixture, narrowed, weeks);
  await expect(filterControl(page, 'Grain')).toContainText('week');
  // The masks move under a native_filters_key; the preselect leaves the URL and a reload keeps them.
  await expect(page).toHaveURL(/native_filters_key=/);
  expect(new URL(page.url()).searchParams.has('native_filters')).toBe(false);
  await page.reload();
  await expectFiltered(page, fixture, narrowed, weeks);
});

test("a select filter's pre-filter narrows its options", async ({ page, request }) => {
  test.setTimeout(300_000);
  await useAdminSession(page);
  const fixture = await createFixture(request);
  const [boys] = await sqlRows(
    request,
    fixture.headers,
    "SELECT MIN(name) AS n FROM birth_names WHERE gender = 'boy'",
  );
  const [everyone] = await sqlRows(request, fixture.headers, 'SELECT MIN(name) AS n FROM birth_names');
  expect(boys?.n).not.toBe(everyone?.n);
  await page.goto(`/superset/dashboard/${String(fixture.dashboardId)}/`);
  await expect(page.getByTestId('filter-bar')).toBeVisible({ timeout: 120_000 });
  const firstOption = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option:not([data-test="filter-select-all"])')
    .first();
  await filterControl(page, 'Name').getByTestId('filter-select').click();
  await expect(firstOption).toHaveAttribute('title', String(everyone?.n), { timeout: 30_000 });
  await page.keyboard.press('Escape');

  await page.getByTestId('filter-bar-configure').click();
  const modal = page.getByTestId('filter-config-modal');
  await modal.locator('[data-test="filter-config-item"][data-item-id="NATIVE_FILTER-name"]').click();
  await modal.getByTestId('add-filter-prefilter').click();
  const editor = page.getByTestId('filter-editor');
  await editor.getByRole('tab', { name: 'Custom SQL' }).click();
  await editor.getByTestId('filter-sql').fill("gender = 'boy'");
  await editor.getByTestId('filter-save').click();
  await expect(modal.getByTestId('filters-prefilter').getByTestId('filter-pill')).toContainText('boy');
  await page.screenshot({ path: 'e2e/.artifacts/native-filters-prefilter.png' });
  await modal.getByTestId('filter-config-save').click();
  await expect(modal).toBeHidden({ timeout: 30_000 });

  await filterControl(page, 'Name').getByTestId('filter-select').click();
  await expect(firstOption).toHaveAttribute('title', String(boys?.n), { timeout: 30_000 });
});
