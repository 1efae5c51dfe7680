/**
 * Dashboard benchmark (issue #12): a 50-chart dashboard over the example datasets (two tabs of 30 and 20
 * charts, rows of 3) and a one-chart dashboard, opened in Debian's Chromium. Measures navigation start →
 * every in-view chart holder reads data-chart-status="rendered", cold (a fresh server: no chart's data
 * was ever queried) and warm (the next visit, data cached on the server), each against the one-chart
 * dashboard in the same run; counts requests, chart-data requests, their peak concurrency and the gzipped
 * JS the page loaded. The 'returning browser' rows open the dashboard once and measure the second visit
 * in the same context: the app's files come from the browser cache (their JS figure still counts the
 * cached files' size). Then posts the page's own 50 chart-data bodies in parallel (all cached) against
 * GET /health × 50 of the same run. Each visit is a new browser context, so only the server cache differs
 * between cold and warm. Run: npm run build && npx tsx bench/dashboard.ts
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Request, Response } from '@playwright/test';
import { launchBenchChromium } from './bench-browser';
import { json, median, startBenchServer, type BenchServer } from './bench-server';

const PORT = Number(process.env.BENCH_PORT ?? 18_191);
const WARM_TARGET_MS = 2000;
const COLD_TARGET_MS = 5000;
const FIRST_TAB = 30;
const SECOND_TAB = 20;
const PARALLEL = 50;
const SERVER_ROUNDS = 7;
const HOLDER = '[data-test="dashboard-chart"]';

type Params = Record<string, unknown>;
interface ChartSpec {
  table: string;
  params: Params;
}

const sql = (expression: string, label: string) => ({
  expressionType: 'SQL',
  sqlExpression: expression,
  label,
});

/** Eleven chart shapes over the three example tables; the dashboard cycles through them. */
const SHAPES: ChartSpec[] = [
  { table: 'birth_names', params: { viz_type: 'big_number_total', metric: sql('SUM(num)', 'babies') } },
  {
    table: 'birth_names',
    params: { viz_type: 'pie', metric: sql('SUM(num)', 'babies'), groupby: ['gender'] },
  },
  {
    table: 'birth_names',
    params: {
      viz_type: 'echarts_timeseries_line',
      x_axis: 'ds',
      time_grain_sqla: 'P1Y',
      metrics: [sql('SUM(num)', 'babies')],
      groupby: ['gender'],
    },
  },
  {
    table: 'birth_names',
    params: {
      viz_type: 'echarts_timeseries_bar',
      x_axis: 'ds',
      time_grain_sqla: 'P1Y',
      metrics: [sql('COUNT(*)', 'rows')],
      groupby: [],
    },
  },
  {
    table: 'birth_names',
    params: { viz_type: 'table', query_mode: 'raw', all_columns: ['name', 'state', 'num'], row_limit: 50 },
  },
  { table: 'sales', params: { viz_type: 'big_number_total', metric: sql('SUM(sales)', 'revenue') } },
  { table: 'sales', params: { viz_type: 'pie', metric: sql('SUM(sales)', 'revenue'), groupby: ['region'] } },
  {
    table: 'sales',
    params: {
      viz_type: 'table',
      query_mode: 'aggregate',
      groupby: ['product_line'],
      metrics: [sql('SUM(quantity)', 'units'), sql('SUM(sales)', 'revenue')],
      row_limit: 100,
    },
  },
  {
    table: 'wb_health_population',
    params: { viz_type: 'big_number_total', metric: sql('AVG(SP_DYN_LE00_IN)', 'life expectancy') },
  },
  {
    table: 'wb_health_population',
    params: { viz_type: 'pie', metric: sql('SUM(SP_POP_TOTL)', 'population'), groupby: ['region'] },
  },
  {
    table: 'wb_health_population',
    params: {
      viz_type: 'table',
      query_mode: 'aggregate',
      groupby: ['region'],
      metrics: [sql('AVG(NY_GNP_PCAP_CD)', 'gni per head')],
      row_limit: 100,
    },
  },
];

async function datasetIds(server: BenchServer, token: string): Promise<Map<string, number>> {
  const listed = await json<{ result: { id: number; table_name: string }[] }>(
    await server.api('/api/v1/dataset/?q=(page_size:100)', token),
  );
  return new Map(listed.result.map((dataset) => [dataset.table_name, dataset.id]));
}

