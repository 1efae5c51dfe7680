import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DashboardInfo } from './dashboard-info';

export interface DashboardInfoState {
  info: DashboardInfo | null;
}

const initialDashboardInfoState: DashboardInfoState = { info: null };

export const dashboardInfoSlice = createSlice({
  name: 'dashboardInfo',
  initialState: initialDashboardInfoState,
  reducers: {
    dashboardInfoLoaded(_state, action: PayloadAction<DashboardInfo>) {
      return { info: action.payload };
    },
    dashboardInfoPatched(state, action: PayloadAction<Partial<DashboardInfo>>) {
      if (state.info !== null) Object.assign(state.info, action.payload);
    },
  },
});

export const { dashboardInfoLoaded, dashboardInfoPatched } = dashboardInfoSlice.actions;
