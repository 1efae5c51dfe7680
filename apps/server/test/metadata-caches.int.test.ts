import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';
import { nowIso } from '../src/db/kysely';
import { createDatabase, createUser, waitFor } from './sqllab-support';

/**
 * The per-process principal cache and the chart data path's datasource cache: every change made
 * through this process shows on the very next request, with the caches warm.
 */
describe.each(METADATA_BACKENDS)('metadata caches on %s metadata', (backend) => {
  let server: TestServer;
  let admin: string;
  let datasetId: number;
  let roleIds: Map<string, number>;

  const chartData = (token: string, metric = 'm') =>
    server.request('POST', '/api/v1/chart/data', {
      token,
      body: {
        datasource: { id: datasetId, type: 'table' },
        queries: [{ columns: [], metrics: [metric], row_limit: 10 }],
      },
    });
  const metricValue = async (token: string): Promise<unknown> => {
    const response = await chartData(token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ result: { data: Record<string, unknown>[] }[] }>().result[0]?.data[0]?.m;
  };
  const userIdOf = async (token: string): Promise<number> =>
    (await server.request('GET', '/api/v1/me/', { token })).json<{ result: { id: number } }>().result.id;
  const setRoles = async (userId: number, roles: string[]) => {
    const response = await server.request('PUT', `/api/v1/security/users/${userId}`, {
      token: admin,
      body: { roles: roles.map((name) => roleIds.get(name)) },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = await server.token();
    const file = `${server.dataDir}/cache-source.sqlite`;
    const sqlite = new Database(file);
    sqlite.exec(`CREATE TABLE amounts (k TEXT, v INTEGER);
      INSERT INTO amounts VALUES ('a', 1), ('b', 2), ('c', 7);`);
    sqlite.close();
    const databaseId = await createDatabase(server, admin, {
      database_name: 'cache-source',
      sqlalchemy_uri: `sqlite:///${file}`,
    });
    const dataset = await server.request('POST', '/api/v1/dataset/get_or_create/', {
      token: admin,
      body: { table_name: 'amounts', database_id: databaseId, schema: 'main' },
    });
    expect(dataset.statusCode, dataset.body).toBe(200);
    datasetId = dataset.json<{ result: { table_id: number } }>().result.table_id;
    const roles = await server.request('GET', '/api/v1/security/roles/', { token: admin });
    roleIds = new Map(
      roles.json<{ result: { id: number; name: string }[] }>().result.map((role) => [role.name, role.id]),
    );
  });
  afterAll(async () => {
    await server.close();
  });

  it('applies role changes and deactivation on the next request', async () => {
    const token = await createUser(server, admin, `cached_${backend}`, 'Gamma');
    const id = await userIdOf(token);
    expect((await server.request('GET', '/api/v1/security/users/', { token })).statusCode).toBe(403);
    expect((await chartData(token, 'count')).statusCode).toBe(404);

    await setRoles(id, ['Admin']);
    expect((await server.request('GET', '/api/v1/security/users/', { token })).statusCode).toBe(200);
    expect((await chartData(token, 'count')).statusCode).toBe(200);

    await setRoles(id, ['Gamma']);
    expect((await server.request('GET', '/api/v1/security/users/', { token })).statusCode).toBe(403);
    expect((await chartData(token, 'count')).statusCode).toBe(404);

    await setRoles(id, ['Alpha']);
    expect((await chartData(token, 'count')).statusCode).toBe(200);
    const renamed = await server.request('PUT', `/api/v1/security/users/${id}`, {
      token: admin,
      body: { first_name: 'Renamed' },
    });
    expect(renamed.statusCode).toBe(200);
    const me = await server.request('GET', '/api/v1/me/', { token });
    expect(me.json<{ result: { first_name: string } }>().result.first_name).toBe('Renamed');

    const deactivated = await server.request('PUT', `/api/v1/security/users/${id}`, {
      token: admin,
      body: { active: false },
    });
    expect(deactivated.statusCode).toBe(200);
    expect((await chartData(token, 'count')).statusCode).toBe(401);
    expect((await server.request('GET', '/api/v1/me/', { token })).statusCode).toBe(401);
  });

  it('sees role changes another process writes to the store', async () => {
    const token = await createUser(server, admin, `remote_${backend}`, 'Gamma');
    const id = await userIdOf(token);
    expect((await server.request('GET', '/api/v1/security/users/', { token })).statusCode).toBe(403);
    const adminRole = roleIds.get('Admin') ?? 0;
    await server.ctx.store.db
      .updateTable('user_roles')
      .set({ role_id: adminRole })
      .where('user_id', '=', id)
      .execute();
    await waitFor(
      'the role change of another process',
      async () => (await server.request('GET', '/api/v1/security/users/', { token })).statusCode === 200,
      10_000,
      100,
    );
  });

  it('answers chart data from the dataset as last saved', async () => {
    const setMetric = async (expression: string) => {
      const response = await server.request('PUT', `/api/v1/dataset/${datasetId}?override_columns=false`, {
        token: admin,
        body: { metrics: [{ metric_name: 'm', expression }] },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await setMetric('SUM(v)');
    expect(await metricValue(admin)).toBe(10);
    expect(await metricValue(admin)).toBe(10);
    await setMetric('MAX(v)');
    expect(await metricValue(admin)).toBe(7);
    await setMetric('MIN(v)');
    expect(await metricValue(admin)).toBe(1);

    // Another process's edit (straight to the store, no in-process invalidation) shows up once the
    // stamp is read again.
    const db = server.ctx.store.db;
    await db
      .updateTable('dataset_metrics')
      .set({ expression: 'COUNT(*)' })
      .where('dataset_id', '=', datasetId)
      .execute();
    await db.updateTable('datasets').set({ changed_on: nowIso() }).where('id', '=', datasetId).execute();
    await waitFor('the edit of another process', async () => (await metricValue(admin)) === 3, 10_000, 100);

    const removed = await server.request('DELETE', `/api/v1/dataset/${datasetId}`, { token: admin });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await chartData(admin)).statusCode).toBe(404);
  });
});
