import { act, fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  byDataTest,
  renderWithStore,
  sentJson,
  setupDomTest,
  stubFetch,
  TEST_BOOTSTRAP,
} from '../../../test/dom-test';
import { setSelectedText } from '../state';
import { selectActiveTabId } from '../store/selectors';
import { installCodeMirrorShims } from '../test/codemirror-shims';
import { database, queryDict, resultBody, sqlLabServer } from '../test/fake-server';
import { jsonResponse } from '../../../test/dom-test';
import type { AppStore } from '../../../app/store';
import { SqlLabPage } from './SqlLabPage';

setupDomTest();
installCodeMirrorShims();

function tabTitles(): string[] {
  return [...document.querySelectorAll('[data-test="sqllab-tab-title"]')].map((node) => node.textContent);
}

function activeTitle(): string {
  return (
    document.querySelector('[data-test="sqllab-tab"][data-active="true"] [data-test="sqllab-tab-title"]')
      ?.textContent ?? ''
  );
}

function press(key: string) {
  fireEvent.keyDown(document.body, { key, ctrlKey: true });
}

describe('SqlLabPage tabs', () => {
  it('adds numbered tabs and switches between them with Ctrl+arrows, cyclically', async () => {
    stubFetch(sqlLabServer([database()]));
    renderWithStore(<SqlLabPage />);

    await waitFor(() => {
      expect(tabTitles()).toEqual(['Untitled Query 1']);
    });
    fireEvent.click(byDataTest('sqllab-add-tab'));
    fireEvent.click(byDataTest('sqllab-add-tab'));
    expect(tabTitles()).toEqual(['Untitled Query 1', 'Untitled Query 2', 'Untitled Query 3']);
    expect(activeTitle()).toBe('Untitled Query 3');

    press('ArrowRight');
    expect(activeTitle()).toBe('Untitled Query 1');
    press('ArrowRight');
    expect(activeTitle()).toBe('Untitled Query 2');
    press('ArrowLeft');
    press('ArrowLeft');
    expect(activeTitle()).toBe('Untitled Query 3');
  });

  it('closes a tab, and renames one by double-clicking its title', async () => {
    stubFetch(sqlLabServer([database()]));
    renderWithStore(<SqlLabPage />);
    await waitFor(() => {
      expect(tabTitles()).toHaveLength(1);
    });
    fireEvent.click(byDataTest('sqllab-add-tab'));

    const closeIcons = document.querySelectorAll('[data-test="sqllab-close-tab"]');
    fireEvent.click(closeIcons[0] ?? document.body);
    expect(tabTitles()).toEqual(['Untitled Query 2']);

    // The remaining tab's editor takes the focus when it opens; rename after that, as a user would.
    await waitFor(() => {
      expect(document.activeElement?.closest('[data-test="sqllab-editor"]')).toBeTruthy();
    });
    fireEvent.doubleClick(byDataTest('sqllab-tab-title'));
    const input = byDataTest('sqllab-tab-title-input');
    fireEvent.change(input, { target: { value: 'Births' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(tabTitles()).toEqual(['Births']);
  });
});

describe('SqlLabPage run', () => {
  it('runs only the selected text when there is a selection, and shows the rows with the limit notice', async () => {
    const fetchMock = stubFetch(
      sqlLabServer([database()], (url, init) => {
        if (!url.startsWith('/api/v1/sqllab/execute/')) return null;
        const body = sentJson(init);
        const id =
          typeof body === 'object' && body !== null && 'client_id' in body ? String(body.client_id) : '';
        return jsonResponse(200, resultBody(id, [1, 2, 3], 'DROPDOWN'));
      }),
    );
    const { store } = renderWithStore(<SqlLabPage />, {
      ...TEST_BOOTSTRAP,
      common: { ...TEST_BOOTSTRAP.common, conf: { ...TEST_BOOTSTRAP.common.conf, DEFAULT_SQLLAB_LIMIT: 3 } },
    });
    await waitFor(() => {
      expect(byDataTest('sqllab-run').hasAttribute('disabled')).toBe(false);
    });
    const id = selectActiveTabId(store.getState());
    if (id === null) throw new Error('no active tab');

    act(() => {
      store.dispatch(setSelectedText({ id, selectedText: 'SELECT num FROM t' }));
    });
    expect(byDataTest('sqllab-run').textContent).toBe('Run selection');
    fireEvent.click(byDataTest('sqllab-run'));

    await waitFor(() => {
      expect(byDataTest('sqllab-row-count').textContent).toBe('3 rows');
    });
    const call = fetchMock.mock.calls.find(([url]) => url.startsWith('/api/v1/sqllab/execute/'));
    expect(sentJson(call?.[1])).toMatchObject({
      sql: 'SELECT num FROM t',
      database_id: 1,
      queryLimit: 3,
      runAsync: false,
      sql_editor_id: id,
      tab: 'Untitled Query 1',
    });
    expect(byDataTest('sqllab-limit-notice').textContent).toContain(
      'The number of rows displayed is limited to 3 by the dropdown.',
    );
    expect(byDataTest('sqllab-status').textContent).toBe('success');
  });
});

function clientIdOf(init: RequestInit): string {
  const body = sentJson(init);
  return typeof body === 'object' && body !== null && 'client_id' in body ? String(body.client_id) : '';
}

function toastTexts(store: AppStore): string[] {
  return store.getState().toasts.items.map((toast) => toast.text);
}

describe('SqlLabPage async runs and stop', () => {
  it('follows an async run: 202, poll until success, then fetches the rows by results key', async () => {
    let clientId = '';
    const fetchMock = stubFetch(
      sqlLabServer([database({ allow_run_async: true })], (url, init) => {
        if (url.startsWith('/api/v1/sqllab/execute/')) {
          clientId = clientIdOf(init);
          return jsonResponse(202, {
            query: queryDict({ id: clientId, state: 'pending', startDttm: Date.now() }),
          });
        }
        if (url.startsWith('/api/v1/query/updated_since')) {
          return jsonResponse(200, {
            result: [
              queryDict({ id: clientId, state: 'success', resultsKey: 'key-9', rows: 2, progress: 100 }),
            ],
          });
        }
        if (url.startsWith('/api/v1/sqllab/results/'))
          return jsonResponse(200, resultBody(clientId, [5, 6], 'NOT_LIMITED'));
        return null;
      }),
    );
    renderWithStore(<SqlLabPage />);
    await waitFor(() => {
      expect(byDataTest('sqllab-run').hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(byDataTest('sqllab-run'));
    await waitFor(() => {
      expect(byDataTest('sqllab-status').getAttribute('data-state')).toBe('pending');
    });

    await waitFor(() => {
      expect(byDataTest('sqllab-row-count').textContent).toBe('2 rows');
    });
    const resultsCall = fetchMock.mock.calls.find(([url]) => url.startsWith('/api/v1/sqllab/results/'));
    expect(decodeURIComponent(resultsCall?.[0] ?? '')).toBe(
      '/api/v1/sqllab/results/?q=(key:key-9,rows:10000)',
    );
    expect(
      sentJson(fetchMock.mock.calls.find(([url]) => url.startsWith('/api/v1/sqllab/execute/'))?.[1]),
    ).toMatchObject({
      runAsync: true,
    });
  }, 15_000);

  it('stops a running query and says so; a failed stop names the query', async () => {
    let stopAnswer = 500;
    const fetchMock = stubFetch(
      sqlLabServer([database()], (url) => {
        // The sync run never answers: it is still running when Stop is pressed.
        if (url.startsWith('/api/v1/sqllab/execute/')) return null;
        if (url === '/api/v1/query/stop')
          return jsonResponse(stopAnswer, stopAnswer === 200 ? { result: 'OK' } : {});
        if (url.startsWith('/api/v1/query/updated_since')) return jsonResponse(200, { result: [] });
        return null;
      }),
    );
    const neverAnswered = new Promise<Response>(() => undefined);
    const handler = fetchMock.getMockImplementation();
    fetchMock.mockImplementation((url, init) =>
      url.startsWith('/api/v1/sqllab/execute/')
        ? neverAnswered
        : (handler?.(url, init) ?? jsonResponse(404, {})),
    );
    const { store } = renderWithStore(<SqlLabPage />);
    await waitFor(() => {
      expect(byDataTest('sqllab-run').hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(byDataTest('sqllab-run'));
    await waitFor(() => {
      expect(byDataTest('sqllab-status').getAttribute('data-state')).toBe('running');
    });
    const clientId = clientIdOf(
      fetchMock.mock.calls.find(([url]) => url.startsWith('/api/v1/sqllab/execute/'))?.[1] ?? {},
    );

    fireEvent.click(byDataTest('sqllab-stop'));
    await waitFor(() => {
      expect(toastTexts(store)).toContain(`Failed at stopping query. ${clientId}`);
    });
    expect(byDataTest('sqllab-status').getAttribute('data-state')).toBe('running');

    stopAnswer = 200;
    fireEvent.click(byDataTest('sqllab-stop'));
    await waitFor(() => {
      expect(toastTexts(store)).toContain('Query was stopped.');
    });
    expect(byDataTest('sqllab-status').getAttribute('data-state')).toBe('stopped');
    expect(sentJson(fetchMock.mock.calls.find(([url]) => url === '/api/v1/query/stop')?.[1])).toEqual({
      client_id: clientId,
    });
  });
});
