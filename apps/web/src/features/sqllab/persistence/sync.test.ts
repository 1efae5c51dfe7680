import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore, type AppStore } from '../../../app/store';
import { jsonResponse, setupDomTest, stubFetch, TEST_BOOTSTRAP } from '../../../test/dom-test';
import {
  hydrationFinished,
  initialEditorsState,
  mergeTable,
  removeQueryEditor,
  setActiveQueryEditor,
  setSql,
  sqlLabHydrated,
  type QueryEditor,
} from '../state';
import { makeEditor, makeQuery } from '../state/test-fixtures';
import { sqlLabState } from '../store/sqllab-store';
import { toastRemoved } from '../../../shared/toasts/toasts-slice';
import { syncTick, EDITOR_SAVE_FAILED, MIGRATE_EDITOR_FAILED, STORE_QUERY_FAILED } from './sync';
import { startSyncLoop } from './sync-loop';
import { closeTab } from './close-tab';

setupDomTest();

function storeWith(editors: QueryEditor[], active: string, lastSync = 0): AppStore {
  const store = createAppStore({ bootstrap: TEST_BOOTSTRAP, theme: { mode: 'light', source: 'user' } });
  store.dispatch(
    sqlLabHydrated({
      editors: {
        ...initialEditorsState,
        queryEditors: editors,
        tabHistory: [active],
        editorTabLastUpdatedAt: lastSync,
        lastUpdatedActiveTab: active,
      },
      queries: {},
      tables: [],
    }),
  );
  store.dispatch(hydrationFinished());
  return store;
}

interface Call {
  method: string;
  url: string;
  form: Record<string, unknown>;
}

/** A fake of the tab persistence views that records each call with its decoded form. */
function fakeViews(answer: (call: Call) => Response | null = () => null) {
  const calls: Call[] = [];
  stubFetch((url, init) => {
    if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 'token' });
    const form: Record<string, unknown> = {};
    if (typeof init.body === 'string') {
      for (const [key, value] of new URLSearchParams(init.body)) form[key] = JSON.parse(value);
    }
    const call = { method: init.method ?? 'GET', url, form };
    calls.push(call);
    const custom = answer(call);
    if (custom !== null) return custom;
    if (call.method === 'POST' && url === '/tabstateview/') return jsonResponse(200, { id: 41 });
    if (call.method === 'POST' && url === '/tableschemaview/') return jsonResponse(200, { id: 90 });
    return jsonResponse(200, 'OK');
  });
  return calls;
}

const T = 1_700_000_000_000;
const editorsOf = (store: AppStore) => sqlLabState(store.getState()).sqlLabEditors;
const syncOf = (store: AppStore) => sqlLabState(store.getState()).sqlLabSync;
const toastTexts = (store: AppStore) => store.getState().toasts.items.map((toast) => toast.text);
const serverTab = (id: string) => makeEditor({ id, tabViewId: id, inLocalStorage: false });

