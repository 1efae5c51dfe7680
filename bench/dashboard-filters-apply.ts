/**
 * Part 1 of bench/dashboard-filters.ts: applying one native filter on a 20-chart dashboard over the
 * examples' birth_names, in Debian's Chromium. A Gender select filter scoped to every chart; the value is
 * picked in the filter bar (not timed), then the Apply click is timed to the moment every one of the 20
 * chart holders has left data-chart-status="rendered" and come back to it (painted with the new data).
 * Warm cache: 'boy' and 'girl' are each applied once first, so every measured apply is answered by the
 * server's result cache; the measured applies alternate between them. The baseline of the same run is one
 * chart's "Force refresh" from its menu (click → that chart rendered again; its query runs on the engine).
 * Each apply also reports, from the page's resource timings, when its first chart-data request started
 * and its last one ended, and how many of the answers were cached.
 */
import { writeFileSync } from 'node:fs';
import type { Browser, Page, Response } from '@playwright/test';
import { json, median, type BenchServer } from './bench-server';

const CHARTS = 20;
const ROUNDS = 5;
const HOLDER = '[data-test="dashboard-chart"]';

type Params = Record<string, unknown>;
const sql = (expression: string, label: string) => ({
  expressionType: 'SQL',
  sqlExpression: expression,
  label,
});

/** Chart shapes over birth_names; the dashboard cycles through them. */
const SHAPES: Params[] = [
  { viz_type: 'big_number_total', metric: sql('SUM(num)', 'babies') },
  { viz_type: 'pie', metric: sql('SUM(num)', 'babies'), groupby: ['state'] },
  {
    viz_type: 'echarts_timeseries_line',
    x_axis: 'ds',
    time_grain_sqla: 'P1Y',
    metrics: [sql('SUM(num)', 'babies')],
    groupby: ['gender'],
  },
  {
    viz_type: 'echarts_timeseries_bar',
    x_axis: 'ds',
    time_grain_sqla: 'P1Y',
    metrics: [sql('COUNT(*)', 'rows')],
    groupby: [],
  },
  { viz_type: 'table', query_mode: 'raw', all_columns: ['name', 'state', 'num'], row_limit: 50 },
  {
    viz_type: 'table',
    query_mode: 'aggregate',
    groupby: ['state'],
    metrics: [sql('SUM(num)', 'babies')],
    row_limit: 100,
  },
];

/** 20 charts in rows of four, all in view, and a Gender filter whose scope is the whole dashboard. */
async function createDashboard(
  server: BenchServer,
  token: string,
): Promise<{ id: number; charts: number[] }> {
  const listed = await json<{ result: { id: number; table_name: string }[] }>(
    await server.api('/api/v1/dataset/?q=(page_size:100)', token),
  );
  const datasetId = listed.result.find((dataset) => dataset.table_name === 'birth_names')?.id;
  if (datasetId === undefined) throw new Error('no birth_names example');
  const charts: number[] = [];
  for (let n = 0; n < CHARTS; n += 1) {
    const params = SHAPES[n % SHAPES.length] ?? {};
    const response = await server.api('/api/v1/chart/', token, {
      slice_name: `filter bench ${String(n)} ${String(params.viz_type)}`,
      viz_type: params.viz_type,
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify({
        ...params,
        datasource: `${String(datasetId)}__table`,
        // An always-true filter of its own, so no two charts share a cached answer.
        adhoc_filters: [
          { expressionType: 'SQL', clause: 'WHERE', sqlExpression: `${String(n)} = ${String(n)}` },
        ],
      }),
    });
    charts.push((await json<{ id: number }>(response)).id);
  }
  const position: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  };
  const rows: string[] = [];
  for (let start = 0; start < charts.length; start += 4) {
    const rowId = `ROW-${String(start / 4)}`;
    const children = charts.slice(start, start + 4).map((chartId) => {
      const id = `CHART-${String(chartId)}`;
      position[id] = { id, type: 'CHART', children: [], meta: { chartId, width: 3, height: 36 } };
      return id;
    });
    position[rowId] = { id: rowId, type: 'ROW', children };
    rows.push(rowId);
  }
  position.GRID_ID = { id: 'GRID_ID', type: 'GRID', children: rows };
  const filter = {
    id: 'NATIVE_FILTER-gender',
    type: 'NATIVE_FILTER',
    name: 'Gender',
    filterType: 'filter_select',
    targets: [{ datasetId, column: { name: 'gender' } }],
    controlValues: { multiSelect: true },
    cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
  };
  const response = await server.api('/api/v1/dashboard/', token, {
    dashboard_title: 'Bench: one filter, 20 charts',
    position_json: JSON.stringify(position),
    json_metadata: JSON.stringify({ native_filter_configuration: [filter] }),
  });
  return { id: (await json<{ id: number }>(response)).id, charts };
}

