import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_BACKENDS, startTestServer, withPgAdmin, type TestServer } from './harness';
import { clientId, createDatabase, createUser, errorOf, runSql } from './sqllab-support';

interface Listed {
  count: number;
  result: { id: number; name: string }[];
}
interface Pair {
  id: number;
  permission: { name: string };
  view_menu: { name: string };
}

/** Roles API and least privilege through grants: database, schema and datasource access. */
describe.each(METADATA_BACKENDS)('roles and access grants on %s metadata', (backend) => {
  const pgTarget = `tessera_roles_${backend}_${process.pid}`;
  let server: TestServer;
  let admin: string;
  let dbA: number;
  let dbB: number;
  let dbPg: number;
  let ds1: number;
  let ds2: number;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = admin) =>
    server.request(method, url, { token, ...(body === undefined ? {} : { body }) });
  const newRole = async (name: string): Promise<number> => {
    const response = await call('POST', '/api/v1/security/roles/', { name });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const grant = async (roleId: number, body: Record<string, unknown>) => {
    const response = await call('POST', `/api/v1/security/roles/${roleId}/access/`, body);
    expect(response.statusCode, response.body).toBe(200);
  };
  const roleId = async (name: string): Promise<number> => {
    const listed = (
      await call('GET', `/api/v1/security/roles/?q=(filters:!((col:name,opr:eq,value:${name})))`)
    ).json<Listed>();
    const found = listed.result[0];
    if (!found) throw new Error(`no role ${name}`);
    return found.id;
  };
  /** A user holding a built-in role plus custom ones. */
  const userWith = async (username: string, builtIn: string, extra: number[]): Promise<string> => {
    const token = await createUser(server, admin, username, builtIn);
    const me = (await call('GET', '/api/v1/me/', undefined, token)).json<{ result: { id: number } }>();
    const put = await call('PUT', `/api/v1/security/users/${me.result.id}`, {
      roles: [await roleId(builtIn), ...extra],
    });
    expect(put.statusCode, put.body).toBe(200);
    return token;
  };
  const pairs = async (search: string): Promise<Pair[]> => {
    const q = `(filters:!((col:search,opr:ct,value:'${search}')),page_size:200)`;
    const response = await call('GET', `/api/v1/security/permissions-resources/?q=${encodeURIComponent(q)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ result: Pair[] }>().result;
  };
  const rolePairs = async (id: number): Promise<string[]> =>
    (await call('GET', `/api/v1/security/roles/${id}/permissions/`))
      .json<{ result: { permission_name: string; view_menu_name: string }[] }>()
      .result.map((pair) => `${pair.permission_name}|${pair.view_menu_name}`);

  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = await server.token();
    for (const name of ['a', 'b']) {
      const sqlite = new Database(`${server.dataDir}/roles-${name}.sqlite`);
      sqlite.exec(`CREATE TABLE t1 (k TEXT, v INTEGER); INSERT INTO t1 VALUES ('x', 1), ('y', 2);
        CREATE TABLE t2 (k TEXT, v INTEGER); INSERT INTO t2 VALUES ('z', 3);`);
      sqlite.close();
    }
    dbA = await createDatabase(server, admin, {
      database_name: `roles-a`,
      sqlalchemy_uri: `sqlite:///${server.dataDir}/roles-a.sqlite`,
    });
    dbB = await createDatabase(server, admin, {
      database_name: `roles-b`,
      sqlalchemy_uri: `sqlite:///${server.dataDir}/roles-b.sqlite`,
    });
    await withPgAdmin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${pgTarget} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${pgTarget}`);
    });
    const target = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:5432/${pgTarget}` });
    await target.connect();
    await target.query(`CREATE SCHEMA sales; CREATE SCHEMA hr;
      CREATE TABLE sales.orders (id int, amount int); INSERT INTO sales.orders VALUES (1, 10), (2, 20);
      CREATE TABLE hr.salaries (id int, pay int); INSERT INTO hr.salaries VALUES (1, 99);`);
    await target.end();
    dbPg = await createDatabase(server, admin, {
      database_name: `roles-pg`,
      sqlalchemy_uri: `postgresql://postgres@127.0.0.1:5432/${pgTarget}`,
    });
    for (const table of ['t1', 't2']) {
      const response = await call('POST', '/api/v1/dataset/', {
        database: dbA,
        schema: 'main',
        table_name: table,
      });
      expect(response.statusCode, response.body).toBe(201);
      if (table === 't1') ds1 = response.json<{ id: number }>().id;
      else ds2 = response.json<{ id: number }>().id;
    }
  });
  afterAll(async () => {
    await server.close();
    await withPgAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${pgTarget} WITH (FORCE)`));
  });

  it('creates, renames, lists and deletes roles with clear refusals', async () => {
    const before = (await call('GET', '/api/v1/security/roles/')).json<Listed>().count;
    expect(before).toBe(5);

    const empty = await call('POST', '/api/v1/security/roles/', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: Record<string, string[]> }>().message.name).toBeDefined();
    const unknownField = await call('POST', '/api/v1/security/roles/', { name: 'x', perms: [] });
    expect(unknownField.statusCode).toBe(400);

    const id = await newRole('Analysts');
    for (const name of ['Analysts', 'analysts', 'ADMIN']) {
      const duplicate = await call('POST', '/api/v1/security/roles/', { name });
      expect(duplicate.statusCode, name).toBe(422);
      expect(duplicate.json<{ message: Record<string, string[]> }>().message.name).toEqual([
        'A role with this name already exists.',
      ]);
    }
    expect((await call('GET', '/api/v1/security/roles/')).json<Listed>().count).toBe(before + 1);

    const renamed = await call('PUT', `/api/v1/security/roles/${id}`, { name: 'Data analysts' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ id, result: { id, name: 'Data analysts' } });
    expect((await call('PUT', `/api/v1/security/roles/${id}`, { name: 'gamma' })).statusCode).toBe(422);
    const gamma = await roleId('Gamma');
    const builtInRename = await call('PUT', `/api/v1/security/roles/${gamma}`, { name: 'Viewers' });
    expect(builtInRename.statusCode).toBe(422);
    expect((await call('GET', `/api/v1/security/roles/${gamma}`)).json()).toEqual({
      id: gamma,
      result: { id: gamma, name: 'Gamma' },
    });
    expect((await call('DELETE', `/api/v1/security/roles/${gamma}`)).statusCode).toBe(422);

    const searched = await call(
      'GET',
      `/api/v1/security/roles/?q=${encodeURIComponent("(filters:!((col:name,opr:ct,value:'analy')),page:0,page_size:1)")}`,
    );
    expect(searched.json<Listed>()).toMatchObject({ count: 1, result: [{ id, name: 'Data analysts' }] });
    const paged = (await call('GET', '/api/v1/security/roles/?q=(page:1,page_size:2)')).json<Listed>();
    expect(paged.count).toBe(before + 1);
    expect(paged.result.map((role) => role.name)).toEqual(['Data analysts', 'Gamma']);

    // A role still assigned is deleted and taken from its users, as in Superset.
    const token = await userWith(`holder_${backend}`, 'Gamma', [id]);
    const me = (await call('GET', '/api/v1/me/', undefined, token)).json<{ result: { id: number } }>();
    expect((await call('DELETE', `/api/v1/security/roles/${id}`)).json()).toEqual({ message: 'OK' });
    expect((await call('GET', `/api/v1/security/roles/${id}`)).statusCode).toBe(404);
    const user = (await call('GET', `/api/v1/security/users/${me.result.id}`)).json<{
      result: { roles: { name: string }[] };
    }>();
    expect(user.result.roles.map((role) => role.name)).toEqual(['Gamma']);
    expect((await call('DELETE', `/api/v1/security/roles/${id}`)).statusCode).toBe(404);
  });

  it('lists pairs with ids and replaces a role pairs, refusing unknown ids without writing', async () => {
    const dbPairs = await pairs('roles-a');
    const names = dbPairs.map((pair) => `${pair.permission.name}|${pair.view_menu.name}`);
    expect(names).toContain(`database_access|[roles-a].(id:${dbA})`);
    expect(names).toContain(`schema_access|[roles-a].[main]`);
    expect(names).toContain(`datasource_access|[roles-a].[t1](id:${ds1})`);
    const permissions = (await call('GET', '/api/v1/security/permissions/?q=(page_size:200)')).json<Listed>();
    expect(permissions.result.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'can_read',
        'can_write',
        'database_access',
        'schema_access',
        'datasource_access',
      ]),
    );

    const id = await newRole(`pairs_${backend}`);
    const dbPair = dbPairs.find((pair) => pair.permission.name === 'database_access');
    if (!dbPair) throw new Error('no database pair');
    const set = await call('POST', `/api/v1/security/roles/${id}/permissions/`, {
      permission_view_menu_ids: [dbPair.id],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ result: { permission_view_menu_ids: [dbPair.id] } });
    expect(await rolePairs(id)).toEqual([`database_access|[roles-a].(id:${dbA})`]);

    const unknown = await call('POST', `/api/v1/security/roles/${id}/permissions/`, {
      permission_view_menu_ids: [dbPair.id, 999_999],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      message: { permission_view_menu_ids: ['Unknown permission id(s): 999999.'] },
    });
    const malformed = await call('POST', `/api/v1/security/roles/${id}/permissions/`, {
      permission_view_menu_ids: ['x'],
    });
    expect(malformed.statusCode).toBe(400);
    expect(await rolePairs(id)).toEqual([`database_access|[roles-a].(id:${dbA})`]);
    expect(
      (await call('POST', '/api/v1/security/roles/999999/permissions/', { permission_view_menu_ids: [] }))
        .statusCode,
    ).toBe(404);
    const badGrant = await call('POST', `/api/v1/security/roles/${id}/access/`, { database_id: 999_999 });
    expect(badGrant.statusCode).toBe(422);
  });

  it('refuses every roles endpoint to non-admins with 403', async () => {
    const token = await createUser(server, admin, `alpha_${backend}`, 'Alpha');
    const gamma = await roleId('Gamma');
    const attempts = [
      call('GET', '/api/v1/security/roles/', undefined, token),
      call('GET', `/api/v1/security/roles/${gamma}`, undefined, token),
      call('POST', '/api/v1/security/roles/', { name: 'sneaky' }, token),
      call('PUT', `/api/v1/security/roles/${gamma}`, { name: 'x' }, token),
      call('DELETE', `/api/v1/security/roles/${gamma}`, undefined, token),
      call('GET', `/api/v1/security/roles/${gamma}/permissions/`, undefined, token),
      call('POST', `/api/v1/security/roles/${gamma}/permissions/`, { permission_view_menu_ids: [] }, token),
      call('POST', `/api/v1/security/roles/${gamma}/access/`, { database_id: dbA }, token),
      call('GET', '/api/v1/security/permissions/', undefined, token),
      call('GET', '/api/v1/security/permissions-resources/', undefined, token),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(403);
    expect((await call('GET', '/api/v1/security/roles/', undefined, '')).statusCode).toBe(401);
    const listed = (await call('GET', '/api/v1/security/roles/')).json<Listed>();
    expect(listed.result.map((role) => role.name)).not.toContain('sneaky');
    expect(await rolePairs(gamma)).not.toContain(`database_access|[roles-a].(id:${dbA})`);
  });

  it('limits a sql_lab user to the one database their role grants', async () => {
    const role = await newRole(`only_a_${backend}`);
    await grant(role, { database_id: dbA });
    const token = await userWith(`lab_${backend}`, 'sql_lab', [role]);

    const sqllab = (await call('GET', '/api/v1/sqllab/', undefined, token)).json<{
      result: { databases: Record<string, { database_name: string }> };
    }>();
    expect(Object.keys(sqllab.result.databases)).toEqual([String(dbA)]);
    const listed = (await call('GET', '/api/v1/database/', undefined, token)).json<Listed>();
    expect(listed.result.map((db) => db.id)).toEqual([dbA]);

    const ok = await runSql(server, token, {
      database_id: dbA,
      sql: 'SELECT sum(v) AS s FROM t1',
      client_id: clientId(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ data: { s: number }[] }>().data).toEqual([{ s: 3 }]);

    for (const other of [dbB, dbPg]) {
      const refused = await runSql(server, token, {
        database_id: other,
        sql: 'SELECT 1',
        client_id: clientId(),
      });
      expect(refused.statusCode).toBe(404);
      expect(errorOf(refused).error_type).toBe('DATABASE_NOT_FOUND_ERROR');
      for (const url of [
        `/api/v1/database/${other}`,
        `/api/v1/database/${other}/schemas/`,
        `/api/v1/database/${other}/tables/?q=(schema_name:main)`,
        `/api/v1/database/${other}/table_metadata/?name=t1&schema=main`,
        `/api/v1/database/${other}/select_star/t1/main/`,
      ]) {
        expect((await call('GET', url, undefined, token)).statusCode, url).toBe(404);
      }
      const estimate = await call(
        'POST',
        '/api/v1/sqllab/estimate/',
        { database_id: other, sql: 'SELECT 1' },
        token,
      );
      expect(estimate.statusCode).toBe(404);
    }
    const meta = await call(
      'GET',
      `/api/v1/database/${dbA}/table_metadata/?name=t1&schema=main`,
      undefined,
      token,
    );
    expect(meta.statusCode, meta.body).toBe(200);

    // Renaming the database keeps the grant; deleting the grant's pair takes the database away.
    const rename = await call('PUT', `/api/v1/database/${dbA}`, { database_name: 'roles-a2' });
    expect(rename.statusCode, rename.body).toBe(200);
    expect(await rolePairs(role)).toEqual([`database_access|[roles-a2].(id:${dbA})`]);
    expect((await call('GET', `/api/v1/database/${dbA}`, undefined, token)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/dataset/${ds1}`, undefined, token)).statusCode).toBe(403); // sql_lab holds no can_read on Dataset
    const back = await call('PUT', `/api/v1/database/${dbA}`, { database_name: 'roles-a' });
    expect(back.statusCode).toBe(200);
    await call('POST', `/api/v1/security/roles/${role}/permissions/`, { permission_view_menu_ids: [] });
    expect(
      (await runSql(server, token, { database_id: dbA, sql: 'SELECT 1', client_id: clientId() })).statusCode,
    ).toBe(404);
  });

  it('limits a schema_access holder to that schema in lists, metadata and SQL', async () => {
    const role = await newRole(`sales_${backend}`);
    await grant(role, { database_id: dbPg, schema: 'sales' });
    const token = await userWith(`sales_${backend}`, 'sql_lab', [role]);

    const sqllab = (await call('GET', '/api/v1/sqllab/', undefined, token)).json<{
      result: { databases: Record<string, unknown> };
    }>();
    expect(Object.keys(sqllab.result.databases)).toEqual([String(dbPg)]);
    const schemas = await call('GET', `/api/v1/database/${dbPg}/schemas/`, undefined, token);
    expect(schemas.json<{ result: string[] }>().result).toEqual(['sales']);
    expect(
      (await call('GET', `/api/v1/database/${dbPg}/tables/?q=(schema_name:sales)`, undefined, token))
        .statusCode,
    ).toBe(200);
    const hrTables = await call(
      'GET',
      `/api/v1/database/${dbPg}/tables/?q=(schema_name:hr)`,
      undefined,
      token,
    );
    expect(hrTables.statusCode).toBe(403);
    expect(errorOf(hrTables).error_type).toBe('TABLE_SECURITY_ACCESS_ERROR');
    const hrMeta = await call(
      'GET',
      `/api/v1/database/${dbPg}/table_metadata/?name=salaries&schema=hr`,
      undefined,
      token,
    );
    expect(hrMeta.statusCode).toBe(403);

    const run = (sql: string, schema?: string) =>
      runSql(server, token, { database_id: dbPg, sql, client_id: clientId(), ...(schema ? { schema } : {}) });
    const ok = await run('SELECT sum(amount) AS s FROM orders', 'sales');
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await run('SELECT count(*) AS n FROM sales.orders', 'sales')).statusCode).toBe(200);
    for (const [sql, schema] of [
      ['SELECT * FROM hr.salaries', 'sales'],
      ['SELECT * FROM sales.orders o JOIN hr.salaries s ON s.id = o.id', 'sales'],
      ['SELECT * FROM salaries', 'hr'],
      ['SELECT * FROM orders', undefined],
    ] as const) {
      const refused = await run(sql, schema);
      expect(refused.statusCode, sql).toBe(403);
      expect(errorOf(refused).error_type).toBe('TABLE_SECURITY_ACCESS_ERROR');
    }
    const estimate = await call(
      'POST',
      '/api/v1/sqllab/estimate/',
      { database_id: dbPg, sql: 'SELECT * FROM hr.salaries', schema: 'sales' },
      token,
    );
    expect(estimate.statusCode).toBe(403);
  });

  it('lets a Gamma user with datasource access chart that dataset only', async () => {
    const role = await newRole(`t1_${backend}`);
    await grant(role, { database_id: dbA, dataset_id: ds1 });
    const token = await userWith(`gamma_${backend}`, 'Gamma', [role]);

    const datasets = (await call('GET', '/api/v1/dataset/', undefined, token)).json<Listed>();
    expect(datasets.result.map((ds) => ds.id)).toEqual([ds1]);
    expect(datasets.count).toBe(1);
    expect((await call('GET', `/api/v1/dataset/${ds1}`, undefined, token)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/dataset/${ds2}`, undefined, token)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/dataset/999999`, undefined, token)).statusCode).toBe(404);

    const chartData = (datasetId: number) =>
      call(
        'POST',
        '/api/v1/chart/data',
        {
          datasource: { id: datasetId, type: 'table' },
          queries: [{ columns: [], metrics: ['count'], row_limit: 10 }],
        },
        token,
      );
    const ok = await chartData(ds1);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ result: { data: { count: number }[] }[] }>().result[0]?.data).toEqual([{ count: 2 }]);
    const hidden = await chartData(ds2);
    const missing = await chartData(999_999);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe(missing.body);

    const createChart = (datasetId: number) =>
      call(
        'POST',
        '/api/v1/chart/',
        {
          slice_name: 'c',
          datasource_id: datasetId,
          datasource_type: 'table',
          viz_type: 'table',
          params: '{}',
        },
        token,
      );
    const created = await createChart(ds1);
    expect(created.statusCode, created.body).toBe(201);
    const refused = await createChart(ds2);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const adminChart = await call('POST', '/api/v1/chart/', {
      slice_name: 'other',
      datasource_id: ds2,
      datasource_type: 'table',
      viz_type: 'table',
      params: '{}',
    });
    expect(adminChart.statusCode).toBe(201);
    const charts = (await call('GET', '/api/v1/chart/', undefined, token)).json<Listed>();
    expect(charts.result.map((chart) => chart.id)).toEqual([created.json<{ id: number }>().id]);
    const otherId = adminChart.json<{ id: number }>().id;
    expect((await call('GET', `/api/v1/chart/${otherId}`, undefined, token)).statusCode).toBe(404);

    // Renaming the dataset keeps the grant; deleting it removes the pair from the role.
    const renamed = await call('PUT', `/api/v1/dataset/${ds1}`, { table_name: 't1_renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await rolePairs(role)).toEqual([`datasource_access|[roles-a].[t1_renamed](id:${ds1})`]);
    expect((await call('GET', `/api/v1/dataset/${ds1}`, undefined, token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v1/dataset/${ds1}`)).statusCode).toBe(200);
    expect(await rolePairs(role)).toEqual([]);
    expect((await call('GET', '/api/v1/sqllab/', undefined, token)).statusCode).toBe(403);
  });
});
