import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './credentials';
import { logIn } from './login';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const editor = (page: Page) => page.getByTestId('sqllab-editor').locator('.cm-content');

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/security/login', {
    data: { username: 'admin', password: E2E_ADMIN_PASSWORD, provider: 'db' },
  });
  expect(login.status()).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  return token;
}

/** A second user with SQL Lab access, made through the API as an admin would. */
async function createAlphaUser(request: APIRequestContext): Promise<{ username: string; password: string }> {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const roles = await request.get('/api/v1/security/roles/', { headers });
  const { result } = (await roles.json()) as { result: { id: number; name: string }[] };
  const alpha = result.find((role) => role.name === 'Alpha');
  expect(alpha).toBeDefined();
  const username = `sharer_${Date.now().toString(36)}`;
  const password = `${username}-password-1`;
  const created = await request.post('/api/v1/security/users/', {
    headers,
    data: {
      username,
      first_name: 'Share',
      last_name: 'Reader',
      email: `${username}@example.com`,
      password,
      roles: [alpha?.id],
    },
  });
  expect(created.status()).toBe(201);
  return { username, password };
}

test('copies a SQL Lab link that another user opens in a new tab', async ({ page, browser, request }) => {
  const reader = await createAlphaUser(request);
  const sql = `SELECT 'shared ${Date.now().toString(36)}' AS shared_column`;

  await logIn(page);
  await page.getByTestId('nav-sqllab').click();
  await expect(page.getByTestId('sqllab-editor')).toBeVisible();
  await expect(page.getByTestId('sqllab-copy-link')).toBeEnabled();
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(sql);
  // Tabs persist on the server, so the admin's tab may carry an earlier test's title; the link keeps it.
  const title = await page
    .locator('[data-test="sqllab-tab"][data-active="true"] [data-test="sqllab-tab-title"]')
    .textContent();

  const created = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/sqllab/permalink') && response.request().method() === 'POST',
  );
  await page.getByTestId('sqllab-copy-link').click();
  const response = await created;
  expect(response.status()).toBe(201);
  const { key, url } = (await response.json()) as { key: string; url: string };
  expect(key.length).toBeGreaterThanOrEqual(22);
  expect(url).toContain(`/sqllab/p/${key}/`);
  await expect(page.getByTestId('toast').filter({ hasText: 'Copied to clipboard!' })).toBeVisible();
  // The e2e project has no DOM types: the browser reads its clipboard from an expression.
  const copied: unknown = await page.evaluate('navigator.clipboard.readText()');
  expect(copied).toBe(url);

  const other = await browser.newContext();
  try {
    const readerPage = await other.newPage();
    await readerPage.goto('/login/');
    await readerPage.getByTestId('login-username').fill(reader.username);
    await readerPage.getByTestId('login-password').fill(reader.password);
    await readerPage.getByTestId('login-submit').click();
    await expect(readerPage).not.toHaveURL(/\/login\//);

    await readerPage.goto(new URL(url).pathname);
    await expect(readerPage).toHaveURL(/\/sqllab\/$/);
    const activeTab = readerPage.locator('[data-test="sqllab-tab"][data-active="true"]');
    await expect(activeTab).toContainText(title ?? '');
    await expect(readerPage.getByTestId('sqllab-tab')).toHaveCount(1);
    await expect(readerPage.getByTestId('sqllab-editor')).toContainText(sql);
  } finally {
    await other.close();
  }
});

test('query history lists a run and opens it in SQL Lab', async ({ page }) => {
  const sql = `SELECT 'history ${Date.now().toString(36)}' AS history_column`;
  await logIn(page);
  await page.getByTestId('nav-sqllab').click();
  await expect(page.getByTestId('sqllab-run')).toBeEnabled();
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(sql);
  await page.getByTestId('sqllab-run').click();
  await expect(page.getByTestId('sqllab-status')).toContainText(/success/i);

  await page.getByTestId('nav-queryhistory').click();
  await expect(page).toHaveURL(/\/sqlhistory\/list\/$/);
  const row = page.getByTestId('query-history-row').filter({ hasText: sql });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('query-history-state')).toHaveAttribute('data-state', 'success');
  const tabs = page.getByTestId('sqllab-tab');
  await row.getByTestId('query-history-open').click();
  await expect(page).toHaveURL(/\/sqllab\/$/);
  await expect(page.locator('[data-test="sqllab-tab"][data-active="true"]')).toBeVisible();
  await expect(page.getByTestId('sqllab-editor')).toContainText(sql);
  expect(await tabs.count()).toBeGreaterThanOrEqual(2);
});
