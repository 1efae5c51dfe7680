import type { DashboardLayout } from '@tessera/contracts';
import type { ExploreDatasource } from '@tessera/contracts';
import type { DashboardChartEntity, MissingChart } from './dashboard-chart';
import { rootReducer, type RootState } from '../../../app/store';
import type { DashboardInfo } from './dashboard-info';
import { dashboardInfoSlice } from './dashboard-info.slice';
import { dashboardLayoutSlice, type DashboardLayoutState } from './dashboard-layout.slice';
import { dashboardStateSlice, type DashboardState } from './dashboard-state.slice';
import { nativeFiltersSlice, type NativeFiltersState } from '../native-filters/native-filters.slice';

const injected = rootReducer
  .inject({ reducerPath: 'dashboardInfo', reducer: dashboardInfoSlice.reducer })
  .inject({ reducerPath: 'dashboardLayout', reducer: dashboardLayoutSlice.reducer })
  .inject({ reducerPath: 'dashboardState', reducer: dashboardStateSlice.reducer })
  .inject({ reducerPath: 'nativeFilters', reducer: nativeFiltersSlice.reducer });

/** Until the first action after injection the keys are undefined; the initial states fill that gap. */
const selectRoot = injected.selector((state) => state);

export function selectDashboardInfo(state: RootState): DashboardInfo | null {
  return selectRoot(state).dashboardInfo.info;
}

export function selectDashboardState(state: RootState): DashboardState {
  return selectRoot(state).dashboardState;
}

export function selectLayout(state: RootState): DashboardLayout {
  return selectRoot(state).dashboardLayout.present;
}

export function selectLayoutHistory(state: RootState): DashboardLayoutState {
  return selectRoot(state).dashboardLayout;
}

export function selectCanUndo(state: RootState): boolean {
  return selectRoot(state).dashboardLayout.past.length > 0;
}

export function selectCanRedo(state: RootState): boolean {
  return selectRoot(state).dashboardLayout.future.length > 0;
}

export function selectDashboardChart(state: RootState, chartId: number): DashboardChartEntity | null {
  return selectRoot(state).dashboardInfo.charts[chartId] ?? null;
}

export function selectMissingChart(state: RootState, chartId: number): MissingChart | null {
  return selectRoot(state).dashboardInfo.missingCharts[chartId] ?? null;
}

export function selectDashboardDatasource(state: RootState, key: string): ExploreDatasource | null {
  return selectRoot(state).dashboardInfo.datasources[key] ?? null;
}

export function selectNativeFilters(state: RootState): NativeFiltersState {
  return selectRoot(state).nativeFilters;
}

export function selectDashboardCharts(state: RootState): Record<number, DashboardChartEntity> {
  return selectRoot(state).dashboardInfo.charts;
}

/** The datasets of the dashboard's charts loaded so far, keyed by datasource key ('12__table'). */
export function selectDashboardDatasources(state: RootState): Record<string, ExploreDatasource> {
  return selectRoot(state).dashboardInfo.datasources;
}

/**
 * Whether cross-filters work on this dashboard (spec 001 §6): the DASHBOARD_CROSS_FILTERS feature flag
 * (on unless the server turns it off) and the dashboard's `cross_filters_enabled`.
 */
export function selectCrossFiltersEnabled(state: RootState): boolean {
  const flag = state.session.common?.feature_flags.DASHBOARD_CROSS_FILTERS;
  const metadata = selectRoot(state).dashboardInfo.info?.metadata;
  return (
    flag !== false && (metadata?.cross_filters_enabled ?? selectRoot(state).nativeFilters.crossFiltersEnabled)
  );
}