describe('syncTick', () => {
  it('creates a local tab on the server, then migrates its id, panels and queries, then pushes it', async () => {
    const store = storeWith([makeEditor({ id: 'localTab123', sql: 'SELECT 2' })], 'localTab123');
    store.dispatch(
      mergeTable({
        table: {
          dbId: 1,
          queryEditorId: 'localTab123',
          catalog: null,
          schema: 'main',
          name: 't',
          initialized: true,
        },
        queryId: 'preview0001',
      }),
    );
    store.dispatch({
      type: 'sqlLab/startQuery',
      payload: { query: makeQuery({ id: 'query000001', sqlEditorId: 'localTab123' }), previousQueryId: null },
    });
    const calls = fakeViews();

    await store.dispatch(syncTick(() => T));

    // Creating the tab activated it on the server, so no activate call follows.
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /tabstateview/',
      'POST /tableschemaview/',
      'POST /tabstateview/41/migrate_query',
      'PUT /tabstateview/41',
    ]);
    expect(calls[0]?.form.queryEditor).toMatchObject({ sql: 'SELECT 2', dbId: 1 });
    // The data preview goes with the panel, so a reload shows it again (issue #10).
    expect(calls[1]?.form.table).toMatchObject({
      queryEditorId: '41',
      name: 't',
      schema: 'main',
      dataPreviewQueryId: 'preview0001',
    });
    expect(calls[2]?.form).toEqual({ queryId: 'query000001' });
    expect(calls[3]?.form).toMatchObject({ sql: 'SELECT 2', latest_query_id: 'query000001' });
    expect(JSON.parse(String(calls[3]?.form.extra_json))).toEqual({ updatedAt: T, version: 1 });
    const state = sqlLabState(store.getState());
    expect(state.sqlLabEditors.queryEditors.map((qe) => [qe.id, qe.inLocalStorage])).toEqual([['41', false]]);
    expect(state.sqlLabEditors.tabHistory).toEqual(['41']);
    // Screens keep keying the tab by its first id, so nothing open is remounted.
    expect(state.sqlLabEditors.queryEditors[0]?.immutableId).toBe('localTab123');
    expect(state.sqlLabEditors.lastUpdatedActiveTab).toBe('41');
    expect(state.sqlLabEditors.editorTabLastUpdatedAt).toBe(T - 1);
    expect(state.sqlLabTables.tables.map((table) => [table.id, table.queryEditorId])).toEqual([['90', '41']]);
    expect(state.sqlLabQueries.queries.query000001?.sqlEditorId).toBe('41');
  });

  it('pushes only tabs edited since the last sync, and deletes closed tabs (a 404 counts as deleted)', async () => {
    const store = storeWith([serverTab('1'), serverTab('2'), serverTab('3')], '1', T);
    store.dispatch(setSql({ id: '1', sql: 'SELECT edited', now: T + 10 }));
    store.dispatch(removeQueryEditor({ id: '3', now: T + 11 }));
    const calls = fakeViews((call) =>
      call.method === 'DELETE' ? jsonResponse(404, { error: 'gone' }) : null,
    );

    await store.dispatch(syncTick(() => T + 20));

    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'PUT /tabstateview/1',
      'DELETE /tabstateview/3',
    ]);
    expect(calls[0]?.form).toMatchObject({ sql: 'SELECT edited', label: 'Tab 1', database_id: 1 });
    expect(editorsOf(store).destroyedQueryEditors).toEqual({});
    expect(editorsOf(store).editorTabLastUpdatedAt).toBe(T + 19);
  });

  it('keeps edits while the server is unreachable, flags offline, and pushes them on a later pass', async () => {
    const store = storeWith([serverTab('5')], '5', T);
    store.dispatch(setSql({ id: '5', sql: 'SELECT offline', now: T + 5 }));
    let down = true;
    const calls = fakeViews(() => {
      if (down) throw new TypeError('Failed to fetch');
      return null;
    });

    expect(await store.dispatch(syncTick(() => T + 10))).toBe(false);
    expect(sqlLabState(store.getState()).sqlLabSync.offline).toBe(true);
    expect(editorsOf(store).editorTabLastUpdatedAt).toBe(T);
    expect(toastTexts(store)).toEqual([STORE_QUERY_FAILED]);

    down = false;
    store.dispatch(setSql({ id: '5', sql: 'SELECT offline, more', now: T + 15 }));
    await store.dispatch(syncTick(() => T + 20));
    expect(sqlLabState(store.getState()).sqlLabSync.offline).toBe(false);
    expect(calls.at(-1)?.form).toMatchObject({ sql: 'SELECT offline, more' });
    expect(editorsOf(store).editorTabLastUpdatedAt).toBe(T + 19);
  });

  it('says once that saving fails, shows offline until a save goes through, and keeps every edit', async () => {
    const store = storeWith([serverTab('7')], '7', T);
    store.dispatch(setSql({ id: '7', sql: 'SELECT 0', now: T + 1 }));
    let failing = true;
    const calls = fakeViews((call) =>
      failing && call.method === 'PUT' ? jsonResponse(500, { error: 'database is locked' }) : null,
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    expect(await store.dispatch(syncTick(() => T + 10))).toBe(false);
    expect(toastTexts(store)).toEqual([STORE_QUERY_FAILED]);
    expect(syncOf(store).offline).toBe(true);
    expect(editorsOf(store).editorTabLastUpdatedAt).toBe(T);

    // Later failures of the same run say nothing more, even once the first toast has gone.
    store.dispatch(toastRemoved(store.getState().toasts.items[0]?.id ?? ''));
    store.dispatch(setSql({ id: '7', sql: 'SELECT 1, 2', now: T + 11 }));
    expect(await store.dispatch(syncTick(() => T + 20))).toBe(false);
    expect(await store.dispatch(syncTick(() => T + 30))).toBe(false);
    expect(toastTexts(store)).toEqual([]);
    expect(syncOf(store).offline).toBe(true);
    expect(warn).toHaveBeenCalledWith(EDITOR_SAVE_FAILED);

    failing = false;
    expect(await store.dispatch(syncTick(() => T + 40))).toBe(true);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(
      Array.from({ length: 4 }, () => 'PUT /tabstateview/7'),
    );
    expect(calls.at(-1)?.form).toMatchObject({ sql: 'SELECT 1, 2' });
    expect(syncOf(store).offline).toBe(false);
    expect(editorsOf(store).editorTabLastUpdatedAt).toBe(T + 39);

    // A new run of failures after a recovery is told again.
    failing = true;
    store.dispatch(setSql({ id: '7', sql: 'SELECT 3', now: T + 41 }));
    expect(await store.dispatch(syncTick(() => T + 50))).toBe(false);
    expect(toastTexts(store)).toEqual([STORE_QUERY_FAILED]);
    warn.mockRestore();
  });

  it('toasts a failed migration once and retries the tab on the next pass', async () => {
    const store = storeWith([makeEditor({ id: 'localTab999' })], 'localTab999');
    let fail = true;
    fakeViews((call) =>
      fail && call.url === '/tabstateview/' ? jsonResponse(500, { error: 'boom' }) : null,
    );

    await store.dispatch(syncTick(() => T));
    await store.dispatch(syncTick(() => T + 1));
    expect(store.getState().toasts.items.map((toast) => toast.text)).toEqual([MIGRATE_EDITOR_FAILED]);
    expect(editorsOf(store).queryEditors[0]?.inLocalStorage).toBe(true);

    fail = false;
    await store.dispatch(syncTick(() => T + 2));
    expect(editorsOf(store).queryEditors[0]?.id).toBe('41');
  });

  it('activates the shown tab when it is not the one the server has active', async () => {
    const store = storeWith([serverTab('1'), serverTab('2')], '1', T);
    store.dispatch(setActiveQueryEditor({ id: '2' }));
    const calls = fakeViews();
    await store.dispatch(syncTick(() => T + 1));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /tabstateview/2/activate']);
    expect(editorsOf(store).lastUpdatedActiveTab).toBe('2');
  });

  it('does nothing with backend persistence off', async () => {
    const store = createAppStore({
      bootstrap: {
        ...TEST_BOOTSTRAP,
        common: { ...TEST_BOOTSTRAP.common, feature_flags: { SQLLAB_BACKEND_PERSISTENCE: false } },
      },
      theme: { mode: 'light', source: 'user' },
    });
    store.dispatch(hydrationFinished());
    const calls = fakeViews();
    await store.dispatch(syncTick(() => T));
    expect(calls).toEqual([]);
  });
});

