import { getBuildQuery, type FormData } from '@tessera/charts/build-query';
import { legacyChartDataPayloadSchema, type LegacyChartDataPayload } from '@tessera/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';
import { createUser, examplesDatabaseId } from './sqllab-support';

/**
 * The legacy chart data views (spec 001 §2 'Explore' and §7): form data in a JSON body, a form post or
 * the query string, on the bare and the typed paths, answered in Superset's legacy payload, with the
 * rows /api/v1/chart/data gives for the same chart.
 */

const sumNum = {
  expressionType: 'SIMPLE',
  aggregate: 'SUM',
  column: { column_name: 'num' },
  label: 'SUM(num)',
};

describe.each(METADATA_BACKENDS)('explore_json on %s metadata', (backend) => {
  let server: TestServer;
  let admin: string;
  let gamma: string;
  let birthNames: number;
  let tableForm: Record<string, unknown>;
  let lineForm: Record<string, unknown>;

  const payloadOf = (response: LightMyRequestResponse): LegacyChartDataPayload => {
    expect(response.statusCode, response.body).toBe(200);
    return legacyChartDataPayloadSchema.parse(response.json());
  };
  const postJson = (url: string, body: unknown, token = admin): Promise<LightMyRequestResponse> =>
    server.request('POST', url, { token, body });
  const postForm = (url: string, formData: string, token = admin): Promise<LightMyRequestResponse> =>
    server.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ form_data: formData }).toString(),
    });
  const getWith = (url: string, formData: unknown, token = admin): Promise<LightMyRequestResponse> =>
    server.request(
      'GET',
      `${url}${url.includes('?') ? '&' : '?'}form_data=${encodeURIComponent(JSON.stringify(formData))}`,
      { token },
    );
  /** What the web client posts for the same form data: its plugin's query context. */
  const chartData = async (formData: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const vizType = String(formData.viz_type);
    const buildQuery = getBuildQuery(vizType);
    if (!buildQuery) throw new Error(`no buildQuery for ${vizType}`);
    const full: FormData = { ...formData, viz_type: vizType, datasource: `${birthNames}__table` };
    return server.request('POST', '/api/v1/chart/data', {
      token: admin,
      body: { ...buildQuery(full), ...extra },
    });
  };
  const chartRows = async (formData: Record<string, unknown>) => {
    const response = await chartData(formData);
    expect(response.statusCode, response.body).toBe(200);
    const [item] = response.json<{ result: { data: Record<string, unknown>[] }[] }>().result;
    return item?.data ?? [];
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { examples: true });
    admin = await server.token();
    const examplesDb = await examplesDatabaseId(server, admin);
    const created = await server.request('POST', '/api/v1/dataset/get_or_create/', {
      token: admin,
      body: { table_name: 'birth_names', database_id: examplesDb, schema: 'main' },
    });
    expect(created.statusCode, created.body).toBe(200);
    birthNames = created.json<{ result: { table_id: number } }>().result.table_id;
    gamma = await createUser(server, admin, `legacy_gamma_${backend}`, 'Gamma');
    tableForm = {
      datasource: `${birthNames}__table`,
      viz_type: 'table',
      query_mode: 'aggregate',
      groupby: ['gender', 'state'],
      metrics: [sumNum],
      time_range: 'No filter',
      row_limit: 10,
    };
    lineForm = {
      datasource: `${birthNames}__table`,
      viz_type: 'echarts_timeseries_line',
      x_axis: 'ds',
      time_grain_sqla: 'P1Y',
      metrics: [sumNum],
      groupby: ['gender'],
      time_range: 'No filter',
      row_limit: 10_000,
    };
  });

  afterAll(async () => {
    await server.close();
  });

  it('answers a table from a JSON body in the legacy payload, with the chart data API rows', async () => {
    const payload = payloadOf(await postJson('/superset/explore_json/', tableForm));
    const rows = await chartRows(tableForm);
    expect(rows.length).toBe(10);
    expect(payload.data).toEqual(rows);
    expect(payload).toMatchObject({
      status: 'success',
      error: null,
      errors: [],
      stacktrace: null,
      is_cached: false,
      cached_dttm: null,
      rowcount: 10,
      colnames: ['gender', 'state', 'SUM(num)'],
      coltypes: [1, 1, 0],
    });
    expect(payload.cache_key).toMatch(/^[0-9a-f]{64}$/);
    expect(payload.query).toMatch(/FROM "main"\."birth_names"/);
    expect(payload.form_data).toMatchObject({ viz_type: 'table', datasource: `${birthNames}__table` });
    // The same body wrapped as {form_data: ...}, object or JSON text, is the same chart.
    const wrapped = payloadOf(await postJson('/superset/explore_json/', { form_data: tableForm }));
    expect(wrapped.data).toEqual(rows);
    expect(wrapped.is_cached).toBe(true);
    const text = payloadOf(
      await postJson('/superset/explore_json/', { form_data: JSON.stringify(tableForm) }),
    );
    expect(text.data).toEqual(rows);
    // force=true skips the cache.
    const forced = payloadOf(await postJson('/superset/explore_json/?force=true', tableForm));
    expect(forced.is_cached).toBe(false);
    expect(forced.data).toEqual(rows);
  });

  it('answers a line chart, and a legacy line chart upgraded, with the chart data API rows', async () => {
    const rows = await chartRows(lineForm);
    expect(rows.length).toBeGreaterThan(2);
    expect(payloadOf(await postJson('/superset/explore_json/', lineForm)).data).toEqual(rows);
    // Superset's old `line` viz type with its time column, as saved by older versions.
    const legacy = {
      datasource: `${birthNames}__table`,
      viz_type: 'line',
      granularity_sqla: 'ds',
      time_grain_sqla: 'P1Y',
      metrics: [sumNum],
      groupby: ['gender'],
      since: '',
      until: '',
      row_limit: 10_000,
    };
    const upgraded = payloadOf(await postJson('/superset/explore_json/', legacy));
    expect(upgraded.form_data?.viz_type).toBe('echarts_timeseries_line');
    expect(upgraded.data).toEqual(rows);
  });

  it('reads form data from a form post, the query string (whose keys win) and the typed paths', async () => {
    const rows = await chartRows(tableForm);
    expect(payloadOf(await postForm('/superset/explore_json/', JSON.stringify(tableForm))).data).toEqual(
      rows,
    );
    expect(payloadOf(await getWith('/superset/explore_json/', tableForm)).data).toEqual(rows);
    const overridden = payloadOf(
      await postJson(
        `/superset/explore_json/?form_data=${encodeURIComponent(JSON.stringify({ row_limit: 3 }))}`,
        tableForm,
      ),
    );
    expect(overridden.data).toEqual(rows.slice(0, 3));

    const { datasource: _datasource, ...withoutDatasource } = tableForm;
    const typed = `/superset/explore_json/table/${birthNames}/`;
    expect(payloadOf(await postJson(typed, withoutDatasource)).data).toEqual(rows);
    expect(payloadOf(await getWith(typed, withoutDatasource)).data).toEqual(rows);
    expect(payloadOf(await postJson('/explore/', tableForm)).data).toEqual(rows);
    expect(
      payloadOf(await postForm(`/explore/table/${birthNames}/`, JSON.stringify(withoutDatasource))).data,
    ).toEqual(rows);
    // GET /explore/ is still the Explore page.
    const page = await server.request('GET', '/explore/?slice_id=1', { headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('runs a saved chart named by slice_id alone', async () => {
    const chart = await server.request('POST', '/api/v1/chart/', {
      token: admin,
      body: {
        slice_name: 'Legacy table',
        viz_type: 'table',
        datasource_id: birthNames,
        datasource_type: 'table',
        params: JSON.stringify(tableForm),
      },
    });
    expect(chart.statusCode, chart.body).toBe(201);
    const sliceId = chart.json<{ id: number }>().id;
    const payload = payloadOf(await postJson('/superset/explore_json/', { slice_id: sliceId }));
    expect(payload.data).toEqual(await chartRows(tableForm));
    const denied = await postJson('/superset/explore_json/', { slice_id: sliceId }, gamma);
    expect(denied.statusCode).toBe(403);
    expect((await postJson('/superset/explore_json/', { slice_id: 999_999 })).statusCode).toBe(404);
  });

  it('answers csv=true with the CSV of /api/v1/chart/data, and query, results and samples', async () => {
    const csv = await postJson('/superset/explore_json/?csv=true', tableForm);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="birth_names\.csv"/);
    const apiCsv = await chartData(tableForm, { result_format: 'csv' });
    expect(csv.body).toBe(apiCsv.body);
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFgender,state,SUM(num)');

    const query = await postJson('/superset/explore_json/?query=true', tableForm);
    expect(query.statusCode, query.body).toBe(200);
    const compiled = query.json<{ query: string; language: string }>();
    expect(Object.keys(compiled).sort()).toEqual(['language', 'query']);
    expect(compiled.language).toBe('sql');
    expect(compiled.query).toMatch(/^SELECT .*FROM "main"\."birth_names"/s);

    const results = await postJson('/superset/explore_json/?results=true', tableForm);
    expect(results.statusCode, results.body).toBe(200);
    expect(results.json<{ data: unknown[] }>().data).toEqual(await chartRows(tableForm));

    const samples = await getWith('/superset/explore_json/?samples=true', tableForm);
    expect(samples.statusCode, samples.body).toBe(200);
    const sampled = samples.json<{ data: Record<string, unknown>[]; colnames: string[] }>();
    expect(sampled.colnames).toEqual(expect.arrayContaining(['ds', 'gender', 'name', 'num', 'state']));
    expect(sampled.data.length).toBeGreaterThan(0);
  });

  it('refuses malformed form data with 400 {error}', async () => {
    const broken = await postForm('/superset/explore_json/', '{"viz_type": "table",');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: 'Request is not JSON' });
    const list = await server.request('GET', '/superset/explore_json/?form_data=%5B1%2C2%5D', {
      token: admin,
    });
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({ error: 'Request is not JSON' });
    const noDataset = await postJson('/superset/explore_json/', { viz_type: 'table', metrics: [sumNum] });
    expect(noDataset.statusCode).toBe(400);
    expect(noDataset.json()).toEqual({ error: 'The dataset associated with this chart no longer exists' });
    const unknownType = await postJson('/superset/explore_json/', { ...tableForm, viz_type: 'chord' });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json()).toEqual({ error: 'This visualization type is not supported' });
    const longRange = await postJson('/superset/explore_json/', {
      ...tableForm,
      time_range: 'x'.repeat(2000),
    });
    expect(longRange.statusCode).toBe(400);
    expect(longRange.json<{ error: string }>().error).toMatch(/^Invalid form data: queries\.0\.time_range: /);
    const otherType = await postJson(`/superset/explore_json/query/${birthNames}/`, {});
    expect(otherType.statusCode).toBe(400);
    expect(otherType.json()).toEqual({ error: 'Datasource type query is not supported' });
  });

  it('answers a query the database refuses with 400 and the failed legacy payload', async () => {
    const failing = await postJson('/superset/explore_json/', {
      ...tableForm,
      metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(no_such_column)', label: 'broken' }],
    });
    expect(failing.statusCode).toBe(400);
    const payload = legacyChartDataPayloadSchema.parse(failing.json());
    expect(payload.status).toBe('failed');
    expect(payload.error).toMatch(/no_such_column/);
    expect(payload.errors?.[0]?.message).toBe(payload.error);
    expect(payload).not.toHaveProperty('data');
  });

  it('answers 404 for an unknown datasource and 403 for one the caller cannot read', async () => {
    const unknown = await postJson('/superset/explore_json/', { ...tableForm, datasource: '999999__table' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Datasource does not exist' });
    expect(
      (await postJson('/superset/explore_json/table/abc/', withNoDatasource(tableForm))).statusCode,
    ).toBe(404);

    const denied = await postJson('/superset/explore_json/', tableForm, gamma);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({
      errors: [
        {
          message:
            'This endpoint requires the datasource birth_names, database or `all_datasource_access` permission',
          error_type: 'DATASOURCE_SECURITY_ACCESS_ERROR',
          level: 'error',
          extra: null,
        },
      ],
    });
    expect((await postForm(`/explore/table/${birthNames}/`, '{}', gamma)).statusCode).toBe(403);
    expect((await server.request('POST', '/superset/explore_json/', { body: tableForm })).statusCode).toBe(
      401,
    );
  });
});

function withNoDatasource(formData: Record<string, unknown>): Record<string, unknown> {
  const { datasource: _datasource, ...rest } = formData;
  return rest;
}
