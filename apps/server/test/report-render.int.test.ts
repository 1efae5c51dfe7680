import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserPool, RenderError, Renderer } from '../src/modules/screenshots';
import { buildReportContent } from '../src/modules/reports/report-content';
import { dashboardRenderOptions } from '../src/modules/reports/report-live-ports';
import type { ReportRenderer } from '../src/modules/reports/report-ports';
import { findReport } from '../src/modules/reports/reports.repo';
import { loadPrincipal } from '../src/modules/security/principal';
import { pngSpread } from '../../../e2e/tests/png-spread';
import { startTestServer, type TestServer } from './harness';
import { createUser } from './sqllab-support';
import { ensureWebBuild } from './web-build';

/**
 * The report renderer against the real app (built web assets, served in process) in Debian's Chromium:
 * a chart PNG, a two-tab dashboard PDF and PNG, the concurrency cap, recycling, a killed browser and the
 * hard timeout (issue #14, server item 5).
 */

const CHROMIUM = '/usr/bin/chromium';

let server: TestServer;
let baseUrl = '';
let userId = 0;
let charts: Record<'bar' | 'table' | 'pie', number> = { bar: 0, table: 0, pie: 0 };
let dashboardId = 0;
let work = '';

async function api<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const token = await server.token();
  const response = await server.request(method, url, { token, ...(body === undefined ? {} : { body }) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<T>();
}

async function createChart(
  datasetId: number,
  name: string,
  params: Record<string, unknown> & { viz_type: string },
) {
  const created = await api<{ id: number }>('POST', '/api/v1/chart/', {
    slice_name: name,
    viz_type: params.viz_type,
    datasource_id: datasetId,
    datasource_type: 'table',
    params: JSON.stringify({ ...params, datasource: `${String(datasetId)}__table` }),
  });
  return created.id;
}

function pool(overrides: Partial<ConstructorParameters<typeof BrowserPool>[0]> = {}): BrowserPool {
  return new BrowserPool({
    executablePath: CHROMIUM,
    concurrency: 2,
    recycleAfter: 100,
    maxRssMb: 4096,
    ...overrides,
  });
}

function renderer(browserPool: BrowserPool, timeoutMs = 120_000): Renderer {
  return new Renderer({ db: server.ctx.store.db, baseUrl, pool: browserPool, timeoutMs });
}

function savePng(name: string, png: Buffer): string {
  const file = path.join(work, name);
  writeFileSync(file, png);
  return file;
}

/** A CHART component of a layout (position_json). */
const chart = (id: string, chartId: number, width: number, height: number) => ({
  id,
  type: 'CHART',
  children: [],
  meta: { chartId, width, height },
});

const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

async function sessionCount(): Promise<number> {
  const row = await server.ctx.store.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('kind', '=', 'cookie')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  // The renderer drives the real web app: build it when missing or older than its sources.
  const webDist = ensureWebBuild();
  work = mkdtempSync(path.join(tmpdir(), 'tessera-render-'));
  server = await startTestServer('sqlite', { examples: true, env: { TESSERA_WEB_DIST: webDist } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${String((server.app.server.address() as AddressInfo).port)}`;
  userId = (await api<{ result: { id: number } }>('GET', '/api/v1/me/')).result.id;
  const query = encodeURIComponent('(filters:!((col:table_name,opr:eq,value:birth_names)))');
  const datasetId = (await api<{ result: { id: number }[] }>('GET', `/api/v1/dataset/?q=${query}`)).result[0]
    ?.id;
  if (datasetId === undefined) throw new Error('birth_names dataset missing');
  const total = { expressionType: 'SQL', sqlExpression: 'SUM(num)', label: 'total' };
  charts = {
    bar: await createChart(datasetId, 'Births by state', {
      viz_type: 'echarts_timeseries_bar',
      x_axis: 'state',
      metrics: [total],
      row_limit: 100,
    }),
    table: await createChart(datasetId, 'Names table', {
      viz_type: 'table',
      query_mode: 'raw',
      all_columns: ['name', 'gender', 'num'],
      row_limit: 40,
    }),
    pie: await createChart(datasetId, 'Births by gender', {
      viz_type: 'pie',
      metric: total,
      groupby: ['gender'],
    }),
  };
  const position = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['TABS-t'] },
    'TABS-t': { id: 'TABS-t', type: 'TABS', children: ['TAB-1', 'TAB-2'] },
    'TAB-1': { id: 'TAB-1', type: 'TAB', children: ['ROW-1', 'ROW-2'], meta: { text: 'Overview tab' } },
    'TAB-2': { id: 'TAB-2', type: 'TAB', children: ['ROW-3'], meta: { text: 'Details tab' } },
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-bar', 'MARKDOWN-m'] },
    'ROW-2': { id: 'ROW-2', type: 'ROW', children: ['CHART-pie'] },
    'ROW-3': { id: 'ROW-3', type: 'ROW', children: ['CHART-table'] },
    'CHART-bar': chart('CHART-bar', charts.bar, 8, 60),
    'CHART-pie': chart('CHART-pie', charts.pie, 6, 60),
    'CHART-table': chart('CHART-table', charts.table, 12, 120),
    'MARKDOWN-m': {
      id: 'MARKDOWN-m',
      type: 'MARKDOWN',
      children: [],
      meta: { width: 4, height: 60, code: '## Markdown marker\n\nText that must stay text in the PDF.' },
    },
  };
  dashboardId = (
    await api<{ id: number }>('POST', '/api/v1/dashboard/', {
      dashboard_title: 'Render me',
      position_json: JSON.stringify(position),
    })
  ).id;
});

afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

describe('report renderer', () => {
  it('renders a chart to a PNG of the asked width that is not blank, as the user, leaving no session', async () => {
    const sessionsBefore = await sessionCount();
    const browserPool = pool();
    const render = renderer(browserPool);
    try {
      const png = await render.renderChartPng({ userId, chartId: charts.bar, width: 900 });
      expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      expect(pngSize(png)).toEqual({ width: 900, height: 600 });
      expect(pngSpread(savePng('chart.png', png))).toBeGreaterThan(10);
    } finally {
      await render.close();
    }
    expect(await sessionCount()).toBe(sessionsBefore);
  });

  it('prints a two-tab dashboard to a PDF holding every tab as text, on several pages', async () => {
    const render = renderer(pool());
    try {
      const pdf = await render.renderDashboardPdf({ userId, dashboard: dashboardId, width: 1200 });
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const file = path.join(work, 'dashboard.pdf');
      writeFileSync(file, pdf);
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? '0');
      expect(pages).toBeGreaterThan(1);
      // pdftotext reads text objects only: these are vector text, not pixels.
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      for (const expected of [
        'Overview tab',
        'Details tab',
        'Births by state',
        'Births by gender',
        'Names table',
        'Markdown marker',
      ]) {
        expect(text).toContain(expected);
      }
      // No page is blank (a trailing padding spilling over would make one).
      for (let number = 1; number <= pages; number += 1) {
        const pageText = execFileSync('pdftotext', ['-f', String(number), '-l', String(number), file, '-'], {
          encoding: 'utf8',
        });
        expect(pageText.trim(), `page ${String(number)}`).not.toBe('');
      }
      // The table chart is taller than an A4-shaped page: the pages grow so that it is printed whole,
      // its title and its last visible row on one page.
      const tablePage = text.split('\f').find((pageText) => pageText.includes('Names table')) ?? '';
      expect(tablePage).toContain('Michael');
      expect(tablePage).toContain('Lawrence');
      // Each tab starts its own page: the second tab's title is not on the first page.
      const firstPage = execFileSync('pdftotext', ['-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
      expect(firstPage).toContain('Overview tab');
      expect(firstPage).not.toContain('Details tab');
      execFileSync('pdftoppm', ['-r', '40', '-png', file, path.join(work, 'page')]);
      expect(pngSpread(path.join(work, pages > 9 ? 'page-01.png' : 'page-1.png'))).toBeGreaterThan(5);
    } finally {
      await render.close();
    }
  });

  it('captures a dashboard PNG at full height', async () => {
    const render = renderer(pool());
    try {
      const png = await render.renderDashboardPng({
        userId,
        dashboard: dashboardId,
        width: 1000,
        allTabs: true,
      });
      const size = pngSize(png);
      expect(size.width).toBe(1000);
      // Two stacked tabs with 60 + 120 grid rows of charts are taller than the first viewport.
      expect(size.height).toBeGreaterThan(1200);
      expect(pngSpread(savePng('dashboard.png', png))).toBeGreaterThan(10);
    } finally {
      await render.close();
    }
  });

  it('prints only the tab an anchor opens when every tab is not asked for', async () => {
    const render = renderer(pool());
    try {
      const pdf = await render.renderDashboardPdf({
        userId,
        dashboard: dashboardId,
        width: 1200,
        allTabs: false,
        anchor: 'TAB-2',
      });
      const file = path.join(work, 'second-tab.pdf');
      writeFileSync(file, pdf);
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
      expect(text).toContain('Names table');
      // Its data, not a spinner: the chart was painted before the print.
      expect(text).toContain('Michael');
      expect(text).not.toContain('Births by state');
    } finally {
      await render.close();
    }
  });

  it('answers a dashboard that does not exist with NOT_FOUND', async () => {
    const render = renderer(pool());
    try {
      const error: unknown = await render
        .renderDashboardPng({ userId, dashboard: 999_999 })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RenderError);
      expect((error as RenderError).code).toBe('NOT_FOUND');
    } finally {
      await render.close();
    }
  });

  it('acts as the given user: one without access to the dashboard gets FORBIDDEN, not what the admin sees', async () => {
    const gammaToken = await createUser(server, await server.token(), 'render_gamma', 'Gamma');
    const gammaId = (await server.request('GET', '/api/v1/me/', { token: gammaToken })).json<{
      result: { id: number };
    }>().result.id;
    const render = renderer(pool());
    try {
      const error: unknown = await render
        .renderDashboardPng({ userId: gammaId, dashboard: dashboardId })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RenderError);
      expect(['FORBIDDEN', 'NOT_FOUND']).toContain((error as RenderError).code);
    } finally {
      await render.close();
    }
  });

  it('keeps to the concurrency cap and recycles the browser after N renders', async () => {
    const browserPool = pool({ concurrency: 2, recycleAfter: 3 });
    const render = renderer(browserPool);
    try {
      const pngs = await Promise.all(
        [charts.bar, charts.pie, charts.table, charts.bar].map((chartId) =>
          render.renderChartPng({ userId, chartId, width: 700 }),
        ),
      );
      expect(pngs.map((png) => pngSize(png).width)).toEqual([700, 700, 700, 700]);
      const stats = render.stats();
      expect(stats.peakActive).toBe(2);
      expect(stats.renders).toBe(4);
      // The fourth render needed a new browser: the first had done its three.
      expect(stats.launches).toBe(2);
    } finally {
      await render.close();
    }
  });

  it('replaces a browser whose processes hold more memory than allowed', async () => {
    // 1 MB: any running Chromium is over it, so each render after the first needs a new browser.
    const browserPool = pool({ maxRssMb: 1 });
    const render = renderer(browserPool);
    try {
      await render.renderChartPng({ userId, chartId: charts.pie, width: 600 });
      const firstPid = browserPool.browserPid();
      expect(firstPid).not.toBeNull();
      await render.renderChartPng({ userId, chartId: charts.pie, width: 600 });
      expect(browserPool.snapshot().launches).toBe(2);
      expect(browserPool.browserPid()).not.toBe(firstPid);
    } finally {
      await render.close();
    }
  });

  it('ends a render whose browser is killed with BROWSER_CRASHED, and the next render works', async () => {
    const browserPool = pool();
    const render = renderer(browserPool);
    try {
      const running = render
        .renderChartPng({ userId, chartId: charts.table })
        .catch((caught: unknown) => caught);
      let pid = browserPool.browserPid();
      while (pid === null || browserPool.snapshot().active === 0) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        pid = browserPool.browserPid();
      }
      process.kill(pid, 'SIGKILL');
      const error = await running;
      expect(error).toBeInstanceOf(RenderError);
      expect((error as RenderError).code).toBe('BROWSER_CRASHED');
      const png = await render.renderChartPng({ userId, chartId: charts.bar, width: 640 });
      expect(pngSize(png).width).toBe(640);
      expect(browserPool.snapshot().launches).toBe(2);
      expect(browserPool.browserPid()).not.toBe(pid);
    } finally {
      await render.close();
    }
  });

  it('stops a render at its hard timeout, closing its page, and serves the next one', async () => {
    const browserPool = pool({ concurrency: 1 });
    const slow = renderer(browserPool, 300);
    const error: unknown = await slow
      .renderDashboardPdf({ userId, dashboard: dashboardId })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RenderError);
    expect((error as RenderError).code).toBe('TIMEOUT');
    expect(browserPool.snapshot().active).toBe(0);
    const normal = renderer(browserPool);
    try {
      const png = await normal.renderChartPng({ userId, chartId: charts.pie, width: 600 });
      expect(pngSize(png).width).toBe(600);
    } finally {
      await normal.close();
    }
  });
});

/**
 * A dashboard report's selected tabs (reference §10 `extra.dashboard`, Superset's anchor as a JSON list
 * of tab ids, or Tessera's activeTabs): the content a schedule sends, made through the real renderer.
 */
describe('dashboard reports with several selected tabs', () => {
  let pickId = 0;

  beforeAll(async () => {
    const position = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['TABS-p'], parents: ['ROOT_ID'] },
      'TABS-p': {
        id: 'TABS-p',
        type: 'TABS',
        children: ['TAB-a', 'TAB-b', 'TAB-c'],
        parents: ['ROOT_ID', 'GRID_ID'],
      },
      'TAB-a': { id: 'TAB-a', type: 'TAB', children: ['ROW-a'], meta: { text: 'Alpha tab' } },
      'TAB-b': { id: 'TAB-b', type: 'TAB', children: ['ROW-b'], meta: { text: 'Beta tab' } },
      'TAB-c': { id: 'TAB-c', type: 'TAB', children: ['ROW-c'], meta: { text: 'Gamma tab' } },
      'ROW-a': { id: 'ROW-a', type: 'ROW', children: ['CHART-a'] },
      'ROW-b': { id: 'ROW-b', type: 'ROW', children: ['CHART-b'] },
      'ROW-c': { id: 'ROW-c', type: 'ROW', children: ['CHART-c', 'MARKDOWN-c'] },
      'CHART-a': chart('CHART-a', charts.bar, 12, 60),
      'CHART-b': chart('CHART-b', charts.table, 12, 120),
      'CHART-c': chart('CHART-c', charts.pie, 6, 60),
      'MARKDOWN-c': {
        id: 'MARKDOWN-c',
        type: 'MARKDOWN',
        children: [],
        meta: { width: 6, height: 60, code: '## Gamma marker' },
      },
    };
    pickId = (
      await api<{ id: number }>('POST', '/api/v1/dashboard/', {
        dashboard_title: 'Pick tabs',
        position_json: JSON.stringify(position),
      })
    ).id;
  });

  /** A schedule saved through the API (so its extra passed validation), read back as the executor does. */
  async function savedReport(name: string, format: 'PDF' | 'PNG', dashboard: Record<string, unknown>) {
    const { id } = await api<{ id: number }>('POST', '/api/v1/report/', {
      type: 'Report',
      name,
      crontab: '0 9 * * 1',
      dashboard: pickId,
      report_format: format,
      custom_width: 1200,
      recipients: [{ type: 'Email', recipient_config_json: { target: 'tabs@example.com' } }],
      extra: { dashboard },
    });
    const report = await findReport(server.ctx.store.db, id);
    if (report === undefined) throw new Error('report missing');
    return report;
  }

  /** The ReportRenderer port over the real renderer, mapped as the live ports map a schedule's extra. */
  function port(render: Renderer): ReportRenderer {
    return {
      chartPng: ({ chartId, width }) => render.renderChartPng({ userId, chartId, width }),
      dashboardPng: (request) =>
        render.renderDashboardPng({
          userId,
          dashboard: request.dashboardId,
          width: request.width,
          ...dashboardRenderOptions(request),
        }),
      dashboardPdf: (request) =>
        render.renderDashboardPdf({
          userId,
          dashboard: request.dashboardId,
          width: request.width,
          ...dashboardRenderOptions(request),
        }),
    };
  }

  async function content(report: Awaited<ReturnType<typeof savedReport>>, render: Renderer) {
    const principal = await loadPrincipal(
      server.ctx.store.db,
      server.ctx.caches.principals,
      userId,
      'bearer',
      null,
    );
    if (principal === null) throw new Error('principal missing');
    return buildReportContent(server.ctx, principal, report, port(render), new AbortController().signal);
  }

  const pageText = (file: string, page: number) =>
    execFileSync('pdftotext', ['-layout', '-f', String(page), '-l', String(page), file, '-'], {
      encoding: 'utf8',
    });

  it('prints the anchor list’s tabs in the order chosen, each from a new page, in one PDF', async () => {
    const report = await savedReport('Two of three tabs', 'PDF', {
      anchor: JSON.stringify(['TAB-c', 'TAB-b']),
    });
    const render = renderer(pool());
    try {
      const { files } = await content(report, render);
      expect(files.map((file) => [file.name, file.contentType])).toEqual([
        ['Two of three tabs.pdf', 'application/pdf'],
      ]);
      const file = path.join(work, 'selected-tabs.pdf');
      writeFileSync(file, files[0]?.data ?? Buffer.alloc(0));
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? '0');
      expect(pages).toBeGreaterThanOrEqual(2);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      // The two chosen tabs with their charts, painted; the third tab not at all.
      for (const expected of ['Gamma tab', 'Gamma marker', 'Births by gender', 'Beta tab', 'Names table'])
        expect(text).toContain(expected);
      expect(text).not.toContain('Alpha tab');
      expect(text).not.toContain('Births by state');
      expect(text.indexOf('Gamma tab')).toBeLessThan(text.indexOf('Beta tab'));
      // Gamma first, alone on its page(s); Beta starts a page of its own.
      expect(pageText(file, 1)).toContain('Gamma tab');
      expect(pageText(file, 1)).not.toContain('Beta tab');
      const betaPage = [...Array(pages).keys()]
        .map((i) => i + 1)
        .find((n) => pageText(file, n).includes('Beta tab'));
      expect(betaPage).toBeDefined();
      // The tall table chart is whole on one page: its title, first and last visible rows together.
      const tablePage = pageText(file, betaPage ?? 0);
      expect(tablePage).toContain('Names table');
      expect(tablePage).toContain('Michael');
      expect(tablePage).toContain('Lawrence');
      for (let number = 1; number <= pages; number += 1)
        expect(pageText(file, number).trim(), `page ${String(number)}`).not.toBe('');
      execFileSync('pdftoppm', ['-r', '40', '-png', file, path.join(work, 'selected')]);
      expect(pngSpread(path.join(work, pages > 9 ? 'selected-01.png' : 'selected-1.png'))).toBeGreaterThan(5);
    } finally {
      await render.close();
    }
  });

  it('sends one PNG per selected tab, as Superset does, each showing only its tab', async () => {
    const report = await savedReport('Tabs as images', 'PNG', { activeTabs: ['TAB-a', 'TAB-c'] });
    const render = renderer(pool());
    try {
      const { files } = await content(report, render);
      expect(files.map((file) => [file.name, file.contentType])).toEqual([
        ['Tabs as images-1.png', 'image/png'],
        ['Tabs as images-2.png', 'image/png'],
      ]);
      const [alpha, gamma] = files.map((file, index) => savePng(`tab-${String(index + 1)}.png`, file.data));
      for (const [index, file] of [alpha, gamma].entries()) {
        expect(pngSize(files[index]?.data ?? Buffer.alloc(0)).width).toBe(1200);
        expect(pngSpread(file ?? '')).toBeGreaterThan(10);
      }
      // Different tabs, different pictures (a bar chart over the width; a pie beside markdown).
      expect(files[0]?.data.equals(files[1]?.data ?? Buffer.alloc(0))).toBe(false);
    } finally {
      await render.close();
    }
  });
});
