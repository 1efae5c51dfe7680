import { exploreDatasourceSchema, exploreStateResponseSchema } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';

/** A database's extra.disable_drill_to_detail reaches Explore's datasource and SQL Lab's bootstrap. */
describe.each(METADATA_BACKENDS)('disable_drill_to_detail on %s metadata', (backend) => {
  let server: TestServer;
  let admin: string;
  let databaseId: number;
  let datasetId: number;

  beforeAll(async () => {
    server = await startTestServer(backend, { examples: true });
    admin = await server.token();
    const databases = await server.request('GET', '/api/v1/database/', { token: admin });
    const examples = databases
      .json<{ result: { id: number; database_name: string }[] }>()
      .result.find((database) => database.database_name === 'examples');
    if (!examples) throw new Error('examples database missing');
    databaseId = examples.id;
    const schemas = await server.request('GET', `/api/v1/database/${databaseId}/schemas/`, { token: admin });
    const dataset = await server.request('POST', '/api/v1/dataset/', {
      token: admin,
      body: {
        database: databaseId,
        schema: schemas.json<{ result: string[] }>().result[0],
        table_name: 'drill_names',
        sql: 'SELECT name, gender FROM birth_names',
      },
    });
    expect(dataset.statusCode, dataset.body).toBe(201);
    datasetId = dataset.json<{ id: number }>().id;
  });

  afterAll(async () => {
    await server.close();
  });

  const setExtra = async (extra: string) => {
    const response = await server.request('PUT', `/api/v1/database/${databaseId}`, {
      token: admin,
      body: { extra },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  const flags = async () => {
    const explore = await server.request(
      'GET',
      `/api/v1/explore/?datasource_id=${datasetId}&datasource_type=table`,
      {
        token: admin,
      },
    );
    expect(explore.statusCode, explore.body).toBe(200);
    const dataset = exploreDatasourceSchema.parse(
      exploreStateResponseSchema.parse(explore.json()).result.dataset,
    );
    const sqllab = await server.request('GET', '/api/v1/sqllab/', { token: admin });
    expect(sqllab.statusCode, sqllab.body).toBe(200);
    const databases = sqllab.json<{
      result: { databases: Record<string, { disable_drill_to_detail: boolean }> };
    }>().result.databases;
    return {
      explore: dataset.database.disable_drill_to_detail,
      sqllab: databases[String(databaseId)]?.disable_drill_to_detail,
    };
  };

  it('is false by default and follows the database extra', async () => {
    expect(await flags()).toEqual({ explore: false, sqllab: false });
    await setExtra(JSON.stringify({ disable_drill_to_detail: true }));
    expect(await flags()).toEqual({ explore: true, sqllab: true });
    await setExtra('{}');
    expect(await flags()).toEqual({ explore: false, sqllab: false });
  });
});
