import { expect, type APIRequestContext } from '@playwright/test';
import { apiToken, birthNamesDatasetId } from './explore-helpers';

const count = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'rows' };
const total = { expressionType: 'SQL', sqlExpression: 'SUM(num)', label: 'total' };

export interface TabbedDashboard {
  suffix: string;
  headers: Record<string, string>;
  big: number | undefined;
  pie: number | undefined;
  table: number | undefined;
  dashboardId: number;
}

/** Three charts from birth_names in two tabs, with a header, markdown and a divider, made through the API. */
export async function createTabbedDashboard(
  request: APIRequestContext,
  prefix: string,
  title: string,
): Promise<TabbedDashboard> {
  const suffix = Date.now().toString(36);
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const datasetId = await birthNamesDatasetId(request);
  const datasource = `${String(datasetId)}__table`;
  const chartIds: number[] = [];
  for (const [name, params] of [
    [`${prefix} big ${suffix}`, { viz_type: 'big_number_total', metric: count }],
    [`${prefix} pie ${suffix}`, { viz_type: 'pie', metric: total, groupby: ['gender'] }],
    [
      `${prefix} table ${suffix}`,
      { viz_type: 'table', query_mode: 'raw', all_columns: ['name', 'num'], row_limit: 10 },
    ],
  ] as const) {
    const created = await request.post('/api/v1/chart/', {
      headers,
      data: {
        slice_name: name,
        viz_type: params.viz_type,
        datasource_id: datasetId,
        datasource_type: 'table',
        params: JSON.stringify({ ...params, datasource }),
      },
    });
    expect(created.status()).toBe(201);
    chartIds.push(((await created.json()) as { id: number }).id);
  }
  const [big, pie, table] = chartIds;
  const chart = (id: string, chartId: number | undefined) => ({
    id,
    type: 'CHART',
    children: [],
    meta: { chartId, width: 4, height: 40 },
  });
  const position = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['HEADER-h1', 'TABS-t1', 'DIVIDER-d1'] },
    'HEADER-h1': {
      id: 'HEADER-h1',
      type: 'HEADER',
      children: [],
      meta: { text: 'Births', headerSize: 'MEDIUM_HEADER' },
    },
    'TABS-t1': { id: 'TABS-t1', type: 'TABS', children: ['TAB-a', 'TAB-b'] },
    'TAB-a': { id: 'TAB-a', type: 'TAB', children: ['ROW-r1'], meta: { text: 'Overview' } },
    'TAB-b': { id: 'TAB-b', type: 'TAB', children: ['ROW-r2'], meta: { text: 'Names' } },
    'ROW-r1': { id: 'ROW-r1', type: 'ROW', children: ['CHART-c1', 'CHART-c2', 'MARKDOWN-m1'] },
    'ROW-r2': { id: 'ROW-r2', type: 'ROW', children: ['CHART-c3'] },
    'CHART-c1': chart('CHART-c1', big),
    'CHART-c2': chart('CHART-c2', pie),
    'CHART-c3': { ...chart('CHART-c3', table), meta: { chartId: table, width: 8, height: 50 } },
    'MARKDOWN-m1': {
      id: 'MARKDOWN-m1',
      type: 'MARKDOWN',
      children: [],
      meta: { width: 4, height: 40, code: '## Notes\n\nSafe <img src=x onerror="window.__xss=1">' },
    },
    'DIVIDER-d1': { id: 'DIVIDER-d1', type: 'DIVIDER', children: [] },
  };
  const created = await request.post('/api/v1/dashboard/', {
    headers,
    data: {
      dashboard_title: `${title} ${suffix}`,
      position_json: JSON.stringify(position),
      json_metadata: JSON.stringify({ color_scheme: 'bnbColors' }),
      css: '.dashboard-markdown h2 { letter-spacing: 2px; }',
    },
  });
  expect(created.status()).toBe(201);
  const dashboardId = ((await created.json()) as { id: number }).id;
  return { suffix, headers, big, pie, table, dashboardId };
}
