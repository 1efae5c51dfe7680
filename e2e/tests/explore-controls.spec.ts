import { copyFile, mkdir } from 'node:fs/promises';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import {
  birthNamesDatasetId,
  chartStatus,
  choose,
  drag,
  dropdownOptions,
  runAndWait,
  switchVizType,
} from './explore-helpers';
import { useAdminSession } from './login';

/** Issue 10, Explore's controls: the x-axis after a viz switch, format pickers, operators by column type. */

// A guard against hangs only: the shared machine can be slow.
test.setTimeout(600_000);

const SHOTS = '/tmp/explore-controls-shots';

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  await mkdir(SHOTS, { recursive: true });
  await copyFile(file, `${SHOTS}/${name}.png`);
}

/**
 * Opens a select's dropdown for a screenshot. A dropdown just closed with Escape can still read as expanded
 * while it animates away, so the whole open is retried until its options show, each step with its own limit.
 */
async function openDropdown(page: Page, select: Locator): Promise<void> {
  const expanded = select.locator('[aria-expanded="true"][aria-controls]');
  await expect(async () => {
    if ((await expanded.count()) === 0) await select.click({ timeout: 5000 });
    const listId = await expanded.first().getAttribute('aria-controls', { timeout: 2000 });
    const dropdown = page
      .locator('.ant-select-dropdown:visible:not([class*="-leave"])')
      .filter({ has: page.locator(`[id="${listId ?? ''}"]`) });
    await expect(dropdown.locator('.ant-select-item-option').first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });
}

async function openTable(page: Page, datasetId: number): Promise<void> {
  await page.goto(`/explore/?datasource_type=table&datasource_id=${String(datasetId)}&viz_type=table`);
  // The first look at a dataset may wait for the examples database to finish generating.
  await expect(page.getByTestId('datasource-panel')).toBeVisible({ timeout: 60_000 });
}

test('Table → Line keeps an x-axis and renders; format pickers show labels and take a d3 format', async ({
  page,
  request,
}, testInfo) => {
  const datasetId = await birthNamesDatasetId(request);
  await useAdminSession(page);
  await openTable(page, datasetId);
  await drag(
    page,
    page.locator('[data-test="datasource-column"][data-name="num"]'),
    page.getByTestId('control-metrics'),
  );
  // A table draws HTML, not a canvas.
  await page.getByTestId('run-query-button').click();
  await expect(chartStatus(page)).toHaveAttribute('data-chart-status', 'rendered');

  await switchVizType(page, 'echarts_timeseries_line', 'Line Chart');
  // The same x-axis a line chart opened by URL gets: the dataset's main datetime column.
  await expect(page.getByTestId('select-x_axis')).toHaveText('ds');
  await expect(page.getByTestId('run-query-button')).toBeEnabled();
  await runAndWait(page);
  await expect(page.getByTestId('row-count')).toContainText('rows');

  const yFormat = page.getByTestId('select-y_axis_format');
  await yFormat.scrollIntoViewIfNeeded();
  await expect(yFormat).toHaveText('Adaptive formatting');
  await expect(page.getByTestId('select-x_axis_time_format')).toHaveText('Adaptive formatting');
  const labels = await dropdownOptions(page, yFormat);
  expect(labels).toEqual(
    expect.arrayContaining(['Adaptive formatting', 'Original value', '.3s (12345.432 => 12.3k)']),
  );
  expect(labels).not.toContain('SMART_NUMBER');
  await openDropdown(page, yFormat);
  await shoot(page, testInfo, 'format-picker-light');
  // A d3 format typed in is offered as its own option.
  await page.keyboard.type(',.1f');
  const custom = page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"])')
    .getByTitle(',.1f', { exact: true });
  await expect(custom).toBeVisible();
  await shoot(page, testInfo, 'format-picker-custom-light');
  await custom.click();
  await expect(yFormat).toHaveText(',.1f');
  await expect(chartStatus(page)).toHaveAttribute('data-chart-status', 'rendered');

  await page.getByTestId('theme-toggle').click();
  await choose(page, yFormat, '.3s (12345.432 => 12.3k)');
  await expect(yFormat).toHaveText('.3s (12345.432 => 12.3k)');
  await openDropdown(page, yFormat);
  await shoot(page, testInfo, 'format-picker-dark');
  await page.keyboard.press('Escape');
  await page.getByTestId('theme-toggle').click();
});

test("a date column's operators have no LIKE or Is true; a number's no LIKE", async ({
  page,
  request,
}, testInfo) => {
  const datasetId = await birthNamesDatasetId(request);
  await useAdminSession(page);
  await openTable(page, datasetId);

  const timePill = page.getByTestId('filter-pill').filter({ hasText: 'ds' });
  await timePill.click();
  // A closed filter popover stays in the page, hidden: act on the open editor only.
  const open = (testId: string) => page.getByTestId(testId).filter({ visible: true });
  const operator = open('filter-operator-select');
  await expect(operator).toHaveText('Time range');
  const dateOperators = await dropdownOptions(page, operator);
  expect(dateOperators).toEqual(
    expect.arrayContaining([
      'Time range',
      'Equal to (=)',
      'Greater or equal (>=)',
      'Is null',
      'In',
      'Not in',
    ]),
  );
  expect(dateOperators.filter((label) => /like|is true|is false/i.test(label))).toEqual([]);
  await openDropdown(page, operator);
  await shoot(page, testInfo, 'filter-editor-date-light');
  await page.keyboard.press('Escape');
  await open('filter-cancel').click();
  await expect(open('filter-operator-select')).toHaveCount(0);

  await page.getByTestId('add-filter-adhoc_filters').click();
  await choose(page, open('filter-column-select'), 'num');
  const numberOperators = await dropdownOptions(page, operator);
  expect(numberOperators).toEqual(expect.arrayContaining(['Equal to (=)', 'In', 'Is null']));
  expect(numberOperators.filter((label) => /like/i.test(label))).toEqual([]);
  await choose(page, open('filter-column-select'), 'name');
  expect(await dropdownOptions(page, operator)).toEqual(expect.arrayContaining(['Like', 'Not like']));
  await open('filter-cancel').click();
  await expect(open('filter-operator-select')).toHaveCount(0);

  await page.getByTestId('theme-toggle').click();
  await timePill.click();
  await openDropdown(page, operator);
  await shoot(page, testInfo, 'filter-editor-date-dark');
  await page.keyboard.press('Escape');
  await open('filter-cancel').click();
  await expect(open('filter-operator-select')).toHaveCount(0);
  await page.getByTestId('theme-toggle').click();
});
