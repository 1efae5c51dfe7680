import type { Action, ThunkAction } from '@reduxjs/toolkit';
import type { RootState } from '../../../app/store';
import { selectChart } from '../../chart-runtime/chart-store';
import type { ChartRuntimeExtra } from '../../chart-runtime/runtime-extra';
import { runDashboardChart } from '../grid/chart/chart-query';
import { dashboardStateActions } from '../state/dashboard-state.slice';

type Thunk<Result> = ThunkAction<Result, RootState, ChartRuntimeExtra, Action>;

/**
 * Re-runs the given charts with the form data they last ran with (a chart not loaded yet still loads
 * when it scrolls into view). `force` bypasses the server's cache.
 */
export function refreshCharts(chartIds: readonly number[], force: boolean): Thunk<Promise<void>> {
  return async (dispatch, getState) => {
    dispatch(dashboardStateActions.refreshingSet(true));
    try {
      await Promise.all(
        chartIds.map((id) => {
          const formData = selectChart(getState(), id).latestQueryFormData;
          return Object.keys(formData).length === 0
            ? Promise.resolve()
            : dispatch(runDashboardChart(id, formData, force));
        }),
      );
    } finally {
      dispatch(dashboardStateActions.refreshingSet(false));
    }
  };
}
