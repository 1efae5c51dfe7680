import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  datasetRelatedObjectsSchema,
  datasetSamplesSchema,
  datasetShowResponseSchema,
  exploreDatasourceSchema,
  TIME_GRAINS,
  type Dataset,
} from '@tessera/contracts';
import { ensureExamples } from '../src/init';
import { METADATA_BACKENDS, startTestServer, withPgAdmin, type TestServer } from './harness';
import { createDatabase, createUser } from './sqllab-support';

// The process id keeps two test runs on this machine from sharing a database.
const SOURCE_DB = `tessera_datasets_src_${String(process.pid)}`;

async function pgSource(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:5432/${SOURCE_DB}` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function mariaSource(sql: string): Promise<void> {
  const conn = await createConnection({
    host: '127.0.0.1',
    port: 3306,
    user: 'root',
    password: '',
    multipleStatements: true,
  });
  try {
    await conn.query(sql);
  } finally {
    await conn.end();
  }
}

beforeAll(async () => {
  await withPgAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${SOURCE_DB} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${SOURCE_DB}`);
  });
  await pgSource(`
    CREATE TABLE orders (id integer, amount numeric(10,2), region text, created date, shipped timestamp);
    INSERT INTO orders SELECT g, g * 1.5, CASE WHEN g % 2 = 0 THEN 'east' ELSE 'west' END,
      DATE '2024-01-01' + g, TIMESTAMP '2024-01-01' + g * INTERVAL '1 hour' FROM generate_series(1, 25) g;
  `);
  await mariaSource(`
    DROP DATABASE IF EXISTS ${SOURCE_DB}; CREATE DATABASE ${SOURCE_DB}; USE ${SOURCE_DB};
    CREATE TABLE visits (id INT, page VARCHAR(40), seen DATETIME, ms DOUBLE);
    INSERT INTO visits VALUES (1, 'home', '2024-03-01 10:00:00', 12.5), (2, 'about', '2024-03-02 11:00:00', 7.25),
                              (3, 'home', '2024-03-03 12:00:00', 3.0);
  `);
});

