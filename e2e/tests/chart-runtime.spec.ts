import { expect, test } from '@playwright/test';
import { birthNamesDatasetId, chartStatus, lineByYear } from './explore-helpers';
import { useAdminSession } from './login';

test.setTimeout(180_000);

/**
 * Runs in the page (a string: the e2e project has no DOM types). It watches the chart holder: the observer
 * runs right after `data-chart-status` changes, before another frame can paint, records each status and,
 * when it turns 'rendered', counts the canvas pixels that are not blank at that moment.
 */
const WATCH_HOLDER = `(() => {
  const holder = document.querySelector('[data-test="chart-container"]');
  const log = { statuses: [], inkWhenRendered: null };
  window.chartStatusLog = log;
  new MutationObserver(() => {
    const status = holder.getAttribute('data-chart-status');
    if (log.statuses[log.statuses.length - 1] !== status) log.statuses.push(status);
    if (status !== 'rendered' || log.inkWhenRendered !== null) return;
    const canvas = holder.querySelector('canvas');
    const context = canvas ? canvas.getContext('2d') : null;
    if (!context) { log.inkWhenRendered = 0; return; }
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let ink = 0;
    for (let alpha = 3; alpha < pixels.length; alpha += 4) if (pixels[alpha] > 0) ink += 1;
    log.inkWhenRendered = ink;
  }).observe(holder, { attributes: true, attributeFilter: ['data-chart-status'] });
})()`;

test("the line chart says 'rendered' only once its canvas has drawn", async ({ page, request }) => {
  const datasetId = await birthNamesDatasetId(request);
  await useAdminSession(page);
  await page.goto(
    `/explore/?datasource_type=table&datasource_id=${String(datasetId)}&viz_type=echarts_timeseries_line`,
  );
  await expect(page.getByTestId('datasource-panel')).toContainText('birth_names', { timeout: 60_000 });
  await lineByYear(page, page.locator('[data-test="datasource-column"][data-name="num"]'));
  await page.evaluate(WATCH_HOLDER);

  await page.getByTestId('run-query-button').click();
  await expect(chartStatus(page)).toHaveAttribute('data-chart-status', 'rendered');

  const statuses: unknown = await page.evaluate('window.chartStatusLog.statuses');
  const ink: unknown = await page.evaluate('window.chartStatusLog.inkWhenRendered');
  expect(statuses).toEqual(['loading', 'rendered']);
  expect(typeof ink === 'number' ? ink : 0).toBeGreaterThan(1000);
});
