import { expect, test, type Page } from '@playwright/test';
import { createTabbedDashboard } from './dashboard-fixture';
import { logIn } from './login';

let suffix = '';
let headers: Record<string, string> = {};
let big: number | undefined;
let pie: number | undefined;
let table: number | undefined;
let dashboardId = 0;

test.beforeAll(async ({ request }) => {
  ({ suffix, headers, big, pie, table, dashboardId } = await createTabbedDashboard(
    request,
    'dv',
    'Dashboard view',
  ));
});

const holder = (page: Page, id: number | undefined) =>
  page.locator(`[data-test="dashboard-chart"][data-test-chart-id="${String(id)}"]`);

test('opens a dashboard with tabs, renders its charts and switches tabs', async ({ page }) => {
  await logIn(page);
  await page.goto(`/superset/dashboard/${String(dashboardId)}/`);
  await expect(page.getByTestId('dashboard-title')).toHaveText(`Dashboard view ${suffix}`);
  await expect(page).toHaveTitle(`Dashboard view ${suffix}`);
  await expect(page.getByTestId('grid-header')).toHaveText('Births');
  await expect(page.getByTestId('grid-divider')).toBeVisible();
  await expect(page.getByTestId('dashboard-markdown').locator('h2')).toHaveText('Notes');
  await expect(page.getByTestId('dashboard-markdown').locator('img')).not.toHaveAttribute('onerror');

  await expect(holder(page, big)).toHaveAttribute('data-chart-status', 'rendered');
  await expect(holder(page, pie)).toHaveAttribute('data-chart-status', 'rendered');
  await expect(holder(page, table)).toHaveCount(0);
  await expect(holder(page, big).getByTestId('dashboard-chart-title')).toHaveText(`dv big ${suffix}`);
  await page.screenshot({ path: test.info().outputPath('dashboard-view-light.png'), fullPage: true });

  await page.getByTestId('dashboard-tab-title').filter({ hasText: 'Names' }).click();
  await expect(holder(page, table)).toHaveAttribute('data-chart-status', 'rendered');

  // The menu mounts on its button's first use: from the keyboard, Enter opens it and the focus stays.
  const tableMenu = holder(page, table).getByTestId('chart-menu-trigger');
  await tableMenu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('chart-menu-view-query')).toBeVisible();
  await expect(tableMenu).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('chart-menu-view-query')).toBeHidden();
  await tableMenu.click();
  await page.getByTestId('chart-menu-view-query').click();
  await expect(page.getByTestId('chart-view-query-sql')).toContainText(/SELECT/i);
  await page.keyboard.press('Escape');
});

test('opens a dashboard by its slug and moves id URLs to it', async ({ page, request }) => {
  await logIn(page);
  const slug = `dv-${suffix}`;
  const updated = await request.put(`/api/v1/dashboard/${String(dashboardId)}`, { headers, data: { slug } });
  expect(updated.status()).toBe(200);
  await page.goto(`/superset/dashboard/${slug}/?standalone=1`);
  await expect(page.getByTestId('dashboard-title')).toHaveText(`Dashboard view ${suffix}`);
  await expect(holder(page, big)).toHaveAttribute('data-chart-status', 'rendered');
  await page.goto(`/superset/dashboard/${String(dashboardId)}/?standalone=1`);
  await expect(page).toHaveURL(new RegExp(`/superset/dashboard/${slug}/\\?standalone=1$`));
  await page.goto(`/superset/dashboard/${slug}/`);
  await expect(holder(page, big)).toHaveAttribute('data-chart-status', 'rendered');
  await page.getByTestId('theme-toggle').click();
  await expect(holder(page, pie)).toHaveAttribute('data-chart-status', 'rendered');
  await page.screenshot({ path: test.info().outputPath('dashboard-view-dark.png'), fullPage: true });
});
