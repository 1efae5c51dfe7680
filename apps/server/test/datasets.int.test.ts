import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';
import { createUser } from './sqllab-support';

interface DatasetBody {
  id: number;
  table_name: string;
  name: string;
  schema: string | null;
  sql: string | null;
  kind: string;
  select_star: string;
  database: { id: number; database_name: string };
  columns: { column_name: string; type: string | null; type_generic: number | null; is_dttm: boolean }[];
}

interface ListBody {
  count: number;
  ids: number[];
  result: { id: number; table_name: string; kind: string; database: { database_name: string } }[];
}

interface MessageBody {
  message: Record<string, string[]> | string;
}

describe.each(METADATA_BACKENDS)('Datasets on %s metadata', (backend) => {
  let server: TestServer;
  let admin: string;
  let alpha: string;
  let otherAlpha: string;
  let gamma: string;
  let examples: number;
  let schema: string;

  const create = (token: string, body: Record<string, unknown>) =>
    server.request('POST', '/api/v1/dataset/', { token, body });
  const list = (token: string, q = '') =>
    server.request('GET', `/api/v1/dataset/${q === '' ? '' : `?q=${encodeURIComponent(q)}`}`, { token });
  const messageOf = (body: MessageBody): Record<string, string[]> => {
    if (typeof body.message === 'string') throw new Error(`plain message: ${body.message}`);
    return body.message;
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { examples: true });
    admin = await server.token();
    alpha = await createUser(server, admin, `alpha_${backend}`, 'Alpha');
    otherAlpha = await createUser(server, admin, `alpha2_${backend}`, 'Alpha');
    gamma = await createUser(server, admin, `gamma_${backend}`, 'Gamma');
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

  it('creates a virtual dataset from SQL, deriving its columns without reading rows', async () => {
    const response = await create(alpha, {
      database: examples,
      schema,
      table_name: 'names_by_gender',
      sql: 'SELECT gender, sum(num) AS total, max(ds) AS last_ds FROM birth_names GROUP BY gender',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: number; result: Record<string, unknown>; data: DatasetBody }>();
    expect(body.result).toMatchObject({ database: examples, table_name: 'names_by_gender', schema });
    expect(body.data.columns.map((column) => column.column_name)).toEqual(['gender', 'total', 'last_ds']);
    expect(body.data.kind).toBe('virtual');

    const shown = await server.request('GET', `/api/v1/dataset/${body.id}`, { token: alpha });
    expect(shown.statusCode).toBe(200);
    const dataset = shown.json<{ id: number; result: DatasetBody }>().result;
    expect(dataset).toMatchObject({
      id: body.id,
      table_name: 'names_by_gender',
      schema,
      database: { id: examples, database_name: 'examples' },
    });
    expect(dataset.select_star).toContain('names_by_gender');
    expect(dataset.select_star).toMatch(/LIMIT 100/i);

    const uuid = shown.json<{ result: { uuid: string } }>().result.uuid;
    const byUuid = await server.request('GET', `/api/v1/dataset/${uuid}`, { token: alpha });
    expect(byUuid.statusCode).toBe(200);
    expect(byUuid.json<{ id: number }>().id).toBe(body.id);
  });

  it('keeps the columns the client sends', async () => {
    const response = await create(alpha, {
      database: examples,
      schema,
      table_name: 'given_columns',
      sql: 'SELECT name, num FROM birth_names',
      template_params: '{}',
      columns: [
        { column_name: 'name', type: 'TEXT', type_generic: 1, is_dttm: false },
        { column_name: 'num', type: 'INTEGER', type_generic: 0, is_dttm: false },
      ],
    });
    expect(response.statusCode).toBe(201);
    const data = response.json<{ data: DatasetBody }>().data;
    expect(data.columns).toEqual([
      expect.objectContaining({ column_name: 'name', type: 'TEXT', type_generic: 1 }),
      expect.objectContaining({ column_name: 'num', type: 'INTEGER', type_generic: 0 }),
    ]);
  });

  it('names every missing field of a dataset from SQL Lab', async () => {
    const empty = await create(alpha, {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(messageOf(empty.json<MessageBody>())).sort()).toEqual(['database', 'table_name']);

    const noSchema = await create(alpha, { database: examples, table_name: 'x', sql: 'SELECT 1 AS a' });
    expect(noSchema.statusCode).toBe(400);
    expect(messageOf(noSchema.json<MessageBody>())).toHaveProperty('schema');

    const blankSql = await create(alpha, { database: examples, table_name: 'x', schema, sql: '  ' });
    expect(blankSql.statusCode).toBe(400);
    expect(messageOf(blankSql.json<MessageBody>())).toHaveProperty('sql');

    const badParams = await create(alpha, {
      database: examples,
      table_name: 'x',
      schema,
      sql: 'SELECT 1 AS a',
      template_params: '[1',
    });
    expect(badParams.statusCode).toBe(400);
    expect(messageOf(badParams.json<MessageBody>())).toHaveProperty('template_params');
  });

  it('refuses a duplicate name in the same database and schema with 422', async () => {
    const body = { database: examples, schema, table_name: 'dup_name', sql: 'SELECT 1 AS a' };
    expect((await create(alpha, body)).statusCode).toBe(201);
    const again = await create(alpha, body);
    expect(again.statusCode).toBe(422);
    expect(messageOf(again.json<MessageBody>()).table_name?.[0]).toMatch(/already exists/);
  });

  it('refuses SQL that writes, several statements, denied functions and broken SQL with 422', async () => {
    const cases = [
      'DELETE FROM birth_names',
      'SELECT 1 AS a; SELECT 2 AS b',
      'SELECT * FROM no_such_table_at_all',
      "SELECT * FROM read_csv('/etc/passwd')",
    ];
    for (const [index, sql] of cases.entries()) {
      const response = await create(alpha, { database: examples, schema, table_name: `bad_${index}`, sql });
      expect(response.statusCode, sql).toBe(422);
      expect(messageOf(response.json<MessageBody>()).sql?.[0], sql).toEqual(expect.any(String));
    }
    const denied = await create(alpha, {
      database: examples,
      schema,
      table_name: 'denied',
      sql: "SELECT * FROM read_csv('/etc/passwd')",
    });
    expect(messageOf(denied.json<MessageBody>()).sql?.[0]).toMatch(/not allowed/);
    const writing = await create(alpha, {
      database: examples,
      schema,
      table_name: 'w',
      sql: 'DROP TABLE birth_names',
    });
    expect(messageOf(writing.json<MessageBody>()).sql?.[0]).toMatch(/read-only/);
    const countRows = await server.request('POST', '/api/v1/sqllab/execute/', {
      token: admin,
      body: { database_id: examples, sql: 'SELECT count(*) AS n FROM birth_names', queryLimit: 10 },
    });
    expect(Number(countRows.json<{ data: { n: number }[] }>().data[0]?.n)).toBeGreaterThan(0);
  });

  it('answers 422 for a database that does not exist', async () => {
    const response = await create(alpha, {
      database: 999_999,
      schema,
      table_name: 'x',
      sql: 'SELECT 1 AS a',
    });
    expect(response.statusCode).toBe(422);
    expect(messageOf(response.json<MessageBody>())).toHaveProperty('database');
  });

  it('get_or_create returns the existing id or creates a physical dataset', async () => {
    const first = await server.request('POST', '/api/v1/dataset/get_or_create/', {
      token: alpha,
      body: { database_id: examples, schema, table_name: 'birth_names' },
    });
    expect(first.statusCode).toBe(200);
    const tableId = first.json<{ result: { table_id: number } }>().result.table_id;
    const second = await server.request('POST', '/api/v1/dataset/get_or_create/', {
      token: alpha,
      body: { database_id: examples, schema, table_name: 'birth_names' },
    });
    expect(second.json<{ result: { table_id: number } }>().result.table_id).toBe(tableId);
    const shown = await server.request('GET', `/api/v1/dataset/${tableId}`, { token: alpha });
    const dataset = shown.json<{ result: DatasetBody }>().result;
    expect(dataset.kind).toBe('physical');
    expect(dataset.sql).toBeNull();
    expect(dataset.columns.map((column) => column.column_name)).toContain('name');

    const missing = await server.request('POST', '/api/v1/dataset/get_or_create/', {
      token: alpha,
      body: { database_id: examples, schema, table_name: 'no_such_table_at_all' },
    });
    expect(missing.statusCode).toBe(422);
  });

  it('lists with search and paging, each user seeing their own', async () => {
    await create(otherAlpha, {
      database: examples,
      schema,
      table_name: 'other_users_set',
      sql: 'SELECT 1 AS a',
    });
    const mine = await list(alpha, '(page:0,page_size:2)');
    expect(mine.statusCode).toBe(200);
    const page = mine.json<ListBody>();
    expect(page.result).toHaveLength(2);
    expect(page.ids).toEqual(page.result.map((row) => row.id));

    const searched = await list(alpha, "(filters:!((col:table_name,opr:ct,value:'BY_GEN')))");
    expect(searched.json<ListBody>().result.map((row) => row.table_name)).toEqual(['names_by_gender']);

    const virtualOnly = await list(alpha, '(filters:!((col:sql,opr:dataset_is_null_or_empty,value:!f)))');
    expect(virtualOnly.json<ListBody>().result.every((row) => row.kind === 'virtual')).toBe(true);

    const adminList = await list(admin, '(filters:!((col:table_name,opr:eq,value:other_users_set)))');
    expect(adminList.json<ListBody>().count).toBe(1);

    const badFilter = await list(alpha, '(filters:!((col:password,opr:eq,value:x)))');
    expect(badFilter.statusCode).toBe(400);
    const badRison = await list(alpha, '(((');
    expect(badRison.statusCode).toBe(400);
  });

  it("hides others' datasets from Gamma users and refuses writes without can_write", async () => {
    const created = await create(alpha, {
      database: examples,
      schema,
      table_name: 'alphas_only',
      sql: 'SELECT 2 AS b',
    });
    const id = created.json<{ id: number }>().id;
    expect((await server.request('GET', `/api/v1/dataset/${id}`, { token: gamma })).statusCode).toBe(404);
    expect(
      (await create(gamma, { database: examples, schema, table_name: 'g', sql: 'SELECT 1 AS a' })).statusCode,
    ).toBe(403);
    expect((await server.request('DELETE', `/api/v1/dataset/${id}`, { token: gamma })).statusCode).toBe(403);
    expect((await list(gamma)).json<ListBody>().count).toBe(0);
  });

  it("deletes one's own dataset; another user's delete changes nothing", async () => {
    const created = await create(alpha, {
      database: examples,
      schema,
      table_name: 'to_delete',
      sql: 'SELECT 3 AS c',
    });
    const id = created.json<{ id: number }>().id;
    const refused = await server.request('DELETE', `/api/v1/dataset/${id}`, { token: otherAlpha });
    expect(refused.statusCode).toBe(403);
    expect((await server.request('GET', `/api/v1/dataset/${id}`, { token: alpha })).statusCode).toBe(200);
    const deleted = await server.request('DELETE', `/api/v1/dataset/${id}`, { token: alpha });
    expect(deleted.statusCode).toBe(200);
    expect((await server.request('GET', `/api/v1/dataset/${id}`, { token: alpha })).statusCode).toBe(404);
    expect((await server.request('GET', '/api/v1/dataset/abc', { token: alpha })).statusCode).toBe(404);
  });
});
