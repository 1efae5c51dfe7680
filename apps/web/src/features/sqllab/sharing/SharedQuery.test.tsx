import { fireEvent, render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createAppStore, type AppStore } from '../../../app/store';
import {
  byDataTest,
  jsonResponse,
  sentJson,
  setupDomTest,
  stubFetch,
  TEST_BOOTSTRAP,
} from '../../../test/dom-test';
import { SqlLabPage } from '../page/SqlLabPage';
import { selectActiveTabId, selectTab, selectTabs } from '../store/selectors';
import { installCodeMirrorShims } from '../test/codemirror-shims';
import { database, sqlLabServer } from '../test/fake-server';
import { SHARED_QUERY_LOAD_FAILED } from './shared-query';

setupDomTest();
installCodeMirrorShims();

let currentPath = '';
function LocationProbe() {
  const location = useLocation();
  currentPath = `${location.pathname}${location.search}`;
  return null;
}

function renderAt(path: string): AppStore {
  const store = createAppStore({ bootstrap: TEST_BOOTSTRAP, theme: { mode: 'light', source: 'user' } });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <Routes>
          <Route path="/sqllab/" element={<SqlLabPage />} />
          <Route path="/sqllab/p/:key/" element={<SqlLabPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

function activeTab(store: AppStore) {
  const id = selectActiveTabId(store.getState());
  return id === null ? null : selectTab(store.getState(), id);
}

const toastTexts = (store: AppStore) => store.getState().toasts.items.map((toast) => toast.text);

const PERMALINK = {
  dbId: 1,
  name: 'Shared births',
  schema: 'main',
  catalog: null,
  sql: 'SELECT name FROM birth_names',
  autorun: false,
  templateParams: null,
};

describe('opening shared queries', () => {
  it('opens a permalink in a new tab and then shows /sqllab/', async () => {
    const fetchMock = stubFetch(
      sqlLabServer([database()], (url) =>
        url === '/api/v1/sqllab/permalink/abcDEF_123-xyz0123456' ? jsonResponse(200, PERMALINK) : null,
      ),
    );
    const store = renderAt('/sqllab/p/abcDEF_123-xyz0123456/');
    await waitFor(() => {
      expect(activeTab(store)?.name).toBe('Shared births');
    });
    expect(activeTab(store)?.sql).toBe('SELECT name FROM birth_names');
    expect(activeTab(store)?.schema).toBe('main');
    // The shared query is the first tab: no empty tab is opened beside it.
    expect(selectTabs(store.getState()).map((tab) => tab.name)).toEqual(['Shared births']);
    await waitFor(() => {
      expect(currentPath).toBe('/sqllab/');
    });
    expect(fetchMock.mock.calls.filter(([url]) => url.includes('/permalink/'))).toHaveLength(1);
  });

  it('says the query could not be loaded when the key is unknown', async () => {
    stubFetch(sqlLabServer([database()]));
    const store = renderAt('/sqllab/?permalink=unknownkey0000000000000');
    await waitFor(() => {
      expect(toastTexts(store)).toContain(SHARED_QUERY_LOAD_FAILED);
    });
    await waitFor(() => {
      expect(currentPath).toBe('/sqllab/');
    });
    await waitFor(() => {
      expect(selectTabs(store.getState()).map((tab) => tab.name)).toEqual(['Untitled Query 1']);
    });
  });

  it('opens a past query by id', async () => {
    stubFetch(
      sqlLabServer([database()], (url) => {
        if (url === '/api/v1/query/5') {
          return jsonResponse(200, {
            id: 5,
            result: {
              id: 5,
              changed_on: '2024-01-01T00:00:00',
              client_id: 'abc',
              database: { id: 1, database_name: 'examples' },
              executed_sql: null,
              error_message: null,
              limit: 100,
              limiting_factor: null,
              progress: 100,
              rows: 1,
              schema: 'main',
              select_as_cta: false,
              sql: 'SELECT 5',
              sql_editor_id: null,
              sql_tables: [],
              status: 'success',
              tab_name: 'Old tab',
              user: { id: 1, first_name: 'Ada', last_name: 'Min' },
              start_time: 1,
              start_running_time: 1,
              end_time: 2,
              tmp_table_name: null,
              tracking_url: null,
              results_key: null,
            },
          });
        }
        return null;
      }),
    );
    const store = renderAt('/sqllab/?queryId=5');
    await waitFor(() => {
      expect(activeTab(store)?.sql).toBe('SELECT 5');
    });
    expect(activeTab(store)?.name).toBe('Old tab');
  });
});

describe('legacy /kv/ links', () => {
  it('opens ?id=<key> from the key-value store', async () => {
    stubFetch(
      sqlLabServer([database()], (url) =>
        url === '/kv/kvkey' ? jsonResponse(200, { dbId: 1, title: 'From kv', sql: 'SELECT 7' }) : null,
      ),
    );
    const store = renderAt('/sqllab/?id=kvkey');
    await waitFor(() => {
      expect(activeTab(store)?.name).toBe('From kv');
    });
    expect(activeTab(store)?.sql).toBe('SELECT 7');
  });
});

describe('Copy link', () => {
  it('creates a permalink of the tab and copies its URL', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const fetchMock = stubFetch(
      sqlLabServer([database()], (url, init) =>
        url === '/api/v1/sqllab/permalink' && init.method === 'POST'
          ? jsonResponse(201, { key: 'k'.repeat(22), url: `http://host/sqllab/p/${'k'.repeat(22)}/` })
          : null,
      ),
    );
    const store = renderAt('/sqllab/');
    await waitFor(() => {
      expect(byDataTest('sqllab-copy-link').hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(byDataTest('sqllab-copy-link'));
    await waitFor(() => {
      expect(writeText).toHaveBeenCalledWith(`http://host/sqllab/p/${'k'.repeat(22)}/`);
    });
    await waitFor(() => {
      expect(toastTexts(store)).toContain('Copied to clipboard!');
    });
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/v1/sqllab/permalink');
    expect(sentJson(call?.[1])).toMatchObject({ dbId: 1, name: 'Untitled Query 1' });
  });

  it('says so when the link cannot be created', async () => {
    stubFetch(
      sqlLabServer([database()], (url) =>
        url === '/api/v1/sqllab/permalink' ? jsonResponse(403, { message: 'Forbidden' }) : null,
      ),
    );
    const store = renderAt('/sqllab/');
    await waitFor(() => {
      expect(byDataTest('sqllab-copy-link').hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(byDataTest('sqllab-copy-link'));
    await waitFor(() => {
      expect(toastTexts(store)).toContain('The link could not be created');
    });
  });
});
