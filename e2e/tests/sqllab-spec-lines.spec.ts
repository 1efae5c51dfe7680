import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './credentials';
import { useAdminSession } from './login';

// Issue #19, SQL Lab lines of spec 000 seen in the browser: removing a query from a tab (§4, §8),
// 'Schedule query' with its two toasts (§2, §8; SCHEDULED_QUERIES is set in tessera.e2e.config.json),
// and a user with 13 saved tabs: only the active one is read on load, the others when first opened.

// The machine running the suite may be loaded: SQL Lab's chunks (CodeMirror) then take long to arrive.
test.setTimeout(240_000);

const editor = (page: Page) => page.getByTestId('sqllab-editor').locator('.cm-content');
const toasts = (page: Page) => page.getByTestId('toast');
const tabPath = /\/tabstateview\/\d+$/;

async function apiHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/v1/security/login', {
    data: { username: 'admin', password: E2E_ADMIN_PASSWORD, provider: 'db' },
  });
  expect(response.status()).toBe(200);
  const { access_token: token } = (await response.json()) as { access_token: string };
  return { authorization: `Bearer ${token}` };
}

async function examplesId(request: APIRequestContext, headers: Record<string, string>): Promise<number> {
  const listed = (await (await request.get('/api/v1/database/', { headers })).json()) as {
    result: { id: number; database_name: string }[];
  };
  const examples = listed.result.find((db) => db.database_name === 'examples');
  expect(examples).toBeDefined();
  return examples?.id ?? 0;
}

/** The admin's server tabs, closed, then `count` new ones (SQL 'SELECT n AS tab_n'); returns their ids. */
async function serverTabs(request: APIRequestContext, count: number): Promise<number[]> {
  const headers = await apiHeaders(request);
  const dbId = await examplesId(request, headers);
  const bootstrap = (await (await request.get('/api/v1/sqllab/', { headers })).json()) as {
    result: { tab_state_ids: { id: number }[] };
  };
  for (const { id } of bootstrap.result.tab_state_ids) {
    expect((await request.delete(`/tabstateview/${id}`, { headers })).ok()).toBe(true);
  }
  const ids: number[] = [];
  for (let n = 1; n <= count; n += 1) {
    const created = await request.post('/tabstateview/', {
      headers,
      form: {
        queryEditor: JSON.stringify({
          name: `Tab ${n}`,
          dbId,
          schema: 'main',
          sql: `SELECT ${n} AS tab_${n}`,
        }),
      },
    });
    expect(created.ok()).toBe(true);
    ids.push(((await created.json()) as { id: number }).id);
  }
  return ids;
}

async function openSqlLab(page: Page): Promise<void> {
  await useAdminSession(page);
  await page.goto('/sqllab/');
  // A fresh server answers its first SQL Lab load slowly on a busy machine (a guard, not a speed check).
  await expect(page.getByTestId('sqllab-editor')).toBeVisible({ timeout: 150_000 });
}

