import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';
import { createUser } from './sqllab-support';

interface Created {
  key: string;
  url: string;
}

describe.each(METADATA_BACKENDS)('sharing on %s metadata', (backend) => {
  let server: TestServer;
  let admin: string;
  let alpha: string;
  let gamma: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = await server.token();
    alpha = await createUser(server, admin, `alpha_share_${backend}`, 'Alpha');
    gamma = await createUser(server, admin, `gamma_share_${backend}`, 'Gamma');
  });

  afterAll(async () => {
    await server.close();
  });

  const share = (body: unknown, token = admin) =>
    server.request('POST', '/api/v1/sqllab/permalink', { token, body });

  it('creates a permalink that another SQL Lab user can open', async () => {
    const created = await share({
      dbId: 1,
      name: 'Untitled Query 1',
      sql: 'SELECT 42 AS answer',
      schema: 'main',
      templateParams: '{"x": 1}',
    });
    expect(created.statusCode).toBe(201);
    const { key, url } = created.json<Created>();
    expect(key).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(url).toMatch(new RegExp(`^https?://[^/]+/sqllab/p/${key}/$`));

    const read = await server.request('GET', `/api/v1/sqllab/permalink/${key}`, { token: alpha });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      dbId: 1,
      name: 'Untitled Query 1',
      schema: 'main',
      catalog: null,
      sql: 'SELECT 42 AS answer',
      autorun: false,
      templateParams: '{"x": 1}',
    });
  });

  it('gives every permalink its own long key', async () => {
    const body = { dbId: 1, name: 'Same', sql: 'SELECT 1' };
    const keys = new Set<string>();
    for (let i = 0; i < 5; i += 1) keys.add((await share(body)).json<Created>().key);
    expect(keys.size).toBe(5);
    for (const key of keys) expect(key.length).toBeGreaterThanOrEqual(22);
  });

  it('answers unknown and malformed keys with 404', async () => {
    const unknown = await server.request('GET', `/api/v1/sqllab/permalink/${'A'.repeat(22)}`, {
      token: admin,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await server.request('GET', '/api/v1/sqllab/permalink/1', { token: admin });
    expect(malformed.statusCode).toBe(404);
  });

  it('refuses bad bodies, oversized SQL and users without SQL Lab', async () => {
    const missing = await share({ name: 'x', sql: 'SELECT 1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: Record<string, string[]> }>().message.dbId).toBeDefined();
    const wrongType = await share({ dbId: 'one', name: 'x', sql: 'SELECT 1' });
    expect(wrongType.statusCode).toBe(400);
    const extra = await share({ dbId: 1, name: 'x', sql: 'SELECT 1', evil: true });
    expect(extra.statusCode).toBe(400);
    const huge = await share({ dbId: 1, name: 'x', sql: `SELECT '${'é'.repeat(600_000)}'` });
    expect(huge.statusCode).toBe(413);
    const refused = await share({ dbId: 1, name: 'x', sql: 'SELECT 1' }, gamma);
    expect(refused.statusCode).toBe(403);
    const anonymous = await server.request('POST', '/api/v1/sqllab/permalink', {
      body: { dbId: 1, name: 'x', sql: 'SELECT 1' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('stores and returns /kv/ values for other users', async () => {
    const shared = { dbId: 1, title: 'Shared', sql: 'SELECT 7', schema: null, autorun: false };
    const stored = await server.request('POST', '/kv/store/', { token: admin, body: { data: shared } });
    expect(stored.statusCode).toBe(200);
    const { id } = stored.json<{ id: string }>();
    expect(id.length).toBeGreaterThanOrEqual(22);
    const read = await server.request('GET', `/kv/${id}`, { token: alpha });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(shared);
    const asText = await server.request('POST', '/kv/store/', {
      token: admin,
      body: { data: JSON.stringify(shared) },
    });
    const again = await server.request('GET', `/kv/${asText.json<{ id: string }>().id}/`, { token: alpha });
    expect(again.json()).toEqual(shared);
    expect((await server.request('GET', `/kv/${'B'.repeat(22)}`, { token: admin })).statusCode).toBe(404);
    const notJson = await server.request('POST', '/kv/store/', { token: admin, body: { data: '{oops' } });
    expect(notJson.statusCode).toBe(400);
    const noData = await server.request('POST', '/kv/store/', { token: admin, body: {} });
    expect(noData.statusCode).toBe(400);
  });

  it('keeps permalink keys and kv keys apart', async () => {
    const stored = await server.request('POST', '/kv/store/', { token: admin, body: { data: { dbId: 1 } } });
    const id = stored.json<{ id: string }>().id;
    const asPermalink = await server.request('GET', `/api/v1/sqllab/permalink/${id}`, { token: admin });
    expect(asPermalink.statusCode).toBe(404);
  });
});
