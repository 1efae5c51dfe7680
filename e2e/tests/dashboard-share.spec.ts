import { readFileSync, statSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, birthNamesDatasetId } from './explore-helpers';
import { logIn } from './login';

const count = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'rows' };
const total = { expressionType: 'SQL', sqlExpression: 'SUM(num)', label: 'total' };

let suffix = '';
let headers: Record<string, string> = {};
let big: number | undefined;
let pie: number | undefined;
let table: number | undefined;
let dashboardId = 0;

/** Three charts from birth_names in two tabs, with a header, markdown and a divider. */
test.beforeAll(async ({ request }) => {
  suffix = Date.now().toString(36);
  headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const datasetId = await birthNamesDatasetId(request);
  const datasource = `${String(datasetId)}__table`;
  const chartIds: number[] = [];
  for (const [name, params] of [
    [`ds big ${suffix}`, { viz_type: 'big_number_total', metric: count }],
    [`ds pie ${suffix}`, { viz_type: 'pie', metric: total, groupby: ['gender'] }],
    [
      `ds table ${suffix}`,
      { viz_type: 'table', query_mode: 'raw', all_columns: ['name', 'num'], row_limit: 10 },
    ],
  ] as const) {
    const created = await request.post('/api/v1/chart/', {
      headers,
      data: {
        slice_name: name,
        viz_type: params.viz_type,
        datasource_id: datasetId,
        datasource_type: 'table',
        params: JSON.stringify({ ...params, datasource }),
      },
    });
    expect(created.status()).toBe(201);
    chartIds.push(((await created.json()) as { id: number }).id);
  }
  [big, pie, table] = chartIds;
  const chart = (id: string, chartId: number | undefined) => ({
    id,
    type: 'CHART',
    children: [],
    meta: { chartId, width: 4, height: 40 },
  });
  const position = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['HEADER-h1', 'TABS-t1', 'DIVIDER-d1'] },
    'HEADER-h1': {
      id: 'HEADER-h1',
      type: 'HEADER',
      children: [],
      meta: { text: 'Births', headerSize: 'MEDIUM_HEADER' },
    },
    'TABS-t1': { id: 'TABS-t1', type: 'TABS', children: ['TAB-a', 'TAB-b'] },
    'TAB-a': { id: 'TAB-a', type: 'TAB', children: ['ROW-r1'], meta: { text: 'Overview' } },
    'TAB-b': { id: 'TAB-b', type: 'TAB', children: ['ROW-r2'], meta: { text: 'Names' } },
    'ROW-r1': { id: 'ROW-r1', type: 'ROW', children: ['CHART-c1', 'CHART-c2', 'MARKDOWN-m1'] },
    'ROW-r2': { id: 'ROW-r2', type: 'ROW', children: ['CHART-c3'] },
    'CHART-c1': chart('CHART-c1', big),
    'CHART-c2': chart('CHART-c2', pie),
    'CHART-c3': { ...chart('CHART-c3', table), meta: { chartId: table, width: 8, height: 50 } },
    'MARKDOWN-m1': {
      id: 'MARKDOWN-m1',
      type: 'MARKDOWN',
      children: [],
      meta: { width: 4, height: 40, code: '## Notes\n\nSafe <img src=x onerror="window.__xss=1">' },
    },
    'DIVIDER-d1': { id: 'DIVIDER-d1', type: 'DIVIDER', children: [] },
  };
  const created = await request.post('/api/v1/dashboard/', {
    headers,
    data: {
      dashboard_title: `Dashboard share ${suffix}`,
      position_json: JSON.stringify(position),
      json_metadata: JSON.stringify({ color_scheme: 'bnbColors' }),
      css: '.dashboard-markdown h2 { letter-spacing: 2px; }',
    },
  });
  expect(created.status()).toBe(201);
  dashboardId = ((await created.json()) as { id: number }).id;
});

const holder = (page: Page, id: number | undefined) =>
  page.locator(`[data-test="dashboard-chart"][data-test-chart-id="${String(id)}"]`);

async function openMenu(page: Page, submenu: string) {
  await page.getByTestId('dashboard-header-menu').click();
  await page.getByTestId(submenu).hover();
}

test('a permalink to the second tab opens that tab', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await logIn(page);
  await page.goto(`/superset/dashboard/${String(dashboardId)}/?year=2000`);
  await expect(holder(page, big)).toHaveAttribute('data-chart-status', 'rendered');
  await page.getByTestId('dashboard-tab-title').filter({ hasText: 'Names' }).click();
  await expect(holder(page, table)).toHaveAttribute('data-chart-status', 'rendered');

  await openMenu(page, 'share-dashboard-menu');
  const created = page.waitForResponse(
    (r) => r.url().includes('/permalink') && r.request().method() === 'POST',
  );
  await page.getByTestId('copy-permalink').click();
  const response = await created;
  expect(response.status()).toBe(201);
  const { url } = (await response.json()) as { url: string };
  const sent = response.request().postDataJSON() as { activeTabs: string[]; urlParams: [string, string][] };
  expect(sent.activeTabs).toContain('TAB-b');
  expect(sent.urlParams).toContainEqual(['year', '2000']);
  await expect(page.getByText('Copied to clipboard!')).toBeVisible();

  const other = await context.newPage();
  await other.goto(url);
  await expect(other).toHaveURL(new RegExp(`/superset/dashboard/${String(dashboardId)}/\\?year=2000`));
  await expect(holder(other, table)).toHaveAttribute('data-chart-status', 'rendered');
  await expect(holder(other, big)).toBeHidden();
  await other.close();
});

test('unknown permalink keys show the not-found state', async ({ page }) => {
  await logIn(page);
  await page.goto('/superset/dashboard/p/AAAAAAAAAAAAAAAAAAAAAA/');
  await expect(page.getByTestId('dashboard-permalink-not-found')).toBeVisible();
});

test('downloads the dashboard as an image and as a PDF with every tab', async ({ page }) => {
  page.on('console', (message) => {
    if (message.type() === 'error') console.log(`browser: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    console.log(`page error: ${error.message}`);
  });
  await logIn(page);
  await page.goto(`/superset/dashboard/${String(dashboardId)}/`);
  await expect(holder(page, big)).toHaveAttribute('data-chart-status', 'rendered');

  await openMenu(page, 'download-menu');
  const image = page.waitForEvent('download');
  await page.getByTestId('download-as-image').click();
  const png = await image;
  expect(png.suggestedFilename()).toMatch(/\.png$/);
  const pngPath = test.info().outputPath('dashboard.png');
  await png.saveAs(pngPath);
  expect(statSync(pngPath).size).toBeGreaterThan(10_000);

  await openMenu(page, 'download-menu');
  const pdfDownload = page.waitForEvent('download');
  await page.getByTestId('export-to-pdf').click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  const pdfPath = test.info().outputPath('dashboard.pdf');
  await pdf.saveAs(pdfPath);
  const text = readFileSync(pdfPath).toString('latin1');
  expect(text.startsWith('%PDF-1.4')).toBe(true);
  expect(text).toContain('/DCTDecode');
  // Export mode is left again: the tab bar is back.
  await expect(page.getByTestId('dashboard-tabs')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('dashboard-share-light.png'), fullPage: true });
});