test('item 11: with 13 saved tabs only the active one is read on load; another when first opened', async ({
  page,
  request,
}) => {
  const ids = await serverTabs(request, 13);
  const active = ids[12] ?? 0;
  const first = ids[0] ?? 0;
  const headers = await apiHeaders(request);
  expect((await request.post(`/tabstateview/${active}/activate`, { headers })).ok()).toBe(true);

  const tabReads: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'GET' && tabPath.test(new URL(sent.url()).pathname)) tabReads.push(sent.url());
  });
  await openSqlLab(page);
  await expect(page.getByTestId('sqllab-tab')).toHaveCount(13);
  await expect(editor(page)).toContainText('SELECT 13 AS tab_13');
  // The active tab came with GET /api/v1/sqllab/: no tab was read one by one.
  expect(tabReads).toEqual([]);

  // Opening another tab reads it once, showing a loading state until it is in.
  const gate = { open: (): void => undefined };
  const held = new Promise<void>((resolve) => {
    gate.open = resolve;
  });
  await page.route(`**/tabstateview/${first}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.locator(`[data-test="sqllab-tab"][data-tab-id="${first}"]`).click();
  await expect(page.getByTestId('sqllab-tab-loading')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('sqllab-tab-loading.png') });
  gate.open();
  // The editor mounts again for the tab (a guard for a loaded machine, not a speed check).
  await expect(editor(page)).toContainText('SELECT 1 AS tab_1', { timeout: 90_000 });
  await expect(page.getByTestId('sqllab-tab-loading')).toHaveCount(0);
  expect(tabReads.map((url) => new URL(url).pathname)).toEqual([`/tabstateview/${first}`]);

  // Back to a tab already read: no further request.
  await page.locator(`[data-test="sqllab-tab"][data-tab-id="${active}"]`).click();
  await expect(editor(page)).toContainText('SELECT 13 AS tab_13', { timeout: 90_000 });
  await page.locator(`[data-test="sqllab-tab"][data-tab-id="${first}"]`).click();
  await expect(editor(page)).toContainText('SELECT 1 AS tab_1', { timeout: 90_000 });
  expect(tabReads).toHaveLength(1);
});

test("item 3: 'Schedule query' saves the query with its schedule and toasts; a failure says so", async ({
  page,
  request,
}) => {
  await serverTabs(request, 1);
  await openSqlLab(page);
  await expect(editor(page)).toContainText('SELECT 1 AS tab_1');

  await page.getByTestId('sqllab-schedule').click();
  const modal = page.getByTestId('sqllab-schedule-modal');
  await expect(modal).toBeVisible();
  await page.getByTestId('sqllab-schedule-label').fill('Nightly tab one');
  await page.locator('[data-test="sqllab-schedule-field"][data-field="start_date"]').fill('2026-12-01');
  await page.screenshot({ path: test.info().outputPath('sqllab-schedule-modal.png') });
  const posted = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/api/v1/saved_query/'),
  );
  await page.getByTestId('sqllab-schedule-submit').click();
  const { id } = (await (await posted).json()) as { id: number };
  await expect(
    toasts(page).filter({
      hasText: 'Your query has been scheduled. To see details of your query, navigate to Saved queries',
    }),
  ).toHaveCount(1);
  await expect(modal).toHaveCount(0);

  const headers = await apiHeaders(request);
  const one = (await (await request.get(`/api/v1/saved_query/${id}`, { headers })).json()) as {
    result: { sql: string; extra_json: string };
  };
  expect(one.result.sql).toBe('SELECT 1 AS tab_1');
  expect(JSON.parse(one.result.extra_json)).toEqual({
    schedule_info: { start_date: '2026-12-01', schedule_interval: '@daily' },
  });

  // The server refuses: the failure toast, and the dialog stays open.
  await page.route('**/api/v1/saved_query/', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' })
      : route.continue(),
  );
  await page.getByTestId('sqllab-schedule').click();
  await page.locator('[data-test="sqllab-schedule-field"][data-field="start_date"]').fill('2026-12-02');
  await page.getByTestId('sqllab-schedule-submit').click();
  // The success toast of the first schedule may still show: look for the failure among the toasts.
  await expect(toasts(page).filter({ hasText: 'Your query could not be scheduled' })).toHaveCount(1);
  await expect(modal).toBeVisible();
});

test('item 2: a query is removed from the tab; a refused removal shows the spec message', async ({
  page,
  request,
}) => {
  await serverTabs(request, 1);
  await openSqlLab(page);
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText('SELECT 42 AS to_remove');
  await page.getByTestId('sqllab-run').click();
  await expect(page.getByTestId('sqllab-status')).toContainText(/success/i, { timeout: 30_000 });
  await page.getByTestId('sqllab-history-tab').click();
  const row = page.getByTestId('sqllab-history-row').filter({ hasText: 'to_remove' });
  await expect(row).toHaveCount(1);
  // The tab must be on the server for the removal to go there: wait for the sync loop's pass.
  await expect
    .poll(
      async () => {
        const headers = await apiHeaders(request);
        const bootstrap = (await (await request.get('/api/v1/sqllab/', { headers })).json()) as {
          result: { active_tab: { latest_query: { sql: string } | null } | null };
        };
        return bootstrap.result.active_tab?.latest_query?.sql ?? null;
      },
      { timeout: 30_000 },
    )
    .toBe('SELECT 42 AS to_remove');

  await page.route(/\/tabstateview\/\d+\/query\//, (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' })
      : route.continue(),
  );
  await row.getByTestId('sqllab-history-remove').click();
  await expect(toasts(page)).toContainText(
    'An error occurred while removing query. Please contact your administrator.',
  );
  await expect(row).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('sqllab-remove-failed.png') });

  await page.unrouteAll();
  const removal = page.waitForResponse(
    (response) =>
      response.request().method() === 'DELETE' && /\/tabstateview\/\d+\/query\//.test(response.url()),
  );
  await row.getByTestId('sqllab-history-remove').click();
  expect((await removal).status()).toBe(200);
  await expect(row).toHaveCount(0);
});
