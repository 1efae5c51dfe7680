import Database from 'better-sqlite3';
import { meRolesResponseSchema } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { createDatabase, createUser } from './sqllab-support';

/**
 * GET /api/v1/me/roles/ in Superset's shape, per built-in role: the web app hides what a user cannot
 * use from these pairs, so each role must report exactly what the server enforces.
 */
describe('GET /api/v1/me/roles/', () => {
  let server: TestServer;
  let admin: string;
  let dbId: number;
  let datasetId: number;

  const meRoles = async (token: string) => {
    const response = await server.request('GET', '/api/v1/me/roles/', { token });
    expect(response.statusCode, response.body).toBe(200);
    return meRolesResponseSchema.parse(response.json()).result;
  };
  const pairKeys = (pairs: [string, string][] | undefined): string[] =>
    (pairs ?? []).map(([permission, view]) => `${permission}|${view}`);

  beforeAll(async () => {
    // The shape does not depend on the metadata backend; the roles suites cover both.
    server = await startTestServer('sqlite');
    admin = await server.token();
    const sqlite = new Database(`${server.dataDir}/me-roles.sqlite`);
    sqlite.exec('CREATE TABLE sales (k TEXT, v INTEGER)');
    sqlite.close();
    dbId = await createDatabase(server, admin, {
      database_name: 'me-roles',
      sqlalchemy_uri: `sqlite:///${server.dataDir}/me-roles.sqlite`,
    });
    const dataset = await server.request('POST', '/api/v1/dataset/', {
      token: admin,
      body: { database: dbId, schema: 'main', table_name: 'sales' },
    });
    expect(dataset.statusCode, dataset.body).toBe(201);
    datasetId = dataset.json<{ id: number }>().id;
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers the admin's pairs under Admin and no per-object grants", async () => {
    const me = await meRoles(admin);
    expect(me.username).toBe('admin');
    expect(Object.keys(me.roles)).toEqual(['Admin']);
    expect(pairKeys(me.roles.Admin)).toEqual(
      expect.arrayContaining(['can_write|Database', 'can_read|SQLLab', 'can_write|User']),
    );
    expect(me.permissions).toEqual({ database_access: [], datasource_access: [] });
  });

  it('answers Gamma: charts and reading datasets, no SQL Lab, saved queries or database writes', async () => {
    const me = await meRoles(await createUser(server, admin, 'gamma_me', 'Gamma'));
    expect(Object.keys(me.roles)).toEqual(['Gamma']);
    const gamma = pairKeys(me.roles.Gamma);
    expect(gamma).toEqual(expect.arrayContaining(['can_read|Chart', 'can_write|Chart', 'can_read|Dataset']));
    for (const missing of [
      'can_read|SQLLab',
      'can_read|TabStateView',
      'can_read|SavedQuery',
      'can_read|Query',
      'can_write|Database',
      'can_write|Dataset',
      'all_database_access|all_database_access',
    ]) {
      expect(gamma).not.toContain(missing);
    }
    expect(me.permissions).toEqual({ database_access: [], datasource_access: [] });
  });

  it('answers sql_lab: SQL Lab, tab state, saved queries and query history', async () => {
    const me = await meRoles(await createUser(server, admin, 'lab_me', 'sql_lab'));
    expect(pairKeys(me.roles.sql_lab)).toEqual(
      expect.arrayContaining([
        'can_read|SQLLab',
        'can_read|TabStateView',
        'can_read|SavedQuery',
        'can_write|SavedQuery',
        'can_read|Query',
      ]),
    );
    expect(pairKeys(me.roles.sql_lab)).not.toContain('can_read|Chart');
  });

  it('answers Alpha: all data access but no database writes', async () => {
    const alpha = pairKeys((await meRoles(await createUser(server, admin, 'alpha_me', 'Alpha'))).roles.Alpha);
    expect(alpha).toContain('all_database_access|all_database_access');
    expect(alpha).toContain('can_write|Dataset');
    expect(alpha).not.toContain('can_write|Database');
  });

  it('lists database and datasource grants under permissions, by view name', async () => {
    const role = await server.request('POST', '/api/v1/security/roles/', {
      token: admin,
      body: { name: 'me_grants' },
    });
    expect(role.statusCode, role.body).toBe(201);
    const roleId = role.json<{ id: number }>().id;
    for (const body of [{ database_id: dbId }, { database_id: dbId, dataset_id: datasetId }]) {
      const granted = await server.request('POST', `/api/v1/security/roles/${roleId}/access/`, {
        token: admin,
        body,
      });
      expect(granted.statusCode, granted.body).toBe(200);
    }
    const token = await createUser(server, admin, 'granted_me', 'Gamma');
    const me0 = (await server.request('GET', '/api/v1/me/', { token })).json<{ result: { id: number } }>();
    const gammaId = (
      await server.request('GET', '/api/v1/security/roles/?q=(filters:!((col:name,opr:eq,value:Gamma)))', {
        token: admin,
      })
    ).json<{ result: { id: number }[] }>().result[0]?.id;
    const put = await server.request('PUT', `/api/v1/security/users/${me0.result.id}`, {
      token: admin,
      body: { roles: [gammaId, roleId] },
    });
    expect(put.statusCode, put.body).toBe(200);

    const me = await meRoles(token);
    expect(Object.keys(me.roles).sort()).toEqual(['Gamma', 'me_grants']);
    expect(me.permissions).toEqual({
      database_access: [`[me-roles].(id:${dbId})`],
      datasource_access: [`[me-roles].[sales](id:${datasetId})`],
    });
    expect(pairKeys(me.roles.me_grants)).toContain(`database_access|[me-roles].(id:${dbId})`);
  });
});
