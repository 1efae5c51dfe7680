import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnValuesResponseSchema } from '@tessera/contracts';
import { startTestServer, type TestServer } from './harness';
import { createUser, examplesDatabaseId } from './sqllab-support';

/** GET /api/v1/datasource/<type>/<id>/column/<column>/values/: Explore's filter editor options. */
describe('datasource column values', () => {
  let server: TestServer;
  let admin: string;
  let birthNames: number;

  const path = (column: string, id: number | string = birthNames, type = 'table') =>
    `/api/v1/datasource/${type}/${String(id)}/column/${encodeURIComponent(column)}/values/`;
  const valuesOf = async (column: string, token = admin) => {
    const response = await server.request('GET', path(column), { token });
    expect(response.statusCode, response.body).toBe(200);
    return columnValuesResponseSchema.parse(response.json()).result;
  };

  beforeAll(async () => {
    server = await startTestServer('sqlite', { examples: true });
    admin = await server.token();
    const created = await server.request('POST', '/api/v1/dataset/get_or_create/', {
      token: admin,
      body: {
        table_name: 'birth_names',
        database_id: await examplesDatabaseId(server, admin),
        schema: 'main',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    birthNames = created.json<{ result: { table_id: number } }>().result.table_id;
  });

  afterAll(async () => {
    await server.close();
  });

  it('answers the distinct values sorted, numbers as numbers', async () => {
    expect(await valuesOf('gender')).toEqual(['boy', 'girl']);
    const states = await valuesOf('state');
    expect(states.length).toBeGreaterThan(1);
    expect(new Set(states).size).toBe(states.length);
    expect([...states].sort()).toEqual(states);
    const nums = await valuesOf('num');
    expect(nums.every((value) => typeof value === 'number')).toBe(true);
    expect(nums).toEqual([...nums].sort((a, b) => Number(a) - Number(b)));
    // The dataset type's newer name answers the same.
    const viaDataset = await server.request('GET', path('gender', birthNames, 'dataset'), { token: admin });
    expect(viaDataset.json()).toEqual({ result: ['boy', 'girl'] });
  });

  it('keeps NULL as null, on a virtual dataset too', async () => {
    const created = await server.request('POST', '/api/v1/dataset/', {
      token: admin,
      body: {
        database: await examplesDatabaseId(server, admin),
        schema: 'main',
        table_name: `girls_states_${String(process.pid)}`,
        sql: "SELECT CASE WHEN gender = 'girl' THEN state END AS girl_state FROM birth_names",
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await server.request('GET', path('girl_state', created.json<{ id: number }>().id), {
      token: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    const values = columnValuesResponseSchema.parse(response.json()).result;
    const states = (await valuesOf('state')).filter((value) => value !== null);
    // Where NULL sorts is the engine's choice; the other values keep their order.
    expect(values.filter((value) => value === null)).toHaveLength(1);
    expect(values.filter((value) => value !== null)).toEqual(states);
  });

  it('caps the list at FILTER_SELECT_ROW_LIMIT', async () => {
    const all = await valuesOf('name');
    expect(all.length).toBeGreaterThan(3);
    server.ctx.config.constants.FILTER_SELECT_ROW_LIMIT = 3;
    try {
      expect(await valuesOf('name')).toEqual(all.slice(0, 3));
    } finally {
      server.ctx.config.constants.FILTER_SELECT_ROW_LIMIT = 10_000;
    }
  });

  it("keeps to the dataset's fetch_values_predicate", async () => {
    const put = (predicate: string | null) =>
      server.request('PUT', `/api/v1/dataset/${String(birthNames)}`, {
        token: admin,
        body: { fetch_values_predicate: predicate },
      });
    expect((await put("gender = 'girl'")).statusCode).toBe(200);
    try {
      expect(await valuesOf('gender')).toEqual(['girl']);
    } finally {
      expect((await put(null)).statusCode).toBe(200);
    }
    expect(await valuesOf('gender')).toEqual(['boy', 'girl']);
  });

  it('answers the errors Superset answers', async () => {
    const get = (url: string, token = admin) => server.request('GET', url, { token });
    const unknownColumn = await get(path('no_such_column'));
    expect(unknownColumn.statusCode).toBe(400);
    expect(unknownColumn.json()).toEqual({ message: 'Column name no_such_column does not exist' });
    const badType = await get(path('gender', birthNames, 'cube'));
    expect(badType.statusCode).toBe(400);
    expect(badType.json()).toEqual({ message: 'Invalid datasource type: cube' });
    expect((await get(path('gender', birthNames, 'query'))).statusCode).toBe(400);
    expect((await get(path('gender', 999_999))).statusCode).toBe(404);
    expect((await get(path('gender', 'abc'))).statusCode).toBe(404);
    expect((await get(path('gender'), '')).statusCode).toBe(401);

    // Gamma reads datasets only through datasource or database access it was given.
    const gamma = await createUser(server, admin, `gamma_colvals_${String(process.pid)}`, 'Gamma');
    const denied = await get(path('gender'), gamma);
    expect(denied.statusCode).toBe(403);
    expect(denied.json<{ message: string }>().message).toContain('birth_names');
  });
});
