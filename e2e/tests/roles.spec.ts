import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, E2E_DB } from './credentials';
import { logInThroughPage } from './login';

/** Picks an option of an antd Select by its visible text. */
async function choose(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"])')
    .getByText(text, { exact: true })
    .first()
    .click();
}

test('an admin grants one database to a new role and user, who sees only it in SQL Lab', async ({
  page,
  request,
}) => {
  // Two logins (argon2) and two modals on a shared machine: more than the default budget.
  test.slow();
  const suffix = Date.now().toString(36);
  const dbName = `roles_pg_${suffix}`;
  const roleName = `pg_only_${suffix}`;
  const username = `lab_${suffix}`;
  const password = `${username}-password-1`;

  // A second database next to examples, registered as an admin would.
  const login = await request.post('/api/v1/security/login', {
    data: { username: 'admin', password: E2E_ADMIN_PASSWORD, provider: 'db' },
  });
  const headers = {
    authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
  };
  const created = await request.post('/api/v1/database/', {
    headers,
    data: {
      database_name: dbName,
      sqlalchemy_uri: `postgresql://postgres@127.0.0.1:5432/${E2E_DB}`,
      expose_in_sqllab: true,
    },
  });
  expect(created.status()).toBe(201);

  await logInThroughPage(page);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-roles').click();
  await expect(page).toHaveURL(/\/roles\/list\/$/);
  await expect(page.getByTestId('role-table')).toContainText('sql_lab');

  await page.getByTestId('role-add').click();
  await page.getByTestId('role-name').fill(roleName);
  await page.getByTestId('role-name-save').click();
  await expect(page.getByTestId('role-table')).toContainText(roleName);

  await page.getByTestId('role-search').locator('input').fill(roleName);
  await page.getByTestId('role-search').locator('input').press('Enter');
  await expect(page.getByTestId('role-name-cell')).toHaveCount(1);
  await page.getByTestId('role-permissions').click();
  await choose(page, 'grant-database', dbName);
  await page.getByTestId('grant-submit').click();
  // Tags are cut at 20 characters (spec 001 §5); the tag's title names the whole pair.
  await expect(
    page
      .getByTestId('role-permissions-select-tag')
      .and(page.getByTitle(`database_access on [${dbName}]`, { exact: false })),
  ).toHaveCount(1);
  await page.getByTestId('role-permissions-save').click();
  await expect(page.getByTestId('role-permissions-save')).toBeHidden();

  await page.getByTestId('nav-users').click();
  await page.getByTestId('user-add').click();
  await page.getByTestId('user-username').fill(username);
  await page.getByTestId('user-first-name').fill('Lab');
  await page.getByTestId('user-last-name').fill('User');
  await page.getByTestId('user-email').fill(`${username}@example.com`);
  await page.getByTestId('user-password').fill(password);
  await choose(page, 'user-roles', 'sql_lab');
  await choose(page, 'user-roles', roleName);
  await page.getByTestId('user-modal-save').click();
  await expect(page.getByTestId('user-table')).toContainText(username);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('user-menu')).toContainText(username);
  await page.getByTestId('nav-sqllab').click();
  await page.getByTestId('sqllab-database-select').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveCount(1);
  await expect(options).toHaveText(dbName);
});
