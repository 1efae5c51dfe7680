import { expect, test, type Page } from '@playwright/test';
import { dragToLayout as drag, dropZone as zone } from './dashboard-drag';
import { apiToken, birthNamesDatasetId } from './explore-helpers';
import { logIn } from './login';

const count = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'rows' };

let suffix = '';
let headers: Record<string, string> = {};
let chartIds: number[] = [];
let dashboardId = 0;

/** Three saved charts and an empty dashboard, made through the API. */
test.beforeAll(async ({ request }) => {
  suffix = Date.now().toString(36);
  headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const datasetId = await birthNamesDatasetId(request);
  const datasource = `${String(datasetId)}__table`;
  chartIds = [];
  for (const name of ['one', 'two', 'three']) {
    const created = await request.post('/api/v1/chart/', {
      headers,
      data: {
        slice_name: `de ${name} ${suffix}`,
        viz_type: 'big_number_total',
        datasource_id: datasetId,
        datasource_type: 'table',
        params: JSON.stringify({ viz_type: 'big_number_total', metric: count, datasource }),
      },
    });
    expect(created.status()).toBe(201);
    chartIds.push(((await created.json()) as { id: number }).id);
  }
  const created = await request.post('/api/v1/dashboard/', {
    headers,
    data: { dashboard_title: `Dashboard edit ${suffix}` },
  });
  expect(created.status()).toBe(201);
  dashboardId = ((await created.json()) as { id: number }).id;
});

const chartCard = (page: Page, index: number) =>
  page.locator(`[data-test="chart-pane-item"][data-chart-id="${String(chartIds[index])}"]`);

type StoredLayout = Record<
  string,
  { type?: string; children?: string[]; meta?: { width?: number } } | string
>;

async function storedLayout(page: Page): Promise<StoredLayout> {
  const answer = await page.request.get(`/api/v1/dashboard/${String(dashboardId)}`, { headers });
  const body = (await answer.json()) as { result: { position_json: string | null } };
  return JSON.parse(body.result.position_json ?? '{}') as StoredLayout;
}

function typesOf(layout: StoredLayout): string[] {
  return Object.values(layout)
    .flatMap((component) => (typeof component === 'string' ? [] : [component.type ?? '']))
    .sort();
}

test('builds a layout by drag and drop, resizes, undoes, saves and reloads it', async ({ page }) => {
  await logIn(page);
  await page.goto(`/superset/dashboard/${String(dashboardId)}/?edit=true`);
  await expect(page.getByTestId('dashboard-builder-sidepane')).toBeVisible();
  await page.getByTestId('chart-pane-search').locator('input').fill(suffix);
  await expect(page.getByTestId('chart-pane-item')).toHaveCount(3);

  // Three charts: the first into the empty grid, the second beside it, the third below.
  await drag(page, chartCard(page, 0), zone(page, 'GRID'));
  await expect(page.getByTestId('dashboard-chart')).toHaveCount(1);
  await expect(chartCard(page, 0)).toHaveAttribute('data-added', 'true');
  await drag(page, chartCard(page, 1), zone(page, 'ROW'));
  await expect(page.getByTestId('dashboard-chart')).toHaveCount(2);
  await drag(page, chartCard(page, 2), zone(page, 'GRID'));
  await expect(page.getByTestId('dashboard-chart')).toHaveCount(3);

  // Layout elements: tabs (then a second tab), a header, markdown and a divider.
  await page.getByRole('tab', { name: 'Layout elements' }).click();
  await drag(page, page.getByTestId('new-component-tabs'), zone(page, 'GRID'));
  await expect(page.getByTestId('dashboard-tabs')).toHaveCount(1);
  await page.getByTestId('dashboard-add-tab').click();
  await expect(page.locator('[data-test="dashboard-tabs"] [role="tab"]')).toHaveCount(2);
  await drag(page, page.getByTestId('new-component-header'), zone(page, 'GRID'));
  await drag(page, page.getByTestId('new-component-markdown'), zone(page, 'GRID'));
  await drag(page, page.getByTestId('new-component-divider'), zone(page, 'GRID'));
  await expect(page.locator('[data-component-type="HEADER"]')).toHaveCount(1);
  await expect(page.locator('[data-component-type="MARKDOWN"]')).toHaveCount(1);
  await expect(page.locator('[data-component-type="DIVIDER"]')).toHaveCount(1);

  // Resize the first chart two columns wider by its right edge.
  const firstFrame = page.locator(`[data-component-type="CHART"]`).first();
  await firstFrame.hover();
  const handle = firstFrame.getByTestId('resize-handle-right');
  const box = await handle.boundingBox();
  const frameBox = await firstFrame.boundingBox();
  if (box === null || frameBox === null) throw new Error('no resize handle');
  const column = frameBox.width / 4;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + column * 2, box.y + box.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect
    .poll(async () => (await firstFrame.boundingBox())?.width ?? 0)
    .toBeGreaterThan(frameBox.width * 1.3);
  const widened = (await firstFrame.boundingBox())?.width ?? 0;

  await page.getByTestId('dashboard-undo').click();
  await expect
    .poll(async () => Math.round((await firstFrame.boundingBox())?.width ?? 0))
    .toBe(Math.round(frameBox.width));
  await page.keyboard.press('Control+Shift+Z');
  await expect
    .poll(async () => Math.round((await firstFrame.boundingBox())?.width ?? 0))
    .toBe(Math.round(widened));
  await page.screenshot({ path: test.info().outputPath('dashboard-edit-light.png'), fullPage: true });

  await page.getByTestId('dashboard-save').click();
  await expect(page.getByText('This dashboard was saved successfully.')).toBeVisible();
  await expect(page.getByTestId('dashboard-builder-sidepane')).toHaveCount(0);

  const saved = await storedLayout(page);
  expect(typesOf(saved)).toEqual(
    [
      'CHART',
      'CHART',
      'CHART',
      'DIVIDER',
      'GRID',
      // HEADER_ID (the title) and the dropped header.
      'HEADER',
      'HEADER',
      'MARKDOWN',
      'ROOT',
      'ROW',
      'ROW',
      'ROW',
      'TAB',
      'TAB',
      'TABS',
    ].sort(),
  );
  const widths = Object.values(saved).flatMap((c) =>
    typeof c !== 'string' && c.type === 'CHART' ? [c.meta?.width] : [],
  );
  expect(widths.sort()).toEqual([4, 4, 6]);

  await page.reload();
  await expect(page.getByTestId('dashboard-chart')).toHaveCount(3);
  await expect(page.getByTestId('dashboard-tabs')).toHaveCount(1);
  await expect(page.getByTestId('grid-header')).toHaveCount(1);
  await expect(page.getByTestId('grid-divider')).toHaveCount(1);
  expect(typesOf(await storedLayout(page))).toEqual(typesOf(saved));

  await page.getByTestId('edit-dashboard-button').click();
  await expect(page.getByTestId('dashboard-builder-sidepane')).toBeVisible();
  await page.getByTestId('theme-toggle').click();
  await page.screenshot({ path: test.info().outputPath('dashboard-edit-dark.png'), fullPage: true });
});
