import { savedQueryListResponseSchema, savedQueryShowResponseSchema } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';
import { createUser } from './sqllab-support';

describe.each(METADATA_BACKENDS)('saved queries on %s metadata', (backend) => {
  let server: TestServer;
  let admin: string;
  let alice: string;
  let bob: string;
  let examples: number;

  const create = (token: string, body: Record<string, unknown>) =>
    server.request('POST', '/api/v1/saved_query/', { token, body: { db_id: examples, ...body } });
  const list = async (token: string, q = '') => {
    const response = await server.request(
      'GET',
      `/api/v1/saved_query/${q ? `?q=${encodeURIComponent(q)}` : ''}`,
      {
        token,
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    return savedQueryListResponseSchema.parse(response.json());
  };
  const newId = async (token: string, body: Record<string, unknown>): Promise<number> => {
    const response = await create(token, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { examples: true });
    admin = await server.token();
    const databases = await server.request('GET', '/api/v1/database/', { token: admin });
    const found = databases
      .json<{ result: { id: number; database_name: string }[] }>()
      .result.find((database) => database.database_name === 'examples');
    if (!found) throw new Error('examples database missing');
    examples = found.id;
    alice = await createUser(server, admin, 'alice', 'Alpha');
    bob = await createUser(server, admin, 'bob', 'Alpha');
  });

  afterAll(async () => {
    await server.close();
  });

  it('creates, shows, updates and deletes a saved query', async () => {
    const created = await create(alice, {
      label: 'Top names',
      description: 'Most common',
      schema: 'main',
      sql: 'SELECT name FROM birth_names',
      template_parameters: '{"x": 1}',
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json<{ id: number; result: Record<string, unknown> }>();
    expect(body.result).toEqual({
      db_id: examples,
      label: 'Top names',
      description: 'Most common',
      catalog: null,
      schema: 'main',
      sql: 'SELECT name FROM birth_names',
      template_parameters: '{"x": 1}',
      extra_json: '{}',
    });

    const shown = await server.request('GET', `/api/v1/saved_query/${body.id}`, { token: alice });
    expect(shown.statusCode).toBe(200);
    const show = savedQueryShowResponseSchema.parse(shown.json()).result;
    expect(show.database).toEqual({ id: examples, database_name: 'examples' });
    expect(show.created_by).toMatchObject({ first_name: 'alice', last_name: 'Tester' });
    expect(show.changed_on_delta_humanized).toBe('a few seconds ago');

    const updated = await server.request('PUT', `/api/v1/saved_query/${body.id}`, {
      token: alice,
      body: { label: 'Renamed', description: 'Changed' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<{ result: { label: string; sql: string } }>().result).toMatchObject({
      label: 'Renamed',
      sql: 'SELECT name FROM birth_names',
    });

    const deleted = await server.request('DELETE', `/api/v1/saved_query/${body.id}`, { token: alice });
    expect(deleted.json()).toEqual({ message: 'OK' });
    expect((await server.request('GET', `/api/v1/saved_query/${body.id}`, { token: alice })).statusCode).toBe(
      404,
    );
  });

  it('searches, orders and pages the list', async () => {
    const token = await createUser(server, admin, 'carol', 'Alpha');
    await newId(token, { label: 'Alpha report', sql: 'SELECT 1' });
    await newId(token, { label: 'Beta report', sql: 'SELECT gender FROM birth_names' });
    await newId(token, { label: 'Gamma', description: 'mentions REPORT here', sql: 'SELECT 3' });

    const all = await list(token);
    expect(all.count).toBe(3);
    expect(all.result.map((row) => row.label)).toEqual(['Gamma', 'Beta report', 'Alpha report']);

    const search = await list(
      token,
      '(filters:!((col:label,opr:all_text,value:report)),order_column:label,order_direction:asc)',
    );
    expect(search.result.map((row) => row.label)).toEqual(['Alpha report', 'Beta report', 'Gamma']);
    const bySql = await list(token, '(filters:!((col:label,opr:all_text,value:gender)))');
    expect(bySql.result.map((row) => row.label)).toEqual(['Beta report']);
    const byDatabase = await list(token, '(filters:!((col:label,opr:all_text,value:exampl)))');
    expect(byDatabase.count).toBe(3);
    const labelOnly = await list(token, '(filters:!((col:label,opr:ct,value:report)))');
    expect(labelOnly.count).toBe(2);

    const paged = await list(token, '(order_column:label,order_direction:desc,page:1,page_size:2)');
    expect(paged.count).toBe(3);
    expect(paged.result.map((row) => row.label)).toEqual(['Alpha report']);
    expect(paged.ids).toEqual(paged.result.map((row) => row.id));
  });

  it('keeps users to their own saved queries; Admin sees all', async () => {
    const mine = await newId(alice, { label: 'Alice only', sql: 'SELECT 1' });
    expect((await list(bob)).result.some((row) => row.id === mine)).toBe(false);
    expect((await server.request('GET', `/api/v1/saved_query/${mine}`, { token: bob })).statusCode).toBe(404);
    const put = await server.request('PUT', `/api/v1/saved_query/${mine}`, {
      token: bob,
      body: { label: 'x' },
    });
    expect(put.statusCode).toBe(404);
    const badPut = await server.request('PUT', `/api/v1/saved_query/${mine}`, {
      token: bob,
      body: { nope: 1 },
    });
    expect(badPut.statusCode).toBe(404);
    const ownBadPut = await server.request('PUT', `/api/v1/saved_query/${mine}`, {
      token: alice,
      body: { label: '' },
    });
    expect(ownBadPut.statusCode).toBe(400);
    expect((await server.request('DELETE', `/api/v1/saved_query/${mine}`, { token: bob })).statusCode).toBe(
      404,
    );
    const bobs = await newId(bob, { label: 'Bob only', sql: 'SELECT 2' });
    const mixed = await server.request('DELETE', `/api/v1/saved_query/?q=!(${mine},${bobs})`, { token: bob });
    expect(mixed.statusCode).toBe(404);
    const stillThere = await server.request('GET', `/api/v1/saved_query/${mine}`, { token: alice });
    expect(stillThere.json<{ result: { label: string } }>().result.label).toBe('Alice only');
    expect((await server.request('GET', `/api/v1/saved_query/${bobs}`, { token: bob })).statusCode).toBe(200);

    const adminList = await list(admin);
    expect(adminList.result.map((row) => row.id)).toEqual(expect.arrayContaining([mine, bobs]));
    const adminEdit = await server.request('PUT', `/api/v1/saved_query/${mine}`, {
      token: admin,
      body: { description: 'seen by admin' },
    });
    expect(adminEdit.statusCode).toBe(200);
  });

  it('bulk deletes', async () => {
    const token = await createUser(server, admin, 'dave', 'Alpha');
    const ids = [
      await newId(token, { label: 'one', sql: 'SELECT 1' }),
      await newId(token, { label: 'two', sql: 'SELECT 2' }),
      await newId(token, { label: 'three', sql: 'SELECT 3' }),
    ];
    const response = await server.request('DELETE', `/api/v1/saved_query/?q=!(${ids[0]},${ids[1]})`, {
      token,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Deleted 2 saved queries' });
    expect((await list(token)).result.map((row) => row.label)).toEqual(['three']);
    const single = await server.request('DELETE', `/api/v1/saved_query/?q=!(${ids[2]})`, { token });
    expect(single.json()).toEqual({ message: 'Deleted 1 saved query' });
  });

  it('refuses bad input with 4xx', async () => {
    const missing = await create(alice, { sql: 'SELECT 1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: Record<string, string[]> }>().message.label).toEqual([
      'Missing data for required field.',
    ]);
    expect((await create(alice, { label: '  ', sql: 'SELECT 1' })).statusCode).toBe(400);
    expect((await create(alice, { label: 'x', sql: 'SELECT 1', unknown: 1 })).statusCode).toBe(400);
    expect((await create(alice, { label: 'x', sql: 'SELECT 1', extra_json: '{oops' })).statusCode).toBe(400);
    const badDb = await create(alice, { label: 'x', sql: 'SELECT 1', db_id: 999_999 });
    expect(badDb.statusCode).toBe(422);
    expect(badDb.json()).toEqual({ message: { db_id: ['Database not found.'] } });
    for (const q of ['(order_column:nope)', '(filters:!((col:owner,opr:eq,value:1)))', '!(a)', '(((']) {
      const response = await server.request('GET', `/api/v1/saved_query/?q=${encodeURIComponent(q)}`, {
        token: alice,
      });
      expect(response.statusCode, q).toBe(400);
    }
    expect((await server.request('DELETE', '/api/v1/saved_query/?q=!()', { token: alice })).statusCode).toBe(
      400,
    );
    expect((await server.request('GET', '/api/v1/saved_query/abc', { token: alice })).statusCode).toBe(404);
    const gamma = await createUser(server, admin, 'gina', 'Gamma');
    expect((await server.request('GET', '/api/v1/saved_query/', { token: gamma })).statusCode).toBe(403);
    expect((await create(gamma, { label: 'x', sql: 'SELECT 1' })).statusCode).toBe(403);
  });
});
