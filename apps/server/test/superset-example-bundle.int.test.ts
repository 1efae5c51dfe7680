// The plugins' query builders, as the web client runs them on a dashboard (the package entry loads React views).
import { buildBigNumberTotalQuery } from '../../../packages/charts/src/plugins/bigNumber/buildQuery';
import { buildTimeseriesQuery } from '../../../packages/charts/src/plugins/timeseries/buildQuery';
import type { FormData } from '../../../packages/charts/src/plugin-api';
import { EXAMPLES_DATABASE_UUID, exploreStateResponseSchema } from '@tessera/contracts';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify as yamlOf } from 'yaml';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';
import { bringMetadataBack, metadataDatabaseOf, takeMetadataDown } from './metadata-outage';

/**
 * Issue #18: a dashboard bundle written the way Superset writes its own examples (legacy params with
 * granularity_sqla, legacy viz types, schema `public`, a native filter, a tabbed layout) imports into
 * a fresh data dir onto Tessera's examples database; every chart's numbers equal the same SQL run in
 * SQL Lab; its export imports into another fresh data dir with the same layout and numbers; a second
 * import needs overwrite and then duplicates nothing.
 */

const DATASET_UUID = '5b0f2c1e-7a31-4c55-9d1e-3f6a2b8c9d01';
const DASHBOARD_UUID = '5b0f2c1e-7a31-4c55-9d1e-3f6a2b8c9d02';
const CHART_UUIDS = {
  girls: '5b0f2c1e-7a31-4c55-9d1e-3f6a2b8c9d11',
  states: '5b0f2c1e-7a31-4c55-9d1e-3f6a2b8c9d12',
  years: '5b0f2c1e-7a31-4c55-9d1e-3f6a2b8c9d13',
} as const;
type ChartKey = keyof typeof CHART_UUIDS;

const sumOf = (column: string, label: string) => ({
  expressionType: 'SIMPLE',
  column: { column_name: column, type: 'BIGINT' },
  aggregate: 'SUM',
  label,
});

/** Legacy form data, as Superset 1.x saved it: granularity_sqla, since/until, old viz names. */
const CHARTS: Record<ChartKey, { name: string; vizType: string; params: Record<string, unknown> }> = {
  girls: {
    name: 'Girls born',
    vizType: 'big_number_total',
    params: {
      granularity_sqla: 'ds',
      since: '100 years ago',
      until: 'now',
      metric: 'sum__num',
      adhoc_filters: [
        {
          clause: 'WHERE',
          expressionType: 'SIMPLE',
          subject: 'gender',
          operator: '==',
          comparator: 'girl',
          filterOptionName: 'filter_girls_1',
        },
      ],
    },
  },
  states: {
    name: 'Boys and girls by state',
    vizType: 'dist_bar',
    params: {
      granularity_sqla: 'ds',
      time_range: 'No filter',
      groupby: ['state'],
      metrics: [sumOf('num_boys', 'Boys'), sumOf('num_girls', 'Girls')],
      adhoc_filters: [],
      row_limit: 50000,
    },
  },
  years: {
    name: 'Births per year',
    vizType: 'line',
    params: {
      granularity_sqla: 'ds',
      time_grain_sqla: 'P1Y',
      time_range: 'No filter',
      metrics: ['sum__num'],
      groupby: [],
      row_limit: 50000,
    },
  },
};

/** The same aggregates, as SQL Lab runs them. */
const SQL: Record<ChartKey, string> = {
  girls: "SELECT SUM(num) AS v FROM birth_names WHERE gender = 'girl'",
  states:
    'SELECT state AS k, SUM(num_boys) AS boys, SUM(num_girls) AS girls FROM birth_names GROUP BY state ORDER BY state',
  years: "SELECT date_trunc('year', ds) AS k, SUM(num) AS v FROM birth_names GROUP BY 1 ORDER BY 1",
};

