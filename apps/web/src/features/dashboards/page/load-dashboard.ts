import type { Action, ThunkAction } from '@reduxjs/toolkit';
import type { RootState } from '../../../app/store';
import { errorText } from '../../../shared/errors/to-api-error';
import { dashboardApi } from '../api/dashboard-api';
import { toChartEntity, type DashboardChartEntity, type MissingChart } from '../state/dashboard-chart';
import { chartsLoaded, datasourceLoaded } from '../state/dashboard-info.slice';
import { dashboardStateActions } from '../state/dashboard-state.slice';

type Thunk<Result> = ThunkAction<Result, RootState, unknown, Action>;

/**
 * The saved charts of a dashboard. One chart call per id until GET /dashboard/{id}/charts is served;
 * switching to it changes only this function.
 */
export function fetchDashboardCharts(
  _dashboardId: number,
  chartIds: readonly number[],
): Thunk<Promise<{ charts: DashboardChartEntity[]; missing: MissingChart[] }>> {
  return async (dispatch) => {
    const answers = await Promise.all(
      chartIds.map(async (id) => {
        const request = dispatch(dashboardApi.endpoints.getDashboardChart.initiate(id));
        const result = await request;
        request.unsubscribe();
        return { id, result };
      }),
    );
    const charts: DashboardChartEntity[] = [];
    const missing: MissingChart[] = [];
    for (const { id, result } of answers) {
      if (result.data !== undefined) charts.push(toChartEntity(id, result.data.result));
      else missing.push({ id, error: errorText(result.error) });
    }
    return { charts, missing };
  };
}

/** Loads the charts placed in the layout, then the datasets they draw from (spec 001 §4 datasets status). */
export function loadDashboardCharts(dashboardId: number, chartIds: readonly number[]): Thunk<Promise<void>> {
  return async (dispatch) => {
    const loaded = await dispatch(fetchDashboardCharts(dashboardId, chartIds));
    dispatch(chartsLoaded(loaded));
    const keys = [...new Set(loaded.charts.map((chart) => chart.datasourceKey).filter((key) => key !== ''))];
    dispatch(dashboardStateActions.datasetsStatusSet('loading'));
    const outcomes = await Promise.all(
      keys.map(async (key) => {
        const request = dispatch(dashboardApi.endpoints.getDashboardDatasource.initiate(key));
        const result = await request;
        request.unsubscribe();
        if (result.data === undefined) return false;
        dispatch(datasourceLoaded({ key, datasource: result.data }));
        return true;
      }),
    );
    dispatch(dashboardStateActions.datasetsStatusSet(outcomes.every(Boolean) ? 'loaded' : 'failed'));
  };
}
