import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiToken, birthNamesDatasetId } from './explore-helpers';
import {
  createBirthNamesChart,
  createRowDashboard,
  dashboardChart,
  sqlRows,
} from './dashboard-filters-helpers';
import { useAdminSession } from './login';

/**
 * Issue #16 item 4: a right click on a dashboard's bar chart opens the context menu; drilling to detail
 * by the clicked bar lists only that bar's rows (as many as SQL counts), and drilling by another column
 * draws the same chart type by it.
 */

// A guard against hangs on a loaded machine, not a speed check.
test.setTimeout(300_000);

const count = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'rows' };

/** Screenshots in the light and the dark theme; the toggle gets a bare click so open menus stay open. */
async function bothThemes(page: Page, name: string): Promise<void> {
  const toggle = page.getByTestId('theme-toggle');
  for (let flip = 0; flip < 2; flip += 1) {
    const mode = await toggle.getAttribute('data-theme');
    await page.screenshot({ path: test.info().outputPath(`${name}-${mode ?? 'theme'}.png`) });
    await toggle.dispatchEvent('click');
    await expect(toggle).not.toHaveAttribute('data-theme', mode ?? '');
  }
}

/**
 * Right-clicks along the plot, low enough to hit every bar, until the menu offers to drill by a bar's
 * value (the canvas has no elements to aim at); answers the menu.
 */
async function rightClickABar(page: Page, chart: Locator): Promise<Locator> {
  const canvas = chart.locator('canvas').first();
  const box = await canvas.boundingBox();
  if (box === null) throw new Error('The chart has no canvas');
  const menu = page.getByTestId('chart-context-menu');
  for (let step = 1; step < 40; step += 1) {
    await canvas.click({ button: 'right', position: { x: (box.width * step) / 40, y: box.height * 0.85 } });
    await expect(menu).toBeVisible();
    if ((await menu.getByTestId('drill-to-detail-by').count()) > 0) return menu;
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  }
  throw new Error('No bar answered a right click');
}

/** A bar chart of birth_names rows by state, saved under a unique name. */
async function createBarChart(request: APIRequestContext, extra: Record<string, unknown> = {}) {
  const suffix = Date.now().toString(36);
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const birthNames = await birthNamesDatasetId(request);
  const name = `drill bars ${suffix}`;
  const chartId = await createBirthNamesChart(request, headers, birthNames, name, {
    viz_type: 'echarts_timeseries_bar',
    x_axis: 'state',
    temporal_columns_lookup: { state: false },
    metrics: [count],
    groupby: [],
    adhoc_filters: [],
    row_limit: 100,
    show_legend: false,
    ...extra,
  });
  return { headers, name, chartId, suffix };
}

