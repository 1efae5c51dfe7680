import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './credentials';
import { logInThroughPage } from './login';

/** Picks an option of a select by its visible text. */
async function choose(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"])')
    .getByText(text, { exact: true })
    .first()
    .click();
  await page.keyboard.press('Escape');
}

test('an admin creates a row level security rule from Settings', async ({ page, request }) => {
  test.slow();
  const name = `California only ${Date.now().toString(36)}`;

  await logInThroughPage(page);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-rls').click();
  await expect(page).toHaveURL(/\/rowlevelsecurity\/list\/$/);
  await expect(page.getByTestId('rls-list-page')).toBeVisible();

  await page.getByTestId('rls-add').click();
  await page.getByTestId('rls-name').fill(name);
  await choose(page, 'rls-tables', 'main.birth_names');
  await choose(page, 'rls-roles', 'Gamma');
  await page.getByTestId('rls-group-key').fill('region');
  await page.getByTestId('rls-clause').fill("state = 'CA'");
  await page.screenshot({ path: test.info().outputPath('rls-modal.png') });
  await page.getByTestId('rls-modal-save').click();
  await expect(page.getByTestId('rls-modal-save')).toBeHidden();

  const row = page.getByTestId('rls-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('rls-table-tag')).toHaveText(['main.birth_names']);
  await expect(row.getByTestId('rls-role-tag')).toHaveText(['Gamma']);
  await expect(row.getByTestId('rls-clause-cell')).toHaveText("state = 'CA'");
  await page.screenshot({ path: test.info().outputPath('rls-list.png'), fullPage: true });

  // The rule the page saved is the API's.
  const login = await request.post('/api/v1/security/login', {
    data: { username: 'admin', password: E2E_ADMIN_PASSWORD, provider: 'db' },
  });
  const headers = {
    authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
  };
  const q = `(filters:!((col:name,opr:eq,value:'${name}')))`;
  const listed = await request.get(`/api/v1/rowlevelsecurity/?q=${encodeURIComponent(q)}`, { headers });
  const body = (await listed.json()) as {
    result: { id: number; filter_type: string; group_key: string; clause: string }[];
  };
  expect(body.result).toMatchObject([
    { filter_type: 'Regular', group_key: 'region', clause: "state = 'CA'" },
  ]);

  // Delete it from the row, so the shared examples stay unfiltered for the other flows.
  await row.getByTestId('rls-delete').click();
  await page.getByRole('button', { name: 'Delete' }).last().click();
  await expect(page.getByTestId('rls-row').filter({ hasText: name })).toHaveCount(0);
});
