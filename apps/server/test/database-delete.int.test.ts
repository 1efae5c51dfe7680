import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';

/** Every table a refused write could touch, as rows, so "nothing written" is checked, not assumed. */
const DUMPED_TABLES = [
  'databases',
  'datasets',
  'dataset_columns',
  'dataset_metrics',
  'dataset_owners',
  'slices',
  'slice_owners',
  'dashboards',
  'dashboard_slices',
  'tab_state',
  'table_schema',
  'saved_queries',
  'queries',
] as const;

describe.each(METADATA_BACKENDS)('databases that are still used, on %s metadata', (backend) => {
  let server: TestServer;
  let token: string;
  let databaseId: number;
  let datasetId: number;
  let chartId: number;
  let dashboardId: number;
  let tabId: number;

  const dump = async (): Promise<Record<string, unknown[]>> => {
    const out: Record<string, unknown[]> = {};
    for (const table of DUMPED_TABLES) {
      const rows = await server.ctx.store.db.selectFrom(table).selectAll().execute();
      out[table] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return out;
  };

  beforeAll(async () => {
    server = await startTestServer(backend);
    token = await server.token();
    const file = path.join(server.dataDir, 'used.sqlite');
    const sqlite = new Database(file);
    sqlite.exec("CREATE TABLE sales (region TEXT, amount INTEGER); INSERT INTO sales VALUES ('n', 1);");
    sqlite.close();
    const database = await server.request('POST', '/api/v1/database/', {
      token,
      body: { database_name: 'used', sqlalchemy_uri: `sqlite:///${file}` },
    });
    expect(database.statusCode, database.body).toBe(201);
    databaseId = database.json<{ id: number }>().id;
    const dataset = await server.request('POST', '/api/v1/dataset/', {
      token,
      body: { database: databaseId, table_name: 'sales', schema: 'main' },
    });
    expect(dataset.statusCode, dataset.body).toBe(201);
    datasetId = dataset.json<{ id: number }>().id;
    const dashboard = await server.request('POST', '/api/v1/dashboard/', {
      token,
      body: { dashboard_title: 'Sales board' },
    });
    dashboardId = dashboard.json<{ id: number }>().id;
    const chart = await server.request('POST', '/api/v1/chart/', {
      token,
      body: {
        slice_name: 'Sales',
        viz_type: 'table',
        datasource_id: datasetId,
        datasource_type: 'table',
        params: '{}',
        dashboards: [dashboardId],
      },
    });
    expect(chart.statusCode, chart.body).toBe(201);
    chartId = chart.json<{ id: number }>().id;
    const tab = await server.app.inject({
      method: 'POST',
      url: '/tabstateview/',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        queryEditor: JSON.stringify({ name: 'Sales tab', dbId: databaseId, schema: 'main', sql: 'SELECT 1' }),
      }).toString(),
    });
    expect(tab.statusCode, tab.body).toBe(200);
    tabId = tab.json<{ id: number }>().id;
  });

  afterAll(async () => {
    await server.close();
  });

  it('lists what uses a database in related_objects', async () => {
    const response = await server.request('GET', `/api/v1/database/${String(databaseId)}/related_objects/`, {
      token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      charts: { count: 1, result: [{ id: chartId, slice_name: 'Sales', viz_type: 'table' }] },
      dashboards: {
        count: 1,
        result: [{ id: dashboardId, title: 'Sales board', slug: null, json_metadata: null }],
      },
      sqllab_tab_states: { count: 1, result: [{ id: tabId, label: 'Sales tab', active: true }] },
      datasets: { count: 1, result: [{ id: datasetId, table_name: 'sales', schema: 'main' }] },
    });
    const missing = await server.request('GET', '/api/v1/database/987654/related_objects/', { token });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses to delete a database with datasets and changes nothing', async () => {
    const before = await dump();
    const response = await server.request('DELETE', `/api/v1/database/${String(databaseId)}`, { token });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Cannot delete a database that has datasets attached' });
    expect(await dump()).toEqual(before);
  });

  it('refuses writes that point at rows that do not exist, and writes nothing', async () => {
    const before = await dump();
    const refused = [
      await server.request('POST', '/api/v1/dataset/', {
        token,
        body: { database: 987654, table_name: 'sales', schema: 'main' },
      }),
      await server.request('POST', '/api/v1/dataset/', {
        token,
        body: { database: databaseId, table_name: 'sales2', schema: 'main', owners: [987654] },
      }),
      await server.request('PUT', `/api/v1/dataset/${String(datasetId)}`, {
        token,
        body: { database_id: 987654 },
      }),
      await server.request('PUT', `/api/v1/dataset/${String(datasetId)}`, {
        token,
        body: { owners: [987654] },
      }),
      await server.request('POST', '/api/v1/chart/', {
        token,
        body: { slice_name: 'x', viz_type: 'table', datasource_id: 987654, datasource_type: 'table' },
      }),
      await server.request('PUT', `/api/v1/chart/${String(chartId)}`, {
        token,
        body: { datasource_id: 987654, datasource_type: 'table' },
      }),
    ];
    expect(refused.map((response) => [response.statusCode, response.body])).toEqual(
      refused.map((response) => [422, response.body]),
    );
    expect(await dump()).toEqual(before);
  });

  it('deletes the database once nothing is built on it', async () => {
    expect((await server.request('DELETE', `/api/v1/chart/${String(chartId)}`, { token })).statusCode).toBe(
      200,
    );
    expect(
      (await server.request('DELETE', `/api/v1/dataset/${String(datasetId)}`, { token })).statusCode,
    ).toBe(200);
    const response = await server.request('DELETE', `/api/v1/database/${String(databaseId)}`, { token });
    expect(response.statusCode).toBe(200);
    expect(
      (await server.request('GET', `/api/v1/database/${String(databaseId)}`, { token })).statusCode,
    ).toBe(404);
  });
});
