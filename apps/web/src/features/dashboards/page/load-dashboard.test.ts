import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../../app/store';
import { jsonResponse, setupDomTest, stubFetch, TEST_BOOTSTRAP } from '../../../test/dom-test';
import { dashboardApi } from '../api/dashboard-api';
import { withUnplacedCharts } from './load-dashboard';
import { parseLayout } from './parse-layout';

setupDomTest();

function newStore() {
  return createAppStore({ bootstrap: TEST_BOOTSTRAP, theme: { mode: 'light', source: 'user' } });
}

const chartsUrl = '/api/v1/dashboard/5/charts';

describe('withUnplacedCharts', () => {
  it('reuses a charts list asked for with the dashboard, even while it is on its way', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { result: [] }));
    const store = newStore();
    const askedSince = Date.now();
    const early = store.dispatch(
      dashboardApi.endpoints.getDashboardCharts.initiate(5, { forceRefetch: true }),
    );
    await early;

    await store.dispatch(withUnplacedCharts(5, parseLayout('', 'A'), askedSince));
    early.unsubscribe();

    expect(fetchMock.mock.calls.filter(([url]) => url === chartsUrl)).toHaveLength(1);
  });

  it('asks again when the cached list is older than the dashboard request', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { result: [] }));
    const store = newStore();
    const old = store.dispatch(dashboardApi.endpoints.getDashboardCharts.initiate(5));
    await old;

    await store.dispatch(withUnplacedCharts(5, parseLayout('', 'A'), Date.now() + 1000));
    old.unsubscribe();

    expect(fetchMock.mock.calls.filter(([url]) => url === chartsUrl)).toHaveLength(2);
  });
});
