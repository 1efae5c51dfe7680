import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './credentials';
import { logIn } from './login';

const shots = 'e2e/.artifacts/screens';

async function apiToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/v1/security/login', {
    data: { username: 'admin', password: E2E_ADMIN_PASSWORD, provider: 'db' },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Screenshots the page in the light and the dark theme, leaving it as it was. */
async function bothThemes(page: Page, name: string): Promise<void> {
  const toggle = page.getByTestId('theme-toggle');
  for (let flip = 0; flip < 2; flip += 1) {
    const mode = await toggle.getAttribute('data-theme');
    await page.screenshot({ path: `${shots}/${name}-${mode ?? 'theme'}.png`, fullPage: true });
    await toggle.click();
    await expect(toggle).not.toHaveAttribute('data-theme', mode ?? '');
  }
}

test('creates a dashboard with + Dashboard, stars it and deletes it on the Dashboards page', async ({
  page,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  for (const body of [
    { dashboard_title: `Sales ${suffix}`, published: true, certified_by: 'Data team' },
    { dashboard_title: `Births ${suffix}`, slug: `births-${suffix}` },
  ]) {
    const created = await request.post('/api/v1/dashboard/', { headers, data: body });
    expect(created.status()).toBe(201);
  }

  await logIn(page);
  await page.getByTestId('nav-dashboards').click();
  await expect(page).toHaveURL(/\/dashboard\/list\/$/);
  await expect(page.getByTestId('dashboard-card').filter({ hasText: `Sales ${suffix}` })).toBeVisible();
  await expect(
    page
      .getByTestId('dashboard-card')
      .filter({ hasText: `Births ${suffix}` })
      .getByTestId('dashboard-card-title'),
  ).toHaveAttribute('href', `/superset/dashboard/births-${suffix}/`);
  await bothThemes(page, 'dashboard-list-cards');

  // '+ Dashboard' creates an untitled dashboard and opens it in edit mode; Back returns to the list.
  await page.getByTestId('dashboard-add').click();
  await expect(page).toHaveURL(/\/superset\/dashboard\/\d+\/\?edit=true$/);
  const id = /\/superset\/dashboard\/(\d+)\//.exec(page.url())?.[1] ?? '';
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/list\/$/);
  const created = page
    .getByTestId('dashboard-card')
    .filter({ has: page.locator(`a[href="/superset/dashboard/${id}/"]`) });
  await expect(created).toContainText('[ untitled dashboard ]');
  await expect(created.getByTestId('dashboard-status')).toHaveText('Draft');

  // Stars persist: the favourite filter finds the dashboard after a reload.
  await created.getByTestId('dashboard-favorite').click();
  await expect(created.getByTestId('dashboard-favorite')).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await page.getByTestId('dashboard-filter-favorite').click();
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"])')
    .getByText('Favorites', { exact: true })
    .click();
  // Other flows star their own dashboards: only this run's cards are checked.
  await expect(created).toContainText('[ untitled dashboard ]');
  await expect(page.getByTestId('dashboard-card').filter({ hasText: suffix })).toHaveCount(0);
  await page.getByTestId('dashboard-filter-favorite').locator('.ant-select-clear').click();

  // The table view: the same rows; delete the new dashboard after the confirmation.
  await page.getByTestId('dashboard-view-table').click();
  await page.getByTestId('dashboard-search').getByRole('searchbox').fill(suffix);
  await page.getByTestId('dashboard-search').getByRole('searchbox').press('Enter');
  await expect(page.getByTestId('dashboard-table').locator('tbody tr.ant-table-row')).toHaveCount(2);
  await bothThemes(page, 'dashboard-list-table');
  await page.getByTestId('dashboard-search').getByRole('searchbox').fill('');
  await page.getByTestId('dashboard-search').getByRole('searchbox').press('Enter');
  const row = page
    .getByTestId('dashboard-table')
    .locator('tbody tr.ant-table-row')
    .filter({ has: page.locator(`a[href="/superset/dashboard/${id}/"]`) });
  await row.getByTestId('dashboard-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(row).toHaveCount(0);
  expect((await request.get(`/api/v1/dashboard/${id}`, { headers })).status()).toBe(404);

  // Bulk delete the two made through the API.
  await page.getByTestId('dashboard-search').getByRole('searchbox').fill(suffix);
  await page.getByTestId('dashboard-search').getByRole('searchbox').press('Enter');
  await expect(page.getByTestId('dashboard-table').locator('tbody tr.ant-table-row')).toHaveCount(2);
  await page.getByTestId('dashboard-table').locator('thead input[type="checkbox"]').check();
  await expect(page.getByTestId('dashboard-bulk-delete')).toHaveText('Delete 2 selected');
  await page.getByTestId('dashboard-bulk-delete').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('2 dashboards will be deleted.');
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('dashboard-empty')).toContainText('No dashboards match your filters');
});
