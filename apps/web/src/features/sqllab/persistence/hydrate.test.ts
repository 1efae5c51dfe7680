import type { TabState } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../../app/store';
import { jsonResponse, setupDomTest, stubFetch, TEST_BOOTSTRAP } from '../../../test/dom-test';
import { initialEditorsState } from '../state';
import { makeEditor } from '../state/test-fixtures';
import { sqlLabState } from '../store/sqllab-store';
import { ensureTabLoaded, FETCH_TAB_STATE_FAILED, hydrateSqlLab } from './hydrate';
import { readStoredSqlLab, sqlLabStorageKey } from './local-storage';

setupDomTest();

const LOCAL = { storage: window.localStorage, key: sqlLabStorageKey(1) };

function tabState(id: number, sql: string): TabState {
  return {
    id,
    user_id: 1,
    label: `Tab ${id}`,
    active: id === 1,
    database_id: 1,
    catalog: null,
    schema: 'main',
    table_schemas: [],
    sql,
    query_limit: 10,
    latest_query: null,
    autorun: false,
    template_params: null,
    hide_left_bar: false,
    saved_query: null,
    extra_json: '{}',
  };
}

/** GET /api/v1/sqllab/ lists tabs 1-3; tab 1 comes with it, 2 is gone (404), 3 fails (500) once. */
function serverWithTabs() {
  let tab3Fails = true;
  return stubFetch((url) => {
    if (url === '/api/v1/sqllab/') {
      return jsonResponse(200, {
        result: {
          tab_state_ids: [
            { id: 1, label: 'Tab 1' },
            { id: 2, label: 'Tab 2' },
            { id: 3, label: 'Tab 3' },
          ],
          active_tab: tabState(1, 'SELECT one'),
          databases: {},
        },
      });
    }
    if (url === '/tabstateview/2') return jsonResponse(404, { error: 'Tab state not found.' });
    if (url === '/tabstateview/3') {
      if (tab3Fails) {
        tab3Fails = false;
        return jsonResponse(500, { error: 'boom' });
      }
      return jsonResponse(200, tabState(3, 'SELECT three'));
    }
    return jsonResponse(404, { message: `not stubbed: ${url}` });
  });
}

describe('hydrateSqlLab', () => {
  it('reads only the active tab on load; the others when first shown (404 drops, failure toasts)', async () => {
    const fetchMock = serverWithTabs();
    const store = createAppStore({ bootstrap: TEST_BOOTSTRAP, theme: { mode: 'light', source: 'user' } });

    await store.dispatch(hydrateSqlLab(LOCAL));

    const state = sqlLabState(store.getState());
    expect(state.sqlLabSync.hydrated).toBe(true);
    expect(state.sqlLabEditors.queryEditors.map((qe) => [qe.id, qe.name, qe.sql, qe.loaded])).toEqual([
      ['1', 'Tab 1', 'SELECT one', true],
      ['2', 'Tab 2', '', false],
      ['3', 'Tab 3', '', false],
    ]);
    expect(state.sqlLabEditors.tabHistory).toEqual(['1']);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/v1/sqllab/']);

    expect(await store.dispatch(ensureTabLoaded('2'))).toBe('gone');
    expect(sqlLabState(store.getState()).sqlLabEditors.queryEditors.map((qe) => qe.id)).toEqual(['1', '3']);

    expect(await store.dispatch(ensureTabLoaded('3'))).toBe('failed');
    expect(store.getState().toasts.items.map((toast) => toast.text)).toEqual([FETCH_TAB_STATE_FAILED]);
    expect(sqlLabState(store.getState()).sqlLabEditors.queryEditors[1]?.loaded).toBe(false);

    expect(await store.dispatch(ensureTabLoaded('3'))).toBe('loaded');
    expect(sqlLabState(store.getState()).sqlLabEditors.queryEditors[1]).toMatchObject({
      id: '3',
      sql: 'SELECT three',
      loaded: true,
    });
    expect(await store.dispatch(ensureTabLoaded('3'))).toBe('loaded');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/tabstateview/3')).toHaveLength(2);
  });

  it('reads at load a server tab this browser holds unsynced edits of, so the newer one wins', async () => {
    const fetchMock = serverWithTabs();
    const local = makeEditor({
      id: '3',
      tabViewId: '3',
      inLocalStorage: false,
      sql: 'SELECT edited here',
      updatedAt: 5,
    });
    window.localStorage.setItem(
      LOCAL.key,
      JSON.stringify({
        sqlLabEditors: { ...initialEditorsState, queryEditors: [local], tabHistory: ['3'] },
        sqlLabQueries: { queries: {}, queriesLastUpdate: 0 },
        sqlLabTables: { tables: [] },
      }),
    );
    const store = createAppStore({ bootstrap: TEST_BOOTSTRAP, theme: { mode: 'light', source: 'user' } });

    await store.dispatch(hydrateSqlLab(LOCAL));

    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/v1/sqllab/', '/tabstateview/3']);
    const editors = sqlLabState(store.getState()).sqlLabEditors.queryEditors;
    expect(editors.find((qe) => qe.id === '3')).toMatchObject({ sql: 'SELECT edited here', loaded: true });
    expect(editors.find((qe) => qe.id === '2')?.loaded).toBe(false);
  });

  it('keeps a newer local copy of a server tab over the server one', async () => {
    serverWithTabs();
    const local = makeEditor({
      id: '1',
      tabViewId: '1',
      inLocalStorage: false,
      sql: 'SELECT local',
      updatedAt: 5,
    });
    window.localStorage.setItem(
      LOCAL.key,
      JSON.stringify({
        sqlLabEditors: { ...initialEditorsState, queryEditors: [local], tabHistory: ['1'] },
        sqlLabQueries: { queries: {}, queriesLastUpdate: 0 },
        sqlLabTables: { tables: [] },
      }),
    );
    expect(readStoredSqlLab(LOCAL)).not.toBeNull();
    const store = createAppStore({ bootstrap: TEST_BOOTSTRAP, theme: { mode: 'light', source: 'user' } });

    await store.dispatch(hydrateSqlLab(LOCAL));

    expect(sqlLabState(store.getState()).sqlLabEditors.queryEditors[0]?.sql).toBe('SELECT local');
  });

  it('with backend persistence off, reads local storage only', async () => {
    const fetchMock = stubFetch(() => jsonResponse(500, {}));
    window.localStorage.setItem(
      LOCAL.key,
      JSON.stringify({
        sqlLabEditors: { ...initialEditorsState, queryEditors: [makeEditor({ id: 'localTab001' })] },
        sqlLabQueries: { queries: {}, queriesLastUpdate: 0 },
        sqlLabTables: { tables: [] },
      }),
    );
    const store = createAppStore({
      bootstrap: {
        ...TEST_BOOTSTRAP,
        common: { ...TEST_BOOTSTRAP.common, feature_flags: { SQLLAB_BACKEND_PERSISTENCE: false } },
      },
      theme: { mode: 'light', source: 'user' },
    });

    await store.dispatch(hydrateSqlLab(LOCAL));

    expect(sqlLabState(store.getState()).sqlLabEditors.queryEditors.map((qe) => qe.id)).toEqual([
      'localTab001',
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