afterAll(async () => {
  await withPgAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${SOURCE_DB} WITH (FORCE)`));
  await mariaSource(`DROP DATABASE IF EXISTS ${SOURCE_DB}`);
});

interface MessageBody {
  message: Record<string, string[]> | string;
}

describe.each(METADATA_BACKENDS)('Dataset semantic layer on %s metadata', (backend) => {
  let server: TestServer;
  let admin: string;
  let alpha: string;
  let otherAlpha: string;
  let gamma: string;
  let examples: number;
  let examplesSchema: string;
  let pgDb: number;
  let mariaDb: number;

  const show = async (id: number, token = admin): Promise<Dataset> => {
    const response = await server.request('GET', `/api/v1/dataset/${id}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return datasetShowResponseSchema.parse(response.json()).result;
  };
  const datasetIdByName = async (name: string): Promise<number> => {
    const q = encodeURIComponent(`(filters:!((col:table_name,opr:eq,value:${name})))`);
    const response = await server.request('GET', `/api/v1/dataset/?q=${q}`, { token: admin });
    const id = response.json<{ ids: number[] }>().ids[0];
    if (id === undefined) throw new Error(`no dataset ${name}`);
    return id;
  };
  const put = (id: number, body: unknown, token = admin, query = '') =>
    server.request('PUT', `/api/v1/dataset/${id}${query}`, { token, body });
  const fieldMessages = (body: MessageBody): Record<string, string[]> => {
    if (typeof body.message === 'string') throw new Error(`plain message: ${body.message}`);
    return body.message;
  };
  const samples = (query: string, token = admin) =>
    server.request('POST', `/datasource/samples?${query}`, { token, body: {} });

  beforeAll(async () => {
    server = await startTestServer(backend, { examples: true });
    admin = await server.token();
    alpha = await createUser(server, admin, `alpha_sem_${backend}`, 'Alpha');
    otherAlpha = await createUser(server, admin, `alpha2_sem_${backend}`, 'Alpha');
    gamma = await createUser(server, admin, `gamma_sem_${backend}`, 'Gamma');
    const databases = await server.request('GET', '/api/v1/database/', { token: admin });
    const found = databases
      .json<{ result: { id: number; database_name: string }[] }>()
      .result.find((database) => database.database_name === 'examples');
    if (!found) throw new Error('examples database missing');
    examples = found.id;
    const schemas = await server.request('GET', `/api/v1/database/${examples}/schemas/`, { token: admin });
    examplesSchema = schemas.json<{ result: string[] }>().result[0] ?? '';
    pgDb = await createDatabase(server, admin, {
      database_name: 'pg_src',
      sqlalchemy_uri: `postgresql://postgres@127.0.0.1:5432/${SOURCE_DB}`,
    });
    mariaDb = await createDatabase(server, admin, {
      database_name: 'maria_src',
      sqlalchemy_uri: `mysql://root@127.0.0.1:3306/${SOURCE_DB}`,
    });
  });

  afterAll(async () => {
    await server.close();
  });

  it('creates the example datasets once, owned by the admin, with birth_names semantics', async () => {
    const before = await server.request('GET', '/api/v1/dataset/?q=(page_size:100)', { token: admin });
    await ensureExamples(server.ctx);
    const after = await server.request('GET', '/api/v1/dataset/?q=(page_size:100)', { token: admin });
    expect(after.json<{ count: number }>().count).toBe(before.json<{ count: number }>().count);
    const names = after.json<{ result: { table_name: string }[] }>().result.map((row) => row.table_name);
    expect(names).toEqual(expect.arrayContaining(['birth_names', 'sales', 'wb_health_population']));

    const birthNames = await show(await datasetIdByName('birth_names'));
    expect(birthNames.main_dttm_col).toBe('ds');
    expect(birthNames.owners.map((owner) => owner.first_name)).toEqual(['Admin']);
    expect(birthNames.metrics.map((metric) => [metric.metric_name, metric.expression])).toEqual([
      ['count', 'COUNT(*)'],
      ['sum__num', 'SUM(num)'],
    ]);
    const california = birthNames.columns.find((column) => column.column_name === 'num_california');
    expect(california?.expression).toBe("CASE WHEN state = 'CA' THEN num ELSE 0 END");

    // Superset's World Bank dataset: its columns, its temporal year and the metrics its charts name.
    const worldBank = await show(await datasetIdByName('wb_health_population'));
    expect(worldBank.main_dttm_col).toBe('year');
    expect(worldBank.columns).toHaveLength(328);
    expect(worldBank.columns.find((column) => column.column_name === 'year')?.is_dttm).toBe(true);
    expect(worldBank.metrics.map((metric) => [metric.metric_name, metric.expression])).toEqual([
      ['count', 'COUNT(*)'],
      ['sum__SP_DYN_LE00_IN', 'sum("SP_DYN_LE00_IN")'],
      ['sum__SH_DYN_AIDS', 'sum("SH_DYN_AIDS")'],
      ['sum__SP_POP_TOTL', 'sum("SP_POP_TOTL")'],
      ['sum__SP_RUR_TOTL_ZS', 'sum("SP_RUR_TOTL_ZS")'],
      ['sum__SP_RUR_TOTL', 'sum("SP_RUR_TOTL")'],
    ]);
  });

  it('serves the Explore datasource by datasourceKey and refuses bad keys', async () => {
    const id = await datasetIdByName('birth_names');
    const response = await server.request(
      'GET',
      `/superset/fetch_datasource_metadata?datasourceKey=${id}__table`,
      { token: alpha },
    );
    expect(response.statusCode).toBe(200);
    const datasource = exploreDatasourceSchema.parse(response.json());
    expect(datasource.uid).toBe(`${id}__table`);
    expect(datasource.granularity_sqla[0]).toEqual(['ds', 'ds']);
    expect(datasource.time_grain_sqla).toHaveLength(TIME_GRAINS.length);
    expect(datasource.verbose_map).toMatchObject({ count: 'COUNT(*)', sum__num: 'Babies', ds: 'ds' });
    expect(datasource.select_star).toMatch(/birth_names/);

    for (const key of ['abc', `${id}`, `${id}__druid`, '0__table', '', `-${id}__table`]) {
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
      { token: admin },
    );
    expect(unknown.statusCode).toBe(404);
    const hidden = await server.request(
      'GET',
      `/superset/fetch_datasource_metadata?datasourceKey=${id}__table`,
      { token: gamma },
    );
    expect(hidden.statusCode).toBe(404);
  });

  it('creates physical datasets on PostgreSQL and MariaDB tables with synced columns', async () => {
    const created = await server.request('POST', '/api/v1/dataset/', {
      token: alpha,
      body: { database: pgDb, schema: 'public', table_name: 'orders' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const orders = await show(created.json<{ id: number }>().id, alpha);
    expect(orders.kind).toBe('physical');
    expect(orders.columns.map((column) => [column.column_name, column.type_generic, column.is_dttm])).toEqual(
      [
        ['id', 0, false],
        ['amount', 0, false],
        ['region', 1, false],
        ['created', 2, true],
        ['shipped', 2, true],
      ],
    );
    expect(orders.main_dttm_col).toBe('created');
    expect(orders.metrics.map((metric) => metric.metric_name)).toEqual(['count']);

    const visits = await server.request('POST', '/api/v1/dataset/', {
      token: alpha,
      body: { database: mariaDb, schema: SOURCE_DB, table_name: 'visits' },
    });
    expect(visits.statusCode, visits.body).toBe(201);
    const visitsSet = await show(visits.json<{ id: number }>().id, alpha);
    expect(visitsSet.main_dttm_col).toBe('seen');

    const again = await server.request('POST', '/api/v1/dataset/', {
      token: alpha,
      body: { database: pgDb, schema: 'public', table_name: 'orders' },
    });
    expect(again.statusCode).toBe(422);
    expect(fieldMessages(again.json<MessageBody>()).table_name?.[0]).toMatch(/already exists/);
    const missing = await server.request('POST', '/api/v1/dataset/', {
      token: alpha,
      body: { database: pgDb, schema: 'public', table_name: 'no_such_table' },
    });
    expect(missing.statusCode).toBe(422);
    const wrongType = await server.request('POST', '/api/v1/dataset/', {
      token: alpha,
      body: { database: 'one', table_name: 5 },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(fieldMessages(wrongType.json<MessageBody>())).sort()).toEqual([
      'database',
      'table_name',
    ]);
    const badOwners = await server.request('POST', '/api/v1/dataset/', {
      token: alpha,
      body: { database: pgDb, schema: 'public', table_name: 'orders_2', owners: [987654] },
    });
    expect(badOwners.statusCode).toBe(422);
  });

  it('updates properties, columns and metrics; refuses bad input and changes nothing', async () => {
    const created = await server.request('POST', '/api/v1/dataset/', {
      token: alpha,
      body: {
        database: examples,
        schema: examplesSchema,
        table_name: 'names_v',
        sql: 'SELECT name, num, ds FROM birth_names',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const original = await show(id, alpha);
    const [name, num, ds] = original.columns;
    if (!name || !num || !ds) throw new Error('columns missing');
    const count = original.metrics[0];
    if (!count) throw new Error('count metric missing');

    const ok = await put(
      id,
      {
        description: 'Names and counts',
        cache_timeout: 60,
        main_dttm_col: 'ds',
        columns: [
          { id: name.id, column_name: 'name', verbose_name: 'Baby name', groupby: true, filterable: false },
          { id: num.id, column_name: 'num', description: 'Babies born' },
          { id: ds.id, column_name: 'ds', is_dttm: true, python_date_format: '%Y-%m-%d' },
          { column_name: 'num_x2', expression: 'num * 2' },
        ],
        metrics: [
          { id: count.id, metric_name: 'count', expression: 'COUNT(*)', d3format: ',d' },
          {
            metric_name: 'total',
            expression: 'SUM(num)',
            verbose_name: 'Total',
            warning_text: 'Slow',
            certified_by: 'QA',
          },
        ],
      },
      alpha,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const updated = await show(id, alpha);
    expect(updated).toMatchObject({
      description: 'Names and counts',
      cache_timeout: 60,
      main_dttm_col: 'ds',
    });
    expect(updated.columns.find((c) => c.column_name === 'name')).toMatchObject({
      id: name.id,
      verbose_name: 'Baby name',
      filterable: false,
    });
    expect(updated.columns.find((c) => c.column_name === 'num_x2')?.expression).toBe('num * 2');
    expect(updated.metrics.map((m) => [m.metric_name, m.d3format, m.certified_by])).toEqual([
      ['count', ',d', null],
      ['total', null, 'QA'],
    ]);
    const datasource = exploreDatasourceSchema.parse(
      (
        await server.request('GET', `/superset/fetch_datasource_metadata?datasourceKey=${id}__table`, {
          token: alpha,
        })
      ).json(),
    );
    expect(datasource.column_formats).toEqual({ count: ',d' });
    expect(datasource.verbose_map.name).toBe('Baby name');

    const stored = JSON.stringify(await show(id, alpha));
    const refusals: [unknown, number, string | null, string][] = [
      [{ columns: [{ column_name: 'a' }, { column_name: 'a' }] }, 422, 'columns', 'duplicated'],
      [
        {
          metrics: [
            { metric_name: 'm', expression: 'SUM(num)' },
            { metric_name: 'm', expression: 'MAX(num)' },
          ],
        },
        422,
        'metrics',
        'duplicated',
      ],
      [
        { metrics: [{ metric_name: 'bad', expression: 'SUM(num); DROP TABLE birth_names' }] },
        422,
        'metrics',
        'semicolon',
      ],
      [
        { metrics: [{ metric_name: 'bad', expression: '(SELECT MAX(num) FROM birth_names)' }] },
        422,
        'metrics',
        'Subqueries',
      ],
      [{ columns: [{ column_name: 'c', expression: 'num -- x' }] }, 422, 'columns', 'comments'],
      [{ columns: [{ column_name: 'c', expression: 'SUM(num' }] }, 422, 'columns', 'parentheses'],
      [{ columns: [{ id: 999999, column_name: 'ghost' }] }, 422, 'columns', 'do not exist'],
      [{ main_dttm_col: 'nope' }, 422, 'main_dttm_col', 'does not exist'],
      [{ owners: [424242] }, 422, 'owners', 'invalid'],
      [{ sql: 'DELETE FROM birth_names' }, 422, 'sql', 'read-only'],
      [{ table_name: 'birth_names' }, 422, null, ''],
      [{ cache_timeout: 'soon' }, 400, 'cache_timeout', ''],
      [{ columns: 'all' }, 400, 'columns', ''],
      [{ metrics: [{ metric_name: 'x' }] }, 400, null, ''],
    ];
    for (const [body, status, field, text] of refusals) {
      const response = await put(id, body, alpha);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      if (field !== null) {
        const messages = fieldMessages(response.json<MessageBody>());
        expect(messages[field]?.join(' '), JSON.stringify(body)).toMatch(new RegExp(text));
      }
    }
    const malformed = await server.request('PUT', `/api/v1/dataset/${id}`, {
      token: alpha,
      rawBody: '{"description":',
    });
    expect(malformed.statusCode).toBe(400);
    const foreign = await put(id, { description: 'mine now' }, otherAlpha);
    expect(foreign.statusCode).toBe(403);
    const gammaPut = await put(id, { description: 'mine now' }, gamma);
    expect(gammaPut.statusCode).toBe(403);
    expect((await put(999999, { description: 'x' })).statusCode).toBe(404);
    expect(JSON.stringify(await show(id, alpha))).toBe(stored);

    const adminEdit = await put(id, { description: 'admin edit' });
    expect(adminEdit.statusCode).toBe(200);

    const dropped = await put(
      id,
      {
        columns: updated.columns
          .filter((c) => c.column_name !== 'num_x2')
          .map((c) => ({ id: c.id, column_name: c.column_name })),
        metrics: [],
      },
      alpha,
    );
    expect(dropped.statusCode).toBe(200);
    const afterDrop = await show(id, alpha);
    expect(afterDrop.columns.map((c) => c.column_name)).toEqual(['name', 'num', 'ds']);
    expect(afterDrop.metrics).toEqual([]);
    const verboseKept = afterDrop.columns.find((c) => c.column_name === 'name');
    expect(verboseKept?.verbose_name).toBeNull();

    const overridden = await put(
      id,
      { columns: [{ column_name: 'name' }, { column_name: 'extra', expression: "'x'" }] },
      alpha,
      '?override_columns=true',
    );
    expect(overridden.statusCode).toBe(200);
    expect((await show(id, alpha)).columns.map((c) => c.column_name)).toEqual(['name', 'extra']);

    const owners = await put(id, { owners: [] }, alpha);
    expect(owners.statusCode).toBe(200);
    expect((await show(id, alpha)).owners.map((o) => o.first_name)).toEqual([`alpha_sem_${backend}`]);
  });

  it('keeps a column certification and warning in its extra (GET, PUT, Explore)', async () => {
    const created = await server.request('POST', '/api/v1/dataset/', {
      token: alpha,
      body: {
        database: examples,
        schema: examplesSchema,
        table_name: 'names_cert',
        sql: 'SELECT name, num FROM birth_names',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const [name, num] = (await show(id, alpha)).columns;
    if (!name || !num) throw new Error('columns missing');

    const certify = await put(
      id,
      {
        columns: [
          {
            id: name.id,
            column_name: 'name',
            certified_by: 'Data team',
            certification_details: 'Checked weekly',
            warning_text: 'Names are anonymised',
          },
          { id: num.id, column_name: 'num', extra: '{"warning_markdown": "Counts lag a day", "keep": 1}' },
        ],
      },
      alpha,
    );
    expect(certify.statusCode, certify.body).toBe(200);
    const certified = await show(id, alpha);
    expect(certified.columns.find((c) => c.column_name === 'name')).toMatchObject({
      certified_by: 'Data team',
      certification_details: 'Checked weekly',
      warning_text: 'Names are anonymised',
      is_certified: true,
    });
    const nameExtra: unknown = JSON.parse(
      certified.columns.find((c) => c.column_name === 'name')?.extra ?? 'null',
    );
    expect(nameExtra).toEqual({
      certification: { certified_by: 'Data team', details: 'Checked weekly' },
      warning_markdown: 'Names are anonymised',
    });
    expect(certified.columns.find((c) => c.column_name === 'num')).toMatchObject({
      certified_by: null,
      warning_text: 'Counts lag a day',
      is_certified: false,
    });

    const datasource = exploreDatasourceSchema.parse(
      (
        await server.request('GET', `/superset/fetch_datasource_metadata?datasourceKey=${id}__table`, {
          token: alpha,
        })
      ).json(),
    );
    expect(datasource.columns.find((c) => c.column_name === 'name')).toMatchObject({
      is_certified: true,
      certified_by: 'Data team',
      warning_text: 'Names are anonymised',
    });

    // Untouched fields stay; a blank certifier removes the certification, other extra keys stay.
    const uncertify = await put(
      id,
      {
        columns: [
          { id: name.id, column_name: 'name', certified_by: '' },
          { id: num.id, column_name: 'num' },
        ],
      },
      alpha,
    );
    expect(uncertify.statusCode, uncertify.body).toBe(200);
    const after = await show(id, alpha);
    expect(after.columns.find((c) => c.column_name === 'name')).toMatchObject({
      certified_by: null,
      certification_details: null,
      warning_text: 'Names are anonymised',
    });
    expect(JSON.parse(after.columns.find((c) => c.column_name === 'num')?.extra ?? 'null')).toEqual({
      warning_markdown: 'Counts lag a day',
      keep: 1,
    });

    const stored = JSON.stringify(after);
    const bad = await put(id, { columns: [{ id: num.id, column_name: 'num', extra: '[1]' }] }, alpha);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Column extra must be a JSON object');
    expect(JSON.stringify(await show(id, alpha))).toBe(stored);
  });

  it('refreshes columns from the engine, keeping calculated columns and user edits', async () => {
    await pgSource(`CREATE TABLE IF NOT EXISTS refresh_me_${backend} (a integer, b text)`);
    const created = await server.request('POST', '/api/v1/dataset/', {
      token: alpha,
      body: { database: pgDb, schema: 'public', table_name: `refresh_me_${backend}` },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const dataset = await show(id, alpha);
    const [a, b] = dataset.columns;
    if (!a || !b) throw new Error('columns missing');
    const edited = await put(
      id,
      {
        columns: [
          { id: a.id, column_name: 'a', verbose_name: 'Alpha', description: 'first' },
          { id: b.id, column_name: 'b' },
          { column_name: 'a_plus', expression: 'a + 1' },
        ],
      },
      alpha,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    await pgSource(
      `ALTER TABLE refresh_me_${backend} DROP COLUMN b; ALTER TABLE refresh_me_${backend} ADD COLUMN c timestamp; ALTER TABLE refresh_me_${backend} ALTER COLUMN a TYPE bigint`,
    );

    expect(
      (await server.request('PUT', `/api/v1/dataset/${id}/refresh`, { token: otherAlpha })).statusCode,
    ).toBe(403);
    expect((await show(id, alpha)).columns.map((c) => c.column_name)).toEqual(['a', 'b', 'a_plus']);
    const refreshed = await server.request('PUT', `/api/v1/dataset/${id}/refresh`, { token: alpha });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const after = await show(id, alpha);
    expect(after.columns.map((c) => c.column_name)).toEqual(['a', 'a_plus', 'c']);
    expect(after.columns[0]).toMatchObject({ verbose_name: 'Alpha', description: 'first' });
    expect(after.columns[0]?.type).toMatch(/bigint/i);
    expect(after.main_dttm_col).toBe('c');
    expect((await server.request('PUT', '/api/v1/dataset/999999/refresh', { token: alpha })).statusCode).toBe(
      404,
    );
  });

  it('duplicates virtual datasets only', async () => {
    const base = await server.request('POST', '/api/v1/dataset/', {
      token: alpha,
      body: {
        database: examples,
        schema: examplesSchema,
        table_name: 'dup_base',
        sql: 'SELECT state, num FROM birth_names',
      },
    });
    const baseId = base.json<{ id: number }>().id;
    const copy = await server.request('POST', '/api/v1/dataset/duplicate', {
      token: otherAlpha,
      body: { base_model_id: baseId, table_name: 'dup_copy' },
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const copied = await show(copy.json<{ id: number }>().id, otherAlpha);
    expect(copied).toMatchObject({ table_name: 'dup_copy', sql: 'SELECT state, num FROM birth_names' });
    expect(copied.columns.map((c) => c.column_name)).toEqual(['state', 'num']);
    expect(copied.metrics.map((m) => m.metric_name)).toEqual(['count']);
    expect(copied.owners.map((o) => o.first_name)).toEqual([`alpha2_sem_${backend}`]);

    const clash = await server.request('POST', '/api/v1/dataset/duplicate', {
      token: alpha,
      body: { base_model_id: baseId, table_name: 'dup_copy' },
    });
    expect(clash.statusCode).toBe(422);
    const physical = await server.request('POST', '/api/v1/dataset/duplicate', {
      token: alpha,
      body: { base_model_id: await datasetIdByName('birth_names'), table_name: 'bn_copy' },
    });
    expect(physical.statusCode).toBe(422);
    const unknown = await server.request('POST', '/api/v1/dataset/duplicate', {
      token: alpha,
      body: { base_model_id: 999999, table_name: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    const invalid = await server.request('POST', '/api/v1/dataset/duplicate', {
      token: alpha,
      body: { base_model_id: 'a' },
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('lists the charts and dashboards built on a dataset', async () => {
    const id = await datasetIdByName('sales');
    const empty = await server.request('GET', `/api/v1/dataset/${id}/related_objects`, { token: alpha });
    expect(empty.statusCode).toBe(200);
    expect(datasetRelatedObjectsSchema.parse(empty.json())).toEqual({
      charts: { count: 0, result: [] },
      dashboards: { count: 0, result: [] },
    });
    const dashboard = await server.request('POST', '/api/v1/dashboard/', {
      token: admin,
      body: { dashboard_title: 'Sales board' },
    });
    expect(dashboard.statusCode, dashboard.body).toBe(201);
    const dashboardId = dashboard.json<{ id: number }>().id;
    const chart = await server.request('POST', '/api/v1/chart/', {
      token: admin,
      body: {
        slice_name: 'Sales table',
        viz_type: 'table',
        datasource_id: id,
        datasource_type: 'table',
        dashboards: [dashboardId],
      },
    });
    expect(chart.statusCode, chart.body).toBe(201);
    const chartId = chart.json<{ id: number }>().id;
    const response = await server.request('GET', `/api/v1/dataset/${id}/related_objects`, { token: alpha });
    const related = datasetRelatedObjectsSchema.parse(response.json());
    expect(related.charts).toEqual({
      count: 1,
      result: [{ id: chartId, slice_name: 'Sales table', viz_type: 'table' }],
    });
    expect(related.dashboards.count).toBe(1);
    expect(related.dashboards.result[0]).toMatchObject({ id: dashboardId, title: 'Sales board' });

    expect(
      (await server.request('GET', '/api/v1/dataset/999999/related_objects', { token: alpha })).statusCode,
    ).toBe(404);
    expect(
      (await server.request('GET', `/api/v1/dataset/${id}/related_objects`, { token: gamma })).statusCode,
    ).toBe(404);
  });

  it('pages samples of physical, virtual, PostgreSQL and MariaDB datasets', async () => {
    const birthNames = await datasetIdByName('birth_names');
    const first = await samples(`datasource_type=table&datasource_id=${birthNames}&per_page=10&page=1`);
    expect(first.statusCode, first.body).toBe(200);
    const page = datasetSamplesSchema.parse(first.json<{ result: unknown }>().result);
    expect(page.rowcount).toBe(10);
    expect(page.colnames).toContain('num_california');
    expect(page.coltypes).toHaveLength(page.colnames.length);
    const total = await server.request('POST', '/api/v1/sqllab/execute/', {
      token: admin,
      body: { database_id: examples, sql: 'SELECT count(*) AS n FROM birth_names', queryLimit: 10 },
    });
    expect(page.total_count).toBe(Number(total.json<{ data: { n: number }[] }>().data[0]?.n));
    for (const row of page.data) {
      expect(row.num_california).toBe(row.state === 'CA' ? row.num : 0);
    }
    const second = datasetSamplesSchema.parse(
      (await samples(`datasource_type=table&datasource_id=${birthNames}&per_page=10&page=2`)).json<{
        result: unknown;
      }>().result,
    );
    expect(second.page).toBe(2);
    const capped = datasetSamplesSchema.parse(
      (await samples(`datasource_type=table&datasource_id=${birthNames}&per_page=5000`)).json<{
        result: unknown;
      }>().result,
    );
    expect(capped.per_page).toBe(1000);
    expect(capped.rowcount).toBe(1000);

    const orders = await datasetIdByName('orders');
    const pgPage = datasetSamplesSchema.parse(
      (await samples(`datasource_type=table&datasource_id=${orders}&per_page=10&page=3`)).json<{
        result: unknown;
      }>().result,
    );
    expect(pgPage).toMatchObject({ rowcount: 5, total_count: 25, page: 3 });
    const visits = await datasetIdByName('visits');
    const mariaPage = datasetSamplesSchema.parse(
      (await samples(`datasource_type=table&datasource_id=${visits}`)).json<{ result: unknown }>().result,
    );
    expect(mariaPage.total_count).toBe(3);
    expect(mariaPage.colnames).toEqual(['id', 'page', 'seen', 'ms']);

    const virtual = await server.request('POST', '/api/v1/dataset/', {
      token: alpha,
      body: {
        database: examples,
        schema: examplesSchema,
        table_name: 'ca_only',
        sql: "SELECT * FROM birth_names WHERE state = 'CA'",
      },
    });
    const virtualId = virtual.json<{ id: number }>().id;
    const virtualPage = datasetSamplesSchema.parse(
      (await samples(`datasource_type=table&datasource_id=${virtualId}&per_page=20`, alpha)).json<{
        result: unknown;
      }>().result,
    );
    expect(virtualPage.data.every((row) => row.state === 'CA')).toBe(true);

    for (const query of [
      'datasource_type=druid&datasource_id=1',
      'datasource_type=table',
      'datasource_type=table&datasource_id=abc',
      `datasource_type=table&datasource_id=${birthNames}&page=0`,
      `datasource_type=table&datasource_id=${birthNames}&per_page=-1`,
    ]) {
      expect((await samples(query)).statusCode, query).toBe(400);
    }
    expect((await samples('datasource_type=table&datasource_id=999999')).statusCode).toBe(404);
    expect((await samples(`datasource_type=table&datasource_id=${birthNames}`, gamma)).statusCode).toBe(404);
  });
});
