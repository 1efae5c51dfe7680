import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueryListItem } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import type { AppStore } from '../../../app/store';
import { jsonResponse, renderWithStore, setupDomTest, stubFetch } from '../../../test/dom-test';
import { QUERY_REMOVE_FAILED } from '../persistence/query-actions';
import {
  hydrationFinished,
  initialEditorsState,
  selectQueryEditor,
  sqlLabHydrated,
  type QueryEditor,
} from '../state';
import { makeEditor, makeQuery } from '../state/test-fixtures';
import { sqlLabState } from '../store/sqllab-store';
import { QueryHistory } from './QueryHistory';

setupDomTest();

const T = 1_700_000_000_000;

/** A query the server lists for the tab that this browser never ran. */
function serverItem(clientId: string, sql: string, tabId: string): QueryListItem {
  return {
    id: 3,
    changed_on: '2024-01-01T00:00:00',
    client_id: clientId,
    database: { id: 1, database_name: 'examples' },
    executed_sql: sql,
    error_message: null,
    limit: 1000,
    limiting_factor: 'NOT_LIMITED',
    progress: 100,
    rows: 1,
    schema: 'main',
    select_as_cta: false,
    sql,
    sql_editor_id: tabId,
    sql_tables: [],
    status: 'success',
    tab_name: 'Tab',
    user: { id: 1, first_name: 'Ada', last_name: 'Min' },
    start_time: T - 60_000,
    start_running_time: T - 60_000,
    end_time: T - 59_000,
    tmp_table_name: null,
    tracking_url: null,
    results_key: null,
  };
}

function load(store: AppStore, editor: QueryEditor): void {
  const ran = (id: string, sql: string, startDttm: number) => ({
    ...makeQuery({ id, sqlEditorId: editor.id, sql, state: 'success' }),
    startDttm,
    endDttm: startDttm + 5,
  });
  const queries = [
    ran('first000001', 'SELECT 1 AS first', T),
    ran('second00002', 'SELECT 2 AS second', T + 10),
  ];
  act(() => {
    store.dispatch(
      sqlLabHydrated({
        editors: {
          ...initialEditorsState,
          queryEditors: [{ ...editor, latestQueryId: 'second00002' }],
          tabHistory: [editor.id],
          lastUpdatedActiveTab: editor.id,
        },
        queries: Object.fromEntries(queries.map((query) => [query.id, query])),
        tables: [],
      }),
    );
    store.dispatch(hydrationFinished());
  });
}

function rowOf(sql: string): HTMLElement {
  const row = screen.getByText(sql).closest('[data-test="sqllab-history-row"]');
  if (!(row instanceof HTMLElement)) throw new Error(`no history row for ${sql}`);
  return row;
}

function removeButton(sql: string): HTMLElement {
  const button = within(rowOf(sql)).getByRole('button', { name: 'Remove query' });
  expect(button.getAttribute('data-test')).toBe('sqllab-history-remove');
  return button;
}

interface Call {
  method: string;
  url: string;
}

function fakeServer(tabId: string, deleteStatus: () => number): Call[] {
  const calls: Call[] = [];
  stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url });
    if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 'token' });
    if (url.startsWith('/api/v1/query/?')) {
      const item = serverItem('older000003', 'SELECT 3 AS older', tabId);
      return jsonResponse(200, { count: 1, ids: [3], result: [item] });
    }
    if (method === 'DELETE') {
      const status = deleteStatus();
      return jsonResponse(status, status === 200 ? 'OK' : { error: 'database is locked' });
    }
    return jsonResponse(404, { message: `not stubbed: ${url}` });
  });
  return calls;
}

const deletes = (calls: Call[]) => calls.filter((call) => call.method === 'DELETE').map((call) => call.url);

describe('QueryHistory remove', () => {
  it('removes a query on the server and from the tab; the previous query becomes the latest', async () => {
    const calls = fakeServer('7', () => 200);
    const { store } = renderWithStore(<QueryHistory editorId="7" />);
    load(store, makeEditor({ id: '7', tabViewId: '7', inLocalStorage: false }));
    await screen.findByText('SELECT 3 AS older');

    fireEvent.click(removeButton('SELECT 2 AS second'));

    await waitFor(() => {
      expect(screen.queryByText('SELECT 2 AS second')).toBeNull();
    });
    expect(deletes(calls)).toEqual(['/tabstateview/7/query/second00002']);
    const state = sqlLabState(store.getState());
    expect(Object.keys(state.sqlLabQueries.queries)).toEqual(['first000001']);
    expect(selectQueryEditor(state, '7')?.latestQueryId).toBe('first000001');

    // A query only the server lists goes too.
    fireEvent.click(removeButton('SELECT 3 AS older'));
    await waitFor(() => {
      expect(screen.queryByText('SELECT 3 AS older')).toBeNull();
    });
    expect(deletes(calls)).toEqual([
      '/tabstateview/7/query/second00002',
      '/tabstateview/7/query/older000003',
    ]);
    expect(screen.getByText('SELECT 1 AS first')).toBeTruthy();
  });

  it('keeps the query and says so when the server cannot remove it; a 404 counts as removed', async () => {
    let status = 500;
    const calls = fakeServer('7', () => status);
    const { store } = renderWithStore(<QueryHistory editorId="7" />);
    load(store, makeEditor({ id: '7', tabViewId: '7', inLocalStorage: false }));
    await screen.findByText('SELECT 3 AS older');

    fireEvent.click(removeButton('SELECT 1 AS first'));
    await waitFor(() => {
      expect(store.getState().toasts.items.map((toast) => toast.text)).toEqual([QUERY_REMOVE_FAILED]);
    });
    expect(screen.getByText('SELECT 1 AS first')).toBeTruthy();
    expect(sqlLabState(store.getState()).sqlLabQueries.queries.first000001).toBeDefined();

    status = 404;
    fireEvent.click(removeButton('SELECT 1 AS first'));
    await waitFor(() => {
      expect(screen.queryByText('SELECT 1 AS first')).toBeNull();
    });
    expect(deletes(calls)).toEqual([
      '/tabstateview/7/query/first000001',
      '/tabstateview/7/query/first000001',
    ]);
  });

  it('removes a query of a tab the server does not have yet without calling it', async () => {
    const calls = fakeServer('localTab001', () => 500);
    const { store } = renderWithStore(<QueryHistory editorId="localTab001" />);
    load(store, makeEditor({ id: 'localTab001', inLocalStorage: true }));
    await screen.findByText('SELECT 1 AS first');

    fireEvent.click(removeButton('SELECT 1 AS first'));
    await waitFor(() => {
      expect(screen.queryByText('SELECT 1 AS first')).toBeNull();
    });
    expect(deletes(calls)).toEqual([]);
    expect(store.getState().toasts.items).toEqual([]);
  });
});
