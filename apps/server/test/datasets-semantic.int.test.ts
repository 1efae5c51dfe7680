import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exploreDatasourceSchema, TIME_GRAINS } from '@tessera/contracts';
import { ensureExamples } from '../src/init';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';
import { createUser } from './sqllab-support';

describe.each(METADATA_BACKENDS)('Dataset semantic layer on %s metadata', (backend) => {
  let server: TestServer;
  let admin: string;
  let gamma: string;
  let examples: number;
  let schema: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    await ensureExamples(server.ctx);
    admin = await server.token();
    gamma = await createUser(server, admin, `gamma_sem_${backend}`, 'Gamma');
    const databases = await server.request('GET', '/api/v1/database/', { token: admin });
    const found = databases
      .json<{ result: { id: number; database_name: string }[] }>()
      .result.find((database) => database.database_name === 'examples');
    if (!found) throw new Error('examples database missing');
    examples = found.id;
    const schemas = await server.request('GET', `/api/v1/database/${examples}/schemas/`, { token: admin });
    const first = schemas.json<{ result: string[] }>().result[0];
    if (first === undefined) throw new Error('examples has no schema');
    schema = first;
  });

  afterAll(async () => {
    await server.close();
  });

  it('serves the Explore datasource of a physical dataset by datasourceKey', async () => {
    const created = await server.request('POST', '/api/v1/dataset/', {
      token: admin,
      body: { database: examples, schema, table_name: 'sales' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    const response = await server.request(
      'GET',
      `/superset/fetch_datasource_metadata?datasourceKey=${id}__table`,
      { token: admin },
    );
    expect(response.statusCode).toBe(200);
    const datasource = exploreDatasourceSchema.parse(response.json());
    expect(datasource.uid).toBe(`${id}__table`);
    expect(datasource.sql).toBeNull();
    expect(datasource.metrics.map((metric) => [metric.metric_name, metric.expression])).toEqual([
      ['count', 'COUNT(*)'],
    ]);
    const temporal = datasource.columns.filter((column) => column.is_dttm).map((c) => c.column_name);
    expect(temporal.length).toBeGreaterThan(0);
    expect(datasource.main_dttm_col).toBe(temporal[0]);
    expect(datasource.granularity_sqla.map(([name]) => name).sort()).toEqual([...temporal].sort());
    expect(datasource.time_grain_sqla).toHaveLength(TIME_GRAINS.length);
    expect(datasource.verbose_map.count).toBe('COUNT(*)');
    expect(datasource.owners).toHaveLength(1);
    expect(datasource.select_star).toMatch(/sales/);

    for (const key of ['abc', `${id}`, `${id}__druid`, '0__table', '']) {
      const bad = await server.request(
        'GET',
        `/superset/fetch_datasource_metadata?datasourceKey=${encodeURIComponent(key)}`,
        { token: admin },
      );
      expect(bad.statusCode, key).toBe(400);
    }
    const unknown = await server.request(
      'GET',
      '/superset/fetch_datasource_metadata?datasourceKey=999999__table',
      {
        token: admin,
      },
    );
    expect(unknown.statusCode).toBe(404);
    const hidden = await server.request(
      'GET',
      `/superset/fetch_datasource_metadata?datasourceKey=${id}__table`,
      {
        token: gamma,
      },
    );
    expect(hidden.statusCode).toBe(404);
  });
});
