import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import { findDatabase } from '../src/modules/databases/databases.repo';
import { createEngineDatabases, type EngineDatabases } from './engine-databases';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';
import { createDatabase, createUser, examplesDatabaseId } from './sqllab-support';

/** The subset of @superset-ui/core this suite uses (it ships no types for Node use). */
interface SupersetUiCore {
  buildQueryContext(
    formData: Record<string, unknown>,
    buildQuery?: (base: Record<string, unknown>) => Record<string, unknown>[],
  ): Record<string, unknown>;
}

async function loadSupersetUi(): Promise<SupersetUiCore> {
  // The package reads `window` at import time (feature flags); Node has none.
  Reflect.set(globalThis, 'window', globalThis);
  const module: unknown = await import('@superset-ui/core');
  const build: unknown =
    typeof module === 'object' && module !== null ? Reflect.get(module, 'buildQueryContext') : null;
  if (typeof build !== 'function') throw new Error('buildQueryContext missing');
  return {
    buildQueryContext: (formData, buildQuery) => {
      const built: unknown = Reflect.apply(
        build,
        undefined,
        buildQuery ? [formData, buildQuery] : [formData],
      );
      if (typeof built !== 'object' || built === null) throw new Error('no query context');
      return built as Record<string, unknown>;
    },
  };
}

interface ResultItem {
  cache_key: string;
  is_cached: boolean;
  cached_dttm: string | null;
  query: string;
  status: string;
  colnames: string[];
  coltypes: number[];
  data: Record<string, unknown>[];
  rowcount: number;
  sql_rowcount: number;
  applied_filters: { column: string }[];
  rejected_filters: { column: string; reason: string }[];
  label_map: Record<string, string[]>;
  from_dttm: number | null;
  to_dttm: number | null;
  error: string | null;
  stacktrace: string | null;
}

const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/;
/** The hand-written SQL's rows as the API promises them: numbers as numbers, timestamps as epoch ms. */
function normalizeRows(
  columns: { name: string; type_generic: number | null }[],
  rows: unknown[][],
): Record<string, unknown>[] {
  return rows.map((row) =>
    Object.fromEntries(
      columns.map((column, index) => {
        const value = row[index];
        if (column.type_generic === 2 && typeof value === 'string')
          return [column.name, Date.parse(HAS_ZONE.test(value) ? value : `${value}Z`)];
        if (column.type_generic === 0 && typeof value === 'string') return [column.name, Number(value)];
        return [column.name, value];
      }),
    ),
  );
}

const sumNum = {
  expressionType: 'SIMPLE',
  aggregate: 'SUM',
  column: { column_name: 'num' },
  label: 'SUM(num)',
};

