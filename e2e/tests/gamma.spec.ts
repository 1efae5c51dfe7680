import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './credentials';

/** An admin's bearer headers, from the API login. */
async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/api/v1/security/login', {
    data: { username: 'admin', password: E2E_ADMIN_PASSWORD, provider: 'db' },
  });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
}

/** A new user holding only the built-in Gamma role, created through the API as an admin would. */
async function createGammaUser(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<void> {
  const headers = await adminHeaders(request);
  const roles = await request.get('/api/v1/security/roles/?q=(filters:!((col:name,opr:eq,value:Gamma)))', {
    headers,
  });
  const gamma = ((await roles.json()) as { result: { id: number; name: string }[] }).result.find(
    (role) => role.name === 'Gamma',
  );
  if (gamma === undefined) throw new Error('the Gamma role is not seeded');
  const created = await request.post('/api/v1/security/users/', {
    headers,
    data: {
      username,
      first_name: 'Gus',
      last_name: 'Gamma',
      email: `${username}@example.com`,
      password,
      roles: [gamma.id],
    },
  });
  expect(created.status()).toBe(201);
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login/');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

test('a Gamma user lands on the home page with a menu of screens they can open and no Forbidden anywhere', async ({
  page,
  request,
}, testInfo) => {
  // Two argon2 logins on a shared machine: more than the default budget.
  test.slow();
  const username = `gamma_${Date.now().toString(36)}`;
  const password = `${username}-password-1`;
  await createGammaUser(request, username, password);

  // Every API answer of the first screen, to prove none was refused.
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() === 403) refused.push(response.url());
  });

  await signIn(page, username, password);
  await expect(page).toHaveURL(/\/superset\/welcome\/$/);
  // The home page shows Gamma what it may read: recents, dashboards and charts, no saved queries.
  await expect(page.getByTestId('home-recents')).toBeVisible();
  await expect(page.getByTestId('home-charts')).toBeVisible();
  await expect(page.getByTestId('home-saved-queries')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await page.getByTestId('nav-charts').click();
  await expect(page.getByTestId('chart-list-page')).toBeVisible();
  // Every request of the first screen has answered before anything is judged.
  await page.waitForLoadState('networkidle');
  // No charts and no dataset yet: the empty list says what to ask for rather than a bare 'No charts yet'.
  await expect(page.getByTestId('chart-empty')).toContainText('ask an admin to grant you a dataset');

  const nav = page.getByTestId('top-nav').locator('[data-test^="nav-"]');
  // Gamma reads dashboards (published ones, and its own), charts and datasets; nothing of SQL Lab.
  await expect(nav).toHaveCount(3);
  await expect(nav.nth(0)).toHaveAttribute('data-test', 'nav-dashboards');
  await expect(nav.nth(1)).toHaveAttribute('data-test', 'nav-charts');
  await expect(nav.nth(2)).toHaveAttribute('data-test', 'nav-datasets');

  await page.getByTestId('add-menu').click();
  await expect(page.getByTestId('add-menu-chart')).toBeVisible();
  await expect(page.locator('[data-test="add-menu-database"]')).toHaveCount(0);
  await expect(page.locator('[data-test="add-menu-sql"]')).toHaveCount(0);
  await expect(page.locator('[data-test="add-menu-dataset"]')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await expect(page.getByText('Forbidden')).toHaveCount(0);
  await expect(page.locator('[data-test="toast"]')).toHaveCount(0);
  await expect(page.locator('[data-test="error-message"]')).toHaveCount(0);
  expect(refused).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('gamma-first-screen-light.png') });
  await page.getByTestId('theme-toggle').click();
  await page.screenshot({ path: testInfo.outputPath('gamma-first-screen-dark.png') });
  await page.getByTestId('theme-toggle').click();

  // The Dashboards list opens without errors.
  await page.getByTestId('nav-dashboards').click();
  await expect(page.getByTestId('dashboard-list-page')).toBeVisible();
  await expect(page.getByText('Forbidden')).toHaveCount(0);
  await expect(page.locator('[data-test="error-message"]')).toHaveCount(0);

  // The Datasets list opens too, without '+ Dataset' or errors.
  await page.getByTestId('nav-datasets').click();
  await expect(page.getByTestId('dataset-list-page')).toBeVisible();
  await expect(page.locator('[data-test="dataset-add"]')).toHaveCount(0);
  await expect(page.getByText('Forbidden')).toHaveCount(0);

  // SQL Lab, typed in by hand, says plainly that it is not for this user and leads home.
  await page.goto('/sqllab/');
  await expect(page.getByTestId('no-access')).toContainText("You don't have access to SQL Lab");
  await expect(page.locator('[data-test="toast"]')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('gamma-sqllab-no-access.png') });
  await page.getByTestId('no-access-home').click();
  await expect(page).toHaveURL(/\/superset\/welcome\/$/);

  await page.goto('/databaseview/list/');
  await expect(page.getByTestId('no-access')).toContainText("You don't have access to Databases");
  await expect(page.locator('[data-test="database-add"]')).toHaveCount(0);
  expect(refused).toEqual([]);
});

test('the 404 page leads back to the landing page', async ({ page, request }) => {
  test.slow();
  const username = `gamma404_${Date.now().toString(36)}`;
  const password = `${username}-password-1`;
  await createGammaUser(request, username, password);
  await signIn(page, username, password);
  await expect(page).toHaveURL(/\/superset\/welcome\/$/);

  await page.goto('/no/such/page/');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.getByTestId('not-found-home').click();
  await expect(page).toHaveURL(/\/superset\/welcome\/$/);
});