test('drill to detail by a bar lists its rows; drill by another column draws the chart', async ({
  page,
  request,
}) => {
  await useAdminSession(page);
  const { headers, name, chartId } = await createBarChart(request);
  const dashboardId = await createRowDashboard(request, headers, `Drill ${String(chartId)}`, [chartId], {});
  await page.goto(`/superset/dashboard/${String(dashboardId)}/`);
  const chart = dashboardChart(page, name);
  await expect(chart).toHaveAttribute('data-chart-status', 'rendered');

  const menu = await rightClickABar(page, chart);
  await expect(menu.getByTestId('drill-to-detail')).toBeVisible();
  await expect(menu.getByTestId('drill-by')).toBeVisible();
  await bothThemes(page, 'drill-context-menu');
  const byText = (await menu.getByTestId('drill-to-detail-by').first().textContent()) ?? '';
  const state = byText.replace('Drill to detail by ', '').trim();
  expect(state).not.toBe('');
  await menu.getByTestId('drill-to-detail-by').first().click();

  // antd's modal root is a zero-size wrapper: the dialog holding the pane is what shows.
  const modal = page.getByRole('dialog').filter({ has: page.getByTestId('drill-detail-pane') });
  await expect(modal).toBeVisible();
  await expect(modal.locator('.ant-modal-title')).toHaveText(`Drill to detail: ${name}`);
  await expect(modal.getByTestId('drill-detail-filter-tag')).toHaveText(`state = ${state}`);
  const [expected] = await sqlRows(
    request,
    headers,
    `SELECT COUNT(*) AS n FROM birth_names WHERE state = '${state.replace(/'/g, "''")}'`,
  );
  const total = Number(expected?.n ?? 0);
  expect(total).toBeGreaterThan(0);
  await expect(modal.getByText(`${total.toLocaleString()} rows`)).toBeVisible();
  const table = modal.getByTestId('drill-detail-table');
  await expect(table.locator('tr.ant-table-row').first()).toBeVisible();
  const headersText = await table.locator('thead th').allTextContents();
  const stateColumn = headersText.indexOf('state');
  expect(stateColumn).toBeGreaterThanOrEqual(0);
  const rows = table.locator('tr.ant-table-row');
  const shown = await rows.count();
  expect(shown).toBe(Math.min(50, total));
  for (let index = 0; index < shown; index += 1)
    await expect(rows.nth(index).locator('td').nth(stateColumn)).toHaveText(state);
  await bothThemes(page, 'drill-detail-modal');

  // Removing the value's tag widens the rows to the whole chart.
  await modal.getByTestId('drill-detail-filter-tag').locator('.anticon-close').click();
  await expect(modal.getByTestId('drill-detail-filter-tag')).toHaveCount(0);
  const [all] = await sqlRows(request, headers, 'SELECT COUNT(*) AS n FROM birth_names');
  await expect(modal.getByText(`${Number(all?.n ?? 0).toLocaleString()} rows`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  const again = await rightClickABar(page, chart);
  await again.getByTestId('drill-by').hover();
  const gender = page.locator('[data-test="drill-by-column"][data-column="gender"]');
  await expect(gender).toBeVisible();
  await expect(page.locator('[data-test="drill-by-column"][data-column="state"]')).toHaveCount(0);
  await gender.click();
  const drillBy = page.getByRole('dialog').filter({ has: page.getByTestId('drill-by-chart') });
  await expect(drillBy.getByTestId('drill-by-chart')).toHaveAttribute('data-chart-status', 'rendered');
  await expect(drillBy.getByTestId('drill-by-filter-tag')).toHaveCount(1);
  await bothThemes(page, 'drill-by-modal');
  await drillBy.getByTestId('drill-by-show-table').click();
  await expect(drillBy.getByTestId('drill-by-table').locator('tr.ant-table-row')).toHaveCount(2);
});

test('the dashboard chart menu and Explore drill to detail too', async ({ page, request }) => {
  await useAdminSession(page);
  const { headers, name, chartId } = await createBarChart(request);
  const [all] = await sqlRows(request, headers, 'SELECT COUNT(*) AS n FROM birth_names');
  const allRows = `${Number(all?.n ?? 0).toLocaleString()} rows`;
  const dashboardId = await createRowDashboard(
    request,
    headers,
    `Drill menu ${String(chartId)}`,
    [chartId],
    {},
  );
  await page.goto(`/superset/dashboard/${String(dashboardId)}/`);
  const chart = dashboardChart(page, name);
  await expect(chart).toHaveAttribute('data-chart-status', 'rendered');
  await chart.getByTestId('chart-menu-trigger').click();
  await page.getByTestId('chart-menu-drill-to-detail').click();
  const modal = page.getByRole('dialog').filter({ has: page.getByTestId('drill-detail-pane') });
  await expect(modal.locator('.ant-modal-title')).toHaveText(`Drill to detail: ${name}`);
  await expect(modal.getByTestId('drill-detail-filter-tag')).toHaveCount(0);
  await expect(modal.getByText(allRows)).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto(`/explore/?slice_id=${String(chartId)}`);
  const holder = page.getByTestId('chart-container');
  await expect(holder).toHaveAttribute('data-chart-status', 'rendered');
  const menu = await rightClickABar(page, holder);
  await bothThemes(page, 'drill-explore-menu');
  await menu.getByTestId('drill-to-detail').click();
  const explored = page.getByRole('dialog').filter({ has: page.getByTestId('drill-detail-pane') });
  await expect(explored.locator('.ant-modal-title')).toHaveText(`Drill to detail: ${name}`);
  await expect(explored.getByText(allRows)).toBeVisible();
});

test("drill to detail keeps the chart's time range", async ({ page, request }) => {
  await useAdminSession(page);
  const { headers, name, chartId } = await createBarChart(request, {
    granularity_sqla: 'ds',
    time_range: '1970-01-01 : 1980-01-01',
  });
  const [inRange] = await sqlRows(
    request,
    headers,
    "SELECT COUNT(*) AS n FROM birth_names WHERE ds >= '1970-01-01' AND ds < '1980-01-01'",
  );
  const dashboardId = await createRowDashboard(
    request,
    headers,
    `Drill time ${String(chartId)}`,
    [chartId],
    {},
  );
  await page.goto(`/superset/dashboard/${String(dashboardId)}/`);
  const chart = dashboardChart(page, name);
  await expect(chart).toHaveAttribute('data-chart-status', 'rendered');
  await chart.getByTestId('chart-menu-trigger').click();
  await page.getByTestId('chart-menu-drill-to-detail').click();
  const modal = page.getByRole('dialog').filter({ has: page.getByTestId('drill-detail-pane') });
  await expect(modal.getByText(`${Number(inRange?.n ?? 0).toLocaleString()} rows`)).toBeVisible();
});
