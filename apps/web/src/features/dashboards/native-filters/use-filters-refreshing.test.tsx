import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore, setupDomTest } from '../../../test/dom-test';
import { chartUpdateStarted, chartUpdateSucceeded } from '../../chart-runtime/chart-status.slice';
import { dashboardStateActions } from '../state/dashboard-state.slice';
import { selectDashboardState } from '../state/dashboard-store';
import { nativeFiltersActions } from './native-filters.slice';
import { useFiltersRefreshing } from './use-filters-refreshing';

setupDomTest();

function Probe() {
  useFiltersRefreshing();
  return null;
}

function openDashboard() {
  const rendered = renderWithStore(<Probe />);
  act(() => {
    rendered.store.dispatch(
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
  });
  return rendered.store;
}

const crossFilter = {
  id: '1',
  extraFormData: { filters: [{ col: 'gender', op: 'IN' as const, val: ['boy'] }] },
  filterState: { value: ['boy'] },
};

describe('useFiltersRefreshing', () => {
  it('is set when the applied filters change and cleared when the charts they started have finished', () => {
    const store = openDashboard();
    const refreshing = () => selectDashboardState(store.getState()).isFiltersRefreshing;
    expect(refreshing()).toBe(false);
    act(() => {
      store.dispatch(nativeFiltersActions.crossFilterSet({ chartId: 1, mask: crossFilter }));
    });
    expect(refreshing()).toBe(true);
    act(() => {
      store.dispatch(chartUpdateStarted({ chartId: 2, at: 1, formData: { viz_type: 'table' } }));
    });
    expect(refreshing()).toBe(true);
    act(() => {
      store.dispatch(chartUpdateSucceeded({ chartId: 2, at: 2, queriesResponse: [] }));
    });
    expect(refreshing()).toBe(false);
  });

  it('is cleared on its own when the change started no query', async () => {
    const store = openDashboard();
    act(() => {
      store.dispatch(nativeFiltersActions.crossFilterSet({ chartId: 1, mask: crossFilter }));
    });
    expect(selectDashboardState(store.getState()).isFiltersRefreshing).toBe(true);
    await waitFor(() => expect(selectDashboardState(store.getState()).isFiltersRefreshing).toBe(false), {
      timeout: 3000,
    });
  });
});
