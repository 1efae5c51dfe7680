import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, birthNamesDatasetId } from './explore-helpers';
import { clickHeaderMenuItem } from './dashboard-menu';
import { logIn } from './login';
import { pngSpread } from './png-spread';

/**
 * Shared label colours across a dashboard's charts, and the image / PDF exports of a two-tab dashboard
 * (issue #12 acceptance: every tab's charts in the PDF, none cut off; the image is not blank).
 */

const girls = { expressionType: 'SQL', sqlExpression: 'SUM(num_girls)', label: 'girls' };
const total = { expressionType: 'SQL', sqlExpression: 'SUM(num)', label: 'total' };
const count = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'rows' };

let headers: Record<string, string> = {};
let dashboardId = 0;
let charts: Record<'pie' | 'line' | 'table' | 'bar' | 'big', number> = {
  pie: 0,
  line: 0,
  table: 0,
  bar: 0,
  big: 0,
};

async function createChart(
  request: APIRequestContext,
  datasetId: number,
  name: string,
  params: Record<string, unknown> & { viz_type: string },
): Promise<number> {
  const created = await request.post('/api/v1/chart/', {
    headers,
    data: {
      slice_name: name,
      viz_type: params.viz_type,
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify({ ...params, datasource: `${String(datasetId)}__table` }),
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

test.beforeAll(async ({ request }) => {
  const suffix = Date.now().toString(36);
  headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const datasetId = await birthNamesDatasetId(request);
  // The pie lists 'girl' first (most girls), the line chart 'boy' first: with colours by chart alone
  // each would give its first label the scheme's first colour.
  charts = {
    pie: await createChart(request, datasetId, `dc pie ${suffix}`, {
      viz_type: 'pie',
      metric: girls,
      groupby: ['gender'],
    }),
    line: await createChart(request, datasetId, `dc line ${suffix}`, {
      viz_type: 'echarts_timeseries_line',
      x_axis: 'ds',
      time_grain_sqla: 'P1Y',
      metrics: [total],
      groupby: ['gender'],
      time_range: 'No filter',
    }),
    table: await createChart(request, datasetId, `dc table ${suffix}`, {
      viz_type: 'table',
      query_mode: 'raw',
      all_columns: ['name', 'gender', 'num'],
      row_limit: 30,
    }),
    bar: await createChart(request, datasetId, `dc bar ${suffix}`, {
      viz_type: 'echarts_timeseries_bar',
      x_axis: 'state',
      metrics: [total],
      row_limit: 100,
    }),
    big: await createChart(request, datasetId, `dc big ${suffix}`, {
      viz_type: 'big_number_total',
      metric: count,
    }),
  };
  const chart = (id: string, chartId: number, width: number, height: number) => ({
    id,
    type: 'CHART',
    children: [],
    meta: { chartId, width, height },
  });
  const position = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['TABS-t'] },
    'TABS-t': { id: 'TABS-t', type: 'TABS', children: ['TAB-1', 'TAB-2'] },
    'TAB-1': {
      id: 'TAB-1',
      type: 'TAB',
      children: ['HEADER-h', 'ROW-1', 'ROW-2'],
      meta: { text: 'By gender' },
    },
    'TAB-2': { id: 'TAB-2', type: 'TAB', children: ['ROW-3', 'ROW-4'], meta: { text: 'Details' } },
    'HEADER-h': {
      id: 'HEADER-h',
      type: 'HEADER',
      children: [],
      meta: { text: 'Births', headerSize: 'MEDIUM_HEADER' },
    },
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-pie', 'CHART-line'] },
    'ROW-2': { id: 'ROW-2', type: 'ROW', children: ['CHART-big', 'MARKDOWN-m'] },
    'ROW-3': { id: 'ROW-3', type: 'ROW', children: ['CHART-table'] },
    'ROW-4': { id: 'ROW-4', type: 'ROW', children: ['CHART-bar'] },
    'CHART-pie': chart('CHART-pie', charts.pie, 4, 50),
    'CHART-line': chart('CHART-line', charts.line, 8, 50),
    'CHART-big': chart('CHART-big', charts.big, 4, 30),
    'MARKDOWN-m': {
      id: 'MARKDOWN-m',
      type: 'MARKDOWN',
      children: [],
      meta: { width: 8, height: 30, code: '## About\n\nBirths by gender, from the examples.' },
    },
    'CHART-table': chart('CHART-table', charts.table, 12, 90),
    'CHART-bar': chart('CHART-bar', charts.bar, 12, 60),
  };
  const created = await request.post('/api/v1/dashboard/', {
    headers,
    data: {
      dashboard_title: `Colours and export ${suffix}`,
      position_json: JSON.stringify(position),
      json_metadata: JSON.stringify({ color_scheme: 'd3Category10' }),
    },
  });
  expect(created.status()).toBe(201);
  dashboardId = ((await created.json()) as { id: number }).id;
});

const holder = (page: Page, id: number) =>
  page.locator(`[data-test="dashboard-chart"][data-test-chart-id="${String(id)}"]`);

/** Colours drawn by label; a series shown as 'total, boy' (metric, group) counts as 'boy'. */
async function drawnColors(page: Page, id: number): Promise<Record<string, string>> {
  const text = await holder(page, id).getByTestId('echarts').getAttribute('data-label-colors');
  const drawn = JSON.parse(text ?? '{}') as Record<string, string>;
  return Object.fromEntries(
    Object.entries(drawn).map(([label, color]) => [label.split(', ').at(-1) ?? label, color]),
  );
}

test('one label has one colour across the charts of a dashboard, and keeps it after a reload', async ({
  page,
  request,
}) => {
  await logIn(page);
  await page.goto(`/superset/dashboard/${String(dashboardId)}/`);
  // The first visit loads the echarts chunks on a busy machine: more time than the default.
  await expect(holder(page, charts.pie)).toHaveAttribute('data-chart-status', 'rendered', {
    timeout: 45_000,
  });
  await expect(holder(page, charts.line)).toHaveAttribute('data-chart-status', 'rendered');
  const pie = await drawnColors(page, charts.pie);
  const line = await drawnColors(page, charts.line);
  expect(Object.keys(pie).sort()).toEqual(['boy', 'girl']);
  expect(line.boy).toBe(pie.boy);
  expect(line.girl).toBe(pie.girl);
  expect(pie.boy).not.toBe(pie.girl);

  // The admin may edit: the map is synced to the dashboard without marking it modified.
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/v1/dashboard/${String(dashboardId)}`, { headers });
      const body = (await answer.json()) as { result: { json_metadata: string } };
      return (JSON.parse(body.result.json_metadata) as { map_label_colors?: Record<string, string> })
        .map_label_colors;
    })
    .toMatchObject({ boy: pie.boy, girl: pie.girl });
  await page.reload();
  await expect(holder(page, charts.line)).toHaveAttribute('data-chart-status', 'rendered');
  expect(await drawnColors(page, charts.line)).toMatchObject({ boy: pie.boy, girl: pie.girl });
});

test('a user-fixed label colour wins on every chart', async ({ page, request }) => {
  const answer = await request.put(`/api/v1/dashboard/${String(dashboardId)}/colors`, {
    headers,
    data: { label_colors: { boy: '#ff00ff' } },
  });
  expect(answer.status()).toBe(200);
  await logIn(page);
  await page.goto(`/superset/dashboard/${String(dashboardId)}/`);
  // The first visit loads the echarts chunks on a busy machine: more time than the default.
  await expect(holder(page, charts.pie)).toHaveAttribute('data-chart-status', 'rendered', {
    timeout: 45_000,
  });
  await expect(holder(page, charts.line)).toHaveAttribute('data-chart-status', 'rendered');
  expect((await drawnColors(page, charts.pie)).boy).toBe('#ff00ff');
  expect((await drawnColors(page, charts.line)).boy).toBe('#ff00ff');
  await request.put(`/api/v1/dashboard/${String(dashboardId)}/colors`, {
    headers,
    data: { label_colors: {} },
  });
});

test('exports every tab to a PDF with nothing cut off, and a non-blank image', async ({ page }) => {
  // Capturing and encoding every tab takes a while on a shared two-core machine.
  test.setTimeout(240_000);
  await logIn(page);
  await page.goto(`/superset/dashboard/${String(dashboardId)}/`);
  // The first visit loads the echarts chunks on a busy machine: more time than the default.
  await expect(holder(page, charts.pie)).toHaveAttribute('data-chart-status', 'rendered', {
    timeout: 45_000,
  });

  const image = page.waitForEvent('download');
  await clickHeaderMenuItem(page, 'download-menu', 'download-as-image');
  const pngPath = test.info().outputPath('dashboard.png');
  await (await image).saveAs(pngPath);
  expect(pngSpread(pngPath)).toBeGreaterThan(10);

  const pdfDownload = page.waitForEvent('download', { timeout: 180_000 });
  await clickHeaderMenuItem(page, 'download-menu', 'export-to-pdf');
  const pdfPath = test.info().outputPath('dashboard.pdf');
  await (await pdfDownload).saveAs(pdfPath);
  const pagesDir = test.info().outputPath('pdf-pages');
  execFileSync('mkdir', ['-p', pagesDir]);
  execFileSync('pdftoppm', ['-png', '-r', '60', pdfPath, path.join(pagesDir, 'page')]);
  const pages = readdirSync(pagesDir)
    .filter((name) => name.endsWith('.png'))
    .sort();
  expect(pages.length).toBeGreaterThanOrEqual(2);
  for (const name of pages) {
    expect(pngSpread(path.join(pagesDir, name))).toBeGreaterThan(10);
  }
  // Every chart of both tabs was drawn for the export (the stacked tabs show them all).
  const text = readFileSync(pdfPath).toString('latin1');
  expect(text.match(/\/Type \/Page /g)?.length).toBe(pages.length);
  await expect(page.getByTestId('dashboard-tabs')).toBeVisible();
});
