import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../app/store';
import { databasesApi } from '../../features/databases/databases-api';
import { jsonResponse, setupDomTest, stubFetch, TEST_BOOTSTRAP } from '../../test/dom-test';

setupDomTest();

function newStore() {
  return createAppStore({ bootstrap: TEST_BOOTSTRAP, theme: { mode: 'light', source: 'user' } });
}

describe('baseQuery', () => {
  it('fetches a fresh CSRF token and retries once when the server rejects the token', async () => {
    const tokens = ['old-token', 'new-token'];
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: tokens.shift() });
      const token = new Headers(init.headers).get('X-CSRFToken');
      return token === 'new-token'
        ? jsonResponse(200, { message: 'OK' })
        : new Response('<p>400 Bad Request: The CSRF token has expired.</p>', { status: 400 });
    });
    const store = newStore();

    const result = await store.dispatch(databasesApi.endpoints.deleteDatabase.initiate(3));

    expect(result.data).toEqual({ message: 'OK' });
    expect(fetchMock.mock.calls.map(([url, init]) => `${init.method ?? 'GET'} ${url}`)).toEqual([
      'GET /api/v1/security/csrf_token/',
      'DELETE /api/v1/database/3',
      'GET /api/v1/security/csrf_token/',
      'DELETE /api/v1/database/3',
    ]);
  });

  it('ends the session on a 401 so the shell can send the user to the login page', async () => {
    stubFetch(() => jsonResponse(401, { message: 'Not authenticated' }));
    const store = newStore();

    const result = await store.dispatch(databasesApi.endpoints.getSchemas.initiate(1));

    expect(result.error).toMatchObject({ error: 'Not authenticated', status: 401 });
    expect(store.getState().session.user).toBeNull();
  });

  it('encodes list queries as rison and reports a response that breaks its contract', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { count: 1, ids: [1], result: [{ id: 1 }] }));
    const store = newStore();

    const result = await store.dispatch(
      databasesApi.endpoints.listDatabases.initiate({
        filters: [],
        order_direction: 'asc',
        page: 0,
        page_size: 25,
      }),
    );

    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      `/api/v1/database/?q=${encodeURIComponent('(filters:!(),order_direction:asc,page:0,page_size:25)')}`,
    );
    expect(result.error).toMatchObject({ error: 'Unexpected response from the server' });
  });

  it('normalises a network failure', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const store = newStore();

    const result = await store.dispatch(databasesApi.endpoints.getDatabase.initiate(1));

    expect(result.error).toEqual({ error: 'Network error' });
    expect(store.getState().session.user).not.toBeNull();
  });
});
