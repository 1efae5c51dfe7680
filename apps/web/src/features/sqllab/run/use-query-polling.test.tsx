import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithStore, setupDomTest, stubFetch } from '../../../test/dom-test';
import { createQuery, startQuery } from '../state';
import { sqlLabState } from '../store/sqllab-store';
import { queryDict } from '../test/fake-server';
import { FIRST_POLL_MARGIN_MS } from './poll-plan';
import { useQueryPolling } from './use-query-polling';

setupDomTest();

const INTERVAL_MS = 20;

function PollingProbe() {
  const { offline } = useQueryPolling({ intervalMs: INTERVAL_MS });
  return <span data-testid="offline">{String(offline)}</span>;
}

function pollCalls(urls: string[]): string[] {
  return urls.filter((url) => url.startsWith('/api/v1/query/updated_since'));
}

describe('useQueryPolling', () => {
  it('polls updated_since while a query is active and merges what changed', async () => {
    const fetchMock = stubFetch(() =>
      jsonResponse(200, {
        result: [queryDict({ id: 'q1', state: 'success', resultsKey: 'key-1', rows: 3, progress: 100 })],
      }),
    );
    const { store } = renderWithStore(<PollingProbe />);
    const query = createQuery({ id: 'q1', dbId: 1, sql: 'SELECT 1', runAsync: true }, Date.now());
    act(() => {
      store.dispatch(startQuery({ query, previousQueryId: null }));
    });
    expect(sqlLabState(store.getState()).sqlLabQueries.queries.q1?.state).toBe('pending');

    await waitFor(() => {
      expect(sqlLabState(store.getState()).sqlLabQueries.queries.q1?.state).toBe('success');
    });
    const q1 = sqlLabState(store.getState()).sqlLabQueries.queries.q1;
    expect(q1?.resultsKey).toBe('key-1');
    expect(q1?.rows).toBe(3);
    const [first] = pollCalls(fetchMock.mock.calls.map(([url]) => url));
    expect(decodeURIComponent(first ?? '')).toBe(
      `/api/v1/query/updated_since?q=(last_updated_ms:${query.startDttm - FIRST_POLL_MARGIN_MS})`,
    );
  });

  it('does not poll without an active query', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { result: [] }));
    renderWithStore(<PollingProbe />);
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS * 5));
    expect(pollCalls(fetchMock.mock.calls.map(([url]) => url))).toEqual([]);
  });

  it('reports offline while the poll fails', async () => {
    stubFetch(() => jsonResponse(503, { message: 'down' }));
    const { store } = renderWithStore(<PollingProbe />);
    act(() => {
      store.dispatch(
        startQuery({
          query: createQuery({ dbId: 1, sql: 'SELECT 1', runAsync: true }, Date.now()),
          previousQueryId: null,
        }),
      );
    });
    await waitFor(() => {
      expect(screen.getByTestId('offline').textContent).toBe('true');
    });
  });
});
