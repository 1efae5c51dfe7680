import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../../app/store';
import { jsonResponse, setupDomTest, stubFetch, TEST_BOOTSTRAP } from '../../../test/dom-test';
import { chartRenderingSucceeded } from '../../chart-runtime/chart-status.slice';
import { runChart, UNSAVED_CHART_ID } from '../chart/chart-actions';
import { saveChart } from '../save/save-chart';
import { birthNames } from '../state/test-fixtures';
import { exploreActions, selectChart, selectControlsChanged, selectExplore } from './explore-store';

setupDomTest();

const chartWrite = {
  id: 12,
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
    dashboards: [],
    certified_by: null,
    certification_details: null,
  },
};

/** A new pie chart, run and drawn, as the user sees it before saving. */
async function renderedNewChart() {
  const store = createAppStore({ bootstrap: TEST_BOOTSTRAP, theme: { mode: 'light', source: 'user' } });
  stubFetch((url) => {
    if (url.includes('csrf_token')) return jsonResponse(200, { result: 'token-1' });
    if (url.includes('/api/v1/chart/data')) {
      return jsonResponse(200, { result: [{ data: [{ gender: 'boy', sum__num: 3 }], rowcount: 1 }] });
    }
    return jsonResponse(201, chartWrite);
  });
  store.dispatch(
    exploreActions.exploreInitialized({
      datasource: birthNames,
      formData: { datasource: '3__table', viz_type: 'pie', metric: 'sum__num', groupby: ['gender'] },
      slice: null,
      can_add: true,
      can_download: true,
      can_overwrite: false,
    }),
  );
  await store.dispatch(runChart(UNSAVED_CHART_ID));
  store.dispatch(chartRenderingSucceeded({ chartId: UNSAVED_CHART_ID, at: Date.now() }));
  return store;
}

describe("'Controls changed' after a run", () => {
  it('stays hidden after saving a chart whose controls did not change', async () => {
    const store = await renderedNewChart();
    expect(selectControlsChanged(store.getState())).toBe(false);

    const id = await store.dispatch(
      saveChart({ action: 'saveas', sliceName: 'Births', dashboard: { kind: 'none' } }),
    );

    expect(id).toBe(12);
    expect(selectExplore(store.getState()).form_data).toHaveProperty('slice_id', 12);
    expect(selectChart(store.getState(), 12).chartStatus).toBe('rendered');
    expect(selectControlsChanged(store.getState())).toBe(false);
  });

  it('ignores key order and undefined members, and shows for a real change', async () => {
    const store = await renderedNewChart();
    // A control that writes its value back (same value, new key order) or clears an absent key.
    store.dispatch(exploreActions.controlValueChanged({ name: 'groupby', value: ['gender'] }));
    store.dispatch(exploreActions.controlValueChanged({ name: 'subheader', value: undefined }));
    expect(selectControlsChanged(store.getState())).toBe(false);

    store.dispatch(exploreActions.controlValueChanged({ name: 'groupby', value: ['state'] }));
    expect(selectControlsChanged(store.getState())).toBe(true);
  });
});
