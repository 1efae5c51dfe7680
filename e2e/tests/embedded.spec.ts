import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { E2E_ADMIN_PASSWORD } from './credentials';
import { TesseraProcess } from './tessera-process';

/**
 * Issue #15 acceptance (embedding): a page on another local origin embeds a Tessera dashboard with the
 * published @superset-ui/embedded-sdk and a guest token its own small server fetched; the charts
 * render, an rls clause `state = 'CA'` leaves only CA rows, a page on an origin not allowed cannot frame
 * it, and the guest token reaches nothing but that dashboard. Tessera runs with EMBEDDED_SUPERSET on in
 * a process of its own; the host servers run in this test process.
 */
const base = Number(process.env.E2E_PORT ?? 18_420);
const TESSERA_PORT = base + 1;
const HOST_PORT = base + 11;
const OTHER_HOST_PORT = base + 12;
const HOST_ORIGIN = `http://127.0.0.1:${String(HOST_PORT)}`;

const tessera = new TesseraProcess(TESSERA_PORT, 'embedded', { feature_flags: { EMBEDDED_SUPERSET: true } });
const hosts: Server[] = [];
let admin = '';
let embeddedUuid = '';
let otherDashboardId = 0;
let boardId = 0;
let chartId = 0;

async function api(method: string, url: string, body?: unknown, token = admin): Promise<Response> {
  return fetch(`${tessera.baseURL}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token === '' ? {} : { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** The host app's backend: asks Tessera for a guest token as the admin, as a real host would. */
async function fetchGuestToken(rls: { clause: string }[]): Promise<string> {
  const { token } = await json<{ token: string }>(
    await api('POST', '/api/v1/security/guest_token/', {
      user: { username: 'host-viewer', first_name: 'Host', last_name: 'Viewer' },
      resources: [{ type: 'dashboard', id: embeddedUuid }],
      rls,
    }),
  );
  return token;
}

/** A host page that embeds the dashboard with the SDK (bundled for the browser by esbuild). */
function hostPage(sdk: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Host app</title>
<style>#mount iframe{width:1200px;height:900px;border:0}</style></head>
<body><h1>Host app</h1><div id="mount"></div>
<script>${sdk}</script>
<script>
  window.hostReady = supersetEmbeddedSdk.embedDashboard({
    id: ${JSON.stringify('__UUID__')},
    supersetDomain: ${JSON.stringify(`http://127.0.0.1:${String(TESSERA_PORT)}`)},
    mountPoint: document.getElementById('mount'),
    fetchGuestToken: () => fetch('/guest-token').then((r) => r.json()).then((b) => b.token),
    dashboardUiConfig: { hideTitle: false, hideChartControls: true, filters: { expanded: false } },
    // A page of the host's own for a permalink once the test asks for one; the default URL otherwise.
    resolvePermalinkUrl: ({ key }) => (window.ownLinks ? location.origin + '/shared/' + key : null),
  }).then((dashboard) => { window.hostEmbedded = true; window.embedded = dashboard; });
