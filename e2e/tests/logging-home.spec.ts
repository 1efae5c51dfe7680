import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page, type Request } from '@playwright/test';
import { createTabbedDashboard } from './dashboard-fixture';
import { chartStatus } from './explore-helpers';
import { logIn } from './login';

/** The metadata store of the server the run started (playwright.config.ts: a SQLite file in its data dir). */
const METADATA_FILE = path.join(import.meta.dirname, '..', '.artifacts', 'data', 'tessera.db');

interface LogRow {
  action: string;
  user_id: number | null;
  dashboard_id: number | null;
  slice_id: number | null;
  json: string | null;
  duration_ms: number | null;
}

/** The `logs` rows written since `afterId`, read straight from the metadata store. */
function logRowsAfter(afterId: number): LogRow[] {
  const db = new Database(METADATA_FILE, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        'SELECT action, user_id, dashboard_id, slice_id, json, duration_ms FROM logs WHERE id > ? ORDER BY id',
      )
      .all(afterId) as LogRow[];
  } finally {
    db.close();
  }
}

function lastLogId(): number {
  const db = new Database(METADATA_FILE, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT coalesce(max(id), 0) AS id FROM logs').get() as { id: number };
    return row.id;
  } finally {
    db.close();
  }
}

/** Browser events only (API calls are logged too, named <Api>.<method>). */
const eventRows = (rows: LogRow[]) => rows.filter((row) => !row.action.includes('.'));

/** Collects the page's posts to /superset/log/ with their content type: a beacon's FormData is multipart. */
function beacons(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/superset/log/')) seen.push(request);
  });
  return seen;
}

let suffix = '';
let big: number | undefined;
let table: number | undefined;
let dashboardId = 0;

test.beforeAll(async ({ request }) => {
  ({ suffix, big, table, dashboardId } = await createTabbedDashboard(request, 'lg', 'Logged'));
});

test('a dashboard, an Explore run and a SQL Lab query leave logs rows, the Action Log and the home page', async ({
  page,
}) => {
  test.slow();
  const since = lastLogId();
  await logIn(page);
  const sent = beacons(page);

  // Dashboard: open it (charts render), switch tabs.
  await page.goto(`/superset/dashboard/${String(dashboardId)}/`);
  const holder = (id: number | undefined) =>
    page.locator(`[data-test="dashboard-chart"][data-test-chart-id="${String(id)}"]`);
  await expect(holder(big)).toHaveAttribute('data-chart-status', 'rendered');
  await page.getByTestId('dashboard-tab-title').filter({ hasText: 'Names' }).click();
  await expect(holder(table)).toHaveAttribute('data-chart-status', 'rendered');

  // Explore: open the big number chart and run it again.
  await page.goto(`/explore/?slice_id=${String(big)}`);
  await expect(chartStatus(page)).toHaveAttribute('data-chart-status', 'rendered');
  await page.getByTestId('run-query-button').click();
  await expect(chartStatus(page)).toHaveAttribute('data-chart-status', 'rendered');

  // SQL Lab: run a query on examples.
  await page.getByTestId('nav-sqllab').click();
  await expect(page.getByTestId('sqllab-editor')).toBeVisible();
  await page.getByTestId('sqllab-database-select').click();
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"])')
    .getByTitle('examples', { exact: true })
    .click();
  await page.getByTestId('sqllab-editor').locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText('SELECT name FROM birth_names LIMIT 3');
  await page.getByTestId('sqllab-run').click();
  await expect(page.getByTestId('sqllab-status')).toContainText(/success/i);

  // The last batch leaves after a second of quiet.
  await expect
    .poll(() => eventRows(logRowsAfter(since)).some((row) => row.action === 'sqllab_run_query'))
    .toBe(true);
  expect(sent.length).toBeGreaterThan(0);
  // Real beacons: navigator.sendBeacon posts the FormData as multipart.
  for (const request of sent) expect(request.headers()['content-type']).toMatch(/^multipart\/form-data/);

  const rows = eventRows(logRowsAfter(since));
  const one = (action: string, match: Partial<LogRow> = {}) =>
    rows.find(
      (row) =>
        row.action === action &&
        Object.entries(match).every(([key, value]) => row[key as keyof LogRow] === value),
    );
  const mount = one('mount_dashboard', { dashboard_id: dashboardId });
  expect(mount?.user_id).not.toBeNull();
  const mountEvent = JSON.parse(mount?.json ?? '{}') as Record<string, unknown>;
  expect(mountEvent).toMatchObject({
    source: 'dashboard',
    source_id: dashboardId,
    version: 'v2',
    event_type: 'user',
  });
  const render = one('render_chart', { dashboard_id: dashboardId, slice_id: big ?? -1 });
  expect(render?.duration_ms).toBeGreaterThanOrEqual(0);
  // A timing event names the user event before it.
  expect(JSON.parse(render?.json ?? '{}')).toMatchObject({
    event_type: 'timing',
    trigger_event: mountEvent.event_id,
  });
  expect(one('select_dashboard_tab', { dashboard_id: dashboardId })).toBeDefined();
  expect(one('load_dashboard', { dashboard_id: dashboardId })).toBeDefined();
  expect(one('mount_explorer', { slice_id: big ?? -1 })).toBeDefined();
  expect(
    rows.filter((row) => row.action === 'load_chart' && row.slice_id === big).length,
  ).toBeGreaterThanOrEqual(2);
  expect(one('render_chart', { slice_id: big ?? -1, dashboard_id: null })).toBeDefined();
  const run = one('sqllab_run_query');
  expect(JSON.parse(run?.json ?? '{}')).toMatchObject({
    source: 'sqlLab',
    schema: expect.any(String),
  });
  expect(JSON.parse(run?.json ?? '{}')).toHaveProperty('db_id');

  // The Action Log, from the Settings menu, lists them.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-action-log').click();
  await expect(page).toHaveURL(/\/actionlog\/list\/$/);
  await page.getByTestId('action-log-search').locator('input').fill('mount_dashboard');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('action-log-action').first()).toHaveText('mount_dashboard');
  await expect(page.getByTestId('action-log-dashboard').first()).toHaveText(String(dashboardId));
  await page.screenshot({ path: test.info().outputPath('action-log.png'), fullPage: true });

  // Home: the recents name the chart and the dashboard, newest first.
  await page.goto('/superset/welcome/');
  const recents = page.getByTestId('home-recents-list-link');
  await expect(recents.first()).toHaveText(`lg big ${suffix}`);
  await expect(recents.nth(1)).toHaveText(`Logged ${suffix}`);
  await expect(page.getByTestId('home-dashboards')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('home-light.png'), fullPage: true });
  await page.getByTestId('theme-toggle').click();
  await expect(page.getByTestId('home-recents')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('home-dark.png'), fullPage: true });
  await page.getByTestId('theme-toggle').click();
  await recents.nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/superset/dashboard/${String(dashboardId)}/$`));
});
