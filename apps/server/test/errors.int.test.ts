import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

describe('error layer', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    token = await server.token();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const response = await server.request('POST', '/api/v1/database/', {
      token,
      rawBody: '{"database_name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Request body is not valid JSON.' });
  });

  it('answers oversized bodies with 413', async () => {
    const response = await server.request('POST', '/api/v1/database/', {
      token,
      rawBody: JSON.stringify({ extra: 'x'.repeat(6 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ message: string }>().message).toMatch(/too large/);
  });

  it('answers wrong types with field messages', async () => {
    const response = await server.request('POST', '/api/v1/database/', {
      token,
      body: { database_name: 5, sqlalchemy_uri: [] },
    });
    expect(response.statusCode).toBe(400);
    const { message } = response.json<{ message: Record<string, string[]> }>();
    expect(Object.keys(message).sort()).toEqual(['database_name', 'sqlalchemy_uri']);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await server.request('GET', '/api/v1/nothing/here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('answers bad rison with 400', async () => {
    const response = await server.request('GET', '/api/v1/database/?q=(((', { token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Not a valid rison argument' });
  });

  it('answers a wrong content type with 415', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/database/',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expect(response.statusCode).toBe(415);
  });
});
