import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ExploreDatasource } from '@tessera/contracts';
import type { DashboardInfo } from './dashboard-info';
import type { DashboardChartEntity, MissingChart } from './dashboard-chart';

/** The loaded dashboard with the saved charts and datasets it shows. */
export interface DashboardInfoState {
  info: DashboardInfo | null;
  charts: Record<number, DashboardChartEntity>;
  missingCharts: Record<number, MissingChart>;
  datasources: Record<string, ExploreDatasource>;
}

const initialDashboardInfoState: DashboardInfoState = {
  info: null,
  charts: {},
  missingCharts: {},
  datasources: {},
};

export const dashboardInfoSlice = createSlice({
  name: 'dashboardInfo',
  initialState: initialDashboardInfoState,
  reducers: {
    dashboardInfoLoaded(_state, action: PayloadAction<DashboardInfo>) {
      return { ...initialDashboardInfoState, info: action.payload };
    },
    dashboardInfoPatched(state, action: PayloadAction<Partial<DashboardInfo>>) {
      if (state.info !== null) Object.assign(state.info, action.payload);
    },
    chartsLoaded(state, action: PayloadAction<{ charts: DashboardChartEntity[]; missing: MissingChart[] }>) {
      for (const chart of action.payload.charts) state.charts[chart.id] = chart;
      for (const missing of action.payload.missing) state.missingCharts[missing.id] = missing;
    },
    datasourceLoaded(state, action: PayloadAction<{ key: string; datasource: ExploreDatasource }>) {
      state.datasources[action.payload.key] = action.payload.datasource;
    },
  },
});

export const { dashboardInfoLoaded, dashboardInfoPatched, chartsLoaded, datasourceLoaded } =
  dashboardInfoSlice.actions;