function chartComponent(key: ChartKey, parent: string[]): Record<string, unknown> {
  return {
    id: `CHART-${key}`,
    type: 'CHART',
    children: [],
    parents: parent,
    meta: {
      chartId: Object.keys(CHART_UUIDS).indexOf(key) + 40,
      width: 4,
      height: 50,
      uuid: CHART_UUIDS[key],
    },
  };
}

/** ROOT → TABS → two TABs → ROWs → CHARTs, as Superset's tabbed example dashboards are laid out. */
function tabbedPosition(): Record<string, unknown> {
  const tabPath = (tab: string) => ['ROOT_ID', 'TABS-main', tab];
  return {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-main'] },
    HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', meta: { text: 'Births in tabs' } },
    'TABS-main': {
      id: 'TABS-main',
      type: 'TABS',
      children: ['TAB-totals', 'TAB-trends'],
      parents: ['ROOT_ID'],
    },
    'TAB-totals': {
      id: 'TAB-totals',
      type: 'TAB',
      children: ['ROW-totals'],
      parents: ['ROOT_ID', 'TABS-main'],
      meta: { text: 'Totals' },
    },
    'TAB-trends': {
      id: 'TAB-trends',
      type: 'TAB',
      children: ['ROW-trends'],
      parents: ['ROOT_ID', 'TABS-main'],
      meta: { text: 'Trends' },
    },
    'ROW-totals': {
      id: 'ROW-totals',
      type: 'ROW',
      children: ['CHART-girls', 'CHART-states'],
      parents: tabPath('TAB-totals'),
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    },
    'ROW-trends': {
      id: 'ROW-trends',
      type: 'ROW',
      children: ['CHART-years'],
      parents: tabPath('TAB-trends'),
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    },
    'CHART-girls': chartComponent('girls', [...tabPath('TAB-totals'), 'ROW-totals']),
    'CHART-states': chartComponent('states', [...tabPath('TAB-totals'), 'ROW-totals']),
    'CHART-years': chartComponent('years', [...tabPath('TAB-trends'), 'ROW-trends']),
  };
}

/** The bundle, file by file, in the layout of Superset's example configs. */
function authoredBundle(): Record<string, string> {
  const files: Record<string, string> = {
    'metadata.yaml': 'version: 1.0.0\ntype: Dashboard\ntimestamp: "2026-01-01T00:00:00.000000+00:00"\n',
    'databases/examples.yaml': yamlOf({
      database_name: 'examples',
      sqlalchemy_uri: '__SQLALCHEMY_EXAMPLES_URI__',
      cache_timeout: null,
      expose_in_sqllab: true,
      allow_run_async: true,
      allow_ctas: true,
      allow_cvas: true,
      allow_csv_upload: true,
      extra: { metadata_params: {}, engine_params: {} },
      uuid: EXAMPLES_DATABASE_UUID,
      version: '1.0.0',
    }),
    'datasets/examples/birth_names.yaml': yamlOf({
      table_name: 'birth_names',
      main_dttm_col: 'ds',
      schema: 'public',
      sql: null,
      params: null,
      template_params: null,
      filter_select_enabled: true,
      metrics: [{ metric_name: 'sum__num', expression: 'SUM(num)' }],
      columns: ['ds', 'gender', 'name', 'num', 'state', 'num_boys', 'num_girls'].map((name) => ({
        column_name: name,
        is_dttm: name === 'ds',
        groupby: true,
        filterable: true,
      })),
      uuid: DATASET_UUID,
      version: '1.0.0',
      database_uuid: EXAMPLES_DATABASE_UUID,
    }),
    [`dashboards/Births_in_tabs.yaml`]: yamlOf({
      dashboard_title: 'Births in tabs',
      slug: 'births-in-tabs',
      published: true,
      uuid: DASHBOARD_UUID,
      position: tabbedPosition(),
      metadata: {
        label_colors: { Girls: '#FF69B4', Boys: '#ADD8E6' },
        native_filter_configuration: [
          {
            id: 'NATIVE_FILTER-state1',
            name: 'State',
            filterType: 'filter_select',
            targets: [{ column: { name: 'state' }, datasetUuid: DATASET_UUID }],
            defaultDataMask: { filterState: {}, extraFormData: {} },
            controlValues: { multiSelect: true, enableEmptyFilter: false },
            cascadeParentIds: [],
            scope: { rootPath: ['ROOT_ID'], excluded: [] },
            type: 'NATIVE_FILTER',
          },
        ],
      },
      version: '1.0.0',
    }),
  };
  for (const [key, chart] of Object.entries(CHARTS)) {
    files[`charts/${chart.name.replace(/ /g, '_')}.yaml`] = yamlOf({
      slice_name: chart.name,
      viz_type: chart.vizType,
      params: { ...chart.params, viz_type: chart.vizType, datasource: '3__table' },
      cache_timeout: null,
      uuid: CHART_UUIDS[key as ChartKey],
      version: '1.0.0',
      dataset_uuid: DATASET_UUID,
    });
  }
  return files;
}

