import { explorePermalinkStateSchema, exploreStateResponseSchema } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';
import { createUser } from './sqllab-support';

describe.each(METADATA_BACKENDS)('Explore state on %s metadata', (backend) => {
  let server: TestServer;
  let admin: string;
  let alice: string;
  let bob: string;
  let gamma: string;
  let datasetId: number;
  let chartId: number;

  const explore = (token: string, query: string) =>
    server.request('GET', `/api/v1/explore/?${query}`, { token });

  beforeAll(async () => {
    server = await startTestServer(backend, { examples: true });
    admin = await server.token();
    alice = await createUser(server, admin, 'alice', 'Alpha');
    bob = await createUser(server, admin, 'bob', 'Alpha');
    gamma = await createUser(server, admin, 'gus', 'Gamma');
    const databases = await server.request('GET', '/api/v1/database/', { token: admin });
    const examples = databases
      .json<{ result: { id: number; database_name: string }[] }>()
      .result.find((database) => database.database_name === 'examples');
    if (!examples) throw new Error('examples database missing');
    const schemas = await server.request('GET', `/api/v1/database/${examples.id}/schemas/`, { token: admin });
    const dataset = await server.request('POST', '/api/v1/dataset/', {
      token: admin,
      body: {
        database: examples.id,
        schema: schemas.json<{ result: string[] }>().result[0],
        table_name: 'names',
        sql: 'SELECT name, gender, num FROM birth_names',
      },
    });
    expect(dataset.statusCode, dataset.body).toBe(201);
    datasetId = dataset.json<{ id: number }>().id;
    const chart = await server.request('POST', '/api/v1/chart/', {
      token: alice,
      body: {
        slice_name: 'Names',
        viz_type: 'pie',
        datasource_id: datasetId,
        datasource_type: 'table',
        params: JSON.stringify({ viz_type: 'pie', metric: 'count', groupby: ['gender'] }),
      },
    });
    expect(chart.statusCode, chart.body).toBe(201);
    chartId = chart.json<{ id: number }>().id;
  });

  afterAll(async () => {
    await server.close();
  });

  it('opens a saved chart with its form data, slice and dataset', async () => {
    const response = await explore(alice, `slice_id=${chartId}`);
    expect(response.statusCode, response.body).toBe(200);
    const { result } = exploreStateResponseSchema.parse(response.json());
    expect(result.form_data).toMatchObject({
      viz_type: 'pie',
      metric: 'count',
      groupby: ['gender'],
      slice_id: chartId,
      datasource: `${datasetId}__table`,
    });
    expect(result.slice).toMatchObject({
      slice_id: chartId,
      slice_name: 'Names',
      owners: [expect.any(Number)],
    });
    expect(result.dataset).toMatchObject({ id: datasetId, uid: `${datasetId}__table`, table_name: 'names' });
    expect(result.message).toBeNull();
  });

  it('opens a bare dataset with the default viz type', async () => {
    const response = await explore(alice, `datasource_id=${datasetId}&datasource_type=table`);
    expect(response.statusCode, response.body).toBe(200);
    const { result } = exploreStateResponseSchema.parse(response.json());
    expect(result.form_data).toEqual({ datasource: `${datasetId}__table`, viz_type: 'table' });
    expect(result.slice).toBeNull();
    const withViz = await explore(alice, `datasource_id=${datasetId}&datasource_type=table&viz_type=pie`);
    expect(exploreStateResponseSchema.parse(withViz.json()).result.form_data.viz_type).toBe('pie');
  });

  it('refuses what cannot be opened', async () => {
    expect((await explore(alice, '')).statusCode).toBe(400);
    expect((await explore(alice, 'slice_id=abc')).statusCode).toBe(400);
    expect((await explore(alice, 'slice_id=999999')).statusCode).toBe(404);
    expect((await explore(alice, 'datasource_id=999999&datasource_type=table')).statusCode).toBe(404);
    expect((await explore(gamma, `slice_id=${chartId}`)).statusCode).toBe(404);
    expect((await server.request('GET', `/api/v1/explore/?slice_id=${chartId}`)).statusCode).toBe(401);
  });

  it('caches form data for seven days and only its owner rewrites it', async () => {
    const formData = JSON.stringify({ datasource: `${datasetId}__table`, viz_type: 'table', row_limit: 10 });
    const created = await server.request('POST', '/api/v1/explore/form_data', {
      token: alice,
      body: { datasource_id: datasetId, datasource_type: 'table', chart_id: chartId, form_data: formData },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { key } = created.json<{ key: string }>();
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const read = await server.request('GET', `/api/v1/explore/form_data/${key}`, { token: bob });
    expect(read.json()).toEqual({ form_data: formData });
    const row = await server.ctx.store.db
      .selectFrom('key_value')
      .select('expires_on')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    const days = (Date.parse(row.expires_on ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const opened = await explore(alice, `form_data_key=${key}`);
    expect(exploreStateResponseSchema.parse(opened.json()).result.form_data).toMatchObject({
      row_limit: 10,
      slice_id: chartId,
    });

    const changed = JSON.stringify({ datasource: `${datasetId}__table`, viz_type: 'table', row_limit: 20 });
    const body = { datasource_id: datasetId, datasource_type: 'table', form_data: changed };
    const byBob = await server.request('PUT', `/api/v1/explore/form_data/${key}`, { token: bob, body });
    expect(byBob.statusCode).toBe(403);
    const byAlice = await server.request('PUT', `/api/v1/explore/form_data/${key}`, { token: alice, body });
    expect(byAlice.json()).toEqual({ key });
    const reread = await server.request('GET', `/api/v1/explore/form_data/${key}`, { token: alice });
    expect(reread.json()).toEqual({ form_data: changed });

    expect(
      (await server.request('DELETE', `/api/v1/explore/form_data/${key}`, { token: bob })).statusCode,
    ).toBe(403);
    const deleted = await server.request('DELETE', `/api/v1/explore/form_data/${key}`, { token: alice });
    expect(deleted.json()).toEqual({ message: 'Deleted successfully' });
    expect(
      (await server.request('GET', `/api/v1/explore/form_data/${key}`, { token: alice })).statusCode,
    ).toBe(404);

    const bogus = await explore(
      alice,
      `form_data_key=${encodeURIComponent('not a key!')}&datasource_id=${datasetId}`,
    );
    expect(exploreStateResponseSchema.parse(bogus.json()).result.message).toBe(
      'Form data not found in cache, reverting to dataset metadata.',
    );
    const missing = await explore(alice, `form_data_key=${key}&slice_id=${chartId}`);
    expect(exploreStateResponseSchema.parse(missing.json()).result.message).toBe(
      'Form data not found in cache, reverting to chart metadata.',
    );
  });

  it('treats an expired form-data entry as gone', async () => {
    const created = await server.request('POST', '/api/v1/explore/form_data', {
      token: alice,
      body: { datasource_id: datasetId, datasource_type: 'table', form_data: '{}' },
    });
    const { key } = created.json<{ key: string }>();
    await server.ctx.store.db
      .updateTable('key_value')
      .set({ expires_on: new Date(Date.now() - 1000).toISOString() })
      .where('key', '=', key)
      .execute();
    expect(
      (await server.request('GET', `/api/v1/explore/form_data/${key}`, { token: alice })).statusCode,
    ).toBe(404);
  });

  it('refuses bad form-data bodies', async () => {
    const post = (body: unknown) =>
      server.request('POST', '/api/v1/explore/form_data', { token: alice, body });
    expect(
      (await post({ datasource_id: datasetId, datasource_type: 'table', form_data: 'nope' })).statusCode,
    ).toBe(400);
    expect((await post({ datasource_id: 'x', datasource_type: 'table', form_data: '{}' })).statusCode).toBe(
      400,
    );
    expect(
      (await post({ datasource_id: 999_999, datasource_type: 'table', form_data: '{}' })).statusCode,
    ).toBe(404);
    const forGamma = await server.request('POST', '/api/v1/explore/form_data', {
      token: gamma,
      body: { datasource_id: datasetId, datasource_type: 'table', form_data: '{}' },
    });
    expect(forGamma.statusCode).toBe(404);
  });

  it('shares Explore state through unguessable permalinks', async () => {
    const formData = {
      datasource: `${datasetId}__table`,
      viz_type: 'pie',
      slice_id: chartId,
      metric: 'count',
    };
    const created = await server.request('POST', '/api/v1/explore/permalink', {
      token: alice,
      body: { formData, urlParams: [['standalone', '1']] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { key, url } = created.json<{ key: string; url: string }>();
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(url.endsWith(`/superset/explore/p/${key}/`)).toBe(true);

    const again = await server.request('POST', '/api/v1/explore/permalink', {
      token: alice,
      body: { formData },
    });
    expect(again.json<{ key: string }>().key).not.toBe(key);

    const read = await server.request('GET', `/api/v1/explore/permalink/${key}`, { token: bob });
    expect(read.statusCode, read.body).toBe(200);
    expect(explorePermalinkStateSchema.parse(read.json())).toEqual({
      chartId,
      datasourceId: datasetId,
      datasourceType: 'table',
      datasource: `${datasetId}__table`,
      datasetId,
      state: { formData, urlParams: [['standalone', '1']] },
    });

    const opened = await explore(bob, `permalink_key=${key}`);
    const state = exploreStateResponseSchema.parse(opened.json()).result;
    expect(state.form_data).toMatchObject({ metric: 'count', slice_id: chartId });
    expect(state.slice?.slice_id).toBe(chartId);

    expect(
      (await server.request('GET', `/api/v1/explore/permalink/${key}`, { token: gamma })).statusCode,
    ).toBe(404);
    expect(
      (await server.request('GET', '/api/v1/explore/permalink/not-a-key', { token: bob })).statusCode,
    ).toBe(404);
    expect(
      (await server.request('GET', '/api/v1/explore/permalink/AAAAAAAAAAAAAAAAAAAAAA', { token: bob }))
        .statusCode,
    ).toBe(404);

    const noDatasource = await server.request('POST', '/api/v1/explore/permalink', {
      token: alice,
      body: { formData: { viz_type: 'pie' } },
    });
    expect(noDatasource.statusCode).toBe(400);
    const badBody = await server.request('POST', '/api/v1/explore/permalink', { token: alice, rawBody: '[' });
    expect(badBody.statusCode).toBe(400);
    const hidden = await server.request('POST', '/api/v1/explore/permalink', {
      token: gamma,
      body: { formData: { datasource: `${datasetId}__table` } },
    });
    expect(hidden.statusCode).toBe(404);
  });
});
