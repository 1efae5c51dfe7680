import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './credentials';
import { choose } from './explore-helpers';
import { logIn } from './login';

const editor = (page: Page) => page.getByTestId('sqllab-editor').locator('.cm-content');
const shots = 'e2e/.artifacts/screens';

async function setSql(page: Page, sql: string): Promise<void> {
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(sql);
}

async function pickDatabase(page: Page, name: string): Promise<void> {
  await page.getByTestId('sqllab-database-select').click();
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"])')
    .getByTitle(name, { exact: true })
    .click();
  await expect(page.getByTestId('sqllab-database-select')).toContainText(name);
}

/** Picks an option of an antd select by its visible label. */
/** Screenshots the page in the light and the dark theme, leaving it light. */
async function bothThemes(page: Page, name: string): Promise<void> {
  const toggle = page.getByTestId('theme-toggle');
  for (let flip = 0; flip < 2; flip += 1) {
    const mode = await toggle.getAttribute('data-theme');
    await page.screenshot({ path: `${shots}/${name}-${mode ?? 'theme'}.png`, fullPage: true });
    // An open modal covers the top bar; the toggle is pressed all the same.
    await toggle.dispatchEvent('click');
    await expect(toggle).not.toHaveAttribute('data-theme', mode ?? '');
  }
}

async function apiToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/v1/security/login', {
    data: { username: 'admin', password: E2E_ADMIN_PASSWORD, provider: 'db' },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

test.setTimeout(180_000);

test('SQL in SQL Lab → Save dataset → Save & explore → a chart renders, and back to SQL Lab', async ({
  page,
}) => {
  const name = `e2e_sql_chart_${Date.now().toString(36)}`;
  await logIn(page);
  await expect(page.getByTestId('chart-table')).toBeVisible();
  await bothThemes(page, 'chart-list');

  // The '+' menu starts a SQL query.
  await page.getByTestId('add-menu').click();
  await page.getByTestId('add-menu-sql').click();
  await expect(page.getByTestId('sqllab-editor')).toBeVisible({ timeout: 60_000 });
  await pickDatabase(page, 'examples');
  await setSql(page, 'SELECT gender, sum(num) AS total FROM birth_names GROUP BY gender');
  await page.getByTestId('sqllab-run').click();
  await expect(page.getByTestId('sqllab-status')).toContainText(/success/i);

  await page.getByTestId('sqllab-save-dataset').click();
  await page.getByTestId('dataset-name').fill(name);
  await bothThemes(page, 'save-dataset');
  await page.getByTestId('dataset-modal-save-explore').click();

  await expect(page).toHaveURL(/\/explore\/\?datasource_type=table&datasource_id=\d+$/);
  await expect(page.getByTestId('datasource-panel')).toContainText(name, { timeout: 60_000 });
  await choose(page, page.getByTestId('select-groupby'), 'gender');
  await page.getByTestId('run-query-button').click();
  const chart = page.getByTestId('chart-container');
  await expect(chart).toHaveAttribute('data-chart-status', 'rendered');
  await expect(chart).toContainText('girl');
  await expect(chart).toContainText('boy');

  // View query → Open in SQL Lab: a new tab with the chart's SQL on the same database.
  await page.getByTestId('explore-more-menu').click();
  await page.getByTestId('view-query').click();
  await expect(page.getByTestId('view-query-sql')).toContainText('gender');
  await bothThemes(page, 'view-query');
  await page.getByTestId('view-query-open-sqllab').click();
  await expect(page).toHaveURL(/\/sqllab\/$/);
  await expect(editor(page)).toContainText('GROUP BY');
  await expect(page.getByTestId('sqllab-database-select')).toContainText('examples');
});

test('+ Chart from the Charts list → birth_names → Bar → Explore opens with both', async ({ page }) => {
  await logIn(page);
  await page.getByTestId('chart-add').click();
  await expect(page).toHaveURL(/\/chart\/add\/$/);
  // The dataset picker is the shared select: typing searches the server, the choice is clicked.
  await page.getByTestId('chart-create-dataset-search').getByRole('combobox').fill('birth');
  await page
    .locator('[data-test="chart-create-dataset-option"]')
    .getByText('birth_names', { exact: true })
    .click();
  await page.getByTestId('chart-create-viz-search').getByRole('searchbox').fill('bar');
  await page.getByTestId('chart-create-viz-echarts_timeseries_bar').click();
  await expect(page.getByTestId('chart-create-summary')).toHaveText('birth_names · Bar Chart');
  await bothThemes(page, 'chart-create');
  await page.getByTestId('chart-create-submit').click();

  await expect(page).toHaveURL(
    /\/explore\/\?datasource_type=table&datasource_id=\d+&viz_type=echarts_timeseries_bar$/,
  );
  await expect(page.getByTestId('datasource-panel')).toContainText('birth_names', { timeout: 60_000 });
  await expect(page.getByTestId('viz-type-control')).toContainText('Bar Chart');

  // The list shows type names, and the card view.
  await page.getByTestId('nav-charts').click();
  await page.getByTestId('chart-view-card').click();
  await expect(page.locator('[data-test="chart-cards"], [data-test="chart-empty"]').first()).toBeVisible();
  await bothThemes(page, 'chart-cards');
});

test('profile → change password → log in with the new one', async ({ page, request }) => {
  const token = await apiToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const roles = (await (await request.get('/api/v1/security/roles/', { headers })).json()) as {
    result: { id: number; name: string }[];
  };
  const gamma = roles.result.find((role) => role.name === 'Gamma');
  if (!gamma) throw new Error('no Gamma role');
  const username = `e2e_pw_${Date.now().toString(36)}`;
  const created = await request.post('/api/v1/security/users/', {
    headers,
    data: {
      username,
      first_name: 'Pat',
      last_name: 'Word',
      email: `${username}@example.com`,
      password: 'first-password-1',
      roles: [gamma.id],
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/login/');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill('first-password-1');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-profile').click();
  await expect(page).toHaveURL(/\/profile\/$/);
  await expect(page.getByTestId('profile-username')).toHaveText(username);
  await expect(page.getByTestId('profile-roles')).toContainText('Gamma');

  await page.getByTestId('current-password').fill('not-my-password');
  await page.getByTestId('new-password').fill('second-password-2');
  await page.getByTestId('confirm-password').fill('second-password-2');
  await page.getByTestId('change-password-submit').click();
  await expect(page.getByText('The current password is not correct.')).toBeVisible();
  await bothThemes(page, 'profile');

  await page.getByTestId('current-password').fill('first-password-1');
  await page.getByTestId('change-password-submit').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Your password was changed' })).toBeVisible();

  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login\//);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill('first-password-1');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toContainText('Invalid login');
  await page.getByTestId('login-password').fill('second-password-2');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();

  // An unknown page offers the way home.
  await page.goto('/no/such/page/');
  await page.getByTestId('not-found-home').click();
  await expect(page).not.toHaveURL(/no\/such/);
});
