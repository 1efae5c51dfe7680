import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rlsRuleListSchema, rlsRuleShowSchema } from '@tessera/contracts';
import { invalidateRlsSnapshot } from '../src/modules/row-level-security/rls-snapshot';
import { datasourceAccessView } from '../src/modules/security/grants';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';
import { examplesDatabaseId } from './sqllab-support';

type Row = Record<string, unknown>;

/** Row level security (issue #15 item 5): the rules API, and rules applied to every read of a dataset. */
describe.each(METADATA_BACKENDS)('row level security (%s metadata)', (backend) => {
  let server: TestServer;
  let admin: string;
  let examplesDb: number;
  let birthNames: number;
  let caRole: number;
  let viewer: string;
  let virtualId: number;
  const tag = `${backend}_${String(process.pid)}`;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown) =>
    server.request(method, url, { token, ...(body === undefined ? {} : { body }) });

  const chartData = async (token: string, body: Row): Promise<Row[]> => {
    const response = await call('POST', '/api/v1/chart/data', token, body);
    expect(response.statusCode, response.body).toBe(200);
    const [item] = response.json<{ result: { data: Row[] }[] }>().result;
    return item?.data ?? [];
  };
  const byState = (datasetId: number, extra: Row = {}): Row => ({
    datasource: { id: datasetId, type: 'table' },
    queries: [
      {
        columns: ['state'],
        metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' }],
        orderby: [['state', true]],
        row_limit: 1000,
        ...extra,
      },
    ],
  });
  const statesOf = (rows: Row[]) => [...new Set(rows.map((row) => row.state))].sort();

  const newRole = async (name: string, pairs: [string, string][]): Promise<number> => {
    const db = server.ctx.store.db;
    const role = await db.insertInto('roles').values({ name }).returning('id').executeTakeFirstOrThrow();
    if (pairs.length > 0)
      await db
        .insertInto('role_permissions')
        .values(pairs.map(([permission, view_menu]) => ({ role_id: role.id, permission, view_menu })))
        .execute();
    return role.id;
  };
  const newUser = async (username: string, roleIds: number[]): Promise<string> => {
    const password = `${username}-password-123`;
    const created = await call('POST', '/api/v1/security/users/', admin, {
      username,
      first_name: username,
      last_name: 'Tester',
      email: `${username}@example.com`,
      password,
      roles: roleIds,
    });
    expect(created.statusCode, created.body).toBe(201);
    return server.token(username, password);
  };
  const roleId = async (name: string): Promise<number> => {
    const row = await server.ctx.store.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const createRule = async (body: Row): Promise<number> => {
    const response = await call('POST', '/api/v1/rowlevelsecurity/', admin, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { examples: true });
    admin = await server.token();
    examplesDb = await examplesDatabaseId(server, admin);
    const created = await call('POST', '/api/v1/dataset/get_or_create/', admin, {
      table_name: 'birth_names',
      database_id: examplesDb,
      schema: 'main',
    });
    expect(created.statusCode, created.body).toBe(200);
    birthNames = created.json<{ result: { table_id: number } }>().result.table_id;
    const virtual = await call('POST', '/api/v1/dataset/', admin, {
      database: examplesDb,
      schema: 'main',
      table_name: `births_by_name_${tag}`,
      sql: 'SELECT b.state, b.name, b.num FROM birth_names AS b',
    });
    expect(virtual.statusCode, virtual.body).toBe(201);
    virtualId = virtual.json<{ id: number }>().id;

    // A Gamma user whose second role reads both datasets and carries the rule.
    caRole = await newRole(`ca_readers_${tag}`, [
      [
        'datasource_access',
        datasourceAccessView('examples', { id: birthNames, table_name: 'birth_names', schema: 'main' }),
      ],
      [
        'datasource_access',
        datasourceAccessView('examples', {
          id: virtualId,
          table_name: `births_by_name_${tag}`,
          schema: 'main',
        }),
      ],
    ]);
    viewer = await newUser(`ca_viewer_${tag}`, [await roleId('Gamma'), caRole]);
    await createRule({
      name: `California only ${tag}`,
      filter_type: 'Regular',
      tables: [birthNames],
      roles: [caRole],
      clause: "state = 'CA'",
      description: 'CA readers see CA',
    });
  });

  afterAll(async () => {
    await server.close();
  });

  it('serves the rules API to admins only, in Superset shapes', async () => {
    const list = await call(
      'GET',
      '/api/v1/rowlevelsecurity/?q=(order_column:name,order_direction:asc)',
      admin,
    );
    expect(list.statusCode, list.body).toBe(200);
    const listed = rlsRuleListSchema.parse(list.json());
    const rule = listed.result.find((item) => item.name === `California only ${tag}`);
    expect(rule).toMatchObject({
      filter_type: 'Regular',
      clause: "state = 'CA'",
      group_key: null,
      tables: [{ id: birthNames, schema: 'main', table_name: 'birth_names' }],
      roles: [{ id: caRole, name: `ca_readers_${tag}` }],
    });
    const id = rule?.id ?? 0;
    const shown = rlsRuleShowSchema.parse(
      (await call('GET', `/api/v1/rowlevelsecurity/${String(id)}`, admin)).json(),
    );
    expect(shown.result.description).toBe('CA readers see CA');

    const filtered = await call(
      'GET',
      `/api/v1/rowlevelsecurity/?q=(filters:!((col:roles,opr:rel_m_m,value:${String(caRole)})))`,
      admin,
    );
    expect(rlsRuleListSchema.parse(filtered.json()).ids).toEqual([id]);

    const tables = await call('GET', '/api/v1/rowlevelsecurity/related/tables?q=(filter:birth_na)', admin);
    expect(tables.json<{ result: { value: number; text: string }[] }>().result).toContainEqual({
      value: birthNames,
      text: 'main.birth_names',
    });
    const roles = await call(
      'GET',
      `/api/v1/rowlevelsecurity/related/roles?q=(filter:ca_readers_${tag})`,
      admin,
    );
    expect(roles.json()).toEqual({ count: 1, result: [{ value: caRole, text: `ca_readers_${tag}` }] });

    // Refusals: schema, unknown links, a taken name, other users.
    const bad = await call('POST', '/api/v1/rowlevelsecurity/', admin, {
      name: 'x',
      filter_type: 'Sometimes',
      tables: [birthNames],
      roles: [],
      clause: '1 = 1',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: Record<string, string[]> }>().message).toHaveProperty('filter_type');
    const base = { filter_type: 'Base', tables: [birthNames], roles: [], clause: '1 = 1' };
    const noTable = await call('POST', '/api/v1/rowlevelsecurity/', admin, {
      ...base,
      name: 'y',
      tables: [999_999],
    });
    expect(noTable.statusCode).toBe(422);
    expect(noTable.json()).toEqual({ message: { tables: ['Datasets do not exist'] } });
    const noRole = await call('POST', '/api/v1/rowlevelsecurity/', admin, {
      ...base,
      name: 'y',
      roles: [999_999],
    });
    expect(noRole.json()).toEqual({ message: { roles: ['Some roles do not exist'] } });
    const taken = await call('POST', '/api/v1/rowlevelsecurity/', admin, {
      ...base,
      name: `California only ${tag}`,
    });
    expect(taken.statusCode).toBe(422);
    expect((await call('GET', '/api/v1/rowlevelsecurity/', viewer)).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/rowlevelsecurity/', viewer, { ...base, name: 'z' })).statusCode).toBe(
      403,
    );

    // Create, change, delete one; bulk delete is all or nothing.
    const temp = await createRule({ ...base, name: `temp_${tag}`, group_key: '' });
    const put = await call('PUT', `/api/v1/rowlevelsecurity/${String(temp)}`, admin, {
      clause: '2 = 2',
      roles: [caRole],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ id: temp, result: { clause: '2 = 2', roles: [caRole] } });
    const changed = rlsRuleShowSchema.parse(
      (await call('GET', `/api/v1/rowlevelsecurity/${String(temp)}`, admin)).json(),
    );
    expect(changed.result).toMatchObject({ clause: '2 = 2', filter_type: 'Base', group_key: null });
    expect(
      (await call('PUT', '/api/v1/rowlevelsecurity/999999', admin, { clause: '1 = 1' })).statusCode,
    ).toBe(404);
    const partial = await call('DELETE', `/api/v1/rowlevelsecurity/?q=!(${String(temp)},999999)`, admin);
    expect(partial.statusCode).toBe(404);
    const deleted = await call('DELETE', `/api/v1/rowlevelsecurity/?q=!(${String(temp)})`, admin);
    expect(deleted.json()).toEqual({ message: 'Deleted 1 rules' });
  });

  it("shows a ruled user only the rule's rows in chart data, samples, drill and filter values", async () => {
    const all = statesOf(await chartData(admin, byState(birthNames)));
    expect(all.length).toBeGreaterThan(5);
    expect(statesOf(await chartData(viewer, byState(birthNames)))).toEqual(['CA']);

    const samples = await chartData(viewer, {
      datasource: { id: birthNames, type: 'table' },
      queries: [{ columns: ['state'], metrics: [] }],
      result_type: 'samples',
    });
    expect(samples.length).toBeGreaterThan(0);
    expect(statesOf(samples)).toEqual(['CA']);
    const drill = await chartData(viewer, {
      datasource: { id: birthNames, type: 'table' },
      queries: [{ columns: ['state'], metrics: [], filters: [{ col: 'gender', op: '==', val: 'girl' }] }],
      result_type: 'drill_detail',
    });
    expect(statesOf(drill)).toEqual(['CA']);

    const page = await call(
      'POST',
      `/datasource/samples?datasource_type=table&datasource_id=${String(birthNames)}&per_page=500`,
      viewer,
      {},
    );
    expect(page.statusCode, page.body).toBe(200);
    const pageBody = page.json<{ result: { data: Row[]; total_count: number } }>().result;
    expect(statesOf(pageBody.data)).toEqual(['CA']);
    const adminPage = await call(
      'POST',
      `/datasource/samples?datasource_type=table&datasource_id=${String(birthNames)}&per_page=1`,
      admin,
      {},
    );
    expect(adminPage.json<{ result: { total_count: number } }>().result.total_count).toBeGreaterThan(
      pageBody.total_count,
    );

    const values = await call(
      'GET',
      `/api/v1/datasource/table/${String(birthNames)}/column/state/values/`,
      viewer,
    );
    expect(values.statusCode, values.body).toBe(200);
    expect(values.json()).toEqual({ result: ['CA'] });
    const options = await chartData(viewer, {
      ...byState(birthNames),
      form_data: { viz_type: 'filter_select' },
    });
    expect(statesOf(options)).toEqual(['CA']);
  });

  it('cannot be ORed around by adhoc filters or custom SQL', async () => {
    const where = await chartData(
      viewer,
      byState(birthNames, { extras: { where: "state <> 'CA' OR 1 = 1" } }),
    );
    expect(statesOf(where)).toEqual(['CA']);
    const column = await chartData(
      viewer,
      byState(birthNames, {
        filters: [{ col: { sqlExpression: "1 = 1 OR state <> 'CA'", label: 'x' }, op: '==', val: true }],
      }),
    );
    expect(statesOf(column).every((state) => state === 'CA')).toBe(true);
    const escape = await call(
      'POST',
      '/api/v1/chart/data',
      viewer,
      byState(birthNames, { extras: { where: '1 = 1) OR (1 = 1' } }),
    );
    expect(escape.statusCode).toBe(400);
    const comment = await call(
      'POST',
      '/api/v1/chart/data',
      viewer,
      byState(birthNames, { extras: { where: '1 = 1 --' } }),
    );
    expect(comment.statusCode).toBe(400);
  });

  it('filters the tables a virtual dataset reads', async () => {
    expect(statesOf(await chartData(admin, byState(virtualId))).length).toBeGreaterThan(5);
    expect(statesOf(await chartData(viewer, byState(virtualId)))).toEqual(['CA']);
    const values = await call(
      'GET',
      `/api/v1/datasource/table/${String(virtualId)}/column/state/values/`,
      viewer,
    );
    expect(values.json()).toEqual({ result: ['CA'] });
    const page = await call(
      'POST',
      `/datasource/samples?datasource_type=table&datasource_id=${String(virtualId)}&per_page=500`,
      viewer,
      {},
    );
    expect(page.statusCode, page.body).toBe(200);
    expect(statesOf(page.json<{ result: { data: Row[] } }>().result.data)).toEqual(['CA']);
  });

  it("does not hand an admin's cached result to a ruled user", async () => {
    // A ruled user who may read every dataset: same access tag in the cache key as an admin.
    const wide = await newRole(`wide_${tag}`, [
      ['all_datasource_access', 'all_datasource_access'],
      ['all_database_access', 'all_database_access'],
    ]);
    const reader = await newUser(`wide_ca_${tag}`, [await roleId('Gamma'), wide, caRole]);
    const body = byState(birthNames, { row_limit: 999 });
    const first = await call('POST', '/api/v1/chart/data', admin, body);
    const [adminItem] = first.json<{ result: { cache_key: string; data: Row[] }[] }>().result;
    expect(statesOf(adminItem?.data ?? []).length).toBeGreaterThan(5);
    const warm = await call('POST', '/api/v1/chart/data', admin, body);
    expect(warm.json<{ result: { is_cached: boolean }[] }>().result[0]?.is_cached).toBe(true);

    expect(statesOf(await chartData(reader, body))).toEqual(['CA']);
    const byKey = await call('GET', `/api/v1/chart/data/${adminItem?.cache_key ?? ''}`, reader);
    expect(byKey.statusCode).toBe(404);
    expect((await call('GET', `/api/v1/chart/data/${adminItem?.cache_key ?? ''}`, admin)).statusCode).toBe(
      200,
    );
  });

  it('ORs rules within a group key, ANDs groups, and applies Base rules to everyone outside their roles', async () => {
    const nyRole = await newRole(`ny_${tag}`, []);
    const both = await newUser(`ca_ny_${tag}`, [await roleId('Gamma'), caRole, nyRole]);
    const ids = [
      await createRule({
        name: `grouped ca ${tag}`,
        filter_type: 'Regular',
        tables: [birthNames],
        roles: [nyRole],
        group_key: 'region',
        clause: "state = 'CA'",
      }),
      await createRule({
        name: `grouped ny ${tag}`,
        filter_type: 'Regular',
        tables: [birthNames],
        roles: [nyRole],
        group_key: 'region',
        clause: "state = 'NY'",
      }),
    ];
    try {
      // The CA-only rule (no group) ANDs with the region group (CA OR NY): CA.
      expect(statesOf(await chartData(both, byState(birthNames)))).toEqual(['CA']);
      const nyOnly = await newUser(`ny_only_${tag}`, [await roleId('Gamma'), nyRole]);
      await server.ctx.store.db
        .insertInto('role_permissions')
        .values({
          role_id: nyRole,
          permission: 'datasource_access',
          view_menu: datasourceAccessView('examples', {
            id: birthNames,
            table_name: 'birth_names',
            schema: 'main',
          }),
        })
        .execute();
      server.ctx.caches.principals.invalidate();
      expect(statesOf(await chartData(nyOnly, byState(birthNames)))).toEqual(['CA', 'NY']);

      ids.push(
        await createRule({
          name: `base girls ${tag}`,
          filter_type: 'Base',
          tables: [birthNames],
          roles: [await roleId('Admin')],
          clause: "gender = 'girl'",
        }),
      );
      const genders = (token: string) =>
        chartData(token, {
          datasource: { id: birthNames, type: 'table' },
          queries: [
            {
              columns: ['gender'],
              metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' }],
            },
          ],
        });
      expect((await genders(nyOnly)).map((row) => row.gender)).toEqual(['girl']);
      expect((await genders(admin)).map((row) => row.gender).sort()).toEqual(['boy', 'girl']);
    } finally {
      await call('DELETE', `/api/v1/rowlevelsecurity/?q=!(${ids.join(',')})`, admin);
    }
  });

  it('refuses to save a clause that is not one safe expression, and refuses a stored one at query time', async () => {
    const broken = "1 = 1) OR (state <> 'CA'";
    const rule = {
      name: `broken ${tag}`,
      filter_type: 'Regular',
      tables: [birthNames],
      roles: [caRole],
      clause: broken,
    };
    const refused = await call('POST', '/api/v1/rowlevelsecurity/', admin, rule);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json<{ message: { clause: string[] } }>().message.clause[0]).toContain(
      'parentheses are not balanced',
    );

    const id = await createRule({ ...rule, clause: 'state IS NOT NULL' });
    try {
      const changed = await call('PUT', `/api/v1/rowlevelsecurity/${String(id)}`, admin, {
        clause: 'state = 1; DROP TABLE birth_names',
      });
      expect(changed.statusCode, changed.body).toBe(400);
      expect(changed.json<{ message: { clause: string[] } }>().message).toHaveProperty('clause');

      // A clause stored before this check (or valid on an engine the dataset has since left) is still
      // refused when a query would use it.
      await server.ctx.store.db
        .updateTable('rls_filters')
        .set({ clause: broken })
        .where('id', '=', id)
        .execute();
      invalidateRlsSnapshot(server.ctx.store.db);
      const response = await call('POST', '/api/v1/chart/data', viewer, byState(birthNames));
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('row level security');
    } finally {
      await call('DELETE', `/api/v1/rowlevelsecurity/${String(id)}`, admin);
    }
  });
});
