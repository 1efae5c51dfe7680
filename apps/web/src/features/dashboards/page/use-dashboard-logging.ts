import { LOG_ACTIONS } from '@tessera/contracts';
import { useEffect, useRef } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { logTimingEvent, logUserEvent } from '../../../shared/logging/logger';
import type { RootState } from '../../../app/store';
import { selectChart } from '../../chart-runtime';

/** True once at least one chart of the dashboard was asked for and every one asked for has ended. */
function startedChartsSettled(state: RootState, sliceIds: readonly number[]): boolean {
  let started = 0;
  for (const id of sliceIds) {
    const chart = selectChart(state, id);
    if (chart.chartUpdateStartTime === null) continue;
    started += 1;
    if (chart.chartStatus !== 'rendered' && chart.chartStatus !== 'failed' && chart.chartStatus !== 'stopped')
      return false;
  }
  return started > 0;
}

/**
 * Opening a dashboard logs `mount_dashboard` (a user event: the home page's recents come from it) and,
 * once the charts it asked for first have all drawn or failed, a `load_dashboard` timing from the open.
 * Charts out of view are not asked for, so they do not hold the timing back.
 */
export function useDashboardLogging(
  dashboardId: number | null,
  title: string,
  sliceIds: readonly number[],
  enabled: boolean,
): void {
  const openedAt = useRef<{ id: number; at: number; timed: boolean } | null>(null);
  const settled = useAppSelector((state) => startedChartsSettled(state, sliceIds));

  useEffect(() => {
    if (!enabled || dashboardId === null || openedAt.current?.id === dashboardId) return;
    openedAt.current = { id: dashboardId, at: Date.now(), timed: false };
    logUserEvent({
      source: 'dashboard',
      sourceId: dashboardId,
      eventName: LOG_ACTIONS.mountDashboard,
      fields: { target_name: title },
    });
  }, [dashboardId, title, enabled]);

  useEffect(() => {
    const opened = openedAt.current;
    if (!settled || opened === null || opened.timed) return;
    opened.timed = true;
    logTimingEvent({
      source: 'dashboard',
      sourceId: opened.id,
      eventName: LOG_ACTIONS.dashboardLoad,
      duration: Date.now() - opened.at,
      fields: { chart_count: sliceIds.length },
    });
  }, [settled, sliceIds.length]);
}