/**
 * Arms the page: the next click starts the clock, which stops when each holder of `chartIds` has changed
 * data-chart-status and reads "rendered" again. A string, not a function: bench compiles without the DOM
 * library. The mutation records carry the old value, so a holder that went loading → rendered between
 * two callbacks still counts as repainted.
 */
function armProbe(chartIds: number[]): string {
  return `(() => {
    const wanted = new Set(${JSON.stringify(chartIds.map(String))});
    const left = new Set();
    const back = new Map();
    let start = null;
    performance.clearResourceTimings();
    document.addEventListener('click', (event) => { if (start === null) start = event.timeStamp; }, { capture: true });
    window.__repaint = new Promise((resolve) => {
      const status = (id) =>
        document.querySelector('${HOLDER}[data-test-chart-id="' + id + '"]')?.getAttribute('data-chart-status');
      const observer = new MutationObserver((records) => {
        for (const record of records) {
          const id = record.target.getAttribute('data-test-chart-id');
          if (id !== null && wanted.has(id) && start !== null) left.add(id);
        }
        for (const id of left) if (!back.has(id) && status(id) === 'rendered') back.set(id, performance.now());
        for (const id of wanted) if (status(id) === 'failed') resolve({ failed: 'chart ' + id + ' failed' });
        if (back.size < wanted.size) return;
        observer.disconnect();
        const requests = performance.getEntriesByType('resource')
          .filter((entry) => entry.name.includes('/api/v1/chart/data') && entry.startTime >= start);
        resolve({
          ms: Math.max(...back.values()) - start,
          firstRequest: requests.length ? Math.min(...requests.map((entry) => entry.startTime)) - start : -1,
          lastResponse: requests.length ? Math.max(...requests.map((entry) => entry.responseEnd)) - start : -1,
          requests: requests.length,
        });
      });
      observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-chart-status'], attributeOldValue: true });
      setTimeout(() => resolve({ failed: 'no repaint in 120 s' }), 120000);
    });
  })()`;
}

interface Repaint {
  ms: number;
  firstRequest: number;
  lastResponse: number;
  requests: number;
  /** Chart-data answers of this round that said is_cached. */
  cached: number;
}

/** Arms the probe, runs `click`, and waits for the repaint of `chartIds`. */
async function timeRepaint(page: Page, chartIds: number[], click: () => Promise<void>): Promise<Repaint> {
  let cached = 0;
  const counting = (response: Response) => {
    if (!response.url().includes('/api/v1/chart/data')) return;
    void response
      .json()
      .then((body: unknown) => {
        const result: unknown =
          typeof body === 'object' && body !== null ? Reflect.get(body, 'result') : null;
        if (
          Array.isArray(result) &&
          result.every(
            (item: unknown) =>
              typeof item === 'object' && item !== null && Reflect.get(item, 'is_cached') === true,
          )
        )
          cached += 1;
      })
      .catch(() => undefined);
  };
  page.on('response', counting);
  try {
    await page.evaluate(armProbe(chartIds));
    await click();
    const result: unknown = await page.evaluate('window.__repaint');
    if (typeof result !== 'object' || result === null) throw new Error('unexpected probe result');
    const failed: unknown = Reflect.get(result, 'failed');
    if (typeof failed === 'string') throw new Error(failed);
    const number = (key: string): number => {
      const value: unknown = Reflect.get(result, key);
      if (typeof value !== 'number') throw new Error(`probe result without ${key}`);
      return value;
    };
    // Let the last response bodies be read before counting them.
    await page.waitForTimeout(50);
    return {
      ms: number('ms'),
      firstRequest: number('firstRequest'),
      lastResponse: number('lastResponse'),
      requests: number('requests'),
      cached,
    };
  } finally {
    page.off('response', counting);
  }
}