describe('the sync loop over syncTick', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('retries a failing save after 5, 10 and 20 s, then every 5 s again once it went through', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const store = storeWith([serverTab('8')], '8', T);
    store.dispatch(setSql({ id: '8', sql: 'SELECT kept', now: Date.now() + 60_000 }));
    let failing = true;
    const puts: number[] = [];
    let elapsed = 0;
    fakeViews((call) => {
      if (call.method !== 'PUT') return null;
      puts.push(elapsed);
      return failing ? jsonResponse(500, { error: 'boom' }) : null;
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stop = startSyncLoop(() => store.dispatch(syncTick()), { intervalMs: 5000, maxDelayMs: 30_000 });
    const advance = async (ms: number) => {
      elapsed += ms;
      await vi.advanceTimersByTimeAsync(ms);
    };

    await advance(5000);
    expect(puts).toEqual([5000]);
    expect(toastTexts(store)).toEqual([STORE_QUERY_FAILED]);
    expect(syncOf(store).offline).toBe(true);
    await advance(5000);
    await advance(10_000);
    await advance(19_000);
    expect(puts).toEqual([5000, 10_000, 20_000]);
    failing = false;
    await advance(1000);
    expect(puts).toEqual([5000, 10_000, 20_000, 40_000]);
    expect(syncOf(store).offline).toBe(false);
    expect(toastTexts(store)).toEqual([STORE_QUERY_FAILED]);
    // Synced: nothing left to push, and the loop is back to its 5 s pace.
    store.dispatch(setSql({ id: '8', sql: 'SELECT kept, more', now: Date.now() + 120_000 }));
    await advance(5000);
    expect(puts).toEqual([5000, 10_000, 20_000, 40_000, 45_000]);
    stop();
    await advance(60_000);
    expect(puts).toHaveLength(5);
  });
});

