/**
 * Web bundle benchmark (issue #16 item 2): the gzipped JavaScript each route downloads before it is
 * interactive, in Debian's Chromium, against a budget of 300 KB per route. Each route is opened in a new
 * browser context (empty cache) on a fresh server with the examples: the login page signed out, every
 * other route signed in. "Interactive" is the route's own content on screen — its page element, SQL Lab's
 * editor, Explore's chart painted, every chart in view on the dashboard painted — and then no request for
 * half a second (network idle), so code the page fetches right after first paint counts too.
 * The tags page is left out: it exists only with the TAGGING_SYSTEM flag, off by default.
 * Run: npm run build && npx tsx bench/web-bundle.ts   (BENCH_VERBOSE=1 lists each route's files,
 * BENCH_ONLY=<text> measures the routes whose name contains it)
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from '@playwright/test';
import { launchBenchChromium } from './bench-browser';
import { json, startBenchServer, type BenchServer } from './bench-server';

const BUDGET_BYTES = 300 * 1024;
const PORT = Number(process.env.BENCH_PORT ?? 18_188);
const VERBOSE = process.env.BENCH_VERBOSE === '1';
/** BENCH_ONLY=<text> measures only the routes whose name contains it. */
const ONLY = process.env.BENCH_ONLY;

interface Route {
  name: string;
  path: string;
  /** What must be on screen before the route counts as interactive. */
  ready: string;
  signedIn: boolean;
}

/** Gzipped size of each distinct script the page downloaded while `action` ran, by path. */
async function scriptBytes(page: Page, action: () => Promise<void>): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const listener = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .body()
        .then((body) => {
          sizes.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
        })
        .catch(() => undefined),
    );
  };
  page.on('response', listener);
  await action();
  page.off('response', listener);
  await Promise.all(pending);
  return sizes;
}

const total = (sizes: Map<string, number>): number =>
  [...sizes.values()].reduce((sum, size) => sum + size, 0);

const sql = (expression: string, label: string) => ({
  expressionType: 'SQL',
  sqlExpression: expression,
  label,
});

/** Charts of the kinds a dashboard usually mixes, over birth_names; answers their ids. */
async function createCharts(server: BenchServer, token: string): Promise<number[]> {
  const listed = await json<{ result: { id: number; table_name: string }[] }>(
    await server.api('/api/v1/dataset/?q=(page_size:100)', token),
  );
  const dataset = listed.result.find((row) => row.table_name === 'birth_names');
  if (dataset === undefined) throw new Error('no birth_names example dataset');
  const shapes: Record<string, unknown>[] = [
    {
      viz_type: 'echarts_timeseries_line',
      x_axis: 'ds',
      time_grain_sqla: 'P1Y',
      metrics: [sql('SUM(num)', 'babies')],
      groupby: ['gender'],
    },
    { viz_type: 'big_number_total', metric: sql('SUM(num)', 'babies') },
    { viz_type: 'pie', metric: sql('SUM(num)', 'babies'), groupby: ['gender'] },
    {
      viz_type: 'echarts_timeseries_bar',
      x_axis: 'ds',
      time_grain_sqla: 'P1Y',
      metrics: [sql('COUNT(*)', 'rows')],
      groupby: [],
    },
    { viz_type: 'table', query_mode: 'raw', all_columns: ['name', 'state', 'num'], row_limit: 50 },
  ];
  const ids: number[] = [];
  for (const [n, params] of shapes.entries()) {
    const response = await server.api('/api/v1/chart/', token, {
      slice_name: `bundle ${String(n)} ${String(params.viz_type)}`,
      viz_type: params.viz_type,
      datasource_id: dataset.id,
      datasource_type: 'table',
      params: JSON.stringify({ ...params, datasource: `${String(dataset.id)}__table` }),
    });
    ids.push((await json<{ id: number }>(response)).id);
  }
  return ids;
}

/** A dashboard of `charts` in rows of three. */
async function createDashboard(server: BenchServer, token: string, charts: number[]): Promise<number> {
  const items: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  };
  const rows: string[] = [];
  for (let start = 0; start < charts.length; start += 3) {
    const rowId = `ROW-${String(start / 3)}`;
    items[rowId] = {
      id: rowId,
      type: 'ROW',
      children: charts.slice(start, start + 3).map((chartId) => {
        const id = `CHART-${String(chartId)}`;
        items[id] = { id, type: 'CHART', children: [], meta: { chartId, width: 4, height: 50 } };
        return id;
      }),
    };
    rows.push(rowId);
  }
  items.GRID_ID = { id: 'GRID_ID', type: 'GRID', children: rows };
  const response = await server.api('/api/v1/dashboard/', token, {
    dashboard_title: 'Bundle bench',
    position_json: JSON.stringify(items),
  });
  return (await json<{ id: number }>(response)).id;
}

