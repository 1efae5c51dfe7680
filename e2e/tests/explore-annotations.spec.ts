import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, birthNamesDatasetId, chartStatus } from './explore-helpers';
import { useAdminSession } from './login';

/** Issue 19 / 16 item 4: annotation layers in Explore, drawn by the time-series chart. */

test.setTimeout(180_000);

const SHOTS = process.env.E2E_SHOTS_DIR;
const FORMULA_RGB = [255, 0, 0] as const;
const EVENT_RGB = [0, 160, 0] as const;
const sumNum = {
  expressionType: 'SIMPLE',
  aggregate: 'SUM',
  column: { column_name: 'num' },
  label: 'SUM(num)',
};

/**
 * Pixels of the chart's canvas within a small distance of `rgb` (echarts antialiases its lines). Run in
 * the page as text: this project compiles without the DOM types.
 */
async function pixelsOf(page: Page, rgb: readonly [number, number, number]): Promise<number> {
  const [r, g, b] = rgb;
  return page.evaluate<number>(`(() => {
    const canvas = document.querySelector('[data-test="chart-container"] canvas');
    const context = canvas && canvas.getContext('2d');
    if (!context) return 0;
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.abs(data[i] - ${String(r)}) < 40 && Math.abs(data[i + 1] - ${String(g)}) < 40 &&
          Math.abs(data[i + 2] - ${String(b)}) < 40 && data[i + 3] > 200) count += 1;
    }
    return count;
  })()`);
}

async function setup(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const datasetId = await birthNamesDatasetId(request);
  const suffix = Date.now().toString(36);
  const layer = await request.post('/api/v1/annotation_layer/', {
    headers,
    data: { name: `e2e releases ${suffix}`, descr: 'Explore e2e' },
  });
  expect(layer.status()).toBe(201);
  const layer_ = (await layer.json()) as { id: number };
  const annotation = await request.post(`/api/v1/annotation_layer/${String(layer_.id)}/annotation/`, {
    headers,
    data: { short_descr: 'Release 1', start_dttm: '1990-01-01T00:00:00', end_dttm: '1990-01-01T00:00:00' },
  });
  expect(annotation.status()).toBe(201);
  const params = {
    datasource: `${String(datasetId)}__table`,
    viz_type: 'echarts_timeseries_line',
    x_axis: 'ds',
    time_grain_sqla: 'P1Y',
    time_range: 'No filter',
    metrics: [sumNum],
    groupby: [],
    adhoc_filters: [],
  };
  const chart = await request.post('/api/v1/chart/', {
    headers,
    data: {
      slice_name: `e2e annotated ${suffix}`,
      viz_type: 'echarts_timeseries_line',
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify(params),
    },
  });
  expect(chart.status()).toBe(201);
  // A flat formula at half the highest yearly total sits inside the y-axis whatever the data holds.
  const data = await request.post('/api/v1/chart/data', {
    headers,
    data: {
      datasource: { id: datasetId, type: 'table' },
      queries: [{ metrics: [sumNum], columns: [], time_range: 'No filter' }],
    },
  });
  const total = ((await data.json()) as { result: { data: { 'SUM(num)': number }[] }[] }).result[0]?.data[0];
  return {
    layerName: `e2e releases ${suffix}`,
    chartId: ((await chart.json()) as { id: number }).id,
    level: Math.round((total?.['SUM(num)'] ?? 0) / 80),
  };
}

async function pickColor(page: Page, hex: string): Promise<void> {
  await page.getByTestId('annotation-layer-color').click();
  const input = page.locator('.ant-color-picker-hex-input input:visible');
  await input.fill(hex.replace('#', ''));
  await input.press('Enter');
  await page.getByText('Line width').click();
}

test('adds a formula layer and a native event layer; the line chart draws both', async ({
  page,
  request,
}) => {
  const { layerName, chartId, level } = await setup(request);
  await useAdminSession(page);
  await page.goto(`/explore/?slice_id=${String(chartId)}`);
  await page.getByTestId('run-query-button').click();
  await expect(chartStatus(page)).toHaveAttribute('data-chart-status', 'rendered', { timeout: 60_000 });
  expect(await pixelsOf(page, FORMULA_RGB)).toBe(0);
  expect(await pixelsOf(page, EVENT_RGB)).toBe(0);

  await page.getByText('Annotations and Layers', { exact: true }).click();
  // The formula layer.
  await page.getByTestId('annotation-layer-add').click();
  await page.getByTestId('annotation-layer-name').fill('Target');
  await page.getByTestId('annotation-layer-formula').fill(`${String(level)} + 0 * x`);
  await pickColor(page, '#ff0000');
  await page.getByTestId('annotation-layer-width').fill('3');
  await page.getByTestId('annotation-layer-apply').click();
  await expect(page.getByTestId('annotation-layer-modal')).toBeHidden();

  // The event layer, from the layer made through the API.
  await page.getByTestId('annotation-layer-add').click();
  await page.getByTestId('annotation-layer-name').fill('Releases');
  await page.getByTestId('annotation-layer-type').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Event', { exact: true }).click();
  await page.getByTestId('annotation-layer-value').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(layerName, { exact: true }).click();
  await pickColor(page, '#00a000');
  await page.getByTestId('annotation-layer-width').fill('4');
  await page.getByTestId('annotation-layer-apply').click();
  await expect(page.getByTestId('annotation-layer-item')).toHaveText(['Target', 'Releases']);

  const annotationQuery = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/chart/data') &&
      (response.request().postData() ?? '').includes('"annotation_layers":[{"name":"Releases"'),
  );
  await page.getByTestId('run-query-button').click();
  const answered = (await (await annotationQuery).json()) as {
    result: { annotation_data: Record<string, { records: { short_descr: string }[] }> }[];
  };
  expect(answered.result[0]?.annotation_data.Releases?.records.map((r) => r.short_descr)).toEqual([
    'Release 1',
  ]);
  await expect(chartStatus(page)).toHaveAttribute('data-chart-status', 'rendered', { timeout: 60_000 });
  await expect.poll(() => pixelsOf(page, FORMULA_RGB), { timeout: 15_000 }).toBeGreaterThan(200);
  await expect.poll(() => pixelsOf(page, EVENT_RGB), { timeout: 15_000 }).toBeGreaterThan(100);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/explore-annotations.png` });

  // Hiding the event layer takes its line away.
  await page.getByTestId('annotation-layer-item').filter({ hasText: 'Releases' }).click();
  await page.getByTestId('annotation-layer-show').click();
  await page.getByTestId('annotation-layer-apply').click();
  await page.getByTestId('run-query-button').click();
  // A chart still loading has no canvas: count only once it is drawn again.
  await expect(chartStatus(page)).toHaveAttribute('data-chart-status', 'rendered', { timeout: 60_000 });
  await expect.poll(() => pixelsOf(page, FORMULA_RGB), { timeout: 15_000 }).toBeGreaterThan(200);
  expect(await pixelsOf(page, EVENT_RGB)).toBe(0);
});