/** Creates the chart; `n` goes into an always-true filter so every chart runs its own, uncached query. */
async function createChart(
  server: BenchServer,
  token: string,
  ids: Map<string, number>,
  spec: ChartSpec,
  n: number,
): Promise<number> {
  const datasetId = ids.get(spec.table);
  if (datasetId === undefined) throw new Error(`no example dataset ${spec.table}`);
  const vizType = String(spec.params.viz_type);
  const response = await server.api('/api/v1/chart/', token, {
    slice_name: `bench ${String(n)} ${vizType} ${spec.table}`,
    viz_type: vizType,
    datasource_id: datasetId,
    datasource_type: 'table',
    params: JSON.stringify({
      ...spec.params,
      datasource: `${String(datasetId)}__table`,
      adhoc_filters: [
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: `${String(n)} = ${String(n)}` },
      ],
    }),
  });
  return (await json<{ id: number }>(response)).id;
}

/** A position_json with the charts in rows of three, in one tab per group (no tabs for a single group). */
function positionFor(groups: number[][]): Record<string, unknown> {
  const items: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  };
  const tabIds: string[] = [];
  const rowsOf = (charts: number[], tab: number): string[] => {
    const rows: string[] = [];
    for (let start = 0; start < charts.length; start += 3) {
      const rowId = `ROW-${String(tab)}-${String(start / 3)}`;
      const chartIds = charts.slice(start, start + 3).map((chartId) => {
        const id = `CHART-${String(chartId)}`;
        items[id] = { id, type: 'CHART', children: [], meta: { chartId, width: 4, height: 50 } };
        return id;
      });
      items[rowId] = { id: rowId, type: 'ROW', children: chartIds };
      rows.push(rowId);
    }
    return rows;
  };
  if (groups.length === 1) {
    items.GRID_ID = { id: 'GRID_ID', type: 'GRID', children: rowsOf(groups[0] ?? [], 0) };
    return items;
  }
  groups.forEach((charts, tab) => {
    const id = `TAB-${String(tab)}`;
    items[id] = { id, type: 'TAB', children: rowsOf(charts, tab), meta: { text: `Tab ${String(tab + 1)}` } };
    tabIds.push(id);
  });
  items['TABS-main'] = { id: 'TABS-main', type: 'TABS', children: tabIds };
  items.GRID_ID = { id: 'GRID_ID', type: 'GRID', children: ['TABS-main'] };
  return items;
}

async function createDashboard(
  server: BenchServer,
  token: string,
  title: string,
  groups: number[][],
): Promise<number> {
  const response = await server.api('/api/v1/dashboard/', token, {
    dashboard_title: title,
    position_json: JSON.stringify(positionFor(groups)),
  });
  return (await json<{ id: number }>(response)).id;
}

interface Visit {
  ms: number;
  inView: number;
  requests: number;
  chartData: number;
  peakChartData: number;
  jsGzipBytes: number;
  jsFiles: number;
  /** Node's clock from page.goto to the first chart-data request: how much of the time is app start-up. */
  firstChartDataMs: number;
  timeline: Timeline;
}

/** The page's own clock (ms since navigation start) at each step of opening the dashboard. */
interface Timeline {
  /** The HTML's last byte. */
  html: number;
  /** DOMContentLoaded: the entry module and its static imports have run (module scripts are deferred). */
  jsEvaluated: number;
  /** The last of the dashboard's first API reads (dashboard, its charts, their datasets) answered. */
  apiDone: number;
  /** The first chart-data POST left. */
  firstChartData: number;
  /** First contentful paint. */
  firstPaint: number;
}

