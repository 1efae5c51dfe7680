import {
  chartListResponseSchema,
  chartShowResponseSchema,
  chartWriteResponseSchema,
  dashboardShowResponseSchema,
  favoriteStatusResponseSchema,
} from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';
import { createUser } from './sqllab-support';

interface LayoutNode {
  type: string;
  children?: string[];
  meta?: { chartId?: number; width?: number; height?: number; sliceName?: string };
}

describe.each(METADATA_BACKENDS)('charts on %s metadata', (backend) => {
  let server: TestServer;
  let admin: string;
  let alice: string;
  let bob: string;
  let gamma: string;
  let aliceId: number;
  let bobId: number;
  let datasetId: number;
  let otherDatasetId: number;

  const userId = async (token: string): Promise<number> =>
    (await server.request('GET', '/api/v1/me/', { token })).json<{ result: { id: number } }>().result.id;
  const q = (rison: string) => `?q=${encodeURIComponent(rison)}`;
  const createChart = (token: string, body: Record<string, unknown>) =>
    server.request('POST', '/api/v1/chart/', {
      token,
      body: { datasource_id: datasetId, datasource_type: 'table', viz_type: 'table', params: '{}', ...body },
    });
  const newChart = async (token: string, body: Record<string, unknown>): Promise<number> => {
    const response = await createChart(token, body);
    expect(response.statusCode, response.body).toBe(201);
    return chartWriteResponseSchema.parse(response.json()).id;
  };
  const list = async (token: string, rison = '') => {
    const response = await server.request('GET', `/api/v1/chart/${rison ? q(rison) : ''}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return chartListResponseSchema.parse(response.json());
  };
  const show = async (token: string, id: number, rison = '') => {
    const response = await server.request('GET', `/api/v1/chart/${id}${rison ? q(rison) : ''}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return chartShowResponseSchema.parse(response.json()).result;
  };
  const newDataset = async (tableName: string, sql: string): Promise<number> => {
    const databases = await server.request('GET', '/api/v1/database/', { token: admin });
    const examples = databases
      .json<{ result: { id: number; database_name: string }[] }>()
      .result.find((database) => database.database_name === 'examples');
    if (!examples) throw new Error('examples database missing');
    const schemas = await server.request('GET', `/api/v1/database/${examples.id}/schemas/`, { token: admin });
    const schema = schemas.json<{ result: string[] }>().result[0];
    const response = await server.request('POST', '/api/v1/dataset/', {
      token: admin,
      body: { database: examples.id, schema, table_name: tableName, sql },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { examples: true });
    admin = await server.token();
    alice = await createUser(server, admin, 'alice', 'Alpha');
    bob = await createUser(server, admin, 'bob', 'Alpha');
    gamma = await createUser(server, admin, 'gus', 'Gamma');
    aliceId = await userId(alice);
    bobId = await userId(bob);
    datasetId = await newDataset('names', 'SELECT name, gender, num FROM birth_names');
    otherDatasetId = await newDataset('states', 'SELECT state, num FROM birth_names');
  });

  afterAll(async () => {
    await server.close();
  });

  it('creates a chart owned by its creator and shows it in the Superset shape', async () => {
    const params = JSON.stringify({
      viz_type: 'line',
      metrics: ['count'],
      datasource: `${datasetId}__table`,
    });
    const created = await createChart(alice, {
      slice_name: 'Births by year',
      viz_type: 'line',
      params,
      query_context: '{"queries":[]}',
      description: 'Yearly births',
      cache_timeout: 60,
      owners: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = chartWriteResponseSchema.parse(created.json());
    expect(body.result).toMatchObject({
      slice_name: 'Births by year',
      viz_type: 'line',
      datasource_id: datasetId,
      datasource_type: 'table',
      params,
      owners: [aliceId],
      dashboards: [],
      cache_timeout: 60,
    });

    const chart = await show(alice, body.id);
    expect(chart).toMatchObject({
      id: body.id,
      slice_name: 'Births by year',
      params,
      query_context: '{"queries":[]}',
      url: `/explore/?slice_id=${body.id}`,
      thumbnail_url: null,
      changed_on_delta_humanized: 'a few seconds ago',
      datasource_name_text: expect.stringContaining('names') as unknown,
      owners: [{ id: aliceId, first_name: 'alice', last_name: 'Tester' }],
      dashboards: [],
    });

    const narrowed = await show(alice, body.id, '(columns:!(dashboards.id,slice_name))');
    expect(Object.keys(narrowed).sort()).toEqual(['dashboards', 'slice_name']);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const notJson = await createChart(alice, { slice_name: 'x', params: '{not json' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json<{ message: Record<string, string[]> }>().message.params?.[0]).toMatch(/JSON object/);

    const arrayParams = await createChart(alice, { slice_name: 'x', params: '[1,2]' });
    expect(arrayParams.statusCode).toBe(400);

    const missing = await server.request('POST', '/api/v1/chart/', {
      token: alice,
      body: { viz_type: 'table' },
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<{ message: Record<string, string[]> }>().message).sort()).toEqual([
      'datasource_id',
      'datasource_type',
      'slice_name',
    ]);

    const longName = await createChart(alice, { slice_name: 'n'.repeat(251) });
    expect(longName.statusCode).toBe(400);
    const emptyName = await createChart(alice, { slice_name: '' });
    expect(emptyName.statusCode).toBe(400);
    const wrongType = await createChart(alice, { slice_name: 'x', cache_timeout: 'soon' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json<{ message: Record<string, string[]> }>().message).toHaveProperty('cache_timeout');

    const malformed = await server.request('POST', '/api/v1/chart/', {
      token: alice,
      rawBody: '{"slice_name":',
    });
    expect(malformed.statusCode).toBe(400);

    const unknownDataset = await createChart(alice, { slice_name: 'x', datasource_id: 999_999 });
    expect(unknownDataset.statusCode).toBe(422);
    expect(unknownDataset.json()).toEqual({ message: { datasource_id: ['Datasource does not exist'] } });

    const unknownOwner = await createChart(alice, { slice_name: 'x', owners: [999_999] });
    expect(unknownOwner.statusCode).toBe(422);
    const unknownDashboard = await createChart(alice, { slice_name: 'x', dashboards: [999_999] });
    expect(unknownDashboard.statusCode).toBe(422);

    const names = (await list(admin, '(page_size:200)')).result.map((row) => row.slice_name);
    expect(names).not.toContain('x');
  });

  it('lets owners and Admin change a chart, and nobody else', async () => {
    const id = await newChart(alice, { slice_name: 'Owned by alice' });
    const byBob = await server.request('PUT', `/api/v1/chart/${id}`, {
      token: bob,
      body: { slice_name: 'Hijacked' },
    });
    expect(byBob.statusCode).toBe(403);
    expect(byBob.json()).toEqual({ message: 'Forbidden' });
    const bobDelete = await server.request('DELETE', `/api/v1/chart/${id}`, { token: bob });
    expect(bobDelete.statusCode).toBe(403);
    expect((await show(alice, id)).slice_name).toBe('Owned by alice');

    const byAlice = await server.request('PUT', `/api/v1/chart/${id}`, {
      token: alice,
      body: { slice_name: 'Renamed', owners: [bobId], description: 'now shared' },
    });
    expect(byAlice.statusCode, byAlice.body).toBe(200);
    // A non-admin stays among the owners of what they edit.
    expect(chartWriteResponseSchema.parse(byAlice.json()).result.owners.sort()).toEqual(
      [aliceId, bobId].sort(),
    );
    const byBobNow = await server.request('PUT', `/api/v1/chart/${id}`, {
      token: bob,
      body: { cache_timeout: 5 },
    });
    expect(byBobNow.statusCode, byBobNow.body).toBe(200);

    const byAdmin = await server.request('PUT', `/api/v1/chart/${id}`, {
      token: admin,
      body: { datasource_id: otherDatasetId, params: '{"a":1}' },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const chart = await show(admin, id);
    expect(chart).toMatchObject({ datasource_id: otherDatasetId, params: '{"a":1}', cache_timeout: 5 });

    const badPut = await server.request('PUT', `/api/v1/chart/${id}`, {
      token: alice,
      body: { params: 'nope' },
    });
    expect(badPut.statusCode).toBe(400);
    const unknownField = await server.request('PUT', `/api/v1/chart/${id}`, {
      token: alice,
      body: { bogus: 1 },
    });
    expect(unknownField.statusCode).toBe(400);
    expect((await server.request('PUT', '/api/v1/chart/999999', { token: admin, body: {} })).statusCode).toBe(
      404,
    );

    const deleted = await server.request('DELETE', `/api/v1/chart/${id}`, { token: alice });
    expect(deleted.json()).toEqual({ message: 'OK' });
    expect((await server.request('GET', `/api/v1/chart/${id}`, { token: alice })).statusCode).toBe(404);
  });

  it('hides charts whose dataset the caller cannot read', async () => {
    const id = await newChart(alice, { slice_name: 'Hidden from gamma' });
    expect((await server.request('GET', `/api/v1/chart/${id}`, { token: gamma })).statusCode).toBe(404);
    const gammaList = await list(gamma);
    expect(gammaList.ids).not.toContain(id);
    const star = await server.request('POST', `/api/v1/chart/${id}/favorites/`, { token: gamma });
    expect(star.statusCode).toBe(404);
  });

  it('bulk deletes all or nothing', async () => {
    const mine = await newChart(alice, { slice_name: 'bulk one' });
    const mineToo = await newChart(alice, { slice_name: 'bulk two' });
    const bobs = await newChart(bob, { slice_name: 'bulk bob' });
    const refused = await server.request('DELETE', `/api/v1/chart/${q(`!(${mine},${bobs})`)}`, {
      token: alice,
    });
    expect(refused.statusCode).toBe(403);
    expect((await show(alice, mine)).slice_name).toBe('bulk one');
    const unknown = await server.request('DELETE', `/api/v1/chart/${q(`!(${mine},999999)`)}`, {
      token: alice,
    });
    expect(unknown.statusCode).toBe(404);
    const done = await server.request('DELETE', `/api/v1/chart/${q(`!(${mine},${mineToo})`)}`, {
      token: alice,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: 'Deleted 2 charts' });
    expect((await server.request('GET', `/api/v1/chart/${mine}`, { token: alice })).statusCode).toBe(404);
    expect((await show(bob, bobs)).slice_name).toBe('bulk bob');
    const badQ = await server.request('DELETE', `/api/v1/chart/${q('!(a,b)')}`, { token: alice });
    expect(badQ.statusCode).toBe(400);
  });

  it('searches, filters, orders and pages the list', async () => {
    const carol = await createUser(server, admin, 'carol', 'Alpha');
    const carolId = await userId(carol);
    const pie = await newChart(carol, { slice_name: 'Zeta pie', viz_type: 'pie' });
    const bar = await newChart(carol, {
      slice_name: 'Alpha bar',
      viz_type: 'echarts_timeseries_bar',
      description: 'about births',
    });
    const other = await newChart(carol, { slice_name: 'Mid table', datasource_id: otherDatasetId });
    const mineOnly = `(col:owners,opr:rel_m_m,value:${carolId})`;

    const owned = await list(admin, `(filters:!(${mineOnly}))`);
    expect(owned.count).toBe(3);
    expect(owned.ids).toEqual([other, bar, pie]);

    const byName = await list(admin, `(filters:!(${mineOnly}),order_column:slice_name,order_direction:asc)`);
    expect(byName.result.map((row) => row.slice_name)).toEqual(['Alpha bar', 'Mid table', 'Zeta pie']);

    const search = await list(
      admin,
      `(filters:!(${mineOnly},(col:slice_name,opr:chart_all_text,value:BIRTHS)))`,
    );
    expect(search.ids).toEqual([bar]);
    const byVizText = await list(
      admin,
      `(filters:!(${mineOnly},(col:slice_name,opr:chart_all_text,value:pie)))`,
    );
    expect(byVizText.ids).toEqual([pie]);
    const byDatasetName = await list(
      admin,
      `(filters:!(${mineOnly},(col:slice_name,opr:chart_all_text,value:states)))`,
    );
    expect(byDatasetName.ids).toEqual([other]);

    const byViz = await list(admin, `(filters:!(${mineOnly},(col:viz_type,opr:eq,value:pie)))`);
    expect(byViz.ids).toEqual([pie]);
    const byDataset = await list(
      admin,
      `(filters:!(${mineOnly},(col:datasource_id,opr:eq,value:${otherDatasetId})))`,
    );
    expect(byDataset.ids).toEqual([other]);
    const createdByMe = await list(carol, '(filters:!((col:created_by,opr:chart_created_by_me,value:me)))');
    expect(createdByMe.count).toBe(3);

    const byDatasource = await list(
      admin,
      `(filters:!(${mineOnly}),order_column:datasource_name,order_direction:desc)`,
    );
    expect(byDatasource.ids[0]).toBe(other);

    const paged = await list(
      admin,
      `(filters:!(${mineOnly}),order_column:slice_name,order_direction:asc,page:1,page_size:2)`,
    );
    expect(paged.count).toBe(3);
    expect(paged.result.map((row) => row.slice_name)).toEqual(['Zeta pie']);

    const columns = await server.request(
      'GET',
      `/api/v1/chart/${q(`(filters:!(${mineOnly}),columns:!(id,slice_name,owners.first_name))`)}`,
      { token: admin },
    );
    expect(columns.json<{ result: unknown[] }>().result[0]).toEqual({
      id: other,
      slice_name: 'Mid table',
      owners: [{ id: carolId, first_name: 'carol' }],
    });

    const vizTypes = await server.request('GET', '/api/v1/chart/distinct/viz_type', { token: carol });
    const distinct = vizTypes.json<{ result: { value: string }[] }>().result.map((entry) => entry.value);
    expect(distinct).toEqual([...new Set(distinct)].sort());
    expect(distinct).toEqual(expect.arrayContaining(['pie', 'echarts_timeseries_bar', 'table']));
    const gammaTypes = await server.request('GET', '/api/v1/chart/distinct/viz_type', { token: gamma });
    expect(gammaTypes.json()).toEqual({ count: 0, result: [] });

    const big = await server.request('GET', `/api/v1/chart/${q('(page_size:200)')}`, { token: admin });
    expect(big.statusCode).toBe(200);
    const tooBig = await server.request('GET', `/api/v1/chart/${q('(page_size:201)')}`, { token: admin });
    expect(tooBig.statusCode).toBe(400);
    const badOrder = await server.request('GET', `/api/v1/chart/${q('(order_column:params)')}`, {
      token: admin,
    });
    expect(badOrder.statusCode).toBe(400);
    const badFilter = await server.request(
      'GET',
      `/api/v1/chart/${q('(filters:!((col:params,opr:ct,value:x)))')}`,
      {
        token: admin,
      },
    );
    expect(badFilter.statusCode).toBe(400);
    const badRison = await server.request('GET', '/api/v1/chart/?q=(((', { token: admin });
    expect(badRison.statusCode).toBe(400);
  });

  it('stars and unstars charts per user', async () => {
    const first = await newChart(alice, { slice_name: 'star me' });
    const second = await newChart(alice, { slice_name: 'leave me' });
    const starred = await server.request('POST', `/api/v1/chart/${first}/favorites/`, { token: bob });
    expect(starred.json()).toEqual({ result: 'OK' });
    // Twice is still one star.
    await server.request('POST', `/api/v1/chart/${first}/favorites/`, { token: bob });

    const status = await server.request(
      'GET',
      `/api/v1/chart/favorite_status/${q(`!(${first},${second})`)}`,
      {
        token: bob,
      },
    );
    expect(favoriteStatusResponseSchema.parse(status.json()).result).toEqual([
      { id: first, value: true },
      { id: second, value: false },
    ]);
    const aliceStatus = await server.request('GET', `/api/v1/chart/favorite_status/${q(`!(${first})`)}`, {
      token: alice,
    });
    expect(aliceStatus.json()).toEqual({ result: [{ id: first, value: false }] });

    const favourites = await list(bob, '(filters:!((col:id,opr:chart_is_favorite,value:!t)))');
    expect(favourites.ids).toEqual([first]);
    const notFavourites = await list(bob, '(filters:!((col:id,opr:chart_is_favorite,value:!f)))');
    expect(notFavourites.ids).toContain(second);
    expect(notFavourites.ids).not.toContain(first);

    const unstarred = await server.request('DELETE', `/api/v1/chart/${first}/favorites/`, { token: bob });
    expect(unstarred.json()).toEqual({ result: 'OK' });
    expect((await list(bob, '(filters:!((col:id,opr:chart_is_favorite,value:!t)))')).count).toBe(0);
    expect((await server.request('POST', '/api/v1/chart/999999/favorites/', { token: bob })).statusCode).toBe(
      404,
    );
  });

  it('places a chart saved into dashboards in their layouts', async () => {
    const dashboard = await server.request('POST', '/api/v1/dashboard/', {
      token: alice,
      body: { dashboard_title: 'Births overview' },
    });
    expect(dashboard.statusCode, dashboard.body).toBe(201);
    const dashboardId = dashboard.json<{ id: number }>().id;
    const chartId = await newChart(alice, { slice_name: 'On a dashboard', dashboards: [dashboardId] });

    const chart = await show(alice, chartId, '(columns:!(dashboards.id,dashboards.dashboard_title))');
    expect(chart.dashboards).toEqual([{ id: dashboardId, dashboard_title: 'Births overview' }]);

    const shown = dashboardShowResponseSchema.parse(
      (await server.request('GET', `/api/v1/dashboard/${dashboardId}`, { token: alice })).json(),
    ).result;
    expect(shown.charts).toEqual(['On a dashboard']);
    const layout = JSON.parse(shown.position_json ?? '{}') as Record<string, LayoutNode>;
    const rowId = layout.GRID_ID?.children?.[0] ?? '';
    expect(layout[rowId]?.type).toBe('ROW');
    const chartNode = layout[layout[rowId]?.children?.[0] ?? ''];
    expect(chartNode).toMatchObject({
      type: 'CHART',
      meta: { chartId, width: 4, height: 50, sliceName: 'On a dashboard' },
    });

    // Bob may not put charts into alice's dashboard.
    const bobChart = await createChart(bob, { slice_name: 'intruder', dashboards: [dashboardId] });
    expect(bobChart.statusCode).toBe(403);

    const removed = await server.request('PUT', `/api/v1/chart/${chartId}`, {
      token: alice,
      body: { dashboards: [] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = dashboardShowResponseSchema.parse(
      (await server.request('GET', `/api/v1/dashboard/${dashboardId}`, { token: alice })).json(),
    ).result;
    expect(after.charts).toEqual([]);
    expect(after.position_json).not.toContain(`"chartId":${chartId}`);
  });

  it('lists candidate owners', async () => {
    const response = await server.request('GET', `/api/v1/chart/related/owners${q("(filter:'ali')")}`, {
      token: bob,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ count: number; result: { value: number; text: string }[] }>();
    expect(body.result).toEqual([expect.objectContaining({ value: aliceId, text: 'alice Tester' })]);
  });

  it('needs a login and can_write Chart', async () => {
    expect((await server.request('GET', '/api/v1/chart/')).statusCode).toBe(401);
    const sqlOnly = await createUser(server, admin, 'sqlonly', 'sql_lab');
    expect((await server.request('GET', '/api/v1/chart/', { token: sqlOnly })).statusCode).toBe(403);
    const post = await createChart(sqlOnly, { slice_name: 'nope' });
    expect(post.statusCode).toBe(403);
  });
});