function zipOf(files: Record<string, string>, root = 'dashboard_export_20260101T000000'): Uint8Array {
  return zipSync(
    Object.fromEntries(Object.entries(files).map(([name, text]) => [`${root}/${name}`, strToU8(text)])),
  );
}

function multipart(zip: Uint8Array, fields: Record<string, string>): { payload: Buffer; type: string } {
  const boundary = '----tessera-example-bundle';
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="formData"; filename="bundle.zip"\r\nContent-Type: application/zip\r\n\r\n`,
    ),
    Buffer.from(zip),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

async function importDashboard(server: TestServer, token: string, zip: Uint8Array, overwrite = false) {
  const body = multipart(zip, overwrite ? { overwrite: 'true' } : {});
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/dashboard/import/',
    headers: { authorization: `Bearer ${token}`, 'content-type': body.type },
    payload: body.payload,
  });
}

const ok = (response: LightMyRequestResponse): LightMyRequestResponse => {
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

const TABLES = [
  'datasets',
  'dataset_columns',
  'dataset_metrics',
  'slices',
  'dashboards',
  'dashboard_slices',
] as const;

async function dump(server: TestServer): Promise<string> {
  const out: Record<string, unknown> = {};
  for (const table of TABLES) out[table] = await server.ctx.store.db.selectFrom(table).selectAll().execute();
  return JSON.stringify(out);
}

/** A number as the API sends it (SQL Lab may send big sums as strings). */
const num = (value: unknown): number => Number(value);

interface Imported {
  server: TestServer;
  token: string;
  dashboardId: number;
  charts: Map<ChartKey, number>;
}

async function importedInto(server: TestServer, zip: Uint8Array): Promise<Imported> {
  const token = await server.token();
  ok(await importDashboard(server, token, zip));
  const dashboard = await server.ctx.store.db
    .selectFrom('dashboards')
    .select('id')
    .where('uuid', '=', DASHBOARD_UUID)
    .executeTakeFirstOrThrow();
  const charts = new Map<ChartKey, number>();
  for (const [key, uuid] of Object.entries(CHART_UUIDS)) {
    const row = await server.ctx.store.db
      .selectFrom('slices')
      .select('id')
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    charts.set(key as ChartKey, row.id);
  }
  return { server, token, dashboardId: dashboard.id, charts };
}

/** Opens the chart as the dashboard does (Explore's upgraded form data → the plugin's query). */
async function chartRows(target: Imported, key: ChartKey): Promise<Record<string, unknown>[]> {
  const explore = ok(
    await target.server.request('GET', `/api/v1/explore/?slice_id=${target.charts.get(key)}`, {
      token: target.token,
    }),
  );
  const { form_data: formData } = exploreStateResponseSchema.parse(explore.json()).result;
  const full: FormData = {
    ...formData,
    viz_type: String(formData.viz_type),
    datasource: String(formData.datasource),
  };
  const query =
    formData.viz_type === 'big_number_total' ? buildBigNumberTotalQuery(full) : buildTimeseriesQuery(full);
  const response = ok(
    await target.server.request('POST', '/api/v1/chart/data', { token: target.token, body: query }),
  );
  const [first] = response.json<{ result: { data: Record<string, unknown>[] }[] }>().result;
  return first?.data ?? [];
}

async function sqlRows(target: Imported, key: ChartKey): Promise<Record<string, unknown>[]> {
  const databases = ok(
    await target.server.request('GET', '/api/v1/database/', { token: target.token }),
  ).json<{
    result: { id: number; database_name: string }[];
  }>();
  const examples = databases.result.find((database) => database.database_name === 'examples');
  const response = ok(
    await target.server.request('POST', '/api/v1/sqllab/execute/', {
      token: target.token,
      body: { database_id: examples?.id, sql: SQL[key], runAsync: false, schema: 'main' },
    }),
  );
  return response.json<{ data: Record<string, unknown>[] }>().data;
}

/** Each chart's numbers next to SQL Lab's, in a shape both sides can be compared in. */
async function expectChartsMatchSql(target: Imported): Promise<void> {
  const girls = await chartRows(target, 'girls');
  const [girlsSql] = await sqlRows(target, 'girls');
  expect(girls).toHaveLength(1);
  expect(num(Object.values(girls[0] ?? {})[0])).toBe(num(girlsSql?.v));
  expect(num(girlsSql?.v)).toBeGreaterThan(0);

  const states = await chartRows(target, 'states');
  const statesSql = await sqlRows(target, 'states');
  const byState = (rows: Record<string, unknown>[], k: string, boys: string, girlsKey: string) =>
    Object.fromEntries(rows.map((row) => [String(row[k]), [num(row[boys]), num(row[girlsKey])]]));
  expect(byState(states, 'state', 'Boys', 'Girls')).toEqual(byState(statesSql, 'k', 'boys', 'girls'));
  expect(statesSql.length).toBeGreaterThan(10);

  const years = await chartRows(target, 'years');
  const yearsSql = await sqlRows(target, 'years');
  /** The year of an epoch-ms number (chart data) or of an ISO-like text (SQL Lab). */
  const yearOf = (value: unknown): number =>
    typeof value === 'number' ? new Date(value).getUTCFullYear() : Number(/^\d{4}/.exec(String(value))?.[0]);
  const sorted = (rows: Record<string, unknown>[], time: string, value: string) =>
    rows.map((row) => [yearOf(row[time]), num(row[value])]).sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
  expect(sorted(years, 'ds', 'sum__num')).toEqual(sorted(yearsSql, 'k', 'v'));
  expect(yearsSql.length).toBeGreaterThan(20);
}

/** The layout with chart ids replaced by the charts' uuids: equal on every server. */
async function layoutByUuid(target: Imported): Promise<unknown> {
  const row = await target.server.ctx.store.db
    .selectFrom('dashboards')
    .select(['position_json', 'json_metadata'])
    .where('id', '=', target.dashboardId)
    .executeTakeFirstOrThrow();
  const uuidOf = new Map([...target.charts].map(([key, id]) => [id, CHART_UUIDS[key]]));
  const layout = JSON.parse(row.position_json ?? '{}') as Record<
    string,
    { type?: string; meta?: Record<string, unknown> }
  >;
  for (const component of Object.values(layout)) {
    if (component.type === 'CHART' && component.meta) {
      component.meta.uuid = uuidOf.get(Number(component.meta.chartId));
      delete component.meta.chartId;
    }
  }
  const metadata = JSON.parse(row.json_metadata ?? '{}') as { native_filter_configuration?: unknown[] };
  return { layout, filters: metadata.native_filter_configuration?.length };
}

describe.each(METADATA_BACKENDS)('a Superset-style example dashboard bundle on %s metadata', (backend) => {
  const servers: TestServer[] = [];
  const freshServer = async (): Promise<TestServer> => {
    const server = await startTestServer(backend, { examples: true });
    servers.push(server);
    return server;
  };
  let first: Imported;

  beforeAll(async () => {
    first = await importedInto(await freshServer(), zipOf(authoredBundle()));
  });

  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it('reuses the examples database and Tessera’s birth_names dataset (schema public read as main)', async () => {
    const datasets = await first.server.ctx.store.db
      .selectFrom('datasets')
      .select(['id', 'schema', 'uuid'])
      .where('table_name', '=', 'birth_names')
      .execute();
    expect(datasets).toHaveLength(1);
    expect(datasets[0]?.schema).toBe('main');
    const databases = await first.server.ctx.store.db.selectFrom('databases').select('uuid').execute();
    expect(databases).toEqual([{ uuid: EXAMPLES_DATABASE_UUID }]);
    const chart = await first.server.ctx.store.db
      .selectFrom('slices')
      .select(['datasource_id', 'viz_type'])
      .where('uuid', '=', CHART_UUIDS.states)
      .executeTakeFirstOrThrow();
    expect(chart.datasource_id).toBe(datasets[0]?.id);
    expect(chart.viz_type).not.toBe('dist_bar');
  });

  it('gives every chart the numbers SQL Lab gives', async () => {
    await expectChartsMatchSql(first);
  });

  it('refuses a second import without overwrite with Superset’s message and changes nothing', async () => {
    const before = await dump(first.server);
    const response = await importDashboard(first.server, first.token, zipOf(authoredBundle()));
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('Dashboard already exists and `overwrite=true` was not passed');
    expect(await dump(first.server)).toBe(before);
  });

  it('replaces with overwrite and duplicates nothing', async () => {
    const count = async (table: 'slices' | 'dashboards' | 'datasets' | 'dashboard_slices') =>
      (await first.server.ctx.store.db.selectFrom(table).selectAll().execute()).length;
    const before = [
      await count('slices'),
      await count('dashboards'),
      await count('datasets'),
      await count('dashboard_slices'),
    ];
    ok(await importDashboard(first.server, first.token, zipOf(authoredBundle()), true));
    expect([
      await count('slices'),
      await count('dashboards'),
      await count('datasets'),
      await count('dashboard_slices'),
    ]).toEqual(before);
    expect(before[3]).toBe(3);
  });

  it('exports into a second fresh data dir with the same layout and numbers', async () => {
    const response = ok(
      await first.server.request(
        'GET',
        `/api/v1/dashboard/export/?q=${encodeURIComponent(`!(${first.dashboardId})`)}`,
        {
          token: first.token,
        },
      ),
    );
    const exported = new Uint8Array(response.rawPayload);
    const names = Object.keys(unzipSync(exported));
    expect(names.some((name) => name.endsWith('metadata.yaml'))).toBe(true);
    const metadata = Object.entries(unzipSync(exported)).find(([name]) => name.endsWith('metadata.yaml'));
    expect(strFromU8(metadata?.[1] ?? new Uint8Array())).toContain('type: Dashboard');
    const second = await importedInto(await freshServer(), exported);
    expect(await layoutByUuid(second)).toEqual(await layoutByUuid(first));
    await expectChartsMatchSql(second);
  });
});

describe('the metadata store (PostgreSQL) going away during an import', () => {
  let server: TestServer | undefined;
  let database = '';

  afterAll(async () => {
    await bringMetadataBack(database).catch(() => undefined);
    await server?.close();
  });

  it('answers 503, writes nothing, stays up and imports once it is back', async () => {
    server = await startTestServer('postgres', { examples: true });
    database = metadataDatabaseOf(server);
    const token = await server.token();
    const before = await dump(server);
    await takeMetadataDown(database);
    const during = await importDashboard(server, token, zipOf(authoredBundle()));
    expect(during.statusCode, during.body).toBe(503);
    expect(during.body).toContain('GENERIC_BACKEND_ERROR');
    expect((await server.request('GET', '/health')).statusCode).toBe(200);
    await bringMetadataBack(database);
    expect(await dump(server)).toBe(before);
    ok(await importDashboard(server, token, zipOf(authoredBundle())));
  });
});
