import { expect, test, type Page, type Route } from '@playwright/test';
import pg from 'pg';
import { E2E_DB } from './credentials';
import { apiToken, birthNamesDatasetId } from './explore-helpers';
import { logIn, useAdminSession } from './login';

// Issue 19 items 5-7: the select rules (spec 001 §5, §9), the messages of spec 000/001 §8 that had no
// situation, and errors drawn per SIP-40 type (spec 001 §8 'Error types').

test.setTimeout(180_000);

const count = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'rows' };

/** A saved Big Number chart of birth_names, made through the API; returns its id and name. */
async function savedChart(page: Page): Promise<{ id: number; name: string }> {
  const headers = { Authorization: `Bearer ${await apiToken(page.request)}` };
  const datasetId = await birthNamesDatasetId(page.request);
  const name = `ui19 ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/v1/chart/', {
    headers,
    data: {
      slice_name: name,
      viz_type: 'big_number_total',
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify({
        viz_type: 'big_number_total',
        metric: count,
        datasource: `${String(datasetId)}__table`,
      }),
    },
  });
  expect(created.status()).toBe(201);
  return { id: ((await created.json()) as { id: number }).id, name };
}

/** The rison `q` of a listing request, decoded enough to read page and page_size. */
function pageOf(url: string): { page: number; pageSize: number; q: string } {
  const q = new URL(url).searchParams.get('q') ?? '';
  const page = /(?:^|[(,])page:(\d+)/.exec(q);
  const size = /page_size:(\d+)/.exec(q);
  return { page: Number(page?.[1] ?? -1), pageSize: Number(size?.[1] ?? -1), q };
}

const longName = (index: number) => `Dashboard number ${String(index).padStart(3, '0')} with a long title`;

test('the save dialog reads dashboards 100 at a time and the next page past 70 % of the scroll', async ({
  page,
}) => {
  const chart = await savedChart(page);
  const asked: { page: number; pageSize: number }[] = [];
  await page.route(/\/api\/v1\/dashboard\/\?q=/, async (route: Route) => {
    const { page: index, pageSize } = pageOf(route.request().url());
    asked.push({ page: index, pageSize });
    const result = Array.from({ length: pageSize }, (_, offset) => {
      const id = index * pageSize + offset + 1;
      return { id, dashboard_title: longName(id) };
    }).filter((item) => item.id <= 250);
    await route.fulfill({ json: { count: 250, ids: result.map((item) => item.id), result } });
  });
  await useAdminSession(page);
  await page.goto(`/explore/?slice_id=${String(chart.id)}`);
  await expect(page.getByTestId('query-save-button')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('query-save-button').click();
  const select = page.getByTestId('save-chart-modal-select-dashboard-form');
  await select.click();
  const dropdown = page.locator('.ant-select-dropdown:visible:not([class*="-leave"])');
  await expect(dropdown.getByTitle(longName(1), { exact: true })).toBeVisible();
  expect(asked).toEqual([{ page: 0, pageSize: 100 }]);

  // A little scrolling asks for nothing; past 70 % of the list the second page is asked for.
  await dropdown.hover();
  await page.mouse.wheel(0, 600);
  await expect(dropdown.getByTitle(longName(25), { exact: true })).toBeVisible();
  expect(asked).toHaveLength(1);
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(0, 800);
        return asked.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(1);
  expect(asked[1]).toEqual({ page: 1, pageSize: 100 });
  // The end of the list is now the end of the second page.
  await page.mouse.wheel(0, 10_000);
  await expect(dropdown.getByTitle(longName(200), { exact: true })).toBeVisible();
});

/**
 * The list that is open now: a list just closed stays visible while it slides away, and would make a
 * plain `.ant-select-dropdown:visible` match two elements.
 */
const openList = (page: Page) => page.locator('.ant-select-dropdown:visible:not([class*="-leave"])');

/** How many choices the open list could scroll through: its content height over one choice's height. */
async function choicesInList(page: Page): Promise<number> {
  // A string, run in the page: this project's TypeScript has no DOM types.
  const counted: unknown = await page.evaluate(`(() => {
    const open = [...document.querySelectorAll('.ant-select-dropdown')].filter(
      (dropdown) => !dropdown.classList.contains('ant-select-dropdown-hidden'),
    ).pop();
    const holder = open && [...open.querySelectorAll('[class*="list-holder"]')].find(
      (element) => !element.className.includes('holder-inner'),
    );
    const option = open && open.querySelector('.ant-select-item-option');
    return holder && option ? Math.round(holder.scrollHeight / option.offsetHeight) : 0;
  })()`);
  return Number(counted);
}

test('the SQL Lab table picker lists 100 tables of a larger schema, the rest once scrolled past 70 %', async ({
  page,
}) => {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const schema = `ui19_many_${suffix}`;
  const table = (index: number) => `t_${String(index).padStart(3, '0')}`;
  const client = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:5432/${E2E_DB}` });
  await client.connect();
  try {
    const creates = Array.from(
      { length: 130 },
      (_, index) => `CREATE TABLE ${schema}.${table(index)} (id int);`,
    );
    await client.query(`CREATE SCHEMA ${schema}; ${creates.join(' ')}`);
    const dbName = `ui19 many ${suffix}`;
    const created = await page.request.post('/api/v1/database/', {
      headers: { Authorization: `Bearer ${await apiToken(page.request)}` },
      data: {
        database_name: dbName,
        sqlalchemy_uri: `postgresql://postgres@127.0.0.1:5432/${E2E_DB}`,
        expose_in_sqllab: true,
      },
    });
    expect(created.status()).toBe(201);

    await logIn(page);
    await page.getByTestId('nav-sqllab').click();
    await expect(page.getByTestId('sqllab-editor')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('sqllab-add-tab').click();
    // The database list is searched on the server.
    await page.getByTestId('sqllab-database-select').click();
    await page.getByTestId('sqllab-database-select').getByRole('combobox').fill(suffix);
    await openList(page).getByTitle(dbName, { exact: true }).click();
    await expect(page.getByTestId('sqllab-database-select')).toContainText(dbName);
    await page.getByTestId('sqllab-schema-select').click();
    await page.getByTestId('sqllab-schema-select').getByRole('combobox').fill(schema);
    await openList(page).getByTitle(schema, { exact: true }).click();
    await expect(page.getByTestId('sqllab-schema-select')).toContainText(schema);

    await page.getByTestId('sqllab-table-select').click();
    const dropdown = openList(page);
    await expect(dropdown.getByTitle(table(0), { exact: true })).toBeVisible();
    expect(await choicesInList(page)).toBe(100);
    await dropdown.hover();
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 800);
          return choicesInList(page);
        },
        { timeout: 20_000 },
      )
      .toBe(130);
    await page.mouse.wheel(0, 10_000);
    await expect(dropdown.getByTitle(table(129), { exact: true })).toBeVisible();
    // Picking one adds its panel, as before.
    await dropdown.getByTitle(table(129), { exact: true }).click();
    await expect(page.locator(`[data-test="sqllab-table-panel"][data-table="${table(129)}"]`)).toBeVisible();
  } finally {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  }
});