describe('table panels', () => {
  it('are sent once their metadata is in, not before', async () => {
    const store = storeWith([serverTab('5')], '5', T + 100);
    const panel = { dbId: 1, queryEditorId: '5', catalog: null, schema: 'main', name: 't' };
    store.dispatch(mergeTable({ table: panel }));
    const calls = fakeViews();
    await store.dispatch(syncTick(() => T + 200));
    expect(calls.filter((call) => call.url === '/tableschemaview/')).toEqual([]);
    store.dispatch(mergeTable({ table: { ...panel, initialized: true, selectStar: 'SELECT * FROM t' } }));
    await store.dispatch(syncTick(() => T + 300));
    expect(calls.filter((call) => call.url === '/tableschemaview/')).toHaveLength(1);
  });
});

describe('closing a tab (issue #10)', () => {
  it('deletes it on the server at once, with a request that outlives the page', async () => {
    const deletes: { url: string; keepalive: boolean | undefined }[] = [];
    stubFetch((url, init) => {
      if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 'token' });
      if (init.method === 'DELETE') deletes.push({ url, keepalive: init.keepalive });
      return jsonResponse(200, 'OK');
    });
    const store = storeWith([serverTab('5'), serverTab('6')], '6');
    // No sync pass runs: the close itself reaches the server.
    await store.dispatch(closeTab('6'));
    expect(deletes).toEqual([{ url: '/tabstateview/6', keepalive: true }]);
    expect(editorsOf(store).queryEditors.map((qe) => qe.id)).toEqual(['5']);
    expect(editorsOf(store).destroyedQueryEditors).toEqual({});
  });

  it('keeps the close recorded for the next pass when the server cannot be reached', async () => {
    stubFetch((url) =>
      url === '/api/v1/security/csrf_token/'
        ? jsonResponse(200, { result: 'token' })
        : jsonResponse(503, { message: 'down' }),
    );
    const store = storeWith([serverTab('5'), serverTab('6')], '6');
    await store.dispatch(closeTab('6'));
    expect(Object.keys(editorsOf(store).destroyedQueryEditors)).toEqual(['6']);
  });
});
