import { expect, test, type Page } from '@playwright/test';
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

test('saves a query from SQL Lab, finds it on the Saved queries page and opens it back', async ({ page }) => {
  const label = `Saved ${Date.now().toString(36)}`;
  const sql = `SELECT name, num FROM birth_names WHERE name = '${label}'`;

  await logIn(page);
  await page.getByTestId('nav-sqllab').click();
  await expect(page.getByTestId('sqllab-editor')).toBeVisible();
  await pickDatabase(page, 'examples');
  await setSql(page, sql);

  await page.getByTestId('sqllab-save').click();
  await expect(page.getByTestId('saved-query-modal')).toBeVisible();
  await page.getByTestId('saved-query-label').fill(label);
  await page.getByTestId('saved-query-description').fill('made by the e2e suite');
  await page.getByTestId('saved-query-modal-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Your query was saved' })).toBeVisible();
  await expect(page.locator('[data-test="sqllab-tab"][data-active="true"]')).toContainText(label);

  await page.getByTestId('nav-savedqueries').click();
  await expect(page).toHaveURL(/\/savedqueryview\/list\/$/);
  await page.getByTestId('savedquery-search').getByRole('searchbox').fill(label);
  await page.getByTestId('savedquery-search').getByRole('searchbox').press('Enter');
  const row = page.getByTestId('savedquery-table').locator('tbody tr').filter({ hasText: label });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('examples');

  await row.getByTestId('savedquery-preview').click();
  await expect(page.getByTestId('savedquery-preview-sql')).toHaveText(sql);
  await page.keyboard.press('Escape');

  await row.getByTestId('savedquery-open').click();
  await expect(page).toHaveURL(/\/sqllab\/$/);
  const active = page.locator('[data-test="sqllab-tab"][data-active="true"]');
  await expect(active).toContainText(label);
  await expect(editor(page)).toContainText(sql);
});
