import { preloadChartComponent } from '@tessera/charts';
import type { Action, ThunkAction } from '@reduxjs/toolkit';
import type { DashboardLayout } from '@tessera/contracts';
import type { RootState } from '../../../app/store';
import { errorText } from '../../../shared/errors/to-api-error';
import { dashboardApi } from '../api/dashboard-api';
import { appendCharts } from '../layout-ops';
import { layoutChartIds } from './parse-layout';
import {
  fromDashboardChart,
  toChartEntity,
  type DashboardChartEntity,
  type MissingChart,
} from '../state/dashboard-chart';
import { chartsLoaded, datasourceLoaded } from '../state/dashboard-info.slice';
import { dashboardStateActions } from '../state/dashboard-state.slice';
import { datasourcesSet, preloadChartCode } from '../../chart-runtime';
import type { ChartRuntimeExtra } from '../../chart-runtime/runtime-extra';
import { dashboardFormData, runDashboardChart } from '../grid/chart/chart-query';
import {
  filteredFormData,
  resolveChartFilters,
  selectChartFiltersInputs,
} from '../native-filters/chart-filters-state';
import { selectDashboardState, selectNativeFilters } from '../state/dashboard-store';
import { firstScreenChartIds } from './first-screen-charts';

type Thunk<Result> = ThunkAction<Result, RootState, unknown, Action>;

/**
 * The saved charts of a dashboard in one request (GET /dashboard/{id}/charts). A chart the layout names
 * but that answer lacks (placed before the relation was kept in step, or unreadable) is asked for on its
 * own, so it either draws or says why it cannot.
 */
export function fetchDashboardCharts(
  dashboardId: number,
  chartIds: readonly number[],
): Thunk<Promise<{ charts: DashboardChartEntity[]; missing: MissingChart[] }>> {
  return async (dispatch) => {
    const listRequest = dispatch(dashboardApi.endpoints.getDashboardCharts.initiate(dashboardId));
    const listed = await listRequest;
    listRequest.unsubscribe();
    const wanted = new Set(chartIds);
    const charts: DashboardChartEntity[] = (listed.data?.result ?? [])
      .filter((chart) => wanted.has(chart.id))
      .map(fromDashboardChart);
    // Every chart type's drawing code downloads now, while the datasets and chart data are asked for.
    preloadChartCode(charts.map((chart) => chart.vizType));
    const found = new Set(charts.map((chart) => chart.id));
    const answers = await Promise.all(
      chartIds
        .filter((id) => !found.has(id))
        .map(async (id) => {
          const request = dispatch(dashboardApi.endpoints.getDashboardChart.initiate(id));
          const result = await request;
          request.unsubscribe();
          return { id, result };
        }),
    );
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
    dispatch(datasourcesSet());
  };
}

/**
 * The layout with every chart of the dashboard (GET /dashboard/{id}/charts) that it does not place
 * appended at the bottom, so a chart linked outside the editor is not lost. The answer stays cached for
 * `fetchDashboardCharts`, which runs right after; if it fails, the layout is used as saved. The list
 * must be fresh, never one cached from before (a chart deleted and saved a moment ago must not come
 * back): one asked for at `askedSince` (ms, the dashboard's own request) or later is used as it is, even
 * while still on its way, so the page's early request for it is not made twice.
 */
export function withUnplacedCharts(
  dashboardId: number,
  layout: DashboardLayout,
  askedSince: number,
): Thunk<Promise<DashboardLayout>> {
  return async (dispatch, getState) => {
    const cached = dashboardApi.endpoints.getDashboardCharts.select(dashboardId)(getState());
    const fresh = cached.startedTimeStamp !== undefined && cached.startedTimeStamp >= askedSince;
    const request = dispatch(
      dashboardApi.endpoints.getDashboardCharts.initiate(dashboardId, { forceRefetch: !fresh }),
    );
    const listed = await request;
    request.unsubscribe();
    const placed = new Set(layoutChartIds(layout));
    const unplaced = (listed.data?.result ?? [])
      .filter((chart) => !placed.has(chart.id))
      .map((chart) => ({ chartId: chart.id, sliceName: chart.slice_name }));
    return appendCharts(layout, unplaced);
  };
}

/**
 * Asks for the data of the charts on the dashboard's first screen (`firstScreenChartIds`) as soon as the
 * dashboard is opened in the store, instead of after the grid has rendered and each holder has seen
 * itself in view (issue #12): the queries run while the page draws. Each holder's own identical run
 * takes the answer (an early run, chart-runtime's ChartRequests); a holder whose form data came out
 * different asks again. Only with no filter applied: what reaches a chart then does not depend on
 * datasets still on their way. Reads the charts from the list the page already loaded.
 */
export function runFirstScreenCharts(
  dashboardId: number,
  layout: DashboardLayout,
  urlParams: Record<string, string>,
  height: number,
): ThunkAction<void, RootState, ChartRuntimeExtra, Action> {
  return (dispatch, getState) => {
    const state = getState();
    const filters = selectNativeFilters(state);
    if (!filters.masksReady || Object.keys(filters.applied).length > 0) return;
    const listed = dashboardApi.endpoints.getDashboardCharts.select(dashboardId)(state).data?.result ?? [];
    const charts = new Map(listed.map((chart) => [chart.id, chart]));
    const { colorScheme } = selectDashboardState(state);
    for (const chartId of firstScreenChartIds(layout, height)) {
      const chart = charts.get(chartId);
      if (chart === undefined) continue;
      const entity = fromDashboardChart(chart);
      const reaching = resolveChartFilters(entity, selectChartFiltersInputs(state, entity));
      if (!reaching.ready) continue;
      const formData = filteredFormData(
        dashboardFormData(entity, dashboardId, colorScheme, urlParams),
        reaching.filters,
      );
      void dispatch(runDashboardChart(chartId, formData, false, true));
    }
  };
}

/**
 * Starts loading the drawing code of every chart type on the dashboard as soon as its chart list is in
 * the store (preloadChartComponent): a chart whose data arrives then draws in the same pass, without
 * a loading fallback and the reveal React holds back after one.
 */
export function preloadDashboardChartCode(
  dashboardId: number,
): ThunkAction<void, RootState, ChartRuntimeExtra, Action> {
  return (_dispatch, getState) => {
    const listed =
      dashboardApi.endpoints.getDashboardCharts.select(dashboardId)(getState()).data?.result ?? [];
    for (const vizType of new Set(listed.map((chart) => chart.viz_type))) preloadChartComponent(vizType);
  };
}
