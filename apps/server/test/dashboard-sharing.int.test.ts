import {
  DASHBOARD_FILTER_STATE_TTL_MS,
  dashboardPermalinkResponseSchema,
  dashboardPermalinkStateSchema,
  dashboardWriteResponseSchema,
} from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './sqllab-support';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';

describe.each(METADATA_BACKENDS)('dashboard permalinks and filter state on %s metadata', (backend) => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  let gamma: string;
  let boardId: number;
  let boardUuid: string;
  let draftId: number;

  const dashboard = async (token: string, body: Record<string, unknown>): Promise<number> => {
    const response = await server.request('POST', '/api/v1/dashboard/', { token, body });
    expect(response.statusCode, response.body).toBe(201);
    return dashboardWriteResponseSchema.parse(response.json()).id;
  };
  const permalink = (token: string, id: number | string, body: Record<string, unknown>) =>
    server.request('POST', `/api/v1/dashboard/${id}/permalink`, { token, body });

  beforeAll(async () => {
    server = await startTestServer(backend);
    const admin = await server.token();
    alice = await createUser(server, admin, 'alice', 'Alpha');
    bob = await createUser(server, admin, 'bob', 'Alpha');
    gamma = await createUser(server, admin, 'gus', 'Gamma');
    boardId = await dashboard(alice, { dashboard_title: 'Shared', published: true });
    draftId = await dashboard(alice, { dashboard_title: 'Draft' });
    boardUuid = (await server.request('GET', `/api/v1/dashboard/${boardId}`, { token: alice })).json<{
      result: { uuid: string };
    }>().result.uuid;
  });

  afterAll(async () => {
    await server.close();
  });

  it('gives the same user the same key for the same state, and reads it back', async () => {
    const state = {
      dataMask: { 'NATIVE_FILTER-a': { filterState: { value: ['boy'] }, extraFormData: {} } },
      activeTabs: ['TAB-1'],
      anchor: 'CHART-x',
      urlParams: [['standalone', '1']],
    };
    const first = await permalink(alice, boardId, state);
    expect(first.statusCode, first.body).toBe(201);
    const { key, url } = dashboardPermalinkResponseSchema.parse(first.json());
    expect(url).toMatch(new RegExp(`^http://[^/]+/superset/dashboard/p/${key}/$`));
    // Same state with keys in another order: still the same link.
    const reordered = await permalink(alice, boardId, {
      urlParams: state.urlParams,
      anchor: state.anchor,
      activeTabs: state.activeTabs,
      dataMask: state.dataMask,
    });
    expect(reordered.json<{ key: string }>().key).toBe(key);
    const byBob = await permalink(bob, boardId, state);
    expect(byBob.json<{ key: string }>().key).not.toBe(key);
    const other = await permalink(alice, boardId, { ...state, anchor: 'CHART-y' });
    expect(other.json<{ key: string }>().key).not.toBe(key);

    const read = await server.request('GET', `/api/v1/dashboard/permalink/${key}`, { token: bob });
    expect(read.statusCode, read.body).toBe(200);
    expect(dashboardPermalinkStateSchema.parse(read.json())).toEqual({ dashboardId: boardUuid, state });
    const bare = await permalink(alice, boardId, {});
    const bareState = (
      await server.request('GET', `/api/v1/dashboard/permalink/${bare.json<{ key: string }>().key}`, {
        token: alice,
      })
    ).json<{ state: unknown }>().state;
    expect(bareState).toEqual({ dataMask: {}, activeTabs: [], anchor: null, urlParams: [] });
  });

  it('refuses permalinks to invisible dashboards, unknown keys and bad bodies', async () => {
    // Alpha reads every dataset and so every dashboard; Gamma sees only published ones.
    expect((await permalink(gamma, draftId, {})).statusCode).toBe(404);
    expect((await permalink(alice, boardId, { dataMask: 'x' })).statusCode).toBe(400);
    expect((await permalink(alice, boardId, { extra: 1 })).statusCode).toBe(400);
    const draftLink = (await permalink(alice, draftId, {})).json<{ key: string }>().key;
    expect(
      (await server.request('GET', `/api/v1/dashboard/permalink/${draftLink}`, { token: gamma })).statusCode,
    ).toBe(404);
    expect(
      (await server.request('GET', '/api/v1/dashboard/permalink/AAAAAAAAAAAAAAAAAAAAAA', { token: bob }))
        .statusCode,
    ).toBe(404);
  });

  it('runs the filter-state lifecycle and hides entries from other users', async () => {
    const base = `/api/v1/dashboard/${boardId}/filter_state`;
    const created = await server.request('POST', `${base}?tab_id=1`, {
      token: alice,
      body: { value: '{"NATIVE_FILTER-a":{"filterState":{"value":["x"]}}}' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { key } = created.json<{ key: string }>();

    const read = await server.request('GET', `${base}/${key}`, { token: alice });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ value: '{"NATIVE_FILTER-a":{"filterState":{"value":["x"]}}}' });

    // Reading pushed the expiry about 90 days out.
    const row = await server.ctx.store.db
      .selectFrom('key_value')
      .select(['expires_on', 'resource'])
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(row.resource).toBe('dashboard_filter_state');
    expect(Date.parse(row.expires_on ?? '') - Date.now()).toBeGreaterThan(
      DASHBOARD_FILTER_STATE_TTL_MS - 3_600_000,
    );

    expect((await server.request('GET', `${base}/${key}`, { token: bob })).statusCode).toBe(404);
    expect(
      (await server.request('PUT', `${base}/${key}`, { token: bob, body: { value: '{}' } })).statusCode,
    ).toBe(404);
    expect((await server.request('DELETE', `${base}/${key}`, { token: bob })).statusCode).toBe(404);
    // The key under another dashboard is unknown too.
    expect(
      (await server.request('GET', `/api/v1/dashboard/${draftId}/filter_state/${key}`, { token: alice }))
        .statusCode,
    ).toBe(404);

    const updated = await server.request('PUT', `${base}/${key}`, {
      token: alice,
      body: { value: '{"b":1}' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ key });
    expect((await server.request('GET', `${base}/${key}`, { token: alice })).json()).toEqual({
      value: '{"b":1}',
    });

    const deleted = await server.request('DELETE', `${base}/${key}`, { token: alice });
    expect(deleted.json()).toEqual({ message: 'Deleted successfully' });
    expect((await server.request('GET', `${base}/${key}`, { token: alice })).statusCode).toBe(404);
  });

  it('forgets expired filter state and refuses bad input', async () => {
    const base = `/api/v1/dashboard/${boardId}/filter_state`;
    const { key } = (await server.request('POST', base, { token: gamma, body: { value: '{}' } })).json<{
      key: string;
    }>();
    await server.ctx.store.db
      .updateTable('key_value')
      .set({ expires_on: new Date(Date.now() - 1000).toISOString() })
      .where('key', '=', key)
      .execute();
    expect((await server.request('GET', `${base}/${key}`, { token: gamma })).statusCode).toBe(404);
    expect((await server.request('POST', base, { token: gamma, body: { value: 5 } })).statusCode).toBe(400);
    expect(
      (await server.request('POST', `${base}?tab_id=x`, { token: gamma, body: { value: '{}' } })).statusCode,
    ).toBe(400);
    expect(
      (
        await server.request('POST', `/api/v1/dashboard/${draftId}/filter_state`, {
          token: gamma,
          body: { value: '{}' },
        })
      ).statusCode,
    ).toBe(404);
  });
});
