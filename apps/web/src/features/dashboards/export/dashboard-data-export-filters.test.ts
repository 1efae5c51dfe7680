import type { QueryContext } from '@tessera/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { TEST_BOOTSTRAP } from '../../../test/dom-test';
import { birthNames } from '../../explore/state/test-fixtures';
import { nativeFiltersActions } from '../native-filters/native-filters.slice';
import { chartsLoaded, dashboardInfoLoaded, datasourceLoaded } from '../state/dashboard-info.slice';
import { dashboardStateActions } from '../state/dashboard-state.slice';
import { downloadDashboardData } from './dashboard-data-export';
import { dashboardInfoFixture } from '../test/dashboard-info-fixture';

const posted: QueryContext[] = [];

vi.mock('../../../shared/api/download-file', () => ({
  postForFile: (_url: string, body: QueryContext) => {
    posted.push(body);
    return Promise.resolve({ ok: true, blob: new Blob(['a,b\n']), filename: 'chart.csv' });
  },
  saveBlob: () => undefined,
}));

const info = dashboardInfoFixture({ id: 5 });

const chart = (id: number, name: string) => ({
  id,
  sliceName: name,
  vizType: 'table',
  description: null,
  descriptionMarkeddown: null,
  datasourceKey: '3__table',
  formData: {
    viz_type: 'table',
    datasource: '3__table',
    query_mode: 'raw',
    all_columns: ['name', 'gender'],
    adhoc_filters: [],
    row_limit: 100,
  },
});

/** A dashboard of two table charts; the gender filter's scope leaves chart 2 out. */
function dashboardStore() {
  const store = createAppStore({ bootstrap: TEST_BOOTSTRAP, theme: { mode: 'light', source: 'user' } });
  store.dispatch(dashboardInfoLoaded(info));
  store.dispatch(chartsLoaded({ charts: [chart(1, 'Names'), chart(2, 'Excluded')], missing: [] }));
  store.dispatch(datasourceLoaded({ key: '3__table', datasource: birthNames }));
  store.dispatch(
    dashboardStateActions.dashboardOpened({
      dashboardId: 5,
      sliceIds: [1, 2],
      css: '',
      isPublished: false,
      colorScheme: null,
      expandedSlices: {},
      refreshFrequency: 0,
      lastModifiedTime: null,
      editMode: false,
      loadAllCharts: false,
    }),
  );
  store.dispatch(
    nativeFiltersActions.filtersOpened({
      configuration: [
        {
          id: 'NATIVE_FILTER-gender',
          type: 'NATIVE_FILTER',
          name: 'Gender',
          filterType: 'filter_select',
          targets: [{ datasetId: 3, column: { name: 'gender' } }],
          scope: { rootPath: ['ROOT_ID'], excluded: [2] },
        },
      ],
      crossFiltersEnabled: true,
      masks: {
        'NATIVE_FILTER-gender': {
          id: 'NATIVE_FILTER-gender',
          extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] },
          filterState: { value: ['boy'] },
        },
      },
      masksReady: true,
    }),
  );
  return store;
}

describe('downloadDashboardData under applied filters', () => {
  beforeEach(() => {
    posted.length = 0;
  });

  it('asks each chart for the rows it shows: filters in scope merged, out-of-scope charts untouched', async () => {
    const store = dashboardStore();
    const result = await store.dispatch(downloadDashboardData('csv', {}));
    expect(result).toEqual({ saved: 2, failures: [] });
    const [inScope, excluded] = posted;
    expect(inScope?.queries[0]?.filters).toContainEqual(
      expect.objectContaining({ col: 'gender', op: 'IN', val: ['boy'] }),
    );
    expect(inScope?.result_format).toBe('csv');
    expect(excluded?.queries[0]?.filters ?? []).not.toContainEqual(
      expect.objectContaining({ col: 'gender' }),
    );
  });

  it('carries a cross-filter emitted by another chart', async () => {
    const store = dashboardStore();
    store.dispatch(
      nativeFiltersActions.crossFilterSet({
        chartId: 2,
        mask: { extraFormData: { filters: [{ col: 'name', op: 'IN', val: ['Aaron'] }] }, filterState: {} },
      }),
    );
    await store.dispatch(downloadDashboardData('xlsx', {}));
    expect(posted[0]?.queries[0]?.filters).toContainEqual(
      expect.objectContaining({ col: 'name', op: 'IN', val: ['Aaron'] }),
    );
    // The emitting chart is not filtered by its own selection.
    expect(posted[1]?.queries[0]?.filters ?? []).not.toContainEqual(expect.objectContaining({ col: 'name' }));
  });
});
