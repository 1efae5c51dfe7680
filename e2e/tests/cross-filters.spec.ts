import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, birthNamesDatasetId, choose, examplesDatabaseId } from './explore-helpers';
import {
  bigNumber,
  createBirthNamesChart,
  createRowDashboard,
  dashboardChart,
  sqlCount,
} from './dashboard-filters-helpers';
import { useAdminSession } from './login';

/**
 * Issue #13 acceptance: clicking a pie slice cross-filters the charts in scope on the same dataset and,
 * through a column mapping set in the 'Cross-filter scoping' modal, a chart on another dataset; a chart
 * left out of the scope stays as it was; clearing the cross-filter restores every chart.
 */

const count = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'rows' };

interface Fixture {
  dashboardId: number;
  headers: Record<string, string>;
  names: { pie: string; inScope: string; excluded: string; mapped: string };
  mappedTable: string;
}

async function createFixture(request: APIRequestContext): Promise<Fixture> {
  const suffix = Date.now().toString(36);
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const birthNames = await birthNamesDatasetId(request);
  const mappedTable = `xf_sexes_${suffix}`;
  const dataset = await request.post('/api/v1/dataset/', {
    headers,
    data: {
      database: await examplesDatabaseId(request, headers),
      schema: 'main',
      table_name: mappedTable,
      sql: 'SELECT gender AS sex, num FROM birth_names',
    },
  });
  expect(dataset.status()).toBe(201);
  const other = ((await dataset.json()) as { id: number }).id;
  const names = {
    pie: `xf pie ${suffix}`,
    inScope: `xf rows ${suffix}`,
    excluded: `xf excluded ${suffix}`,
    mapped: `xf mapped ${suffix}`,
  };
  const big = { viz_type: 'big_number_total', metric: count, y_axis_format: ',d' };
  const pie = await createBirthNamesChart(request, headers, birthNames, names.pie, {
    viz_type: 'pie',
    groupby: ['gender'],
    metric: count,
    show_legend: false,
  });
  const inScope = await createBirthNamesChart(request, headers, birthNames, names.inScope, big);
  const excluded = await createBirthNamesChart(request, headers, birthNames, names.excluded, big);
  const mapped = await createBirthNamesChart(request, headers, other, names.mapped, big);
  const dashboardId = await createRowDashboard(
    request,
    headers,
    `Cross-filters ${suffix}`,
    [pie, inScope, excluded, mapped],
    { cross_filters_enabled: true },
  );
  return { dashboardId, headers, names, mappedTable };
}

test('a pie slice cross-filters the charts in scope, a mapped chart on another dataset, and clears', async ({
  page,
  request,
}) => {
  // A guard against hangs on a loaded machine, not a speed check.
  test.setTimeout(300_000);
  await useAdminSession(page);
  const fixture = await createFixture(request);
  const { names } = fixture;
  await page.goto(`/superset/dashboard/${String(fixture.dashboardId)}/`);
  const all = await sqlCount(request, fixture.headers, '1=1');
  for (const name of [names.inScope, names.excluded, names.mapped]) {
    await expect(bigNumber(page, name)).toHaveText(all, { timeout: 120_000 });
  }

  // Scoping: the global scope leaves one chart out; a mapping links gender to the other dataset's sex.
  await page.getByTestId('dashboard-header-menu').click();
  await page.getByTestId('cross-filter-scoping-menu-item').click();
  const modal = page.getByTestId('cross-filter-scoping-modal');
  await expect(modal).toBeVisible();
  await modal
    .locator('.ant-tree-treenode')
    .filter({ hasText: names.excluded })
    .locator('.ant-tree-checkbox')
    .click();
  await modal.getByTestId('cross-filter-tab-mappings').click();
  await modal.getByTestId('cross-filter-mapping-add').click();
  const row = modal.getByTestId('cross-filter-mapping-row');
  await choose(page, row.getByTestId('cross-filter-mapping-source-dataset'), 'birth_names');
  await choose(page, row.getByTestId('cross-filter-mapping-source-column'), 'gender');
  await choose(page, row.getByTestId('cross-filter-mapping-target-dataset'), fixture.mappedTable);
  await choose(page, row.getByTestId('cross-filter-mapping-target-column'), 'sex');
  await page.screenshot({ path: 'e2e/.artifacts/cross-filter-scoping-modal.png' });
  await modal.getByTestId('cross-filter-scoping-save').click();
  await expect(modal).toBeHidden({ timeout: 30_000 });

  // Click a slice of the pie (right of the centre, inside the disc).
  const canvas = dashboardChart(page, names.pie).locator('canvas').first();
  await expect(canvas).toBeVisible({ timeout: 60_000 });
  const box = await canvas.boundingBox();
  if (box === null) throw new Error('the pie has no box');
  await page.mouse.click(box.x + box.width / 2 + Math.min(box.width, box.height) / 6, box.y + box.height / 2);
  const tag = page.getByTestId('cross-filter-tag');
  await expect(tag).toBeVisible({ timeout: 30_000 });
  const gender = (await tag.textContent())?.includes('girl') === true ? 'girl' : 'boy';
  const narrowed = await sqlCount(request, fixture.headers, `gender = '${gender}'`);
  await expect(bigNumber(page, names.inScope)).toHaveText(narrowed, { timeout: 60_000 });
  await expect(bigNumber(page, names.mapped)).toHaveText(narrowed, { timeout: 60_000 });
  await expect(bigNumber(page, names.excluded)).toHaveText(all);
  await dashboardChart(page, names.mapped).getByTestId('filters-indicator').click();
  await expect(page.getByTestId('filters-indicator-item').filter({ hasText: 'mapped from' })).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/cross-filters-applied.png' });
  await page.keyboard.press('Escape');

  // Clearing the cross-filter restores every chart.
  await tag.locator('.ant-tag-close-icon').click();
  await expect(tag).toBeHidden();
  for (const name of [names.inScope, names.excluded, names.mapped]) {
    await expect(bigNumber(page, name)).toHaveText(all, { timeout: 60_000 });
  }
});
