import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, birthNamesDatasetId, chartStatus } from './explore-helpers';
import { useAdminSession } from './login';

/** Issue 10: what Explore's charts draw and download (colours, dates, layout, file names, PNG size). */

test.setTimeout(180_000);

const SHOTS = process.env.E2E_SHOTS_DIR;
const sumOf = (column: string) => ({
  expressionType: 'SIMPLE',
  aggregate: 'SUM',
  column: { column_name: column },
  label: `SUM(${column})`,
});

/** A saved chart of birth_names with these form data; returns its id. */
async function savedChart(
  request: APIRequestContext,
  name: string,
  vizType: string,
  params: Record<string, unknown>,
): Promise<number> {
  const datasetId = await birthNamesDatasetId(request);
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const created = await request.post('/api/v1/chart/', {
    headers,
    data: {
      slice_name: name,
      viz_type: vizType,
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify({
        datasource: `${String(datasetId)}__table`,
        viz_type: vizType,
        time_range: 'No filter',
        adhoc_filters: [],
        ...params,
      }),
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

async function openChart(page: Page, chartId: number): Promise<void> {
  await page.goto(`/explore/?slice_id=${String(chartId)}`);
  await expect(page.getByTestId('datasource-panel')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('run-query-button').click();
  await expect(chartStatus(page)).toHaveAttribute('data-chart-status', 'rendered', { timeout: 60_000 });
  await expect(chartStatus(page).locator('canvas').first()).toBeVisible();
}

const yearly = { x_axis: 'ds', time_grain_sqla: 'P1Y' };

test('the line chart titles its tooltip and fills its Results pane with years', async ({ page, request }) => {
  const id = await savedChart(
    request,
    `e2e yearly line ${Date.now().toString(36)}`,
    'echarts_timeseries_line',
    {
      ...yearly,
      metrics: [sumOf('num')],
      groupby: [],
    },
  );
  await useAdminSession(page);
  await openChart(page, id);
  const canvas = chartStatus(page).locator('canvas').first();
  const tooltip = chartStatus(page).locator('.chart-tooltip');
  await expect(async () => {
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the chart is not drawn');
    await page.mouse.move(box.x + 2, box.y + 2);
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.6, { steps: 5 });
    await expect(tooltip).toBeVisible({ timeout: 2000 });
  }).toPass();
  // A year grain titles the tooltip with the year alone.
  await expect(tooltip).toHaveText(/^(19|20)\d{2}SUM\(num\)/);

  await page.getByTestId('data-pane-results-tab').click();
  const firstCell = page.getByTestId('results-table').locator('tbody tr.ant-table-row td').first();
  await expect(firstCell).toHaveText(/^(19|20)\d{2}$/);
});

test.describe('on a high-density screen', () => {
  test.use({ deviceScaleFactor: 2 });

  test('CSV, JSON and PNG downloads are named after the chart; the PNG is the chart with its title', async ({
    page,
    request,
  }) => {
    const name = `e2e births by year ${Date.now().toString(36)}`;
    const id = await savedChart(request, name, 'echarts_timeseries_bar', {
      ...yearly,
      metrics: [sumOf('num')],
      groupby: [],
    });
    await useAdminSession(page);
    await openChart(page, id);
    const fileBase = name.replace(/\s+/g, '_');

    const downloadVia = async (item: string) => {
      await page.getByTestId('download-menu').click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(item).click()]);
      return download;
    };
    const csv = await downloadVia('download-csv');
    expect(csv.suggestedFilename()).toBe(`${fileBase}.csv`);
    const json = await downloadVia('download-json');
    expect(json.suggestedFilename()).toBe(`${fileBase}.json`);

    const png = await downloadVia('download-image');
    expect(png.suggestedFilename()).toBe(`${fileBase}.png`);
    if (SHOTS) await png.saveAs(`${SHOTS}/download.png`);
    const bytes = await readFile(await png.path());
    // PNG header: the IHDR chunk holds width and height as big-endian 32-bit integers at bytes 16 and 20.
    const width = bytes.readUInt32BE(16);
    const height = bytes.readUInt32BE(20);
    const holder = await chartStatus(page).getByTestId('echarts').boundingBox();
    const ratio = await page.evaluate<number>('window.devicePixelRatio');
    expect(ratio).toBe(2);
    if (!holder) throw new Error('the chart holder is not drawn');
    expect(width).toBe(Math.round(holder.width * ratio));
    // Taller than the chart by the title band (40 CSS pixels).
    expect(height).toBe(Math.round((holder.height + 40) * ratio));
  });
});

const LAYOUT_CHARTS: readonly (readonly [string, string, Record<string, unknown>])[] = [
  [
    'waterfall',
    'waterfall',
    { ...yearly, metric: sumOf('num'), x_axis_label: 'Year', y_axis_label: 'Births' },
  ],
  ['heatmap', 'heatmap_v2', { ...yearly, groupby: ['state'], metric: sumOf('num') }],
  [
    'mixed',
    'mixed_timeseries',
    {
      ...yearly,
      metrics: [sumOf('num')],
      groupby: ['gender'],
      metrics_b: [sumOf('num_girls')],
      groupby_b: [],
      seriesType: 'line',
      seriesTypeB: 'bar',
      yAxisIndexB: 1,
    },
  ],
];

// Draws each chart whose layout or colours issue 10 fixed, in both themes; with E2E_SHOTS_DIR set the
// chart is also captured there for a person to look at.
for (const colorScheme of ['light', 'dark'] as const) {
  for (const [label, vizType, params] of LAYOUT_CHARTS) {
    test(`the ${label} chart draws in the ${colorScheme} theme`, async ({ page, request }) => {
      const id = await savedChart(request, `e2e ${label} ${Date.now().toString(36)}`, vizType, params);
      await page.emulateMedia({ colorScheme });
      await useAdminSession(page);
      await openChart(page, id);
      if (SHOTS) {
        // Let echarts finish its entry animation before the capture.
        await page.waitForTimeout(1500);
        await chartStatus(page).screenshot({ path: `${SHOTS}/${label}-${colorScheme}.png` });
      }
    });
  }
}
