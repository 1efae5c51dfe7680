import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { logIn } from './login';

// No time limit: the machine is shared and slow; every step waits on something visible.
test.setTimeout(0);

/** Screens of each step, kept with the test's results for a look in light and dark. */
async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.getByTestId('database-modal').screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

async function openAddModal(page: Page) {
  await page.getByTestId('database-add').click();
  const modal = page.getByTestId('database-modal');
  await expect(modal.getByTestId('database-engine-step')).toBeVisible();
  return modal;
}

test('adds a PostgreSQL connection through the form, tests it live and lists it', async ({
  page,
}, testInfo) => {
  await logIn(page);
  await page.getByTestId('nav-databases').click();
  const modal = await openAddModal(page);
  await shoot(page, testInfo, 'step1-light');

  await modal.getByTestId('database-engine-postgresql').click();
  await expect(modal.getByTestId('connection-port')).toHaveValue('5432');
  await expect(modal.getByTestId('connection-password')).toHaveAttribute('type', 'password');
  await modal.getByTestId('database-name').fill('Form Postgres');
  await modal.getByTestId('connection-host').fill('127.0.0.1');
  await modal.getByTestId('connection-database').fill('postgres');
  await modal.getByTestId('connection-username').fill('postgres');
  await modal.getByTestId('test-connection').click();
  await expect(modal.getByTestId('test-connection-result')).toContainText('Connection looks good!');
  await shoot(page, testInfo, 'step2-postgres-light');

  // Enter in a field connects.
  await modal.getByTestId('connection-username').press('Enter');
  await expect(modal).toBeHidden();
  const row = page.getByTestId('database-table').getByRole('row', { name: /Form Postgres/ });
  await expect(row).toBeVisible();

  // Editing opens the form again, filled in, with a switch to the URI.
  await row.getByTestId('database-edit').click();
  const edit = page.getByTestId('database-modal');
  await expect(edit.getByTestId('connection-host')).toHaveValue('127.0.0.1');
  await expect(edit.getByTestId('connection-port')).toHaveValue('5432');
  await expect(edit.getByTestId('connection-database')).toHaveValue('postgres');
  await edit.getByTestId('switch-to-uri').click();
  await expect(edit.getByTestId('database-uri')).toHaveValue('postgresql://postgres@127.0.0.1:5432/postgres');
  await edit.getByTestId('switch-to-form').click();
  await expect(edit.getByTestId('connection-host')).toHaveValue('127.0.0.1');
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
});

test('the form marks the field at fault, in the dark theme', async ({ page }, testInfo) => {
  await logIn(page);
  await page.getByTestId('nav-databases').click();
  const toggle = page.getByTestId('theme-toggle');
  if ((await toggle.getAttribute('data-theme')) !== 'dark') await toggle.click();
  await expect(toggle).toHaveAttribute('data-theme', 'dark');

  const modal = await openAddModal(page);
  await shoot(page, testInfo, 'step1-dark');
  await modal.getByTestId('database-engine-mysql').click();
  await expect(modal.getByTestId('connection-port')).toHaveValue('3306');
  await modal.getByTestId('database-name').fill('Closed port');
  await modal.getByTestId('connection-host').fill('127.0.0.1');
  await modal.getByTestId('connection-port').fill('1');
  await modal.getByTestId('connection-database').fill('app');
  await modal.getByTestId('connection-username').fill('root');
  await modal.getByTestId('test-connection').click();
  await expect(modal.getByTestId('test-connection-result')).toContainText('Issue 1008');
  await expect(modal.locator('.ant-form-item-has-error')).toContainText('Port');
  await shoot(page, testInfo, 'step2-mysql-error-dark');

  await modal.getByTestId('database-modal-back').click();
  await modal.getByTestId('database-engine-sqlite').click();
  await modal.getByTestId('connection-file-path').fill('/etc/hostname');
  await modal.getByTestId('database-modal-save').click();
  await expect(modal.locator('.ant-form-item-has-error')).toContainText('security reasons');
  await shoot(page, testInfo, 'step2-sqlite-refused-dark');

  await modal.getByTestId('switch-to-uri').click();
  await expect(modal.getByTestId('database-uri')).toBeVisible();
  await shoot(page, testInfo, 'uri-view-dark');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
});
