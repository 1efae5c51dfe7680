import { expect, test, type Page } from '@playwright/test';
import { createTabbedDashboard } from './dashboard-fixture';
import { choose } from './explore-helpers';
import { logIn } from './login';

/**
 * Alerts & reports through the screens (issue #14, web): the list from the user menu, an alert and a
 * report made in the dialog, the active switch, the execution log (empty: nothing runs them yet), delete,
 * and 'Set up an email report' in a dashboard's header menu.
 */

const shots = 'e2e/.artifacts/screens';

// A guard against hangs on a loaded machine, not a speed check.
test.setTimeout(600_000);

/** Screenshots the page in the light and the dark theme, leaving it as it was. */
async function bothThemes(page: Page, name: string): Promise<void> {
  const toggle = page.getByTestId('theme-toggle');
  for (let flip = 0; flip < 2; flip += 1) {
    const mode = await toggle.getAttribute('data-theme');
    await page.screenshot({ path: `${shots}/${name}-${mode ?? 'theme'}.png`, fullPage: true });
    await toggle.dispatchEvent('click');
    await expect(toggle).not.toHaveAttribute('data-theme', mode ?? '');
  }
}

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

test('creates an alert and a report, switches one off, opens its log and deletes', async ({
  page,
  request,
}) => {
  const title = `Reports board ${Date.now().toString(36)}`;
  const fixture = await createTabbedDashboard(request, 'Reports', title);
  const chartName = `Reports big ${fixture.suffix}`;
  const alertName = `Rows alert ${fixture.suffix}`;
  const reportName = `Board report ${fixture.suffix}`;

  await logIn(page);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-alerts-reports').click();
  await expect(page).toHaveURL(/\/alert\/list\/$/);

  // An alert: database, SQL in SQL Lab's editor, a condition, a chart, a preset schedule, e-mail.
  await page.getByTestId('report-add').click();
  // antd puts the data-test on the dialog's unsized root: its dialog role is what shows.
  const modal = page.getByRole('dialog').filter({ has: page.getByTestId('report-form') });
  await expect(modal).toBeVisible();
  await page.getByTestId('report-name').fill(alertName);
  await choose(page, page.getByTestId('report-database'), 'examples');
  await page.getByTestId('report-sql').locator('.cm-content').click();
  await page.keyboard.insertText('SELECT COUNT(*) FROM birth_names');
  await choose(page, page.getByTestId('report-condition'), 'value is…');
  await choose(page, page.getByTestId('report-operator'), '>');
  await page.getByTestId('report-threshold').fill('10');
  await choose(page, page.getByTestId('report-chart'), chartName);
  await choose(page, page.getByTestId('report-cron-preset'), 'Every Monday at 09:00');
  await expect(page.getByTestId('report-crontab')).toHaveValue('0 9 * * 1');
  await expect(page.getByTestId('report-cron-preview')).toHaveText('At 09:00 AM, only on Monday');
  await page.getByTestId('report-email-to').fill('not-an-address');
  await page.getByTestId('report-modal-save').click();
  // The server's field message lands under the field.
  await expect(
    modal.locator('.ant-form-item').filter({ has: page.getByTestId('report-email-to') }),
  ).toContainText('Not a valid e-mail address: not-an-address');
  await page.getByTestId('report-email-to').fill('ops@example.com');
  await bothThemes(page, 'reports-modal-alert');
  await page.getByTestId('report-modal-save').click();
  await expect(toast(page, 'The report has been created')).toBeVisible();
  const alertRow = page.getByTestId('report-table').locator('tbody tr').filter({ hasText: alertName });
  await expect(alertRow).toContainText('At 09:00 AM, only on Monday');

  // The switch sends {active}; the list reads it back.
  const toggle = alertRow.getByTestId('report-toggle-active');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await page.reload();
  await expect(
    page
      .getByTestId('report-table')
      .locator('tbody tr')
      .filter({ hasText: alertName })
      .getByTestId('report-toggle-active'),
  ).toHaveAttribute('aria-checked', 'false');

  // The execution log: nothing has run yet.
  await page
    .getByTestId('report-table')
    .locator('tbody tr')
    .filter({ hasText: alertName })
    .getByTestId('report-log')
    .click();
  await expect(page).toHaveURL(/\/alert\/\d+\/log\/$/);
  await expect(page.getByTestId('report-log-page')).toContainText(alertName);
  await expect(page.getByTestId('report-log-empty')).toBeVisible();
  await page.getByTestId('report-log-back').click();
  await expect(page).toHaveURL(/\/alert\/list\/$/);

  // A report of the dashboard, from the Reports tab.
  await page.getByTestId('report-tab-reports').click();
  await expect(page).toHaveURL(/\/report\/list\/$/);
  await page.getByTestId('report-add').click();
  await expect(modal).toBeVisible();
  await page.getByTestId('report-name').fill(reportName);
  await page.getByTestId('report-content-type').getByText('Dashboard').click();
  await choose(page, page.getByTestId('report-dashboard'), `${title} ${fixture.suffix}`);
  await choose(page, page.getByTestId('report-format'), 'PDF');
  await page.getByTestId('report-email-to').fill('board@example.com');
  await page.getByTestId('report-webhook').fill('https://hooks.example.com/reports');
  await bothThemes(page, 'reports-modal-report');
  await page.getByTestId('report-modal-save').click();
  await expect(toast(page, 'The report has been created')).toBeVisible();
  const reportRow = page.getByTestId('report-table').locator('tbody tr').filter({ hasText: reportName });
  await expect(reportRow).toBeVisible();
  await bothThemes(page, 'reports-list');

  await reportRow.getByTestId('report-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(toast(page, `Deleted: ${reportName}`)).toBeVisible();
  await expect(reportRow).toHaveCount(0);

  // The dashboard's header menu sets up the user's report on it.
  await page.goto(`/superset/dashboard/${fixture.dashboardId}/`);
  await page.getByTestId('dashboard-header-menu').click();
  await page.getByTestId('report-menu-create').click();
  await expect(modal).toContainText('Schedule a new email report');
  await page.getByTestId('report-email-to').fill('me@example.com');
  await page.getByTestId('report-modal-save').click();
  await expect(toast(page, 'The report has been created')).toBeVisible();
  await page.getByTestId('dashboard-header-menu').click();
  await expect(page.getByTestId('report-menu-manage')).toBeVisible();
});