/** Reads the timeline from Navigation, Paint and Resource Timing (a string: bench has no DOM types). */
async function timelineOf(page: Page): Promise<Timeline> {
  const result: unknown = await page.evaluate(`(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const resources = performance.getEntriesByType('resource');
    const path = (entry) => new URL(entry.name).pathname;
    const dashboardRead = new RegExp('^/api/v1/dashboard/[0-9]+(/charts)?$');
    const reads = resources.filter((entry) => dashboardRead.test(path(entry))
      || path(entry) === '/superset/fetch_datasource_metadata');
    const chartData = resources.filter((entry) => path(entry).startsWith('/api/v1/chart/data'));
    const paint = performance.getEntriesByType('paint').find((entry) => entry.name === 'first-contentful-paint');
    return {
      html: nav ? nav.responseEnd : NaN,
      jsEvaluated: nav ? nav.domContentLoadedEventEnd : NaN,
      apiDone: Math.max(...reads.map((entry) => entry.responseEnd)),
      firstChartData: Math.min(...chartData.map((entry) => entry.startTime)),
      firstPaint: paint ? paint.startTime : NaN,
    };
  })()`);
  if (typeof result !== 'object' || result === null) throw new Error('unexpected timeline');
  const read = (name: keyof Timeline): number => {
    const value: unknown = (result as Record<string, unknown>)[name];
    return typeof value === 'number' ? value : Number.NaN;
  };
  return {
    html: read('html'),
    jsEvaluated: read('jsEvaluated'),
    apiDone: read('apiDone'),
    firstChartData: read('firstChartData'),
    firstPaint: read('firstPaint'),
  };
}

const isChartData = (request: Request): boolean =>
  request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/v1/chart/data');

/**
 * Resolves with the page's performance.now() (ms since navigation start) at the first moment at least
 * one holder intersects the viewport and every such holder is rendered; throws when one of them failed.
 * The check runs when a holder's data-chart-status changes (the only way the answer can turn true), plus
 * a slow fallback poll: polling every frame forced a layout per frame on the page's main thread while it
 * was busy drawing, and so slowed down what it measured.
 */
async function inViewRendered(page: Page): Promise<{ ms: number; inView: number }> {
  // A string, not a function: bench compiles without the DOM library.
  const probe = `new Promise((resolve) => {
    const check = () => {
      const inView = [...document.querySelectorAll('${HOLDER}')].filter((element) => {
        const box = element.getBoundingClientRect();
        return box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
      });
      const statuses = inView.map((element) => element.getAttribute('data-chart-status'));
      if (statuses.includes('failed')) return { failed: true, ms: 0, inView: inView.length };
      if (inView.length === 0 || statuses.some((status) => status !== 'rendered')) return false;
      return { failed: false, ms: performance.now(), inView: inView.length };
    };
    let observer = null;
    let fallback = 0;
    const attempt = () => {
      const result = check();
      if (result === false) return;
      observer?.disconnect();
      clearInterval(fallback);
      resolve(result);
    };
    observer = new MutationObserver(attempt);
    observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-chart-status'] });
    fallback = setInterval(attempt, 1000);
    setTimeout(() => resolve({ failed: true, ms: 0, inView: -1 }), 120000);
    attempt();
  })`;
  const result: unknown = await page.evaluate(probe);
  if (typeof result !== 'object' || result === null || !('failed' in result))
    throw new Error('unexpected probe result');
  if (result.failed === true) throw new Error('a chart in view failed to render (or none in 120 s)');
  const ms = 'ms' in result ? result.ms : undefined;
  const inView = 'inView' in result ? result.inView : undefined;
  if (typeof ms !== 'number' || typeof inView !== 'number') throw new Error('unexpected probe result');
  return { ms, inView };
}

/**
 * One visit in a fresh context (no browser cache), logged in by the browser login endpoint. With
 * `returning`, the dashboard is opened once first and the second navigation is measured: a user coming
 * back, whose browser has the app's files cached (and compiled) already.
 */
