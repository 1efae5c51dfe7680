/**
 * The dashboard page's request waterfall (issue #12), a breakdown that stays readable on a loaded machine:
 * every request the page starts before its first chart-data POST, with start and end in ms since
 * navigation, the number of sequential steps (a request started after another one ended is one step
 * later), the JS files and bytes (gzip) the route loads, and how much of that JS ran (page.coverage).
 * Opens a three-chart dashboard twice in fresh contexts (the second is warm on the server) and prints the
 * second. Run: npm run build && BENCH_PORT=18302 npx tsx bench/dashboard-waterfall.ts
 */
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import type { Browser, Request } from '@playwright/test';
import { launchBenchChromium } from './bench-browser';
import { json, startBenchServer, type BenchServer } from './bench-server';

const PORT = Number(process.env.BENCH_PORT ?? 18_192);
const HOLDER = '[data-test="dashboard-chart"]';

interface Row {
  start: number;
  end: number;
  kind: string;
  what: string;
}

const isChartData = (request: Request): boolean =>
  request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/v1/chart/data');

async function setUp(server: BenchServer, token: string): Promise<number> {
  const listed = await json<{ result: { id: number; table_name: string }[] }>(
    await server.api('/api/v1/dataset/?q=(page_size:100)', token),
  );
  const birthNames = listed.result.find((dataset) => dataset.table_name === 'birth_names')?.id;
  if (birthNames === undefined) throw new Error('no birth_names example');
  const metric = { expressionType: 'SQL', sqlExpression: 'SUM(num)', label: 'babies' };
  const shapes = [
    { viz_type: 'big_number_total', metric },
    { viz_type: 'pie', metric, groupby: ['gender'] },
    { viz_type: 'echarts_timeseries_line', x_axis: 'ds', time_grain_sqla: 'P1Y', metrics: [metric] },
  ];
  const ids: number[] = [];
  for (const params of shapes) {
    const response = await server.api('/api/v1/chart/', token, {
      slice_name: `waterfall ${params.viz_type}`,
      viz_type: params.viz_type,
      datasource_id: birthNames,
      datasource_type: 'table',
      params: JSON.stringify({ ...params, datasource: `${String(birthNames)}__table` }),
    });
    ids.push((await json<{ id: number }>(response)).id);
  }
  const position: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'] },
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: ids.map((id) => `CHART-${String(id)}`) },
  };
  for (const chartId of ids)
    position[`CHART-${String(chartId)}`] = {
      id: `CHART-${String(chartId)}`,
      type: 'CHART',
      children: [],
      meta: { chartId, width: 4, height: 50 },
    };
  const response = await server.api('/api/v1/dashboard/', token, {
    dashboard_title: 'Waterfall',
    position_json: JSON.stringify(position),
  });
  return (await json<{ id: number }>(response)).id;
}

async function open(browser: Browser, server: BenchServer, dashboardId: number, print: boolean) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const login = await context.request.post(`${server.base}/login/`, {
      data: { username: 'admin', password: server.password },
    });
    if (!login.ok()) throw new Error(`browser login: ${String(login.status())}`);
    const page = await context.newPage();
    await page.coverage.startJSCoverage();
    const rows = new Map<Request, Row>();
    let firstChartData = Number.POSITIVE_INFINITY;
    let navigated = 0;
    page.on('request', (request) => {
      const at = performance.now() - navigated;
      if (isChartData(request)) firstChartData = Math.min(firstChartData, at);
      const url = new URL(request.url());
      rows.set(request, {
        start: at,
        end: Number.NaN,
        kind: request.resourceType(),
        what: `${request.method()} ${url.pathname}${url.search}`.slice(0, 90),
      });
    });
    const ended = (request: Request) => {
      const row = rows.get(request);
      if (row) row.end = performance.now() - navigated;
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    const sizes: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      sizes.push(
        response
          .body()
          .then((body) => gzipSync(body, { level: 9 }).length)
          .catch(() => 0),
      );
    });
    navigated = performance.now();
    await page.goto(`${server.base}/superset/dashboard/${String(dashboardId)}/`);
    await page.locator(`${HOLDER}[data-chart-status="rendered"]`).nth(2).waitFor({ timeout: 120_000 });
    const renderedAt = performance.now() - navigated;
    const coverage = await page.coverage.stopJSCoverage();
    if (!print) return;
    const early = [...rows.values()]
      .filter((row) => row.start <= firstChartData)
      .sort((a, b) => a.start - b.start);
    // Steps: a request's step is one more than the latest step of the requests that ended before it began.
    const steps: number[] = [];
    early.forEach((row, i) => {
      let step = 1;
      for (let j = 0; j < i; j += 1) {
        const before = early[j];
        if (before && before.end <= row.start) step = Math.max(step, (steps[j] ?? 0) + 1);
      }
      steps.push(step);
    });
    console.table(
      early.map((row, i) => ({
        step: steps[i],
        start: Math.round(row.start),
        end: Math.round(row.end),
        kind: row.kind,
        request: row.what,
      })),
    );
    let total = 0;
    let used = 0;
    for (const entry of coverage) {
      const source = entry.source ?? '';
      total += source.length;
      const ranges = entry.functions.flatMap((fn) => fn.ranges);
      // Block coverage: the outermost ranges with a count say what ran; nested zero ranges did not.
      const ran = new Uint8Array(source.length);
      for (const range of ranges.filter((r) => r.count > 0)) ran.fill(1, range.startOffset, range.endOffset);
      for (const range of ranges.filter((r) => r.count === 0))
        ran.fill(0, range.startOffset, range.endOffset);
      used += ran.reduce((sum, bit) => sum + bit, 0);
    }
    const gzip = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
    const [one, five] = loadavg().map((load) => load.toFixed(2));
    console.log(`load average ${String(one)} ${String(five)}`);
    console.table([
      { measure: 'sequential steps up to the first chart-data POST', value: Math.max(...steps) },
      { measure: 'requests before the first chart-data POST', value: early.length },
      { measure: 'first chart-data POST (ms)', value: Math.round(firstChartData) },
      { measure: 'three charts rendered (ms)', value: Math.round(renderedAt) },
      { measure: 'JS files', value: sizes.length },
      { measure: 'JS gzip (KB)', value: (gzip / 1024).toFixed(1) },
      { measure: 'JS source (KB)', value: (total / 1024).toFixed(0) },
      { measure: 'JS that ran (%)', value: ((100 * used) / Math.max(1, total)).toFixed(0) },
    ]);
  } finally {
    await context.close();
  }
}

const server = await startBenchServer({
  port: PORT,
  name: 'waterfall',
  constants: {},
  startTimeoutMs: 120_000,
});
const browser = await launchBenchChromium();
try {
  const token = await server.login();
  const dashboardId = await setUp(server, token);
  await open(browser, server, dashboardId, false);
  await open(browser, server, dashboardId, true);
} finally {
  await browser.close();
  await server.stop();
}
