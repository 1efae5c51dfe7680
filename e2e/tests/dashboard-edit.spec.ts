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

type Position = Record<string, unknown>;

/** A dashboard made through the API with `components` (id → [type, children, meta]) under GRID_ID. */
async function dashboardWith(
  page: Page,
  title: string,
  grid: string[],
  components: Record<string, [string, string[], Record<string, unknown>?]>,
): Promise<{ id: number; position: Position }> {
  const position: Position = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: grid },
    HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', meta: { text: title } },
  };
  for (const [id, [type, children, meta]] of Object.entries(components)) {
    position[id] = { id, type, children, ...(meta === undefined ? {} : { meta }) };
  }
  const created = await page.request.post('/api/v1/dashboard/', {
    headers,
    data: { dashboard_title: `${title} ${suffix}`, position_json: JSON.stringify(position) },
  });
  expect(created.status()).toBe(201);
  return { id: ((await created.json()) as { id: number }).id, position };
}

const chartMeta = (index: number, width: number) => ({
  chartId: chartIds[index],
  width,
  height: 50,
  sliceName: `chart ${String(index)}`,
});

test('tabs dropped at the top become the top-level tabs; the grid content moves into the first', async ({
  page,
}) => {
  await logIn(page);
  const { id } = await dashboardWith(page, 'Top tabs', ['ROW-1'], {
    'ROW-1': ['ROW', ['CHART-a', 'CHART-b']],
    'CHART-a': ['CHART', [], chartMeta(0, 4)],
    'CHART-b': ['CHART', [], chartMeta(1, 4)],
  });
  await page.goto(`/superset/dashboard/${String(id)}/?edit=true`);
  // Generous: on a loaded 2-core machine the first edit-mode paint can take longer than 15 s.
  await expect(page.getByTestId('dashboard-chart')).toHaveCount(2, { timeout: 45_000 });
  await page.getByRole('tab', { name: 'Layout elements' }).click();
  const top = page.getByTestId('dashboard-root-drop-zone');
  await drag(page, page.getByTestId('new-component-tabs'), top);
  await expect(page.getByTestId('dashboard-tabs')).toHaveCount(1);
  await expect(page.locator('[data-test="dashboard-tab-pane"] [data-test="dashboard-chart"]')).toHaveCount(2);
  // The top-level tabs are not framed: they are the dashboard's body now.
  await expect(page.locator('[data-component-type="TABS"]')).toHaveCount(0);

  // More tabs at the top would push the existing top-level tabs into nested tabs.
  await drag(page, page.getByTestId('new-component-tabs'), top, 'center', '.tsr-drop-zone.is-refused');
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Can not move top level tab into nested tabs' }),
  ).toHaveCount(1);
  await expect(page.getByTestId('dashboard-tabs')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('top-level-tabs-light.png'), fullPage: true });
  await page.getByTestId('theme-toggle').click();
  await page.screenshot({ path: test.info().outputPath('top-level-tabs-dark.png'), fullPage: true });
  await page.getByTestId('theme-toggle').click();

  await page.getByTestId('dashboard-save').click();
  await expect(page.getByText('This dashboard was saved successfully.')).toBeVisible();
  const answer = await page.request.get(`/api/v1/dashboard/${String(id)}`, { headers });
  const saved = JSON.parse(
    ((await answer.json()) as { result: { position_json: string } }).result.position_json,
  ) as Record<string, { type?: string; children?: string[] }>;
  const rootChild = saved.ROOT_ID?.children?.[0] ?? '';
  expect(saved[rootChild]?.type).toBe('TABS');
  const firstTab = saved[saved[rootChild]?.children?.[0] ?? ''];
  expect(firstTab?.children).toEqual(['ROW-1']);

  // Removing the top-level tabs keeps their content: the charts go back into the grid.
  await page.getByTestId('edit-dashboard-button').click();
  await page.getByTestId('dashboard-top-tabs-delete').click();
  await expect(page.getByTestId('dashboard-tabs')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-chart')).toHaveCount(2);
});