async function visit(
  browser: Browser,
  server: BenchServer,
  dashboardId: number,
  options: { bodies?: Set<string>; returning?: boolean; profileFile?: string } = {},
): Promise<Visit> {
  // bypassCSP lets the string probe below run: the app's CSP forbids eval, and bench has no DOM types.
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, bypassCSP: true });
  try {
    const login = await context.request.post(`${server.base}/login/`, {
      data: { username: 'admin', password: server.password },
    });
    if (!login.ok()) throw new Error(`browser login: ${String(login.status())}`);
    const page = await context.newPage();
    const url = `${server.base}/superset/dashboard/${String(dashboardId)}/`;
    if (options.returning === true) {
      await page.goto(url);
      await inViewRendered(page);
      await page.goto('about:blank');
    }
    let requests = 0;
    let chartData = 0;
    let inFlight = 0;
    let peakChartData = 0;
    const pending: Promise<number>[] = [];
    let firstChartDataAt = Number.NaN;
    page.on('request', (request) => {
      requests += 1;
      if (!isChartData(request)) return;
      if (chartData === 0) firstChartDataAt = performance.now();
      chartData += 1;
      inFlight += 1;
      peakChartData = Math.max(peakChartData, inFlight);
      const body = request.postData();
      if (options.bodies && body !== null) options.bodies.add(body);
    });
    const settle = (request: Request) => {
      if (isChartData(request)) inFlight -= 1;
    };
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    page.on('response', (response: Response) => {
      if (response.request().resourceType() !== 'script') return;
      // A script served from the browser cache has no body to fetch again: count what crossed the wire.
      if (response.fromServiceWorker() || response.status() === 304) return;
      pending.push(
        response
          .body()
          .then((body) => gzipSync(body, { level: 9 }).length)
          .catch(() => 0),
      );
    });
    const session = options.profileFile === undefined ? null : await context.newCDPSession(page);
    if (session !== null) {
      await session.send('Profiler.enable');
      await session.send('Profiler.setSamplingInterval', { interval: 200 });
      await session.send('Profiler.start');
    }
    const navigated = performance.now();
    await page.goto(url);
    const rendered = await inViewRendered(page);
    if (session !== null && options.profileFile !== undefined) {
      const { profile } = await session.send('Profiler.stop');
      writeFileSync(options.profileFile, JSON.stringify(profile));
    }
    const counted = { requests, chartData, peakChartData };
    const timeline = await timelineOf(page);
    const sizes = await Promise.all(pending);
    if (options.bodies) await collectAllBodies(page);
    return {
      ...rendered,
      ...counted,
      jsGzipBytes: sizes.reduce((sum, size) => sum + size, 0),
      jsFiles: sizes.length,
      firstChartDataMs: firstChartDataAt - navigated,
      timeline,
    };
  } finally {
    await context.close();
  }
}

/** Brings every chart of every tab into view so the page posts (and the server caches) all their queries. */
async function collectAllBodies(page: Page): Promise<void> {
  const tabs = page.locator('[data-test="dashboard-tab-title"]');
  const tabCount = Math.max(1, await tabs.count());
  for (let tab = 0; tab < tabCount; tab += 1) {
    if (tab > 0) await tabs.nth(tab).click();
    const holders = page.locator(`${HOLDER}:visible`);
    const count = await holders.count();
    for (let i = 0; i < count; i += 1) {
      const holder = holders.nth(i);
      await holder.scrollIntoViewIfNeeded();
      const chartId = await holder.getAttribute('data-test-chart-id');
      await page
        .locator(`${HOLDER}[data-test-chart-id="${String(chartId)}"][data-chart-status="rendered"]`)
        .waitFor({ timeout: 120_000 });
    }
  }
}

/** Wall time of `count` requests started together. */
async function parallel(
  count: number,
  request: (i: number) => Promise<globalThis.Response>,
): Promise<number> {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const response = await request(i);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`status ${String(response.status)}`);
    }),
  );
  return performance.now() - started;
}

const ratio = (value: number, base: number): string => (value / base).toFixed(2);

