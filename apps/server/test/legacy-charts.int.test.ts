// The plugins' query builders, as the web client runs them, without the package entry's React views.
import { getBuildQuery, type FormData } from '@tessera/charts/build-query';
import { dashboardChartsResponseSchema, exploreStateResponseSchema } from '@tessera/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutWith } from './dashboard-support';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';

/**
 * Charts saved by older Superset versions (issue #18): Superset's births example charts, created from
 * their saved params, open upgraded in Explore and on dashboards and query; the stored row is unchanged.
 */

const BIRTHS_DEFAULTS = {
  compare_lag: '10',
  compare_suffix: 'o10Y',
  limit: '25',
  time_range: 'No filter',
  granularity_sqla: 'ds',
  groupby: [],
  row_limit: 50000,
  since: '100 years ago',
  until: 'now',
  markup_type: 'markdown',
};

const BIRTHS = {
  expressionType: 'SIMPLE',
  column: { column_name: 'num', type: 'BIGINT' },
  aggregate: 'SUM',
  label: 'Births',
  optionName: 'metric_11',
};

const girls = {
  clause: 'WHERE',
  comparator: 'girl',
  expressionType: 'SIMPLE',
  filterOptionName: 'filter_girl',
  operator: '==',
  subject: 'gender',
};

/** Name, saved viz type, params and the type Tessera opens it as. */
const LEGACY_CHARTS: readonly [string, string, Record<string, unknown>, string][] = [
  [
    'Participants',
    'big_number',
    { compare_lag: '5', compare_suffix: 'over 5Y', metric: 'sum__num' },
    'big_number',
  ],
  [
    'Trends',
    'line',
    { groupby: ['name'], rich_tooltip: true, show_legend: true, metrics: [BIRTHS] },
    'echarts_timeseries_line',
  ],
  [
    'Genders by State',
    'dist_bar',
    {
      adhoc_filters: [
        {
          clause: 'WHERE',
          expressionType: 'SIMPLE',
          filterOptionName: '2745eae5',
          comparator: ['other'],
          operator: 'NOT IN',
          subject: 'state',
        },
      ],
      metrics: [
        { ...BIRTHS, column: { column_name: 'num_boys', type: 'BIGINT(20)' }, label: 'Boys' },
        { ...BIRTHS, column: { column_name: 'num_girls', type: 'BIGINT(20)' }, label: 'Girls' },
      ],
      groupby: ['state'],
    },
    'echarts_timeseries_bar',
  ],
  [
    'Top 10 Girl Name Share',
    'area',
    {
      adhoc_filters: [girls],
      comparison_type: 'values',
      groupby: ['name'],
      limit: 10,
      stacked_style: 'expand',
      time_grain_sqla: 'P1Y',
      metrics: [BIRTHS],
    },
    'echarts_area',
  ],
  [
    'Trends (today’s line without x-axis)',
    'echarts_timeseries_line',
    { metrics: ['sum__num'], time_grain_sqla: 'P1Y' },
    'echarts_timeseries_line',
  ],
  [
    'Pivot Table',
    'pivot_table',
    { groupby: ['name'], columns: ['state'], metrics: [BIRTHS], row_limit: 10 },
    'pivot_table_v2',
  ],
];

