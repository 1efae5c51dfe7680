import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';

/** Superset's client sends these views form fields whose values are JSON text. */
function form(fields: Record<string, unknown>): string {
  return new URLSearchParams(
    Object.entries(fields).map(([key, value]): [string, string] => [key, JSON.stringify(value)]),
  ).toString();
}

describe.each(METADATA_BACKENDS)('tab persistence views on %s metadata', (backend) => {
  let server: TestServer;
  let admin: string;
  let other: string;
  let databaseId: number;

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    fields?: Record<string, unknown>,
  ) =>
    server.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(fields ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(fields ? { payload: form(fields) } : {}),
    });

  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = await server.token();
    const created = await server.request('POST', '/api/v1/database/', {
      token: admin,
      body: { database_name: 'scratch', sqlalchemy_uri: 'sqlite://' },
    });
    databaseId = created.json<{ id: number }>().id;
    const roles = await server.request('GET', '/api/v1/security/roles/', { token: admin });
    const sqlLabRole = roles
      .json<{ result: { id: number; name: string }[] }>()
      .result.find((role) => role.name === 'sql_lab');
    await server.request('POST', '/api/v1/security/users/', {
      token: admin,
      body: {
        username: 'sam',
        first_name: 'Sam',
        last_name: 'Lab',
        email: 'sam@example.com',
        password: 'sam-password',
        roles: [sqlLabRole?.id],
      },
    });
    other = await server.token('sam', 'sam-password');
  });
  afterAll(async () => {
    await server.close();
  });

  it('creates, reads, updates, activates and deletes tabs with their table panels', async () => {
    const first = await send('POST', '/tabstateview/', admin, {
      queryEditor: {
        name: 'Untitled Query 1',
        dbId: databaseId,
        schema: 'main',
        sql: 'SELECT 1',
        queryLimit: 1000,
      },
    });
    expect(first.statusCode).toBe(200);
    const firstId = first.json<{ id: number }>().id;
    const second = await send('POST', '/tabstateview/', admin, { queryEditor: { title: 'Second' } });
    const secondId = second.json<{ id: number }>().id;

    const read = await send('GET', `/tabstateview/${firstId}`, admin);
    expect(read.json()).toMatchObject({
      id: firstId,
      label: 'Untitled Query 1',
      active: false,
      database_id: databaseId,
      schema: 'main',
      sql: 'SELECT 1',
      query_limit: 1000,
      table_schemas: [],
      latest_query: null,
      saved_query: null,
    });
    expect((await send('GET', `/tabstateview/${secondId}`, admin)).json()).toMatchObject({
      active: true,
      sql: 'SELECT ...',
    });

    const put = await send('PUT', `/tabstateview/${firstId}`, admin, {
      sql: 'SELECT 2',
      label: 'Renamed',
      extra_json: { updatedAt: 123, version: 1 },
      hide_left_bar: true,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toBe(firstId);
    expect((await send('GET', `/tabstateview/${firstId}`, admin)).json()).toMatchObject({
      sql: 'SELECT 2',
      label: 'Renamed',
      hide_left_bar: true,
      extra_json: '{"updatedAt":123,"version":1}',
    });

    expect((await send('POST', `/tabstateview/${firstId}/activate`, admin)).json()).toBe(firstId);
    const bootstrap = await server.request('GET', '/api/v1/sqllab/', { token: admin });
    const result = bootstrap.json<{
      result: { tab_state_ids: { id: number; label: string }[]; active_tab: { id: number } };
    }>().result;
    expect(result.tab_state_ids).toEqual([
      { id: firstId, label: 'Renamed' },
      { id: secondId, label: 'Second' },
    ]);
    expect(result.active_tab.id).toBe(firstId);

    const table = {
      queryEditorId: firstId,
      dbId: databaseId,
      schema: 'main',
      name: 'widgets',
      columns: [{ name: 'id' }],
    };
    const panel = await send('POST', '/tableschemaview/', admin, { table });
    const panelId = panel.json<{ id: number }>().id;
    const again = await send('POST', '/tableschemaview/', admin, { table: { ...table, expanded: false } });
    const tab = (await send('GET', `/tabstateview/${firstId}`, admin)).json<{
      table_schemas: { id: number; table: string; expanded: boolean; description: { columns: unknown[] } }[];
    }>();
    expect(tab.table_schemas).toHaveLength(1);
    expect(tab.table_schemas[0]).toMatchObject({
      table: 'widgets',
      expanded: false,
      description: { columns: [{ name: 'id' }] },
    });
    const againId = again.json<{ id: number }>().id;
    expect(againId).not.toBe(panelId);
    expect(
      (await send('POST', `/tableschemaview/${againId}/expanded`, admin, { expanded: true })).json(),
    ).toEqual({ id: againId, expanded: true });
    expect((await send('DELETE', `/tableschemaview/${againId}`, admin)).json()).toBe('OK');

    expect((await send('DELETE', `/tabstateview/${secondId}`, admin)).json()).toBe('OK');
    expect((await send('GET', `/tabstateview/${secondId}`, admin)).statusCode).toBe(404);
  });

  it('keeps each user to their own tabs and changes nothing for others', async () => {
    const mine = await send('POST', '/tabstateview/', admin, {
      queryEditor: { name: 'Private', sql: 'SELECT secret' },
    });
    const id = mine.json<{ id: number }>().id;
    expect((await send('GET', `/tabstateview/${id}`, other)).statusCode).toBe(403);
    expect((await send('PUT', `/tabstateview/${id}`, other, { sql: 'SELECT hijacked' })).statusCode).toBe(
      403,
    );
    expect((await send('DELETE', `/tabstateview/${id}`, other)).statusCode).toBe(403);
    expect((await send('POST', `/tabstateview/${id}/activate`, other)).statusCode).toBe(403);
    expect(
      (
        await send('POST', '/tableschemaview/', other, {
          table: { queryEditorId: id, dbId: databaseId, name: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await send('GET', `/tabstateview/${id}`, admin)).json()).toMatchObject({ sql: 'SELECT secret' });
    const theirs = await server.request('GET', '/api/v1/sqllab/', { token: other });
    expect(theirs.json<{ result: { tab_state_ids: unknown[] } }>().result.tab_state_ids).toEqual([]);
    expect((await send('GET', '/tabstateview/999999', admin)).statusCode).toBe(404);
  });

  it('answers malformed input with 400 and an error', async () => {
    const notJson = await server.app.inject({
      method: 'PUT',
      url: '/tabstateview/1',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'sql=SELECT+1',
    });
    expect([400, 404]).toContain(notJson.statusCode);
    const tab = await send('POST', '/tabstateview/', admin, { queryEditor: {} });
    const id = tab.json<{ id: number }>().id;
    const unknown = await send('PUT', `/tabstateview/${id}`, admin, { bogus: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ error: string }>().error).toContain('bogus');
    const badType = await send('PUT', `/tabstateview/${id}`, admin, { query_limit: 'lots' });
    expect(badType.statusCode).toBe(400);
    const raw = await server.app.inject({
      method: 'PUT',
      url: `/tabstateview/${id}`,
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'sql=not-json',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json<{ error: string }>().error).toContain('not valid JSON');
    const json = await server.request('PUT', `/tabstateview/${id}`, {
      token: admin,
      body: { sql: 'SELECT 3' },
    });
    expect(json.statusCode).toBe(200);
    expect((await send('GET', `/tabstateview/abc`, admin)).statusCode).toBe(404);
  });

  it('re-parents a query onto a tab and removes it again', async () => {
    const tab = await send('POST', '/tabstateview/', admin, { queryEditor: { dbId: databaseId } });
    const id = tab.json<{ id: number }>().id;
    const executed = await server.request('POST', '/api/v1/sqllab/execute/', {
      token: admin,
      body: {
        database_id: databaseId,
        sql: 'SELECT 1 AS one',
        client_id: 'mq000000001',
        sql_editor_id: 'local-1',
      },
    });
    expect(executed.statusCode).toBe(200);
    expect(
      (await send('POST', `/tabstateview/${id}/migrate_query`, admin, { queryId: 'mq000000001' })).json(),
    ).toBe(id);
    await send('PUT', `/tabstateview/${id}`, admin, { latest_query_id: 'mq000000001' });
    const withQuery = (await send('GET', `/tabstateview/${id}`, admin)).json<{
      latest_query: { id: string; sqlEditorId: string } | null;
    }>();
    expect(withQuery.latest_query).toMatchObject({ id: 'mq000000001', sqlEditorId: String(id) });
    expect((await send('DELETE', `/tabstateview/${id}/query/mq000000001`, admin)).json()).toBe('OK');
    expect(
      (await send('GET', `/tabstateview/${id}`, admin)).json<{ latest_query: unknown }>().latest_query,
    ).toBeNull();
  });

  it('removes a query of a tab: the previous one becomes the latest; others are refused', async () => {
    const created = await send('POST', '/tabstateview/', admin, { queryEditor: { dbId: databaseId } });
    const id = created.json<{ id: number }>().id;
    const otherTab = await send('POST', '/tabstateview/', admin, { queryEditor: { dbId: databaseId } });
    const otherId = otherTab.json<{ id: number }>().id;
    const run = async (clientId: string, tabId: number) => {
      const executed = await server.request('POST', '/api/v1/sqllab/execute/', {
        token: admin,
        body: { database_id: databaseId, sql: 'SELECT 1', client_id: clientId, sql_editor_id: String(tabId) },
      });
      expect(executed.statusCode).toBe(200);
    };
    await run('rq000000001', id);
    await run('rq000000002', id);
    await run('rq000000003', otherId);
    await send('PUT', `/tabstateview/${id}`, admin, { latest_query_id: 'rq000000002' });
    const latest = async () =>
      (await send('GET', `/tabstateview/${id}`, admin)).json<{ latest_query: { id: string } | null }>()
        .latest_query?.id ?? null;

    // Another user's request, a query of another tab and an unknown query change nothing.
    expect((await send('DELETE', `/tabstateview/${id}/query/rq000000002`, other)).statusCode).toBe(403);
    const wrongTab = await send('DELETE', `/tabstateview/${id}/query/rq000000003`, admin);
    expect(wrongTab.statusCode).toBe(404);
    expect(wrongTab.json()).toEqual({ error: 'Query not found.' });
    expect((await send('DELETE', `/tabstateview/${id}/query/unknown0001`, admin)).statusCode).toBe(404);
    expect(await latest()).toBe('rq000000002');

    const removed = await send('DELETE', `/tabstateview/${id}/query/rq000000002`, admin);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toBe('OK');
    expect(await latest()).toBe('rq000000001');
    expect((await send('DELETE', `/tabstateview/${id}/query/rq000000002`, admin)).statusCode).toBe(404);
    expect((await send('DELETE', `/tabstateview/${id}/query/rq000000001`, admin)).json()).toBe('OK');
    expect(await latest()).toBeNull();
    expect((await send('DELETE', `/tabstateview/${otherId}/query/rq000000003`, admin)).json()).toBe('OK');
  });
});
