import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';
import { createUser } from './sqllab-support';

/**
 * The helper endpoints and lenient request forms Superset's web client and REST scripts use
 * (issue #18 parts 3 and 4; docs/superset-compatibility.md).
 */

const q = (rison: string): string => `?q=${encodeURIComponent(rison)}`;

interface Choice {
  value: number | string;
  text: string;
}

describe.each(METADATA_BACKENDS)('Superset helper endpoints on %s metadata', (backend) => {
  let server: TestServer;
  let admin: string;
  let alpha: string;
  let gamma: string;
  let sqlLab: string;
  let otherSqlLab: string;
  let examples: number;
  let birthNames: number;

  const get = (token: string, url: string) => server.request('GET', url, { token });
  const ok = (response: LightMyRequestResponse): LightMyRequestResponse => {
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const newSavedQuery = async (token: string, body: Record<string, unknown>): Promise<number> => {
    const response = await server.request('POST', '/api/v1/saved_query/', {
      token,
      body: { db_id: examples, label: 'q', sql: 'SELECT 1', ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const newVirtualDataset = async (name: string, token = admin): Promise<number> => {
    const response = await server.request('POST', '/api/v1/dataset/', {
      token,
      body: { database: examples, schema: 'main', table_name: name, sql: 'SELECT 1 AS one' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const chartData = (query: Record<string, unknown>, context: Record<string, unknown> = {}) =>
    server.request('POST', '/api/v1/chart/data', {
      token: admin,
      body: { datasource: { id: birthNames, type: 'table' }, queries: [query], ...context },
    });
  const firstRows = (response: LightMyRequestResponse): Record<string, unknown>[] => {
    const body = ok(response).json<{ result: { data: Record<string, unknown>[] }[] }>();
    return body.result[0]?.data ?? [];
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { examples: true });
    admin = await server.token();
    const databases = ok(await get(admin, '/api/v1/database/')).json<{
      result: { id: number; database_name: string }[];
    }>();
    const found = databases.result.find((database) => database.database_name === 'examples');
    if (!found) throw new Error('examples database missing');
    examples = found.id;
    const created = await server.request('POST', '/api/v1/dataset/get_or_create/', {
      token: admin,
      body: { table_name: 'birth_names', database_id: examples, schema: 'main' },
    });
    birthNames = ok(created).json<{ result: { table_id: number } }>().result.table_id;
    alpha = await createUser(server, admin, 'alvin', 'Alpha');
    gamma = await createUser(server, admin, 'gwen', 'Gamma');
    // Alpha: saved queries need a database the owner may use.
    sqlLab = await createUser(server, admin, 'sally', 'Alpha');
    otherSqlLab = await createUser(server, admin, 'oscar', 'Alpha');
  });

  afterAll(async () => {
    await server.close();
  });

  describe('_info answers the caller’s real permissions', () => {
    it('on saved queries', async () => {
      const info = ok(await get(sqlLab, '/api/v1/saved_query/_info')).json<{ permissions: string[] }>();
      expect(info.permissions).toEqual(['can_read', 'can_write']);
      expect((await get(gamma, '/api/v1/saved_query/_info')).statusCode).toBe(403);
    });

    it('on datasets', async () => {
      const full = ok(await get(admin, `/api/v1/dataset/_info${q('(keys:!(permissions))')}`)).json<{
        permissions: string[];
      }>();
      expect(full.permissions).toEqual(expect.arrayContaining(['can_read', 'can_write']));
      const readOnly = ok(await get(gamma, '/api/v1/dataset/_info')).json<{ permissions: string[] }>();
      expect(readOnly.permissions).toEqual(['can_read']);
    });

    it('on databases', async () => {
      const full = ok(await get(admin, '/api/v1/database/_info')).json<{ permissions: string[] }>();
      expect(full.permissions).toEqual(expect.arrayContaining(['can_read', 'can_write']));
      const readOnly = ok(await get(alpha, '/api/v1/database/_info')).json<{ permissions: string[] }>();
      expect(readOnly.permissions).toEqual(['can_read']);
    });

    it('refuses an unknown rison key with a 400', async () => {
      expect((await get(admin, `/api/v1/dataset/_info${q('(nope:1)')}`)).statusCode).toBe(400);
    });
  });

  describe('related and distinct on saved queries', () => {
    it('lists the databases and users the pickers offer', async () => {
      await newSavedQuery(sqlLab, { label: 'sales in crm', schema: 'crm' });
      const databases = ok(
        await get(sqlLab, `/api/v1/saved_query/related/database${q("(filter:'exam')")}`),
      ).json<{ count: number; result: Choice[] }>();
      expect(databases.result).toContainEqual({ value: examples, text: 'examples' });
      const users = ok(
        await get(sqlLab, `/api/v1/saved_query/related/created_by${q("(filter:'sally')")}`),
      ).json<{ count: number; result: Choice[] }>();
      expect(users.result.map((user) => user.text)).toEqual(['sally Tester']);
      expect((await get(sqlLab, '/api/v1/saved_query/related/sql')).statusCode).toBe(404);
    });

    it('distinct schemas come only from the saved queries the caller sees', async () => {
      await newSavedQuery(sqlLab, { label: 'mine', schema: 'sally_schema' });
      await newSavedQuery(otherSqlLab, { label: 'theirs', schema: 'oscar_schema' });
      const mine = ok(await get(sqlLab, '/api/v1/saved_query/distinct/schema')).json<{
        count: number;
        result: Choice[];
      }>();
      const values = mine.result.map((choice) => choice.value);
      expect(values).toContain('sally_schema');
      expect(values).not.toContain('oscar_schema');
      expect(mine.result).toContainEqual({ value: 'sally_schema', text: 'sally_schema' });
      expect(mine.count).toBe(mine.result.length);
      const filtered = ok(
        await get(sqlLab, `/api/v1/saved_query/distinct/schema${q("(filter:'sally')")}`),
      ).json<{ result: Choice[] }>();
      expect(filtered.result.map((choice) => choice.value)).toEqual(['sally_schema']);
    });

    it('shows the tables a saved query reads (sql_tables) in list and show', async () => {
      const id = await newSavedQuery(sqlLab, {
        label: 'joined',
        sql: 'SELECT * FROM main.birth_names b JOIN other.states s ON s.code = b.state',
      });
      const shown = ok(await get(sqlLab, `/api/v1/saved_query/${String(id)}`)).json<{
        result: { sql_tables: { schema: string | null; table: string }[] };
      }>();
      expect(shown.result.sql_tables).toEqual([
        { catalog: null, schema: 'main', table: 'birth_names' },
        { catalog: null, schema: 'other', table: 'states' },
      ]);
      const listed = ok(await get(sqlLab, '/api/v1/saved_query/')).json<{
        result: { id: number; sql_tables: unknown[] }[];
      }>();
      expect(listed.result.find((row) => row.id === id)?.sql_tables).toHaveLength(2);
    });

    it('GET by id keeps only the requested columns', async () => {
      const id = await newSavedQuery(sqlLab, { label: 'narrow' });
      const shown = ok(
        await get(
          sqlLab,
          `/api/v1/saved_query/${String(id)}${q('(columns:!(label,database.database_name))')}`,
        ),
      ).json<{ result: Record<string, unknown> }>();
      expect(shown.result).toEqual({
        label: 'narrow',
        database: { id: examples, database_name: 'examples' },
      });
    });
  });

  describe('related on the query API (query history filters)', () => {
    it('offers databases and users searched and paged by the server', async () => {
      const databases = ok(
        await get(sqlLab, `/api/v1/query/related/database${q("(filter:'exam',page:0,page_size:100)")}`),
      ).json<{ count: number; result: Choice[] }>();
      expect(databases.result).toContainEqual({ value: examples, text: 'examples' });
      // Like the history itself, the filters' choices need can_read on Query, which Gamma lacks.
      expect((await get(gamma, '/api/v1/query/related/database')).statusCode).toBe(403);
      const users = ok(
        await get(admin, `/api/v1/query/related/user${q("(filter:'sally',page:0,page_size:100)")}`),
      ).json<{ count: number; result: Choice[] }>();
      expect(users.result.map((user) => user.text)).toEqual(['sally Tester']);
      const all = ok(await get(admin, `/api/v1/query/related/user${q('(page:0,page_size:2)')}`)).json<{
        count: number;
        result: Choice[];
      }>();
      expect(all.result).toHaveLength(2);
      expect(all.count).toBeGreaterThan(2);
      const second = ok(await get(admin, `/api/v1/query/related/user${q('(page:1,page_size:2)')}`)).json<{
        result: Choice[];
      }>();
      expect(second.result.map((user) => user.value)).not.toContain(all.result[0]?.value);
      expect((await get(admin, '/api/v1/query/related/sql')).statusCode).toBe(404);
      expect((await get(admin, `/api/v1/query/related/user${q('(page_size:101)')}`)).statusCode).toBe(400);
    });
  });

  describe('datasets', () => {
    it('related databases and owners, distinct schemas', async () => {
      const databases = ok(await get(alpha, '/api/v1/dataset/related/database')).json<{ result: Choice[] }>();
      expect(databases.result).toContainEqual({ value: examples, text: 'examples' });
      // Gamma holds no database access, so no database is offered.
      expect(ok(await get(gamma, '/api/v1/dataset/related/database')).json<{ count: number }>().count).toBe(
        0,
      );
      const owners = ok(await get(admin, `/api/v1/dataset/related/owners${q("(filter:'gwen')")}`)).json<{
        result: (Choice & { extra: { email: string } })[];
      }>();
      expect(owners.result.map((owner) => owner.extra.email)).toEqual(['gwen@example.com']);
      const schemas = ok(await get(admin, '/api/v1/dataset/distinct/schema')).json<{ result: Choice[] }>();
      expect(schemas.result).toContainEqual({ value: 'main', text: 'main' });
      expect((await get(admin, '/api/v1/dataset/distinct/sql')).statusCode).toBe(404);
    });

    it('GET dataset carries the explore fields and honours columns selection', async () => {
      const shown = ok(await get(admin, `/api/v1/dataset/${String(birthNames)}`)).json<{
        result: Record<string, unknown>;
      }>();
      expect(shown.result.uid).toBe(`${String(birthNames)}__table`);
      expect(shown.result.verbose_map).toMatchObject({ __timestamp: 'Time', num: 'num', count: 'COUNT(*)' });
      expect(shown.result.order_by_choices).toContainEqual(['["num", true]', 'num [asc]']);
      expect(shown.result.order_by_choices).toContainEqual(['["num", false]', 'num [desc]']);
      expect(shown.result.granularity_sqla).toEqual([['ds', 'ds']]);
      expect(shown.result.time_grain_sqla).toContainEqual(['P1D', '1 day']);
      expect(shown.result.column_formats).toEqual({});
      const narrow = ok(
        await get(admin, `/api/v1/dataset/${String(birthNames)}${q('(columns:!(table_name,uid))')}`),
      ).json<{ result: Record<string, unknown> }>();
      expect(narrow.result).toEqual({ table_name: 'birth_names', uid: `${String(birthNames)}__table` });
    });

    it('deletes one column and one metric of a dataset', async () => {
      const id = await newVirtualDataset('columns_to_delete');
      const columnsOf = async () =>
        ok(await get(admin, `/api/v1/dataset/${String(id)}`)).json<{
          result: { columns: { id: number; column_name: string }[]; metrics: { id: number }[] };
        }>().result;
      const before = await columnsOf();
      const column = before.columns[0];
      const metric = before.metrics[0];
      if (!column || !metric) throw new Error('dataset without column or metric');
      expect(
        (
          await server.request(
            'DELETE',
            `/api/v1/dataset/${String(birthNames)}/column/${String(column.id)}`,
            {
              token: admin,
            },
          )
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await server.request('DELETE', `/api/v1/dataset/${String(id)}/column/${String(column.id)}`, {
            token: gamma,
          })
        ).statusCode,
      ).toBe(403);
      const deleted = await server.request(
        'DELETE',
        `/api/v1/dataset/${String(id)}/column/${String(column.id)}`,
        {
          token: admin,
        },
      );
      expect(ok(deleted).json<{ message: string }>()).toEqual({ message: 'OK' });
      const deletedMetric = await server.request(
        'DELETE',
        `/api/v1/dataset/${String(id)}/metric/${String(metric.id)}`,
        { token: admin },
      );
      expect(ok(deletedMetric).json<{ message: string }>()).toEqual({ message: 'OK' });
      const after = await columnsOf();
      expect(after.columns.map((entry) => entry.id)).not.toContain(column.id);
      expect(after.metrics).toHaveLength(before.metrics.length - 1);
      const again = await server.request(
        'DELETE',
        `/api/v1/dataset/${String(id)}/metric/${String(metric.id)}`,
        {
          token: admin,
        },
      );
      expect(again.statusCode).toBe(404);
    });

    it('bulk deletes datasets, all or nothing', async () => {
      const first = await newVirtualDataset('bulk_one');
      const second = await newVirtualDataset('bulk_two');
      const refused = await server.request('DELETE', `/api/v1/dataset/${q(`!(${String(first)},999999)`)}`, {
        token: admin,
      });
      expect(refused.statusCode).toBe(404);
      expect((await get(admin, `/api/v1/dataset/${String(first)}`)).statusCode).toBe(200);
      const forbidden = await server.request('DELETE', `/api/v1/dataset/${q(`!(${String(first)})`)}`, {
        token: gamma,
      });
      expect(forbidden.statusCode).toBe(403);
      const deleted = await server.request(
        'DELETE',
        `/api/v1/dataset/${q(`!(${String(first)},${String(second)})`)}`,
        { token: admin },
      );
      expect(ok(deleted).json<{ message: string }>()).toEqual({ message: 'Deleted 2 datasets' });
      expect((await get(admin, `/api/v1/dataset/${String(second)}`)).statusCode).toBe(404);
    });
  });

  it('database table_extra answers the path form of table_metadata/extra', async () => {
    const extra = ok(
      await get(admin, `/api/v1/database/${String(examples)}/table_extra/birth_names/main/`),
    ).json<Record<string, unknown>>();
    const queryForm = ok(
      await get(
        admin,
        `/api/v1/database/${String(examples)}/table_metadata/extra/?name=birth_names&schema=main`,
      ),
    ).json<Record<string, unknown>>();
    expect(extra).toEqual(queryForm);
    expect((await get(admin, '/api/v1/database/999999/table_extra/birth_names/main/')).statusCode).toBe(404);
  });

  it('page_size -1 on a list means every row (capped)', async () => {
    for (let index = 0; index < 3; index++) await newSavedQuery(sqlLab, { label: `page ${String(index)}` });
    const all = ok(await get(sqlLab, `/api/v1/saved_query/${q('(page_size:-1)')}`)).json<{
      count: number;
      result: unknown[];
    }>();
    expect(all.count).toBeGreaterThan(3);
    expect(all.result).toHaveLength(all.count);
    const datasets = ok(await get(admin, `/api/v1/dataset/${q('(page:0,page_size:-1)')}`)).json<{
      count: number;
      result: unknown[];
    }>();
    expect(datasets.result).toHaveLength(datasets.count);
    expect((await get(admin, `/api/v1/dataset/${q('(page_size:-2)')}`)).statusCode).toBe(400);
  });

  describe('chart data accepts the forms Superset clients send', () => {
    const sumNum = {
      expressionType: 'SIMPLE',
      aggregate: 'SUM',
      column: { column_name: 'num' },
      label: 'total',
    };

    it('a metric given as {label} names a saved metric or an adhoc metric of the query', async () => {
      const saved = firstRows(await chartData({ metrics: [{ label: 'count' }], row_limit: 1 }));
      const byName = firstRows(await chartData({ metrics: ['count'], row_limit: 1 }));
      expect(saved).toEqual(byName);
      const ordered = await chartData({
        columns: ['gender'],
        metrics: [sumNum],
        orderby: [[{ label: 'total' }, false]],
        series_limit_metric: { label: 'total' },
      });
      const rows = firstRows(ordered);
      expect(rows).toHaveLength(2);
      expect(Number(rows[0]?.total)).toBeGreaterThanOrEqual(Number(rows[1]?.total));
      const unknown = await chartData({ metrics: [{ label: 'nope' }] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.body).toContain('nope');
    });

    it('filter operators in any letter case', async () => {
      const births = (op: string) =>
        chartData({ metrics: [sumNum], filters: [{ col: 'gender', op, val: ['boy'] }] });
      const upper = firstRows(await births('IN'));
      for (const op of ['in', 'In']) expect(firstRows(await births(op))).toEqual(upper);
      const notIn = firstRows(await births('not  in'));
      expect(notIn).not.toEqual(upper);
    });

    it('orderby null, where (top level and extras, also null), is_rowcount and custom_cache_timeout -1', async () => {
      expect(firstRows(await chartData({ metrics: ['count'], orderby: null }))).toHaveLength(1);
      const boys = firstRows(
        await chartData({ metrics: ['count'], filters: [{ col: 'gender', op: '==', val: 'boy' }] }),
      );
      expect(firstRows(await chartData({ metrics: ['count'], where: "gender = 'boy'" }))).toEqual(boys);
      expect(firstRows(await chartData({ metrics: ['count'], extras: { where: "gender = 'boy'" } }))).toEqual(
        boys,
      );
      expect(
        firstRows(
          await chartData({ metrics: ['count'], where: null, extras: { where: null, having: null } }),
        ),
      ).toHaveLength(1);

      const genders = firstRows(
        await chartData({ columns: ['gender'], metrics: ['count'], is_rowcount: true }),
      );
      expect(genders).toEqual([{ rowcount: 2 }]);

      // -1 stores nothing (Superset's CACHE_DISABLED_TIMEOUT), so the same query runs again.
      const uncached = await chartData({ metrics: ['count'], row_limit: 7 }, { custom_cache_timeout: -1 });
      const again = await chartData({ metrics: ['count'], row_limit: 7 }, { custom_cache_timeout: -1 });
      expect(ok(again).json<{ result: { is_cached: boolean }[] }>().result[0]?.is_cached).toBe(false);
      expect(uncached.statusCode).toBe(200);
      expect((await chartData({ metrics: ['count'] }, { custom_cache_timeout: -2 })).statusCode).toBe(400);
    });

    it('a TEMPORAL_RANGE filter compares the time column at the filter’s grain', async () => {
      const range = (grain?: string) =>
        chartData({
          metrics: ['count'],
          filters: [
            { col: 'ds', op: 'TEMPORAL_RANGE', val: '2000-01-01 : 2001-01-02', ...(grain ? { grain } : {}) },
          ],
        });
      const twoYears = firstRows(await range());
      // 2000-01-01 is a Saturday: its week starts in 1999 and falls out; 2001-01-01 is a Monday.
      const weekly = firstRows(await range('P1W'));
      const only2001 = firstRows(
        await chartData({
          metrics: ['count'],
          filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: '2001-01-01 : 2001-01-02' }],
        }),
      );
      expect(weekly).toEqual(only2001);
      expect(weekly).not.toEqual(twoYears);
      expect((await range('P9X')).statusCode).toBe(400);
    });
  });
});