describe.each(METADATA_BACKENDS)('legacy charts on %s metadata', (backend) => {
  let server: TestServer;
  let admin: string;
  let birthNames: number;
  let dashboardId: number;
  const chartIds = new Map<string, number>();
  let unsupported: number;

  const ok = (response: LightMyRequestResponse): LightMyRequestResponse => {
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const newChart = async (name: string, vizType: string, params: Record<string, unknown>) => {
    const response = await server.request('POST', '/api/v1/chart/', {
      token: admin,
      body: {
        slice_name: name,
        viz_type: vizType,
        datasource_id: birthNames,
        datasource_type: 'table',
        params: JSON.stringify({ ...params, viz_type: vizType }),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  /** Posts what the web client would: the plugin's query context for the (upgraded) form data. */
  const runChart = async (formData: Record<string, unknown>) => {
    const vizType = String(formData.viz_type);
    const buildQuery = getBuildQuery(vizType);
    if (!buildQuery) throw new Error(`no buildQuery for ${vizType}`);
    const full: FormData = { ...formData, viz_type: vizType, datasource: `${birthNames}__table` };
    const response = await server.request('POST', '/api/v1/chart/data', {
      token: admin,
      body: buildQuery(full),
    });
    return ok(response).json<{ result: { data: Record<string, unknown>[]; rowcount: number }[] }>();
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { examples: true });
    admin = await server.token();
    const databases = ok(await server.request('GET', '/api/v1/database/', { token: admin })).json<{
      result: { id: number; database_name: string }[];
    }>();
    const examples = databases.result.find((database) => database.database_name === 'examples');
    if (!examples) throw new Error('examples database missing');
    const created = await server.request('POST', '/api/v1/dataset/get_or_create/', {
      token: admin,
      body: { table_name: 'birth_names', database_id: examples.id, schema: 'main' },
    });
    birthNames = ok(created).json<{ result: { table_id: number } }>().result.table_id;
    for (const [name, vizType, params] of LEGACY_CHARTS) {
      chartIds.set(name, await newChart(name, vizType, { ...BIRTHS_DEFAULTS, ...params }));
    }
    unsupported = await newChart('Arcs', 'deck_arc', { ...BIRTHS_DEFAULTS, color_picker: { r: 0 } });
    const dashboard = await server.request('POST', '/api/v1/dashboard/', {
      token: admin,
      body: {
        dashboard_title: 'USA Births Names',
        position_json: JSON.stringify(layoutWith([...chartIds.values(), unsupported])),
      },
    });
    expect(dashboard.statusCode, dashboard.body).toBe(201);
    dashboardId = dashboard.json<{ id: number }>().id;
  });

  afterAll(async () => {
    await server.close();
  });

  it.each(LEGACY_CHARTS)(
    'opens %s (%s) upgraded in Explore, with an x-axis where it has one',
    async (name, _saved, _params, target) => {
      const response = ok(
        await server.request('GET', `/api/v1/explore/?slice_id=${chartIds.get(name)}`, { token: admin }),
      );
      const { form_data: formData, slice } = exploreStateResponseSchema.parse(response.json()).result;
      expect(formData.viz_type).toBe(target);
      expect(slice?.viz_type).toBe(target);
      expect(slice?.form_data.viz_type).toBe(target);
      if (target !== 'pivot_table_v2') expect(formData.x_axis).toBeTruthy();
      expect(formData).not.toHaveProperty('granularity_sqla');
      const result = await runChart(formData);
      expect(result.result[0]?.rowcount ?? 0).toBeGreaterThan(0);
    },
  );

  it('keeps the stored row as it was saved', async () => {
    const id = chartIds.get('Trends') ?? 0;
    const chart = ok(await server.request('GET', `/api/v1/chart/${id}`, { token: admin })).json<{
      result: { viz_type: string; params: string };
    }>();
    expect(chart.result.viz_type).toBe('line');
    expect(JSON.parse(chart.result.params)).toMatchObject({ viz_type: 'line', granularity_sqla: 'ds' });
  });

  it('serves the dashboard its charts upgraded, and an unknown type as saved', async () => {
    const response = ok(
      await server.request('GET', `/api/v1/dashboard/${dashboardId}/charts`, { token: admin }),
    );
    const charts = dashboardChartsResponseSchema.parse(response.json()).result;
    for (const [name, , , target] of LEGACY_CHARTS) {
      const chart = charts.find((item) => item.id === chartIds.get(name));
      expect(chart?.viz_type, name).toBe(target);
      expect(chart?.form_data.viz_type, name).toBe(target);
    }
    const arcs = charts.find((item) => item.id === unsupported);
    expect(arcs?.viz_type).toBe('deck_arc');
    expect(arcs?.form_data).toMatchObject({ viz_type: 'deck_arc', slice_id: unsupported });
  });

  it('gives the big number the same total as SQL over the whole table', async () => {
    const id = chartIds.get('Participants') ?? 0;
    const state = ok(await server.request('GET', `/api/v1/explore/?slice_id=${id}`, { token: admin }));
    const result = await runChart(exploreStateResponseSchema.parse(state.json()).result.form_data);
    const points = result.result[0]?.data ?? [];
    const total = points.reduce((sum, row) => sum + Number(row.sum__num ?? 0), 0);
    const direct = await server.request('POST', '/api/v1/chart/data', {
      token: admin,
      body: {
        datasource: { id: birthNames, type: 'table' },
        queries: [{ metrics: ['sum__num'], columns: [], orderby: [] }],
      },
    });
    const expected = Number(
      ok(direct).json<{ result: { data: { sum__num: number }[] }[] }>().result[0]?.data[0]?.sum__num,
    );
    expect(total).toBe(expected);
  });
});