test('a focused chart frame resizes with Shift+Arrow keys, one grid step at a time', async ({ page }) => {
  await logIn(page);
  const { id } = await dashboardWith(page, 'Keyboard resize', ['ROW-1'], {
    'ROW-1': ['ROW', ['CHART-a', 'CHART-b']],
    'CHART-a': ['CHART', [], chartMeta(0, 4)],
    'CHART-b': ['CHART', [], chartMeta(1, 7)],
  });
  await page.goto(`/superset/dashboard/${String(id)}/?edit=true`);
  const frame = page.locator('[data-test="dashboard-component-frame"][data-component-id="CHART-a"]');
  await expect(frame).toBeVisible({ timeout: 45_000 });
  const before = (await frame.boundingBox())?.width ?? 0;
  await frame.focus();
  await page.keyboard.press('Shift+ArrowRight');
  const status = frame.getByTestId('dashboard-resize-status');
  await expect(status).toContainText('5 of 12 columns wide');
  await expect.poll(async () => (await frame.boundingBox())?.width ?? 0).toBeGreaterThan(before);
  // The row is full now (5 + 7): one more column is refused with the spec's warning.
  await page.keyboard.press('Shift+ArrowRight');
  await expect(status).toContainText('There is not enough space for this component.');
  await expect(page.getByTestId('toast').filter({ hasText: 'There is not enough space' })).toHaveCount(1);
  await page.keyboard.press('Shift+ArrowDown');
  await expect(status).toContainText('51 grid units tall');
  await expect(frame.getByTestId('resize-handle-right')).toHaveCount(1);

  await page.getByTestId('dashboard-save').click();
  await expect(page.getByText('This dashboard was saved successfully.')).toBeVisible();
  const answer = await page.request.get(`/api/v1/dashboard/${String(id)}`, { headers });
  const saved = JSON.parse(
    ((await answer.json()) as { result: { position_json: string } }).result.position_json,
  ) as Record<string, { meta?: { width?: number; height?: number } }>;
  expect(saved['CHART-a']?.meta).toMatchObject({ width: 5, height: 51 });
});

test("the dashboard's charts missing from its layout are appended at the bottom", async ({ page }) => {
  await logIn(page);
  const { id, position } = await dashboardWith(page, 'Unplaced', ['ROW-1', 'ROW-2'], {
    'ROW-1': ['ROW', ['CHART-a']],
    'CHART-a': ['CHART', [], chartMeta(0, 4)],
    'ROW-2': ['ROW', ['CHART-b']],
    'CHART-b': ['CHART', [], chartMeta(1, 4)],
  });
  // Both charts belong to the dashboard; the layout the page gets places only the first (as an older
  // save or an import can), so the second must come back at the bottom rather than vanish.
  const partial: Position = Object.fromEntries(
    Object.entries(position).filter(([key]) => key !== 'ROW-2' && key !== 'CHART-b'),
  );
  partial.GRID_ID = { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'] };
  await page.route(`**/api/v1/dashboard/${String(id)}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { result: Record<string, unknown> };
    body.result.position_json = JSON.stringify(partial);
    await route.fulfill({ response, json: body });
  });
  await page.goto(`/superset/dashboard/${String(id)}/`);
  const holders = page.getByTestId('dashboard-chart');
  await expect(holders).toHaveCount(2, { timeout: 45_000 });
  await expect(holders.nth(0)).toHaveAttribute('data-test-chart-id', String(chartIds[0]));
  await expect(holders.nth(1)).toHaveAttribute('data-test-chart-id', String(chartIds[1]));
  await expect(holders.nth(1)).toHaveAttribute('data-chart-status', 'rendered');
});

test('unsaved edits ask before Back and before an in-app link leaves the dashboard', async ({ page }) => {
  await logIn(page);
  const { id } = await dashboardWith(page, 'Leave guard', ['ROW-1'], {
    'ROW-1': ['ROW', ['CHART-a']],
    'CHART-a': ['CHART', [], chartMeta(0, 4)],
  });
  // Reach the dashboard inside the app, so Back is an in-app navigation the router sees.
  await page.goto('/dashboard/list/');
  await page
    .getByRole('link', { name: `Leave guard ${suffix}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/superset/dashboard/(${String(id)}|[^/]+)/`));
  const dashboardUrl = page.url();
  await page.getByTestId('edit-dashboard-button').click();
  const frame = page.locator('[data-test="dashboard-component-frame"][data-component-id="CHART-a"]');
  await expect(frame).toBeVisible({ timeout: 45_000 });
  await frame.focus();
  await page.keyboard.press('Shift+ArrowRight');
  await expect(frame.getByTestId('dashboard-resize-status')).toContainText('5 of 12');

  const messages: string[] = [];
  page.once('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  await page.evaluate('window.history.back()');
  await expect.poll(() => messages.length).toBe(1);
  expect(messages[0]).toContain('You have unsaved changes');
  await expect(page.getByTestId('dashboard-builder-sidepane')).toBeVisible();
  expect(page.url()).toBe(dashboardUrl);

  page.once('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  await page.getByTestId('nav-charts').click();
  await expect(page).toHaveURL(/\/chart\/list\/$/);
  expect(messages).toHaveLength(2);
});