async function main(): Promise<void> {
  const server = await startBenchServer({
    port: PORT,
    name: 'dashboard',
    constants: {},
    startTimeoutMs: 120_000,
  });
  const browser = await launchBenchChromium();
  try {
    const token = await server.login();
    const ids = await datasetIds(server, token);
    const charts: number[] = [];
    for (let n = 0; n < FIRST_TAB + SECOND_TAB; n += 1) {
      const shape = SHAPES[n % SHAPES.length];
      if (shape === undefined) throw new Error('no chart shape');
      charts.push(await createChart(server, token, ids, shape, n));
    }
    const big = await createDashboard(server, token, 'Bench: 50 charts', [
      charts.slice(0, FIRST_TAB),
      charts.slice(FIRST_TAB),
    ]);
    const lineShape = SHAPES[2];
    if (lineShape === undefined) throw new Error('no line chart shape');
    const lonely = await createChart(server, token, ids, lineShape, 1000);
    const single = await createDashboard(server, token, 'Bench: one chart', [[lonely]]);
    // Opens the examples database once with a query no chart makes, so the first cold visit does not pay it.
    const birthNames = ids.get('birth_names');
    await json(
      await server.api('/api/v1/chart/data', token, {
        datasource: { id: birthNames, type: 'table' },
        queries: [{ metrics: [sql('COUNT(*)', 'warm-up')], columns: [], row_limit: 1 }],
      }),
    );

    const singleCold = await visit(browser, server, single);
    const bigCold = await visit(browser, server, big);
    const singleWarm = await visit(browser, server, single);
    const bodies = new Set<string>();
    // BENCH_CPU_PROFILE=<file>: this visit is also recorded as a Chrome CPU profile (open it in DevTools).
    const bigWarm = await visit(browser, server, big, { bodies, profileFile: process.env.BENCH_CPU_PROFILE });
    const singleReturning = await visit(browser, server, single, { returning: true });
    const bigReturning = await visit(browser, server, big, { returning: true });

    const payloads = [...bodies];
    if (payloads.length < PARALLEL)
      throw new Error(`captured ${String(payloads.length)} chart-data bodies, expected ${String(PARALLEL)}`);
    const chartRequest = (i: number) =>
      fetch(`${server.base}/api/v1/chart/data`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: payloads[i % payloads.length],
      });
    const check = await json<{ result: { is_cached: boolean }[] }>(await chartRequest(0));
    if (check.result[0]?.is_cached !== true) throw new Error('expected a cached chart-data answer');
    const healthRequest = () => fetch(`${server.base}/health`);
    await parallel(PARALLEL, chartRequest);
    await parallel(PARALLEL, healthRequest);
    const chartTimes: number[] = [];
    const healthTimes: number[] = [];
    for (let round = 0; round < SERVER_ROUNDS; round += 1) {
      chartTimes.push(await parallel(PARALLEL, chartRequest));
      healthTimes.push(await parallel(PARALLEL, healthRequest));
    }
    const chartWall = median(chartTimes);
    const healthWall = median(healthTimes);

    const row = (name: string, result: Visit, target: number | null, baseline: Visit) => ({
      visit: name,
      'to rendered (ms)': Math.round(result.ms),
      'vs 1 chart': ratio(result.ms, baseline.ms),
      target: target === null ? '' : `< ${String(target)} ms: ${result.ms < target ? 'met' : 'MISSED'}`,
      'first chart-data (ms)': Math.round(result.firstChartDataMs),
      'charts in view': result.inView,
      requests: result.requests,
      'chart-data': result.chartData,
      'peak chart-data': result.peakChartData,
      'JS gzip (KB)': (result.jsGzipBytes / 1024).toFixed(1),
      'JS files': result.jsFiles,
    });
    const [one, five, fifteen] = loadavg().map((load) => load.toFixed(2));
    console.log(`load average ${String(one)} ${String(five)} ${String(fifteen)}; viewport 1400x900`);
    console.table([
      row('1 chart, cold', singleCold, null, singleCold),
      row('50 charts, cold', bigCold, COLD_TARGET_MS, singleCold),
      row('1 chart, warm', singleWarm, null, singleWarm),
      row('50 charts, warm', bigWarm, WARM_TARGET_MS, singleWarm),
      row('1 chart, warm, returning browser', singleReturning, null, singleReturning),
      row('50 charts, warm, returning browser', bigReturning, WARM_TARGET_MS, singleReturning),
    ]);
    // The page's own clock, so Node's event loop and the CDP round trips stay out of it.
    const steps = (name: string, result: Visit) => ({
      visit: name,
      'HTML (ms)': Math.round(result.timeline.html),
      'JS evaluated': Math.round(result.timeline.jsEvaluated),
      'dashboard API done': Math.round(result.timeline.apiDone),
      'first chart-data': Math.round(result.timeline.firstChartData),
      'first paint': Math.round(result.timeline.firstPaint),
      'all in view rendered': Math.round(result.ms),
    });
    console.log('timeline, ms since navigation start (page clock)');
    console.table([
      steps('1 chart, cold', singleCold),
      steps('50 charts, cold', bigCold),
      steps('1 chart, warm', singleWarm),
      steps('50 charts, warm', bigWarm),
      steps('1 chart, warm, returning browser', singleReturning),
      steps('50 charts, warm, returning browser', bigReturning),
    ]);
    console.table([
      {
        measure: `${String(PARALLEL)} cached chart-data in parallel, median wall (ms)`,
        value: chartWall.toFixed(1),
      },
      {
        measure: `${String(PARALLEL)} GET /health in parallel, median wall (ms)`,
        value: healthWall.toFixed(1),
      },
      { measure: 'ratio chart-data / health', value: ratio(chartWall, healthWall) },
    ]);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
