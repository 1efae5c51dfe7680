import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { dashboardStateActions } from '../state/dashboard-state.slice';
import { selectLayout } from '../state/dashboard-store';

/**
 * Opens the tabs a permalink recorded (router state `activeTabs`) and the tab holding the `#anchor`
 * component, then scrolls the anchor into view.
 */
export function useActiveTabsFromUrl(): void {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const layout = useAppSelector(selectLayout);
  const state: unknown = location.state;
  const activeTabs =
    typeof state === 'object' && state !== null && 'activeTabs' in state && Array.isArray(state.activeTabs)
      ? state.activeTabs.filter((t): t is string => typeof t === 'string')
      : [];
  const anchor = location.hash === '' ? null : decodeURIComponent(location.hash.slice(1));
  const key = `${activeTabs.join(',')}#${anchor ?? ''}`;

  useEffect(() => {
    const wanted = [...activeTabs];
    // The anchor's own tabs: every TAB on its parent chain.
    if (anchor !== null && layout[anchor] !== undefined) {
      for (const id of layout[anchor].parents ?? []) if (layout[id]?.type === 'TAB') wanted.push(id);
      if (layout[anchor].type === 'TAB') wanted.push(anchor);
    }
    for (const tabId of wanted) {
      const parent = Object.values(layout).find((c) => c.type === 'TABS' && c.children.includes(tabId));
      if (parent !== undefined)
        dispatch(dashboardStateActions.activeTabChanged({ tabsId: parent.id, tabId }));
    }
    const chartId = anchor === null ? undefined : layout[anchor]?.meta?.chartId;
    if (typeof chartId === 'number') {
      requestAnimationFrame(() => {
        document
          .querySelector(`[data-test="dashboard-chart"][data-test-chart-id="${String(chartId)}"]`)
          ?.scrollIntoView({ block: 'start' });
      });
    }
    // Runs once per distinct request, not on every layout edit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, Object.keys(layout).length > 0, dispatch]);
}
