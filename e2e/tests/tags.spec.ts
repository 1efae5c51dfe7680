import { expect, test, type Page } from '@playwright/test';
import { apiToken, birthNamesDatasetId } from './explore-helpers';
import { logIn } from './login';

/**
 * Tags (spec 001 §2, TAGGING_SYSTEM on in the e2e config): tag a chart in its properties, find the tag
 * in Explore's header, and follow it to the all-entities page, which opens in a new tab and lists the chart.
 */

const shots = 'e2e/.artifacts/screens';

/** Screenshots the page in the current theme and the other one, leaving the other one on. */
async function bothThemes(page: Page, name: string): Promise<void> {
  const toggle = page.getByTestId('theme-toggle');
  for (let flip = 0; flip < 2; flip += 1) {
    const mode = await toggle.getAttribute('data-theme');
    await page.screenshot({ path: `${shots}/${name}-${mode ?? 'theme'}.png`, fullPage: true });
    if (flip === 0) {
      await toggle.click();
      await expect(toggle).not.toHaveAttribute('data-theme', mode ?? '');
    }
  }
}

test('tags a chart in its properties, shows the tag in Explore and lists the chart under it', async ({
  page,
  request,
}) => {
  // A guard against hangs on a loaded machine, not a speed check.
  test.setTimeout(600_000);
  const suffix = Date.now().toString(36);
  const chartName = `e2e tagged ${suffix}`;
  const tagName = `e2e-tag-${suffix}`;
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const created = await request.post('/api/v1/chart/', {
    headers,
    data: {
      slice_name: chartName,
      viz_type: 'table',
      datasource_id: await birthNamesDatasetId(request),
      datasource_type: 'table',
      params: '{}',
    },
  });
  expect(created.status()).toBe(201);
  const chartId = ((await created.json()) as { id: number }).id;

  await logIn(page);
  const search = page.getByTestId('chart-search').getByRole('searchbox');
  await search.fill(suffix);
  await search.press('Enter');
  const row = page
    .getByTestId('chart-table')
    .locator('tbody tr.ant-table-row')
    .filter({ hasText: chartName });
  await expect(row).toHaveCount(1);
  await row.getByTestId('chart-edit').click();

  // A new tag is typed: the select offers the text itself (allowNewOptions).
  const tags = page.getByTestId('chart-properties-tags');
  await tags.click();
  await page.keyboard.type(tagName);
  await page
    .locator('.ant-select-dropdown:visible [data-test="chart-properties-tags-option"]')
    .filter({ hasText: tagName })
    .first()
    .click();
  await expect(tags.getByTestId('chart-properties-tags-tag')).toHaveText(tagName);
  await page.keyboard.press('Escape');
  await page.getByTestId('chart-properties-save').click();
  await expect(
    page.getByTestId('toast').filter({ hasText: `Chart [${chartName}] has been saved` }),
  ).toBeVisible();
  await expect(row.getByTestId('chart-tags').getByTestId('tag-link')).toHaveText(tagName);

  await page.goto(`/explore/?slice_id=${chartId}`);
  const tagLink = page.getByTestId('explore-tags').getByTestId('tag-link');
  await expect(tagLink).toBeVisible({ timeout: 60_000 });
  await expect(tagLink).toHaveAttribute('target', '_blank');
  await expect(tagLink).toHaveAttribute('rel', /noopener/);
  await expect(tagLink).toHaveAttribute('title', tagName);
  await page.screenshot({ path: `${shots}/tags-explore-header.png` });

  const [entities] = await Promise.all([page.context().waitForEvent('page'), tagLink.click()]);
  await entities.waitForLoadState();
  await expect(entities).toHaveURL(/\/superset\/all_entities\/\?id=\d+$/);
  // A new tab loads the whole app again: slow on a loaded machine.
  await expect(entities.getByTestId('all-entities-title')).toHaveText(tagName, { timeout: 60_000 });
  const listed = entities.getByTestId('all-entities-table-chart').getByTestId('all-entities-link');
  await expect(listed).toHaveText([chartName]);
  await expect(listed).toHaveAttribute('href', `/explore/?slice_id=${chartId}`);
  await bothThemes(entities, 'tags-all-entities');

  // An id nothing has, and one that is no tag at all.
  await entities.goto('/superset/all_entities/?id=999999');
  await expect(entities.getByTestId('all-entities-not-found')).toContainText('Tag not found');
  await entities.goto('/superset/all_entities/?id=abc');
  await expect(entities.getByTestId('all-entities-not-found')).toBeVisible();
  await entities.close();

  // Removing the tag in the properties leaves the all-entities page empty.
  const tagId = Number(
    new URL((await tagLink.getAttribute('href')) ?? '', 'http://x').searchParams.get('id'),
  );
  await page.goto('/chart/list/');
  await search.fill(suffix);
  await search.press('Enter');
  await row.getByTestId('chart-edit').click();
  await tags.hover();
  await tags.locator('.ant-select-selection-item-remove').click();
  await page.getByTestId('chart-properties-save').click();
  await expect(row.getByTestId('chart-tags')).toHaveCount(0);
  await page.goto(`/superset/all_entities/?id=${tagId}`);
  await expect(page.getByTestId('all-entities-empty')).toContainText(
    'No entities have this tag currently assigned',
  );
  await bothThemes(page, 'tags-all-entities-empty');
});