const genderSelect = (page: Page) =>
  page.locator('[data-test="filter-control"][data-filter-name="Gender"] [data-test="filter-select"]');

/** Picks `value` (dropping `previous`) in the Gender select; the Apply click is left to the caller. */
async function pick(page: Page, value: string, previous: string | null): Promise<void> {
  await genderSelect(page).click();
  const option = (title: string) =>
    page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`);
  await option(value).waitFor({ timeout: 60_000 });
  if (previous !== null) await option(previous).click();
  await option(value).click();
  await page.keyboard.press('Escape');
  await page.locator('[data-test="filter-bar-apply"]:enabled').waitFor({ timeout: 30_000 });
}

async function apply(page: Page, charts: number[], value: string, previous: string | null): Promise<Repaint> {
  await pick(page, value, previous);
  return timeRepaint(page, charts, () => page.locator('[data-test="filter-bar-apply"]').click());
}

async function forceRefresh(page: Page, chartId: number): Promise<Repaint> {
  const holder = page.locator(`${HOLDER}[data-test-chart-id="${String(chartId)}"]`);
  await holder.locator('[data-test="chart-menu-trigger"]').click();
  const item = page.locator('[data-test="chart-menu-force-refresh"]:visible');
  await item.waitFor({ timeout: 30_000 });
  return timeRepaint(page, [chartId], () => item.click());
}

export interface ApplyFigures {
  applies: Repaint[];
  refreshes: Repaint[];
  charts: number;
}

export async function benchFilterApply(
  browser: Browser,
  server: BenchServer,
  token: string,
): Promise<ApplyFigures> {
  const dashboard = await createDashboard(server, token);
  // bypassCSP lets the string probe run: the app's CSP forbids eval.
  const context = await browser.newContext({ viewport: { width: 1600, height: 2000 }, bypassCSP: true });
  try {
    const login = await context.request.post(`${server.base}/login/`, {
      data: { username: 'admin', password: server.password },
    });
    if (!login.ok()) throw new Error(`browser login: ${String(login.status())}`);
    const page = await context.newPage();
    await page.goto(`${server.base}/superset/dashboard/${String(dashboard.id)}/`);
    for (const chartId of dashboard.charts)
      await page
        .locator(`${HOLDER}[data-test-chart-id="${String(chartId)}"][data-chart-status="rendered"]`)
        .waitFor({ timeout: 120_000 });
    // Warm-up: both values once, so the measured applies are answered from the server's cache.
    await apply(page, dashboard.charts, 'boy', null);
    await apply(page, dashboard.charts, 'girl', 'boy');
    const applies: Repaint[] = [];
    let current = 'girl';
    // BENCH_CPU_PROFILE=<file>: the last measured apply is also recorded as a Chrome CPU profile there.
    const profileFile = process.env.BENCH_CPU_PROFILE;
    const session = profileFile ? await context.newCDPSession(page) : null;
    for (let round = 0; round < ROUNDS; round += 1) {
      const next = current === 'girl' ? 'boy' : 'girl';
      const profiled = session !== null && round === ROUNDS - 1;
      if (profiled) {
        await session.send('Profiler.enable');
        await session.send('Profiler.start');
      }
      applies.push(await apply(page, dashboard.charts, next, current));
      if (profiled && profileFile) {
        const { profile } = await session.send('Profiler.stop');
        writeFileSync(profileFile, JSON.stringify(profile));
      }
      current = next;
    }
    const refreshes: Repaint[] = [];
    const lonely = dashboard.charts[0];
    if (lonely === undefined) throw new Error('no chart');
    for (let round = 0; round < ROUNDS; round += 1) refreshes.push(await forceRefresh(page, lonely));
    return { applies, refreshes, charts: dashboard.charts.length };
  } finally {
    await context.close();
  }
}

/** The median of each field of the rounds. */
export function medianRepaint(rounds: Repaint[]): Repaint {
  const of = (key: keyof Repaint) => median(rounds.map((round) => round[key]));
  return {
    ms: of('ms'),
    firstRequest: of('firstRequest'),
    lastResponse: of('lastResponse'),
    requests: of('requests'),
    cached: of('cached'),
  };
}
