import { expect, test, type Page } from '@playwright/test';
import {
  bigNumber,
  createBirthNamesChart,
  createRowDashboard,
  dashboardChart,
  sqlCount,
} from './dashboard-filters-helpers';
import { apiToken, birthNamesDatasetId } from './explore-helpers';
import { useAdminSession } from './login';

/**
 * Issue #13, the filter bar itself (spec 001 §2, §4, §9): a HORIZONTAL bar with four filters inline and
 * the rest under 'More filters'; pointing at or focusing a filter lights up the charts in its scope and
 * dims the others; a permalink opened with a `native_filters` preselect on its own URL carries it over.
 */

const count = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'rows' };
const SHOTS = 'e2e/.artifacts/screens';

async function createFixture(page: Page) {
  const request = page.request;
  const suffix = Date.now().toString(36);
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const datasetId = await birthNamesDatasetId(request);
  const names = { inScope: `nfb rows ${suffix}`, excluded: `nfb excluded ${suffix}` };
  const params = { viz_type: 'big_number_total', metric: count, y_axis_format: ',d' };
  const inScope = await createBirthNamesChart(request, headers, datasetId, names.inScope, params);
  const excluded = await createBirthNamesChart(request, headers, datasetId, names.excluded, params);
  const select = (id: string, name: string, column: string) => ({
    id,
    type: 'NATIVE_FILTER',
    name,
    filterType: 'filter_select',
    targets: [{ datasetId, column: { name: column } }],
    controlValues: { multiSelect: true },
    cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded: [excluded] },
  });
  const dashboardId = await createRowDashboard(
    request,
    headers,
    `Filter bar ${suffix}`,
    [inScope, excluded],
    {
      filter_bar_orientation: 'HORIZONTAL',
      native_filter_configuration: [
        select('NATIVE_FILTER-gender', 'Gender', 'gender'),
        select('NATIVE_FILTER-name', 'Name', 'name'),
        select('NATIVE_FILTER-state', 'State', 'state'),
        {
          ...select('NATIVE_FILTER-everywhere', 'Everywhere', 'gender'),
          scope: { rootPath: ['ROOT_ID'], excluded: [] },
        },
        select('NATIVE_FILTER-extra', 'Extra', 'name'),
      ],
    },
  );
  return { dashboardId, headers, ...names };
}

const filterControl = (page: Page, name: string) =>
  page.locator(`[data-test="filter-control"][data-filter-name="${name}"]`);

test('a horizontal bar shows four filters and the rest under More filters; a pointed-at filter lights its charts', async ({
  page,
}) => {
  // A guard against hangs on a loaded machine, not a speed check.
  test.setTimeout(300_000);
  await useAdminSession(page);
  const fixture = await createFixture(page);
  await page.goto(`/superset/dashboard/${String(fixture.dashboardId)}/`);
  const bar = page.getByTestId('filter-bar');
  await expect(bar).toHaveAttribute('data-orientation', 'HORIZONTAL', { timeout: 120_000 });
  const all = await sqlCount(page.request, fixture.headers, '1=1');
  await expect(bigNumber(page, fixture.inScope)).toHaveText(all, { timeout: 60_000 });
  await expect(bigNumber(page, fixture.excluded)).toHaveText(all, { timeout: 60_000 });

  // The bar sits above the charts, four filters inline.
  const barBox = await bar.boundingBox();
  const chartBox = await dashboardChart(page, fixture.inScope).boundingBox();
  expect(barBox !== null && chartBox !== null && barBox.y + barBox.height <= chartBox.y).toBe(true);
  await expect(bar.getByTestId('filter-control')).toHaveCount(4);
  await expect(filterControl(page, 'Extra')).toHaveCount(0);
  await page.getByTestId('filter-bar-more').click();
  await expect(filterControl(page, 'Extra')).toBeVisible();
  await page.keyboard.press('Escape');

  // Pointing at Gender: the chart in its scope is lit, the excluded one steps back; leaving clears both.
  const inScopeChart = dashboardChart(page, fixture.inScope);
  const excludedChart = dashboardChart(page, fixture.excluded);
  await filterControl(page, 'Gender').getByTestId('filter-name').hover();
  await expect(inScopeChart).toHaveAttribute('data-filter-focus', 'in-scope');
  await expect(excludedChart).toHaveAttribute('data-filter-focus', 'out-of-scope');
  await page.screenshot({ path: `${SHOTS}/filter-bar-horizontal-hover-light.png` });
  await filterControl(page, 'Everywhere').getByTestId('filter-name').hover();
  await expect(excludedChart).toHaveAttribute('data-filter-focus', 'in-scope');
  await page.mouse.move(5, 5);
  await expect(inScopeChart).not.toHaveAttribute('data-filter-focus');
  await expect(excludedChart).not.toHaveAttribute('data-filter-focus');

  // Focus works from the keyboard too, and the focused filter's value narrows only its charts.
  await filterControl(page, 'Gender').getByTestId('filter-select').click();
  await expect(excludedChart).toHaveAttribute('data-filter-focus', 'out-of-scope');
  await page.locator('.ant-select-item-option[title="girl"]').click();
  await page.keyboard.press('Escape');
  await page.getByTestId('filter-bar-apply').click();
  const girls = await sqlCount(page.request, fixture.headers, "gender IN ('girl')");
  await expect(bigNumber(page, fixture.inScope)).toHaveText(girls, { timeout: 60_000 });
  await expect(bigNumber(page, fixture.excluded)).toHaveText(all);
  await page.getByTestId('theme-toggle').click();
  await filterControl(page, 'Gender').getByTestId('filter-name').hover();
  await page.screenshot({ path: `${SHOTS}/filter-bar-horizontal-hover-dark.png` });
  await page.getByTestId('theme-toggle').click();
});

test('a permalink opened with a native_filters preselect carries it to the dashboard', async ({ page }) => {
  test.setTimeout(300_000);
  await useAdminSession(page);
  const fixture = await createFixture(page);
  const created = await page.request.post(`/api/v1/dashboard/${String(fixture.dashboardId)}/permalink`, {
    headers: fixture.headers,
    data: { dataMask: {}, activeTabs: [], anchor: null, urlParams: [] },
  });
  expect(created.status()).toBe(201);
  const { url } = (await created.json()) as { url: string };
  const preselect = '(NATIVE_FILTER-gender:(filterState:(value:!(boy))))';
  await page.goto(
    `${new URL(url, 'http://placeholder').pathname}?native_filters=${encodeURIComponent(preselect)}`,
  );
  await expect(page).toHaveURL(new RegExp(`/superset/dashboard/${String(fixture.dashboardId)}/`));
  const boys = await sqlCount(page.request, fixture.headers, "gender IN ('boy')");
  await expect(bigNumber(page, fixture.inScope)).toHaveText(boys, { timeout: 120_000 });
  await expect(filterControl(page, 'Gender').getByTestId('filter-select-tag')).toHaveText('boy');
});
