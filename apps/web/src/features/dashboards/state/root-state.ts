import type { DashboardInfoState } from './dashboard-info.slice';
import type { DashboardLayoutState } from './dashboard-layout.slice';
import type { DashboardState } from './dashboard-state.slice';
import type { NativeFiltersState } from '../native-filters/native-filters.slice';

/** The dashboard part of the store, injected when the dashboard chunk loads. */
export interface DashboardsRootState {
  dashboardInfo: DashboardInfoState;
  dashboardLayout: DashboardLayoutState;
  dashboardState: DashboardState;
  nativeFilters: NativeFiltersState;
}
