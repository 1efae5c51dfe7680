import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../../app/store';
import { jsonResponse, sentJson, setupDomTest, stubFetch, TEST_BOOTSTRAP } from '../../../test/dom-test';
import { birthNames } from '../state/test-fixtures';
import { exploreActions, selectExplore } from '../store/explore-store';
import { saveChart } from './save-chart';

setupDomTest();

const chartWrite = (id: number) => ({
  id,
  result: {
    slice_name: 'Births',
    viz_type: 'pie',
    datasource_id: 3,
    datasource_type: 'table',
    description: null,
    params: '{}',
    query_context: null,
    cache_timeout: null,
    owners: [1],
    dashboards: [5],
    certified_by: null,
    certification_details: null,
  },
});

const dashboardWrite = {
  id: 5,
  result: {
    dashboard_title: 'Kids',
    slug: null,
    owners: [1],
    position_json: null,
    json_metadata: null,
    css: null,
    published: false,
  },
};

function storeWithChart() {
  const store = createAppStore({ bootstrap: TEST_BOOTSTRAP, theme: { mode: 'light', source: 'user' } });
  store.dispatch(
    exploreActions.exploreInitialized({
      datasource: birthNames,
      formData: {
        datasource: '3__table',
        viz_type: 'pie',
        metric: 'sum__num',
        groupby: ['gender'],
        slice_id: 99,
      },
      slice: null,
      can_add: true,
      can_download: true,
      can_overwrite: false,
    }),
  );
  return store;
}

describe('saveChart', () => {
  it('creates the new dashboard first, then the chart on it, and says both', async () => {
    const store = storeWithChart();
    const fetchMock = stubFetch((url) => {
      if (url.includes('csrf_token')) return jsonResponse(200, { result: 'token-1' });
      if (url === '/api/v1/dashboard/') return jsonResponse(201, dashboardWrite);
      return jsonResponse(201, chartWrite(12));
    });

    const id = await store.dispatch(
      saveChart({ action: 'saveas', sliceName: 'Births', dashboard: { kind: 'new', title: 'Kids' } }),
    );

    expect(id).toBe(12);
    const urls = fetchMock.mock.calls.map(([url]) => url);
    expect(urls.filter((url) => !url.includes('csrf_token'))).toEqual([
      '/api/v1/dashboard/',
      '/api/v1/chart/',
    ]);
    const chartCall = fetchMock.mock.calls.find(([url]) => url === '/api/v1/chart/');
    const body = sentJson(chartCall?.[1]) as Record<string, unknown>;
    expect(body).toMatchObject({
      slice_name: 'Births',
      viz_type: 'pie',
      datasource_id: 3,
      datasource_type: 'table',
      dashboards: [5],
      owners: [],
    });
    const params = JSON.parse(String(body.params)) as Record<string, unknown>;
    expect(params).toMatchObject({ viz_type: 'pie', metric: 'sum__num' });
    expect(params).not.toHaveProperty('slice_id');
    expect(JSON.parse(String(body.query_context))).toMatchObject({ datasource: { id: 3, type: 'table' } });
    expect(store.getState().toasts.items.map((toast) => toast.text)).toEqual([
      'Chart [Births] has been saved',
      'Dashboard [Kids] just got created and chart [Births] was added to it',
    ]);
    expect(selectExplore(store.getState())).toMatchObject({
      slice: { slice_id: 12 },
      sliceName: 'Births',
      can_overwrite: true,
    });
  });

  it('keeps the dialog open with the permission message on 403', async () => {
    const store = storeWithChart();
    store.dispatch(exploreActions.saveModalShown());
    stubFetch((url) =>
      url.includes('csrf_token')
        ? jsonResponse(200, { result: 'token-1' })
        : jsonResponse(403, { message: 'Forbidden' }),
    );

    const id = await store.dispatch(
      saveChart({ action: 'saveas', sliceName: 'Births', dashboard: { kind: 'none' } }),
    );

    expect(id).toBeNull();
    expect(selectExplore(store.getState()).saveModal).toMatchObject({
      isVisible: true,
      saveModalAlert: 'You do not have permission to edit this chart',
    });
  });

  it('reports other failures as "Failed to save slice"', async () => {
    const store = storeWithChart();
    stubFetch((url) =>
      url.includes('csrf_token')
        ? jsonResponse(200, { result: 'token-1' })
        : jsonResponse(400, { message: { slice_name: ['bad'] } }),
    );
    await store.dispatch(saveChart({ action: 'saveas', sliceName: 'Births', dashboard: { kind: 'none' } }));
    expect(selectExplore(store.getState()).saveModal.saveModalAlert).toBe('Failed to save slice');
  });
});
