import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DashboardLayout } from '@tessera/contracts';

/** The layout tree with its undo history; the editor adds the edit reducers and history handling. */
export interface DashboardLayoutState {
  present: DashboardLayout;
  past: DashboardLayout[];
  future: DashboardLayout[];
  /** More edits than the history keeps were made: the oldest are gone (spec 001 §4). */
  undoOverflow: boolean;
}

export const initialDashboardLayoutState: DashboardLayoutState = {
  present: {},
  past: [],
  future: [],
  undoOverflow: false,
};

export const dashboardLayoutSlice = createSlice({
  name: 'dashboardLayout',
  initialState: initialDashboardLayoutState,
  reducers: {
    /** A freshly loaded dashboard starts a new history. */
    layoutLoaded(_state, action: PayloadAction<DashboardLayout>) {
      return { present: action.payload, past: [], future: [], undoOverflow: false };
    },
  },
});

export const { layoutLoaded } = dashboardLayoutSlice.actions;