test('the save dialog says so when the dashboards cannot be listed', async ({ page }, testInfo) => {
  const chart = await savedChart(page);
  await page.route(/\/api\/v1\/dashboard\/\?q=/, (route) => route.fulfill({ status: 500, json: {} }));
  await useAdminSession(page);
  await page.goto(`/explore/?slice_id=${String(chart.id)}`);
  await expect(page.getByTestId('query-save-button')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('query-save-button').click();
  await page.getByTestId('save-chart-modal-select-dashboard-form').click();
  const alert = page.getByTestId('save-modal-dashboards-alert');
  await expect(alert).toContainText(/Fetching dashboards failed for user \d+/);
  await page.screenshot({ path: testInfo.outputPath('save-dashboards-alert.png') });
});

test('owners show at most 4 tags cut at 20 characters; a save failing for no reason says so', async ({
  page,
}, testInfo) => {
  const chart = await savedChart(page);
  const owners = Array.from({ length: 6 }, (_, index) => ({
    value: 9000 + index,
    text: `Owner with a very long name ${String(index)}`,
  }));
  let ownerPage: { page: number; pageSize: number } | null = null;
  await page.route(/\/api\/v1\/chart\/related\/owners/, async (route) => {
    const { page: index, pageSize } = pageOf(route.request().url());
    ownerPage = { page: index, pageSize };
    await route.fulfill({ json: { count: owners.length, result: owners } });
  });
  await logIn(page);
  await page.goto('/chart/list/');
  await page.getByTestId('chart-search').getByRole('searchbox').fill(chart.name);
  await page.getByTestId('chart-search').getByRole('searchbox').press('Enter');
  const row = page
    .getByTestId('chart-table')
    .locator('tbody tr.ant-table-row')
    .filter({ hasText: chart.name });
  await row.getByTestId('chart-edit').click();
  const select = page.getByTestId('chart-properties-owners');
  await select.click();
  const dropdown = page.locator('.ant-select-dropdown:visible:not([class*="-leave"])');
  for (const owner of owners) await dropdown.getByTitle(owner.text, { exact: true }).click();
  expect(ownerPage).toEqual({ page: 0, pageSize: 100 });
  await page.keyboard.press('Escape');
  const tags = select.locator('.ant-select-selection-item');
  // The admin owner plus six: four tags and a "+ 3 ..." summary.
  await expect(tags.filter({ hasText: /^\+ \d+/ })).toHaveText(/^\+ 3/);
  await expect(tags.filter({ hasNotText: /^\+ \d+/ })).toHaveCount(4);
  await expect(select).toContainText('Owner with a very lo…');
  await expect(select).not.toContainText('Owner with a very long');
  await page.screenshot({ path: testInfo.outputPath('owners-tags.png') });

  await page.route(/\/api\/v1\/chart\/\d+$/, (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 520, body: '' }) : route.fallback(),
  );
  await page.getByTestId('chart-properties-save').click();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Sorry, an unknown error occurred.' }),
  ).toBeVisible();
});

