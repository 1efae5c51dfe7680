import { useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { layoutChartIds } from '../page/parse-layout';
import { dashboardStateActions } from '../state/dashboard-state.slice';
import { selectLayout } from '../state/dashboard-store';
import { applyLayoutOp } from './layout-edit-thunks';
import type { LayoutEditor } from './layout-editor-context';

/** The layout editor backed by the dashboard's slices. */
export function useStoreLayoutEditor(): LayoutEditor {
  const dispatch = useAppDispatch();
  const layout = useAppSelector(selectLayout);
  return useMemo(
    () => ({
      layout,
      chartIdsInLayout: new Set(layoutChartIds(layout)),
      apply: (op) => dispatch(applyLayoutOp(op)),
      onTabAdded: (tabsId, tabId) => dispatch(dashboardStateActions.activeTabChanged({ tabsId, tabId })),
    }),
    [dispatch, layout],
  );
}
