import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectChart } from '../../chart-runtime/chart-store';
import { dashboardStateActions } from '../state/dashboard-state.slice';
import { selectDashboardState, selectNativeFilters } from '../state/dashboard-store';

/** How long a change of the applied filters may go without any chart starting a query before it counts as done. */
const NO_QUERY_GRACE_MS = 500;

/**
 * Keeps `isFiltersRefreshing` (spec 001 §4): set when the applied masks change (Apply filters, a
 * cross-filter, a restored filter state), cleared once the charts that started querying because of it have
 * all finished, or at once when the change reached no chart in view.
 */
export function useFiltersRefreshing(): void {
  const dispatch = useAppDispatch();
  const applied = useAppSelector((state) => selectNativeFilters(state).applied);
  const refreshing = useAppSelector((state) => selectDashboardState(state).isFiltersRefreshing);
  const anyLoading = useAppSelector((state) =>
    selectDashboardState(state).sliceIds.some((id) => selectChart(state, id).chartStatus === 'loading'),
  );
  const previous = useRef(applied);
  const sawLoading = useRef(false);

  useEffect(() => {
    if (previous.current === applied) return;
    previous.current = applied;
    sawLoading.current = false;
    dispatch(dashboardStateActions.filtersRefreshingSet(true));
    const timer = setTimeout(() => {
      if (!sawLoading.current) dispatch(dashboardStateActions.filtersRefreshingSet(false));
    }, NO_QUERY_GRACE_MS);
    return () => clearTimeout(timer);
  }, [applied, dispatch]);

  useEffect(() => {
    if (!refreshing) return;
    if (anyLoading) sawLoading.current = true;
    else if (sawLoading.current) dispatch(dashboardStateActions.filtersRefreshingSet(false));
  }, [refreshing, anyLoading, dispatch]);
}
