import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, chartStatus } from './explore-helpers';
import { useAdminSession } from './login';

/** Issue 18: Superset's world map over Superset's wb_health_population, as its "% Rural" chart. */

test.setTimeout(180_000);

const SHOTS = process.env.E2E_SHOTS_DIR;

async function worldBankDatasetId(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<number> {
  const query = '(filters:!((col:table_name,opr:eq,value:wb_health_population)))';
  const list = await request.get(`/api/v1/dataset/?q=${encodeURIComponent(query)}`, { headers });
  const found = (await list.json()) as { result: { id: number }[] };
  const dataset = found.result[0];
  if (!dataset) throw new Error('the wb_health_population example dataset is missing');
  return dataset.id;
}

/** A world map saved with the form data Superset's World Bank dashboard uses. */
async function savedWorldMap(request: APIRequestContext): Promise<number> {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const datasetId = await worldBankDatasetId(request, headers);
  const params = {
    datasource: `${String(datasetId)}__table`,
    viz_type: 'world_map',
    // Superset's "% Rural" chart looks at 2014 only.
    adhoc_filters: [
      {
        expressionType: 'SIMPLE',
        subject: 'year',
        operator: 'TEMPORAL_RANGE',
        comparator: '2014-01-01 : 2014-01-02',
        clause: 'WHERE',
      },
    ],
    entity: 'country_code',
    country_fieldtype: 'cca3',
    metric: 'sum__SP_RUR_TOTL_ZS',
    secondary_metric: 'sum__SP_POP_TOTL',
    show_bubbles: true,
    max_bubble_size: '25',
    row_limit: 50000,
  };
  const created = await request.post('/api/v1/chart/', {
    headers,
    data: {
      slice_name: `e2e % Rural ${Date.now().toString(36)}`,
      viz_type: 'world_map',
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify(params),
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the world map shades countries and draws bubbles in the ${colorScheme} theme`, async ({
    page,
    request,
  }) => {
    const id = await savedWorldMap(request);
    await page.emulateMedia({ colorScheme });
    await useAdminSession(page);
    await page.goto(`/explore/?slice_id=${String(id)}`);
    // The first Explore load of a run is slow on a busy machine (seen at over a minute).
    await expect(page.getByTestId('datasource-panel')).toBeVisible({ timeout: 120_000 });
    await expect(page.getByText('Country Field Type')).toBeVisible();
    await page.getByTestId('run-query-button').click();
    await expect(chartStatus(page)).toHaveAttribute('data-chart-status', 'rendered', { timeout: 60_000 });
    await expect(chartStatus(page).locator('canvas').first()).toBeVisible();
    if (SHOTS) {
      // Let echarts finish its entry animation before the capture.
      await page.waitForTimeout(1500);
      await chartStatus(page).screenshot({ path: `${SHOTS}/world-map-${colorScheme}.png` });
      await page.screenshot({ path: `${SHOTS}/world-map-explore-${colorScheme}.png` });
    }
  });
}
