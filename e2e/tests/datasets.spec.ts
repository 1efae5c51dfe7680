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

test('saves a SQL Lab result as a dataset and finds it on the Datasets page', async ({ page }) => {
  const name = `e2e_dataset_${Date.now().toString(36)}`;

  await logIn(page);
  await page.getByTestId('nav-sqllab').click();
  await expect(page.getByTestId('sqllab-editor')).toBeVisible();
  await pickDatabase(page, 'examples');
  await setSql(page, 'SELECT gender, sum(num) AS total FROM birth_names GROUP BY gender');
  await page.getByTestId('sqllab-run').click();
  await expect(page.getByTestId('sqllab-status')).toContainText(/success/i);

  await page.getByTestId('sqllab-save-dataset').click();
  await expect(page.getByTestId('save-dataset-modal')).toBeVisible();
  // The name starts as the tab's title.
  await expect(page.getByTestId('dataset-name')).not.toHaveValue('');
  await page.getByTestId('dataset-name').fill(name);
  await page.getByTestId('dataset-modal-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: `Dataset ${name} was created` })).toBeVisible();
  await expect(page.getByTestId('save-dataset-modal')).toBeHidden();

  // Saving the same name again names the clash on the field.
  await page.getByTestId('sqllab-save-dataset').click();
  await page.getByTestId('dataset-name').fill(name);
  await page.getByTestId('dataset-modal-save').click();
  await expect(page.getByTestId('dataset-name-error')).toContainText('already exists');
  await expect(
    page.getByTestId('toast').filter({ hasText: 'An error occurred while creating the data source' }),
  ).toBeVisible();
  await page.getByTestId('dataset-modal-cancel').click();

  await page.getByTestId('nav-datasets').click();
  await expect(page).toHaveURL(/\/tablemodelview\/list\/$/);
  await page.getByTestId('dataset-search').getByRole('searchbox').fill(name);
  await page.getByTestId('dataset-search').getByRole('searchbox').press('Enter');
  const row = page.getByTestId('dataset-table').locator('tbody tr').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('examples');
  await expect(row).toContainText('Virtual');

  await row.getByTestId('dataset-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('toast').filter({ hasText: `Deleted: ${name}` })).toBeVisible();
  await expect(page.getByTestId('dataset-empty')).toBeVisible();
});
