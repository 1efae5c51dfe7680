import type { SavedQuery } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../../app/store';
import { jsonResponse, sentJson, setupDomTest, stubFetch, TEST_BOOTSTRAP } from '../../../test/dom-test';
import { LOAD_REQUEST_FAILED, LOAD_UNEXPECTED_STATUS } from '../api/load-failure';
import { addNewTab } from '../run/editor-actions';
import { selectActiveQueryEditor, setSql } from '../state';
import { sqlLabState } from '../store/sqllab-store';
import { openSavedQuery, saveEditorQuery } from './saved-query-actions';
import {
  QUERY_SAVED,
  QUERY_SAVE_FAILED,
  QUERY_UPDATED,
  QUERY_UPDATE_FAILED,
  SAVED_QUERY_LOAD_FAILED,
  savedQueryIdFromSearch,
} from './saved-query-mapping';

setupDomTest();

function newStore() {
  return createAppStore({ bootstrap: TEST_BOOTSTRAP, theme: { mode: 'light', source: 'user' } });
}

function writeAnswer(id: number, label: string) {
  return {
    id,
    result: {
      db_id: 1,
      label,
      description: '',
      catalog: null,
      schema: 'main',
      sql: 'SELECT 42',
      template_parameters: null,
      extra_json: '{}',
    },
  };
}

function activeEditor(store: ReturnType<typeof newStore>) {
  const editor = selectActiveQueryEditor(sqlLabState(store.getState()));
  if (editor === null) throw new Error('no active tab');
  return editor;
}

const toastTexts = (store: ReturnType<typeof newStore>) =>
  store.getState().toasts.items.map((toast) => toast.text);

describe('saved query thunks', () => {
  it('creates a saved query from the tab, then updates it', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 't' });
      if (init.method === 'POST') return jsonResponse(201, writeAnswer(9, 'Answer'));
      return jsonResponse(200, writeAnswer(9, 'Answer v2'));
    });
    const store = newStore();
    store.dispatch(addNewTab({ dbId: 1, schema: 'main', templateParams: '{"a": 1}' }));
    const tabId = activeEditor(store).id;
    store.dispatch(setSql({ id: tabId, sql: 'SELECT 42' }));

    expect(
      await store.dispatch(saveEditorQuery(tabId, { label: 'Answer', description: 'd' }, 'create')),
    ).toBe(true);
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST');
    expect(post?.[0]).toBe('/api/v1/saved_query/');
    expect(sentJson(post?.[1])).toEqual({
      db_id: 1,
      label: 'Answer',
      description: 'd',
      catalog: null,
      schema: 'main',
      sql: 'SELECT 42',
      template_parameters: '{"a": 1}',
    });
    expect(activeEditor(store)).toMatchObject({ remoteId: 9, name: 'Answer' });
    expect(toastTexts(store)).toEqual([QUERY_SAVED]);

    await store.dispatch(saveEditorQuery(tabId, { label: 'Answer v2', description: '' }, 'update'));
    const put = fetchMock.mock.calls.find(([, init]) => init.method === 'PUT');
    expect(put?.[0]).toBe('/api/v1/saved_query/9');
    expect(activeEditor(store).name).toBe('Answer v2');
    expect(toastTexts(store)).toEqual([QUERY_SAVED, QUERY_UPDATED]);
  });

  it('says when saving or updating fails', async () => {
    stubFetch((url) =>
      url === '/api/v1/security/csrf_token/'
        ? jsonResponse(200, { result: 't' })
        : jsonResponse(422, { message: { db_id: ['Database not found.'] } }),
    );
    const store = newStore();
    store.dispatch(addNewTab({ dbId: 1, remoteId: 4 }));
    const tabId = activeEditor(store).id;
    expect(await store.dispatch(saveEditorQuery(tabId, { label: 'x', description: '' }, 'update'))).toBe(
      false,
    );
    expect(await store.dispatch(saveEditorQuery(tabId, { label: 'x', description: '' }, 'create'))).toBe(
      false,
    );
    expect(toastTexts(store)).toEqual([QUERY_UPDATE_FAILED, QUERY_SAVE_FAILED]);
    expect(activeEditor(store).remoteId).toBe(4);
  });

  it('opens a saved query in a new tab, or says it could not', async () => {
    const saved: SavedQuery = {
      id: 12,
      label: 'Top names',
      description: '',
      sql: 'SELECT name FROM birth_names',
      catalog: null,
      schema: 'main',
      db_id: 2,
      database: { id: 2, database_name: 'examples' },
      template_parameters: '{"n": 3}',
      extra_json: '{}',
      created_by: null,
      changed_by: null,
      created_on: '2026-01-01T00:00:00.000Z',
      changed_on: '2026-01-01T00:00:00.000Z',
      changed_on_delta_humanized: 'a day ago',
      sql_tables: [],
      tags: [],
    };
    stubFetch((url) =>
      url === '/api/v1/saved_query/12' ? jsonResponse(200, { id: 12, result: saved }) : jsonResponse(404, {}),
    );
    const store = newStore();
    expect(await store.dispatch(openSavedQuery(12))).toBe(true);
    expect(activeEditor(store)).toMatchObject({
      remoteId: 12,
      name: 'Top names',
      dbId: 2,
      schema: 'main',
      sql: 'SELECT name FROM birth_names',
      templateParams: '{"n": 3}',
    });
    expect(await store.dispatch(openSavedQuery(13))).toBe(false);
    expect(toastTexts(store)).toEqual([SAVED_QUERY_LOAD_FAILED]);
    expect(sqlLabState(store.getState()).sqlLabEditors.queryEditors).toHaveLength(1);
  });

  it('names an unexpected status and a failed request when a saved query does not load', async () => {
    stubFetch((url) => {
      if (url === '/api/v1/saved_query/20') return jsonResponse(500, {});
      throw new TypeError('Failed to fetch');
    });
    const store = newStore();
    expect(await store.dispatch(openSavedQuery(20))).toBe(false);
    expect(await store.dispatch(openSavedQuery(21))).toBe(false);
    expect(toastTexts(store)).toEqual([LOAD_UNEXPECTED_STATUS, LOAD_REQUEST_FAILED]);
  });

  it('reads the saved query id of an address', () => {
    expect(savedQueryIdFromSearch('?savedQueryId=12')).toBe(12);
    expect(savedQueryIdFromSearch('?savedQueryId=0')).toBeNull();
    expect(savedQueryIdFromSearch('?savedQueryId=abc')).toBeNull();
    expect(savedQueryIdFromSearch('?queryId=3')).toBeNull();
  });
});