</script></body></html>`;
}

async function startHost(port: number, sdk: string): Promise<void> {
  const server = createServer((request, response) => {
    if (request.url === '/guest-token') {
      fetchGuestToken([{ clause: "state = 'CA'" }]).then(
        (token) =>
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token })),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(hostPage(sdk).replace('__UUID__', embeddedUuid));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  hosts.push(server);
}

const embeddedFrame = (page: Page) => page.frameLocator('#mount iframe');

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await tessera.start();
  admin = (
    await json<{ access_token: string }>(
      await api('POST', '/api/v1/security/login', {
        username: 'admin',
        password: E2E_ADMIN_PASSWORD,
        provider: 'db',
      }),
    )
  ).access_token;
  const databases = await json<{ result: { id: number; database_name: string }[] }>(
    await api('GET', '/api/v1/database/'),
  );
  const examples = databases.result.find((database) => database.database_name === 'examples');
  if (!examples) throw new Error('no examples database');
  const query = encodeURIComponent('(filters:!((col:table_name,opr:eq,value:birth_names)))');
  const listed = await json<{ result: { id: number }[] }>(await api('GET', `/api/v1/dataset/?q=${query}`));
  const dataset =
    listed.result[0] ??
    (await json<{ id: number }>(
      await api('POST', '/api/v1/dataset/', {
        database: examples.id,
        schema: 'main',
        table_name: 'birth_names',
      }),
      201,
    ));
  const params = {
    viz_type: 'table',
    datasource: `${String(dataset.id)}__table`,
    query_mode: 'aggregate',
    groupby: ['state'],
    metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(num)', label: 'births' }],
    row_limit: 100,
  };
  chartId = (
    await json<{ id: number }>(
      await api('POST', '/api/v1/chart/', {
        slice_name: 'Births by state',
        viz_type: 'table',
        datasource_id: dataset.id,
        datasource_type: 'table',
        params: JSON.stringify(params),
      }),
      201,
    )
  ).id;
  const position = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'] },
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-1'] },
    'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId, width: 8, height: 60 } },
  };
  const board = await json<{ id: number }>(
    await api('POST', '/api/v1/dashboard/', {
      dashboard_title: 'Embedded births',
      position_json: JSON.stringify(position),
      published: true,
    }),
    201,
  );
  boardId = board.id;
  otherDashboardId = (
    await json<{ id: number }>(
      await api('POST', '/api/v1/dashboard/', { dashboard_title: 'Not embedded' }),
      201,
    )
  ).id;
  embeddedUuid = (
    await json<{ result: { uuid: string } }>(
      await api('POST', `/api/v1/dashboard/${String(board.id)}/embedded`, { allowed_domains: [HOST_ORIGIN] }),
    )
  ).result.uuid;

  const bundled = await build({
    stdin: {
      contents: "export { embedDashboard } from '@superset-ui/embedded-sdk';",
      resolveDir: path.resolve(import.meta.dirname, '..', '..'),
    },
    bundle: true,
    format: 'iife',
    globalName: 'supersetEmbeddedSdk',
    platform: 'browser',
    write: false,
  });
  const sdk = bundled.outputFiles[0]?.text ?? '';
  await startHost(HOST_PORT, sdk);
  await startHost(OTHER_HOST_PORT, sdk);
});

test.afterAll(async () => {
  for (const host of hosts) await new Promise((resolve) => host.close(resolve));
  await tessera.stop();
});

test('a host page on an allowed origin embeds the dashboard; the rls clause leaves only CA', async ({
  page,
}) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto(HOST_ORIGIN);
  const frame = embeddedFrame(page);
  const chart = frame.locator(`[data-test="dashboard-chart"][data-test-chart-id="${String(chartId)}"]`);
  await expect(chart).toHaveAttribute('data-chart-status', 'rendered', { timeout: 60_000 });
  await expect(frame.getByTestId('embedded-title')).toHaveText('Embedded births');
  // Only California: the table holds the CA row and no other state.
  await expect(chart).toContainText('CA');
  for (const state of ['NY', 'TX', 'FL', 'IL']) await expect(chart).not.toContainText(state);
  expect(await page.evaluate('window.hostEmbedded === true')).toBe(true);

  // The SDK's calls are answered from the page's state: the chart's rows (only CA), tabs and filters.
  const payloads = await page.evaluate<Record<string, { data: { state: string }[] }[] | null>>(
    `window.embedded.getChartDataPayloads({ chartId: ${String(chartId)} })`,
  );
  const rows = payloads[String(chartId)]?.[0]?.data ?? [];
  expect(rows.map((row) => row.state)).toEqual(['CA']);
  expect(await page.evaluate('window.embedded.getActiveTabs()')).toEqual([]);
  expect(await page.evaluate('window.embedded.getDataMask()')).toEqual({});
  await page.screenshot({ path: test.info().outputPath('embedded-host.png'), fullPage: true });
  // setThemeMode('dark') turns the embedded page dark (antd's dark layout background).
  await page.evaluate('window.embedded.setThemeMode("dark")');
  await expect(frame.locator('body')).toHaveCSS('background-color', 'rgb(0, 0, 0)');
  await page.screenshot({ path: test.info().outputPath('embedded-host-dark.png'), fullPage: true });
  // No chart keeps view state: getChartStates answers the empty map rather than the switchboard's error.
  expect(await page.evaluate('window.embedded.getChartStates()')).toEqual({});
  // getDashboardPermalink: a permalink made as the guest, at this server's URL unless the host resolves it.
  const permalink = await page.evaluate<string>('window.embedded.getDashboardPermalink("CHART-1")');
  const key = new RegExp(
    `^http://127\\.0\\.0\\.1:${String(TESSERA_PORT)}/superset/dashboard/p/([^/]+)/$`,
  ).exec(permalink)?.[1];
  expect(key, permalink).toBeDefined();
  await page.evaluate('window.ownLinks = true');
  expect(await page.evaluate('window.embedded.getDashboardPermalink("CHART-1")')).toBe(
    `${HOST_ORIGIN}/shared/${String(key)}`,
  );
  // setThemeConfig: the host's antd tokens over each mode's theme, here the page background.
  await page.evaluate(`window.embedded.setThemeConfig({
    theme_default: { token: { colorBgLayout: '#f0e6d2' } },
    theme_dark: { token: { colorBgLayout: '#101820' } },
  })`);
  await expect(frame.locator('body')).toHaveCSS('background-color', 'rgb(16, 24, 32)');
  await page.screenshot({ path: test.info().outputPath('embedded-host-theme-dark.png'), fullPage: true });
  await page.evaluate('window.embedded.setThemeMode("default")');
  await expect(frame.locator('body')).toHaveCSS('background-color', 'rgb(240, 230, 210)');
  await page.screenshot({ path: test.info().outputPath('embedded-host-theme-light.png'), fullPage: true });
  expect(consoleErrors.filter((text) => text.includes('Refused to frame'))).toEqual([]);
});

