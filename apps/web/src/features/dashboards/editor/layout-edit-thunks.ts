import type { Action, ThunkAction } from '@reduxjs/toolkit';
import type { RootState } from '../../../app/store';
import { toastAdded } from '../../../shared/toasts/toasts-slice';
import { isRefusal, type LayoutOpResult } from '../layout-ops';
import { loadDashboardCharts } from '../page/load-dashboard';
import { layoutChartIds } from '../page/parse-layout';
import { layoutEdited, layoutRedone, layoutUndone } from '../state/dashboard-layout.slice';
import { dashboardStateActions } from '../state/dashboard-state.slice';
import { selectDashboardState, selectLayoutHistory } from '../state/dashboard-store';
import { hasLayoutChanges, undoOverflowWarning } from '../state/layout-history';
import type { LayoutOp } from './layout-editor-context';

type Thunk<Result> = ThunkAction<Result, RootState, unknown, Action>;

/**
 * Runs a layout operation on the current layout: a refusal becomes a warning toast; an edit goes into the
 * history, marks the dashboard unsaved, warns once when the undo history overflows, and loads any chart
 * the edit placed that the page has not loaded yet.
 */
export function applyLayoutOp(op: LayoutOp): Thunk<LayoutOpResult> {
  return (dispatch, getState) => {
    const before = selectLayoutHistory(getState());
    const result = op(before.present);
    if (isRefusal(result)) {
      dispatch(toastAdded('warning', result.error));
      return result;
    }
    if (result.layout === before.present) return result;
    dispatch(layoutEdited(result.layout));
    dispatch(dashboardStateActions.unsavedChangesSet(true));
    const after = selectLayoutHistory(getState());
    if (after.undoOverflow && !before.undoOverflow) {
      dispatch(dashboardStateActions.undoOverflowSet(true));
      dispatch(toastAdded('warning', undoOverflowWarning()));
    }
    if (result.warning !== undefined) dispatch(toastAdded('warning', result.warning));
    const { dashboardId, sliceIds } = selectDashboardState(getState());
    const added = layoutChartIds(result.layout).filter((id) => !sliceIds.includes(id));
    if (dashboardId !== null && added.length > 0) {
      dispatch(dashboardStateActions.sliceIdsSet([...sliceIds, ...added]));
      void dispatch(loadDashboardCharts(dashboardId, added));
    }
    return result;
  };
}

/** Undo; back at an empty history the unsaved flag clears (spec 001 §4). */
export function undoLayout(): Thunk<void> {
  return (dispatch, getState) => {
    dispatch(layoutUndone());
    if (!hasLayoutChanges(selectLayoutHistory(getState()))) {
      dispatch(dashboardStateActions.unsavedChangesSet(false));
    }
  };
}

export function redoLayout(): Thunk<void> {
  return (dispatch, getState) => {
    const before = selectLayoutHistory(getState()).future.length;
    dispatch(layoutRedone());
    if (selectLayoutHistory(getState()).future.length < before) {
      dispatch(dashboardStateActions.unsavedChangesSet(true));
    }
  };
}