test('chart errors are drawn per error type: Unexpected error with Request Access, or the database box', async ({
  page,
}, testInfo) => {
  const chart = await savedChart(page);
  await page.route(/\/api\/v1\/chart\/data/, (route) =>
    route.fulfill({
      status: 403,
      json: {
        errors: [
          {
            message:
              'This endpoint requires the datasource birth_names, database or all_datasource_access permission',
            error_type: 'DATASOURCE_SECURITY_ACCESS_ERROR',
            level: 'error',
            extra: { link: '/request-access/?datasource_id=1' },
          },
        ],
      },
    }),
  );
  await useAdminSession(page);
  await page.goto(`/explore/?slice_id=${String(chart.id)}`);
  const alert = page.getByTestId('chart-alert');
  // First paint of Explore on a loaded machine: a generous guard.
  await expect(alert).toHaveAttribute('data-error-kind', 'unexpected', { timeout: 60_000 });
  await expect(alert).toContainText('Unexpected error');
  await expect(alert).toContainText('requires the datasource birth_names');
  await expect(alert.getByRole('link', { name: '(Request Access)' })).toHaveAttribute(
    'href',
    '/request-access/?datasource_id=1',
  );
  await expect(alert).toHaveClass(/ant-alert-warning/);
  await page.screenshot({ path: testInfo.outputPath('unexpected-error-light.png') });
  await page.getByTestId('theme-toggle').click();
  await page.screenshot({ path: testInfo.outputPath('unexpected-error-dark.png') });
  await page.getByTestId('theme-toggle').click();

  await page.unroute(/\/api\/v1\/chart\/data/);
  await page.route(/\/api\/v1\/chart\/data/, (route) =>
    route.fulfill({
      status: 400,
      json: {
        errors: [
          {
            message: 'DuckDB said: Binder Error: column "nme" not found',
            error_type: 'GENERIC_DB_ENGINE_ERROR',
            level: 'error',
            extra: {
              engine_name: 'DuckDB',
              issue_codes: [
                { code: 1002, message: 'Issue 1002 - The database returned an unexpected error.' },
              ],
            },
          },
        ],
      },
    }),
  );
  await page.getByTestId('run-query-button').click();
  await expect(alert).toHaveAttribute('data-error-kind', 'database');
  await expect(alert).toContainText('DuckDB Error');
  await expect(alert).toContainText('Issue 1002 - The database returned an unexpected error.');
  await expect(alert).toHaveClass(/ant-alert-error/);
  await page.screenshot({ path: testInfo.outputPath('database-error-light.png') });
  await page.getByTestId('theme-toggle').click();
  await page.screenshot({ path: testInfo.outputPath('database-error-dark.png') });
});

test("a chart's SQL that cannot be loaded says 'An error occurred while loading the SQL'", async ({
  page,
}) => {
  const chart = await savedChart(page);
  await useAdminSession(page);
  await page.goto(`/explore/?slice_id=${String(chart.id)}`);
  await expect(page.getByTestId('chart-container')).toBeVisible({ timeout: 60_000 });
  await page.route(/\/api\/v1\/chart\/data/, (route) =>
    route.fulfill({ status: 500, json: { message: 'boom' } }),
  );
  await page.getByTestId('explore-more-menu').click();
  await page.getByTestId('view-query').click();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'An error occurred while loading the SQL' }),
  ).toBeVisible();
});

test("SQL Lab: a saved query the tab cannot learn about is 'not properly saved'; a run failing for no reason is 'Unknown error'", async ({
  page,
}) => {
  await logIn(page);
  await page.getByTestId('nav-sqllab').click();
  await expect(page.getByTestId('sqllab-editor')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('sqllab-database-select').click();
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"])')
    .getByTitle('examples', { exact: true })
    .click();
  const editor = page.getByTestId('sqllab-editor').locator('.cm-content');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText('SELECT 1 AS ui19');
  // The tab reaches the server first (its id becomes the server's).
  await expect
    .poll(
      async () => {
        const body = (await (await page.request.get('/api/v1/sqllab/')).json()) as {
          result: { active_tab: { sql?: string } | null };
        };
        return body.result.active_tab?.sql ?? '';
      },
      { timeout: 30_000 },
    )
    .toContain('ui19');

  await page.route(/\/tabstateview\/\d+$/, (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 500, json: {} }) : route.fallback(),
  );
  await page.getByTestId('sqllab-save').click();
  await page.getByTestId('saved-query-label').fill(`ui19 ${Date.now().toString(36)}`);
  await page.getByTestId('saved-query-modal-save').click();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Your query was not properly saved' }),
  ).toBeVisible();
  await expect(page.getByTestId('toast').filter({ hasText: 'Your query was saved' })).toBeVisible();

  await page.route(/\/api\/v1\/sqllab\/execute\//, (route) => route.fulfill({ status: 520, body: '' }));
  await page.getByTestId('sqllab-run').click();
  await expect(page.getByTestId('sqllab-error')).toContainText('Unknown error');
});
