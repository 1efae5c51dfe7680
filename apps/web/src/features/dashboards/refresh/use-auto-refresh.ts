import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectDashboardInfo, selectDashboardState } from '../state/dashboard-store';
import { refreshCharts } from './refresh-charts';
import { refreshPlan } from './stagger';

/** Runs the dashboard's auto-refresh timer (spec 001 §9 staggering) while the page is open. */
export function useAutoRefresh(): void {
  const dispatch = useAppDispatch();
  const { refreshFrequency, sliceIds, editMode } = useAppSelector(selectDashboardState);
  const metadata = useAppSelector(selectDashboardInfo)?.metadata;
  useEffect(() => {
    if (editMode) return;
    const plan = refreshPlan(sliceIds, {
      frequency: refreshFrequency,
      staggerRefresh: metadata?.stagger_refresh,
      staggerTime: metadata?.stagger_time,
      immuneChartIds: metadata?.timed_refresh_immune_slices,
    });
    if (plan === null) return;
    const pending = new Set<ReturnType<typeof setTimeout>>();
    const interval = setInterval(() => {
      for (const { chartId, delayMs } of plan.schedule) {
        const timer = setTimeout(() => {
          pending.delete(timer);
          void dispatch(refreshCharts([chartId], true));
        }, delayMs);
        pending.add(timer);
      }
    }, plan.intervalMs);
    return () => {
      clearInterval(interval);
      for (const timer of pending) clearTimeout(timer);
    };
  }, [dispatch, refreshFrequency, sliceIds, editMode, metadata]);
}
