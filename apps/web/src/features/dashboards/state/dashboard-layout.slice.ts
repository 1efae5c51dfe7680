import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DashboardLayout } from '@tessera/contracts';
import { applyEdit, redo, resetHistory, undo } from './layout-history';

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
      return resetHistory(action.payload);
    },
    /** An edit computed by layout-ops (outside the reducer: new ids are random). */
    layoutEdited(state, action: PayloadAction<DashboardLayout>) {
      return applyEdit(state, action.payload);
    },
    layoutUndone(state) {
      return undo(state);
    },
    layoutRedone(state) {
      return redo(state);
    },
    /** Saved: the saved layout is the new starting point, with no history. */
    layoutSaved(state) {
      return resetHistory(state.present);
    },
  },
});

export const { layoutLoaded, layoutEdited, layoutUndone, layoutRedone, layoutSaved } =
  dashboardLayoutSlice.actions;
