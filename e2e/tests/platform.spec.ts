import { expect, test, type Page } from '@playwright/test';
import { logIn, logInThroughPage } from './login';
import { E2E_DB } from './credentials';

async function addConnection(page: Page, name: string, uri: string): Promise<void> {
  await page.getByTestId('database-add').click();
  const modal = page.getByTestId('database-modal');
  await expect(modal).toBeVisible();
  await modal.getByTestId('connect-with-uri').click();
  await modal.getByTestId('database-name').fill(name);
  await modal.getByTestId('database-uri').fill(uri);
  await modal.getByTestId('test-connection').click();
  await expect(modal.getByTestId('test-connection-result')).toContainText('Connection looks good!');
  await modal.getByTestId('database-modal-save').click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('database-table')).toContainText(name);
}

async function browse(page: Page, name: string): Promise<void> {
  await page
    .getByTestId('database-table')
    .getByRole('row', { name: new RegExp(name) })
    .getByTestId('database-browse')
    .click();
  await expect(page.getByTestId('database-browser')).toBeVisible();
}

async function pickSchema(page: Page, schema: string): Promise<void> {
  await page.getByTestId('schema-select').click();
  // The list is virtual: a server with many schemas (other runs' databases) may not render ours until
  // the search narrows it.
  await page.keyboard.type(schema);
  // antd keeps a hidden accessibility listbox beside the visible one; pick from the open dropdown.
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"])')
    .getByTitle(schema, { exact: true })
    .click();
  await expect(page.getByTestId('schema-select')).toContainText(schema);
}

test('an admin logs in, browses examples, adds PostgreSQL and MariaDB, switches theme and logs out', async ({
  page,
}) => {
  await page.goto('/databaseview/list/');
  await expect(page).toHaveURL(/\/login\//);
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill('wrong password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toContainText('Invalid login');

  await logInThroughPage(page);
  await expect(page.getByTestId('nav-users')).toBeVisible();
  await page.getByTestId('nav-databases').click();

  // The generated examples database, its schema, tables and columns.
  await expect(page.getByTestId('database-table')).toContainText('examples');
  await browse(page, 'examples');
  await expect(page.getByTestId('schema-select')).toContainText('main');
  const tables = page.getByTestId('table-list');
  for (const table of ['birth_names', 'sales', 'wb_health_population'])
    await expect(tables).toContainText(table);
  await tables.locator('[data-table="birth_names"]').click();
  const columns = page.getByTestId('table-columns');
  for (const column of ['ds', 'gender', 'name', 'num', 'state', 'num_boys', 'num_girls'])
    await expect(columns).toContainText(column);

  // A PostgreSQL connection: test, save, browse its schemas and tables.
  await page.getByTestId('back-to-databases').click();
  await addConnection(page, 'e2e-postgres', `postgresql://postgres:pg-secret@127.0.0.1:5432/${E2E_DB}`);
  await expect(page.getByTestId('database-table')).not.toContainText('pg-secret');
  // Connected as a superuser: the list flags that read-only then rests on the SQL parser alone.
  await expect(
    page
      .getByTestId('database-table')
      .getByRole('row', { name: /e2e-postgres/ })
      .getByTestId('database-security-warning'),
  ).toBeVisible();
  await browse(page, 'e2e-postgres');
  await pickSchema(page, 'inventory');
  await page.getByTestId('table-list').locator('[data-table="widgets"]').click();
  await expect(page.getByTestId('table-columns')).toContainText('made_on');
  await expect(page.getByTestId('table-keys')).toContainText('id');

  // A MariaDB connection.
  await page.getByTestId('back-to-databases').click();
  await addConnection(page, 'e2e-mariadb', `mysql://root@127.0.0.1:3306/${E2E_DB}`);
  await browse(page, 'e2e-mariadb');
  await pickSchema(page, E2E_DB);
  await page.getByTestId('table-list').locator('[data-table="gadgets"]').click();
  await expect(page.getByTestId('table-columns')).toContainText('weight');

  // Dark mode sticks across a reload.
  const toggle = page.getByTestId('theme-toggle');
  const before = await toggle.getAttribute('data-theme');
  await toggle.click();
  const after = before === 'dark' ? 'light' : 'dark';
  await expect(toggle).toHaveAttribute('data-theme', after);
  await page.reload();
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme', after);
  await page.screenshot({ path: 'e2e/.artifacts/screens/browser-after-theme.png', fullPage: true });

  // Logging out ends the session.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login\//);
  await page.goto('/databaseview/list/');
  await expect(page).toHaveURL(/\/login\//);
});

test('a test connection failure explains itself with issue codes', async ({ page }) => {
  await logIn(page);
  await page.getByTestId('nav-databases').click();
  await page.getByTestId('database-add').click();
  const modal = page.getByTestId('database-modal');
  await modal.getByTestId('connect-with-uri').click();
  await modal.getByTestId('database-name').fill('broken');
  await modal.getByTestId('database-uri').fill('postgresql://postgres@127.0.0.1:1/nothing');
  await modal.getByTestId('test-connection').click();
  await expect(modal.getByTestId('test-connection-result')).toContainText('1008');
  await modal.getByTestId('database-modal-cancel').click();
});
