import { expect } from 'vitest';
import { ensureExamples } from '../src/init';
import type { TestServer } from './harness';
import { createUser } from './sqllab-support';

/** Users, a dataset on the examples database and charts on it, shared by the dashboard suites. */
export interface DashboardFixture {
  admin: string;
  alice: string;
  bob: string;
  gamma: string;
  aliceId: number;
  datasetId: number;
  otherDatasetId: number;
  /** Charts by alice on datasetId. */
  charts: number[];
  /** A chart by alice on otherDatasetId. */
  otherChart: number;
}

export const userIdOf = async (server: TestServer, token: string): Promise<number> =>
  (await server.request('GET', '/api/v1/me/', { token })).json<{ result: { id: number } }>().result.id;

async function newDataset(
  server: TestServer,
  admin: string,
  tableName: string,
  sql: string,
): Promise<number> {
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
}

export async function newChart(
  server: TestServer,
  token: string,
  datasetId: number,
  name: string,
): Promise<number> {
  const response = await server.request('POST', '/api/v1/chart/', {
    token,
    body: {
      slice_name: name,
      datasource_id: datasetId,
      datasource_type: 'table',
      viz_type: 'table',
      params: JSON.stringify({ viz_type: 'table', datasource: `${datasetId}__table`, row_limit: 5 }),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

export async function dashboardFixture(server: TestServer): Promise<DashboardFixture> {
  await ensureExamples(server.ctx);
  const admin = await server.token();
  const alice = await createUser(server, admin, 'alice', 'Alpha');
  const bob = await createUser(server, admin, 'bob', 'Alpha');
  const gamma = await createUser(server, admin, 'gus', 'Gamma');
  const datasetId = await newDataset(server, admin, 'names', 'SELECT name, gender, num FROM birth_names');
  const otherDatasetId = await newDataset(server, admin, 'states', 'SELECT state, num FROM birth_names');
  const charts = [
    await newChart(server, alice, datasetId, 'First'),
    await newChart(server, alice, datasetId, 'Second'),
  ];
  const otherChart = await newChart(server, alice, otherDatasetId, 'Other');
  return {
    admin,
    alice,
    bob,
    gamma,
    aliceId: await userIdOf(server, alice),
    datasetId,
    otherDatasetId,
    charts,
    otherChart,
  };
}

/** A valid layout: ROOT → GRID → one ROW holding the charts (and optional extra components). */
export function layoutWith(chartIds: readonly number[]): Record<string, unknown> {
  const chartKeys = chartIds.map((id) => `CHART-c${id}`);
  const layout: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-r1'], parents: ['ROOT_ID'] },
    HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', children: [], meta: { text: 'Board' } },
    'ROW-r1': {
      id: 'ROW-r1',
      type: 'ROW',
      children: chartKeys,
      parents: ['ROOT_ID', 'GRID_ID'],
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    },
  };
  chartIds.forEach((id, index) => {
    layout[chartKeys[index] ?? ''] = {
      id: `CHART-c${id}`,
      type: 'CHART',
      children: [],
      parents: ['ROOT_ID', 'GRID_ID', 'ROW-r1'],
      meta: { chartId: id, width: 4, height: 50 },
    };
  });
  return layout;
}