/** Every chart holder in the viewport has painted (and there is at least one). */
const IN_VIEW_RENDERED = `(() => {
  const inView = [...document.querySelectorAll('[data-test="dashboard-chart"]')].filter((element) => {
    const box = element.getBoundingClientRect();
    return box.bottom > 0 && box.top < innerHeight;
  });
  return inView.length > 0 && inView.every((element) => element.getAttribute('data-chart-status') === 'rendered');
})()`;

async function measure(browser: Browser, server: BenchServer, route: Route): Promise<Map<string, number>> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, bypassCSP: true });
  try {
    if (route.signedIn) {
      const login = await context.request.post(`${server.base}/login/`, {
        data: { username: 'admin', password: server.password },
      });
      if (!login.ok()) throw new Error(`browser login: ${String(login.status())}`);
    }
    const page = await context.newPage();
    return await scriptBytes(page, async () => {
      await page.goto(`${server.base}${route.path}`);
      if (route.ready === 'dashboard')
        await page.waitForFunction(IN_VIEW_RENDERED, null, { timeout: 120_000 });
      else await page.locator(route.ready).first().waitFor({ timeout: 120_000 });
      await page.waitForLoadState('networkidle');
    });
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const server = await startBenchServer({
    port: PORT,
    name: 'web-bundle',
    constants: {},
    startTimeoutMs: 120_000,
  });
  const browser = await launchBenchChromium();
  try {
    const token = await server.login();
    const charts = await createCharts(server, token);
    const dashboard = await createDashboard(server, token, charts);
    const page = (name: string, path: string, ready: string): Route => ({
      name,
      path,
      ready,
      signedIn: true,
    });
    const list = (name: string, path: string, testId: string) => page(name, path, `[data-test="${testId}"]`);
    const routes: Route[] = [
      { name: 'login', path: '/login/', ready: '[data-test="login-page"]', signedIn: false },
      list('home', '/superset/welcome/', 'home-page'),
      list('Databases list', '/databaseview/list/', 'database-list-page'),
      list('Datasets list', '/tablemodelview/list/', 'dataset-list-page'),
      list('Charts list', '/chart/list/', 'chart-list-page'),
      list('Dashboards list', '/dashboard/list/', 'dashboard-list-page'),
      list('Saved queries list', '/savedqueryview/list/', 'savedquery-list-page'),
      list('Query history list', '/sqlhistory/list/', 'query-history-page'),
      list('Alerts list', '/alert/list/', 'report-list-page'),
      list('Reports list', '/report/list/', 'report-list-page'),
      list('Users list', '/users/list/', 'user-list-page'),
      list('Roles list', '/roles/list/', 'role-list-page'),
      list('Row level security list', '/rowlevelsecurity/list/', 'rls-list-page'),
      list('Action log list', '/actionlog/list/', 'action-log-page'),
      page('SQL Lab', '/sqllab/', '[data-test="sqllab-editor"] .cm-content'),
      page(
        'Explore',
        `/explore/?slice_id=${String(charts[0])}`,
        '[data-test="chart-container"][data-chart-status="rendered"]',
      ),
      page('Dashboard (5 charts)', `/superset/dashboard/${String(dashboard)}/`, 'dashboard'),
    ];
    let failed = 0;
    const chosen = routes.filter((route) => ONLY === undefined || route.name.includes(ONLY));
    for (const route of chosen) {
      let sizes: Map<string, number>;
      try {
        sizes = await measure(browser, server, route);
      } catch (error) {
        failed += 1;
        process.stdout.write(
          `${route.name.padEnd(26)} did not become interactive: ${String(error).split('\n')[0] ?? ''}\n`,
        );
        continue;
      }
      const bytes = total(sizes);
      const pass = bytes <= BUDGET_BYTES;
      if (!pass) failed += 1;
      process.stdout.write(
        `${route.name.padEnd(26)} ${(bytes / 1024).toFixed(1).padStart(7)} KB gzip JS in ${String(sizes.size).padStart(2)} files  ${(bytes / BUDGET_BYTES).toFixed(2)}x the 300 KB budget  ${pass ? 'PASS' : 'FAIL'}\n`,
      );
      if (VERBOSE)
        for (const [file, size] of [...sizes].sort((a, b) => b[1] - a[1]))
          process.stdout.write(`    ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}\n`);
    }
    process.stdout.write(
      `${String(chosen.length - failed)} of ${String(chosen.length)} routes within budget\n`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