describe.each(METADATA_BACKENDS)('chart data on %s metadata', (backend) => {
  let server: TestServer;
  let admin: string;
  let examplesDb: number;
  let birthNames: number;
  let ui: SupersetUiCore;

  const post = (body: unknown, token = admin): Promise<LightMyRequestResponse> =>
    server.request('POST', '/api/v1/chart/data', { token, body });
  const items = (response: LightMyRequestResponse): ResultItem[] => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ result: ResultItem[] }>().result;
  };
  const handSql = async (sql: string): Promise<Record<string, unknown>[]> => {
    const row = await findDatabase(server.ctx.store.db, examplesDb);
    if (!row) throw new Error('examples missing');
    const session = await server.ctx.databases
      .connectorFor(row)
      .openSession({ readOnly: true, schema: 'main' });
    try {
      const result = await session.execute(sql, { maxRows: 100_000 });
      return normalizeRows(result.columns, result.rows);
    } finally {
      await session.close();
    }
  };
  const datasetOf = async (databaseId: number, table: string, schema: string): Promise<number> => {
    const response = await server.request('POST', '/api/v1/dataset/get_or_create/', {
      token: admin,
      body: { table_name: table, database_id: databaseId, schema },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ result: { table_id: number } }>().result.table_id;
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { examples: true });
    admin = await server.token();
    examplesDb = await examplesDatabaseId(server, admin);
    birthNames = await datasetOf(examplesDb, 'birth_names', 'main');
    ui = await loadSupersetUi();
  });

  afterAll(async () => {
    await server.close();
  });

  describe('acceptance: query contexts from @superset-ui/core 0.18.25', () => {
    it('a grouped table returns what the hand-written SQL returns', async () => {
      const context = ui.buildQueryContext(
        {
          datasource: `${birthNames}__table`,
          viz_type: 'table',
          groupby: ['gender', 'state'],
          metrics: [sumNum],
          time_range: 'No filter',
          row_limit: 10_000,
        },
        (base) => [
          {
            ...base,
            orderby: [
              [sumNum, false],
              ['gender', true],
              ['state', true],
            ],
          },
        ],
      );
      const [item] = items(await post(context));
      const expected = await handSql(
        'SELECT gender, state, SUM(num) AS "SUM(num)" FROM birth_names GROUP BY gender, state ORDER BY SUM(num) DESC, gender, state',
      );
      expect(expected.length).toBeGreaterThan(50);
      expect(item?.data).toEqual(expected);
      expect(item?.colnames).toEqual(['gender', 'state', 'SUM(num)']);
      expect(item?.coltypes).toEqual([1, 1, 0]);
      expect(item?.rowcount).toBe(expected.length);
      expect(item?.sql_rowcount).toBe(expected.length);
      expect(item).toMatchObject({ status: 'success', error: null, stacktrace: null, is_cached: false });
    });

    it('a time-grained line chart with an IN filter returns what the hand-written SQL returns', async () => {
      const formData = {
        datasource: `${birthNames}__table`,
        viz_type: 'line',
        granularity_sqla: 'ds',
        time_grain_sqla: 'P1Y',
        time_range: 'No filter',
        metrics: [sumNum],
        groupby: ['gender'],
        adhoc_filters: [
          {
            expressionType: 'SIMPLE',
            clause: 'WHERE',
            subject: 'state',
            operator: 'IN',
            comparator: ['CA', 'NY', 'TX'],
          },
        ],
        row_limit: 10_000,
      };
      const legacy = ui.buildQueryContext(formData, (base) => [
        {
          ...base,
          is_timeseries: true,
          orderby: [
            ['__timestamp', true],
            ['gender', true],
          ],
        },
      ]);
      const [item] = items(await post(legacy));
      const expected = await handSql(
        `SELECT date_trunc('year', ds) AS __timestamp, gender, SUM(num) AS "SUM(num)" FROM birth_names
         WHERE state IN ('CA', 'NY', 'TX') GROUP BY 1, 2 ORDER BY 1, 2`,
      );
      expect(expected.length).toBe(88);
      expect(item?.data).toEqual(expected);
      expect(item?.coltypes).toEqual([2, 1, 0]);
      expect(item?.applied_filters).toEqual([{ column: 'state' }]);
      expect(typeof item?.data[0]?.__timestamp).toBe('number');

      // The same chart with the generic x-axis form (columnType BASE_AXIS + timeGrain).
      const xAxis = ui.buildQueryContext(formData, (base) => [
        {
          ...base,
          columns: [
            {
              sqlExpression: 'ds',
              label: 'ds',
              columnType: 'BASE_AXIS',
              timeGrain: 'P1Y',
              isColumnReference: true,
            },
            'gender',
          ],
          orderby: [
            ['ds', true],
            ['gender', true],
          ],
        },
      ]);
      const [axisItem] = items(await post(xAxis));
      expect(axisItem?.colnames).toEqual(['ds', 'gender', 'SUM(num)']);
      expect(axisItem?.data.map((row) => [row.ds, row.gender, row['SUM(num)']])).toEqual(
        expected.map((row) => [row.__timestamp, row.gender, row['SUM(num)']]),
      );
    });

    it('a pie chart returns what the hand-written SQL returns', async () => {
      const context = ui.buildQueryContext(
        {
          datasource: `${birthNames}__table`,
          viz_type: 'pie',
          groupby: ['gender'],
          metric: sumNum,
          metrics: [sumNum],
          time_range: 'No filter',
          row_limit: 100,
        },
        (base) => [{ ...base, orderby: [[sumNum, false]] }],
      );
      const [item] = items(await post(context));
      expect(item?.data).toEqual(
        await handSql(
          'SELECT gender, SUM(num) AS "SUM(num)" FROM birth_names GROUP BY gender ORDER BY 2 DESC',
        ),
      );
    });
  });

  it('answers the other result types', async () => {
    const base = {
      datasource: { id: birthNames, type: 'table' },
      queries: [{ columns: ['gender'], metrics: [sumNum], row_limit: 3 }],
    };
    const query = items(await post({ ...base, result_type: 'query' }))[0];
    expect(query).toEqual({
      query:
        'SELECT "gender" AS "gender", SUM("num") AS "SUM(num)"\nFROM "main"."birth_names"\nGROUP BY "gender"\nLIMIT 3',
      language: 'sql',
    });
    const results = items(await post({ ...base, result_type: 'results' }))[0];
    expect(Object.keys(results ?? {}).sort()).toEqual([
      'colnames',
      'coltypes',
      'data',
      'rowcount',
      'sql_rowcount',
    ]);
    const samples = items(await post({ ...base, result_type: 'samples' }))[0];
    expect(samples?.colnames).toEqual([
      'ds',
      'gender',
      'name',
      'num',
      'state',
      'num_boys',
      'num_girls',
      'num_california',
    ]);
    expect(samples?.rowcount).toBe(3);
    const grains = items(await post({ ...base, result_type: 'timegrains' }))[0];
    expect(grains?.data).toContainEqual({ name: 'year', function: null, duration: 'P1Y' });
    const drill = items(
      await post({
        ...base,
        result_type: 'drill_detail',
        queries: [{ filters: [{ col: 'state', op: '==', val: 'CA' }], row_limit: 5 }],
      }),
    )[0];
    expect(drill?.data.every((row) => row.state === 'CA')).toBe(true);
  });

  it('caches results, bypasses the cache with force, and serves a cache key', async () => {
    const body = {
      datasource: { id: birthNames, type: 'table' },
      queries: [{ columns: ['state'], metrics: [sumNum], row_limit: 7, orderby: [['state', true]] }],
    };
    const first = items(await post(body))[0];
    const secondResponse = await post(body);
    const second = items(secondResponse)[0];
    // A hit is sent as the stored JSON text: the same item but for the keys a hit answers afresh.
    expect(secondResponse.headers['content-type']).toBe('application/json; charset=utf-8');
    expect({ ...second, is_cached: false, cached_dttm: null }).toEqual(first);
    expect(items(await post(body))[0]).toEqual(second);
    expect(first?.is_cached).toBe(false);
    expect(second?.is_cached).toBe(true);
    expect(second?.cached_dttm).not.toBeNull();
    expect(second?.cache_key).toBe(first?.cache_key);
    expect(second?.data).toEqual(first?.data);
    const forced = items(await post({ ...body, force: true }))[0];
    expect(forced?.is_cached).toBe(false);
    const byKey = await server.request('GET', `/api/v1/chart/data/${first?.cache_key ?? ''}`, {
      token: admin,
    });
    expect(byKey.statusCode).toBe(200);
    expect(byKey.json<{ result: ResultItem[] }>().result[0]?.data).toEqual(first?.data);
    const unknown = await server.request('GET', `/api/v1/chart/data/${'0'.repeat(64)}`, { token: admin });
    expect(unknown.statusCode).toBe(404);
  });

  it('joins time offsets by the x-axis value', async () => {
    const [item] = items(
      await post({
        datasource: { id: birthNames, type: 'table' },
        queries: [
          {
            columns: [
              {
                sqlExpression: 'ds',
                label: 'ds',
                columnType: 'BASE_AXIS',
                timeGrain: 'P1Y',
                isColumnReference: true,
              },
            ],
            metrics: [sumNum],
            time_range: '2000-01-01 : 2005-01-01',
            filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: '2000-01-01 : 2005-01-01' }],
            time_offsets: ['1 year ago'],
            orderby: [['ds', true]],
          },
        ],
      }),
    );
    expect(item?.colnames).toEqual(['ds', 'SUM(num)', 'SUM(num)__1 year ago']);
    expect(item?.label_map['SUM(num)__1 year ago']).toEqual(['SUM(num)', '1 year ago']);
    const byYear = await handSql(
      `SELECT date_trunc('year', ds) AS y, SUM(num) AS s FROM birth_names WHERE ds >= '1999-01-01' AND ds < '2005-01-01' GROUP BY 1 ORDER BY 1`,
    );
    const sums = byYear.map((row) => row.s);
    expect(item?.data.map((row) => row['SUM(num)'])).toEqual(sums.slice(1));
    expect(item?.data.map((row) => row['SUM(num)__1 year ago'])).toEqual(sums.slice(0, -1));
    expect(item?.from_dttm).toBe(Date.UTC(2000, 0, 1));
  });

  it('writes CSV, XLSX and a ZIP for several queries', async () => {
    const query = { columns: ['gender'], metrics: [sumNum], orderby: [['gender', true]] };
    const csv = await post({
      datasource: { id: birthNames, type: 'table' },
      queries: [query],
      result_format: 'csv',
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="birth_names\.csv"/);
    const named = await post({
      datasource: { id: birthNames, type: 'table' },
      queries: [query],
      result_format: 'csv',
      form_data: { slice_name: 'Naissances été' },
    });
    expect(named.headers['content-disposition']).toBe(
      `attachment; filename="Naissances _t_.csv"; filename*=UTF-8''${encodeURIComponent('Naissances été.csv')}`,
    );
    const totals = await handSql('SELECT gender, SUM(num) AS s FROM birth_names GROUP BY 1 ORDER BY 1');
    expect(csv.body).toBe(
      `\uFEFFgender,SUM(num)\r\n${totals.map((row) => `${String(row.gender)},${String(row.s)}\r\n`).join('')}`,
    );

    const xlsx = await post({
      datasource: { id: birthNames, type: 'table' },
      queries: [query],
      result_format: 'xlsx',
    });
    expect(xlsx.statusCode).toBe(200);
    const sheet = strFromU8(unzipSync(xlsx.rawPayload)['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    expect(sheet).toContain('<t xml:space="preserve">SUM(num)</t>');

    const form = await server.app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        form_data: JSON.stringify({
          datasource: { id: birthNames, type: 'table' },
          queries: [query, query],
          result_format: 'csv',
        }),
      }).toString(),
    });
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-type']).toBe('application/zip');
    expect(Object.keys(unzipSync(form.rawPayload)).sort()).toEqual(['query_1.csv', 'query_2.csv']);
  });

  it('needs can_csv for files and datasource access for anything', async () => {
    const db = server.ctx.store.db;
    const role = await db
      .insertInto('roles')
      .values({ name: `viewer_${backend}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('role_permissions')
      .values([
        { role_id: role.id, permission: 'can_read', view_menu: 'Chart' },
        { role_id: role.id, permission: 'all_datasource_access', view_menu: 'all_datasource_access' },
        { role_id: role.id, permission: 'all_database_access', view_menu: 'all_database_access' },
      ])
      .execute();
    const viewer = await createUser(server, admin, `viewer_${backend}`, `viewer_${backend}`);
    const body = {
      datasource: { id: birthNames, type: 'table' },
      queries: [{ columns: ['gender'], metrics: [sumNum] }],
    };
    expect((await post(body, viewer)).statusCode).toBe(200);
    expect((await post({ ...body, result_format: 'csv' }, viewer)).statusCode).toBe(403);
    const gamma = await createUser(server, admin, `gamma_${backend}`, 'Gamma');
    expect((await post(body, gamma)).statusCode).toBe(404);
  });

  it('uses saved metrics and applies post-processing', async () => {
    const [item] = items(
      await post({
        datasource: { id: birthNames, type: 'table' },
        queries: [
          {
            columns: ['gender'],
            metrics: ['count', sumNum],
            post_processing: [{ operation: 'sort', options: { by: 'SUM(num)', ascending: false } }],
          },
        ],
      }),
    );
    const expected = await handSql(
      'SELECT gender, COUNT(*) AS count, SUM(num) AS "SUM(num)" FROM birth_names GROUP BY gender ORDER BY 3 DESC',
    );
    expect(item?.data).toEqual(expected);
    const unknown = await post({
      datasource: { id: birthNames, type: 'table' },
      queries: [{ columns: ['gender'], metrics: [sumNum], post_processing: [{ operation: 'prophecy' }] }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'Unsupported post processing operation: prophecy' });
  });

  it("uses the example dataset's calculated column and saved metric", async () => {
    const [item] = items(
      await post({
        datasource: { id: birthNames, type: 'table' },
        queries: [
          {
            columns: ['gender'],
            metrics: [
              'sum__num',
              {
                expressionType: 'SIMPLE',
                aggregate: 'SUM',
                column: { column_name: 'num_california' },
                label: 'ca',
              },
            ],
            orderby: [['gender', true]],
          },
        ],
      }),
    );
    expect(item?.data).toEqual(
      await handSql(
        `SELECT gender, SUM(num) AS sum__num, SUM(CASE WHEN state = 'CA' THEN num ELSE 0 END) AS ca FROM birth_names GROUP BY 1 ORDER BY 1`,
      ),
    );
  });

  it("runs a saved chart's query context", async () => {
    const queryContext = {
      datasource: { id: birthNames, type: 'table' },
      queries: [{ columns: ['gender'], metrics: [sumNum], orderby: [['gender', true]] }],
    };
    const created = await server.request('POST', '/api/v1/chart/', {
      token: admin,
      body: {
        slice_name: 'by gender',
        viz_type: 'pie',
        datasource_id: birthNames,
        datasource_type: 'table',
        query_context: JSON.stringify(queryContext),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const chartId = created.json<{ id: number }>().id;
    const [item] = items(await server.request('GET', `/api/v1/chart/${chartId}/data/`, { token: admin }));
    expect(item?.data).toEqual(
      await handSql('SELECT gender, SUM(num) AS "SUM(num)" FROM birth_names GROUP BY 1 ORDER BY 1'),
    );
    const csv = await server.request('GET', `/api/v1/chart/${chartId}/data/?format=csv&force=true`, {
      token: admin,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.startsWith('\uFEFFgender,SUM(num)\r\n')).toBe(true);
    // Named after the chart, not its dataset.
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="by gender\.csv"/);
    const bare = await server.request('POST', '/api/v1/chart/', {
      token: admin,
      body: {
        slice_name: 'no context',
        viz_type: 'pie',
        datasource_id: birthNames,
        datasource_type: 'table',
      },
    });
    const bareId = bare.json<{ id: number }>().id;
    const missing = await server.request('GET', `/api/v1/chart/${bareId}/data/`, { token: admin });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: 'Chart has no query context saved. Please save the chart again.',
    });
    expect((await server.request('GET', '/api/v1/chart/999999/data/', { token: admin })).statusCode).toBe(
      404,
    );
  });

  it('queries a virtual dataset with rendered template parameters', async () => {
    const created = await server.request('POST', '/api/v1/dataset/', {
      token: admin,
      body: {
        database: examplesDb,
        schema: 'main',
        table_name: `big_names_${backend}`,
        sql: 'SELECT gender, state, num FROM birth_names WHERE num > {{ min_num }}',
        template_params: '{"min_num": 1000}',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [item] = items(
      await post({
        datasource: { id: created.json<{ id: number }>().id, type: 'table' },
        queries: [{ columns: ['gender'], metrics: [sumNum], orderby: [['gender', true]] }],
      }),
    );
    expect(item?.query).toContain('WHERE num > 1000');
    expect(item?.data).toEqual(
      await handSql(
        'SELECT gender, SUM(num) AS "SUM(num)" FROM birth_names WHERE num > 1000 GROUP BY 1 ORDER BY 1',
      ),
    );
  });

  it('refuses bad input with documented 4xx bodies', async () => {
    const malformed = await server.request('POST', '/api/v1/chart/data', {
      token: admin,
      rawBody: '{"datasource": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Request body is not valid JSON.' });
    const wrongTypes = await post({ datasource: { id: birthNames, type: 'table' }, queries: 'all' });
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json<{ message: Record<string, string[]> }>().message).toHaveProperty('queries');
    const unknownOp = await post({
      datasource: { id: birthNames, type: 'table' },
      queries: [{ columns: ['gender'], filters: [{ col: 'gender', op: 'SOUNDS LIKE', val: 'x' }] }],
    });
    expect(unknownOp.statusCode).toBe(400);
    expect(unknownOp.json<{ message: Record<string, string[]> }>().message).toHaveProperty([
      'queries.0.filters.0.op',
    ]);
    const huge = await server.request('POST', '/api/v1/chart/data', {
      token: admin,
      rawBody: JSON.stringify({ pad: 'x'.repeat(6 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: 'Request body is too large.' });
    const unknownDataset = await post({
      datasource: { id: 999_999, type: 'table' },
      queries: [{ columns: ['gender'] }],
    });
    expect(unknownDataset.statusCode).toBe(404);
    const missing = await post({
      datasource: { id: birthNames, type: 'table' },
      queries: [{ columns: ['gender', 'nope'], metrics: [sumNum] }],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: "Columns missing in dataset: ['nope']" });
    const failing = await post({
      datasource: { id: birthNames, type: 'table' },
      queries: [
        {
          columns: ['gender'],
          metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(no_such_column)', label: 'x' }],
        },
      ],
    });
    expect(failing.statusCode).toBe(400);
    expect(failing.json<{ message: string }>().message).toMatch(/^Error: .*no_such_column/);
    const subquery = await post({
      datasource: { id: birthNames, type: 'table' },
      queries: [{ columns: ['gender'], metrics: [sumNum], extras: { where: 'num > (SELECT 1)' } }],
    });
    expect(subquery.statusCode).toBe(400);
    expect(
      subquery.json<{ errors: { error_type: string; extra: { issue_codes: { code: number }[] } }[] }>()
        .errors[0],
    ).toMatchObject({
      error_type: 'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR',
      extra: { issue_codes: [{ code: 1037 }] },
    });
  });
});

/**
 * Expected buckets of TIME_GRAINS and LEGACY_TIME_GRAINS for two timestamps: a Wednesday morning and a
 * Sunday night ('all' keeps them; '7 days' counts from Thursday 1970-01-01).
 */
const GRAIN_CASES: [string, string, string][] = [
  ['all', '2024-05-15T10:37:43Z', '2024-05-19T23:59:59Z'],
  ['P7D', '2024-05-09T00:00:00Z', '2024-05-16T00:00:00Z'],
  ['PT1S', '2024-05-15T10:37:43Z', '2024-05-19T23:59:59Z'],
  ['PT5S', '2024-05-15T10:37:40Z', '2024-05-19T23:59:55Z'],
  ['PT30S', '2024-05-15T10:37:30Z', '2024-05-19T23:59:30Z'],
  ['PT1M', '2024-05-15T10:37:00Z', '2024-05-19T23:59:00Z'],
  ['PT5M', '2024-05-15T10:35:00Z', '2024-05-19T23:55:00Z'],
  ['PT10M', '2024-05-15T10:30:00Z', '2024-05-19T23:50:00Z'],
  ['PT15M', '2024-05-15T10:30:00Z', '2024-05-19T23:45:00Z'],
  ['PT30M', '2024-05-15T10:30:00Z', '2024-05-19T23:30:00Z'],
  ['PT1H', '2024-05-15T10:00:00Z', '2024-05-19T23:00:00Z'],
  ['PT6H', '2024-05-15T06:00:00Z', '2024-05-19T18:00:00Z'],
  ['P1D', '2024-05-15T00:00:00Z', '2024-05-19T00:00:00Z'],
  ['P1W', '2024-05-13T00:00:00Z', '2024-05-13T00:00:00Z'],
  ['1969-12-28T00:00:00Z/P1W', '2024-05-12T00:00:00Z', '2024-05-19T00:00:00Z'],
  ['1969-12-29T00:00:00Z/P1W', '2024-05-13T00:00:00Z', '2024-05-13T00:00:00Z'],
  ['P1W/1970-01-03T00:00:00Z', '2024-05-18T00:00:00Z', '2024-05-25T00:00:00Z'],
  ['P1W/1970-01-04T00:00:00Z', '2024-05-19T00:00:00Z', '2024-05-19T00:00:00Z'],
  ['P1M', '2024-05-01T00:00:00Z', '2024-05-01T00:00:00Z'],
  ['P3M', '2024-04-01T00:00:00Z', '2024-04-01T00:00:00Z'],
  ['P1Y', '2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z'],
];

describe('chart data on PostgreSQL, MariaDB, SQLite and DuckDB tables', () => {
  let server: TestServer;
  let admin: string;
  const datasets: Record<'pg' | 'maria' | 'sqlite' | 'duckdb', number> = {
    pg: 0,
    maria: 0,
    sqlite: 0,
    duckdb: 0,
  };

  const post = (body: unknown): Promise<LightMyRequestResponse> =>
    server.request('POST', '/api/v1/chart/data', { token: admin, body });
  const datasetOf = async (databaseId: number, table: string, schema: string | null): Promise<number> => {
    const response = await server.request('POST', '/api/v1/dataset/get_or_create/', {
      token: admin,
      body: { table_name: table, database_id: databaseId, ...(schema ? { schema } : {}) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ result: { table_id: number } }>().result.table_id;
  };

  let engines: EngineDatabases;
  const partitioned: Record<'pg' | 'maria', number> = { pg: 0, maria: 0 };

  beforeAll(async () => {
    const rows = `('2024-05-15 10:37:43', 'wed', 'It''s', 3), ('2024-05-19 23:59:59', 'sun', 'back\\slash', 4), ('2023-01-01 00:00:00', 'old', NULL, 5)`;
    // The engines' fixtures and the server are independent: build them side by side.
    [engines, server] = await Promise.all([
      createEngineDatabases('chart_data_test', {
        pg: `CREATE TABLE events (ts timestamp, k text, note text, v integer); INSERT INTO events VALUES ${rows};
       CREATE TABLE parts (d date, v integer) PARTITION BY LIST (d);
       CREATE TABLE parts_jan PARTITION OF parts FOR VALUES IN ('2024-01-01');
       CREATE TABLE parts_feb PARTITION OF parts FOR VALUES IN ('2024-02-01');
       INSERT INTO parts VALUES ('2024-01-01', 1), ('2024-01-01', 2), ('2024-02-01', 10), ('2024-02-01', 20);`,
        my: `CREATE TABLE events (ts DATETIME, k VARCHAR(10), note VARCHAR(20), v INT);
       INSERT INTO events VALUES ('2024-05-15 10:37:43', 'wed', 'It''s', 3), ('2024-05-19 23:59:59', 'sun', 'back\\\\slash', 4), ('2023-01-01 00:00:00', 'old', NULL, 5);
       CREATE TABLE parts (d DATE, v INT) PARTITION BY LIST COLUMNS(d)
         (PARTITION p_jan VALUES IN ('2024-01-01'), PARTITION p_feb VALUES IN ('2024-02-01'));
       INSERT INTO parts VALUES ('2024-01-01', 1), ('2024-01-01', 2), ('2024-02-01', 10), ('2024-02-01', 20);`,
      }),
      startTestServer('sqlite'),
    ]);
    admin = await server.token();
    const { default: Database } = await import('better-sqlite3');
    const file = `${server.dataDir}/events.sqlite`;
    const sqlite = new Database(file);
    sqlite.exec(`CREATE TABLE events (ts TIMESTAMP, k TEXT, note TEXT, v INTEGER);
      INSERT INTO events VALUES ('2024-05-15 10:37:43', 'wed', 'It''s', 3), ('2024-05-19 23:59:59', 'sun', 'back\\slash', 4), ('2023-01-01 00:00:00', 'old', NULL, 5);`);
    sqlite.close();
    const { DuckDBInstance } = await import('@duckdb/node-api');
    const duckFile = `${server.dataDir}/events.duckdb`;
    const duck = await DuckDBInstance.create(duckFile);
    const duckConnection = await duck.connect();
    await duckConnection.run(`CREATE TABLE events (ts TIMESTAMP, k VARCHAR, note VARCHAR, v INTEGER);
      INSERT INTO events VALUES ('2024-05-15 10:37:43', 'wed', 'It''s', 3), ('2024-05-19 23:59:59', 'sun', 'back\\slash', 4), ('2023-01-01 00:00:00', 'old', NULL, 5);`);
    duckConnection.closeSync();
    duck.closeSync();
    const pgId = await createDatabase(server, admin, {
      database_name: 'pg',
      sqlalchemy_uri: engines.pgUri,
    });
    const myId = await createDatabase(server, admin, {
      database_name: 'maria',
      sqlalchemy_uri: engines.myUri,
    });
    const liteId = await createDatabase(server, admin, {
      database_name: 'lite',
      sqlalchemy_uri: `sqlite:///${file}`,
    });
    datasets.pg = await datasetOf(pgId, 'events', 'public');
    datasets.maria = await datasetOf(myId, 'events', engines.name);
    datasets.sqlite = await datasetOf(liteId, 'events', 'main');
    const duckId = await createDatabase(server, admin, {
      database_name: 'duck',
      sqlalchemy_uri: `duckdb:///${duckFile}`,
    });
    datasets.duckdb = await datasetOf(duckId, 'events', 'main');
    partitioned.pg = await datasetOf(pgId, 'parts', 'public');
    partitioned.maria = await datasetOf(myId, 'parts', engines.name);
  });

  afterAll(async () => {
    await server.close();
    await engines.drop();
  });

  it.each(['pg', 'maria', 'sqlite', 'duckdb'] as const)('buckets every time grain on %s', async (engine) => {
    for (const [grain, wednesday, sunday] of GRAIN_CASES) {
      const response = await post({
        datasource: { id: datasets[engine], type: 'table' },
        queries: [
          {
            columns: [
              {
                sqlExpression: 'ts',
                label: 'bucket',
                columnType: 'BASE_AXIS',
                timeGrain: grain,
                isColumnReference: true,
              },
              'k',
            ],
            metrics: [
              { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'v' }, label: 'total' },
            ],
            filters: [{ col: 'k', op: 'IN', val: ['wed', 'sun'] }],
            orderby: [['k', false]],
          },
        ],
      });
      expect(response.statusCode, `${grain}: ${response.body}`).toBe(200);
      const data = response.json<{ result: ResultItem[] }>().result[0]?.data;
      expect(data, grain).toEqual([
        { bucket: Date.parse(wednesday), k: 'wed', total: 3 },
        { bucket: Date.parse(sunday), k: 'sun', total: 4 },
      ]);
    }
  });

  it.each(['pg', 'maria', 'sqlite', 'duckdb'] as const)(
    'filters with quotes, backslashes, ILIKE and ranges on %s',
    async (engine) => {
      const run = async (filters: unknown[]): Promise<unknown[]> => {
        const response = await post({
          datasource: { id: datasets[engine], type: 'table' },
          queries: [{ columns: ['k'], filters, orderby: [['k', true]], time_range: 'No filter' }],
        });
        expect(response.statusCode, response.body).toBe(200);
        return (response.json<{ result: ResultItem[] }>().result[0]?.data ?? []).map((row) => row.k);
      };
      expect(await run([{ col: 'note', op: '==', val: "It's" }])).toEqual(['wed']);
      expect(await run([{ col: 'note', op: '==', val: 'back\\slash' }])).toEqual(['sun']);
      expect(await run([{ col: 'note', op: 'IN', val: ["It's", 'back\\slash', null] }])).toEqual([
        'old',
        'sun',
        'wed',
      ]);
      expect(await run([{ col: 'note', op: 'NOT IN', val: ["It's"] }])).toEqual(['sun']);
      expect(await run([{ col: 'note', op: 'ILIKE', val: 'it%' }])).toEqual(['wed']);
      expect(await run([{ col: 'note', op: 'IS NULL' }])).toEqual(['old']);
      expect(await run([{ col: 'v', op: '>=', val: 4 }])).toEqual(['old', 'sun']);
      expect(await run([{ col: 'ts', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-05-19' }])).toEqual([
        'wed',
      ]);
      expect(await run([{ col: 'note', op: '==', val: "x' OR '1'='1" }])).toEqual([]);
      expect(await run([{ col: 'note', op: '==', val: "x\\' OR 1=1 -- " }])).toEqual([]);
      expect(await run([{ col: 'note', op: '==', val: '日本語 ☃ \u{1F600}' }])).toEqual([]);
    },
  );

  it.each(['pg', 'maria', 'sqlite', 'duckdb'] as const)(
    "groups the series beyond the series limit as 'Others' on %s",
    async (engine) => {
      const run = async (column: string, others: boolean): Promise<unknown[]> => {
        const response = await post({
          datasource: { id: datasets[engine], type: 'table' },
          queries: [
            {
              columns: [column],
              metrics: [
                { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'v' }, label: 'total' },
              ],
              series_columns: [column],
              series_limit: 1,
              group_others_when_limit_reached: others,
              orderby: [['total', false]],
            },
          ],
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ result: ResultItem[] }>().result[0]?.data ?? [];
      };
      // old (5) leads; wed (3) and sun (4) are beyond the limit of one series.
      expect(await run('k', false)).toEqual([{ k: 'old', total: 5 }]);
      expect(await run('k', true)).toEqual([
        { k: 'Others', total: 7 },
        { k: 'old', total: 5 },
      ]);
      // A numeric series column reads as text, so its values and 'Others' share the column.
      expect(await run('v', true)).toEqual([
        { v: 'Others', total: 7 },
        { v: '5', total: 5 },
      ]);
    },
  );

  it.each(['pg', 'sqlite'] as const)(
    'compares a table of periods with the shifted period, joined on its dimensions, on %s',
    async (engine) => {
      const run = async (columns: string[], steps: unknown[]) => {
        const response = await post({
          datasource: { id: datasets[engine], type: 'table' },
          queries: [
            {
              columns,
              metrics: [
                { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'v' }, label: 'total' },
              ],
              granularity: 'ts',
              time_range: '2024-01-01 : 2025-01-01',
              time_offsets: ['1 year ago'],
              post_processing: steps,
              orderby: [['total', false]],
            },
          ],
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ result: ResultItem[] }>().result[0]?.data;
      };
      // 2024 holds wed (3) and sun (4); the year before holds old (5).
      expect(await run([], [])).toEqual([{ total: 7, 'total__1 year ago': 5 }]);
      expect(
        await run(
          [],
          [
            {
              operation: 'compare',
              options: {
                source_columns: ['total'],
                compare_columns: ['total__1 year ago'],
                compare_type: 'difference',
                drop_original_columns: true,
              },
            },
          ],
        ),
      ).toEqual([{ 'difference__total__total__1 year ago': 2 }]);
      // With dimensions, a row without its counterpart in the shifted period compares with null.
      expect(await run(['k'], [])).toEqual([
        { k: 'sun', total: 4, 'total__1 year ago': null },
        { k: 'wed', total: 3, 'total__1 year ago': null },
      ]);
    },
  );

  it.each(['pg', 'maria'] as const)(
    "filters a partition column to the latest partition's value on %s",
    async (engine) => {
      const total = async (dataset: number, filters: unknown[]) =>
        post({
          datasource: { id: dataset, type: 'table' },
          queries: [
            {
              columns: [],
              metrics: [
                { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'v' }, label: 'total' },
              ],
              filters,
            },
          ],
        });
      const latest = await total(partitioned[engine], [{ col: 'd', op: 'latest partition' }]);
      expect(latest.statusCode, latest.body).toBe(200);
      expect(latest.json<{ result: ResultItem[] }>().result[0]?.data.map((row) => Number(row.total))).toEqual(
        [30],
      );
      const other = await total(partitioned[engine], [{ col: 'v', op: 'LATEST PARTITION' }]);
      expect(other.statusCode).toBe(400);
      expect(other.json()).toEqual({ message: 'Column v is not a partition column of table parts.' });
      const unpartitioned = await total(datasets[engine], [{ col: 'k', op: 'LATEST PARTITION' }]);
      expect(unpartitioned.json()).toEqual({
        message: 'Column k is not a partition column of table events.',
      });
    },
  );

  it.each(['sqlite', 'duckdb'] as const)(
    'refuses LATEST PARTITION on %s, which has no partitions',
    async (engine) => {
      const response = await post({
        datasource: { id: datasets[engine], type: 'table' },
        queries: [{ columns: ['k'], filters: [{ col: 'k', op: 'LATEST PARTITION' }] }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: `The LATEST PARTITION filter needs a partitioned table; ${engine} tables have no partitions.`,
      });
    },
  );

  it('refuses hostile adhoc SQL and leaves the PostgreSQL table alone', async () => {
    const hostile = [
      '1=1; DROP TABLE events',
      '(SELECT 1) = 1',
      '1=1 -- ',
      '1=1 /* */',
      '(1=1',
      '1=1)',
      '1=1) OR (1=1',
    ];
    for (const where of hostile) {
      for (const place of ['where', 'having'] as const) {
        const response = await post({
          datasource: { id: datasets.pg, type: 'table' },
          queries: [
            {
              columns: ['k'],
              metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' }],
              extras: { [place]: where },
            },
          ],
        });
        expect(response.statusCode, `${place}: ${where}`).toBe(400);
        expect(response.json<{ errors: { error_type: string }[] }>().errors[0]?.error_type).toMatch(
          /INVALID_SQL_ERROR|ADHOC_SUBQUERY_NOT_ALLOWED_ERROR/,
        );
      }
      const asMetric = await post({
        datasource: { id: datasets.pg, type: 'table' },
        queries: [{ columns: ['k'], metrics: [{ expressionType: 'SQL', sqlExpression: where, label: 'm' }] }],
      });
      expect(asMetric.statusCode).toBe(400);
    }
    const writes = await post({
      datasource: { id: datasets.pg, type: 'table' },
      queries: [
        {
          columns: ['k'],
          metrics: [
            {
              expressionType: 'SQL',
              sqlExpression: "COUNT(*) FILTER (WHERE pg_catalog.set_config('x', 'y', false) IS NULL)",
              label: 'm',
            },
          ],
        },
      ],
    });
    expect(writes.statusCode).toBe(400);
    const [count] = await engines.pg<{ n: number }>('SELECT count(*)::int AS n FROM events');
    expect(count?.n).toBe(3);
  });
});