test('a host page on an origin that is not allowed cannot frame it', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${String(OTHER_HOST_PORT)}`);
  // Chromium refuses the document (CSP frame-ancestors) and shows its error page in the frame instead.
  await expect
    .poll(() => page.frames().map((frame) => frame.url()), { timeout: 30_000 })
    .toContain('chrome-error://chromewebdata/');
  await expect(embeddedFrame(page).getByTestId('dashboard-page')).toHaveCount(0);
  await expect(embeddedFrame(page).getByTestId('embedded-waiting')).toHaveCount(0);
});

test('the guest token reaches neither databases, SQL Lab nor another dashboard', async () => {
  const token = await fetchGuestToken([]);
  const asGuest = (method: string, url: string, body?: unknown) =>
    fetch(`${tessera.baseURL}${url}`, {
      method,
      headers: { 'content-type': 'application/json', 'X-GuestToken': token },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const own = await asGuest('GET', `/api/v1/embedded_dashboard/${embeddedUuid}`);
  expect(own.status).toBe(200);
  expect((await asGuest('GET', '/api/v1/database/')).status).toBe(401);
  expect((await asGuest('POST', '/api/v1/sqllab/execute/', { database_id: 1, sql: 'SELECT 1' })).status).toBe(
    401,
  );
  expect((await asGuest('GET', `/api/v1/dashboard/${String(otherDashboardId)}`)).status).toBe(404);
  expect((await asGuest('GET', '/api/v1/dashboard/')).status).toBe(401);
});

test('owners manage the embedding from the dashboard header menu', async ({ page }) => {
  await page.goto(`${tessera.baseURL}/login/`);
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(E2E_ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/superset\/welcome\/$/);
  await page.goto(`${tessera.baseURL}/superset/dashboard/${String(boardId)}/`);
  await page.getByTestId('dashboard-header-menu').click();
  await page.getByTestId('manage-embedded-menu-item').click();
  const modal = page.getByTestId('manage-embedded-modal');
  await expect(modal.getByTestId('embedded-uuid')).toHaveText(embeddedUuid);
  await expect(modal.getByTestId('embedded-allowed-domains')).toHaveValue(HOST_ORIGIN);
  await page.screenshot({ path: test.info().outputPath('manage-embedded.png') });

  await modal.getByTestId('embedded-allowed-domains').fill(`${HOST_ORIGIN}, https://app.example.com`);
  await modal.getByTestId('embedded-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Changes saved.' })).toBeVisible();
  const saved = await json<{ result: { uuid: string; allowed_domains: string[] } }>(
    await api('GET', `/api/v1/dashboard/${String(boardId)}/embedded`),
  );
  expect(saved.result).toMatchObject({
    uuid: embeddedUuid,
    allowed_domains: [HOST_ORIGIN, 'https://app.example.com'],
  });

  await modal.getByTestId('embedded-disable').click();
  await expect(modal.getByTestId('embedded-not-enabled')).toBeVisible();
  expect((await api('GET', `/api/v1/dashboard/${String(boardId)}/embedded`)).status).toBe(404);

  await modal.getByTestId('embedded-enable').click();
  await expect(modal.getByTestId('embedded-uuid')).toHaveText(/^[0-9a-f-]{36}$/);
  await expect(modal.getByTestId('embedded-uuid')).not.toHaveText(embeddedUuid);
});
