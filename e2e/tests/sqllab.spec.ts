import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, E2E_DB } from './credentials';
import { logIn } from './login';

const editor = (page: Page) => page.getByTestId('sqllab-editor').locator('.cm-content');

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

async function openSqlLab(page: Page): Promise<void> {
  await logIn(page);
  await page.getByTestId('nav-sqllab').click();
  await expect(page).toHaveURL(/\/sqllab\//);
  await expect(page.getByTestId('sqllab-editor')).toBeVisible();
}

test('runs a query on examples, runs a selection, and explains a missing table', async ({ page }) => {
  await openSqlLab(page);
  await pickDatabase(page, 'examples');
  await setSql(page, 'SELECT * FROM birth_names');
  await page.getByTestId('sqllab-run').click();
  await expect(page.getByTestId('sqllab-status')).toContainText(/success/i);
  await expect(page.getByTestId('sqllab-row-count')).toHaveAttribute('data-rows', '1000');
  await expect(page.getByTestId('sqllab-limit-notice')).toContainText(/dropdown/i);
  await expect(page.getByTestId('sqllab-results-grid')).toContainText('num_girls');

  // Only the selected statement runs.
  await setSql(page, "SELECT 'first' AS one_column\nSELECT 'second' AS other_column");
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Shift+Home');
  await page.getByTestId('sqllab-run').click();
  await expect(page.getByTestId('sqllab-results-grid')).toContainText('other_column');
  await expect(page.getByTestId('sqllab-results-grid')).not.toContainText('one_column');

  // A missing table: its message and issue codes.
  await setSql(page, 'SELECT * FROM no_such_table_here');
  await page.getByTestId('sqllab-run').click();
  const error = page.getByTestId('sqllab-error');
  await expect(error).toContainText('no_such_table_here');
  await expect(error).toContainText('1005');
});

test('tabs: add, clone, switch by keyboard, close, with the spec titles; autocomplete knows columns', async ({
  page,
}) => {
  await openSqlLab(page);
  const tabs = page.getByTestId('sqllab-tab');
  const initial = await tabs.count();
  await page.getByTestId('sqllab-add-tab').click();
  await expect(tabs).toHaveCount(initial + 1);
  await expect(tabs.last()).toContainText(/Untitled Query \d+/);
  const lastTitle = (await tabs.last().getByTestId('sqllab-tab-title').textContent()) ?? '';

  await tabs.last().getByTestId('sqllab-tab-menu').click();
  await page.getByTestId('sqllab-tab-clone').click();
  await expect(tabs).toHaveCount(initial + 2);
  await expect(tabs.last()).toContainText(`Copy of ${lastTitle}`);

  // Keyboard switching is cyclic.
  await editor(page).click();
  await page.keyboard.press('Control+ArrowRight');
  await expect(tabs.first()).toHaveAttribute('data-active', 'true');
  await page.keyboard.press('Control+ArrowLeft');
  await expect(tabs.last()).toHaveAttribute('data-active', 'true');

  // The close button sits beside the tab's label, not inside it.
  await page.getByTestId('sqllab-close-tab').last().click();
  await expect(tabs).toHaveCount(initial + 1);

  // Autocomplete offers birth_names' columns.
  await pickDatabase(page, 'examples');
  await setSql(page, 'SELECT num_g FROM birth_names');
  await page.keyboard.press('Home');
  for (const _char of 'SELECT num_g') await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Control+Space');
  await expect(page.locator('.cm-tooltip-autocomplete')).toContainText('num_girls');
});

test('stops a long PostgreSQL query', async ({ page, request }) => {
  const login = await request.post('/api/v1/security/login', {
    data: { username: 'admin', password: E2E_ADMIN_PASSWORD, provider: 'db' },
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const created = await request.post('/api/v1/database/', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      database_name: 'e2e-sleepy-postgres',
      sqlalchemy_uri: `postgresql://postgres@127.0.0.1:5432/${E2E_DB}`,
    },
  });
  expect(created.status()).toBe(201);

  await openSqlLab(page);
  await pickDatabase(page, 'e2e-sleepy-postgres');
  await setSql(page, 'SELECT pg_sleep(30)');
  await page.getByTestId('sqllab-run').click();
  await expect(page.getByTestId('sqllab-stop')).toBeEnabled();
  await page.waitForTimeout(1000);
  await page.getByTestId('sqllab-stop').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Query was stopped.' })).toBeVisible();
  await expect(page.getByTestId('sqllab-status')).toContainText(/stopped/i);
});
